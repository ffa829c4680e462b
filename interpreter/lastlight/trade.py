"""Action card #4, Trade: two trades, then another player gains 1 light.

000 "Action Card #4 - trade": "Choose 2 of the following actions to perform. You may choose
the same action twice." followed by four lines whose icons are lost in the text: "Gain 1 _",
"Trade 2 _ for 1 _ (or 1 _ for 2 _)" twice, and "Trade 2 _ for 1 _". "After choosing your two
actions, choose 1 other player to gain 1 light from the supply." 001 lists gains of every
resource and conversions but no light; the rulebook wins, read as the table :data:`TRADES`
(docs/rules-decisions.md "Engine rules").

Task ``trade`` fields: ``left`` (trades still to make). Steps: ``trade`` (decision
``trade:<id>``) -> ``gift`` (decision ``gift:<seat>``) -> ``done``.
"""

from __future__ import annotations

from whitedwarf.interpreter.lastlight import limits, modifiers, versions
from whitedwarf.interpreter.lastlight.decisions import (
    Handler,
    IllegalOption,
    Option,
    ask,
    task,
)
from whitedwarf.interpreter.lastlight.hooks import fire
from whitedwarf.interpreter.lastlight.records import State, Task
from whitedwarf.interpreter.lastlight.state import gain, pay
from whitedwarf.interpreter.lastlight.stats import stat

#: id -> (what is paid, what is gained, text). 000 "Action Card #4 - trade".
TRADES: dict[str, tuple[dict[str, int], dict[str, int], str]] = {
    "gain_common": ({}, {"common": 1}, "gain 1 common"),
    "common_to_uncommon": ({"common": 2}, {"uncommon": 1}, "trade 2 common for 1 uncommon"),
    "uncommon_to_common": ({"uncommon": 1}, {"common": 2}, "trade 1 uncommon for 2 common"),
    "uncommon_to_rare": ({"uncommon": 2}, {"rare": 1}, "trade 2 uncommon for 1 rare"),
    "rare_to_uncommon": ({"rare": 1}, {"uncommon": 2}, "trade 1 rare for 2 uncommon"),
    # 000 "OVERVIEW": resources are needed "to purchase technologies, ships, and light";
    # the fourth, one-way line is read as buying light.
    "rare_to_light": ({"rare": 2}, {"light": 1}, "trade 2 rare for 1 light"),
}


def new_task(seat: int) -> Task:
    """The Trade resolution of one player."""
    return task("trade", seat, "start", left=0)


#: TRADES as ``(option, cost items, gained items)``.
_TABLE = tuple(
    (Option(f"trade:{tid}", text), tuple(cost.items()), tuple(got.items()))
    for tid, (cost, got, text) in TRADES.items()
)


def trade_options(state: State, seat: int) -> list[Option]:
    """The trades a player can make now: affordable, and the supply can pay them in full."""
    player, supply = state["players"][seat], state["supply"]
    res, light = player["res"], player["light"]
    out = []
    for option, cost, got in _TABLE:
        for unit, amount in cost:
            if (light if unit == "light" else res[unit]) < amount:
                break
        else:
            for unit, amount in got:
                if supply[unit] < amount:
                    break
            else:
                out.append(option)
    return out


def make_trade(state: State, seat: int, trade_id: str) -> None:
    """Make one trade (also the ``trade`` verb of exploration tokens)."""
    cost, got, _ = TRADES[trade_id]
    pay(state, seat, cost)
    for unit, amount in got.items():
        gain(state, seat, unit, amount, "trade")
    fire(state, "trade_made", seat, {})


def _run(state: State, t: Task) -> None:
    seat, pc = t["seat"], t["pc"]
    if pc == "start":
        t["left"] = stat(state, seat, "trades")
        if t["left"] > limits.MAX_TRADES:
            # Trades can be undone by the reverse trade, so no supply ends them (E21).
            raised = modifiers.stat_sources(state, seat, "trades", None)
            limits.too_many_trades(raised, seat, t["left"])
        # The start and trade steps are quiet (``game.QUIET_STEPS``) and the start fires
        # nothing: ``game.advance`` would run the trade step next, so it runs here.
        t["pc"] = pc = "trade"
    if pc == "trade":
        found = trade_options(state, seat) if t["left"] > 0 else None
        if found:
            versions.remember_asked(state, t, found)  # the decision's list (not worked twice)
            ask(t, seat)
        else:
            t["pc"] = "gift"
    elif pc == "gift":
        others = [s for s in range(state["n"]) if s != seat]
        if len(others) == 1:
            # Only one other player: the rules leave no choice.
            gain(state, others[0], "light", stat(state, seat, "trade_gift"), "trade")
            t["pc"] = "done"
        else:
            ask(t, seat)


def _options(state: State, t: Task) -> list[Option]:
    seat = t["seat"]
    if t["pc"] == "trade":
        kept = versions.asked_options(state, t)
        return list(kept) if kept is not None else trade_options(state, seat)
    key = (state["n"], seat)
    gifts = _GIFTS.get(key)
    if gifts is None:
        gifts = _GIFTS[key] = tuple(
            Option(f"gift:{s}", f"seat {s} gains light") for s in range(key[0]) if s != seat
        )
    return list(gifts)


#: (players, seat) -> the gift options of that seat.
_GIFTS: dict[tuple[int, int], tuple[Option, ...]] = {}


def _choose(state: State, t: Task, option_id: str) -> None:
    seat = t["seat"]
    verb, _, arg = option_id.partition(":")
    t["ask"] = None
    if t["pc"] == "trade" and verb == "trade" and arg in TRADES:
        make_trade(state, seat, arg)
        t["left"] -= 1
    elif t["pc"] == "gift" and verb == "gift" and arg.isdigit() and int(arg) != seat:
        gain(state, int(arg), "light", stat(state, seat, "trade_gift"), "trade")
        t["pc"] = "done"
    else:
        raise IllegalOption(f"trade cannot take {option_id!r} now")


#: What runs the ``trade`` task (``game.HANDLERS``).
HANDLER = Handler(_run, _options, _choose)
