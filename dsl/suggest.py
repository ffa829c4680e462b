"""``did you mean ...`` suggestions for misspelt names."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """Return the candidate most like ``word``, or None when nothing is close."""
    pool = sorted(set(candidates))
    matches = difflib.get_close_matches(word, pool, n=3, cutoff=cutoff)
    matches = [match for match in matches if _parts_alike(word, match)]
    if matches:
        return matches[0]
    lowered = word.lower().replace("-", "_").replace(" ", "_")
    for candidate in pool:
        if candidate.lower() == lowered:
            return candidate
    # a word cut short (`civ` for `civilization`): the one candidate it begins
    started = [c for c in pool if len(lowered) >= 3 and c.lower().startswith(lowered)]
    return started[0] if len(started) == 1 else None


def _parts_alike(word: str, match: str) -> bool:
    """Whether each ``_``-separated part of ``word`` is a slip of the same part of
    ``match``: `round_ned` of `round_end`, not `ship_repaired` of `ship_moved`, which share
    `ship_` and `ed` (difflib's 0.61) but name another moment. Names of other shapes pass."""
    parts, others = word.lower().split("_"), match.lower().split("_")
    if len(parts) != len(others) or len(parts) < 2:
        return True
    return all(
        max(len(part), len(other)) <= 2  # `distant_9` of `distant_3`: a number or a letter
        or difflib.SequenceMatcher(None, part, other).ratio() >= 0.5
        for part, other in zip(parts, others, strict=True)
    )


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A ready ``help:`` line, or None."""
    match = closest(word, candidates)
    return f"did you mean `{match}`?" if match else None


# Up to this many candidates are listed in the hint; more point at the reference instead.
LIST_AT_MOST = 12


def suggest(
    word: str,
    candidates: Iterable[str],
    kind: str,
    total: int | None = None,
    page: str = "docs/reference.md",
) -> str:
    """A ``help:`` line that always helps: a close match, the few valid words, or the reference.

    ``kind`` names the words in the plural (``hooks``, ``stats``); an unknown word with no
    close match points at every valid word of its kind instead of saying nothing. ``total``
    is how many the reference lists when that is not the number of candidates (nouns are
    candidates in both numbers; the reference counts each noun once); ``page`` is the game's
    reference page.
    """
    pool = sorted(set(candidates))
    close = did_you_mean(word, pool)
    if close is not None:
        return close
    if len(pool) <= LIST_AT_MOST:
        return f"the {kind} are: {_listed(pool)}"
    count = len(pool) if total is None else total
    reference = f"`whitedwarf doc` lists all {count} {kind} ({page})"
    related = _sharing_a_part(word, pool)
    if related:
        return f"related {kind}: {_listed(related)}; {reference}"
    return reference


def _sharing_a_part(word: str, pool: list[str]) -> list[str]:
    """Candidates that share a whole ``_``-separated part with ``word`` (a few at most)."""
    parts = {part for part in word.split("_") if len(part) > 2}
    related = [name for name in pool if parts & set(name.split("_"))]
    return related if len(related) <= LIST_AT_MOST else []


def _listed(names: Iterable[str]) -> str:
    return ", ".join(f"`{name}`" for name in names)


#: Characters a word processor or a keyboard layout writes for ASCII ones (NFKC maps the
#: full-width forms; these it leaves alone).
_LOOKALIKE_ASCII = {
    "→": "->",
    "⟶": "->",
    "−": "-",
    "–": "-",
    "—": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "≥": ">=",
    "≤": "<=",
    "≠": "!=",
}


#: Cyrillic and Greek letters drawn like Latin ones (lower case: :func:`name_key` folds case
#: first). A name written with one reads as another card's name on the table and in every
#: log, so names are compared through them.
_LOOKALIKE_LETTERS = str.maketrans(
    "аеорсухіјѕԁһӏԛԝвкмнтαβεικμνορτυχ",
    "aeopcyxijsdhlqwbkmhtabeikmvoptux",
)


def name_key(name: str) -> str:
    """What a printed name is compared by: the same for two names a player cannot tell
    apart (case, spacing, compatibility forms such as full-width letters, Cyrillic or Greek
    lookalikes of Latin letters)."""
    import unicodedata

    folded = unicodedata.normalize("NFKC", name).casefold().translate(_LOOKALIKE_LETTERS)
    return " ".join(folded.split())


def not_ascii(text: str) -> str | None:
    """For a text holding a character outside ASCII, a hint naming the first one, with its
    code point and Unicode name (a Cyrillic `е` looks like `e`, and the message quoting it
    would not show the difference), and the ASCII to write where there is one."""
    import unicodedata

    char = next((c for c in text if not c.isascii()), None)
    if char is None:
        return None
    name = unicodedata.name(char, "unnamed")
    said = f"`{char}` is U+{ord(char):04X} ({name}), not an ASCII character"
    plain = _LOOKALIKE_ASCII.get(char) or unicodedata.normalize("NFKC", char)
    if plain.isascii() and plain.strip():
        return f"{said}: write `{plain}`"
    return f"{said}, though it may look like one: write the word in plain a-z, 0-9 and `_`"
