"""``benchmarks/same_games.py --content DIR`` plays a fixed Last Light pack, so two engines can
be compared move for move after the bundled pack's numbers changed on purpose (issue 25)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from whitedwarf.content import bundled_pack

from benchmarks import same_games


def _digests(tmp_path: Path, name: str, *args: str) -> list[dict[str, object]]:
    out = tmp_path / f"{name}.jsonl"
    assert same_games.main(["--scale", "0.04", "--out", str(out), *args]) == 0
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_content_plays_the_pack_given_and_only_it(tmp_path: Path) -> None:
    bundled = _digests(tmp_path, "bundled")
    assert len(bundled) == 9  # one seed a game length and player count
    copy = tmp_path / "copy"
    shutil.copytree(bundled_pack("lastlight"), copy)
    assert _digests(tmp_path, "copy", "--content", str(copy)) == bundled
    factions = copy / "factions.yaml"
    text = factions.read_text(encoding="utf-8")
    factions.write_text(text.replace("you have +1 starting_techs", "you have +2 starting_techs"))
    changed = _digests(tmp_path, "changed", "--content", str(copy))
    assert changed != bundled
    code = same_games.main(
        ["--compare", str(tmp_path / "bundled.jsonl"), str(tmp_path / "changed.jsonl")]
    )
    assert code == 1
