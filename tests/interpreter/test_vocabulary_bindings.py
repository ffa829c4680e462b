"""The vocabulary declares the words, ``bindings.py`` binds each to the function that runs it
(issue 7 item 1, DESIGN principle 1; issue 26: real references, not strings).

Every verb, noun, filter and value declared in a game's ``vocabulary.py`` is bound in its
``bindings.py`` to a function mypy sees, and the engine builds its dispatch from those
bindings. These tests fail when a declared word has no function, a bound word no
declaration, or a ``verb_*``, ``candidates_*``... function of the engine no word.
"""

import inspect

import pytest
from whitedwarf.interpreter.bindings import Bindings
from whitedwarf.interpreter.lastlight import card_state, selectors, verbs
from whitedwarf.interpreter.lastlight.bindings import WORDS
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.interpreter.starlight.bindings import WORDS as STARLIGHT_WORDS
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight_registry

REG = registry()
SECTIONS = ("verbs", "nouns", "filters", "values")

#: Engine module -> the name prefixes of its word implementations.
IMPLEMENTING = {
    verbs: ("verb_", "resume_", "reask_", "fixed_"),
    selectors: ("candidates_", "label_", "filter_", "value_"),
    card_state: ("verb_",),
}


def _bound_functions() -> set[object]:
    found: set[object] = set(WORDS.filters.values()) | set(WORDS.values.values())
    for verb in WORDS.verbs.values():
        found |= {verb.run, verb.resume, verb.reask, verb.fixed, verb.can}
    for noun in WORDS.nouns.values():
        found |= {noun.candidates, noun.label}
    return found - {None}


@pytest.mark.parametrize(
    ("reg", "words"),
    [(REG, WORDS), (starlight_registry(), STARLIGHT_WORDS)],
    ids=["lastlight", "starlight"],
)
def test_every_declared_word_is_bound_and_every_bound_word_declared(reg, words) -> None:
    """A verb that asks says how its question is answered and how it is asked again when
    effects started above it have run (docs/rules-decisions.md E123, SL140), in each game."""
    assert words.problems(reg, SECTIONS) == []
    for name, verb in reg.verbs.items():
        assert not (verb.pure and verb.chooses), name
    assert all(callable(f) for verb in words.verbs.values() for f in (verb.run, verb.resume) if f)


def test_what_does_not_match_is_said_word_by_word() -> None:
    """The check itself: a word missing on either side, an asking verb without its answer."""
    words = Bindings(
        verbs={**WORDS.verbs, "harvest": WORDS.verbs["gain"]},
        nouns=WORDS.nouns,
        filters={k: v for k, v in WORDS.filters.items() if k != "enemy"},
        values=WORDS.values,
    )
    words.verbs["build"] = type(WORDS.verbs["build"])(WORDS.verbs["build"].run)
    assert words.problems(REG, SECTIONS) == [
        "verbs: 'harvest' is bound but not declared",
        "filters: 'enemy' is declared but not bound",
        "verbs: 'build' chooses but has no resume and reask",
    ]


def test_every_implementation_is_bound() -> None:
    bound = _bound_functions()
    for module, prefixes in IMPLEMENTING.items():
        short = module.__name__.rpartition(".")[2]
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if function.__module__ == module.__name__ and name.startswith(prefixes):
                assert function in bound, f"{short}.{name} implements no declared word"


def test_every_stat_has_the_default_the_engine_starts_from():
    for name, stat in REG.stats.items():
        assert stat.default is not None, name
