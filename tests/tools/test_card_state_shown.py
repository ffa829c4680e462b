"""Card state where a player sees it (issue 29 item 1, docs/rules-decisions.md R13): the
trace of `whitedwarf play`, the terminal game's panels and the replay viewer's player panels
show the counters on a card and the opponent it chose, next to the card.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.text import Text
from whitedwarf.interpreter.lastlight import scenario
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.hooks import fire
from whitedwarf.interpreter.lastlight.views.drawing import drawing
from whitedwarf.interpreter.lastlight.views.panels import others_panel, own_panel
from whitedwarf.tools.cli import main

FACTIONS = """\
- id: chronos
  name: Chronos
  three_plus: false
  source: invented
  effect: |
    when after_refresh -> put 1 charge on this card
    activated: remove 3 charges from this card -> gain 2 light
- id: vendetta
  name: Vendetta
  three_plus: false
  source: invented
  effect: |
    when round_start -> steal 1 common from that opponent
    when round_end -> choose an opponent: gain 1 common
"""


@pytest.fixture(scope="module")
def mod(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("packs") / "statemod"
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        "id: statemod\nname: State mod\nversion: 0.1.0\ngame: lastlight\n"
        "depends: {lastlight: '*'}\nallow: [W0902, W0432]\n"
    )
    (folder / "factions.yaml").write_text(FACTIONS)
    return folder


def _position(mod: Path) -> tuple[Game, dict[str, Any]]:
    """Seat 0 on Chronos with 3 charges and a Hourglass-like tech, seat 1 on Vendetta having
    chosen seat 0."""
    game = scenario.new_game(3, packs=[mod], factions="chronos,vendetta")
    state = scenario.started(game)
    state.pop("card_state", None)
    for _ in range(3):
        fire(state, "after_refresh", 0, {})
    fire(state, "round_end", 1, {})
    game.apply(state, 1, "pick:p0")
    return game, Game.edited(state)


def _seen(markup: str) -> str:
    """What the terminal shows of a panel's Rich markup."""
    return Text.from_markup(markup).plain


def test_the_terminal_game_shows_counters_and_the_choice_next_to_the_card(mod: Path) -> None:
    game, state = _position(mod)
    mine = _seen(own_panel(game.observation(state, 0), 0))
    assert "faction chronos [3 charges]" in mine
    theirs = _seen(others_panel(game.observation(state, 0), 0, ["you", "random", "random"]))
    assert "vendetta [chose p0 as that opponent]" in theirs


def test_the_replay_viewer_panels_carry_the_counters(mod: Path) -> None:
    _, state = _position(mod)
    panels = drawing().panels(None, state)
    assert panels[0]["faction_kept"] == "3 charges"
    assert panels[1]["faction_kept"] == "chose p0 as that opponent"
    script = (Path(__file__).parents[2] / "tools" / "render" / "viewer.js").read_text()
    assert "p.faction_kept" in script and "t.kept" in script  # drawn beside the card


def test_the_trace_says_what_each_counter_did_and_the_replay_does_not(
    mod: Path, tmp_path: Path
) -> None:
    """`whitedwarf play --trace`: a line per counter put or removed (`chronos: puts 1 charge
    on chronos (2 charges now)`), the choice and a steal before any choice; none of them is
    in the replay, which verifies."""
    log = tmp_path / "game.jsonl"
    args = ["play", "--pack", str(mod), "--seats", "random,random", "--seed", "3"]
    args += ["--option", "factions=chronos,vendetta", "--trace", "--replay", str(log)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    puts = [line for line in lines if "chronos: puts 1 charge on chronos (" in line]
    assert puts and re.search(r"\(1 charge now\)$", puts[0])
    assert any(re.search(r"vendetta: chooses p0 as that opponent$", line) for line in lines)
    nobody = "vendetta: no opponent chosen yet, so that opponent is nobody: did nothing"
    assert any(line.endswith(nobody) for line in lines)
    recorded = log.read_text()  # the verbs are events; what the trace adds are notes
    assert '"kind":"counters"' not in recorded and '"kind":"chosen"' not in recorded
    verified = CliRunner().invoke(main, ["replay", str(log), "--pack", str(mod)])
    assert verified.exit_code == 0 and "verified:" in verified.output, verified.output


def test_the_starlight_panels_show_a_gods_counters(tmp_path: Path) -> None:
    from whitedwarf.interpreter.starlight import gods
    from whitedwarf.interpreter.starlight import scenario as sky
    from whitedwarf.interpreter.starlight.views.panels import others_panel as sky_others
    from whitedwarf.interpreter.starlight.views.panels import own_panel as sky_own
    from whitedwarf.interpreter.starlight.views.public import public_panels

    mod = tmp_path / "chronosmod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        'id: chronosmod\nname: Chronos mod\nversion: 0.1.0\ngame: starlight\nlanguage: "1.0"\n'
        'depends: {starlight: ">=1.0"}\nallow: [W0432, W0902]\n'
    )
    (mod / "gods.yaml").write_text(
        "- id: chronos\n  name: Chronos the Patient\n  source: invented\n  effect: |\n"
        "    when turn_start -> put 1 charge on this card\n"
        "    when turn_end -> remove 3 charges from this card -> gain 2 night_points\n"
    )
    game = sky.new_game(("live", "live"), packs=[mod], gods=True)
    state = sky.started(game)
    for p in state["players"]:
        p["god"] = None
    sky.keep(game, state, 0, god="chronos")
    gods.fire(game, state, 0, "turn_start")
    gods.fire(game, state, 0, "turn_start")
    content = game.content
    mine = _seen(sky_own(content, game.observation(state, 0), 0))
    assert "Chronos the Patient [2 charges]" in mine
    theirs = _seen(sky_others(content, game.observation(state, 1), 1, ["live", "live"]))
    assert "Chronos the Patient [2 charges]" in theirs
    panel = public_panels(content, state)[0]["lines"]
    assert "god: Chronos the Patient [2 charges]" in panel
