"""Action card #1, Research: light for techs in play, draw and keep, manufacture.

000 "Action Card #1 - Research": "Gain 1 light for every 4 technology cards you have in play.
Then, draw 3 technology cards from the technology deck and add 2 to your hand as unresearched
technology cards. The other card is discarded face up next to the technology deck." Then
"Manufacture Technologies: Play any number of unresearched technology cards from your hand by
paying the costs ... Resources paid ... are returned to the supply."

Task ``research`` fields: ``drawn`` (tech refs drawn and not yet kept or discarded).
Steps: ``light`` -> ``draw`` -> ``keep`` (decision ``discard:<ref>`` while more than
``research_keep`` cards are drawn) -> ``manufacture`` (decision ``make:<ref>`` or
``make:<ref>:<size>`` for ship techs, or ``done``) -> ``end``.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import partial
from typing import Any

from whitedwarf.interpreter import rng
from whitedwarf.interpreter.lastlight import events, lasting, modifiers, versions
from whitedwarf.interpreter.lastlight.content import Runtime, runtime
from whitedwarf.interpreter.lastlight.decisions import (
    Handler,
    IllegalOption,
    Option,
    ask,
    task,
)
from whitedwarf.interpreter.lastlight.effects import card_effect
from whitedwarf.interpreter.lastlight.hooks import fire
from whitedwarf.interpreter.lastlight.records import State, Task, Tech
from whitedwarf.interpreter.lastlight.state import (
    RESOURCES,
    SIZES,
    card_id,
    count_built,
    count_techs,
    discard_tech,
    discounted,
    draw_tech,
    from_techs_hand,
    gain,
    pay,
    put_tech,
    to_techs_hand,
)
from whitedwarf.interpreter.lastlight.stats import stat


def new_task(seat: int) -> Task:
    """The Research resolution of one player."""
    return task("research", seat, "light", drawn=[])


def draw_one(state: State) -> str | None:
    """The top tech of the deck; an empty deck is refilled by shuffling the discard pile.

    The seeds do not say what happens when the deck runs out (docs/rules-decisions.md).
    """
    return draw_tech(state, rng.shuffle)


def _run(state: State, t: Task) -> None:
    seat, pc = t["seat"], t["pc"]
    player = state["players"][seat]
    if pc == "light":
        # 000 #1: 1 light per 4 techs in play; exhausted techs count (public rules FAQ).
        per = max(1, stat(state, seat, "research_light_per"))
        gain(state, seat, "light", len(player["techs"]) // per, "research")
        t["pc"] = "draw"
    elif pc == "draw":
        # 000 #1: "draw 3 technology cards from the technology deck": no more can be drawn
        # than the deck (refilled once from the discard pile, E5) holds, whatever the stat.
        for _ in range(stat(state, seat, "research_draw")):
            ref = draw_one(state)
            if ref is None:
                break
            t["drawn"].append(ref)
        count_techs(state, seat, "drawn", t["drawn"])
        t["pc"] = "keep"
    elif pc == "keep":
        if len(t["drawn"]) > max(0, stat(state, seat, "research_keep")):
            ask(t, seat)
            return
        count_techs(state, seat, "kept", t["drawn"])
        to_techs_hand(state, seat, t["drawn"])
        t["drawn"] = []
        fire(state, "before_manufacture", seat, {})
        t["pc"] = "manufacture"
    elif pc == "manufacture":
        # The whole list (no dearer than the first option when there is none): kept for the
        # decision's own listing.
        found = make_options(state, seat)
        if found:
            versions.remember_asked(state, t, found)
            ask(t, seat)
            return
        # Both steps are quiet (``game.QUIET_STEPS``): ``game.advance`` would run the end
        # step next with nothing between, so it runs here.
        t["pc"] = pc = "end"
    if pc == "end":
        fire(state, "after_manufacture", seat, {})
        t["pc"] = "done"


def _options(state: State, t: Task) -> list[Option]:
    if t["pc"] == "keep":
        return [_DISCARD.get(r) or _discard(r) for r in t["drawn"]]
    found = versions.asked_options(state, t)
    return [*(make_options(state, t["seat"]) if found is None else found), _DONE]


#: The option that ends manufacturing (one shared, immutable).
_DONE = Option("done", "stop manufacturing")


def _discard(ref: str) -> Option:
    """The option to discard a drawn tech (memoised by ref)."""
    if len(_DISCARD) >= _OPTIONS_LIMIT:
        _DISCARD.clear()
    found = _DISCARD[ref] = Option(f"discard:{ref}", f"discard {card_id(ref)}")
    return found


#: Tech ref -> its discard option.
_DISCARD: dict[str, Option] = {}


def _choose(state: State, t: Task, option_id: str) -> None:
    seat = t["seat"]
    verb, _, rest = option_id.partition(":")
    t["ask"] = None
    if t["pc"] == "keep" and verb == "discard" and rest in t["drawn"]:
        t["drawn"].remove(rest)
        discard_tech(state, rest)
        if events.ON:
            events.emit(state, "tech_discarded", seat, card_id(rest))
    elif t["pc"] == "manufacture" and verb == "done":
        t["pc"] = "end"
    elif t["pc"] == "manufacture" and verb == "make":
        ref, _, size = rest.partition(":")
        manufacture(state, seat, ref, size or None)
    else:
        raise IllegalOption(f"research cannot take {option_id!r} now")


# -- manufacture (000 "Manufacture Technologies") -----------------------------------------------


def tech_cost(state: State, seat: int, ref: str) -> dict[str, int]:
    """A tech's cost after the player's ``tech_discount``."""
    card = runtime(state).cards["techs"][card_id(ref)]
    # `your next tech costs 1 less` (lasting.py) adds to the discount of this tech only
    discount = stat(state, seat, "tech_discount") + lasting.pending(state, seat, "tech")
    return discounted(dict(card.get("cost") or {}), discount)


def make_options(
    state: State, seat: int, free: bool = False, any_one: bool = False
) -> list[Option]:
    """Every legal way to put an unresearched tech into play (one option per card id).

    ``any_one``: stop at the first (enough to know whether to ask).
    """
    player = state["players"][seat]
    hand = player["techs_hand"]
    if not hand:
        return []
    rt = runtime(state)
    discount = stat(state, seat, "tech_discount") + lasting.pending(state, seat, "tech")
    # Each tech ref's card id, card and discounted cost, kept per content and discount.
    costs = rt.tech_costs.get(discount)
    if costs is None or len(costs) >= _OPTIONS_LIMIT:
        costs = rt.tech_costs[discount] = {}
    options = rt.make_options
    if len(options) >= _OPTIONS_LIMIT:
        options.clear()
    # What the player holds of each unit a cost can name (:data:`_UNITS`), read once.
    res = player["res"]
    have_common, have_uncommon, have_rare = res["common"], res["uncommon"], res["rare"]
    have_light = player["light"]
    board = None
    seen: set[str] = set()
    out = []
    for ref in hand:
        entry = costs.get(ref)
        if entry is None:
            entry = costs[ref] = _cost_entry(rt.cards["techs"], ref, discount)
        cid, card, (common, uncommon, rare, light) = entry
        # The four amounts compared in one test: about twice as fast as a loop over the
        # cost's units (timeit), and this runs over each card of a late hand (up to 20).
        if not free and (
            common > have_common
            or uncommon > have_uncommon
            or rare > have_rare
            or light > have_light
        ):
            continue  # not affordable
        # One option per card id, that of its first ref in the hand. Copies of a card cost
        # the same and fit the same slots, so testing the cost first (most of a late hand
        # is unaffordable) keeps the same options and skips the set for those.
        if cid in seen:
            continue
        seen.add(cid)
        if board is None:
            board = _board(state, seat)
        for size in _slots(card, cid, board, rt.ship_stats):
            option = options.get((ref, size))
            if option is None:
                suffix = f":{size}" if size else ""
                option = options[ref, size] = Option(f"make:{ref}{suffix}", _text(cid, size))
            out.append(option)
            if any_one:
                return out
    return out


def _cost_entry(
    cards: dict[str, Any], ref: str, discount: int
) -> tuple[str, dict[str, Any], tuple[int, ...]]:
    """A tech ref's card id, card and the amount of each of :data:`_UNITS` its cost after
    ``discount`` asks (:func:`make_options`)."""
    cid = card_id(ref)
    card = cards[cid]
    cost = discounted(dict(card.get("cost") or {}), discount)
    return cid, card, tuple(cost.get(unit, 0) for unit in _UNITS)


#: The units a cost can name, in the order :func:`make_options` compares them: 000's three
#: resources, and light (a discount never adds one; the pack schema allows resources only).
_UNITS = (*RESOURCES, "light")

#: Entries of the per-content cache of manufacture options before it is emptied.
_OPTIONS_LIMIT = 1 << 14


def _text(cid: str, size: str | None) -> str:
    return f"manufacture {cid}" + (f" on {size} ships" if size else "")


def _board(state: State, seat: int) -> tuple[set[str], dict[str, int]]:
    """The names of the player's techs in play and the mods on each ship type, kept until
    the player's cards in play change (``versions.cards_changed``; read only)."""
    kept = versions.of(state).board
    found: tuple[set[str], dict[str, int]] | None = kept[seat]
    if found is None:
        found = kept[seat] = board_of(state, seat)
    return found


def board_of(state: State, seat: int) -> tuple[set[str], dict[str, int]]:
    """:func:`_board` worked out by walking the player's techs in play."""
    rt = runtime(state)
    info = rt.tech_info
    names: set[str] = set()
    mods = dict.fromkeys(SIZES, 0)
    for tech in state["players"][seat]["techs"]:
        ref = tech["ref"]
        name, is_mod = info.get(ref) or _tech_info(rt, ref)
        names.add(name)
        if is_mod and tech["ship_type"]:
            mods[tech["ship_type"]] += 1
    return names, mods


def _tech_info(rt: Runtime, ref: str) -> tuple[str, bool]:
    """A tech's name and whether it is a ship mod, memoised per content by ref."""
    cid = card_id(ref)
    card = rt.cards["techs"][cid]
    found = rt.tech_info[ref] = (card.get("name", cid), card.get("kind") == "ship_mod")
    return found


def slots(state: State, seat: int, ref: str) -> list[str | None]:
    """Where a tech can go: ``[None]`` for civilization, the legal ship types otherwise."""
    cid = card_id(ref)
    rt = runtime(state)
    return _slots(rt.cards["techs"][cid], cid, _board(state, seat), rt.ship_stats)


def _slots(
    card: dict[str, Any],
    cid: str,
    board: tuple[set[str], dict[str, int]],
    ship_stats: dict[str, dict[str, int]],
) -> list[str | None]:
    names, mods = board  # :func:`board_of`
    kind = card.get("kind", "civilization")
    if kind == "ship_ability":
        # 000: "Playing a ship ability on a ship type that already has one causes the
        # previously played technology card to be discarded."
        return list(SIZES)
    if kind == "ship_mod":
        # 000: small ships hold 1 mod, medium 2, large 3; a full type takes no more mods
        # (docs/rules-decisions.md "Engine rules").
        return [s for s in SIZES if mods[s] < ship_stats[s]["mod_slots"]]
    # 000: "No player may have two civilization technologies with the same name."
    return [] if card.get("name", cid) in names else [None]


def manufacture(state: State, seat: int, ref: str, size: str | None, free: bool = False) -> None:
    """Pay for (unless ``free``) and put an unresearched tech into play."""
    player = state["players"][seat]
    if ref not in player["techs_hand"] or size not in slots(state, seat, ref):
        raise IllegalOption(f"player {seat} cannot manufacture {ref!r} on {size!r}")
    if not free:
        pay(state, seat, tech_cost(state, seat, ref))
        lasting.take(state, seat, "tech", None, card_id(ref))  # a one-shot discount is used
    from_techs_hand(state, seat, ref)
    put_in_play(state, seat, ref, size)  # renews the techs' stamp
    count_built(state, seat, ref)
    if events.ON:
        events.emit(state, "tech_built", seat, card_id(ref), slot=size)
    fire(state, "tech_manufactured", seat, {"card": ref, "ship_type": size})


def put_in_play(state: State, seat: int, ref: str, size: str | None) -> None:
    """Place a tech in the play area or on a ship type of the player board."""
    techs = state["players"][seat]["techs"]
    cards = runtime(state).cards["techs"]
    replaced = []
    if size is not None and cards[card_id(ref)].get("kind") == "ship_ability":
        replaced = [
            old
            for old in techs
            if old["ship_type"] == size and cards[card_id(old["ref"])].get("kind") == "ship_ability"
        ]
    added: Tech = {"ref": ref, "exhausted": False, "ship_type": size}
    # A tech that left moved those after it: the memos of the seat's cards go, else they
    # take the new one (:func:`_keep_up`).
    put_tech(state, seat, added, replaced, partial(_keep_up, added))


def _keep_up(added: Tech, kept: versions.Versions, seat: int) -> Collection[str]:
    """Bring the seat's memos of its cards in play up to date with one tech put at the end of
    its techs (:func:`put_in_play`), and name them (``versions.cards_changed``).

    Its cards by ref and its board take the tech; the others stay as they are when the tech
    has no clause of the form they are made of (most techs have one form only), and go
    otherwise. Cards before it keep their places, so what the memos say of them holds."""
    ref = added["ref"]
    held = kept.held[seat]
    if held is not None:
        held.setdefault(ref, added)  # the first entry of a ref wins (selectors.cards_in_play)
    board = kept.board[seat]
    if board is not None:
        name, is_mod = _tech_info(kept.rt, ref)
        names, mods = board  # :func:`board_of`
        names.add(name)
        if is_mod and added["ship_type"]:
            mods[added["ship_type"]] += 1
    rt = kept.rt
    untouched = rt.untouched.get(ref)
    if untouched is None:
        untouched = rt.untouched[ref] = _untouched_by(rt, ref)
    totals = kept.totals[seat]
    if totals is None or "totals" in untouched:
        return untouched
    # Its modifiers and grants join the sums (the totals read from them go).
    kept.totals[seat] = modifiers.with_card(rt, totals, ref, added["ship_type"])
    return (*untouched, "totals")


#: The clause forms each memo of a seat's cards is made of (``versions.CARD_MEMOS``):
#: ``pending.seat_pending``, ``hooks._plan``, ``hooks._activators``, ``modifiers.card_totals``.
_MEMO_FORMS = {
    "pending": ("as_soon_as",),
    "plans": ("trigger",),
    "acts": ("activated",),
    "totals": ("modifier", "grant"),
    "reads": ("modifier", "grant"),
}


def _untouched_by(rt: Runtime, ref: str) -> frozenset[str]:
    """The memos of a seat's cards a tech put at the end of its techs leaves as they are, or
    :func:`_keep_up` brings up to date (``held``, ``board``)."""
    forms = {clause["form"] for clause in card_effect(rt, card_id(ref))["clauses"]}
    unchanged = {memo for memo, made_of in _MEMO_FORMS.items() if forms.isdisjoint(made_of)}
    return frozenset({"held", "board", *unchanged})


#: What runs the ``research`` task (``game.HANDLERS``).
HANDLER = Handler(_run, _options, _choose)
