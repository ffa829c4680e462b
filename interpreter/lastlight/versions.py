"""What changed in a state since a memo was made: version stamps kept by the mutations.

The achievement check runs after every step, decision and verb (docs/rules-decisions.md E17)
and stat reads run at every die; both used to fingerprint or walk what they read each time
(the ships, the extractors, a player's cards in play). Instead, every function that changes a
part of the state a condition can read (a *domain* of ``conditions.py``; they are all
``state.py``'s, the one module that writes the state) renews that domain's stamp here, and
the memos compare stamps:

* ``ships``, ``extractors``, ``techs`` (every player's faction, techs in play and in hand,
  exhausted or not), ``lights`` (every player's light), ``round``, ``lumos`` (the Lumos'
  ally), and per seat ``("me", seat)`` (light, resources, techs in play, graveyard),
  ``("cards", seat)`` (action cards in hand and played), ``("fleet", seat)`` and
  ``("holdings", seat)`` (the seat's own ships and extractors: a condition on "ships you
  own" or "planets you control" is not tested again when another player's piece moves) and
  ``("techs_of", seat)`` (the part of ``techs`` that is the seat's: its faction, techs in play
  and in hand, exhausted or not, renewed with ``techs`` by :func:`techs_changed`): a
  stamp unique in the process,
  renewed at each change, and named in ``moved`` until the next achievement check. A
  condition found false stays false until a domain it reads moves (``pending.py``,
  ``hooks.check_achievements``): the check tests again only the conditions that read what
  moved, and is skipped whole when nothing any pending condition reads has moved since a
  check that found nothing.
* a seat's cards in play (faction, techs in play and the ship types they sit on,
  :func:`cards_changed`): the memos derived from them (its pending ``as_soon_as``
  conditions, stat and flag totals, its ship types' numbers, the techs on each ship type,
  the cards bound to each hook and those with activated clauses, its cards by ref) are
  dropped.
* the ships by owner and size (``fleet.py``), dropped when a ship is removed
  (:func:`ships_placed_or_removed`), a placed one added to it (:func:`ship_placed`); the
  ships by sector are kept with the ``ships`` stamp and brought to the new stamp by every
  change of a ship (:func:`ship_placed`, :func:`ship_moved`, :func:`ship_damaged`,
  :func:`ship_removed`; any other renewal drops them), the extractors by sector and by owner
  with the ``extractors`` stamp (a piece placed is added to them, :func:`extractor_placed`).
* whether each activated clause of a seat would act (a target it must choose exists,
  ``hooks._would_act_kept``), with the stamps of the domains its choices read: used while
  they are unchanged.
* a move step's options (``command.Listing``), for that step's task only, with the
  ``ships`` stamp, the player's ``techs_of``, the rotation and the Lumos' ally then; a move
  drops the moved ship's options and brings it up to date.
* the options a step listed to decide whether to ask (:func:`remember_asked`), kept for
  that decision's listing and check while the task still asks at that step; any renewal
  above drops them.

The stamps are not part of the state's data: saves, hashes and equality are unchanged (a
position is the same however it was reached). They live on the state object itself: a Last
Light state is a :class:`GameState`, a ``dict`` with two slots beside its data, ``memo`` (its
:class:`Versions`, made when first asked) and ``running`` (the frame its effects are running,
``effects.drive``). A clone, a copy or a loaded state is a new object whose slots start empty
(pickling and copying carry the data only), so nothing is carried from one state to another,
and the memos go with their state, but for what :func:`lend` allows: a guess of the search
agent made from a view takes the numbers of a seat's ship types read there while the seat
holds the same cards in both. A plain ``dict`` given to the engine (a what-if view of an
agent) is answered with fresh versions at each read: the same answers, kept nowhere.
``tests/engine/test_versions.py`` plays seeded games comparing every memoised answer with one
worked out from scratch, so a change made without renewing a stamp fails it. Code outside the
engine that edits a state in place after it was checked (a test building a position) calls
:func:`forget` for it.
"""

from __future__ import annotations

import weakref
from bisect import bisect_right
from collections.abc import Callable, Collection
from functools import cache
from itertools import count
from typing import Any, Literal

from whitedwarf.interpreter.lastlight.content import Runtime, runtime
from whitedwarf.interpreter.lastlight.records import Extractor, Ship, State, Task

#: Stamps unique in the process: equal stamps mean the same state object, unchanged since.
_STAMPS = count(1)

#: Domains of the whole state, and domains kept per seat (``(domain, seat)`` keys).
SHARED = ("ships", "extractors", "techs", "lights", "round", "lumos")
PER_SEAT = ("me", "cards", "fleet", "holdings", "techs_of")


@cache
def _keys(seats: int) -> tuple[Any, ...]:
    """Every stamp key of a state of ``seats`` players: the shared domains, each per-seat
    domain's key for each seat, then the read-only stamps of :func:`shown`."""
    per_seat = ((d, s) for d in PER_SEAT for s in range(seats))
    # Read-only stamps no condition reads (:func:`shown`): a seat's chosen action card, the
    # pieces in its supply, and a token revealed; the RL observation vector's
    # (``lastlight/rl/vector.py``).
    shown = ((d, s) for d in ("choice", "supply") for s in range(seats))
    return (*SHARED, *per_seat, *shown, "tokens")


class GameState(dict[str, Any]):
    """A Last Light state: the game as plain data (``state.py``: a ``dict``, equal, saved,
    hashed and cloned as one), with two slots the data does not hold: ``memo``, what the
    engine has worked out about this object (its :class:`Versions`, None until first asked),
    and ``running``, ``(index, depth)`` of the frame its effects are running now
    (``effects.drive``), else None; ``lender``, the state it was made from, whose memos of
    the seats' cards it takes while they hold for it (:func:`lend`), else None.
    Pickling and copying carry the data only: a clone or a loaded state starts with every
    slot empty."""

    __slots__ = ("lender", "memo", "running")

    memo: Versions | None
    running: tuple[int, int] | None
    lender: GameState | None

    def __new__(cls, *args: Any, **kwargs: Any) -> GameState:
        # Set here rather than in __init__: unpickling (pickle, copy.copy) calls __new__ only.
        # dict's own __new__ (which leaves the items to __init__), named rather than reached
        # through super(), which mypyc refuses in a class it leaves a Python class.
        self = dict.__new__(cls)
        self.memo = None
        self.running = None
        self.lender = None
        return self

    def __getstate__(self) -> None:
        """Nothing beside the data is pickled or copied (the slots start empty)."""
        return None


class Versions:
    """The stamps and per-state memos of one state object (see the module docstring)."""

    __slots__ = (
        "__weakref__", "acts", "asked", "base_stats", "board", "card_changes", "combat",
        "conditional", "extractor_owners", "extractor_sectors", "flags", "hearing", "held",
        "known_false",
        "mods", "moved", "moves", "plans", "reacting", "readers", "reading", "runtime",
        "seats", "sectors", "settled", "ship_index", "ship_order", "ship_stats", "stamps",
        "totals", "types", "usable", "whiles",
    )  # fmt: skip

    def __init__(self, state: State, rt: Runtime) -> None:
        seats = len(state["players"])
        # The state is not held (it holds this): no cycle, so a state and its memos go
        # together as soon as the last reference to the state goes.
        #: The content's runtime, for readers that need both; held weakly, as the content
        #: directory holds it (``content.py``): a state does not keep its content alive.
        self.runtime = weakref.ref(rt)
        #: The runtime's table of the hooks some card reacts to (``hooks.fire``, at every
        #: hook): the table itself is held, not the runtime, and read without a call.
        self.reacting = rt.reacting
        #: The runtime's table of ``while`` clauses (``conditional.py``), whose ``""`` entry
        #: names the stats and flags some ``while`` clause changes: ``stats.stat`` asks it at
        #: every read (1.4 a decision), held here for the same reason.
        self.conditional = rt.conditional
        #: The runtime's base stats and ship stats (``stats.stat``, some 1.4 reads a
        #: decision), held as tables for the same reason.
        self.base_stats = rt.base_stats
        self.ship_stats = rt.ship_stats
        #: domain key -> its stamp.
        # The same stamps, in the same order, as one ``next`` per key in a comprehension
        # (zip stops at the last key): a what-if view of an agent makes its versions at
        # every evaluation, and the comprehension was half of making them.
        self.stamps: dict[Any, int] = dict(zip(_keys(seats), _STAMPS, strict=False))
        #: The domain keys renewed since the last achievement check.
        self.moved: set[Any] = set()
        #: ``(ref, clause, seat)`` of a pending condition found false, none of whose domains
        #: has moved since -> the stamps of those domains then (kept for the tests' audit).
        self.known_false: dict[tuple[str, int, int], tuple[int, ...]] = {}
        #: seat -> its pending ``as_soon_as`` conditions (``pending.Seat``), None: to list.
        self.seats: list[Any] = [None] * seats
        #: Whether the last check found nothing and every pending condition is known false.
        self.settled = False
        #: Every domain key a pending condition reads (when ``settled``).
        self.reading: set[Any] = set()
        #: Domain key -> the pending conditions of every seat reading it (when ``settled``).
        self.readers: dict[Any, tuple[Any, ...]] = {}
        #: seat -> ``(stat, ship type)`` -> the total of its cards' modifiers.
        self.mods: list[dict[tuple[str, str | None], int]] = [{} for _ in range(seats)]
        #: seat -> ``(flag, ship type)`` -> whether a card grants it.
        self.flags: list[dict[tuple[str, str | None], bool]] = [{} for _ in range(seats)]
        #: owner (a seat, or the Lumos) -> ship size -> its numbers (``stats.ship_type``).
        self.types: dict[int, dict[str, Any]] = {}
        #: seat -> every modifier and grant of its cards in play, summed in one walk
        #: (``modifiers.CardTotals``), None: to sum.
        self.totals: list[Any] = [None] * seats
        #: seat -> the techs in play by name and the mods on each ship type (research).
        self.board: list[Any] = [None] * seats
        #: seat -> hook -> the cards bound to it (``hooks.fire``).
        self.plans: list[Any] = [None] * seats
        #: seat -> the cards in play with activated clauses (``hooks._activators``).
        self.acts: list[Any] = [None] * seats
        #: seat -> its cards in play by ref (``selectors.cards_in_play``), None: to list.
        self.held: list[Any] = [None] * seats
        #: ``(seat, card ref, clause)`` of an activated clause -> ``(domain keys its choices
        #: read, their stamps then, whether it would act)`` (``hooks._would_act_kept``).
        self.usable: dict[tuple[int, str, int], tuple[tuple[Any, ...], tuple[int, ...], bool]] = {}
        #: ``(task, pc, options)``: the options a task listed to decide whether to ask,
        #: kept for the decision's own listing (:func:`asked_options`); dropped at any change.
        self.asked: tuple[Any, str, list[Any]] | None = None
        #: The ships by owner and size (``fleet.Fleet``), None: to build; dropped when a
        #: ship is removed (:func:`ships_placed_or_removed`), not when one moves; a placed one
        #: is added (:func:`ship_placed`).
        self.ship_index: Any = None
        #: ``(ships stamp, sector -> its ships)`` (``fleet.by_sector``), kept with the stamp
        #: and carried to the next one by the changes of a ship that keep it up to date.
        self.sectors: tuple[int, dict[str, list[Any]]] | None = None
        #: Ship id -> its rank in board order (:func:`ship_moved`), None: to number. Ids are
        #: never reused, so a removed ship's entry harms nothing and ranks stay in order.
        self.ship_order: dict[str, int] | None = None
        #: ``(extractors stamp, sector -> its extractors)`` (``fleet.extractors_by_sector``).
        self.extractor_sectors: tuple[int, dict[str, list[Any]]] | None = None
        #: ``(extractors stamp, owner -> its extractors)`` (``fleet.extractors_of``).
        self.extractor_owners: tuple[int, dict[int, list[Any]]] | None = None
        #: The current move step's options (``command.Listing``), kept with what it read.
        self.moves: Any = None
        #: How many times a seat's cards in play changed (:func:`cards_changed`): combat's
        #: kept sectors hold while it is the same (``combat.KeptSectors``).
        self.card_changes = 0
        #: What the last attack pick surveyed (``combat.KeptSectors``), None: nothing kept.
        #: It holds its own record of what it was surveyed under (not dropped by renewals).
        self.combat: Any = None
        #: How deep ``light_gained`` is being heard now (``gains.py``: its depth limit).
        self.hearing = 0
        #: The seats whose ``while`` conditions are being read now: meanwhile their
        #: ``while`` clauses count for nothing (``conditional.py``'s re-entrancy guard).
        self.whiles: set[int] = set()

    @property
    def rt(self) -> Runtime:
        """The content's runtime (``content.runtime``); KeyError once the content is gone."""
        found = self.runtime()
        if found is None:
            raise KeyError("the content of this state is not loaded; create the Game from it")
        return found


def of(state: State) -> Versions:
    """The versions of a state object, made when first asked (fresh ones for a plain dict,
    kept nowhere: see the module docstring).

    The readers call it at each read (stat reads, the fleet's indexes, the listings): it is
    where ``tests/engine/test_versions.py`` audits every memo read against a fresh walk. Read
    as the slot in 13 readers (``getattr(state, "memo", None) or of(state)``), a random
    decision cost 1.8% fewer instructions (callgrind) and the audit ran 445 times where it
    runs over 1,000 (2-player games): a call it stays (BENCHMARKS.md, issue 26 item 5)."""
    found = getattr(state, "memo", None)
    if found is None:
        found = Versions(state, runtime(state))
        if isinstance(state, GameState):
            state.memo = found
    return found


def lend(source: State, target: State) -> None:
    """Let ``target``, a state made from ``source`` (a guess of the search agent,
    ``determinise.py``: the view's data copied, the hidden parts filled), take the numbers
    of a seat's ship types read in ``source`` while the seat holds the same cards in both
    (:func:`card_lender`, ``stats.ship_type``): the guesses of one decision share the
    numbers read once in their view, where each guess read them stat by stat in its new
    world (860 ship types read for the search's 192 simulations, seeds 0-5, now 179).

    Nothing else is lent: a memo that holds the pieces (the fleet's indexes) would hold
    ``source``'s objects, not ``target``'s (lending those to the aim's what-if views, which
    share them, cost more instructions than the walks it spared: BENCHMARKS.md, issue 26
    item 5, stop 45)."""
    if isinstance(target, GameState) and isinstance(source, GameState):
        target.lender = source


def card_lender(state: State, seat: int) -> State | None:
    """The state lent to ``state`` (:func:`lend`) when ``seat`` holds the same cards in play
    there (faction, techs and the ship types they sit on) and the same durations
    (``lasting.py``), else None: the memos derived from a seat's cards (its ship types'
    numbers, ``stats.ship_type``) are then the same there. Compared at each ask, so a state
    whose cards changed since the lend (a tech researched in a simulation) is not lent. The
    techs are compared whole (one ``==``, their exhausted marks too: stricter than the memos
    need, cheaper than picking out the ref and ship type of each)."""
    source: State | None = getattr(state, "lender", None)
    if source is None:
        return None
    mine, theirs = state["players"][seat], source["players"][seat]
    if mine["faction"] != theirs["faction"] or mine["techs"] != theirs["techs"]:
        return None
    if (state.get("durations") or source.get("durations")) and _durations(
        state, seat
    ) != _durations(source, seat):
        return None
    return source


def _durations(state: State, seat: int) -> list[Any]:
    """A seat's durations (``lasting.py``), which count as its cards' clauses do."""
    return [d for d in state.get("durations") or () if d["owner"] == seat]


def _kept(state: State) -> Versions | None:
    """The versions of a state if it has any yet (a change before then renews nothing)."""
    return getattr(state, "memo", None)


def keys_of(domains: tuple[str, ...], seat: int) -> tuple[Any, ...]:
    """The stamp keys of ``domains`` (``conditions.py``) read as ``seat``: the per-seat
    domains are that seat's."""
    return tuple((d, seat) if d in PER_SEAT else d for d in domains)


def changed(state: State, domain: str, seat: int | None = None) -> None:
    """Renew a domain's stamp (``seat`` for the per-seat domains ``me`` and ``cards``)."""
    found = getattr(state, "memo", None)  # :func:`_kept` written out (1.5 calls a decision)
    if found is not None:
        key = domain if seat is None else (domain, seat)
        found.stamps[key] = next(_STAMPS)
        found.moved.add(key)
        found.asked = None


def shown(state: State, key: Any) -> None:
    """Renew a stamp no condition reads, ``("choice", seat)`` (a seat's chosen action card),
    ``("supply", seat)`` (a piece taken from its supply or put back) or ``"tokens"`` (a
    token revealed), for readers outside the engine (the RL vector): no memo of the
    engine's is dropped and no condition is tested again."""
    found = getattr(state, "memo", None)
    if found is not None:
        found.stamps[key] = next(_STAMPS)


def light_changed(state: State, seat: int) -> None:
    """A player's light changed (their ``me`` and everyone's ``lights``)."""
    found = _kept(state)
    if found is not None:
        found.stamps["me", seat] = next(_STAMPS)
        found.stamps["lights"] = next(_STAMPS)
        found.moved.add(("me", seat))
        found.moved.add("lights")
        found.asked = None


def techs_changed(state: State, seat: int) -> None:
    """A seat's cards (faction, techs in play or in hand) were exhausted, readied, drawn or
    kept: the ``techs`` stamp and the seat's ``techs_of`` renew."""
    found = _kept(state)
    if found is not None:
        found.stamps["techs"] = next(_STAMPS)
        found.stamps["techs_of", seat] = next(_STAMPS)
        found.moved.add("techs")
        found.moved.add(("techs_of", seat))
        found.asked = None


def ships_changed(state: State, owner: int) -> None:
    """A ship of ``owner`` was placed, moved, damaged, repaired, removed or given an extra
    move (``verbs.verb_move_extra``): the ``ships`` stamp and the owner's ``fleet`` (a Lumos
    ship's, :data:`state.LUMOS`, has none)."""
    _pieces_changed(state, "ships", "fleet", owner)


def ships_placed_or_removed(state: State, owner: int) -> None:
    """A ship of ``owner`` was placed on the board or removed from it: :func:`ships_changed`,
    and the index of ships by owner and size (``fleet.py``) goes."""
    found = _kept(state)
    if found is not None:
        found.ship_index = None
    ships_changed(state, owner)


def ship_placed(state: State, ship: Ship) -> None:
    """A new ship was put on the board (last in board order, ``state.place_ship``):
    :func:`ships_changed`, and the index of ships by owner and size takes it
    (``fleet.Fleet.place``) rather than going: building it again walked every ship on the
    board, some 25-35 late in a game, after every ship a Construct built."""
    found = _kept(state)
    if found is None:
        return
    if found.ship_index is not None:
        found.ship_index.place(ship)
    if found.ship_order is not None:
        found.ship_order[ship["id"]] = len(found.ship_order)  # after every rank given
    before = found.stamps["ships"]
    ships_changed(state, ship["owner"])
    found.sectors = _with_piece(found.sectors, before, found.stamps["ships"], ship)


def ship_moved(state: State, ship: Ship, source: str) -> None:
    """A ship went from sector ``source`` to the one it holds now (``state.move_ship``):
    :func:`ships_changed`, and the ships by sector kept with the stamp before take the move,
    with the new stamp: the ship leaves its old sector's list and joins the new one's at its
    place in board order. The table and the two lists are made anew: a caller walking the
    old ones meanwhile sees them unchanged.

    Building the table again walked every ship on the board (some 25-35 late in a game) at
    the next read after a move; a Command moves some three ships between two reads, so this
    must cost less than a third of that walk."""
    # :func:`_kept` and :func:`_renew` written out (callgrind: -220 instructions a decision
    # at 10 light, -130 at 40, against calling them).
    found = getattr(state, "memo", None)
    if found is None:
        return
    kept = found.sectors
    stamps = found.stamps
    current = kept is not None and kept[0] == stamps["ships"]
    stamps["ships"] = next(_STAMPS)
    found.moved.add("ships")
    owner = ship["owner"]
    if 0 <= owner < len(found.seats):
        stamps["fleet", owner] = next(_STAMPS)
        found.moved.add(("fleet", owner))
    found.asked = None
    if not current or kept is None:  # (kept is None: for the type checker)
        return
    table = kept[1].copy()
    _take_out(table, source, ship)
    target = ship["sector"]
    there = table.get(target)
    if there is not None and found.ship_order is None:
        # numbered once per state object, then kept up by :func:`ship_placed`
        found.ship_order = {sid: rank for rank, sid in enumerate(state["ships"])}
    table[target] = [ship] if there is None else _in_board_order(found, there, ship)
    found.sectors = (stamps["ships"], table)


def ship_damaged(state: State, ship: Ship) -> None:
    """A ship was damaged or repaired (``state.damage_ship``, ``state.repair_ship``):
    :func:`ships_changed` (a condition or listing that reads damage sees the new stamp), and
    the ships by sector kept with the stamp before, which damage does not move, are kept with
    the new one (combat damages ships between the reads of an attack's steps)."""
    found = _kept(state)
    if found is None:
        return
    kept = found.sectors
    current = kept is not None and kept[0] == found.stamps["ships"]
    _renew(found, "ships", "fleet", ship["owner"])
    if current and kept is not None:
        found.sectors = (found.stamps["ships"], kept[1])


def ship_removed(state: State, ship: Ship) -> None:
    """A ship was taken off the board (``graveyard.destroy``): :func:`ships_placed_or_removed`,
    and the ships by sector kept with the stamp before lose it, with the new stamp (made
    anew, as :func:`ship_moved`)."""
    found = _kept(state)
    before = None if found is None else found.stamps["ships"]
    ships_placed_or_removed(state, ship["owner"])
    if found is None:
        return
    kept = found.sectors
    if kept is None or kept[0] != before:
        return
    table = dict(kept[1])
    _take_out(table, ship["sector"], ship)
    found.sectors = (found.stamps["ships"], table)


def _take_out(table: dict[str, list[Any]], sector: str, ship: Ship) -> None:
    """Put a new list without ``ship`` in ``table`` for its sector (none when it is empty, as
    a walk over the board finds no ship there)."""
    ships = table[sector]
    if len(ships) == 1:  # most often: a lone ship leaves
        del table[sector]
    else:
        table[sector] = [s for s in ships if s is not ship]


def _in_board_order(found: Versions, ships: list[Any], ship: Ship) -> list[Any]:
    """A new list of ``ships`` (in board order) with ``ship`` put at its place among them."""
    order = found.ship_order
    assert order is not None  # numbered by :func:`ship_moved`
    rank = order[ship["id"]]
    at = bisect_right(ships, rank, key=lambda s: order[s["id"]])
    return [*ships[:at], ship, *ships[at:]]


def extractor_placed(state: State, extractor: Extractor) -> None:
    """A new extractor was put on the board (last in board order, ``state.place_extractor``):
    :func:`extractors_changed`, and the extractors by sector and by owner kept with the stamp
    before take it, with the new stamp (building them again walked every extractor on the
    board, some 20 late in a game)."""
    found = _kept(state)
    if found is None:
        return
    before = found.stamps["extractors"]
    extractors_changed(state, extractor["owner"])
    after = found.stamps["extractors"]
    found.extractor_sectors = _with_piece(found.extractor_sectors, before, after, extractor)
    owners = found.extractor_owners
    found.extractor_owners = _with_piece(owners, before, after, extractor, "owner")


def _with_piece(
    kept: tuple[int, dict[Any, list[Any]]] | None,
    before: int,
    after: int,
    piece: Ship | Extractor,
    field: Literal["sector", "owner"] = "sector",
) -> tuple[int, dict[Any, list[Any]]] | None:
    """A memo of pieces by sector (or owner: ``field``) kept with the stamp ``before``, with
    a piece just put last in board order added, under the stamp ``after``; any other is
    returned as it is (stale: worked out again when read). The table and the piece's list
    are made anew: a caller walking the old ones meanwhile sees them unchanged."""
    if kept is None or kept[0] != before:
        return kept
    table = dict(kept[1])
    key = piece[field]
    table[key] = [*table.get(key, ()), piece]
    return after, table


def extractors_changed(state: State, owner: int) -> None:
    """An extractor of ``owner`` was placed or removed: the ``extractors`` stamp and the
    owner's ``holdings``."""
    _pieces_changed(state, "extractors", "holdings", owner)


def _pieces_changed(state: State, domain: str, own: str, owner: int) -> None:
    found = _kept(state)
    if found is not None:
        _renew(found, domain, own, owner)


def _renew(found: Versions, domain: str, own: str, owner: int) -> None:
    """Renew the stamps of a kind of piece (``domain``) and of its owner's (``own``)."""
    found.stamps[domain] = next(_STAMPS)
    found.moved.add(domain)
    if 0 <= owner < len(found.seats):
        found.stamps[own, owner] = next(_STAMPS)
        found.moved.add((own, owner))
    found.asked = None


def cards_changed(
    state: State, seat: int, keep_up: Callable[[Versions, int], Collection[str]] | None = None
) -> None:
    """A seat's faction or techs in play (or the ship type one sits on) changed: its
    ``me`` and the ``techs`` stamps renew, and the memos derived from its cards go.

    ``keep_up``: for a change that only put one tech at the end of the seat's techs in play
    (``research.put_in_play``), called with the versions and the seat before the memos go:
    it brings some of them up to date itself and names them (:data:`CARD_MEMOS`); the
    others go. Without it, a late player's every new tech walked all of its cards again for
    each memo (about 180 of a Manufacture decision's 1,130 Python lines at 40 light)."""
    found = _kept(state)
    if found is not None:
        found.stamps["me", seat] = next(_STAMPS)
        found.stamps["techs"] = next(_STAMPS)
        found.stamps["techs_of", seat] = next(_STAMPS)
        found.moved.add(("me", seat))
        found.moved.add("techs")
        found.moved.add(("techs_of", seat))
        found.asked = None
        found.card_changes += 1
        if 0 <= seat < len(found.seats):
            _drop_card_memos(found, seat, () if keep_up is None else keep_up(found, seat))


#: The memos of a seat's cards in play a ``keep_up`` of :func:`cards_changed` can name:
#: ``pending`` (its ``as_soon_as`` conditions), ``board`` (research), ``plans`` and ``acts``
#: (hooks), ``held`` (its cards by ref), ``totals`` (the sums of its cards' modifiers and
#: grants), ``reads`` (the stat and flag totals read from them, its ship types' numbers).
CARD_MEMOS = ("pending", "board", "plans", "acts", "held", "totals", "reads")


def _drop_card_memos(found: Versions, seat: int, kept_up: Collection[str]) -> None:
    """Drop the memos derived from a seat's cards in play but those in ``kept_up`` (a memo
    added here is dropped at every change unless a ``keep_up`` names it)."""
    if "pending" not in kept_up:
        relist(found, seat)  # the conditions pending may be others now
    if "board" not in kept_up:
        found.board[seat] = None
    if "plans" not in kept_up:
        found.plans[seat] = None
    if "acts" not in kept_up:
        found.acts[seat] = None
    if "held" not in kept_up:
        found.held[seat] = None
    if "totals" not in kept_up:
        found.totals[seat] = None
    if "reads" not in kept_up:
        found.mods[seat] = {}
        found.flags[seat] = {}
        found.types.pop(seat, None)


def remember_asked(state: State, task: Task, options: list[Any]) -> None:
    """Keep the options a task just listed to decide to ask (the step's whole list), so the
    decision's listing does not work them out again (:func:`asked_options`)."""
    of(state).asked = (task, task["pc"], options)


def asked_options(state: State, task: Task) -> list[Any] | None:
    """The options kept by :func:`remember_asked` for this task object at its current step,
    while it asks and nothing has changed since (any stamp renewed drops them), else None.

    A clone or loaded state has no versions yet, so it lists afresh; code that edits a state
    in place calls :func:`forget`, which drops them too."""
    found = _kept(state)
    if found is None:
        return None
    asked = found.asked
    if asked is None or asked[0] is not task or asked[1] != task["pc"] or task["ask"] is None:
        return None
    return asked[2]


def relist(found: Versions, seat: int) -> None:
    """A seat's pending ``as soon as`` conditions may be others now: list them again at the
    next check (what is known false of those still pending stays known)."""
    old = found.seats[seat]
    if old is not None:
        old.stale = True
    found.settled = False


def pending_changed(state: State, seat: int) -> None:
    """A seat's pending ``as soon as`` conditions changed (one was met: a once used, the
    kept achievement played): :func:`relist` them."""
    found = _kept(state)
    if found is not None:
        relist(found, seat)


def forget(state: State) -> None:
    """Drop every stamp and memo of a state (after editing its pieces or cards in place)."""
    if isinstance(state, GameState):
        state.memo = None
