"""What ``simulate --give SEAT:CARD[@ROUND]`` can put in a Last Light seat's play
(``interpreter/simulation/gifts.py``; the engine hands over :data:`GIVER`): a tech (into
play: a civilization tech by the player's board, a ship tech on the first ship type that has
no copy of it), a faction, a hidden planetary achievement (000 "setup" 8), or an exploration
token's effect (resolved for the seat as if it had revealed the token: 000 "1. Move";
docs/rules-decisions.md E135). A faction given from the start is dealt to its seat alone (the
``factions`` option), so its setup happens as the rules say.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.simulation.gifts import Gift, GiftError, Giver


def _cards(game: Any) -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = game.content.runtime(game.players).cards
    return cards


def _give(game: Any, state: State, seat: int, kind: str, card: str) -> None:
    from whitedwarf.interpreter.lastlight import scenario
    from whitedwarf.interpreter.lastlight.state import SIZES, card_id

    try:
        if kind == "exploration":
            _resolve_token(state, seat, card)
        elif kind == "factions":
            _swap(state, seat, "faction", card)
            scenario.keep(state, seat, faction=card)
        elif kind == "achievements":
            _swap(state, seat, "achievement", card)
            scenario.keep(state, seat, achievement=card)
        else:
            player = state["players"][seat]
            if _cards(game)["techs"][card].get("kind") == "civilization":
                ship_type = None
            else:  # the first ship type that has no copy of it yet
                taken = {t["ship_type"] for t in player["techs"] if card_id(t["ref"]) == card}
                ship_type = next((size for size in SIZES if size not in taken), SIZES[0])
            _free_tech(state, card)
            scenario.put_tech(state, seat, card, ship_type=ship_type)
    except scenario.ScenarioError as error:
        raise GiftError(str(error)) from None


def _swap(state: State, seat: int, key: Literal["faction", "achievement"], card: str) -> None:
    """Another seat holding ``card`` (its faction or hidden achievement) keeps ``seat``'s
    instead: the box has one copy of each faction and achievement card (000 "setup" 8), so
    a gift in play swaps them, as Starlight swaps gods."""
    from whitedwarf.interpreter.lastlight import scenario

    own = state["players"][seat][key]
    for player in state["players"]:
        if player["seat"] == seat or player[key] != card:
            continue
        if own is None:  # nothing to hand over: two seats would hold one card
            raise GiftError(f"seat {player['seat']} holds {card} and seat {seat} no {key} to swap")
        if key == "faction":
            scenario.keep(state, player["seat"], faction=own, swapping=seat)
        else:
            scenario.keep(state, player["seat"], achievement=own)


#: The ref of a given token's copy: none of the box's (E135: the board and the box keep theirs).
GIVEN = "given"


def _resolve_token(state: State, seat: int, card: str) -> None:
    """The token's effect, resolved for ``seat`` as if it had just revealed it (000 "1. Move":
    ``token_revealed`` fires, then the token's effect, completely, before anything else).

    Where (E135): where such a token lies, nearest the seat's home sector (fewest moves at
    the board's rotation, ties by sector id): a deep space token in a deep space sector of
    the setup, a planetary one on a planet with no extractor (so that "this planet" is one
    its effect can act on). The board and the box are left as they are: the gift is the
    token's effect alone."""
    from whitedwarf.interpreter.lastlight.content import runtime
    from whitedwarf.interpreter.lastlight.hooks import fire, run_card
    from whitedwarf.interpreter.lastlight.state import extractor_on, home_of

    rt = runtime(state)
    home = home_of(state, seat)
    places: list[tuple[str, str | None]]
    if rt.cards["exploration"][card].get("kind") == "deep_space":
        places = [(sector, None) for sector in rt.layout.deep_space]
    else:
        places = [
            (info["sector"], planet)
            for planet, info in state["planets"].items()
            if extractor_on(state, planet) is None
        ]
    sector, planet = _nearest(state, home, places) or (home, state["sectors"][home]["planet"])
    ref = f"{card}#{GIVEN}"
    context = {"sector": sector, "planet": planet, "card": ref}
    fire(state, "token_revealed", seat, context)
    run_card(state, seat, ref, context)


def _nearest(
    state: State, home: str, places: list[tuple[str, str | None]]
) -> tuple[str, str | None] | None:
    """The place (sector, planet) fewest moves from ``home`` (ties: by sector id), if any."""
    from whitedwarf.interpreter.lastlight.content import runtime

    board = runtime(state).board
    reach = board.reachable(home, len(board.sectors), state["rotation"] % board.rotations_cycle())
    found = sorted((reach[sector], sector, planet or "") for sector, planet in places
                   if sector in reach)  # fmt: skip
    return (found[0][1], found[0][2] or None) if found else None


def _free_tech(state: State, card: str) -> None:
    """A copy of ``card`` back to the deck from another hand when the deck and the discard
    pile hold none (the gift comes first: the seat was to have it whatever the deal)."""
    from whitedwarf.interpreter.lastlight.state import card_id, from_techs_hand, to_deck

    if any(card_id(ref) == card for ref in (*state["deck"], *state["discard"])):
        return
    for player in state["players"]:
        ref = next((r for r in player["techs_hand"] if card_id(r) == card), None)
        if ref is not None:
            from_techs_hand(state, player["seat"], ref)
            to_deck(state, ref)
            return


def setup_options(
    gifts: Sequence[Gift], options: dict[str, Any], cards: dict[str, Any]
) -> tuple[dict[str, Any], list[Gift], list[dict[str, Any]]]:
    """The game options that deal a faction given from the start to its seat alone (its
    ``game_start`` effects then fire as the rules say), the gifts left to apply in play, and
    those the options applied (for the record, at round 0: the setup)."""
    factions = options.get("factions") or []
    if isinstance(factions, str):
        factions = factions.split(",")
    at_setup = [g for g in gifts if g.round == 1 and g.card in cards.get("factions", {})]
    if not at_setup:
        return options, list(gifts), []
    seats = max(len(factions), *(g.seat + 1 for g in at_setup))
    chosen = [(factions[i] if i < len(factions) else "") or "" for i in range(seats)]
    for gift in at_setup:
        chosen[gift.seat] = gift.card
    applied = [{"seat": g.seat, "card": g.card, "kind": "factions", "round": 0} for g in at_setup]
    rest = [g for g in gifts if g not in at_setup]
    return {**options, "factions": ",".join(chosen)}, rest, applied


#: How Last Light gives cards (``GameEngine.giver``).
GIVER = Giver(
    kinds=("techs", "factions", "achievements", "exploration"),
    cards=_cards,
    give=_give,
    setup=setup_options,
)
