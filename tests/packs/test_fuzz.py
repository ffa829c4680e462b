"""Random damage to a valid pack file yields diagnostics, never an exception."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.tools.cli import main

from .corpus import SHARED

SOURCE = (SHARED / "mini" / "techs.yaml").read_text(encoding="utf-8")
TAGS = ["!!python/object:os.system", "!foo", "!!binary", "!!set", "&a", "*a", "<<:", "---", "? "]


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    """The techs file with a few byte edits, deleted or swapped lines, tags or re-indents."""
    lines = SOURCE.splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["delete", "swap", "indent", "dedent", "tag", "bytes"]))
        line = lines[index]
        if action == "delete" and len(lines) > 1:
            lines.pop(index)
        elif action == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        elif action == "indent":
            lines[index] = "  " + line
        elif action == "dedent":
            lines[index] = line.lstrip()
        elif action == "tag":
            cut = draw(st.integers(0, len(line)))
            lines[index] = line[:cut] + draw(st.sampled_from(TAGS)) + " " + line[cut:]
        else:
            cut = draw(st.integers(0, len(line)))
            lines[index] = line[:cut] + draw(st.text(max_size=3)) + line[cut:]
    data = "".join(lines).encode("utf-8")
    if draw(st.booleans()):
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.binary(max_size=3)) + data[at:]
    return data


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(content=damaged())
def test_damage_gives_diagnostics_not_exceptions(tmp_path: Path, content: bytes) -> None:
    pack = tmp_path / "mini"
    if not pack.exists():
        shutil.copytree(SHARED / "mini", pack)
    (pack / "techs.yaml").write_bytes(content)
    result = load_packs([pack], bundled=False)
    for diagnostic in result.diagnostics:
        assert diagnostic.span is not None and diagnostic.span.line >= 1
    if content.decode("utf-8", errors="replace") != SOURCE:
        assert result.pack is not None or result.errors


#: Where an escaped text goes in the mini pack's first tech: its name, its effect, a key of
#: its own (an unknown field), a free note.
_ESCAPED_PLACES = {
    "name": ("  name: X Blaster\n", "  name: {text}\n"),
    "effect": ("  effect: this ship type has +1 attack\n", "  effect: {text}\n"),
    "key": ("  name: X Blaster\n", "  name: X Blaster\n  {text}: 1\n"),
    "notes": ("  name: X Blaster\n", "  name: X Blaster\n  notes: {text}\n"),
}


@settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(place=st.sampled_from(sorted(_ESCAPED_PLACES)), text=st.text(max_size=12))
def test_any_escaped_text_is_a_diagnostic_never_an_internal_error(
    tmp_path: Path, place: str, text: str
) -> None:
    """Any text at all, written as a double-quoted YAML string with escapes (as JSON writes
    it: `\\ud800`, `\\u001b`), in a name, an effect, a key or a note: `validate` (text and
    JSON) ends 0 or 1 with output a UTF-8 terminal can print, never an internal error. A
    lone surrogate stopped it with exit 3 (a UnicodeEncodeError writing the data's digest)."""
    pack = tmp_path / "mini"
    if not pack.exists():
        shutil.copytree(SHARED / "mini", pack)
    old, new = _ESCAPED_PLACES[place]
    assert old in SOURCE
    written = SOURCE.replace(old, new.format(text=json.dumps(text)), 1)
    (pack / "techs.yaml").write_text(written, encoding="utf-8")
    for extra in ([], ["--format", "json"]):
        result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache", *extra])
        assert result.exit_code in (0, 1), result.output
        assert "internal error" not in result.output, result.output
        result.output.encode("utf-8")  # printable: no lone surrogate reaches the output
