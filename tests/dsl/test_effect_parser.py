"""The parser's messages: the friendly-message table, and no raw terminal names ever.

Lark's most common complaint is "expected one of __ANON_22" (STYLE.md): every terminal of
the grammar must be said in words a designer knows.
"""

from __future__ import annotations

import random
import re

import pytest
from whitedwarf.dsl import ast
from whitedwarf.dsl.parser import (
    FRIENDLY_EXAMPLES,
    EffectSyntaxError,
    describe_expected,
    lark_parser,
    parse,
)

# A raw terminal name: upper case with underscores (NAME, _ARROW, __ANON_3, $END, ...).
RAW_NAME = re.compile(r"\$END|__ANON|\b_?[A-Z][A-Z_0-9]{1,}\b")

KEYWORDS = sorted(
    {t.pattern.value for t in lark_parser().terminals if t.pattern.type == "str"}
    | {"a", "this", "each", "your", "up to 2", "to", "in", "from", "has", "have"}
)
WORDS = ["gain", "light", "ship", "ships", "of", "yours", "you", "control", "round_end", "it"]
OTHERS = ["1", "2", "+1", "-1", "(", ")", ">=", "==", "<", "+", "*", "/", "->", ":", ";", "\n"]
TOKENS = KEYWORDS + WORDS + OTHERS


def syntax_error(text: str) -> EffectSyntaxError:
    with pytest.raises(EffectSyntaxError) as caught:
        parse(text)
    return caught.value


@pytest.mark.parametrize(
    ("message", "example"),
    [(message, example) for message, examples in FRIENDLY_EXAMPLES.items() for example in examples],
)
def test_friendly_examples_give_their_message(message, example):
    assert syntax_error(example).problem.message == message


def test_every_terminal_is_said_in_words():
    names = {terminal.name for terminal in lark_parser().terminals} | {"$END"}
    for name in names:
        said = describe_expected({name})
        assert not RAW_NAME.search(said), (name, said)


def test_random_token_sequences_never_show_terminal_names():
    rng = random.Random(20231121)
    failures = 0
    for _ in range(400):
        text = " ".join(rng.choice(TOKENS) for _ in range(rng.randint(1, 12)))
        try:
            parse(text)
        except EffectSyntaxError as error:
            failures += 1
            problem = error.problem
            assert not RAW_NAME.search(problem.message), (text, problem.message)
            assert not problem.hint or not RAW_NAME.search(problem.hint), (text, problem.hint)
            assert 0 <= problem.start < problem.end <= max(1, len(text)), (text, problem)
    assert failures > 300  # the sequences really do exercise the error paths


@pytest.mark.parametrize(
    ("text", "message", "hint"),
    [
        ("when round_end -> gain 1 Light", "`Light` is not lower case", "write `light`"),
        ("if light = 2 -> gain 1 light", "unexpected character '='", "compare with `==`"),
        ("gain 1 light ->", "the effect ends too early", None),
        ("this ship type has 1 attack", "unexpected `1`", None),
        ("when round_end -> move a ship to\n", "the clause ends too early", None),
    ],
)
def test_messages_and_hints(text, message, hint):
    problem = syntax_error(text).problem
    assert message in problem.message
    assert hint is None or hint in (problem.hint or "")


def test_end_of_effect_error_points_at_the_last_word_not_a_comment():
    text = "choose one: gain 1 common  # only one option"
    problem = syntax_error(text).problem
    assert text[problem.start : problem.end] == "common"


@pytest.mark.parametrize(
    ("text", "under"),
    [
        ("when round_end -> move a ship of yours to\nyou have +1 trades", "to"),
        ("when round_end ->\n  gain 1 light per\n", "per"),
        ("when round_end -> gain 1 (light", "light"),
        ("when round_end -> gain 1 light ->", "->"),
    ],
)
def test_an_error_at_a_line_break_stays_inside_its_line(text: str, under: str) -> None:
    problem = syntax_error(text).problem
    assert text[problem.start : problem.end] == under
    assert "\n" not in text[problem.start : problem.end]


def test_clause_layout():
    text = "you have +1 trades\n\n# note\nwhen round_end ->\n  gain 1 light\n  then gain 1 rare"
    effect = parse(text)
    assert [type(c) for c in effect.clauses] == [ast.Modifier, ast.Trigger]
    trigger = effect.clauses[1]
    assert isinstance(trigger, ast.Trigger)
    assert len(trigger.body.steps) == 2


def test_a_lone_comparison_is_not_wrapped():
    trigger = parse("when round_end if light > 2 -> gain 1 light").clauses[0]
    assert isinstance(trigger, ast.Trigger)
    assert isinstance(trigger.cond, ast.Compare)
    both = parse("when round_end if light > 2 and not round == 1 -> gain 1 light").clauses[0]
    assert isinstance(both, ast.Trigger)
    assert isinstance(both.cond, ast.AllOf)
    assert [type(c) for c in both.cond.items] == [ast.Compare, ast.Not]


@pytest.mark.parametrize(
    ("effect", "hint"),
    [
        ("when round_start if light > -1 -> gain 1 light", "has no sign: write `1`"),
        ("when round_start -> gain 1.5 light", "numbers in effects are whole"),
        ("when round_start -> gain 1 light.", "no full stop"),
    ],
)
def test_a_signed_or_decimal_number_where_none_goes_says_why(effect: str, hint: str) -> None:
    problem = syntax_error(effect).problem
    assert problem.hint is not None and hint in problem.hint
