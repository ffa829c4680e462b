"""The round flow: round start (the hand rule), end of round, rotation and the game end.

000 "end of round": "A game round ends after every player has resolved their played action
card. During the end of round phase, check to see if the board needs to be rotated and if the
game ends. If the game continues, the start player token passes clockwise to the next player."
000 "Board Rotation": "If all players have their Refresh card on the table, rotation occurs"
(inner ring 90, outer ring 45 degrees: the board module), "each player collects 1 light ...
for each ship they have in the center sector", "the first player token is passed" (the same
pass as above, read as one pass per round: docs/rules-decisions.md). 001 "4. Gameplay Flow":
"All players pick up their Refresh cards." 002: 2 more Lumos ships join at each rotation.
000 "Game End": "If any player has 20+ light, the game ends. The player with the most light
wins ... the tied player with the most Technology cards in play ... the most resources".

Task ``round_flow`` (seat ``None``) steps: ``round_end`` -> ``rotate`` -> ``game_end`` ->
``start`` (the next round: the hand rule, ``round_start``, then the secret action choice).
When the game ends, ``game_end`` fires the ``game_end`` hook (end-of-game scoring) and the
task waits at ``decide`` for those effects to resolve before the winner is decided
(docs/rules-decisions.md E126).
"""

from __future__ import annotations

from whitedwarf.interpreter import card_uses
from whitedwarf.interpreter.lastlight import events, lasting, lumos
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.decisions import (
    Handler,
    no_choice,
    no_options,
    task,
)
from whitedwarf.interpreter.lastlight.fleet import by_sector
from whitedwarf.interpreter.lastlight.hooks import check_achievements, fire, fire_each
from whitedwarf.interpreter.lastlight.records import Reason, Result, State, Task
from whitedwarf.interpreter.lastlight.state import (
    end_turn_marks,
    gain,
    next_round,
    pick_up_played,
    rotate_board,
    take_back,
    turn_order,
)
from whitedwarf.interpreter.lastlight.stats import stat


def end_task() -> Task:
    """The end-of-round flow, started when the last card of the round has resolved."""
    return task("round_flow", None, "round_end")


def start_task() -> Task:
    """The start of the first round (after setup)."""
    return task("round_flow", None, "start")


def all_refreshed(state: State) -> bool:
    """000 "Board Rotation": every player has their Refresh card on the table."""
    return all("refresh" in p["played"] for p in state["players"])


def rotate(state: State) -> None:
    """Turn the rings, pay centre light, reinforce the Lumos, return the Refresh cards."""
    rotate_board(state)
    if events.ON:
        events.emit(state, "rotation", None, rotation=state["rotation"])
    order = turn_order(state)
    fire_each(state, "rotation", order)
    centre = runtime(state).board.centre
    # The owners of the ships in the centre (from the ships by sector, not one pass per player).
    owners = [s["owner"] for s in by_sector(state).get(centre, ())]
    for seat in order:
        ships = owners.count(seat)
        if ships and gain(
            state, seat, "light", ships * stat(state, seat, "centre_light"), "centre"
        ):
            fire(state, "centre_light_harvested", seat, {"sector": centre})
    lumos.reinforce(state)
    for player in state["players"]:
        take_back(state, player["seat"], "refresh")


def ranking_key(state: State, seat: int) -> tuple[int, int, int]:
    """000 "Game End": light, then techs in play, then resources."""
    player = state["players"][seat]
    return player["light"], len(player["techs"]), sum(player["res"].values())


def finish_game(state: State, reason: Reason) -> None:
    """Decide the winners; players still tied after both tiebreakers share the win."""
    keys = [ranking_key(state, s) for s in range(state["n"])]
    best = max(keys)
    winners = [s for s, k in enumerate(keys) if k == best]
    by_light = [s for s, k in enumerate(keys) if k[0] == best[0]]
    tiebreak = "light"
    if len(by_light) > 1:
        by_techs = [s for s in by_light if keys[s][1] == best[1]]
        tiebreak = "techs" if len(by_techs) == 1 else "resources" if len(winners) == 1 else "shared"
    result: Result = {
        "winners": winners,
        "light": [p["light"] for p in state["players"]],
        "reason": reason,
        "tiebreak": tiebreak,
    }
    state["result"] = result
    state["phase"] = "over"
    if events.ON:
        events.emit(state, "game_end", None, **result)


def hand_rule(state: State) -> None:
    """000: "If—at the start of a round—you have no action cards in your hand, pick up all
    your action cards except Refresh."
    """
    for player in state["players"]:
        if not player["hand"]:
            pick_up_played(state, player["seat"])


def _run(state: State, t: Task) -> None:
    """Run the round flow's steps on, one after the other, each step that can change what an
    achievement's condition reads followed by the achievement check (000 "Planetary
    Achievement": "Play immediately when ..."; docs/rules-decisions.md E17), until the flow
    is over, a hook's effect or a played achievement waits for a decision (a frame), or
    another task is on top. ``game.advance`` would run each step next with nothing between
    but that check: run here, the flow is one round trip of the engine loop, not four, and
    ``game.advance`` makes no check after it (``game.SELF_CHECKED``)."""
    stack, frames = state["stack"], state["frames"]
    while True:
        pc = t["pc"]
        STEPS[pc](state, t)
        if pc in CHECKED:
            check_achievements(state)
        if frames or t["pc"] == "done" or not stack or stack[-1] is not t:
            return


def _round_end(state: State, t: Task) -> None:
    fire_each(state, "round_end", turn_order(state))
    end_turn_marks(state)
    t["pc"] = "rotate"


def _rotate(state: State, t: Task) -> None:
    # The round is over once its `round_end` effects have run (docs/rules-decisions.md
    # "Use limits and durations"): `once per round` counts start afresh, and durations
    # `until the end of the round` end.
    card_uses.reset(state, "round")
    lasting.end(state, "round")
    if all_refreshed(state):
        rotate(state)
    t["pc"] = "game_end"


def _decide(state: State, t: Task) -> None:
    finish_game(state, t["reason"])
    t["pc"] = "done"


def _start(state: State, t: Task) -> None:
    state["phase"] = "choose"
    hand_rule(state)
    fire_each(state, "round_start", turn_order(state))
    t["pc"] = "done"


def _game_end(state: State, t: Task) -> None:
    """000 "Game End", or the engine's round limit; else the first player token passes.

    A game that ends fires ``game_end`` for each seat in turn order, and the winner is decided
    once those effects (which may ask their owners) have resolved (E126).
    """
    target = int(runtime(state).rules.get("game_end_light", 20))
    if any(p["light"] >= target for p in state["players"]):
        _ending(state, t, "light")
    elif state["round"] >= state["round_limit"]:
        _ending(state, t, "round limit")
    else:
        next_round(state)
        t["pc"] = "start"


def _ending(state: State, t: Task, reason: Reason) -> None:
    """The game is over: end-of-game effects now, the winner at the task's next step."""
    t["reason"], t["pc"] = reason, "decide"
    fire_each(state, "game_end", turn_order(state))


#: The round flow's steps by name.
STEPS = {
    "round_end": _round_end,
    "rotate": _rotate,
    "game_end": _game_end,
    "decide": _decide,
    "start": _start,
}
#: The steps followed by the achievement check (E17): all but the round end, which only
#: fires hooks (whose effects' verbs are checked themselves) and clears the ships' per-turn
#: marks (fought, moved), which no word of the effect language reads.
CHECKED = frozenset(("rotate", "game_end", "decide", "start"))

#: What runs the ``round_flow`` task (``game.HANDLERS``).
HANDLER = Handler(_run, no_options, no_choice)
