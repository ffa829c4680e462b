"""Last Light's checks that what the supply and the setups hold can be played as written.

Each stops a pack that validated and then did something else in play: a deck the engine
refuses to build (E0926), a box without the light a player needs to win (E0927), Lumos ships
or starting ships a setup names that the engine never places (E0928).
"""

from __future__ import annotations

from typing import Any

from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.codes import error
from whitedwarf.dsl.packs.content import Content
from whitedwarf.dsl.packs.kinds import GameCheck
from whitedwarf.interpreter.lastlight.limits import MAX_DECK
from whitedwarf.interpreter.lastlight.state import SIZES

#: 000 "Game End": a player with 20 light ends the game (supply.yaml's rules.game_end_light).
GAME_END_LIGHT = 20


def check_light_supply(content: Content) -> list[Diagnostic]:
    """E0927: the box holds less light than a player needs to win. Light is taken from the
    supply's crystals (``light_crystals``: the engine's ``light_total``; a gain takes what is
    left, E6), so with less than ``rules.game_end_light`` in the box no player can ever reach
    it: a supply.yaml without crystals (the field is optional) validated clean and every game
    ran to the round limit with 0 light. Told at ``light_crystals``, or at the file's
    ``resources`` when it has none."""
    supply = content.data("supply")
    if not isinstance(supply, dict):
        return []
    crystals = supply.get("light_crystals") or []
    total = sum(
        c["value"] * c["count"]
        for c in crystals
        if isinstance(c, dict) and type(c.get("value")) is int and type(c.get("count")) is int
    )
    needed = _mapping(supply, "rules").get("game_end_light", GAME_END_LIGHT)
    if type(needed) is not int or total >= needed:
        return []
    where = "light_crystals" if "light_crystals" in supply else "resources"
    span = content.span("supply", (where,), key=True)
    if span is None:
        return []
    message = (
        f"the box holds {total} light in crystals, but a player wins at {needed}: no game "
        "could end but at the round limit"
    )
    hint = (
        "give `light_crystals` worth at least that (the base game: "
        "`[{value: 1, count: 15}, {value: 5, count: 15}]`, 90 light)"
    )
    return [error("E0927", message, span, hint)]


#: The decks the engine builds card by card at setup, one entry per copy (content.py's
#: ``_check_decks``): the file and what its cards make.
DECKS = (("techs", "technology deck"), ("exploration", "exploration tokens"))


def deck_check(kind: str, what: str) -> GameCheck:
    """E0926 for the ``kind`` file: its copies add up to more than the engine builds
    (``limits.MAX_DECK``). Each card's ``copies`` is in range (1 to 10), but a file may hold
    10,000 cards: such a pack validated and then every ``play`` refused it at setup. Told at
    the ``copies`` (or the card) of the card with the most copies, the latest written among
    equals."""

    def check(content: Content) -> list[Diagnostic]:
        entries = content.cards.get(kind, [])
        copies = [(_copies(e.data), content.load_position(e), e) for e in entries]
        total = sum(n for n, _, _ in copies)
        if total <= MAX_DECK:
            return []
        most, _, entry = max(copies, key=lambda found: (found[0], found[1]))
        path: tuple[str, ...] = ("copies",) if "copies" in entry.data else ()
        message = (
            f"the {what} would hold {total:,} cards (every copy of {len(entries):,} cards); "
            f"a deck holds at most {MAX_DECK:,}"
        )
        hint = f"give fewer copies, or fewer cards (this one has {most})"
        return [error("E0926", message, entry.span(path), hint)]

    return GameCheck((kind,), check)


def _copies(card: Any) -> int:
    found = card.get("copies", 1) if isinstance(card, dict) else 1
    return found if type(found) is int and found > 0 else 0


#: 002: the Lumos join 2-player games only (``lumos.setup`` places none at another count).
LUMOS_PLAYERS = 2


def check_neutral_ships(content: Content) -> list[Diagnostic]:
    """E0928: Lumos ships a setup names that the engine never places. The Lumos are the
    2-player variant's (002; ``lumos.setup``), so a 3- or 4-player setup's ``neutral_ships``
    did nothing; and they come from a supply of a player's size (``per_player.ships``), so
    ships past it were silently left out."""
    setups, supply = content.data("setups"), content.data("supply")
    if not isinstance(setups, dict) or not isinstance(supply, dict):
        return []
    pieces = _mapping(_mapping(supply, "per_player"), "ships")
    out = []
    for index, setup in enumerate(setups.get("setups") or []):
        if not isinstance(setup, dict) or not setup.get("neutral_ships"):
            continue
        where = ("setups", index, "neutral_ships")
        if setup.get("players") != LUMOS_PLAYERS:
            message = (
                f"the {setup.get('players')}-player setup places Lumos ships, but the Lumos join "
                "2-player games only (002): these ships are never placed"
            )
            hint = "remove `neutral_ships` here, or move them to the 2-player setup"
            out += _told(content, "E0928", "setups", where, message, hint)
            continue
        out += _empty_groups(content, where, setup["neutral_ships"])
        out += _over_supply(content, where, setup["neutral_ships"], pieces)
    return out


def _empty_groups(content: Content, where: tuple[str | int, ...], groups: Any) -> list[Diagnostic]:
    """E0928 for each Lumos group that places no ship (``ships: {}`` or only zeros): the
    entry names a sector and then does nothing, and a pack that meant ships there (a size
    misspelt, a count left at 0) was told nothing."""
    out = []
    for index, group in enumerate(groups if isinstance(groups, list) else []):
        ships = group.get("ships") if isinstance(group, dict) else None
        if not isinstance(ships, dict) or any(type(n) is int and n > 0 for n in ships.values()):
            continue
        message = (
            f"this Lumos group in `{group.get('sector')}` places no ship "
            f"(`ships: {{{', '.join(f'{k}: {v}' for k, v in ships.items())}}}`): it does nothing"
        )
        hint = "give it ships, such as `ships: {small: 2}` (002), or remove the entry"
        out += _told(content, "E0928", "setups", (*where, index, "ships"), message, hint)
    return out


def check_ship_sizes(content: Content) -> list[Diagnostic]:
    """E0929 for a ship size the engine plays that ships.yaml or supply.yaml's
    ``per_player.ships`` leaves out: the engine plays small, medium and large ships (000
    "Components"), and a pack without one validated clean, then stopped every game with an
    internal error at the first Construct (its cost or a player's count of it was looked up).
    A pack plays without a size by giving it 0 ships."""
    out = []
    ships = content.data("ships")
    listed = ships.get("ships") if isinstance(ships, dict) else None
    if isinstance(listed, list):
        have = {s.get("id") for s in listed if isinstance(s, dict)}
        for size in (s for s in SIZES if s not in have):
            message = f"ships.yaml has no `{size}` ship: the engine plays {_sizes()}"
            hint = f"keep the `{size}` ship type; to play without it, give it `count: 0`"
            out += _told(content, "E0929", "ships", ("ships",), message, hint)
    supply = content.data("supply")
    per_player = _mapping(supply, "per_player") if isinstance(supply, dict) else None
    if per_player is not None:
        pieces = _mapping(per_player, "ships")
        for size in (s for s in SIZES if s not in pieces):
            message = (
                f"supply.yaml's `per_player.ships` has no `{size}`: a player's supply holds "
                f"{_sizes()}"
            )
            hint = f"give `{size}` a count (0 to play without it)"
            where = ("per_player", "ships") if "ships" in per_player else ("per_player",)
            out += _told(content, "E0929", "supply", where, message, hint)
    return out


def _sizes() -> str:
    return ", ".join(SIZES[:-1]) + f" and {SIZES[-1]} ships"


def check_colony_ship(content: Content) -> list[Diagnostic]:
    """E0903 for a colony ship without a common space. 000 "setup": each player "places ...
    an extractor on one of the common resource spaces (grey) on their colony ship token"; a
    ship with none validated, then stopped every game at setup with an internal error."""
    board = content.data("board")
    spaces = _mapping(board, "colony_ship").get("spaces") if isinstance(board, dict) else None
    if not isinstance(spaces, list) or not spaces:
        return []
    if any(isinstance(s, dict) and s.get("resource") == "common" for s in spaces):
        return []
    message = (
        "the colony ship has no common space: setup puts each player's first extractor on one "
        '(000 "setup")'
    )
    hint = "give the colony ship a space with `resource: common`"
    return _told(content, "E0903", "board", ("colony_ship", "spaces"), message, hint)


def check_starting_ships(content: Content) -> list[Diagnostic]:
    """E0928 for starting ships past a player's supply: setup takes each from the supply
    (``setup._place_start_pieces``), so `starting_ships: {large: 4}` with 2 large ships in
    the supply placed 2, silently."""
    supply = content.data("supply")
    if not isinstance(supply, dict):
        return []
    per_player = _mapping(supply, "per_player")
    pieces, starting = _mapping(per_player, "ships"), _mapping(per_player, "starting_ships")
    out = []
    for size, count in starting.items():
        have = pieces.get(size, 0)
        if type(count) is int and type(have) is int and count > have:
            message = (
                f"each player starts with {count} {size} ships, but a player's supply holds "
                f"{have} (`per_player.ships.{size}`): {count - have} would never be placed"
            )
            hint = f"start with at most {have}, or give the supply more"
            where = ("per_player", "starting_ships", size)
            out += _told(content, "E0928", "supply", where, message, hint, key=False)
    return out


def _over_supply(
    content: Content, where: tuple[str | int, ...], groups: Any, pieces: dict[str, Any]
) -> list[Diagnostic]:
    """E0928 for each ship size the groups ask more of than the Lumos' supply holds."""
    asked: dict[str, int] = {}
    for group in groups if isinstance(groups, list) else []:
        ships = group.get("ships") if isinstance(group, dict) else None
        for size, count in (ships or {}).items():
            asked[size] = asked.get(size, 0) + (count if type(count) is int else 0)
    out = []
    for size, count in asked.items():
        have = pieces.get(size, 0)
        if type(have) is int and count > have:
            message = (
                f"the 2-player setup places {count} {size} Lumos ships, but the Lumos have "
                f"{have} (a player's supply, supply.yaml `per_player.ships.{size}`): "
                f"{count - have} would never be placed"
            )
            hint = f"place at most {have} {size} Lumos ships in all"
            out += _told(content, "E0928", "setups", where, message, hint)
    return out


def _mapping(data: dict[str, Any], key: str) -> dict[str, Any]:
    """``data[key]`` when it is a mapping, else an empty one (a refused value)."""
    found = data.get(key)
    return found if isinstance(found, dict) else {}


def _told(
    content: Content,
    code: str,
    kind: str,
    where: tuple[str | int, ...],
    message: str,
    hint: str,
    key: bool = True,
) -> list[Diagnostic]:
    """The error ``code`` at ``where`` in the ``kind`` file (its key, or its value when not
    ``key``); none when the file does not hold it (a refused value, told already)."""
    span = content.span(kind, where, key=key)
    return [] if span is None else [error(code, message, span, hint)]
