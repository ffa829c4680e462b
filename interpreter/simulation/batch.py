"""A batch of games: its settings, the seed of each game, and one game played to a record."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from whitedwarf.dsl.suggest import did_you_mean
from whitedwarf.interpreter.agents.strong import thinking
from whitedwarf.interpreter.bots import Bot, EngineSeat
from whitedwarf.interpreter.engines import (
    MOST_ROUNDS,
    GameEngine,
    Unserved,
    engine_for,
    every_agent,
)
from whitedwarf.interpreter.rng import derived_seed
from whitedwarf.interpreter.runner import play
from whitedwarf.interpreter.simulation.gifts import (
    GiftError,
    Gifting,
    GiftingGame,
    gifts_of,
    prepared,
)
from whitedwarf.interpreter.simulation.offers import Watcher
from whitedwarf.interpreter.simulation.records import mark_given, result_record

if TYPE_CHECKING:
    from whitedwarf.dsl.diagnostics import Span

#: Bumped when a record's layout changes (a resumed batch must use the same one).
RECORD_FORMAT = 1

#: The ranges of a batch's numbers (``simulate``'s and ``compare``'s options; a ``batch.json``
#: edited by hand is held to the same, so a resumed batch cannot ask for 10^11 games).
GAMES = (1, 10_000_000)
PLAYERS = (1, 5)
ROUND_LIMIT = (1, MOST_ROUNDS)
_RANGES = {"games": GAMES, "players": PLAYERS, "round_limit": ROUND_LIMIT}
_TEXTS = ("packs", "agents", "pack_paths")


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
    def from_json(cls, data: Any) -> BatchConfig:
        """A config from :meth:`to_json` output; :class:`BatchError` names the first field
        that is missing, unknown, of the wrong kind or out of range (the file may be edited)."""
        if not isinstance(data, dict):
            raise BatchError("the settings must be a JSON object")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise BatchError(f"unknown setting {unknown[0]!r}")
        for key in ("players", "games", "seed"):
            if key not in data:
                raise BatchError(f"the setting {key!r} is missing")
        for key in ("players", "games", "seed", "round_limit", "record_format"):
            if key in data and type(data[key]) is not int:
                raise BatchError(f"{key!r} must be a whole number, not {data[key]!r}")
        for key, (low, high) in _RANGES.items():
            if key in data and not low <= data[key] <= high:
                raise BatchError(f"{key!r} must be {low} to {high}, not {data[key]}")
        if data.get("record_format", RECORD_FORMAT) != RECORD_FORMAT:  # records it cannot read
            raise BatchError(
                f"'record_format' is {data['record_format']}, but this whitedwarf reads "
                f"format {RECORD_FORMAT} (a batch of another version of whitedwarf?)"
            )
        fields = dict(data)
        for key in _TEXTS:
            value = fields.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise BatchError(f"{key!r} must be a list of texts, not {value!r}")
            fields[key] = tuple(value)
        if not isinstance(fields.get("digest", ""), str):
            raise BatchError(f"'digest' must be text, not {fields['digest']!r}")
        if not isinstance(fields.get("extra", {}), dict):
            raise BatchError(f"'extra' must be a JSON object, not {fields['extra']!r}")
        return cls(**fields)


class BatchError(ValueError):
    """A batch that cannot run (bad settings or packs)."""


def check_agents(agents: Sequence[str], players: int, engine: GameEngine | None = None) -> None:
    """Agents must be known (to the game, when given: its agents and the seats its engine
    plays), and either one per seat or a pool to draw from."""
    known = every_agent() if engine is None else {*engine.agents, *engine.automated_seats}
    unknown = [a for a in agents if a not in known]
    if unknown:
        close = did_you_mean(unknown[0], known)
        hint = f"; {close}" if close else ""
        raise BatchError(f"unknown agent {unknown[0]!r}; known: {', '.join(sorted(known))}{hint}")
    if not agents:
        raise BatchError("give at least one agent")
    if engine is not None and all(a in engine.automated_seats for a in agents):
        raise BatchError(f"at least one agent must not be {' or '.join(engine.automated_seats)}")


def game_seed(batch_seed: int, index: int) -> int:
    """The seed of game ``index``: a hash of the batch seed and the index (63 bits)."""
    return derived_seed("batch", batch_seed, index)


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


def rotated(agents: Sequence[str], players: int, index: int) -> list[str]:
    """The seats of game ``index`` of a ladder (``extra["rotate"]``): each agent once, the
    list turned by one a game, so that over ``len(agents)`` games every agent sits in every
    seat once; on odd turns of the whole list the order is reversed, so that each agent
    also meets each other one as the next and the previous seat."""
    k = len(agents)
    order = list(agents) if (index // k) % 2 == 0 else list(reversed(agents))
    return [order[(index + seat) % k] for seat in range(players)]


@dataclass(frozen=True)
class Played:
    """What a batch plays on: the game's engine and its content from the batch's packs."""

    engine: GameEngine
    content: Any
    #: Where each card was written (``LoadedPack.origins``): a game that ends in an engine
    #: error is recorded with the place of the card the error names.
    origins: dict[str, Span] = field(default_factory=dict)


def play_game(config: BatchConfig, played: Played, index: int) -> dict[str, Any]:
    """Play game ``index`` of the batch to its end and return its record."""
    engine = played.engine
    seed = game_seed(config.seed, index)
    kinds = (
        rotated(config.agents, config.players, index)
        if config.extra.get("rotate")
        else seat_agents(config.agents, config.players, seed)
    )
    options = {**engine.game_options(kinds, config.round_limit), **game_settings(config)}
    gifts = gifts_of(config.extra)
    gifting: Gifting | None = None
    given: list[dict[str, Any]] = []
    try:
        if gifts:  # --give: the cards put in play (gifts.py)
            game, gifting, given = prepared(engine, played.content, config.players, options, gifts)
        else:
            game = engine.game.from_content(played.content, config.players, options)
        # Each seat's chances to play a card, and what it took (offers.py).
        watcher = Watcher(played.origins, config.players)
        with thinking(config.extra.get("think")):  # --think: the strong seats' time budget
            bots = [
                EngineSeat(kind)
                if kind in engine.automated_seats
                else watcher.seat(
                    probed(config, engine, seat, engine.make_agent(kind, seed, seat, game))
                )
                for seat, kind in enumerate(kinds)
            ]
        state = game.new_state(seed)
        opening = game.clone(state)  # what setup dealt (the cards offered for a pick)
        outcome = play(game if gifting is None else GiftingGame(game, gifting), state, bots)
    except _caught(engine) as error:
        from whitedwarf.dsl.packs.loader import located

        error_text = located(error, played.origins)
        return {"index": index, "seed": seed, "agents": kinds, "error": error_text}
    if engine.record is not None:
        record: dict[str, Any] = engine.record(index, seed, kinds, state, outcome.decisions)
    else:
        result = game.result(state) or {}
        record = result_record(index, seed, kinds, result, state, outcome.decisions, opening)
    record["offers"] = watcher.record()
    if gifting is not None:  # what was given, and when (a round the game never reached: not)
        record["gifts"] = given + gifting.applied
        mark_given(record.get("picks", {}), record["gifts"])  # a given god counts as held
    return record


def probed(config: BatchConfig, engine: GameEngine, seat: int, agent: Bot) -> Bot:
    """The seat's agent, restricted by the probe of ``extra["probe"]`` (``{"seat": 0,
    "probe": "always_trade"}``, or ``take:CARD``: ``explain``'s degenerate-strategy probes)
    when it is this seat's; the agent itself otherwise."""
    probe = config.extra.get("probe")
    if not probe or probe.get("seat") != seat:
        return agent
    from whitedwarf.interpreter.agents.restricted import RestrictedAgent, probe_named
    from whitedwarf.interpreter.simulation.offers import PLAYING

    return RestrictedAgent(agent, probe_named(engine.probes, probe["probe"], PLAYING))


def _caught(engine: GameEngine) -> tuple[type[BaseException], ...]:
    """What a game of the batch may stop with, recorded as its error: the game's own errors
    and a gift it cannot make in this deal (gifts.py)."""
    return (*engine.errors, GiftError)


def game_settings(config: BatchConfig) -> dict[str, Any]:
    """The game options of ``--option NAME=VALUE`` (Starlight's ``gods``), kept in the batch's
    settings so that a resumed batch plays the same games."""
    return dict(config.extra.get("options", {}))


# -- content, loaded once per process ---------------------------------------------------------

_CONTENT: dict[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], Played] = {}


def content_for(config: BatchConfig) -> Played:
    """The batch's engine and content, loaded (and validated) once per process; with
    ``extra["base_values"]`` its agents play on the card values of those packs."""
    # A mod on its base's values is loaded apart: the agents' memos live on the content.
    key = (config.packs, config.pack_paths, tuple(config.extra.get("base_values", ())))
    if key not in _CONTENT:
        played = load_game_content(config.packs, config.pack_paths)
        if config.extra.get("base_values"):
            use_base_values(config, played)
        _CONTENT[key] = played
    return _CONTENT[key]


def base_config(config: BatchConfig) -> BatchConfig:
    """The batch of the packs a mod depends on (``extra["base_values"]``, their folders)."""
    base = tuple(str(folder) for folder in config.extra["base_values"])
    return BatchConfig(base, config.players, config.games, config.agents, config.seed,
                       config.pack_paths, config.round_limit)  # fmt: skip


def use_base_values(config: BatchConfig, played: Played) -> None:
    """``simulate --base-values``: seat the mod's agents on the card values of the packs it
    depends on (docs/simulate.md S21), as ``tune`` does for its candidates, instead of
    learning the mod's own first: installed under the mod's digest in this process (each
    worker does the same). :class:`BatchError` when there are none to use."""
    from whitedwarf.interpreter.agents import values

    if values.mode() == "off":
        raise BatchError(
            "--base-values: WHITEDWARF_CARD_VALUES=off seats the agents on their hand "
            "weights, never on learned values; unset it, or leave --base-values out"
        )
    base = base_config(config)
    prepare_agents(base)  # the base's values, shipped, cached or learned, now in memory
    game = played.engine.name
    found = values.known(game, content_digest(content_for(base).content))
    if found is None:
        raise BatchError(
            f"--base-values: the card values of {', '.join(base.packs)} are not known here "
            f"and WHITEDWARF_CARD_VALUES={values.mode()} does not learn them; play the base "
            "pack once with WHITEDWARF_CARD_VALUES unset (it learns them), or leave "
            "--base-values out"
        )
    values.install(found, game, content_digest(played.content))


def content_digest(content: Any) -> str:
    """The digest a game's content is known by to its card values."""
    digest = content.digest
    return str(digest() if callable(digest) else digest)


def load_game_content(packs: Sequence[str], search: Sequence[str] = ()) -> Played:
    """Load packs with the validating loader (default: the bundled Last Light pack) and find
    their game's engine; :class:`BatchError` carries the diagnostics or the reason."""
    from whitedwarf.content import bundled_pack
    from whitedwarf.dsl.diagnostics import SourceLines, render_all_text
    from whitedwarf.dsl.packs.loader import load_packs

    result = load_packs(list(packs) or [bundled_pack("lastlight")], list(search))
    if result.pack is None:
        diagnostics = render_all_text(result.errors, SourceLines(result.sources))
        raise BatchError(f"the content packs have errors; run `whitedwarf validate`\n{diagnostics}")
    try:
        engine = engine_for(result.pack.game)
    except Unserved as error:
        raise BatchError(str(error)) from None
    return Played(engine, engine.content_from_pack(result.pack), result.pack.origins)


def prepare_agents(config: BatchConfig) -> None:
    """Seat one agent of each kind of the batch in this process before its games are handed
    out: an agent that learns its pack's card values the first time it meets the pack
    (``interpreter/agents/values.py``) learns them here once, on every core and with its
    progress line, instead of in each worker. A batch that cannot start says so later."""
    from whitedwarf.interpreter.agents import values

    with values.pack_named(Path(config.packs[-1]).name if config.packs else None):
        _seat_one_of_each(config)


def _seat_one_of_each(config: BatchConfig) -> None:
    try:
        played = content_for(config)
    except BatchError:
        return
    engine = played.engine
    kinds = [k for k in dict.fromkeys(config.agents) if k not in engine.automated_seats]
    seats = seat_agents(config.agents, config.players, config.seed)
    caught: tuple[type[BaseException], ...] = (*engine.errors, KeyError, ValueError, TypeError)
    try:
        options = {**engine.game_options(seats, config.round_limit), **game_settings(config)}
        game = engine.game.from_content(played.content, config.players, options)
        for kind in kinds:
            engine.make_agent(kind, config.seed, 0, game)
    except caught:
        return


def run_indices(config: BatchConfig, indices: Sequence[int]) -> list[dict[str, Any]]:
    """Play the games ``indices`` in this process (what a worker or a cluster task runs)."""
    content = content_for(config)
    return [play_game(config, content, i) for i in indices]
