"""Replays and saves a stranger hands you, edited where earlier rounds did not look, and
number options at ``nan``: each is refused at its line with what is wrong, the file left as
it is (docs/rules-decisions.md E190, E191)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.interpreter.replay import pack_header
from whitedwarf.tools.session import load_game
from whitedwarf.tools.tui.launch import checked_session
from whitedwarf.tools.tui.session import SaveProblem, Session

from tests.hostile_cli import run


@pytest.fixture(scope="module", params=["lastlight", "starlight"])
def log(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A short recorded game of each game (5 rounds, 2 seats)."""
    path = tmp_path_factory.mktemp("log") / "game.jsonl"
    code, out = run(
        "play", "--pack", request.param, "--seats", "random,random", "--round-limit", "5",
        "--replay", str(path),
    )  # fmt: skip
    assert code == 0, out
    return path


def _edited(log: Path, tmp_path: Path, pick: str, **changes: object) -> tuple[Path, int]:
    """The log with the first line of type ``pick`` changed; its line number (from 1)."""
    lines = log.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if f'"type":"{pick}"' in line)
    lines[index] = json.dumps({**json.loads(lines[index]), **changes})
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path, index + 1


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"seat": 99}, "has 99 for 'seat', the game's has "),
        ({"round": 10**30}, "has 1000000000000000000000000000000 for 'round'"),
        ({"card": "made_up_card"}, "has 'made_up_card' for 'card'"),
        ({"note": "x" * 100_000}, "(100,002 characters) for 'note', the game's has none"),
    ],
)
def test_an_edited_event_is_told_at_its_line_by_its_field(
    log: Path, tmp_path: Path, changes: dict[str, Any], said: str
) -> None:
    path, line = _edited(log, tmp_path, "event", **changes)
    before = path.read_bytes()
    code, out = run("replay", str(path), "--html", str(tmp_path / "g.html"))
    assert code == 1
    assert f"{path}:{line}: the recorded events differ from the game's: event 0 (" in out
    assert said in out and "the log was altered" in out and len(out) < 700
    assert path.read_bytes() == before and not (tmp_path / "g.html").exists()


def test_an_edited_final_hash_is_told_at_the_end_line(log: Path, tmp_path: Path) -> None:
    path, line = _edited(log, tmp_path, "end", final_hash="0" * 64)
    code, out = run("replay", str(path))
    assert code == 1 and f"{path}:{line}: the replay ends in state " in out


def test_a_long_made_up_option_is_shown_cut_short(log: Path, tmp_path: Path) -> None:
    path, line = _edited(log, tmp_path, "decision", option="play:" + "x" * 100_000)
    code, out = run("replay", str(path))
    assert code == 1 and f"{path}:{line}: decision 0: 'play:xxx" in out
    assert "(100,007 characters) is not a legal option" in out and len(out) < 400


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("{}", "a line without a 'type' (a log's lines are of the types header, decision,"),
        ('{"type": "header"}', "a second header line: only line 1 is the header"),
        ('{"type": "nope"}', "unknown line type 'nope' (a log's lines are of the types"),
    ],
)
def test_a_line_of_no_type_a_log_has_says_which_it_may_be(
    log: Path, tmp_path: Path, line: str, said: str
) -> None:
    lines = log.read_text().splitlines()
    path = tmp_path / "odd.jsonl"
    path.write_text("\n".join([lines[0], line, *lines[1:]]) + "\n")
    code, out = run("replay", str(path))
    assert code == 1 and f"{path}:2: {said}" in out


def test_an_event_line_in_a_log_of_format_1_says_so(log: Path, tmp_path: Path) -> None:
    path, _ = _edited(log, tmp_path, "header", format=1)
    code, out = run("replay", str(path))
    assert code == 1 and ": an event line in a log of format 1, which has none" in out


# -- saves --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def saved() -> dict[str, Any]:
    """The save of a 2-seat Last Light game after the human's first 20 choices."""
    loaded = load_game(())
    options = {"round_limit": 200}
    game = loaded.engine.game.from_content(loaded.content, 2, options)
    seats = ["human", "random"]
    header = {**pack_header(loaded.pack), "seed": 4, "players": 2, "seats": seats}
    session = Session(game, game.new_state(4), seats, 4, {**header, "options": options})
    for _ in range(20):
        seat = session.human_to_move()
        assert seat is not None
        session.choose(seat, session.options(seat)[-1].id)
    return dict(json.loads(session.to_json()))


def _resumed(tmp_path: Path, record: dict[str, Any]) -> Session:
    """``play --resume`` up to the terminal interface, which a test has not."""
    path = tmp_path / "game.save"
    path.write_text(json.dumps(record))
    loaded = load_game(())
    try:
        return checked_session(path, loaded.content, loaded.engine, pack_header(loaded.pack))
    finally:
        assert json.loads(path.read_text()) == record  # left as it is


def _with_event(record: dict[str, Any], **changes: object) -> tuple[dict[str, Any], int]:
    changed = copy.deepcopy(record)
    index = next(i for i, entry in enumerate(changed["log"]) if entry["events"])
    changed["log"][index]["events"][0] = {**changed["log"][index]["events"][0], **changes}
    return changed, index


def test_a_save_resumes_with_its_own_log(tmp_path: Path, saved: dict[str, Any]) -> None:
    session = _resumed(tmp_path, saved)
    assert session.news(0) and session.news(1)


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"kind": "nope", "round": None}, "has 'nope' for 'kind'"),
        ({"seat": 99}, "has 99 for 'seat', the game's has 0"),
        ({"card": "made_up_card"}, "has 'made_up_card' for 'card'"),
    ],
)
def test_a_saves_log_edited_is_refused_naming_the_entry(
    tmp_path: Path, saved: dict[str, Any], changes: dict[str, Any], said: str
) -> None:
    # An event the game never announced was told to the player as news, or broke the
    # panel that words it (a KeyError at the next turn): refused as an edited state is.
    record, index = _with_event(saved, **changes)
    with pytest.raises(SaveProblem) as refused:
        _resumed(tmp_path, record)
    message = str(refused.value)
    assert f"game.save: the save's 'log' entry {index} (counted from 0) is not what" in message
    assert said in message and "the file was edited" in message


@pytest.mark.parametrize(
    ("where", "value", "said"),
    [
        ("text", "you won", "its 'text' is 'you won', the game's "),
        ("seat", 1, "its 'seat' is 1, the game's 0"),
    ],
)
def test_a_saves_log_entry_words_edited_are_refused(
    tmp_path: Path, saved: dict[str, Any], where: str, value: Any, said: str
) -> None:
    record = copy.deepcopy(saved)
    index = next(i for i, entry in enumerate(record["log"]) if entry["seat"] == 0)
    record["log"][index][where] = value
    with pytest.raises(SaveProblem, match=f"entry {index} .*{said}"):
        _resumed(tmp_path, record)


def test_a_save_whose_log_lost_entries_says_how_many(tmp_path: Path, saved: dict[str, Any]) -> None:
    record = {**saved, "log": saved["log"][:-3]}
    count = len(saved["decisions"])
    with pytest.raises(SaveProblem, match=f"'log' has {count - 3} entries for its {count} dec"):
        _resumed(tmp_path, record)


def test_a_saves_version_true_is_not_version_1(tmp_path: Path, saved: dict[str, Any]) -> None:
    path = tmp_path / "game.save"
    path.write_text(json.dumps({**saved, "version": True}))
    code, out = run("play", "--resume", str(path))
    assert code == 1 and "save version True is not supported" in out


# -- number options ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ("render", "{log}", "--scale", "nan", "--out", "{tmp}/b.svg"),
        ("fairness", "{tmp}", "--first-seat", "NaN"),
        ("tune", "lastlight", "--target", "fair", "--tolerance", "nan", "--out", "{tmp}/t"),
        ("tune", "lastlight", "--target", "fair", "--first-seat", "nan", "--out", "{tmp}/t"),
    ],
)
def test_nan_is_not_a_number_an_option_takes(
    log: Path, tmp_path: Path, command: tuple[str, ...]
) -> None:
    code, out = run(*(part.format(log=log, tmp=tmp_path) for part in command))
    assert code == 2 and "is not a number: 0" in out and list(tmp_path.iterdir()) == []


# -- render of a save ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "value", "said"),
    [
        ("state.players.0.light", -5, "the saved state is not where its 40 decisions lead"),
        ("state.round", 10**30, "the saved state is not where its 40 decisions lead"),
        ("log.3.events.0.seat", 99, "'log' entry 3 (counted from 0) is not what its decision"),
        ("version", True, "save version True is not supported"),
    ],
)
def test_render_of_an_edited_save_says_why_as_resume_does(
    tmp_path: Path, saved: dict[str, Any], where: str, value: Any, said: str
) -> None:
    # A save was drawn as it was read: edited to -5 light, it drew -5 light.
    record = copy.deepcopy(saved)
    *parents, key = where.split(".")
    target: Any = record
    for parent in parents:
        target = target[int(parent)] if isinstance(target, list) else target[parent]
    target[int(key) if isinstance(target, list) else key] = value
    path = tmp_path / "game.save"
    path.write_text(json.dumps(record))
    code, out = run("render", str(path), "--out", str(tmp_path / "board.svg"))
    assert code == 1 and f"{path}: " in out and said in out, out
    assert "a save is drawn only as its decisions leave the game" in out
    assert not (tmp_path / "board.svg").exists() and json.loads(path.read_text()) == record


def test_render_of_a_save_as_it_was_written_draws_it(tmp_path: Path, saved: dict[str, Any]) -> None:
    path = tmp_path / "game.save"
    path.write_text(json.dumps(saved))
    code, out = run("render", str(path), "--out", str(tmp_path / "board.svg"))
    assert code == 0 and (tmp_path / "board.svg").read_text().startswith("<svg"), out


# -- outputs a user wrote -----------------------------------------------------------------


@pytest.mark.parametrize(
    "ablate", [(), ("--give", "0:lens_calibration", "--ablate", "lens_calibration")]
)
def test_compare_never_deletes_a_comparison_page_the_user_wrote(
    tmp_path: Path, ablate: tuple[str, ...]
) -> None:
    # It was deleted before the games, and a comparison written in its place, unasked.
    page = tmp_path / "comparison.html"
    page.write_text("my notes")
    code, out = run(
        "compare", "--base", "lastlight", "--variant", "lastlight", "--games", "2",
        "--out", str(tmp_path), *ablate,
    )  # fmt: skip
    assert code == 2 and f"{tmp_path} already holds comparison.html; pass --force" in out
    assert page.read_text() == "my notes" and sorted(tmp_path.iterdir()) == [page]


# -- names and values too long --------------------------------------------------------------

LONG = "a" * 300  # a name over the 255 bytes a file system takes


@pytest.mark.parametrize(
    "command",
    [
        ("validate", LONG),
        ("play", "--seats", "random,random", "--pack", LONG),
        ("play", "--seats", "random,random", "--replay", LONG),
        ("render", "{log}", "--out", LONG + ".svg"),
        ("replay", "{log}", "--html", LONG),
        ("simulate", "--games", "2", "--out", LONG),
        ("doc", "--out", LONG),
        ("fmt", LONG),
        ("compare", "--base", "lastlight", "--variant", LONG, "--out", "cmp"),
    ],
)
def test_a_name_too_long_for_the_file_system_is_told_not_a_bug(
    log: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    # Path.exists raises ENAMETOOLONG rather than answering False: an internal error (exit
    # 3) in every command that checks a path it was given.
    monkeypatch.chdir(tmp_path)
    code, out = run(*(part.format(log=log) for part in command))
    assert code == 2 and "(30" in out and "characters)" in out, out
    assert "the name is longer than the file system allows" in out and len(out) < 400


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (("--option", f"{LONG}=1"), "has no option 'aaaa"),
        (("--seats", f"random,{LONG}"), "unknown seat kind 'aaaa"),
        (("--give", f"0:{LONG}"), "no card 'aaaa"),
    ],
)
def test_a_long_value_on_the_command_line_is_echoed_cut_short(
    command: tuple[str, ...], said: str
) -> None:
    seats = () if "--seats" in command else ("--seats", "random,random")
    code, out = run("play", *seats, *command)
    assert code == 2 and said in out and "...aaaa" in out and "(301 characters)" in out
    assert len(out) < 600


@pytest.mark.parametrize(
    ("command", "mine", "settings"),
    [
        (("tune", "lastlight"), "pack/notes.yaml", "tune-settings.json"),
        (("tune", "lastlight"), "candidates/x.txt", "tune-settings.json"),
        (("tune", "lastlight"), "tune.html", "tune-settings.json"),
        (("explain", "lastlight"), "arms/mine.jsonl", "explain-settings.json"),
        (("explain", "lastlight"), "explain.html", "explain-settings.json"),
    ],
)
def test_tune_and_explain_never_clear_a_folder_they_did_not_write(
    tmp_path: Path, command: tuple[str, ...], mine: str, settings: str
) -> None:
    # `tune --out work` removed work/pack/ and work/candidates/, and `explain` the
    # arms/*.jsonl of its --out, whatever they were, without --force.
    path = tmp_path / mine
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("mine")
    code, out = run(*command, "--out", str(tmp_path))
    first = mine.split("/")[0]
    assert code == 2 and f"{tmp_path} already holds {first}, which no " in out
    assert f"(it has no {settings}); pass --force to overwrite it" in out
    assert path.read_text() == "mine" and not (tmp_path / settings).exists()


def test_replay_html_never_writes_over_the_replay_it_reads(log: Path, tmp_path: Path) -> None:
    # With --force the page replaced the log it had just verified.
    copy_of = tmp_path / "game.jsonl"
    copy_of.write_bytes(log.read_bytes())
    code, out = run("replay", str(copy_of), "--html", str(copy_of), "--force")
    assert code == 2 and "is the replay it verifies: the page would replace the log" in out
    assert copy_of.read_bytes() == log.read_bytes()


@pytest.mark.parametrize("how", ["new", "resumed", "named by the save"])
def test_a_replay_named_as_the_games_save_is_refused(
    tmp_path: Path, saved: dict[str, Any], monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    # The game's end writes the replay, then removes the save: the replay went with it.
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "game.save"
    path.write_text(json.dumps({**saved, "replay": "game.save" if how != "resumed" else None}))
    if how == "new":
        code, out = run("play", "--seats", "human,random", "--replay", "game.save", "--force")
    elif how == "resumed":
        code, out = run("play", "--resume", "game.save", "--replay", "game.save", "--force")
    else:
        code, out = run("play", "--resume", "game.save", "--force")
    assert code == 2 and "game.save is the game's save too (game.save)" in out, out
    assert "give the replay another name" in out


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("command", [("replay", "{log}"), ("validate", "--no-cache", "{pack}")])
def test_a_full_standard_output_is_exit_1_not_an_internal_error(
    log: Path, command: tuple[str, ...]
) -> None:
    # `whitedwarf play > /dev/full` was "internal error ... OSError(28, ...)", exit 3.
    pack = Path(__file__).resolve().parents[2] / "content" / "lastlight"
    args = [part.format(log=log, pack=pack) for part in command]
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "whitedwarf", *args], stdout=full, stderr=subprocess.PIPE,
            text=True, check=False, timeout=300,
        )  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("Error: cannot write the standard output: No space left")
