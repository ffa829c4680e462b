"""A batch's progress: a bar on a terminal, plain lines on stderr anywhere else (a CI log, a
file) once it has run for a while, nothing with --quiet; the report on stdout is the same in
every case."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from whitedwarf.tools import batch_run
from whitedwarf.tools.batch_run import ProgressLines, clock_time, progress_kind
from whitedwarf.tools.cli import main

SHORT = ("--players", "2", "--agents", "random", "--round-limit", "3", "--workers", "1")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def lines_of(capsys: pytest.CaptureFixture[str]) -> list[str]:
    captured = capsys.readouterr()
    assert captured.out == ""  # progress never goes to stdout
    return captured.err.splitlines()


def test_a_line_about_every_ten_seconds_and_at_the_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    clock = Clock()
    with ProgressLines("simulating", 100, 0, clock=clock) as progress:
        for _ in range(10):  # 10 games in 5 s: no line yet
            clock.now += 0.5
            progress.advance()
        clock.now += 5.0  # game 11 ends 10 s in: 89 games left at 11 games a 10 s
        progress.advance()
        for _ in range(89):
            clock.now += 0.1
            progress.advance()
    assert lines_of(capsys) == [
        "simulating: 11/100 games (11%), 0:00:10 elapsed, about 0:01:21 left",
        "simulating: 100/100 games in 0:00:19",
    ]


def test_a_short_batch_says_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """A few games in a script or a test: the output it always had, and nothing more."""
    clock = Clock()
    with ProgressLines("simulating", 10, 0, clock=clock) as progress:
        for _ in range(10):
            clock.now += 0.9
            progress.advance()
    assert lines_of(capsys) == []
    with ProgressLines("simulating", 2, 0, clock=clock) as progress:
        clock.now += 6
        progress.advance()
        clock.now += 6  # the last game ends 12 s in: the log is told the batch ended
        progress.advance()
    assert lines_of(capsys) == ["simulating: 2/2 games in 0:00:12"]


def test_a_resumed_batch_counts_only_the_games_it_plays(
    capsys: pytest.CaptureFixture[str],
) -> None:
    clock = Clock()
    with ProgressLines("base", 100, 60, every=10.0, clock=clock) as progress:
        clock.now += 10.0
        progress.advance()  # 1 game in 10 s, 39 to go: the 60 kept took no time here
    assert lines_of(capsys) == [
        "base: 61/100 games (61%), 0:00:10 elapsed, about 0:06:30 left",
        "base: 61/100 games in 0:00:10",
    ]


def test_an_interrupted_or_finished_batch_says_no_more(capsys: pytest.CaptureFixture[str]) -> None:
    clock = Clock()
    with pytest.raises(KeyboardInterrupt), ProgressLines("simulating", 10, 0, clock=clock) as p:
        clock.now += 20
        p.advance()
        raise KeyboardInterrupt  # run_into says what was kept and how to resume
    assert lines_of(capsys) == ["simulating: 1/10 games (10%), 0:00:20 elapsed, about 0:03:00 left"]
    with ProgressLines("simulating", 10, 10, clock=clock):
        clock.now += 20  # a batch only being reported again (simulate --resume of a finished one)
    assert lines_of(capsys) == []


def test_clock_time() -> None:
    assert [clock_time(s) for s in (0, 7.4, 61, 3723)] == [
        "0:00:00",
        "0:00:07",
        "0:01:01",
        "1:02:03",
    ]


def test_a_terminal_gets_the_bar_a_log_gets_lines_and_quiet_gets_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(batch_run.sys.stderr, "isatty", lambda: True, raising=False)
    assert progress_kind() == "bar"
    assert progress_kind(quiet=True) == "none"
    monkeypatch.setenv("CI", "true")  # a CI log keeps every frame of a bar
    assert progress_kind() == "lines"
    monkeypatch.delenv("CI")
    monkeypatch.setattr(batch_run.sys.stderr, "isatty", lambda: False, raising=False)
    assert progress_kind() == "lines"


def run(*args: str) -> Result:
    """The CLI in-process: stderr is not a terminal, as in a CI log."""
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line for every game, as a long batch would print one about every 10 s."""
    monkeypatch.setattr(batch_run, "LINE_EVERY", 0.0)


@pytest.mark.usefixtures("every_game")
def test_simulate_in_a_log_shows_lines_on_stderr_and_keeps_stdout_the_report(
    tmp_path: Path,
) -> None:
    result = run("simulate", *SHORT, "--games", "3", "--out", str(tmp_path / "b"))
    assert result.exit_code == 0, result.output
    said = result.stderr.splitlines()
    assert said[0].startswith("simulating: 1/3 games (33%), 0:00:0") and "left" in said[0]
    assert said[-1].startswith("simulating: 3/3 games in 0:00:") and len(said) == 3
    assert result.stdout.startswith("- 3 games of 2 players;") and "simulating" not in result.stdout
    quiet = run("simulate", *SHORT, "--games", "3", "--out", str(tmp_path / "q"), "--quiet")
    assert (
        quiet.exit_code == 0
        and quiet.stderr == ""
        and quiet.stdout == result.stdout.replace(str(tmp_path / "b"), str(tmp_path / "q"))
    )


@pytest.mark.usefixtures("every_game")
def test_compare_names_each_batch_in_its_lines(tmp_path: Path) -> None:
    pair = ("--base", "lastlight", "--variant", "lastlight", "--games", "2")
    result = run("compare", *pair, *SHORT, "--out", str(tmp_path / "c"))
    assert result.exit_code == 0, result.output
    said = result.stderr.splitlines()
    assert said[0].startswith("base: 1/2 games (50%)") and said[1].startswith("base: 2/2 games in")
    assert said[2].startswith("variant: 1/2 games (50%)")
    assert "base:" not in result.stdout and "variant:" not in result.stdout
    quiet = run("compare", *pair, *SHORT, "--out", str(tmp_path / "q"), "-q")
    assert quiet.exit_code == 0 and quiet.stderr == ""


def test_the_bar_is_drawn_on_stderr_not_in_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`simulate > report.txt` at a terminal: the bar stays on the terminal (rich's default
    console, stdout, put its last frame into the file)."""
    monkeypatch.setattr(batch_run, "progress_kind", lambda quiet=False: "bar")
    result = run("simulate", *SHORT, "--games", "2", "--out", str(tmp_path / "b"))
    assert result.exit_code == 0, result.output
    assert "simulating" in result.stderr and "2/2" in result.stderr
    assert "simulating" not in result.stdout and "━" not in result.stdout
