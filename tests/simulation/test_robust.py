"""``simulate --robust AGENTS`` (issue 24 item 5): the same batch played by other agents, and
whether the faction and card findings hold with both (rank correlation, findings that flip).
Before, nothing said whether "Hexan wins 70%" was the card or the bot."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from whitedwarf.interpreter.simulation.robustness import (
    robustness,
    robustness_sentences,
    spearman,
)

from tests.simulation.helpers import run

_PAGE = (Path(__file__).resolve().parents[2] / "docs" / "simulate.md").read_text("utf-8")
_PAGE_EXAMPLE = _PAGE.split("--robust random --out runs/r\n", 1)[1].split("```", 1)[0]


def _shape(text: str) -> set[str]:
    """The robustness sentences of ``text`` with their numbers taken out."""
    lines = [line for line in text.splitlines() if "findings with" in line]
    return {re.sub(r"-?\d+(\.\d+)?", "N", line) for line in lines}


def test_spearman_of_known_samples() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # ties at their mean rank: ranks (1.5, 1.5, 3) and (1, 2, 3): r = 0.866
    assert spearman([1, 1, 2], [1, 2, 3]) == pytest.approx(0.8660, abs=1e-4)
    assert spearman([1, 2], [1, 2]) is None


def row(name: str, rate: float, significant: bool) -> dict:
    return {"name": name, "rate": rate, "significant": significant}


def test_a_finding_significant_with_one_agent_only_flips() -> None:
    first = {"fair_share": 0.25, "factions": [row("hexan", 0.7, True), row("khet", 0.09, True),
                                              row("myrr", 0.3, False)]}  # fmt: skip
    second = {"fair_share": 0.25, "factions": [row("hexan", 0.3, False), row("khet", 0.1, True),
                                               row("myrr", 0.26, False)]}  # fmt: skip
    result = robustness(first, second, ("heuristic", "search"))
    (table,) = result["tables"]
    assert table["rows"] == 3 and table["rho"] == pytest.approx(1.0)
    assert [f["name"] for f in table["flips"]] == ["hexan"]
    assert table["flips"][0]["first"] == 1 and table["flips"][0]["second"] == 0


def test_simulate_robust_plays_the_same_seeds_with_the_other_agents(tmp_path: Path) -> None:
    out = tmp_path / "b"
    code, text = run(
        "simulate", "--players", "3", "--games", "6", "--agents", "heuristic",
        "--robust", "random", "--workers", "1", "-q", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    assert "The faction findings with heuristic and with random: rank correlation" in text
    assert "The tech findings with heuristic and with random" in text
    # docs/simulate.md's sentences, numbers aside
    assert _shape(_PAGE_EXAMPLE) and _shape(text) >= _shape(_PAGE_EXAMPLE)
    seeds = [
        [json.loads(line)["seed"] for line in (folder / "games.jsonl").open()]
        for folder in (out, out / "robust")
    ]
    assert seeds[0] == seeds[1]
    assert json.loads((out / "robust" / "batch.json").read_text())["agents"] == ["random"]
    result = json.loads((out / "robustness.json").read_text())
    assert result["agents"] == ["heuristic", "random"]
    assert {t["table"] for t in result["tables"]} == {"factions", "techs"}
    summary = json.loads((out / "summary.json").read_text())
    assert summary["robustness"] == result
    assert (
        "The faction findings with heuristic and with random" in (out / "report.html").read_text()
    )
    code, text = run("simulate", "--resume", str(out), "-q")  # both batches are whole: no game
    assert code == 0 and "The tech findings with heuristic and with random" in text
    code, text = run(
        "simulate", "--players", "3", "--robust", "nosuch", "--out", str(tmp_path / "x")
    )
    assert code == 2 and "unknown agent 'nosuch'" in text
    assert "Invalid value for --robust" in text  # told at the option that named it


def test_a_batch_with_no_table_of_findings_says_so() -> None:
    """A Starlight batch without gods has no table `--robust` compares: one sentence says
    so, rather than the report ending on an empty line."""
    first = {"fair_share": 1 / 3, "picks": {}}
    result = robustness(first, dict(first), ("heuristic", "random"))
    assert result["tables"] == []
    (said,) = robustness_sentences(result)
    assert said.startswith("No findings to compare with heuristic and with random")
    assert "--option gods=true" in said


def test_an_ablation_with_robust_is_told_how_to_check_it_with_other_agents(tmp_path: Path) -> None:
    """README: "see whether the findings hold with stronger players: --robust search". An
    ablation with it was told only "two experiments: run one", not how an ablation's finding
    is checked with other players: the same ablation with those agents."""
    code, text = run(
        "simulate", "--players", "3", "--games", "2", "--give", "0:warp_drive", "--ablate",
        "warp_drive", "--robust", "search", "--out", str(tmp_path / "x"),
    )  # fmt: skip
    assert code == 2, text
    assert (
        "--robust and --ablate are two experiments: run one; to see whether an ablation holds "
        "with other players, run it again with --agents search" in " ".join(text.split())
    )
    assert not (tmp_path / "x").exists()
