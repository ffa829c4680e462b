"""The Starlight cases of the broken-pack corpus (tests/fixtures/packs/starlight_*).

``tests/packs/test_corpus.py`` checks each case's diagnostics against its expected.txt; here:
the shared Starlight base the cases build on is itself valid, every diagnostic stands inside
the mod's own file, and the checker's, references' and Starlight's own checks (E04xx, E09xx)
each carry a hint saying what to write instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.loader import load_pack

from tests.packs.corpus import FIXTURES, SHARED, run_case

CASES = sorted(FIXTURES.glob("starlight_*"))


def test_there_are_starlight_cases() -> None:
    assert len(CASES) >= 8


def test_the_shared_starlight_base_is_valid() -> None:
    result = load_pack(SHARED / "starlight_base", bundled=False)
    assert result.diagnostics == []
    assert result.pack is not None


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_diagnostics_are_located_in_the_mod_with_hints(
    case: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(case)
    result = run_case(case)
    assert result.diagnostics and result.pack is None
    for diagnostic in result.diagnostics:
        assert diagnostic.span is not None and diagnostic.span.path.startswith("mod/")
        assert diagnostic.span.line > 0 and diagnostic.span.column > 0
        if diagnostic.code[:3] in ("E04", "E09"):
            assert diagnostic.hint, diagnostic.headline()


def test_a_missing_or_mistyped_field_says_what_the_field_is(tmp_path: Path) -> None:
    """A stranger's Starlight mod: a flare without its green box and a Starbot card whose
    accolade place is a word. Each error says what the field holds (from the schema), so the
    modder knows what to write without opening the schema."""
    mod = _starmod(
        tmp_path,
        flares="- id: nova\n  name: Nova\n  source: invented\n  points: gain 2 night_points\n",
        starbots="- id: overdrive\n  name: Overdrive\n  source: invented\n"
        "  action: gain_cores\n  night_points: 1\n  accolade: first_alpha\n",
    )
    found = {d.code: d for d in load_pack(mod).diagnostics}
    missing, mistyped = found["E0603"], found["E0604"]
    assert missing.message == "this flare needs `boon`"
    assert missing.hint is not None and missing.hint.startswith("`boon` is the green box")
    assert mistyped.span is not None and (mistyped.span.line, mistyped.span.column) == (6, 13)
    assert mistyped.hint is not None and "the accolade place" in mistyped.hint


def test_an_accolade_place_out_of_range_says_what_the_place_is(tmp_path: Path) -> None:
    """003 "Starbot Play": five accolade locations; place 6 is E0606 with what the field is."""
    mod = _starmod(
        tmp_path,
        starbots="- {id: sb6, name: Six, source: invented, action: launch, night_points: 3,"
        " accolade: 6}\n",
    )
    (found,) = load_pack(mod).diagnostics
    assert (
        found.code == "E0606"
        and found.message == "`accolade` is 6, out of range: it must be 1 to 5"
    )
    assert found.hint is not None and found.hint.startswith("`accolade` is the accolade place")


def test_removing_a_card_the_base_still_names_is_reported_at_the_removal(tmp_path: Path) -> None:
    """docs/packs.md: a mod's removal that breaks a reference of the base pack (the sky's
    slots name the privilege Refill Rays) stands at the mod's own `remove` line, once, with
    the places that still name the card, not as five errors inside the bundled sky.yaml."""
    mod = _starmod(tmp_path, privileges="- {id: refill_rays, remove: true}\n")
    found = [d for d in load_pack(mod).diagnostics if d.code == "E0902"]
    assert len(found) == 1
    (removal,) = found
    assert removal.span is not None and removal.span.path.endswith("privileges.yaml")
    assert (removal.span.line, removal.span.column) == (1, 8)
    assert removal.message.startswith("starmod removes privilege `refill_rays`, which 5 places")
    assert removal.hint is not None and "replace: true" in removal.hint


def test_a_removed_privilege_a_base_laurel_counts_is_reported_at_the_removal(
    tmp_path: Path,
) -> None:
    """The base laurel that counts `your refill_rays privileges` is told once, at the mod's
    remove line (E0945), like the sky's slots that name it (E0902)."""
    mod = _starmod(tmp_path, privileges="- {id: refill_rays, remove: true}\n")
    found = {d.code: d for d in load_pack(mod).diagnostics}
    assert sorted(found) == ["E0902", "E0945"]
    named = found["E0945"]
    assert named.span is not None and named.span.path.endswith("starmod/privileges.yaml")
    assert "which 1 place still names (at " in named.message and "laurels.yaml:" in named.message


def test_removing_an_accolade_the_starbot_deck_marks_is_reported_at_the_removal(
    tmp_path: Path,
) -> None:
    """003 "Starbot Play": the base deck marks accolade places 1 to 5; a mod that removes
    one accolade leaves four, and the one error says so at its own line, not five times
    inside the bundled starbots.yaml."""
    mod = _starmod(tmp_path, accolades="- {id: first_alpha, remove: true}\n")
    (found,) = load_pack(mod).diagnostics
    assert found.code == "E0944" and found.span is not None
    assert found.span.path.endswith("starmod/accolades.yaml") and found.span.line == 1
    assert found.message.startswith("starmod removes accolade `first_alpha`, leaving 4, but 5")
    assert found.hint is not None and "replace: true" in found.hint


def _starmod(folder: Path, **files: str) -> Path:
    """A Starlight mod of the bundled pack with the given card files (``gods="..."``),
    its manifest as `new pack` writes it."""
    mod = folder / "starmod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: starmod\nname: Starmod\nversion: 0.1.0\ngame: starlight\n"
        'depends:\n  starlight: ">=1.0,<2"\n'
        "allow: [W0902]\n"  # as `new pack` writes: a card added to the deck is the 29th
    )
    for name, text in files.items():
        (mod / f"{name}.yaml").write_text(text)
    return mod


def test_a_setup_dealing_more_gods_than_five_players_can_have_is_told(tmp_path: Path) -> None:
    """A mod dealt 4 gods a player from the 10 (12 with its own two) and validated clean;
    `play` with 4 live players and the gods then refused, "this game needs 16 gods". W0949
    says so at validate, at the number, with how many each count of live players allows."""
    setup = (bundled_pack("starlight") / "setup.yaml").read_text()
    assert "gods_per_player: 2\n" in setup
    mod = _starmod(tmp_path, setup=setup.replace("gods_per_player: 2\n", "gods_per_player: 3\n"))
    [found] = [d for d in load_pack(mod).diagnostics if d.code == "W0949"]
    assert found.message == (
        "the packs have 10 gods and setup deals 3 to each live player: a game of more than 3 "
        "live players cannot be dealt with the gods (`--option gods=true`)"
    )
    assert found.hint == (
        "add 5 gods (gods.yaml), or deal at most 2 (`gods_per_player: 2`) for five live players"
    )
    assert found.span is not None and found.span.path.endswith("starmod/setup.yaml")


def test_removing_laurels_below_a_five_player_deal_is_told_at_the_removal(tmp_path: Path) -> None:
    laurels = (bundled_pack("starlight") / "laurels.yaml").read_text()
    ids = [line.split("id: ")[1] for line in laurels.splitlines() if line.startswith("- id: ")]
    removals = "".join(f"- {{id: {laurel}, remove: true}}\n" for laurel in ids[:30])
    mod = _starmod(tmp_path, laurels=removals)
    [found] = [d for d in load_pack(mod).diagnostics if d.code == "W0949"]
    assert found.message.startswith(
        f"the packs have {len(ids) - 30} laurels and setup deals 3 to each live player: a game "
        "of more than 4 live players cannot be dealt"
    )
    assert found.span is not None and found.span.line == 30  # the last removal's line
