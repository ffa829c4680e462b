"""Importing a module of the engine changes no other module (issue 26 item 2).

What the engine connects (the achievement check after every verb, the functions of the
vocabulary's words, the rules' task handlers) is connected where a game is set up
(``lastlight.game.wire``, ``game.HANDLERS``, Starlight's ``Game``), never by a module's import
writing into another module (``hooks`` used to set ``effects.after_verb``; each rules module
registered its task kind in ``decisions``). Whether a module was imported first must not
change how a game plays.

One fresh interpreter imports every module of ``dsl`` and ``interpreter``, each after the
modules it imports (:func:`tests.architecture.test_import_cycles.graph`), and compares the
names of every module loaded before (each global's identity, and the items of a dict, list or
set global) with what they were just before the import.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from tests.architecture.test_import_cycles import graph

PARTS = ("whitedwarf.dsl", "whitedwarf.interpreter")
#: Changes an import may make, each with why. ``@remembers_games`` (dsl/packs/games.py) lists
#: a cache of the installed games so ``games.forget`` clears it: a cache of a module never
#: imported holds nothing to forget, so what is listed never changes what a game does.
ALLOWED = {
    "importing whitedwarf.dsl.packs.schemas changed whitedwarf.dsl.packs.games._REMEMBERING":
        "the schemas' caches of the installed games, cleared by games.forget",
}  # fmt: skip

_PROBE = textwrap.dedent(
    """
    import importlib, json, sys, types

    def shallow(value):
        if isinstance(value, dict):
            return ("dict", tuple((repr(k), id(v)) for k, v in value.items()))
        if isinstance(value, (list, set, frozenset, tuple)):
            return (type(value).__name__, tuple(sorted(id(v) for v in value)))
        return None

    def snapshot():
        found = {}
        for name, module in list(sys.modules.items()):
            if not name.startswith("whitedwarf"):
                continue
            found[name] = {
                key: (id(value), shallow(value))
                for key, value in vars(module).items()
                if not isinstance(value, types.ModuleType)  # a submodule bound on its package
            }
        return found

    changes = []
    for name in json.loads(sys.argv[1]):
        if name in sys.modules:
            continue
        before = snapshot()
        importlib.import_module(name)
        after = snapshot()
        for other, names in before.items():
            for key in sorted(set(names) | set(after[other])):
                if names.get(key) != after[other].get(key):
                    changes.append(f"importing {name} changed {other}.{key}")
    print(json.dumps(changes))
    """
)


def _deps_first() -> list[str]:
    """The engine's modules, each after every module it imports (depth first)."""
    edges = graph()
    order: list[str] = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        seen.add(name)
        for child in sorted(edges[name]):
            if child not in seen:
                visit(child)
        if name.startswith(PARTS):
            order.append(name)

    for name in sorted(edges):
        if name.startswith(PARTS) and name not in seen:
            visit(name)
    return order


def test_importing_a_module_changes_no_other_module() -> None:
    order = _deps_first()
    assert "whitedwarf.interpreter.lastlight.hooks" in order
    ran = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(order)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    changes = [change for change in json.loads(ran.stdout) if change not in ALLOWED]
    assert changes == [], "\n".join(changes)
