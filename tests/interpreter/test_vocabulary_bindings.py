"""The vocabulary is the one table of the engine's words (issue 7 item 1, DESIGN principle 1).

Every verb, noun, filter and value is declared once in ``vocabulary.py`` with a reference to
the function that runs it; the engine builds its dispatch from those references. These tests
fail when a declared word has no implementation, or an implementation no declaration.
"""

import inspect

import pytest
from whitedwarf.interpreter.lastlight import selectors, verbs
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight_registry

REG = registry()

#: Engine module -> the name prefixes of its word implementations.
IMPLEMENTING = {
    verbs: ("verb_", "resume_", "reask_", "fixed_"),
    selectors: ("candidates_", "label_", "filter_", "value_"),
}


def _references() -> set[str]:
    refs: set[str] = set()
    for section in ("verbs", "nouns", "filters", "values"):
        for entry in getattr(REG, section).values():
            refs.add(entry.impl)
            refs.update(
                r
                for r in (getattr(entry, a, "") for a in ("resume", "reask", "label", "fixed"))
                if r
            )
    return refs


@pytest.mark.parametrize("section", ["verbs", "nouns", "filters", "values"])
def test_every_declared_word_names_a_function_that_exists(section):
    for name, entry in getattr(REG, section).items():
        assert entry.impl, f"{section} {name!r} declares no implementation"
        assert callable(REG.implementation(entry.impl)), f"{section} {name!r}"


def test_every_implementation_is_declared():
    refs = _references()
    for module, prefixes in IMPLEMENTING.items():
        short = module.__name__.rpartition(".")[2]
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if function.__module__ == module.__name__ and name.startswith(prefixes):
                assert f"{short}:{name}" in refs, f"{short}.{name} implements no declared word"


@pytest.mark.parametrize("reg", [REG, starlight_registry()], ids=["lastlight", "starlight"])
def test_a_verb_that_chooses_has_what_answers_it_and_a_pure_verb_never_asks(reg):
    """A verb that asks says how its question is answered and how it is asked again when
    effects started above it have run (docs/rules-decisions.md E123, SL140), in each game."""
    for name, verb in reg.verbs.items():
        assert bool(verb.resume) == verb.chooses, name
        assert bool(verb.reask) == verb.chooses, name
        assert not (verb.pure and verb.chooses), name
        for ref in (verb.resume, verb.reask):
            if ref:
                assert callable(reg.implementation(ref))


def test_every_stat_has_the_default_the_engine_starts_from():
    for name, stat in REG.stats.items():
        assert stat.default is not None, name
