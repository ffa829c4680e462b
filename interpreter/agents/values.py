"""Card values learned from play: what a card is worth to its holder, measured on the pack.

A hand-written rule reads a card's verbs (``gain 2 light`` is good, ``-1 trade_gift`` looks
bad) and is wrong wherever the rules make a verb mean more or less than it says. So the
agents' card values are *measured*: a game's experiment (``interpreter/<game>/agents/
learning.py``) plays seeded games of its own agents in which the cards a seat holds are
drawn at random (techs, Cores and Flares given from the start with ``simulate --give``'s
machinery; the faction, achievement or god a seat keeps picked at random among those dealt;
an ability used always or never, by a coin), and each seat's final lead over the others is
regressed on what it held (a randomised experiment: nothing the agents prefer can bias it).

The model, fitted by :func:`fit`: a seat's lead (its light or points less the mean of the
others') is the sum of the worth of the cards it held less the mean worth of the others'
cards, plus noise. Each worth is shrunk towards the card's *prior* (the game's hand weights
on its compiled effect, scaled by one factor per kind of decision fitted on the data), so a
card seldom drawn keeps about its prior and a card drawn often gets what play says. The units
are those of the score: a card worth 2 adds 2 light (or points) to its holder's lead over a
game.

The values depend on the pack and the seed only (never on the worker count: each game's rows
come from its own seed, and are fitted in game order). They are kept by the pack's content
digest, in three places, looked up in this order: this process's memory, the data shipped with
a game for its bundled pack (``interpreter/<game>/agents/learned_values.json``), and the user
cache (``$WHITEDWARF_CACHE_DIR/values`` or ``$XDG_CACHE_HOME/whitedwarf/values``); never the
pack's own folder. ``WHITEDWARF_CARD_VALUES=off`` uses the hand weights only, ``=cached``
never learns (only the shipped and cached values), and ``WHITEDWARF_CARD_VALUE_GAMES=N``
sets the number of games a first learning plays (the test suite's small budget).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from whitedwarf.interpreter.rng import derived_seed

#: Bumped when the file layout or the method changes (older files are then not used).
FORMAT = 1
#: ``off``: hand weights only; ``cached``: shipped and cached values, never learn.
MODE_ENV = "WHITEDWARF_CARD_VALUES"
#: The number of games a learning plays when not told (``WHITEDWARF_CARD_VALUE_GAMES``).
GAMES_ENV = "WHITEDWARF_CARD_VALUE_GAMES"
#: Games a first learning plays when the game's experiment does not say (its
#: ``default_games``: about a minute or two for its base pack on 2 cores).
DEFAULT_GAMES = 1000
#: The spread of a card's worth around its prior (score units): a card may differ from
#: what its verbs say by a few light over a game, seldom by more.
PRIOR_SPREAD = 3.0
#: Sweeps of the coordinate descent fitting the model (it has converged well before).
SWEEPS = 40
#: Games handed to a worker at a time.
CHUNK = 10

#: A seat's row of the experiment: feature ("build:warp_drive") -> its value (held less the
#: others' mean), and the seat's lead.
Row = tuple[dict[str, float], float]


@dataclass(frozen=True)
class CardValues:
    """The learned worth of each card of one pack, by kind of decision."""

    game: str
    digest: str
    seed: int
    games: int
    #: card id -> kind of decision (``keep``, ``build``, ``use``) -> worth in score units.
    values: dict[str, dict[str, float]]
    #: How the values were made (the method, the seat-games each feature was seen in).
    notes: dict[str, Any] = field(default_factory=dict)

    def get(self, card: str, kind: str) -> float | None:
        """The worth of ``card`` for a decision of ``kind``, or None when not learned."""
        found = self.values.get(card)
        return None if found is None else found.get(kind)

    def to_json(self) -> dict[str, Any]:
        """The values as JSON-able data (what the cache and the shipped files hold)."""
        return {
            "format": FORMAT,
            "game": self.game,
            "digest": self.digest,
            "seed": self.seed,
            "games": self.games,
            "values": {c: dict(sorted(v.items())) for c, v in sorted(self.values.items())},
            "notes": self.notes,
        }

    @classmethod
    def from_json(cls, data: Any) -> CardValues | None:
        """Values from :meth:`to_json` output; None when it is not that (an old format, a
        file edited by hand): the values are then learned again, never half used."""
        try:
            if data["format"] != FORMAT:
                return None
            values = {
                str(c): {str(k): float(v) for k, v in kinds.items()}
                for c, kinds in data["values"].items()
            }
            return cls(
                str(data["game"]),
                str(data["digest"]),
                int(data["seed"]),
                int(data["games"]),
                values,
                dict(data.get("notes", {})),
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            return None


class Experiment(Protocol):
    """What a game brings to learn its card values (``interpreter/<game>/agents/
    learning.py``)."""

    #: The game's name and the pack's content digest (the key of the values).
    game: str
    digest: str
    #: The games a learning plays unless ``WHITEDWARF_CARD_VALUE_GAMES`` says otherwise.
    default_games: int

    def priors(self) -> dict[str, float]:
        """Each feature's prior worth (``build:warp_drive`` -> its hand-weighted value)."""
        ...

    def play(self, seed: int) -> tuple[list[Row], dict[str, float]]:
        """One game of the experiment played from ``seed``: its seats' rows, and counts to
        sum over the games (how often an ability was used, say)."""
        ...

    def finish(
        self, worth: dict[str, float], seen: dict[str, float], counts: dict[str, float]
    ) -> dict[str, dict[str, float]]:
        """The fitted worth of each feature (and the seat-games it was seen in, and the
        summed counts) to the values by card and kind of decision."""
        ...


# -- where values are kept -------------------------------------------------------------------------

_MEMORY: dict[tuple[str, str], CardValues | None] = {}


def mode() -> str:
    """``learn`` (the default), ``cached`` or ``off`` (:data:`MODE_ENV`)."""
    found = os.environ.get(MODE_ENV, "learn").strip().lower()
    return found if found in ("off", "cached") else "learn"


def budget(default: int = DEFAULT_GAMES) -> int:
    """The games a learning plays (:data:`GAMES_ENV`, else ``default``)."""
    try:
        return max(1, int(os.environ.get(GAMES_ENV, default)))
    except ValueError:
        return default


def cache_dir() -> Path | None:
    """The user cache of learned values, or None when caching is off (as for ``validate``:
    ``WHITEDWARF_CACHE_DIR``, else ``$XDG_CACHE_HOME/whitedwarf``)."""
    configured = os.environ.get("WHITEDWARF_CACHE_DIR")
    if configured == "off":
        return None
    if configured:
        return Path(configured) / "values"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "whitedwarf" / "values"


def cache_path(game: str, digest: str, seed: int = 0) -> Path | None:
    """The cache file of one pack's values."""
    folder = cache_dir()
    return None if folder is None else folder / f"{game}-{digest}-{seed}-v{FORMAT}.json"


def read(path: Path, game: str, digest: str) -> CardValues | None:
    """The values in ``path`` when they are for this game and digest, else None."""
    try:
        found = CardValues.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None
    if found is None or found.game != game or found.digest != digest:
        return None
    return found


def write(values: CardValues, path: Path) -> None:
    """Write ``values`` to ``path`` whole or not at all (a reader never sees half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(values.to_json(), indent=1, sort_keys=False) + "\n"
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def known(game: str, digest: str, shipped: Path | None = None) -> CardValues | None:
    """The values of a pack if they are known here (memory, shipped data, user cache), with
    no learning; None under ``WHITEDWARF_CARD_VALUES=off`` or when nowhere (remembered)."""
    if mode() == "off":
        return None
    key = (game, digest)
    if key not in _MEMORY:
        _MEMORY[key] = _stored(game, digest, shipped)
    return _MEMORY[key]


def _stored(game: str, digest: str, shipped: Path | None) -> CardValues | None:
    """The values shipped with the game, else those in the user cache, else None."""
    found = read(shipped, game, digest) if shipped is not None else None
    if found is None:
        path = cache_path(game, digest)
        found = read(path, game, digest) if path is not None else None
    return found


def install(values: CardValues | None, game: str, digest: str) -> None:
    """Make ``values`` the ones this process uses for the pack (None: the hand weights)."""
    _MEMORY[(game, digest)] = values


def forget() -> None:
    """Drop the values this process holds (they are read again when next asked)."""
    _MEMORY.clear()


_LEARNING: set[tuple[str, str]] = set()


@contextmanager
def hand_weights(game: str, digest: str) -> Iterator[None]:
    """Within the block, the pack's agents use their hand weights (a learning's own games)."""
    key = (game, digest)
    had = key in _MEMORY
    before = _MEMORY.get(key)
    _MEMORY[key] = None
    _LEARNING.add(key)
    try:
        yield
    finally:
        _LEARNING.discard(key)
        if had:
            _MEMORY[key] = before
        else:
            _MEMORY.pop(key, None)


def ensure(
    experiment: Callable[[], Experiment],
    game: str,
    digest: str,
    shipped: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> CardValues | None:
    """The pack's values: known ones, else learned now (and cached) unless the mode says not
    to. ``experiment`` makes the game's experiment only when learning is needed. Processes
    learning the same pack at once take turns (a lock file by the cache): the second reads
    what the first wrote."""
    key = (game, digest)
    found = known(game, digest, shipped)
    if found is not None or mode() != "learn" or key in _LEARNING:
        return found
    path = cache_path(game, digest)
    with _lock(path):
        found = _stored(game, digest, shipped)
        if found is None:
            made = experiment()
            games = budget(made.default_games)
            shown = progress or stderr_progress(game, " (first use of this pack)")
            found = learn(made, games, seed=0, workers=_workers(), progress=shown)
            if path is not None:
                with suppress(OSError):  # a read-only home: they still serve this process
                    write(found, path)
    install(found, game, digest)
    return found


@contextmanager
def _lock(path: Path | None) -> Iterator[None]:
    """An exclusive lock on ``path``'s lock file where the system has them (else none)."""
    try:
        import fcntl
    except ImportError:  # not POSIX: two processes may both learn; the results are equal
        yield
        return
    if path is None:
        yield
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path.with_suffix(".lock"), "w")  # noqa: SIM115  # held for the block
    except OSError:
        yield
        return
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        handle.close()


def _workers() -> int:
    """Learn on every core this process may use, but in one process inside a worker of a
    batch (a pool's worker cannot start a pool of its own)."""
    if multiprocessing.current_process().daemon:
        return 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


# -- learning --------------------------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    """The seed of the experiment's game ``index`` (63 bits, as a batch's games)."""
    return derived_seed("values", seed, index)


def learn(
    experiment: Experiment,
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> CardValues:
    """Play ``games`` games of the experiment (on ``workers`` processes) and fit the values.
    The same pack and seed give the same values whatever ``workers`` is."""
    started = time.perf_counter()
    rows: list[Row] = []
    counts: dict[str, float] = {}
    report = progress if progress is not None else stderr_progress(experiment.game)
    done = 0
    with hand_weights(experiment.game, experiment.digest):
        for game_rows, game_counts in _played(experiment, games, seed, workers):
            rows.extend(game_rows)
            for name, n in game_counts.items():
                counts[name] = counts.get(name, 0.0) + n
            done += 1
            report(done, games)
    worth, seen, scales = fit(rows, experiment.priors())
    values = experiment.finish(worth, seen, counts)
    notes = {
        "method": "randomised holdings, ridge regression of each seat's lead towards the "
        "scaled hand weights (interpreter/agents/values.py)",
        "seat_games": len(rows),
        "scales": {k: round(v, 4) for k, v in sorted(scales.items())},
        "seconds": round(time.perf_counter() - started, 1),
    }
    return CardValues(experiment.game, experiment.digest, seed, games, values, notes)


_RUNNING: list[Experiment] = []


def _played(
    experiment: Experiment, games: int, seed: int, workers: int
) -> Iterator[tuple[list[Row], dict[str, float]]]:
    """Each game's rows, in game order (one process, or a forked pool sharing the
    experiment: its content is not sent, the workers inherit it)."""
    seeds = [game_seed(seed, i) for i in range(games)]
    chunks = [seeds[i : i + CHUNK] for i in range(0, games, CHUNK)]
    workers = min(workers, len(chunks))
    forkable = "fork" in multiprocessing.get_all_start_methods()
    if workers <= 1 or not forkable or _threads_running():
        for seed_ in seeds:
            yield experiment.play(seed_)
        return
    _RUNNING[:] = [experiment]
    pool = multiprocessing.get_context("fork").Pool(workers)
    try:
        for played in pool.imap(_play_chunk, chunks):
            yield from played
        pool.close()
    finally:
        pool.terminate()
        pool.join()
        _RUNNING.clear()


def _play_chunk(seeds: list[int]) -> list[tuple[list[Row], dict[str, float]]]:
    experiment = _RUNNING[0]
    with hand_weights(experiment.game, experiment.digest):
        return [experiment.play(s) for s in seeds]


def _threads_running() -> bool:
    """Forking a process that runs threads can deadlock: learn in this process then."""
    import threading

    return threading.active_count() > 1


def fit(
    rows: Sequence[Row], priors: dict[str, float]
) -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
    """The worth of each feature, the seat-games it was seen in, and the scale fitted for
    each kind's priors (the module docstring's model)."""
    features = sorted({name for x, _ in rows for name in x} | set(priors))
    seen = {name: 0.0 for name in features}
    for x, _ in rows:
        for name, value in x.items():
            if value > 0:
                seen[name] += 1
    spread = _variance([y for _, y in rows]) or 1.0
    penalty = spread / PRIOR_SPREAD**2
    free = _ridge(rows, features, {}, penalty)
    scales = _scales(free, priors, seen)
    centre = {f: scales.get(_kind(f), 1.0) * priors.get(f, 0.0) for f in features}
    return _ridge(rows, features, centre, penalty), seen, scales


def _kind(feature: str) -> str:
    return feature.partition(":")[0]


def _scales(
    free: dict[str, float], priors: dict[str, float], seen: dict[str, float]
) -> dict[str, float]:
    """For each kind of feature, the factor that best turns its priors into the worth the
    data says (weighted by how often each was seen), between 0 and 2: the hand weights keep
    their order, play sets their size."""
    sums: dict[str, list[float]] = {}
    for name, prior in priors.items():
        if prior and seen.get(name):
            entry = sums.setdefault(_kind(name), [0.0, 0.0])
            entry[0] += seen[name] * free.get(name, 0.0) * prior
            entry[1] += seen[name] * prior * prior
    return {k: max(0.0, min(2.0, a / b)) if b else 1.0 for k, (a, b) in sums.items()}


def _ridge(
    rows: Sequence[Row], features: list[str], centre: dict[str, float], penalty: float
) -> dict[str, float]:
    """The ridge regression of the rows' leads on their features, each coefficient pulled
    towards ``centre`` (coordinate descent, in a fixed order: the same rows give the same
    numbers)."""
    columns: dict[str, list[tuple[int, float]]] = {name: [] for name in features}
    for i, (x, _) in enumerate(rows):
        for name, value in x.items():
            if value:
                columns[name].append((i, value))
    mean = sum(y for _, y in rows) / len(rows) if rows else 0.0
    residual = [y - mean for _, y in rows]
    worth = {name: 0.0 for name in features}
    norms = {name: sum(v * v for _, v in columns[name]) for name in features}
    for _ in range(SWEEPS):
        for name in features:
            column, old = columns[name], worth[name]
            target = centre.get(name, 0.0)
            if not column:
                worth[name] = target
                continue
            fitted = sum(v * (residual[i] + old * v) for i, v in column)
            new = (fitted + penalty * target) / (norms[name] + penalty)
            if new != old:
                for i, v in column:
                    residual[i] -= (new - old) * v
                worth[name] = new
    return worth


def _variance(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / (len(values) - 1)


def rows_of(features: Sequence[dict[str, float]], leads: Sequence[float]) -> list[Row]:
    """The rows of one game: each seat's features less the mean of the other seats' (a card
    held by a rival lowers a seat's lead as much as holding it raises the rival's)."""
    seats = len(features)
    rows: list[Row] = []
    for seat, (mine, lead) in enumerate(zip(features, leads, strict=True)):
        x = dict(mine)
        for other in range(seats):
            if other != seat:
                for name, value in features[other].items():
                    x[name] = x.get(name, 0.0) - value / (seats - 1)
        rows.append((x, lead))
    return rows


def leads(scores: Sequence[float]) -> list[float]:
    """Each seat's score less the mean of the others' (what the model explains)."""
    seats = len(scores)
    if seats < 2:
        return [0.0 for _ in scores]
    total = sum(scores)
    return [s - (total - s) / (seats - 1) for s in scores]


# -- progress --------------------------------------------------------------------------------------


_SHOWN = [True]


@contextmanager
def progress_shown(show: bool) -> Iterator[None]:
    """Within the block, a learning shows its progress line only when ``show`` (``-q``)."""
    before = _SHOWN[0]
    _SHOWN[0] = show
    try:
        yield
    finally:
        _SHOWN[0] = before


_NAMED: list[str | None] = [None]


@contextmanager
def pack_named(name: str | None) -> Iterator[None]:
    """Within the block, a learning's progress line names the pack ``name`` (a mod's folder),
    not only its game: "learning the card values of drones (lastlight)"."""
    before = _NAMED[0]
    _NAMED[0] = name
    try:
        yield
    finally:
        _NAMED[0] = before


def _subject(game: str) -> str:
    """What a learning's line says it learns: the pack's card values, with its game."""
    name = _NAMED[0]
    if name is None or name == game:
        return f"the {game} card values"
    return f"the card values of {name} ({game})"


def stderr_progress(game: str, note: str = "") -> Callable[[int, int], None]:
    """A progress line on standard error: a bar redrawn in place on a terminal, a plain line
    about every 10 seconds elsewhere (as ``simulate`` shows a batch's)."""
    started = time.monotonic()
    last = [started]
    terminal = sys.stderr.isatty()

    def show(done: int, total: int) -> None:
        if not _SHOWN[0]:
            return
        now = time.monotonic()
        if not terminal and now - last[0] < 10 and done < total:
            return
        last[0] = now
        width = 30
        filled = width * done // max(1, total)
        bar = "#" * filled + "-" * (width - filled)
        elapsed = now - started
        left = elapsed / done * (total - done) if done else 0.0
        text = (
            f"learning {_subject(game)} from play{note} [{bar}] "
            f"{done}/{total} games, {elapsed:.0f}s, about {left:.0f}s left"
        )
        sys.stderr.write(("\r" + text) if terminal else text + "\n")
        if terminal and done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show
