"""The engine's events (``lastlight/events.py``): a designer sees every effect happen.

Each scenario is a position, an action, and the events a listener hears, one line each as
``whitedwarf play --trace`` prints them; and the light each player gained by source in the
state (``players[s]["light_by_source"]``, docs/rules-decisions.md E40).
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.lastlight import events
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.state import LIGHT_SOURCES

from tests.effects.scenario import add_card, faction, fresh, ids, ship, tech, token
from tests.engine.positions import resolve

State = dict[str, Any]


def heard(g: Game) -> list[dict[str, Any]]:
    """The events ``g`` sends from now on."""
    found: list[dict[str, Any]] = []
    g.listen(found.append)
    return found


def lines(found: list[dict[str, Any]]) -> list[str]:
    return [events.describe(e) for e in found]


def test_000_move_a_token_revealed_is_named_and_its_effect_shown() -> None:
    """000 "1. Move": tokens in sectors you now occupy are revealed and resolved; the event
    names the token (not "a token") and its effect's verbs follow, caused by it."""
    g, s = fresh()
    add_card(s, "exploration", "star_chart", "gain 2 light", kind="deep_space", copies=0)
    sector = s["sectors"]["outer_00"]
    sector.update(token="star_chart#1", token_kind="deep_space", revealed=False)
    sid = ship(s, 0, "small", "inner_0")
    resolve(g, s, [["move", 0]])
    found = heard(g)
    g.apply(s, 0, f"move:{sid}:outer_00")  # its only ship: no move left, the token reveals
    kinds = [(e["kind"], e["card"]) for e in found]
    assert ("token", "star_chart") in kinds and ("effect", "star_chart") in kinds
    text = lines(found)
    assert "round   1 seat 0: reveals token star_chart in outer_00" in text
    assert "round   1 seat 0: star_chart: gain 2 light" in text
    assert "round   1 seat 0: gains 2 light (exploration) [by star_chart]" in text
    assert s["players"][0]["light_by_source"]["exploration"] == 2


def test_000_a_modifier_names_the_card_that_gave_it() -> None:
    """000 "Civilization technology cards": an always-on effect changes a number of the rules
    (here Research's draw, 000 "Action Card #1"); the event names the card and the change."""
    g, s = fresh()
    tech(s, 0, "deep_archive", "you have +1 research_draw")
    with events.listening((found := []).append):
        resolve(g, s, [["research", 0]])
    modifiers = [e for e in found if e["kind"] == "modifier"]
    assert [(e["card"], e["stat"], e["amount"]) for e in modifiers] == [
        ("deep_archive", "research_draw", 1)
    ]
    assert "round   1 seat 0: deep_archive modifies research_draw by +1" in lines(found)
    assert sum(e["kind"] == "tech_drawn" for e in found) == 4  # 3 + 1


def test_000_a_trigger_without_a_choice_is_shown_with_its_light_source() -> None:
    """A ``when`` clause that asks nothing still appears: the card taking effect, its verb,
    and the light it gave, by source (a tech: ``card``; a faction: ``faction``)."""
    g, s = fresh()
    tech(s, 0, "ore_bonus", "when after_mine -> gain 1 light")
    faction(s, 0, "miners", "when after_mine -> gain 1 light")
    with events.listening((found := []).append):
        resolve(g, s, [["mine", 0]])
    text = lines(found)
    assert "round   1 seat 0: ore_bonus is triggered (when after_mine)" in text
    assert "round   1 seat 0: miners is triggered (when after_mine)" in text
    assert "round   1 seat 0: gains 1 light (card) [by ore_bonus]" in text
    assert "round   1 seat 0: gains 1 light (faction) [by miners]" in text
    sources = s["players"][0]["light_by_source"]
    assert (sources["card"], sources["faction"], s["players"][0]["light"]) == (1, 1, 2)


def test_a_trigger_whose_if_fails_is_told_as_triggered_and_nothing_more() -> None:
    """000 "Mine": the hook comes, the card's `if` does not hold, and nothing happens: the
    trace says the card was triggered (the event is told before its `if` is tested) and no
    line of it claims an effect; with the `if` holding, its verb and gain follow."""
    g, s = fresh()
    tech(s, 0, "rich_only", "when after_mine -> if common >= 50 -> gain 1 light")
    tech(s, 0, "poor_ok", "when after_mine -> if common >= 0 -> gain 1 light")
    with events.listening((found := []).append):
        resolve(g, s, [["mine", 0]])
    text = lines(found)
    assert "round   1 seat 0: rich_only is triggered (when after_mine)" in text
    assert not [line for line in text if "rich_only" in line and "triggered" not in line]
    assert "round   1 seat 0: poor_ok is triggered (when after_mine)" in text
    assert "round   1 seat 0: gains 1 light (card) [by poor_ok]" in text
    assert not [line for line in text if "takes effect" in line]
    assert s["players"][0]["light_by_source"]["card"] == 1


class Tracing:
    """A listener as ``play --trace`` is: events, and the notes told to a trace only."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.notes: list[dict[str, Any]] = []

    def __call__(self, event: dict[str, Any]) -> None:
        self.events.append(event)

    def note(self, event: dict[str, Any]) -> None:
        self.notes.append(event)


def test_a_trigger_whose_condition_is_false_is_a_note_for_the_trace_only() -> None:
    """The hook comes, the card's `when ... if` condition is false: no effect starts, so no
    event (a replay records none, as before), and a listener that traces is told the card
    did nothing. One whose condition holds is an event, as before."""
    g, s = fresh()
    tech(s, 0, "rich_only", "when after_mine if common >= 50 -> gain 1 light")
    tech(s, 0, "poor_ok", "when after_mine if common >= 0 -> gain 1 light")
    plain: list[dict[str, Any]] = []
    with events.listening(plain.append):
        resolve(g, s, [["mine", 0]])
    g, s = fresh()
    tech(s, 0, "rich_only", "when after_mine if common >= 50 -> gain 1 light")
    tech(s, 0, "poor_ok", "when after_mine if common >= 0 -> gain 1 light")
    tracing = Tracing()
    with events.listening(tracing):
        resolve(g, s, [["mine", 0]])
    assert tracing.events == plain  # the same events, with or without a trace
    assert not [e for e in plain if e["card"] == "rich_only"]
    assert [events.describe(e) for e in tracing.notes] == [
        "round   1 seat 0: rich_only is triggered (when after_mine) but its condition is "
        "false: did nothing"
    ]
    assert "round   1 seat 0: poor_ok is triggered (when after_mine)" in lines(plain)


def test_000_an_achievement_being_played_is_shown() -> None:
    """000 "Planetary Achievement": "Play immediately when ..." (E17): the achievement is
    announced as played, then its effect, and its light counts as ``achievement``."""
    _g, s = fresh()
    add_card(s, "achievements", "hoard", "as soon as common >= 3 -> gain 2 light")
    s["players"][0]["achievement"] = "hoard"
    with events.listening((found := []).append):
        token(s, 0, "windfall", "gain 3 common", sector="outer_00")
    text = lines(found)
    assert "round   1 seat 0: plays achievement hoard" in text
    assert "round   1 seat 0: hoard is triggered (as soon as)" in text
    assert s["players"][0]["light_by_source"]["achievement"] == 2


def test_000_board_rotation_centre_light_and_the_rotation_are_shown() -> None:
    """000 "Board Rotation": every Refresh down, the board rotates and ships in the centre
    sector gain light (source ``centre``)."""
    g, s = fresh()
    ship(s, 0, "small", "centre")
    for p in s["players"]:
        p["hand"].remove("refresh")
        p["played"].append("refresh")
    with events.listening((found := []).append):
        resolve(g, s, [])
    text = lines(found)
    assert "round   1 seat -: the board rotates (rotation 1)" in text
    assert "round   1 seat 0: gains 1 light (centre)" in text
    assert s["players"][0]["light_by_source"]["centre"] == 1


def test_000_trade_gift_is_trade_light() -> None:
    """000 "Action Card #4": with two players the other one gains the gift (``trade``)."""
    g, s = fresh(players=2)
    resolve(g, s, [["trade", 0]])
    while s["stack"] and s["stack"][-1]["kind"] == "trade":
        g.apply(s, 0, "done" if "done" in ids(g, s, 0) else ids(g, s, 0)[0])
    assert s["players"][1]["light_by_source"]["trade"] == s["players"][1]["light"] == 1


def test_techs_drawn_kept_and_built_are_counted_and_announced() -> None:
    """000 "Action Card #1": draw 3, keep 2 (one discarded face up), manufacture."""
    g, s = fresh()
    s["players"][0]["res"]["common"] = 5
    resolve(g, s, [["research", 0]])
    found = heard(g)
    drawn = s["stack"][-1]["drawn"]
    g.apply(s, 0, f"discard:{drawn[0]}")
    stats = s["players"][0]["tech_stats"]
    assert sum(stats["drawn"].values()) == 3 and sum(stats["kept"].values()) == 2
    assert any(e["kind"] == "tech_discarded" for e in found)
    make = next((o.id for o in g.legal_options(s, 0) if o.id.startswith("make:")), None)
    if make is not None:
        g.apply(s, 0, make)
        built = make.split(":")[1].split("#")[0]
        assert stats["built"] == {built: 1}
        assert f"round   1 seat 0: tech {built} built" in " ".join(lines(found))


def test_nobody_listening_hears_nothing_and_the_state_keeps_no_events() -> None:
    """Events go to listeners only: the state holds only the bounded counters."""
    g, s = fresh()
    resolve(g, s, [["mine", 0]])
    assert not events.ON
    p = s["players"][0]
    assert set(p["light_by_source"]) == set(LIGHT_SOURCES)
    assert set(p["tech_stats"]) == {"drawn", "kept", "built"}
    assert "events" not in s


def test_a_multi_line_label_is_one_trace_line() -> None:
    """An option text or card name spanning lines (a mod's) still prints as one line."""
    decision = {"kind": "decision", "round": 4, "seat": 1, "option": "use:x#1", "text": "use\nX"}
    assert events.describe(decision) == "round   4 seat 1: decides: use X [use:x#1]"


def test_a_cost_that_cannot_be_paid_is_a_note_for_the_trace_only() -> None:
    """`may pay 1 rare -> gain 1 light` with no rare: nobody is asked and nothing happens; a
    trace says why (issue 29: a trigger whose cost cannot be paid left no trace line), and
    the events, which a replay records, are the same with or without the trace."""
    g, s = fresh()
    tech(s, 0, "rare_buyer", "when after_mine -> may pay 1 rare -> gain 1 light")
    plain: list[dict[str, Any]] = []
    with events.listening(plain.append):
        resolve(g, s, [["mine", 0]])
    g, s = fresh()
    tech(s, 0, "rare_buyer", "when after_mine -> may pay 1 rare -> gain 1 light")
    tracing = Tracing()
    with events.listening(tracing):
        resolve(g, s, [["mine", 0]])
    assert tracing.events == plain
    assert [events.describe(e) for e in tracing.notes] == [
        "round   1 seat 0: rare_buyer cannot pay its cost: what it pays for is skipped"
    ]


def test_an_if_step_that_is_false_is_a_note_naming_what_it_compared() -> None:
    """The effect machine runs `-> if common >= 50 -> gain 1 light` as one fused block, and
    the trace used to show the card triggered and then nothing: a designer could not tell a
    false `if` from a card that never ran its step. The trace now says the `if` was false,
    with the number it read (a note: the events, so the replay, are the same)."""
    g, s = fresh()
    tech(s, 0, "rich_only", "when after_mine -> if common >= 50 and light >= 0 -> gain 1 light")
    plain: list[dict[str, Any]] = []
    with events.listening(plain.append):
        resolve(g, s, [["mine", 0]])
    g, s = fresh()
    tech(s, 0, "rich_only", "when after_mine -> if common >= 50 and light >= 0 -> gain 1 light")
    tracing = Tracing()
    with events.listening(tracing):
        resolve(g, s, [["mine", 0]])
    assert tracing.events == plain
    common = s["players"][0]["res"]["common"]
    assert [events.describe(e) for e in tracing.notes] == [
        f"round   1 seat 0: rich_only: an if step is false (common is {common}, not >= 50): "
        "what it guards is skipped"
    ]
