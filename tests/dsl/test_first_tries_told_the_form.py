"""Cards a designer wrote first in the eleventh design round (Starlight; docs/design-exercise.md
"The eleventh exercise"): each was refused with a message that was false, showed the grammar's
regex, or sent them to a form that does not work either; each is told now what to write, and
what it is told compiles. A duration a reaction starts to the end of the turn validated and
did nothing: it is warned (W0436, docs/rules-decisions.md SL172)."""

from __future__ import annotations

import pytest
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry as lastlight
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight


def diagnose(effect: str, kind: str = "god") -> tuple[dict | None, list[Diagnostic]]:
    return compile_effect(EffectSource.standalone(effect), starlight(), kind)


def only(effect: str, code: str, kind: str = "god") -> Diagnostic:
    _, found = diagnose(effect, kind)
    assert [d.code for d in found] == [code], [d.headline() for d in found]
    return found[0]


def clean(effect: str, kind: str = "god") -> None:
    compiled, found = diagnose(effect, kind)
    assert compiled is not None and found == [], [d.headline() for d in found]


def quoted(hint: str | None) -> list[str]:
    assert hint is not None
    return hint.split("`")[1::2]


@pytest.mark.parametrize(("written", "times"), [("twice", "2"), ("two times", "2"), ("3", "3")])
def test_a_use_limit_of_more_than_one_use_is_told_at_most_n_times(written: str, times: str) -> None:
    found = only(f"when turn_start, {written} per game -> may pay 1 ap -> gain 1 flare", "E0301")
    assert f"`, at most {times} times per game`" in (found.hint or "")
    clean(f"when turn_start, at most {times} times per game -> may pay 1 ap -> gain 1 flare")


def test_the_expected_words_never_show_the_grammars_regex() -> None:
    """`if the player to your left has fewer ...` listed `(to|on)[ \\t]+your[ \\t]+...` as
    what was expected; it says `to your left` or `to your right`, and how a condition reads
    another player's value."""
    found = only(
        "when game_end if the player to your left has fewer night_points than you -> "
        "gain 2 day_points",
        "E0301",
    )
    assert "[ \t]" not in found.message and "(to|on)" not in found.message
    assert "`to your left` or `to your right`" in found.message
    assert "`<value> of the player to your left < <value>`" in (found.hint or "")
    clean(
        "when game_end if night_points of the player to your left < night_points -> "
        "gain 2 day_points"
    )


def test_otherwise_is_told_else_once_at_the_word() -> None:
    effect = (
        "when game_end -> if privileges == 6 -> gain 8 day_points otherwise gain (privileges) "
        "day_points"
    )
    found = only(effect, "E0301")
    assert found.span.column == effect.index("otherwise") + 1
    assert "`else`" in found.message
    clean(effect.replace("otherwise", "else"))


def test_for_each_of_your_things_is_told_a_per_that_is_a_form() -> None:
    """It was told `1 night_point per of your stars in this constellation`."""
    found = only(
        "when star_launched -> gain 1 night_point for each of your stars of this constellation",
        "E0409",
    )
    written = quoted(found.message)[-1]
    assert written == "1 night_point per your stars of this constellation"
    clean(f"when star_launched -> gain {written}")


def test_a_grant_for_a_while_written_after_its_step_is_told_the_duration_first() -> None:
    """It was told `can ignore_surcharge until the end of the round`, which is no step."""
    found = only(
        "when star_launched -> you can ignore_surcharge until the end of the round", "E0401"
    )
    (card,) = quoted(found.hint)
    assert card == "until the end of the round: you can ignore_surcharge"
    clean(f"when star_launched -> {card}")
    bare = only("when star_launched -> you can ignore_surcharge", "E0401")
    assert "`until the end of the <period>: you can ignore_surcharge`" in (bare.hint or "")


def test_the_player_with_the_most_ranks_you_too_in_a_game_whose_player_noun_is_opponent() -> None:
    """docs/dsl.md "Named parties": `the player with the most ...` ranks you too, in both
    games; in Starlight it was E0405 "unknown noun `player`", "did you mean `leader`?"."""
    effect = "when turn_start -> steal 1 short_ray from the player with the most rays_held"
    compiled, found = diagnose(effect)
    assert compiled is not None and found == []
    (party,) = [
        s for s in _operands(compiled) if isinstance(s, dict) and s.get("party") == "ranked"
    ]
    assert party["among"]["filters"] == []  # every player: no `opponents` filter
    compiled, _ = diagnose(effect.replace("player", "opponent"))
    (party,) = [
        s for s in _operands(compiled) if isinstance(s, dict) and s.get("party") == "ranked"
    ]
    assert party["among"]["filters"] == [["opponents"]]
    clean(
        "when turn_start if number of stars of the player with the most stars >= "
        "stars_launched + 2 -> gain 1 ap"
    )


def _operands(node: object) -> list[object]:
    """Every dict and list inside a compiled effect."""
    found: list[object] = [node]
    if isinstance(node, dict):
        for value in node.values():
            found += _operands(value)
    elif isinstance(node, list):
        for value in node:
            found += _operands(value)
    return found


def test_a_duration_to_the_end_of_the_turn_started_in_a_reaction_is_warned() -> None:
    """SL172: heard in the launcher's turn, it ends with theirs, before its owner acts."""
    effect = (
        "when an opponent launches a star -> until the end of the turn: you can ignore_surcharge"
    )
    found = only(effect, "W0436")
    assert found.span.column == effect.index("until") + 1
    assert "their turn, not yours" in found.message
    told = [q for q in quoted(found.hint) if q.startswith("when turn_start")]
    (then,) = told
    card = "when an opponent launches a star -> put 1 mark on this card\n" + then.replace(
        "...", "you can ignore_surcharge"
    )
    clean(card)
    only(effect.replace("an opponent launches a star", "opponent_flushed"), "W0436")
    # a round is everyone's: it goes on into your turn; your own moment ends your own turn
    clean(effect.replace("the turn", "the round"))
    clean("when star_launched -> until the end of the turn: you can ignore_surcharge")


def test_a_game_with_no_turn_of_its_own_is_never_told_w0436() -> None:
    effect = (
        "when an opponent plays research -> until the end of the round: your ships have +1 attack"
    )
    compiled, found = compile_effect(EffectSource.standalone(effect), lastlight(), "faction")
    assert compiled is not None and found == []


def test_a_players_holding_written_as_things_is_told_its_value() -> None:
    """`number of cores` was E0405 with the list of nouns: Cores held are a value."""
    found = only("as soon as number of cores >= 4 -> claim", "E0405", "accolade")
    assert "`cores_held`" in found.message
    assert "`cores_held >= 4`" in (found.hint or "")
    clean("as soon as cores_held >= 4 -> claim", "accolade")
    found = only("when turn_start -> gain 1 ap per ray", "E0405")
    assert "`(rays_held) <unit>`" in (found.hint or "")
    clean("when turn_start -> gain (rays_held) ap")


def test_things_you_have_are_told_your_things() -> None:
    """`per privilege you have` was told "the you filters are: " and nothing (Starlight
    writes no filter `you <word>`)."""
    found = only("gain 1 ap per privilege you have", "E0406", "flare_boon")
    told = quoted(found.hint)
    assert told == ["your privileges", "privileges of yours"]
    for card in told:
        clean(f"gain 1 ap per {card}", "flare_boon")


def test_until_the_end_of_your_next_turn_is_told_the_marked_card() -> None:
    effect = (
        "when an opponent launches a star -> until the end of your next turn: you can "
        "ignore_surcharge"
    )
    found = only(effect, "E0301")
    (then,) = [q for q in quoted(found.hint) if q.startswith("when turn_start")]
    clean(
        "when an opponent launches a star -> put 1 mark on this card\n"
        + then.replace("...", "you can ignore_surcharge")
    )
