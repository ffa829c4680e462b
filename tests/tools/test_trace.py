"""`whitedwarf play --trace`, the replay's events and the JSON summary, as a designer uses them.

The README: ``whitedwarf play --pack mymod --trace 2>&1 | grep my_card`` shows a new card at
work: every line is one event (or decision) with the round and the seat, and names the card.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner
from whitedwarf.interpreter.lastlight.state import LIGHT_SOURCES
from whitedwarf.interpreter.replay import read_replay
from whitedwarf.tools.cli import main

#: The prefix of every trace line.
LINE = re.compile(r"^round [ \d]{2}\d+ seat [-L\d]: \S")
#: How the trace's notes end: never events of the game, so a replay records none of them.
NOTE_ENDINGS = (
    "but its condition is false: did nothing",
    "cannot pay its cost: what it pays for is skipped",
    # issue 29 item 7: a die given a new face, the techs `keep` looks at
    ": rerolled",
    ": treated so",
    "on top of the tech deck",
    "has nobody or nothing to act on here: did nothing",  # issue 29: a party not there
    "what it would pay for cannot happen now",  # issue 29 item 8: a payment for nothing
    "what it guards is skipped",  # an `if` step of the effect was false
    # issue 29 item 1: a limited clause counted (`korrundi is used 1 of 3 this game`), or
    # used up (`... but was used 3 of 3 this game: did nothing`, `... not offered again ...`)
    *(f" this {period}" for period in ("game", "round", "turn")),
    *(f" this {period}: did nothing" for period in ("game", "round", "turn")),
    "not offered again until the period ends",
)


def write_mod(tmp_path: Path) -> Path:
    """A mod adding ``my_card``, a cheap tech whose trigger asks nothing, and ``my_lens``, a
    modifier, three copies each so random bots meet them."""
    mod = tmp_path / "mymod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: mymod\nname: My mod\nversion: 0.1.0\ngame: lastlight\n"
        "depends: {lastlight: '*'}\nallow: [W0902]\n"
    )
    (mod / "techs.yaml").write_text(
        "- id: my_card\n  name: My Card\n  kind: civilization\n  cost: {common: 1}\n"
        "  copies: 3\n  source: invented\n  effect: when round_start -> gain 1 common\n"
        "- id: my_lens\n  name: My Lens\n  kind: civilization\n  cost: {common: 1}\n"
        "  copies: 3\n  source: invented\n  effect: you have +1 research_draw\n"
    )
    return mod


def trace(*args: str) -> tuple[int, list[str], str]:
    result = CliRunner().invoke(main, ["play", "--trace", *args])
    return result.exit_code, result.stderr.splitlines(), result.stdout


def games_until(mod: Path, found: str) -> list[str]:
    """Trace lines of seeded 2-player games with the mod until one has a line with ``found``
    (random bots do not build every card in every game)."""
    lines: list[str] = []
    for seed in range(1, 16):
        code, more, out = trace("--pack", str(mod), "--seed", str(seed), "--seats", "random,random")
        assert code == 0, out
        lines += more
        if any(found in line for line in more):
            break
    return lines


def test_readme_grep_my_card_finds_its_firings(tmp_path: Path) -> None:
    mod = write_mod(tmp_path)
    lines = games_until(mod, "my_card is triggered")
    mine = [line for line in lines if "my_card" in line]
    # Drawn, kept, built, and then firing at each round start with what it did.
    assert any(re.search(r"tech my_card drawn$", line) for line in mine)
    assert any(re.search(r"tech my_card built$", line) for line in mine)
    assert any("my_card is triggered (when round_start)" in line for line in mine)
    assert any("my_card: gain 1 common" in line for line in mine)
    assert any("gains 1 common [by my_card]" in line for line in mine)
    lens = games_until(mod, "my_lens modifies research_draw by +1")
    assert any("my_lens modifies research_draw by +1" in line for line in lens)


def test_trace_is_one_line_per_event_each_with_round_and_seat(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    code, lines, _ = trace("--seed", "5", "--replay", str(log))
    assert code == 0
    assert lines and all(LINE.match(line) for line in lines), [
        line for line in lines if not LINE.match(line)
    ][:3]
    # The replay holds the same events (and decisions), one record per trace line but the
    # notes for the trace only (a card whose `when ... if` condition is false, or whose cost
    # cannot be paid).
    notes = [line for line in lines if line.endswith(NOTE_ENDINGS)]
    records = log.read_text().splitlines()[1:-1]
    assert len(records) == len(lines) - len(notes)
    replay = read_replay(log)
    assert len(replay.events) + len(replay.decisions) == len(lines) - len(notes)
    assert {"token", "effect", "gain", "tech_drawn"} <= {e["kind"] for e in replay.events}
    assert any(e["kind"] == "token" and e["card"] and e["card"] != "?" for e in replay.events)


def test_json_summary_has_light_by_source_and_cards_per_player() -> None:
    result = CliRunner().invoke(main, ["play", "--seed", "3", "--format", "json"])
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    for seat, player in enumerate(summary["players"]):
        assert player["seat"] == seat
        assert set(player["light_by_source"]) == set(LIGHT_SOURCES)
        assert sum(player["light_by_source"].values()) >= player["light"] == summary["light"][seat]
        assert sum(player["techs_kept"].values()) <= sum(player["techs_drawn"].values())
        assert len(player["techs_built"]) >= 1 or summary["techs_in_play"][seat] == 0
        assert sum(player["actions_played"].values()) == summary["rounds"]


def test_an_altered_event_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    assert CliRunner().invoke(main, ["play", "--seed", "6", "--replay", str(log)]).exit_code == 0
    lines = log.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if '"kind":"token"' in line)
    event = json.loads(lines[at])
    event["card"] = "not_the_token"
    lines[at] = json.dumps(event)
    log.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(main, ["replay", str(log)])
    assert result.exit_code == 1
    assert "the recorded events differ" in result.output and "not_the_token" in result.output


def test_a_format_1_replay_still_verifies(tmp_path: Path) -> None:
    """Replays written before events were recorded (format 1) are still read and verified."""
    log = tmp_path / "old.jsonl"
    assert CliRunner().invoke(main, ["play", "--seed", "6", "--replay", str(log)]).exit_code == 0
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    header["format"] = 1
    kept = [json.dumps(header)] + [line for line in lines[1:] if '"type":"event"' not in line]
    log.write_text("\n".join(kept) + "\n")
    result = CliRunner().invoke(main, ["replay", str(log)])
    assert result.exit_code == 0, result.output
    assert "verified:" in result.output


def test_an_unknown_replay_format_is_refused_with_the_reason(tmp_path: Path) -> None:
    log = tmp_path / "new.jsonl"
    assert CliRunner().invoke(main, ["play", "--seed", "6", "--replay", str(log)]).exit_code == 0
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    header["format"] = 9
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    result = CliRunner().invoke(main, ["replay", str(log)])
    assert result.exit_code == 1
    assert "replay format 9 is not supported" in result.output


def test_last_light_labels_say_seat_as_the_rest_of_the_interface() -> None:
    """Trade's gift (000 "Trade": an opponent gains 1 light) and the labels of ships,
    extractors and players name a seat as the trace and the summary do: "seat 2"."""
    code, lines, _ = trace("--seats", "random,random,random", "--seed", "7")
    assert code == 0
    decided = [line for line in lines if ": decides: " in line]
    assert any(re.search(r"decides: seat \d gains light \[gift:\d\]", line) for line in decided)
    assert not [line for line in decided if re.search(r"\bplayer \d", line)]


def test_a_trigger_whose_condition_is_false_is_told_as_doing_nothing(tmp_path: Path) -> None:
    """A card's `when ... if` condition that does not hold: the trace says the hook came and
    the card did nothing (before, it printed no line at all). It is a note for the trace only:
    the replay holds no record of it, its events are those of a game played without the
    trace, and it verifies."""
    mod = tmp_path / "condmod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: condmod\nname: Cond mod\nversion: 0.1.0\ngame: lastlight\n"
        "depends: {lastlight: '*'}\nallow: [W0902]\n"
    )
    (mod / "factions.yaml").write_text(
        "- id: latecomers\n  name: Latecomers\n  three_plus: false\n  source: invented\n"
        "  allow: [W0430]\n  text: From the third round, gain 1 common as each round starts.\n"
        "  effect: when round_start if round >= 3 -> gain 1 common\n"
    )
    log, quiet = tmp_path / "game.jsonl", tmp_path / "quiet.jsonl"
    game = ("--pack", str(mod), "--seed", "1", "--seats", "random,random")
    code, lines, out = trace(*game, "--option", "factions=latecomers", "--replay", str(log))
    assert code == 0, out
    mine = [line for line in lines if "latecomers is triggered" in line]
    unmet = "latecomers is triggered (when round_start) but its condition is false: did nothing"
    assert mine[:3] == [
        f"round   1 seat 0: {unmet}",
        f"round   2 seat 0: {unmet}",
        "round   3 seat 0: latecomers is triggered (when round_start)",
    ]
    assert all(LINE.match(line) for line in lines)
    # The replay: one record per other trace line, none of the note, and the same records
    # as the game played without --trace.
    records = log.read_text().splitlines()
    assert "unmet" not in log.read_text()
    notes = [line for line in lines if line.endswith(NOTE_ENDINGS)]
    assert len(records[1:-1]) == len(lines) - len(notes)
    plain = [*game, "--option", "factions=latecomers", "--replay", str(quiet)]
    assert CliRunner().invoke(main, ["play", *plain]).exit_code == 0
    assert quiet.read_text() == log.read_text()
    result = CliRunner().invoke(main, ["replay", str(log), "--pack", str(mod)])
    assert result.exit_code == 0 and "verified:" in result.output, result.output


def test_a_trigger_whose_own_if_fails_is_a_note_and_a_false_step_if_is_told_after_it(
    tmp_path: Path,
) -> None:
    """README and docs/replays.md: `CARD is triggered (when HOOK)` comes before an `if` in
    the card's steps (and when it fails only a note saying so follows), but a trigger's own
    condition, `when HOOK if C`, is tested when the hook fires: when C fails the card is not
    triggered (the trace's note says it did nothing) and the JSON `effects` does not count it."""
    mod = tmp_path / "mymod"
    mod.mkdir()
    (mod / "pack.yaml").write_text(
        "id: mymod\nname: My mod\nversion: 0.1.0\ngame: lastlight\n"
        "depends: {lastlight: '*'}\nallow: [W0902]\n"
    )
    (mod / "factions.yaml").write_text(
        "- id: watcher\n  name: Watcher\n  three_plus: false\n  source: invented\n"
        "  text: x\n  allow: [W0430]\n  effect: |\n"
        "    when round_start if round > 100 -> gain 1 common\n"
        "    when round_end -> if round > 100 -> gain 1 uncommon\n"
    )
    args = ["--pack", str(mod), "--seed", "1", "--seats", "random,random"]
    args += ["--option", "factions=watcher"]
    code, lines, _ = trace(*args)
    assert code == 0
    watcher = [line.split(": ", 1)[1] for line in lines if "watcher" in line]
    assert "watcher is triggered (when round_start)" not in watcher
    unmet = "watcher is triggered (when round_start) but its condition is false: did nothing"
    assert unmet in watcher
    assert "watcher is triggered (when round_end)" in watcher
    told = [line for line in watcher if line.startswith("watcher: ")]
    assert told and all(
        re.fullmatch(
            r"watcher: an if step is false \(round is \d+, not > 100\): what it guards is skipped",
            line,
        )
        for line in told
    ), told
    assert len(told) == watcher.count("watcher is triggered (when round_end)")
    result = CliRunner().invoke(main, ["play", *args, "--format", "json"])
    summary = json.loads(result.stdout)
    assert summary["players"][0]["effects"]["watcher"] == watcher.count(
        "watcher is triggered (when round_end)"
    )
