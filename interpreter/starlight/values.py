"""What the Starlight values read (vocabulary.py declares them), from one seat's view.

The star being launched counts (003 "Flares": "Include the star you are launching now in
your calculation"): its marker is placed (launch step 4) before its points are scored
(step 5), and :func:`_launching` adds its magnitude and aspect before they are recorded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whitedwarf.interpreter.starlight.records import Action
from whitedwarf.interpreter.starlight.stars import plan_of
from whitedwarf.interpreter.starlight.state import (
    State,
    held_cores,
    player,
    score,
    stars_launched,
)

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game


def _launching(state: State, seat: int) -> Action | None:
    """The launch of ``seat`` whose star is placed (launch step 4 done), if any."""
    action: Action | None = state.get("action")
    if action is None or action.get("kind") != "launch" or action.get("seat") != seat:
        return None
    return action if action.get("placed") else None


def launching_aspect(state: State, seat: int) -> str | None:
    """The aspect of the core ``seat`` is launching (placed, not yet recorded), if any."""
    launching = _launching(state, seat)
    return launching.get("aspect") if launching is not None else None


def value_stars_launched(game: Game, state: State, seat: int) -> int:
    # the stars on the sky board, as the cards say "your stars"; the tiebreak also counts a
    # slotless final star (``state.stars_launched``, SL165)
    return len(player(state, seat)["stars"])


def value_constellations_with_stars(game: Game, state: State, seat: int) -> int:
    stars = player(state, seat)["stars"]
    if not stars:
        return 0  # (an accolade's goal, asked after every action: most seats have none yet)
    slots = game.content.slots
    return len({slots[s].constellation for s in stars})


def value_magnitudes_recorded(game: Game, state: State, seat: int) -> int:
    found = set(player(state, seat)["magnitudes"])
    launching = _launching(state, seat)
    if launching is not None:
        found.add(launching["magnitude"])
    return len(found)


def value_aspects_recorded(game: Game, state: State, seat: int) -> int:
    found = set(player(state, seat)["aspects"])
    launching = _launching(state, seat)
    aspect = launching.get("aspect") if launching is not None else None
    if aspect:
        found.add(aspect)
    return len(found)


def value_privileges(game: Game, state: State, seat: int) -> int:
    return len(player(state, seat)["privileges"])


def _sized(game: Game, state: State, seat: int, size: str) -> int:
    stars = player(state, seat)["stars"]
    if not stars:
        return 0  # (an accolade's goal, asked after every action: most seats have none yet)
    slots = game.content.slots
    return sum(1 for s in stars if slots[s].size == size)


def value_alpha_stars(game: Game, state: State, seat: int) -> int:
    return _sized(game, state, seat, "large")


def value_small_stars(game: Game, state: State, seat: int) -> int:
    return _sized(game, state, seat, "small")


def value_medium_stars(game: Game, state: State, seat: int) -> int:
    return _sized(game, state, seat, "medium")


def value_linked_stars(game: Game, state: State, seat: int) -> int:
    mine = set(player(state, seat)["stars"])
    slots = game.content.slots
    return sum(1 for s in mine if any(other in mine for other in slots[s].links))


def _launched(seat: int, frame: dict[str, Any] | None, key: str) -> int:
    """In a reaction to another player's launch (``opponent_launched``), the star that player
    launched, as the reaction's context keeps it (``reactions.launched``): read as ``<value>
    of the player who launched`` (docs/rules-decisions.md SL171); 0 for anyone else."""
    context = frame.get("context") if frame is not None else None
    if not context or context.get("actor") != seat:
        return 0
    return int(context.get(key, 0))


def value_star_magnitude(
    game: Game, state: State, seat: int, frame: dict[str, Any] | None = None
) -> int:
    launching = _launching(state, seat)
    if launching is None:
        return _launched(seat, frame, "magnitude")
    return int(launching["magnitude"])


def value_star_colours(
    game: Game, state: State, seat: int, frame: dict[str, Any] | None = None
) -> int:
    launching = _launching(state, seat)
    if launching is None:
        return _launched(seat, frame, "colours")
    colours = {ray.partition(":")[0] for ray in launching["rays"]}
    printed = plan_of(game, launching["core"]).printed  # type: ignore[arg-type]  # placed
    if printed:  # 003 "Your Starter Core": the pre-printed ray "counts like a regular ray"
        colours.add(printed)
    return len(colours)


def value_rays_held(game: Game, state: State, seat: int) -> int:
    return len(player(state, seat)["rays"])


def value_long_rays_held(game: Game, state: State, seat: int) -> int:
    return sum(1 for r in player(state, seat)["rays"] if r.endswith(":long"))


def value_short_rays_held(game: Game, state: State, seat: int) -> int:
    return sum(1 for r in player(state, seat)["rays"] if r.endswith(":short"))


def value_cores_held(game: Game, state: State, seat: int) -> int:
    return held_cores(player(state, seat))


def value_flares_held(game: Game, state: State, seat: int) -> int:
    return len(player(state, seat)["flares"])


#: Values that read the frame asking (``Adapter.value`` passes it): which card is running,
#: or the star another player launched (a reaction's context: SL171).
FRAME_VALUES = frozenset({"flares_used", "star_magnitude", "star_colours"})


def value_flares_used(
    game: Game, state: State, seat: int, frame: dict[str, Any] | None = None
) -> int:
    """Flares turned face down, not the one being used (docs/rules-decisions.md SL151: 003
    "Flares": "After using any Flare, keep it but turn it face down"; launch step 9)."""
    used = player(state, seat)["used_flares"]
    card = str(frame["card"]) if frame is not None else ""
    kind, _, flare = card.partition(":")
    if kind in ("flares", "flares.boon") and flare in used:
        return len(used) - 1
    return len(used)


def value_saved_ap(game: Game, state: State, seat: int) -> int:
    """003 "Action Points": the AP in your Saved AP box; during your turn, those it brought
    (the box is emptied into the turn's AP as it starts: ``turn_state["saved_ap"]``)."""
    turn = state.get("turn_state")
    if turn is not None and turn.get("seat") == seat:
        return int(turn.get("saved_ap", 0))
    return int(player(state, seat)["saved"])


def value_night_points(game: Game, state: State, seat: int) -> int:
    return int(player(state, seat)["night"])


def value_opponents_max_night_points(game: Game, state: State, seat: int) -> int:
    """003 "Victory Points": the most night points of the other players, Starbots too (0
    in a game without another player)."""
    return max((int(p["night"]) for p in state["players"] if p["seat"] != seat), default=0)


def value_ap(game: Game, state: State, seat: int) -> int:
    return int(player(state, seat)["ap"])


def value_round(game: Game, state: State, seat: int) -> int:
    return int(state["round"])


def value_players(game: Game, state: State, seat: int) -> int:
    return int(state["n"])


def leader(game: Game, state: State, me: int) -> int | None:
    """``the leader`` (docs/rules-decisions.md SL157): the opponent who would win if the game
    ended now, by the winner's order of 003 "Scoring" ("the player with the most victory
    points is the winner. If there is a tie, ... the most stars ... the most
    constellations"), read from the points scored so far (night points on the score track,
    and any day points a card gave); of opponents still tied, the first after ``me`` in turn
    order (003 "Players take turns in clockwise order"). None without an opponent."""
    players = state["players"]
    n = len(players)
    slots = game.content.slots

    def rank(seat: int) -> tuple[int, int, int]:
        p = players[seat]
        skies = len({slots[s].constellation for s in p["stars"]})
        return score(p), stars_launched(p), skies

    opponents = [(me + step) % n for step in range(1, n)]
    return max(opponents, key=rank) if opponents else None
