"""A pack file written on one long line with an error at each value reports in linear time.

JSON is YAML, so a stranger's 2 MiB file may be one line; before, each diagnostic's excerpt
scanned that whole line again (its hostile characters, its tabs, the visual width of the text
before the fault): `validate` of a Starlight `setup.yaml` whose `flare_costs` listed 100,000
costs (99,990 of them out of range) had not printed after 90 s, and prints in some 15 s now.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML
from whitedwarf.content import bundled_pack
from whitedwarf.dsl import diagnostics
from whitedwarf.dsl.diagnostics import Diagnostic, SourceLines, Span, render_text
from whitedwarf.tools.cli import main


def test_each_line_is_worked_out_once_for_all_its_excerpts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    line = "\t" + ", ".join(str(n) for n in range(20_000)) + "\x1b"
    made: list[str] = []
    of = diagnostics.ShownLine.of
    monkeypatch.setattr(
        diagnostics.ShownLine, "of", classmethod(lambda cls, s: made.append(s) or of(s))
    )
    sources = SourceLines({"f.yaml": line})
    at = line.index("12345")
    for _ in range(500):
        text = render_text(
            Diagnostic("E0606", "here", Span("f.yaml", 1, at + 1, 1, at + 6)), sources
        )
    assert len(made) == 1
    _, _, shown, carets = text.splitlines()
    # The tab before the fault is four columns wide, as before: the caret is under the value.
    assert shown[carets.index("^") :].startswith("12345,")
    assert carets.count("^") == 5


def test_a_tab_inside_the_line_moves_the_caret_to_its_stop() -> None:
    sources = SourceLines({"f.yaml": "a\tb: \x1bFAULT"})
    span = Span("f.yaml", 1, 7, 1, 12)
    _, _, shown, carets = render_text(Diagnostic("E0606", "here", span), sources).splitlines()
    assert shown == "1 | a   b: \ufffdFAULT"
    assert shown[carets.index("^") :] == "FAULT" and carets.count("^") == 5


def test_twenty_thousand_flare_costs_on_one_line_are_each_reported(tmp_path: Path) -> None:
    pack = tmp_path / "starlight"
    shutil.copytree(bundled_pack("starlight"), pack)
    setup = YAML(typ="safe", pure=True).load((pack / "setup.yaml").read_text("utf-8"))
    setup["flare_costs"] = list(range(1, 20_001))
    (pack / "setup.yaml").write_text(json.dumps(setup), "utf-8")
    result = CliRunner().invoke(main, ["validate", str(pack), "--no-cache"])
    assert result.exit_code == 1, result.output
    assert "error[E0607]: `flare_costs` lists 20,000 items; the limit is 10" in result.output
    assert "error[E0606]: `flare_costs` is 20000, out of range: it must be 0 to 10" in result.output
    assert result.output.endswith("19991 errors, 0 warnings\n")
