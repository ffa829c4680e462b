"""Train a small masked policy on 2-player Last Light with JAX and Optax, CPU only, then rate
it against the project's ``random`` and ``heuristic`` agents (docs/rl.md "Training").

Run: ``pip install -e '.[rl]' 'jax[cpu]' optax`` and
``python docs/examples/train_masked_policy.py --minutes 5``.

REINFORCE with a batch-mean baseline: a one-hidden-layer network maps the observation vector
to a logit per action, the action mask sets the illegal ones to -inf, and the policy samples
from the rest. It plays one seat against the engine's ``random`` agent (the seat alternating
from game to game); each of its decisions is credited with the change of its light lead that
follows it (the environment's ``shaping``) plus its win share at the end.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax
from whitedwarf import rl

HIDDEN = 64


def init(key: Any, inputs: int, actions: int) -> dict[str, Any]:
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (inputs, HIDDEN)) * (1 / np.sqrt(inputs)),
        "b1": jnp.zeros(HIDDEN),
        "w2": jax.random.normal(k2, (HIDDEN, actions)) * 0.01,
        "b2": jnp.zeros(actions),
    }


def logits(params: dict[str, Any], obs: Any) -> Any:
    hidden = jnp.tanh(obs @ params["w1"] + params["b1"])
    return hidden @ params["w2"] + params["b2"]


forward = jax.jit(logits)


def loss(params: dict[str, Any], obs: Any, mask: Any, act: Any, adv: Any) -> Any:
    z = jnp.where(mask > 0, logits(params, obs), -1e9)
    logp = jax.nn.log_softmax(z)
    chosen = jnp.take_along_axis(logp, act[:, None], axis=1)[:, 0]
    return -jnp.mean(chosen * adv)


def play(env_game: Any, spec: Any, params: Any, seed: int, rng: np.random.Generator) -> tuple:
    """One game against a random seat: the policy's steps and what each earned."""
    from whitedwarf.interpreter.bots import make_bot

    game = env_game
    mine = seed % 2
    state = game.new_state(seed)
    other = make_bot("random", seed, 1 - mine)
    obs, masks, acts, lead = [], [], [], []
    while not game.is_terminal(state):
        seat = game.current_players(state)[0]
        offered = game.legal_options(state, seat)
        if seat != mine:
            game.apply(state, seat, other.choose(state, seat, offered), check=False)
            continue
        legal: dict[int, str] = {}
        for option in offered:
            legal.setdefault(spec.index(state, seat, option.id), option.id)
        keys = list(legal)
        vector = spec.observe(state, seat)
        z = np.asarray(forward(params, vector))[keys]
        # a sample of the masked softmax: the Gumbel-max trick over the legal actions only
        action = keys[int(np.argmax(z + rng.gumbel(size=len(keys))))]
        light = [pl["light"] for pl in state["players"]]
        obs.append(vector)
        masks.append(keys)
        acts.append(action)
        lead.append(light[mine] - light[1 - mine])
        game.apply(state, seat, legal[action], check=False)
    light = [pl["light"] for pl in state["players"]]
    lead.append(light[mine] - light[1 - mine])
    win = float(game.returns(state)[mine])
    # each step: the lead gained from it to the end (/ 20) plus the win share
    gained = [(lead[-1] - lead[i]) / 20 + win for i in range(len(acts))]
    return obs, masks, acts, gained, win


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="training time")
    parser.add_argument("--batch", type=int, default=8, help="games per update")
    parser.add_argument("--rate", type=int, default=40, help="games per rating")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    engine, game = rl.load("lastlight", 2)
    spec = rl.spec_of(engine, game)
    params = init(jax.random.PRNGKey(args.seed), spec.layout.size, len(spec.actions))
    optimiser = optax.adam(3e-3)
    opt_state = optimiser.init(params)
    step = jax.jit(jax.value_and_grad(loss))
    rng = np.random.default_rng(args.seed)
    start, games, wins, updates = time.time(), 0, [], 0
    while time.time() - start < args.minutes * 60:
        batch = [play(game, spec, params, 100_000 + games + i, rng) for i in range(args.batch)]
        games += args.batch
        wins += [b[4] for b in batch]
        obs = np.concatenate([np.asarray(b[0]) for b in batch])
        legal = [keys for b in batch for keys in b[1]]
        mask = np.zeros((len(legal), len(spec.actions)), dtype=np.float32)
        for row, keys in enumerate(legal):
            mask[row, keys] = 1
        act = np.concatenate([np.asarray(b[2]) for b in batch])
        ret = np.concatenate([np.asarray(b[3]) for b in batch])
        adv = (ret - ret.mean()) / (ret.std() + 1e-6)
        # pad to a multiple of 512 steps so the update compiles once per size
        pad = -len(act) % 512
        obs = np.pad(obs, ((0, pad), (0, 0)))
        mask = np.pad(mask, ((0, pad), (0, 0)), constant_values=1)
        act = np.pad(act, (0, pad))
        adv = np.pad(adv, (0, pad))
        _, grads = step(params, obs, mask, act, adv)
        updates_, opt_state = optimiser.update(grads, opt_state)
        params = optax.apply_updates(params, updates_)
        updates += 1
        if updates % 10 == 0:
            recent = wins[-80:]
            print(
                f"{time.time() - start:6.0f} s  {games} games  win share (last {len(recent)}) "
                f"{np.mean(recent):.2f}",
                flush=True,
            )
    print(f"trained {games} games in {time.time() - start:.0f} s ({updates} updates)")

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        z = np.where(mask > 0, np.asarray(forward(params, observation)), -np.inf)
        return int(np.argmax(z))

    for opponent in ("random", "heuristic"):
        found = rl.rate(policy, "lastlight", 2, opponent, games=args.rate, first_seed=1000)
        base = rl.rate(
            rl.masked_random(1), "lastlight", 2, opponent, games=args.rate, first_seed=1000
        )
        print(
            f"against {opponent}: trained {found.win_share:.2f}, random policy "
            f"{base.win_share:.2f} ({args.rate} games, seeds 1000-{999 + args.rate})"
        )


if __name__ == "__main__":
    main()
