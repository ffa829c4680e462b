"""An entry of pack.yaml's `allow` that silences nothing is W0903, as a card's is (E166).

Before, a card's stale `allow` entry was told and a pack's was not: `allow: [W0902, W0901]`
in a mod whose removals left every word used validated clean, and would have hidden the mod's
next W0901 unseen. `new pack` wrote `allow: [W0902]` before the pack had a card for it to be
about; it now writes the line off, and `new card` turns it on with a card of a counted deck.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.dsl.packs.loader import load_packs

from tests.hostile_cli import run

from .corpus import SHARED
from .test_diagnostics_page import examples

FACTION = (
    "- id: rebels\n  name: Rebels\n  three_plus: false\n  source: invented\n"
    '  text: "Gain 1 [common] at the start of each round."\n'
    "  effect: when round_start -> gain 1 common\n"
)


def _mod(here: Path, allow: str, files: dict[str, str] | None = None) -> Path:
    mod = here / "mod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: mod\nname: Mod\nversion: 0.1.0\ngame: lastlight\ndepends: {lastlight: '>=1'}\n"
        f"allow: {allow}\n",
        "utf-8",
    )
    for name, text in (files or {"factions.yaml": FACTION}).items():
        (mod / name).write_text(text, "utf-8")
    return mod


def _told(*packs: str | Path) -> list[str]:
    result = load_packs(list(packs), ["."])
    return [
        f"{d.code} {d.span.path}:{d.span.line}:{d.span.column}: {d.message}"
        for d in result.diagnostics
    ]


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_an_entry_that_silences_nothing_is_told_as_the_page_shows(here: Path) -> None:
    _mod(here, "[W0902, W0901]")
    status, output = run("validate", "mod", "--no-cache")
    assert status == 0, output
    assert examples("W0903")[1] in output
    assert "0 errors, 1 warning" in output
    status, output = run("validate", "mod", "--no-cache", "--strict")
    assert status == 1, output


def test_an_entry_that_silences_a_warning_is_not_told(here: Path) -> None:
    _mod(here, "[W0902]")  # a 16th faction card: W0902, silenced
    assert _told("mod") == []
    (here / "mod" / "pack.yaml").write_text(
        (here / "mod" / "pack.yaml").read_text().replace("allow: [W0902]", "allow: []")
    )
    [told] = _told("mod")
    assert told.startswith("W0902 mod/factions.yaml:1:")


def test_a_dependency_not_asked_for_is_not_told(here: Path) -> None:
    """A dependency's stale entry is its author's concern, as its warnings are."""
    _mod(here, "[W0902, W0901]")
    top = here / "top"
    top.mkdir()
    (top / "pack.yaml").write_text(
        "id: top\nname: Top\nversion: 0.1.0\ngame: lastlight\ndepends: {mod: '>=0.1'}\n",
        "utf-8",
    )
    assert _told("top") == []
    assert [t.split(":")[0] for t in _told("mod", "top")] == ["W0903 mod/pack.yaml"]


def test_not_told_when_the_packs_have_an_error(here: Path) -> None:
    """A pack with an error skips some checks, whose warnings the entry may be for."""
    _mod(
        here, "[W0902, W0901]", {"factions.yaml": FACTION.replace("gain 1 common", "gian 1 common")}
    )
    told = _told("mod")
    assert told and all(t.startswith("E") for t in told), told


def test_a_starlight_mod_and_the_other_codes_keep_their_own_words(here: Path) -> None:
    """Unknown codes, another game's and W0903 itself are told once, in their own words."""
    _mod(here, "[W0902, W9999, W0949, W0903]")
    told = _told("mod")
    assert [t.split(": ", 1)[1] for t in told] == [
        "`W9999` is not a warning code",
        "`W0949` is a warning of `game: starlight` packs: a `game: lastlight` pack never gets it",
        "`W0903` cannot be silenced: it tells of the entries of `allow` lists that silence "
        "nothing, and silencing it would hide them all",
    ]


def test_the_small_corpus_base_has_no_stale_entry() -> None:
    assert [t for t in _told(SHARED / "mini") if t.startswith("W0903")] == []


@pytest.mark.parametrize(
    ("game", "kind", "card", "on"),
    [
        ("lastlight", "tech", "laser_grid", True),
        ("lastlight", "action_card", "research", False),  # a replacement: no count changes
        ("starlight", "god", "apollo", False),  # gods have no box count
        ("starlight", "starbot_card", "overdrive", True),
        ("starlight", "privilege", "refill_rays", False),
    ],
)
def test_new_card_turns_the_box_count_allow_on_for_a_counted_deck(
    here: Path, game: str, kind: str, card: str, on: bool
) -> None:
    status, output = run("new", "pack", "mymod", "--empty", "--game", game)
    assert status == 0, output
    manifest = here / "mymod" / "pack.yaml"
    assert "\n# allow: [W0902]\n" in manifest.read_text()
    assert load_packs([here / "mymod"]).diagnostics == []  # no stale entry in a new pack
    status, output = run("new", "card", "mymod", kind, card)
    assert status == 0, output
    assert ("\nallow: [W0902]\n" in manifest.read_text()) is on
    # the manifest is the designer's file: its change is said
    assert ("turned on `allow: [W0902]` in mymod/pack.yaml" in output) is on, output
    told = {d.code for d in load_packs([here / "mymod"]).diagnostics}
    # A skeleton of a card of the game's own is the printed card until edited (W0906).
    assert told == (set() if on or kind == "god" else {"W0906"})


def test_the_manifest_comment_is_true_with_the_line_on_and_off(here: Path) -> None:
    """`new pack mymod` (sample cards) wrote `allow: [W0902]` on under a comment saying
    "`whitedwarf new card` turns the next line on with the first": on already, a newcomer
    read that it was off. The comment now says when the line is on, true either way."""
    for args, line in ((("mymod",), "allow: [W0902]"), (("bare", "--empty"), "# allow: [W0902]")):
        status, output = run("new", "pack", *args)
        assert status == 0, output
        manifest = (here / args[0] / "pack.yaml").read_text()
        assert "turns the next line on with the first." not in manifest
        assert (
            "# so for each one. The next line is on once the pack has one (`new card` turns it "
            f"on).\n{line}\n"
        ) in manifest


def test_a_manifest_the_designer_changed_is_left_as_it_is(here: Path) -> None:
    status, output = run("new", "pack", "mymod", "--empty")
    assert status == 0, output
    manifest = here / "mymod" / "pack.yaml"
    edited = manifest.read_text().replace("# allow: [W0902]", "allow: [W0430]  # mine")
    manifest.write_text(edited)
    status, output = run("new", "tech", "mymod", "laser_grid")
    assert status == 0, output
    assert manifest.read_text() == edited
    assert "turned on" not in output


def test_an_entry_a_mod_asked_for_with_it_moves_is_not_told(here: Path) -> None:
    """`tune` validates a pack with its tuned mod, which replaces the pack's sixteenth
    faction: W0902 is then told in the mod's file, and the pack's own `allow: [W0902]`,
    needed when the pack is validated alone, was told stale."""
    _mod(here, "[W0902]")
    top = here / "top"
    top.mkdir()
    (top / "pack.yaml").write_text(
        "id: top\nname: Top\nversion: 0.1.0\ngame: lastlight\ndepends: {mod: '>=0.1'}\n"
        "allow: [W0902]\n",
        "utf-8",
    )
    replaced = FACTION.replace("name: Rebels", "name: Rebels\n  replace: true")
    replaced = replaced.replace("gain 1 common", "gain 2 common").replace("Gain 1", "Gain 2")
    (top / "factions.yaml").write_text(replaced)
    assert _told("mod") == []
    assert _told("mod", "top") == []
