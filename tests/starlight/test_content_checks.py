"""Starlight's own checks of its files (interpreter/starlight/checks.py), and the content
model the engine reads (interpreter/starlight/content.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.starlight.content import slot_size_for

from tests.starlight.helpers import MINI, mini

BREAKS = {
    "E0940": ("rondel.yaml", "{id: flares, action: gain_flares}",
              "{id: flares, action: gain_flares, constellations: [lyra, cygnus]}"),
    "E0941": ("rondel.yaml", "constellations: [orion, draco]", "constellations: [orion, hydrus]"),
    "E0942": ("sky.yaml", "links: [[orion_1, orion_2]]", "links: [[orion_1, lyra_2]]"),
    "E0943": ("sky.yaml", "privilege: extra_action_point, target: true}",
              "privilege: extra_action_point}"),
    "E0944": ("accolades.yaml", "- {id: accolade_flares", "#"),
    "E0948": ("starbots.yaml", "night_points: 2, accolade: 1}", "night_points: 2, accolade: null}"),
    "E0949": ("sky.yaml", "links: [[orion_1, orion_2]]",
              "links: [[orion_1, orion_2], [orion_2, orion_1]]"),
}  # fmt: skip


@pytest.mark.parametrize("code", sorted(BREAKS))
def test_each_check_finds_its_problem(tmp_path: Path, code: str) -> None:
    pack = tmp_path / "mini"
    shutil.copytree(MINI, pack)
    name, old, new = BREAKS[code]
    path = pack / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = load_packs([pack])
    assert [d.code for d in result.errors] and {d.code for d in result.errors} == {code}


def test_a_ray_colour_written_twice_is_refused_at_its_second_line(tmp_path: Path) -> None:
    """The engine kept the last counts of a colour: a second `red` line replaced the first
    and the pack validated clean, a value that did nothing."""
    pack = tmp_path / "mini"
    shutil.copytree(MINI, pack)
    rays = pack / "rays.yaml"
    rays.write_text(rays.read_text("utf-8") + "  - {colour: red, long: 5, short: 1}\n", "utf-8")
    (found,) = load_packs([pack]).errors
    assert found.code == "E0949" and found.span is not None
    assert (found.span.path.endswith("rays.yaml"), found.span.line) == (True, 9)
    assert found.message == "the ray colour `red` is written twice; the first line would not count"


def test_the_mini_pack_is_clean() -> None:
    """Clean but for W0949: its 6 gods, 2 a live player, deal the gods to 3 live players at
    most, which is all the engine's tests seat."""
    result = load_packs([MINI])
    assert result.errors == []
    assert [(d.code, d.message) for d in result.warnings] == [
        (
            "W0949",
            "the packs have 6 gods and setup deals 2 to each live player: a game of more than "
            "3 live players cannot be dealt with the gods (`--option gods=true`)",
        )
    ]


def test_the_content_model_reads_the_sky_and_the_cards() -> None:
    content = mini()
    assert content.slots["hydrus_2"].links == ["hydrus_1"]
    assert content.constellations["hydrus"] == ["hydrus_1", "hydrus_2", "hydrus_3", "hydrus_4"]
    assert sum(content.rays.values()) == 36
    assert content.compiled("flares.boon", "flare_stars")["kind"] == "flare_boon"
    assert content.compiled("flares", "flare_stars")["kind"] == "flare_points"
    assert content.number("ap_per_turn") == 5
    assert [slot_size_for(m) for m in range(1, 9)] == [
        None, "small", "small", "medium", "medium", "large", "large", None]  # fmt: skip


def test_a_starbot_deck_that_is_not_28_cards_warns(tmp_path: Path) -> None:
    """003 "Components": 28 Starbots. The mini pack's 8 are allowed in its pack.yaml; without
    that, W0902 says so at the last card."""
    pack = tmp_path / "mini"
    shutil.copytree(MINI, pack)
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text("utf-8").replace(", W0902]", "]"), "utf-8")
    result = load_packs([pack])
    (found,) = [w for w in result.warnings if w.code != "W0949"]  # 6 gods: the test above
    assert found.code == "W0902" and result.errors == []
    assert found.message == "there are 8 Starbot cards, but the box has 28"
    assert found.span is not None and found.span.path.endswith("starbots.yaml")
    assert found.hint is not None and found.hint.startswith("add a card")


def test_a_constellation_on_two_launch_spaces_or_none_is_told_where_to_change_it(
    tmp_path: Path,
) -> None:
    """E0941 pointed at the rondel's first space (a gain space) for both: `hydrus` named on a
    second launch space is told at that name, `draco` left on none at its id in sky.yaml."""
    pack = tmp_path / "mini"
    shutil.copytree(MINI, pack)
    rondel = pack / "rondel.yaml"
    text = rondel.read_text("utf-8")
    rondel.write_text(text.replace("[orion, draco]", "[orion, hydrus]"), "utf-8")
    found = {d.message: d for d in load_packs([pack]).errors}
    twice = found["constellation `hydrus` is on more than one launch space; each is on one"]
    none = found["constellation `draco` is on no launch space; each is on one"]
    assert twice.span is not None and none.span is not None
    line = text.splitlines()[twice.span.line - 1]
    assert line[twice.span.column - 1 :].startswith("draco]")  # the name written over draco
    assert none.span.path.endswith("sky.yaml")
    sky = (pack / "sky.yaml").read_text("utf-8").splitlines()
    assert sky[none.span.line - 1][none.span.column - 1 :] == "draco"
    assert none.hint == "name it on one launch space of rondel.yaml, or remove it from the sky"


def test_a_sky_slot_no_star_can_reach_is_refused_at_its_id(tmp_path: Path) -> None:
    """E0951: two slots linked only to each other, neither a target, validated clean; no
    star could ever go to either (003 "Choosing a Destination Slot"), so their night points
    did nothing. Linked to a slot a target reaches, they are good."""
    pack = tmp_path / "mini"
    shutil.copytree(MINI, pack)
    sky = pack / "sky.yaml"
    text = sky.read_text("utf-8")
    assert "links: [[orion_1, orion_2]]" in text
    slot = "{id: orion_2, "
    start = text.index(slot)
    line = text[text.rindex("\n", 0, start) + 1 : text.index("\n", start) + 1]
    extra = line.replace("orion_2", "orion_8").replace("target: true", "target: false")
    extra += extra.replace("orion_8", "orion_9")
    sky.write_text(
        text.replace(line, line + extra).replace(
            "links: [[orion_1, orion_2]]", "links: [[orion_1, orion_2], [orion_8, orion_9]]"
        ),
        "utf-8",
    )
    found = load_packs([pack]).errors
    assert [d.code for d in found] == ["E0951", "E0951"]
    assert found[0].message == (
        "slot `orion_8` of `orion` can never hold a star: it is no target slot, and no chain "
        "of links joins it to one"
    )
    assert found[0].hint == "link it to a slot of its constellation (`links`), or remove it"
    assert found[0].span is not None
    lines = sky.read_text("utf-8").splitlines()
    assert lines[found[0].span.line - 1][found[0].span.column - 1 :].startswith("orion_8,")
    joined = sky.read_text("utf-8").replace(
        "[orion_8, orion_9]", "[orion_2, orion_8], [orion_8, orion_9]"
    )
    sky.write_text(joined, "utf-8")
    assert load_packs([pack]).errors == []
