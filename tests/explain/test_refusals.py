"""``whitedwarf explain`` refuses what it cannot do in one located sentence, never a
traceback: an unknown pack, card or probe, a player count the game has not, too few games,
two agents, a resume with nothing to resume or with settings it would ignore, an output
folder that holds an explanation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.explain.test_explain import PACKS, run


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["nosuchpack"], "Invalid value for PACK: nosuchpack: no pack here"),
        (
            ["lastlight", "--cards", "x_blastr"],
            "Invalid value for --cards: no card 'x_blastr' in the pack; did you mean `x_blaster`?",
        ),
        (["lastlight", "--players", "5"], "Last Light is for 2 to 4 players, not 5"),
        (["lastlight", "--games", "-3"], "'--games': -3 is not in the range 2<=x<=100000"),
        (["lastlight", "--probes", "always_trad"], "did you mean `always_trade`?"),
        (
            ["lastlight", "--probes", "take:x_blastr"],
            "take:x_blastr: no card 'x_blastr' in the pack; did you mean `x_blaster`?",
        ),
        (["lastlight", "--agents", "heuristic,random"], "give one agent: it plays every seat"),
        (["lastlight", "--agents", "hero"], "unknown agent 'hero'"),
        ([], "name the PACK to explain (or --resume DIR)"),
        # a god without gods played every game to an error, then said "Apollo +0.0 (95%
        # interval +0.0 to +0.0)" of no game at all; simulate --give refused it up front
        (
            ["starlight", "--cards", "helion", "--probes", "none"],
            "Invalid value for --cards: helion is a god: give it with --option gods=true",
        ),
        (
            ["starlight", "--cards", "star_chorus,helion", "--probes", "none"],
            "helion is a god: give it with --option gods=true",
        ),
    ],
)
def test_bad_input_is_one_sentence(args: list[str], said: str, tmp_path: Path) -> None:
    code, text = run("explain", *args, "--out", str(tmp_path / "out"), "-q")
    assert code == 2, text
    assert said in text
    assert "Traceback" not in text
    assert not (tmp_path / "out").exists()


def test_resume_needs_an_explanation_and_keeps_its_settings(tmp_path: Path) -> None:
    code, text = run("explain", "--resume", str(tmp_path))
    assert code == 1
    assert "no explanation to resume here (explain-settings.json is missing" in text
    out = tmp_path / "out"
    args = ["--cards", "x_blaster", "--probes", "none", "--games", "2", "--workers", "1"]
    code, text = run("explain", str(PACKS / "fair"), *args, "--out", str(out), "-q")
    assert code == 0, text
    code, text = run("explain", "--resume", str(out), "--games", "5")
    assert code == 2
    assert "--resume continues the explanation with the settings it was started with" in text
    code, text = run("explain", str(PACKS / "fair"), *args, "--out", str(out), "-q")
    assert code == 2
    assert f"{out} holds an explanation: continue it with --resume {out}, or use --force" in text


def test_a_pack_with_errors_is_its_diagnostics_and_1(tmp_path: Path) -> None:
    pack = tmp_path / "broken"
    pack.mkdir()
    for name in ("pack.yaml", "techs.yaml"):
        text = (PACKS / "fair" / name).read_text()
        (pack / name).write_text(text.replace("-> gain 1 common", "-> gane 1 common"))
    code, text = run("explain", str(pack), "--out", str(tmp_path / "out"), "-q")
    assert code == 1
    assert "techs.yaml:7:31: error[E0401]: unknown verb `gane`" in text
    assert "the content packs have errors; run `whitedwarf validate` on them" in text
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("games", 10**9, "'games' must be a whole number 2 to 100000, not 1000000000"),
        ("games", "x", "'games' must be a whole number 2 to 100000, not 'x'"),
        ("round_limit", -1, "'round_limit' must be a whole number 1 to 1000, not -1"),
        ("players", True, "'players' must be null or a whole number 1 to 5, not True"),
        (
            "seed",
            1.5,
            "'seed' must be a whole number -9223372036854775808 to 9223372036854775807, not 1.5",
        ),
        ("cards", "x_blaster", "'cards' must be a list of texts, not 'x_blaster'"),
        ("extra", 1, "unknown setting 'extra'"),
    ],
)
def test_an_edited_setting_of_an_explanation_is_refused_at_its_file(
    tmp_path: Path, key: str, value: object, said: str
) -> None:
    """A games count of a billion or of text, or a round limit of -1, ended in an internal
    error (exit 3) on --resume; a count of -1 or a seed of 1.5 was used as it was."""
    out = tmp_path / "out"
    args = ["--cards", "x_blaster", "--probes", "none", "--games", "2", "--workers", "1"]
    code, text = run("explain", str(PACKS / "fair"), *args, "--out", str(out), "-q")
    assert code == 0, text
    path = out / "explain-settings.json"
    settings = json.loads(path.read_text())
    path.write_text(json.dumps({**settings, key: value}))
    before = path.read_bytes()
    code, text = run("explain", "--resume", str(out), "-q")
    assert code == 1, text
    assert text.strip() == f"Error: {path}: {said}; the explanation was left as it is"
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("not json\n", ":1: not a game record (a JSON object per line)"),
        ('{"index": 0}\n', ":1: the record of game 0 has no int 'seed'"),
    ],
)
def test_an_edited_arm_record_is_refused_at_its_line_and_nothing_is_dropped(
    tmp_path: Path, line: str, said: str
) -> None:
    """A whole line of an arm's file that was not JSON was taken for the end of the file:
    it and every game after it were dropped, the file rewritten without them, and the games
    played again without a word."""
    out = tmp_path / "out"
    args = ["--cards", "x_blaster", "--probes", "none", "--games", "2", "--workers", "1"]
    code, text = run("explain", str(PACKS / "fair"), *args, "--out", str(out), "-q")
    assert code == 0, text
    (arm,) = (out / "arms").glob("card_*.jsonl")
    kept = arm.read_text().splitlines(keepends=True)
    arm.write_text("".join([line, *kept[1:]]))
    before = arm.read_bytes()
    code, text = run("explain", "--resume", str(out), "-q")
    assert code == 1, text
    assert f"Error: {arm}{said}; the explanation was left as it is" in text, text
    assert arm.read_bytes() == before
