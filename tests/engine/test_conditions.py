"""The achievement check skips conditions whose inputs have not changed (``conditions.py``);
that must never change a game (000 "Planetary Achievement": "Play immediately when ...")."""

from __future__ import annotations

from typing import Any

import pytest
from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.lastlight import pending, versions
from whitedwarf.interpreter.lastlight.conditions import EVERYTHING, reads
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.effects import compile_text
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.state import move_ship
from whitedwarf.interpreter.runner import play

from tests.base_content import base_content
from tests.engine.positions import extractor, game, started


def when(text: str) -> Any:
    """The compiled condition of an achievement's ``as soon as``."""
    return compile_text("achievement", f"as soon as {text} -> gain 2 light")["clauses"][0]["when"]


def test_reads_lists_what_a_condition_depends_on() -> None:
    # Only the seat's own pieces can count toward "you control" / "you own": the seat's share.
    assert reads(when("number of red planets you control >= 2")) == ("holdings",)
    assert reads(when("number of medium ships you own >= 2")) == ("fleet",)
    assert reads(when("number of centre ships of yours >= 2")) == ("fleet",)
    assert reads(when("number of medium ships >= 2")) == ("ships",)
    assert reads(when("number of extractors >= 6")) == ("extractors",)
    assert reads(when("common >= 4 and rare >= 1")) == ("me",)
    assert reads(when("round >= 6 and opponents_max_light - light >= 5")) == (
        "lights",
        "me",
        "round",
    )
    assert reads(["cmp", ">=", ["count", {"type": "ship", "filters": [["here"]],
                                          "exclude": []}], ["num", 1]]) is EVERYTHING  # fmt: skip


def test_a_condition_is_tested_again_once_what_it_reads_changes() -> None:
    g = game(4)
    state = started(g)
    assert reads(when("number of extractors you own >= 1")) == ("holdings",)
    stamps = versions.of(state).stamps
    before = dict(stamps)
    planet = next(iter(state["planets"]))
    extractor(state, 0, planet=planet)
    renewed = {"extractors", ("holdings", 0)}  # every seat's extractors, and seat 0's own
    assert all(stamps[k] != before[k] for k in renewed)
    assert {k: v for k, v in stamps.items() if k not in renewed} == {
        k: v for k, v in before.items() if k not in renewed
    }


def test_another_player_s_ship_leaves_a_condition_on_your_own_ships_alone() -> None:
    # 000 "Planetary Achievement" (Battle Line: "number of medium ships you own >= 2 and
    # number of small ships you own >= 3"): seat 1's ship moving cannot make it true for
    # seat 0, so seat 0's condition stays known false; seat 0's own ship moving drops it.
    g = game(4)
    state = started(g)
    kept = versions.of(state)
    domains = reads(when("number of medium ships you own >= 2"))
    keys = pending._seat_keys(domains, 0)
    before = [kept.stamps[k] for k in keys]
    theirs = next(s for s in state["ships"].values() if s["owner"] == 1)
    move_ship(state, theirs, theirs["sector"])
    assert [kept.stamps[k] for k in keys] == before
    mine = next(s for s in state["ships"].values() if s["owner"] == 0)
    move_ship(state, mine, mine["sector"])
    assert [kept.stamps[k] for k in keys] != before


@pytest.mark.parametrize("players", [2, 4])
def test_games_are_the_same_with_and_without_the_memo(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = Game.from_content(base_content(), players)

    def hashes() -> list[str]:
        out = []
        for seed in range(3):
            state = g.new_state(seed)
            out.append(play(g, state, [make_bot("random", seed, s) for s in range(players)]))
        return [o.final_hash for o in out]

    with_memo = hashes()
    monkeypatch.setattr(pending, "reads", lambda cond: EVERYTHING)
    runtime({"content": g.content_id}).forget()  # no memo left from the first run
    assert hashes() == with_memo
