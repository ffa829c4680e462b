"""``simulate --base-values``: a mod played on the card values learned for the pack it
depends on (docs/simulate.md S21), not on values learned for it from scratch; refused in a
sentence when there are none to use."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.yamlsource import parse_yaml
from whitedwarf.interpreter.agents import values

from tests.simulation.helpers import run

BATCH = ("--players", "3", "--agents", "heuristic", "--games", "3", "--seed", "2")
BATCH += ("--workers", "1", "--quiet")


@pytest.fixture(autouse=True)
def fresh_values() -> Iterator[None]:
    """The values installed for a mod's digest stay in this process: dropped after."""
    yield
    values.forget()


def lore_mod(tmp_path: Path) -> Path:
    """A mod that replaces the first faction with itself, its lore reworded: the same game,
    move for move, but new content (its own digest, so no learned values of its own)."""
    base = bundled_pack("lastlight") / "factions.yaml"
    located, _ = parse_yaml(base.read_text("utf-8"), base, str(base))
    assert located is not None
    card = {**dict(located.data[0]), "lore": "Told again.", "replace": True}
    mod = tmp_path / "retold"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: retold\nname: Retold\nversion: 1.0.0\ngame: lastlight\n"
        'depends: {lastlight: ">=1.0,<2"}\n',
        "utf-8",
    )
    (mod / "factions.yaml").write_text(json.dumps([card]), "utf-8")  # JSON is YAML
    return mod


def outcomes(folder: Path) -> list[tuple[object, object]]:
    records = [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines()]
    return [(r["decisions"], r["light"], r["winners"]) for r in records]


def test_a_mod_on_its_bases_values_plays_the_bases_games(tmp_path: Path) -> None:
    """The test suite never learns (WHITEDWARF_CARD_VALUES=cached): the base pack plays on
    its shipped values, the mod alone on hand weights; with --base-values on the base's,
    so a mod that changes no rule plays the base's very games."""
    mod = lore_mod(tmp_path)
    code, text = run("simulate", *BATCH, "--out", str(tmp_path / "base"))
    assert code == 0, text
    code, text = run("simulate", "--pack", str(mod), *BATCH, "--out", str(tmp_path / "own"))
    assert code == 0, text
    values.forget()
    code, text = run(
        "simulate", "--pack", str(mod), *BATCH, "--base-values", "--out", str(tmp_path / "on")
    )
    assert code == 0, text
    assert outcomes(tmp_path / "on") == outcomes(tmp_path / "base")
    assert outcomes(tmp_path / "own") != outcomes(tmp_path / "base")  # hand weights differ
    kept = json.loads((tmp_path / "on" / "batch.json").read_text())
    assert kept["extra"]["base_values"] == [str(bundled_pack("lastlight").resolve())]


def test_base_values_are_refused_where_there_are_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, text = run("simulate", *BATCH, "--base-values", "--out", str(tmp_path / "a"))
    assert code == 2
    assert "the bundled pack depends on no other pack, so there are no other values" in text
    monkeypatch.setenv("WHITEDWARF_CARD_VALUES", "off")
    mod = lore_mod(tmp_path)
    out = tmp_path / "b"
    code, text = run("simulate", "--pack", str(mod), *BATCH, "--base-values", "--out", str(out))
    assert code == 2 and "WHITEDWARF_CARD_VALUES=off seats the agents on their hand" in text
    assert not out.exists()  # refused before anything was written


def test_base_values_not_known_and_not_learned_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mod of a mod: the first mod's values are neither shipped nor cached, and the
    suite's WHITEDWARF_CARD_VALUES=cached does not learn them."""
    first = lore_mod(tmp_path)
    second = tmp_path / "second"
    second.mkdir()
    (second / "pack.yaml").write_text(
        "id: second\nname: Second\nversion: 1.0.0\ngame: lastlight\n"
        'depends: {retold: ">=1.0,<2"}\n',
        "utf-8",
    )
    code, text = run(
        "simulate", "--pack", str(second), "--pack-path", str(tmp_path), *BATCH,
        "--base-values", "--out", str(tmp_path / "c"),
    )  # fmt: skip
    assert code == 2, text
    assert "are not known here and WHITEDWARF_CARD_VALUES=cached does not learn them" in text
    assert str(first.resolve()) in text


def test_compare_on_the_bases_values_plays_the_variants_games_as_the_base_values_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`compare --base-values`: the variant's agents value every card as the base's do, so a
    mod that changes no rule plays the base's very games, and nothing is revalued; without
    it the mod is played on its own values (here the hand weights: the suite never learns)
    and its games differ. A resumed comparison keeps the setting, and it is refused with
    --ablate and where no learned values are used."""
    mod = lore_mod(tmp_path)
    sides = ("--base", "lastlight", "--variant", str(mod), *BATCH)
    code, text = run("compare", *sides, "--out", str(tmp_path / "own"))
    assert code == 0, text
    assert outcomes(tmp_path / "own" / "variant") != outcomes(tmp_path / "own" / "base")
    values.forget()
    out = tmp_path / "on"
    code, text = run("compare", *sides, "--base-values", "--out", str(out))
    assert code == 0, text
    assert outcomes(out / "variant") == outcomes(out / "base")
    assert "played on the base pack's card values (--base-values)" in text
    kept = json.loads((out / "variant" / "batch.json").read_text())
    assert kept["extra"]["base_values"] == [str(bundled_pack("lastlight").resolve())]
    assert "base_values" not in json.loads((out / "base" / "batch.json").read_text())["extra"]
    assert json.loads((out / "comparison.json").read_text())["revalued"] == {}
    values.forget()
    code, text = run("compare", "--resume", str(out), "--quiet")
    assert code == 0, text
    code, text = run("compare", *sides, "--base-values", "--give", "0:warp_drive",
                     "--ablate", "warp_drive", "--out", str(tmp_path / "abl"))  # fmt: skip
    assert code == 2 and "--base-values and --ablate" in text
    monkeypatch.setenv("WHITEDWARF_CARD_VALUES", "off")
    code, text = run("compare", *sides, "--base-values", "--out", str(tmp_path / "off"))
    assert code == 2 and "WHITEDWARF_CARD_VALUES=off seats the agents on their hand" in text
    assert not (tmp_path / "off").exists()
