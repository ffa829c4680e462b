"""Players named by rank and by seat, another player's value, a tech discarding itself
(docs/dsl.md "Named parties" and "Conditions"; docs/rules-decisions.md E150-E153): each
form parses, checks (good and bad input, located), prints the card text that says what it
does, and does it on a real Last Light state."""

from __future__ import annotations

import pytest
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.render import render_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

from tests.effects.scenario import fresh, ship, token


def diagnose(effect: str, kind: str = "faction", game=registry) -> list[Diagnostic]:
    return compile_effect(EffectSource.standalone(effect), game(), kind)[1]


def clean(effect: str, kind: str = "faction", game=registry) -> None:
    assert diagnose(effect, kind, game) == [], effect


# --- what validates, and the card text it prints ----------------------------------------


@pytest.mark.parametrize(
    ("effect", "text"),
    [
        ("when round_end -> steal 1 common from the opponent with the most ships",
         "At the end of each round: steal 1 [common] from the opponent with the most ships "
         "(of those tied, the first after you in turn order)."),
        ("when round_start -> give 1 common to the player with the fewest light",
         "At the start of each round: give 1 [common] to the player with the fewest [light] "
         "(of those tied, the first after you in turn order)."),
        ("when round_end if light of the player to your left > light -> gain 1 common",
         "At the end of each round, if the [light] of the player to your left is more than "
         "your [light]: gain 1 [common]."),
        ("when round_end -> for each opponent -> if light of it > light -> gain 1 common",
         "At the end of each round: for each opponent, if the [light] of it is more than "
         "your [light], gain 1 [common]."),
        ("when the player to your left builds a ship -> gain 1 common",
         "When the player to your left builds a ship: gain 1 [common]."),
        ("when round_end -> gain 1 light then pay 1 common -> give 1 common to the player "
         "to your left",
         "At the end of each round: gain 1 [light], then pay 1 [common] to give 1 [common] to "
         "the player to your left."),
    ],
)  # fmt: skip
def test_the_forms_validate_and_their_text_says_what_they_do(effect: str, text: str) -> None:
    clean(effect, "civilization")
    assert render_effect(effect, registry()) == text


def test_a_tech_discarding_itself_validates_and_says_so() -> None:
    effect = "activated, once per round: discard this card -> gain 3 light"
    clean(effect, "civilization")
    assert render_effect(effect, registry()) == (
        "Action (once per round): discard this card to gain 3 [light]."
    )


def test_starlight_has_the_leader_ranked_players_and_another_players_value() -> None:
    for effect in (
        "when turn_start -> steal 1 long_ray from the leader",
        "when turn_start -> steal 1 long_ray from the opponent with the most night_points",
        "when an opponent flushes a pool if night_points of the player who flushed > "
        "night_points -> gain 1 ap",
        "when turn_start if rays_held of the leader > rays_held -> gain 1 ap",
    ):
        clean(effect, "god", starlight)
    said = render_effect(
        "when an opponent flushes a pool if night_points of the player who flushed > "
        "night_points -> gain 1 ap",
        starlight(),
    )
    assert "if the night points of the player who flushed is more than your night points" in said


# --- what is refused, where, and what it is told -----------------------------------------


@pytest.mark.parametrize(
    ("effect", "kind", "code", "column", "said"),
    [
        ("when round_end if light of an opponent > light -> gain 1 common", "faction",
         "E0435", 28, "`light of an opponent` reads one player's value"),
        ("when round_end if lihgt of the leader > light -> gain 1 common", "faction",
         "E0408", 19, "unknown value `lihgt`"),
        ("when round_end if light of this planet > light -> gain 1 common", "planetary",
         "E0412", 1, "a planetary card cannot have a `trigger` clause"),
        ("when round_end -> steal 1 common from the opponent with the most shipz", "faction",
         "E0436", 66, "a player is ranked by their things or a value"),
        ("when round_end -> steal 1 common from an opponent with the most ships", "faction",
         "E0436", 39, "names one player: write `the opponent with the most ships`"),
        ("when round_end -> destroy a ship with the most ships", "faction",
         "E0436", 27, "only a player is ranked"),
        ("when round_end -> steal 1 common from the opponent with the least light", "faction",
         "E0410", 52, "`steal` takes nothing introduced by `with`"),
        ("activated: discard this card -> gain 3 light", "faction",
         "E0437", 20, "`discard this card` cannot act on a faction card"),
        ("when the player to your rigth builds a ship -> gain 1 common", "faction",
         "E0434", 17, "this game names nobody `to your rigth`"),
        ("when a player to your left builds a ship -> gain 1 common", "faction",
         "E0434", 6, "names one player: write `the player to your left`"),
    ],
)  # fmt: skip
def test_bad_forms_are_refused_at_the_fault(
    effect: str, kind: str, code: str, column: int, said: str
) -> None:
    found = [d for d in diagnose(effect, kind) if d.is_error]
    assert found, effect
    first = found[0]
    assert (first.code, first.span.column) == (code, column), first.headline()
    assert said in first.message


def test_the_least_is_told_the_ranking_word() -> None:
    (found,) = diagnose("when round_end -> steal 1 common from the opponent with the least light")
    assert found.hint == (
        "the language has no `least` for ranking a player: write `with the fewest` (`the "
        "opponent with the fewest ships` or `the opponent with the fewest light`)"
    )
    assert found.notes == ()


def test_starlight_names_players_by_seat_too() -> None:
    """003 "Players take turns in clockwise order" (SL158): `the player to your left`,
    though Starlight's only player noun is `opponent`."""
    for effect in (
        "when the player to your left launches a star -> gain 1 ap",
        "when turn_start -> steal 1 short_ray from the player to your right",
        "when turn_start if night_points of the player to your left > night_points -> gain 1 ap",
    ):
        clean(effect, "god", starlight)
    (found,) = diagnose("when turn_start -> steal 1 short_ray from the player to your lfet",
                        "god", starlight)  # fmt: skip
    assert found.code == "E0434"


# --- what it does in a game ---------------------------------------------------------------


def _light(s: dict, *light: int) -> None:
    for seat, n in enumerate(light):
        s["players"][seat]["light"] = n


def _common(s: dict) -> list[int]:
    return [p["res"]["common"] for p in s["players"]]


def test_the_opponent_with_the_most_ships_is_who_has_most_and_a_tie_goes_to_the_next_seat():
    _g, s = fresh(players=4)
    for seat in (1, 2, 3):
        s["players"][seat]["res"]["common"] = 2
    ship(s, 2, "small", "outer_05")
    ship(s, 2, "small", "outer_09")
    ship(s, 3, "small", "outer_10")
    token(s, 0, "a", "steal 1 common from the opponent with the most ships")
    assert _common(s) == [1, 2, 1, 2]
    ship(s, 3, "small", "outer_04")  # seats 2 and 3 tied at 2: seat 2 is first after seat 0
    token(s, 3, "b", "steal 1 common from the opponent with the most ships")
    assert _common(s) == [1, 2, 0, 3]  # for seat 3 the first after it is seat 0, then 1, 2


def test_the_fewest_and_a_value_rank_too_and_the_player_form_ranks_you_last_on_a_tie():
    _g, s = fresh(players=3)
    _light(s, 4, 4, 1)
    token(s, 0, "a", "give 1 common to the opponent with the fewest light")  # from the supply
    assert _common(s) == [0, 0, 1]
    token(s, 0, "b", "give 1 common to the player with the most light")  # seat 1 ties you
    assert _common(s) == [0, 1, 1]
    _light(s, 5, 4, 1)
    token(s, 0, "c", "steal 1 common from the player with the most light")  # you: nothing
    assert _common(s) == [0, 1, 1]
    token(s, 0, "d", "give 1 common to the player with the most light")
    assert _common(s) == [1, 1, 1]


def test_another_players_value_reads_their_side():
    _g, s = fresh(players=3)
    _light(s, 2, 3, 1)
    token(s, 0, "a", "if light of the player to your left > light -> gain 1 common")
    token(s, 0, "b", "if light of the player to your right > light -> gain 1 uncommon")
    token(s, 0, "c", "for each opponent -> if light of it < light -> gain 1 rare")
    res = s["players"][0]["res"]
    assert (res["common"], res["uncommon"], res["rare"]) == (1, 0, 1)


def test_a_remembered_player_not_chosen_yet_has_nothing():
    _g, s = fresh(players=3)
    _light(s, 0, 5, 5)
    # a token's `that opponent` is its own card's choice: none made yet, so 0 light
    token(s, 0, "a", "if light of that opponent == 0 -> gain 1 common\n"
          "if round >= 99 -> choose an opponent: gain 1 light")  # fmt: skip
    assert s["players"][0]["res"]["common"] == 1


def test_two_named_players_are_one_when_they_sit_in_one_seat():
    """`<player> is <player>` (docs/rules-decisions.md E154), printed "is not" negated."""
    _g, s = fresh(players=3)
    _light(s, 0, 2, 2)  # seats 1 and 2 tie: the leader is seat 1, the first after you
    token(s, 0, "a", "if the player to your left is the leader -> gain 1 common")
    token(s, 0, "b", "if the player to your right is the leader -> gain 1 uncommon")
    token(s, 0, "c", "if not the player to your right is the leader -> gain 1 rare")
    res = s["players"][0]["res"]
    assert (res["common"], res["uncommon"], res["rare"]) == (1, 0, 1)
    said = render_effect("if not the owner of this planet is the leader -> gain 1 rare",
                         registry())  # fmt: skip
    assert said == "If the owner of this planet is not the leader, gain 1 [rare]."
