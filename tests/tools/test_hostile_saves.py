"""A save of `whitedwarf play` that was edited, damaged or written by a stranger: `play
--resume` and `render` say why it cannot be used (and leave it as it is), never a traceback,
and never play on from a state its decisions do not lead to."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from whitedwarf.interpreter.replay import pack_header
from whitedwarf.tools.session import load_game
from whitedwarf.tools.tui.session import Session

from tests.hostile_cli import run

SEATS = ["human", "random"]
NOT_A_GAME = "which is not one of the games: lastlight, starlight"


@pytest.fixture(scope="module")
def saved() -> dict[str, Any]:
    """The save of a 2-seat game after the human's first 20 choices (bots in between)."""
    loaded = load_game(())
    options = {"round_limit": 200}
    game = loaded.engine.game.from_content(loaded.content, len(SEATS), options)
    header = {**pack_header(loaded.pack), "seed": 4, "players": 2, "seats": SEATS}
    session = Session(game, game.new_state(4), SEATS, 4, {**header, "options": options})
    for _ in range(20):
        seat = session.human_to_move()
        assert seat is not None
        session.choose(seat, session.options(seat)[-1].id)
    return dict(json.loads(session.to_json()))


def resume(tmp_path: Path, record: dict[str, Any] | str) -> tuple[int, str, Path]:
    path = tmp_path / "game.save"
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    before = path.read_bytes()
    code, out = run("play", "--resume", str(path))
    assert path.read_bytes() == before
    return code, out, path


def edit(record: dict[str, Any], where: str, value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(record)
    *parents, key = where.split(".")
    target: Any = changed
    for parent in parents:
        target = target[int(parent)] if isinstance(target, list) else target[parent]
    target[int(key) if isinstance(target, list) else key] = value
    return changed


@pytest.mark.parametrize(
    ("where", "value", "said"),
    [
        ("state.round", 7, "the saved state is not where its 20+ decisions lead"),
        ("state.players.0.light", 19, "the saved state is not where its 20+ decisions lead"),
        ("seed", 5, "the save's decisions cannot be played again"),
        (
            "decisions.3",
            [0, "play:nonsense"],
            "the save's decisions cannot be played again: decision 3 (counted from 0 in its "
            "'decisions'), [0, \"play:nonsense\"]: ",
        ),
        ("seed", "four", "the save's 'seed' is 'four', not a whole number"),
        ("seed", 2.5, "the save's 'seed' is 2.5, not a whole number"),
        ("seed", 2**64, "the save's 'seed' is 18446744073709551616, outside the seeds play"),
        ("header.seed", -(2**70), "the save's header 'seed' is -1180591620717411303424, outside"),
        ("header.seed", 4.0, "the save's header 'seed' is 4.0, not a whole number"),
        ("header.players", 2.0, "header 'players' is 2.0, not a whole number"),
        ("header", "lastlight", "the save's 'header' is missing or of the wrong kind"),
        ("header.options", "fast", "the save's \"header's options\" is missing"),
        ("decisions", [[0]], "the save's 'decisions' is missing or of the wrong kind"),
        ("log", [{"x": 1}], "the save's 'log' is missing or of the wrong kind"),
        ("seen", {"a": "b"}, "the save's 'seen' is missing or of the wrong kind"),
        ("replay", 5, "the save's 'replay' is missing or of the wrong kind"),
        ("seats", ["human", "wizard"], "the save's seat kind 'wizard' is not one of"),
        ("header.game", 5, f"the save's header 'game' is 5, {NOT_A_GAME}"),
        ("header.game", "chess", f"the save's header 'game' is 'chess', {NOT_A_GAME}"),
        ("header.players", "two", "header 'players' is 'two', not a whole number"),
        ("header.players", 3, "header 'players' is 3, but it has 2"),
        ("header.seed", 5, "the save's header 'seed' is 5, but the save's seed is 4"),
        (
            "header.seats",
            ["random", "human"],
            "header 'seats' is ['random', 'human'], but the save's seats are",
        ),
        ("header.packs", 5, "the save's header 'packs' is 5, not a list of"),
        ("header.content_hash", 7, "the save's header 'content_hash' is 7, not a digest"),
        ("header.data_hash", [], "the save's header 'data_hash' is [], not a digest"),
        ("header.engine", 1, "the save's header 'engine' is 1, not an engine version"),
    ],
)
def test_an_edited_save_is_refused_with_the_field_and_left_as_it_is(
    tmp_path: Path, saved: dict[str, Any], where: str, value: Any, said: str
) -> None:
    code, out, path = resume(tmp_path, edit(saved, where, value))
    decisions = len(saved["decisions"])
    expected = said.replace("20+", str(decisions))
    assert code == 1 and f"{path}: " in out and expected in out, out
    assert "(the save was left as it is)" in out


def test_a_save_of_bots_alone_is_refused_in_words(tmp_path: Path, saved: dict[str, Any]) -> None:
    """Its seats and header edited to `random, random`, it was told "human seats play in a
    full-screen terminal interface" (exit 2, with the usage banner) though it has none."""
    bots = edit(edit(saved, "seats", ["random", "random"]), "header.seats", ["random", "random"])
    code, out, path = resume(tmp_path, bots)
    assert code == 1 and "Usage:" not in out, out
    assert f"{path}: the save's seats (random, random) have no human seat" in out


def test_a_long_value_of_a_saves_header_is_shown_cut_short(
    tmp_path: Path, saved: dict[str, Any]
) -> None:
    """A save whose header named a 5,000-digit pack version, or a 401-digit seed, was refused
    with the whole number in its message, twice for the version."""
    version = edit(saved, "header.packs.0.version", "9" * 5000)
    code, out, path = resume(tmp_path, version)
    assert code == 1 and len(out) < 600, out
    assert f"{path} was made with the packs lastlight 99999999" in out
    assert out.count("(5,000 characters)") == 2, out
    code, out, path = resume(tmp_path, edit(saved, "header.seed", 10**400))
    assert code == 1 and len(out) < 300, out
    assert "the save's header 'seed' is 10000000" in out and "(401 characters)" in out, out


def test_a_save_cannot_write_its_replay_over_an_existing_file(
    tmp_path: Path, saved: dict[str, Any]
) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("mine")
    code, out, _ = resume(tmp_path, edit(saved, "replay", str(precious)))
    said = f"writes its replay to {precious} when the game ends (the --replay it was started"
    assert code == 2 and said in " ".join(out.split()), out
    assert "and that file exists: pass --replay FILE" in " ".join(out.split()), out
    assert precious.read_text() == "mine"


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_random_bytes_as_a_save_say_why(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "random.save"
    path.write_bytes(data)
    code, out = run("play", "--resume", str(path))
    assert code == 1 and str(path) in out and "(the save was left as it is)" in out, out
    assert path.read_bytes() == data


@pytest.mark.parametrize("key", ["sectors", "round", "extractors", "planets", "rotation"])
def test_render_of_a_damaged_saved_state_says_so(
    tmp_path: Path, saved: dict[str, Any], key: str
) -> None:
    state = dict(saved["state"])
    state[key] = "damaged"
    path = tmp_path / "state.save"
    path.write_text(json.dumps(state))
    code, out = run("render", str(path), "--out", str(tmp_path / "board.svg"))
    assert code == 1 and "the saved game state is damaged or was edited" in out, out
    assert not (tmp_path / "board.svg").exists()


@pytest.mark.parametrize("game", [5, "chess"])
def test_a_replay_naming_no_game_whitedwarf_has_is_refused_with_the_games(
    tmp_path: Path, game: Any
) -> None:
    log = tmp_path / "game.jsonl"
    assert run("play", "--seats", "random,random", "--seed", "3", "--replay", str(log))[0] == 0
    header, *rest = log.read_text().splitlines()
    log.write_text("\n".join([json.dumps({**json.loads(header), "game": game}), *rest]) + "\n")
    said = f"{log}:1: the replay's header 'game' is {game!r}, {NOT_A_GAME}"
    for command in (("replay", str(log)), ("render", str(log), "--out", str(tmp_path / "b.svg"))):
        code, out = run(*command)
        assert code == 1 and said in out, out


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("engine", 5, ":1: the header's 'engine' is 5, not an engine version (text)"),
        ("packs", 5, "packs: the log's is 5, not a list of {id, version, hash}"),
        ("seed", 2.5, ":1: the header's 'seed' is 2.5, not a whole number"),
        ("seed", "3", ":1: the header's 'seed' is '3', not a whole number"),
        (
            "seed",
            10**30,
            ":1: the header's 'seed' is 1000000000000000000000000000000, outside the seeds play "
            "takes (-9223372036854775808 to 9223372036854775807)",
        ),
        ("players", "two", ":1: the header's 'players' is 'two', not a whole number"),
        ("options", [], ":1: the header's 'options' is [], not a mapping of option names"),
    ],
)
def test_a_replay_header_field_of_the_wrong_kind_is_named(
    tmp_path: Path, field: str, value: Any, said: str
) -> None:
    log = tmp_path / "game.jsonl"
    assert run("play", "--seats", "random,random", "--seed", "3", "--replay", str(log))[0] == 0
    header, *rest = log.read_text().splitlines()
    log.write_text("\n".join([json.dumps({**json.loads(header), field: value}), *rest]) + "\n")
    code, out = run("replay", str(log))
    assert code == 1 and said in " ".join(out.split()), out
    assert "decision 0" not in out, out  # a bad header, not a first decision refused


@pytest.mark.parametrize("engine", ["starlight-engine-1", "lastlight-engine-99"])
def test_a_replay_of_another_engine_is_refused_in_one_sentence(tmp_path: Path, engine: str) -> None:
    """A Last Light log whose header said it was recorded by Starlight's engine (or by an
    engine this whitedwarf does not have) was replayed as if it said nothing: the header's
    `engine` was never read."""
    log = tmp_path / "game.jsonl"
    assert run("play", "--seats", "random,random", "--seed", "3", "--replay", str(log))[0] == 0
    header, *rest = log.read_text().splitlines()
    log.write_text("\n".join([json.dumps({**json.loads(header), "engine": engine}), *rest]) + "\n")
    said = (
        f"{log}:1: the header's 'engine' is {engine!r}, but lastlight is played by "
        "'lastlight-engine-1' here (a log of another engine, or of another version of "
        "whitedwarf)"
    )
    for command in (("replay", str(log)), ("render", str(log), "--out", str(tmp_path / "b.svg"))):
        code, out = run(*command)
        assert code == 1 and said in out and "verified" not in out, out
        assert not (tmp_path / "b.svg").exists()


def test_a_save_of_another_engine_is_refused_in_one_sentence(
    tmp_path: Path, saved: dict[str, Any]
) -> None:
    code, out, path = resume(tmp_path, edit(saved, "header.engine", "starlight-engine-1"))
    said = (
        f"{path}: the save's header 'engine' is 'starlight-engine-1', but lastlight is played "
        "by 'lastlight-engine-1' here"
    )
    assert code == 1 and said in out and "(the save was left as it is)" in out, out


def test_think_on_a_resumed_game_with_no_strong_seat_is_refused(
    saved: dict[str, Any], tmp_path: Path
) -> None:
    """`play --resume game.save --think 50` on a game of a human and a random seat: the
    resumed game keeps its seats, so --think would time nobody (it was ignored)."""
    path = tmp_path / "game.save"
    path.write_text(json.dumps(saved))
    before = path.read_bytes()
    code, out = run("play", "--resume", str(path), "--think", "50")
    assert code == 2 and "its seats human,random has none" in out, out
    assert "leave --think out" in out and "Traceback" not in out
    assert path.read_bytes() == before
