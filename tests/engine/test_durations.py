"""Durations in Last Light: `until the end of the round: <modifier or grant>` (issue 29 item
2; docs/rules-decisions.md E129; docs/dsl.md "Durations")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.lastlight import modifiers, persist
from whitedwarf.interpreter.lastlight.scenario import blank, choose, options, put_tech
from whitedwarf.interpreter.lastlight.stats import flag, ship_type, stat

from tests.engine.limits_mod import Trace, mod_game

BOOSTER = "activated: exhaust this card -> until the end of the round: your ships have +1 movement"
SIEGE = "activated: exhaust this card -> until the end of the round: your large ships can bombard"
SPARE = "activated: pay 1 rare -> gain 1 uncommon"


def _finish_round(game: Any, state: dict[str, Any]) -> None:
    while state["phase"] != "choose":
        seat = game.current_players(state)[0]
        found = options(game, state, seat)
        game.apply(state, seat, "done" if "done" in found else found[-1])


def _used(tmp_path: Path) -> tuple[Any, dict[str, Any], Trace]:
    """Seat 0 uses the booster and the siege card during its Mine (a spare ability and a rare
    keep the window open), its ship types' numbers read (and kept) first."""
    game = mod_game(tmp_path, {"booster": BOOSTER, "siege": SIEGE, "spare": SPARE})
    state = blank(game)
    for tech in ("booster", "siege", "spare"):
        put_tech(state, 0, tech)
    state["players"][0]["res"]["rare"] = 1
    state["supply"]["rare"] -= 1
    game.edited(state)
    choose(game, state, {0: "mine", 1: "mine"})
    kept = ship_type(state, 0, "small")  # read, and kept with the state's versions
    assert kept is not None and kept.movement == 1 and not flag(state, 0, "bombard", "large")
    trace = Trace()
    game.listen(trace)
    game.apply(state, 0, "use:booster#1")
    game.apply(state, 0, "use:siege#1")
    return game, state, trace


def test_e129_a_duration_counts_until_the_end_of_the_round_then_ends(tmp_path: Path) -> None:
    game, state, _ = _used(tmp_path)
    kept = ship_type(blank(game), 0, "small")
    assert kept is not None
    game.listen(None)  # the kept ship-type numbers are read only while no one listens
    assert stat(state, 0, "movement", "small") == 2  # not the total kept before
    assert stat(state, 0, "movement", "large") == 2
    assert flag(state, 0, "bombard", "large") and not flag(state, 0, "bombard", "small")
    assert stat(state, 1, "movement", "small") == 1  # its owner's ships only
    # the kept totals agree with the walk over the cards and durations (modifiers.py)
    totals = modifiers.card_totals(state, 0)
    assert totals.modifier("movement", "small") == modifiers.modifier_total(
        state, 0, "movement", "small"
    )
    assert totals.grants("bombard", "large") == modifiers.flag_granted(state, 0, "bombard", "large")
    _finish_round(game, state)
    assert state["durations"] == []
    assert ship_type(state, 0, "small") == kept
    assert not flag(state, 0, "bombard", "large")


def test_e129_trace_lines_say_when_a_duration_starts_and_ends(tmp_path: Path) -> None:
    game, state, trace = _used(tmp_path)
    _finish_round(game, state)
    assert "booster: until the end of the round, movement +1 of your ships" in trace.lines
    assert "siege: until the end of the round, can bombard of your large ships" in trace.lines
    assert "booster's movement +1 of your ships ends: the round is over" in trace.lines


def test_e129_a_game_saved_in_the_middle_of_a_duration_resumes_with_it(tmp_path: Path) -> None:
    game, state, _ = _used(tmp_path)
    game.listen(None)
    loaded = persist.load(persist.save(state))
    assert stat(loaded, 0, "movement", "small") == 2
    assert loaded["durations"][0]["until"] == "round"
    _finish_round(game, loaded)
    assert stat(loaded, 0, "movement", "small") == 1
    clone = game.clone(state)
    assert stat(clone, 0, "movement", "medium") == 2


def test_e129_the_kept_ship_type_numbers_follow_a_duration(tmp_path: Path) -> None:
    """A duration a `round_start` trigger starts renews the kept numbers of its owner's ship
    types (versions.cards_changed), and its end renews them again."""
    rally = "when round_start -> until the end of the round: your ships have +1 movement"
    game = mod_game(tmp_path, {"rally": rally})
    state = blank(game)
    put_tech(state, 0, "rally")
    kept = ship_type(state, 0, "small")
    assert kept is not None and ship_type(state, 0, "small") is kept  # kept, not read again
    choose(game, state, {0: "mine", 1: "mine"})
    _finish_round(game, state)  # round 2 starts: the rally lasts until its end
    assert ship_type(state, 0, "small") == kept._replace(movement=kept.movement + 1)
    choose(game, state, {0: "trade", 1: "trade"})
    _finish_round(game, state)  # round 2 is over; round 3's rally starts afresh
    assert ship_type(state, 0, "small") == kept._replace(movement=kept.movement + 1)
    assert len(state["durations"]) == 1


def test_the_terminal_game_lists_the_durations_of_its_seat(tmp_path: Path) -> None:
    from whitedwarf.interpreter.lastlight.views.panels import own_panel

    game, state, _ = _used(tmp_path)
    panel = own_panel(game.observation(state, 0), 0)
    assert "until the end of the round: movement +1 of your ships" in panel


DUSK = "when round_end -> until the end of the round: your ships have +1 movement"
WATCH = (
    "when round_end -> put 1 mark on this card\n"
    "when round_start if marks on this card >= 1 -> remove 1 mark from this card ->"
    " until the end of the round: your ships have +1 movement"
)


def test_e129_a_duration_started_at_round_end_lasts_no_time_and_w0413_card_does(
    tmp_path: Path,
) -> None:
    """W0413's card ("your ships have +1 movement until the end of the next round", written
    as a duration started at `round_end`) never counts: the round ends right after its
    `round_end` triggers. The hint's card, a mark put at `round_end` and spent at the next
    `round_start`, counts for the whole next round."""
    game = mod_game(tmp_path, {"dusk": DUSK, "watch": WATCH})
    state = blank(game)
    put_tech(state, 0, "dusk")
    put_tech(state, 1, "watch")
    game.edited(state)
    trace = Trace()
    game.listen(trace)
    choose(game, state, {0: "mine", 1: "mine"})
    _finish_round(game, state)
    game.listen(None)
    assert "dusk's movement +1 of your ships ends: the round is over" in trace.lines
    assert state["round"] == 2
    assert stat(state, 0, "movement", "small") == 1
    assert stat(state, 1, "movement", "small") == 2
    assert [d["card"] for d in state["durations"]] == ["watch#1"]  # the mark spent once
    assert state["card_state"]["1"]["watch#1"]["counters"] == {}
