"""A batch of games: its settings, the seed of each game, and one game played to a record."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from whitedwarf.interpreter.agents import AGENTS, make_agent
from whitedwarf.interpreter.lastlight.content import GameContent
from whitedwarf.interpreter.lastlight.game import EffectLimitReached, Game
from whitedwarf.interpreter.runner import play
from whitedwarf.interpreter.simulation.records import game_record

#: Bumped when a record's layout changes (a resumed batch must use the same one).
RECORD_FORMAT = 1


@dataclass(frozen=True)
class BatchConfig:
    """Everything that decides a batch's games (saved as ``batch.json`` in its folder)."""

    packs: tuple[str, ...]
    players: int
    games: int
    agents: tuple[str, ...]
    seed: int
    pack_paths: tuple[str, ...] = ()
    round_limit: int = 200
    record_format: int = RECORD_FORMAT
    digest: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The config as JSON-able data."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BatchConfig:
        """A config from :meth:`to_json` output."""
        fields = dict(data)
        for key in ("packs", "agents", "pack_paths"):
            fields[key] = tuple(fields.get(key, ()))
        return cls(**fields)


class BatchError(ValueError):
    """A batch that cannot run (bad settings or packs)."""


def check_agents(agents: Sequence[str], players: int) -> None:
    """Agents must be known, and either one per seat or a pool to draw from."""
    unknown = [a for a in agents if a not in AGENTS]
    if unknown:
        raise BatchError(f"unknown agent {unknown[0]!r}; known: {', '.join(sorted(AGENTS))}")
    if not agents:
        raise BatchError("give at least one agent")


def game_seed(batch_seed: int, index: int) -> int:
    """The seed of game ``index``: a hash of the batch seed and the index (63 bits)."""
    digest = hashlib.sha256(f"whitedwarf-batch:{batch_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seat_agents(agents: Sequence[str], players: int, seed: int) -> list[str]:
    """One agent per seat: the list itself when it has one per seat, else drawn per game.

    A pool is drawn so that every agent appears as evenly as possible and sits in every seat
    equally often on average (the draw is a shuffle of the pool repeated to fill the seats).
    """
    if len(agents) == players:
        return list(agents)
    rng = random.Random(seed)
    pool = list(agents) * (players // len(agents) + 1)
    rng.shuffle(pool)
    chosen = pool[:players]
    rng.shuffle(chosen)
    return chosen


def play_game(config: BatchConfig, content: GameContent, index: int) -> dict[str, Any]:
    """Play game ``index`` of the batch to its end and return its record."""
    seed = game_seed(config.seed, index)
    kinds = seat_agents(config.agents, config.players, seed)
    game = Game.from_content(content, config.players, {"round_limit": config.round_limit})
    bots = [make_agent(kind, seed, seat) for seat, kind in enumerate(kinds)]
    state = game.new_state(seed)
    try:
        outcome = play(game, state, bots)
    except EffectLimitReached as error:
        return {"index": index, "seed": seed, "agents": kinds, "error": str(error)}
    return game_record(index, seed, kinds, state, outcome.decisions)


# -- content, loaded once per process ---------------------------------------------------------

_CONTENT: dict[tuple[tuple[str, ...], tuple[str, ...]], GameContent] = {}


def content_for(config: BatchConfig) -> GameContent:
    """The batch's game content, loaded (and validated) once per process."""
    key = (config.packs, config.pack_paths)
    if key not in _CONTENT:
        _CONTENT[key] = load_game_content(config.packs, config.pack_paths)
    return _CONTENT[key]


def load_game_content(packs: Sequence[str], search: Sequence[str] = ()) -> GameContent:
    """Load packs with the validating loader; :class:`BatchError` carries the diagnostics."""
    from whitedwarf.interpreter.lastlight.packs import ContentLoadError
    from whitedwarf.interpreter.lastlight.packs import load_game_content as load

    try:
        return load(list(packs), list(search))
    except ContentLoadError as error:
        raise BatchError(
            f"the content packs have errors; run `whitedwarf validate`\n{error}"
        ) from None


def run_indices(config: BatchConfig, indices: Sequence[int]) -> list[dict[str, Any]]:
    """Play the games ``indices`` in this process (what a worker or a cluster task runs)."""
    content = content_for(config)
    return [play_game(config, content, i) for i in indices]
