"""The Last Light game state: the whole game as plain data (DESIGN principle 4).

Everything below is ``dict`` (string keys only), ``list``, ``str``, ``int``, ``bool`` or
``None``, so a state clones, saves to JSON, loads and compares exactly. The state object
itself is a :class:`GameState` (``versions.py``): a ``dict`` whose two slots, beside the
data and never saved, hold what the engine worked out about it (its memos) and which of its
frames runs. Every write of the state is a function of this module, which renews the
version stamps of what it changed, so the memos stay right without the rules modules
knowing them (``tests/engine/test_state_writes.py`` scans the engine for writes elsewhere).
Static data (the board, card texts, base stats) is not copied into the state:
``state["content"]`` names the loaded content, and
:func:`whitedwarf.interpreter.lastlight.content.runtime` returns it.

Seats are ints ``0..n-1`` in clockwise order (the turn order of 000 "playing the game").
The Lumos, the non-player faction of the 2-player variant (002), own ships as seat ``LUMOS``
(``-1``); never index ``state["players"]`` with an owner without checking for it.

Card instances are referenced as ``"<card id>#<copy>"`` (``"warp_drive#2"``); the card id is
the part before ``#`` (:func:`card_id`).

The layout below is typed for mypy in ``records.py`` (one ``TypedDict`` per record).

Top level
---------
``format``      int, the save format version (:data:`FORMAT`).
``game``        ``"lastlight"``.
``content``     str, the id of the registered content the state was made from.
``n``           int, number of players (2-4).
``seed``        int, the seed given to ``Game.new_state``.
``rng``         int, the SplitMix64 state (``interpreter/rng.py``); the only randomness.
``round``       int, the current round, 1-based.
``round_limit`` int, the round after which the game ends by "round limit".
``rotation``    int, rotations so far (board adjacency depends on it).
``first``       int, the seat holding the first player token.
``phase``       ``"setup"`` (keeping a faction and an achievement), ``"choose"`` (secret
                simultaneous action choice), ``"resolve"`` (cards resolving) or ``"over"``.
``queue``       list of ``[kind, seat]``, the action resolutions still to run this round in
                order (000 "playing the game": lower card number first; same card: first
                player then clockwise). ``kind`` is an action id, or ``"move"`` (one
                Command player's move step) or ``"attack"`` (the shared attack step; its
                second item is the list of Command seats in turn order).
``stack``       list of task dicts, the engine's own program counter for the resolution
                in progress (top = last). Every task has ``kind``, ``seat``, ``pc`` (a step
                name) and ``ask`` (the seat whose decision is awaited, or ``None``). Kinds
                and their extra fields are documented in the module of the same name
                (``research.py``, ``construct.py``, ``command.py``, ``combat.py`` ...).
                A player's own action task ends with ``pc`` ``"abilities"`` (the closing
                window for activated abilities, ``game.py``) and ``"over"``.
``frames``      list of effect frames (docs/effect-ir.md "Frames"); while non-empty the top
                frame's owner is deciding and the engine waits.
``players``     list of player dicts, by seat (below).
``ships``       dict ship id -> ship dict, ships on the board only (below).
``extractors``  dict extractor id -> extractor dict, extractors on the board only (below).
``sectors``     dict sector id -> sector dict, every sector of the board (below).
``planets``     dict planet id -> planet dict, planets on the board (below).
``supply``      dict ``common``/``uncommon``/``rare``/``light`` -> what is left in the
                general supply (000 "Components"; finite, docs/rules-decisions.md).
``deck``        list of tech refs, the face-down technology deck; the top is the LAST item.
``discard``     list of tech refs, discarded face up next to the deck.
``explored``    list of deep space token refs resolved and removed from the board.
``box``         dict ``factions``/``achievements``/``tokens`` -> refs returned to the box.
``dice``        list of die dicts of the roll being resolved:
                ``{"face": str, "ship": ship id, "size": str, "owner": int}``; hook contexts
                name a die by its index here, and ``treat``/``reroll`` change ``face``.
``lumos``       ``None`` (3-4 players) or ``{"ally": seat | None, "supply": {size: int},
                "box": int}`` (002: ships not yet added, and Lumos ships returned to the box).
``next_id``     int, the counter for new ship (``s<n>``) and extractor (``x<n>``) ids.
``result``      ``None`` until the game is over, then ``{"winners": [seat], "light":
                [int], "reason": "light" | "round limit", "tiebreak": str}``.

Player (``state["players"][seat]``)
-----------------------------------
``seat``              int.
``light``             int.
``res``               dict ``common``/``uncommon``/``rare`` -> int.
``hand``              list of action card ids in hand (``"research"`` ... ``"command"``).
``played``            list of action card ids on the table (the Refresh card stays here
                      until the rotation, 000 "Action Card #5").
``choice``            the action card chosen this round but not yet revealed, else ``None``.
``techs_hand``        list of tech refs: unresearched techs (000 "Action Card #1").
``techs``             list of techs in play: ``{"ref": str, "exhausted": bool,
                      "ship_type": None | "small" | "medium" | "large"}``; ``ship_type`` is the
                      player-board slot a ship ability or ship mod is attached to.
``faction``           faction card id or ``None``; ``faction_exhausted`` bool.
``factions_dealt``    faction ids dealt at setup (hidden), emptied once one is kept.
``achievement``       the hidden planetary achievement kept, or ``None`` once played.
``achievements_dealt`` achievement ids dealt at setup (hidden), emptied once one is kept.
``achievements_done`` achievement ids already played.
``graveyard``         list of units this player destroyed: ``{"kind": "ship" |
                      "extractor", "owner": int, "size": str | None}`` (000 "Graveyard").
``supply``            dict ``small``/``medium``/``large``/``extractor`` -> unbuilt pieces.
``temp``              dict stat name -> int added until the current action card is
                      resolved (the ``add`` verb); cleared at the end of each resolution.
``light_by_source``   dict source -> int, every light gained, by where it came from (the
                      keys of :data:`LIGHT_SOURCES`: ``refresh`` planet claims at Refresh,
                      ``centre`` the centre sector at rotation, ``research`` Research's light
                      for techs in play, ``trade`` gifts received and light bought by a trade,
                      ``graveyard`` graveyard payouts, ``exploration`` tokens, ``achievement``,
                      ``faction``, ``card`` techs and any other card, ``other`` anything else).
                      Light paid is not taken off: the sum is the light gained; ``light`` is
                      what the player holds (docs/rules-decisions.md E40).
``tech_stats``        ``{"drawn": {card id: n}, "kept": {card id: n}, "built": {card id:
                      n}}``: techs drawn from the deck, put into the hand (kept at Research,
                      drawn by a token, dealt at setup) and put into play, counted by card id
                      (bounded by the card ids, whatever the game's length). ``drawn`` and
                      ``kept`` are secret: other seats' observations show their totals.

Ship (``state["ships"][id]``)
-----------------------------
``id``, ``owner`` (seat or ``LUMOS``), ``size``, ``sector``, ``damage`` (damage tokens),
``fought`` (combats this turn), ``moved`` (moved this Command), ``extra_move`` (sectors of
extra movement granted this Command, e.g. Talorin).

Extractor (``state["extractors"][id]``)
---------------------------------------
``id``, ``owner``, ``sector``, ``planet`` (planet id or ``None``), ``space`` (colony ship
space id such as ``"common_a"``, or ``None``).

Sector (``state["sectors"][id]``)
---------------------------------
``planet`` (planet id or ``None``), ``token`` (exploration token ref or ``None``),
``token_kind`` (``"planetary"``, ``"deep_space"`` or ``None``), ``revealed`` (bool: a
planetary token lies face up), ``asteroid`` (bool), ``home`` (seat whose colony ship is here,
or ``None``), ``white_dwarf`` (bool). The ring of a sector is static (``runtime(state).ring``).

Planet (``state["planets"][id]``)
---------------------------------
``sector``, ``token`` (the planetary token ref beneath it), ``resource`` (what Mine collects
here, from the token), ``colour``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any, Literal, cast

from whitedwarf.interpreter import state as generic
from whitedwarf.interpreter.lastlight import events, versions
from whitedwarf.interpreter.lastlight.records import (
    Duration,
    Extractor,
    Lumos,
    NextCost,
    Player,
    Sector,
    Ship,
    State,
    Tech,
    Unit,
)

# The class of a state object: this module's data, with the engine's memos beside it.
from whitedwarf.interpreter.lastlight.versions import GameState as GameState

#: The save format version; bump it when the layout changes (2: ``light_by_source`` and
#: ``tech_stats`` of the players; 3: no ``log``, the decisions applied, which made clone,
#: save and hash grow with the game's length: a game's decisions are kept beside the state,
#: in its replay). ``persist.load`` upgrades a format 2 save by dropping its log.
FORMAT = 3
#: The owner id of the Lumos' ships (002).
LUMOS = -1
RESOURCES = ("common", "uncommon", "rare")
SIZES = ("small", "medium", "large")
ACTIONS = ("research", "mine", "construct", "trade", "refresh", "command")
ACTION_NUMBER = {a: i for i, a in enumerate(ACTIONS, start=1)}
#: Where a player's light came from (``player["light_by_source"]``; see the module docstring).
LIGHT_SOURCES = (
    "refresh", "centre", "research", "trade", "graveyard", "exploration", "achievement",
    "faction", "card", "other",
)  # fmt: skip

_CARD_IDS: dict[str, str] = {}


def card_id(ref: str) -> str:
    """The card id of a card instance ref (``"warp_drive#2"`` -> ``"warp_drive"``)."""
    found = _CARD_IDS.get(ref)
    if found is None:
        found = _CARD_IDS[ref] = ref.split("#", 1)[0]
    return found


def game_state(data: Any, **parts: Any) -> State:
    """A :class:`GameState` holding ``data`` (a state's or a view's), with ``parts`` put over
    it, typed as the record it holds: a TypedDict names no class, so mypy cannot see that a
    GameState is a State."""
    return cast(State, GameState(data, **parts))


def clone(state: State) -> State:
    """An independent copy of a state, its memos empty: the data copied as a plain ``dict``
    (``interpreter/state.py``'s ``clone``: ``marshal``, pickle for what it refuses) and held
    by a new :class:`GameState`."""
    return game_state(generic.clone(dict(state)))


def new_player(seat: int, ships: dict[str, int], extractors: int) -> Player:
    """A player with empty hands and full piece supply."""
    return {
        "seat": seat,
        "light": 0,
        "res": dict.fromkeys(RESOURCES, 0),
        "hand": list(ACTIONS),
        "played": [],
        "choice": None,
        "techs_hand": [],
        "techs": [],
        "faction": None,
        "faction_exhausted": False,
        "factions_dealt": [],
        "achievement": None,
        "achievements_dealt": [],
        "achievements_done": [],
        "graveyard": [],
        "supply": {**ships, "extractor": extractors},
        "temp": {},
        "light_by_source": dict.fromkeys(LIGHT_SOURCES, 0),
        "tech_stats": {"drawn": {}, "kept": {}, "built": {}},
    }


def new_sector() -> Sector:
    """An empty sector."""
    return {
        "planet": None,
        "token": None,
        "token_kind": None,
        "revealed": False,
        "asteroid": False,
        "home": None,
        "white_dwarf": False,
    }


def new_id(state: State, prefix: str) -> str:
    """A fresh id for a new ship (``s``) or extractor (``x``)."""
    state["next_id"] += 1
    return f"{prefix}{state['next_id']}"


# -- pieces on the board -----------------------------------------------------------------


def place_ship(state: State, owner: int, size: str, sector: str) -> str:
    """Put a ship on the board (its piece must already be taken from a supply)."""
    sid = new_id(state, "s")
    # A fresh id: the ship comes last in board order (the order of ``state["ships"]``).
    ship = state["ships"][sid] = {
        "id": sid,
        "owner": owner,
        "size": size,
        "sector": sector,
        "damage": 0,
        "fought": 0,
        "moved": False,
        "extra_move": 0,
    }
    versions.ship_placed(state, ship)
    if events.ON:
        events.emit(state, "ship_built", owner, ship=sid, size=size, sector=sector)
    return sid


# A ship's owner, size, sector and damage change only through these functions (and
# :func:`remove_piece`), which renew the ships' version stamp (``versions.py``).


def move_ship(state: State, ship: Ship, sector: str) -> None:
    """Put a ship in another sector."""
    source = ship["sector"]
    ship["sector"] = sector
    versions.ship_moved(state, ship, source)


def damage_ship(state: State, ship: Ship, amount: int) -> None:
    """Add damage tokens to a ship."""
    ship["damage"] += amount
    versions.ship_damaged(state, ship)


def repair_ship(state: State, ship: Ship) -> None:
    """Remove every damage token from a ship (000 "1. Refresh")."""
    if ship["damage"]:
        ship["damage"] = 0
        versions.ship_damaged(state, ship)


def place_extractor(
    state: State, owner: int, sector: str, planet: str | None, space: str | None
) -> str:
    """Put an extractor on a planet or a colony ship space (its piece already taken)."""
    xid = new_id(state, "x")
    # A fresh id: the extractor comes last in board order.
    extractor = state["extractors"][xid] = {
        "id": xid,
        "owner": owner,
        "sector": sector,
        "planet": planet,
        "space": space,
    }
    versions.extractor_placed(state, extractor)
    if events.ON:
        events.emit(state, "extractor_built", owner, extractor=xid, sector=sector, planet=planet)
    return xid


def ships_in(state: State, sector: str) -> list[Ship]:
    """Ships in a sector, in id-creation order."""
    return [s for s in state["ships"].values() if s["sector"] == sector]


def extractor_on(state: State, planet: str) -> Extractor | None:
    """The extractor on a planet, if any (000 "2. Extractor": at most one)."""
    for x in state["extractors"].values():
        if x["planet"] == planet:
            return x
    return None


def home_of(state: State, seat: int) -> str:
    """The sector holding a player's colony ship."""
    for sid, sector in state["sectors"].items():
        if sector["home"] == seat:
            return sid
    raise KeyError(f"seat {seat} has no home sector")


def turn_order(state: State) -> list[int]:
    """Seats from the first player clockwise (000 "playing the game")."""
    n, first = state["n"], state["first"]
    found = _ORDERS.get((n, first))
    if found is None:
        found = tuple((first + i) % n for i in range(n))
        if len(_ORDERS) < 64:
            _ORDERS[n, first] = found
    return list(found)


#: ``(players, first player)`` -> the turn order (a handful; at most 64 kept).
_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


# -- the general supply (finite: 000 "Components") -----------------------------------------


def gain(state: State, seat: int, unit: str, amount: int, source: str = "other") -> int:
    """Move up to ``amount`` of a resource or light from the supply to a player.

    The supply is finite (000 "Components"); when it runs short the player gains what is
    left (docs/rules-decisions.md "Engine rules"). Returns what was gained. Light is counted
    in the player's ``light_by_source[source]`` too (a key of :data:`LIGHT_SOURCES`).
    """
    if amount <= 0 or seat < 0:
        return 0
    supply: dict[str, int] = state["supply"]
    got = min(amount, supply[unit])
    supply[unit] -= got
    player = state["players"][seat]
    if unit == "light":
        player["light"] += got
        player["light_by_source"][source] += got
        versions.light_changed(state, seat)
    else:
        player["res"][unit] += got
        versions.changed(state, "me", seat)
    if events.ON and got:
        events.emit(
            state, "gain", seat, unit=unit, amount=got, source=source if unit == "light" else None
        )
    return got


def count_techs(
    state: State, seat: int, what: Literal["drawn", "kept", "built"], refs: list[str]
) -> None:
    """Count techs ``drawn``, ``kept`` (into the hand) or ``built`` in ``tech_stats``."""
    counts = state["players"][seat]["tech_stats"][what]
    emit = events.ON
    for ref in refs:
        cid = _CARD_IDS.get(ref) or card_id(ref)
        counts[cid] = counts.get(cid, 0) + 1
        if emit:
            events.emit(state, f"tech_{what}", seat, cid)


def can_pay(player: Player, cost: dict[str, int]) -> bool:
    """Whether a player holds every resource (and light) of a cost."""
    return holds(player, cost.items())


def holds(player: Player, amounts: Iterable[tuple[str, int]]) -> bool:
    """Whether a player holds each ``(unit, amount)``: resources, or light."""
    res = player["res"]
    for unit, amount in amounts:
        if (player["light"] if unit == "light" else res[unit]) < amount:
            return False
    return True


def pay(state: State, seat: int, cost: dict[str, int], to: int | None = None) -> None:
    """Pay a cost the player can afford, to the supply or to player ``to`` (graveyard builds)."""
    player = state["players"][seat]
    for unit, amount in cost.items():
        if unit == "light":
            player["light"] -= amount
            versions.light_changed(state, seat)
        else:
            player["res"][unit] -= amount
            versions.changed(state, "me", seat)
        if to is None:
            state["supply"][unit] += amount
        elif unit == "light":
            # Light paid into a graveyard's owner's hands (000 "Graveyard" builds).
            receiver = state["players"][to]
            receiver["light"] += amount
            receiver["light_by_source"]["graveyard"] += amount
            versions.light_changed(state, to)
        else:
            state["players"][to]["res"][unit] += amount
            versions.changed(state, "me", to)
        if events.ON and amount:
            events.emit(state, "pay", seat, unit=unit, amount=amount, to=to)
            if to is not None:
                source = "graveyard" if unit == "light" else None
                events.emit(state, "gain", to, unit=unit, amount=amount, source=source)


def discounted(cost: dict[str, int], discount: int) -> dict[str, int]:
    """A cost less ``discount`` resources, taken off the commonest first, never below 0; a
    negative discount (a dearer ship: `+1 cost`) adds that many common.

    Used by the ``ship_discount`` and ``tech_discount`` stats and a ship type's ``cost``
    (docs/rules-decisions.md R12).
    """
    if discount < 0:  # before R12 a negative discount did nothing, silently
        return {**cost, "common": cost.get("common", 0) - discount}
    if discount == 0:
        return cost
    out = dict(cost)
    for unit in (*RESOURCES, "light"):
        cut = min(out.get(unit, 0), discount)
        if cut:
            out[unit] -= cut
            discount -= cut
    return {k: v for k, v in out.items() if v > 0}


# -- writes that renew their own stamps (``versions.py``) -------------------------------------
# Every change of what a memo reads goes through a function of this module, which renews the
# stamps of what it changed: the rules modules call these and never renew a stamp themselves
# (``tests/engine/test_state_writes.py`` scans them for writes).


def transfer(state: State, seat: int, to: int, unit: str, amount: int) -> None:
    """Move ``amount`` of a resource from one player's stock to another's (``steal``)."""
    state["players"][seat]["res"][unit] -= amount
    state["players"][to]["res"][unit] += amount
    versions.changed(state, "me", seat)
    versions.changed(state, "me", to)


def set_exhausted(state: State, seat: int, tech: Tech | None, exhausted: bool) -> None:
    """Exhaust or ready one of a seat's cards: a tech in play, or (``tech`` None) its
    faction (000 "Civilization technology cards")."""
    if tech is None:
        state["players"][seat]["faction_exhausted"] = exhausted
    else:
        tech["exhausted"] = exhausted
    versions.techs_changed(state, seat)


def ready_cards(state: State, seat: int) -> None:
    """Ready a seat's faction and every tech in play (000 "1. Refresh")."""
    player = state["players"][seat]
    for tech in player["techs"]:
        tech["exhausted"] = False
    player["faction_exhausted"] = False
    versions.techs_changed(state, seat)


def to_techs_hand(state: State, seat: int, refs: list[str]) -> None:
    """Put techs into a seat's unresearched techs (drawn, kept or dealt)."""
    state["players"][seat]["techs_hand"] += refs
    versions.techs_changed(state, seat)


def from_techs_hand(state: State, seat: int, ref: str) -> None:
    """Take a tech out of a seat's unresearched techs (made, or discarded)."""
    state["players"][seat]["techs_hand"].remove(ref)
    versions.techs_changed(state, seat)


def to_deck(state: State, ref: str) -> None:
    """Put a tech on top of the face-down deck (``--give``: a copy freed for the gift)."""
    state["deck"].append(ref)


def discard_tech(state: State, ref: str) -> None:
    """Put a tech face up on the discard pile (no memo reads it)."""
    state["discard"].append(ref)


def remove_tech(state: State, seat: int, tech: Tech) -> None:
    """Take a tech out of a seat's play area (its cards in play change)."""
    state["players"][seat]["techs"].remove(tech)
    versions.cards_changed(state, seat)


def put_tech(
    state: State,
    seat: int,
    added: Tech,
    replaced: list[Tech],
    keep_up: Callable[[versions.Versions, int], Collection[str]] | None,
) -> None:
    """Put a tech into a seat's play area, the ``replaced`` ones (a ship ability on the same
    ship type) going to the discard first; ``keep_up`` as in ``versions.cards_changed``
    (used only when nothing was replaced: a tech that left moved those after it)."""
    techs = state["players"][seat]["techs"]
    for old in replaced:
        techs.remove(old)
        state["discard"].append(old["ref"])
    techs.append(added)
    versions.cards_changed(state, seat, None if replaced else keep_up)


#: A kind of card kept at setup -> its keys: the player's dealt cards, the box's.
KEPT_KEYS: dict[
    str,
    tuple[Literal["factions_dealt", "achievements_dealt"], Literal["factions", "achievements"]],
] = {
    "faction": ("factions_dealt", "factions"),
    "achievement": ("achievements_dealt", "achievements"),
}


def keep_face_down(state: State, seat: int, kind: str, card: str) -> None:
    """A seat keeps a dealt faction or achievement (``kind``, a key of :data:`KEPT_KEYS`)
    face down at setup: the other dealt cards go back to the box, the kept one stays alone
    among the dealt."""
    dealt_key, box_key = KEPT_KEYS[kind]
    player, box = state["players"][seat], state["box"]
    box[box_key] = sorted(box[box_key] + [c for c in player[dealt_key] if c != card])
    player[dealt_key] = [card]


def keep_card(state: State, seat: int, kind: Literal["faction", "achievement"], card: str) -> None:
    """A seat keeps a dealt faction or achievement (``kind``) at setup: kept face down
    (:func:`keep_face_down`), then revealed into its place (its cards in play change)."""
    keep_face_down(state, seat, kind, card)
    player = state["players"][seat]
    player[kind] = card
    player[KEPT_KEYS[kind][0]] = []
    versions.cards_changed(state, seat)


def play_chosen(state: State, seat: int) -> None:
    """A seat's chosen action card is revealed: from the hand to the played cards."""
    player = state["players"][seat]
    chose = player["choice"]
    assert chose is not None  # every seat chose before the reveal (000 "playing the game")
    player["hand"].remove(chose)
    player["played"].append(chose)
    player["choice"] = None
    versions.changed(state, "cards", seat)
    versions.shown(state, ("choice", seat))


def take_back(state: State, seat: int, card: str) -> None:
    """A played action card goes back to its seat's hand."""
    player = state["players"][seat]
    player["played"].remove(card)
    player["hand"].append(card)
    versions.changed(state, "cards", seat)


def pick_up_played(state: State, seat: int) -> None:
    """Every played action card but Refresh goes back to the seat's hand (000 "1. Refresh",
    and the hand rule at the start of a round)."""
    player = state["players"][seat]
    player["hand"] += [c for c in player["played"] if c != "refresh"]
    player["played"] = [c for c in player["played"] if c == "refresh"]
    versions.changed(state, "cards", seat)


def give_extra_move(state: State, ship: Ship, amount: int) -> None:
    """A ship may move ``amount`` more sectors this Command (Talorin): its destinations
    change, so a move step's kept listing goes with the ``ships`` stamp."""
    ship["extra_move"] += amount
    versions.ships_changed(state, ship["owner"])


def remove_piece(state: State, unit_id: str) -> Ship | Extractor:
    """Take a ship or extractor off the board; returns it."""
    ships = state["ships"]
    if unit_id in ships:
        ship = ships.pop(unit_id)
        versions.ship_removed(state, ship)
        return ship
    extractor = state["extractors"].pop(unit_id)
    versions.extractors_changed(state, extractor["owner"])
    return extractor


def to_graveyard(state: State, seat: int, unit: Unit) -> None:
    """A unit destroyed by ``seat`` goes to its graveyard (000 "Graveyard")."""
    state["players"][seat]["graveyard"].append(unit)
    versions.changed(state, "me", seat)


def from_graveyard(state: State, seat: int, units: int) -> None:
    """The first ``units`` of a seat's graveyard leave it (paid out)."""
    del state["players"][seat]["graveyard"][:units]
    versions.changed(state, "me", seat)


def take_from_graveyard(state: State, holder: int, unit: Unit) -> None:
    """A unit of a graveyard is built again by its owner (000 "Graveyard" builds)."""
    state["players"][holder]["graveyard"].remove(unit)
    versions.changed(state, "me", holder)


def set_ally(state: State, ally: int | None) -> None:
    """The Lumos change allegiance (002)."""
    lumos = state["lumos"]
    assert lumos is not None  # only the Lumos change allegiance (002)
    lumos["ally"] = ally
    versions.changed(state, "lumos")


def next_round(state: State) -> None:
    """The first player token passes and the next round starts (000 "end of round")."""
    state["first"] = (state["first"] + 1) % state["n"]
    state["round"] += 1
    versions.changed(state, "round")


def start_duration(state: State, entry: Duration) -> None:
    """A duration starts (``lasting.start``): its owner's cards in play count it from now."""
    state.setdefault("durations", []).append(entry)
    versions.cards_changed(state, entry["owner"])


def end_durations(state: State, left: list[Duration], owners: list[int]) -> None:
    """Durations end (``lasting.end``): ``left`` are those still lasting, ``owners`` the
    seats whose cards in play lose one, in order."""
    state["durations"] = left
    for owner in owners:
        versions.cards_changed(state, owner)


def keep_discount(state: State, entry: NextCost) -> None:
    """A one-shot discount is kept for its owner (``lasting.keep``): the options listed
    before (build, make) go with the owner's ``me`` stamp."""
    state.setdefault("next_costs", []).append(entry)
    versions.changed(state, "me", entry["owner"])


def use_discount(state: State, index: int) -> None:
    """The one-shot discount at ``index`` of the kept ones is used up."""
    entry = state["next_costs"].pop(index)
    versions.changed(state, "me", entry["owner"])


def hear_light(state: State, heard: list[int]) -> None:
    """The light each seat gained that ``light_gained`` is heard for now (``gains.py``):
    what the hook tells, not what a condition reads, so no stamp is renewed."""
    state["light_heard"] = heard


def use_once(state: State, seat: int, name: str) -> None:
    """An ``as soon as`` clause of a seat's faction or tech (``"<ref>:<clause>"``) was met:
    it runs once, and is pending no more."""
    state["players"][seat].setdefault("once", []).append(name)
    versions.pending_changed(state, seat)


def play_achievement(state: State, seat: int, ref: str) -> None:
    """A seat's kept planetary achievement is played (000 "Planetary Achievement")."""
    player = state["players"][seat]
    player["achievement"] = None
    player["achievements_done"].append(ref)
    versions.pending_changed(state, seat)


# -- writes no memo reads (kept here, so that every write of the state is this module's) ------


def take_piece(state: State, owner: int, piece: str) -> None:
    """Take an unbuilt ship (``piece``: its size) or ``"extractor"`` from a supply: a
    player's, or the Lumos' (``owner`` :data:`LUMOS`)."""
    if owner == LUMOS:
        lumos = state["lumos"]
        assert lumos is not None  # a Lumos piece: the Lumos are in the game (002)
        lumos["supply"][piece] -= 1
    else:
        state["players"][owner]["supply"][piece] -= 1
        versions.shown(state, ("supply", owner))


def return_piece(state: State, owner: int, piece: str) -> None:
    """Put a piece back in its owner's supply (a Lumos ship goes to the box, 002)."""
    if owner == LUMOS:
        lumos = state["lumos"]
        assert lumos is not None  # a Lumos piece: the Lumos are in the game (002)
        lumos["box"] += 1
    else:
        # (a unit paid out of a graveyard comes home off the board: no ``fleet`` renews)
        state["players"][owner]["supply"][piece] += 1
        versions.shown(state, ("supply", owner))


def set_lumos(state: State, lumos: Lumos) -> None:
    """The Lumos join a 2-player game (002): their ally, supply and box."""
    state["lumos"] = lumos


def draw_tech(state: State, refill: Callable[[State, list[str]], None]) -> str | None:
    """The top tech of the deck, taken off it; an empty deck is first refilled with the
    discard pile, shuffled by ``refill`` (``research.draw_one``). None: both are empty."""
    deck = state["deck"]
    if not deck and state["discard"]:
        deck.extend(state["discard"])
        state["discard"].clear()
        refill(state, deck)
    return deck.pop() if deck else None


def count_built(state: State, seat: int, ref: str) -> None:
    """Count a tech put into play in ``tech_stats["built"]`` (its event is the caller's)."""
    counts = state["players"][seat]["tech_stats"]["built"]
    cid = card_id(ref)
    counts[cid] = counts.get(cid, 0) + 1


def choose_card(state: State, seat: int, card: str) -> None:
    """A seat's secret action card choice (000 "playing the game")."""
    state["players"][seat]["choice"] = card
    versions.shown(state, ("choice", seat))


def add_temp(state: State, seat: int, name: str, amount: int) -> None:
    """Add to a seat's number until the current action card is resolved (``add``)."""
    temp = state["players"][seat]["temp"]
    temp[name] = temp.get(name, 0) + amount


def set_temp(state: State, seat: int, name: str, value: int) -> None:
    """Set a count kept until the current action card is resolved (``limits.count_use``)."""
    state["players"][seat]["temp"][name] = value


def clear_temp(state: State, seat: int) -> bool:
    """The current action card is resolved: a seat's temporary adds end; whether it had any."""
    temp = state["players"][seat]["temp"]
    had = bool(temp)
    temp.clear()
    return had


def reveal_token(state: State, sector: str) -> None:
    """A sector's face-down token is revealed (000 "1. Move"): a deep space token leaves the
    board for the explored pile, a planetary one stays face up."""
    sec = state["sectors"][sector]
    if sec["token_kind"] == "deep_space":
        token = sec["token"]
        assert token is not None  # a face-down token lies there to reveal
        state["explored"].append(token)
        sec["token"], sec["token_kind"] = None, None
    else:
        sec["revealed"] = True
    versions.shown(state, "tokens")


def rotate_board(state: State) -> None:
    """The rings turn (000 "Board Rotation"): read with the state's rotation by each reader."""
    state["rotation"] += 1


def mark_moved(state: State, ship: Ship) -> None:
    """A ship moved this Command (its move step's listing drops it: ``command._moved``)."""
    ship["moved"] = True


def mark_fought(state: State, ship: Ship) -> None:
    """A ship fought once more this turn (000 "Combat")."""
    ship["fought"] += 1


def end_turn_marks(state: State) -> None:
    """The round ends: every ship's marks of this turn (fought, moved, extra movement) go."""
    for ship in state["ships"].values():
        ship["fought"], ship["moved"], ship["extra_move"] = 0, False, 0
