"""Replays, batch folders and output paths a stranger (or a slip) got wrong: each is one clear
error naming the file (and its line where it has lines), never a traceback; nothing a user
wrote is overwritten without asking."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from whitedwarf.interpreter.replay import ReplayError, read_replay

from tests.hostile_cli import run


@pytest.fixture(scope="module")
def log_lines(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """A short recorded game (5 rounds, 2 seats) as its lines."""
    log = tmp_path_factory.mktemp("log") / "game.jsonl"
    code, out = run("play", "--seats", "random,random", "--round-limit", "5", "--replay", str(log))
    assert code == 0, out
    return log.read_text().splitlines()


def edited(lines: list[str], line: int, **changes: object) -> str:
    record = json.loads(lines[line])
    record.update(changes)
    return "\n".join([*lines[:line], json.dumps(record), *lines[line + 1 :]]) + "\n"


def first_decision(lines: list[str]) -> int:
    return next(i for i, line in enumerate(lines) if '"type":"decision"' in line)


@pytest.mark.parametrize(
    ("case", "said"),
    [
        ("deep", "game.jsonl:1: not a whitedwarf save or replay log (nested too deep)"),
        ("long_number", "game.jsonl:2: not a replay line (a number too long)"),
        ("format_true", "game.jsonl:1: replay format True is not supported"),
        ("seat_true", "a decision needs an integer seat and a string option"),
        ("pack_ids_unhashable", "packs: the log's is [1, {'id': []}], not a list of {id,"),
        ("packs_not_a_list", "packs: the log's is 'lastlight', not a list of {id, version"),
    ],
)
def test_a_hostile_replay_line_is_one_located_error(
    tmp_path: Path, log_lines: list[str], case: str, said: str
) -> None:
    decision = first_decision(log_lines)
    texts = {
        "deep": "[" * 100_000 + "]" * 100_000 + "\n",
        "long_number": log_lines[0] + '\n{"type": "decision", "n": ' + "9" * 5000 + "}\n",
        "format_true": edited(log_lines, 0, format=True),
        "seat_true": edited(log_lines, decision, seat=True),
        "pack_ids_unhashable": edited(log_lines, 0, packs=[1, {"id": []}]),
        "packs_not_a_list": edited(log_lines, 0, packs="lastlight"),
    }
    log = tmp_path / "game.jsonl"
    log.write_text(texts[case])
    code, out = run("replay", str(log))
    assert code == 1 and said in out, out


def test_a_hostile_header_value_is_shown_short_and_escaped(
    tmp_path: Path, log_lines: list[str]
) -> None:
    """A 5,000-digit pack version in a log's header was printed whole in the refusal, and a
    pack id written as a path (`../../etc`) was looked for among the bundled packs."""
    header = json.loads(log_lines[0])
    (pack,) = header["packs"]
    log = tmp_path / "game.jsonl"
    log.write_text(edited(log_lines, 0, packs=[{**pack, "version": "9" * 5000}]))
    code, out = run("replay", str(log))
    assert code == 1 and len(out) < 400, out
    assert "pack 'lastlight': log version 99999999" in out and "(5,000 characters)" in out
    log.write_text(edited(log_lines, 0, packs=[{**pack, "id": "../../\x1b[2Jetc"}]))
    code, out = run("replay", str(log))
    assert code == 1 and "\x1b" not in out, out
    assert "pack '../../\\x1b[2Jetc' was in the game but is not loaded now" in out, out
    assert "pass its folder with --pack" in out


def test_a_byte_order_mark_before_a_replay_is_read(tmp_path: Path, log_lines: list[str]) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text("\ufeff" + "\n".join(log_lines) + "\n", encoding="utf-8")
    code, out = run("replay", str(log))
    assert code == 0 and out.startswith("verified:"), out


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.binary(max_size=400) | st.text(max_size=400).map(str.encode))
def test_random_bytes_as_a_replay_say_why_they_cannot_be_read(tmp_path: Path, data: bytes) -> None:
    log = tmp_path / "random.jsonl"
    log.write_bytes(data)
    with pytest.raises(ReplayError) as refused:
        read_replay(log)
    assert str(log) in str(refused.value)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(cut=st.integers(min_value=0, max_value=10_000), junk=st.binary(max_size=8))
def test_a_replay_cut_or_spliced_anywhere_is_refused_with_its_reason(
    tmp_path: Path, log_lines: list[str], cut: int, junk: bytes
) -> None:
    whole = ("\n".join(log_lines) + "\n").encode()
    at = cut % len(whole)
    log = tmp_path / "spliced.jsonl"
    log.write_bytes(whole[:at] + junk + whole[at + len(junk) :])
    code, out = run("replay", str(log))
    assert code in (0, 1), out
    assert code == 0 or out.startswith("Error: ") or "error[" in out, out


@pytest.mark.parametrize(
    "command",
    [
        ("play", "--seats", "random,random", "--replay", "{missing}/game.jsonl"),
        ("replay", "{log}", "--html", "{missing}/game.html"),
        ("render", "{log}", "--out", "{missing}/board.svg"),
    ],
)
def test_an_output_in_a_missing_folder_is_refused_before_any_work(
    tmp_path: Path, log_lines: list[str], command: tuple[str, ...]
) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(log_lines) + "\n")
    missing = tmp_path / "no" / "such"
    args = [a.format(missing=missing, log=log) for a in command]
    code, out = run(*args)
    assert code == 1 and f"the folder {missing} does not exist" in out, out
    assert "Usage:" not in out  # README "Exit codes": an output that cannot be written


def test_doc_never_overwrites_a_users_file_without_force(tmp_path: Path) -> None:
    mine = tmp_path / "notes.md"
    mine.write_text("my own notes\n")
    code, out = run("doc", "--out", str(mine))
    assert code == 2 and "--force" in out and mine.read_text() == "my own notes\n"
    assert run("doc", "--out", str(mine), "--force")[0] == 0
    assert mine.read_text().startswith("# ")
    assert run("doc", "--out", str(mine))[0] == 0  # a page doc wrote is its own to rewrite


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished batch of 2 short games."""
    folder = tmp_path_factory.mktemp("batch") / "b"
    code, out = run(
        "simulate",
        *("--games", "2", "--players", "2", "--agents", "random", "--round-limit", "3"),
        *("--out", str(folder)),
    )
    assert code == 0, out
    return folder


def _config(batch: Path, **changes: object) -> str:
    return json.dumps({**json.loads((batch / "batch.json").read_text()), **changes})


@pytest.mark.parametrize(
    ("file", "text", "said"),
    [
        ("batch.json", "{", "batch.json:1:2: not valid JSON"),
        ("batch.json", "[]", "batch.json: the settings must be a JSON object"),
        ("batch.json", "games=100000000000", "'games' must be 1 to 10000000, not 100000000000"),
        ("batch.json", "players='2'", "'players' must be a whole number, not '2'"),
        ("batch.json", "agents=[1]", "'agents' must be a list of texts"),
        # was read as format 1 by simulate --resume, report and fairness alike
        ("batch.json", "record_format=99", "'record_format' is 99, but this whitedwarf reads"),
        ("games.jsonl", "5\n", "games.jsonl:1: not a game record"),
        ("games.jsonl", '{"index": 1}\n', 'games.jsonl:1: the record of game 0 must have "index"'),
        ("games.jsonl", '{"index": 0}\n', "games.jsonl:1: the record of game 0 has no int 'seed'"),
    ],
)
def test_an_edited_batch_is_refused_at_its_line_and_left_alone(
    tmp_path: Path, batch: Path, file: str, text: str, said: str
) -> None:
    folder = tmp_path / "b"
    folder.mkdir()
    for name in ("batch.json", "games.jsonl"):
        (folder / name).write_text((batch / name).read_text())
    if "=" in text and file == "batch.json":
        key, value = text.split("=")
        text = _config(batch, **{key: json.loads(value.replace("'", '"'))})
    (folder / file).write_text(text)
    code, out = run("simulate", "--resume", str(folder))
    assert code == 1 and said in out and "Traceback" not in out, out
    assert (folder / file).read_text() == text


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("winners", [9], "the record of game 0 has winners that are not its seats 0 to 1"),
        ("winners", ["a"], "the record of game 0 has winners that are not its seats 0 to 1"),
        ("players", 3, "the record of game 0 must have 3 agents, each text"),
        ("players", 99, "the record of game 0 has 99 players; a game has 1 to 5"),
        ("factions", [1, 2], "the record of game 0 must have 2 factions, each text"),
        ("agents", ["random", 5], "the record of game 0 must have 2 agents, each text"),
        ("light", "x", "the record of game 0 must have 2 light, each a finite number"),
        (
            "light",
            [float("nan"), 0],
            "the record of game 0 must have 2 light, each a finite number",
        ),
        ("rounds", -1, "the record of game 0 has -1 rounds; a game has 0 to 1000"),
    ],
)
@pytest.mark.parametrize("command", ["report", "fairness"])
def test_an_edited_record_is_refused_by_report_and_fairness_at_its_place(
    tmp_path: Path, batch: Path, command: str, key: str, value: object, said: str
) -> None:
    """A record's per-seat values were trusted: winners out of the seats, factions of
    numbers or more seats than agents ended `fairness` in an internal error (exit 3), and
    `report` in one too, or in a Python exception's words."""
    folder = tmp_path / "b"
    folder.mkdir()
    (folder / "batch.json").write_text((batch / "batch.json").read_text())
    first, *rest = (batch / "games.jsonl").read_text().splitlines(keepends=True)
    edited = json.dumps({**json.loads(first), key: value}) + "\n"
    (folder / "games.jsonl").write_text("".join([edited, *rest]))
    code, out = run(command, str(folder))
    assert code == 1, out
    assert f"Error: {folder}: record 1: {said}; delete the edited records" in out, out
    assert (folder / "games.jsonl").read_text().startswith(edited)


def test_doc_check_says_a_missing_page_is_missing(tmp_path: Path) -> None:
    """Outside the repository there is no docs/reference.md: `doc --check` says so, not that
    a page nobody wrote "is out of date"."""
    page = tmp_path / "reference.md"
    code, out = run("doc", "--out", str(page), "--check")
    assert code == 1 and f"{page} is missing; run `whitedwarf doc --out {page}` to write it" in out


#: The commands that read a file the user names, with {file} where it goes.
NAMED_FILE_COMMANDS = [
    ("replay", "{file}"),
    ("render", "{file}", "--out", "{out}/board.svg"),
    ("play", "--resume", "{file}"),
    ("tune", "lastlight", "--targets", "{file}", "--out", "{out}/tune"),
]


@pytest.mark.parametrize("command", NAMED_FILE_COMMANDS, ids=lambda c: c[0])
def test_a_named_pipe_nobody_writes_is_refused_not_waited_on(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    """`replay p` on a FIFO made with mkfifo (and `render`, `play --resume`, `tune
    --targets`) waited for a writer forever, saying nothing. A subprocess, so a regression
    fails the test instead of hanging it."""
    import os
    import subprocess
    import sys

    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)
    args = [word.format(file=fifo, out=tmp_path) for word in command]
    done = subprocess.run(
        [sys.executable, "-m", "whitedwarf", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    said = f"{fifo} is a named pipe (FIFO), which would wait for a program to write to it"
    assert done.returncode in (1, 2) and said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", NAMED_FILE_COMMANDS, ids=lambda c: c[0])
def test_an_endless_device_is_refused(tmp_path: Path, command: tuple[str, ...]) -> None:
    """`replay /dev/zero` read until memory ran out: an internal error (exit 3) after
    seconds of swapping, or no answer at all."""
    args = [word.format(file="/dev/zero", out=tmp_path) for word in command]
    code, out = run(*args)
    assert code in (1, 2) and "/dev/zero is a device, not a file" in out, out


def test_a_replay_through_process_substitution_is_read_once(
    tmp_path: Path, log_lines: list[str]
) -> None:
    """`render <(zcat game.jsonl.gz) --at 3` said "/dev/fd/63:1: the first line must be the
    replay header": render read the pipe three times (what it holds, its game, its
    decisions) and the pipe was empty after the first. `replay` read it once and worked."""
    import os
    import threading

    for command in (("render", "{file}", "--at", "3", "--out", "{out}"), ("replay", "{file}")):
        reading, writing = os.pipe()
        text = ("\n".join(log_lines) + "\n").encode()

        def write(fd: int = writing, data: bytes = text) -> None:
            with os.fdopen(fd, "wb") as stream:
                stream.write(data)

        writer = threading.Thread(target=write)
        writer.start()
        out_file = tmp_path / "board.svg"
        out_file.unlink(missing_ok=True)
        args = [word.format(file=f"/dev/fd/{reading}", out=out_file) for word in command]
        try:
            code, out = run(*args)
        finally:
            writer.join()
            os.close(reading)
        assert code == 0, out


def test_fairness_of_a_folder_without_a_batch_says_so_in_its_words(tmp_path: Path) -> None:
    """`fairness somefolder` said "somefolder holds no batch to resume": fairness resumes
    nothing."""
    code, out = run("fairness", str(tmp_path))
    assert code == 1 and f"{tmp_path} holds no batch (batch.json is missing)" in out, out
    assert "resume" not in out


def test_a_named_pipe_or_device_given_as_a_pack_is_not_a_pack(tmp_path: Path) -> None:
    """`validate p` on a FIFO said "p/pack.yaml:1:1: error[E0701]: no pack.yaml in 'p'"
    (exit 1), as if p were a folder; a plain file was already "is a file, not a pack"."""
    import os

    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    for named in (str(fifo), "/dev/null"):
        code, out = run("validate", named)
        assert code == 2 and f"'{named}' is a file, not a pack" in out, out


#: A folder name that is not UTF-8 (Linux allows any bytes): Python keeps the byte 0xff as
#: the lone surrogate U+DCFF, which no UTF-8 file or digest could hold.
NOT_UTF8 = os.fsdecode(b"mod\xff")


def test_a_folder_named_in_bytes_that_are_not_utf8_is_no_internal_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """validate ended in an internal error for any pack when the working folder held such a
    name (its cache digests the folder's listing); simulate, compare and explain of a pack in
    such a folder played every game, then stopped writing the report. The reports show the
    byte as U+FFFD."""
    monkeypatch.chdir(tmp_path)
    assert run("new", "pack", "mod")[0] == 0
    shutil.copytree("mod", NOT_UTF8)
    code, out = run("validate", "mod")
    assert code == 0 and out.endswith("0 errors, 0 warnings\n"), out
    assert run("validate", NOT_UTF8)[0] == 0
    code, out = run(
        "simulate", "--pack", NOT_UTF8, "--games", "2", "--players", "2", "--out", "runs"
    )
    assert code == 0, out
    assert "mod\ufffd" in (tmp_path / "runs" / "report.html").read_text("utf-8")
    code, out = run("compare", "--base", "lastlight", "--variant", NOT_UTF8, "--games", "2",
                    "--players", "2", "--out", "cmp")  # fmt: skip
    assert code == 0, out
    code, out = run("explain", NOT_UTF8, "--games", "2", "--players", "2", "--out", "why")
    assert code == 0, out
    assert "mod\ufffd" in (tmp_path / "why" / "explain.html").read_text("utf-8")


def test_a_null_field_renamed_in_an_event_or_the_result_is_named(
    tmp_path: Path, log_lines: list[str]
) -> None:
    """A key renamed where its value is null (`"by": null` spliced into `"b y": null`) made
    both sides' `get` None, and the search for the differing field an internal error."""
    event = next(n for n, line in enumerate(log_lines) if '"type":"event"' in line)
    lines = list(log_lines)
    lines[event] = lines[event].replace('"by":null', '"b y":null', 1)
    log = tmp_path / "renamed.jsonl"
    log.write_text("\n".join(lines) + "\n")
    code, out = run("replay", str(log))
    assert code == 1 and "internal error" not in out, out
    assert "'b y'" in out or "b y" in out, out
    end = len(log_lines) - 1
    result = json.loads(log_lines[end])["result"]
    assert isinstance(result, dict)
    log.write_text(edited(log_lines, end, result={**result, "extra": None}))
    code, out = run("replay", str(log))
    assert code == 1 and "internal error" not in out, out
    assert "extra" in out and "the log was altered" in out, out
