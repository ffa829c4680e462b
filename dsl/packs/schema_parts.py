"""Small builders for the JSON Schema (2020-12) fragments games write their files with.

``x-message`` is an annotation of ours: when a value fails that subschema, the validator's
message is replaced by it (jsonschema ignores unknown keywords, editors show them as text).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

Schema = dict[str, Any]

ID_PATTERN = "^[a-z][a-z0-9_]*$"
#: The largest number one part of a version may be (nine digits: a date such as 20261206
#: fits). A pack is untrusted: a 29-digit version was accepted and carried into every
#: replay and report; every number of pack.yaml now has a declared range.
VERSION_NUMBER_MAX = 999_999_999
_PART = r"(0|[1-9][0-9]{0,8})"
#: Semantic versions (major.minor.patch), each number at most VERSION_NUMBER_MAX, and a
#: pre-release or build label of at most 40 characters.
VERSION_PATTERN = rf"^{_PART}\.{_PART}\.{_PART}(-[0-9A-Za-z.-]{{1,40}})?(\+[0-9A-Za-z.-]{{1,40}})?$"
#: The effect language's version (major.minor), bounded as a pack's.
LANGUAGE_PATTERN = rf"^{_PART}\.{_PART}$"
#: A run of digits too long for one number of a version.
TOO_MANY_DIGITS = re.compile(r"[0-9]{10,}")


def version_number_out_of_range(field: str, text: str) -> str | None:
    """The message for a version (or range) holding a number longer than nine digits: said
    as out of range, with the range, rather than as no version at all."""
    found = TOO_MANY_DIGITS.search(text)
    if found is None:
        return None
    digits = found.group()
    if len(digits) > 30:  # a 5,000-digit number is shown cut short
        digits = f"{digits[:10]}...{digits[-5:]} ({len(digits):,} digits)"
    return (
        f"{field} has the number {digits}, out of range: each number of a "
        f"version must be 0 to {VERSION_NUMBER_MAX:,}"
    )


WARNING_CODE_PATTERN = "^W[0-9]{4}$"


def obj(properties: dict[str, Schema], required: Iterable[str] = (), **extra: Any) -> Schema:
    """A strict object: only ``properties`` are allowed."""
    schema: Schema = {"type": "object", "properties": properties, "additionalProperties": False}
    required = list(required)
    if required:
        schema["required"] = required
    schema.update(extra)
    return schema


def enum(values: Iterable[str], description: str = "") -> Schema:
    """One of a fixed set of words (kept in the given order)."""
    schema: Schema = {"enum": list(dict.fromkeys(values))}
    if description:
        schema["description"] = description
    return schema


def integer(minimum: int, maximum: int, description: str = "", why: str = "") -> Schema:
    """A whole number within a declared range (DESIGN principle 3: every number is bounded).

    ``why`` says where the bound comes from; it is kept as ``x-why`` (shown as the hint of
    an out-of-range error, E0606) and appended to the description editors show.
    """
    schema: Schema = {"type": "integer", "minimum": minimum, "maximum": maximum}
    said = f"{minimum} to {maximum}" + (f": {why}" if why else "")
    schema["description"] = f"{description} ({said})" if description else said
    if why:
        schema["x-why"] = why
    return schema


#: The longest a free text of a pack file may be (a card's printed text, notes, a lore), and
#: why: a pack is a stranger's file, and its texts reach card sheets, the terminal and reports.
TEXT_LIMIT = 2000
TEXT_WHY = "the longest text of the base games is some 300 characters; a card holds far less"
#: The longest a name may be: it is a card's title line and a column of every report.
NAME_LIMIT = 60
NAME_WHY = "a name is a card's title line; the longest of the base games has 26 characters"
#: The longest an id may be.
ID_LIMIT = 64
ID_WHY = "an id is a short name for references; the longest of the base games has 21 characters"


def text(
    description: str = "",
    min_length: int = 1,
    max_length: int | None = TEXT_LIMIT,
    why: str = TEXT_WHY,
) -> Schema:
    """A non-empty string of at most ``max_length`` characters (None: bounded elsewhere, as
    an effect is by the loader's limit E0513). ``why`` is kept as ``x-why``, the hint of a
    too-long error (E0607)."""
    schema: Schema = {"type": "string", "minLength": min_length}
    if max_length is not None:
        schema["maxLength"] = max_length
        schema["x-why"] = why
    if description:
        schema["description"] = description
    return schema


def printed_name(description: str = "the printed name") -> Schema:
    """A human name: a card's title, a pack's name."""
    return text(description, max_length=NAME_LIMIT, why=NAME_WHY)


def identifier(description: str = "an id: lower-case words joined by `_`") -> Schema:
    """A snake_case id."""
    return {
        "type": "string",
        "pattern": ID_PATTERN,
        "maxLength": ID_LIMIT,
        "x-why": ID_WHY,
        "description": description,
    }


def boolean(description: str = "") -> Schema:
    schema: Schema = {"type": "boolean"}
    if description:
        schema["description"] = description
    return schema


def array(
    items: Schema,
    min_items: int = 0,
    unique: bool = False,
    description: str = "",
    most: tuple[int, str] | None = None,
) -> Schema:
    """A list of ``items``; ``most``: (the most items it may hold, why), for a list whose
    length the engine reads as a number (a pool's places, a setting's levels), so its
    length is bounded as every number is (DESIGN principle 3; too many is E0607)."""
    schema: Schema = {"type": "array", "items": items}
    if min_items:
        schema["minItems"] = min_items
    if most is not None:
        schema["maxItems"], schema["x-why"] = most
    if unique:
        schema["uniqueItems"] = True
    if description:
        schema["description"] = description
    return schema


def counts(keys: Iterable[str], maximum: int, description: str = "", why: str = "") -> Schema:
    """A mapping from some of ``keys`` to whole numbers from 0 to ``maximum`` (a cost...)."""
    extra = {"description": description} if description else {}
    return obj({key: integer(0, maximum, why=why) for key in keys}, **extra)


def fixed(value: Any, description: str, why: str) -> Schema:
    """A value the engine does not read because it plays it as printed: only ``value`` is
    accepted (anything else would be silently ignored, DESIGN principle 3)."""
    return {"const": value, "description": f"{description} (fixed: {why})"}


def forbidden(message: str, hint: str | None = None) -> Schema:
    """A property that must not be present here (used in if/then/else branches); ``hint``
    says how to fix it (default: remove the field)."""
    schema: Schema = {"not": {}, "x-message": message}
    if hint is not None:
        schema["x-hint"] = hint
    return schema


def allow_list() -> Schema:
    """``allow: [W0901, ...]``: warnings silenced for one card or a whole pack."""
    return array(
        {"type": "string", "pattern": WARNING_CODE_PATTERN},
        unique=True,
        description="warning codes silenced here, e.g. W0901",
    )
