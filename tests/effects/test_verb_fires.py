"""Every verb fires the hooks its declaration says, for whom it says (``Verb.fires``).

The checker warns of a trigger whose own effect fires the hook it listens to (W0403, W0404)
from the registry alone; these tests hold the registry to the engine, so the two cannot
drift: each verb runs on a real position with a spy on ``hooks.fire``, and every hook fired
must be declared, heard by the player the declaration names, and every declared hook must
fire. The hooks' own facts the checker reads (``Hook.own``, ``Hook.at``) are held to random
games, and ``adjacent``'s (``Filter.elsewhere``) to the board.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest
from whitedwarf.dsl.registry import ArgKind, Fires, Verb
from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.lastlight import hooks
from whitedwarf.interpreter.lastlight.bindings import WORDS
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.vocabulary import registry

from tests.base_content import base_content
from tests.effects.scenario import adjacent, extractor, fresh, home, sector_of, ship, tech

State = dict[str, Any]
#: (hook, seat it fired for, its context) in the order fired.
Fired = list[tuple[str, int, dict[str, Any]]]
#: A verb's calls on a position: the verb's arguments as its implementation takes them, or
#: (arguments, the declared hooks the call is about) when it can fire only some of them (a
#: ship built fires no ``extractor_built``); a call is about every declared hook otherwise.
Calls = list[Any]

REG = registry()
FRAME = {"card": "t", "owner": 0, "clause": 0, "context": {"card": "t#1"}}


def spy_on_fire(monkeypatch: pytest.MonkeyPatch, seen: Callable[..., None] | None = None) -> Fired:
    """Record every ``hooks.fire`` call, wherever the engine imported the function."""
    fired: Fired = []
    real = hooks.fire

    def spy(state: State, hook: str, player: int, context: dict[str, Any]) -> None:
        fired.append((hook, player, dict(context)))
        if seen is not None:
            seen(state, hook, player, context)
        real(state, hook, player, context)

    for name, module in list(sys.modules.items()):
        if (
            name.startswith("whitedwarf.interpreter.lastlight")
            and getattr(module, "fire", None) is real
        ):
            monkeypatch.setattr(module, "fire", spy)
    return fired


# -- one position per verb: its calls reach every hook it declares, and the cases that fire none


def _gain(s: State) -> Calls:
    return [[[1, "light"]]]


def _pay(s: State) -> Calls:
    s["players"][0]["res"]["common"] = 1
    return [[[1, "common"]]]


def _give(s: State) -> Calls:
    return [[[1, "light"], "p1"]]


def _steal(s: State) -> Calls:
    s["players"][1]["res"]["common"] = 1
    return [[[1, "common"], "p1"]]


def _card(s: State) -> Calls:  # exhaust, unexhaust, discard
    return [[tech(s, 0, "monument", "activated: exhaust this card -> gain 1 light")]]


def _draw(s: State) -> Calls:
    return [[[1, "tech"]]]


def _manufacture_free(s: State) -> Calls:
    s["players"][0]["techs_hand"] = ["galactic_monument#1"]
    return [["galactic_monument#1"]]


def _take_back(s: State) -> Calls:
    s["players"][0]["played"] = ["research"]
    return [["research"]]


def _build(s: State) -> Calls:
    return [
        ([{"unit_kind": "ship", "size": "small"}, home(s, 0)], {"ship_built"}),
        ([{"unit_kind": "extractor", "size": None}, "glacis"], {"extractor_built"}),
    ]


def _move(s: State) -> Calls:
    mine, theirs = ship(s, 0, "small", home(s, 0)), ship(s, 1, "small", home(s, 1))
    token = next(
        sid
        for sid, sector in sorted(s["sectors"].items())
        if sector["token"] and not sector["revealed"] and not sector["asteroid"]
    )
    return [
        [mine, token],  # ship_moved and token_revealed for its owner
        # ship_moved for the other player; next to a home there is no token to reveal (and
        # an opponent's ship moved by your card reveals nothing, rules-decisions R1)
        ([theirs, adjacent(s, home(s, 1))[0]], {"ship_moved"}),
        [mine, token],  # where it is already: it does not move, nothing fires
    ]


def _move_extra(s: State) -> Calls:
    return [[ship(s, 0, "small", home(s, 0)), 1]]


def _trade(s: State) -> Calls:
    return [[1]]


def _mine(s: State) -> Calls:
    s["planets"]["glacis"]["resource"] = "uncommon"
    return [["glacis"]]


#: The hooks of a unit destroyed that only an extractor fires (E143).
EXTRACTOR_ONLY = {"extractor_destroyed", "extractor_lost"}


def _destroying(s: State, first: list[Any], hooks: set[str]) -> Calls:
    """Calls that destroy an enemy ship with a graveyard one unit short of paying out, and
    a ship of the effect owner's own (its own units go back to its supply: no enemy
    destroyed, no graveyard); then an enemy extractor and one of the owner's (``hooks``:
    the verb's declared hooks, the extractor-only ones left out for a ship; an extractor
    destroyed is damaged by no ship hook and fills no graveyard already paid out)."""
    unit = {"kind": "ship", "owner": 1, "size": "small"}
    s["players"][0]["graveyard"] = [dict(unit) for _ in range(3)]
    theirs = ship(s, 1, "small", sector_of(s, "glacis"))
    mine = ship(s, 0, "small", home(s, 0))
    ships = hooks - EXTRACTOR_ONLY
    later = hooks - {"damage_dealt", "graveyard_filled"}  # paid out by the ship already
    planets = sorted(s["planets"])
    their_extractor = extractor(s, 1, planet=planets[0])
    my_extractor = extractor(s, 0, planet=planets[1])
    return [
        ([*first, theirs], ships),
        ([*first, mine], ships),
        ([*first, their_extractor], later),
        ([*first, my_extractor], later),
    ]


def _deal(s: State) -> Calls:
    return _destroying(s, [[5, "damage"]], {f.hook for f in REG.verbs["deal"].fires})


def _destroy(s: State) -> Calls:
    return _destroying(s, [], {f.hook for f in REG.verbs["destroy"].fires})


def _repair(s: State) -> Calls:
    return [[ship(s, 0, "small", home(s, 0), damage=1)]]


def _die(s: State) -> Calls:  # treat, reroll
    s["dice"] = [{"face": "miss", "ship": None, "owner": 0, "size": "small"}]
    return [["d0", "hit"]]


def _add(s: State) -> Calls:
    return [[1, "extractor_builds"]]


SCENARIOS: dict[str, Callable[[State], Calls]] = {
    "gain": _gain,
    "pay": _pay,
    "give": _give,
    "steal": _steal,
    "exhaust": _card,
    "unexhaust": _card,
    "draw": _draw,
    "manufacture_free": _manufacture_free,
    "discard": _card,
    "take_back": _take_back,
    "build": _build,
    "move": _move,
    "move_extra": _move_extra,
    "trade": _trade,
    "mine": _mine,
    "deal": _deal,
    "destroy": _destroy,
    "repair": _repair,
    "treat": _die,
    "reroll": lambda s: [["d0"]] if _die(s) else [],
    "add": _add,
    "keep": lambda s: [[[1, "tech"], 3]],  # issue 29 item 7: asks, fires nothing
    # card state (issue 29): counters on the frame's card; put twice, then take both off
    "put": lambda s: [[[2, "charge"], "monument#1"]],
    "remove": lambda s: [[[1, "charge"], "monument#1"]] * 2,
}


def test_every_verb_has_a_position() -> None:
    assert set(SCENARIOS) == set(REG.verbs)


def _owner(state: State, entity: Any) -> int | None:
    """The seat an entity id belongs to (a ship, an extractor, ``p<seat>``)."""
    if entity in state["ships"]:
        return int(state["ships"][entity]["owner"])
    if entity in state["extractors"]:
        return int(state["extractors"][entity]["owner"])
    if isinstance(entity, str) and entity.startswith("p") and entity[1:].isdigit():
        return int(entity[1:])
    return None


def _allowed(verb: Verb, state: State, args: list[Any]) -> set[tuple[str, int]]:
    """The (hook, seat) pairs the declaration allows for one call, on the state before it."""
    where = {p.name: i for i, p in enumerate(verb.params)}
    owner = FRAME["owner"]
    allowed = set()
    for fires in verb.fires:
        if fires.not_own and _owner(state, args[where[fires.not_own]]) == owner:
            continue  # a unit of the owner's own
        if fires.moves is not None:
            thing, place = (args[where[name]] for name in fires.moves)
            if state["ships"][thing]["sector"] == place:
                continue  # already there: not moved
        seat = _owner(state, args[where[fires.heard_by]]) if fires.heard_by else owner
        assert seat is not None
        allowed.add((fires.hook, seat))
    return allowed


def _run(verb: Verb, state: State, args: list[Any]) -> None:
    """The verb's implementation, its own questions answered with their first option."""
    frame = {**FRAME, "context": dict(FRAME["context"])}
    bound = WORDS.verbs[verb.name]
    pending = bound.run(state, frame, args)
    while pending:
        option = pending["options"][0][0]
        assert bound.resume is not None, f"{verb.name} asks but has no resume"
        pending = bound.resume(state, frame, pending, option)


@pytest.mark.parametrize("name", sorted(REG.verbs))
def test_a_verb_fires_what_it_declares_for_whom_it_declares(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    verb = REG.verbs[name]
    _, state = fresh(players=2)
    calls = SCENARIOS[name](state)
    fired = spy_on_fire(monkeypatch)
    every: set[str] = set()
    for call in calls:
        args, about = call if isinstance(call, tuple) else (call, None)
        want = {
            (hook, seat) for hook, seat in _allowed(verb, state, args) if hook in (about or {hook})
        }
        start = len(fired)
        _run(verb, state, args)
        got = {(hook, seat) for hook, seat, _ in fired[start:]}
        assert got == want, (args, got, want)
        every |= {hook for hook, _ in got}
    assert every == {fires.hook for fires in verb.fires}  # each declared hook fired somewhere
    if verb.pure:
        assert not every  # ``pure``: never starts another effect


def test_fires_names_hooks_and_target_parameters_only() -> None:
    for verb in REG.verbs.values():
        targets = {p.name for p in verb.params if p.kind is ArgKind.TARGET}
        for fires in verb.fires:
            assert isinstance(fires, Fires) and fires.hook in REG.hooks
            assert {fires.heard_by, fires.not_own, *(fires.moves or ())} - {""} <= targets


# -- the hooks' facts, as random games fire them ------------------------------------------------


def test_a_hook_s_own_things_are_its_hearer_s_and_at_its_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``Hook.own``: the thing belongs to the player the hook fires for; ``Hook.at``: the
    hook's place is where its thing is, when it fires. Random 2-4 player games of the base
    pack fire every hook that declares either."""
    checked: set[str] = set()

    def seen(state: State, hook: str, player: int, context: dict[str, Any]) -> None:
        declared = REG.hooks[hook]
        provided = dict(declared.provides)
        for phrase in declared.own:
            thing = context.get(provided[phrase])
            if thing in state["ships"]:
                assert state["ships"][thing]["owner"] == player, (hook, context)
                checked.add(hook)
        for phrase, place in declared.at:
            thing = context.get(provided[phrase])
            assert state["ships"][thing]["sector"] == context[provided[place]], (hook, context)

    spy_on_fire(monkeypatch, seen)
    content = base_content()
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game = Game.from_content(content, players)
        state = game.new_state(seed)
        bots = [make_bot("random", seed, seat) for seat in range(players)]
        while not game.is_terminal(state):
            seat = game.current_players(state)[0]
            game.apply(state, seat, bots[seat].choose(state, seat, game.legal_options(state, seat)))
    assert checked == {h.name for h in REG.hooks.values() if h.own}


def test_a_sector_is_never_adjacent_to_itself() -> None:
    """``adjacent`` is declared ``elsewhere``: it never keeps the sector it reads from."""
    assert [f.name for f in REG.filters.values() if f.elsewhere] == ["adjacent"]
    _, state = fresh()
    board = runtime(state).board
    for rotation in range(8):
        for sector in state["sectors"]:
            assert sector not in board.adjacent(sector, rotation)
