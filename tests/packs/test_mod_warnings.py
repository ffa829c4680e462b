"""A warning a mod causes is the mod's: located at its change, silenced by its ``allow``.

Issue 6 item 4: a mod removing the only card that uses a hook (``round_start`` then, Zhur's;
``resources_mined`` now, Korrundi's, since K19 gave Hexan and Vorrkai round starts) used to get a
W0901 "no card uses these hooks" on the base pack's ``game:`` line, which the mod's
``allow: [W0901]`` could not silence.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.loader import load_packs

MANIFEST = "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: '>=1'}\n"


@pytest.fixture
def packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The base pack (given on the command line too, so its warnings show) and a mod."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(bundled_pack(), tmp_path / "lastlight")
    (tmp_path / "mod").mkdir()
    (tmp_path / "mod" / "pack.yaml").write_text(MANIFEST + "allow: [W0902]\n")
    (tmp_path / "mod" / "factions.yaml").write_text("- {id: korrundi, remove: true}\n")
    return tmp_path


def warnings(*roots: str) -> list[str]:
    result = load_packs(list(roots), ["."], bundled=False)
    assert result.errors == []
    return [f"{d.span.path}:{d.span.line}:{d.span.column}: {d.message}" for d in result.warnings]


def test_removing_the_only_user_of_a_hook_warns_at_the_removal(packs: Path) -> None:
    assert warnings("lastlight", "mod") == [
        "mod/factions.yaml:1:8: no card uses these hooks any more: `resources_mined` "
        "(mod removes `korrundi`, the last card that used them)"
    ]


def test_the_mods_allow_silences_it(packs: Path) -> None:
    manifest = packs / "mod" / "pack.yaml"
    manifest.write_text(MANIFEST + "allow: [W0902, W0901]\n")
    assert warnings("lastlight", "mod") == []


def test_a_replacement_that_drops_the_word_is_blamed_and_its_card_allow_works(
    packs: Path,
) -> None:
    card = (
        "- id: korrundi\n  name: Korrundi\n  three_plus: false\n  source: invented\n"
        "  replace: true\n"
        '  text: "When the board rotates: gain 1 [common]."\n'
        "  effect: when rotation -> gain 1 common\n"
    )
    (packs / "mod" / "factions.yaml").write_text(card)
    # A replacement changes no box count: the fixture's `allow: [W0902]` would be W0903 (E166).
    (packs / "mod" / "pack.yaml").write_text(MANIFEST)
    [found] = warnings("lastlight", "mod")
    assert found.startswith("mod/factions.yaml:1:7: no card uses these hooks any more")
    assert "(mod replaces `korrundi`" in found
    (packs / "mod" / "factions.yaml").write_text(card + "  allow: [W0901]\n")
    assert warnings("lastlight", "mod") == []


def test_words_the_base_never_used_stay_on_the_base(packs: Path) -> None:
    factions = packs / "lastlight" / "factions.yaml"
    factions.write_text(factions.read_text().replace("when round_start if", "when rotation if"))
    found = [w for w in warnings("lastlight", "mod") if "round_start" in w]
    assert len(found) == 1 and found[0].startswith("lastlight/pack.yaml:")
    assert "any more" not in found[0]


def test_a_box_count_a_mod_changed_warns_at_the_mod(packs: Path) -> None:
    (packs / "mod" / "pack.yaml").write_text(MANIFEST + "allow: [W0901]\n")
    assert warnings("lastlight", "mod") == [
        "mod/factions.yaml:1:8: there are 14 faction cards, but the box has 15"
    ]


def test_a_box_count_a_removal_changed_is_not_told_to_change_copies(packs: Path) -> None:
    """At a `remove` line the hint said "change `copies`", a field the line does not have
    (and may not: E0602): it now says how a mod keeps its removals."""
    (packs / "mod" / "pack.yaml").write_text(MANIFEST + "allow: [W0901]\n")
    (packs / "mod" / "techs.yaml").write_text("- {id: warp_drive, remove: true}\n")
    result = load_packs(["lastlight", "mod"], ["."], bundled=False)
    [tech] = [d for d in result.warnings if d.span and d.span.path == "mod/techs.yaml"]
    assert tech.message == "the technology cards add up to 80 copies, but the box has 83"
    assert tech.hint == (
        "silence this with `allow: [W0902]` in pack.yaml when the mod means to leave the box "
        "short, or add a card"
    )


JUMP_DRIVE = (
    "- id: jump_drive\n  name: {name}\n  kind: ship_ability\n  cost: {{common: 2}}\n"
    "  copies: 1\n  source: invented\n  text: 'At the start of each round: gain 1 [common].'\n"
    "  effect: when round_start -> gain 1 common\n"
)


@pytest.mark.parametrize("name", ["Warp Drive", "warp  DRIVE"])
def test_a_mod_card_named_like_a_base_card_warns_at_the_mod(packs: Path, name: str) -> None:
    """W0904: players tell cards apart by name; case and spacing do not make a new one."""
    (packs / "mod" / "factions.yaml").unlink()
    (packs / "mod" / "techs.yaml").write_text(JUMP_DRIVE.format(name=name))
    assert warnings("lastlight", "mod") == [
        "mod/techs.yaml:2:9: tech `jump_drive` has the name of tech `warp_drive`, "
        "`Warp Drive` (at lastlight/techs.yaml:90:9)"
    ]


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("W\u0430rp Drive", "`\u0430` is U+0430 (CYRILLIC SMALL LETTER A)"),
        ("\uff37arp Drive", "`\uff37` is U+FF37 (FULLWIDTH LATIN CAPITAL LETTER W)"),
        ("Warp Dr\u0456ve", "`\u0456` is U+0456 (CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I)"),
    ],
)
def test_a_name_that_differs_only_by_a_lookalike_letter_warns_and_names_it(
    packs: Path, name: str, said: str
) -> None:
    """`Warp Drive` written with a Cyrillic `а` (or a full-width `Ｗ`) is read as the base
    card's name on the table and in every log, but was a name of its own: no W0904."""
    (packs / "mod" / "factions.yaml").unlink()
    (packs / "mod" / "techs.yaml").write_text(JUMP_DRIVE.format(name=name))
    result = load_packs(["lastlight", "mod"], ["."], bundled=False)
    (found,) = [d for d in result.diagnostics if d.code == "W0904"]
    assert found.message.startswith("tech `jump_drive` has the name of tech `warp_drive`")
    assert found.hint is not None
    assert found.hint.startswith(f"{said}, though it reads as a plain letter; give the card")


def test_a_card_of_its_own_name_a_replacement_or_an_allow_does_not(packs: Path) -> None:
    (packs / "mod" / "factions.yaml").unlink()
    techs = packs / "mod" / "techs.yaml"
    techs.write_text(JUMP_DRIVE.format(name="Jump Drive"))
    assert warnings("lastlight", "mod") == []
    replacement = JUMP_DRIVE.format(name="Warp Drive").replace("jump_drive", "warp_drive")
    techs.write_text(replacement + "  replace: true\n")
    assert warnings("lastlight", "mod") == []
    techs.write_text(JUMP_DRIVE.format(name="Warp Drive"))
    (packs / "mod" / "pack.yaml").write_text(MANIFEST + "allow: [W0902, W0904]\n")
    assert warnings("lastlight", "mod") == []


LYANNAE = (
    "- id: lyannae\n  replace: true\n  name: Lyannae\n  three_plus: false\n  source: {source}\n"
    "  text: >-\n    If one or more of your ships harvest light from the center star, gain 1 extra"
    " [light].\n  effect: {effect}\n"
)


@pytest.mark.parametrize(
    ("source", "effect", "warned"),
    [
        ("rulebook", "when centre_light_harvested if round > 5 -> gain 1 light", True),
        ("invented", "when centre_light_harvested if round > 5 -> gain 1 light", False),
        ("rulebook", "when centre_light_harvested -> gain 1 light", False),  # as printed
    ],
)
def test_a_changed_printed_card_that_keeps_source_rulebook_is_told(
    packs: Path, source: str, effect: str, warned: bool
) -> None:
    """A modder copied Lyannae, changed its effect and kept `source: rulebook`: nothing was
    said (a rulebook card's text is not compared with its effect, W0430), and the pack
    claimed a printed card the rulebook does not print."""
    (packs / "mod" / "pack.yaml").write_text(MANIFEST + "allow: [W0902, W0901]\n")
    (packs / "mod" / "factions.yaml").write_text(LYANNAE.format(source=source, effect=effect))
    found = [d for d in load_packs(["mod"], ["."], bundled=False).diagnostics if d.code == "W0905"]
    if not warned:
        assert found == []
        return
    [warning] = found
    assert warning.message == (
        "`lyannae` changes the printed card (`effect`) but still says `source: rulebook`"
    )
    assert warning.span is not None and (warning.span.path, warning.span.line) == (
        "mod/factions.yaml",
        5,
    )
    assert warning.hint is not None and warning.hint.startswith("write `source: invented`")


def test_an_allow_code_in_lower_case_is_told_its_capitals(packs: Path) -> None:
    """``allow: [w0902]`` was told only what warning codes look like, not that the code it
    names is right apart from its case."""
    manifest = packs / "mod" / "pack.yaml"
    manifest.write_text(MANIFEST + "allow: [w0902]\n")
    result = load_packs(["lastlight", "mod"], ["."], bundled=False)
    [problem] = [d for d in result.errors if d.span and d.span.path.endswith("pack.yaml")]
    assert problem.message == "`w0902` is not a warning code"
    assert problem.hint == "warning codes are written in capitals: `W0902`"
