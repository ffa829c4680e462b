"""`whitedwarf play` and `whitedwarf replay` from a user's point of view."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from whitedwarf.tools.cli import main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize(
    "seats", ["random,random", "random,random,random", "random,first,random,random"]
)
def test_play_prints_one_json_result(seats: str) -> None:
    code, out = run("play", "--seats", seats, "--seed", "3", "--format", "json")
    assert code == 0, out
    summary = json.loads(out)
    players = len(seats.split(","))
    assert len(summary["light"]) == len(summary["techs_in_play"]) == players
    assert summary["reason"] in ("light", "round limit")
    assert summary["rounds"] >= 1 and summary["winners"]
    if len(summary["winners"]) == 1:
        assert summary["winner"] == summary["winners"][0]


def test_an_option_last_light_does_not_have_gets_a_did_you_mean() -> None:
    code, out = run("play", "--option", "faction=veyshan")
    said = " ".join(out.split())
    assert code == 2 and "Last Light has no option 'faction'" in said
    assert "did you mean `factions`?" in said


def test_the_factions_option_seats_a_faction_and_the_replay_keeps_it(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    args = ("play", "--seats", "random,random,random", "--seed", "4", "--format", "json")
    code, out = run(*args, "--option", "factions=veyshan,,hexan", "--replay", str(log))
    assert code == 0, out
    factions = json.loads(out)["factions"]
    assert factions[0] == "veyshan" and factions[2] == "hexan" and factions[1] not in factions[::2]
    assert run("replay", str(log))[0] == 0  # the header's option deals the same way again
    refused = {
        "factions=veyshan,hexan,talorin,myrr": "option factions names 4 seats; the game has 3",
        "factions=hexan,hexan": "option factions: hexan is named for two seats",
        "factions=veyshn": "no faction 'veyshn' in the pack; did you mean `veyshan`?",
    }
    for option, said in refused.items():
        code, out = run(*args, "--option", option)
        # a value the option does not take: the command line (README "Exit codes")
        assert code == 2 and said in " ".join(out.split()), (option, out)
    # A 3+ faction in a 2-player game was refused without the reason: its label.
    code, out = run("play", "--seats", "random,random", "--option", "factions=zhur")
    assert code == 2 and (
        "option factions: zhur is not played with 2 players (it is labelled 3+: `three_plus: "
        'true`, 000 "setup")'
    ) in " ".join(out.split()), out


def test_text_output_names_the_winner_and_each_players_light() -> None:
    code, out = run("play", "--seed", "7")
    assert code == 0
    assert out.startswith(("winner: seat", "shared win: seats"))
    assert out.count(" light, ") == 3 and "final state hash:" in out


def test_the_same_seed_writes_a_byte_identical_replay(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert run("play", "--seed", "7", "--replay", str(first))[0] == 0
    assert run("play", "--seed", "7", "--replay", str(second))[0] == 0
    assert first.read_bytes() == second.read_bytes()


def test_replay_verifies_the_final_state_hash(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    _, played = run("play", "--seed", "5", "--seats", "random,random", "--replay", str(log))
    code, out = run("replay", str(log))
    assert code == 0, out
    final = played.strip().splitlines()[-1].split()[-1]
    assert f"final state hash: {final}" in out
    assert json.loads(log.read_text().splitlines()[-1])["final_hash"] == final


def recorded(tmp_path: Path) -> tuple[Path, list[str]]:
    log = tmp_path / "game.jsonl"
    assert run("play", "--seed", "9", "--replay", str(log))[0] == 0
    return log, log.read_text().splitlines()


def test_an_altered_decision_is_refused(tmp_path: Path) -> None:
    log, lines = recorded(tmp_path)
    at = [i for i, line in enumerate(lines) if '"type":"decision"' in line][11]
    decision = json.loads(lines[at])
    decision["option"] = "play:nonsense"
    lines[at] = json.dumps(decision)
    log.write_text("\n".join(lines) + "\n")
    code, out = run("replay", str(log))
    assert code == 1 and "decision 11" in out and "not a legal option" in out


def test_an_edited_decision_is_told_at_the_line_of_the_file(tmp_path: Path) -> None:
    """The refusal said `game.jsonl: decision 11: ...`: the person who edited the file had
    to count decision lines among the event lines to find it. A blank line left above it
    by the editor counts, as the editor counts it."""
    log, lines = recorded(tmp_path)
    at = [i for i, line in enumerate(lines) if '"type":"decision"' in line][11]
    decision = json.loads(lines[at])
    decision["option"] = "play:nonsense"
    lines[at] = json.dumps(decision)
    lines.insert(3, "")
    log.write_text("\n".join(lines) + "\n")
    line = at + 2  # its index, one for counting from 1, one for the blank line above it
    code, out = run("replay", str(log))
    assert code == 1, out
    assert f"{log}:{line}: decision 11: 'play:nonsense' is not a legal option" in out, out
    for command in (
        ("replay", str(log), "--html", str(tmp_path / "game.html")),
        ("render", str(log), "--out", str(tmp_path / "board.svg")),
    ):
        code, out = run(*command)
        assert code == 1 and f"{log}:{line}: decision 11 ('play:nonsense' by seat" in out, out
        assert out.count(str(log)) == 1, out


def test_a_log_from_other_content_is_refused_with_what_differs(tmp_path: Path) -> None:
    log, lines = recorded(tmp_path)
    header = json.loads(lines[0])
    header["packs"][0]["version"] = "0.9.0"
    lines[0] = json.dumps(header)
    log.write_text("\n".join(lines) + "\n")
    code, out = run("replay", str(log))
    assert code == 1 and "different content" in out and "log version 0.9.0" in out


def test_a_changed_final_hash_is_refused(tmp_path: Path) -> None:
    log, lines = recorded(tmp_path)
    end = json.loads(lines[-1])
    end["final_hash"] = "0" * 64
    lines[-1] = json.dumps(end)
    log.write_text("\n".join(lines) + "\n")
    code, out = run("replay", str(log))
    assert code == 1 and "but the log recorded 000000" in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("not json\n", "not valid JSON"),
        ('{"type": "decision", "n": 0, "seat": 0, "option": "x"}\n', "must be the replay header"),
        ('{"type": "header", "format": 99}\n', "format 99 is not supported"),
    ],
)
def test_an_unreadable_log_says_why(tmp_path: Path, text: str, said: str) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(text)
    code, out = run("replay", str(log))
    assert code == 1 and said in out and "Traceback" not in out


def test_a_binary_file_is_not_a_text_file_rather_than_a_codec_error(tmp_path: Path) -> None:
    blob = tmp_path / "game.jsonl"
    blob.write_bytes(bytes([0x7B, 0xDC, 0x80, 0xFF, 0x00]) * 20)
    for command in (("replay", str(blob)), ("render", str(blob), "--out", "b.svg")):
        code, out = run(*command)
        assert code == 1, out
        assert f"{blob} is not a text file (not UTF-8)" in out and "codec" not in out


def test_a_replay_and_a_save_given_for_each_other_say_which_is_which(tmp_path: Path) -> None:
    log, _ = recorded(tmp_path)
    code, out = run("play", "--resume", str(log))
    assert code == 1 and f"{log} is a replay log, not a save: `whitedwarf replay {log}`" in out
    assert "(the file was left as it is)" in out and "the save was left" not in out
    save = tmp_path / "game.save"
    save.write_text(json.dumps({"decisions": [[0, "x"]] * 500, "kind": "whitedwarf-play-save"}))
    code, out = run("replay", str(save))
    assert code == 1 and "is a save of `whitedwarf play`, not a replay log" in out
    assert f"whitedwarf play --resume {save}" in out


def test_a_cut_short_log_says_so(tmp_path: Path) -> None:
    log, lines = recorded(tmp_path)
    log.write_text("\n".join(lines[:20]) + "\n")
    code, out = run("replay", str(log))
    assert code == 1 and "no end line" in out


def test_play_never_overwrites_a_replay_without_force(tmp_path: Path) -> None:
    log = tmp_path / "mine.jsonl"
    log.write_text("precious\n")
    code, out = run("play", "--seed", "1", "--replay", str(log))
    assert code == 2 and "--force" in out
    assert log.read_text() == "precious\n"
    assert run("play", "--seed", "1", "--replay", str(log), "--force")[0] == 0


@pytest.mark.parametrize("seats", ["random", "random,robot", "random,random,random,random,random"])
def test_bad_seats_are_usage_errors(seats: str) -> None:
    code, out = run("play", "--seats", seats)
    assert code == 2 and "seat" in out.lower()


def test_play_with_a_mod_pack(tmp_path: Path) -> None:
    mod = tmp_path / "richer"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: richer\nname: Richer\nversion: 0.1.0\ngame: lastlight\n"
        "depends: {lastlight: '>=1.0,<2'}\n"
    )
    (mod / "factions.yaml").write_text(
        "- id: allterra\n  replace: true\n  name: Allterra\n  three_plus: false\n"
        "  source: invented\n  text: Start richer.\n  effect: you have +5 starting_common\n"
    )
    code, out = run("play", "--pack", str(mod), "--seed", "2", "--format", "json")
    assert code == 0, out


def test_play_with_a_broken_pack_shows_its_errors(tmp_path: Path) -> None:
    mod = tmp_path / "broken"
    mod.mkdir()
    (mod / "pack.yaml").write_text("id: broken\nname: B\nversion: 0.1.0\ngame: lastlihgt\n")
    code, out = run("play", "--pack", str(mod))
    assert code == 1 and "E07" in out and "Traceback" not in out


def test_trace_shows_each_decision_with_its_text() -> None:
    result = CliRunner().invoke(
        main, ["play", "--seed", "3", "--seats", "random,random", "--trace"]
    )
    assert result.exit_code == 0
    lines = [line for line in result.output.splitlines() if line.startswith("round")]
    decisions = [line for line in lines if ": decides: " in line]
    assert decisions and all(line.rstrip().endswith("]") for line in decisions)
    assert any("keep faction" in line for line in decisions)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            {"options": {"round_limit": -5}},
            "option round_limit is a whole number 1 to 1000, not -5",
        ),
        ({"options": {"round_limit": 10**12}}, "round_limit is a whole number 1 to 1000"),
        ({"options": {"first_player": 7}}, "option first_player is a whole number 0 to 2, not 7"),
        ({"options": {"wizard": 1}}, "Last Light has no option 'wizard'"),
        ({"options": {"factions": "nobody"}}, "option factions: no faction 'nobody' in the pack"),
        ({"seats": ["random", "random"]}, "names 3 players but its seats are ['random', 'random']"),
        ({"seed": "abc"}, "the header's 'seed' is 'abc', not a whole number"),
        ({"seed": 2**64}, "the header's 'seed' is 18446744073709551616, outside the seeds"),
        ({"players": True}, "the header's 'players' is True, not a whole number"),
    ],
)
def test_a_header_out_of_range_is_refused_at_line_1(
    tmp_path: Path, change: dict, said: str
) -> None:
    # Before, a negative round limit replayed until "decision 15: the game was already over"
    # and a header naming 2 seats for 3 players verified.
    log, lines = recorded(tmp_path)
    lines[0] = json.dumps({**json.loads(lines[0]), **change})
    log.write_text("\n".join(lines) + "\n")
    for command in ("replay", "render"):
        code, out = run(
            command, str(log), *(["--out", str(tmp_path / "b.svg")] * (command == "render"))
        )
        assert code == 1 and f"{log.name}:1: " in out and said in out, out
        assert "Traceback" not in out


@pytest.mark.parametrize("limit", ["0", "-3", "1001"])
def test_play_takes_a_round_limit_of_1_to_1000(limit: str) -> None:
    code, out = run("play", "--round-limit", limit)
    assert code == 2 and "1<=x<=1000" in out


def test_play_takes_a_seed_a_replay_can_hold() -> None:
    """Any whole number was a seed to `play`, and a log's header edited to a 30-digit seed was
    told as its first decision refused: the seeds play takes are those a header may hold."""
    code, out = run("play", "--seed", str(2**63))
    assert code == 2 and "a seed is -9223372036854775808 to 9223372036854775807" in out, out
