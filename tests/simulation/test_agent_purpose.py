"""The heuristic agent keeps its achievement in view and uses abilities on purpose (issue 8).

Scenario tests: a position as data (``tests.effects.scenario``: cards written as effect text,
the way a modder adds them), the agent's choice from that seat's observation, and the choice
expected. Rules: 000 "Planetary Achievement" ("Keep Hidden. Play immediately when ..."),
000 "Civilization technology cards" (activated abilities, exhausting) and the effect
language's "may" (docs/effect-ir.md ``ask``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from whitedwarf.interpreter.lastlight import hooks
from whitedwarf.interpreter.lastlight.agents.heuristic import HeuristicAgent, best_option
from whitedwarf.interpreter.lastlight.decisions import Option
from whitedwarf.interpreter.lastlight.persist import observation

from tests.effects.scenario import add_card, fresh, planets, tech, token

State = dict[str, Any]


def _choice(state: State, seat: int, ids: list[str], seed: int = 1) -> str:
    """What the heuristic agent picks among ``ids`` from ``seat``'s observation."""
    options = [Option(i, i) for i in ids]
    return best_option(observation(state, seat), seat, options, random.Random(seed))


def _two_planets(state: State) -> tuple[str, str]:
    """A red and a blue planet of the same ring (equal to the agent but for their colour)."""
    for ring in ("inner", "outer", "distant"):
        red, blue = planets(state, ring, "red"), planets(state, ring, "blue")
        if red and blue:
            return red[0], blue[0]
    raise AssertionError("the base board has red and blue planets in one ring")


@pytest.mark.parametrize("colour", ["red", "blue"])
def test_the_extractor_goes_where_the_kept_achievement_needs_it(colour: str) -> None:
    # A modder's achievement (not a base card): the agent reads its condition, not its id.
    _g, s = fresh(players=3)
    red, blue = _two_planets(s)
    s["players"][0]["achievement"] = add_card(
        s,
        "achievements",
        f"{colour}_claim",
        f"as soon as number of {colour} planets you control >= 2 -> gain 2 light",
    )
    wanted = red if colour == "red" else blue
    for seed in range(6):  # not a lucky tie-break: the same choice whatever the seed
        assert _choice(s, 0, [f"extractor:{red}", f"extractor:{blue}"], seed) == (
            f"extractor:{wanted}"
        )


def test_without_an_achievement_the_two_extractors_are_equal() -> None:
    _g, s = fresh(players=3)
    red, blue = _two_planets(s)
    picks = {_choice(s, 0, [f"extractor:{red}", f"extractor:{blue}"], seed) for seed in range(12)}
    assert picks == {f"extractor:{red}", f"extractor:{blue}"}


def test_another_players_achievement_does_not_steer_the_agent() -> None:
    # Seat 1 keeps the red card; seat 0 cannot see it ("?" in its observation).
    _g, s = fresh(players=3)
    red, blue = _two_planets(s)
    s["players"][1]["achievement"] = add_card(
        s,
        "achievements",
        "red_claim",
        "as soon as number of red planets you control >= 2 -> gain 2 light",
    )
    picks = {_choice(s, 0, [f"extractor:{red}", f"extractor:{blue}"], seed) for seed in range(12)}
    assert picks == {f"extractor:{red}", f"extractor:{blue}"}


# -- abilities on purpose ----------------------------------------------------------------------


def test_a_clearly_good_ability_is_used() -> None:
    _g, s = fresh(players=3)
    ref = tech(s, 0, "sun_tap", "activated: exhaust this card -> gain 2 light")
    assert _choice(s, 0, [f"use:{ref}", "done"]) == f"use:{ref}"


def test_an_ability_that_costs_a_lot_and_gives_nothing_is_declined() -> None:
    _g, s = fresh(players=3)
    s["players"][0]["res"]["rare"] = 3
    ref = tech(s, 0, "money_pit", "activated: exhaust this card and pay 3 rare -> gain 1 common")
    assert _choice(s, 0, [f"use:{ref}", "done"]) == "done"


def test_the_agent_discards_its_least_valuable_tech_for_an_ability() -> None:
    g, s = fresh(players=3)
    scrap = tech(
        s,
        0,
        "scrapper",
        "activated: discard a tech of yours other than this card -> gain 2 uncommon",
    )
    good = tech(s, 0, "star_well", "when round_end -> gain 1 light")
    poor = tech(s, 0, "small_token", "when token_revealed -> gain 1 common")
    hooks.start_activated(s, 0, f"use:{scrap}")
    options = g.legal_options(s, 0)
    assert {o.id for o in options} >= {f"pick:{good}", f"pick:{poor}"}
    assert HeuristicAgent(1).choose(s, 0, options) == f"pick:{poor}"


@pytest.mark.parametrize(
    ("effect", "answer"),
    [
        ("may pay 1 common -> gain 2 light", "yes"),  # pays
        ("may pay 3 rare -> gain 1 common", "no"),  # loses
    ],
)
def test_a_may_is_answered_by_what_it_costs_and_gives(effect: str, answer: str) -> None:
    g, s = fresh(players=3)
    s["players"][0]["res"].update(common=3, rare=3)
    token(s, 0, "offer", effect)
    options = g.legal_options(s, 0)
    assert [o.id for o in options] == ["yes", "no"]
    assert HeuristicAgent(1).choose(s, 0, options) == answer
