"""Planetary achievements are played the moment their condition holds (000 "Planetary
Achievement": "Keep Hidden. Play immediately when you control 2 red planets. Gain 2 [light]").

Not only when an action card ends: after every step of the rules and every verb of a card
effect (docs/rules-decisions.md E18). A condition that holds only for a moment inside one card
is still met, so the card is played; ``as soon as`` clauses of factions and techs share the
check.
"""

from __future__ import annotations

import pytest

from tests.effects.scenario import add_card, faction, fresh, ship, token
from tests.engine.positions import force_faces, resolve

VIGIL = "as soon as number of centre ships of yours >= 2 -> gain 2 light"


def test_000_played_after_a_move_step_though_false_again_when_the_card_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 0 moves a second ship into the centre (true), then loses one in the attack step of
    the same Command card (false by the card's end): the achievement was played at the move,
    and the faction's ``as soon as`` clause of the same condition ran there too."""
    force_faces(monkeypatch, ["hit", "miss", "miss"])
    g, s = fresh()
    add_card(s, "achievements", "vigil", VIGIL)
    s["players"][0]["achievement"] = "vigil"
    faction(s, 0, "watchers", "as soon as number of centre ships of yours >= 2 -> gain 1 common")
    ship(s, 0, "small", "centre")
    mover = ship(s, 0, "small", "inner_0")
    ship(s, 1, "large", "centre")
    s["first"] = 0
    resolve(g, s, [["move", 0], ["move", 1], ["attack", [0, 1]]])
    g.apply(s, 0, f"move:{mover}:centre")
    p = s["players"][0]
    # Played at once: before the other ship has moved and before any combat.
    assert (p["achievement"], p["achievements_done"], p["light"]) == (None, ["vigil"], 2)
    assert p["res"]["common"] == 1 and p["once"] == ["watchers:0"]
    while s["phase"] == "resolve":
        seat = g.current_players(s)[0]
        options = [o.id for o in g.legal_options(s, seat)]
        # Seat 0 does not attack; seat 1's large ship rolls and its hit picks a target.
        pick = next((o for o in options if o.startswith(("roll:", "assign:"))), None)
        fallback = "done" if "done" in options else options[0]
        g.apply(s, seat, pick if seat == 1 and pick else fallback)
    centre_ships = [x for x in s["ships"].values() if x["owner"] == 0 and x["sector"] == "centre"]
    assert len(centre_ships) == 1  # the condition no longer holds at the card's end
    assert (p["light"], p["res"]["common"], p["achievements_done"]) == (2, 1, ["vigil"])


def test_000_played_between_two_verbs_of_one_effect() -> None:
    """A token that gains 3 common and then pays 3: the condition "3 common" holds only
    between its two verbs, and the achievement is played there."""
    _g, s = fresh()
    add_card(s, "achievements", "hoard", "as soon as common >= 3 -> gain 2 light")
    s["players"][0]["achievement"] = "hoard"
    token(s, 0, "flash", "gain 3 common then pay 3 common", sector="outer_00")
    p = s["players"][0]
    assert (p["res"]["common"], p["light"], p["achievements_done"]) == (0, 2, ["hoard"])


def test_000_played_at_the_rotation_before_the_next_round() -> None:
    """Centre light at the rotation (000 "Board Rotation") makes the condition true: the
    achievement is played there, before the next round's action choice, not when the next
    action card ends."""
    g, s = fresh()
    add_card(s, "achievements", "beacon", "as soon as light >= 1 -> gain 2 light")
    s["players"][0]["achievement"] = "beacon"
    ship(s, 0, "small", "centre")
    for p in s["players"]:
        p["hand"].remove("refresh")
        p["played"].append("refresh")
    resolve(g, s, [])  # nothing left to resolve: the end of round, with a rotation
    p = s["players"][0]
    assert s["phase"] == "choose" and s["rotation"] == 1
    assert (p["light"], p["achievements_done"]) == (3, ["beacon"])


def test_000_each_achievement_is_played_once_however_often_it_is_checked() -> None:
    """The check runs after every step; a played achievement (and a run ``as soon as``
    clause) never runs again while its condition keeps holding."""
    g, s = fresh()
    add_card(s, "achievements", "vigil", VIGIL)
    s["players"][0]["achievement"] = "vigil"
    ship(s, 0, "small", "centre")
    ship(s, 0, "small", "centre")
    resolve(g, s, [["mine", 0], ["mine", 1]])
    while s["phase"] == "resolve":
        seat = g.current_players(s)[0]
        g.apply(s, seat, g.legal_options(s, seat)[0].id)
    assert s["players"][0]["light"] == 2 and s["players"][0]["achievements_done"] == ["vigil"]


def test_000_played_when_a_kill_fills_the_graveyard_before_it_pays_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two kills in one sector take seat 0's graveyard from 2 units to 4, and the full
    graveyard pays out "as soon as" it holds 4 (000 "Graveyard"), in the same damage step.
    "3 units in your graveyard" held once the kills were placed there, before the payout, so
    the achievement is played (checked after each unit destroyed, E17)."""
    force_faces(monkeypatch, ["hit", "hit", "miss"])
    g, s = fresh()
    add_card(s, "achievements", "trophies", "as soon as graveyard >= 3 -> gain 2 light")
    p = s["players"][0]
    p["achievement"] = "trophies"
    p["graveyard"] = [{"kind": "ship", "owner": 1, "size": "small"}] * 2
    ship(s, 0, "large", "outer_00")
    first = ship(s, 1, "small", "outer_00")
    second = ship(s, 2, "small", "outer_00")
    resolve(g, s, [["attack", [0]]])
    g.apply(s, 0, "roll:large")
    g.apply(s, 0, f"assign:{first}")  # the second hit has one target left: assigned at once
    assert first not in s["ships"] and second not in s["ships"]
    assert p["graveyard"] == []  # paid out: 1 light
    assert (p["light"], p["achievements_done"]) == (3, ["trophies"])
