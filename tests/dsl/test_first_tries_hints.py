"""First tries the tenth and eleventh design rounds left told badly (docs/rules-decisions.md
E183): each is told, at the words written, the form that works, and that form compiles."""

from __future__ import annotations

import pytest
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.registry import Registry
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry as lastlight
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

GAMES = {"starlight": starlight, "lastlight": lastlight}


def found(effect: str, game: str, kind: str) -> tuple[dict | None, list[Diagnostic]]:
    made: Registry = GAMES[game]()
    return compile_effect(EffectSource.standalone(effect), made, kind)


def only(effect: str, code: str, game: str = "starlight", kind: str = "god") -> Diagnostic:
    _, told = found(effect, game, kind)
    assert [d.code for d in told] == [code], [d.headline() for d in told]
    return told[0]


def clean(effect: str, game: str = "starlight", kind: str = "god") -> None:
    compiled, told = found(effect, game, kind)
    assert compiled is not None and told == [], [d.headline() for d in told]


def test_this_star_is_an_alpha_star_is_told_how_the_launched_star_is_read() -> None:
    """`is` between two things compares players: it was told "expected player here, not
    star"; now the star's reading (003 "Slot Sizes and Magnitudes": large slots host 6 or 7)."""
    effect = "when star_launched if this star is an alpha star -> gain 1 flare"
    told = only(effect, "E0410")
    assert told.span.column == effect.index("this star") + 1
    assert "`this star` is a star" in told.message
    assert "`if star_magnitude >= 6`" in (told.hint or "")
    clean("when star_launched if star_magnitude >= 6 -> gain 1 flare")
    clean("when star_launched if number of launching aquila stars >= 1 -> gain 1 flare")


def test_this_star_is_alpha_says_how_to_read_the_launched_star() -> None:
    told = only("when star_launched if this star is alpha -> gain 1 flare", "E0411")
    assert "`this card`, `this constellation`" in (told.hint or "")
    assert "`star_magnitude`" in (told.hint or "")
    assert "`launching`" in (told.hint or "")


@pytest.mark.parametrize(
    ("game", "kind", "written", "ability"),
    [
        ("starlight", "god", "you can ignore the occupation surcharge", "ignore_surcharge"),
        ("starlight", "god", "you can launch alpha stars", "launch_alpha"),
        ("lastlight", "faction", "your ships can bombard planets", "bombard"),
    ],
)
def test_an_ability_said_in_words_is_told_its_name(
    game: str, kind: str, written: str, ability: str
) -> None:
    told = only(written, "E0301", game, kind)
    assert f"is the ability `{ability}`: write `can {ability}`" in (told.hint or "")
    subject = written.split(" can ")[0]
    clean(f"{subject} can {ability}", game, kind)


@pytest.mark.parametrize(
    ("game", "kind", "past", "present"),
    [
        ("starlight", "god", "took a core", "takes a core"),
        ("starlight", "god", "launched a star", "launches a star"),
        ("starlight", "god", "flushed a pool", "flushes a pool"),
        ("lastlight", "faction", "moved a ship", "moves a ship"),
        ("lastlight", "faction", "built a ship", "builds a ship"),
        ("lastlight", "faction", "lost a unit", "loses a unit"),
        ("lastlight", "faction", "played research", "plays research"),
        ("lastlight", "faction", "attacked you", "attacks you"),
    ],
)
def test_an_act_in_the_past_tense_is_told_the_present(
    game: str, kind: str, past: str, present: str
) -> None:
    gain = "gain 1 flare" if game == "starlight" else "gain 1 common"
    effect = f"when an opponent {past} -> {gain}"
    told = only(effect, "E0431", game, kind)
    assert told.span.column == effect.index(past) + 1
    assert (told.hint or "").startswith(f"did you mean `{present}`? An act is said in the present")
    clean(f"when an opponent {present} -> {gain}", game, kind)


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("opponents_min_night_points", "night_points of the opponent with the fewest night_points"),
        ("max_opponent_night_points", "night_points of the opponent with the most night_points"),
    ],
)
def test_a_value_by_rank_is_told_the_player_so_ranked(written: str, meant: str) -> None:
    """It was told "did you mean `night_points`", a different number."""
    told = only(f"when game_end if night_points < {written} -> gain 1 day_point", "E0408")
    assert told.hint == f"write `{meant}`"
    clean(f"when game_end if night_points < {meant} -> gain 1 day_point")


def test_every_die_face_is_a_filter_for_designers() -> None:
    """E188: "if the new roll is a hit" is sayable (000 "Combat Dice Results Explained");
    only `miss` was, so `not this die is miss` paid on the ability face too."""
    for face in ("hit", "hit_ability", "explode", "ability"):
        clean(
            f"when miss_rolled -> reroll this die then if this die is {face} -> gain 1 common",
            "lastlight",
            "ship_mod",
        )
    told = only(
        "when miss_rolled -> reroll this die then if this die is hits -> gain 1 common",
        "E0406",
        "lastlight",
        "ship_mod",
    )
    assert "did you mean `hit`" in (told.hint or "")


#: E189: first tries for the forms docs/dsl.md teaches least, in both games: (game, kind,
#: the first try, the form the hint writes, the card written with it).
TEN = [
    (
        "starlight",
        "god",
        "when turn_start -> until end of turn: you have +1 ap_per_turn",
        "until the end of the turn: <modifier or grant>",
        "when turn_start -> until the end of the turn: you have +1 ap_per_turn",
    ),
    (
        "lastlight",
        "faction",
        "when round_start -> for the rest of the round: your ships have +1 movement",
        "until the end of the round: <modifier or grant>",
        "when round_start -> until the end of the round: your ships have +1 movement",
    ),
    (
        "starlight",
        "god",
        "when turn_start -> this turn: you can ignore_surcharge",
        "until the end of the turn: <modifier or grant>",
        "when turn_start -> until the end of the turn: you can ignore_surcharge",
    ),
    (
        "lastlight",
        "faction",
        "when round_start -> this turn: your ships have +1 movement",
        "until the end of the round: <modifier or grant>",
        "when round_start -> until the end of the round: your ships have +1 movement",
    ),
    (
        "lastlight",
        "faction",
        "when round_start, once a game -> gain 1 common",
        ", once per game",
        "when round_start, once per game -> gain 1 common",
    ),
    (
        "starlight",
        "god",
        "when turn_start, once each round -> gain 1 flare",
        ", once per round",
        "when turn_start, once per round -> gain 1 flare",
    ),
    (
        "starlight",
        "god",
        "when turn_start, max 2 times per game -> gain 1 flare",
        ", at most 2 times per game",
        "when turn_start, at most 2 times per game -> gain 1 flare",
    ),
    (
        "lastlight",
        "faction",
        "when round_start -> steal 1 common from the player on my right",
        "the player to your right",
        "when round_start -> steal 1 common from the player to your right",
    ),
    (
        "starlight",
        "god",
        "when turn_start -> steal 1 long_ray from the leading player",
        "the leader",
        "when turn_start -> steal 1 long_ray from the leader",
    ),
    (
        "lastlight",
        "faction",
        "when round_end -> put 1 mark on this card\n"
        "when round_start if this card has at least 2 marks -> gain 1 common",
        "if marks on this card >= 2",
        "when round_end -> put 1 mark on this card\n"
        "when round_start if marks on this card >= 2 -> gain 1 common",
    ),
    (
        "starlight",
        "god",
        "at the end of the game -> gain 2 day_points",
        "when game_end -> ...",
        "when game_end -> gain 2 day_points",
    ),
    (
        "lastlight",
        "faction",
        "when the game ends -> gain 2 light",
        "when game_end -> ...",
        "when game_end -> gain 2 light",
    ),
]


@pytest.mark.parametrize(("game", "kind", "tried", "form", "works"), TEN)
def test_a_first_try_at_a_less_taught_form_is_told_the_form(
    game: str, kind: str, tried: str, form: str, works: str
) -> None:
    _, told = found(tried, game, kind)
    first = next(d for d in told if d.is_error)
    assert f"`{form}`" in (first.hint or ""), [d.headline() for d in told]
    clean(works, game, kind)


def test_every_error_at_the_first_ones_place_is_told_the_form() -> None:
    """`at the end of the game ->` is an unknown verb and a clause a god may not have, both
    at `at`; `whitedwarf validate` sorts them by code, so each is told `when game_end`."""
    _, told = found("at the end of the game -> gain 2 day_points", "starlight", "god")
    assert sorted(d.code for d in told) == ["E0401", "E0412"]
    assert all("write `when game_end -> ...`" in (d.hint or "") for d in told)


@pytest.mark.parametrize("located", ["standalone", "offsets"])
def test_an_error_on_another_line_keeps_its_own_hint(located: str) -> None:
    """A first try on line 2 is told at its own line: the misspelt verb on line 1 keeps its
    did-you-mean (it was told "write `the player to your left`", the did-you-mean a note),
    whether spans are the file's (the editor) or offsets the loader moves later."""
    effect = (
        "when round_start -> gian 1 light\n"
        "when round_start -> gain 1 light to the player on my left"
    )
    source = EffectSource.standalone(effect)
    if located == "offsets":  # as the pack loader compiles: spans are offsets + 1
        source = EffectSource(effect, "", lambda offset: (1, offset + 1))
    _, told = compile_effect(source, lastlight(), "civilization")
    misspelt, *rest = told
    assert misspelt.code == "E0401" and misspelt.hint == "did you mean `gain`?"
    assert any("`the player to your left`" in (d.hint or "") for d in rest)
