"""Two thousand seeded random games of Starlight with invariants checked as they go.

Seats are a seeded mix of live players and Starbots (1 to 5 seats, at least one live; gods
dealt in every other game that has enough of them). After every decision: AP is never
negative nor more than the turn received plus what effects gave (003 "Action Points"), saved
AP never over the box; rays, Cores, Flares and Starbot cards are all somewhere, once (003
"Components"); points come only from the named sources (003 "Victory Points", "Scoring");
Starbots never decide (003 "Starbot Play"). At the end: the game ended by daybreak (or the
round limit, SL17), and the winners are exactly those first by points, then stars, then
constellations (003 "Scoring"). Every 50th game is also cloned and saved mid-game, and the
three copies finish alike.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest
from whitedwarf.interpreter.starlight import ending, persist
from whitedwarf.interpreter.starlight.content import StarlightContent, load_content
from whitedwarf.interpreter.starlight.game import Game
from whitedwarf.interpreter.starlight.state import DAY_SOURCES, EFFECT_DAY, NIGHT_SOURCES
from whitedwarf.interpreter.state import clone, state_hash

from tests.starlight.helpers import mini

TOTAL_GAMES = 2_000
BATCH = 100
MAX_DECISIONS = 20_000
SUPPLY_EVERY = 11  # decisions between two checks of the whole supply (and at the end)


FULL_PACK_GAMES = 200  # and as many more on the full pack, content/starlight


@cache
def full_pack() -> StarlightContent:
    return load_content()


@cache
def game_for(seats: tuple[str, ...], gods: bool, full: bool = False) -> Game:
    content = full_pack() if full else mini()
    return Game.from_content(content, len(seats), {"seats": list(seats), "gods": gods})


def setup_for(seed: int) -> tuple[tuple[str, ...], bool]:
    draw = random.Random(seed)
    seats = [draw.choice(("live", "starbot")) for _ in range(draw.randint(1, 5))]
    if "live" not in seats:
        seats[draw.randrange(len(seats))] = "live"
    gods = seed % 2 == 0 and seats.count("live") * 2 <= len(mini().cards["gods"])
    return tuple(seats), gods


def pick(draw: random.Random, options: list[Any]) -> str:
    """A random option, leaning away from ending early so that stars get launched."""
    keen = [o for o in options if o.id not in ("end", "cancel", "done", "no_flare", "no")]
    return str(draw.choice(keen if keen and draw.random() < 0.9 else options).id)


def check(game: Game, state: dict[str, Any]) -> None:
    """Every invariant (the supplies too)."""
    check_points_and_ap(game, state)
    check_supplies(game, state)


def check_points_and_ap(game: Game, state: dict[str, Any]) -> None:
    """The invariants of AP and points (cheap: checked after every decision)."""
    for p in state["players"]:
        assert p["ap"] >= 0 and p["saved"] >= 0
        assert p["saved"] <= max(0, game.stat(state, p["seat"], "saved_ap_max"))
        assert p["night"] == sum(p["points"]["night"].values())
        assert p["day"] == sum(p["points"]["day"].values())
        assert set(p["points"]["night"]) == set(NIGHT_SOURCES)
        # a card's `gain N day_points` adds its own source, only where one gave some (SL150)
        assert set(p["points"]["day"]) - {EFFECT_DAY} == set(DAY_SOURCES)
        # Starbots score only their cards' points and day points for stars and accolades;
        # live players never score as a Starbot does (003 "Scoring").
        starbot_only = {"starbot", "starbot_stars", "accolades"}
        for source, amount in {**p["points"]["night"], **p["points"]["day"]}.items():
            if amount:
                assert (source in starbot_only) == (p["kind"] == "starbot") or source == "accolades"
    turn = state["turn_state"]
    if turn is not None and "ap_received" in turn and state["phase"] == "play":
        p = state["players"][turn["seat"]]
        allowed = (
            game.stat(state, p["seat"], "ap_per_turn")
            + 1
            + game.stat(state, p["seat"], "saved_ap_max")
        )
        received = turn["ap_received"] - turn.get("ap_waited", 0)  # SL155: gained before
        assert received <= max(allowed, game.stat(state, p["seat"], "first_turn_ap"))
        assert p["ap"] <= turn["ap_received"] + turn.get("ap_gained", 0)


def check_supplies(game: Game, state: dict[str, Any]) -> None:
    """Every ray, Core, Flare and Starbot card is somewhere, once; slots and stars agree."""
    content = game.content
    rays: Counter[str] = Counter()
    for where in (*state["bags"].values(), state["pools"]["long"], state["pools"]["short"]):
        rays.update(where)
    for p in state["players"]:
        rays.update(p["rays"])
    assert rays == Counter(content.rays)
    cores = [*state["core_deck"], *state["pools"]["cores"], *state["core_discard"]]
    cores += [c for p in state["players"] for c in p["cores"]]
    assert sorted(cores) == sorted(content.cards["cores"])
    flares = [*state["flare_deck"], *(f for f in state["pools"]["flares"] if f)]
    flares += (state["action"] or {}).get("under", [])  # a flush being ordered (SL164)
    for frame in state["frames"]:  # a card's flush being ordered (SL182)
        pending = frame.get("pending")
        if isinstance(pending, dict) and pending.get("verb") == "flush":
            flares += pending["under"]
    flares += [f for p in state["players"] for f in (*p["flares"], *p["used_flares"])]
    assert sorted(flares) == sorted(content.cards["flares"])
    if "starbot" in game.seats:
        bots = sorted([*state["starbot_deck"], *state["starbot_discard"]])
        assert bots == sorted(content.cards["starbots"])
    for slot, seat in state["slots"].items():
        if seat is not None:
            assert slot in state["players"][seat]["stars"]
    assert sum(len(p["stars"]) for p in state["players"]) == sum(
        1 for s in state["slots"].values() if s is not None
    )


def check_end(game: Game, state: dict[str, Any]) -> None:
    check(game, state)
    result = game.result(state)
    assert result is not None and state["round"] <= ending.ROUND_LIMIT + 1
    if result["reason"] == "daybreak":
        assert max(p["night"] for p in state["players"]) >= state["daybreak_at"]
        # 003 "End of Game": the round after daybreak's is the last (past the limit too)
        assert state["round"] == state["daybreak"] + 1
    else:
        assert state["round"] == ending.ROUND_LIMIT and state["daybreak"] is None
    slots = game.content.slots
    keys = [
        (p["night"] + p["day"], len(p["stars"]), len({slots[s].constellation for s in p["stars"]}))
        for p in state["players"]
    ]
    assert result["winners"] == [seat for seat, key in enumerate(keys) if key == max(keys)]
    assert result["points"] == [key[0] for key in keys]


def play_out(game: Game, state: dict[str, Any], draw: random.Random, checked: bool) -> int:
    count = 0
    while not game.is_terminal(state):
        (seat,) = game.current_players(state)[:1]
        assert state["players"][seat]["kind"] == "live"
        game.apply(state, seat, pick(draw, game.legal_options(state, seat)))
        count += 1
        assert count < MAX_DECISIONS
        if checked:
            check_points_and_ap(game, state)
            if count % SUPPLY_EVERY == 0:
                check_supplies(game, state)
    return count


def copies_finish_alike(game: Game, seed: int) -> None:
    state = game.new_state(seed)
    draw = random.Random(seed)
    for _ in range(60):
        if game.is_terminal(state):
            return
        seat = game.current_players(state)[0]
        game.apply(state, seat, pick(draw, game.legal_options(state, seat)))
    copies = [state, clone(state), persist.load(persist.save(state))]
    finals = []
    for copy in copies:
        play_out(game, copy, random.Random(seed + 1), checked=False)
        finals.append(state_hash(copy))
    assert finals[0] == finals[1] == finals[2]


@pytest.mark.parametrize("start", range(0, TOTAL_GAMES, BATCH))
def test_random_games_keep_the_invariants(start: int) -> None:
    for seed in range(start, start + BATCH):
        seats, gods = setup_for(seed)
        game = game_for(seats, gods)
        state = game.new_state(seed)
        play_out(game, state, random.Random(seed), checked=True)
        check_end(game, state)
        if seed % 50 == 0:
            copies_finish_alike(game, seed)


def test_random_games_on_the_full_pack_keep_the_invariants() -> None:
    for seed in range(FULL_PACK_GAMES):
        seats, gods = setup_for(seed)
        game = game_for(seats, gods, full=True)
        state = game.new_state(seed)
        play_out(game, state, random.Random(seed), checked=True)
        check_end(game, state)


def test_the_games_mix_seats_and_reach_every_ending() -> None:
    mixes = {setup_for(seed) for seed in range(TOTAL_GAMES)}
    assert {len(seats) for seats, _ in mixes} == {1, 2, 3, 4, 5}
    assert any("starbot" in seats for seats, _ in mixes) and any(g for _, g in mixes)


def test_the_same_seed_gives_the_same_game() -> None:
    seats, gods = setup_for(7)
    game = game_for(seats, gods)
    finals = []
    for _ in range(2):
        state = game.new_state(7)
        play_out(game, state, random.Random(7), checked=False)
        finals.append(state_hash(state))
    assert finals[0] == finals[1]
