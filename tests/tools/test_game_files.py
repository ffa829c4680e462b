"""`replay`, `render` and `play --resume` tell a replay log from a save by one function
(interpreter/replay.py ``read_game_file``), so they say the same of the same file: a file cut
short names the line and column it ends at and what it was, where `render` said "not a
whitedwarf save" with the JSON decoder's words; an empty file, a binary one, a save given to
`replay`, a replay of the other game or of a pack that is not there are each said in words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from whitedwarf.interpreter.lastlight import persist

from tests.hostile_cli import run

CUT = "cut short: the file ends here, in the middle of a line"


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A Last Light and a Starlight replay log, a terminal game's save and a bare state."""
    folder = tmp_path_factory.mktemp("games")
    made = {"lastlight": folder / "ll.jsonl", "starlight": folder / "sl.jsonl"}
    code, out = run("play", "--seats", "random,random", "--replay", str(made["lastlight"]))
    assert code == 0, out
    args = ("play", "--pack", "starlight", "--seats", "random", "--replay", str(made["starlight"]))
    code, out = run(*args)
    assert code == 0, out
    record = {"decisions": [], "kind": "whitedwarf-play-save", "state": {"format": 3}}
    made["save"] = folder / "game.save"
    made["save"].write_text(json.dumps(record, sort_keys=True))
    made["state"] = folder / "state.json"
    header = json.loads(made["lastlight"].read_text().split("\n", 1)[0])
    made["state"].write_text(
        persist.save({"format": 3, "game": "lastlight", "seed": header["seed"]})
    )
    return made


def said(*args: str) -> str:
    """The one line a refused command says (exit status 1, no traceback)."""
    code, out = run(*args)
    assert code == 1, out
    return " ".join(out.replace("Error: ", "").split())


def both(path: Path, tmp_path: Path) -> str:
    """What `replay` says of ``path``, checked to be what `render` says (with and without
    --at) and nothing is drawn."""
    told = said("replay", str(path))
    out = tmp_path / "board.svg"
    assert said("render", str(path), "--out", str(out)) == told
    assert said("render", str(path), "--at", "3", "--out", str(out)) == told
    assert not out.exists()
    return told


def cut(source: Path, folder: Path, size: int) -> Path:
    path = folder / f"cut_{size}_{source.name}"
    path.write_bytes(source.read_bytes()[:size])
    return path


def test_a_replay_cut_in_its_header_line(logs: dict[str, Path], tmp_path: Path) -> None:
    path = cut(logs["lastlight"], tmp_path, 200)
    assert both(path, tmp_path) == (
        f"{path}:1:201: a replay log {CUT} (was it written or copied only in part?)"
    )


def test_a_replay_cut_in_a_later_line(logs: dict[str, Path], tmp_path: Path) -> None:
    text = logs["starlight"].read_text()
    lines = text.split("\n")
    size = len("\n".join(lines[:40])) + 1 + 25  # 25 characters into line 41
    path = cut(logs["starlight"], tmp_path, size)
    assert both(path, tmp_path).startswith(f"{path}:41:26: a replay log {CUT}")


def test_a_replay_cut_between_lines_has_no_end_line(logs: dict[str, Path], tmp_path: Path) -> None:
    lines = logs["lastlight"].read_text().split("\n")
    path = tmp_path / "short.jsonl"
    path.write_text("\n".join(lines[:30]) + "\n")
    assert both(path, tmp_path).startswith(
        f"{path}: the log has no end line: it stops after line 30"
    )


@pytest.mark.parametrize("name", ["save", "state"])
def test_a_save_cut_short_says_what_it_was(
    name: str, logs: dict[str, Path], tmp_path: Path
) -> None:
    path = cut(logs[name], tmp_path, 30)
    what = "a save of `whitedwarf play`" if name == "save" else "a saved game state"
    assert both(path, tmp_path).startswith(f"{path}:1:31: {what} {CUT}")


def test_too_little_left_to_tell(tmp_path: Path) -> None:
    path = tmp_path / "stub.jsonl"
    path.write_text('{"se')
    assert both(path, tmp_path).startswith(f"{path}:1:5: cut short: the file ends here")
    assert "too soon to tell a replay log from a save" in both(path, tmp_path)


def test_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("\n \n")
    assert both(path, tmp_path) == f"{path} is empty: not a whitedwarf save or replay log"


def test_a_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "blob.jsonl"
    path.write_bytes(bytes(range(256)))
    assert both(path, tmp_path) == (
        f"{path} is not a text file (not UTF-8), so not a replay log or a save"
    )


def test_text_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "notes.jsonl"
    path.write_text("my game, round 3: seat 1 attacked\n")
    assert both(path, tmp_path) == (
        f"{path}:1:1: not a whitedwarf save or replay log (not valid JSON: expecting value)"
    )


def test_a_save_given_to_replay_says_how_to_use_it(logs: dict[str, Path]) -> None:
    save, state = logs["save"], logs["state"]
    assert said("replay", str(save)).startswith(
        f"{save} is a save of `whitedwarf play`, not a replay log: continue it with "
        f"`whitedwarf play --resume {save}`"
    )
    assert said("replay", str(state)) == (
        f"{state} is a saved game state, not a replay log: draw it with `whitedwarf render {state}`"
    )


@pytest.mark.parametrize(("log", "other"), [("lastlight", "starlight"), ("starlight", "lastlight")])
def test_a_replay_of_the_other_game(log: str, other: str, logs: dict[str, Path]) -> None:
    path = logs[log]
    told = said("replay", str(path), "--pack", other)
    assert told.startswith(f"{path} was recorded with different content:")
    assert f"game: log '{log}', loaded '{other}' (without --pack the log's own game" in told
    assert f"pack '{log}' was in the game but is not loaded now (pass --pack {log})" in told
    assert said("render", str(path), "--pack", other, "--out", "x.svg") == told
    assert run("replay", str(path))[0] == 0  # without --pack, the log's own game


def test_a_replay_whose_pack_is_gone(logs: dict[str, Path], tmp_path: Path) -> None:
    header, rest = logs["lastlight"].read_text().split("\n", 1)
    record = json.loads(header)
    record["packs"].append({"id": "mymod", "version": "0.1.0", "hash": "0" * 64})
    path = tmp_path / "mod.jsonl"
    path.write_text(json.dumps(record, sort_keys=True) + "\n" + rest)
    told = said("replay", str(path))
    assert "pack 'mymod' was in the game but is not loaded now (pass its folder with --pack)" in (
        told
    )
    assert said("render", str(path), "--out", str(tmp_path / "x.svg")) == told


def test_a_replay_of_a_mod_of_a_mod_asks_for_the_mod_played(
    logs: dict[str, Path], tmp_path: Path
) -> None:
    """A log of `play --pack modmod` (modmod depends on mymod, beside it) replayed without
    --pack asks for modmod's folder, and says mymod may come with it; it asked for the folder
    of every pack, though `--pack modmod` alone finds mymod."""
    header, rest = logs["lastlight"].read_text().split("\n", 1)
    record = json.loads(header)
    for mod in ("mymod", "modmod"):  # in load order: a dependency before its dependent
        record["packs"].append({"id": mod, "version": "0.1.0", "hash": "0" * 64})
    path = tmp_path / "modmod.jsonl"
    path.write_text(json.dumps(record, sort_keys=True) + "\n" + rest)
    told = said("replay", str(path))
    assert "pack 'modmod' was in the game but is not loaded now (pass its folder with --pack)" in (
        told
    )
    assert (
        "pack 'mymod' was in the game but is not loaded now (it may come with 'modmod': --pack "
        "finds a mod's dependencies beside its folder; else pass its folder with --pack too)"
    ) in told
