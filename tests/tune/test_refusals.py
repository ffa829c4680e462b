"""What ``tune`` refuses, each in one sentence before any game is played: a pack that gives
nothing to move, a printed card it was not told it may change, a number range outside the
one the language declares, a bundled pack to write in place, targets it cannot read."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.tune.helpers import planted_pack, run

SHORT = ("--players", "2", "--games", "4", "--round-limit", "3", "--workers", "1", "-q")


def _plain_pack(folder: Path) -> Path:
    """A mod with one invented faction whose effect writes no number."""
    pack = planted_pack(folder)
    factions = pack / "factions.yaml"
    factions.write_text(
        factions.read_text()
        .replace("when game_start -> gain 4 light", "when extractor_built -> mine this planet")
        .replace("At the start of the game, gain 4 [light].", "Mine as you build an extractor.")
    )
    return pack


def test_a_pack_that_gives_nothing_to_move_is_refused(tmp_path: Path) -> None:
    pack = _plain_pack(tmp_path / "plain")
    out = tmp_path / "out"
    code, text = run("tune", str(pack), "--move-all-invented", *SHORT, "--out", str(out))
    assert code == 1
    assert text.strip().splitlines() == [
        "Error: nothing to move: sunborn has no number tune may change (name cards with "
        "--move CARD, or --move-all-invented)"
    ]
    assert not (out / "journal.json").exists()  # no game was played


def test_a_printed_card_is_moved_only_when_named(tmp_path: Path) -> None:
    code, text = run("tune", "lastlight", "--built", "x_blaster=0.2-0.4", *SHORT,
                     "--out", str(tmp_path / "out"))  # fmt: skip
    assert code == 1
    assert text.strip() == (
        "Error: x_blaster is printed in the rulebook (source: rulebook) and tune never changes "
        "a printed card unless it is named: add --move x_blaster to let it move"
    )


def test_a_range_outside_the_declared_one_is_refused(tmp_path: Path) -> None:
    pack = planted_pack(tmp_path / "planted")
    code, text = run(
        "tune", str(pack), "--move", "sunborn", "--range", "sunborn:effect[0]=0..30", *SHORT,
        "--out", str(tmp_path / "out"),
    )  # fmt: skip
    assert code == 2  # a command-line problem (README "Exit codes")
    assert text.strip().splitlines()[-1] == (
        "Error: --range sunborn:effect[0]=0..30: 0..30 is outside the range the language "
        "declares for sunborn:effect[0] (an amount of light: 1 to 20)"
    )
    code, text = run(
        "tune", str(pack), "--move", "sunborn", "--range", "sunborn:cost=1..2", *SHORT,
        "--out", str(tmp_path / "out"),
    )  # fmt: skip
    assert code == 2
    assert "sunborn:cost is not a number tune may move (those: sunborn:effect[0])" in text


def test_a_range_of_an_unknown_card_is_refused_before_any_game(tmp_path: Path) -> None:
    """Without --move the cards to move are chosen after the pack as it is has played: a
    mistyped --range was found wrong only then, with no suggestion, and exit 1."""
    pack = planted_pack(tmp_path / "planted")
    out = tmp_path / "out"
    code, text = run("tune", str(pack), "--range", "sunbrn:effect[0]=1..3", *SHORT,
                     "--out", str(out))  # fmt: skip
    assert code == 2
    assert text.strip().splitlines()[-1] == (
        "Error: --range sunbrn:effect[0]=1..3: the pack planted has no card 'sunbrn'; "
        "did you mean `sunborn`?"
    )
    assert not out.exists()  # no game was played
    code, text = run("tune", str(pack), "--range", "sunborn:effect[0]=0..30", *SHORT,
                     "--out", str(out))  # fmt: skip
    assert code == 2 and "0..30 is outside the range the language declares" in text
    assert not out.exists()


def test_an_unknown_card_to_move_is_refused_with_a_suggestion(tmp_path: Path) -> None:
    pack = planted_pack(tmp_path / "planted")
    code, text = run("tune", str(pack), "--move", "sunborne", *SHORT,
                     "--out", str(tmp_path / "out"))  # fmt: skip
    assert code == 2
    assert "--move sunborne: the pack planted has no card 'sunborne'" in text
    assert "sunborn" in text.split("'sunborne'")[1]


def test_a_bundled_pack_is_never_written_in_place(tmp_path: Path) -> None:
    code, text = run("tune", "lastlight", "--write", *SHORT, "--out", str(tmp_path / "out"))
    assert code == 1
    assert text.strip() == (
        "Error: --write: lastlight is a pack shipped with whitedwarf and is not changed in "
        "place; leave --write out and use the mod pack tune writes"
    )


def test_targets_it_cannot_use_are_refused_in_a_sentence(tmp_path: Path) -> None:
    pack = planted_pack(tmp_path / "planted")
    targets = tmp_path / "targets.yaml"
    targets.write_text("players: [2]\nfair: {tolerance: 2}\n")
    code, text = run("tune", str(pack), "--targets", str(targets), "--out", str(tmp_path / "o"))
    assert code == 2
    # at the value's line and column, as a pack file's problems are told
    assert f"{targets}:2:19: 'fair' tolerance must be a share from 0 to 1, not 2" in text
    targets.write_text("players: [2]\nfairness: 0.1\n")
    code, text = run("tune", str(pack), "--targets", str(targets), "--out", str(tmp_path / "o"))
    assert code == 2 and f"{targets}:2:1: unknown target 'fairness'" in text
    assert "did you mean `fair`?" in text and "Invalid value for --targets" in text
    # a mistyped key of `fair` is named, with the key meant (it was "must be a tolerance
    # (0.1) or {tolerance, sides}", which did not say which key was wrong)
    targets.write_text("players: [2]\nfair:\n  tolerence: 0.1\n")
    code, text = run("tune", str(pack), "--targets", str(targets), "--out", str(tmp_path / "o"))
    assert code == 2
    assert (
        f"{targets}:3:3: 'fair' has no key 'tolerence' (it takes tolerance and sides); did you "
        "mean `tolerance`?"
    ) in text
    targets.write_text("players: [2]\ncards:\n  shield_matrix: {built: [0.5, 0.2]}\n")
    code, text = run("tune", str(pack), "--targets", str(targets), "--out", str(tmp_path / "o"))
    assert code == 2
    assert f"{targets}:3:26: shield_matrix's built must be [LOW, HIGH]" in text


@pytest.mark.parametrize(
    ("written", "told"),
    [
        ("players: [3, 3]\n", "1:14: 'players' lists 3 twice (first at {t}:1:11)"),
        (
            "players: [3]\nfair: {tolerance: 0.1, sides: [sunborn, iou_nell, sunborn]}\n",
            "2:51: 'fair' sides lists sunborn twice (first at {t}:2:32)",
        ),
    ],
)
def test_a_target_listed_twice_is_refused_at_the_second(
    tmp_path: Path, written: str, told: str
) -> None:
    """`players: [3, 3]` (meant `[3, 4]`?) and a side listed twice were merged into one
    without a word; each is told at the second, naming the first."""
    pack = planted_pack(tmp_path / "planted")
    targets = tmp_path / "targets.yaml"
    targets.write_text(written)
    code, text = run("tune", str(pack), "--targets", str(targets), "--out", str(tmp_path / "o"))
    assert code == 2, text
    assert f"{targets}:{told.format(t=targets)}; name each once" in " ".join(text.split())
    assert not (tmp_path / "o").exists()


def test_a_flag_target_given_twice_is_refused(tmp_path: Path) -> None:
    """Two --built of one card kept the last band without a word; --players 3 twice too."""
    pack = planted_pack(tmp_path / "planted")
    out = ("--out", str(tmp_path / "o"))
    built = ("--built", "sunborn=0.1-0.2", "--built", "sunborn=0.3-0.4")
    code, text = run("tune", str(pack), *built, *out)
    assert code == 2 and (
        "--built sunborn=0.3-0.4: sunborn has a band already (sunborn=0.1-0.2); give each card once"
    ) in " ".join(text.split())
    code, text = run("tune", str(pack), "--players", "3", "--players", "3", *out)
    assert code == 2 and "--players 3 is given twice; give each count once" in text


#: Nine levels of nine aliases: 387 million values once expanded.
BOMB = (
    "a: &a [1,1,1,1,1,1,1,1,1]\n"
    + "".join(
        f"{x}: &{x} [{', '.join([f'*{y}'] * 9)}]\n"
        for y, x in zip("abcdefg", "bcdefgh", strict=True)
    )
    + "players: [2]\n"
)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("players: [2]\nplayers: [3]\n",
         "targets.yaml:2:1: error[E0502]: the key `players` appears twice in this mapping"),
        ("players: [2]\n  fair: 0.1\n", "targets.yaml:2:3: error[E0501]: this line is indented"),
        (BOMB,
         "targets.yaml:1:24: error[E0506]: the data expands to more than 200,000 values"),
        ("!!python/object/apply:os.system ['echo hi']\n",
         "targets.yaml:1:1: error[E0503]: the YAML tag `!!python/object/apply:os.system`"),
    ],
)  # fmt: skip
def test_a_targets_file_is_read_as_safely_as_a_pack_file_and_told_where(
    tmp_path: Path, text: str, said: str
) -> None:
    """The targets were read with ruamel's safe loader: a duplicate key was "cannot be read
    as YAML (while constructing a mapping)" with no line, and an alias bomb was expanded
    whole (nine levels of nine: 387 million values) before anything was said."""
    pack = planted_pack(tmp_path / "planted")
    targets = tmp_path / "targets.yaml"
    targets.write_text(text)
    code, output = run("tune", str(pack), "--targets", str(targets), "--out", str(tmp_path / "o"))
    assert code == 2 and said in output, output


def test_a_target_card_the_packs_do_not_have_is_refused_before_any_game(tmp_path: Path) -> None:
    """`cards: {sunbrn: ...}` played the whole baseline and then said too few games judged
    any target; a card no pack has can never be built."""
    pack = planted_pack(tmp_path / "planted")
    code, text = run("tune", str(pack), "--built", "sunbrn=0.2-0.4", *SHORT,
                     "--out", str(tmp_path / "out"))  # fmt: skip
    assert code == 1, text
    assert text.strip() == (
        "Error: the targets name the card 'sunbrn', which planted and the packs it depends on "
        "do not have; did you mean `sunborn`?"
    )
    assert not (tmp_path / "out" / "journal.json").exists()


def test_a_fair_side_the_packs_do_not_have_is_refused_before_any_game(tmp_path: Path) -> None:
    """`fair: {sides: [sunbrn]}` played the whole baseline and then said no side was seated
    often enough, "raise --games": no number of games seats a side no pack has."""
    pack = planted_pack(tmp_path / "planted")
    targets = tmp_path / "targets.yaml"
    targets.write_text("players: [2]\nfair: {tolerance: 0.1, sides: [sunbrn]}\n")
    code, text = run("tune", str(pack), "--targets", str(targets), *SHORT[4:],
                     "--out", str(tmp_path / "out"))  # fmt: skip
    assert code == 1, text
    # told at its place in the file, as the file's other problems are (it named no place)
    assert text.strip() == (
        f"Error: {targets}:2:32: the targets name the side 'sunbrn', which planted and the "
        "packs it depends on do not have; did you mean `sunborn`?"
    )
    assert not (tmp_path / "out" / "journal.json").exists()


def test_a_target_card_in_a_targets_file_is_refused_at_its_line(tmp_path: Path) -> None:
    """A card of a targets file no pack has was told without a place (as `--built` is)."""
    pack = planted_pack(tmp_path / "planted")
    targets = tmp_path / "targets.yaml"
    targets.write_text("players: [2]\ncards:\n  sunbrn: {built: [0.2, 0.4]}\n")
    code, text = run("tune", str(pack), "--targets", str(targets), *SHORT[4:],
                     "--out", str(tmp_path / "out"))  # fmt: skip
    assert code == 1, text
    assert text.strip() == (
        f"Error: {targets}:3:3: the targets name the card 'sunbrn', which planted and the "
        "packs it depends on do not have; did you mean `sunborn`?"
    )


@pytest.mark.parametrize(("written", "column"), [("[2, 5]", 14), ("5", 10)])
def test_a_player_count_of_a_targets_file_the_game_does_not_seat_is_told_in_the_file(
    tmp_path: Path, written: str, column: int
) -> None:
    """`players: [2, 5]` in a targets file was told "Invalid value for --players", an option
    the command line did not give; it is told at the count, in the file."""
    pack = planted_pack(tmp_path / "planted")
    targets = tmp_path / "targets.yaml"
    targets.write_text(f"players: {written}\n")
    code, text = run("tune", str(pack), "--targets", str(targets), *SHORT[4:],
                     "--out", str(tmp_path / "out"))  # fmt: skip
    assert code == 1, text
    assert text.strip() == (
        f"Error: {targets}:1:{column}: 'players' lists 5: Last Light is for 2 to 4 players"
    )
    assert not (tmp_path / "out" / "journal.json").exists()


def test_an_existing_tuning_needs_resume_or_force(tmp_path: Path) -> None:
    pack = _plain_pack(tmp_path / "plain")
    out = tmp_path / "out"
    out.mkdir()
    (out / "tune-settings.json").write_text("{}")
    code, text = run("tune", str(pack), *SHORT, "--out", str(out))
    assert code == 2
    assert f"{out} holds a tuning: continue it with --resume {out}, or use --force" in text


def test_without_optuna_it_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "optuna", None)  # as if it were not installed
    pack = planted_pack(tmp_path / "planted")
    out = tmp_path / "out"
    code, text = run("tune", str(pack), *SHORT, "--out", str(out))
    assert code == 1
    assert text.strip() == (
        "Error: tune needs Optuna: pip install 'whitedwarf[tune]' (or pip install optuna)"
    )
    assert not out.exists()


def test_too_few_games_to_judge_is_said(tmp_path: Path) -> None:
    """Sunborn in 2 of 4 games at most: no side seated 6 times, nothing can be judged (it
    was "every target met")."""
    pack = planted_pack(tmp_path / "planted")
    code, text = run("tune", str(pack), *SHORT, "--out", str(tmp_path / "out"))
    assert code == 1
    assert text.strip().endswith(
        "Error: too few games to judge any target: no side was seated 6 times in 4 games a "
        "player count; raise --games"
    )


def test_settings_given_with_resume_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "tune-settings.json").write_text("{}")
    code, text = run("tune", "--resume", str(out), "--games", "100", "--move", "x")
    assert code == 2
    assert (
        "Error: --resume continues the tuning with the settings it was started with, so "
        "--move, --games would be ignored: leave them out, or start a new tuning with --out"
    ) in text


def test_a_pack_changed_since_the_tuning_started_is_not_resumed(tmp_path: Path) -> None:
    pack = planted_pack(tmp_path / "planted")
    out = tmp_path / "out"
    code, text = run("tune", str(pack), *SHORT, "--out", str(out))  # too few games: stops
    assert code == 1 and (out / "tune-settings.json").exists()
    factions = pack / "factions.yaml"
    factions.write_text(factions.read_text().replace("gain 4 light", "gain 5 light"))
    code, text = run("tune", "--resume", str(out))
    assert code == 1
    assert text.strip() == (
        f"Error: {pack} changed since this tuning started: its games would not be the same; "
        "start a new tuning with --out (or --force)"
    )


def test_write_and_dry_run_together_are_refused(tmp_path: Path) -> None:
    """--dry-run won and --write was dropped without a word: the designer who asked for
    both did not learn that the pack was left as it was."""
    pack = planted_pack(tmp_path / "planted")
    code, text = run("tune", str(pack), "--write", "--dry-run", *SHORT,
                     "--out", str(tmp_path / "out"))  # fmt: skip
    assert code == 2
    assert text.strip().splitlines()[-1] == (
        "Error: --dry-run prints the change and writes nothing, --write makes it in the "
        "pack's files: give one of them"
    )
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("games", "x", "'games' must be a whole number 2 to 100000, not 'x'"),
        ("budget", 10**9, "'budget' must be a whole number 1 to 10000, not 1000000000"),
        ("move_all_invented", "yes", "'move_all_invented' must be true or false, not 'yes'"),
        ("targets", [], "'targets' must be a JSON object, not []"),
        ("extra", 1, "unknown setting 'extra'"),
    ],
)
def test_an_edited_setting_of_a_tuning_is_refused_at_its_file(
    tmp_path: Path, key: str, value: object, said: str
) -> None:
    """The settings a tuning keeps were used as the file had them: an edited one ended in
    an internal error, or was used out of its option's range."""
    pack = planted_pack(tmp_path / "planted")
    out = tmp_path / "out"
    code, text = run("tune", str(pack), *SHORT, "--out", str(out))  # too few games: stops
    assert code == 1 and (out / "tune-settings.json").exists()
    path = out / "tune-settings.json"
    path.write_text(json.dumps({**json.loads(path.read_text()), key: value}))
    code, text = run("tune", "--resume", str(out))
    assert code == 1, text
    assert text.strip() == f"Error: {path}: {said}; the tuning was left as it is"


@pytest.mark.parametrize(
    ("journal", "said"),
    [
        ([], "not a JSON object"),
        ({"baseline": None, "candidates": 5}, "'candidates' is not a list"),
        ({"baseline": {"values": "x"}, "candidates": []}, "baseline is not an evaluation"),
        ({"baseline": None, "candidates": [], "extra": 1}, "unknown key 'extra'"),
        ({"baseline": None, "candidates": [], "confirmation": 5}, "'confirmation' is not"),
    ],
)
def test_an_edited_journal_is_refused_as_damaged(
    tmp_path: Path, journal: object, said: str
) -> None:
    """A journal of valid JSON but not of a tuning's shape ended in an internal error (a
    KeyError or TypeError) when the resumed search read it."""
    pack = planted_pack(tmp_path / "planted")
    out = tmp_path / "out"
    code, text = run("tune", str(pack), *SHORT, "--out", str(out))  # too few games: stops
    assert code == 1 and (out / "tune-settings.json").exists()
    path = out / "journal.json"
    path.write_text(json.dumps(journal))
    code, text = run("tune", "--resume", str(out))
    assert code == 1, text
    assert text.strip().startswith(f"Error: {path} is damaged ({said}"), text
    assert text.strip().endswith("): start a new tuning with --out (or --force)"), text
