"""The pack's ids as words: ``aquila stars``, ``cornucopia aspects``, ``refill_rays
privileges`` (interpreter/starlight/vocabulary.py's nouns and open filters), the check that
names a misspelt one (E0945), and the warning for a pack without Starbot cards (W0946)."""

from __future__ import annotations

import shutil
from pathlib import Path

from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.starlight.effects import new_frame
from whitedwarf.interpreter.starlight.state import player

from .data import PACK
from .play import fresh, put


def _count(text: str, state: dict, seat: int = 0) -> int:
    """What ``number of <text>`` reads for ``seat`` (compiled as a laurel's goal)."""
    from whitedwarf.dsl.api import compile_effect
    from whitedwarf.dsl.source import EffectSource
    from whitedwarf.interpreter.starlight.vocabulary import registry

    game, _ = fresh()
    source = EffectSource.standalone(f"as soon as number of {text} >= 0 -> claim")
    compiled, problems = compile_effect(source, registry(), "laurel")
    assert compiled is not None, problems
    selector = compiled["clauses"][0]["when"]
    frame = new_frame("laurels:x", seat, 0, {"card": "x"})
    found = _selector(selector)
    return len(game.adapter.candidates(state, frame, found))


def _selector(node: object) -> dict:
    """The first selector in a compiled condition."""
    if isinstance(node, dict):
        if "type" in node and "filters" in node:
            return node
        for value in node.values():
            found = _selector(value)
            if found:
                return found
    if isinstance(node, list):
        for value in node:
            found = _selector(value)
            if found:
                return found
    return {}


def test_stars_in_a_constellation_count_by_owner() -> None:
    """003 "Launching Stars": a star is a player's marker in a slot; `aquila stars` are those
    in Aquila, `your aquila stars` only the owner's."""
    _, state = fresh()
    put(state, stars=["aquila_1", "aquila_2", "hydrus_1"], others=["aquila_3"])
    assert _count("your aquila stars", state) == 2
    assert _count("aquila stars", state) == 3
    assert _count("stars of yours", state) == 3
    assert _count("your lyra stars", state) == 0
    assert _count("your aquila stars", state, seat=1) == 1


def test_aspects_and_privileges_are_those_on_your_mat() -> None:
    """003 launch steps 6 and 8: privileges and aspects are recorded on the player mat."""
    _, state = fresh()
    put(state, aspects=["cornucopia", "crown"], privileges=["refill_rays"])
    assert _count("your cornucopia aspects", state) == 1
    assert _count("your sword aspects", state) == 0
    assert _count("aspects", state) == 2
    assert _count("your refill_rays privileges", state) == 1
    assert _count("your core_plus_ray privileges", state) == 0
    assert _count("cornucopia aspects", state, seat=1) == 0


def test_the_launching_star_counts_its_aspect() -> None:
    """003 "Flares": "Include the star you are launching now in your calculation"."""
    _, state = fresh()
    put(state)
    state["action"] = {"kind": "launch", "seat": 0, "placed": True, "aspect": "cornucopia",
                       "magnitude": 3, "rays": []}  # fmt: skip
    assert _count("your cornucopia aspects", state) == 1
    assert player(state, 0)["aspects"] == []


def _broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    pack = tmp_path / "starlight"
    shutil.copytree(PACK, pack)
    path = pack / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return pack


def test_a_misspelt_constellation_is_located_with_the_packs_ids(tmp_path: Path) -> None:
    pack = _broken(tmp_path, "laurels.yaml", "your aquila stars", "your aquilla stars")
    result = load_packs([pack])
    [problem] = result.errors
    assert problem.code == "E0945"
    assert problem.message == "the pack has no constellation `aquilla`"
    assert problem.hint == "did you mean `aquila`?"
    # where the word is in the file as written (`whitedwarf fmt` may lay the goal out anew)
    lines = (pack / "laurels.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if "aquilla" in text)
    column = lines[line - 1].index("aquilla") + 1
    assert (problem.span.line, problem.span.column) == (line, column)
    assert (problem.span.end_line, problem.span.end_column) == (line, column + len("aquilla"))


def test_the_suggestions_come_from_the_loaded_pack(tmp_path: Path) -> None:
    """A constellation renamed in the sky is the one suggested: nothing is hard-coded."""
    pack = _broken(tmp_path, "sky.yaml", "- id: cygnus", "- id: swan")
    for name in ("rondel.yaml",):
        path = pack / name
        path.write_text(path.read_text(encoding="utf-8").replace("cygnus, orion", "swan, orion"))
    result = load_packs([pack])
    [problem] = result.errors
    assert problem.code == "E0945"
    assert "`cygnus`" in problem.message and "`swan`" in (problem.hint or "")


def test_a_pack_without_starbot_cards_warns_and_still_plays_live_seats(tmp_path: Path) -> None:
    """003 "Starbot Play": each Starbot turn turns up a Starbot card."""
    pack = tmp_path / "starlight"
    shutil.copytree(PACK, pack)
    (pack / "starbots.yaml").write_text("[]\n", encoding="utf-8")
    result = load_packs([pack])
    assert result.errors == []
    [warning] = result.warnings
    assert warning.code == "W0946"
    assert warning.span is not None and warning.span.path.endswith("setup.yaml")


def test_play_with_a_starbot_seat_then_refuses_in_one_line(tmp_path: Path) -> None:
    from click.testing import CliRunner
    from whitedwarf.tools.cli import main

    pack = tmp_path / "starlight"
    shutil.copytree(PACK, pack)
    (pack / "starbots.yaml").write_text("[]\n", encoding="utf-8")
    args = ["play", "--pack", str(pack), "--seats", "heuristic,starbot", "--seed", "3"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code != 0
    assert result.output.strip().splitlines() == [
        "Error: this game needs a Starbot deck (the packs have no Starbot cards: "
        "seat live players only)"
    ]
    live = CliRunner().invoke(main, [*args[:4], "heuristic,heuristic", *args[5:]])
    assert live.exit_code == 0, live.output
