"""`whitedwarf lsp` on a Starlight mod, walked as docs/modding-tools.md tells a modder.

A Starlight card's effects are not under `effect:`: a flare has `points:` and `boon:`, a
laurel and an accolade `goal:` (interpreter/starlight/content_schema.py). The server knew
only `effect:`, so hover and completion answered nothing in a flare; and it indexed Last
Light's card files only, so a Starlight card id had no hover, no go to definition and no
completion. A resource's plural (`gain 2 long_rays`) hovered as "a word of `flush`".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types
from whitedwarf.tools.editor import server
from whitedwarf.tools.scaffold import new_card_of_game, new_pack

from tests.modtools.test_lsp import position
from tests.modtools.test_lsp_hostile import Quiet


@pytest.fixture(scope="module")
def starmod(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("mods")
    pack = root / "starmod"
    new_pack(pack, game="starlight")
    new_card_of_game(pack, "flare", "my_flare")
    new_card_of_game(pack, "core", "my_core")
    return pack


def hovered(ls: Quiet, uri: str, text: str, needle: str, offset: int = 1) -> str:
    found = server.hover(
        ls, types.HoverParams(types.TextDocumentIdentifier(uri), position(text, needle, offset))
    )
    assert found is not None, needle
    return found.contents.value


def completed(ls: Quiet, uri: str, text: str, needle: str) -> list[str]:
    at = position(text, needle, len(needle))
    found = server.completion(ls, types.CompletionParams(types.TextDocumentIdentifier(uri), at))
    return [item.label for item in found.items]


def test_a_flares_points_and_boon_are_effects(starmod: Path) -> None:
    ls = Quiet(starmod.parent)
    flares = starmod / "flares.yaml"
    text = flares.read_text()
    assert "points: gain (stars_launched) night_points" in text  # the skeleton's
    uri = ls.open(flares, text)
    assert "**stars_launched** (value)" in hovered(ls, uri, text, "stars_launched", 3)
    unit = hovered(ls, uri, text, "long_rays", 3)
    assert unit.startswith("**long_rays** (resource `long_ray`, plural)"), unit
    # after an amount, `night_points` is the unit gained before it is the value
    points = hovered(ls, uri, text, ") night_points", 4)
    assert points.index("(resource `night_point`") < points.index("(value)")
    typing = text.replace("boon: gain 2 long_rays", "boon: gain 2 long_r")
    ls.open(flares, typing)
    assert completed(ls, uri, typing, "boon: gain 2 long_r") == ["long_ray"]
    typing = text.replace("gain (stars_launched)", "gain (stars_la")
    ls.open(flares, typing)
    assert "stars_launched" in completed(ls, uri, typing, "gain (stars_la")


def test_starlight_card_ids_hover_lead_to_their_card_and_complete(starmod: Path) -> None:
    ls = Quiet(starmod.parent)
    cores = starmod / "cores.yaml"
    text = cores.read_text()
    uri = ls.open(cores, text)
    aspect = text.split("aspect: ", 1)[1].split()[0]  # the skeleton's aspect, a base card
    assert f"(`{aspect}`, aspects)" in hovered(ls, uri, text, f"aspect: {aspect}", 9)
    (target,) = server.definition(
        ls,
        types.DefinitionParams(
            types.TextDocumentIdentifier(uri), position(text, f"aspect: {aspect}", 9)
        ),
    )
    assert target.uri.endswith("/starlight/aspects.yaml")
    privileges = starmod / "privileges.yaml"
    typing = "- id: refill_r"
    uri = ls.open(privileges, typing)
    offered = completed(ls, uri, typing, "- id: refill_r")  # the editor filters by prefix
    assert "refill_rays" in offered and "launch_alpha_star" in offered  # the game's privileges
    assert "my_core" not in offered and aspect not in offered  # not another file's cards


def test_in_last_light_a_gained_word_is_the_resource_first(tmp_path: Path) -> None:
    pack = tmp_path / "pirates"
    new_pack(pack)
    ls = Quiet(tmp_path)
    exploration = pack / "exploration.yaml"
    text = exploration.read_text()
    uri = ls.open(exploration, text)
    assert hovered(ls, uri, text, "1 light", 3).startswith("**light** (resource)")
