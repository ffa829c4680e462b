"""Card state played in Starlight (issue 29 item 1, docs/rules-decisions.md R13): a god puts
counters on itself and spends them as a cost, through the scenario module, kept by saves and
seen by every seat; the trace says what the counters did.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.interpreter.starlight import gods, persist, scenario
from whitedwarf.interpreter.starlight.game import Game

GODS = """\
- id: chronos
  name: Chronos the Patient
  source: invented
  effect: |
    when turn_start -> put 1 charge on this card
    when turn_end -> remove 3 charges from this card -> gain 2 night_points
"""


@pytest.fixture(scope="module")
def mod(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("packs") / "chronosmod"
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        'id: chronosmod\nname: Chronos mod\nversion: 0.1.0\ngame: starlight\nlanguage: "1.0"\n'
        'depends: {starlight: ">=1.0"}\nallow: [W0432, W0902]\n'
    )
    (folder / "gods.yaml").write_text(GODS)
    return folder


def _game(mod: Path) -> tuple[Game, dict[str, Any]]:
    game = scenario.new_game(("live", "live"), packs=[mod], gods=True)
    state = scenario.started(game)
    for p in state["players"]:
        p["god"] = None
    scenario.keep(game, state, 0, god="chronos")
    return game, state


def _night(state: dict[str, Any]) -> int:
    return int(state["players"][0]["night"])


def test_r10_a_god_spends_three_charges_and_not_fewer(mod: Path) -> None:
    """Each turn start puts a charge on Chronos; at a turn's end 3 charges buy 2 night points,
    and with 2 the cost is not paid and nothing is gained."""
    game, state = _game(mod)
    night = _night(state)
    for _ in range(2):
        gods.fire(game, state, 0, "turn_start")
    gods.fire(game, state, 0, "turn_end")
    assert state["card_state"]["0"]["chronos"]["counters"] == {"charge": 2}
    assert _night(state) == night
    gods.fire(game, state, 0, "turn_start")
    state = game.edited(persist.load(persist.save(state)))  # kept by a save
    assert state["card_state"]["0"]["chronos"]["counters"] == {"charge": 3}
    gods.fire(game, state, 0, "turn_end")
    assert state["card_state"]["0"]["chronos"]["counters"] == {}
    assert _night(state) == night + 2


def test_a_gods_counters_are_public_and_an_old_save_loads(mod: Path) -> None:
    game, state = _game(mod)
    gods.fire(game, state, 0, "turn_start")
    seen = persist.observation(state, 1)["card_state"]
    assert seen == {"0": {"chronos": {"counters": {"charge": 1}, "chosen": {}}}}
    assert game.clone(state)["card_state"] == state["card_state"]
    old = json.loads(persist.save(state))
    del old["card_state"]  # a save from before card state
    loaded = game.edited(persist.load(json.dumps(old)))
    gods.fire(game, loaded, 0, "turn_end")
    assert _night(loaded) == _night(state)


def test_the_trace_says_what_the_counters_did(mod: Path) -> None:
    from whitedwarf.interpreter.starlight import events
    from whitedwarf.interpreter.starlight.narrate import sentence

    game, state = _game(mod)
    told: list[str] = []

    class Trace:
        def __call__(self, event: dict[str, Any]) -> None:
            pass

        def note(self, event: dict[str, Any]) -> None:
            told.append(sentence(event))

    with events.listening(Trace()):
        for _ in range(3):
            gods.fire(game, state, 0, "turn_start")
        gods.fire(game, state, 0, "turn_end")
    assert "the god Chronos puts 1 charge on itself (3 charges now)" in told
    assert "the god Chronos removes 3 charges from itself (0 charges now)" in told
