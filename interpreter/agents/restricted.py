"""Restricted play: an agent that may take only some of its options (``explain``'s probes).

A degenerate strategy is a simple rule of play that beats the agents' judgement: "always
take Trade", "never build ships". ``whitedwarf explain`` seats a :class:`RestrictedAgent` in
one seat, the batch's own agent with its options filtered by a :class:`Probe`, and compares
that seat's wins with the unrestricted agent's in the same seat on the same seeds. What the
probes are is each game's (its option ids: ``interpreter/<game>/agents/probes.py``, reached
through ``GameEngine.probes``); the filtering is the same for every game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any

from whitedwarf.interpreter.bots import Bot, OptionLike


@dataclass(frozen=True)
class Probe:
    """A rule of restricted play over option ids (``fnmatch`` patterns: ``play:trade``,
    ``build:*``).

    ``only``: when an option matching one of these is offered, the seat chooses among those
    alone ("always take Trade"); ``never``: options matching these are left out ("never
    build ships"). A decision the rule would leave without an option is the agent's own.
    """

    name: str
    #: The rule in words, for the report ("always plays Trade when it may").
    says: str
    only: tuple[str, ...] = ()
    never: tuple[str, ...] = ()

    def allowed(self, options: Sequence[OptionLike]) -> list[OptionLike]:
        """The options the rule leaves, or all of them when it would leave none."""
        kept = [o for o in options if not _matches(o.id, self.never)]
        if self.only:
            wanted = [o for o in kept if _matches(o.id, self.only)]
            kept = wanted or kept
        return kept or list(options)


def _matches(option: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatchcase(option, pattern) for pattern in patterns)


class RestrictedAgent:
    """``agent`` choosing only among the options its :class:`Probe` allows."""

    def __init__(self, agent: Bot, probe: Probe) -> None:
        self.agent, self.probe = agent, probe

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)

    def choose(self, state: Any, seat: int, options: Sequence[OptionLike]) -> str:
        """The agent's choice among the allowed options."""
        allowed = self.probe.allowed(options)
        if len(allowed) == 1:
            return allowed[0].id
        return self.agent.choose(state, seat, allowed)


#: The name of the probe that always takes one card: ``take:CARD``.
TAKE = "take:"


def taking(card: str, verbs: Sequence[str], shown: str = "") -> Probe:
    """ "Always take X": whenever an option playing ``card`` (``make:card#2:small``,
    ``faction:card``: one of ``verbs``) is offered, the seat takes one (``shown``: the card's
    name for people)."""
    only = tuple(f"{verb}:{card}{tail}" for verb in verbs for tail in ("", "#*", ":*"))
    return Probe(f"{TAKE}{card}", f"always takes {shown or card} when it may", only=only)


def probe_named(probes: Sequence[Probe], name: str, verbs: Sequence[str] = ()) -> Probe:
    """The probe called ``name`` (``take:CARD``: :func:`taking` the card with ``verbs``);
    KeyError naming the known ones."""
    if name.startswith(TAKE) and verbs:
        return taking(name.removeprefix(TAKE), verbs)
    for probe in probes:
        if probe.name == name:
            return probe
    known = ", ".join(p.name for p in probes) or "none"
    raise KeyError(f"no probe {name!r} (known: {known})")
