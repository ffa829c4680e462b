"""A bot game's progress line (tools/play_progress.py): on a terminal it says the round and
the decisions about once a second and is wiped before the result; elsewhere it is silent."""

from __future__ import annotations

import io

from click.testing import CliRunner
from whitedwarf.tools.cli import main
from whitedwarf.tools.play_progress import GameProgress, ProgressBot, progress_for


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class First:
    def choose(self, state: object, seat: int, options: list[str]) -> str:
        return options[0]


def test_the_line_says_the_round_once_a_second_and_is_wiped() -> None:
    screen, now = Terminal(), [0.0]
    progress = GameProgress(screen, clock=lambda: now[0])
    bot = ProgressBot(First(), progress)
    for second in (0.2, 0.5, 1.1, 1.3, 2.4):
        now[0] = second
        assert bot.choose({"round": 3}, 0, ["a", "b"]) == "a"
    shown = screen.getvalue()
    assert shown.count("playing: round 3") == 2  # at 1.1 s and 2.4 s, not at every decision
    assert "playing: round 3, 3 decisions, 1 s" in shown and "5 decisions, 2 s" in shown
    progress.close()
    assert screen.getvalue().endswith("\r" + " " * len("playing: round 3, 5 decisions, 2 s") + "\r")


def test_a_short_game_shows_nothing_and_a_file_gets_nothing() -> None:
    screen = Terminal()
    progress = GameProgress(screen)
    progress.tick({"round": 1})
    progress.close()
    assert screen.getvalue() == ""
    assert progress_for(io.StringIO()) is None  # not a terminal: a log or a pipe


def test_play_output_is_unchanged_where_stderr_is_not_a_terminal() -> None:
    result = CliRunner().invoke(main, ["play", "--seats", "random,random", "--seed", "3"])
    assert result.exit_code == 0 and "playing:" not in result.output
    assert result.output.startswith("winner: ") or result.output.startswith("shared win")
