"""``whitedwarf compare`` finds a change that matters and nothing where nothing changed."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.simulation.helpers import BOOSTED, boosted_pack, pack_copy, run

#: A progress line of a batch on a log (tools/batch_run.ProgressLines), on stderr.
PROGRESS = re.compile(r"^(base|variant): \d+/\d+ games")
COMPARE = ("compare", "--players", "3", "--agents", "heuristic", "--seed", "1")


def test_an_overpowered_tech_is_flagged_as_significant(tmp_path: Path) -> None:
    """The boosted Long Game's holders win most of their games; 90 games a side, because the
    plain card's 18-19 holders of 60 base games won 8 (44%) before Talorin's uncommon (K14)
    and 12 (63%) after, with the boosted ones at 49 of 56 (87.5%) both times: the same
    effect, a base arm too small to call it past the Benjamini-Hochberg correction."""
    base = pack_copy(tmp_path, "base")
    code, text = run(
        *COMPARE,
        "--games",
        "90",
        "--base",
        str(base),
        "--variant",
        str(boosted_pack(tmp_path)),
        "--out",
        str(tmp_path / "out"),
    )
    assert code == 0, text
    result = json.loads((tmp_path / "out" / "comparison.json").read_text())
    flagged = {row["name"] for row in result["techs"] if row["significant"]}
    assert BOOSTED in flagged
    # What the variant changed is said first, and named as the pack names it, with its id.
    # (a slow machine adds a progress line on stderr every 10 s: "base: 30/60 games ...")
    said = [line for line in text.splitlines() if not PROGRESS.match(line)]
    assert said[1] == f"- The variant changes tech The Long Game ({BOOSTED})."
    assert f"The owner of The Long Game ({BOOSTED}) now wins" in text
    assert (tmp_path / "out" / "comparison.html").exists()


def test_identical_packs_show_nothing_significant(tmp_path: Path) -> None:
    code, text = run(
        *COMPARE,
        "--games",
        "20",
        "--base",
        str(pack_copy(tmp_path, "a")),
        "--variant",
        str(pack_copy(tmp_path, "b")),
        "--out",
        str(tmp_path / "out"),
    )
    assert code == 0, text
    result = json.loads((tmp_path / "out" / "comparison.json").read_text())
    assert not any(r["significant"] for r in result["factions"] + result["techs"])
    assert "Nothing changed significantly" in text


def test_packs_of_two_games_are_refused_before_any_game_is_played(tmp_path: Path) -> None:
    from whitedwarf.content import bundled_pack

    out = tmp_path / "out"
    code, text = run(
        *("compare", "--players", "2", "--agents", "random", "--games", "2"),
        *("--base", str(bundled_pack("lastlight")), "--variant", str(bundled_pack("starlight"))),
        *("--out", str(out)),
    )
    assert code == 2 and "--base is a lastlight pack and --variant a starlight pack" in text
    assert not out.exists()


def test_a_broken_variant_is_reported_before_the_base_is_played(tmp_path: Path) -> None:
    variant = pack_copy(tmp_path, "variant")
    (variant / "planets.yaml").write_text("- {id: 1}\n")
    out = tmp_path / "out"
    code, text = run(
        *("compare", "--players", "2", "--agents", "random", "--games", "2"),
        *("--base", str(pack_copy(tmp_path, "base")), "--variant", str(variant)),
        *("--out", str(out)),
    )
    assert code == 1 and "planets.yaml:1:" in text, text
    assert not (out / "base" / "games.jsonl").exists()


def test_a_mod_compares_against_the_bundled_base_pack_by_its_id(tmp_path: Path) -> None:
    # A designer outside the repository: the base game is `lastlight`, the variant a mod.
    mod = tmp_path / "cheap"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: cheap\nname: Cheap\nversion: 0.1.0\ngame: lastlight\n"
        "depends: {lastlight: '>=1.0,<2'}\n"
    )
    (mod / "techs.yaml").write_text(
        "- id: x_blaster\n  replace: true\n  name: X Blaster\n  kind: ship_mod\n"
        "  cost: {common: 1}\n  copies: 3\n  source: invented\n"
        '  text: "This ship type has +1 [attack]."\n  effect: this ship type has +1 attack\n'
    )
    out = tmp_path / "out"
    args = ("--games", "4", "--base", "lastlight", "--variant", str(mod), "--out", str(out))
    code, text = run(*COMPARE, *args)
    assert code == 0, text
    variant = json.loads((out / "variant" / "summary.json").read_text())
    base = json.loads((out / "base" / "summary.json").read_text())
    assert variant["games"] == base["games"] == 4
    # The variant names the mod's folder and every pack it played, with their versions.
    assert f"variant pack {mod} (lastlight 1.0.0, cheap 0.1.0)" in text
    assert (out / "comparison.html").exists()
