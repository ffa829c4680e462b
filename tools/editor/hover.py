"""What hovering a word of an effect shows, for every word of it.

The game's words come from its registry (a verb's, noun's, stat's ... doc line, example and
rulebook section), with the noun a several-word phrase names (``ship type`` in ``this ship
type``, ``action cards``); the words of the grammar itself (dsl/grammar.lark: ``when``,
``may``, ``->``, ``has``, the determiners ...) from :data:`KEYWORDS`; numbers as what they
are where they stand. A word that is none of these is said to be unknown, so a hover never
comes back empty inside an effect (issue 23 item 11).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from whitedwarf.dsl.registry import Entry, Registry

#: The tokens of an effect line (dsl/grammar.lark's terminals, roughly): words, ``->``,
#: signed numbers, comparisons and punctuation.
TOKEN = re.compile(r"[a-z0-9_']+|->|[+-][0-9]+|>=|<=|==|!=|[<>()*/:;+-]")

_THIS = (
    "`this <noun>` is the one thing the card, or the hook that fired, names: on a ship mod "
    "`this ship type` is the ship type the tech sits on; after `when ship_moved`, `this "
    "ship` is the ship that moved and `this sector` where it went."
)
_ARTICLE = "{}: one thing, chosen by the card's owner when there are several (`{} ship`)."

#: ``that opponent``: a player the card remembers (card state, issue 29; docs/dsl.md).
_THAT_CHOSEN = (
    "`that opponent` is the opponent the card chose with `choose an opponent: ...` (in any "
    "of its clauses); before any choice it names nobody, and a step naming it does nothing."
)

#: The words and phrases of the grammar (dsl/grammar.lark), each with what it means. A test
#: holds it to the grammar: every keyword there has an entry here.
KEYWORDS: dict[str, str] = {
    "when": "Starts a **trigger**: `when <hook> [if <condition>] -> <what happens>` runs "
    "each time the hook fires for the card's owner.",
    "activated": "Starts an **activated** ability: `activated: <cost> -> <what happens>`, "
    "used as an action.",
    "as soon as": "Starts an **as soon as** clause: `as soon as <condition> -> <what "
    "happens>` runs once, the first time the condition holds (achievements).",
    "as": "Part of `as soon as <condition> -> ...`, or a preposition (`treat this die as "
    "explode`).",
    "soon": "Part of `as soon as <condition> -> ...`.",
    "has": "A **modifier**: `<subject> has +N <stat>` changes a number while the card is in "
    "play (`this ship type has +1 attack`). `has` and `have` are the same word.",
    "have": "A **modifier**: `you have +N <stat>`, `your ships have +1 movement` changes a "
    "number while the card is in play. `has` and `have` are the same word.",
    "can": "A **grant**: `<subject> can <ability>` gives an ability while the card is in "
    "play (`this ship type can bombard`).",
    "you": "The card's owner: a subject (`you have +1 trades`), a target (`give 1 light to "
    "you`), or a filter after a noun (`planets you control`).",
    "->": "Then: after a trigger or a condition, what happens; after a cost (`pay 1 common "
    "-> ...`), what the cost pays for (nothing happens if it cannot be paid).",
    ":": "After `activated` or `choose one`, what follows.",
    ";": "Separates clauses on one line (as a new line does).",
    "may": "`may <step>`: the owner chooses whether to do it (`may pay 1 common -> gain 1 light`).",
    "if": "`if <condition> -> <step> [else <step>]`: the step happens only when the "
    "condition holds; after `when <hook>` it guards the whole trigger.",
    "else": "`if <condition> -> <step> else <step>`: what happens when the condition does "
    "not hold.",
    "then": "`<step> then <step>`: one after the other; `then` ends the step before it, "
    "however deeply nested.",
    "choose one": "`choose one: <step> or <step> ...`: the owner picks one option.",
    "choose": "Part of `choose one: <step> or <step>`: the owner picks one option.",
    "or": "Between the options of `choose one:`, or between conditions (either holds).",
    "and": "Between conditions (both hold), or between costs before `->` (`pay 1 common "
    "and exhaust this card -> ...`).",
    "not": "`not <condition>`: holds when the condition does not.",
    "for each": "`for each <selector> -> <step>`: the step once for every thing selected; "
    "`it` is that thing.",
    "for": "Part of `for each <selector> -> <step>`.",
    "repeat": "`repeat N times -> <step>`: the step N times.",
    "times": "Part of `repeat N times -> <step>`.",
    "it": "Inside `for each ... ->`: the thing of this turn of the loop; `of it` after a "
    "noun, in a loop over players: that player's things (`ships of it`).",
    "number of": "`number of <selector>`: how many things the selector finds, in a "
    "condition or an amount.",
    "number": "Part of `number of <selector>`: how many things the selector finds.",
    "per": "`<amount> per [N] <selector>`: the amount once for every (N) things found "
    "(`gain 1 light per 2 planets you control`, rounded down).",
    "of yours": "After a noun: yours only (`a ship of yours`).",
    "of this": "After a noun: of the thing `this` names (`ships of this type`).",
    "of opponents": "After a noun: other players' only (`stars of opponents`, Starlight).",
    "yours": "In `of yours` after a noun: yours only (`a ship of yours`).",
    "opponents": "In `of opponents` after a noun, where the game has that filter: other "
    "players' only (`stars of opponents`).",
    "of": "After a noun, a qualifier: `of yours`, `of this <word>`; in `number of`, a count.",
    "other than": "After a noun: any but the one named (`a ship other than this ship`).",
    "other": "Part of `other than <determiner> <noun>`.",
    "than": "Part of `other than <determiner> <noun>`.",
    "up to": "`up to N <things>`: the owner picks at most N of them.",
    "up": "Part of `up to N <things>`: at most N.",
    "this": _THIS,
    "that": "The same as `this`: " + _THIS + " `that opponent` is the opponent the card "
    "chose with `choose an opponent:` (card state).",
    "its": "The same as `this`: " + _THIS,
    "a": _ARTICLE.format("`a`", "a"),
    "an": _ARTICLE.format("`an`", "an enemy"),
    "one": _ARTICLE.format("`one`", "one"),
    "any": _ARTICLE.format("`any`", "any"),
    "the": _ARTICLE.format("`the`", "the"),
    "another": "One thing other than the one `this` names (`another tech of yours`).",
    "each": "Every one of them, with no choice (`destroy each enemy ship here`).",
    "every": "Every one of them, with no choice.",
    "all": "Every one of them, with no choice.",
    "your": "Yours (`your` + a plural is every one of yours: `your ships have +1 movement`).",
    "to": "A preposition: where to or whom to (`move a ship of yours to this sector`).",
    "into": "A preposition: the same as `to`.",
    "in": "A preposition: where (`build small ship in this sector`).",
    "on": "A preposition: the same as `in` (`build extractor on this planet`).",
    "at": "A preposition: the same as `in`.",
    "from": "A preposition: whom from or where from (`steal 1 common from an opponent`).",
    "by": "A preposition: by how much.",
    "with": "A preposition: with what.",
    "(": "Groups a sum or a condition: `(techs_in_play / 4)`.",
    ")": "Ends a group opened by `(`.",
    ">=": "Comparison: at least.",
    "<=": "Comparison: at most.",
    "==": "Comparison: equal to.",
    "!=": "Comparison: not equal to.",
    ">": "Comparison: more than.",
    "<": "Comparison: less than.",
    "+": "Sum: plus.",
    "-": "Sum: minus.",
    "*": "Sum: times.",
    "/": "Sum: divided by (rounded down).",
    # use limits, durations, one-shot discounts (issue 29; docs/dsl.md)
    ",": "Before a use limit: `activated, once per round: ...`, `when <hook>, at most 3 times "
    "per game -> ...`.",
    "once": "A use limit: `once per <period>` after `activated` or `when <hook>`; used up, "
    "the ability is not offered and the trigger does nothing until the period ends.",
    "most": "Part of the use limit `at most N times per <period>`.",
    "until": "A duration: `until the end of the <period>: <modifier or grant>` counts from "
    "now until the period ends.",
    "end": "Part of `until the end of the <period>: ...`.",
    "next": "A one-shot discount: `your next <thing> costs N less`, used up by the next one made.",
    "costs": "Part of `your next <thing> costs N less`.",
    "less": "Part of `your next <thing> costs N less`.",
    # issue 29: what a thing is, and the player who acted in a reaction
    "is": "`this <noun> is <adjective>`: whether the thing the card or the hook names is so "
    "(`when unit_lost if this ship is large -> ...`).",
    # card state (issue 29): a choice remembered on the card (docs/dsl.md "Card state")
    "choose a": "`choose a <player>: <step>`: the owner picks one player, whom the card "
    "remembers as `that <player>` in all its clauses (`choose a player: ...`).",
    "choose an": "`choose an opponent: <step>`: the owner picks one opponent, whom the card "
    "remembers as `that opponent` in all its clauses.",
    "choose another": "`choose another player: <step>`: the owner picks one other player, "
    "whom the card remembers as `that player` in all its clauses.",
    # a conditional modifier (docs/dsl.md "Conditional modifiers")
    "while": "A **conditional modifier**: `while <condition>: <modifier or grant>` counts only "
    "while the condition holds, read each time the number is (`while light < 5: you have +1 "
    "trades`).",
}

#: Several-word phrases of the grammar, longest first (a word of one shows the phrase).
PHRASES = sorted((k for k in KEYWORDS if " " in k), key=lambda k: -len(k.split()))


@dataclass(frozen=True)
class Hover:
    """What to show, and the columns (0-based, end exclusive) of the words it is about."""

    markdown: str
    start: int
    end: int


def effect_hover(registry: Registry, line: str, column: int) -> Hover | None:
    """The hover for the token of an effect line at ``column`` (None: no token there)."""
    tokens = [(m.group(0), m.start(), m.end()) for m in TOKEN.finditer(line)]
    at = next((i for i, (_, s, e) in enumerate(tokens) if s <= column < e), None)
    if at is None:
        at = next((i for i, (_, s, e) in enumerate(tokens) if s <= column <= e), None)
    if at is None:
        return None
    noun = _noun_phrase(registry, tokens, at)
    if noun is not None:
        return noun
    keyword = _keyword_phrase(tokens, at)
    if keyword is not None:
        return keyword
    act = _act_phrase(registry, tokens, at)
    if act is not None:
        return act
    word, start, end = tokens[at]
    found = [(s, entry_markdown(word, s, e)) for s, e in registry.entries() if e.name == word]
    unit = _plural_unit(registry, word)
    if unit is not None:  # `gain 2 long_rays`: the resource, as the checker reads a plural
        found.append(("resources", unit))
    if at > 0 and (tokens[at - 1][0].isdigit() or tokens[at - 1][0] == ")"):
        # after an amount (`gain 1 light`, `gain (stars_launched) night_points`) the word is
        # its unit: the resource first, before the value of the same name
        found.sort(key=lambda part: part[0] != "resources")
    parts = [markdown for _, markdown in found]
    if word in KEYWORDS:
        parts.append(f"**{word}** (grammar)\n\n{KEYWORDS[word]}")
    if not parts:
        parts.append(_other(registry, word, tokens, at))
    return Hover("\n\n---\n\n".join(parts), start, end)


def _plural_unit(registry: Registry, word: str) -> str | None:
    """A resource's plural (``long_rays``, ``night_points``) as its resource's entry."""
    singular = word[:-1] if word.endswith("s") else ""
    entry = registry.resources.get(singular) if singular else None
    if entry is None or word in registry.resources:
        return None
    return entry_markdown(singular, "resources", entry).replace(
        f"**{singular}** (resource)", f"**{word}** (resource `{singular}`, plural)", 1
    )


def entry_markdown(word: str, section: str, entry: Entry) -> str:
    """A registry word: its section, doc line, example and rulebook section."""
    parts = [f"**{word}** ({section[:-1] if section.endswith('s') else section})", entry.doc]
    if entry.example:
        parts.append(f"Example: `{entry.example}`")
    if entry.cite:
        parts.append(f"Rulebook: {entry.cite}")
    return "\n\n".join(parts)


def _noun_phrase(
    registry: Registry, tokens: list[tuple[str, int, int]], at: int, after_this: bool = False
) -> Hover | None:
    """A noun of several words (``ship type``, ``action cards``) or a plural the token is
    part of; with ``this`` before it (or the token ``this`` before it), what ``this <noun>``
    means too."""
    if tokens[at][0] in ("this", "that", "its") and at + 1 < len(tokens):
        after = _noun_phrase(registry, tokens, at + 1, after_this=True)
        if after is not None and after.start == tokens[at][1]:
            return after
    for size in (3, 2, 1):
        for first in range(max(0, at - size + 1), at + 1):
            window = tokens[first : first + size]
            if len(window) < size:
                continue
            phrase = " ".join(word for word, _, _ in window)
            noun = registry.nouns.get(phrase) or next(
                (n for n in registry.nouns.values() if n.plural == phrase), None
            )
            if noun is None or (size == 1 and phrase == noun.name and not after_this):
                continue  # a one-word singular noun is a registry entry like any other
            start, end = window[0][1], window[-1][2]
            parts = [entry_markdown(noun.name, "nouns", noun)]
            before = tokens[first - 1][0] if first > 0 else ""
            if before == "that" and noun.type == "player":  # card state (issue 29)
                start = tokens[first - 1][1]
                parts.insert(0, f"**that {noun.name}** (selector)\n\n{_THAT_CHOSEN}")
            elif before in ("this", "that", "its"):
                start = tokens[first - 1][1]
                parts.insert(0, f"**this {noun.name}** (selector)\n\n{_THIS}")
            return Hover("\n\n---\n\n".join(parts), start, end)
    return None


def _act_phrase(registry: Registry, tokens: list[tuple[str, int, int]], at: int) -> Hover | None:
    """The act of a reaction, ``when an opponent <act> [if ...] ->`` (issue 29), the token
    is in: what it hears (the hook whose ``acted`` it is); or ``who`` in ``the player who
    <acted>``."""
    words = [word for word, _, _ in tokens]
    if words[at] == "who":
        return Hover(
            "**the player who <acted>** (named party)\n\nInside a reaction, the player whose "
            "act it heard (`the player who played research`).",
            tokens[at][1],
            tokens[at][2],
        )
    first = 3 if len(words) > 3 and words[0] == "when" and words[1] in KEYWORDS else -1
    if first < 0 or at < first:
        return None
    last = next((i for i in range(first, len(words)) if words[i] in ("if", "->")), len(words))
    if at >= last:
        return None
    phrase = " ".join(words[first:last])
    hook = next((h for h in registry.hooks.values() if h.acted and h.acted == phrase), None)
    done_to_you = next((h for h in registry.hooks.values() if h.suffered == phrase), None)
    if hook is None and done_to_you is not None:  # `when an opponent attacks you` (E138)
        text = (
            f"**{phrase}** (reaction)\n\nThe hook `{done_to_you.name}`, heard by the player "
            f"it is done to (docs/rules-decisions.md E138).\n\n"
            + entry_markdown(done_to_you.name, "hooks", done_to_you)
        )
        return Hover(text, tokens[first][1], tokens[last - 1][2])
    if hook is None:
        return None
    text = (
        f"**{phrase}** (reaction)\n\nHeard when `{hook.name}` fires for another player, after "
        f"that player's own triggers (docs/rules-decisions.md E131).\n\n"
        + entry_markdown(hook.name, "hooks", hook)
    )
    return Hover(text, tokens[first][1], tokens[last - 1][2])


def _keyword_phrase(tokens: list[tuple[str, int, int]], at: int) -> Hover | None:
    """A grammar phrase of several words (``as soon as``, ``for each``) the token is in."""
    for phrase in PHRASES:
        size = len(phrase.split())
        for first in range(max(0, at - size + 1), at + 1):
            window = tokens[first : first + size]
            if " ".join(word for word, _, _ in window) == phrase:
                return Hover(
                    f"**{phrase}** (grammar)\n\n{KEYWORDS[phrase]}", window[0][1], window[-1][2]
                )
    return None


def _other(registry: Registry, word: str, tokens: list[tuple[str, int, int]], at: int) -> str:
    """A number, a signed amount, or a word the language does not know."""
    before = tokens[at - 1][0] if at > 0 else ""
    if re.fullmatch(r"[+-][0-9]+", word):
        return (
            f"**{word}** (amount)\n\nHow much a modifier changes its stat, always signed "
            "(`this ship type has +1 attack`)."
        )
    if word.isdigit():
        after = "times it repeats" if before == "repeat" else "a count or an amount"
        return f"**{word}** (number)\n\nA whole number: {after}."
    for verb in registry.verbs.values():  # a verb's own unit: `deal 1 damage`
        if any(word in p.types or word in p.words for p in verb.params):
            return (
                f"**{word}** (a word of `{verb.name}`)\n\n{verb.doc}\n\nExample: `{verb.example}`"
            )
    following = tokens[at + 1][0] if at + 1 < len(tokens) else ""
    noun = registry.noun_for((following,))
    for flt in registry.filters.values():  # an open filter's word: an id of the pack
        if flt.ids and noun is not None and noun[0].type in flt.applies_to:
            return (
                f"**{word}** (`{flt.name}` filter)\n\nOne of the pack's {flt.ids} ids: "
                f"{flt.doc}\n\nExample: `{flt.example}`"
            )
    return (
        f"**{word}**\n\nNot a word of the {registry.game} effect language, nor of its "
        "grammar (a pack's id reads as a name); the diagnostics say what fits here."
    )
