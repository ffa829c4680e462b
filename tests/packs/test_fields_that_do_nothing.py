"""Fields a stranger's pack sets that did nothing, each now told at the field with what to
write (or shown where the docs say): the project's standard that every field a pack sets does
something or is refused (docs/packs.md, docs/rules-decisions.md C22)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML
from whitedwarf.content import bundled_pack
from whitedwarf.tools.cli import main

LUMOS = "      - {faction: lumos, sector: centre, ships: {small: 2}}\n"


def validate(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["validate", "--no-cache", *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, result.output


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("ships", ["{}", "{small: 0}", "{small: 0, large: 0}"])
def test_a_lumos_group_without_ships_is_refused(here: Path, ships: str) -> None:
    """`ships: {}` validated clean and placed no Lumos ship: the entry did nothing."""
    shutil.copytree(bundled_pack(), here / "lastlight")
    setups = here / "lastlight" / "setups.yaml"
    text = setups.read_text("utf-8")
    assert text.count(LUMOS) == 1
    setups.write_text(text.replace(LUMOS, LUMOS.replace("{small: 2}", ships)))
    line = text[: text.index(LUMOS)].count("\n") + 1
    code, output = validate("lastlight")
    assert code == 1, output
    assert (
        f"lastlight/setups.yaml:{line}:42: error[E0928]: this Lumos group in `centre` places "
        f"no ship (`ships: {ships}`): it does nothing"
    ) in output, output
    assert "help: give it ships, such as `ships: {small: 2}` (002), or remove the entry" in output
    assert output.endswith("1 error, 0 warnings\n"), output


MOD = 'id: mod\nname: Mod\nversion: 0.1.0\ngame: {game}\ndepends: {{{game}: "*"}}\nallow: {allow}\n'
TECH = """\
- id: new_tech
  name: New Tech
  kind: civilization
  cost: {common: 1}
  source: invented
  text: "At the end of each round: gain 1 [common]."
  effect: when round_end -> gain 1 common
  allow: [W0501]
"""


def _mod(here: Path, game: str, allow: str, techs: str | None = None) -> tuple[int, str]:
    (here / "mod").mkdir()
    (here / "mod" / "pack.yaml").write_text(MOD.format(game=game, allow=allow), "utf-8")
    if techs is not None:
        (here / "mod" / "techs.yaml").write_text(techs, "utf-8")
    return validate("mod")


@pytest.mark.parametrize(
    ("game", "code", "other"),
    [("lastlight", "W0949", "starlight"), ("starlight", "W0925", "lastlight")],
)
def test_an_allow_of_another_games_warning_is_told(
    here: Path, game: str, code: str, other: str
) -> None:
    """`allow: [W0949]` in a Last Light pack silenced nothing, without a word: W0949 is
    Starlight's (its setup's gods and laurels)."""
    status, output = _mod(here, game, f"[{code}]")
    assert status == 0, output
    assert (
        f"mod/pack.yaml:6:9: warning[W0903]: `{code}` is a warning of `game: {other}` packs: "
        f"a `game: {game}` pack never gets it"
    ) in output, output
    assert "help: remove it from `allow`" in output


def test_an_allow_of_the_games_own_warning_is_not_told(here: Path) -> None:
    """W0925 (Research keeps more than it draws) is Last Light's own check: it used to be told
    "`W0925` is not a warning code (did you mean `W0905`?)", so it could not be silenced
    without a warning about the silencing. The mod draws 1 tech at Research and keeps 2, so
    it is told W0925, which its `allow` silences (an entry that silenced nothing would be
    W0903 since E166)."""
    (here / "mod").mkdir()
    (here / "mod" / "pack.yaml").write_text(MOD.format(game="lastlight", allow="[W0925]"), "utf-8")
    supply = (bundled_pack() / "supply.yaml").read_text("utf-8")
    assert "research_draw: 3" in supply
    (here / "mod" / "supply.yaml").write_text(
        supply.replace("research_draw: 3", "research_draw: 1")
    )
    status, output = validate("mod")
    assert status == 0, output
    assert "W0903" not in output, output
    assert output.endswith("0 errors, 0 warnings\n"), output


def test_a_cards_allow_of_a_file_warning_is_told(here: Path) -> None:
    """W0501 is told at line 1 of a stray file, never inside a card: a card's allow of it
    silenced nothing."""
    status, output = _mod(here, "lastlight", "[W0902]", techs=TECH)
    assert status == 0, output
    assert (
        "mod/techs.yaml:8:11: warning[W0903]: `W0501` is told for a file that is not a "
        "content file, never inside a card: this card's `allow` of it silences nothing"
    ) in output, output
    assert "help: write it in pack.yaml's `allow` instead" in output


def test_validate_shows_the_description_of_each_pack_it_was_given(here: Path) -> None:
    """pack.yaml's `description` (and `name`) was read and shown nowhere: `validate` now
    says what each pack it was given is, its dependencies' left out, in text and JSON."""
    (here / "mod").mkdir()
    manifest = MOD.format(game="lastlight", allow="[]") + (
        "description: >-\n  Pirate factions\n  and techs.\n"
    )
    (here / "mod" / "pack.yaml").write_text(manifest, "utf-8")
    status, output = validate("mod")
    assert status == 0, output
    assert output.splitlines()[-2:] == [
        'mod 0.1.0 "Mod": Pirate factions and techs.',
        "checked lastlight 1.0.0, mod 0.1.0: 0 errors, 0 warnings",
    ], output
    document = json.loads(validate("mod", "--format", "json")[1])
    assert [(p["id"], p["name"], p["given"]) for p in document["packs"]] == [
        ("lastlight", "Last Light", False),
        ("mod", "Mod", True),
    ]
    assert document["packs"][1]["description"] == "Pirate factions and techs."


def test_a_pack_with_errors_shows_them_not_its_description(here: Path) -> None:
    (here / "mod").mkdir()
    manifest = MOD.format(game="lastlight", allow="[W9999]") + "description: Pirates.\n"
    (here / "mod" / "pack.yaml").write_text(manifest, "utf-8")
    (here / "mod" / "techs.yaml").write_text("- id: x\n", "utf-8")
    status, output = validate("mod")
    assert status == 1 and "Pirates." not in output, output


def test_w0903_cannot_silence_itself(here: Path) -> None:
    """`allow: [W0903, W0001, ..., W9997]` validated with 0 warnings: the W0903 entry hid the
    W0903 of every other entry, none of which silences anything."""
    codes = ", ".join(f"W{n:04d}" for n in range(1, 10000, 7))
    status, output = _mod(here, "lastlight", f"[W0903, {codes}]")
    assert status == 0, output
    assert (
        "mod/pack.yaml:6:9: warning[W0903]: `W0903` cannot be silenced: it tells of the entries "
        "of `allow` lists that silence nothing, and silencing it would hide them all"
    ) in output, output
    assert "warning[W0903]: `W0008` is not a warning code" in output, output
    assert "0 errors, 0 warnings" not in output, output


def _replacing(here: Path, card: dict[str, object]) -> tuple[int, str]:
    """A mod replacing the base pack's first tech with ``card`` (and `replace: true`)."""
    (here / "mod").mkdir()
    (here / "mod" / "pack.yaml").write_text(MOD.format(game="lastlight", allow="[]"), "utf-8")
    yaml = YAML()
    with (here / "mod" / "techs.yaml").open("w", encoding="utf-8") as out:
        yaml.dump([{**card, "replace": True}], out)
    return validate("mod")


def _first_tech() -> dict[str, object]:
    return dict(YAML(typ="safe").load((bundled_pack() / "techs.yaml").read_text("utf-8"))[0])


def test_a_replacement_that_is_the_same_card_is_told(here: Path) -> None:
    """A mod whose `replace: true` card equals the card it replaces validated clean: the
    mod changed nothing (a number edited in the base pack's copy instead)."""
    card = _first_tech()
    status, output = _replacing(here, {**card, "allow": ["W0430"]})
    assert status == 0, output
    assert (
        f"warning[W0906]: `{card['id']}` replaces lastlight's card with the same card: the "
        "replacement changes nothing"
    ) in output, output
    assert "help: change what mod means to change, or remove this card from it" in output


def test_a_replacement_that_changes_a_number_is_not_told(here: Path) -> None:
    card = _first_tech()
    _, output = _replacing(here, {**card, "copies": int(card.get("copies", 1)) % 10 + 1})
    assert "W0906" not in output, output


def test_a_document_the_same_as_the_dependencys_is_told(here: Path) -> None:
    (here / "mod").mkdir()
    (here / "mod" / "pack.yaml").write_text(MOD.format(game="lastlight", allow="[]"), "utf-8")
    dice = (bundled_pack() / "dice.yaml").read_text("utf-8")
    (here / "mod" / "dice.yaml").write_text("# my dice, laid out my way\n\n" + dice, "utf-8")
    status, output = validate("mod")
    assert status == 0, output
    assert "warning[W0906]: `dice.yaml` is the same as lastlight's (" in output, output
    assert "it replaces that file with the same content, and changes nothing" in output


def _tech_allowing(text: str) -> str:
    return TECH.replace("allow: [W0501]", "allow: [W0430]").replace(
        'text: "At the end of each round: gain 1 [common]."', f"text: {text}"
    )


def test_a_cards_allow_that_silences_nothing_is_told(here: Path) -> None:
    """A card's `allow: [W0430]` whose text agrees with its effect silenced nothing, without
    a word (a stale entry, or one on the wrong card)."""
    techs = _tech_allowing('"At the end of each round: gain 1 [common]."')
    status, output = _mod(here, "lastlight", "[W0902]", techs=techs)
    assert status == 0, output
    assert (
        "mod/techs.yaml:8:11: warning[W0903]: `W0430` is told of nothing in this card: its "
        "`allow` of it silences nothing"
    ) in output, output


def test_a_cards_allow_that_silences_its_warning_is_not_told(here: Path) -> None:
    techs = _tech_allowing('"Whenever you like: gain 9 [light]."')
    status, output = _mod(here, "lastlight", "[W0902]", techs=techs)
    assert status == 0 and "W0903" not in output and "W0430" not in output, output
