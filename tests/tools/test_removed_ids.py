"""An option that names a card a mod removed is told the mod removed it, and where: a user
who asks for ``--option factions=zhur`` on a mod without Zhur must learn it is the mod's
doing (its pack and the line of the ``remove: true``), not be told the base game lacks it."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from whitedwarf.tools.cli import main


def write_mod(folder: Path, game: str, removes: dict[str, str]) -> Path:
    """A mod of ``game`` removing one card of each file in ``removes`` (file -> id)."""
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        f"id: {folder.name}\nname: Trimmed\nversion: 1.0.0\ngame: {game}\n"
        f'depends: {{{game}: ">=1.0,<2"}}\nallow: [W0901, W0902]\n',
        "utf-8",
    )
    for file, card in removes.items():
        (folder / f"{file}.yaml").write_text(f"- id: {card}\n  remove: true\n", "utf-8")
    return folder


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_a_removed_faction_named_by_option_factions_names_the_mod(tmp_path: Path) -> None:
    mod = write_mod(tmp_path / "nozhur", "lastlight", {"factions": "zhur", "techs": "warp_drive"})
    code, out = run(
        "play", "--pack", str(mod), "--seats", "random,random,random", "--option", "factions=zhur"
    )
    assert code == 2
    where = f"{mod}/factions.yaml:1:7"
    assert f"no faction zhur in the game: the mod pack nozhur removes it ({where})" in out
    assert "leave the seat empty to deal it" in out
    assert "in the pack" not in out


def test_a_removed_tech_given_by_give_names_the_mod(tmp_path: Path) -> None:
    mod = write_mod(tmp_path / "nowarp", "lastlight", {"techs": "warp_drive"})
    out_dir = tmp_path / "runs"
    code, out = run(
        "simulate", "--pack", str(mod), "--players", "3", "--games", "1",
        "--give", "0:warp_drive", "--out", str(out_dir), "--quiet",
    )  # fmt: skip
    assert code == 2
    said = f"no card warp_drive in the game: the mod pack nowarp removes it ({mod}/techs.yaml:1:7)"
    assert said in out
    assert not out_dir.exists()  # refused before any game


def test_a_removed_god_given_in_starlight_names_the_mod(tmp_path: Path) -> None:
    mod = write_mod(tmp_path / "nohermes", "starlight", {"gods": "hermes"})
    code, out = run(
        "simulate", "--pack", str(mod), "--players", "2", "--games", "1",
        "--option", "gods=true", "--give", "0:hermes", "--out", str(tmp_path / "r"), "--quiet",
    )  # fmt: skip
    assert code == 2
    assert f"the mod pack nohermes removes it ({mod}/gods.yaml:1:7)" in out


def test_a_removed_card_probed_by_explain_names_the_mod(tmp_path: Path) -> None:
    mod = write_mod(tmp_path / "nowarp", "lastlight", {"techs": "warp_drive"})
    code, out = run(
        "explain", str(mod), "--probes", "take:warp_drive", "--out", str(tmp_path / "why")
    )
    assert code == 2
    assert "the mod pack nowarp removes it" in out


def test_a_faction_no_pack_ever_had_still_gets_a_did_you_mean(tmp_path: Path) -> None:
    mod = write_mod(tmp_path / "nozhur", "lastlight", {"factions": "zhur"})
    code, out = run(
        "play", "--pack", str(mod), "--seats", "random,random,random", "--option", "factions=hexxan"
    )
    assert code == 2 and "no faction 'hexxan' in the pack; did you mean" in out
