"""How much a card or a position is worth to a player: the strong agents' game knowledge.

Everything here reads content data (a card's compiled program, the pack's rules and ship
stats) or a player's view of the state, never card ids, so a modder's new tech is valued from
what it does (issue 8: "a new tech in a mod pack is valued from its effect"). The numbers are
a rough exchange rate in light: common 1/4, uncommon 1/2, rare 1. That is twice what the
Trade action pays (000 "Action Card #4 - trade": 2 common for 1 uncommon, 2 uncommon for 1
rare, 2 rare for 1 light, so a rare traded is half a light), because resources spent on techs,
ships and extractors earn more than trading them for light does; a permanent +1 to a stat is
worth 1.5 light over a game. They only have to rank options sensibly; docs/simulate.md says so.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from whitedwarf.interpreter.lastlight import effects
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.records import State

#: Light-equivalent of one unit of each thing a ``gain`` can give.
UNIT_VALUE = {"light": 1.0, "common": 0.25, "uncommon": 0.5, "rare": 1.0}
#: A permanent +1 to a stat, in light over a game (an unknown stat is still worth something).
STAT_VALUE = 1.5
#: How often a trigger's hook fires over a game, relative to "once".
HOOK_FREQUENCY = {
    "round_start": 8.0,
    "round_end": 8.0,
    "rotation": 3.0,
    "game_start": 1.0,
}
#: Hooks not listed above fire around this often (the player's own actions and combat).
DEFAULT_FREQUENCY = 3.0
#: Other verbs a card can use are worth this much each time they run (they do something).
OTHER_VERB_VALUE = 0.3
#: Verbs that cost the owner rather than help (a price paid for the effect).
COSTLY_VERBS = {"pay": -0.3, "discard": -0.5, "exhaust": 0.0}


def card_value(card: dict[str, Any]) -> float:
    """A card's worth in light over a game, from its compiled clauses."""
    total = 0.0
    for clause in card.get("compiled", {}).get("clauses", []):
        total += clause_value(clause)
    return total


def clause_value(clause: dict[str, Any]) -> float:
    """One compiled clause's worth: what its calls give, times how often it runs."""
    form = clause.get("form")
    if form == "modifier":
        return STAT_VALUE * max(-3, min(3, int(clause.get("amount", 0) or 0)))
    if form == "grant":
        return STAT_VALUE
    gained = sum(call_value(call) for call in _calls(clause.get("code", [])))
    if form == "trigger":
        return gained * HOOK_FREQUENCY.get(str(clause.get("hook")), DEFAULT_FREQUENCY)
    if form == "activated":
        return gained * DEFAULT_FREQUENCY
    return gained


def call_value(call: list[Any]) -> float:
    """The worth of one ``["call", verb, args]`` instruction, once."""
    verb, args = call[1], call[2] if len(call) > 2 else []
    if verb == "gain":
        return sum(_amount(a) * UNIT_VALUE.get(str(a.get("unit")), 0.3) for a in _dicts(args))
    return COSTLY_VERBS.get(verb, OTHER_VERB_VALUE)


def _calls(code: Any) -> Iterable[list[Any]]:
    """Every call instruction in a compiled program, however nested."""
    if isinstance(code, list):
        if len(code) >= 2 and code[0] == "call" and isinstance(code[1], str):
            yield code
        for item in code:
            yield from _calls(item)
    elif isinstance(code, dict):
        for item in code.values():
            yield from _calls(item)


def _dicts(args: Any) -> list[dict[str, Any]]:
    return [a for a in args if isinstance(a, dict)] if isinstance(args, list) else []


def _amount(arg: dict[str, Any]) -> float:
    """A literal amount (``["num", n]``); an amount computed in play counts as 1."""
    amount = arg.get("amount")
    if isinstance(amount, list) and len(amount) == 2 and amount[0] == "num":
        return float(min(max(int(amount[1]), 0), 20))
    return 1.0


def ref_value(state: State, ref: str) -> float:
    """The worth of a card instance (``"warp_drive#2"``) of the state's content.

    Memoised in the content's runtime tables, so it goes with its content (and
    ``Runtime.forget``) like every other memo of the engine.
    """
    tables = runtime(state)
    key = ref.split("#", 1)[0]
    value = tables.card_values.get(key)
    if value is None:
        tables.card(ref)  # an unknown card is a KeyError, as for every card lookup
        compiled = effects.card_effect(tables, key)  # compiled by the loader, or from its text
        value = tables.card_values[key] = card_value({"compiled": compiled})
    return value


def cost_in_light(cost: dict[str, int]) -> float:
    """What a cost in resources is worth in light."""
    return sum(UNIT_VALUE.get(unit, 0.3) * n for unit, n in cost.items())


def resources_value(res: dict[str, int]) -> float:
    """A player's resources in light."""
    return cost_in_light(res)


def position_value(view: State, seat: int) -> float:
    """A player's standing in light: what they have plus what their board will pay."""
    player = view["players"][seat]
    value = float(player["light"]) + resources_value(player["res"])
    value += sum(ref_value(view, t["ref"]) * 0.5 for t in player["techs"])
    value += 0.6 * sum(1 for s in view["ships"].values() if s["owner"] == seat)
    value += 1.2 * sum(1 for x in view["extractors"].values() if x["owner"] == seat)
    return value


def advantage(view: State, seat: int) -> float:
    """``seat``'s position value less the best other player's (positive when ahead)."""
    mine = position_value(view, seat)
    others = [position_value(view, s) for s in range(view["n"]) if s != seat]
    return mine - max(others, default=0.0)


# -- one run of a program: is using an ability, or answering "yes" to a "may", worth it? ------

#: Exhausting a card: it cannot be exhausted again until a Refresh (000 "Civilization
#: technology cards"), a small price.
EXHAUST_COST = 0.25
#: ``add N to <stat>`` lasts one action (a temporary modifier): a third of a permanent +1.
ADD_VALUE = STAT_VALUE / DEFAULT_FREQUENCY
#: Share of a tech's game-long worth still to come once it is in play (as in position_value).
IN_PLAY_SHARE = 0.5
#: What losing a tech in play costs at least: it was paid for, and it counts as a tech.
TECH_FLOOR = 0.5


def run_value(view: State, seat: int, code: list[Any], card: str | None = None) -> float:
    """The net worth in light of running ``code`` once for ``seat``: what its calls give
    less what they cost (``pay``, ``exhaust``, ``discard``), read from the compiled program
    so a modder's ability is weighed on what it does. ``card`` is the card it runs on (a
    discard is priced at the cheapest other tech the seat could give up)."""
    total = 0.0
    for call in _calls(code):
        total += _once(view, seat, call, card)
    return total


def _once(view: State, seat: int, call: list[Any], card: str | None) -> float:
    verb, args = call[1], call[2] if len(call) > 2 else []
    if verb in ("gain", "steal", "pay"):
        amounts = [a for a in _dicts(args) if "unit" in a]
        worth = call_value(["call", "gain", amounts])
        return -worth if verb == "pay" else worth
    if verb == "exhaust":
        return -EXHAUST_COST
    if verb == "add":
        return ADD_VALUE * sum(_num(a.get("num")) for a in _dicts(args) if "num" in a)
    if verb == "discard":
        return -_cheapest_tech(view, seat, card)
    return OTHER_VERB_VALUE


def _num(expr: Any) -> float:
    return _amount({"amount": expr})


def _cheapest_tech(view: State, seat: int, card: str | None) -> float:
    """What giving up the seat's least valuable tech in play (other than ``card``) costs."""
    worths = [ref_value(view, t["ref"]) for t in view["players"][seat]["techs"] if t["ref"] != card]
    return TECH_FLOOR + IN_PLAY_SHARE * max(0.0, min(worths, default=0.0))
