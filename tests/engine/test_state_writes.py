"""No module of Last Light's engine but ``state.py`` writes the state (issue 26).

The memos of ``versions.py`` are right only if every change of what they read renews its
stamp, and ``state.py``'s functions are the ones that do (each renews its own). This test
reads the source of every module of ``interpreter/lastlight/`` but ``state.py`` with ``ast``
and flags each write whose target is reached from the state:

* an assignment, augmented assignment, annotated assignment or ``del`` of a subscript or
  attribute chain rooted at such a name (``state["round"] = ...``, ``player["light"] += 1``);
* a call of a mutating method (:data:`MUTATORS`: ``append``, ``pop``, ``update``,
  ``setdefault``, ``remove``, ``clear``, ``insert``, ``extend``, ``sort`` ...) on such a
  name or on a subscript chain rooted at one (``state["discard"].append(ref)``).

A name is *reached from the state* (by the conventions of the engine's code) when it is a
parameter named ``state`` or one of :data:`PART_PARAMS` (``player``, ``p``, ``ship``,
``extractor``, ``tech``, ``sector``, ``planet``: the engine's names for the parts of a state
it passes around), or when a function binds it, by assignment or as a ``for`` target, from an
expression rooted at a name reached from the state (``p = state["players"][seat]``, ``for
ship in state["ships"].values()``, ``ship = state["ships"].get(sid)``).

Out of the scan by design: the engine's program counter, the parts of the state under
:data:`CONTROL` (the task stack, the effect frames, the queue of resolutions, the dice of the
roll being resolved, the phase, the result) and what is reached through them (a task ``t``, a
frame). They are the control flow of the modules that run them; no memo reads them but
through the task object itself, by identity and step (``versions.asked_options``,
``command.Listing``), and the conditions that read dice read "everything" and are never
skipped (``conditions.py``).

What the scan cannot see: a part of the state reached through a call (``fleet(state).of(seat)``,
``find_card(state, ref)``) or kept under another name than those above, a write through
``setattr``/``operator`` functions or an alias made inside a comprehension, and writes in
modules outside ``interpreter/lastlight/``. The memo audit (``test_versions.py``) stays the
guard for those: it compares every memo with a fresh walk in seeded games.

:data:`ALLOWED` lists the writes that remain outside ``state.py``, each with why.
"""

from __future__ import annotations

import ast
from pathlib import Path

import whitedwarf.interpreter.lastlight as lastlight

ENGINE = Path(lastlight.__file__).parent
#: The state module: the one that writes the state.
STATE_MODULES = frozenset({"state.py"})
MUTATORS = frozenset(
    {"append", "pop", "popitem", "update", "setdefault", "remove", "clear", "insert",
     "extend", "sort", "reverse", "add", "discard"}
)  # fmt: skip
#: Parameters that hold a part of the state by the engine's naming conventions.
PART_PARAMS = frozenset({"state", "player", "p", "ship", "extractor", "tech", "sector", "planet"})
#: Calls whose result holds what their arguments hold (``for p, x in zip(state["players"], ...)``).
ITERATORS = frozenset({"zip", "enumerate", "sorted", "reversed", "list", "tuple", "iter"})
#: The slots of a state object beside its data (``versions.GameState``): not the state's data.
SLOTS = frozenset({"memo", "running"})
#: Top-level keys of the state that are the engine's control flow (module docstring).
CONTROL = frozenset({"stack", "frames", "queue", "dice", "phase", "result"})

#: ``(module, function)`` -> why its writes of the state are not ``state.py``'s.
_DEALS = (
    "deals the new game (000 'setup') before any memo of it is made: setup.new_state runs it"
    " before anything asks for the state's versions, and what it writes (the board, the decks,"
    " the box, the cards dealt) is no memo's domain"
)
_FILLS = (
    "fills the hidden parts of a fresh clone of a view (a determinised state for search),"
    " whose memos are empty until it is played"
)
_SCENARIO = (
    "a public helper writing a rule scenario's position by hand (docs/scenarios.md); it ends"
    " with Game.edited, which drops the position's memos"
)
ALLOWED: dict[tuple[str, str], str] = {
    ("setup.py", "_place_board"): _DEALS,
    ("setup.py", "_deal_tech_deck"): _DEALS,
    ("setup.py", "_deal_secrets"): _DEALS,
    ("determinise.py", "_fill_player"): _FILLS,
    ("determinise.py", "_fill_tokens"): _FILLS,
    ("scenario.py", "clear_board"): _SCENARIO,
    ("scenario.py", "put_ship"): _SCENARIO,
    ("scenario.py", "give"): _SCENARIO,
    ("scenario.py", "put_tech"): _SCENARIO,
    ("scenario.py", "keep"): _SCENARIO,
    ("scenario.py", "put_token"): _SCENARIO,
    ("scenario.py", "_to_supply"): _SCENARIO + " (called by give and clear_board's callers)",
    ("scenario.py", "rig_dice"): (
        "a scenario helper that sets the generator's state so the next dice show the faces"
        " asked for (docs/scenarios.md); no memo reads the generator"
    ),
}


def _root(node: ast.AST) -> tuple[str | None, str | None]:
    """The name an expression is reached from, and the first string key taken from it
    (``state["players"][0]`` -> ``("state", "players")``): through subscripts, attributes
    and method calls (``state["ships"].get(sid)``, ``.values()``)."""
    key = None
    while True:
        if isinstance(node, ast.Subscript):
            if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                key = node.slice.value
            node = node.value
        elif isinstance(node, ast.Attribute):
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            node = node.func.value
        else:
            break
    return (node.id if isinstance(node, ast.Name) else None), key


class _Writes(ast.NodeVisitor):
    """The state writes of one function (nested functions scanned on their own)."""

    def __init__(self, module: str, function: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.module = module
        self.name = function.name
        args = function.args
        params = [*args.posonlyargs, *args.args, *args.kwonlyargs]
        self.reached = {a.arg for a in params if a.arg in PART_PARAMS}
        self.found: list[tuple[str, str, int, str]] = []
        for statement in function.body:
            self.visit(statement)

    def _from_state(self, node: ast.AST) -> bool:
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ITERATORS
        ):
            return any(self._from_state(arg) for arg in node.args)
        name, key = _root(node)
        return name in self.reached and key not in CONTROL

    def _bind(self, target: ast.AST, value: ast.AST) -> None:
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
            if len(target.elts) == len(value.elts):  # a, b = x, y: each from its own
                for t, v in zip(target.elts, value.elts, strict=True):
                    self._bind(t, v)
            return
        if not self._from_state(value) or (isinstance(value, ast.Name) and value.id == "state"):
            return
        for t in target.elts if isinstance(target, ast.Tuple) else [target]:
            if isinstance(t, ast.Name):
                self.reached.add(t.id)

    def _flag(self, node: ast.AST, target: ast.AST) -> None:
        if isinstance(target, ast.Attribute) and target.attr in SLOTS:
            return  # the state object's memo slots, not its data
        if isinstance(target, ast.Subscript | ast.Attribute) and self._from_state(target):
            self.found.append((self.module, self.name, node.lineno, ast.unparse(node)[:70]))

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        pass  # scanned on its own

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            for t in target.elts if isinstance(target, ast.Tuple) else [target]:
                self._flag(node, t)
            self._bind(target, node.value)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self._flag(node, node.target)
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._flag(node, node.target)
        if node.value is not None:
            self._bind(node.target, node.value)
        self.generic_visit(node)

    def visit_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            self._flag(node, target)
        self.generic_visit(node)

    def visit_For(self, node: ast.For) -> None:
        self._bind(node.target, node.iter)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in MUTATORS:
            owner = func.value
            name, key = _root(owner)
            reached = name in self.reached and key not in CONTROL
            if reached and isinstance(owner, ast.Subscript | ast.Name):
                self.found.append((self.module, self.name, node.lineno, ast.unparse(node)[:70]))
        self.generic_visit(node)


def state_writes() -> list[tuple[str, str, int, str]]:
    """Every write of the state outside the state module: ``(module, function, line,
    source)``."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        module = path.relative_to(ENGINE).as_posix()
        if module in STATE_MODULES:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                found += _Writes(module, node).found
    return found


def test_no_module_but_state_writes_the_state() -> None:
    unexplained = [w for w in state_writes() if (w[0], w[1]) not in ALLOWED]
    assert not unexplained, "writes of the state outside state.py:\n" + "\n".join(
        f"{m}:{line} ({f}): {src}" for m, f, line, src in unexplained
    )


def test_every_allowed_function_still_writes() -> None:
    """An entry of :data:`ALLOWED` whose function no longer writes the state goes."""
    writing = {(m, f) for m, f, _, _ in state_writes()}
    assert not set(ALLOWED) - writing, sorted(set(ALLOWED) - writing)


def test_the_scan_sees_each_kind_of_write(tmp_path: Path) -> None:
    """Each kind of write the docstring names is flagged, and reads are not."""
    source = """
def f(state, seat):
    state["round"] = 1
    player = state["players"][seat]
    player["light"] += 1
    del state["ships"]["s1"]
    state["discard"].append("x")
    for ship in state["ships"].values():
        ship["moved"] = False
    state["stack"][-1]["pc"] = "over"
    top = state["stack"][-1]
    top["ask"] = None
    local = []
    local.append(state["round"])
"""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef):
            found += _Writes("m.py", node).found
    assert [line for _, _, line, _ in found] == [3, 5, 6, 7, 9]
