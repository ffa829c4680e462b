"""An unknown word always gets a hint: a close match, the few valid words, or the reference."""

from __future__ import annotations

import re

import pytest
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry


def diagnose(effect: str, kind: str = "faction") -> list[Diagnostic]:
    _, diagnostics = compile_effect(EffectSource.standalone(effect), registry(), kind)
    return diagnostics


def only(effect: str, code: str, kind: str = "faction") -> Diagnostic:
    found = [d for d in diagnose(effect, kind) if d.code == code]
    assert len(found) == 1, found
    return found[0]


def test_a_close_word_is_still_a_did_you_mean() -> None:
    hint = only("when round_ned -> gain 1 common", "E0402").hint
    assert hint == "did you mean `round_end`?"


def test_an_unknown_hook_with_no_close_match_points_at_related_hooks_and_the_reference() -> None:
    found = only("when refresh_played -> gain 1 common", "E0402")
    assert found.message == "unknown hook `refresh_played`"
    assert "`before_refresh`" in found.hint and "`after_refresh`" in found.hint
    assert f"`whitedwarf doc` lists all {len(registry().hooks)} hooks" in found.hint


def test_an_unknown_stat_with_nothing_related_points_at_the_reference() -> None:
    hint = only("you have +1 zzz", "E0403").hint
    assert hint == f"`whitedwarf doc` lists all {len(registry().stats)} stats (docs/reference.md)"


def test_a_few_valid_words_are_listed_in_full() -> None:
    hint = only("this ship type can zap", "E0404", kind="ship_mod").hint
    assert hint == "the abilities are: `bombard`, `cross_asteroids`, `fight_twice`"
    unit = only("when round_end -> gain 1 xyz", "E0409").hint
    assert unit == "the units this verb takes are: `common`, `light`, `rare`, `uncommon`"


def test_every_unknown_word_kind_gets_a_hint() -> None:
    effects = {
        "E0401": "when round_end -> frobnicate 1 common",
        "E0405": "when round_end -> destroy an enemy qqqq",
        "E0406": "when round_end -> for each qqqq planet -> gain 1 common",
        "E0408": "when round_end -> if qqqq > 1 -> gain 1 common",
    }
    for code, effect in effects.items():
        assert only(effect, code).hint, code


def test_the_first_slips_of_a_designer_get_a_hint_that_says_what_to_write() -> None:
    cases = {
        ("faction", "when round_end if light > red planets you control -> gain 1 common"): (
            "write `number of` before them"
        ),
        ("faction", "when round_end -> may gain 1 common or gain 1 rare"): (
            "`or` joins the options of a choice: `choose one: <step> or <step>`"
        ),
        ("faction", "you have 1 trades"): "a modifier's number has its sign: `+1` or `-1`",
        ("ship_mod", "this ship type has +1 attack and +1 shield"): (
            "one modifier or grant per clause: write the next on a new line, or after `;`"
        ),
        ("faction", "when round_end -> gain 1 common and gain 1 rare"): (
            "steps joined with `and` are costs, paid before `->`; join steps with `then`"
        ),
        ("faction", "when round_end -> if light >= 5 gain 1 rare"): (
            "put `->` between the trigger, the condition or the cost and what happens"
        ),
    }
    for (kind, effect), hint in cases.items():
        found = only(effect, "E0301", kind)
        assert found.hint is not None and hint in found.hint, (effect, found.hint)


def test_a_thing_of_the_wrong_kind_for_a_verb_gets_the_verbs_shape_and_example() -> None:
    """`steal 1 common from a planet`: the hint says what `steal` takes, in the reference's
    words (`whitedwarf doc`: "Written: `steal <amount> from <player>`")."""
    found = only("when round_end -> steal 1 common from a planet", "E0410")
    assert found.message == "expected player here, not planet"
    assert found.hint == (
        "`steal` is written `steal <amount> from <player>`, as in `steal 1 common from an opponent`"
    )
    loop = only("when round_end -> for each planet you control -> give 1 common to it", "E0410")
    assert loop.message == "`it` is a planet here, not player"
    assert loop.hint is not None and loop.hint.startswith("`give` is written `give <amount> to")


def test_a_condition_written_after_its_step_is_told_where_it_goes() -> None:
    """English puts the `if` last (`gain 1 common if light < 5`); the language puts it first.
    The hint said only "put `->` between the trigger, the condition or the cost..."."""
    for effect in (
        "when round_end -> gain 1 common if light < 5",
        "when round_end -> may gain 1 common if light > 2",
        "when round_end -> gain 1 rare then gain 1 common if light < 5",
    ):
        found = only(effect, "E0301")
        assert found.hint is not None and found.hint.startswith(
            "a condition comes before what it guards: `if <condition> -> <step>`"
        ), effect
    # The trigger's own `if`, written where it belongs, is not told so.
    trigger = only("when round_end if light > 2 gain 1 common", "E0301")
    assert trigger.hint is not None and "comes before" not in trigger.hint


def test_as_soon_as_without_its_arrow_is_told_in_its_own_words() -> None:
    found = only("as soon as light >= 10: gain 1 rare", "E0301")
    assert found.message == (
        "`as soon as` needs `->` before what happens, as in "
        "`as soon as <condition> -> <what happens>`"
    )


def test_a_modifier_on_the_wrong_subject_says_which_subjects_there_are() -> None:
    found = only("this ship has +1 attack", "E0410", kind="ship_mod")
    assert found.message == "expected ship type here, not ship"
    assert found.hint == (
        "a modifier's or a grant's subject is `you`, `this ship type` or `your ships`"
    )


def test_a_player_picked_by_a_word_the_ranking_lacks_is_told_the_form() -> None:
    """ "Steal 1 common from the player with the highest light" (`highest` is no ranking word):
    told the form that ranks players, `with the most` / `with the fewest`."""
    found = only("when round_end -> steal 1 common from the player with the highest light", "E0410")
    assert found.message == "`steal` takes nothing introduced by `with`"
    assert found.hint is not None
    assert found.hint.startswith("a player is picked by what they have as `the opponent with")
    assert "`with the fewest ...`" in found.hint and "its prepositions: `from`" in found.hint


@pytest.mark.parametrize(
    ("effect", "code", "hint"),
    [
        ("on round_end -> gain 1 light", "E0401",
         "a trigger starts with `when`: `when round_end -> ...`"),
        ("after ship_built -> gain 1 light", "E0401", "`when ship_built -> ...`"),
        ("when round_end => gain 1 light", "E0301", "the arrow is written `->`"),
        ("activated: -> gain 1 light", "E0301", "nothing stands before this `->`"),
        ("when round_end -> may -> gain 1 light", "E0301", "nothing stands before this `->`"),
        ("when round_end -> gain common 1", "E0409",
         "write the number before the unit: `1 common`"),
    ],
)  # fmt: skip
def test_a_newcomers_slip_is_told_the_form(effect: str, code: str, hint: str) -> None:
    """Each was told only what the parser expected (`=>`: "compare with `==`"; `on round_end`:
    the 24 verbs; `activated: ->`: a list of tokens), not the form the designer meant."""
    found = only(effect, code, kind="civilization")
    assert hint in (found.hint or ""), found


def test_an_amount_for_each_thing_is_told_per_once() -> None:
    """`gain 1 light for each planet you control` was E0409 "expected an amount such as `1
    common`" under the `1 light` it had, and E0410 "`gain` was given more than it takes":
    now one error, at `for each`, writing the amount with `per`."""
    found = diagnose("when round_end -> gain 1 light for each planet you control")
    assert [(d.code, d.span.column, d.message) for d in found] == [
        (
            "E0409",
            32,
            "an amount for each thing is written with `per`: `1 light per planet you control`",
        )
    ]
    fixed = "when round_end -> gain 1 light per planet you control"
    assert diagnose(fixed) == []
    (every,) = diagnose("when round_end -> gain 2 common for every red planet you control")
    assert "`2 common per red planet you control`" in every.message


def test_one_for_every_two_things_is_told_per_two() -> None:
    (found,) = diagnose("when round_end -> gain 1 common for every 2 planets you control")
    assert (found.code, found.span.column) == ("E0301", 43)
    assert found.hint == "one for every 2 things is `1 common per 2 <things>`"


def test_the_per_written_for_for_each_keeps_the_words_after_the_count() -> None:
    (found,) = diagnose("when ship_built -> gain 1 common for each enemy ship of yours here")
    assert "`1 common per enemy ship of yours here`" in found.message


def test_several_words_where_a_stat_is_written_are_quoted() -> None:
    """Was "`...` is not one of your stats" (and "`...` is not allowed here" for a word of
    a few, Starlight's `flush the long pool`): the words written are quoted."""
    (found,) = diagnose("when before_trade -> add 1 to research draw")
    assert (found.code, found.span.column) == ("E0403", 31)
    assert found.message == "`research draw` is not one of your stats: a stat is one word"
    assert "`research_draw`" in (found.hint or "")


@pytest.mark.parametrize(
    ("effect", "code", "said"),
    [
        (  # as a card's text says a condition
            "when round_end -> if light is less than 5 -> gain 1 light",
            "E0301",
            "a condition compares with a sign: `<value> < 5` (less than)",
        ),
        (
            "when round_end -> if you have less than 5 light -> gain 1 light",
            "E0301",
            "a value is read from your side already: `<value> < 5`",
        ),
        (
            "when round_end -> gain 1 light and 1 common",
            "E0301",
            "each step has its own verb, joined with `then`: `gain ... then gain 1 ...`",
        ),
        (
            "when round_end -> you gain 1 light",
            "E0401",
            "a step starts with its verb, done by the card's owner: `gain 1 light`, not `you ...`",
        ),
    ],
)
def test_english_sentence_forms_are_told_the_language_s(effect: str, code: str, said: str) -> None:
    """Each was told only where the parser stopped ("put `->` between ...", "expected a
    word", "`whitedwarf doc` lists all 24 verbs")."""
    (found,) = diagnose(effect)
    assert found.code == code
    assert (found.hint or "").startswith(said), found.hint


def test_a_condition_written_as_the_moment_of_when_is_told_if_and_as_soon_as() -> None:
    """A Starlight laurel's goal written `when stars_launched >= 5 -> claim` was told only
    "put `->` between the trigger, the condition or the cost and what happens", and an arrow
    put there does not help: the hint names the two forms that read a condition."""
    found = only("when light >= 5 -> gain 1 common", "E0301")
    assert found.hint is not None
    assert "a condition follows it after `if`: `when <hook> if light >= ... -> ...`" in found.hint
    assert "as soon as light >= ... -> ...`" in found.hint


def test_a_value_after_per_is_told_it_is_a_number_with_its_bracketed_form() -> None:
    found = only("when round_end -> gain 1 common per 2 techs_in_play", "E0405")
    assert found.span.column == 39
    assert found.message == (
        "`techs_in_play` is a value, a number, not things to count: `per`, `number of` and "
        "`for each` count things (nouns)"
    )
    assert "`1 <unit> per 2 techs_in_play` is `(techs_in_play / 2) <unit>`" in found.hint


def test_another_players_value_of_a_player_to_pick_is_told_the_players_it_can_read() -> None:
    """`light of the leader` is a form now (docs/dsl.md "Another player's value"); `light of
    an opponent` would have to ask which, and a number asks nobody (E0435)."""
    found = only("when round_end if light of an opponent > light -> gain 1 common", "E0435")
    assert found.span.column == 28
    assert found.message == (
        "`light of an opponent` reads one player's value, but `an opponent` is a player to "
        "pick, and a number asks nobody"
    )
    assert "`the leader`" in found.hint and "`the player to your left`" in found.hint
    assert "`for each opponent -> if light of it > light -> ...`" in found.hint


def test_starlights_leader_is_a_named_party() -> None:
    """Starlight's `the leader` is the opponent who would win now (SL157), not an unknown
    noun sent to a value."""
    from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

    effect = EffectSource.standalone("when turn_start -> steal 1 long_ray from the leader")
    compiled, found = compile_effect(effect, starlight(), "god")
    assert compiled is not None and found == []


@pytest.mark.parametrize(
    "effect",
    [
        "choose one: gain 2 light or gain 1 common then draw 2 techs",
        # the last option a group: its parentheses are quoted both, not the opening one alone
        "choose one: gain 2 light or (for each opponent -> give 1 common to it) then draw 2 techs",
    ],
)
def test_the_cards_a_step_after_a_choice_is_told_to_write_compile_cleanly(effect: str) -> None:
    """W0407's hint writes the card both ways it may be meant; each is a card that compiles
    with no warning (a hint that dropped a group's `)` gave an effect that does not parse)."""
    hint = only(effect, "W0407", "deep_space").hint
    written = hint.split("`")[1::2]
    assert len(written) == 2, hint
    for card in written:
        assert diagnose(card, "deep_space") == [], (card, diagnose(card, "deep_space"))


def test_stealing_light_is_told_why_light_is_never_taken_from_a_player() -> None:
    """E157: `ll_ion_storm` ("each opponent with a ship here loses 1 light") tried `steal 1
    light from it` and was told only the units `steal` takes."""
    found = only(
        "for each opponent -> if number of ships of it here >= 1 -> steal 1 light from it",
        "E0409",
        "planetary",
    )
    assert found.hint.startswith("light is never taken from a player")
    assert "`pay 1 light`" in found.hint and "`common`" in found.hint


@pytest.mark.parametrize(
    ("effect", "code", "suggested"),
    [
        (
            "when round_end -> each opponent gains 1 common",
            "E0301",
            "give 1 common to each opponent",
        ),
        ("when round_end -> all players gain 1 common", "E0301", "give 1 common to each player"),
        ("when round_end -> the leader gains 1 light", "E0301", "give 1 light to the leader"),
        (
            "when round_end -> the player to your left gains 1 common",
            "E0301",
            "give 1 common to the player to your left",
        ),
        (
            "when round_end -> for each opponent -> it gains 2 common",
            "E0401",
            "give 2 common to it",
        ),
        (
            "when round_end -> gain 1 light then each opponent discards 1 common",
            "E0301",
            "steal 1 common from each opponent",
        ),
        (
            "when round_end -> opponents lose 1 uncommon",
            "E0401",
            "steal 1 uncommon from each opponent",
        ),
        (
            "when round_end -> each opponent gives you 1 common",
            "E0301",
            "steal 1 common from each opponent",
        ),
    ],
)
def test_a_step_with_another_player_as_its_subject_is_told_the_form_that_works(
    effect: str, code: str, suggested: str
) -> None:
    """A designer writes the card's English, "each opponent gains 1 common", where the
    language names the player after the verb; the parser had said only "unexpected
    `opponent`: expected `next`". The form the hint writes is a card that compiles."""
    found = only(effect, code)
    assert found.message.startswith("a step starts with its verb and is done by the card's owner")
    assert f"`{suggested}`" in found.hint
    prefix = (
        effect.split("->")[0] + "->" + (" for each opponent ->" if "it gains" in effect else "")
    )
    assert diagnose(f"{prefix} {suggested}") == []


def test_a_player_losing_light_is_told_light_is_never_taken() -> None:
    found = only("when extractor_lost -> the destroyer loses 1 light", "E0301")
    assert "`steal" not in found.hint and "E157" in found.hint


def test_a_step_the_owner_does_for_another_player_names_give_and_steal() -> None:
    found = only("when round_end -> each opponent draws 1 tech", "E0301")
    assert "`give <amount> to each opponent`" in found.hint
    assert "`steal <amount> from each opponent`" in found.hint


def test_starlight_tells_a_player_subject_in_its_own_words() -> None:
    """Starlight has no `give`, and takes only rays from another player (SL152)."""
    from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

    def told(effect: str) -> Diagnostic:
        _, found = compile_effect(EffectSource.standalone(effect), starlight(), "god")
        assert len(found) == 1, found
        return found[0]

    gains = told("when turn_start -> each opponent gains 1 long_ray")
    assert "gives only its owner" in gains.hint and "give" not in gains.hint.split("`")[1::2]
    loses = told("when turn_start -> the leader loses 1 short_ray")
    assert "`steal 1 short_ray from the leader`" in loses.hint
    source = EffectSource.standalone("when turn_start -> steal 1 short_ray from the leader")
    assert compile_effect(source, starlight(), "god")[1] == []


@pytest.mark.parametrize(
    "effect",
    [
        "enemy ships have -1 movement",
        "enemy large ships here have -1 attack",
        "opponents' ships have -1 movement",
    ],
)
def test_a_modifier_of_another_players_things_is_told_what_a_modifier_changes(
    effect: str,
) -> None:
    """`enemy ships have -1 movement` was told "unexpected `have`" with the advice to put `->`
    between a trigger and what happens; each form the hint writes compiles."""
    found = only(effect, "E0301", "civilization")
    subject = effect.split(" ha")[0]
    assert found.message.startswith(f"`{subject}` cannot be a modifier's or a grant's subject")
    for card in found.hint.split("`")[1::2]:
        assert diagnose(card, "civilization") == [], card


@pytest.mark.parametrize(
    "effect",
    [
        "when game_end -> pay 1 day_point per flare held",
        "when game_end -> pay (flares_held) night_points",
    ],
)
def test_a_starlight_penalty_is_told_a_score_only_goes_up(effect: str) -> None:
    """SL163: "lose 1 day point for each Flare you hold" was told only that `pay` takes `ap`;
    the hint's own card compiles."""
    from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

    _, found = compile_effect(EffectSource.standalone(effect), starlight(), "god")
    assert [d.code for d in found] == ["E0409"]
    assert found[0].hint.startswith("a score only goes up")
    card = found[0].hint.split("`")[1]
    assert compile_effect(EffectSource.standalone(card), starlight(), "god")[1] == []


def test_a_discount_until_the_end_of_the_game_is_told_it_is_kept_until_used() -> None:
    found = only(
        "when round_start -> until the end of the game: your next ship costs 1 less",
        "E0426",
        "civilization",
    )
    assert found.message.startswith("a one-shot discount is kept until it is used")


@pytest.mark.parametrize(
    ("effect", "kind", "said"),
    [
        ("when ship_built if it is large -> gain 1 light", "faction", "`this <noun>`"),
        ("once per round: gain 1 common", "civilization", "`activated, once per <period>: ...`"),
    ],
)
def test_the_seventh_design_rounds_first_slips_get_a_hint(
    effect: str, kind: str, said: str
) -> None:
    found = only(effect, "E0301", kind)
    assert said in (found.hint or ""), found


def test_a_resource_of_your_choice_is_told_the_choice_to_write() -> None:
    found = only("when round_start -> gain 1 resource of your choice", "E0409", "civilization")
    assert any("`choose one: gain 1 common or" in note for note in found.notes), found


#: A place written after the noun as English writes it, and the form the hint must write
#: (design round 8: "put `->` between the trigger ..." was all a condition was told).
PLACES = [
    (
        "lastlight",
        "while number of ships in the centre sector >= 2: you have +1 trades",
        "centre ships",
    ),
    (
        "lastlight",
        "when round_end if number of planets you control in the inner ring >= 2 -> gain 1 light",
        "inner planets you control",
    ),
    (
        "lastlight",
        "when ship_moved -> for each ship of yours in an adjacent sector -> gain 1 common",
        "adjacent ship of yours",
    ),
    (
        "lastlight",
        "when ship_built if number of enemy ships in this sector >= 1 -> gain 1 common",
        "enemy ships here",
    ),
    (
        "lastlight",
        "when round_end -> gain 1 common per ship of yours in the centre sector",
        "centre ship of yours",
    ),
    (
        "starlight",
        "when star_launched if number of stars of yours in aquila >= 2 -> gain 1 night_point",
        "aquila stars of yours",
    ),
    (
        "starlight",
        "when star_launched if number of stars in this constellation >= 2 -> gain 1 night_point",
        "stars of this constellation",
    ),
]


@pytest.mark.parametrize(("game", "effect", "fixed"), PLACES)
def test_a_place_after_the_noun_is_told_the_filter_that_says_it(
    game: str, effect: str, fixed: str
) -> None:
    from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

    reg, kind = (registry(), "civilization") if game == "lastlight" else (starlight(), "god")
    _, found = compile_effect(EffectSource.standalone(effect), reg, kind)
    errors = [d for d in found if d.is_error]
    assert len(errors) == 1, errors
    said = f"{errors[0].message} {errors[0].hint}"
    assert "is not how a place is said" in said and f"`{fixed}`" in said, said
    written = re.search(r" (in|on) (the |an |this )?[a-z]+( (sector|ring|constellation))?", effect)
    assert written is not None
    rewritten = effect.replace(effect[written.start() :][: len(written.group(0))], "")
    noun = fixed.split(" of ")[0].split(" you ")[0].split()[-1]
    rewritten = re.sub(rf"\b(enemy )?{noun}( of yours| you control)?\b", fixed, rewritten, count=1)
    assert compile_effect(EffectSource.standalone(rewritten), reg, kind)[1] == [], rewritten


def test_an_unknown_hook_sharing_one_part_is_not_a_did_you_mean() -> None:
    """`ship_repaired` was "did you mean `ship_moved`?" (difflib 0.61 for `ship_` and `ed`):
    another moment, not a slip; each part of a name must be a slip of the same part."""
    found = only("when ship_repaired -> gain 1 common", "E0402")
    assert "did you mean" not in found.hint and "`ship_moved`" in found.hint
    assert only("when round_ned -> gain 1 common", "E0402").hint == "did you mean `round_end`?"
    assert only("when unit_destoryed -> gain 1 common", "E0402").hint == (
        "did you mean `unit_destroyed`?"
    )


@pytest.mark.parametrize(
    ("effect", "word"),
    [
        ("while star_magnitude <= 2: you have -1 launch_cost", "star_magnitude"),
        ("while number of launching aquila stars >= 1: you have -1 launch_cost", "launching"),
        ("while star_colours >= 3: you can ignore_surcharge", "star_colours"),
    ],
)
def test_a_condition_on_the_star_being_launched_is_refused_where_it_is_never_read(
    effect: str, word: str
) -> None:
    """`while star_magnitude <= 2: you have -1 launch_cost` validated and made every launch
    1 AP cheaper: the cost is paid before the star is placed, when `star_magnitude` is 0
    (design round 8, SL170). The hint's trigger compiles; the price of a bought night point,
    read once the star is placed, may test it."""
    from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

    _, found = compile_effect(EffectSource.standalone(effect), starlight(), "god")
    assert [d.code for d in found] == ["E0447"], found
    assert found[0].message.startswith(f"`{word}` is set only for the star being launched")
    trigger = found[0].hint.split("`")[1].replace("<what happens>", "gain 1 ap")
    assert compile_effect(EffectSource.standalone(trigger), starlight(), "god")[1] == []
    kept = "while star_magnitude >= 5: you have -1 night_point_price"
    assert compile_effect(EffectSource.standalone(kept), starlight(), "god")[1] == []


def test_a_word_of_the_other_game_is_told_whose_it_is() -> None:
    """A designer copying a card from one game to the other: `when star_launched` in a Last
    Light faction was told only "`whitedwarf doc` lists all 52 hooks", as if the word were
    wrong; it is Starlight's. The help says so, then what this game has, as before."""
    from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

    found = only("when star_launched -> gain 1 light", "E0402")
    assert found.hint == (
        "`star_launched` is a hook of starlight, not of lastlight, the game this pack plays "
        f"(`game:` in pack.yaml); `whitedwarf doc` lists all {len(registry().hooks)} hooks "
        "(docs/reference.md)"
    )
    stat = only("you have +1 ap_per_turn", "E0403").hint
    assert stat is not None and stat.startswith("`ap_per_turn` is a stat of starlight, not of")
    _, said = compile_effect(
        EffectSource.standalone("when hit_rolled -> gain 1 ap"), starlight(), "god"
    )
    (hook,) = [d for d in said if d.code == "E0402"]
    assert hook.hint is not None and hook.hint.startswith(
        "`hit_rolled` is a hook of lastlight, not of starlight, the game this pack plays "
        "(`game:` in pack.yaml); the hooks are: `action_done`, "
    )
    # a close word of this game is still the did-you-mean, never the other game's word
    assert only("when round_ned -> gain 1 common", "E0402").hint == "did you mean `round_end`?"


@pytest.mark.parametrize(
    ("effect", "word"),
    [
        (
            "when an opponent launches a star if star_magnitude >= 4 -> gain 1 flare",
            "star_magnitude",
        ),
        ("when opponent_launched -> gain (star_colours) ap", "star_colours"),
    ],
)
def test_the_star_another_player_launched_is_read_of_them(effect: str, word: str) -> None:
    """SL171: in a reaction to another player's launch, the launched star's numbers read bare
    are the hearer's own (always 0: they launch nothing then); E0448 at the word, with the
    form that reads the launcher's, which compiles cleanly."""
    from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

    _, found = compile_effect(EffectSource.standalone(effect), starlight(), "god")
    assert [d.code for d in found] == ["E0448"]
    assert effect[found[0].span.column - 1 :].startswith(word)
    assert "always 0" in found[0].message
    fixed = f"{word} of the player who launched"
    assert f"`{fixed}`" in found[0].hint
    assert (
        compile_effect(EffectSource.standalone(effect.replace(word, fixed)), starlight(), "god")[1]
        == []
    )
    # the god's own launch reads its own star, as before
    own = effect.replace("an opponent launches a star", "star_launched").replace(
        "opponent_launched", "star_launched"
    )
    assert compile_effect(EffectSource.standalone(own), starlight(), "god")[1] == []


def test_an_act_no_hook_hears_is_not_sent_to_one_whose_letters_look_alike() -> None:
    """Design round 9: "when an opponent uses a Flare" was told "did you mean `flushes a
    pool`?" (difflib found `uses` in `flushes`); an act is named by its verb, so only a slip
    of the verb is told its act, and every act is listed."""
    from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

    def hint(effect: str) -> str:
        found = compile_effect(EffectSource.standalone(effect), starlight(), "god")[1]
        assert [d.code for d in found] == ["E0431"]
        return found[0].hint

    assert hint("when an opponent uses a flare -> gain 1 ap") == (
        "The acts: `flushes a pool`, `launches a star`, `takes a core`"  # SL173: a Core too
    )
    assert hint("when an opponent launchs a star -> gain 1 ap").startswith(
        "did you mean `launches a star`?"
    )


def test_words_that_say_a_value_are_told_the_value() -> None:
    """Design round 9: `gain 1 ap per flare used` was told "unknown noun `used`" and every
    noun; the words say Starlight's value `flares_used` (in either order: `star linked`)."""
    from whitedwarf.interpreter.starlight.vocabulary import registry as starlight

    for effect, value in [
        ("gain 1 ap per flare used", "flares_used"),
        ("gain 1 ap per star linked", "linked_stars"),
    ]:
        found = compile_effect(EffectSource.standalone(effect), starlight(), "flare_boon")[1]
        assert [d.code for d in found] == ["E0405"]
        assert f"`{value}` is a value" in found[0].message
        assert f"`({value})`" in found[0].hint
        fixed = f"gain ({value}) ap"
        assert compile_effect(EffectSource.standalone(fixed), starlight(), "flare_boon")[1] == []


def test_what_happened_to_things_is_not_sent_to_a_lookalike_noun() -> None:
    """Design round 9: `number of enemy ships destroyed` was told "unknown noun `destroyed`,
    did you mean `destroyer`?"; it is told a selector names things as they are now, the
    words that follow the noun, and the values."""
    found = only(
        "as soon as number of enemy ships destroyed >= 3 -> gain 2 light", "E0405", "achievement"
    )
    assert found.span.column == 34
    assert "`destroyed` after `enemy ships`" in found.message
    assert "destroyer" not in found.hint
    assert "`here`" in found.hint and "`graveyard`" in found.hint


def test_an_act_followed_by_words_of_its_own_is_told_the_act_and_the_condition() -> None:
    """Design round 9: `when an opponent builds a ship in the centre sector` was told "no act
    is said `builds a ship in the centre sector`" and every act; the act is named, and what
    is asked of it goes in a condition, where the hook's own places are `this ...`."""
    found = only("when an opponent builds a ship in the centre sector -> gain 1 common", "E0431")
    assert found.message == (
        "the act is `builds a ship`; a reaction takes no words after it (`in the centre sector`)"
    )
    assert "`when an opponent builds a ship if <condition> -> ...`" in found.hint
    assert "`this sector`" in found.hint
    fixed = "when an opponent builds a ship if this sector is centre -> gain 1 common"
    assert diagnose(fixed) == []


def test_a_reaction_to_the_leader_is_told_to_test_who_acted() -> None:
    """Design round 10: `when the leader moves a ship` was told only "write `an opponent` or
    `another player`"; who the leader is is read when the act comes, so the hint writes the
    reaction to everyone with a condition on the actor, and that card validates."""
    found = only("when the leader moves a ship -> gain 1 common", "E0432", "civilization")
    assert (
        "`when an opponent moves a ship if the player who moved is the leader -> ...`" in found.hint
    )
    fixed = "when an opponent moves a ship if the player who moved is the leader -> gain 1 common"
    assert diagnose(fixed, "civilization") == []
    # a party only some hooks name is not offered so
    told = only("when the destroyer plays research -> gain 1 common", "E0432").hint
    assert "test who acted" not in told


def test_the_actor_in_a_condition_is_told_the_verb_alone_and_no_pattern() -> None:
    """Design round 10: `if the player who moved a ship is the leader` listed a regular
    expression among the words expected (`(to|on)[ \t]+your...`); it lists `to your left`
    and says the actor is the act's verb alone there."""
    effect = (
        "when an opponent moves a ship if the player who moved a ship is the leader -> "
        "gain 1 common"
    )
    found = only(effect, "E0301", "civilization")
    assert "`to your left` or `to your right`" in found.message
    assert "[" not in found.message and "(?!" not in found.message
    assert found.hint == (
        "in a condition the actor is named by the act's verb alone: `the player who moved is ...`"
    )


def test_the_next_time_you_act_is_told_the_counter_form() -> None:
    """Design round 10: `the next time you mine: gain 2 common` was told "unexpected `you`:
    expected `costs` or a word"; the hint writes the mark on the card and its trigger, and
    the card the docs give validates."""
    found = only(
        "activated: exhaust this card -> the next time you mine: gain 2 common",
        "E0301",
        "civilization",
    )
    assert "`the next time you <act>` is not a form" in found.hint
    assert "`put a flag on this card`" in found.hint
    fixed = (
        "activated: exhaust this card -> put a flag on this card\n"
        "when before_mine if flags on this card >= 1 -> remove 1 flag from this card -> "
        "gain 2 common"
    )
    assert diagnose(fixed, "civilization") == []


def test_a_place_after_is_is_told_the_filter() -> None:
    """Design round 10: `if this ship is in the centre sector` was told "put `->` between the
    trigger ..."; `is` takes one filter word, and the place's filter is written."""
    effect = "when ability_rolled -> if this ship is in the centre sector -> gain 1 light"
    found = only(effect, "E0301", "ship_ability")
    assert found.hint.startswith("write `this ship is centre`")
    unknown = only(
        "when ability_rolled -> if this ship is in the big sector -> gain 1 light",
        "E0301",
        "ship_ability",
    )
    assert "`this ship is <filter>`" in unknown.hint
    assert (
        diagnose("when ability_rolled -> if this ship is centre -> gain 1 light", "ship_ability")
        == []
    )


def test_an_unknown_filter_of_a_noun_with_few_is_told_them() -> None:
    """Design round 10: `if this die is hit` was told only that the reference lists 31
    filters; dice are told apart by their faces, and the hint names them (`hit` is one since
    E188, docs/rules-decisions.md)."""
    effect = "when miss_rolled -> reroll this die then if this die is critical -> gain 1 uncommon"
    found = only(effect, "E0406", "ship_mod")
    assert found.hint.startswith(
        "dice are told apart by `miss`, `hit`, `hit_ability`, `explode` or `ability` only"
    )
    # a slip keeps its did-you-mean alone
    assert only("when round_end -> gain 1 common per rde planet you control", "E0406").hint == (
        "did you mean `red`?"
    )
