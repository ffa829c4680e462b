"""``whitedwarf explain PACK`` (issue 25 item 2): a planted two-card combo and a planted
degenerate strategy are named, a pack with neither names nothing, the report says it in
sentences with intervals, and an interrupted explanation resumes to the same result.

Before, there was no ``explain``: a designer ran ``simulate --give --ablate`` card by card and
had no way to test two cards together or a simple rule of play against the agents."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from whitedwarf.tools.cli import main

PACKS = Path(__file__).resolve().parents[1] / "fixtures" / "explain_packs"


def run(*args: str) -> tuple[int, str]:
    """Run ``whitedwarf ARGS`` in-process; (exit code, output)."""
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def explained(root: Path, pack: str | Path, *args: str) -> dict[str, Any]:
    """``explain`` of a fixture pack (by name) or of a pack folder."""
    folder = pack if isinstance(pack, Path) else PACKS / pack
    out = root / folder.name
    code, text = run("explain", str(folder), *args, "--workers", "1", "--out", str(out), "-q")
    assert code == 0, text
    return {"text": text, "out": out, "json": json.loads((out / "explain.json").read_text())}


#: The planted combo pack with two ordinary cards besides (every pair of three is tested).
COMBO = ("--cards", "combo_key,combo_lock,x_blaster", "--probes", "none", "--games", "20")


PAGE = Path(__file__).resolve().parents[2] / "docs" / "explain.md"


def pack_of_page(root: Path) -> Path:
    """The mod docs/explain.md tells its reader to make (each ```yaml block whose first
    line names its file, ``# planted_combo/pack.yaml``), written under ``root``: what a
    reader who installed whitedwarf with pip, without the repository's tests, runs."""
    for block in PAGE.read_text("utf-8").split("```yaml\n")[1:]:
        text = block.split("```", 1)[0]
        name = text.splitlines()[0].removeprefix("# ")
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, "utf-8")
    return root / "planted_combo"


@pytest.fixture(scope="module")
def combo(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The combo run of the page's own mod (the same cards as the fixture planted_combo)."""
    root = tmp_path_factory.mktemp("combo")
    return explained(root / "runs", pack_of_page(root), *COMBO)


@pytest.fixture(scope="module")
def trade(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return explained(
        tmp_path_factory.mktemp("trade"),
        "planted_trade",
        *("--cards", "x_blaster", "--probes", "always_trade,never_trade,take:x_blaster"),
        *("--games", "20"),
    )


@pytest.fixture(scope="module")
def fair(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return explained(
        tmp_path_factory.mktemp("fair"),
        "fair",
        *("--cards", "fair_miner,fair_scholar,x_blaster", "--games", "20"),
        *("--probes", "always_trade,never_trade,never_build_ships"),
    )


def test_a_planted_combo_is_named_with_its_interval(combo: dict[str, Any]) -> None:
    lines = combo["text"].splitlines()
    named = [line for line in lines if line.startswith("- Combos:")]
    assert len(named) == 1, combo["text"]
    assert "Combo Key + Combo Lock:" in named[0]
    assert "beyond the sum of their effects (95% interval +" in named[0]
    assert "X Blaster +" not in named[0]  # only the planted pair
    pairs = {tuple(p["pair"]): p for p in combo["json"]["pairs"]}
    assert set(pairs) == {
        ("combo_key", "combo_lock"), ("combo_key", "x_blaster"), ("combo_lock", "x_blaster")
    }  # fmt: skip
    planted = pairs[("combo_key", "combo_lock")]
    assert planted["significant"] and planted["score"]["low"] > 0
    assert [p["pair"] for p in pairs.values() if p["significant"]] == [["combo_key", "combo_lock"]]


def test_each_card_has_its_effect_play_rate_and_share(combo: dict[str, Any]) -> None:
    cards = {c["card"]: c for c in combo["json"]["cards"]}
    assert set(cards) == {"combo_key", "combo_lock", "x_blaster"}
    for row in cards.values():
        assert row["games"] == 20
        assert row["score"]["low"] <= row["score"]["difference"] <= row["score"]["high"]
        assert row["win"]["low"] <= row["win"]["difference"] <= row["win"]["high"]
        assert set(row["play"]) == {"held", "played", "rate"}
        assert set(row["share"]) == {"difference", "low", "high"}
    # the page: the sentences on top, then a plot and a table per finding
    page = (combo["out"] / "explain.html").read_text()
    assert page.index("Combo Key + Combo Lock") < page.index("<h2>Cards</h2>")
    for title in ("effect on its holder", "Interaction of each pair", "Seat 0"):
        assert f"<title>{title}" in page or title in page
    assert page.count("<svg") >= 3


def test_a_planted_degenerate_strategy_is_named(trade: dict[str, Any]) -> None:
    lines = [line for line in trade["text"].splitlines() if "Degenerate strategies:" in line]
    assert len(lines) == 1, trade["text"]
    assert "always_trade (always plays Trade when that action card is in hand) wins +" in lines[0]
    assert "never_trade" not in lines[0]
    probes = {p["probe"]: p for p in trade["json"]["probes"]}
    assert probes["always_trade"]["significant"] and not probes["never_trade"]["significant"]
    # "always take X" for a card: it builds X Blaster whenever it may
    assert probes["take:x_blaster"]["says"] == "always takes X Blaster when it may"
    assert not probes["take:x_blaster"]["significant"]


def test_a_pack_with_neither_names_nothing(fair: dict[str, Any]) -> None:
    text = fair["text"]
    assert "- No pair of the 3 tested is significantly more than the sum" in text
    assert "- No restricted-play probe beats the heuristic agent significantly (3 tried" in text
    assert "Combos:" not in text and "Degenerate strategies:" not in text


def test_the_first_seat_is_measured_at_every_player_count(fair: dict[str, Any]) -> None:
    rows = fair["json"]["first_seat"]
    assert [r["players"] for r in rows] == [2, 3, 4]
    for players in (2, 3, 4):
        assert f"At {players} players seat 0 wins" in fair["text"]


def test_an_interrupted_explanation_resumes_to_the_same_result(tmp_path: Path) -> None:
    args = ["--cards", "combo_key,combo_lock", "--probes", "always_trade", "--games", "8"]
    whole = explained(tmp_path, "planted_combo", *args)["json"]
    out = tmp_path / "cut"
    command = [
        sys.executable, "-m", "whitedwarf.tools.cli", "explain", str(PACKS / "planted_combo"),
        *args, "--workers", "2", "--out", str(out), "-q",
    ]  # fmt: skip
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as a terminal
    )
    deadline = time.monotonic() + 120
    arms = out / "arms"
    while (
        time.monotonic() < deadline
        and sum(len(p.read_text().splitlines()) for p in arms.glob("*.jsonl")) < 12
    ):
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    assert f"continue with whitedwarf explain --resume {out}".encode() in err
    assert not (out / "explain.json").exists()
    code, text = run("explain", "--resume", str(out), "--workers", "1", "-q")
    assert code == 0, text
    assert json.loads((out / "explain.json").read_text()) == whole
    # resumed again when finished: nothing is played, the same result
    code, _ = run("explain", "--resume", str(out), "-q")
    assert code == 0 and json.loads((out / "explain.json").read_text()) == whole


def test_starlight_is_explained_too(tmp_path: Path) -> None:
    code, text = run(
        "explain", "starlight", "--cards", "kindling,pure_light",
        "--players", "2", "--games", "4", "--pairs", "1", "--workers", "1",
        "--out", str(tmp_path / "sl"), "-q",
    )  # fmt: skip
    assert code == 0, text
    result = json.loads((tmp_path / "sl" / "explain.json").read_text())
    assert result["score"] == "points"
    assert [c["card"] for c in sorted(result["cards"], key=lambda c: c["card"])] == [
        "kindling", "pure_light"
    ]  # fmt: skip
    # every probe of the game, then "always take X" for its cards (the largest effect first)
    probes = [p["probe"] for p in result["probes"]]
    assert probes[:5] == [
        "only_long_rays", "only_short_rays", "never_take_flares", "never_buy_points",
        "always_end_turn",
    ]  # fmt: skip
    assert sorted(probes[5:]) == ["take:kindling", "take:pure_light"]
    assert "2 cards, 1 pair and 7 probes measured at 2 players" in text


def test_the_docs_example_is_what_explain_says(combo: dict[str, Any]) -> None:
    """docs/explain.md's first example is this module's combo run, sentence for sentence."""
    page = PAGE.read_text("utf-8")
    example = page.split("```console\n", 1)[1].split("```", 1)[0]
    command = " ".join(example.splitlines()[0:2]).replace("\\", " ").split()
    # The run here plays on the hand weights (tests/conftest.py); a reader's run learns the
    # mod's values first and plays other games unless told as the page tells it.
    assert command[1:3] == ["WHITEDWARF_CARD_VALUES=off", "whitedwarf"], command
    assert command[3:5] == ["explain", "planted_combo"], command  # the page's own mod
    assert command[command.index("--cards") :] == [*COMBO, "--out", "runs/why"]
    shown = [line for line in example.splitlines() if line.startswith("- ")]
    assert shown == [line for line in combo["text"].splitlines() if line.startswith("- ")]


def test_options_for_one_player_count_leave_out_the_others_first_seat(tmp_path: Path) -> None:
    """`--players 3 --option factions=a,b,c` was refused with "names 3 seats; the game has 2":
    the first seat is measured at every player count, and three named seats do not fit 2
    players. The counts the options fit are played; the one they do not is said, with why."""
    code, text = run(
        "explain", "lastlight", "--players", "3", "--option", "factions=veyshan,hexan,talorin",
        "--cards", "x_blaster", "--probes", "none", "--games", "2", "--workers", "1",
        "--out", str(tmp_path / "factions"), "-q",
    )  # fmt: skip
    assert code == 0, text
    result = json.loads((tmp_path / "factions" / "explain.json").read_text())
    assert [r["players"] for r in result["first_seat"]] == [3, 4]
    said = [line for line in text.splitlines() if line.startswith("- At ")]
    assert said[0] == (
        "- At 2 players seat 0 is not measured: the game options do not fit "
        "(option factions names 3 seats; the game has 2)."
    )
    assert said[1].startswith("- At 3 players seat 0 wins")
    assert said[2].startswith("- At 4 players seat 0 wins")
    # at the player count asked for, the options must fit: still refused, as simulate does
    code, text = run(
        "explain", "lastlight", "--players", "2", "--option", "factions=veyshan,hexan,talorin",
        "--out", str(tmp_path / "two"), "-q",
    )  # fmt: skip
    assert code == 2 and "option factions names 3 seats; the game has 2" in text
