"""Setup: the board, the pieces and the secret keep of a faction and an achievement.

000 "setup" (and 001 "3. Setup"): planets and their planetary tokens are dealt at random to
the planet slots of the player count's map, deep space tokens to theirs; asteroids and
colony ships are placed; each player puts one small ship in their home sector and an
extractor on a common space of their colony ship; the tech deck is shuffled and each player
is dealt 1 tech; each player is dealt 2 factions (3+ factions removed with 2 players) and a
set of 4 achievements and secretly keeps 1 of each. The 2-player Lumos start in the centre
(002).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from whitedwarf.dsl.counts import counted
from whitedwarf.dsl.suggest import did_you_mean
from whitedwarf.interpreter import rng
from whitedwarf.interpreter.lastlight import events, lumos
from whitedwarf.interpreter.lastlight.content import Runtime, runtime
from whitedwarf.interpreter.lastlight.decisions import IllegalOption, Option
from whitedwarf.interpreter.lastlight.hooks import fire
from whitedwarf.interpreter.lastlight.records import Player, State
from whitedwarf.interpreter.lastlight.research import draw_one
from whitedwarf.interpreter.lastlight.state import (
    FORMAT,
    KEPT_KEYS,
    RESOURCES,
    count_techs,
    gain,
    game_state,
    keep_card,
    keep_face_down,
    new_player,
    new_sector,
    place_extractor,
    place_ship,
    take_piece,
    to_techs_hand,
    turn_order,
)
from whitedwarf.interpreter.lastlight.stats import stat
from whitedwarf.interpreter.lastlight.tokens import BLANK


def new_state(game: Any, seed: int) -> State:
    """A fresh state for ``game`` after the public part of setup."""
    rt = runtime({"content": game.content_id})
    state = game_state(_skeleton(game, seed, rt))  # the data, and room for memos (versions.py)
    _place_board(state, rt)
    _deal_tech_deck(state, rt)
    for seat in range(state["n"]):
        _place_start_pieces(state, rt, seat)
    _deal_secrets(state, rt, game.options.get("factions") or [None] * state["n"])
    lumos.setup(state, rt)
    for seat in range(state["n"]):
        # 000 "setup": "deal 1 technology card to each player".
        _draw_tech(state, seat)
    return state


def _skeleton(game: Any, seed: int, rt: Runtime) -> State:
    """The top-level state with players and supplies, nothing placed yet."""
    n = game.players
    extractors = int(rt.content.get("supply", {}).get("per_player", {}).get("extractors", 8))
    supply = dict(rt.resources_total)
    supply["light"] = rt.light_total
    return {
        "format": FORMAT,
        "game": "lastlight",
        "content": game.content_id,
        "n": n,
        "seed": seed,
        "rng": rng.seed_state(seed),
        "round": 1,
        "round_limit": int(game.options.get("round_limit", 200)),
        "rotation": 0,
        # 000 "setup": the first player token goes to "the player who most recently looked
        # at the stars"; seats are anonymous, so seat 0 (setups.yaml) unless an option says.
        "first": int(game.options.get("first_player", 0)) % n,
        "phase": "setup",
        "queue": [],
        "stack": [],
        "frames": [],
        "players": [new_player(s, dict(rt.pieces), extractors) for s in range(n)],
        "ships": {},
        "extractors": {},
        "sectors": {sid: new_sector() for sid in sorted(rt.ring)},
        "planets": {},
        "supply": supply,
        "deck": [],
        "discard": [],
        "explored": [],
        "box": {"factions": [], "achievements": [], "tokens": []},
        "dice": [],
        "lumos": None,
        "next_id": 0,
        "result": None,
    }


def _place_board(state: State, rt: Runtime) -> None:
    """Planets with their planetary tokens, deep space tokens, asteroids, colony ships."""
    layout, sectors = rt.layout, state["sectors"]
    sectors[layout.white_dwarf]["white_dwarf"] = True
    for sid in layout.asteroids:
        sectors[sid]["asteroid"] = True
    for seat, sid in enumerate(layout.homes):
        sectors[sid]["home"] = seat
    planets = sorted(rt.planets)
    rng.shuffle(state, planets)
    piles = {kind: _token_pile(state, rt, kind) for kind in ("common", "rare")}
    for slot, planet in zip(layout.planets, planets, strict=False):
        token = piles[slot.token].pop() if piles[slot.token] else f"{BLANK}{slot.token}#{planet}"
        sectors[slot.sector].update({"planet": planet, "token": token, "token_kind": "planetary"})
        state["planets"][planet] = {
            "sector": slot.sector,
            "token": token,
            "resource": token_resource(rt, token, slot.token),
            "colour": rt.planets[planet].get("colour"),  # type: ignore[typeddict-item]  # required
        }
    deep = _token_pile(state, rt, "deep_space")
    for i, sid in enumerate(layout.deep_space):
        token = deep.pop() if deep else f"{BLANK}deep#{i}"
        sectors[sid].update({"token": token, "token_kind": "deep_space"})
    # 000 "setup": "Any unused tokens should be returned to the box."
    state["box"]["tokens"] = sorted(piles["common"] + piles["rare"] + deep)


def _token_pile(state: State, rt: Runtime, pile: str) -> list[str]:
    """The shuffled refs of one exploration pile: ``common``, ``rare`` or ``deep_space``."""
    refs = []
    for cid, card in sorted(rt.cards["exploration"].items()):
        if _pile_of(card) == pile:
            refs += [f"{cid}#{k}" for k in range(1, int(card.get("copies", 1)) + 1)]
    rng.shuffle(state, refs)
    return refs


def _pile_of(card: dict[str, Any]) -> str:
    """Which pile a token belongs to: deep_space, or the planetary pile common/rare."""
    if card.get("kind", card.get("type")) == "deep_space":
        return "deep_space"
    for key in ("tier", "pile", "token", "rarity"):
        if key in card:
            return str(card[key])
    return "common"


def token_resource(rt: Runtime, token: str, pile: str) -> str:
    """What a planet over this planetary token yields (000 "Action Card #2 - mine")."""
    if token.startswith(BLANK):
        return pile
    card = rt.card(token)
    found = card.get("resource", card.get("yields", pile))
    if isinstance(found, dict):
        found = next(iter(found), pile)
    return found if found in RESOURCES else pile


def _deal_tech_deck(state: State, rt: Runtime) -> None:
    """000 "setup": "Shuffle the deck of technology cards and place it ... face down"."""
    deck = []
    for cid, card in sorted(rt.cards["techs"].items()):
        deck += [f"{cid}#{k}" for k in range(1, int(card.get("copies", 1)) + 1)]
    rng.shuffle(state, deck)
    state["deck"] = deck


def _place_start_pieces(state: State, rt: Runtime, seat: int) -> None:
    """000 "setup": one small ship in the home sector, an extractor on a common space.

    The ships are supply.yaml's ``per_player.starting_ships`` (``{small: 1}``), in the
    order of ships.yaml's ship types."""
    home = rt.layout.homes[seat]
    player = state["players"][seat]
    per_player = rt.content.get("supply", {}).get("per_player", {})
    starting = per_player.get("starting_ships", {"small": 1})
    for size in rt.ship_stats:
        for _ in range(min(int(starting.get(size, 0)), player["supply"].get(size, 0))):
            take_piece(state, seat, size)
            place_ship(state, seat, size, home)
    # The two common spaces are alike, so the first one is used (no real choice).
    space = next(sid for sid, res in rt.colony_spaces if res == "common")
    take_piece(state, seat, "extractor")
    place_extractor(state, seat, home, None, space)


def _deal_secrets(state: State, rt: Runtime, kept: list[str | None]) -> None:
    """Deal 2 factions and a set of 4 achievements to each player (000 "setup"); a seat with
    a faction in ``kept`` (the ``factions`` option) is dealt that one alone."""
    n = state["n"]
    # supply.yaml ``per_player.faction_cards_dealt`` (2); the validator checks there are enough
    # (setup_needs.py, E0930).
    per_player = rt.content.get("supply", {}).get("per_player", {})
    dealt = int(per_player.get("faction_cards_dealt", 2))
    # The ``factions`` option (a designer watching a faction play) gives a seat its faction
    # alone, so it has none to choose; the other seats are dealt from the rest as usual.
    factions = [
        cid for cid, c in sorted(rt.cards["factions"].items()) if _allowed(c, n) and cid not in kept
    ]
    removed = [
        cid for cid in sorted(rt.cards["factions"]) if cid not in factions and cid not in kept
    ]
    rng.shuffle(state, factions)
    for player, chosen in zip(state["players"], kept, strict=True):
        if chosen is not None:
            player["factions_dealt"] = [chosen]
            continue
        player["factions_dealt"] = sorted(factions[-dealt:])
        del factions[-dealt:]
    state["box"]["factions"] = sorted(factions + removed)
    sets = _achievement_sets(state, rt, n)
    for player, cards in zip(state["players"], sets, strict=False):
        player["achievements_dealt"] = sorted(cards)


def kept_factions(
    given: Any,
    cards: dict[str, Any],
    players: int,
    error: type[ValueError],
    removed: Mapping[str, str] | None = None,
) -> list[str | None]:
    """The ``factions`` game option checked: one faction id or nothing per seat, in seat order
    (text ``"veyari,,hexan"`` from the command line, or that list from a replay header).
    Each named faction must be in the pack, allowed at this player count (000 "setup": the
    3+ factions are removed with 2 players) and named once; ``error`` otherwise. ``removed``
    (``GameContent.removed``) says which mod removed a faction named that the pack lacks."""
    if isinstance(given, str):
        given = [name.strip() or None for name in given.split(",")]
    if not isinstance(given, list) or not all(g is None or isinstance(g, str) for g in given):
        raise error(f"option factions is faction ids in seat order, not {given!r:.60}")
    if len(given) > players:
        raise error(f"option factions names {counted(len(given), 'seat')}; the game has {players}")
    for name in given:
        if name is None:
            continue
        if name not in cards and removed and name in removed:
            raise error(
                f"option factions: no faction {name} in the game: {removed[name]}; "
                "name a faction the packs keep, or leave the seat empty to deal it"
            )
        if name not in cards:
            hint = did_you_mean(name, cards)
            raise error(
                f"option factions: no faction {name!r:.60} in the pack"
                + (f"; {hint}" if hint else "")
            )
        if not _allowed(cards[name], players):
            why = ' (it is labelled 3+: `three_plus: true`, 000 "setup")'
            why = why if cards[name].get("three_plus") else ""
            raise error(f"option factions: {name} is not played with {players} players{why}")
        if given.count(name) > 1:
            raise error(f"option factions: {name} is named for two seats")
    return [*given, *[None] * (players - len(given))]


def _allowed(card: dict[str, Any], players: int) -> bool:
    """000 "setup": "some alien faction cards are labeled 3+ and should be removed"."""
    if card.get("three_plus"):
        return players >= 3
    return players >= int(card.get("min_players", card.get("players_min", 2)))


def _achievement_sets(state: State, rt: Runtime, n: int) -> list[list[str]]:
    """One set of 4 achievements per player: by the cards' ``set`` field, else dealt at random."""
    cards = rt.cards["achievements"]
    by_set: dict[str, list[str]] = {}
    for cid, card in sorted(cards.items()):
        if "set" in card:
            by_set.setdefault(str(card["set"]), []).append(cid)
    if by_set:
        # Each player receives one whole set, the sets dealt at random.
        keys = sorted(by_set)
        rng.shuffle(state, keys)
        return [by_set[k] for k in keys[:n]]
    ids = sorted(cards)
    rng.shuffle(state, ids)
    return [ids[4 * s : 4 * s + 4] for s in range(n)]


def _draw_tech(state: State, seat: int) -> bool:
    """Deal one tech from the deck to a player's unresearched techs; False if none is left."""
    ref = draw_one(state)
    if ref is None:
        return False
    to_techs_hand(state, seat, [ref])
    count_techs(state, seat, "drawn", [ref])
    count_techs(state, seat, "kept", [ref])
    return True


# -- the secret keep (000 "setup" step: "secretly and simultaneously chooses") -----------------


def pending_seats(state: State) -> list[int]:
    """Seats that still have a faction or an achievement to keep."""
    return [
        p["seat"]
        for p in state["players"]
        if len(p["factions_dealt"]) > 1 or len(p["achievements_dealt"]) > 1
    ]


def options(state: State, seat: int) -> list[Option]:
    """Keep one of the dealt factions, then one of the dealt achievements."""
    player = state["players"][seat]
    if len(player["factions_dealt"]) > 1:
        return [Option(f"faction:{f}", f"keep faction {f}") for f in player["factions_dealt"]]
    return [
        Option(f"achievement:{a}", f"keep achievement {a}") for a in player["achievements_dealt"]
    ]


def choose(state: State, seat: int, option_id: str) -> None:
    """Keep a faction or an achievement; the others go back to the box face down.

    000 "setup": each player "secretly and simultaneously chooses", then "All players reveal
    their alien faction card". So the kept card stays face down, the only card left in
    ``factions_dealt`` / ``achievements_dealt`` (hidden from the other seats), until every
    seat has kept: :func:`finish` then reveals the factions together (and keeps the
    achievements, which stay hidden in ``achievement``).
    """
    kind, _, card = option_id.partition(":")
    player = state["players"][seat]
    keys = KEPT_KEYS.get(kind)
    if keys is None:
        raise IllegalOption(f"player {seat} cannot keep {option_id!r}")
    dealt = player[keys[0]]
    if card not in dealt or len(dealt) < 2:
        raise IllegalOption(f"player {seat} cannot keep {option_id!r}")
    keep_face_down(state, seat, kind, card)


def _keep(state: State, player: Player, kind: Literal["faction", "achievement"], card: str) -> None:
    """Keep ``card`` of the dealt ``kind`` and box the rest."""
    keep_card(state, player["seat"], kind, card)


def finish(state: State) -> None:
    """After the keep: the kept cards revealed together (000 "setup"), faction-dependent
    starting cards, game_start."""
    kinds: tuple[Literal["faction", "achievement"], ...] = ("faction", "achievement")
    for player in state["players"]:
        for kind in kinds:
            dealt = player[KEPT_KEYS[kind][0]]
            if len(dealt) == 1:
                _keep(state, player, kind, dealt[0])
    if events.ON:
        for player in state["players"]:
            events.emit(state, "faction", player["seat"], player["faction"])
    start_players(state)


def start_players(state: State) -> None:
    """Each player's starting cards and resources, which their faction may change, then
    `game_start` for each (after the kept cards are revealed: :func:`finish`; the design
    exercise checks a faction's starting twist with it, tests/exercise/lastlight_run.py)."""
    for seat in turn_order(state):
        # 000 Iou'Nell: "You start the game with 1 additional unresearched technology card".
        # No more are dealt than the deck holds, whatever the stat (docs/rules-decisions.md E21).
        for _ in range(stat(state, seat, "starting_techs") - 1):
            if not _draw_tech(state, seat):
                break
        # 001 "3. Setup": "1 common resource" (the pack's starting_common; see decisions).
        gain(state, seat, "common", stat(state, seat, "starting_common"))
        # supply.yaml ``per_player.starting_resources`` may give the other resources too.
        starting = runtime(state).content.get("supply", {}).get("per_player", {})
        for resource in ("uncommon", "rare"):
            amount = int(starting.get("starting_resources", {}).get(resource, 0))
            if amount:
                gain(state, seat, resource, amount)
        fire(state, "game_start", seat, {})
