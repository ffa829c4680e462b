"""Checker and parser diagnostics, from the chunked data files in tests/dsl/data/*.effects.

A file is split into chunks by lines `---`; a chunk's leading comment lines may say
`# kind: <card kind>` (default `faction`). Files named `starlight*.effects` are Starlight's, the
others Last Light's. Each chunk is one effect. A line that should be
reported ends with `### CODE`, optionally `@COLUMN` and `"part of the message"`, several
allowed. Every other line must compile cleanly (after starlark-go's testdata files).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.codes import DSL_CODES
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.interpreter.starlight.vocabulary import registry as starlight_registry

DATA = Path(__file__).parent / "data"
EXPECT = re.compile(r'([EW]\d{4})(?:\s*@(\d+))?(?:\s*"([^"]*)")?')


def chunks(game: str = "lastlight"):
    """The chunks of one game's data files (`starlight*.effects` are Starlight's)."""
    for path in sorted(DATA.glob("*.effects")):
        if path.name.startswith("starlight") != (game == "starlight"):
            continue
        lines, start = path.read_text(encoding="utf-8").split("\n"), 0
        for end in [i for i, line in enumerate(lines) if line == "---"] + [len(lines)]:
            body, start, kind = lines[start:end], end + 1, "faction"
            while body and (body[0].startswith("#") or not body[0].strip()):
                line = body.pop(0)
                kind = line[7:].strip() if line.startswith("# kind:") else kind
            first = end - len(body) + 1  # 1-based file line of body[0]
            if any(line.strip() for line in body):
                yield pytest.param(path, first, kind, body, id=f"{path.name}:{first}")


@pytest.mark.parametrize(("path", "first", "kind", "body"), [*chunks(), *chunks("starlight")])
def test_chunk(path, first, kind, body):
    source = EffectSource.standalone("\n".join(body), str(path), first)
    game = starlight_registry() if path.name.startswith("starlight") else registry()
    _, diagnostics = compile_effect(source, game, kind)
    expected = {first + i: EXPECT.findall(line.partition("###")[2]) for i, line in enumerate(body)}
    actual = {n: {d.code for d in diagnostics if d.span.line == n} for n in expected}
    assert all(d.span.line in expected for d in diagnostics), [d.headline() for d in diagnostics]
    assert actual == {n: {code for code, _, _ in want} for n, want in expected.items()}, [
        d.headline() for d in diagnostics
    ]
    for line, want in expected.items():
        for code, column, text in want:
            found = [d for d in diagnostics if d.span.line == line and d.code == code]
            assert any(text in d.message for d in found), (line, code, text, found)
            assert not column or any(d.span.column == int(column) for d in found), (line, found)


def test_every_code_is_covered():
    text = "\n".join(path.read_text(encoding="utf-8") for path in DATA.glob("*.effects"))
    wants = (EXPECT.findall(line.partition("###")[2]) for line in text.split("\n"))
    covered = {code for want in wants for code, _, _ in want}
    assert set(DSL_CODES) <= covered
