"""The rulebook's words for the sections a decision cites, for the interface's rules key (``r``).

A citation names sections as the rulebooks title them, each after its book's number:
``000 "Action Card #6 - command", "1. Move"`` cites two sections of 000. The rulebooks are not
shipped with whitedwarf, so the cited sections are quoted in ``rulebook.yaml`` (package data);
the page shows the citation, then each section's words.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

from ruamel.yaml import YAML

#: A book's number (``000``) or a quoted section title (``"1. Move"``).
_CITED = re.compile(r'\b(\d{3})\b|"([^"]+)"')


@cache
def sections() -> dict[str, str]:
    """``000 "Section"`` (case folded) -> the section's words, from ``rulebook.yaml``."""
    text = files("whitedwarf.tools.tui").joinpath("rulebook.yaml").read_text(encoding="utf-8")
    data = YAML(typ="safe").load(text) or {}
    return {str(key).casefold(): str(words) for key, words in data.items()}


def cited(citation: str) -> list[str]:
    """The sections a citation names, each as ``000 "Section"``, in the order named; a title
    belongs to the last book number before it."""
    book, found = None, []
    for match in _CITED.finditer(citation):
        if match.group(1):
            book = match.group(1)
        elif book is not None:
            key = f'{book} "{match.group(2)}"'
            if key not in found:
                found.append(key)
    return found


def missing(citation: str) -> list[str]:
    """The sections a citation names that ``rulebook.yaml`` does not quote."""
    return [key for key in cited(citation) if key.casefold() not in sections()]


def escape(text: str) -> str:
    """``text`` as markup that shows it as written. Rich's ``escape`` leaves ``[AP]`` (a tag
    for textual's markup, which then drops it: "receive only 2  to spend"); every ``[`` is
    escaped here."""
    return text.replace("[", "\\[")


def page(citation: str) -> str:
    """The rules page (Rich markup): the citation, then the words of each section it names."""
    parts = [escape(citation)]
    for key in cited(citation):
        words = sections().get(key.casefold())
        if words is not None:
            parts.append(f"[bold]{escape(key)}[/]\n{escape(words)}")
    return "\n\n".join(parts)
