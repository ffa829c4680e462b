"""The end of the game: daybreak, the last round, final scoring and the tiebreakers.

003 "End of Game": daybreak comes when any player (live or Starbot) reaches 65 points on the
score track (night points: SL16); that round is finished and one more complete round is
played. 003 "Scoring": day points for alpha stars, laurels (+3 each with the privilege) and
accolades; Starbots score their accolades and points per launched star by difficulty. The
winner has the most points; ties go to the most stars launched, then to stars in the most
constellations, then the tied players share the victory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whitedwarf.interpreter.starlight import events, goals
from whitedwarf.interpreter.starlight.records import Result
from whitedwarf.interpreter.starlight.state import (
    Player,
    State,
    gain_day,
    has_privilege,
    score,
    stars_launched,
)

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

#: Rounds after which a game that never reached daybreak ends anyway (SL17).
ROUND_LIMIT = 60


def is_last_round(state: State) -> bool:
    """Whether this round is the last (003 "Your Last Turn")."""
    return state["last_round"] is not None and state["round"] == state["last_round"]


def finish(game: Game, state: State, reason: str) -> None:
    """Final scoring and the result (003 "Scoring")."""
    state["actions"] += 1  # privileges gained in the very last action count at the end
    for p in state["players"]:
        seat = p["seat"]
        if p["kind"] == "live":
            alpha = sum(1 for s in p["stars"] if game.content.slots[s].size == "large")
            gain_day(p, alpha * game.stat(state, seat, "alpha_day_points"), "alpha")
            met = goals.fulfilled_laurels(game, state, seat)
            p["laurels_met"] = met
            cards = game.content.cards["laurels"]
            gain_day(p, sum(int(cards[laurel]["points"]) for laurel in met), "laurels")
            if has_privilege(state, seat, "laurels_bonus"):
                gain_day(p, len(met) * game.stat(state, seat, "laurel_bonus"), "laurel_bonus")
        else:
            gain_day(p, len(p["stars"]) * game.starbot_star_points(), "starbot_stars")
        accolades = game.content.cards["accolades"]
        gain_day(p, sum(int(accolades[a]["points"]) for a in p["accolades"]), "accolades")
        if events.ON:
            events.note(state, "final_score", seat, **final_score(game, p))
    state["phase"] = "over"
    state["action"] = None
    state["result"] = result = result_of(game, state, reason)
    events.emit(state, "game_end", None, winners=result["winners"], reason=reason,
                tiebreak=result["tiebreak"], points=result["points"])  # fmt: skip


def final_score(game: Game, p: Player) -> dict[str, Any]:
    """What ``p`` scored at the end, by part (003 "Scoring"), read from the finished state:
    ``day`` (the total), ``alpha`` (alpha stars), each laurel with its points and whether it
    was fulfilled, the laurel bonus, the accolades with their points, ``starbot_stars``.
    For the trace (a note) and for ``play --format json``; the state is not changed."""
    day = p["points"]["day"]
    laurels = game.content.cards["laurels"]
    met = p.get("laurels_met") or []
    accolades = game.content.cards["accolades"]
    return {
        "day": p["day"],
        "alpha": sum(1 for s in p["stars"] if game.content.slots[s].size == "large"),
        "alpha_points": day["alpha"],
        "laurels": [
            {"card": card, "points": int(laurels[card]["points"]), "fulfilled": card in met}
            for card in p["laurels"]
        ],
        "laurel_points": day["laurels"],
        "laurel_bonus": day["laurel_bonus"],
        "accolades": [{"card": a, "points": int(accolades[a]["points"])} for a in p["accolades"]],
        "accolade_points": day["accolades"],
        "starbot_stars": day["starbot_stars"],
    }


def result_of(game: Game, state: State, reason: str) -> Result:
    """Winners by points, then stars launched, then constellations (003 "Scoring"); a
    slotless final star is a star launched, in no constellation (SL165)."""
    players = state["players"]
    totals = [score(p) for p in players]
    slots = game.content.slots
    stars = [stars_launched(p) for p in players]
    skies = [len({slots[s].constellation for s in p["stars"]}) for p in players]
    tied = [p["seat"] for p in players if totals[p["seat"]] == max(totals)]
    tiebreak = "points"
    for name, key in (("stars", stars), ("constellations", skies)):
        if len(tied) > 1:
            tiebreak = name
            best = max(key[s] for s in tied)
            tied = [s for s in tied if key[s] == best]
    if len(tied) > 1:
        tiebreak = "shared"
    return {
        "winners": tied,
        "reason": reason,
        "tiebreak": tiebreak,
        "points": totals,
        "night": [p["night"] for p in players],
        "day": [p["day"] for p in players],
        "stars": stars,
        "constellations": skies,
    }
