"""Keeping the kept planetary achievement in view: how far an option moves a seat towards it.

A planetary achievement is played as soon as its condition holds (000 "Planetary
Achievement": "Keep Hidden. Play immediately when ..."). The condition is compiled content
(``as_soon_as`` clauses), so progress is measured by evaluating it with the effect machine,
never by card id: a modder's new achievement steers the agent too (issue 8: "keeps its
achievement in view").

*Progress* is a number in [0, 1]: a ``count >= n`` comparison is ``count / n`` (capped), an
``and`` is the mean of its parts, an ``or`` the best part, anything else 1 when it holds and 0
when not. An option's *gain* is the progress of a what-if view (the option's usual result
applied to a shallow copy: a ship moved or built, an extractor placed, a tech made, resources
mined) less the progress now. Only the seat's own observation is read: its own kept
achievement is visible to it, the others' are ``"?"`` there and never looked at.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from whitedwarf.interpreter.lastlight import effects, valuation, versions
from whitedwarf.interpreter.lastlight.conditions import FINGERPRINTS, reads
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.persist import HIDDEN
from whitedwarf.interpreter.lastlight.records import State, Tech
from whitedwarf.interpreter.lastlight.state import can_pay, card_id, game_state
from whitedwarf.interpreter.vm import EffectError, Frame, new_frame

#: Light-equivalents of bonus per unit of progress, per light the achievement is worth: an
#: option completing half of a 2-light achievement scores 1.5 more (about what an inner
#: planet's extractor earns over a plain one).
PULL = 1.5
#: A move onto a free planet only makes a later extractor possible: that counts this much.
HOLD_SHARE = 0.5
#: A condition's domains (conditions.reads) that each option kind can change (``fleet`` and
#: ``holdings``: the seat's own ships and extractors, read by "ships you own", "planets you
#: control").
_CHANGES = {
    "move": {"ships", "extractors", "fleet", "holdings"},
    "build": {"ships", "fleet"},
    "extractor": {"extractors", "holdings"},
    "make": {"techs", "cards", "me"},
    "play": {"ships", "extractors", "fleet", "holdings", "techs", "cards", "me"},
}
#: The domains a what-if view differs in from the view it was made from, as the engine
#: renews them for the same change (versions.py): a ship placed or moved, an extractor
#: placed, a tech put in play from the hand (``cards_changed`` and ``techs_changed``),
#: resources gained. A condition reading none of them has the same progress there.
SHIP_DOMAINS = frozenset({"ships", "fleet"})
EXTRACTOR_DOMAINS = frozenset({"extractors", "holdings"})
TECH_DOMAINS = frozenset({"me", "techs", "techs_of"})
RESOURCE_DOMAINS = frozenset({"me"})


#: Card id -> (its compiled clauses, their ``as_soon_as`` conditions, the domains those
#: read, and those domains sorted: the order of their stamps in a progress key): what
#: :meth:`Aim.of` works out of a card's compiled program, which is the same for every
#: decision of a game (reading the domains cost a quarter of the search's scoring). An
#: entry holds the clauses it was made from and serves only while the content's compiled
#: clauses are that same object, so another content, or one compiled afresh, makes its own.
#: It reads no state, so nothing about a game can go stale in it.
_GOALS: dict[str, tuple[list[Any], list[tuple[int, Any]], set[str] | None, tuple[str, ...]]] = {}

#: What a searched decision's guesses share of the aim's work: ``(achievement ref, seat,
#: the fingerprints of the domains its conditions read)`` -> the progress there
#: (:meth:`Aim.progress`). Made by the search for one searched decision and dropped after
#: it (``agents/search.py``).
Shared = dict[tuple[Any, ...], float]

#: Seat -> (its kept achievement then, its :class:`Aim`) for one view object
#: (:meth:`Aim.kept`).
Aims = dict[int, tuple[Any, "Aim | None"]]


#: ``(achievement ref, seat, the stamps of the domains its conditions read)`` -> the
#: progress there. A seat's progress is asked again at most of its decisions, mostly with
#: nothing it reads changed (six times in ten in the search's rollouts). A stamp is unique in
#: the process and renewed by every change of its domain (versions.py), so an entry is only
#: found again for a position whose domains are as they were, where the progress is the same
#: (a condition is a pure function of the domains it reads: conditions.py, the premise of the
#: engine's own achievement memos): nothing in it can go stale. Emptied when it is full.
_PROGRESS: dict[tuple[Any, ...], float] = {}
_PROGRESS_LIMIT = 20_000

#: ``(domains in order, seat)`` -> their stamp keys (``versions.keys_of``), made once each.
_KEYS: dict[tuple[tuple[str, ...], int], tuple[Any, ...]] = {}


class Aim:
    """A seat's kept achievement and its progress now, judged from the seat's own view."""

    def __init__(
        self,
        view: State,
        seat: int,
        ref: str,
        clauses: list[tuple[int, Any]],
        domains: set[str] | None,
        order: tuple[str, ...] | None = None,
        shared: Shared | None = None,
    ) -> None:
        """``domains``: every domain the ``clauses`` read, None when one may read anything
        (:func:`_domains`); ``order``: the same sorted (worked out when not given);
        ``shared``: the progress a searched decision's guesses share (:data:`Shared`), or
        None (each view's progress worked out afresh)."""
        self.view = view
        self.seat = seat
        self.ref = ref
        self.clauses = clauses
        self.worth = max(1.0, valuation.ref_value(view, ref))
        self.domains = domains
        self._order = order
        #: The fingerprints of what the conditions read, when their progress is shared.
        self._prints = None
        if shared is not None and domains is not None:
            self._prints = _prints(order if order is not None else tuple(sorted(domains)))
        self._shared = shared
        #: :attr:`now`, once worked out.
        self._now: float | None = None

    @property
    def now(self) -> float:
        """The progress in the view itself (worked out when an option may change it, then
        kept: a plain slot, since ``functools.cached_property`` takes a lock at every read),
        kept with the stamps of the domains it reads (:data:`_PROGRESS`)."""
        if self._now is None:
            self._now = self._progress_now()
        return self._now

    def _progress_now(self) -> float:
        if self.domains is None:
            return self.progress(self.view)
        stamps = versions.of(self.view).stamps
        order = self._order if self._order is not None else tuple(sorted(self.domains))
        keys = _KEYS.get((order, self.seat))
        if keys is None:
            keys = _KEYS[order, self.seat] = versions.keys_of(order, self.seat)
        key = (self.ref, self.seat, *map(stamps.__getitem__, keys))
        found = _PROGRESS.get(key)
        if found is None:
            if len(_PROGRESS) >= _PROGRESS_LIMIT:
                _PROGRESS.clear()
            found = _PROGRESS[key] = self.progress(self.view)
        return found

    @classmethod
    def of(cls, view: State, seat: int, shared: Shared | None = None) -> Aim | None:
        """The seat's aim, or None when it has no achievement left to complete (``shared``:
        the progress a searched decision's guesses share, :data:`Shared`)."""
        ref = view["players"][seat].get("achievement")
        if not ref or ref == HIDDEN:
            return None
        cid = card_id(ref)
        try:
            found = effects.card_effect(runtime(view), cid)["clauses"]
        except (KeyError, EffectError):
            return None
        goal = _GOALS.get(cid)
        if goal is None or goal[0] is not found:
            clauses = [(i, c["when"]) for i, c in enumerate(found) if c.get("form") == "as_soon_as"]
            domains = _domains(clauses) if clauses else None
            order = tuple(sorted(domains)) if domains is not None else ()
            goal = _GOALS[cid] = (found, clauses, domains, order)
        _, clauses, domains, order = goal
        return cls(view, seat, ref, clauses, domains, order, shared) if clauses else None

    @classmethod
    def kept(cls, view: State, seat: int, shared: Shared | None, aims: Aims) -> Aim | None:
        """:meth:`of`, kept in ``aims`` from one decision of ``view`` to the next: the aim a
        seat's decision made serves its later decisions of the same view object while the
        seat keeps the same achievement, its progress now asked again (:attr:`now`). What
        :meth:`of` reads besides the achievement is the content's (the card's compiled
        clauses, its worth), the same all game. ``aims`` belongs to one view object (a
        rollout's world, :mod:`.search`), which a search's rollout asks about 40 times."""
        ref = view["players"][seat].get("achievement")
        found = aims.get(seat)
        if found is not None and found[0] == ref:
            aim = found[1]
            if aim is not None:
                aim._now = None
            return aim
        aim = cls.of(view, seat, shared)
        aims[seat] = (ref, aim)
        return aim

    def progress(self, view: State) -> float:
        """How close the achievement is to being played in ``view`` (the best clause).

        With a searched decision's :data:`Shared` progress, it is looked up by what the
        conditions read of ``view``: the fingerprints of their domains (``conditions.
        FINGERPRINTS``: everything a condition can read of a domain), the achievement and the
        seat. A condition is a pure function of its domains and of what no domain names,
        which stays as it is all game (conditions.py; the premise of the engine's memos),
        and the guesses of one searched decision are one position's (determinise.py fills in
        only what the seat cannot see, of which a condition reads only its domains: the
        others' cards), so every view played from them has the same board and content: an
        entry found is the progress this view would give. Guesses start as new objects, so
        the stamps of :data:`_PROGRESS` never meet across them; the fingerprints do (for
        58% of the views in ``search_bench.py``'s rollouts, each sparing a what-if view its
        indexes and evaluation)."""
        prints = self._prints
        if prints is None:
            return self._evaluate(view)
        seat = self.seat
        key = (self.ref, seat, *[fingerprint(view, seat) for fingerprint in prints])
        shared = self._shared
        assert shared is not None  # (prints are kept only with it)
        found = shared.get(key)
        if found is None:
            found = shared[key] = self._evaluate(view)
        return found

    def _evaluate(self, view: State) -> float:
        best = 0.0
        for index, cond in self.clauses:
            frame = new_frame(card_id(self.ref), self.seat, index, {"card": self.ref})
            best = max(best, condition_progress(view, frame, cond))
        return best

    def bonus(self, option: str) -> float:
        """Extra score for an option that brings the achievement closer (0 if it does not)."""
        kind, _, rest = option.partition(":")
        return self.bonus_of(kind, rest)

    def bonus_of(self, kind: str, rest: str) -> float:
        """:meth:`bonus` of the option ``kind:rest``."""
        changes = _CHANGES.get(kind)
        if changes is None:
            return 0.0
        if self.domains is not None and changes.isdisjoint(self.domains):
            return 0.0
        if kind == "play" and rest not in _PLAY_OUTCOMES:
            return 0.0  # no usual outcome: no gain (:func:`_gain_play`), the progress not asked
        if self.now >= 1.0:
            return 0.0
        gain = _GAINS[kind](self, rest)
        return PULL * self.worth * gain if gain > 0 else 0.0

    def reads(self, changes: frozenset[str]) -> bool:
        """Whether a what-if differing in ``changes`` can have another progress (else its
        gain is 0 and it need not be made: :meth:`gain`)."""
        return self.domains is None or not self.domains.isdisjoint(changes)

    def gain(self, what_if: State | None, changes: frozenset[str]) -> float:
        """Progress of a what-if view less progress now. ``changes``: the domains the what-if
        differs in; a condition that reads none of them has the same progress in both
        (conditions.py: a pure function of the domains it reads, the premise of the engine's
        own achievement memos), so the gain is 0 without a test."""
        if what_if is None:
            return 0.0
        if self.domains is not None and changes.isdisjoint(self.domains):
            return 0.0
        return self.progress(what_if) - self.now  # its memos (versions.py) go with it


def steers(option: str) -> bool:
    """Whether an option can bring an achievement closer (:meth:`Aim.bonus` is 0 for the
    others: a decision among them needs no aim): its kind changes something a condition
    reads, and an action card is one with usual outcomes (:data:`_PLAY_OUTCOMES`: Trade,
    Refresh and Command have none, so their gain is 0 whatever the aim; half the search's
    rollout decisions are the action card)."""
    kind, _, rest = option.partition(":")
    return steers_kind(kind, rest)


def steers_kind(kind: str, rest: str) -> bool:
    """:func:`steers` of the option ``kind:rest``."""
    return kind in _CHANGES and (kind != "play" or rest in _PLAY_OUTCOMES)


def condition_progress(view: State, frame: Frame, cond: list[Any]) -> float:
    """A COND's progress in [0, 1] (module docstring); 0 when it cannot be evaluated."""
    try:
        return _progress(view, frame, cond)
    except (EffectError, KeyError, IndexError, TypeError, ValueError, ZeroDivisionError):
        return 0.0


def _progress(view: State, frame: Frame, cond: list[Any]) -> float:
    op = cond[0]
    if op == "and":
        parts = [_progress(view, frame, c) for c in cond[1]]
        return sum(parts) / len(parts) if parts else 1.0
    if op == "or":
        return max((_progress(view, frame, c) for c in cond[1]), default=0.0)
    if op == "cmp" and cond[1] in (">=", ">"):
        have = effects.MACHINE.evaluate(view, frame, cond[2])
        need = effects.MACHINE.evaluate(view, frame, cond[3]) + (1 if cond[1] == ">" else 0)
        return 1.0 if need <= 0 else max(0.0, min(1.0, have / need))
    return 1.0 if effects.MACHINE.test(view, frame, cond) else 0.0


#: Sorted domains -> their fingerprint functions (``conditions.FINGERPRINTS``), None when
#: one has none (its progress is never shared).
_PRINTS: dict[tuple[str, ...], tuple[Callable[[State, int], Any], ...] | None] = {}


def _prints(order: tuple[str, ...]) -> tuple[Callable[[State, int], Any], ...] | None:
    if order not in _PRINTS:
        known = all(domain in FINGERPRINTS for domain in order)
        _PRINTS[order] = tuple(FINGERPRINTS[d] for d in order) if known else None
    return _PRINTS[order]


def _domains(clauses: list[tuple[int, Any]]) -> set[str] | None:
    """Every domain the clauses read, or None when one of them may read anything."""
    out: set[str] = set()
    for _, cond in clauses:
        found = reads(cond)
        if found is None:
            return None
        out.update(found)
    return out


# -- what-if views: an option's usual result on a shallow copy (memos of its own) ----------------


def _moved(view: State, ship: str, dest: str) -> State | None:
    if ship not in view["ships"]:
        return None
    ships = dict(view["ships"])
    ships[ship] = {**ships[ship], "sector": dest}
    return game_state(view, ships=ships)


def _with_extractor(
    view: State, seat: int, sector: str, planet: str | None, space: str | None
) -> State:
    extractors = dict(view["extractors"])
    extractors[f"what-if-x{len(extractors)}"] = {
        "id": "what-if",
        "owner": seat,
        "sector": sector,
        "planet": planet,
        "space": space,
    }
    return game_state(view, extractors=extractors)


def _with_ship(view: State, seat: int, size: str) -> State:
    ships = dict(view["ships"])
    home = _home(view, seat)
    ships[f"what-if-s{len(ships)}"] = {
        "id": "what-if",
        "owner": seat,
        "size": size,
        "sector": home,  # type: ignore[typeddict-item]  # a seat has a home (None: none)
        "damage": 0,
        "fought": 0,
        "moved": False,
        "extra_move": 0,
    }
    return game_state(view, ships=ships)


def _with_tech(view: State, seat: int, ref: str, size: str | None) -> State:
    players = list(view["players"])
    player = players[seat].copy()
    tech: Tech = {"ref": ref, "exhausted": False, "ship_type": size or None}
    player["techs"] = [*player["techs"], tech]
    if isinstance(player["techs_hand"], list):
        player["techs_hand"] = [r for r in player["techs_hand"] if r != ref]
    players[seat] = player
    return game_state(view, players=players)


def _with_resources(view: State, seat: int, extra: dict[str, int]) -> State:
    players = list(view["players"])
    player = players[seat].copy()
    res = dict(player["res"])
    for unit, amount in extra.items():
        res[unit] = res.get(unit, 0) + amount
    player["res"] = res
    players[seat] = player
    return game_state(view, players=players)


def _home(view: State, seat: int) -> str | None:
    return next((sid for sid, s in view["sectors"].items() if s.get("home") == seat), None)


def _free_planet(view: State, sector: str) -> str | None:
    """The planet of a sector when it has no extractor yet."""
    found = view["sectors"].get(sector)
    planet = found["planet"] if found is not None else None
    if planet is None or any(x["planet"] == planet for x in view["extractors"].values()):
        return None
    return planet


# -- gains, by option kind ---------------------------------------------------------------------


def _gain_move(aim: Aim, rest: str) -> float:
    ship, _, dest = rest.partition(":")
    moved = _moved(aim.view, ship, dest)
    gain = aim.gain(moved, SHIP_DOMAINS)
    planet = _free_planet(aim.view, dest)
    if moved is not None and planet is not None:
        held = _with_extractor(moved, aim.seat, dest, planet, None)
        gain = max(gain, HOLD_SHARE * aim.gain(held, SHIP_DOMAINS | EXTRACTOR_DOMAINS))
    return gain


def _gain_build(aim: Aim, rest: str) -> float:
    return aim.gain(_with_ship(aim.view, aim.seat, rest.split("@", 1)[0]), SHIP_DOMAINS)


def _gain_extractor(aim: Aim, where: str) -> float:
    planet = aim.view["planets"].get(where)
    if planet is not None:
        what_if = _with_extractor(aim.view, aim.seat, planet["sector"], where, None)
    else:
        home = _home(aim.view, aim.seat)
        if home is None:  # no home sector in this view: nothing to place the extractor in
            return 0.0
        what_if = _with_extractor(aim.view, aim.seat, home, None, where)
    return aim.gain(what_if, EXTRACTOR_DOMAINS)


def _gain_make(aim: Aim, rest: str) -> float:
    ref, _, size = rest.partition(":")
    return aim.gain(_with_tech(aim.view, aim.seat, ref, size or None), TECH_DOMAINS)


def _gain_play(aim: Aim, action: str) -> float:
    """The best gain the action card usually allows (its decisions are judged later), 0
    when none gains: a loss counts as no gain, as in the bonus (:meth:`Aim.bonus`), so the
    outcomes that cannot gain are not made (:func:`_construct_outcomes`)."""
    outcome = _PLAY_OUTCOMES.get(action)
    return max([0.0, *(aim.gain(v, c) for v, c in outcome(aim))]) if outcome else 0.0


#: An action's usual result: a what-if view and the domains it changes.
Outcome = tuple[State, frozenset[str]]


# An action's outcomes whose gain is 0 for the aim (:meth:`Aim.reads`) are left out: its
# gain is the best one, counted only above 0 (:func:`_gain_play`).


def _construct_outcomes(aim: Aim) -> list[Outcome]:
    view, seat = aim.view, aim.seat
    player = view["players"][seat]
    out: list[Outcome] = []
    if aim.reads(SHIP_DOMAINS):
        out += [
            (_with_ship(view, seat, size), SHIP_DOMAINS)
            for size, cost in runtime(view).ship_cost.items()
            if can_pay(player, cost)
        ]
    if aim.reads(EXTRACTOR_DOMAINS):
        for sector in _held_free_sectors(view, seat):
            what_if = _with_extractor(view, seat, sector, _free_planet(view, sector), None)
            out.append((what_if, EXTRACTOR_DOMAINS))
    return out


def _research_outcomes(aim: Aim) -> list[Outcome]:
    if not aim.reads(TECH_DOMAINS):
        return []
    player = aim.view["players"][aim.seat]
    hand = player["techs_hand"] if isinstance(player["techs_hand"], list) else []
    return [(_with_tech(aim.view, aim.seat, ref, None), TECH_DOMAINS) for ref in hand[:1]]


def _mine_outcomes(aim: Aim) -> list[Outcome]:
    """One of each extractor's resource (000 "Mine"), where the resource is known."""
    if not aim.reads(RESOURCE_DOMAINS):
        return []
    view, seat = aim.view, aim.seat
    spaces: dict[str, str] | None = None  # the colony ship's spaces, read when one is held
    extra: dict[str, int] = {}
    for x in view["extractors"].values():
        if x["owner"] != seat:
            continue
        planet = x["planet"]  # else on a colony ship space
        unit: str | None
        if planet:
            unit = view["planets"][planet]["resource"]
        else:
            if spaces is None:
                spaces = dict(runtime(view).colony_spaces)
            unit = spaces.get(x["space"] or "")
        if unit in valuation.UNIT_VALUE and unit != "light":
            extra[unit] = extra.get(unit, 0) + 1
    return [(_with_resources(view, seat, extra), RESOURCE_DOMAINS)] if extra else []


def _held_free_sectors(view: State, seat: int) -> list[str]:
    """Planet sectors with only this seat's ships and no extractor (000 Construct "2.")."""
    taken = {x["planet"] for x in view["extractors"].values()}  # as _free_planet, once
    owners: dict[str, set[int]] = {}
    for ship in view["ships"].values():
        owners.setdefault(ship["sector"], set()).add(ship["owner"])
    held = {sector_id for sector_id, who in owners.items() if who == {seat}}
    return [
        sector_id
        for sector_id, sector in view["sectors"].items()
        if sector_id in held  # tested first: few sectors hold only this seat's ships
        and sector.get("planet") is not None
        and sector["planet"] not in taken
    ]


_PLAY_OUTCOMES: dict[str, Callable[[Aim], list[Outcome]]] = {
    "construct": _construct_outcomes,
    "research": _research_outcomes,
    "mine": _mine_outcomes,
}

_GAINS: dict[str, Callable[[Aim, str], float]] = {
    "move": _gain_move,
    "build": _gain_build,
    "extractor": _gain_extractor,
    "make": _gain_make,
    "play": _gain_play,
}
