"""Turns on the rondel: AP, moving, taking actions, saving AP and refilling the pools.

003 "Basics of Play": players take turns clockwise from the Start Player. 003 "Using the
Rondel" and "Action Points": each turn gives 5 AP (6 with +1 Action Point) plus the saved AP;
each step clockwise costs 1 AP; the action of the space stepped onto may be taken (once per
visit, never without moving first), paying the occupation surcharge (1 AP however many other
markers are there). The turn ends when the player says so; up to 5 AP are saved, the rest
lost, and every pool is refilled. 003 "Your First Turn": the marker is placed on any space,
that action only, with 2 AP and no surcharge. 003 "Your Last Turn": a special final launch,
anywhere, for 1 AP; a player who cannot assemble a complete star forfeits the turn.

The work of a turn that follows an effect (a god's trigger may ask its owner) is queued in
``state["todo"]`` so that a decision can come in between and the state stays plain data.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from whitedwarf.interpreter import card_uses
from whitedwarf.interpreter.starlight import (
    actions,
    ending,
    events,
    goals,
    gods,
    lasting,
    launch,
    reactions,
    starbots,
    supply,
)
from whitedwarf.interpreter.starlight.narrate import words
from whitedwarf.interpreter.starlight.state import State, has_privilege, player
from whitedwarf.interpreter.state import IllegalOption, Option

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

END = Option("end", "end your turn (save what AP you may)")
#: ``end`` in a last turn still without a complete star (SL160).
FORFEIT = Option("end", "forfeit your last turn: no complete star to launch")
#: Steps one turn may take (SL18): two laps of the rondel. A turn has at most 11 AP, so the
#: bound only matters when a god makes steps free; it keeps every turn finite.
MAX_STEPS = 14


def begin_turn(game: Game, state: State) -> None:
    """The start of the turn of ``state["turn"]``."""
    seat = state["turn"]
    card_uses.reset(state, "turn")  # `once per turn` counts afresh, any seat's (issue 29)
    p = player(state, seat)
    p["moved"] = p["visit_done"] = False
    last = ending.is_last_round(state)
    state["turn_state"] = {"seat": seat, "first": p["marker"] is None, "last": last,
                           "final_done": False, "forfeit": False}  # fmt: skip
    if p["kind"] == "starbot":
        starbots.play_turn(game, state, seat)
        state["todo"].append("finish_turn")
        return
    if last and not launch.can_start(game, state, seat, None):
        if actions.boon_options(p):
            # SL160: a Flare's boon is no action and may bring the Core or rays the star
            # lacks; the turn begins (``assembled``) only once a star can be assembled.
            state["turn_state"]["assembling"] = True  # type: ignore[index]  # set above
            return
        _forfeit(state, seat)
        state["todo"].append("finish_turn")
        return
    _start_live_turn(game, state, seat)


def _start_live_turn(game: Game, state: State, seat: int) -> None:
    """A live turn's AP (5, 6 with +1 Action Point, the saved AP) and its god's start."""
    p = player(state, seat)
    p["turns"] += 1
    # SL110: a turn begins after every action before it, so a privilege gained in an earlier
    # turn works from this turn's start (003 "+1 Action Point": "at the start of each
    # subsequent turn"), even when no other seat took an action in between.
    state["actions"] += 1
    # SL155: AP a power gave the seat since its last turn ended (an opponent's flush heard,
    # `when an opponent flushes a pool -> gain 1 ap`) waits for this turn, not lost.
    between = p.pop("ap_waiting", 0)
    if p["marker"] is None:
        p["ap"] = max(0, game.stat(state, seat, "first_turn_ap")) + p["saved"] + between
    else:
        extra = 1 if has_privilege(state, seat, "extra_action_point") else 0
        p["ap"] = max(0, game.stat(state, seat, "ap_per_turn")) + extra + p["saved"] + between
    turn = state["turn_state"]
    assert turn is not None  # a live turn has begun (``begin_turn``)
    turn["saved_ap"] = p["saved"]  # what the Saved AP box brought (saved_ap)
    p["saved"] = 0
    turn["ap_received"] = p["ap"]
    if between:  # of which waited since the last turn (SL155); only in a game where some did
        turn["ap_waited"] = between
    if events.ON:
        events.emit(state, "turn", seat, ap=p["ap"], last=turn["last"])
    gods.fire(game, state, seat, "turn_start")


def assembled(game: Game, state: State) -> None:
    """After a boon used at the start of a last turn without a star (SL160): once a complete
    star can be assembled, the turn begins as any last turn; until then only boons remain."""
    seat = state["turn"]
    turn = state["turn_state"]
    assert turn is not None  # a last turn waiting for its star (``begin_turn``)
    if turn.get("assembling") and launch.can_start(game, state, seat, None):
        turn["assembling"] = False
        p = player(state, seat)
        boons_gave = p["ap"]  # a boon's AP (Full Scale) before the turn's own
        _start_live_turn(game, state, seat)
        p["ap"] += boons_gave


def _forfeit(state: State, seat: int) -> None:
    """003 "Your Last Turn": "If you cannot assemble a completed star, your last turn is
    forfeit"."""
    state["turn_state"]["forfeit"] = True  # type: ignore[index]  # a live turn has begun
    events.emit(state, "forfeit", seat)


def end_turn(game: Game, state: State) -> None:
    """The player ends the turn: the god's turn-end powers, then the rest."""
    gods.fire(game, state, state["turn"], "turn_end")
    state["todo"].append("finish_turn")


def finish_turn(game: Game, state: State) -> None:
    """Save AP, refill the pools, check accolades, pass the turn (or end the game)."""
    seat = state["turn"]
    p = player(state, seat)
    p["saved"] = min(p["ap"], max(0, game.stat(state, seat, "saved_ap_max")))
    p["ap"] = 0
    supply.refill_all(game, state)
    goals.check_accolades(game, state, seat)
    state["turn_state"] = None
    # The turn is over after its `turn_end` powers (docs/rules-decisions.md "Use limits and
    # durations"): its durations end; the round's with its last turn (issue 29).
    lasting.end(state, "turn")
    if state["turn"] + 1 >= state["n"]:
        lasting.end(state, "round")
        card_uses.reset(state, "round")
    state["turn"] += 1
    if state["turn"] < state["n"]:
        state["todo"].append("begin_turn")
        return
    if ending.is_last_round(state):
        _game_over(game, state, "score_daybreak")
    elif _past_round_limit(game, state):
        _game_over(game, state, "score_round_limit")
    else:
        state["round"] += 1
        state["turn"] = 0
        state["todo"].append("begin_turn")


def _game_over(game: Game, state: State, scoring: str) -> None:
    """The last turn is over: each live seat's god hears ``game_end`` in seat order, and
    final scoring (the todo step ``scoring``) waits for those effects (SL144)."""
    for p in state["players"]:
        if p["kind"] == "live":
            gods.fire(game, state, p["seat"], "game_end")
    state["todo"].append(scoring)


def score_daybreak(game: Game, state: State) -> None:
    """003 "Scoring" after daybreak's last round."""
    ending.finish(game, state, "daybreak")


def score_round_limit(game: Game, state: State) -> None:
    """Final scoring of a game stopped at the round limit (SL17, SL114)."""
    ending.finish(game, state, "round limit")


def _past_round_limit(game: Game, state: State) -> bool:
    """SL17 stops a game that never reaches daybreak (after it, 003's one more round is
    played); the player's own limit (``--round-limit``, SL114) is a cut-off, daybreak or not."""
    if state["round"] >= ending.ROUND_LIMIT and state["daybreak"] is None:
        return True
    return game.round_limit is not None and state["round"] >= game.round_limit


def surcharge(game: Game, state: State, seat: int, space: int) -> int:
    """003 "occupation surcharge": 1 AP if any other marker is on the space."""
    if game.flag(state, seat, "ignore_surcharge"):
        return 0
    # a loop, not any() of a generator: asked at every decision between actions after a move
    for q in state["players"]:
        if q["marker"] == space and q["seat"] != seat:
            return max(0, game.stat(state, seat, "surcharge"))
    return 0


def reach(game: Game, state: State, seat: int, space: int) -> list[str]:
    """The constellations a launch from ``space`` reaches."""
    if game.flag(state, seat, "launch_anywhere"):
        return list(game.content.constellations)
    return list(game.content.spaces[space].get("constellations", []))


def can_act(game: Game, state: State, seat: int) -> bool:
    """Whether the action of the space the marker is on may be taken now."""
    p = player(state, seat)
    if not p["moved"] or p["visit_done"]:
        return False
    space = p["marker"]
    assert space is not None  # moved: the marker is on the rondel
    kind = game.content.spaces[space]["action"]
    extra = surcharge(game, state, seat, space)
    if kind == "launch":
        cost = game.stat(state, seat, "launch_cost") + extra
        return p["ap"] >= cost and launch.can_start(
            game, state, seat, reach(game, state, seat, space)
        )
    return p["ap"] >= extra and actions.possible(game, state, seat, kind, p["ap"] - extra)


def options(game: Game, state: State, seat: int) -> list[Option]:
    """The options between actions."""
    p = player(state, seat)
    spaces = game.content.spaces
    turn = state["turn_state"]
    assert turn is not None  # between actions of a live turn
    if turn.get("assembling"):
        # SL160, 003 "Your Last Turn": "If you cannot assemble a completed star, your last
        # turn is forfeit ... Do not take any actions or move your marker on the rondel";
        # 003 "Actions": a Flare's boon may be used "in addition to your movements and
        # actions", so it may still complete the star; `end` forfeits the turn.
        return [*actions.boon_options(p), FORFEIT]
    if turn["first"]:
        # 003 "Your First Turn": the first-turn AP are spent on the one action, so a launch
        # whose cost is more than they are is not offered (docs/rules-decisions.md SL141).
        launch_paid = p["ap"] >= game.stat(state, seat, "launch_cost")
        return [Option(f"place:{i}", f"place your marker on {words(s['id'])} and take its action")
                for i, s in enumerate(spaces)
                if launch_paid or s["action"] != "launch"] or [END]  # fmt: skip
    out: list[Option] = []
    step = game.stat(state, seat, "step_cost")
    marker = p["marker"]
    assert marker is not None  # placed in the first turn
    if p["ap"] >= step and turn.get("steps", 0) < MAX_STEPS:
        nxt = spaces[(marker + 1) % len(spaces)]["id"]
        out.append(_step_option(nxt, step))
    if can_act(game, state, seat):
        out.append(_act_option(spaces[marker]["id"]))
    if final_open(game, state, seat):
        out.append(Option("final", "the final launch: any constellation, 1 AP"))
    out += actions.boon_options(p)
    return [*out, END]


# The options between actions, made once per space (and cost): asked at most decisions.


@lru_cache(maxsize=1024)
def _step_option(space: str, cost: int) -> Option:
    return Option("step", f"move one step to {words(space)} ({cost} AP)")


@lru_cache(maxsize=1024)
def _act_option(space: str) -> Option:
    return Option("act", f"take the action of {words(space)}")


def final_open(game: Game, state: State, seat: int) -> bool:
    """003 "Your Last Turn": the final launch, once, with the AP for it and a star to make."""
    turn = state["turn_state"]
    assert turn is not None  # between actions of a live turn
    if not turn["last"] or turn["final_done"]:
        return False
    paid = player(state, seat)["ap"] >= game.stat(state, seat, "launch_cost")
    return paid and launch.can_start(game, state, seat, None)


def choose(game: Game, state: State, seat: int, option_id: str) -> None:
    """Apply an option between actions."""
    p = player(state, seat)
    verb, _, what = option_id.partition(":")
    spaces = game.content.spaces
    turn = state["turn_state"]
    if verb == "place":
        p["marker"] = int(what)
        p["moved"] = True
        start_action(game, state, seat, surcharge_paid=0)
    elif verb == "step":
        p["ap"] -= game.stat(state, seat, "step_cost")
        assert turn is not None  # a step between actions of a live turn
        turn["steps"] = turn.get("steps", 0) + 1
        marker = p["marker"]
        assert marker is not None  # a step moves a marker on the rondel
        p["marker"] = marker = (marker + 1) % len(spaces)
        p["moved"], p["visit_done"] = True, False
        if events.ON:  # (a step is a third of a game's decisions: no event built unheard)
            events.emit(state, "step", seat, space=spaces[marker]["id"])
    elif verb == "act":
        start_action(game, state, seat, surcharge(game, state, seat, p["marker"]))  # type: ignore[arg-type]
    elif verb == "final":
        assert turn is not None  # the final launch of a live turn
        turn["final_done"] = True
        state["actions"] += 1
        launch.begin(state, seat, list(game.content.constellations), 0, final=True)
    elif verb == "boon":
        actions.use_boon(game, state, seat, what)  # 003 "Flares": the green box
        if turn is not None and turn.get("assembling"):
            state["todo"].append("assembled")  # once the boon is over (SL160)
    elif verb == "end":
        if turn is not None and turn.get("assembling"):
            _forfeit(state, seat)  # SL160: no boon completed a star; the turn never began
            state["todo"].append("finish_turn")
        else:
            state["todo"].append("end_turn")
    else:
        raise IllegalOption(f"player {seat} cannot choose {option_id!r} now")


def start_action(game: Game, state: State, seat: int, surcharge_paid: int) -> None:
    """Begin the action of the space the marker is on (003 "Actions")."""
    p = player(state, seat)
    p["visit_done"] = True
    state["actions"] += 1
    space = p["marker"]
    assert space is not None  # placed or moved onto a space
    kind = game.content.spaces[space]["action"]
    if events.ON:
        events.emit(state, "action", seat, action=kind, surcharge=surcharge_paid)
    if kind == "launch":
        launch.begin(state, seat, reach(game, state, seat, space), surcharge_paid, final=False)
        return
    p["ap"] -= surcharge_paid
    state["action"] = {"kind": kind, "seat": seat, "taken": 0, "rays_owed": 0}


def action_over(game: Game, state: State) -> None:
    """After an action: accolades may be claimed, the god's powers fire; a first turn and a
    final launch end the turn (003 "Your First Turn", "Your Last Turn")."""
    action = state["action"]
    assert action is not None  # the action that is over
    seat = action["seat"]
    state["action"] = None
    goals.check_accolades(game, state, seat)
    gods.fire(game, state, seat, "action_done")
    turn = state["turn_state"]
    assert turn is not None  # set at every turn's start (``begin_turn``)
    if turn["first"] or action.get("final"):
        state["todo"].append("end_turn")


STEPS = {
    "begin_turn": begin_turn,
    "end_turn": end_turn,
    "finish_turn": finish_turn,
    "assembled": assembled,
    "score_daybreak": score_daybreak,
    "score_round_limit": score_round_limit,
    "react_to_launch": reactions.react_to_launch,  # SL148
}
