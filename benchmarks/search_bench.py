"""The ``search`` agent's simulations a second, in Last Light and in Starlight (issue 26).

Run: ``python benchmarks/search_bench.py [--games lastlight,starlight] [--seeds 0 2]
[--decisions 3] [--rounds 3] [--choices]``. Each seed is a game of the bundled pack (4
players of Last Light, 3 of Starlight) with a ``search`` agent in seat ``seed % players``
and ``heuristic`` agents in the others, all made as ``whitedwarf play`` makes them
(``GameEngine.make_agent``); the game is played until the search seat has made
``--decisions`` searched decisions (or ends). A simulation is one guess of the hidden cards
played out from one option for the agent's horizon (``SearchAgent._simulate``); the figure is
simulations per CPU second spent inside the search seat's ``choose`` (the heuristic seats'
time is not counted). Each round plays the same seeded games; the fastest is kept. The
games are the same from run to run, so two checkouts measured with it run the same
simulations if their engines play the same games. ``--choices`` prints, after the table, the
options the search seat chose at its searched decisions, game by game: a speed change of
the search must leave them as they were (compare the lines of two installs). ``--trace FILE``
writes, for every searched decision, the option chosen, every simulation's result and a
digest of the agent's generator state after it: two installs whose files are equal played
every simulation alike.

Side by side with another checkout (issue 26: "measured side by side ... in one run"):
``python benchmarks/search_bench.py --against DIR --python PY [--times 3] [...]`` runs this
file with the interpreter ``PY`` (the one that has ``DIR`` installed: the file imports
whatever ``whitedwarf`` its interpreter has) and with this one, one after the other,
``--times`` times each, the other first each time; then once more each with ``--trace`` and
``--choices``, and prints every run, the best of each side against the other and whether
the two traces are equal. Both sides run with ``WHITEDWARF_CARD_VALUES=off`` (the hand
weights), since a checkout without the learned card values (c473e1a) plays other games.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from whitedwarf.interpreter.engines import engine_for

PLAYERS = {"lastlight": 4, "starlight": 3}


class Counting:
    """A search agent's rules with the guesses it played counted (one per simulation)."""

    def __init__(self, rules: Any) -> None:
        self._rules = rules
        self.simulations = 0
        # Bound once: the agent calls them thousands of times a decision.
        for name in dir(rules):
            if not name.startswith("_") and name != "determinise":
                setattr(self, name, getattr(rules, name))

    def determinise(self, view: Any, seat: int, rng: Any) -> Any:
        world = self._rules.determinise(view, seat, rng)
        self.simulations += world is not None
        return world


def new_game(name: str) -> Any:
    """The bundled pack's game at its benchmark player count."""
    engine = engine_for(name)
    players = PLAYERS[name]
    if name == "lastlight":
        from whitedwarf.interpreter.lastlight.game import Game, load_game_content

        return engine, Game.from_content(load_game_content(), players)
    from whitedwarf.interpreter.starlight.content import load_content
    from whitedwarf.interpreter.starlight.game import Game as StarGame

    return engine, StarGame.from_content(load_content(), players, {"seats": ["live"] * players})


def traced(search: Any, results: list[float]) -> None:
    """Add every simulation's result of ``search`` to ``results`` (wraps its ``_simulate``)."""
    simulate = search._simulate

    def recorded(*args: Any) -> float:
        result: float = simulate(*args)
        results.append(result)
        return result

    search._simulate = recorded


def one_game(
    name: str,
    seed: int,
    decisions: int,
    chosen: list[str] | None = None,
    trace: list[str] | None = None,
) -> tuple[float, int, int]:
    """CPU seconds in the search seat's choices, its simulations and searched decisions;
    the options chosen at the searched decisions are added to ``chosen``, and one line a
    searched decision to ``trace`` (the module docstring)."""
    engine, game = new_game(name)
    me = seed % game.players
    bots = [engine.make_agent("heuristic", seed, seat, game) for seat in range(game.players)]
    search = engine.make_agent("search", seed, me, game)
    counting = Counting(search.rules)
    search.rules = counting
    results: list[float] = []
    if trace is not None:
        traced(search, results)
    bots[me] = search
    state = game.new_state(seed)
    spent, searched = 0.0, 0
    while not game.is_terminal(state) and searched < decisions:
        seat = game.current_players(state)[0]
        options = game.legal_options(state, seat)
        if seat == me:
            before, start = counting.simulations, time.process_time()
            option = search.choose(state, seat, options)
            spent += time.process_time() - start
            if counting.simulations > before:
                searched += 1
                if chosen is not None:
                    chosen.append(option)
                if trace is not None:
                    rng = hashlib.sha256(repr(search.rng.getstate()).encode()).hexdigest()[:16]
                    sims = " ".join(repr(r) for r in results)
                    trace.append(f"{name} seed {seed} {option} rng {rng} results {sims}")
                    results.clear()
        else:
            option = bots[seat].choose(state, seat, options)
        game.apply(state, seat, option)
    return spent, counting.simulations, searched


def measure(
    name: str,
    seeds: range,
    decisions: int,
    chosen: dict[int, list[str]] | None = None,
    trace: list[str] | None = None,
) -> tuple[float, int, int]:
    """Totals of :func:`one_game` over the seeds (``chosen``: seed -> options chosen)."""
    spent = simulations = searched = 0
    for seed in seeds:
        mine = None if chosen is None else chosen.setdefault(seed, [])
        s, n, d = one_game(name, seed, decisions, mine, trace)
        spent += s
        simulations += n
        searched += d
    return spent, simulations, searched


def _rates(output: str) -> dict[str, float]:
    """Game -> simulations a second, read from one run's printed table."""
    found = {}
    for line in output.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] in PLAYERS:
            found[cells[0]] = float(cells[1].replace(",", ""))
    return found


def against(other: Path, python: str, times: int, passed: list[str]) -> None:
    """Run this file with ``python`` (``other``'s install) and with this interpreter
    alternately, ``times`` each, the other first; print each run, the best of each side
    against the other, and whether their traces (``--trace``) are equal."""
    interpreters = {"other": python, "this": sys.executable}
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["WHITEDWARF_CARD_VALUES"] = "off"  # the same games on both sides (module docstring)
    here = str(Path(__file__).resolve())
    runs: dict[str, list[dict[str, float]]] = {"other": [], "this": []}
    loads = [os.getloadavg()[0]]
    for n in range(times):
        for side, interpreter in interpreters.items():
            done = subprocess.run(
                [interpreter, here, *passed], capture_output=True, text=True, check=True, env=env
            )
            runs[side].append(_rates(done.stdout))
            loads.append(os.getloadavg()[0])
            print(f"run {n + 1} of {times}, {side}: done", file=sys.stderr)
    traces = {}
    with tempfile.TemporaryDirectory() as folder:
        for side, interpreter in interpreters.items():
            path = Path(folder) / f"{side}.txt"
            command = [interpreter, here, *passed, "--rounds=1", "--choices", f"--trace={path}"]
            subprocess.run(command, capture_output=True, text=True, check=True, env=env)
            traces[side] = path.read_text().splitlines()
    print(f"Side by side, CPU time, {times} runs each alternated, {other} first each time")
    print(f"other: {other} ({python}); this: {Path(here).parents[1]}")
    print(f"arguments: {' '.join(passed) or '(none)'}; WHITEDWARF_CARD_VALUES=off; "
          f"load average (1 min) {min(loads):.1f}-{max(loads):.1f}\n")  # fmt: skip
    print("| simulations/s | other (each run) | this (each run) | best against best |")
    print("| --- | --- | --- | --- |")
    for game in PLAYERS:
        a = [r[game] for r in runs["other"] if game in r]
        b = [r[game] for r in runs["this"] if game in r]
        if a and b:
            cells = [" / ".join(f"{v:,.0f}" for v in side) for side in (a, b)]
            print(f"| {game} | {cells[0]} | {cells[1]} | {max(b) / max(a):.2f}x |")
    same = traces["other"] == traces["this"]
    simulations = sum(len(line.split(" results ")[1].split()) for line in traces["this"])
    verdict = "yes" if same else "NO"
    decisions = len(traces["this"])
    print(f"\nthe same choices, simulated results and generator states: {verdict} "
          f"({decisions} searched decisions, {simulations} simulations traced)")  # fmt: skip
    if not same:
        for mine, theirs in zip(traces["this"], traces["other"], strict=False):
            if mine != theirs:
                print(f"first difference:\n  other: {theirs[:300]}\n  this:  {mine[:300]}")
                break


def main(argv: list[str] | None = None) -> None:
    """Measure and print one table row per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="lastlight,starlight")
    parser.add_argument("--seeds", type=int, nargs=2, default=(0, 2))
    parser.add_argument("--decisions", type=int, default=3, help="searched decisions a game")
    parser.add_argument("--rounds", type=int, default=3, help="the fastest round is kept")
    parser.add_argument(
        "--choices", action="store_true", help="print the options chosen at searched decisions"
    )
    parser.add_argument("--trace", type=Path, help="write each searched decision's simulations")
    parser.add_argument("--against", type=Path, help="another checkout to run side by side")
    parser.add_argument("--python", default=sys.executable, help="the interpreter for --against")
    parser.add_argument("--times", type=int, default=3, help="runs of each side (--against)")
    args = parser.parse_args(argv)
    if args.against is not None:
        passed = [f"--games={args.games}", "--seeds", str(args.seeds[0]), str(args.seeds[1])]
        passed += [f"--decisions={args.decisions}", f"--rounds={args.rounds}"]
        against(args.against, args.python, args.times, passed)
        return
    print("| game | simulations/s | simulations | searched decisions | CPU s |")
    print("| --- | ---: | ---: | ---: | ---: |")
    chosen: dict[str, dict[int, list[str]]] = {}
    trace: list[str] = []
    for name in args.games.split(","):
        measure(name, range(args.seeds[0], args.seeds[0] + 1), 1)  # warm the caches
        rounds = [measure(name, range(*args.seeds), args.decisions) for _ in range(args.rounds)]
        spent, simulations, searched = min(rounds)
        print(f"| {name} | {simulations / spent:,.0f} | {simulations:,} | {searched} "
              f"| {spent:.2f} |")  # fmt: skip
        if args.choices or args.trace:
            mine = chosen.setdefault(name, {})
            measure(name, range(*args.seeds), args.decisions, mine, trace)
    if args.trace:
        args.trace.write_text("".join(line + "\n" for line in trace))
    if args.choices:
        for name, games in chosen.items():
            for seed, options in games.items():
                print(f"{name} seed {seed} searched: {' '.join(options)}")


if __name__ == "__main__":
    main()
