"""What the game fuzzer found, each kept as a small scenario (docs/rules-decisions.md
E120-E139): the card, where it is played, and what must happen."""

from __future__ import annotations

from pathlib import Path

from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.lastlight import hooks

from tests.effects.scenario import faction, fresh, home, ship
from tests.fuzzgame.games import Batch, write_pack


def _pack_with(tmp_path: Path, kind: str, text: str) -> Path:
    texts: dict[str, list[str]] = {k: [] for k in ("civilization", "ship_ability", "ship_mod")}
    texts.update(faction=[], deep_space=[], planetary=[], achievement=[])
    texts[kind] = [text]
    return write_pack(tmp_path / "mod", Batch(0, texts))


def test_your_home_sector_is_refused_at_your(tmp_path: Path) -> None:
    """E120: ``your`` on a sector stopped a game with a KeyError; now ``validate`` refuses it
    where ``of yours`` is refused (E0407), at the word, with the text to write instead."""
    text = "when centre_light_harvested -> may move a ship of yours to your home sector"
    result = load_packs([_pack_with(tmp_path, "ship_ability", text)])
    assert result.pack is None
    [problem] = [d for d in result.diagnostics if d.is_error]
    assert problem.code == "E0407"
    assert problem.message.startswith("`your` does not apply to sectors")
    assert problem.hint == "write `the home sector` or `a home sector`"
    assert problem.span is not None and problem.span.path.endswith("techs.yaml")
    line = result.sources[problem.span.path].split("\n")[problem.span.line - 1]
    assert line[problem.span.column - 1 :].startswith("your home sector")


def test_the_home_sector_plays() -> None:
    """E120: the text the hint gives plays: the ship goes to its owner's home sector."""
    g, s = fresh()
    faction(s, 0, "homing", "when round_start -> may move a ship of yours to the home sector")
    sid = ship(s, 0, "small", "outer_08")
    hooks.fire(s, "round_start", 0, {})
    g.apply(s, 0, "yes")
    assert s["ships"][sid]["sector"] == home(s, 0) and not s["frames"]
