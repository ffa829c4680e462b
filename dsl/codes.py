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
    "E0445": "unknown function in an expression (the functions: `min`, `max`)",
    "E0446": "a function given the wrong number of numbers (`min(a, b)` takes two)",
    "W0401": "a modifier or repeat that changes nothing",
    "W0402": "`a` before a vowel or `an` before a consonant",
    "W0403": "a trigger whose own effect fires its hook: it loops until the depth limit",
    "W0404": "a trigger whose own effect can fire its hook again (by choice, or for a while)",
    "W0405": "a condition that can never hold (a number compared with less than it can be)",
    "W0406": "a `choose one` every option of which starts with a cost",
    "W0407": "a step after `choose one: ... or ...` without parentheses to say its reach",
    "W0431": "a deprecated word, with the word to write instead (`whitedwarf fix`)",
}
