"""Random damage to a valid pack file yields diagnostics, never an exception."""

from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from whitedwarf.dsl.packs.loader import load_packs

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
