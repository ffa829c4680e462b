"""Every broken pack of the corpus yields exactly its expected diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest

from .corpus import actual, cases, expected, run_case


@pytest.mark.parametrize("case", cases(), ids=lambda p: p.name)
def test_case(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(case)
    result = run_case(case)
    assert actual(result) == sorted(expected(case))
    assert (result.pack is None) == any(d.is_error for d in result.diagnostics)


def test_the_shared_base_is_valid() -> None:
    from whitedwarf.dsl.packs.loader import load_pack

    from .corpus import SHARED

    result = load_pack(SHARED / "mini", bundled=False)
    assert result.diagnostics == []
    assert result.pack is not None
