"""Starbot turns (003 "Starbot Play"): one card a turn, no decisions.

On each Starbot turn the engine turns up the top Starbot card and does four things: takes the
action shown, scores the night points shown, adds a marker to the accolade place shown (five
of its markers win that accolade), and discards the card. The Card Almanac's "Starbot
Actions" are not in the seeds; the engine's reading (SL20):

* the Starbot's marker moves clockwise to the next space with that action (so it makes live
  players pay the occupation surcharge there), at no cost;
* Gain Cores discards the first Core of the pool; Gain Long / Short Rays returns the first two
  rays of that pool to their bag; Gain Flares puts the cheapest Flare on the bottom of the
  deck (pools refill when its turn ends, as after any turn);
* Launch places its marker in an open slot of one of that space's constellations, the
  smallest size first, then the order of the sky file (a launched star for the tiebreakers
  and its end-of-game points); no privilege, magnitude or aspect is recorded;
* Refresh shuffles the Starbot discards, this card included, back into the deck.

An empty deck is rebuilt from the discards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from whitedwarf.interpreter import rng
from whitedwarf.interpreter.starlight import events, goals, reactions, stars
from whitedwarf.interpreter.starlight.content import MAGNITUDES
from whitedwarf.interpreter.starlight.state import State, gain_night, player

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

RAYS_TAKEN = 2  # SL20: a Starbot's Gain Rays takes two rays out of the pool


def draw(state: State) -> str | None:
    """The top Starbot card (the discards are shuffled in first when the deck is empty)."""
    if not state["starbot_deck"]:
        state["starbot_deck"], state["starbot_discard"] = state["starbot_discard"], []
        rng.shuffle(state, state["starbot_deck"])
    return str(state["starbot_deck"].pop(0)) if state["starbot_deck"] else None


def play_turn(game: Game, state: State, seat: int) -> None:
    """The four steps of a Starbot turn."""
    card_id = draw(state)
    if card_id is None:
        return
    card = game.content.cards["starbots"][card_id]
    state["last_starbot_card"] = card_id
    events.emit(state, "starbot", seat, card=card_id, action=card["action"])
    _act(game, state, seat, card["action"])
    gain_night(state, seat, int(card["night_points"]), "starbot")
    if card.get("accolade") is not None:
        goals.mark_accolade(state, seat, int(card["accolade"]))
    if card["action"] == "refresh":
        state["starbot_deck"] += state["starbot_discard"] + [card_id]
        state["starbot_discard"] = []
        rng.shuffle(state, state["starbot_deck"])
    else:
        state["starbot_discard"].append(card_id)


def _act(game: Game, state: State, seat: int, action: str) -> None:
    if action == "refresh":
        return
    p = player(state, seat)
    p["marker"] = _next_space(game, p["marker"], action)
    pools = state["pools"]
    if action == "gain_cores" and pools["cores"]:
        state["core_discard"].append(pools["cores"].pop(0))
    elif action in ("gain_long_rays", "gain_short_rays"):
        size = action.split("_")[1]
        taken, pools[size] = pools[size][:RAYS_TAKEN], pools[size][RAYS_TAKEN:]
        state["bags"][size].extend(taken)
    elif action == "gain_flares":
        places = [i for i, f in enumerate(pools["flares"]) if f is not None]
        if places:
            state["flare_deck"].append(pools["flares"][places[0]])
            pools["flares"][places[0]] = None
    elif action == "launch":
        space = game.content.spaces[p["marker"]]  # type: ignore[index]  # moved: on the rondel
        _launch(game, state, seat, space.get("constellations", []))


def _next_space(game: Game, marker: int | None, action: str) -> int:
    spaces = game.content.spaces
    start = -1 if marker is None else marker
    for step in range(1, len(spaces) + 1):
        index = (start + step) % len(spaces)
        if spaces[index]["action"] == action:
            return index
    return 0 if marker is None else marker


def _launch(game: Game, state: State, seat: int, constellations: list[str]) -> None:
    open_ = stars.open_slots(game, state, constellations)
    order = list(MAGNITUDES)
    open_.sort(key=lambda s: order.index(game.content.slots[s].size))
    if open_:
        state["slots"][open_[0]] = seat
        player(state, seat)["stars"].append(open_[0])
        reactions.launched(game, state, seat, open_[0])  # live gods may react (SL148)
