"""Property tests: whatever a designer types, the language answers with diagnostics or a
compiled effect, never a traceback (DESIGN principle 2), and every diagnostic points
inside the text."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry

REGISTRY = registry()
KINDS = sorted(REGISTRY.card_kinds)
SEEDS = [
    *sorted({entry.example for _, entry in REGISTRY.entries()}),
    "when ability_rolled ->\n  may exhaust this card and pay 1 rare ->\n"
    "    move a ship of yours of this type to any sector",
    "you have +1 starting_techs\nyou have +1 research_draw",
    "as soon as number of red planets you control >= 2 and not light > 3 -> gain 2 light",
    "choose one: gain 1 common or gain 1 uncommon\nfor each enemy ship here -> deal 1 damage to it",
    "repeat (players - 1) times -> gain 1 light per 2 planets you control",
    "if light < 5 -> if rare > 0 -> gain 1 light else gain 1 common\nelse gain 1 rare",
    "activated: discard a tech of yours -> destroy up to 2 enemy ships here",
    # the forms of issue 29 and what designers wrote for them (limits on reactions, a
    # condition after a modifier, a duration to a moment of one's own)
    "when an opponent plays trade, once per round -> gain 1 common",
    "when an opponent builds a ship if light < 5, at most 2 times per game -> gain 1 common",
    "when an opponent plays trade once per round -> gain 1 common",
    "activated, once per round: exhaust this card -> until the end of the round: "
    "your ships have +1 attack",
    "you have +1 trades if light < 5",
    "when round_start -> until your next round: you have +1 trades",
    "activated: gain 1 common",
    # conditional modifiers, and what designers write for them
    "while number of planets you control >= 3: you have +1 trades",
    "while light < opponents_max_light, your large ships can bombard",
    "while light < 5 -> gain 1 light",
    "your ships have +1 attack while round > 3",
    # reactions to what opponents do to you, and to the opponent a card chose
    "when an opponent attacks you -> steal 1 common from the opponent in this combat",
    "when that opponent plays research -> gain 1 common",
    # players ranked and by seat, another player's value, a tech discarding itself (E150-E153)
    "when round_end -> steal 1 common from the opponent with the most damaged ships",
    "when round_end -> give 1 common to the player with the fewest light",
    "when round_end if light of the player to your left > light -> gain 1 common",
    "for each opponent -> if light of it < light -> steal 1 common from it",
    "when the player to your right builds a ship -> gain 1 common",
    "activated, once per round: discard this card -> gain 3 light",
]
WORDS = sorted(
    {word for seed in SEEDS for word in seed.split()}
    | {"->", ":", ";", "\n", "then", "or", "and", "not", "(", ")", "it", "#", "up to 3", ","}
    # characters pasted from a word processor or another alphabet (a Cyrillic `е`)
    | {"\u2192", "\u2265", "\uff11", "comm\u043en", "\u2014"}
)
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_answer(text: str, kind: str) -> None:
    """``compile_effect`` answers; spans lie inside the text; the result is JSON."""
    compiled, diagnostics = compile_effect(EffectSource.standalone(text), REGISTRY, kind)
    lines = text.split("\n")
    for d in diagnostics:
        span = d.span
        assert span is not None, d
        assert 1 <= span.line <= len(lines), (text, d)
        assert 1 <= span.column <= len(lines[span.line - 1]) + 1, (text, d)
        if span.end_line is not None:
            assert span.line <= span.end_line <= len(lines), (text, d)
    assert (compiled is None) == any(d.is_error for d in diagnostics)
    if compiled is not None:
        assert json.loads(json.dumps(compiled)) == compiled


@SETTINGS
@given(st.text(max_size=200), st.sampled_from(KINDS))
def test_arbitrary_text(text, kind):
    check_answer(text, kind)


@SETTINGS
@given(st.lists(st.sampled_from(WORDS), max_size=25), st.sampled_from(KINDS))
def test_arbitrary_word_salad(words, kind):
    check_answer(" ".join(words), kind)


@st.composite
def mutated(draw):
    """A valid effect with a few words or characters inserted, deleted, replaced or swapped."""
    tokens = draw(st.sampled_from(SEEDS)).split(" ")
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["insert", "delete", "replace", "swap", "char"]))
        at = draw(st.integers(0, max(0, len(tokens) - 1)))
        if op == "insert":
            tokens.insert(at, draw(st.sampled_from(WORDS)))
        elif op == "delete" and len(tokens) > 1:
            del tokens[at]
        elif op == "replace":
            tokens[at] = draw(st.sampled_from(WORDS))
        elif op == "swap":
            other = draw(st.integers(0, len(tokens) - 1))
            tokens[at], tokens[other] = tokens[other], tokens[at]
        else:
            word = tokens[at]
            spot = draw(st.integers(0, len(word)))
            char = draw(st.characters(min_codepoint=9, max_codepoint=126) | st.just(""))
            tokens[at] = word[:spot] + char + word[spot + (char == "" or draw(st.booleans())) :]
    return " ".join(tokens)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(), st.sampled_from(KINDS))
def test_mutated_effects(text, kind):
    check_answer(text, kind)
