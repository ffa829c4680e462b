"""The search of ``whitedwarf tune``: targets, how far a batch misses them, racing, the search.

Game-free: the games are played by a callback (``tools/tune.py`` plays them as batches of
``simulate``), the numbers that may move are :class:`Knob` s found by ``tools/tune_pack.py``.

* :class:`Targets`: what fair means (every faction, god or laurel set within the fair share
  plus or minus a tolerance at each player count; the first seat's advantage at most so much;
  the median game length in a band; a card built by a share of its holders), read from a
  small YAML mapping or the command line's flags (docs/tune.md);
* :func:`measure`: the rows of one batch's records against the targets, each with its
  value, its 95% interval and how far it misses its band (0 when it is inside);
* :func:`race`: a candidate's games, played block by block on the same seeds as every other
  candidate (common random numbers), stopped early when a target is clearly missed: its 95%
  interval lies wholly outside its band by more than the tolerance;
* :func:`search`: Optuna's TPE sampler over the knobs' declared ranges, the smallest changes
  first (each number one step either way), each candidate scored by how far it misses
  (times :data:`MISS_WEIGHT`) plus how much it changes, so that among the candidates that
  meet every target the smallest change wins. The candidates and their scores go to a
  journal; a search started again with the journal replays it (the sampler asks the same
  candidates, whose scores are read, not played) and goes on, so an interrupted search ends
  where it would have ended.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import median
from typing import Any

from whitedwarf.dsl.suggest import did_you_mean
from whitedwarf.interpreter.simulation import stats
from whitedwarf.interpreter.simulation.records import held_card

Record = dict[str, Any]

#: A candidate's score: how far it misses its targets counts this many times more than how
#: much it changes (a change of every knob across its whole range costs 2 per knob).
MISS_WEIGHT = 100.0
#: Sides seated fewer times than this in a batch are not judged (their share says nothing).
MIN_SEATED = 6


class TuneError(ValueError):
    """Targets, ranges or settings that cannot be used, said in one sentence."""


class TuneOptionError(TuneError):
    """An option's value tune cannot use (``--move`` of a card the pack lacks, a ``--range``
    or ``--length`` it cannot read): a command-line problem, exit status 2 (README "Exit
    codes"), as ``--give 0:warp_drvie`` is."""


@dataclass(frozen=True)
class Knob:
    """One number ``tune`` may move: where it is written, its value, its declared range."""

    card: str
    #: The card file (``factions.yaml``) and the place in the card: ``cost.common``,
    #: ``copies``, or ``effect[0]`` (the first number written in the card's effect).
    file: str
    where: str
    value: int
    low: int
    high: int
    #: What the number is, as the language's range says it (``an amount of light``).
    what: str = ""

    @property
    def key(self) -> str:
        """``hexan:effect[0]``: how the knob is named on the command line and in reports."""
        return f"{self.card}:{self.where}"

    def to_json(self) -> dict[str, Any]:
        """The knob as JSON-able data."""
        return {
            "card": self.card,
            "file": self.file,
            "where": self.where,
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "what": self.what,
        }


def change_cost(knobs: Sequence[Knob], values: Sequence[int]) -> float:
    """How much ``values`` change the pack: one per number moved, plus each step as a share
    of its range (so fewer numbers moved always win, then smaller steps)."""
    cost = 0.0
    for knob, value in zip(knobs, values, strict=True):
        if value != knob.value:
            cost += 1 + abs(value - knob.value) / max(1, knob.high - knob.low)
    return cost


# -- targets ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Targets:
    """What fair means for one tuning (docs/tune.md "Targets")."""

    players: tuple[int, ...]
    #: Every side (Last Light faction or kept achievement, Starlight god or laurel set)
    #: within the fair share plus or minus this; None: not a target.
    fair: float | None = 0.1
    #: Only these sides are judged (empty: every side seated).
    sides: tuple[str, ...] = ()
    #: Seat 0's win rate at most the fair share plus this; None: not a target.
    first_seat: float | None = None
    #: The median game length in rounds within this band; None: not a target.
    length: tuple[int, int] | None = None
    #: card id -> (low, high): the share of the seats that kept it that built it.
    cards: Mapping[str, tuple[float, float]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The targets as JSON-able data (as :func:`targets_from` reads them)."""
        return {
            "players": list(self.players),
            "fair": None
            if self.fair is None
            else {"tolerance": self.fair, "sides": list(self.sides)},
            "first_seat": self.first_seat,
            "length": None if self.length is None else list(self.length),
            "cards": {card: {"built": list(band)} for card, band in self.cards.items()},
        }


#: Where a problem with the targets is, as the start of its message: given the data path of
#: the value (and whether its key is meant), ``targets.yaml:3:5`` for a file, else a name.
Placer = Callable[[tuple[str | int, ...], bool], str]


def targets_from(data: Any, where: str | Placer = "the targets") -> Targets:
    """Targets from the mapping of a targets file (docs/tune.md); :class:`TuneError` names
    the first key that is unknown, missing or out of range, with ``where`` (the file, or
    what places each value in it: its line and column)."""
    at: Placer = where if callable(where) else _named(where)
    if not isinstance(data, Mapping):
        raise TuneError(f"{at((), False)} must be a mapping of targets (players, fair, ...)")
    known = {"players", "fair", "first_seat", "length", "cards"}
    unknown = sorted(str(key) for key in set(data) - known)
    if unknown:
        raise TuneError(
            f"{at((unknown[0],), True)}: unknown target {unknown[0]!r}; known: "
            + ", ".join(sorted(known))
            + _nearest(unknown[0], known)
        )
    players = data.get("players", [])
    if isinstance(players, int) and not isinstance(players, bool):
        players = [players]
    if not isinstance(players, list) or not players or not all(_whole(p, 1, 5) for p in players):
        raise TuneError(
            f"{at(('players',), False)}: 'players' must be a player count or a list of them "
            "(1 to 5)"
        )
    _no_twice(players, ("players",), at)
    fair, sides = _fair(data.get("fair", {"tolerance": 0.1}), at)
    first = data.get("first_seat")
    if first is not None and not _share(first):
        raise TuneError(
            f"{at(('first_seat',), False)}: 'first_seat' must be a share from 0 to 1, not {first!r}"
        )
    length = data.get("length")
    if length is not None:
        length = _band(length, at(("length",), False), "length", whole=True)
    return Targets(
        players=tuple(sorted(set(players))),
        fair=fair,
        sides=sides,
        first_seat=None if first is None else float(first),
        length=None if length is None else (int(length[0]), int(length[1])),
        cards=_card_bands(data.get("cards", {}), at),
    )


def _named(name: str) -> Placer:
    """Where every problem is when the targets have no file to place them in: ``name``."""

    def place(_path: tuple[str | int, ...], _key: bool) -> str:
        return name

    return place


def _card_bands(cards: Any, at: Placer) -> dict[str, tuple[float, float]]:
    if not isinstance(cards, Mapping):
        raise TuneError(
            f"{at(('cards',), False)}: 'cards' must map card ids to {{built: [LOW, HIGH]}}"
        )
    bands: dict[str, tuple[float, float]] = {}
    for card, target in cards.items():
        if not isinstance(target, Mapping) or set(target) != {"built"}:
            raise TuneError(
                f"{at(('cards', str(card)), False)}: card {card!r} needs exactly "
                "'built: [LOW, HIGH]' (shares)"
            )
        place = at(("cards", str(card), "built"), False)
        low, high = _band(target["built"], place, f"{card}'s built")
        bands[str(card)] = (float(low), float(high))
    return bands


def _nearest(word: str, known: Iterable[str]) -> str:
    """``; did you mean `tolerance`?`` for a near miss, else nothing."""
    close = did_you_mean(word, set(known))
    return f"; {close}" if close else ""


def _fair(value: Any, at: Placer) -> tuple[float | None, tuple[str, ...]]:
    if value is None or value is False:
        return None, ()
    if _share(value):
        return float(value), ()
    if not isinstance(value, Mapping):
        raise TuneError(
            f"{at(('fair',), False)}: 'fair' must be a tolerance (0.1) or {{tolerance, sides}}"
        )
    unknown = sorted(str(key) for key in set(value) - {"tolerance", "sides"})
    if unknown:  # named, with the key meant: `tolerence` was told only as a bad shape
        raise TuneError(
            f"{at(('fair', unknown[0]), True)}: 'fair' has no key {unknown[0]!r} "
            "(it takes tolerance and sides)" + _nearest(unknown[0], {"tolerance", "sides"})
        )
    tolerance = value.get("tolerance", 0.1)
    if not _share(tolerance):
        raise TuneError(
            f"{at(('fair', 'tolerance'), False)}: 'fair' tolerance must be a share from 0 to 1, "
            f"not {tolerance!r}"
        )
    sides = value.get("sides", [])
    if not isinstance(sides, list) or not all(isinstance(s, str) for s in sides):
        raise TuneError(
            f"{at(('fair', 'sides'), False)}: 'fair' sides must be a list of faction, god or "
            "set ids"
        )
    _no_twice(sides, ("fair", "sides"), at)
    return float(tolerance), tuple(sides)


def _no_twice(values: list[Any], path: tuple[str, ...], at: Placer) -> None:
    """Refuse a list of the targets that names one thing twice, at the second: `players:
    [3, 3]` (meant `[3, 4]`?) was merged into one count without a word."""
    name = " ".join([repr(path[0]), *path[1:]])  # 'players', 'fair' sides
    for index, value in enumerate(values):
        first = values.index(value)
        if first < index:
            raise TuneError(
                f"{at((*path, index), False)}: {name} lists {value} twice (first "
                f"at {at((*path, first), False)}); name each once"
            )


def _band(value: Any, where: str, name: str, whole: bool = False) -> tuple[float, float]:
    ok = _whole if whole else (lambda v, *_: _share(v))
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(ok(v, 1, 1000) for v in value)
        or value[0] > value[1]
    ):
        kind = "round counts" if whole else "shares from 0 to 1"
        raise TuneError(f"{where}: {name} must be [LOW, HIGH], two {kind} with LOW <= HIGH")
    return value[0], value[1]


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _share(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1


# -- measuring a batch against the targets ----------------------------------------------------


def sides_of(record: Record, seat: int) -> list[str]:
    """What a seat played as: its Last Light faction and kept achievement (the card kept
    of its set, or played: 000 "setup"), or the Starlight cards it kept from a pick (its
    god, its laurel set)."""
    out: list[str] = []
    if "factions" in record:
        out.append(str(record["factions"][seat]))
    held = record.get("achievements") or []
    if seat < len(held):
        kept = held[seat].get("kept") or next(iter(held[seat].get("done") or []), None)
        if kept is not None:
            out.append(str(kept))
    for entries in record.get("picks", {}).values():
        card = held_card(entries[seat]) if seat < len(entries) else None
        if card is not None:  # kept from the deal or given (--give)
            out.append(card)
    return out


def win_shares(record: Record) -> list[float]:
    """Each seat's share of the win (1/k for k tied winners)."""
    shares = [0.0] * record["players"]
    for seat in record["winners"]:
        shares[seat] = 1 / len(record["winners"])
    return shares


def measure(records: Iterable[Record], targets: Targets, players: int) -> list[dict[str, Any]]:
    """The rows of one player count's records against ``targets``: each target's value, its
    95% interval, its band and how far the value misses it (``miss``, 0 inside)."""
    seated: dict[str, int] = {}
    won: dict[str, float] = {}
    first = [0.0, 0]
    rounds: list[int] = []
    held: dict[str, int] = {}
    built: dict[str, int] = {}
    for record in records:
        if "error" in record:
            continue
        shares = win_shares(record)
        for seat in range(record["players"]):
            for side in sides_of(record, seat):
                seated[side] = seated.get(side, 0) + 1
                won[side] = won.get(side, 0.0) + shares[seat]
        first[0] += shares[0]
        first[1] += 1
        rounds.append(int(record["rounds"]))
        for seat_techs in record.get("techs", []):
            for card in targets.cards:
                if seat_techs.get("kept", {}).get(card) or seat_techs.get("built", {}).get(card):
                    held[card] = held.get(card, 0) + 1
                    built[card] = built.get(card, 0) + bool(seat_techs.get("built", {}).get(card))
    fair = 1 / players
    rows: list[dict[str, Any]] = []
    if targets.fair is not None:
        for side in sorted(targets.sides or seated):
            band = (max(0.0, fair - targets.fair), min(1.0, fair + targets.fair))
            n = seated.get(side, 0)
            rows.append(_share_row("fair", side, won.get(side, 0.0), n, band, players, MIN_SEATED))
    if targets.first_seat is not None:
        band = (0.0, min(1.0, fair + targets.first_seat))
        rows.append(_share_row("first_seat", "seat 0", first[0], int(first[1]), band, players, 1))
    if targets.length is not None and rounds:
        low, high = targets.length
        value = float(median(rounds))
        miss = max(0.0, low - value, value - high) / max(1, high - low + 1)
        rows.append(
            {
                "target": "length",
                "what": "median rounds",
                "players": players,
                "value": value,
                "low": float(min(rounds)),
                "high": float(max(rounds)),
                "band": [low, high],
                "n": len(rounds),
                "miss": miss,
                "met": miss == 0,
                "consistent": miss == 0,
            }
        )
    for card, band in sorted(targets.cards.items()):
        row = _share_row("built", card, built.get(card, 0), held.get(card, 0), band, players, 1)
        rows.append(row)
    return rows


def _share_row(
    target: str,
    what: str,
    wins: float,
    n: int,
    band: tuple[float, float],
    players: int,
    least: int,
) -> dict[str, Any]:
    value = wins / n if n else None
    low, high = stats.wilson(wins, n)
    judged = n >= least and value is not None
    miss = max(0.0, band[0] - value, value - band[1]) if judged and value is not None else 0.0
    return {
        "target": target,
        "what": what,
        "players": players,
        "value": value,
        "low": low,
        "high": high,
        "band": list(band),
        "n": n,
        "miss": miss,
        "met": judged and miss == 0,
        # its 95% interval reaches the band: more games may put it either side
        "consistent": judged and low <= band[1] and high >= band[0],
        "judged": judged,
    }


def total_miss(rows: Iterable[Mapping[str, Any]]) -> float:
    """How far a batch misses its targets, all rows together."""
    return sum(float(row["miss"]) for row in rows)


def clearly_missed(rows: Iterable[Mapping[str, Any]], margin: float) -> bool:
    """A share target whose whole 95% interval lies outside its band by more than ``margin``:
    more games would not bring this candidate inside (racing drops it)."""
    for row in rows:
        if row["target"] == "length" or not row.get("judged"):
            continue
        low_band, high_band = row["band"]
        if row["low"] > high_band + margin or row["high"] < low_band - margin:
            return True
    return False


# -- one candidate's games, raced -------------------------------------------------------------


#: Plays the games ``indices`` of one player count with the knobs at ``values``.
Play = Callable[[Sequence[int], int, Sequence[int]], list[Record]]


@dataclass
class Evaluation:
    """A candidate: its values, its rows, how far it misses, how much it changes."""

    values: tuple[int, ...]
    rows: list[dict[str, Any]]
    miss: float
    change: float
    games: int
    #: Racing stopped it before all its games: a target was clearly missed.
    dropped: bool = False

    @property
    def score(self) -> float:
        """What the search minimises: the miss first, then the change."""
        return MISS_WEIGHT * self.miss + self.change

    def to_json(self) -> dict[str, Any]:
        """The evaluation as JSON-able data (a journal entry)."""
        return {
            "values": list(self.values),
            "rows": self.rows,
            "miss": self.miss,
            "change": self.change,
            "games": self.games,
            "dropped": self.dropped,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Evaluation:
        """An evaluation from :meth:`to_json` output."""
        return cls(
            values=tuple(int(v) for v in data["values"]),
            rows=list(data["rows"]),
            miss=float(data["miss"]),
            change=float(data["change"]),
            games=int(data["games"]),
            dropped=bool(data["dropped"]),
        )


def race(
    play: Play,
    knobs: Sequence[Knob],
    values: Sequence[int],
    targets: Targets,
    games: int,
    block: int,
    margin: float,
    on_block: Callable[[int, int], None] = lambda *_: None,
) -> Evaluation:
    """Play ``games`` games a player count for ``values`` in blocks of ``block``, the same
    indices (so the same seeds) for every candidate; stop after a block where a target is
    clearly missed (:func:`clearly_missed`). ``on_block(played, total)`` is told the games
    played so far after each player count's block (a progress line)."""
    records: dict[int, list[Record]] = {p: [] for p in targets.players}
    rows: list[dict[str, Any]] = []
    played = 0
    dropped = False
    for start in range(0, games, block):
        indices = range(start, min(games, start + block))
        for players in targets.players:
            records[players] += play(values, players, indices)
            played += len(indices)
            on_block(played, games * len(targets.players))
        rows = [row for p in targets.players for row in measure(records[p], targets, p)]
        if start + block < games and clearly_missed(rows, margin):
            dropped = True
            break
    return Evaluation(
        values=tuple(values),
        rows=rows,
        miss=total_miss(rows),
        change=change_cost(knobs, values),
        games=played,
        dropped=dropped,
    )


# -- the search -------------------------------------------------------------------------------


def single_moves(knobs: Sequence[Knob]) -> list[tuple[int, ...]]:
    """Every change of one number, the smallest first (one step down, one step up, two
    steps, ...; a step is counted as a share of its knob's range, as :func:`change_cost`)."""
    base = tuple(k.value for k in knobs)
    moves: list[tuple[float, int, int, tuple[int, ...]]] = []
    for i, knob in enumerate(knobs):
        for value in range(knob.low, knob.high + 1):
            if value != knob.value:
                values = (*base[:i], value, *base[i + 1 :])
                moves.append((change_cost(knobs, values), i, value, values))
    return [values for *_, values in sorted(moves)]


def search(
    knobs: Sequence[Knob],
    evaluate: Callable[[tuple[int, ...]], Evaluation],
    budget: int,
    seed: int,
    journal: list[Evaluation],
    on_candidate: Callable[[Evaluation, Evaluation | None, bool], None] = lambda *_: None,
    baseline: Evaluation | None = None,
) -> Evaluation | None:
    """The best candidate meeting every target (the smallest change among them), else the
    one missing least; None when no candidate was tried.

    ``journal`` holds the candidates already played, in the order they were asked (a
    resumed search replays them: Optuna's sampler, seeded, asks the same ones); each new one
    is appended to it before ``on_candidate(candidate, best so far, replayed)`` is called,
    where the caller saves it.

    The first three quarters of the budget go to the changes of one number, the smallest
    first (:func:`single_moves`), leaving out a direction (a number up, or down) whose step
    missed by more than ``baseline``, the pack as it is; the search stops as soon as one of
    them meets every target and no single change still to come is smaller (a change of two
    numbers never is). Optuna's sampler spends the rest, trying several numbers at once,
    learning from every score told to it.
    """
    optuna = optuna_module()
    # Optuna's sampler takes 0 to 2**32 - 1 (numpy's); --seed takes 64 bits, folded here, so
    # a seed in Optuna's range asks the candidates it always did.
    sampler = optuna.samplers.TPESampler(seed=seed & 0xFFFF_FFFF, n_startup_trials=4)
    study = optuna.create_study(direction="minimize", sampler=sampler)
    space = {knob.key: optuna.distributions.IntDistribution(knob.low, knob.high) for knob in knobs}
    singles = single_moves(knobs)
    singles_left = max(1, budget * 3 // 4)
    worse: set[tuple[int, bool]] = set()  # (knob, up): a direction that made it worse
    seen: dict[tuple[int, ...], Evaluation] = {}
    best: Evaluation | None = None
    replay = list(journal)

    def next_single() -> tuple[int, ...] | None:
        if singles_left <= 0:
            return None
        return next((m for m in singles if m not in seen and _way(knobs, m) not in worse), None)

    for _ in range(budget):
        single = next_single()
        if single is not None:
            study.enqueue_trial(dict(zip(space, single, strict=True)))
            singles_left -= 1
        trial = study.ask(space)
        values = tuple(int(trial.params[key]) for key in space)
        replayed = True
        if values in seen:
            found = seen[values]
        elif replay and replay[0].values == values:
            found = replay.pop(0)
        else:
            replay.clear()  # a journal that no longer matches is played again from here
            del journal[len(seen) :]
            found = evaluate(values)
            journal.append(found)
            replayed = False
        if values not in seen:
            seen[values] = found
            best = better(best, found)
            on_candidate(found, best, replayed)
        study.tell(trial, found.score)
        if single is not None and baseline is not None and found.miss > baseline.miss:
            worse.add(_way(knobs, single))
        if best is not None and best.miss == 0 and single is not None:
            following = next_single()
            if following is None or best.change <= change_cost(knobs, following):
                break  # nothing still to come changes less
    return best


def _way(knobs: Sequence[Knob], values: tuple[int, ...]) -> tuple[int, bool]:
    """The number a single move moves, and whether up."""
    for i, (knob, value) in enumerate(zip(knobs, values, strict=True)):
        if value != knob.value:
            return i, value > knob.value
    return -1, False


def better(best: Evaluation | None, other: Evaluation) -> Evaluation:
    """The better of two candidates: every target met before any missed, then the smaller
    change, then the smaller miss (ties keep the first found)."""
    if best is None:
        return other
    key_best = (best.miss > 0, best.change if best.miss == 0 else best.score)
    key_other = (other.miss > 0, other.change if other.miss == 0 else other.score)
    return other if key_other < key_best else best


def optuna_module() -> Any:
    """Optuna, quiet; :class:`TuneError` saying how to install it when it is missing."""
    try:
        import optuna
    except ImportError:
        raise TuneError(
            "tune needs Optuna: pip install 'whitedwarf[tune]' (or pip install optuna)"
        ) from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna
