"""A hint that says what to write is right: its text, pasted, validates (issue 23 item 4).

Before, a faction's `you have +1 movement` was told to write `this ship type has +1
movement`, which a faction cannot have (E0411). Every hint that offers text (`write `...``,
`did you mean `...`?`) is pasted here where it belongs, in a card of the kind it was given
for: in place of the words the diagnostic points at, or, for a hint that writes a whole
clause, in place of the clause. The effect must then compile with no diagnostic at all.

The hints walked are those of every one-problem line of the checker's data files
(tests/dsl/data/*.effects) and the cases below, which hold the hints the data files do not.
"""

from __future__ import annotations

import re

import pytest
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry

from tests.dsl.test_effects_data import chunks

OFFERED = re.compile(r"(?:\bwrite|did you mean) `([^`]+)`")

#: (card kind, effect, code): effects whose one diagnostic's hint offers text to paste.
CASES = [
    ("faction", "you have +1 movement", "E0403"),
    ("faction", "this ship type has +1 movement", "E0411"),
    ("faction", "this ship type can bombard", "E0411"),
    ("faction", "you can bombard", "E0404"),
    ("faction", "your ships of yours have +1 shield", "E0407"),
    ("faction", "you have +1 research_draws", "E0403"),
    ("ship_mod", "you have +1 attack", "E0403"),
    ("ship_mod", "you can bombard", "E0404"),
    ("ship_mod", "this ship type has +1 research_draw", "E0403"),
    ("ship_mod", "a ship type of yours has +1 attack", "E0411"),
    ("ship_mod", "this large ship type has +1 attack", "E0411"),
    ("faction", "when round_end -> build ship in the home sector", "E0406"),
    ("faction", "when round_end -> gain 1 light per your sector", "E0407"),
    ("faction", "when round_ends -> gain 1 light", "E0402"),
    ("faction", "when round_end -> gian 1 light", "E0401"),
    ("faction", "when round_end -> gain 1 lihgt", "E0409"),
    ("faction", "when round_end -> gain 1 light per 2 plants you control", "E0405"),
    ("faction", "when round_end -> Gain 1 light", "E0301"),
    ("faction", "when round_end if light >= +2 -> gain 1 light", "E0301"),
    ("faction", "when round_end -> move a ship of yours to the center sector", "W0431"),
    ("faction", "when round_end -> destroy a enemy ship", "W0402"),
]


def diagnose(text: str, kind: str) -> list[Diagnostic]:
    return compile_effect(EffectSource.standalone(text), registry(), kind)[1]


def pasted(text: str, found: Diagnostic, offered: str) -> list[str]:
    """``text`` with the offered words in place of the ones pointed at, and with them in
    place of the whole line (a hint that writes a clause)."""
    lines = text.split("\n")
    span = found.span
    assert span is not None
    row = lines[span.line - 1]
    end = span.end_column if span.end_line == span.line and span.end_column else len(row) + 1
    in_place = row[: span.column - 1] + offered + row[end - 1 :]
    return [
        "\n".join([*lines[: span.line - 1], new, *lines[span.line :]])
        for new in (in_place, offered)
    ]


def assert_paste_validates(kind: str, text: str, found: Diagnostic) -> None:
    offered = OFFERED.search(found.hint or "")
    assert offered is not None, f"{found.code}: the hint offers nothing to write: {found.hint}"
    tries = {fixed: diagnose(fixed, kind) for fixed in pasted(text, found, offered.group(1))}
    clean = [fixed for fixed, after in tries.items() if not after]
    assert clean, {fixed: [d.headline() for d in after] for fixed, after in tries.items()}


@pytest.mark.parametrize(("kind", "text", "code"), CASES)
def test_the_text_a_hint_offers_validates_when_pasted(kind: str, text: str, code: str) -> None:
    found = diagnose(text, kind)
    assert [d.code for d in found] == [code], [d.headline() for d in found]
    assert_paste_validates(kind, text, found[0])


def test_a_faction_is_told_to_change_its_ships() -> None:
    (found,) = diagnose("you have +1 movement", "faction")
    assert found.hint == "write `your ships have +1 movement`"


def offering_lines() -> list:
    """Every line of the data files with one diagnostic whose hint offers text."""
    out = []
    for param in chunks():
        path, first, kind, body = param.values
        for index, line in enumerate(body):
            text = line.partition("###")[0].rstrip()
            if "###" not in line or not text.strip() or text.startswith("#"):
                continue
            found = diagnose(text, kind)
            if len(found) == 1 and OFFERED.search(found[0].hint or ""):
                out.append(pytest.param(kind, text, id=f"{path.name}:{first + index}"))
    return out


@pytest.mark.parametrize(("kind", "text"), offering_lines())
def test_every_offered_hint_of_the_data_files_validates(kind: str, text: str) -> None:
    (found,) = diagnose(text, kind)
    assert_paste_validates(kind, text, found)
