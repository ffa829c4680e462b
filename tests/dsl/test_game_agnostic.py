"""``dsl/`` is game-agnostic (issue 7 item 3): no game's name and no game's word in it.

Every word of a game reaches the core through that game's registry. This test reads every
file under ``dsl/`` for the names of the games, and every string the code uses (messages,
keys, defaults; docstrings and comments explain and may show examples) for the words of the
Last Light and Starlight registries. A few words are the language's own or plain English as
well as a game's words; each is allowed below with the reason.
"""

import ast
import dataclasses
import re
from pathlib import Path

import pytest
from whitedwarf.dsl.registry import Flag
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight_registry

DSL = Path(__file__).parents[2] / "dsl"
GAME_NAMES = re.compile(r"last\s*light|starlight", re.IGNORECASE)

#: Registry words the core may say, and why.
ALLOWED = {
    "player": "every game has players; `you` is the player who owns an effect",
    "card": "the language's `this card` and card kinds: every game's effects sit on cards",
    "cards": "plural of card, in pack-merging messages",
    "here": "the grammar's word after a noun (`ships here`), resolved by the game's filter",
    "yours": "the grammar's `of yours`, resolved by the game's filter of that name",
    "opponents": "the grammar's `of opponents`, resolved by the game's filter of that name",
    "type": "English and JSON Schema's `type` key",
    "range": "the registry's own Range of numbers, and English",
    "resources": "the name of a registry section",
    "add": "English, in pack-merging messages (a pack adds a card)",
    "give": "English, in hints (`give the card an id`)",
    "own": "English, in hints (`its own id`)",
    # issue 29 item 7: a ship type's stat and a verb of Last Light
    "cost": "the language's costs before `->`, in messages",
    "keep": "English, in hints (`keep your wording`)",
    "owner": "English, in hints (`its owner chooses`), and every game's cards have owners",
    # card state (issue 29): the language's own verbs, declared once by dsl/card_state.py
    # for every game, and English (`put it in '...'`, `remove the tag`)
    "put": "the language's card-state verb `put 1 charge on this card`, and English",
    "remove": "the language's card-state verb `remove 3 charges from this card`, and English",
    # a die face of Last Light since E188 (`this die is ability`), and English in hints
    # (`the ability <name>`, `ability` clauses)
    "ability": "English, in hints and messages (`can <ability>`)",
}


def _words() -> set[str]:
    words: set[str] = set()
    for reg in (registry(), starlight_registry()):
        words.update(reg.deprecations)
        for _, entry in reg.entries():
            words.update(re.findall(r"[a-z_]+", entry.name))
            words.update(re.findall(r"[a-z_]+", getattr(entry, "plural", "")))
    return words


def _code_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def test_no_game_is_named_in_dsl():
    leaks = [
        f"{path}:{number}"
        for path in sorted(DSL.rglob("*"))
        if path.suffix in (".py", ".lark")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if GAME_NAMES.search(line)
    ]
    assert leaks == []


def test_no_registry_word_is_used_by_the_core():
    words = _words() - set(ALLOWED)
    leaks = [
        f"{path.relative_to(DSL.parent)}:{line}: {word}"
        for path in sorted(DSL.rglob("*.py"))
        for line, text in _code_strings(path)
        for word in re.findall(r"[a-z_]+", text)
        if word in words
    ]
    assert leaks == []


def test_the_allow_list_holds_only_words_of_the_registry():
    assert set(ALLOWED) <= _words()


def test_a_flag_names_its_scope() -> None:
    """The core assumes no game's noun type: a flag's scope is the game's to say (issue 23)."""
    scope = next(f for f in dataclasses.fields(Flag) if f.name == "scope")
    assert scope.default is dataclasses.MISSING
    with pytest.raises(TypeError, match="scope"):
        Flag("shiny", "A flag.", "you can shiny")  # type: ignore[call-arg]
    for reg in (registry(), starlight_registry()):
        assert all(flag.scope for flag in reg.flags.values())
