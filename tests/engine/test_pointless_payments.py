"""Last Light: a payment whose gain cannot happen is not offered (issue 29 item 8, the rule of
docs/rules-decisions.md E134; SL147 in Starlight). The supply is finite (000 "Components"), so a
gain from an empty supply gives nothing; `may pay 1 rare -> gain 1 uncommon` with no
uncommon left was asked and paid for nothing."""

from __future__ import annotations

from whitedwarf.interpreter.lastlight import events, hooks, versions
from whitedwarf.interpreter.lastlight.hooks import fire

from tests.effects.scenario import faction, fresh, tech


class _Notes:
    def __init__(self) -> None:
        self.notes: list[dict] = []

    def __call__(self, event: dict) -> None:
        pass

    def note(self, event: dict) -> None:
        self.notes.append(event)


def test_a_gain_from_an_empty_supply_is_not_offered_for_a_payment() -> None:
    g, s = fresh()
    faction(s, 0, "trader", "when resources_mined -> may pay 1 rare -> gain 1 uncommon")
    s["players"][0]["res"]["rare"] = 1
    s["supply"]["uncommon"] = 0
    fire(s, "resources_mined", 0, {})
    assert "yes" not in [o.id for o in g.legal_options(s, 0)]  # no question asked
    assert s["players"][0]["res"]["rare"] == 1  # nothing paid


def test_with_the_supply_holding_some_it_is_offered() -> None:
    g, s = fresh()
    faction(s, 0, "trader", "when resources_mined -> may pay 1 rare -> gain 1 uncommon")
    s["players"][0]["res"]["rare"] = 1
    fire(s, "resources_mined", 0, {})
    assert [o.id for o in g.legal_options(s, 0)] == ["yes", "no"]


def test_a_choose_one_option_gaining_from_an_empty_supply_is_not_offered() -> None:
    _, s = fresh()
    faction(s, 0, "trader", "when resources_mined -> choose one: (pay 1 rare -> gain 1 "
            "uncommon) or gain 1 common")  # fmt: skip
    s["players"][0]["res"].update(rare=1, common=0)
    s["supply"]["uncommon"] = 0
    fire(s, "resources_mined", 0, {})
    assert s["players"][0]["res"]["common"] == 1 and s["players"][0]["res"]["rare"] == 1


def test_a_mandatory_payment_for_nothing_is_not_made_and_the_trace_says_so() -> None:
    _, s = fresh()
    faction(s, 0, "trader", "when resources_mined -> pay 1 rare -> gain 1 uncommon")
    s["players"][0]["res"]["rare"] = 1
    s["supply"]["uncommon"] = 0
    heard = _Notes()
    with events.listening(heard):
        fire(s, "resources_mined", 0, {})
    assert s["players"][0]["res"]["rare"] == 1
    assert [n["kind"] for n in heard.notes] == ["pointless"]
    assert "pays nothing" in events.describe({**heard.notes[0]})


def test_an_ability_whose_gain_cannot_happen_is_not_offered() -> None:
    """Offered, it paid nothing (its `exhaust this card` neither) and was offered again and
    again until the game stopped at the bound on uses (E21): random games did so."""
    _, s = fresh()
    ref = tech(s, 0, "scrap", "activated: exhaust this card -> gain 1 rare")
    assert hooks.activated_options(s, 0) == [(f"use:{ref}", "use Scrap")]
    s["supply"]["rare"] = 0
    versions.forget(s)  # the supply edited in place, behind the engine's back
    assert hooks.activated_options(s, 0) == []
    s["supply"]["rare"] = 1
    versions.forget(s)
    assert hooks.activated_options(s, 0) == [(f"use:{ref}", "use Scrap")]
