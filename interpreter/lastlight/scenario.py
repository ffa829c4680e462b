"""Rule scenarios: a Last Light position written as data, a decision, the result to check.

A rule of the rulebook is checked the way STYLE and docs/scenarios.md describe: set up a
position, make the decision the rule is about, and compare the state with what the rule
says. The state is plain data (``state.py`` documents every key), so a position can be
written by hand; these helpers write the common parts of one while keeping the box whole
(a ship placed comes out of its owner's supply, a resource given out of the general supply)
and tell the engine the state was edited (:meth:`Game.edited`), which any hand edit needs.

>>> game = new_game(players=2)
>>> state = blank(game)                   # round 1, the action choice, an empty board
>>> scout = put_ship(state, 0, "small", "outer_05")
>>> adjacent(state, "outer_05")           # outer_06 holds an asteroid
['distant_05', 'inner_2', 'outer_04', 'outer_06']
>>> _ = choose(game, state, {0: "command", 1: "mine"})
>>> options(game, state, 0)               # 000 "1. Move": no ship enters an asteroid
['move:s7:distant_05', 'move:s7:inner_2', 'move:s7:outer_04', 'done']

Dice are not forced by patching the engine: the one random generator lives in the state
(``state["rng"]``), so :func:`rig_dice` sets it where the next rolls show the faces asked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, cast

from whitedwarf.interpreter import rng
from whitedwarf.interpreter.lastlight import lumos, setup
from whitedwarf.interpreter.lastlight.content import Runtime, runtime
from whitedwarf.interpreter.lastlight.game import Game, advance
from whitedwarf.interpreter.lastlight.packs import load_game_content
from whitedwarf.interpreter.lastlight.records import Player, State
from whitedwarf.interpreter.lastlight.setup import _pile_of, token_resource
from whitedwarf.interpreter.lastlight.state import (
    LIGHT_SOURCES,
    LUMOS,
    RESOURCES,
    SIZES,
    card_id,
    home_of,
    place_extractor,
    place_ship,
)
from whitedwarf.interpreter.lastlight.stats import stat
from whitedwarf.interpreter.lastlight.tokens import BLANK

__all__ = [
    "ScenarioError",
    "adjacent",
    "blank",
    "box_whole",
    "choose",
    "clear_board",
    "give",
    "keep",
    "new_game",
    "options",
    "put_extractor",
    "put_ship",
    "put_tech",
    "put_token",
    "rig_dice",
    "start_players",
    "started",
]

#: The most dice :func:`rig_dice` sets at once: each more multiplies the search by the
#: die's sides (6 dice of 6 sides: about 47,000 draws, well under a second).
MOST_RIGGED = 7


class ScenarioError(ValueError):
    """A position the helpers cannot write: a piece the supply no longer holds, a sector or
    card the pack does not have. The message names what and why."""


def new_game(players: int = 4, packs: Sequence[str | Path] = (), **options: Any) -> Game:
    """A game of the bundled base pack, or of the packs at ``packs`` (a mod and what it
    depends on, through the validating loader), with ``Game.from_content``'s options
    (``factions="veyari,,hexan"``, ``first_player=1``, ``round_limit=...``)."""
    return Game.from_content(load_game_content(packs), players, options)


def started(game: Game, seed: int = 1) -> State:
    """A state past setup, in round 1's action choice: every seat keeps the first faction
    and achievement it is offered (the ``factions`` option of :func:`new_game` names them)."""
    state = game.new_state(seed)
    while state["phase"] == "setup":
        seat = game.current_players(state)[0]
        game.apply(state, seat, game.legal_options(state, seat)[0].id)
    return state


def blank(game: Game, seed: int = 1) -> State:
    """:func:`started`, then emptied to a position a scenario writes whole: no faction,
    achievement, tech, resource, light, ship or extractor, and nothing their effects left
    (a question waiting, counters, uses, durations); every piece in its owner's supply,
    every resource and light in the general supply, the techs back in the deck."""
    state = started(game, seed)
    clear_board(state)
    for player in state["players"]:
        for unit in RESOURCES:
            _to_supply(state, unit, player["res"][unit])
            player["res"][unit] = 0
        _to_supply(state, "light", player["light"])
        player["light"] = 0
        player["light_by_source"] = dict.fromkeys(LIGHT_SOURCES, 0)
        state["deck"].extend(t["ref"] for t in player["techs"])
        state["deck"].extend(player["techs_hand"])
        player.update({"techs": [], "techs_hand": [], "faction": None, "achievement": None})
        player["tech_stats"] = {"drawn": {}, "kept": {}, "built": {}}
    # What the cards taken away left: a question of their effects still waiting (the kept
    # faction's `round_start` may ask, and its answer would come in the position after it),
    # their counters, uses, durations and kept discounts.
    state["frames"].clear()
    kept: dict[str, Any] = cast(dict[str, Any], state)  # keys the state may lack
    for key in ("card_state", "card_uses", "durations", "next_costs"):
        kept.pop(key, None)
    for player in state["players"]:
        player.pop("once", None)

    lumos.reevaluate(state)  # every light is 0: a tie, the Lumos allied to nobody (002)
    game.edited(state)
    return state


def clear_board(state: State) -> State:
    """Every ship and extractor off the board, back to its owner's supply (a Lumos ship to
    the Lumos supply)."""
    for ship in state["ships"].values():
        owner = ship["owner"]
        if owner >= 0:
            state["players"][owner]["supply"][ship["size"]] += 1
        elif state["lumos"] is not None:
            state["lumos"]["supply"][ship["size"]] += 1
    for extractor in state["extractors"].values():
        state["players"][extractor["owner"]]["supply"]["extractor"] += 1
    state["ships"].clear()
    state["extractors"].clear()
    return Game.edited(state)


def put_ship(state: State, seat: int, size: str, sector: str, damage: int = 0) -> str:
    """A ship of ``seat`` (-1: the Lumos) from its supply into ``sector``; returns its id."""
    if size not in SIZES:
        raise ScenarioError(f"no ship size {size!r}; the sizes are {', '.join(SIZES)}")
    _sector(state, sector)
    if damage < 0:
        raise ScenarioError(f"a ship cannot hold {damage} damage")
    supply = _pieces(state, seat)
    shields = stat(state, seat, "shield", size)
    if damage >= shields:
        # 000 "2. Attack": "Any ship which receives damage equal to its shields is destroyed".
        raise ScenarioError(
            f"a {size} ship of seat {seat} has {shields} shields: it holds at most "
            f"{shields - 1} damage, {damage} destroys it (000 '2. Attack')"
        )
    if supply[size] <= 0:
        raise ScenarioError(f"seat {seat} has no {size} ship left in its supply")
    supply[size] -= 1
    ship_id = place_ship(state, seat, size, sector)
    state["ships"][ship_id]["damage"] = damage
    Game.edited(state)
    return ship_id


def put_extractor(
    state: State, seat: int, planet: str | None = None, space: str | None = None
) -> str:
    """An extractor of ``seat`` from its supply onto ``planet``, or onto a ``space`` of its
    colony ship (``common_a``); returns its id."""
    if (planet is None) == (space is None):
        raise ScenarioError("put an extractor on a planet or on a colony ship space, one of them")
    if planet is not None and planet not in state["planets"]:
        raise ScenarioError(
            f"no planet {planet!r} on the board; planets: {_some(state['planets'])}"
        )
    if seat == -1:
        raise ScenarioError("the Lumos build no extractors (002: they need only their ships)")
    supply = _pieces(state, seat)
    _extractor_room(state, seat, planet, space)
    if supply["extractor"] <= 0:
        raise ScenarioError(f"seat {seat} has no extractor left in its supply")
    supply["extractor"] -= 1
    sector = state["planets"][planet]["sector"] if planet else home_of(state, seat)
    extractor_id = place_extractor(state, seat, sector, planet, space)
    Game.edited(state)
    return extractor_id


def give(state: State, seat: int, **amounts: int) -> None:
    """Resources or light from the general supply to ``seat``: ``give(state, 0, common=2,
    light=3)``."""
    _player(state, seat)  # a seat at the table
    player = state["players"][seat]
    for unit, amount in amounts.items():
        if unit not in (*RESOURCES, "light"):
            raise ScenarioError(f"no unit {unit!r}; give common, uncommon, rare or light")
        if amount < 0:
            raise ScenarioError(f"give {unit}={amount}: a seat is given 0 or more, never less")
        if amount > state["supply"][unit]:
            raise ScenarioError(f"the supply holds {state['supply'][unit]} {unit}, not {amount}")
        state["supply"][unit] -= amount
        if unit == "light":
            player["light"] += amount
            player["light_by_source"]["other"] += amount
            heard = state.get("light_heard")
            if heard is not None:  # the position's light, not a gain `light_gained` hears
                heard[seat] += amount
        else:
            player["res"][unit] += amount
    if "light" in amounts and state["phase"] == "choose":
        # 002: the Lumos are allied to the player with the least light, re-evaluated at the
        # end of each action card; in the action choice every card has ended, so the ally
        # of the position written is the one its light makes (E9).
        lumos.reevaluate(state)
    Game.edited(state)


def put_tech(
    state: State,
    seat: int,
    tech: str,
    ship_type: str | None = None,
    exhausted: bool = False,
    hand: bool = False,
) -> str:
    """A copy of ``tech`` from the deck (or the discard pile) into ``seat``'s play, on
    ``ship_type`` for a ship ability or mod, or with ``hand`` into its unresearched techs;
    returns its ref (``warp_drive#2``)."""
    _player(state, seat)
    cards = runtime(state).cards["techs"]
    if tech not in cards:
        raise ScenarioError(f"no tech {tech!r} in the pack; techs: {_some(cards)}")
    kind = cards[tech].get("kind")
    if hand and (ship_type is not None or exhausted):
        raise ScenarioError(
            f"{tech} in the hand is unresearched: it goes on a ship type and is exhausted only "
            "once in play (000 'Research'); give no ship_type or exhausted with hand=True"
        )
    if not hand and (kind == "civilization") != (ship_type is None):
        raise ScenarioError(
            f"{tech} is a {kind} tech: "
            + ("it goes on no ship type" if kind == "civilization" else "name its ship_type")
        )
    if not hand:
        _tech_fits(state, seat, tech, kind, ship_type)
    for pile in (state["deck"], state["discard"]):
        ref = next((r for r in pile if card_id(r) == tech), None)
        if ref is not None:
            pile.remove(ref)
            break
    else:
        raise ScenarioError(f"no copy of {tech} left in the deck or the discard pile")
    player = state["players"][seat]
    if hand:
        player["techs_hand"].append(ref)
    else:
        player["techs"].append({"ref": ref, "exhausted": exhausted, "ship_type": ship_type})
    Game.edited(state)
    placed: str = ref  # a card ref of the deck or the discard pile (else the loop raised)
    return placed


def keep(
    state: State,
    seat: int,
    faction: str | None = None,
    achievement: str | None = None,
    swapping: int | None = None,
) -> None:
    """``seat`` keeps this faction card and/or this hidden planetary achievement, as if it
    had chosen them at setup (000 "setup" 8). ``swapping``: the seat that holds the faction
    now and takes ``seat``'s in the same swap (a gift, ``gifts.py``), so its copy is not a
    second one."""
    cards = runtime(state).cards
    _player(state, seat)  # a seat at the table
    player = state["players"][seat]
    kept: tuple[tuple[str, str | None, Literal["faction", "achievement"]], ...] = (
        ("factions", faction, "faction"),
        ("achievements", achievement, "achievement"),
    )
    for kind, card, key in kept:
        if card is None:
            continue
        if card not in cards[kind]:
            raise ScenarioError(f"no {key} {card!r} in the pack; {kind}: {_some(cards[kind])}")
        if key == "faction":
            _faction_free(state, seat, card, cards[kind][card], swapping)
        player[key] = card
    player["faction_exhausted"] = False
    Game.edited(state)


def start_players(game: Game, state: State) -> State:
    """What the end of setup does once the kept cards are revealed, on this position: each
    seat's starting techs and resources as its faction changes them (``starting_techs``,
    ``starting_common``), then its `game_start` triggers, and the rules run to the next
    decision (000 "setup"; a faction's starting twist is checked so)."""
    Game.edited(state)
    setup.start_players(state)
    advance(state)
    return state


def choose(game: Game, state: State, cards: Mapping[int, str]) -> State:
    """Every seat plays its action card of this round (``{0: "command", 1: "mine"}``), and
    the rules run to the next decision."""
    for seat, card in cards.items():
        if not 0 <= seat < state["n"]:
            raise ScenarioError(f"no seat {seat} in a {state['n']}-player game")
        if state["phase"] != "choose":
            raise ScenarioError(
                f"seat {seat} cannot play {card!r}: the round's cards are chosen already "
                f"(phase {state['phase']!r}); its options now: "
                + _listed(options(game, state, seat))
            )
        can = [o.removeprefix("play:") for o in options(game, state, seat)]
        if card not in can:
            why = "a played card stays on the table until a Refresh (000 'playing the game')"
            if state["n"] == 2 and card == "refresh":
                why = "with 2 players Refresh needs a card on the table already (002)"
            raise ScenarioError(
                f"seat {seat} cannot play {card!r} now; it can play: {_listed(can)}; {why}"
            )
        game.apply(state, seat, f"play:{card}")
    return state


def adjacent(state: State, sector: str) -> list[str]:
    """The sectors next to ``sector`` on the board as it is turned now (B1-B4: a corner
    alone is not adjacent, asteroids included), sorted."""
    _sector(state, sector, ships=False)
    return sorted(runtime(state).board.adjacent(sector, state["rotation"]))


def options(game: Game, state: State, seat: int) -> list[str]:
    """The ids of the options ``seat`` has now."""
    _player(state, seat)
    return [option.id for option in game.legal_options(state, seat)]


def box_whole(state: State) -> None:
    """Check what docs/scenarios.md asks of any scenario: every resource, light, ship and
    extractor is somewhere (supply, a seat, the board, a graveyard, the Lumos' box), nothing
    is negative, and no place holds two extractors; a ScenarioError names what is not."""
    rt = runtime(state)
    players = state["players"]
    faults = []
    for unit in (*RESOURCES, "light"):
        held = [p["light"] if unit == "light" else p["res"][unit] for p in players]
        total = rt.light_total if unit == "light" else rt.resources_total[unit]
        if state["supply"][unit] < 0 or min(held) < 0:
            faults.append(f"{unit} below 0 (supply {state['supply'][unit]}, seats {held})")
        elif state["supply"][unit] + sum(held) != total:
            faults.append(f"{unit}: supply {state['supply'][unit]} + seats {held} is not {total}")
    graves = [u for p in players for u in p["graveyard"]]
    per_player = rt.content.get("supply", {}).get("per_player", {})
    extractors = int(per_player.get("extractors", 8))  # as setup.py deals them
    for seat, player in enumerate(players):
        for size in (*SIZES, "extractor"):
            if size == "extractor":
                board = sum(1 for x in state["extractors"].values() if x["owner"] == seat)
            else:
                board = sum(
                    1 for s in state["ships"].values() if s["owner"] == seat and s["size"] == size
                )
            dead = sum(
                1 for u in graves if u["owner"] == seat and (u["size"] or "extractor") == size
            )
            whole = extractors if size == "extractor" else rt.pieces[size]
            supply = player["supply"][size]
            if supply < 0 or supply + board + dead != whole:
                faults.append(
                    f"seat {seat}'s {size}s: {supply} in its supply, {board} on the board, "
                    f"{dead} in graveyards, not {whole}"
                )
    if state["lumos"]:
        lumos = sum(state["lumos"]["supply"].values()) + state["lumos"]["box"]
        lumos += sum(1 for s in state["ships"].values() if s["owner"] == LUMOS)
        lumos += sum(1 for u in graves if u["owner"] == LUMOS)
        if lumos != sum(rt.pieces.values()):
            faults.append(f"the Lumos' ships add up to {lumos}, not {sum(rt.pieces.values())}")
    places = [x["planet"] or (x["owner"], x["space"]) for x in state["extractors"].values()]
    twice = sorted({str(p) for p in places if places.count(p) > 1})
    if twice:
        faults.append(f"two extractors on {', '.join(twice)} (000 '2. Extractor')")
    if faults:
        raise ScenarioError("the box is not whole: " + "; ".join(faults))


def put_token(state: State, sector: str, token: str) -> str:
    """The face-down exploration token of ``sector`` becomes a copy of ``token`` (its id,
    ``light_shrine``, or a ref, ``light_shrine#2``) from the box; the token it replaces goes
    to the box. A planet takes a planetary token of the pile its map slot deals (common or
    rare), a deep space sector a deep space token (000 "setup"). Returns the ref placed."""
    _sector(state, sector, ships=False)
    here = state["sectors"][sector]
    old = here["token"]
    if old is None or here["revealed"]:
        holding = [s for s, v in state["sectors"].items() if v["token"] and not v["revealed"]]
        raise ScenarioError(
            f"{sector} holds no face-down exploration token; sectors that do: {', '.join(holding)}"
        )
    rt = runtime(state)
    boxed = state["box"]["tokens"]
    ref = next((r for r in boxed if r == token or card_id(r) == token), None)
    if ref is None:
        known = sorted({card_id(r) for r in boxed})
        raise ScenarioError(
            f"no {token!r} token in the box (the others are on the board); in the box: "
            + (", ".join(known) or "none")
        )
    pile, wanted = _pile_of(rt.card(ref)), _token_pile_of(rt, old)
    if pile != wanted:
        raise ScenarioError(
            f"{card_id(ref)} is {_pile_words(pile)}; {sector} holds {_pile_words(wanted)} "
            "(000 'setup': each pile is dealt to its own places on the map)"
        )
    boxed.remove(ref)
    boxed.append(old)
    boxed.sort()
    here["token"] = ref
    planet = here["planet"]
    if planet is not None:
        state["planets"][planet]["token"] = ref
        state["planets"][planet]["resource"] = token_resource(rt, ref, pile)
    Game.edited(state)
    return ref


def _pile_words(pile: str) -> str:
    """A token pile in words: ``a deep space token``, ``a rare planetary token``."""
    return "a deep space token" if pile == "deep_space" else f"a {pile} planetary token"


def _token_pile_of(rt: Runtime, token: str) -> str:
    """The pile a token on the board came from (a blank's pile is in its name)."""
    if token.startswith(BLANK):
        return (
            "deep_space" if token.startswith(f"{BLANK}deep") else token[len(BLANK) :].split("#")[0]
        )
    return _pile_of(rt.card(token))


def rig_dice(state: State, faces: Sequence[str]) -> None:
    """Set the state's random generator so that the next combat dice rolled show ``faces``
    in order (a die's result id, dice.yaml: ``miss``, ``hit``, ``hit_ability``, ``explode``,
    ``ability``), counting every die the engine rolls from now on, extra dice included.

    The generator is a counter (``interpreter/rng.py``), so its successive draws are one
    stream and each start in it is tried in turn: a real position of the generator, not a
    patched engine, and one that saves and replays like any other.
    """
    die = runtime(state).die
    wanted = list(faces)
    unknown = sorted(set(wanted) - set(die.results))
    if unknown:
        raise ScenarioError(
            f"the die has no face {unknown[0]!r}; it shows {', '.join(die.results)}"
        )
    if not 0 < len(wanted) <= MOST_RIGGED:
        raise ScenarioError(f"rig 1 to {MOST_RIGGED} dice at a time, not {len(wanted)}")
    # ``before[i]``: the generator before the i-th draw of the window that ends at ``seen``.
    cursor, seen, before = state["rng"], [], []
    for _ in range(die.sides ** len(wanted) * 40):  # a miss this long is 1 in e^40
        before.append(cursor)
        cursor, out = rng.step(cursor)
        seen.append(die.face((out * die.sides) >> 64))
        if seen[-len(wanted) :] == wanted:
            state["rng"] = before[-len(wanted)]
            return
        if len(seen) > len(wanted):
            del seen[0], before[0]
    raise ScenarioError(f"no run of the generator shows {wanted}")  # pragma: no cover


def _tech_fits(state: State, seat: int, tech: str, kind: str | None, ship_type: str | None) -> None:
    """Refuse a tech the seat's play area or player board cannot hold (000 "Technology")."""
    if ship_type is not None and ship_type not in SIZES:
        raise ScenarioError(f"no ship type {ship_type!r}; the types are {', '.join(SIZES)}")
    cards = runtime(state).cards["techs"]
    name = cards[tech].get("name", tech)
    played = state["players"][seat]["techs"]
    if kind == "civilization":
        if any(cards[card_id(t["ref"])].get("name", card_id(t["ref"])) == name for t in played):
            raise ScenarioError(
                f"seat {seat} has {name} in play already: 'No player may have two civilization "
                "technologies with the same name' (000 'Technology')"
            )
        return
    same = [t["ref"] for t in played if t["ship_type"] == ship_type]
    same = [r for r in same if cards[card_id(r)].get("kind") == kind]
    if kind == "ship_ability" and same:
        raise ScenarioError(
            f"seat {seat}'s {ship_type} ships hold the ship ability {same[0]} already: 'Each "
            "ship type may only have one ship ability' (000 'Technology'); put_tech replaces "
            "nothing, so put the one wanted only"
        )
    room = runtime(state).ship_stats[ship_type or ""]["mod_slots"]
    if kind == "ship_mod" and len(same) >= room:
        raise ScenarioError(
            f"seat {seat}'s {ship_type} ships hold {room} ship mod(s) already, all they may "
            f"({', '.join(same)}; 000 'Technology': small 1, medium 2, large 3)"
        )


def _extractor_room(state: State, seat: int, planet: str | None, space: str | None) -> None:
    """Refuse a second extractor on a planet or colony ship space, or a space the colony ship
    does not have (000 "2. Extractor": a planet "not containing a previously built extractor
    belonging to any player", a colony ship sector "that does not yet contain an extractor")."""
    held = state["extractors"].values()
    if planet is not None:
        there = next((x for x in held if x["planet"] == planet), None)
        if there is not None:
            raise ScenarioError(
                f"{planet} holds an extractor of seat {there['owner']} already: one a planet "
                "(000 '2. Extractor')"
            )
        return
    spaces = [sid for sid, _ in runtime(state).colony_spaces]
    if space not in spaces:
        raise ScenarioError(f"no colony ship space {space!r}; the spaces: {', '.join(spaces)}")
    if any(x["owner"] == seat and x["space"] == space for x in held):
        raise ScenarioError(
            f"seat {seat}'s colony ship space {space} holds an extractor already: one a space "
            "(000 '2. Extractor')"
        )


def _faction_free(
    state: State, seat: int, faction: str, card: Mapping[str, Any], swapping: int | None = None
) -> None:
    """Refuse a faction card the table cannot give this seat (000 "Components", "setup");
    ``swapping``'s copy is the one being handed over."""
    if card.get("three_plus") and state["n"] == 2:
        raise ScenarioError(
            f"{faction} is labeled 3+: it is removed when playing with 2 players (000 'setup')"
        )
    for other in state["players"]:
        if other["seat"] not in (seat, swapping) and other["faction"] == faction:
            raise ScenarioError(
                f"seat {other['seat']} keeps {faction} already: there is one card of each faction"
            )


def _player(state: State, seat: int) -> Player:
    """The player at ``seat``, or a ScenarioError naming the seats there are."""
    if not 0 <= seat < state["n"]:
        raise ScenarioError(
            f"no seat {seat} in a {state['n']}-player game (seats 0 to {state['n'] - 1})"
        )
    found: Player = state["players"][seat]
    return found


def _pieces(state: State, seat: int) -> dict[str, int]:
    if seat == -1:
        if state["lumos"] is None:
            raise ScenarioError("the Lumos play only in a 2-player game (002)")
        supply: dict[str, int] = state["lumos"]["supply"]
        return supply
    pieces: dict[str, int] = _player(state, seat)["supply"]
    return pieces


def _sector(state: State, sector: str, ships: bool = True) -> None:
    found = state["sectors"].get(sector)
    if found is None:
        raise ScenarioError(f"no sector {sector!r}; sectors: {_some(state['sectors'])}")
    if ships and found["asteroid"]:
        raise ScenarioError(f"{sector} holds an asteroid: no ship can be there (000 '1. Move')")


def _to_supply(state: State, unit: str, amount: int) -> None:
    state["supply"][unit] += amount


def _listed(ids: Sequence[str]) -> str:
    """Option ids for a message, or what having none means."""
    return ", ".join(ids) if ids else "none (it waits for another seat)"


def _some(names: Mapping[str, Any]) -> str:
    listed = sorted(names)
    return ", ".join(listed[:12]) + (", ..." if len(listed) > 12 else "")
