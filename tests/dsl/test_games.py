"""Games are found through the ``whitedwarf.games`` entry point group (issue 7 item 3).

Last Light is found from this distribution's own metadata; a third-party game is simulated
by adding an entry point for the tiny game of ``tests/dsl/tiny_game`` and validating a pack
written for it.
"""

from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest
from whitedwarf.dsl.packs import games, schemas
from whitedwarf.dsl.packs.loader import load_packs


def test_last_light_is_registered_by_the_installed_distribution():
    names = {point.name: point.value for point in entry_points(group=games.GROUP)}
    assert names["lastlight"] == "whitedwarf.interpreter.lastlight:GAME"
    assert games.installed_games()["lastlight"].name == "lastlight"


#: What is read once per process from the installed games (the manifest's `game` enum too).
CACHES = (
    games.installed_games,
    games.game_registry,
    games.game_spec,
    games.game_engine,
    schemas.schema_of,
    schemas.validator,
    schemas.quick_check,
)


@pytest.fixture
def tiny_installed(monkeypatch):
    """The tiny game's entry point beside the installed ones, as pip would add it."""
    real = games.entry_points

    def with_tiny(group: str):
        tiny = EntryPoint("tiny", "tests.dsl.tiny_game:GAME", games.GROUP)
        return [*real(group=group), tiny] if group == games.GROUP else real(group=group)

    monkeypatch.setattr(games, "entry_points", with_tiny)
    for cached in CACHES:
        cached.cache_clear()
    yield
    for cached in CACHES:
        cached.cache_clear()


def _pack(folder: Path, effect: str) -> Path:
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        "id: garden\nname: Garden\nversion: 1.0.0\ngame: tiny\n", encoding="utf-8"
    )
    (folder / "spells.yaml").write_text(
        f"- id: sunrise\n  name: Sunrise\n  source: invented\n  effect: {effect}\n",
        encoding="utf-8",
    )
    return folder


def test_a_pack_of_an_installed_third_party_game_validates(tiny_installed, tmp_path):
    result = load_packs([_pack(tmp_path / "garden", "when dawn -> sow 2 bean")], bundled=False)
    assert result.errors == []
    assert result.pack is not None and result.pack.game == "tiny"


def test_the_third_party_games_words_are_checked_against_its_own_registry(tiny_installed, tmp_path):
    result = load_packs([_pack(tmp_path / "garden", "when dawn -> gain 2 bean")], bundled=False)
    assert [d.code for d in result.errors] == ["E0401"]  # an unknown verb: `gain` is not tiny's
    assert "`gain`" in result.errors[0].message
