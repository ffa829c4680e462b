"""Every diagnostic code of the effect language, with a one-line meaning.

Codes are stable: tools and editors match on them, and packs silence warnings by code.
docs/diagnostics.md lists them all (a test keeps that page in step with this table).
"""

from __future__ import annotations

DSL_CODES: dict[str, str] = {
    "E0301": "the effect text is not valid syntax",
    "E0302": "the effect is too long or too deeply nested",
    "E0401": "unknown verb",
    "E0402": "unknown hook",
    "E0403": "unknown stat, or a stat used on the wrong subject",
    "E0404": "unknown ability flag",
    "E0405": "unknown noun in a selector",
    "E0406": "unknown filter word in a selector",
    "E0407": "a filter that does not apply to this noun",
    "E0408": "unknown value in an expression",
    "E0409": "unknown or wrong unit in an amount",
    "E0410": "a verb was given the wrong arguments",
    "E0411": "`this ...` (or a place filter) needs something this card or hook does not have",
    "E0412": "a clause form this kind of card cannot use",
    "E0413": "a step before `->` that is not a cost",
    "E0414": "a word that is not one of the allowed words",
    "E0415": "division by zero",
    "E0416": "`it` outside `for each`",
    "E0417": "a number outside the range declared for where it is written",
    "E0418": "repeats that run more steps than an effect may, each time the card acts",
    # card state (issue 29): counters on a card, a remembered choice
    "E0420": "a counter read or removed that the card never puts on itself",
    "E0421": "`that <player>` on a card none of whose clauses chooses one",
    "E0422": "counters on anything but `this card`",
    "E0423": "a remembered choice (`choose a ...:`) of something that is not one player",
    "W0410": "a counter the card puts on itself that nothing of the card reads or removes",
    "W0411": "a one-shot discount started at the start or end of every period: unused ones add up",
    "W0412": "a counter read after a step of the same effect took every one of it: always 0",
    "W0413": "a duration started at the hook that ends its period: it lasts no time",
    "W0414": "a trigger on a hook that fires when no card of its kind is in play: it never runs",
    "W0415": "a trigger's condition reads a counter an earlier clause on its hook changes",
    "W0436": "a duration to the end of a player's own period (a turn), started in another "
    "player's: it ends with theirs",
    # use limits, durations, one-shot discounts (issue 29)
    "E0425": "a use limit (`once per ...`) with a period the game does not have, or a bad count",
    "E0426": "a duration (`until the end of the ...: ...`) with a period the game does not have",
    "E0427": "a one-shot discount (`your next ... costs N less`) of a thing with no such cost",
    # named parties, hook context, reactions (issue 29 items 3-5)
    "E0430": "a named party (`the <party>`) where no hook supplies it",
    "E0431": "a reaction whose act no hook is said to be",
    "E0432": "a reaction's actor is not another player",
    "E0433": "`is` reads something other than a `this <noun>` of the card or the hook",
    "E0434": "a named party written without `the`, or `of` something it cannot own",
    "E0435": "another player's value (`<value> of <player>`) of a player to pick, not one named",
    "E0436": "a ranked party (`the <noun> with the most ...`) that is not one player ranked by "
    "things or a value",
    "E0437": "a card names itself (`<verb> this card`) where its kind cannot be so acted on",
    "E0445": "unknown function in an expression (the functions: `min`, `max`)",
    "E0446": "a function given the wrong number of numbers (`min(a, b)` takes two)",
    "E0447": "a conditional modifier or grant tests a value set only during a moment of the "
    "game that its number is never read in",
    "E0448": "a value of another player's moment read as your own in a reaction to it (always "
    "0 there): write `<value> of the player who <acted>`",
    "W0401": "a modifier or repeat that changes nothing",
    "W0402": "`a` before a vowel or `an` before a consonant",
    "W0403": "a trigger whose own effect fires its hook: it loops until the depth limit",
    "W0404": "a trigger whose own effect can fire its hook again (by choice, or for a while)",
    "W0405": "a condition that can never hold (a number compared with less than it can be)",
    "W0406": "a `choose one` every option of which starts with a cost",
    "W0407": "a step after `choose one: ... or ...` without parentheses to say its reach",
    "W0408": "an activated ability with no cost and no use limit: it can be used without end",
    "W0422": "a number above the number of the argument it may not exceed",
    "W0431": "a deprecated word, with the word to write instead (`whitedwarf fix`)",
}
