"""Run one card case: a position as data, a trigger, the owner's answers, the outcome.

A :class:`Case` (see ``cases.py``) puts one base-pack card in play for seat 0 of a real
4-player state (``tests/effects/scenario.fresh``: round 1, no cards, no units, empty
stocks), adds the units and values it lists, makes the card's moment happen, answers every
decision the effect asks (each answer must be a legal option of seat 0), and then checks the
expected values. Paths name places in the state:

``p0.res.common``          ``state["players"][0]["res"]["common"]`` (any ``p<seat>`` and key)
``ship.a.sector``          a field of the ship the case named ``a`` (``GONE``: not on the board)
``x.e``                    the extractor the case named ``e`` (``GONE`` when destroyed)
``card.exhausted``         whether the card under test is exhausted
``stat.attack.medium``     ``stats.stat(state, 0, "attack", "medium")`` (``stat.trades``: player)
``flag.bombard.large``     ``stats.flag(state, 0, "bombard", "large")``
``ships.p0.outer_08``      how many ships seat 0 has in a sector (``ships.p0``: on the board)
``owner.cinder``           the seat whose extractor is on a planet (None: no extractor)
``len:p0.techs_hand``      the length of the list at a path
anything else              ``state[...]`` by keys (``dice.0.face``, ``supply.rare``)

``$name`` in a trigger's context or an answer is the id of the unit named ``name``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from whitedwarf.interpreter.lastlight import command, hooks, versions
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.effects import card_kind
from whitedwarf.interpreter.lastlight.state import SIZES
from whitedwarf.interpreter.lastlight.stats import flag, stat

from tests.effects.scenario import extractor, fresh, ship

State = dict[str, Any]
Units = dict[str, str]
#: A rule check: ``(state, units, state before the trigger)``; asserts.
Rule = Callable[[State, Units, State], None]


class _Gone:
    def __repr__(self) -> str:
        return "GONE"


#: The expected value of a unit that is no longer on the board.
GONE = _Gone()


# -- triggers ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fire:
    """The engine fires ``hook`` for seat 0 with this context (``hooks.fire``)."""

    hook: str
    context: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Roll:
    """Seat 0's ship rolls one combat die showing ``face`` in its sector: ``die_rolled``, then
    the hook of each result the face shows, as 000 "Combat Dice Results Explained" reads."""

    face: str
    ship: str


@dataclass(frozen=True)
class Explore:
    """The card (an exploration token) lies face down in ``sector`` (on its planet, if any) and
    seat 0 reveals it and resolves it, as Command's reveal step does (000 "1. Move")."""

    sector: str


@dataclass(frozen=True)
class Activate:
    """Seat 0 starts the card's activated ability (offered by ``hooks.activated_options``)."""


@dataclass(frozen=True)
class Achieve:
    """The engine checks planetary achievements after a resolution (``check_achievements``)."""


@dataclass(frozen=True)
class Static:
    """Nothing happens: a modifier or a grant holds while the card is in play."""


@dataclass(frozen=True)
class Engine:
    """An engine rule runs (``step(state, units)``) and its hooks fire the card."""

    step: Callable[[State, Units], Any]
    note: str = ""


Trigger = Fire | Roll | Explore | Activate | Achieve | Static | Engine


# -- a case ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One card's effect happening in play (see the module docstring)."""

    card: str
    do: Trigger
    expect: dict[str, Any]
    #: The rulebook section a ``source: rulebook`` card is printed in (or the rule it bends).
    cite: str = ""
    #: A second case of the same card gets a name (the test id is ``card-name``).
    name: str = ""
    #: The ship type a ship ability or ship mod is attached to.
    slot: str | None = None
    #: Units: ``name -> (owner, size, sector)`` or ``(owner, size, sector, {field: value})``.
    ships: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    #: Extractors: ``name -> (owner, planet or colony space)``.
    extractors: dict[str, tuple[int, str]] = field(default_factory=dict)
    #: Other techs of seat 0 in play: card ids, ``"id!"`` for an exhausted one.
    techs: tuple[str, ...] = ()
    #: Values set before the trigger, by path (``p0.res.uncommon``: 1).
    given: dict[str, Any] = field(default_factory=dict)
    #: The options seat 0 picks, in order.
    answers: tuple[str, ...] = ()
    #: A check of the rule the card changes (a stat read by the engine, say).
    rule: Rule | None = None

    @property
    def id(self) -> str:
        return f"{self.card}-{self.name}" if self.name else self.card


# -- running a case -------------------------------------------------------------------------------


def card_file(state: State, cid: str) -> str:
    """Which card file holds a card id."""
    for stem, table in runtime(state).cards.items():
        if cid in table:
            return stem
    raise KeyError(f"no card {cid!r} in the base pack")


def setup(case: Case) -> tuple[Any, State, Units]:
    """The case's position, with the card in play for seat 0 (tokens wait for their reveal)."""
    g, s = fresh()
    me = s["players"][0]
    units: Units = {}
    stem = card_file(s, case.card)
    if stem == "techs":
        kind = card_kind(runtime(s), case.card)[0]
        slot = case.slot or ("medium" if kind in ("ship_ability", "ship_mod") else None)
        me["techs"].append({"ref": f"{case.card}#1", "exhausted": False, "ship_type": slot})
    elif stem == "factions":
        me["faction"] = case.card
    elif stem == "achievements":
        me["achievement"] = case.card
    for k, other in enumerate(case.techs, start=2):
        cid = other.rstrip("!")
        me["techs"].append(
            {"ref": f"{cid}#{k}", "exhausted": other.endswith("!"), "ship_type": None}
        )
    for name, spec in case.ships.items():
        owner, size, sector, *extra = spec
        units[name] = ship(s, owner, size, sector, **(extra[0] if extra else {}))
    for name, (owner, where) in case.extractors.items():
        if where in s["planets"]:
            units[name] = extractor(s, owner, planet=where)
        else:
            units[name] = extractor(s, owner, space=where)
    for path, value in case.given.items():
        _set(s, units, path, copy.deepcopy(value))
    versions.forget(s)  # the cards and pieces were edited in place, past the engine
    return g, s, units


def run(case: Case) -> tuple[State, Units, State]:
    """Set up, trigger, answer; returns the state, the units and the state before."""
    g, s, units = setup(case)
    before = copy.deepcopy(s)
    _trigger(case, s, units)
    for answer in case.answers:
        assert g.current_players(s) == [0], f"no decision of seat 0 is waiting for {answer!r}"
        g.apply(s, 0, _sub(answer, units))  # checked against the legal options
    assert not s["frames"], f"the effect still waits: {[o.id for o in g.legal_options(s, 0)]}"
    return s, units, before


def _trigger(case: Case, s: State, units: Units) -> None:
    do = case.do
    if isinstance(do, Fire):
        hooks.fire(s, do.hook, 0, {k: _sub(v, units) for k, v in do.context.items()})
    elif isinstance(do, Roll):
        _roll(s, do.face, units[do.ship])
    elif isinstance(do, Explore):
        _explore(s, case.card, do.sector)
    elif isinstance(do, Activate):
        offered = [o for o, _ in hooks.activated_options(s, 0)]
        assert f"use:{case.card}#1" in offered, offered
        hooks.start_activated(s, 0, f"use:{case.card}#1")
    elif isinstance(do, Achieve):
        hooks.check_achievements(s)
    elif isinstance(do, Engine):
        do.step(s, units)


def _roll(s: State, face: str, sid: str) -> None:
    """One die of a ship, its hooks fired as combat does for each die (000 "Attack")."""
    ship_ = s["ships"][sid]
    s["dice"] = [{"face": face, "ship": sid, "size": ship_["size"], "owner": ship_["owner"]}]
    damage, ability, extra = runtime(s).face_info[face]
    ctx = {"die": 0, "ship": sid, "ship_type": ship_["size"], "sector": ship_["sector"]}
    hooks.fire(s, "die_rolled", 0, ctx)
    if damage:
        hooks.fire(s, "hit_rolled", 0, ctx)
    if extra:
        hooks.fire(s, "explode_rolled", 0, ctx)
    if ability:
        hooks.fire(s, "ability_rolled", 0, ctx)
    if not (damage or ability or extra):
        hooks.fire(s, "miss_rolled", 0, ctx)


def _explore(s: State, cid: str, sector: str) -> None:
    """Lay the token face down in ``sector``, then reveal and resolve it (000 "1. Move")."""
    card = runtime(s).cards["exploration"][cid]
    sec = s["sectors"][sector]
    ref = f"{cid}#1"
    sec.update(token=ref, token_kind=card["kind"], revealed=False)
    if sec["planet"] is not None:
        s["planets"][sec["planet"]].update(token=ref, resource=card.get("resource"))
    ctx = command.reveal(s, 0, sector)
    hooks.run_card(s, 0, ctx["card"], ctx)


# -- paths ----------------------------------------------------------------------------------------


def _sub(value: Any, units: Units) -> Any:
    """``$name`` -> the unit's id, inside strings such as ``pick:$a``."""
    if isinstance(value, str) and "$" in value:
        head, _, name = value.partition("$")
        return head + units[name]
    return value


def value_at(s: State, units: Units, path: str, card: str) -> Any:
    """The value a path names (see the module docstring)."""
    if path.startswith("len:"):
        return len(value_at(s, units, path[4:], card))
    head, *rest = path.split(".")
    if head == "stat":
        return stat(s, 0, rest[0], rest[1] if len(rest) > 1 else None)
    if head == "flag":
        return flag(s, 0, rest[0], rest[1] if len(rest) > 1 else None)
    if head == "ships":
        seat = int(rest[0][1:])
        return sum(
            1
            for x in s["ships"].values()
            if x["owner"] == seat and (len(rest) == 1 or x["sector"] == rest[1])
        )
    if head == "owner":
        found = [x["owner"] for x in s["extractors"].values() if x["planet"] == rest[0]]
        return found[0] if found else None
    if head == "card":
        return _card_entry(s, card)[rest[0]]
    node, rest = _root(s, units, head, rest)
    for key in rest:
        if node is GONE:
            return GONE
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


def _root(s: State, units: Units, head: str, rest: list[str]) -> tuple[Any, list[str]]:
    if head[0] == "p" and head[1:].isdigit():
        return s["players"][int(head[1:])], rest
    if head in ("ship", "x"):
        table = s["ships"] if head == "ship" else s["extractors"]
        return table.get(units[rest[0]], GONE), rest[1:]
    return s[head], rest


def _card_entry(s: State, cid: str) -> dict[str, Any]:
    me = s["players"][0]
    if me["faction"] == cid:
        return {"exhausted": me["faction_exhausted"]}
    return next(t for t in me["techs"] if t["ref"] == f"{cid}#1")


def _set(s: State, units: Units, path: str, value: Any) -> None:
    *parents, last = path.split(".")
    if not parents:
        s[last] = value
        return
    head, *rest = parents
    node, rest = _root(s, units, head, rest)
    for key in rest:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


def check(case: Case, s: State, units: Units, before: State) -> None:
    """Compare every expected path; then the case's rule check."""
    got = {path: value_at(s, units, path, case.card) for path in case.expect}
    want = {path: case.expect[path] for path in case.expect}
    assert got == want
    if case.rule is not None:
        assert case.rule(s, units, before) in (None, True), f"{case.id}: the rule check failed"


__all__ = [
    "GONE",
    "SIZES",
    "Achieve",
    "Activate",
    "Case",
    "Engine",
    "Explore",
    "Fire",
    "Roll",
    "Static",
    "check",
    "run",
    "value_at",
]
