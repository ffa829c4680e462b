"""Does the engine's cost grow with the length of a game? Per-decision cost at two game
lengths, and clone/save/load/hash of a state early and late in a game.

Run: ``python benchmarks/length_bench.py [--quick] [--games N]``.

1. Random 4-player games of the base pack with the game-end light (``supply.yaml`` rules
   ``game_end_light``, 20 in the base game) set to 10 and to 40: CPU microseconds per
   decision, best of three rounds (the machine is shared; the best round is the least
   disturbed). Target (the engine speed issue): a game to 40 light costs no more per decision
   than a game to 10.
   With ``--by-ships``, the same games' decisions (one round) are also grouped by the ships on
   the board when each is made: a position's size, which a longer game reaches, against the
   cost of a decision there (CPU nanoseconds of each decision, noisier than whole games).
   With ``--by-kind``, they are grouped by what is decided (the task and step on top, or an
   effect's question, :func:`decision_kind`), and the gap between the two lengths is split in
   two: the 40-light mix of decisions priced at the 10-light cost of each kind (what the longer
   game's different mix alone costs: more attacks, more effects asking), and the 10-light mix
   priced at the 40-light costs (what a bigger position alone costs). ``--lines`` counts the
   Python lines each decision runs instead of its time: slower, but the same on every machine;
   the lines are also split between the modules that run card programs (the cards in play:
   a longer game has more) and the rules' own steps.
2. One seeded 4-player game to 40 light, stopped after 100 and after 2,000 decisions: the
   time to clone, save, load and hash each state, and the size of the save. Target: the same
   at both points (the decision log is kept beside the state, not in it).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine_bench import mid_game  # the same seeded random game, stopped part way
from whitedwarf.interpreter.bots import make_bot
from whitedwarf.interpreter.lastlight import persist
from whitedwarf.interpreter.lastlight.content import GameContent
from whitedwarf.interpreter.lastlight.game import Game, load_game_content
from whitedwarf.interpreter.runner import play
from whitedwarf.interpreter.state import clone, state_hash


def game_to(light: int, players: int = 4) -> Game:
    """A game of the base pack that ends at ``light`` light instead of 20."""
    base = load_game_content()
    files = copy.deepcopy(base.files)
    files["supply"]["rules"]["game_end_light"] = light
    return Game.from_content(GameContent(files, base.name), players)


def per_decision(game: Game, count: int, rounds: int = 3) -> tuple[float, float]:
    """Best-of-``rounds`` CPU microseconds per decision over ``count`` seeded games, and the
    mean decisions per game."""
    play(game, game.new_state(9_999), [make_bot("random", 9_999, s) for s in range(4)])
    best, decisions = float("inf"), 0
    for _ in range(rounds):
        decisions, start = 0, time.process_time()
        for seed in range(count):
            bots = [make_bot("random", seed, seat) for seat in range(game.players)]
            decisions += play(game, game.new_state(seed), bots).decisions
        best = min(best, (time.process_time() - start) / decisions * 1e6)
    return best, decisions / count


def by_ships(game: Game, count: int, width: int = 5) -> dict[int, tuple[int, float]]:
    """Decisions of ``count`` seeded games grouped by the ships on the board (in bins of
    ``width``): ``bin -> (decisions, mean microseconds per decision)``."""
    found: dict[int, list[int]] = {}
    for seed in range(count):
        state = game.new_state(seed)
        bots = [make_bot("random", seed, seat) for seat in range(game.players)]
        while not game.is_terminal(state):
            ships = len(state["ships"]) // width * width
            start = time.process_time_ns()
            seat = game.current_players(state)[0]
            chosen = bots[seat].choose(state, seat, game.legal_options(state, seat))
            game.apply(state, seat, chosen, check=False)
            spent = time.process_time_ns() - start
            slot = found.setdefault(ships, [0, 0])
            slot[0] += 1
            slot[1] += spent
    return {k: (n, ns / n / 1e3) for k, (n, ns) in sorted(found.items())}


def decision_kind(state: dict[str, Any]) -> str:
    """What the next decision is about: ``frame`` (an effect asks its owner), the phase
    (``choose``, ``setup``), or the task and step on top of the stack (``attack:roll``)."""
    if state["frames"]:
        return "frame"
    if state["phase"] != "resolve":
        return str(state["phase"])
    top = state["stack"][-1]
    return f"{top['kind']}:{top['pc']}"


KindCosts = dict[str, tuple[int, float]]


#: The engine modules that run card programs: their lines are the work of the cards in play
#: (a longer game has more of them), the other modules' lines the rules' own steps.
CARD_MODULES = frozenset(
    ("vm.py", "effects.py", "verbs.py", "selectors.py", "conditions.py", "modifiers.py", "hooks.py")
)


class LineCounter:
    """Counts the Python lines run while it is on (``sys.settrace``): a cost that is the same
    on every machine and every run, unlike CPU time on a shared machine. Lines in
    :data:`CARD_MODULES` are also counted apart (``card_lines``)."""

    def __init__(self) -> None:
        self.lines = self.card_lines = 0

    def __enter__(self) -> LineCounter:
        sys.settrace(self._call)
        return self

    def __exit__(self, *_: object) -> None:
        sys.settrace(None)

    def _call(self, frame: Any, event: str, arg: Any) -> Any:
        if event != "call":
            return None
        module = frame.f_code.co_filename.rsplit("/", 1)[-1]
        return self._card_line if module in CARD_MODULES else self._line

    def _line(self, frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            self.lines += 1
        return self._line

    def _card_line(self, frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            self.lines += 1
            self.card_lines += 1
        return self._card_line


def by_kind(game: Game, count: int, lines: bool = False) -> dict[str, KindCosts]:
    """Decisions of ``count`` seeded games grouped by :func:`decision_kind`:
    ``kind -> (decisions, mean cost per decision)``, the cost in CPU microseconds
    (``{"us": costs}``), or with ``lines`` in Python lines run (:class:`LineCounter`), in all,
    in the modules that run card programs, and in the others."""
    found: dict[str, list[list[float]]] = {}
    for seed in range(count):
        state = game.new_state(seed)
        bots = [make_bot("random", seed, seat) for seat in range(game.players)]
        while not game.is_terminal(state):
            kind = decision_kind(state)
            counter, start = LineCounter(), time.process_time_ns()
            with counter if lines else contextlib.nullcontext():
                seat = game.current_players(state)[0]
                chosen = bots[seat].choose(state, seat, game.legal_options(state, seat))
                game.apply(state, seat, chosen, check=False)
            spent = (
                [counter.lines, counter.card_lines, counter.lines - counter.card_lines]
                if lines
                else [(time.process_time_ns() - start) / 1e3]
            )
            slot = found.setdefault(kind, [[0.0] * len(spent) for _ in range(2)])
            for i, cost in enumerate(spent):
                slot[0][i] += 1
                slot[1][i] += cost
    names = ["lines", "lines running card programs", "lines of the rules' own steps"]
    return {
        name: {k: (int(n[i]), cost[i] / n[i]) for k, (n, cost) in found.items()}
        for i, name in enumerate(names if lines else ["us"])
    }


def priced(mix: KindCosts, costs: KindCosts) -> float:
    """Mean cost per decision of ``mix``'s decisions, each kind at its cost in ``costs`` (its
    own cost where ``costs`` never met that kind)."""
    total = sum(n for n, _ in mix.values())
    return sum(n * costs.get(kind, (0, cost))[1] for kind, (n, cost) in mix.items()) / total


def print_by_kind(short: dict[str, KindCosts], long_: dict[str, KindCosts]) -> None:
    """The per-kind table and, for each measure, the split of the gap into mix and position."""
    unit = next(iter(short))
    print(f"\nThe same games' decisions by kind: share of decisions, {unit}/decision\n")
    print("| kind | to 10 light | to 40 light |")
    print("| --- | --- | --- |")
    first = [short[unit], long_[unit]]
    totals = [sum(n for n, _ in found.values()) for found in first]
    for kind in sorted(set(first[0]) | set(first[1]), key=lambda k: -first[1].get(k, (0, 0))[0]):
        cells = [
            f"{100 * found[kind][0] / total:.1f}% at {found[kind][1]:.1f}" if kind in found else "-"
            for found, total in zip(first, totals, strict=True)
        ]
        print(f"| {kind} | {' | '.join(cells)} |")
    for measure in short:
        few, many = short[measure], long_[measure]
        base = priced(few, few)
        rows = [
            ("to 10 light", base),
            ("to 40 light", priced(many, many)),
            ("40-light mix at 10-light kind costs (the mix alone)", priced(many, few)),
            ("10-light mix at 40-light kind costs (the position alone)", priced(few, many)),
        ]
        print(f"\n{measure} a decision:")
        for label, cost in rows:
            print(f"  {label}: {cost:.2f} ({cost / base:.3f}x)")


def per_call(fn: Callable[[], Any], budget: float) -> float:
    """Best-of-five microseconds per call of ``fn``, each round about ``budget / 5`` s."""
    best = float("inf")
    for _ in range(5):
        calls, start = 0, time.process_time()
        while True:
            fn()
            calls += 1
            spent = time.process_time() - start
            if spent >= budget / 5:
                break
        best = min(best, spent / calls * 1e6)
    return best


def operations(state: dict[str, Any], text: str, budget: float) -> list[float]:
    """Microseconds to clone, save, load (``text``) and hash ``state``."""
    return [
        per_call(lambda: clone(state), budget),
        per_call(lambda: persist.save(state), budget),
        per_call(lambda: persist.load(text), budget),
        per_call(lambda: state_hash(state), budget),
    ]


def main(argv: list[str] | None = None) -> None:
    """Measure and print the two tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke run)")
    parser.add_argument("--games", type=int, help="games per length")
    parser.add_argument(
        "--by-ships", action="store_true", help="also the cost by ships on the board"
    )
    parser.add_argument(
        "--by-kind",
        action="store_true",
        help="also the cost by kind of decision, and the gap split into mix and position size",
    )
    parser.add_argument(
        "--lines",
        action="store_true",
        help="with --by-kind: cost in Python lines run (the same on every machine), not time",
    )
    args = parser.parse_args(argv)
    count = args.games or (3 if args.quick else 15)
    budget = 0.3 if args.quick else 1.5
    print(f"Cost per decision by game length, 4 players, CPU time, best of 3 x {count} games\n")
    print("| game ends at | decisions/game | us/decision |")
    print("| --- | --- | --- |")
    games = {light: game_to(light) for light in (10, 40)}
    for light, game in games.items():
        cost, length = per_decision(game, count)  # warms the game's caches too
        print(f"| {light} light | {length:.0f} | {cost:.1f} |")
    if args.by_ships:
        print("\nThe same games' decisions by ships on the board, us/decision (decisions)\n")
        print("| ships | to 10 light | to 40 light |")
        print("| --- | --- | --- |")
        short, long_ = by_ships(games[10], count), by_ships(games[40], count)
        for ships in sorted(set(short) | set(long_)):
            cells = [
                f"{found[ships][1]:.1f} ({found[ships][0]:,})" if ships in found else "-"
                for found in (short, long_)
            ]
            print(f"| {ships}-{ships + 4} | {' | '.join(cells)} |")
    if args.by_kind:
        print_by_kind(*(by_kind(games[light], count, args.lines) for light in (10, 40)))
    game = game_to(40)
    print("\nState operations early and late in one game (4 players, to 40 light, seed 3)\n")
    print("| decisions made | save size | clone us | save us | load us | hash us |")
    print("| --- | --- | --- | --- | --- | --- |")
    for made in (100, 2_000):
        state = mid_game(game, decisions=made)
        text = persist.save(state)
        cells = " | ".join(f"{t:.0f}" for t in operations(state, text, budget))
        print(f"| {made:,} | {len(text):,} bytes | {cells} |")


if __name__ == "__main__":
    main()
