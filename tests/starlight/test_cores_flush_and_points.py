"""Starlight's smaller vocabulary of issue 29: `flush <pool>` (SL149), `discard N cores` and
`gain N day_points` (SL150), `saved_ap`, `flares_used` without the flare being used (SL151),
and `stars of opponents`."""

from __future__ import annotations

import random
from pathlib import Path

from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.parser import parse
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.starlight import persist, scenario
from whitedwarf.interpreter.starlight.determinise import determinise
from whitedwarf.interpreter.starlight.vocabulary import registry

from tests.starlight.godmod import GOD, Trace, god_game, start_turn


def _diagnose(effect: str, kind: str = "god") -> list[tuple[str, int, str]]:
    _, found = compile_effect(EffectSource.standalone(effect), registry(), kind)
    return [(d.code, d.span.column, d.message) for d in found]


def _with_god(tmp_path: Path, effect: str, cores: int = 0):
    game = god_game(tmp_path, effect)
    state = scenario.blank(game)
    scenario.keep(game, state, 0, god=GOD)
    scenario.give(game, state, 0, cores=sorted(game.content.cards["cores"])[:cores])
    scenario.put_marker(game, state, 0, "gain_cores")
    return game, state


# --- parser and checker --------------------------------------------------------------------


def test_stars_of_opponents_parses_as_a_qualifier() -> None:
    effect = parse("as soon as number of stars of opponents >= 3 -> claim")
    assert effect.clauses[0].cond.left.selector.posts[0].kind == "of_opponents"


def test_misuses_are_located() -> None:
    assert _diagnose("when turn_start -> flush the_pool") == [
        ("E0414", 26, "`the_pool` is not allowed here")
    ]
    found = _diagnose("when turn_start -> if number of stars of this constellation >= 1 -> "
                      "gain 1 ap")  # fmt: skip
    assert [(code, column) for code, column, _ in found] == [("E0411", 39)]
    assert [c for c, _, _ in _diagnose("when turn_start -> gain 1 night_point per aspect of "
                                       "opponents")] == ["E0407"]  # fmt: skip
    assert [c for c, _, _ in _diagnose("when turn_start -> discard 1 ray -> gain 1 ap")] == [
        "E0409"
    ]
    assert [c for c, _, _ in _diagnose("when pool_flushed -> flush cores")] == ["W0404"]


# --- engine scenarios ----------------------------------------------------------------------


def test_sl147_a_god_flushes_a_pool_outside_its_action(tmp_path: Path) -> None:
    """003 "When you flush a pool": discarded and refilled at once; the god hears
    `pool_flushed` (its own flush too)."""
    game, state = _with_god(
        tmp_path, "when turn_start -> may pay 1 ap -> flush flares; when pool_flushed -> "
        "gain 1 night_point",
    )  # fmt: skip
    before = list(state["pools"]["flares"])
    start_turn(game, state, 0)
    assert scenario.options(game, state) == ["yes", "no"]
    state = game.edited(persist.load(persist.save(state)))
    trace = Trace()
    game.listen(trace)
    scenario.choose(game, state, "yes")
    p = state["players"][0]
    assert p["ap"] == 4 and p["points"]["night"]["effect"] == 1
    assert state["pools"]["flares"] != before and before[0] in state["flare_deck"]
    assert any("flushes the" in line for line in trace.lines)


def test_sl148_discard_a_core_as_a_cost_asks_which(tmp_path: Path) -> None:
    game, state = _with_god(tmp_path, "when turn_start -> discard 1 core -> gain 3 long_rays", 2)
    held = sorted(state["players"][0]["cores"])
    scenario.set_pool(game, state, "long", ["red:long"] * 3)
    start_turn(game, state, 0)
    assert scenario.options(game, state) == [f"discard:{c}" for c in held]
    state = game.edited(persist.load(persist.save(state)))  # saved while it asks
    scenario.choose(game, state, f"discard:{held[0]}")
    p = state["players"][0]
    assert p["cores"] == [held[1]] and held[0] in state["core_discard"]
    assert p["rays"] == ["red:long"] * 3


def test_sl148_no_core_to_discard_pays_nothing_and_gains_nothing(tmp_path: Path) -> None:
    game, state = _with_god(tmp_path, "when turn_start -> discard 1 core -> gain 3 long_rays")
    start_turn(game, state, 0)
    assert state["players"][0]["rays"] == []


def test_sl148_day_points_from_a_god_count_at_the_end(tmp_path: Path) -> None:
    game, state = _with_god(tmp_path, "when turn_start -> gain 2 day_points")
    start_turn(game, state, 0)
    p = state["players"][0]
    assert p["day"] == 2 and p["night"] == 0 and p["points"]["day"]["effect"] == 2


def test_saved_ap_reads_what_the_box_brought(tmp_path: Path) -> None:
    """003 "Action Points": up to 5 AP saved; in the next turn `saved_ap` is what they were."""
    game, state = _with_god(tmp_path, "when turn_start -> if saved_ap >= 3 -> gain 1 night_point")
    state["players"][0]["saved"] = 3
    start_turn(game, state, 0)
    assert state["players"][0]["night"] == 1 and state["players"][0]["ap"] == 5 + 3
    game, state = _with_god(tmp_path, "when turn_start -> if saved_ap >= 3 -> gain 1 night_point")
    state["players"][0]["saved"] = 2
    start_turn(game, state, 0)
    assert state["players"][0]["night"] == 0


def test_sl149_flares_used_does_not_count_the_flare_being_used(tmp_path: Path) -> None:
    """003 "Flares": "After using any Flare, keep it but turn it face down": Spent Embers
    (`gain (flares_used + 2) night_points`) used as the first flare scores 2, not 3."""
    game = god_game(tmp_path, "when turn_start -> gain 1 ap")
    state = scenario.blank(game)
    scenario.give(game, state, 0, flares=["spent_embers"])
    scenario.put_marker(game, state, 0, "gain_cores")
    scenario.turn(game, state, 0)
    scenario.choose(game, state, "boon:spent_embers")  # its green box: gain 1 flare
    assert state["players"][0]["used_flares"] == ["spent_embers"]
    from whitedwarf.interpreter.starlight.effects import new_frame

    adapter = game.adapter
    during = new_frame("flares:spent_embers", 0, 0, {"card": "spent_embers"})
    after = new_frame("gods:x", 0, 0, {"card": "x"})
    assert adapter.value(state, during, "flares_used") == 0
    assert adapter.value(state, after, "flares_used") == 1


def test_stars_of_opponents_are_counted(tmp_path: Path) -> None:
    effect = "when turn_start -> gain (number of stars of opponents) night_points"
    game, state = _with_god(tmp_path, effect)
    scenario.put_star(game, state, 1, "hydrus_1")
    scenario.put_star(game, state, 1, scenario.linked(game, "hydrus_1")[0])
    scenario.put_star(game, state, 0, "aquila_1")
    start_turn(game, state, 0)
    assert state["players"][0]["night"] == 2


def test_whitedwarf_text_writes_the_new_words(tmp_path: Path) -> None:
    from click.testing import CliRunner
    from whitedwarf.tools.cli import main

    god_game(tmp_path, "when opponent_launched -> may pay 1 ap -> flush cores; "
             "when game_end -> gain (number of stars of opponents) day_points")  # fmt: skip
    result = CliRunner().invoke(main, ["text", str(tmp_path / "godmod")])
    assert result.exit_code == 0, result.output
    assert "When another player launches a star: you may pay 1 [AP] to flush the pool of" in (
        result.output
    )
    assert "the number of stars of your opponents" in result.output


def test_the_new_words_complete_and_hover_through_the_registry() -> None:
    from whitedwarf.tools.editor.effect_context import EffectCursor, words_for
    from whitedwarf.tools.editor.hover import effect_hover

    reg = registry()
    hooks = [w for w, _, _ in words_for(reg, EffectCursor("when opp", "opp", 0, 0))]
    assert hooks == ["opponent_launched", "opponent_flushed", "opponent_took_core"]  # others
    verbs = [w for w, _, _ in words_for(reg, EffectCursor("when turn_start -> fl", "fl", 0, 0))]
    assert "flush" in verbs
    found = effect_hover(reg, "when turn_start -> flush cores", 21)
    assert found is not None and "refill it at once" in str(found)
    found = effect_hover(reg, "when turn_start -> if saved_ap >= 1 -> gain 1 ap", 24)
    assert found is not None and "Saved AP box" in str(found)


def test_an_unknown_value_points_at_starlights_reference() -> None:
    """E0408 sends a Starlight author to docs/reference-starlight.md (issue 29)."""
    _, found = compile_effect(
        EffectSource.standalone("gain (zzqq) night_points"), registry(), "flare_points"
    )
    assert [d.code for d in found] == ["E0408"]
    assert "docs/reference-starlight.md" in (found[0].hint or "")


def test_sl147_two_powers_on_a_flush_run_in_printed_order(tmp_path: Path) -> None:
    """A flush by an effect starts its god's `pool_flushed` powers in printed order, as the
    action's flush does: the first asks first."""
    game, state = _with_god(
        tmp_path, "when turn_start -> flush flares; when pool_flushed -> may gain 1 night_point; "
        "when pool_flushed -> may gain 2 ap",
    )  # fmt: skip
    start_turn(game, state, 0)
    assert game.legal_options(state, 0)[0].text == "gain 1 night_point"
    scenario.choose(game, state, "yes", "yes")
    assert state["players"][0]["night"] == 1 and state["players"][0]["ap"] == 5 + 2


def _flares_left(game, state, left: int) -> None:
    """Seat 1 holds every Flare of the deck but its first ``left``."""
    scenario.give(game, state, 1, flares=list(state["flare_deck"][left:]))
    assert len(state["flare_deck"]) == left


def test_sl182_a_cards_flush_over_a_short_deck_asks_the_order_as_the_rule_flush(
    tmp_path: Path,
) -> None:
    """003 "Clarifications": "Discarded Flares go face-down on the bottom of the Flare deck,
    in any order". A card's `flush flares` over a deck of two: the deck's two take the 1 and
    2 AP places, and the owner says which flushed Flares go under first, so which come back
    at the 3 and 4 AP places, as the Gain Flares action's flush (SL164). The other seat sees
    the question (the Flares were face up), and a save in the middle of it resumes."""
    game, state = _with_god(tmp_path, "when turn_start -> flush flares")
    _flares_left(game, state, 2)
    deck, pool = list(state["flare_deck"]), list(state["pools"]["flares"])
    start_turn(game, state, 0)
    assert sorted(scenario.options(game, state)) == sorted(f"under:{f}" for f in pool)
    assert state["pools"]["flares"] == [None] * 4
    view = game.observation(state, 1)
    assert sorted(view["frames"][-1]["pending"]["under"]) == sorted(pool)
    # The owner's search fills the hidden Flares without the ones it is ordering.
    world = determinise(game.content, game.observation(state, 0), 0, random.Random(3))
    assert world is not None
    assert not set(pool) & {*world["flare_deck"], *world["players"][1]["flares"]}
    state = game.edited(persist.load(persist.save(state)))
    scenario.choose(game, state, f"under:{pool[2]}", f"under:{pool[0]}", f"under:{pool[3]}")
    assert state["pools"]["flares"] == [*deck, pool[2], pool[0]]
    assert state["flare_deck"] == [pool[3], pool[1]]


def test_sl182_a_cards_flush_over_an_empty_deck_is_offered_and_comes_back_in_order(
    tmp_path: Path,
) -> None:
    """Over an empty deck a card's flush used to be skipped (`can` said the deck was empty);
    the rule flush brings the pool back in the order given, and so does the card's now."""
    game, state = _with_god(tmp_path, "when turn_start -> may flush flares")
    _flares_left(game, state, 0)
    pool = list(state["pools"]["flares"])
    start_turn(game, state, 0)
    assert scenario.options(game, state) == ["yes", "no"]
    scenario.choose(game, state, "yes", f"under:{pool[3]}", f"under:{pool[1]}")
    assert sorted(scenario.options(game, state)) == sorted(f"under:{f}" for f in pool[::2])
    scenario.choose(game, state, f"under:{pool[2]}")
    assert state["pools"]["flares"] == [pool[3], pool[1], pool[2], pool[0]]
    assert state["flare_deck"] == []
