"""Each game is one package, and the shared layers import no game (issue 26, item 2).

The shared layers (the effect language, the machine, the runner, the engines' contract, the
bots, replays, the state helpers, simulation, the agents' search core, the RL adapters and the
command-line tools) reach a game only through its ``GameEngine`` entry, so a game's rules,
agents, records, narration and views sit in its own package and a new game changes none of
them. Every import is read from the source (``ast``), those inside functions included, so a
lazy import cannot hide a dependency; and no module names a module of the tools by string
(``"whitedwarf.tools.render.lastlight:drawing"``), which mypy and the import graph cannot see.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: The games' packages: no shared layer may import one of their modules.
GAMES = ("whitedwarf.interpreter.lastlight", "whitedwarf.interpreter.starlight")

#: The shared layers, as folders or files of the source tree (docs/architecture.md).
SHARED = (
    "dsl",
    "interpreter/vm.py",
    "interpreter/runner.py",
    "interpreter/engines.py",
    "interpreter/contract.py",
    "interpreter/bots.py",
    "interpreter/replay.py",
    "interpreter/state.py",
    "interpreter/bindings.py",
    "interpreter/card_state.py",
    "interpreter/card_uses.py",
    "interpreter/save_names.py",
    "interpreter/rng.py",
    "interpreter/simulation",
    "interpreter/agents",
    "interpreter/rl",
    "tools",
)

#: Source folders -> the package they install as (pyproject.toml ``package-dir``), for
#: relative imports; the longest folder that holds a file wins.
PACKAGES = {
    "dsl": "whitedwarf.dsl",
    "interpreter": "whitedwarf.interpreter",
    "interpreter/rl": "whitedwarf.rl",
    "tools": "whitedwarf.tools",
    "tools/root": "whitedwarf",
}

#: Every folder of Python source whitedwarf installs.
SOURCES = ("dsl", "interpreter", "tools")


def _files(places: tuple[str, ...]) -> list[Path]:
    found: list[Path] = []
    for place in places:
        path = ROOT / place
        found += [path] if path.is_file() else sorted(path.rglob("*.py"))
    return found


def _package(path: Path) -> str:
    """The package ``path`` belongs to, as installed (for a relative import)."""
    relative = path.relative_to(ROOT).parent
    parts = relative.parts
    for end in range(len(parts), 0, -1):
        folder = "/".join(parts[:end])
        if folder in PACKAGES:
            return ".".join([PACKAGES[folder], *parts[end:]])
    raise AssertionError(f"{path} is in no package of pyproject.toml")


def imports(source: str, package: str = "") -> Iterator[tuple[int, str]]:
    """``(line, module)`` for every module ``source`` imports, at any depth: ``import a.b``
    gives ``a.b``; ``from a import b`` gives ``a`` and ``a.b`` (``b`` may be a module)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"


def strings(source: str) -> Iterator[tuple[int, str]]:
    """``(line, text)`` of every string constant of ``source`` but its docstrings."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield node.lineno, node.value


def _of_a_game(module: str) -> bool:
    return any(module == game or module.startswith(game + ".") for game in GAMES)


def _names_a_game(text: str) -> bool:
    return any(game in text for game in GAMES)


def test_the_scanner_sees_every_kind_of_import() -> None:
    """Imports inside functions, ``from`` imports of a module and relative ones are read."""
    source = (
        "import os\n"
        "def later():\n"
        "    from whitedwarf.interpreter import lastlight\n"
        "    from ..starlight import views\n"
        "class Kept:\n"
        "    def method(self):\n"
        "        import whitedwarf.interpreter.lastlight.game as game\n"
    )
    found = [m for _, m in imports(source, "whitedwarf.interpreter.simulation")]
    assert "whitedwarf.interpreter.lastlight" in found
    assert "whitedwarf.interpreter.starlight.views" in found
    assert "whitedwarf.interpreter.lastlight.game" in found
    assert [line for line, m in imports(source, "x") if _of_a_game(m)] == [3, 7]


def test_the_shared_layers_import_no_game() -> None:
    """dsl/, the machine, runner, engines, bots, replay, state, simulation/, agents/, rl/ and
    tools/ import no module of a game, not even inside a function."""
    files = _files(SHARED)
    assert len(files) > 100  # the layers were found
    found = []
    for path in files:
        source = path.read_text(encoding="utf-8")
        package = _package(path)
        games: dict[int, str] = {}  # line -> the game module it imports (one per line)
        for line, module in imports(source, package):
            if _of_a_game(module) and len(module) < len(games.get(line, module + ".")):
                games[line] = module
        found += [f"{path.relative_to(ROOT)}:{n}: imports {m}" for n, m in sorted(games.items())]
        found += [
            f"{path.relative_to(ROOT)}:{line}: names {text!r}"
            for line, text in strings(source)
            if _names_a_game(text)
        ]
    assert found == [], "a shared layer reaches a game without its GameEngine:\n" + "\n".join(found)


def test_no_module_outside_the_tools_names_them_by_string() -> None:
    """The engines hand their views over by real reference, never a ``"module:function"``
    string naming ``whitedwarf.tools``; nor does any other module outside ``tools/``."""
    found = []
    for path in _files(SOURCES):
        inside_tools = path.relative_to(ROOT).parts[0] == "tools"
        for line, text in strings(path.read_text(encoding="utf-8")):
            named = "whitedwarf.tools" in text
            reference = named and ":" in text and " " not in text.strip()
            if reference or (named and not inside_tools):
                found.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert found == [], "a module names the tools by string:\n" + "\n".join(found)


@pytest.mark.parametrize("game", ["lastlight", "starlight"])
def test_each_game_brings_its_agents_and_views_through_its_engine(game: str) -> None:
    """What the shared layers no longer import, the game's engine hands over: its agents,
    its board picture, its terminal views, its card book, its RL encoder and its gifts."""
    from whitedwarf.interpreter.engines import engine_for

    engine = engine_for(game)
    assert {"heuristic", "search"} <= set(engine.game_agents)
    assert set(engine.agents) >= {"random", "first", "heuristic", "search"}
    for part in (engine.drawing, engine.terminal, engine.card_book, engine.rl_spec):
        assert callable(part)
    assert engine.part(engine.drawing).score_name
    assert engine.giver is not None
    package = f"whitedwarf.interpreter.{game}."
    assert engine.part(engine.drawing).svg.__module__.startswith(package)
    assert type(engine.make_agent("heuristic", 3, 0, None)).__module__.startswith(package)


def test_the_shared_layers_are_those_docs_architecture_md_names() -> None:
    """The page named `contract.py` a shared layer, which this test did not hold, and the
    test held four modules the page did not name: both now list every top-level module of
    interpreter/, and each other's."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    layers = page.split("## Layers", 1)[1].split("\n## ", 1)[0]
    top = sorted(p.name for p in (ROOT / "interpreter").glob("*.py") if p.name != "__init__.py")
    held = sorted(Path(place).name for place in SHARED if place.startswith("interpreter/"))
    assert [name for name in top if f"{name}`" not in layers] == []
    assert [name for name in held if name.endswith(".py")] == top
