"""Every diagnostic code of content packs, with a one-line meaning.

Codes are stable: tools and editors match on them and packs silence warnings by code
(``allow:``). Ranges: E05xx YAML files, E06xx schema, E07xx manifests and dependencies,
E08xx mod packs, E09xx cross-references (E092x onwards: a game's own checks of its files,
declared in its ``ContentSpec.codes``); a ``W`` code is a warning. The effect language's
own codes (E03xx, E04xx) live in :mod:`whitedwarf.dsl.codes`. docs/diagnostics.md lists
them all, with an example each, and a test keeps that page in step with this table.
"""

from __future__ import annotations

from whitedwarf.dsl.diagnostics import Diagnostic, Severity, Span

PACK_CODES: dict[str, str] = {
    "E0501": "the file is not valid YAML",
    "E0502": "a key appears twice in one mapping",
    "E0503": "a YAML tag other than the standard ones (!!python/..., !foo)",
    "E0504": "the file is larger than the size limit",
    "E0505": "the data is nested deeper than the depth limit",
    "E0506": "too many aliases, or an alias that expands to too much data",
    "E0507": "a path that leaves the pack folder or is not a regular file",
    "E0508": "a merge key (<<), which packs do not support",
    "E0509": "the file is not UTF-8 text or cannot be read",
    "E0510": "more than one YAML document in a file",
    "E0511": "a mapping key that is not a plain string",
    "E0512": "a card file with more cards than the limit",
    "E0513": "an effect longer than the limit",
    "E0514": "a text holding an invisible character a terminal acts on, or that reorders text",
    "E0601": "a value does not match the schema",
    "E0602": "a property that this kind of entry does not have",
    "E0603": "a required property is missing",
    "E0604": "a value of the wrong type",
    "E0605": "a value that is not one of the allowed words",
    "E0606": "a number outside the range the schema declares for it",
    "E0607": "a text or a list longer than the schema allows (an id, a name, a pool)",
    "E0701": "no pack.yaml in the pack folder",
    "E0702": "unknown game",
    "E0703": "a dependency that cannot be found",
    "E0704": "a dependency whose version is outside the required range",
    "E0705": "a malformed version or version range",
    "E0706": "packs that depend on each other in a cycle",
    "E0707": "packs of different games loaded together",
    "E0708": "two different packs with the same id",
    "E0709": "a required file is missing from the loaded packs",
    "E0720": "a pack written for a newer version of the game's effect language",
    "E0801": "a card id that a dependency already has, without `replace: true`",
    "E0802": "`replace` or `remove` of a card no dependency has",
    "E0803": "two packs that do not depend on each other change the same card or document",
    "E0804": "`replace` or `remove` in a pack with no dependencies",
    "E0805": "a mod removes a card the rules cannot do without",
    "E0901": "two cards or entries with the same id",
    "E0902": "a reference to an id that does not exist",
    "E0903": "game data that the game's own checks refuse (board, setups)",
    "W0501": "a file in the pack folder that is not a known content file",
    "W0701": "a dependency found in more than one folder (the first is used)",
    "W0901": "a vocabulary word that no card uses",
    "W0902": "card copies that do not add up to the box count",
    "W0903": "an allow: entry that silences nothing (unknown code, another game's, not on a card)",
    "W0904": "two cards of one kind with the same name",
    "W0905": "a mod's replacement of a printed card that changes it but keeps `source: rulebook`",
    "W0906": "a mod's replacement of a card or document that is the same as what it replaces",
    "W0430": "a card's text says something other than its effect",
    "W0432": "a card with an effect has no text",
}


def error(code: str, message: str, span: Span | None, hint: str | None = None) -> Diagnostic:
    """An error diagnostic with a pack code."""
    return Diagnostic(code, message, span, hint, Severity.ERROR)


def warning(code: str, message: str, span: Span | None, hint: str | None = None) -> Diagnostic:
    """A warning diagnostic with a pack code."""
    return Diagnostic(code, message, span, hint, Severity.WARNING)
