"""A payment whose gain cannot happen is not offered (issue 29 item 8; docs/rules-decisions.md
SL147): `may pay 1 ap -> gain 1 core` with four cores held (003 "Gain Cores": "once you have
4 Cores, you may not take more") was offered, paid and gave nothing."""

from __future__ import annotations

from pathlib import Path

from whitedwarf.interpreter.starlight import persist, scenario

from tests.starlight.godmod import GOD, Trace, god_game, start_turn


def _holding(tmp_path: Path, effect: str, cores: int):
    game = god_game(tmp_path, effect)
    state = scenario.blank(game)
    scenario.keep(game, state, 0, god=GOD)
    scenario.give(game, state, 0, cores=sorted(game.content.cards["cores"])[:cores])
    scenario.put_marker(game, state, 0, "gain_cores")
    return game, state


def test_sl145_a_core_at_the_cap_is_not_offered_for_ap(tmp_path: Path) -> None:
    game, state = _holding(tmp_path, "when turn_start -> may pay 1 ap -> gain 1 core", 4)
    trace = Trace()
    game.listen(trace)
    start_turn(game, state, 0)
    assert scenario.options(game, state) == ["step", "end"]  # no `yes`/`no` question
    assert state["players"][0]["ap"] == 5  # nothing paid
    assert any("pays nothing: what it would pay for cannot happen now" in line
               for line in trace.lines)  # fmt: skip


def test_sl145_below_the_cap_the_payment_is_offered_and_gains(tmp_path: Path) -> None:
    game, state = _holding(tmp_path, "when turn_start -> may pay 1 ap -> gain 1 core", 3)
    start_turn(game, state, 0)
    assert scenario.options(game, state) == ["yes", "no"]
    state = game.edited(persist.load(persist.save(state)))  # saved while it asks
    pool = list(state["pools"]["cores"])
    scenario.choose(game, state, "yes")
    if len(set(pool)) > 1:  # which core of the pool: the owner's pick
        scenario.choose(game, state, scenario.options(game, state)[0])
    p = state["players"][0]
    assert p["ap"] == 4 and len(p["cores"]) == 4


def test_sl145_a_mandatory_payment_for_nothing_is_not_made(tmp_path: Path) -> None:
    game, state = _holding(tmp_path, "when turn_start -> pay 1 ap -> gain 1 core", 4)
    start_turn(game, state, 0)
    assert state["players"][0]["ap"] == 5


def test_sl145_a_choose_one_option_whose_gain_cannot_happen_is_not_offered(
    tmp_path: Path,
) -> None:
    effect = "when turn_start -> choose one: (pay 1 ap -> gain 1 core) or gain 1 night_point"
    game, state = _holding(tmp_path, effect, 4)
    start_turn(game, state, 0)
    # one option left: taken without asking
    assert scenario.options(game, state) == ["step", "end"]
    assert state["players"][0]["night"] == 1 and state["players"][0]["ap"] == 5


def test_sl145_a_bare_payment_option_is_still_offered(tmp_path: Path) -> None:
    """A `choose one` option that is a cost alone is what it does: offered when payable."""
    effect = "when turn_start -> choose one: pay 1 ap or gain 1 night_point"
    game, state = _holding(tmp_path, effect, 4)
    start_turn(game, state, 0)
    assert scenario.options(game, state) == ["branch:0", "branch:1"]
