"""Fit the strong agent's leaf (``interpreter/lastlight/agents/leaf.py``) on heuristic games.

Run: ``python benchmarks/strong_leaf_fit.py --games 600 [--seed 1] [--players 3 4]``. Plays
``--games`` seeded games at each player count between ``heuristic`` seats (as ``simulate``
makes them), takes every seat's features (``leaf.seat_features``) at each round's end, and
fits a conditional logit (each game-round one choice set: the seats, the winner chosen; a
shared win split) by Newton's method with a small ridge. Prints the weights to paste into
``leaf.WEIGHTS``, and the held-out fit (the last fifth of the games): log-loss per position
against the hand-weighted lead's and the share of positions whose favourite won.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from whitedwarf.content import bundled_pack
from whitedwarf.interpreter.lastlight.agents import leaf
from whitedwarf.interpreter.runner import play
from whitedwarf.interpreter.simulation.batch import game_seed, load_game_content

#: Positions (choice sets) of one game: each a (seats x features) array.
Positions = list[np.ndarray]


def one_game(played: Any, players: int, seed: int) -> tuple[Positions, list[float]]:
    """The positions at each round's end of one heuristic game, and each seat's share of
    the win."""
    engine = played.engine
    kinds = ["heuristic"] * players
    game = engine.game.from_content(played.content, players, engine.game_options(kinds, 200))
    bots = [engine.make_agent(k, seed, s, game) for s, k in enumerate(kinds)]
    state = game.new_state(seed)
    positions: Positions = []
    seen = [int(state["round"])]

    def at_decision(seat: int, option: str) -> None:
        if state["phase"] in ("setup", "over") or int(state["round"]) == seen[0]:
            return
        seen[0] = int(state["round"])
        positions.append(np.array(leaf.seat_features(state), dtype=float))

    play(game, state, bots, on_decision=at_decision)
    winners = (game.result(state) or {}).get("winners") or []
    share = [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    return positions, share


def fit(sets: list[tuple[np.ndarray, np.ndarray]], ridge: float, scale: np.ndarray) -> np.ndarray:
    """The conditional logit's weights (features divided by ``scale`` while fitting)."""
    k = sets[0][0].shape[1]
    w = np.zeros(k)
    for _ in range(30):
        grad = -ridge * w
        hess = -ridge * np.eye(k)
        for x, y in sets:
            xs = x / scale
            s = xs @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            mean = p @ xs
            grad += y @ xs - y.sum() * mean
            centred = xs - mean
            hess -= y.sum() * (centred.T * p) @ centred
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w / scale


def loss(sets: list[tuple[np.ndarray, np.ndarray]], w: np.ndarray) -> tuple[float, float]:
    """Mean log-loss per position and the share whose favourite won."""
    total, hits = 0.0, 0.0
    for x, y in sets:
        s = x @ w
        p = np.exp(s - s.max())
        p /= p.sum()
        total -= float(y @ np.log(np.maximum(p, 1e-12)))
        hits += float(y[int(np.argmax(s))])
    return total / len(sets), hits / len(sets)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--ridge", type=float, default=1.0)
    args = parser.parse_args(argv)
    played = load_game_content([bundled_pack("lastlight")])
    train: list[tuple[np.ndarray, np.ndarray]] = []
    test: list[tuple[np.ndarray, np.ndarray]] = []
    for players in args.players:
        for index in range(args.games):
            positions, share = one_game(played, players, game_seed(args.seed, index))
            target = test if index >= args.games * 4 // 5 else train
            target.extend((x, np.array(share)) for x in positions)
            if index % 50 == 49:
                print(f"{players} players: {index + 1} games", file=sys.stderr, flush=True)
    scale = np.maximum(np.abs(np.vstack([x for x, _ in train])).mean(axis=0), 1e-6)
    w = fit(train, args.ridge, scale)
    light_only = np.zeros_like(w)
    light_only[leaf.NAMES.index("light")] = 0.5
    for name, weights in (("fitted", w), ("light x 0.5", light_only)):
        held, hit = loss(test, weights)
        print(f"{name}: held-out log-loss {held:.4f}, favourite won {hit:.1%}")
    print(f"uniform: held-out log-loss {np.mean([math.log(len(y)) for _, y in test]):.4f}")
    print(f"{len(train)} training positions, {len(test)} held out")
    print("WEIGHTS = (")
    for name, value in zip(leaf.NAMES, w, strict=True):
        print(f"    {value:.4f},  # {name}")
    print(")")


if __name__ == "__main__":
    main()
