"""Starlight's events in words (interpreter/starlight/narrate.py): `play --trace` says what
happened in one sentence per event, and every event kind the engine emits has a sentence."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import whitedwarf.interpreter.starlight as starlight
from click.testing import CliRunner
from whitedwarf.interpreter.starlight import events, scenario
from whitedwarf.interpreter.starlight.narrate import WORDING, describe

from tests.starlight.godmod import GOD, Trace, god_game, start_turn
from tests.starlight.helpers import make_game

PACKAGE = Path(starlight.__file__).parent
PACK = Path(__file__).resolve().parents[2] / "content" / "starlight"
#: ``emit(state, "kind", ...)`` wherever the engine announces an event.
EMIT = re.compile(r"""emit\(\s*\w+,\s*["'](\w+)["']""")


def emitted_kinds() -> set[str]:
    """Every kind the engine's source emits, and every kind events.py documents."""
    found = {kind for path in PACKAGE.glob("*.py") for kind in EMIT.findall(path.read_text())}
    documented = set(re.findall(r"^``(\w+)``", events.__doc__ or "", re.MULTILINE))
    return found | documented


def test_every_event_kind_the_engine_emits_has_a_sentence() -> None:
    kinds = emitted_kinds()
    assert len(kinds) >= 15  # the table of events.py
    assert sorted(kinds - WORDING.keys()) == [], "a new event kind needs wording in narrate.py"


def _heard(seed: int) -> list[dict[str, Any]]:
    game = make_game(("live", "starbot", "live"), gods=True)
    heard: list[dict[str, Any]] = []
    game.listen(heard.append)
    state = game.new_state(seed)
    draw = random.Random(seed)
    while not game.is_terminal(state):
        seat = game.current_players(state)[0]
        options = game.legal_options(state, seat)
        keen = [o for o in options if o.id not in ("end", "cancel", "done", "no")]
        game.apply(state, seat, draw.choice(keen if keen and draw.random() < 0.9 else options).id)
    return heard


def test_every_event_of_whole_games_reads_as_one_sentence() -> None:
    seen: set[str] = set()
    for seed in range(3):
        for event in _heard(seed):
            line = describe(event)
            seen.add(event["kind"])
            assert "\n" not in line and "{" not in line and "without wording" not in line, line
            assert re.match(r"^(round [ \d]{2}\d+|setup) seat [-\d]: \S", line), line
    assert {"turn", "step", "action", "take", "launch", "points", "starbot", "game_end"} <= seen


def test_a_launch_and_what_follows_it_in_words() -> None:
    launch = {"kind": "launch", "round": 3, "seat": 1, "core": "achernar", "magnitude": 5,
              "slot": "aquila_4"}  # fmt: skip
    points = {"kind": "points", "round": 3, "seat": 1, "amount": 9, "source": "slot"}
    privilege = {"kind": "privilege", "round": 3, "seat": 1, "privilege": "refill_rays"}
    assert describe(launch) == (
        "round   3 seat 1: launches a magnitude-5 star (Core Achernar) into Aquila slot 4"
    )
    assert describe(points) == "round   3 seat 1: scores 9 night points for the slot"
    assert describe(privilege) == "round   3 seat 1: gains the privilege Refill Rays"
    slotless = {**launch, "slot": None, "magnitude": 6}
    assert "without a slot (the final launch" in describe(slotless)
    boon = {"kind": "flare", "round": 2, "seat": 0, "card": "star_chorus", "box": "boon"}
    assert describe(boon).endswith("uses the boon (green box) of the Flare Star Chorus; it turns "
                                   "face down")  # fmt: skip
    end = {"kind": "game_end", "round": 15, "seat": None, "winners": [0, 2], "reason": "daybreak",
           "tiebreak": "shared", "points": [70, 12, 70]}  # fmt: skip
    assert describe(end) == (
        "round  15 seat -: game over (daybreak): seats 0, 2 share the win "
        "(seat 0: 70, seat 1: 12, seat 2: 70); tied on points, stars and constellations: "
        "a shared win"
    )


def test_play_trace_speaks_starlight() -> None:
    from whitedwarf.tools.cli import main

    result = CliRunner().invoke(
        main,
        ["play", "--pack", str(PACK), "--seats", "heuristic,starbot", "--seed", "3",
         "--trace"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    trace = [line for line in result.output.splitlines() if line.startswith(("round", "setup"))]
    assert trace and not [line for line in trace if "{" in line]
    assert any(": launches a magnitude-" in line for line in trace)
    assert any(": turns up the Starbot card " in line for line in trace)


def test_play_trace_says_which_gods_each_seat_was_dealt() -> None:
    """003 "The Gods": each live player is dealt two and keeps one; the trace says the two
    (by their printed names) before the seat's choice, and a Starbot is dealt none."""
    from whitedwarf.tools.cli import main

    result = CliRunner().invoke(
        main,
        ["play", "--pack", str(PACK), "--seats", "random,random,starbot", "--seed", "7",
         "--option", "gods=true", "--trace"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    dealt = [line for line in lines if ": is dealt the gods " in line]
    assert [line.split(":")[0] for line in dealt] == ["round   1 seat 0", "round   1 seat 1"]
    for seat, line in enumerate(dealt):
        names = line.split("is dealt the gods ")[1].removesuffix(", to keep one").split(" and ")
        (kept,) = [x for x in lines if x.startswith(f"round   1 seat {seat}: decides: keep ")]
        assert len(names) == 2 and kept.split("decides: keep ")[1].split(" [")[0] in names
        assert lines.index(line) < lines.index(kept)


def test_decision_labels_name_things_as_the_events_do() -> None:
    """A Starlight decision says "buy the Flare Rainbow", "launch to Lyra slot 2", "take the
    action of Gain Cores", as the events do ("buys the Flare Rainbow"), never a pack id
    (``rainbow``, ``lyra_2``, ``gain_cores``); the option ids a replay records are unchanged."""
    from whitedwarf.tools.cli import main

    result = CliRunner().invoke(
        main,
        ["play", "--pack", str(PACK), "--seats", "random,heuristic,starbot", "--seed", "7",
         "--option", "gods=true", "--trace"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    decided = [line for line in result.stderr.splitlines() if ": decides: " in line]
    labels = {line.split(": decides: ")[1].rsplit(" [", 1)[0]: line for line in decided}
    options = {line.rsplit(" [", 1)[1].rstrip("]") for line in decided}
    # An effect's own choice (``branch:N``) is labelled with the words its card wrote.
    worded = {label: line for label, line in labels.items() if "[branch:" not in line}
    assert worded and not [label for label in worded if "_" in label], sorted(worded)
    assert any(label.startswith("buy the Flare ") for label in labels)
    assert any(re.fullmatch(r"launch to \w+ slot \d+", label) for label in labels)
    assert any(re.fullmatch(r"place your marker on [A-Z][\w ]+ and take its action", label)
               for label in labels)  # fmt: skip
    assert any(option.startswith("slot:") and "_" in option for option in options)


def test_play_trace_says_when_a_god_is_triggered_and_when_it_did_nothing(tmp_path: Path) -> None:
    """A designer watching a god (``play --trace``) sees each of its triggers start, or come
    and do nothing because its ``when ... if`` condition was false (Astraea: ``when
    star_launched if star_magnitude >= 3``, seed 25 has both: seed 16's seat kept another god
    once the heuristic drew among gods alike, SL103); these notes are the trace's
    only, so the replay holds the same events as an untraced game's and verifies."""
    from whitedwarf.interpreter.replay import read_replay
    from whitedwarf.tools.cli import main

    runs = {}
    for traced in (True, False):
        log = tmp_path / f"game-{traced}.jsonl"
        seats = "heuristic,heuristic,heuristic"
        args = ["play", "--pack", str(PACK), "--seats", seats, "--seed", "25",
                "--option", "gods=true", "--replay", str(log)]  # fmt: skip
        result = CliRunner().invoke(main, [*args, "--trace"] if traced else args)
        assert result.exit_code == 0, result.output
        runs[traced] = (result.stderr.splitlines(), read_replay(log).events)
    lines = runs[True][0]
    assert any(": decides: keep Astraea" in line for line in lines)
    told = [line for line in lines if "the god Astraea is triggered (when star_launched)" in line]
    assert any(line.endswith("but its condition is false: did nothing") for line in told)
    assert any(line.endswith("(when star_launched)") for line in told)  # a magnitude-3 star
    assert runs[True][1] == runs[False][1]
    verified = CliRunner().invoke(main, ["replay", str(tmp_path / "game-True.jsonl")])
    assert verified.exit_code == 0, verified.output


def test_a_ray_is_named_with_its_article() -> None:
    taken = {"kind": "take", "round": 1, "seat": 0, "what": "ray"}
    orange = describe({**taken, "item": "orange:long", "cost": 1})
    assert orange.endswith("takes an orange long ray (1 AP)")
    assert describe({**taken, "item": "blue:short", "cost": 0}).endswith(
        "takes a blue short ray (free)"
    )


def test_play_trace_says_what_a_card_does_step_by_step(tmp_path: Path) -> None:
    """A designer watching a card (``play --trace``) sees each step of its effect as it runs,
    as Last Light's trace does (``korrin: gain 1 light``), and what a gain took from a pool:
    a flare's boon ``gain 2 long_rays`` is followed by the two rays its owner got, a god's
    ``gain 4 night_points`` by the points. The lines are notes: the replay is the same as
    an untraced game's and verifies."""
    from whitedwarf.interpreter.replay import read_replay
    from whitedwarf.tools.cli import main

    runs = {}
    for traced in (True, False):
        log = tmp_path / f"game-{traced}.jsonl"
        args = ["play", "--pack", str(PACK), "--seats", "random,random,starbot", "--seed", "7",
                "--option", "gods=true", "--replay", str(log)]  # fmt: skip
        result = CliRunner().invoke(main, [*args, "--trace"] if traced else args)
        assert result.exit_code == 0, result.output
        runs[traced] = (result.stderr.splitlines(), read_replay(log).events)
    lines = runs[True][0]
    boon = lines.index("round   5 seat 0: the flare Star Chorus: gain 2 long_rays")
    assert lines[boon - 1].endswith("of the Flare Star Chorus; it turns face down")
    got = [line for line in lines[boon : boon + 5] if ": gets " in line]
    assert got == ["round   5 seat 0: gets a red long ray from the pool",
                   "round   5 seat 0: gets an orange long ray from the pool"]  # fmt: skip
    triggered = lines.index("round  18 seat 0: the god Hermod is triggered (when game_end)")
    assert lines[triggered + 1] == "round  18 seat 0: the god Hermod: gain 4 night_points"
    assert lines[triggered + 2] == "round  18 seat 0: scores 4 night points from a card's effect"
    assert runs[True][1] == runs[False][1]
    verified = CliRunner().invoke(main, ["replay", str(tmp_path / "game-True.jsonl")])
    assert verified.exit_code == 0, verified.output


def test_a_steal_names_the_seat_it_takes_from() -> None:
    from whitedwarf.interpreter.starlight.effects import args_text

    assert args_text("steal", [[1, "long_ray"], 2]) == "1 long_ray from seat 2"
    assert args_text("gain", [[2, "night_point"]]) == "2 night_points"
    assert args_text("flush", ["cores"]) == "cores"


def test_an_if_step_that_is_false_is_told_with_what_it_compared(tmp_path: Path) -> None:
    """A god's `if` step that does not hold is a trace line (a note), naming the value read
    and the comparison, whether the step stands alone or inside a loop over the players."""
    for number, effect in enumerate(
        (
            "when turn_start -> if night_points >= 4 or round >= 9 -> gain 2 ap",
            "when turn_start -> for each opponent -> if night_points of it >= 4 -> gain 2 ap",
        )
    ):
        (tmp_path / str(number)).mkdir()
        game = god_game(tmp_path / str(number), effect)
        state = scenario.blank(game)
        scenario.keep(game, state, 0, god=GOD)
        trace = Trace()
        game.listen(trace)
        start_turn(game, state, 0)
        told = [line for line in trace.lines if "if step" in line]
        assert told == [
            (
                "round   1 seat 0: the god Testgod: an if step is false (night_points is 0, "
                "not >= 4; round is 1, not >= 9): what it guards is skipped"
            )
            if number == 0
            else "round   1 seat 0: the god Testgod: an if step is false (night_points of that "
            "player is "
            "0, not >= 4): what it guards is skipped"
        ], trace.lines
