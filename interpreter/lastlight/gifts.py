"""What ``simulate --give SEAT:CARD[@ROUND]`` can put in a Last Light seat's play
(``interpreter/simulation/gifts.py``; the engine hands over :data:`GIVER`): a tech (into
play: a civilization tech by the player's board, a ship tech on the first ship type that has
no copy of it), a faction, a hidden planetary achievement (000 "setup" 8). A faction given
from the start is dealt to its seat alone (the ``factions`` option), so its setup happens as
the rules say.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.simulation.gifts import Gift, GiftError, Giver


def _cards(game: Any) -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = game.content.runtime(game.players).cards
    return cards


def _give(game: Any, state: State, seat: int, kind: str, card: str) -> None:
    from whitedwarf.interpreter.lastlight import scenario
    from whitedwarf.interpreter.lastlight.state import SIZES, card_id

    try:
        if kind == "factions":
            scenario.keep(state, seat, faction=card)
        elif kind == "achievements":
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
    kinds=("techs", "factions", "achievements"),
    cards=_cards,
    give=_give,
    not_given={
        "exploration": "an exploration token resolves when a ship reveals its sector "
        "(000 '1. Move'), it is never held",
    },
    setup=setup_options,
)
