"""Engine speed on one core: random-agent games, decisions, clone, save/load and hashing.

Run: ``python benchmarks/engine_bench.py [--quick] [--games N] [--rounds R] [--core]
[--content DIR]``.

Every game is a full seeded game of the base pack with its card effects on (the real game),
driven exactly like ``whitedwarf play``: :func:`whitedwarf.interpreter.runner.play` with one
:class:`~whitedwarf.interpreter.bots.RandomBot` per seat. Times are CPU time of this process
(``time.process_time``), so other load on the machine does not count and the figures are per
core (a busy machine still slows them a little: shared caches). Each player count plays the
same seeded games in ``--rounds`` rounds (5 unless told) and keeps the fastest round, as
``timeit`` does: on this shared VM one round of 30 games lasts about 0.3 s and a single round
drifts by 5-10% from one run to the next; the fastest round is the least disturbed.
``--core`` stubs the effect entry points (hooks, tokens, achievements) to time the rules alone.
Prints a Markdown table.

Side by side with another checkout (issue 26: "measured side by side ... in one run"):
``python benchmarks/engine_bench.py --against DIR --python PY [--times 3] [--games 20]
[--rounds 3]`` runs this file and ``DIR/benchmarks/engine_bench.py`` (with the interpreter
``PY``, the one that has ``DIR`` installed) one after the other, ``--times`` times each, the
other first each time, and prints every run and the best of each side against the other.
With ``--content PACK`` both sides play that Last Light pack (the bundled packs of two
checkouts differ where the content was tuned, issue 25, and then their games are other
games), and both run this file, each with its own install (the file imports whatever
``whitedwarf`` its interpreter has; ``load_game_content`` takes the folder in both, as
``same_games.py --content`` relies on).

The per-content caches are warmed first, so the figures are the steady state of a long run
(a simulation of thousands of games): every card's effect is compiled (a one-time cost per
process, about 2 ms a card, that would otherwise land in whichever game first meets the card)
and one game is played. ``--cold`` warms with the one game only.

Targets (the engine speed issue): at least 20 full 4-player games per second and 50,000
decisions applied per second, per core.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.lastlight import effects, persist
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.game import Game, load_game_content
from whitedwarf.interpreter.runner import play
from whitedwarf.interpreter.state import clone, state_hash

#: Engine modules whose effect entry points ``--core`` replaces by no-ops.
MODULES = (
    "game", "research", "mine", "construct", "trade", "refresh", "command", "combat",
    "graveyard", "rotation",
)  # fmt: skip
ENTRY_POINTS = ("fire", "fire_each", "run_card", "check_achievements")


def stub_hooks() -> None:
    """Time the rules alone: card effects never start."""
    for name in MODULES:
        module = importlib.import_module(f"whitedwarf.interpreter.lastlight.{name}")
        for fn in ENTRY_POINTS:
            if hasattr(module, fn):
                setattr(module, fn, lambda *args, **kwargs: None)


def warm(game: Game, compile_all: bool = True) -> None:
    """Fill the per-content caches: compile every card's effect, then play one game."""
    if compile_all:
        rt = runtime({"content": game.content_id})
        for table in rt.cards.values():
            for cid in table:
                # A card that does not compile fails in the games that use it instead.
                with contextlib.suppress(effects.EffectContentError):
                    effects.card_effect(rt, cid)
    games(game, 1, first_seed=10_000)


def games(game: Game, count: int, first_seed: int = 0) -> tuple[float, int]:
    """CPU seconds and decisions for ``count`` seeded random games."""
    decisions = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + count):
        state = game.new_state(seed)
        bots = [make_bot("random", seed, seat) for seat in range(game.players)]
        decisions += play(game, state, bots).decisions
    return time.process_time() - start, decisions


def mid_game(game: Game, seed: int = 3, decisions: int = 400) -> dict[str, Any]:
    """A 4-player state some way into a random game (ships, techs and frames about)."""
    state = game.new_state(seed)
    bots = [make_bot("random", seed, seat) for seat in range(game.players)]
    for _ in range(decisions):
        if game.is_terminal(state):
            break
        seat = game.current_players(state)[0]
        option = bots[seat].choose(state, seat, game.legal_options(state, seat))
        game.apply(state, seat, option, check=False)
    return state


def per_call(fn: Callable[[], Any], budget: float) -> float:
    """Microseconds per call of ``fn``, repeated for about ``budget`` CPU seconds."""
    calls, start = 0, time.process_time()
    while True:
        fn()
        calls += 1
        spent = time.process_time() - start
        if spent >= budget:
            return spent / calls * 1e6


#: The rows :func:`against` compares, and whether more is better (a rate) or worse (a time).
COMPARED = {
    "4-player games": ("4-player decisions/s", r"([\d,]+) decisions/s", True),
    "decisions applied (all games)": ("decisions/s, all player counts", r"([\d,]+) /s", True),
    "clone (4p, mid-game)": ("clone (4p, mid-game), us", r"([\d,]+) us", False),
    "save (to_json)": ("save (to_json), us", r"([\d,]+) us", False),
    "load (from_json)": ("load (from_json), us", r"([\d,]+) us", False),
    "state hash": ("state hash, us", r"([\d,]+) us", False),
}


def _figures(output: str) -> dict[str, float]:
    """The figures of :data:`COMPARED` in one run's printed table."""
    found = {}
    for line in output.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] in COMPARED:
            match = re.search(COMPARED[cells[0]][1], " ".join(cells[1:]))
            if match:
                found[cells[0]] = float(match.group(1).replace(",", ""))
    return found


def against(
    other: Path, python: str, times: int, passed: list[str], same_file: bool = False
) -> None:
    """Run ``other``'s benchmark (with ``python``) and this one alternately, ``times`` each,
    the other first, and print each run and the best of each against the other.
    ``same_file``: the other side runs this file too (``--content``: the module docstring)."""
    here = str(Path(__file__).resolve())
    theirs = here if same_file else str(other / "benchmarks" / "engine_bench.py")
    commands = {"other": [python, theirs, *passed], "this": [sys.executable, here, *passed]}
    # The other side runs with its own install: a PYTHONPATH given for this side (a compiled
    # tree, mypyc_build.py) would put this side's package in its place.
    envs = {"other": {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "this": None}
    runs: dict[str, list[dict[str, float]]] = {"other": [], "this": []}
    for n in range(times):
        for side, command in commands.items():
            done = subprocess.run(
                command,
                capture_output=True,
                text=True,
                check=True,
                env=envs[side],
                cwd=other if side == "other" else None,  # not this checkout's folder on sys.path
            )
            runs[side].append(_figures(done.stdout))
            print(f"run {n + 1} of {times}, {side}: done", file=sys.stderr)
    print(f"Side by side, CPU time, {times} runs each alternated, {other} first each time")
    print(f"other: {other} ({python}); this: {Path(__file__).resolve().parents[1]}")
    print(f"arguments: {' '.join(passed) or '(none)'}; load average {os.getloadavg()}\n")
    print("| measure | other (each run) | this (each run) | best against best |")
    print("| --- | --- | --- | --- |")
    for key, (label, _, more_is_better) in COMPARED.items():
        a = [r[key] for r in runs["other"] if key in r]
        b = [r[key] for r in runs["this"] if key in r]
        if not a or not b:
            continue
        best_a, best_b = (max(a), max(b)) if more_is_better else (min(a), min(b))
        ratio = best_b / best_a if more_is_better else best_a / best_b
        cells = [" / ".join(f"{v:,.0f}" for v in side) for side in (a, b)]
        print(f"| {label} | {cells[0]} | {cells[1]} | {ratio:.2f}x |")
    print("\n(best against best: for times, the other's over this one's; above 1 is faster)")


def main(argv: list[str] | None = None) -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke run)")
    parser.add_argument("--games", type=int, help="games per player count")
    parser.add_argument(
        "--rounds", type=int, default=5, help="rounds of the same games; the fastest is kept"
    )
    parser.add_argument("--core", action="store_true", help="stub card effects")
    parser.add_argument("--cold", action="store_true", help="compile cards during the games")
    parser.add_argument("--against", type=Path, help="another checkout to run side by side")
    parser.add_argument("--python", default=sys.executable, help="the interpreter for --against")
    parser.add_argument("--times", type=int, default=3, help="runs of each side (--against)")
    parser.add_argument("--content", type=Path, help="play this Last Light pack folder")
    args = parser.parse_args(argv)
    if args.against is not None:
        passed = [f"--games={args.games}"] if args.games else []
        passed += [f"--rounds={args.rounds}"] + (["--quick"] if args.quick else [])
        passed += (["--core"] if args.core else []) + (["--cold"] if args.cold else [])
        if args.content is not None:
            passed.append(f"--content={args.content.resolve()}")
        same_file = args.content is not None
        against(args.against, args.python, args.times, passed, same_file)
        return
    count = args.games or (4 if args.quick else 30)
    budget = 0.3 if args.quick else 1.5
    if args.core:
        stub_hooks()
    content = load_game_content() if args.content is None else load_game_content([args.content])
    rows = []
    total_time = total_decisions = 0.0
    for players in (2, 3, 4):
        game = Game.from_content(content, players)
        warm(game, compile_all=not args.cold)
        spent, decisions = min(games(game, count) for _ in range(max(1, args.rounds)))
        total_time += spent
        total_decisions += decisions
        rows.append(
            (f"{players}-player games", f"{count / spent:.1f} games/s",
             f"{decisions / count:.0f} decisions/game, {decisions / spent:,.0f} decisions/s")
        )  # fmt: skip
    rows.append(("decisions applied (all games)", f"{total_decisions / total_time:,.0f} /s", ""))
    game = Game.from_content(content, 4)
    state = mid_game(game)
    text = persist.save(state)
    rows += [
        ("clone (4p, mid-game)", f"{per_call(lambda: clone(state), budget):.0f} us", ""),
        ("save (to_json)", f"{per_call(lambda: persist.save(state), budget):.0f} us",
         f"{len(text):,} bytes"),
        ("load (from_json)", f"{per_call(lambda: persist.load(text), budget):.0f} us", ""),
        ("state hash", f"{per_call(lambda: state_hash(state), budget):.0f} us", "sha256"),
    ]  # fmt: skip
    mode = "rules only (--core)" if args.core else "card effects on"
    mode += ", cards compiled during the games (--cold)" if args.cold else ", warm caches"
    pack = "base pack" if args.content is None else f"the pack in {args.content}"
    print(
        f"Engine benchmark, one core, CPU time, {pack}, {mode}, {count} games per count, "
        f"fastest of {max(1, args.rounds)} rounds\n"
    )
    print("| measure | value | notes |")
    print("| --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
