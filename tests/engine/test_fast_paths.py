"""The engine's speed-ups give the same answers as the plain rules they stand for.

Option lists are memoised per content (move, trade, play, build options), activated abilities
are found through a per-card-set index and their plain costs are checked without a frame,
the closing window asks only whether an ability is usable, and combat's picks and groups come
from indexes and kept surveys. Each is compared here with a
direct computation at every decision of seeded random games; a difference would change
games (option order and ids are what bots and replays choose by).
"""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.lastlight import combat, command, effects, hooks, trade
from whitedwarf.interpreter.lastlight.game import ACTION_NUMBER, Game, choose_options
from whitedwarf.interpreter.lastlight.state import LUMOS, can_pay
from whitedwarf.interpreter.vm import new_frame

from tests.base_content import base_content
from tests.engine.positions import game


def _activated_slow(state: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    """Every activated clause of the player's cards, its costs checked by the effects module."""
    p = state["players"][seat]
    out = []
    for ref in [p["faction"], *(t["ref"] for t in p["techs"])]:
        if not ref:
            continue
        for i, code, suffix, text, *_ in hooks._activated(hooks.runtime(state), ref):
            first = code[0]
            if first[0] == "affordable":
                frame = new_frame(ref.split("#", 1)[0], seat, i, {"card": ref})
                if not effects.ADAPTER.affordable(state, frame, first[1]):
                    continue
            out.append((f"use:{ref}{suffix}", text))
    return out


def _moves_slow(state: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    out = []
    for ship in command.movers(state, seat):
        sid, size = ship["id"], ship["size"]
        for dest in command.destinations(state, ship):
            out.append((f"move:{sid}:{dest}", f"move {size} {sid} to {dest}"))
    return out


def _trades_slow(state: dict[str, Any], seat: int) -> list[str]:
    player, supply = state["players"][seat], state["supply"]
    return [
        f"trade:{tid}"
        for tid, (cost, got, _) in trade.TRADES.items()
        if can_pay(player, cost) and all(supply[u] >= n for u, n in got.items())
    ]


def _targets_slow(state: dict[str, Any], t: dict[str, Any], seat: int, sector: str) -> list[str]:
    return [
        s["id"]
        for s in state["ships"].values()
        if s["sector"] == sector
        and combat.enemy(state, seat, s["owner"])
        and s["damage"] + t["dmg"].get(s["id"], 0) < combat.shield(state, s)
    ]


def _hits_slow(
    state: dict[str, Any], t: dict[str, Any], seat: int, bombard: bool, sector: str
) -> bool:
    """Whether a hit of ``seat``'s could land in ``sector`` (004 "2. Attack", E7 c): an
    enemy ship below its shields, else for bombardment an enemy extractor on a planet."""
    if _targets_slow(state, t, seat, sector):
        return True
    need = combat.runtime(state).extractor_shield
    return bombard and any(
        x["sector"] == sector and x["planet"] is not None
        and combat.enemy(state, seat, x["owner"]) and t["dmg"].get(x["id"], 0) < need
        for x in state["extractors"].values()
    )  # fmt: skip


def _commands(state: dict[str, Any], seat: int, owner: int) -> bool:
    """Whether ``seat`` attacks with ``owner``'s ships: its own, the Lumos' for their ally."""
    lumos = state["lumos"]
    return owner == seat or (owner == LUMOS and lumos is not None and lumos["ally"] == seat)


def _sectors_slow(state: dict[str, Any], t: dict[str, Any]) -> list[str]:
    """The sectors an attack's pick offers, from every ship and sector of the board."""
    return sorted(
        sector
        for sector in state["sectors"]
        if sector not in t["done"]
        and any(
            _commands(state, seat, s["owner"])
            and combat._can_fight(state, s)
            and combat._in_range(state, s, sector)
            and _hits_slow(
                state, t, seat, combat.flag(state, s["owner"], "bombard", s["size"]), sector
            )
            for seat in t["players"]
            for s in state["ships"].values()
        )
    )


def _present_slow(state: dict[str, Any], seat: int, bombard: bool, sector: str) -> bool:
    """An enemy ship in the sector, or for bombardment an enemy extractor on a planet (E7)."""
    return any(
        s["sector"] == sector and combat.enemy(state, seat, s["owner"])
        for s in state["ships"].values()
    ) or (bombard and any(
        x["sector"] == sector and x["planet"] is not None and combat.enemy(state, seat, x["owner"])
        for x in state["extractors"].values()
    ))  # fmt: skip


def _check(state: dict[str, Any]) -> None:
    for seat in range(state["n"]):
        slow = _activated_slow(state, seat)
        assert hooks.activated_options(state, seat) == slow
        assert hooks.has_activated(state, seat) == bool(slow)
        got = [(o.id, o.text) for o in command.move_options(state, seat)]
        assert got == _moves_slow(state, seat)
        assert [o.id for o in trade.trade_options(state, seat)] == _trades_slow(state, seat)
        hand = state["players"][seat]["hand"]
        if state["n"] > 2:
            wanted = [f"play:{c}" for c in sorted(hand, key=ACTION_NUMBER.__getitem__)]
            assert [o.id for o in choose_options(state, seat)] == wanted
    top = state["stack"][-1] if state["stack"] else None
    if top is not None and top["kind"] == "attack" and top["pc"] in ("roll", "assign"):
        seat = top["players"][min(top["turn"], len(top["players"]) - 1)]
        sector = top["sector"]
        assert combat.targets(state, top, seat, False, sector) == _targets_slow(
            state, top, seat, sector
        )
        here = combat.by_sector(state).get(sector, ())
        for bombard in (False, True):  # the pick's early-stopping test (004 "2. Attack", E7)
            assert combat.hittable(state, top, seat, bombard, sector, {}, here) == _hits_slow(
                state, top, seat, bombard, sector
            )
        for group in combat._groups_of(state, seat):
            owner, size = combat._side(state, seat, group)
            slow = [
                s
                for s in state["ships"].values()
                if s["owner"] == owner
                and s["size"] == size
                and combat._can_fight(state, s)
                and combat._in_range(state, s, sector)
            ]
            assert combat.group_ships(state, seat, group, sector) == slow
    if top is not None and top["kind"] == "attack" and top["pc"] == "roll" and top["ask"]:
        seat = top["players"][top["turn"]]
        sector = top["sector"]
        slow_groups = [
            group
            for group in combat._groups_of(state, seat)
            if combat.group_ships(state, seat, group, sector)
            and _present_slow(state, seat, combat._bombards(state, seat, group), sector)
        ]
        assert combat.groups(state, top, seat, sector) == slow_groups
    if top is not None and top["kind"] == "attack" and top["pc"] == "pick" and top["ask"]:
        assert combat.combat_sectors(state, top) == _sectors_slow(state, top)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_memoised_options_match_the_direct_rules(players: int) -> None:
    g = game(players)
    for seed in range(3):
        state = g.new_state(seed)
        bots = [make_bot("random", seed, s) for s in range(players)]
        while not g.is_terminal(state):
            _check(state)
            seat = g.current_players(state)[0]
            option = bots[seat].choose(state, seat, g.legal_options(state, seat))
            g.apply(state, seat, option, check=False)


def _cost_calls(rt: Any) -> list[tuple[str, int, list[Any]]]:
    """Every card clause's ``affordable`` costs: ``(card id, clause, calls)``."""
    out = []
    for table in rt.cards.values():
        for cid in table:
            for index, clause in enumerate(effects.card_effect(rt, cid)["clauses"]):
                for ins in clause.get("code") or ():
                    if ins[0] == "affordable":
                        out.append((cid, index, ins[1]))
    return out


def test_lowered_costs_answer_as_the_adapter_s_affordable() -> None:
    """A cost lowered once per program (``effects.LastLightAdapter.coster``: "exhaust this
    card" and fixed payments read directly) answers what ``affordable`` answers for every
    card's costs, for every seat and card in play, at many points of seeded games (exhausted
    and ready cards, short and full stocks, a card not in play)."""
    g = Game.from_content(base_content(), 4)
    costs = _cost_calls(hooks.runtime(g.new_state(0)))
    plain = [c for c in costs if effects.plain_cost(c[2]) is not None]
    assert len(plain) > 20 and len(plain) < len(costs)  # both paths are exercised
    tests = 0
    for seed in range(2):
        state = g.new_state(seed)
        bots = [make_bot("random", seed, s) for s in range(4)]
        decisions = 0
        while not g.is_terminal(state):
            if decisions % 25 == 0:
                for p in state["players"]:
                    refs = [p["faction"], *(t["ref"] for t in p["techs"]), "nowhere#1"]
                    for cid, index, calls in costs:
                        test = effects.ADAPTER.coster(calls)
                        for ref in refs:
                            frame = new_frame(cid, p["seat"], index, {"card": ref})
                            frame["vars"] = [ref, ref]  # a cost on a card chosen before
                            want = effects.ADAPTER.affordable(state, frame, calls)
                            assert test(state, frame) == want, (cid, ref, p["seat"])
                            tests += 1
            seat = g.current_players(state)[0]
            option = bots[seat].choose(state, seat, g.legal_options(state, seat))
            g.apply(state, seat, option, check=False)
            decisions += 1
    assert tests > 10_000


def test_plain_costs_are_exhaust_this_card_and_fixed_payments() -> None:
    exhaust = ["exhaust", [{"this": "card"}]]
    pay = ["pay", [{"amount": ["num", 2], "unit": "common"}]]
    light = ["pay", [{"amount": ["num", 1], "unit": "light"}]]
    assert effects.plain_cost([exhaust, pay, pay, light]) == (True, (("common", 4), ("light", 1)))
    assert effects.plain_cost([pay]) == (False, (("common", 2),))
    assert effects.plain_cost([exhaust, exhaust]) is None  # twice: the card cannot be
    counted = ["pay", [{"amount": ["value", "round"], "unit": "common"}]]
    assert effects.plain_cost([counted]) is None
    assert effects.plain_cost([["exhaust", [{"var": 0}]]]) is None
    assert effects.plain_cost([["discard", [{"this": "card"}]]]) is None
