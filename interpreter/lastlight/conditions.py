"""What a compiled condition reads of the state, so an unchanged condition is not re-tested.

:func:`hooks.check_achievements` runs after every step of the rules and every verb of a card
effect (000 "Planetary Achievement": "Play immediately when ..."), and most conditions count
planets, ships or extractors through selectors, which walk the board. A condition is a pure
function of the parts of the state it reads (and of the static content), so :func:`reads`
lists those parts (*domains*) once per condition; every function that changes a domain renews
its version stamp (``versions.py``), and a condition whose domains' stamps equal those of its
last false test is still false without being evaluated. :data:`FINGERPRINTS` works out what a
condition can read of each domain from the state itself, for the tests that hold the stamps to
it.

What each noun, filter and value reads is declared with the word in the vocabulary
(``reads``); a condition using a word declared ``reads=None`` (``here``, ``adjacent``, dice),
``other_than``, excludes or an unknown word reads :data:`EVERYTHING` and is always
evaluated. :func:`choice_reads` does the same for the selector of an activated ability's first
choice, whose answer ``hooks`` keeps under those domains' stamps.
"""

from __future__ import annotations

from functools import cache
from operator import itemgetter
from typing import Any

from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.lastlight.vocabulary import registry

#: The answer of :func:`reads` for a condition that must always be evaluated.
EVERYTHING = None


@cache
def _noun_reads() -> dict[str, tuple[str, ...] | None]:
    """Noun type -> the domains its candidates read regardless of filters (``Noun.reads``)."""
    return {noun.type: noun.reads for noun in registry().nouns.values()}


def _declared_reads(section: str, name: str) -> tuple[str, ...]:
    """The domains a filter or value reads, as the vocabulary declares them (``reads``);
    a word it does not declare, or declares as unknowable (None), reads everything."""
    entry = getattr(registry(), section).get(name)
    if entry is None or entry.reads is None:
        raise _Unknown(name)
    return tuple(entry.reads)


class _Unknown(Exception):
    """The condition uses something this module does not understand."""


def reads(cond: list[Any]) -> tuple[str, ...] | None:
    """The sorted domains a COND reads (docs/effect-ir.md), or :data:`EVERYTHING`."""
    found: set[str] = set()
    try:
        _cond(cond, found)
    except (_Unknown, LookupError, TypeError):
        return EVERYTHING
    return tuple(sorted(found))


#: Operands an ability's check fixes by its frame alone (``this card``, ``you``, a word): a
#: selector excluding one reads nothing more (:func:`choice_reads`).
_FIXED_BY_FRAME = ("this", "you", "word")


def choice_reads(selector: dict[str, Any]) -> tuple[str, ...] | None:
    """The sorted domains a selector's candidates read for an activated ability's first
    choice (``hooks._would_act``), or :data:`EVERYTHING`.

    Unlike a condition's selectors (:func:`reads`), its ``exclude`` and ``other_than``
    operands may name what the ability's frame fixes (its card, its owner, a word: the frame
    is made afresh with the card as its only context) or another selector (read in turn);
    any other operand (a variable, an expression) reads everything."""
    found: set[str] = set()
    try:
        _choice(selector, found)
    except (_Unknown, LookupError, TypeError, AttributeError):
        return EVERYTHING
    return tuple(sorted(found))


def _choice(selector: dict[str, Any], out: set[str]) -> None:
    filters = selector["filters"]
    operands = [*selector["exclude"], *(spec[1] for spec in filters if spec[0] == "other_than")]
    plain = [spec for spec in filters if spec[0] != "other_than"]
    if selector["type"] == "tech" and any(mine in plain for mine in _OWN_FILTERS):
        # Only the owner's techs can pass: they read the owner's part of ``techs`` alone,
        # which other players' exhausting and drawing leave unchanged.
        out.add("techs_of")
        for spec in plain:
            out.update(_declared_reads("filters", spec[0]))
    else:
        _selector({**selector, "filters": plain, "exclude": []}, out)
    for operand in operands:
        if "select" in operand:
            _choice(operand["select"], out)
        elif not any(word in operand for word in _FIXED_BY_FRAME):
            raise _Unknown(str(operand))


def _cond(cond: list[Any], out: set[str]) -> None:
    op = cond[0]
    if op == "cmp":
        _expr(cond[2], out)
        _expr(cond[3], out)
    elif op in ("and", "or"):
        for c in cond[1]:
            _cond(c, out)
    elif op == "not":
        _cond(cond[1], out)
    else:
        raise _Unknown(op)


def _expr(expr: list[Any], out: set[str]) -> None:
    op = expr[0]
    if op == "num":
        return
    if op == "value":
        out.update(_declared_reads("values", expr[1]))
    elif op == "count":
        _selector(expr[1], out)
    elif op in ("+", "-", "*", "/", "min", "max"):
        _expr(expr[1], out)
        _expr(expr[2], out)
    else:
        raise _Unknown(op)


#: Filters that keep the condition's seat's own pieces alone (``selectors._OWNERS_ONLY``).
_OWN_FILTERS = (["yours"], ["own"], ["control"])
#: A piece domain -> the per-seat domain of the seat's own pieces of it (``versions.py``).
_OWN_SHARE = {"ships": "fleet", "extractors": "holdings"}


def _selector(selector: dict[str, Any], out: set[str]) -> None:
    if selector.get("exclude"):
        raise _Unknown("exclude")
    typ = selector["type"]
    base = _noun_reads().get(typ)
    if base is None:
        raise _Unknown(typ)
    filters = selector["filters"]
    own = any(spec in filters for spec in _OWN_FILTERS)
    if own:
        # Every filter must hold, so only the seat's own pieces can be counted: the
        # selector reads the seat's share of the pieces, not another player's.
        base = tuple(_OWN_SHARE.get(domain, domain) for domain in base)
    out.update(base)
    for spec in filters:
        name = spec[0]
        out.update(_declared_reads("filters", name))
        if typ == "planet" and spec in _OWN_FILTERS:
            # 000 "2. Extractor": control is an extractor of the seat's there.
            out.add("holdings")


_SHIP = itemgetter("owner", "size", "sector", "damage")
_EXTRACTOR = itemgetter("owner", "sector", "planet", "space")
_TECH = itemgetter("ref", "exhausted", "ship_type")


def _ships(state: State, seat: int) -> tuple[Any, ...]:
    # The memo is shared by every game of a content, and ids repeat from game to game, so
    # the fingerprint names everything a condition can read of a ship. The ids themselves are
    # left out: a condition of this module counts ships by what they are, never by id.
    return tuple(map(_SHIP, state["ships"].values()))


def _extractors(state: State, seat: int) -> tuple[Any, ...]:
    # Shared across games (see _ships): owner and place, not the id.
    return tuple(map(_EXTRACTOR, state["extractors"].values()))


def _fleet(state: State, seat: int) -> tuple[Any, ...]:
    return tuple(_SHIP(s) for s in state["ships"].values() if s["owner"] == seat)


def _holdings(state: State, seat: int) -> tuple[Any, ...]:
    return tuple(_EXTRACTOR(x) for x in state["extractors"].values() if x["owner"] == seat)


def _techs(state: State, seat: int) -> tuple[Any, ...]:
    return tuple(
        (
            p["faction"],
            p["faction_exhausted"],
            tuple(map(_TECH, p["techs"])),
            tuple(p["techs_hand"]),
        )
        for p in state["players"]
    )


def _techs_of(state: State, seat: int) -> tuple[Any, ...]:
    p = state["players"][seat]
    return (
        p["faction"],
        p["faction_exhausted"],
        tuple(map(_TECH, p["techs"])),
        tuple(p["techs_hand"]),
    )


def _cards(state: State, seat: int) -> tuple[Any, ...]:
    p = state["players"][seat]
    return tuple(p["hand"]), tuple(p["played"])


def _me(state: State, seat: int) -> tuple[Any, ...]:
    p = state["players"][seat]
    res = p["res"]
    return (
        p["light"],
        res["common"],
        res["uncommon"],
        res["rare"],
        len(p["techs"]),
        len(p["graveyard"]),
    )


def _lights(state: State, seat: int) -> tuple[int, ...]:
    return tuple(p["light"] for p in state["players"])


def _round(state: State, seat: int) -> int:
    number: int = state["round"]
    return number


def _lumos(state: State, seat: int) -> Any:
    lumos = state["lumos"]
    return -2 if lumos is None or lumos["ally"] is None else lumos["ally"]


#: Domain -> the fingerprint of what a condition can read of it, worked out from the state.
FINGERPRINTS = {
    "ships": _ships,
    "extractors": _extractors,
    "fleet": _fleet,
    "holdings": _holdings,
    "techs": _techs,
    "techs_of": _techs_of,
    "cards": _cards,
    "me": _me,
    "lights": _lights,
    "round": _round,
    "lumos": _lumos,
}
