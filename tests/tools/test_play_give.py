"""``play --give SEAT:CARD[@ROUND]``: a designer watches a card the deal seldom brings in one
game of bots (docs/dsl.md's walkthrough said `play` "has no `--give`": only a batch could
seat a tech). The replay keeps the gifts, so `replay`, `replay --html` and `render` give
them again where they were given and the game verifies."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from whitedwarf.tools.cli import main

PACK = Path(__file__).resolve().parents[2] / "content"


def _play(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["play", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_given_tech_works_from_the_start_and_its_replay_verifies(tmp_path: Path) -> None:
    """The Long Game (`when round_end if round >= 8 -> gain 1 uncommon`) given to seat 0: the
    trace says it was given, then the card at work: its condition false until round 8, then
    the uncommon it gives."""
    log = tmp_path / "game.jsonl"
    args = ("--seats", "random,random,random", "--seed", "3", "--give", "0:long_game")
    code, out, err = _play(*args, "--trace", "--replay", str(log))
    assert code == 0, out + err
    lines = err.splitlines()
    assert "setup seat 0: is given long_game from the start (--give)" in lines
    told = [line for line in lines if "long_game" in line]
    assert (
        "round   7 seat 0: long_game is triggered (when round_end) but its condition is "
        "false: did nothing" in told
    )
    at = told.index("round   8 seat 0: long_game is triggered (when round_end)")
    assert told[at + 1 : at + 3] == [
        "round   8 seat 0: long_game: gain 1 uncommon",
        "round   8 seat 0: gains 1 uncommon [by long_game]",
    ]
    header = json.loads(log.read_text().splitlines()[0])
    assert header["gifts"] == ["0:long_game"]
    final = out.strip().splitlines()[-1]
    replayed = CliRunner().invoke(main, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.output
    assert final in replayed.stdout and "verified:" in replayed.stdout
    viewer = CliRunner().invoke(main, ["replay", str(log), "--html", str(tmp_path / "g.html")])
    assert viewer.exit_code == 0, viewer.output
    board = tmp_path / "board.svg"
    drawn = CliRunner().invoke(main, ["render", str(log), "--at", "100", "--out", str(board)])
    assert drawn.exit_code == 0 and board.read_text().startswith("<svg"), drawn.output
    # Without its gifts the log is another game: refused, as any altered log is.
    lines = log.read_text().splitlines()
    lines[0] = json.dumps({k: v for k, v in header.items() if k != "gifts"})
    log.write_text("\n".join(lines) + "\n")
    altered = CliRunner().invoke(main, ["replay", str(log)])
    assert altered.exit_code == 1, altered.output


def test_a_given_starlight_god_is_played_and_replayed(tmp_path: Path) -> None:
    """Starlight: a god given to a live seat (with gods dealt), its triggers in the trace."""
    log = tmp_path / "sl.jsonl"
    pack = str(PACK / "starlight")
    code, out, err = _play(
        "--pack", pack, "--seats", "random,random,starbot", "--seed", "7", "--option",
        "gods=true", "--give", "1:helion", "--trace", "--replay", str(log),
    )  # fmt: skip
    assert code == 0, out + err
    assert "setup seat 1: is given helion from the start (--give)" in err
    assert "round   1 seat 1: the god Helion: gain 1 ap" in err
    replayed = CliRunner().invoke(main, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.output


def test_a_given_god_is_told_as_replacing_the_one_the_seat_kept() -> None:
    """A seat keeps one god (003 "The Gods"): a god given after the seats kept theirs takes
    the place of the kept one, and a seat that kept the given god keeps the other instead.
    The trace said the gift and then the given god at work, never which god went out."""
    pack = str(PACK / "starlight")
    code, out, err = _play(
        "--pack", pack, "--seats", "heuristic,heuristic", "--seed", "3", "--option",
        "gods=true", "--give", "0:nyx", "--trace",
    )  # fmt: skip
    assert code == 0, out + err
    assert "round   1 seat -: the gods are revealed: seat 0 keeps Tyr; seat 1 keeps Nyx" in err
    assert (
        "round   1 seat 0: is given the god Nyx (--give): it replaces Tyr, the god this seat "
        "kept (one god a seat), and seat 1, which kept Nyx, keeps Tyr instead"
    ) in err.splitlines()


def test_a_gift_the_game_cannot_make_is_refused_at_the_option() -> None:
    code, _, err = _play("--seats", "random,random", "--give", "0:warp_drvie")
    assert code == 2
    assert (
        "Invalid value for --give: 0:warp_drvie: no card 'warp_drvie' in the pack; did "
        "you mean `warp_drive`?" in err
    )
    code, _, err = _play("--seats", "random,random", "--give", "2:warp_drive")
    assert code == 2 and "there is no seat 2 in a 2-seat game" in err
    code, _, err = _play("--seats", "human,random", "--give", "0:warp_drive")
    assert code == 2
    assert "--give puts cards in a game of bots" in " ".join(err.split())


def test_a_replay_header_with_gifts_that_are_not_gifts_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    code, out, err = _play("--seats", "random,random", "--seed", "1", "--give", "0:long_game",
                           "--replay", str(log))  # fmt: skip
    assert code == 0, out + err
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    for bad, said in (
        (["0:no_such_card"], "no card 'no_such_card'"),
        ("0:long_game", "not a list"),
    ):
        lines[0] = json.dumps({**header, "gifts": bad})
        log.write_text("\n".join(lines) + "\n")
        refused = CliRunner().invoke(main, ["replay", str(log)])
        assert refused.exit_code == 1, refused.output
        assert f"{log}:1: the header's 'gifts'" in refused.output and said in refused.output
