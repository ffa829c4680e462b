"""What runs each word of a game's vocabulary: the engine's half of the vocabulary.

A game's ``vocabulary.py`` declares its words (parameters, documentation, what the checker
needs) and is read without the engine by ``validate``, ``doc``, the schemas and the language
server. The functions that run the words are bound in the game's ``bindings.py``, a
:class:`Bindings` of real references: mypy checks that each function exists and the import
graph sees the modules they live in (issue 26; before, the vocabulary named them by
``"module:function"`` strings resolved with importlib). :meth:`Bindings.problems` holds the two
tables to each other: every declared verb, noun, filter and value is bound, every binding
names a declared word, and a verb that asks its owner (``Verb.chooses``) has what answers it
and what asks it again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from whitedwarf.dsl.registry import Registry

#: An engine function of a word; each game's bindings module says which signature its
#: engine calls (a Last Light verb is ``(state, frame, args)``, a Starlight one
#: ``(game, state, frame, *args)``).
Run = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class VerbBinding:
    """A verb's functions: ``run`` does it; ``resume`` answers its own decision and
    ``reask`` asks it again on the state as it is now (a verb that ``chooses``); ``fixed``
    (optional, for speed) makes it once for one card's fixed arguments; ``can`` (optional)
    says whether a call would change anything now (``Machine.acts``)."""

    run: Run
    resume: Run | None = None
    reask: Run | None = None
    fixed: Run | None = None
    can: Run | None = None


@dataclass(frozen=True, slots=True)
class NounBinding:
    """A noun's functions: its ``candidates`` and, for an option's text, its ``label``."""

    candidates: Run
    label: Run | None = None


@dataclass(frozen=True)
class Bindings:
    """Word -> function(s), by section of the vocabulary."""

    verbs: Mapping[str, VerbBinding] = field(default_factory=dict)
    nouns: Mapping[str, NounBinding] = field(default_factory=dict)
    filters: Mapping[str, Run] = field(default_factory=dict)
    values: Mapping[str, Run] = field(default_factory=dict)

    def verb_table(self, part: str = "run") -> dict[str, Run]:
        """Verb -> one of its functions (``run``, ``resume``, ``reask``, ``fixed``, ``can``),
        for the verbs that have it."""
        table = {name: getattr(verb, part) for name, verb in self.verbs.items()}
        return {name: run for name, run in table.items() if run is not None}

    def problems(self, registry: Registry, sections: tuple[str, ...]) -> list[str]:
        """What does not match between these bindings and the game's vocabulary, one
        sentence each (empty: they match). ``sections``: those the engine binds (a game
        whose nouns need no function of their own leaves out ``nouns``)."""
        found = []
        for section in sections:
            declared = set(getattr(registry, section))
            bound = set(getattr(self, section))
            found += [
                f"{section}: {word!r} is declared but not bound"
                for word in sorted(declared - bound)
            ]
            found += [
                f"{section}: {word!r} is bound but not declared"
                for word in sorted(bound - declared)
            ]
        for name, verb in registry.verbs.items():
            bound_verb = self.verbs.get(name)
            if bound_verb is None:
                continue
            answers = bound_verb.resume is not None and bound_verb.reask is not None
            if verb.chooses and not answers:
                found.append(f"verbs: {name!r} chooses but has no resume and reask")
            if not verb.chooses and (bound_verb.resume or bound_verb.reask):
                found.append(f"verbs: {name!r} does not choose but has a resume or reask")
        return found
