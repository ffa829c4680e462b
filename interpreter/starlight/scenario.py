"""Rule scenarios: a Starlight position written as data, a decision, the result to check.

A rule of 003 is checked the way docs/scenarios.md describes: set up a position, make the
decision the rule is about, and compare the state with what the rule says. The state is plain
data (``state.py`` names every key), so a position can be written by hand; these helpers write
the common parts of one while keeping the box whole (a ray given comes out of its bag, a Core
out of the deck, a star's marker into a slot the rules could have filled) and refuse, in a
sentence, a position the game cannot reach.

>>> game = new_game(seats=("live", "live"))
>>> state = blank(game)                        # seat 0's first turn; nobody holds anything
>>> put_star(game, state, 1, "hydrus_1")       # Hydrus's target slot
>>> put_marker(game, state, 0, "gain_short_rays")
>>> _ = turn(game, state, 0)                   # an ordinary turn: 5 AP
>>> options(game, state)
['step', 'end']

Draws are not forced by patching the engine: the decks are the state's lists and the bags are
drawn from with the state's own generator (``state["rng"]``), so :func:`rig_draws` puts the
cards asked on top of their decks and arranges the bags so that the generator's next draws
take the rays asked; the game still saves and replays as any other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from whitedwarf.interpreter import rng
from whitedwarf.interpreter.starlight import effects, goals
from whitedwarf.interpreter.starlight.content import load_content
from whitedwarf.interpreter.starlight.game import Game
from whitedwarf.interpreter.starlight.records import Player, State
from whitedwarf.interpreter.starlight.state import has_privilege, is_live, player
from whitedwarf.interpreter.starlight.supply import pool_size
from whitedwarf.interpreter.starlight.vocabulary import PRIVILEGES

__all__ = [
    "ScenarioError",
    "blank",
    "box_whole",
    "choose",
    "give",
    "keep",
    "linked",
    "new_game",
    "options",
    "put_accolade",
    "put_marker",
    "put_star",
    "rig_draws",
    "set_pool",
    "started",
    "turn",
]

#: The pools :func:`set_pool` fills, with the deck or bag each draws from.
POOLS = ("cores", "long", "short", "flares")

#: A deck of the state (and its discard pile): what ``rig`` takes cards out of.
_Deck = Literal["core_deck", "core_discard", "flare_deck", "starbot_deck", "starbot_discard"]


class ScenarioError(ValueError):
    """A position the helpers cannot write: a card or ray the box no longer has free, a slot
    the rules could not have filled, a seat the game does not have. The message says why."""


def new_game(
    seats: Sequence[str] = ("live", "live"), packs: Sequence[str | Path] = (), **options: Any
) -> Game:
    """A game of the bundled Starlight pack, or of the packs at ``packs`` (a mod and what it
    depends on, through the validating loader), with ``seats`` (``live`` or ``starbot``) and
    ``Game.from_content``'s options (``gods=True``, ``starbot_level=2``, ``round_limit=...``)."""
    return Game.from_content(load_content(packs), len(seats), {"seats": list(seats), **options})


def started(game: Game, seed: int = 1) -> State:
    """A state past setup, at seat 0's first turn (003 "Your First Turn"); with gods, every
    live seat keeps the first god it was dealt."""
    state = game.new_state(seed)
    while state["phase"] == "gods":
        seat = game.current_players(state)[0]
        game.apply(state, seat, game.legal_options(state, seat)[0].id)
    return state


def blank(game: Game, seed: int = 1) -> State:
    """:func:`started`, then emptied to a position a scenario writes whole: no seat holds a
    Starter Core, ray, Core, Flare, laurel or god (the rays back in their bags, the rest back
    in the box); the pools stay as dealt, the rondel and the sky are empty."""
    state = started(game, seed)
    for p in state["players"]:
        for ray in p["rays"]:
            state["bags"][_size(ray)].append(ray)
        state["core_deck"].extend(p["cores"])
        state["flare_deck"].extend(p["flares"])
        p.update(
            {"rays": [], "cores": [], "flares": [], "starter": None, "laurels": [], "god": None,
             "gods_dealt": []}
        )  # fmt: skip
    return game.edited(state)


def turn(game: Game, state: State, seat: int, ap: int | None = None, first: bool = False) -> State:
    """Make it ``seat``'s turn, as the engine begins one (003 "Basics of Play"): an ordinary
    turn from where its marker is (:func:`put_marker`), or with ``first`` its first turn (no
    marker yet). ``ap``: what the turn starts with; by default the rules' (5, 6 with +1 Action
    Point, plus the saved AP; 2 on a first turn). Privileges given earlier are usable. No
    `when turn_start` power runs (a god's): end the turn before it with :func:`choose` to let
    the engine begin this one (docs/scenarios.md)."""
    p = _live(state, seat)
    if first != (p["marker"] is None):
        raise ScenarioError(
            f"seat {seat} {'has a marker on the rondel' if first else 'has no marker'}: a "
            "first turn is one without a marker (003 'Your First Turn'); "
            + (
                "take it off first (its `marker` None)"
                if first
                else "put_marker first, or turn(..., first=True)"
            )
        )
    saved = 0  # what the Saved AP box brought to the turn (the value `saved_ap`)
    if ap is None:
        if first:
            ap = game.stat(state, seat, "first_turn_ap") + p["saved"]
        else:
            extra = 1 if has_privilege(state, seat, "extra_action_point") else 0
            ap = game.stat(state, seat, "ap_per_turn") + extra + p["saved"]
        saved, p["saved"] = p["saved"], 0
    if ap < 0:
        raise ScenarioError(f"a turn cannot start with {ap} AP")
    state["actions"] += 1  # a turn begins after every action before it (SL110)
    state.update({"turn": seat, "action": None, "frames": [], "todo": [], "phase": "play"})
    state["turn_state"] = {"seat": seat, "first": first, "last": False, "final_done": False,
                           "forfeit": False, "ap_received": ap, "saved_ap": saved}  # fmt: skip
    p.update({"ap": ap, "moved": False, "visit_done": False})
    return game.edited(state)


def box_whole(game: Game, state: State) -> None:
    """Check what docs/scenarios.md asks of any scenario: every ray, Core, Flare and Starbot
    card is somewhere once (a bag, a pool, a deck, its discards, a seat), no AP or point is
    negative, and the slots and the seats' stars agree; a ScenarioError names what is not."""
    content, players = game.content, state["players"]
    faults = []
    rays: Counter[str] = Counter()
    for where in (*state["bags"].values(), state["pools"]["long"], state["pools"]["short"]):
        rays.update(where)
    for p in players:
        rays.update(p["rays"])
    if rays != Counter(content.rays):
        extra, missing = rays - Counter(content.rays), Counter(content.rays) - rays
        faults.append(f"rays: {dict(extra) or 'none'} too many, {dict(missing) or 'none'} missing")
    action = state["action"]
    under = list(action.get("under", [])) if action is not None else []  # a flush (SL164)
    places: dict[str, list[str]] = {
        "cores": [*state["core_deck"], *state["pools"]["cores"], *state["core_discard"]]
        + [c for p in players for c in p["cores"]],
        "flares": [*state["flare_deck"], *(f for f in state["pools"]["flares"] if f)]
        + under
        + [f for p in players for f in (*p["flares"], *p["used_flares"])],
    }
    if "starbot" in game.seats:
        places["starbots"] = [*state["starbot_deck"], *state["starbot_discard"]]
    for kind, found in places.items():
        if sorted(found) != sorted(content.cards[kind]):
            twice = sorted({c for c in found if found.count(c) > 1})
            lost = sorted(set(content.cards[kind]) - set(found))
            faults.append(f"{kind}: twice {twice or 'none'}, nowhere {lost or 'none'}")
    for p in players:
        counts = {"ap": p["ap"], "saved": p["saved"], "night": p["night"], "day": p["day"]}
        low = [name for name, count in counts.items() if count < 0]
        if low:
            faults.append(f"seat {p['seat']}'s {', '.join(low)} below 0")
    stars = sorted(s for p in players for s in p["stars"])
    if stars != sorted(s for s, seat in state["slots"].items() if seat is not None):
        faults.append("the seats' stars and the filled slots differ")
    if faults:
        raise ScenarioError("the box is not whole: " + "; ".join(faults))


def put_marker(game: Game, state: State, seat: int, space: str) -> None:
    """``seat``'s marker on the rondel space ``space`` (its id: ``gain_cores``), where it
    ended its last turn (003 "Using the Rondel")."""
    spaces = [s["id"] for s in game.content.spaces]
    if space not in spaces:
        raise ScenarioError(f"no rondel space {space!r}; the spaces: {', '.join(spaces)}")
    _seat(state, seat)
    player(state, seat)["marker"] = spaces.index(space)
    game.edited(state)


def put_star(game: Game, state: State, seat: int, slot: str) -> None:
    """A star ``seat`` launched earlier, its marker in ``slot`` (a Starbot's too). The slot
    must be one the rules could have filled next: empty, and the target slot of an empty
    constellation or linked to a filled slot (003 "Choosing a Destination Slot")."""
    _seat(state, seat)
    found = game.content.slots.get(slot)
    if found is None:
        raise ScenarioError(f"no slot {slot!r}; slots: {_some(game.content.slots)}")
    if state["slots"][slot] is not None:
        raise ScenarioError(f"{slot} holds a star of seat {state['slots'][slot]} already")
    filled = [s for s in game.content.constellations[found.constellation] if state["slots"][s]
              is not None]  # fmt: skip
    if not filled and not found.target:
        targets = [s for s in game.content.constellations[found.constellation]
                   if game.content.slots[s].target]  # fmt: skip
        raise ScenarioError(
            f"{found.constellation} is empty, so its first star goes to a target slot "
            f"({', '.join(targets)}), not {slot} (003 'Choosing a Destination Slot')"
        )
    if filled and not set(filled) & set(found.links):
        raise ScenarioError(
            f"{slot} is linked to no filled slot of {found.constellation} (filled: "
            f"{', '.join(filled)}; {slot} links to {', '.join(found.links)}): no star could "
            "have been launched there yet (003 'Choosing a Destination Slot')"
        )
    state["slots"][slot] = seat
    player(state, seat)["stars"].append(slot)
    # 003 "Accolades": the launch that put the star there claimed what it met, right after
    # (a Starbot claims with markers only, so nothing for it).
    goals.check_accolades(game, state, seat)
    game.edited(state)


def give(
    game: Game,
    state: State,
    seat: int,
    *,
    rays: Iterable[str] = (),
    cores: Iterable[str] = (),
    flares: Iterable[str] = (),
    starter: str | None = None,
    privileges: Iterable[str] = (),
) -> None:
    """Things for live ``seat`` from the box: ``rays`` (``"red:long"``) out of their bags,
    ``cores`` out of the Core deck or discards, ``flares`` out of the Flare deck, a
    ``starter`` Core no seat holds, and ``privileges`` recorded on its mat before this action
    (so usable now: 003 "Privileges")."""
    p = _live(state, seat)
    rays, cores, flares, privileges = list(rays), list(cores), list(flares), list(privileges)
    # Everything is checked before anything moves: a refused give leaves the box as it was.
    for size in ("long", "short"):
        bag = list(state["bags"].get(size, []))
        for ray in (r for r in rays if _size(r) == size):
            if ray not in bag:
                left = sorted(set(bag))
                raise ScenarioError(
                    f"the {size} bag holds no {ray} ray (left in it: {', '.join(left) or 'none'})"
                )
            bag.remove(ray)
    deck = [*state["core_deck"], *state["core_discard"]]
    for core in cores:
        _card(game, "cores", core)
        if core not in deck:
            raise ScenarioError(
                f"the Core {core} is not in the Core deck (it is held, or in a pool)"
            )
        deck.remove(core)
    most = game.stat(state, seat, "max_cores")
    if len(p["cores"]) + len(cores) + (1 if p["starter"] or starter else 0) > most:
        raise ScenarioError(
            f"seat {seat} would hold more than {most} Cores (003 'Gain Cores': at most 4)"
        )
    flare_deck = list(state["flare_deck"])
    for flare in flares:
        _card(game, "flares", flare)
        if flare not in flare_deck:
            raise ScenarioError(
                f"the Flare {flare} is not in the Flare deck (it is held, or in a pool)"
            )
        flare_deck.remove(flare)
    if starter is not None:
        _card(game, "starters", starter)
        holder = next((q["seat"] for q in state["players"] if q["starter"] == starter), None)
        if holder is not None or starter in state.get("starters_launched", []):
            raise ScenarioError(f"the Starter Core {starter} is not in the box (seat {holder})")
    for privilege in privileges:
        if privilege not in PRIVILEGES:
            raise ScenarioError(f"no privilege {privilege!r}; privileges: {', '.join(PRIVILEGES)}")
    for ray in rays:
        state["bags"][_size(ray)].remove(ray)
        p["rays"].append(ray)
    for core in cores:
        _take_out(core, "Core", [state["core_deck"], state["core_discard"]], "the Core deck")
        p["cores"].append(core)
    for flare in flares:
        _take_out(flare, "Flare", [state["flare_deck"]], "the Flare deck")
        p["flares"].append(flare)
    if starter is not None:
        p["starter"] = starter
    for privilege in privileges:
        p["privileges"].setdefault(privilege, state["actions"] - 1)
    if privileges:
        # 003 "Accolades": claimed by the first to meet the goal, right after the action that
        # met it; the privileges were recorded by an earlier launch, so was the claim.
        goals.check_accolades(game, state, seat)
    game.edited(state)


def keep(
    game: Game, state: State, seat: int, laurels: Iterable[str] = (), god: str | None = None
) -> None:
    """Live ``seat`` holds these laurels (secret until the end: 003 "Laurels") and keeps this
    god (003 "The Gods"; its powers apply when the game deals gods: ``gods=True``)."""
    p = _live(state, seat)
    laurels = list(laurels)
    for at, laurel in enumerate(laurels):  # all checked before any is handed over
        _card(game, "laurels", laurel)
        holder = next((q["seat"] for q in state["players"] if laurel in q["laurels"]), None)
        if holder is not None or laurel in laurels[:at]:
            raise ScenarioError(
                f"seat {holder if holder is not None else seat} holds the laurel {laurel} already"
            )
    if god is not None:
        _card(game, "gods", god)
        if not game.gods:
            raise ScenarioError(
                f"this game deals no gods, so {god} would do nothing: new_game(..., gods=True) "
                "(003 'The Gods': either all players have a God card, or none)"
            )
        holder = next((q["seat"] for q in state["players"] if q["god"] == god), None)
        if holder not in (None, seat):
            raise ScenarioError(f"seat {holder} keeps the god {god} already")
    p["laurels"].extend(laurels)
    if god is not None:
        p["god"], p["gods_dealt"] = god, [god]
    game.edited(state)


def put_accolade(
    game: Game,
    state: State,
    accolade: str,
    owner: int | None = None,
    marks: Mapping[int, int] | None = None,
) -> None:
    """The accolade ``accolade`` claimed earlier by ``owner`` (a live seat that meets its goal
    now, or a Starbot, with the 5 markers that won it), and/or ``marks``: how many markers
    each Starbot has on it, 1 to 4 (003 "Accolades", "Starbot Play")."""
    found = next((a for a in state["accolades"] if a["id"] == accolade), None)
    if found is None:
        laid = ", ".join(a["id"] for a in state["accolades"])
        raise ScenarioError(f"no accolade {accolade!r} on the Sky Board; the accolades: {laid}")
    if owner is not None:
        _seat(state, owner)
        if found["owner"] is not None:
            raise ScenarioError(f"{accolade} is claimed by seat {found['owner']} already")
    marked = dict(marks or {})
    for seat, count in marked.items():
        _seat(state, seat)
        if is_live(state, seat):
            raise ScenarioError(
                f"seat {seat} is a live player: only Starbots put markers on accolades "
                "(003 'Starbot Play')"
            )
        if not 1 <= count <= 4:
            raise ScenarioError(
                f"{count} markers of seat {seat} on {accolade}: 1 to 4 (5 win it: give the "
                "Starbot as its owner)"
            )
    if (
        owner is not None
        and is_live(state, owner)
        and not effects.holds(game, state, "accolades", accolade, owner)
    ):
        goal = game.content.card("accolades", accolade).get("text", "")
        raise ScenarioError(
            f"seat {owner} does not meet the goal of {accolade} ({goal}): set its stars, "
            "magnitudes, aspects or privileges first (003 'Accolades': the first to achieve it"
            " claims it)"
        )
    for seat, count in marked.items():
        found["marks"][str(seat)] = count
    if owner is not None:
        if not is_live(state, owner):
            found["marks"][str(owner)] = 5  # 003 "Starbot Play": 5 of its markers won it
        found["owner"] = owner
        player(state, owner)["accolades"].append(accolade)
    game.edited(state)


def set_pool(game: Game, state: State, pool: str, items: Sequence[str]) -> None:
    """The pool ``pool`` (``cores``, ``long``, ``short`` or ``flares``) holds exactly ``items``
    (a Flare pool cheapest place first). What it held goes back to its deck or bag, and the
    items come out of it."""
    if pool not in POOLS:
        raise ScenarioError(f"no pool {pool!r}; the pools: {', '.join(POOLS)}")
    if len(items) > pool_size(game, pool):
        raise ScenarioError(f"the {pool} pool holds {pool_size(game, pool)}, not {len(items)}")
    held = [item for item in state["pools"][pool] if item is not None]
    source = _source(state, pool)
    source.extend(held)
    for item in items:
        if pool == "cores":
            _card(game, "cores", item)
        elif pool == "flares":
            _card(game, "flares", item)
        elif _size(item) != pool:
            raise ScenarioError(f"{item} is not a {pool} ray")
        where = "the Core deck" if pool == "cores" else "the Flare deck"
        _take_out(item, _noun(pool), [source], where if pool in ("cores", "flares") else
                  f"the {pool} bag")  # fmt: skip
    fill = [None] * (pool_size(game, pool) - len(items)) if pool == "flares" else []
    state["pools"][pool] = [*items, *fill]
    game.edited(state)


def rig_draws(
    game: Game,
    state: State,
    *,
    cores: Sequence[str] = (),
    flares: Sequence[str] = (),
    starbots: Sequence[str] = (),
    rays: Sequence[str] = (),
) -> None:
    """The next draws come out as asked: ``cores``, ``flares`` and ``starbots`` go on top of
    their decks in that order (out of the deck or its discards); ``rays`` are the rays the
    generator's next draws take from the bags, in order (each from the bag of its size), found
    by arranging the bags, whose order is hidden (``rng.below`` picks a place in a bag).

    Rays count every draw of the generator from now on: a shuffle before them (the Core deck
    rebuilt, the Starbot deck after Refresh) would take draws of its own."""
    piles: tuple[tuple[str, Iterable[str], _Deck, _Deck | None], ...] = (
        ("cores", cores, "core_deck", "core_discard"),
        ("flares", flares, "flare_deck", None),
        ("starbots", starbots, "starbot_deck", "starbot_discard"),
    )
    for kind, cards, deck, discard in piles:
        places = [state[deck]] + ([state[discard]] if discard else [])
        for card in cards:
            _card(game, kind, card)
            _take_out(card, _noun(kind), places, f"the {_noun(kind)} deck")
        state[deck][:0] = list(cards)
    _rig_rays(state, list(rays))
    game.edited(state)


def _rig_rays(state: State, rays: list[str]) -> None:
    """Swap rays within the bags so the generator's next draws (``supply.draw_ray``: a place
    of the bag, then ``pop``) take ``rays``; the generator itself is not touched."""
    cursor = {"rng": state["rng"]}
    undrawn = {size: list(range(len(bag))) for size, bag in state["bags"].items()}
    for ray in rays:
        size = _size(ray)
        bag, places = state["bags"].get(size), undrawn.get(size)
        if bag is None or places is None:
            raise ScenarioError(f"no ray {ray!r}: a ray is `colour:long` or `colour:short`")
        here = next((i for i in places if bag[i] == ray), None)
        if here is None:
            raise ScenarioError(f"the {size} bag has no {ray} ray left to draw")
        drawn = places.pop(rng.below(cursor, len(places)))
        bag[drawn], bag[here] = bag[here], bag[drawn]


def choose(game: Game, state: State, *choices: str) -> State:
    """Apply each option id in turn, for the seat whose decision it is; the rules run to the
    next decision after each."""
    for choice in choices:
        seats = game.current_players(state)
        if not seats:
            raise ScenarioError(f"the game is over: nobody chooses {choice!r}")
        can = options(game, state, seats[0])
        if choice not in can:
            raise ScenarioError(
                f"seat {seats[0]} has no option {choice!r} now; its options: {', '.join(can)}"
            )
        game.apply(state, seats[0], choice)
    return state


def options(game: Game, state: State, seat: int | None = None) -> list[str]:
    """The ids of the options ``seat`` (default: the seat whose decision it is) has now."""
    if seat is None:
        seats = game.current_players(state)
        if not seats:
            return []
        seat = seats[0]
    _seat(state, seat)
    return [option.id for option in game.legal_options(state, seat)]


def linked(game: Game, slot: str) -> list[str]:
    """The slots linked to ``slot`` on the sky board, sorted."""
    found = game.content.slots.get(slot)
    if found is None:
        raise ScenarioError(f"no slot {slot!r}; slots: {_some(game.content.slots)}")
    return sorted(found.links)


def _seat(state: State, seat: int) -> None:
    if not 0 <= seat < state["n"]:
        raise ScenarioError(f"no seat {seat} in a {state['n']}-seat game")


def _live(state: State, seat: int) -> Player:
    _seat(state, seat)
    p = player(state, seat)
    if p["kind"] != "live":
        raise ScenarioError(
            f"seat {seat} is a Starbot: it holds no cards and takes no turns of choices "
            "(003 'Starbot Play')"
        )
    return p


def _size(ray: str) -> str:
    return ray.partition(":")[2]


def _card(game: Game, kind: str, card: str) -> None:
    cards = game.content.cards[kind]
    if card not in cards:
        raise ScenarioError(f"no {_noun(kind)} {card!r} in the pack; {kind}: {_some(cards)}")


def _take_out(item: str, noun: str, places: list[list[Any]], where: str) -> None:
    for place in places:
        if item in place:
            place.remove(item)
            return
    raise ScenarioError(f"the {noun} {item} is not in {where} (it is held, or in a pool)")


def _source(state: State, pool: str) -> list[Any]:
    if pool == "cores":
        found: list[Any] = state["core_deck"]
    elif pool == "flares":
        found = state["flare_deck"]
    else:
        found = state["bags"][pool]
    return found


def _noun(kind: str) -> str:
    return {"cores": "Core", "flares": "Flare", "starbots": "Starbot", "starters": "Starter Core",
            "laurels": "laurel", "gods": "god", "long": "long ray", "short": "short ray"}.get(
        kind, kind)  # fmt: skip


def _some(names: Mapping[str, Any]) -> str:
    listed = sorted(names)
    return ", ".join(listed[:12]) + (", ..." if len(listed) > 12 else "")
