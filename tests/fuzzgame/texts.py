"""Generated effect texts that compile clean: hostile but valid cards for the game fuzzer.

The words come from the game's registry (every verb's, hook's, stat's, flag's, filter's and
value's example) and from the base pack's own effects: their steps, conditions and `for each`
selectors are cut out and recombined, nested in `if ... else`, `choose one:`, `for each`,
`repeat`, `may` and costs before `->`, and their numbers pushed to the edges of their ranges.
A text is kept only when ``compile_effect`` (the call ``validate`` makes for every effect)
accepts it for its card kind; the whole pack then goes through the validating loader too
(``games.py``).

Everything is drawn from one ``random.Random(seed)``, so a seed names the same texts on every
machine and the suite stays deterministic.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.registry import Registry
from whitedwarf.dsl.source import EffectSource

#: Numbers tried in place of a written one: the edges of the declared ranges (reference.md,
#: "Numbers"), so the engine meets the largest amounts a pack may legally ask for.
EDGE_NUMBERS = (100, 20, 10, 5, 3, 2, 1, 0)
ARROW = " -> "
#: How deep the generated steps nest (`if` in `for each` in `may` ...).
MAX_DEPTH = 3


@dataclass(frozen=True)
class Pieces:
    """The building blocks cut out of the registry's examples and the base pack's effects."""

    steps: tuple[str, ...]
    conditions: tuple[str, ...]
    loops: tuple[str, ...]
    costs: tuple[str, ...]
    hooks: tuple[str, ...]
    #: The hooks that bring things into the effect (``this ship``, ``this die``), and those.
    hook_gives: dict[str, tuple[str, ...]]
    ship_stats: tuple[str, ...]
    player_stats: tuple[str, ...]
    flags: tuple[str, ...]
    seeds: tuple[str, ...]
    #: What a verb's target parameter may be, by noun type, and what ``for each`` walks.
    targets: dict[str, tuple[str, ...]]
    walks: tuple[str, ...]
    verbs: tuple[
        tuple[str, tuple[tuple[str, tuple[str, ...], str | None, bool, tuple[str, ...]], ...]], ...
    ]


def pieces(
    registry: Registry,
    effects: Iterable[str],
    targets: dict[str, tuple[str, ...]] | None = None,
    walks: tuple[str, ...] | None = None,
) -> Pieces:
    """Cut ``effects`` (the base pack's) and the registry's examples into pieces;
    ``targets`` and ``walks`` are the game's selectors (default: Last Light's)."""
    examples = sorted({entry.example for _, entry in registry.entries() if entry.example})
    lines = [
        line.strip()
        for text in [*examples, *effects]
        for line in text.replace(";", "\n").split("\n")
        if line.strip() and not line.strip().startswith("#")
    ]
    steps, conditions, loops, costs = set(), set(), set(), set()
    for line in lines:
        for part in line.split(ARROW):
            part = part.strip()
            for match in re.finditer(r"\bif (.+)$", part):
                conditions.add(match.group(1))
            if part.startswith("as soon as "):
                conditions.add(part.removeprefix("as soon as "))
            if part.startswith("for each "):
                loops.add(part.removeprefix("for each "))
            if part.startswith(("pay ", "exhaust ", "discard ", "may pay ", "may exhaust ")):
                costs.add(part.removeprefix("may "))
        last = line.split(ARROW)[-1].strip()
        if ":" not in last and not re.match(r"when |as soon as|for each|.* (has|have|can) ", last):
            steps.add(last.removeprefix("may "))
    stats = {name: entry.example for name, entry in registry.stats.items()}
    return Pieces(
        steps=tuple(sorted(steps)),
        conditions=tuple(sorted(conditions)),
        loops=tuple(sorted(loops)),
        costs=tuple(sorted(costs | {"exhaust this card", "pay 1 rare", "discard a tech of yours"})),
        hooks=tuple(sorted(registry.hooks)),
        hook_gives={
            name: tuple(noun for noun, _ in hook.provides)
            for name, hook in sorted(registry.hooks.items())
            if hook.provides
        },
        ship_stats=tuple(sorted(n for n, e in stats.items() if "ship type" in e)),
        player_stats=tuple(sorted(n for n, e in stats.items() if "ship type" not in e)),
        flags=tuple(sorted(registry.flags)),
        seeds=tuple(sorted(set(effects) | set(examples))),
        targets=TARGETS if targets is None else targets,
        walks=LOOPS if walks is None else walks,
        verbs=tuple(
            (name, tuple((p.kind.value, p.types, p.prep, p.optional, p.words) for p in verb.params))
            for name, verb in sorted(registry.verbs.items())
        ),
    )


#: Things a verb may act on, by the noun type it takes: the determiners, filters and
#: qualifiers of docs/dsl.md "Selectors", with the hook- and loop-given ``this``/``it``.
TARGETS: dict[str, tuple[str, ...]] = {
    "ship": ("a ship of yours", "an enemy ship", "this ship", "each enemy ship here", "it",
             "up to 2 ships", "your damaged ships", "all ships", "a large ship of yours",
             "each ship of yours of this type", "another ship", "every ship adjacent",
             "an enemy ship other than a small ship", "20 ships of yours"),
    "extractor": ("an enemy extractor", "each extractor", "an extractor of yours", "it",
                  "up to 2 enemy extractors here", "all enemy extractors"),
    "sector": ("any sector", "this sector", "an adjacent sector", "the centre sector",
               "the home sector", "any inner sector", "it", "a distant sector"),
    "planet": ("this planet", "a planet you control", "a red planet", "each planet you control",
               "it", "an outer planet"),
    "player": ("another player", "an opponent", "each opponent", "you", "each player", "it"),
    "card": ("this card", "a tech of yours", "another exhausted tech of yours", "it",
             "each tech of yours", "an unresearched tech of yours", "a ready tech of yours"),
    "tech": ("a tech of yours", "each tech of yours", "an unresearched tech of yours", "it",
             "another tech of yours", "up to 3 exhausted techs of yours"),
    "action_card": ("an action card of yours", "a played action card of yours", "it",
                    "each action card of yours", "all played action cards of yours"),
    "die": ("this die", "each die", "a die", "it", "every die"),
}  # fmt: skip
#: What ``for each`` may walk over (a selector without its determiner).
LOOPS = (
    "ship of yours", "enemy ship", "enemy ship here", "opponent", "player", "planet you control",
    "tech of yours", "die", "extractor", "sector", "adjacent sector", "action card of yours",
    "exhausted tech of yours", "damaged ship of yours", "ship", "enemy extractor", "ship here",
    "unresearched tech of yours", "ship of yours of this type",
)  # fmt: skip


class TextMaker:
    """Draws effect texts for one card kind from :class:`Pieces` with a seeded generator."""

    def __init__(self, parts: Pieces, rng: random.Random) -> None:
        self.parts = parts
        self.rng = rng
        #: What the clause being drawn has as ``this ...`` (its hook's things).
        self.given: tuple[str, ...] = ()
        self.walks = (*parts.loops, *parts.walks) or ("player",)

    def number(self) -> int:
        return self.rng.choice((1, 1, 2, 3, 5, 10, 20))

    def amount(self, units: tuple[str, ...]) -> str:
        r = self.rng
        unit = r.choice(units)
        form = r.random()
        if form < 0.6:
            return f"{self.number()} {unit}"
        if form < 0.8:
            return f"{self.number()} {unit} per {r.choice(self.walks)}"
        return f"(number of {r.choice(self.walks)} * {self.number()}) {unit}"

    def action(self) -> str:
        """A verb of the registry with arguments of the kinds its parameters take."""
        r = self.rng
        name, params = r.choice(self.parts.verbs)
        words = [name]
        for kind, types, prep, optional, choices in params:
            if optional and r.random() < 0.5:
                continue
            if kind == "amount":
                arg = self.amount(types)
            elif kind == "target":
                here = [t for t in types if t in self.given]
                if here and r.random() < 0.7:
                    arg = f"this {r.choice(here)}"
                else:
                    arg = r.choice(self.parts.targets.get(r.choice(types), ("it",)))
            elif kind == "unit":
                arg = r.choice([*(f"{w} ship" for w in choices), "extractor"])
            elif kind == "word":
                arg = r.choice(choices)
            elif kind == "stat":
                arg = r.choice((*self.parts.player_stats, *self.parts.ship_stats))
            else:
                arg = str(self.number())
            words += [prep, arg] if prep else [arg]
        return " ".join(words)

    def step(self, depth: int = 0) -> str:
        """One step: an action, or a nested form around further steps."""
        r, parts = self.rng, self.parts
        if depth >= MAX_DEPTH or r.random() < 0.35:
            return self.action() if r.random() < 0.6 else r.choice(parts.steps)
        form = r.choice(("may", "cost", "if", "else", "choose", "each", "repeat", "then"))
        inner = self.step(depth + 1)
        if form == "may":
            return f"may {inner}"
        if form == "cost":
            return f"may {r.choice(parts.costs)}{ARROW}{inner}"
        if form == "if":
            return f"if {r.choice(parts.conditions)}{ARROW}{inner}"
        if form == "else":
            return f"if {r.choice(parts.conditions)}{ARROW}{inner} else {self.step(depth + 1)}"
        if form == "choose":
            options = [self.action() for _ in range(r.randint(2, 3))]
            return "choose one: " + " or ".join(options)
        if form == "each":
            return f"for each {r.choice(self.walks)}{ARROW}{inner}"
        if form == "repeat":
            return f"repeat {r.choice((2, 3, 10))} times{ARROW}{inner}"
        return f"{inner} then {self.step(depth + 1)}"

    def clause(self, form: str) -> str:
        """One clause of ``form`` (a card kind's clause forms: registry ``CardKind.clauses``)."""
        r, parts = self.rng, self.parts
        if form == "modifier":
            n = r.choice((-3, -1, 1, 2, 5, 10, 20))
            if parts.ship_stats and r.random() < 0.5:
                return f"this ship type has {n:+d} {r.choice(parts.ship_stats)}"
            return f"you have {n:+d} {r.choice(parts.player_stats)}"
        if form == "grant":
            subject = "this ship type" if parts.ship_stats else "you"
            return f"{subject} can {r.choice(parts.flags)}"
        if form == "trigger":
            # Half the triggers wait for a moment that brings a ship, a die or a place: the
            # odd timing windows (a ship destroyed while its die resolves, moved as it moves).
            hook = r.choice((r.random() < 0.5 and sorted(parts.hook_gives)) or parts.hooks)
            guard = f" if {r.choice(parts.conditions)}" if r.random() < 0.2 else ""
            self.given = parts.hook_gives.get(hook, ())
            try:
                return f"when {hook}{guard}{ARROW}{self.step()}"
            finally:
                self.given = ()
        if form == "activated":
            return f"activated: {r.choice(parts.costs)}{ARROW}{self.step()}"
        if form == "as_soon_as":
            return f"as soon as {r.choice(parts.conditions)}{ARROW}{self.step()}"
        self.given = ("sector", "planet")  # an exploration token's own place
        try:
            return self.step()
        finally:
            self.given = ()

    def mutated_seed(self) -> str:
        """A base-pack effect or a registry example with a hook or a step swapped."""
        r, parts = self.rng, self.parts
        text = r.choice(parts.seeds)
        if r.random() < 0.5:
            text = re.sub(r"when \w+", f"when {r.choice(parts.hooks)}", text, count=1)
        if ARROW in text and r.random() < 0.5:
            head, _, _ = text.rpartition(ARROW)
            text = f"{head}{ARROW}{self.step(1)}"
        return text

    def text(self, forms: tuple[str, ...]) -> str:
        """A candidate effect: one to three clauses, or a mutated seed."""
        if self.rng.random() < 0.3:
            return self.mutated_seed()
        count = self.rng.choice((1, 1, 2, 3)) if len(forms) > 1 else 1
        return "\n".join(self.clause(self.rng.choice(forms)) for _ in range(count))


def compiles(text: str, registry: Registry, kind: str) -> bool:
    """Whether ``validate`` would accept ``text`` as the effect of a ``kind`` card."""
    compiled, _ = compile_effect(EffectSource.standalone(text), registry, kind)
    return compiled is not None


def pushed_to_edges(text: str, registry: Registry, kind: str, rng: random.Random) -> str:
    """``text`` with some of its numbers raised to the largest value their range allows."""
    numbers = list(re.finditer(r"(?<![\w.])[+-]?\d+", text))
    for match in rng.sample(numbers, k=min(len(numbers), 3)):
        sign = match.group(0)[0] if match.group(0)[0] in "+-" else ""
        for edge in EDGE_NUMBERS:
            tried = text[: match.start()] + f"{sign}{edge}" + text[match.end() :]
            if compiles(tried, registry, kind):
                text = tried
                break
    return text


def valid_texts(
    registry: Registry,
    parts: Pieces,
    kind: str,
    count: int,
    seed: int,
    tries: int = 40,
    keep: Callable[[str], bool] = lambda text: True,
) -> list[str]:
    """Up to ``count`` distinct texts that compile clean for ``kind``, from ``seed``; ``keep``
    adds the game's own checks of an effect (``validate`` runs them on the whole pack)."""
    rng = random.Random(f"{seed}:{kind}")
    maker = TextMaker(parts, rng)
    forms = registry.card_kinds[kind].clauses
    found: dict[str, None] = {}
    for _ in range(count * tries):
        if len(found) >= count:
            break
        text = maker.text(forms)
        if not compiles(text, registry, kind):
            continue
        if rng.random() < 0.5:
            text = pushed_to_edges(text, registry, kind, rng)
        if keep(text):
            found.setdefault(text)
    return list(found)


@cache
def base_effects() -> tuple[str, ...]:
    """Every effect text of the base pack's cards."""
    from tests.base_content import base_content

    files = base_content().files
    stems = ("techs", "factions", "exploration", "achievements")
    return tuple(sorted({c["effect"].strip() for s in stems for c in files[s] if c.get("effect")}))
