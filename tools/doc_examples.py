"""The reference's grammar examples in each game's own words.

The grammar summary of ``whitedwarf doc`` shows every clause and step form with an example.
The framework's examples are Last Light's (``this ship type has +1 attack``); on another
game's page they would not compile, and a modder copying one would meet E0403. So each
example is kept when it compiles for some card kind of the game, and otherwise replaced by
one built from the game's own registry examples that does; a form no card kind of the game
can use gets no example.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cached_property

from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.registry import Registry
from whitedwarf.dsl.source import EffectSource

#: A one-amount step, ``gain 2 long_rays``: its verb and unit, for ``per`` examples.
_ONE_AMOUNT = re.compile(r"^(\w+) \d+ (\w+)$")


def compiles(text: str, registry: Registry) -> bool:
    """Whether ``text`` compiles without a single diagnostic for some card kind."""
    for kind in registry.card_kinds:
        compiled, diagnostics = compile_effect(EffectSource.standalone(text), registry, kind)
        if compiled is not None and not diagnostics:
            return True
    return False


def first_that_compiles(default: str, candidates: Iterable[str], registry: Registry) -> str:
    """``default`` when it compiles for the game, else the first candidate that does, else ''."""
    if compiles(default, registry):
        return default
    return next((text for text in candidates if compiles(text, registry)), "")


class GameExamples:
    """Candidate examples of each form, built from one game's registry examples."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry

    @cached_property
    def steps(self) -> list[str]:
        """The game's examples that are one immediate step (``gain 2 long_rays``)."""
        every = [entry.example for _, entry in self.registry.entries()]
        every += [kind.example for kind in self.registry.card_kinds.values()]
        return [text for text in every if _is_plain_step(text) and compiles(text, self.registry)]

    @property
    def one(self) -> str:
        return self.steps[0] if self.steps else ""

    @property
    def two(self) -> str:
        return self.steps[1] if len(self.steps) > 1 else self.one

    def clause(self, form: str) -> list[str]:
        """Candidates for a clause form of dsl/grammar.lark."""
        r = self.registry
        # Each form's candidates are made only when asked: the steps compile every example.
        found = {
            "modifier": lambda: [s.example for s in r.stats.values()],
            "grant": lambda: [f.example for f in r.flags.values()],
            "trigger": lambda: [h.example for h in r.hooks.values()],
            "activated": lambda: [f"activated: {self.one}"],
            "as_soon_as": lambda: [
                k.example for k in r.card_kinds.values() if k.example.startswith("as ")
            ],
            "immediate": lambda: self.steps,
            # a conditional modifier: a value's `if <condition> -> ...` example's condition
            # before a stat's example (`while rays_held < 3: you have +1 ap_per_turn`)
            "while": lambda: [
                f"while {v.example[3:].partition(' ->')[0]}: {s.example}"
                for v in r.values.values()
                if v.example.startswith("if ")
                for s in r.stats.values()
            ],
        }
        return found[form]() if form in found else []

    def step(self, shape: str) -> list[str]:
        """Candidates for a step form, by the first words of its shape."""
        a, b = self.one, self.two
        if shape.startswith("`<verb>"):
            return [a]
        if shape.startswith("`<step> then"):
            return [f"{a} then {b}"]
        if shape.startswith("`may"):
            return [f"may {a}"]
        if shape.startswith("`if"):
            return [v.example for v in self.registry.values.values() if v.example.startswith("if")]
        if shape.startswith("`choose a"):  # card state: only the game's own example
            return []
        if shape.startswith("`choose"):
            return [f"choose one: {a} or {b}"]
        if shape.startswith("`for each"):
            return [f"for each {selector} -> {a}" for selector in self.selectors()]
        if shape.startswith("`repeat"):
            return [f"repeat 2 times -> {a}"]
        if shape.startswith("`<cost>"):
            return [v.example for v in self.registry.verbs.values() if v.cost]
        return []

    def selectors(self) -> Iterator[str]:
        """Selectors of the game's nouns that `for each` can walk."""
        for noun in self.registry.nouns.values():
            yield f"{noun.name} of yours"
            yield f"each {noun.name}"

    def selector(self) -> str:
        """One selector that compiles in a ``for each``, or ''."""
        return next(
            (s for s in self.selectors() if compiles(f"for each {s} -> {self.one}", self.registry)),
            "",
        )

    def per(self) -> str:
        """An amount with ``per``: ``gain 1 long_ray per 2 stars of yours``, or ''."""
        selector = self.selector()
        for step in self.steps:
            found = _ONE_AMOUNT.match(step)
            if not (found and selector):
                continue
            for unit in (found[2].removesuffix("s"), found[2]):  # "1 long_ray", not "rays"
                text = f"{found[1]} 1 {unit} per 2 {selector.replace(' of yours', 's of yours')}"
                if compiles(text, self.registry):
                    return text
        return ""

    def condition(self) -> str:
        """A condition with ``and`` and ``not``, from the game's values, or ''."""
        names = list(self.registry.values)[:2]
        if len(names) < 2 or not self.one:
            return ""
        text = f"if {names[0]} < 5 and not {names[1]} == 1 -> {self.one}"
        return text if compiles(text, self.registry) else ""


def _is_plain_step(text: str) -> bool:
    """A step that is a whole immediate effect: no clause word, no arrow, no condition."""
    return not re.search(r"->|\bwhen\b|\bas soon as\b|\bhas\b|\bhave\b|\bcan\b|\bif\b|:|;", text)
