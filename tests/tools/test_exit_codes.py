"""README "Exit codes": every command ends 0, 1 (the content or an input file), 2 (the
command line), 3 (a bug of whitedwarf) or 130 (interrupted), whatever went wrong where
(issue 23 item 3).

Before, an existing output file was 2 with the usage banner in `play` and `render` but 1 in
`simulate` and `compare`; `--option foo=bar` was 2 and `--option gods=maybe` 1; Ctrl-C was 1
(`play` printed click's bare "Aborted!" and left its replay without a word); a bug was a
traceback and 1, the status of bad content. Each way to fail of each command is run here and
its status, and what it says, checked against the table.
"""

from __future__ import annotations

import json
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from whitedwarf.tools.cli import COMMANDS, main
from whitedwarf.tools.scaffold import new_pack

README = (Path(__file__).resolve().parents[2] / "README.md").read_text("utf-8")
REPLAYS = (Path(__file__).resolve().parents[2] / "docs" / "replays.md").read_text("utf-8")

#: A short batch (games of 2 rounds) for simulate and compare.
SHORT = ("--games", "2", "--players", "2", "--agents", "random", "--round-limit", "2")


@pytest.fixture(scope="module")
def replay_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    log = tmp_path_factory.mktemp("log") / "game.jsonl"
    result = CliRunner().invoke(main, ["play", "--seed", "1", "--replay", str(log)])
    assert result.exit_code == 0, result.output
    return log


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, replay_log: Path) -> Path:
    """A designer's folder: a mod, a broken mod, a replay, and outputs already written."""
    monkeypatch.chdir(tmp_path)
    new_pack(Path("mod"))
    new_pack(Path("broken"))
    techs = Path("broken/techs.yaml")
    techs.write_text(techs.read_text().replace("+1 attack", "+1 atack"))
    Path("game.jsonl").write_bytes(replay_log.read_bytes())
    lines = replay_log.read_text().splitlines()
    Path("cut.jsonl").write_text("\n".join(lines[:40]) + "\n")  # no end line
    for name in ("old.jsonl", "old.svg", "old.pdf", "old.html", "notes.md"):
        Path(name).write_text("mine\n")
    Path("schemas").mkdir()
    Path("schemas/techs.schema.json").write_text("{}\n")
    Path("batch").mkdir()
    Path("batch/games.jsonl").write_text("")
    Path("cmp").mkdir()
    Path("cmp/comparison.json").write_text("{}\n")
    return tmp_path


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


#: An output that is there already, without --force: the command line (2), in one line.
EXISTING_OUTPUT = {
    "play --replay": ("play", "--seed", "1", "--replay", "old.jsonl"),
    "render --out": ("render", "game.jsonl", "--out", "old.svg"),
    "cards --out": ("cards", "mod", "--out", "old.pdf"),
    "replay --html": ("replay", "game.jsonl", "--html", "old.html"),
    "simulate --out": ("simulate", *SHORT, "--out", "batch"),
    "compare --out": ("compare", "--base", "lastlight", "--variant", "mod", *SHORT, "--out", "cmp"),
    "schema --out": ("schema", "--out", "schemas"),
    "doc --out": ("doc", "--out", "notes.md"),
    "new pack": ("new", "pack", "mod"),
    "new tech, id taken": ("new", "tech", "mod", "mod_tech"),
}


@pytest.mark.parametrize("args", EXISTING_OUTPUT.values(), ids=EXISTING_OUTPUT.keys())
def test_an_existing_output_is_the_command_line(here: Path, args: tuple[str, ...]) -> None:
    before = {p: p.read_bytes() for p in here.rglob("*") if p.is_file()}
    code, out = run(*args)
    assert code == 2, out
    assert out.startswith("Error: ") and out.count("\n") == 1, out  # no usage banner
    assert "--force" in out or "not empty" in out or "already has a card" in out
    assert {p: p.read_bytes() for p in here.rglob("*") if p.is_file()} == before


#: A value an option does not take, or an input named that is not there: the command line.
BAD_COMMAND_LINES = {
    "play --option, no such option": ("play", "--option", "foo=bar"),
    "play --option, a value the game refuses": (
        "play", "--pack", "starlight", "--seats", "random,random", "--option", "gods=maybe",
    ),
    "simulate --option, a value the game refuses": (
        "simulate", "--pack", "starlight", *SHORT, "--option", "gods=maybe", "--out", "b2",
    ),
    "simulate --give, no such card": ("simulate", *SHORT, "--give", "0:warp_drvie", "--out", "b4"),
    "simulate --give, no such seat": ("simulate", *SHORT, "--give", "7:warp_drive", "--out", "b5"),
    "simulate --ablate, a card given to nobody": (
        "simulate", *SHORT, "--ablate", "warp_drive", "--out", "b6",
    ),
    "ladder --players, more than the agents": (
        "ladder", "--agents", "random,first", "--players", "3", "--games", "2",
    ),
    "ladder --agents, no such agent": ("ladder", "--agents", "random,nosuch", "--games", "2"),
    "simulate --robust, no such agent": ("simulate", *SHORT, "--robust", "nosuch", "--out", "b7"),
    "play --seats, too few": ("play", "--seats", "random"),
    "play --seats, an empty place": ("play", "--seats", "heuristic,,random"),
    "simulate --agents, an empty place": (
        "simulate", "--players", "3", "--agents", "heuristic,,random", "--out", "b8",
    ),
    "validate, no such pack": ("validate", "nothere"),
    "validate, a card file for its pack": ("validate", "mod/techs.yaml"),
    "validate, packs of two games": ("validate", "mod", "starlight"),
    "text, no such pack": ("text", "nothere"),
    "fix, no such pack": ("fix", "nothere"),
    "fmt, no such pack": ("fmt", "nothere"),
    "cards, no such pack": ("cards", "nothere", "--out", "c.pdf"),
    "render, no such file": ("render", "nothere.jsonl", "--out", "b.svg"),
    "replay, no such file": ("replay", "nothere.jsonl"),
    "play --resume, no such file": ("play", "--resume", "nothere.save"),
    "play --pack, no such pack": ("play", "--pack", "nothere"),
    "simulate --pack, no such pack": ("simulate", "--pack", "nothere", "--out", "b3"),
    "compare --base, no such pack": (
        "compare", "--base", "nothere", "--variant", "mod", "--out", "c",
    ),
    "new tech, no such pack": ("new", "tech", "nothere", "laser"),
    "new tech, not an id": ("new", "tech", "mod", "Laser Grid"),
    "a misspelt command": ("valdate", "mod"),
    "a misspelt command of new": ("new", "tehc", "mod", "laser"),
    "schema --game, no such game": ("schema", "--game", "nosuch"),
    "doc --game, no such game": ("doc", "--game", "nosuch"),
}  # fmt: skip


@pytest.mark.parametrize("args", BAD_COMMAND_LINES.values(), ids=BAD_COMMAND_LINES.keys())
def test_a_wrong_command_line_is_2(here: Path, args: tuple[str, ...]) -> None:
    code, out = run(*args)
    assert code == 2, out
    assert "Error: " in out and "internal error" not in out


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (("play", "--seats", "heuristic,,random"), "--seats"),
        (("play", "--seats", "heuristic,random,"), "--seats"),
        (("simulate", "--players", "3", "--agents", "heuristic,,random", "--out", "b9"),
         "--agents"),
        (("ladder", "--agents", "random,,heuristic", "--games", "2"), "--agents"),
    ],
)  # fmt: skip
def test_an_empty_place_in_a_list_of_seats_is_named_not_dropped(
    here: Path, args: tuple[str, ...], flag: str
) -> None:
    """`--seats heuristic,,random` played a 2-seat game, and `--agents heuristic,,random`
    with 3 players made a pool of two: the empty place is now refused, by its place."""
    code, out = run(*args)
    assert code == 2 and f"Invalid value for {flag}:" in out, out
    assert "has nothing at place" in out and "name one for every place" in out
    assert not (here / "b9").exists()


def test_a_misspelt_command_reads_the_same_at_the_top_and_under_new(here: Path) -> None:
    top = run("valdate", "mod")[1].splitlines()[-1]
    new = run("new", "tehc", "mod", "laser")[1].splitlines()[-1]
    assert top == "Error: no command 'valdate'; did you mean `validate`?"
    assert new == "Error: no command 'tehc'; did you mean `tech`?"


def test_a_card_file_and_two_games_are_said_of_what_was_given(here: Path) -> None:
    out = run("validate", "mod/techs.yaml")[1]
    assert "'mod/techs.yaml' is a file of the pack mod, not a pack: give the folder, mod" in out
    assert "techs.yaml/pack.yaml" not in out
    out = run("validate", "mod", "starlight")[1]
    assert "a run checks the packs of one game, and these are for 2: mod (lastlight), " in out
    assert "run `whitedwarf validate mod` and `whitedwarf validate starlight`" in out


#: What each command needs to get as far as running (``new pack`` for the group).
RUNS = {
    "cards": ("mod", "--out", "c.pdf"),
    "compare": ("--base", "lastlight", "--variant", "mod", "--out", "c"),
    "fairness": ("batch",),
    "fix": ("mod",),
    "fmt": ("mod",),
    "new": ("x",),
    "render": ("game.jsonl", "--out", "b.svg"),
    "replay": ("game.jsonl",),
    "report": ("batch",),
    "text": ("mod",),
    "validate": ("mod",),
}


def every_command() -> list[tuple[str, ...]]:
    """Each command, as typed (``new pack`` for the group)."""
    return [("new", "pack") if name == "new" else (name,) for name in sorted(COMMANDS)]


@pytest.mark.parametrize("command", every_command(), ids=" ".join)
def test_an_unknown_option_is_2_with_the_usage(here: Path, command: tuple[str, ...]) -> None:
    code, out = run(*command, "--no-such-option")
    assert code == 2 and "Usage: " in out and "No such option '--no-such-option'" in out, out


#: The content, or an input file, is wrong: 1.
BAD_CONTENT = {
    "validate": ("validate", "broken"),
    "text": ("text", "broken"),
    "cards": ("cards", "broken", "--out", "c.pdf"),
    "play --pack": ("play", "--pack", "broken"),
    "simulate --pack": ("simulate", "--pack", "broken", *SHORT, "--out", "b4"),
    "compare --variant": ("compare", "--base", "lastlight", "--variant", "broken", *SHORT,
                          "--out", "c2"),
    "replay of a log cut short": ("replay", "cut.jsonl"),
    "render of a log cut short": ("render", "cut.jsonl", "--out", "cut.svg"),
    "validate --strict with a warning": ("validate", "--strict", "mod", "--pack-path", "nowhere"),
}  # fmt: skip


@pytest.mark.parametrize("args", BAD_CONTENT.values(), ids=BAD_CONTENT.keys())
def test_wrong_content_is_1(here: Path, args: tuple[str, ...]) -> None:
    if "nowhere" in args:  # a pack with a warning: a sibling of the same id (W0701)
        Path("nowhere").mkdir()
        args = ("validate", "--strict", "mod")
        manifest = Path("mod/pack.yaml")
        manifest.write_text(manifest.read_text().replace("allow: [W0902]", "allow: []"))
    code, out = run(*args)
    assert code == 1, out
    assert "Usage: " not in out and "internal error" not in out


def _command(name: str) -> click.Command:
    group = main if name != "new" else main.get_command(click.Context(main), "new")
    command = group.get_command(click.Context(group), "pack" if name == "new" else name)
    assert command is not None
    return command


@pytest.mark.parametrize("command", every_command(), ids=" ".join)
def test_ctrl_c_in_any_command_is_130(
    here: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    """Whatever a command is doing when Ctrl-C comes (its body stands in here; the real
    interrupts of the long-running commands are below), it ends 130 saying so."""

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(_command(command[0]), "callback", interrupted)
    code, out = run(*command, *RUNS.get(command[0], ()))
    assert (code, out.strip()) == (130, "interrupted")


@pytest.mark.parametrize("command", every_command(), ids=" ".join)
def test_a_bug_in_any_command_is_3_said_as_one(
    here: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(_command(command[0]), "callback", broken)
    result = CliRunner().invoke(main, [*command, *RUNS.get(command[0], ())])
    assert result.exit_code == 3
    lines = result.output.splitlines()
    assert (
        lines[0] == "internal error (a bug of whitedwarf, not of your packs): RuntimeError('a bug')"
    )
    assert lines[1].startswith("please report this at ") and len(lines) == 2


def test_a_bug_shows_its_traceback_when_asked(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(_command("schema"), "callback", broken)
    monkeypatch.setenv("WHITEDWARF_DEBUG", "1")
    result = CliRunner().invoke(main, ["schema"])
    assert result.exit_code == 3 and "Traceback" in result.output


# -- Ctrl-C as a terminal sends it, to the real commands that run long enough ------------------


def _default_interrupts() -> None:
    # A suite run by a shell without job control starts with SIGINT ignored (inherited).
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt(args: list[str], started: Callable[[str], bool], cwd: Path) -> tuple[int, str, str]:
    """Run ``whitedwarf ARGS`` in ``cwd``, send SIGINT once ``started(stderr so far)`` or a
    file check says the work is under way; (status, stdout, stderr)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "whitedwarf.tools.cli", *args],
        cwd=cwd,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_default_interrupts,
    )
    assert process.stderr is not None
    said = ""
    deadline = time.monotonic() + 120
    while not started(said) and time.monotonic() < deadline and process.poll() is None:
        ready, _, _ = select.select([process.stderr], [], [], 0.05)
        if ready:
            said += process.stderr.readline()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    return process.returncode, out, said + err


def test_ctrl_c_in_play_names_the_replay_cut_short(tmp_path: Path) -> None:
    args = ["play", "--seats", "search,search,search", "--trace", "--replay", "game.jsonl"]
    code, _, err = interrupt(args, lambda said: "round   2" in said, tmp_path)
    assert code == 130, err
    last = err.strip().splitlines()[-1]
    assert (
        last.startswith("interrupted: game.jsonl holds the game's first ")
        and (
            "and no end line: `whitedwarf replay game.jsonl` will refuse it as cut short "
            '("the log has no end line"); the same command with --force plays the whole game again'
        )
        in last
    ), err
    assert "Aborted!" not in err and "Traceback" not in err
    decisions = int(last.split("first ")[1].split(" ")[0])
    documented = re.search(r"^interrupted: game\.jsonl .*$", REPLAYS, re.M)
    assert documented is not None
    assert last == documented.group(0).replace("first 57 ", f"first {decisions} ")
    lines = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()]
    assert sum(1 for line in lines if line["type"] == "decision") == decisions
    result = CliRunner().invoke(main, ["replay", str(tmp_path / "game.jsonl")])
    assert result.exit_code == 1 and "the log has no end line" in result.output


def test_ctrl_c_in_play_without_a_replay(tmp_path: Path) -> None:
    args = ["play", "--seats", "search,search,search", "--trace"]
    code, _, err = interrupt(args, lambda said: "round   2" in said, tmp_path)
    assert code == 130 and err.strip().splitlines()[-1] == "interrupted", err


@pytest.mark.parametrize(
    ("args", "games", "resume"),
    [
        (["simulate", "--games", "400", "--players", "2", "--workers", "1", "--out", "b"], "b",
         "whitedwarf simulate --resume b"),
        (
            ["compare", "--base", "lastlight", "--variant", "lastlight", "--games", "400",
             "--players", "2", "--workers", "1", "--out", "c"],
            "c/base",
            "whitedwarf compare --resume c",
        ),
    ],
    ids=["simulate", "compare"],
)  # fmt: skip
def test_ctrl_c_in_a_batch_keeps_its_games(
    tmp_path: Path, args: list[str], games: str, resume: str
) -> None:
    records = tmp_path / games / "games.jsonl"

    def started(_: str) -> bool:
        return records.is_file() and records.read_text().count("\n") >= 2

    code, _, err = interrupt(args, started, tmp_path)
    assert code == 130, err
    last = err.strip().splitlines()[-1]
    assert last.startswith("interrupted: ") and f"kept in {games}; continue with {resume}" in last


def test_ctrl_c_in_the_language_server(tmp_path: Path) -> None:
    """Editors stop the server so too: once it has answered `initialize`."""
    request = json.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "whitedwarf.tools.cli", "lsp"],
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_default_interrupts,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(f"Content-Length: {len(request)}\r\n\r\n{request}".encode())
    process.stdin.flush()
    assert process.stdout.readline().startswith(b"Content-Length")  # it answered
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert err.decode().strip().splitlines()[-1] == "interrupted"


def test_the_readme_table_has_every_code() -> None:
    table = README.split("### Exit codes", 1)[1].split("\n\n")[2]
    codes = [row.split("|")[1].strip() for row in table.splitlines()[2:]]
    assert codes == ["0", "1", "2", "3", "130"]
    for said in ("--force", "--option gods=maybe", "validate mymod/techs.yaml", "Ctrl-C"):
        assert said in table


@pytest.mark.parametrize(
    "args",
    [
        ("play", "--seats", "search,random", "--think", "100"),
        ("simulate", "--players", "2", "--agents", "heuristic", "--think", "50", "--out", "b10"),
        ("simulate", "--players", "2", "--agents", "heuristic", "--robust", "search", "--think",
         "50", "--out", "b10"),
        ("ladder", "--agents", "random,heuristic", "--games", "2", "--think", "50"),
    ],
)  # fmt: skip
def test_think_with_no_strong_seat_is_refused_not_ignored(
    here: Path, args: tuple[str, ...]
) -> None:
    """`--think` is read by strong seats only: given without one, the game or batch would
    look timed and not be, so it is a usage error that says how to seat one."""
    code, out = run(*args)
    assert code == 2 and "--think times a strong seat's search" in out, out
    assert "human,strong,strong" in out and not (here / "b10").exists()


def test_save_of_a_game_with_no_human_seat_is_refused_not_ignored(here: Path) -> None:
    """`--save` is the terminal interface's: a bot game wrote no save, silently; it now says
    to keep a bot game with --replay."""
    code, out = run("play", "--seats", "random,random", "--save", "s.save")
    assert code == 2 and "--save is where a game with human seats is saved" in out, out
    assert "--replay FILE" in out and not (here / "s.save").exists()


def test_a_folder_of_other_files_is_not_called_a_batch(here: Path) -> None:
    """`simulate --out` on a folder that holds a report.html of one's own (no batch.json)
    said it 'already holds a batch' and offered --resume, which could not continue it: the
    files are named instead, and nothing is touched."""
    Path("notes").mkdir()
    Path("notes/report.html").write_text("mine\n")
    code, out = run("simulate", *SHORT, "--out", "notes")
    assert code == 2 and "notes already holds report.html, not a batch's" in out, out
    assert "--resume" not in out and Path("notes/report.html").read_text() == "mine\n"
