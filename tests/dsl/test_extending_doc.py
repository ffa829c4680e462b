"""docs/dsl.md "Extending the language" is true: its three steps add a working verb.

The test takes the page's declaration, implementation, binding and scenario test as written,
adds the verb to the vocabulary, its function to ``verbs.py`` and its binding to
``bindings.py`` for the length of the test (undone after), and runs the scenario: nothing else
has to change for a new verb to be checked, compiled, printed and run.
"""

import re
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.dsl.registry import ArgKind, Param, Verb
from whitedwarf.interpreter.lastlight import bindings, effects, verbs
from whitedwarf.interpreter.lastlight.bindings import WORDS
from whitedwarf.interpreter.lastlight.vocabulary import registry

from tests.effects import scenario

PAGE = Path(__file__).parents[2] / "docs" / "dsl.md"


def _block(step: str) -> str:
    found = re.search(rf"```python extend:{step}\n(.*?)```", PAGE.read_text("utf-8"), re.DOTALL)
    assert found is not None, f"docs/dsl.md has no `extend:{step}` block"
    return found.group(1)


@pytest.fixture
def harvest(monkeypatch: pytest.MonkeyPatch) -> Verb:
    """The page's verb, declared and implemented as the page says (step 1 and 2)."""
    kinds = {"A": ArgKind.AMOUNT, "T": ArgKind.TARGET, "N": ArgKind.NUMBER, "W": ArgKind.WORD}
    verb = eval(_block("declare").rstrip().rstrip(","), {"Verb": Verb, "Param": Param, **kinds})
    namespace: dict[str, Any] = dict(vars(verbs))
    exec(_block("implement"), namespace)
    function = f"verb_{verb.name}"
    monkeypatch.setattr(verbs, function, namespace[function], raising=False)
    monkeypatch.setitem(registry().verbs, verb.name, verb)
    bind = eval("{" + _block("bind") + "}", {"verb": bindings.verb, "verbs": verbs})
    monkeypatch.setitem(WORDS.verbs, verb.name, bind[verb.name])
    effects.reload_vocabulary()
    yield verb
    monkeypatch.undo()
    effects.reload_vocabulary()


def test_the_pages_three_steps_add_a_verb_that_works(harvest: Verb) -> None:
    namespace: dict[str, Any] = dict(vars(scenario))
    exec(_block("test"), namespace)
    tests = [value for name, value in namespace.items() if name.startswith("test_")]
    assert len(tests) == 1
    tests[0]()


def test_without_the_declaration_the_word_is_unknown() -> None:
    _game, state = scenario.fresh()
    with pytest.raises(effects.EffectContentError, match="harvest"):
        scenario.token(state, 0, "t", "harvest outer")
