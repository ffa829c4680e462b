"""Games are found through the ``whitedwarf.games`` entry point group (issue 7 item 3).

Last Light is found from this distribution's own metadata; a third-party game is simulated
by adding an entry point for the tiny game of ``tests/dsl/tiny_game`` and validating a pack
written for it. What is read from the installed games is cached; ``games.forget()`` clears
every such cache (wherever it lives), before the tiny game is added and after it is gone.
"""

import importlib
import pkgutil
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest
import whitedwarf.dsl
import whitedwarf.interpreter
import whitedwarf.tools
from whitedwarf.dsl.packs import games
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.dsl.packs.schemas import schema_of


def test_last_light_is_registered_by_the_installed_distribution():
    names = {point.name: point.value for point in entry_points(group=games.GROUP)}
    assert names["lastlight"] == "whitedwarf.interpreter.lastlight:GAME"
    assert games.installed_games()["lastlight"].name == "lastlight"


@pytest.fixture
def tiny_installed(monkeypatch):
    """The tiny game's entry point beside the installed ones, as pip would add it."""
    real = games.entry_points

    def with_tiny(group: str):
        tiny = EntryPoint("tiny", "tests.dsl.tiny_game:GAME", games.GROUP)
        return [*real(group=group), tiny] if group == games.GROUP else real(group=group)

    monkeypatch.setattr(games, "entry_points", with_tiny)
    games.forget()
    yield
    monkeypatch.undo()
    games.forget()


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


def _manifest_games() -> list[str]:
    return schema_of("lastlight", "pack")["properties"]["game"]["enum"]


def test_forget_reads_the_installed_games_again(monkeypatch, tmp_path):
    pack = _pack(tmp_path / "garden", "when dawn -> sow 2 bean")
    games.forget()
    installed = _manifest_games()  # Last Light and Starlight, and any other installed game
    assert "tiny" not in installed
    before = load_packs([pack], bundled=False)
    assert [d.code for d in before.errors] == ["E0702"]  # `tiny` is not an installed game
    real = games.entry_points
    tiny = EntryPoint("tiny", "tests.dsl.tiny_game:GAME", games.GROUP)
    monkeypatch.setattr(games, "entry_points", lambda group: [*real(group=group), tiny])
    assert "tiny" not in _manifest_games()  # remembered until forgotten
    games.forget()
    assert _manifest_games() == sorted([*installed, "tiny"])
    assert load_packs([pack], bundled=False).errors == []
    monkeypatch.undo()
    games.forget()
    assert _manifest_games() == installed
    assert [d.code for d in load_packs([pack], bundled=False).errors] == ["E0702"]


#: functools caches not keyed by the installed games, each with why.
NOT_ABOUT_GAMES = {
    "whitedwarf.dsl.parser.lark_parser": "the effect grammar, the same for every game",
    "whitedwarf.dsl.parser.parse": "effect text to syntax tree: no game's words involved",
    "whitedwarf.dsl.parser._keyword_text": "a grammar terminal's text",
    "whitedwarf.tools.editor.effect_context._key_pattern": "keyed by the effect keys "
    "themselves: another game's keys have their own entry",
    "whitedwarf.dsl.render._units": "keyed by the resources' names and texts themselves: "
    "another game's vocabulary has its own entry",
    "whitedwarf.tools.tui.rulebook.sections": "the rulebook words the terminal quotes, "
    "shipped with whitedwarf: the same whichever games are installed",
}


def _game_packages() -> tuple[str, ...]:
    """The package of each installed game: its caches are that game's own tables, built
    from its own code, not from which games are installed."""
    modules = [game.registry.partition(":")[0] for game in games.installed_games().values()]
    return tuple(module.rpartition(".")[0] + "." for module in modules)


def _functools_caches():
    for package in (whitedwarf.dsl, whitedwarf.interpreter, whitedwarf.tools):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            try:
                module = importlib.import_module(info.name)
            except ImportError:  # an optional extra that is not installed: nothing cached
                continue
            for value in vars(module).values():
                wrapped = getattr(value, "__wrapped__", None)
                if hasattr(value, "cache_clear") and getattr(value, "__module__", "") == info.name:
                    yield f"{info.name}.{getattr(wrapped, '__name__', value)}", value


def test_forget_clears_every_cache_that_depends_on_the_installed_games():
    """A new ``functools.cache`` fails here until it is marked ``@games.remembers_games``
    (its results depend on the installed games) or listed above with the reason it does not."""
    remembered = games.remembering()
    unclassified = [
        name
        for name, cached in _functools_caches()
        if cached not in remembered
        and name not in NOT_ABOUT_GAMES
        and not name.startswith(_game_packages())
    ]
    assert unclassified == []
    found = {name for name, _ in _functools_caches()}
    assert set(NOT_ABOUT_GAMES) <= found  # no stale entries
    assert {f"{c.__module__}.{c.__wrapped__.__name__}" for c in remembered} <= found
    assert all(callable(getattr(c, "cache_clear", None)) for c in remembered)
