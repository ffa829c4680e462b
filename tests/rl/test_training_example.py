"""docs/examples/train_masked_policy.py runs: a moment's training, then its ratings (needs
JAX and Optax, which the example installs itself; skipped without them)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("jax")
pytest.importorskip("optax")

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "examples" / "train_masked_policy.py"


def test_the_example_trains_and_rates(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("train_masked_policy", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--minutes", "0.01", "--batch", "1", "--rate", "1"])
    out = capsys.readouterr().out
    assert "trained 1 games" in out
    assert "against random: trained" in out and "against heuristic: trained" in out
