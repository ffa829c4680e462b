"""Parse effect text into the typed AST (dsl/ast.py), with errors a designer can read.

The grammar is ``dsl/grammar.lark`` (LALR, positions propagated). Parse errors never
escape as Lark exceptions: :func:`parse` raises :class:`EffectSyntaxError` carrying a
diagnostic whose message says, in words, what was found and what could come next.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.resources import files
from typing import Any

from lark import Lark, Token, Transformer, Tree, UnexpectedCharacters, UnexpectedInput, v_args
from lark.exceptions import UnexpectedEOF, UnexpectedToken, VisitError
from lark.tree import Meta
from whitedwarf.dsl import ast
from whitedwarf.dsl.suggest import not_ascii

GRAMMAR_FILE = "grammar.lark"

# Every terminal of the grammar, said in words (STYLE: no "expected __ANON_22").
TERMINAL_WORDS: dict[str, str] = {
    "NAME": "a word",
    "INT": "a number",
    "SIGNED": "a signed number such as `+1`",
    "DET": "a determiner (`a`, `this`, `each`, `any`, ...)",
    "NUMBER_DET": "`up to N`",
    "RANK": "`with the most` or `with the fewest`",
    "SIDE": "`to your left` or `to your right`",
    "PREP": "a preposition (`to`, `in`, `on`, `from`, `by`, ...)",
    "AS": "`as`",
    "CHOOSE_A": "`choose a`, `choose an` or `choose another`",
    "_HAVE": "`has`",
    "_ARROW": "`->`",
    "_COLON": "`:`",
    "_LPAR": "`(`",
    "_RPAR": "`)`",
    "_PER": "`per`",
    "_COMMA": "`,`",
    "_SEP": "a new line or `;`",
    "CMP": "a comparison (`>=`, `<=`, `==`, `!=`, `>`, `<`)",
    "ADD_OP": "`+` or `-`",
    "MUL_OP": "`*` or `/`",
    "$END": "the end of the effect",
    "_CONT": "a new line",
}


@dataclass(frozen=True)
class SyntaxProblem:
    """One syntax error: where (offsets in the effect text), what, and a hint."""

    start: int
    end: int
    message: str
    hint: str | None = None


class EffectSyntaxError(Exception):
    """The effect text is not in the language."""

    def __init__(self, problem: SyntaxProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem


@cache
def lark_parser() -> Lark:
    """The LALR parser, built once per process (and cached on disk by Lark)."""
    grammar = (files("whitedwarf.dsl") / GRAMMAR_FILE).read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=True,
        cache=True,
    )


# Nodes of the parse tree that nest one level deeper: steps inside steps, and expressions
# and conditions inside expressions. Only the tree says what nests: arrows of separate
# clauses, parentheses around one number or inside a comment do not.
NESTING_NODES = frozenset(
    {"optional", "conditional", "conditional_else", "choice", "for_each", "repeat", "paid"}
    | {"remember"}  # card state (issue 29)
    | {"arith", "compare", "negate", "count", "any_of", "all_of"}
)
MAX_NESTING = 24  # the deepest base-game effect nests 3 levels; the passes recurse per level
#: Parentheses around a condition nest no deeper by NESTING_NODES (``((a))`` is ``a``), but
#: each pair is two more levels of the parse tree, which the tree-to-AST pass walks
#: recursively: about 300 pairs overflowed Python's stack. The deepest base-game tree is 10
#: levels; effects within MAX_NESTING stay near 30.
MAX_TREE_DEPTH = 128


class EffectTooDeep(Exception):
    """The effect parses but nests deeper than ``MAX_NESTING`` levels, or its parse tree
    deeper than ``MAX_TREE_DEPTH`` (refused unwalked)."""

    def __init__(self, depth: int, start: int, end: int, parentheses: bool = False) -> None:
        if parentheses:
            message = (
                f"the effect nests {depth} levels deep, parentheses included; the limit is "
                f"{MAX_TREE_DEPTH}"
            )
        else:
            message = f"the effect nests {depth} levels deep; the limit is {MAX_NESTING}"
        super().__init__(message)
        self.depth, self.start, self.end = depth, start, end
        self.parentheses = parentheses


@lru_cache(maxsize=4096)
def parse(text: str) -> ast.Effect:
    """Parse one effect; raise :class:`EffectSyntaxError` on the first syntax error.

    Trees are immutable, so a text parsed again (to write card text from it) is not re-parsed.

    An effect nested deeper than :data:`MAX_NESTING` raises :class:`EffectTooDeep` before
    any recursive pass walks it.
    """
    try:
        tree = lark_parser().parse(text)
    except UnexpectedInput as error:
        raise EffectSyntaxError(explain(error, text)) from None
    depth, node, levels, deepest = nesting(tree)
    if depth > MAX_NESTING:
        meta = node.meta
        raise EffectTooDeep(depth, meta.start_pos, meta.end_pos)
    if levels > MAX_TREE_DEPTH:
        meta = deepest.meta
        raise EffectTooDeep(levels, meta.start_pos, meta.end_pos, parentheses=True)
    try:
        return _ToAst().transform(tree)
    except VisitError as error:  # a malformed number and the like
        start, end = _first_code(text), len(text.rstrip())  # the effect, not blank lines
        raise EffectSyntaxError(SyntaxProblem(start, end, str(error.orig_exc))) from None


def nesting(tree: Tree[Token]) -> tuple[int, Tree[Token], int, Tree[Token]]:
    """How many :data:`NESTING_NODES` the deepest path holds and the node where it is
    deepest, then how many levels the deepest path of the whole tree has and its last node.

    Walked with an explicit stack: the tree of a hostile effect may be deeper than Python's
    recursion limit (the LALR parser itself never recurses).
    """
    deepest, where = 0, tree
    levels, bottom = 0, tree
    stack: list[tuple[Tree[Token], int, int]] = [(tree, 0, 1)]
    while stack:
        node, depth, level = stack.pop()
        if _nests(node):
            depth += 1
            if depth > deepest:
                deepest, where = depth, node
        if level > levels:
            levels = level
            if node.data in _CONDITIONS or _nests(node):
                bottom = node  # shown at the innermost condition or step, not at a number
        stack.extend(
            (child, depth, level + 1) for child in node.children if isinstance(child, Tree)
        )
    return deepest, where, levels, bottom


_CONDITIONS = ("any_of", "all_of")


def _nests(node: Tree[Token]) -> bool:
    if node.data in ("any_of", "all_of"):  # a lone comparison is wrapped in both
        return len(node.children) > 1
    return node.data in NESTING_NODES


def describe_expected(expected: set[str] | frozenset[str]) -> str:
    """``a word, `->` or the end of the effect``."""
    words = sorted({_word_for(name) for name in expected})
    if not words:
        return "nothing more"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _word_for(terminal: str) -> str:
    if terminal in TERMINAL_WORDS:
        return TERMINAL_WORDS[terminal]
    pattern = _keyword_text(terminal)
    return f"`{pattern}`" if pattern else terminal.lower()


@cache
def _keyword_text(terminal: str) -> str | None:
    for definition in lark_parser().terminals:
        if definition.name == terminal:
            # a keyword's own text; a pattern's regex is no words (design round 11: SIDE's
            # `(to|on)[ \t]+your...` was shown to a designer as what was expected)
            value = definition.pattern.value
            return value if definition.pattern.type == "str" and isinstance(value, str) else None
    return None


def explain(error: UnexpectedInput, text: str) -> SyntaxProblem:
    """Turn a Lark error into a located message in words, with a hint where one is known."""
    if isinstance(error, UnexpectedCharacters):
        return _bad_character(error.pos_in_stream or 0, text)
    friendly = _friendly_message(error, text)
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        names = frozenset(str(name) for name in error.expected)
        start, end = _last_word(text, len(text))  # not a comment after it
        hint = None
        if {"_ARROW", "AND"} <= names and _WHILE_FORM not in (friendly or ""):
            # `gain 1 common and gain 1 rare`: read as costs
            hint = "steps joined with `and` are costs, paid before `->`; join steps with `then`"
        return SyntaxProblem(
            start,
            end,
            friendly or f"the effect ends too early: expected {describe_expected(names)}",
            hint,
        )
    assert isinstance(error, UnexpectedToken)
    token = error.token
    start = token.start_pos or 0
    word = (str(token.value).split() or [""])[0]  # `->` and `:` take the line end with them
    end = start + max(1, len(word))
    message = f"unexpected `{word}`: expected {describe_expected(error.expected)}"
    if token.type == "_SEP":  # under the clause's last word: the line break has no column
        start, end = _last_word(text, start)
        message = f"the clause ends too early: expected {describe_expected(error.expected)}"
    hint = _token_hint(token, error.expected, text[:start].rstrip())
    if token.type == "_COMMA":
        hint = _comma_hint(text[:start], text[start + 1 :]) or hint
    if token.type == "NAME" and set(error.expected) >= _AFTER_OF:  # `ships of him`
        message, hint = _after_of(word)
    if friendly == _WHILE_STEP:  # under the step written after `while <condition>:`
        start = _after_head(text, start)
        end = max(end, start + 1)
    if friendly == _OWN_MOMENT_FORM:  # under the whole sentence, `you play research`
        start, end = _own_moment_span(text, start, end)
    if (
        friendly in (_REACTION_FORM, _OWN_MOMENT_FORM)
        or (friendly or "").startswith(_LIMIT_FORM[:20])
        or (friendly or "").find(_WHILE_FORM) >= 0  # a conditional modifier's forms
    ):
        hint = None  # the message names the form; "put `->` ..." would not
    return SyntaxProblem(start, end, friendly or message, hint)


def _last_word(text: str, pos: int) -> tuple[int, int]:
    """The offsets of the last word of code before ``pos`` (never past the end of its line);
    with no code before it (comments alone), the first character that is not white space: an
    effect beginning with a line break (a block scalar's blank first line) is not pointed at
    on that empty line."""
    end = _code_end(text, pos)
    if not end:
        first = _first_code(text)
        return first, first + 1
    start = end
    same = _is_word_char(text[end - 1]) if end else False
    while start > 0 and not text[start - 1].isspace() and _is_word_char(text[start - 1]) == same:
        start -= 1
    return start, max(end, start + 1)


def _first_code(text: str) -> int:
    """The offset of the first character of ``text`` that is not white space (0: none)."""
    return len(text) - len(text.lstrip()) if text.strip() else 0


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char in "_'"


def _code_end(text: str, pos: int) -> int:
    """The offset just after the last character of code before ``pos`` (comments skipped)."""
    while pos > 0:
        line_start = text.rfind("\n", 0, pos) + 1
        code = text[line_start:pos].split("#", 1)[0].rstrip()
        if code:
            return line_start + len(code)
        pos = line_start - 1
    return 0


def _bad_character(start: int, text: str) -> SyntaxProblem:
    char = text[start] if start < len(text) else ""
    if char.isupper():
        end = start
        while end < len(text) and (text[end].isalnum() or text[end] in "_'"):
            end += 1
        begin = start
        while begin > 0 and (text[begin - 1].isalnum() or text[begin - 1] in "_'"):
            begin -= 1
        word = text[begin:end]
        return SyntaxProblem(begin, end, f"`{word}` is not lower case", f"write `{word.lower()}`")
    hint = _character_hint(char, text[start + 1 : start + 2]) or not_ascii(char)
    return SyntaxProblem(start, start + 1, f"unexpected character {char!r}", hint)


def _character_hint(char: str, after: str = "") -> str | None:
    if char == "=" and after == ">":  # `when round_end => ...`
        return "the arrow is written `->`"
    if char == "=":
        return "compare with `==`, `>=` or `<=`"
    if char in "\"'":
        return "effects need no quotes inside them"
    if char in ".,":
        return (
            "numbers in effects are whole (`1`, not `1.5`), and a clause ends at the end of "
            "its line: no full stop"
        )
    return None


#: The end of a modifier or a grant (`has +1 attack`, `can bombard`): an `if` after one is a
#: condition on a clause that takes none.
_STANDING = re.compile(r"(\b(has|have)\s+[+-]\d+\s+[a-z_]+|\bcan\s+[a-z_]+)$")


def _postfix_if(before: str) -> bool:
    """Whether the step the error is in reads ``<step> if <words>``: an `if` written after its
    step, as English does (`gain 1 common if light < 5`), where the language writes it before
    (`if C -> A`); a trigger's own `when <hook> if` is not one."""
    step = re.split(r"->|:|;|\n|\bthen\b|\belse\b|\bor\b", before)[-1].strip()
    head, found, _ = step.partition(" if ")
    return bool(found and head) and not head.startswith("when ")


#: A function opened where a verb's amount stands (`gain min(2, light) light`), its
#: comma reached: the amount takes a number, or a sum in parentheses.
_BARE_FUNCTION = re.compile(r"(?<![(\w])\s*\b(min|max)\s*\([^()]*$")
#: A cap written as English writes it, after the amount (`gain 1 light per planet you
#: control, at most 3`).
_AT_MOST_AFTER = re.compile(r"\s*at\s+most\s+(\d+)\b(?!\s+times)")


def _comma_hint(before: str, after: str) -> str | None:
    """A hint for an unexpected `,`: a function written where an amount's number stands, or
    a cap written after an amount; both are said with parentheses, in the writer's own words
    where the text has them (docs/dsl.md "Amounts, numbers and `per`")."""
    bare = _BARE_FUNCTION.search(before)
    if bare is not None:
        opened = before[bare.start(1) :].strip()
        close = after.find(")")
        written = f"{opened}, {after[: close + 1].strip()}" if close >= 0 else f"{opened}, ...)"
        return (
            "a verb's amount takes a number, or a sum in parentheses: put the function in "
            f"parentheses, `({written})`"
        )
    cap = _AT_MOST_AFTER.match(after)
    if cap is not None:
        most = cap.group(1)
        return (
            f"an amount is capped with `min`, in parentheses where its number stands: "
            f"`(min(number of <things>, {most})) <unit>` is one a thing, at most {most}; a use "
            "limit (`, at most 3 times per game`) follows the hook or `activated`"
        )
    return None


#: Words a designer writes for a count of uses (`twice per game`): the number they mean.
_TIMES_WORDS = {"twice": "2", "thrice": "3", "two": "2", "three": "3", "four": "4", "five": "5"}


def _token_hint(token: Token, expected: set[str], before: str = "") -> str | None:
    """A hint for an unexpected token; ``before`` is the text before it (its last word
    tells a value followed by a noun, `light > red planets`, from a missing arrow)."""
    in_sum = "CMP" in expected or "ADD_OP" in expected
    if "ONCE" in expected and (str(token) in _TIMES_WORDS or token.type == "INT"):
        # `when turn_start, twice per game -> ...` (design round 11: told "expected `once` or
        # a preposition", which says nothing of how a count of uses is written)
        times = _TIMES_WORDS.get(str(token), str(token))
        return (
            f"a use limit of more than one use is `at most {times} times per <period>` "
            f"(`once per <period>` for one): `, at most {times} times per game`"
        )
    if re.search(r"\buntil\s+the\s+end\s+of\s+(your|the)\s+next$", before):
        # `until the end of your next turn: ...` (design round 11): no form says "next"
        period = str(token)
        return (
            f"a duration lasts to the end of the {period} it starts in; for the next {period}, "
            f"mark the card now and start it then: `put 1 mark on this card`, and `when "
            f"{period}_start if marks on this card >= 1 -> remove (marks on this card) marks "
            f"from this card -> until the end of the {period}: ...`"
        )
    if token.type == "_ARROW" and re.search(r"(:|\bmay|\bthen)$", before):  # `activated: ->`
        return (
            "nothing stands before this `->`: write the cost it follows (`<cost> -> <what "
            "happens>`), or leave the arrow out"
        )
    if token.type == "IF" and _STANDING.search(before):  # `you have +1 trades if light < 5`
        return (
            "a modifier or grant with a condition takes it first: `while <condition>: "
            "<modifier or grant>` counts only while the condition holds; for one that lasts a "
            "while after a moment, start it with a trigger: `when <hook> if <condition> -> "
            "until the end of the <period>: <modifier>`"
        )
    if _postfix_if(before):  # `gain 1 common if light < 5`: the condition comes first
        return (
            "a condition comes before what it guards: `if <condition> -> <step>` (or on the "
            "trigger: `when <hook> if <condition> -> <step>`)"
        )
    if str(token) == "is" and re.search(r"\bit$", before):  # `when ship_built if it is large`
        return (
            "the thing a hook is about is `this <noun>` (`if this <noun> is <adjective>`); "
            "`it` is the current thing of a `for each` loop"
        )
    if token.type == "_COLON" and re.search(
        r"(^|[\n;])\s*(once|at most \d+ times) per \w+$", before
    ):
        return (
            "a use limit follows `activated,` or a trigger's hook: `activated, once per <period>: "
            "...`, `when <hook>, once per <period> -> ...`"
        )
    in_place = re.search(r"\b(this|that)\s+([a-z_]+)\s+is\s+(in|on|at)$", before)
    if in_place:  # `if this ship is in the centre sector`: `is` takes one filter word
        noun = in_place.group(2)
        return (
            f"`this {noun} is` takes one filter word, with no place phrase: `this {noun} is "
            f"<filter>`, a filter that says the place (the reference lists the filters of "
            f"each noun); or count: `number of <filter> {noun}s of yours >= 1`"
        )
    acted = re.search(r"\bthe\s+([a-z_]+)\s+who\s+([a-z_]+)$", before)
    if acted and token.type == "DET" and "IS" in {str(e) for e in expected}:
        # `if the player who moved a ship is the leader`: the act's things do not follow
        who, verb = acted.groups()
        return (
            f"in a condition the actor is named by the act's verb alone: `the {who} who {verb} "
            f"is ...`"
        )
    ahead = re.search(r"\bnext\s+time$", before)
    if ahead and str(token) == "you":  # `the next time you mine: gain 2 common`
        return (
            "`the next time you <act>` is not a form of the language: mark this card now "
            "(`put a flag on this card`) and spend the mark in a trigger on the act's hook, "
            "`when <hook> if flags on this card >= 1 -> remove 1 flag from this card -> ...` "
            '(docs/dsl.md "The next time you ..."); a discount on the next thing made is '
            "`your next <thing> costs N less`"
        )
    if str(token) in ("is", "are") and "CMP" in expected:
        # `if light is less than 5`, as a card's text says it
        return (
            "a condition compares with a sign: `<value> < 5` (less than), `<= 5` (at most), "
            "`>= 5` (at least), `> 5` (more than), `== 5`"
        )
    if str(token) in ("have", "has") and re.search(r"\bif\s+the\s+[a-z_' ]+$", before):
        # `if the player to your left has fewer night_points than you` (design round 11)
        return (
            "a condition compares numbers: another player's value is `<value> of the <player>` "
            "(`<value> of the player to your left < <value>`, yours being the bare value), "
            "their things "
            "`number of <things> of the <player>`"
        )
    if str(token) in ("have", "has") and before.endswith("you"):
        # `if you have less than 5 light`: a value is read from the card owner's side
        return "a value is read from your side already: `<value> < 5`, not `you have ...`"
    joined = re.search(r"\b([a-z_]+) \d+ [a-z_]+ (and|,)$", before)
    if token.type == "INT" and joined:  # `gain 1 light and 1 common`: two steps
        verb = joined.group(1)
        return (
            f"each step has its own verb, joined with `then`: `{verb} ... then {verb} {token} ...`"
        )
    if token.type == "NAME" and in_sum and before[-1:].isalpha():
        return (
            "to count things, write `number of` before them (`number of <things>`); else put "
            "`->` between the condition and what happens"
        )
    compared = re.search(r"\bwhen\s+([a-z_]+)$", before)
    if token.type == "CMP" and compared:  # `when stars_launched >= 5 -> claim`: a condition
        value = compared.group(1)
        return (
            f"`when` names a moment (a hook), and a condition follows it after `if`: `when "
            f"<hook> if {value} {token} ... -> ...`; a goal met as soon as a condition holds "
            f"is `as soon as {value} {token} ... -> ...`"
        )
    if "_ARROW" in expected and token.type != "_ARROW":
        return "put `->` between the trigger, the condition or the cost and what happens"
    every = re.search(r"(\d+\s+[a-z_]+)\s+for\s+(each|every)$", before)
    if token.type == "INT" and every:  # `gain 1 common for every 2 planets you control`
        return f"one for every {token} things is `{every.group(1)} per {token} <things>`"
    if token.type == "INT" and "SIGNED" in expected:
        return f"a modifier's number has its sign: `+{token}` or `-{token}`"
    if token.type == "OR" and "THEN" in expected:
        return "`or` joins the options of a choice: `choose one: <step> or <step>`"
    if token.type == "AND" and "THEN" in expected:
        return "join steps with `then`; `and` joins costs before `->` and conditions"
    if token.type == "AND" and expected <= {"_SEP", "$END"}:
        return "one modifier or grant per clause: write the next on a new line, or after `;`"
    if token.type == "SIGNED" and "INT" in expected:
        return (
            "a number in a condition or a sum has no sign: write `1` (a sum may subtract: "
            "`<value> - 1`); `+1` is for a modifier, `you have +1 <stat>`"
        )
    if token.type == "SIGNED" and "NAME" in expected:
        return "a modifier reads `you have +1 <stat>` or `this <noun> has +1 <stat>`"
    return None


#: The trigger's missing-arrow message, and what it says for `as soon as`, whose parser state
#: after its condition is the same as `when <hook> if <condition>`'s.
_TRIGGER_ARROW = "a trigger needs `->` before what happens, as in `when <hook> -> <what happens>`"
_AS_SOON_AS_ARROW = (
    "`as soon as` needs `->` before what happens, as in `as soon as <condition> -> <what happens>`"
)


#: A reaction to another player written without its determiner (`when opponent plays
#: research`) or as a hook "of"/"by" someone (`when before_research of an opponent`): told the
#: form that works (issue 29: all three forms tried were told "a trigger needs `->`").
_REACTION_TRIED = re.compile(r"when\s+([a-z]+\s+[a-z]+s\s|[a-z_]+\s+(of|by|from)\s)")
_REACTION_FORM = (
    "to react to another player's act, start with a determiner: `when another player <act> "
    "-> <what happens>` (the reference lists each hook's act); a trigger on your own moment "
    "is `when <hook> -> <what happens>`"
)

#: A trigger on the card owner's own moment written as a sentence (`when you play research`,
#: `when you build a ship`): the hook is one word, and the parser's "needs `->`" pointed past
#: the sentence at its second word. dsl/api.py adds the hooks whose names share a word.
OWN_MOMENT_TRIED = re.compile(r"when\s+(you|your|i|we)\s+([a-z_]+(?:\s+[a-z_]+)*)")
_OWN_MOMENT_FORM = (
    "a trigger names its moment with one hook word, not a sentence: `when <hook> -> <what "
    "happens>` (the reference lists the hooks); `when you ...` is not a form"
)


def _own_moment_span(text: str, start: int, end: int) -> tuple[int, int]:
    """The offsets of the sentence after `when` that stands where a hook should
    (`you play research`), or ``start, end`` when it is not found."""
    found = OWN_MOMENT_TRIED.match(text, max(0, text.rfind("when", 0, start + 1)))
    return (found.start(1), found.end(2)) if found else (start, end)


#: A use limit written without its comma (`activated: once per round: ...`, `when <hook>:
#: once per round -> ...`, `when <hook> once per round -> ...`): told where the comma goes
#: rather than the twenty tokens the parser could take there.
_LIMIT_TRIED = re.compile(
    r"\s*(activated|when\s+[a-z_]+(?:\s+if\s+[^,:]+?)?)\s*:?\s+"
    r"(once\s+per\s+[a-z]+|[a-z]+\s+most\s+\S+\s+times?\s+per\s+[a-z]+)\s*(:|->)?"
)
_LIMIT_FORM = "a use limit follows a comma: `{head}, {limit}{after} ...`"


def _limit_message(error: UnexpectedInput, text: str) -> str | None:
    """The use-limit message when the error's line is a use limit without its comma."""
    at = getattr(error, "pos_in_stream", None) or len(text)
    line_start, line_end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
    line = text[line_start : len(text) if line_end < 0 else line_end].split(";")[0]
    found = _LIMIT_TRIED.match(line)
    if found is None:
        return None
    head, limit = (" ".join(found.group(i).split()) for i in (1, 2))
    after = ":" if head == "activated" else " ->"
    return _LIMIT_FORM.format(head=head, limit=limit, after=after)


#: The qualifier keywords every game's grammar takes after `of` (a game's own `of`
#: filters, such as `of opponents`, are left out: not every game has them).
_AFTER_OF = {"THIS", "THAT", "THE", "YOURS"}
_OF_FORMS = "after `of`, write `of this <noun>`, `of that <noun>`, `of the <party>` or `of yours`"


def _after_of(word: str) -> tuple[str, str | None]:
    """The message for a word after `of` that no qualifier starts with (`ships of him`)."""
    return f"{_OF_FORMS} (or `of it` inside `for each`), not `of {word}`", None


# A table of friendly messages, each with example bad inputs that reach the same parser
# state (Lark's match_examples). tests/dsl/test_parser.py walks the table.
FRIENDLY_EXAMPLES: dict[str, list[str]] = {
    # The examples use made-up words: the grammar is the same for every game.
    _TRIGGER_ARROW: [
        "when some_hook do_thing 1 point",
        "when some_hook if points > 2 do_thing 1 point",
        # a `:` after a condition is read to its end since `while <condition>: ...`
        "when some_hook if points > 2: do_thing 1 point",
    ],
    _AS_SOON_AS_ARROW: ["as soon as points > 2: do_thing 1 point"],
    "a modifier needs a subject, as in `you have +1 <stat>`": [
        "+1 power",
    ],
    "`activated` is followed by `:` and then what happens, "
    "as in `activated: <cost> -> <what happens>`": [
        "activated flip this thing -> do_thing 1 point",
    ],
    # `the owner of the planet` (issue 29): was told "expected `this` or `yours`"
    _OF_FORMS: [
        "do_thing 1 point from the boss of a place",
        "do_thing 1 point from the boss of place",
    ],
    # `until your next turn: ...` (a designer's "until your next turn") was told only
    # "unexpected `next`: expected `end`"
    "a duration reads `until the end of the <period>: <modifier or grant>` (the reference "
    "lists the game's periods); it cannot last until a moment of your own, such as `until "
    "your next ...`": [
        "until your next thing: you have +1 power",
        "when some_hook -> until the start of the thing: you have +1 power",
        "when some_hook -> until end of thing: you have +1 power",
    ],
    "`choose one:` needs at least two options separated by `or`": [
        "choose one: do_thing 1 point",
    ],
    "the options of `choose one:` are not a `-` list: separate them with `or`, as in "
    "`choose one: <option> or <option>` (an option per line is fine, each after the first "
    "starting with `or`)": [
        "when some_hook -> choose one:\n  - do_thing 1 point\n  - do_thing 2 point",
        "choose one:\n  - do_thing 1 point\n  - do_thing 2 point",
        "choose one: - do_thing 1 point",
    ],
}


#: A conditional modifier (`while <condition>: <modifier or grant>`) written otherwise: each
#: told the form that works rather than the tokens the parser could take.
_WHILE_FORM = "`while <condition>: <modifier or grant>`"
_WHILE_ARROW = (
    f"a conditional modifier takes `:` after its condition, not `->`: {_WHILE_FORM}; steps "
    "that happen when a condition holds are a trigger's: `when <hook> if <condition> -> ...`"
)
_WHILE_COLON = f"a conditional modifier takes `:` (or `,`) after its condition: {_WHILE_FORM}"
_WHILE_STEP = (
    "after `while <condition>:` comes a modifier or grant (`<subject> has +N <stat>`, "
    "`<subject> can <ability>`), not a step; steps that happen when a condition holds are a "
    "trigger's: `when <hook> if <condition> -> ...`"
)
_WHILE_INSIDE = (
    f"{_WHILE_FORM} is a clause of its own, not a step after `->` or `:`; a change that a "
    "trigger starts and that lasts a while is a duration: `until the end of the <period>: "
    "<modifier or grant>`"
)
_WHILE_AFTER = f"a modifier's or grant's condition comes first: {_WHILE_FORM}"


def _after_head(text: str, at: int) -> int:
    """Where the part after a `while <condition>:` (or `,`) begins, on the line of ``at``."""
    line = text.rfind("\n", 0, at) + 1
    head = re.match(r"[ \t]*while\b[^:,\n]*[:,][ \t]*", text[line:at])
    return line + head.end() if head is not None else at


def _while_message(clause: str, whole: str, token: str) -> str | None:
    """The message for a `while` clause written otherwise (see :data:`_WHILE_FORM`), or None;
    ``clause``: its text up to the error, ``whole`` with the rest of its line, ``token``:
    the word the parser stopped at."""
    if re.match(r"while\b", whole):
        head = re.match(r"while\b[^:,]*?(->|:|,|$)", whole)
        if head is not None and head.group(1) == "->":
            return _WHILE_ARROW
        if head is not None and head.group(1) in (":", ",") and len(clause) > head.end():
            return _WHILE_STEP
        return _WHILE_COLON if head is not None and not head.group(1) else None
    if re.search(r"(->|:)\s*while\b", whole):
        return _WHILE_INSIDE
    if token == "while":
        return _WHILE_AFTER
    return None


def _friendly_message(error: UnexpectedInput, text: str) -> str | None:
    limit = _limit_message(error, text)
    if limit is not None:
        return limit
    # The clause the error is in: up to the error, and with the rest of its line.
    at = getattr(error, "pos_in_stream", None) or len(text)
    clause = text[text.rfind("\n", 0, at) + 1 : at].split(";")[-1].lstrip()
    line_end = text.find("\n", at)
    whole = clause + text[at : len(text) if line_end < 0 else line_end]
    if OWN_MOMENT_TRIED.match(whole):
        return _OWN_MOMENT_FORM  # `when you play research ...`
    if "while" in whole:  # a conditional modifier written otherwise
        said = _while_message(clause, whole, str(getattr(error, "token", "")))
        if said is not None:
            return said
    try:
        label = error.match_examples(
            lark_parser().parse,
            FRIENDLY_EXAMPLES,
            token_type_match_fallback=True,
            # The state after `when <hook> if <cond>` (which may go on with a use limit,
            # `, once per round`) is that after `as soon as <cond>` (which may not): their
            # accepted tokens differ, so they are matched by state alone (issue 29).
            use_accepts=False,
        )
    except Exception:
        return None
    if label == _TRIGGER_ARROW:
        if clause.startswith("as soon as"):
            return _AS_SOON_AS_ARROW
        if _REACTION_TRIED.match(whole):
            return _REACTION_FORM
    return label if isinstance(label, str) else None


# --- tree → AST -----------------------------------------------------------------------


def _pos(meta: object) -> ast.Pos:
    start = getattr(meta, "start_pos", 0) or 0
    end = getattr(meta, "end_pos", start) or start
    return ast.Pos(start, end)


def _word(token: Token) -> ast.Word:
    return ast.Word(str(token), ast.Pos(token.start_pos or 0, token.end_pos or 0))


#: The children of a rule, as :class:`_ToAst` receives them: tokens and the AST nodes its
#: methods built for the rule's parts, in the grammar's order (None for an absent optional
#: part). Which is which the grammar fixes, not a type: each method unpacks what its rule
#: holds, and its return type says what it builds.
Children = list[Any]


@v_args(meta=True)
class _ToAst(Transformer[Token, ast.Effect]):
    """Build dsl/ast.py nodes from the Lark tree."""

    def start(self, meta: Meta, items: list[ast.Clause]) -> ast.Effect:
        return ast.Effect(tuple(items), _pos(meta))

    # clauses
    def modifier(self, meta: Meta, items: Children) -> ast.Modifier:
        subject, amount, stat = items
        where = ast.Pos(amount.start_pos or 0, amount.end_pos or 0)
        return ast.Modifier(subject, int(amount), _word(stat), _pos(meta), where)

    def grant(self, meta: Meta, items: Children) -> ast.Grant:
        subject, flag = items
        return ast.Grant(subject, _word(flag), _pos(meta))

    def trigger(self, meta: Meta, items: Children) -> ast.Trigger:
        hook, cond, body = items
        return ast.Trigger(_word(hook), cond, body, _pos(meta))

    def activated(self, meta: Meta, items: list[ast.Body]) -> ast.Activated:
        return ast.Activated(items[0], _pos(meta))

    # use limits (issue 29)
    def limited_trigger(self, meta: Meta, items: Children) -> ast.Trigger:
        hook, cond, limit, body = items
        return ast.Trigger(_word(hook), cond, body, _pos(meta), limit)

    def limited_activated(self, meta: Meta, items: Children) -> ast.Activated:
        limit, body = items
        return ast.Activated(body, _pos(meta), limit)

    def limit_once(self, meta: Meta, items: list[Token]) -> ast.Limit:
        (period,) = items
        one = ast.Num(1, _pos(meta))
        return ast.Limit(one, _word(period), _pos(meta))

    def limit_at_most(self, meta: Meta, items: Children) -> ast.Limit:
        prep, times, period = items
        return ast.Limit(times, _word(period), _pos(meta), _word(prep))

    # durations and one-shot discounts (issue 29)
    def lasting(self, meta: Meta, items: Children) -> ast.Lasting:
        first, second, period, clause = items
        return ast.Lasting(_word(period), clause, _pos(meta), (_word(first), _word(second)))

    def next_cost(self, meta: Meta, items: Children) -> ast.NextCost:
        det, *thing, amount = items
        return ast.NextCost(_word(det), tuple(_word(w) for w in thing), amount, _pos(meta))

    def lasting_next_cost(self, meta: Meta, items: Children) -> ast.Lasting:
        """``until the end of the round: your next ship costs 1 less``: a one-shot discount
        that is gone at the period's end if not used (the first ship each round)."""
        first, second, period, det, *thing, amount = items
        start, end = det.start_pos or 0, getattr(amount, "pos", _pos(meta)).end
        discount = ast.NextCost(
            _word(det), tuple(_word(w) for w in thing), amount, ast.Pos(start, end)
        )
        return ast.Lasting(_word(period), discount, _pos(meta), (_word(first), _word(second)))

    def reaction(self, meta: Meta, items: Children) -> ast.Reaction:
        """``when an opponent plays research [if C] -> ...``: the actor is the determiner
        and the first word; the act the words after it, up to ``if`` or ``->``."""
        det, noun, *rest = items
        cond, body = rest[-2], rest[-1]
        words = tuple(_word(t) for t in rest[:-2])
        start, end = det.start_pos or 0, noun.end_pos or 0
        posts: tuple[ast.Post, ...] = ()
        if len(words) > 3 and words[0].text in ("to", "on") and words[1].text == "your":
            # `when the player to your left builds a ship`: the grammar reads the side as
            # act words (no side is expected there); it is the actor's (the checker reads
            # the side word against ``Registry.sides``)
            side, begin, words = words[2], words[0].pos.start, words[3:]
            end = side.pos.end
            posts = (ast.Post("side", side, None, ast.Pos(begin, end)),)
        actor = ast.Selector(_word(det), None, False, (_word(noun),), posts, ast.Pos(start, end))
        return ast.Reaction(actor, words, cond, body, _pos(meta))

    def limited_reaction(self, meta: Meta, items: Children) -> ast.Reaction:
        """``when an opponent plays trade [if C], once per round -> ...``: a reaction whose
        uses are counted as a limited trigger's (the engine runs both alike)."""
        *head, limit, body = items
        plain = self.reaction(meta, [*head, body])
        return ast.Reaction(plain.actor, plain.act, plain.cond, body, plain.pos, limit)

    def while_clause(self, meta: Meta, items: Children) -> ast.While:
        """``while <condition>: <modifier or grant>`` (or with a comma)."""
        cond, clause = items[0], items[-1]
        return ast.While(cond, clause, _pos(meta))

    def as_soon_as(self, meta: Meta, items: Children) -> ast.AsSoonAs:
        cond, body = items[-2], items[-1]
        return ast.AsSoonAs(cond, body, _pos(meta))

    def immediate(self, meta: Meta, items: list[ast.Body]) -> ast.Immediate:
        return ast.Immediate(items[0], _pos(meta))

    def you(self, meta: Meta, items: list[Token]) -> ast.You:
        return ast.You(_pos(meta))

    def subject(self, meta: Meta, items: list[ast.Selector]) -> ast.Selector:
        return items[0]

    # steps
    def body(self, meta: Meta, items: list[ast.Step]) -> ast.Body:
        return ast.Body(tuple(items), _pos(meta))

    def group(self, meta: Meta, items: list[ast.Body]) -> ast.Body:
        """``(A then B)``: steps taken together, as one option of a choice or one step."""
        return items[0]

    def optional(self, meta: Meta, items: list[ast.Step]) -> ast.Optional:
        return ast.Optional(items[0], _pos(meta))

    def conditional(self, meta: Meta, items: Children) -> ast.Conditional:
        return ast.Conditional(items[0], items[1], _pos(meta))

    def conditional_else(self, meta: Meta, items: Children) -> ast.Conditional:
        return ast.Conditional(items[0], items[1], _pos(meta), items[2])

    def choice(self, meta: Meta, items: list[ast.Step]) -> ast.Choice:
        return ast.Choice(tuple(items), _pos(meta))

    def for_each(self, meta: Meta, items: Children) -> ast.ForEach:
        return ast.ForEach(items[0], items[1], _pos(meta))

    def repeat(self, meta: Meta, items: Children) -> ast.Repeat:
        return ast.Repeat(items[0], items[1], _pos(meta))

    def paid(self, meta: Meta, items: Children) -> ast.Paid:
        return ast.Paid(tuple(items[:-1]), items[-1], _pos(meta))

    def remember(self, meta: Meta, items: Children) -> ast.Remember:
        """``choose an opponent: <step>`` (card state, issue 29)."""
        head, *words, step = items
        article = str(head).split()[-1]
        end = head.end_pos or 0
        det = ast.Word(article, ast.Pos(end - len(article), end))
        names = tuple(_word(w) for w in words)
        chosen = ast.Selector(
            det, None, False, names, (), ast.Pos(det.pos.start, names[-1].pos.end)
        )
        return ast.Remember(chosen, step, _pos(meta))

    def action(self, meta: Meta, items: Children) -> ast.Action:
        verb, *args = items
        return ast.Action(_word(verb), tuple(args), _pos(meta))

    def prep_arg(self, meta: Meta, items: Children) -> ast.PrepArg:
        prep, value = items
        return ast.PrepArg(_word(prep), value, _pos(meta))

    def amount(self, meta: Meta, items: Children) -> ast.Amount:
        count, unit, every, selector = items
        per = None
        if selector is not None:
            start = every.pos.start if every is not None else selector.pos.start
            per = ast.Per(every, selector, ast.Pos(start, selector.pos.end))
        unit_word = _word(unit) if unit is not None else None
        return ast.Amount(count, unit_word, per, _pos(meta))

    # selectors
    def selector(self, meta: Meta, items: Children) -> ast.Selector:
        det = None
        if items and isinstance(items[0], Token) and items[0].type == "DET":
            det = _word(items[0])
            items = items[1:]
        words = tuple(_word(t) for t in items if isinstance(t, Token))
        posts = _sides_to_parties(tuple(p for p in items if isinstance(p, ast.Post)))
        return ast.Selector(det, None, False, words, posts, _pos(meta))

    def counted(self, meta: Meta, items: Children) -> ast.Selector:
        det = None
        if isinstance(items[0], Token) and items[0].type == "DET":
            det = _word(items[0])
            items = items[1:]
        token = items[0]
        number = int(str(token).split()[-1])
        count = ast.Num(number, ast.Pos(token.start_pos or 0, token.end_pos or 0))
        words = tuple(_word(t) for t in items[1:] if isinstance(t, Token))
        posts = _sides_to_parties(tuple(p for p in items[1:] if isinstance(p, ast.Post)))
        return ast.Selector(det, count, True, words, posts, _pos(meta))

    def of_yours(self, meta: Meta, items: list[Token]) -> ast.Post:
        return ast.Post("of_yours", None, None, _pos(meta))

    def of_it(self, meta: Meta, items: list[Token]) -> ast.Post:
        return ast.Post("of_it", None, None, _pos(meta))

    def side(self, meta: Meta, items: list[Token]) -> ast.Post:
        """``to your left``: a player by seat (``Registry.sides``); the word is the side."""
        token = items[0]
        text = str(token)
        side = text.split()[-1]
        end = token.end_pos or 0
        return ast.Post("side", ast.Word(side, ast.Pos(end - len(side), end)), None, _pos(meta))

    def ranked(self, meta: Meta, items: list[Token]) -> ast.Post:
        """``with the most ships``: a player ranked by a count of their things or a value
        (the checker reads ``by``); ``word`` is ``most`` or ``fewest``."""
        token, *words = items
        rank = str(token).split()[-1]
        end = token.end_pos or 0
        word = ast.Word(rank, ast.Pos(end - len(rank), end))
        return ast.Post("ranked", word, None, _pos(meta), tuple(_word(w) for w in words))

    def of_opponents(self, meta: Meta, items: list[Token]) -> ast.Post:
        return ast.Post("of_opponents", None, None, _pos(meta))

    def of_this(self, meta: Meta, items: list[Token]) -> ast.Post:
        return ast.Post("of_this", _word(items[0]), None, _pos(meta))

    def of_party(self, meta: Meta, items: list[Token]) -> ast.Post:
        """``of the destroyer`` (issue 29): the things of a named party; ``other`` is the
        party as a selector (``the destroyer``)."""
        word = _word(items[0])
        pos = _pos(meta)
        start = max(pos.start, word.pos.start - 4)  # `the ` before the party's word
        the = ast.Word("the", ast.Pos(start, start + 3))
        party = ast.Selector(the, None, False, (word,), (), ast.Pos(the.pos.start, word.pos.end))
        return ast.Post("of_party", word, party, pos)

    def you_verb(self, meta: Meta, items: list[Token]) -> ast.Post:
        return ast.Post("you_verb", _word(items[0]), None, _pos(meta))

    def after_word(self, meta: Meta, items: list[Token]) -> ast.Post:
        return ast.Post("after", _word(items[0]), None, _pos(meta))

    def other_than(self, meta: Meta, items: list[Token]) -> ast.Post:
        det, *words = items
        pos = _pos(meta)
        other = ast.Selector(_word(det), None, False, tuple(_word(w) for w in words), (), pos)
        return ast.Post("other_than", None, other, pos)

    # conditions and expressions
    # `?cond` does not inline an aliased rule, so a lone comparison comes here alone
    def any_of(self, meta: Meta, items: list[ast.Cond]) -> ast.Cond:
        return items[0] if len(items) == 1 else ast.AnyOf(tuple(items), _pos(meta))

    def all_of(self, meta: Meta, items: list[ast.Cond]) -> ast.Cond:
        return items[0] if len(items) == 1 else ast.AllOf(tuple(items), _pos(meta))

    def negate(self, meta: Meta, items: list[ast.Cond]) -> ast.Not:
        return ast.Not(items[0], _pos(meta))

    def is_cond(self, meta: Meta, items: list[Token]) -> ast.Is:
        """``this ship is large``: the thing (a determiner and its words) and the filter."""
        det, *words, what = items
        thing_end = words[-1].end_pos or 0
        thing = ast.Selector(
            _word(det), None, False, tuple(_word(w) for w in words), (),
            ast.Pos(det.start_pos or 0, thing_end),
        )  # fmt: skip
        return ast.Is(thing, _word(what), _pos(meta))

    def same_cond(self, meta: Meta, items: Children) -> ast.Same:
        """``the owner is the leader``: two players, each a determiner, words and qualifiers;
        the second starts at the second determiner."""
        second = next(
            i for i, t in enumerate(items) if i and isinstance(t, Token) and t.type == "DET"
        )
        return ast.Same(_player(items[:second]), _player(items[second:]), _pos(meta))

    def compare(self, meta: Meta, items: Children) -> ast.Compare:
        left, op, right = items
        return ast.Compare(str(op), left, right, _pos(meta))

    def arith(self, meta: Meta, items: Children) -> ast.Arith:
        left, op, right = items
        return ast.Arith(str(op), left, right, _pos(meta))

    def int(self, meta: Meta, items: list[Token]) -> ast.Num:
        token = items[0]
        return ast.Num(int(str(token)), ast.Pos(token.start_pos or 0, token.end_pos or 0))

    def count(self, meta: Meta, items: list[ast.Selector]) -> ast.Count:
        return ast.Count(items[0], _pos(meta))

    def value(self, meta: Meta, items: list[Token]) -> ast.ValueRef:
        return ast.ValueRef(_word(items[0]), _pos(meta))

    def value_of(self, meta: Meta, items: Children) -> ast.ValueOf:
        """``night_points of the player who flushed``: another player's value."""
        name, player = items
        return ast.ValueOf(_word(name), player, _pos(meta))

    def counter(self, meta: Meta, items: Children) -> ast.CounterRef:
        """``charges on this card`` (card state, issue 29); the checker reads the preposition."""
        name, prep, card = items
        return ast.CounterRef(_word(name), card, _pos(meta), _word(prep))

    def function(self, meta: Meta, items: Children) -> ast.Function:
        return ast.Function(_word(items[0]), tuple(items[1:]), _pos(meta))


def _player(items: Children) -> ast.Selector:
    """A selector of a ``same_cond`` side: its determiner, words and qualifiers."""
    det, *rest = items
    words = tuple(_word(t) for t in rest if isinstance(t, Token))
    posts = _sides_to_parties(tuple(p for p in rest if isinstance(p, ast.Post)))
    ends = [w.pos.end for w in words] + [p.pos.end for p in posts]
    start = det.start_pos or 0
    return ast.Selector(_word(det), None, False, words, posts, ast.Pos(start, max(ends)))


def _sides_to_parties(posts: tuple[ast.Post, ...]) -> tuple[ast.Post, ...]:
    """``ships of the player to your left``: the side after ``of the player`` is that
    player's (the grammar reads it as a qualifier of the ships)."""
    out: list[ast.Post] = []
    for post in posts:
        last = out[-1] if out else None
        if (
            post.kind in ("side", "ranked")
            and last is not None
            and last.kind == "of_party"
            and last.other is not None
            and not any(p.kind in ("side", "ranked") for p in last.other.posts)
        ):
            party = last.other
            end = ast.Pos(party.pos.start, post.pos.end)
            party = ast.Selector(party.det, None, False, party.words, (*party.posts, post), end)
            out[-1] = ast.Post("of_party", last.word, party, ast.Pos(last.pos.start, post.pos.end))
            continue
        out.append(post)
    return tuple(out)
