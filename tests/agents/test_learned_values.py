"""Card values learned from play (issue 24 item 1; ``interpreter/agents/values.py``).

Before, the ``heuristic`` agents valued a card from hand weights on its verbs: a card whose
condition never holds but says ``gain 5 light`` looked like the best tech of the deck, and
Sha'vani's ``-1 trade_gift`` read as a loss, so no agent ever kept it. Now each pack's cards
are valued by playing the pack, kept by the pack's content digest in the user cache (never
in the pack's folder), shipped for the two bundled packs, and learned again when a pack
changes. The suite itself never learns a fixture pack's values unless a test asks
(tests/conftest.py: ``WHITEDWARF_CARD_VALUES=cached``), and then on a small budget.
"""

from __future__ import annotations

import json
import random
import statistics
from pathlib import Path

import pytest
from whitedwarf.content import bundled_pack
from whitedwarf.interpreter.agents import values
from whitedwarf.interpreter.lastlight import valuation
from whitedwarf.interpreter.lastlight.agents import heuristic
from whitedwarf.interpreter.lastlight.agents.learning import LastLightExperiment
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.packs import load_game_content
from whitedwarf.interpreter.lastlight.persist import shared_observation
from whitedwarf.interpreter.starlight.agents import agent as starlight_agent
from whitedwarf.interpreter.starlight.content import load_content
from whitedwarf.interpreter.starlight.game import Game as StarlightGame

from tests.simulation.helpers import pack_copy, run

FIXTURES = Path(__file__).parents[1] / "fixtures" / "agent_packs"


@pytest.fixture(autouse=True)
def _fresh_values() -> None:
    """Each test starts with no values held in memory (they are read from files again)."""
    values.forget()


def test_the_same_pack_and_seed_give_the_same_values_with_one_or_two_workers() -> None:
    experiment = LastLightExperiment(load_game_content())
    # Two workers fork a pool unless a thread runs here (then one process plays them all).
    one = values.learn(experiment, 12, seed=5, workers=1, progress=lambda done, total: None)
    two = values.learn(experiment, 12, seed=5, workers=2, progress=lambda done, total: None)
    assert one.values == two.values
    other = values.learn(experiment, 12, seed=6, workers=2, progress=lambda done, total: None)
    assert other.values != one.values  # the seed is what decides


def test_a_planted_strong_card_is_worth_much_and_a_planted_useless_one_little() -> None:
    content = load_game_content([FIXTURES / "planted_values"])
    experiment = LastLightExperiment(content)
    # The hand weights read the dud's `gain 5 light` every round and rank it first.
    priors = experiment.priors()
    assert priors["build:planted_dud"] > priors["build:planted_star"]
    # The gifts (two a seat) drawn from six techs, so that each is held often in a few games.
    experiment.techs = ["planted_star", "planted_dud", "x_blaster", "power_shield"]
    experiment.techs += ["supersonic", "warp_drive"]
    found = values.learn(experiment, 30, seed=1, workers=2, progress=lambda done, total: None)
    star, dud = found.get("planted_star", "build"), found.get("planted_dud", "build")
    assert star is not None and dud is not None
    assert star > 5.0  # a light each round: many light over a game
    # Every seat holds two gifts, so the experiment measures techs against each other: the
    # dud is worth about what the middle of the six is (below 0 since the heuristic plays
    # Command for its moves, which a movement mod such as Supersonic makes worth more).
    middle = statistics.median(found.get(t, "build") or 0.0 for t in experiment.techs)
    assert abs(dud - middle) < star / 3
    assert star == max(found.get(t, "build") or 0.0 for t in experiment.techs)


def test_values_are_cached_by_the_packs_content_and_learned_again_when_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(values.MODE_ENV, "learn")
    monkeypatch.setenv(values.GAMES_ENV, "4")
    cache = tmp_path / "cache"
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", str(cache))

    def mod(name: str, cost: str) -> Path:
        folder = tmp_path / name
        folder.mkdir()
        for file in ("pack.yaml", "techs.yaml"):
            text = (FIXTURES / "salvage_drones" / file).read_text()
            (folder / file).write_text(text.replace("{uncommon: 1, rare: 1}", cost))
        return folder

    first_pack = mod("mod", "{uncommon: 1, rare: 1}")
    before = {p.name for p in first_pack.iterdir()}

    shown: list[str] = []

    def simulate(pack: Path) -> set[str]:
        values.forget()
        out = tmp_path / f"out{len(list(tmp_path.iterdir()))}"
        args = ("--pack", str(pack), "--players", "3", "--games", "2", "--out", str(out))
        code, said = run("simulate", *args)
        assert code == 0, said
        shown.append(said)
        return {p.name for p in (cache / "values").glob("*.json")}

    first = simulate(first_pack)
    # The designer is told why the first batch on a new pack takes longer.
    said = "learning the card values of mod (lastlight) from play (first use of this pack)"
    assert said in shown[0]
    assert len(first) == 1  # learned once, for this pack
    (learned,) = first
    data = json.loads((cache / "values" / learned).read_text())
    assert data["games"] == 4 and "salvage_drones" in data["values"]
    stamp = (cache / "values" / learned).stat().st_mtime_ns
    assert simulate(first_pack) == first  # the same pack: read back, not learned again
    assert "learning" not in shown[1]
    assert (cache / "values" / learned).stat().st_mtime_ns == stamp
    second = simulate(mod("changed", "{common: 3}"))  # the modder changes the price
    assert len(second) == 2 and first < second  # a changed pack: learned again
    assert {p.name for p in first_pack.iterdir()} == before  # nothing written into the pack


def test_the_shipped_values_are_those_of_the_bundled_packs() -> None:
    """When this fails, a bundled pack changed: learn its values again with
    ``python -m whitedwarf.interpreter.agents.ship`` (a minute or two for each game)."""
    lastlight = json.loads(valuation.SHIPPED.read_text())
    starlight = json.loads(starlight_agent.SHIPPED.read_text())
    assert lastlight["format"] == starlight["format"] == values.FORMAT
    assert lastlight["digest"] == load_game_content().digest(), "stale: see the docstring"
    assert starlight["digest"] == load_content().digest, "stale: see the docstring"
    assert values.known("lastlight", lastlight["digest"], valuation.SHIPPED) is not None


def test_without_values_the_agents_fall_back_on_their_hand_weights(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    content = load_game_content([FIXTURES / "planted_values"])  # no values shipped or cached
    view = shared_observation(Game.from_content(content, 3, {}).new_state(1), 0)
    prior = valuation.card_value({"compiled": content.runtime(3).card("planted_dud")["compiled"]})
    assert valuation.ref_value(view, "planted_dud") == prior


def test_shavani_is_kept_over_a_faction_that_play_shows_is_worse(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sha'vani's `-1 trade_gift` is light its Trade does not give away: the hand weights
    read a loss and never kept it; the values learned from play rank it among the others."""
    learned = values.known("lastlight", load_game_content().digest(), valuation.SHIPPED)
    assert learned is not None
    factions = {f: learned.get(f, "keep") for f in load_game_content().runtime(3).cards["factions"]}
    worse = [f for f, v in factions.items() if v is not None and v < (factions["shavani"] or 0)]
    assert worse, factions
    options = [f"faction:{worse[0]}", "faction:shavani"]

    def kept() -> list[float]:
        values.forget()
        content = load_game_content()
        view = shared_observation(Game.from_content(content, 3, {}).new_state(1), 0)
        return heuristic.score_options(view, 0, options)

    learned_scores = kept()
    assert learned_scores[1] > learned_scores[0]
    monkeypatch.setenv(values.MODE_ENV, "off")
    hand_scores = kept()
    assert hand_scores[1] < hand_scores[0]


def test_a_learning_shows_its_progress_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    experiment = LastLightExperiment(load_game_content())
    values.learn(experiment, 2, seed=0, workers=1)
    said = capsys.readouterr().err
    assert "learning the lastlight card values from play [" in said
    assert "2/2 games" in said


def test_starlight_keeps_a_god_worth_most_by_its_learned_values() -> None:
    """Starlight's heuristic kept the first god dealt (003 "The Gods"); it keeps one that
    play says is worth most to its keeper, drawn among those within GODS_ALIKE points of the
    best (SL103: 400 games' values are not more precise than that)."""
    content = load_content()
    learned = values.known("starlight", content.digest, starlight_agent.SHIPPED)
    assert learned is not None
    game = StarlightGame.from_content(content, 3, {"gods": True})
    for seed in range(20):
        state = game.new_state(seed)
        seat = game.current_players(state)[0]
        options = game.legal_options(state, seat)
        gods = [o.id for o in options]
        assert len(gods) >= 2 and all(g.startswith("god:") for g in gods)
        worth = {g: learned.get(g[4:], "keep") or 0.0 for g in gods}
        kept = starlight_agent.StarlightHeuristic(seed, game).choose(state, seat, options)
        assert worth[kept] >= max(worth.values()) - starlight_agent.GODS_ALIKE, seed


@pytest.mark.parametrize("pack", ["lastlight", "starlight"])
def test_bundled_packs_play_with_shipped_values_and_learn_nothing(
    pack: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(values.MODE_ENV, "learn")  # learning allowed, yet none is needed
    cache = tmp_path / "cache"
    monkeypatch.setenv("WHITEDWARF_CACHE_DIR", str(cache))
    out = tmp_path / "out"
    args = ("--pack", str(bundled_pack(pack)), "--players", "3", "--games", "1", "-q")
    code, said = run("simulate", *args, "--workers", "1", "--out", str(out))
    assert code == 0, said
    assert not list(cache.glob("values/*.json"))
    assert "learning" not in said


def test_a_copy_of_the_base_pack_is_the_same_content(tmp_path: Path) -> None:
    """A designer's copy of the base pack, unchanged, has its digest: the shipped values
    serve it without learning."""
    copy = load_game_content([pack_copy(tmp_path, "copy")])
    assert copy.digest() == load_game_content().digest()


@pytest.mark.parametrize(("use", "chosen"), [(0.9, "use"), (-0.9, "done")])
def test_an_ability_is_used_when_play_says_a_use_pays(use: float, chosen: str) -> None:
    """Salvage Drones pays a common for a medium ship: its program's net (a `pay`, an
    `exhaust`) decides without values; with them, the learned worth of one use does."""
    from whitedwarf.interpreter.lastlight import scenario
    from whitedwarf.interpreter.lastlight.agents.heuristic import best_option
    from whitedwarf.interpreter.lastlight.decisions import Option

    game = scenario.new_game(3, [FIXTURES / "salvage_drones"])
    state = scenario.blank(game)
    scenario.give(state, 0, common=2)
    ref = scenario.put_tech(state, 0, "salvage_drones")
    content = game.content
    found = values.CardValues("lastlight", content.digest(), 0, 1, {"salvage_drones": {"use": use}})
    values.install(found, "lastlight", content.digest())
    view = shared_observation(state, 0)
    options = [Option(f"use:{ref}", "use"), Option("done", "done")]
    picked = best_option(view, 0, options, random.Random(1))
    assert picked == (f"use:{ref}" if chosen == "use" else "done")
