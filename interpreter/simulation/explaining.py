"""Why the game is the way it is: the experiments and findings of ``whitedwarf explain``.

Every finding is a paired comparison on the same seeds (common random numbers) with the
batch's agent in every seat; ``tools/explain.py`` plays the games, this module (game-free)
says what to play and what the records show:

* **arms**: one batch of games each (:class:`Arm`). ``none@P`` plays the pack as it is at P
  players; ``card:X`` gives card X to one seat from the start (``simulate --give``), the
  seat turning with the game (game ``i``'s holder is seat ``i mod P``, so every seat holds it
  as often); ``pair:X+Y`` gives both to that seat; ``probe:R`` restricts that seat's agent by
  the rule R (``interpreter/agents/restricted.py``). Game ``i`` of every arm has the same seed.
* **per card** (:func:`card_effect`): the holder's win and score (light or points) with the
  card minus the same seat's in the same game without it (McNemar's exact test and Agresti
  and Min's interval for the win rate; the paired t-test for the score), how often the
  card's option was taken when offered in the pack as it is (``offers``), and its share of its
  holder's score: the paired score difference over the holder's mean score with the card
  (the light or points that would be missing without it; the records keep light by source,
  not by card, so the share is measured this way).
* **pairs** (:func:`interaction`): for cards X and Y given to the same seat in the same
  games, the interaction ``both - X alone - Y alone + neither`` of the holder's score, tested
  with the paired t-test over the games; Holm's correction across the pairs tested. A pair is
  named when its joint effect is significantly more than the sum of its effects.
* **probes** (:func:`probe_effect`): the restricted seat's wins against the unrestricted
  agent's in the same seat and game (McNemar; Holm across the probes); a probe that wins
  significantly more is a degenerate strategy.
* **first seat** (:func:`first_seat`): seat 0's share of the wins at each player count,
  against the fair 1/P (the exact binomial test of its wins, ties counted as a share).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.simulation import stats

Record = dict[str, Any]

#: With at most this many cards measured, every pair of them is tested.
ALL_PAIRS_UP_TO = 6
#: Words of a card's effect used by at most this many of the cards measured are its hooks:
#: two cards sharing one may combine (a hook, a stat, a card named by the other).
RARE_WORD = 3
#: How many cards, the largest single effects first, are paired with each other.
TOP_CARDS = 4


@dataclass(frozen=True)
class Arm:
    """One batch of the experiment: at ``players`` seats, the holder (seat ``i mod players``
    in game ``i``) given ``cards`` and restricted by ``probe`` (empty: plays as usual)."""

    name: str
    players: int
    cards: tuple[str, ...] = ()
    probe: str = ""

    def extra(self, index: int) -> dict[str, Any]:
        """The batch settings (``BatchConfig.extra``) of game ``index`` of this arm."""
        seat = holder(index, self.players)
        out: dict[str, Any] = {}
        if self.cards:
            out["give"] = [f"{seat}:{card}" for card in self.cards]
        if self.probe:
            out["probe"] = {"seat": seat, "probe": self.probe}
        return out


def holder(index: int, players: int) -> int:
    """The seat holding the card (or playing the probe) in game ``index``."""
    return index % players


def baseline(players: int) -> Arm:
    """The pack as it is at ``players`` seats."""
    return Arm(f"none@{players}", players)


def card_arm(card: str, players: int) -> Arm:
    return Arm(f"card:{card}", players, (card,))


def pair_arm(first: str, second: str, players: int) -> Arm:
    return Arm(f"pair:{first}+{second}", players, (first, second))


def probe_arm(probe: str, players: int) -> Arm:
    return Arm(f"probe:{probe}", players, probe=probe)


# -- the holder's outcome, game by game -------------------------------------------------------


def score_name(record: Record) -> str:
    """What a seat scores in this game's records: ``light`` (Last Light) or ``points``."""
    return "light" if "light" in record else "points"


def _outcome(record: Record, seat: int) -> tuple[int, float]:
    return int(seat in record["winners"]), float(record[score_name(record)][seat])


def paired(*arms: Sequence[Record]) -> Iterable[tuple[int, list[tuple[int, float]]]]:
    """For each game index finished in every arm without an error: the holder's seat and its
    (won, score) in each arm, in the order given."""
    for games in zip(*arms, strict=False):
        if any("error" in game for game in games):
            continue
        seat = holder(games[0]["index"], games[0]["players"])
        yield seat, [_outcome(game, seat) for game in games]


def errors(*arms: Sequence[Record]) -> int:
    """The game indices left out because a game of one of the arms stopped with an error."""
    return sum(any("error" in g for g in games) for games in zip(*arms, strict=False))


def _win_test(gained: int, lost: int, n: int) -> dict[str, Any]:
    low, high = stats.paired_proportion_interval(gained, lost, n)
    return {
        "difference": (gained - lost) / n if n else 0.0,
        "low": low,
        "high": high,
        "gained": gained,
        "lost": lost,
        "p": stats.mcnemar_exact(gained, lost),
        "test": "McNemar's exact test",
    }


def _score_test(differences: Sequence[float]) -> dict[str, Any]:
    mean, low, high, p = stats.paired_t(differences)
    return {"difference": mean, "low": low, "high": high, "p": p, "test": "paired t-test"}


def card_effect(
    card: str, with_card: Sequence[Record], without: Sequence[Record]
) -> dict[str, Any]:
    """What ``card`` does to its holder: the win and score differences (with minus without)
    over the games paired by index, and its share of the holder's score."""
    gained = lost = 0
    differences: list[float] = []
    won = [0, 0]
    scores = [0.0, 0.0]
    for _seat, ((a_won, a_score), (b_won, b_score)) in paired(with_card, without):
        gained += a_won and not b_won
        lost += b_won and not a_won
        won[0] += a_won
        won[1] += b_won
        scores[0] += a_score
        scores[1] += b_score
        differences.append(a_score - b_score)
    n = len(differences)
    score = _score_test(differences)
    mean_with = scores[0] / n if n else 0.0
    share = {
        name: (score[name] / mean_with if mean_with > 0 else None)
        for name in ("difference", "low", "high")
    }
    return {
        "card": card,
        "games": n,
        "errors": errors(with_card, without),
        "win": {
            "with": won[0] / n if n else None,
            "without": won[1] / n if n else None,
            **_win_test(gained, lost, n),
        },
        "score": {"with": mean_with, "without": scores[1] / n if n else 0.0, **score},
        "share": share,
    }


def interaction(
    pair: tuple[str, str],
    both: Sequence[Record],
    first: Sequence[Record],
    second: Sequence[Record],
    neither: Sequence[Record],
) -> dict[str, Any]:
    """The interaction of two cards held together: ``both - first - second + neither`` of the
    holder's score and win, game by game (the paired t-test over the games; 0 when the
    joint effect is the sum of the two effects)."""
    scores: list[float] = []
    wins: list[float] = []
    joint: list[float] = []
    for _seat, outcomes in paired(both, first, second, neither):
        (w_ab, s_ab), (w_a, s_a), (w_b, s_b), (w_0, s_0) = outcomes
        scores.append(s_ab - s_a - s_b + s_0)
        wins.append(w_ab - w_a - w_b + w_0)
        joint.append(s_ab - s_0)
    return {
        "pair": list(pair),
        "games": len(scores),
        "errors": errors(both, first, second, neither),
        "score": _score_test(scores),
        "win": {**_score_test(wins), "test": "paired t-test of the win interaction"},
        "joint": _score_test(joint),
    }


def probe_effect(
    probe: str, probed: Sequence[Record], unrestricted: Sequence[Record]
) -> dict[str, Any]:
    """The restricted seat against the batch's agent in the same seat and games."""
    result = card_effect(probe, probed, unrestricted)
    result["probe"] = result.pop("card")
    result.pop("share")
    return result


def first_seat(records: Sequence[Record], players: int) -> dict[str, Any]:
    """Seat 0's share of the wins (a tie shared), against the fair ``1/players``."""
    finished = [r for r in records if "error" not in r]
    wins = sum(1 / len(r["winners"]) for r in finished if 0 in r["winners"] and r["winners"])
    n = len(finished)
    low, high = stats.wilson(wins, n)
    fair = 1 / players
    return {
        "players": players,
        "games": n,
        "share": wins / n if n else None,
        "low": low,
        "high": high,
        "fair": fair,
        "p": stats.binomial_test(round(wins), n, fair),
        "test": "exact binomial test against 1/players",
    }


def play_rates(records: Iterable[Record]) -> dict[str, dict[str, int]]:
    """Per card, the seat-games in which an option playing it was offered (``held``: the
    card was at hand) and those in which one was taken (``played``), from the records'
    ``offers`` (``simulation/offers.py``)."""
    rates: dict[str, dict[str, int]] = {}
    for record in records:
        for by_card in record.get("offers") or []:
            for card, by_verb in by_card.items():
                entry = rates.setdefault(card, {"held": 0, "played": 0})
                entry["held"] += any(offered for offered, _ in by_verb.values())
                entry["played"] += any(chosen for _, chosen in by_verb.values())
    return rates


def holm_marked(rows: list[dict[str, Any]], key: str, positive: bool = True) -> None:
    """Add ``p_holm`` (Holm's correction over the rows, from ``row[key]["p"]``) and
    ``significant`` (adjusted p below 0.05, and above 0 when ``positive``) to each row."""
    adjusted = stats.holm([row[key]["p"] for row in rows])
    for row, p in zip(rows, adjusted, strict=True):
        row["p_holm"] = p
        row["significant"] = p < stats.ALPHA and (not positive or row[key]["difference"] > 0)


# -- which pairs to test ----------------------------------------------------------------------


_WORD = re.compile(r"[a-z][a-z_]{3,}")
#: Words every effect may use, never a hook of its own.
_COMMON = frozenset(
    [
        "when",
        "this",
        "that",
        "your",
        "yours",
        "card",
        "cards",
        "gain",
        "with",
        "from",
        "have",
        "each",
        "then",
        "number",
        "light",
        "points",
        "round",
        "start",
        "true",
        "false",
        "none",
    ]
)


def hooks(texts: Mapping[str, str]) -> dict[str, set[str]]:
    """Each card's hooks: the words of its effect that at most :data:`RARE_WORD` of the
    cards use (a trigger, a stat, the other card's id), and the ids of the cards it names."""
    words = {card: set(_WORD.findall(text.lower())) - _COMMON for card, text in texts.items()}
    counts: dict[str, int] = {}
    for found in words.values():
        for word in found:
            counts[word] = counts.get(word, 0) + 1
    return {
        card: {w for w in found if counts[w] <= RARE_WORD or w in texts} - {card}
        for card, found in words.items()
    }


def choose_pairs(
    effects: Sequence[Mapping[str, Any]], texts: Mapping[str, str], budget: int
) -> list[dict[str, Any]]:
    """The pairs to test, each with why: every pair when there are at most
    :data:`ALL_PAIRS_UP_TO` cards; else the pairs sharing a hook (a rare word of their
    effects, or one naming the other), the larger summed effect first, then the pairs of the
    :data:`TOP_CARDS` cards with the largest effects on the score; ``budget`` at most."""
    order = sorted(effects, key=lambda e: -e["score"]["difference"])
    cards = [e["card"] for e in order]
    size = {e["card"]: e["score"]["difference"] for e in effects}
    if len(cards) <= ALL_PAIRS_UP_TO:
        every = [
            {"pair": sorted(p), "why": "every pair of the cards measured"}
            for p in itertools.combinations(cards, 2)
        ]
        return every[:budget]
    found = hooks({c: texts.get(c, "") for c in cards})
    shared: list[tuple[float, list[str], str]] = []
    for a, b in itertools.combinations(cards, 2):
        common = (found[a] & found[b]) | ({b} & found[a]) | ({a} & found[b])
        if common:
            words = ", ".join(sorted(common)[:3])
            shared.append((-(size[a] + size[b]), sorted((a, b)), f"share a hook ({words})"))
    chosen: list[dict[str, Any]] = [{"pair": p, "why": why} for _, p, why in sorted(shared)]
    taken = {tuple(c["pair"]) for c in chosen}
    for a, b in itertools.combinations(cards[:TOP_CARDS], 2):
        pair = sorted((a, b))
        if tuple(pair) not in taken:
            chosen.append({"pair": pair, "why": f"both among the {TOP_CARDS} largest effects"})
    # the budget keeps the strongest cards' pairs: half for hooks, the rest for the top cards
    hooked = [c for c in chosen if c["why"].startswith("share")]
    top = [c for c in chosen if not c["why"].startswith("share")]
    keep_top = min(len(top), max(budget - len(hooked), budget // 2))
    return (hooked[: budget - keep_top] + top[:keep_top])[:budget]


# -- sentences ---------------------------------------------------------------------------------


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:+.0f} points"


def _num(value: float) -> str:
    return f"{value:+.1f}"


def p_text(value: float) -> str:
    """A p-value as the sentences write it: ``0.012``, or ``< 0.001``."""
    return "< 0.001" if value < 0.001 else f"{value:.3f}"


def sentences(result: Mapping[str, Any], names: Mapping[str, str] | None = None) -> list[str]:
    """The findings in words: the strongest cards, the combos, the degenerate strategies and
    the first seat's advantage, each with its interval, or that nothing is significant."""
    named = names or {}

    def name(card: str) -> str:
        return named.get(card, card)

    lines: list[str] = []
    score = result["score"]
    games, players = result["games"], result["players"]
    cards = result["cards"]
    lines.append(
        f"{counted(len(cards), 'card')}, {counted(len(result['pairs']), 'pair')} and "
        f"{counted(len(result['probes']), 'probe')} measured at {players} players, "
        f"{games} paired games each ({result['agent']} agents); "
        f"{result['played']} games in all."
    )
    lost = [c for c in cards if not c["games"]]  # every pair stopped with an error
    if lost:
        listed = ", ".join(name(c["card"]) for c in lost)
        lines.append(
            f"Not measured, every game of its arm stopped with an error: {listed} "
            "(explain.json `errors`; the arms' records in arms/ say which)."
        )
    cards = [c for c in cards if c["games"]]
    strong = [c for c in cards if c["significant"]]
    if strong:
        listed = "; ".join(
            f"{name(c['card'])} {_num(c['score']['difference'])} {score} (95% interval "
            f"{_num(c['score']['low'])} to {_num(c['score']['high'])}; win rate "
            f"{_pct(c['win']['difference'])})"
            for c in strong[:5]
        )
        lines.append(f"Strongest cards for their holder (Holm-corrected): {listed}.")
    elif cards:
        top = cards[0]
        lines.append(
            f"No card changes its holder's {score} significantly after Holm's correction; "
            f"the largest estimate is {name(top['card'])} {_num(top['score']['difference'])} "
            f"(95% interval {_num(top['score']['low'])} to {_num(top['score']['high'])})."
        )
    weak = [c for c in cards if c["p_holm"] < stats.ALPHA and c["score"]["difference"] < 0]
    if weak:
        listed = ", ".join(f"{name(c['card'])} {_num(c['score']['difference'])}" for c in weak)
        lines.append(f"Cards that cost their holder {score}: {listed}.")
    combos = [p for p in result["pairs"] if p["significant"]]
    if combos:
        listed = "; ".join(
            f"{name(p['pair'][0])} + {name(p['pair'][1])}: {_num(p['score']['difference'])} "
            f"{score} beyond the sum of their effects (95% interval "
            f"{_num(p['score']['low'])} to {_num(p['score']['high'])}; "
            f"Holm p {p_text(p['p_holm'])})"
            for p in combos
        )
        lines.append(f"Combos: {listed}.")
    elif result["pairs"]:
        lines.append(
            f"No pair of the {len(result['pairs'])} tested is significantly more than the sum "
            "of its cards (Holm-corrected)."
        )
    degenerate = [p for p in result["probes"] if p["significant"]]
    if degenerate:
        listed = "; ".join(
            f"{p['probe']} ({p['says']}) wins {_pct(p['win']['difference'])} more than the "
            f"{result['agent']} agent in its seat (95% interval {_pct(p['win']['low'])} to "
            f"{_pct(p['win']['high'])}; Holm p {p_text(p['p_holm'])})"
            for p in degenerate
        )
        lines.append(f"Degenerate strategies: {listed}.")
    elif result["probes"]:
        lines.append(
            f"No restricted-play probe beats the {result['agent']} agent significantly "
            f"({len(result['probes'])} tried, Holm-corrected)."
        )
    # A player count the game options do not fit (a seat list for 3 at 2 players) is not
    # played: said in its place, with the option's refusal.
    unplayed = result.get("first_seat_unplayed", [])
    for row in sorted([*result["first_seat"], *unplayed], key=lambda r: int(r["players"])):
        if "why" in row:
            lines.append(
                f"At {row['players']} players seat 0 is not measured: the game options do "
                f"not fit ({row['why']})."
            )
            continue
        if row["share"] is None:
            continue
        verdict = "significant" if row["p"] < stats.ALPHA else "not significant"
        lines.append(
            f"At {row['players']} players seat 0 wins {100 * row['share']:.0f}% of "
            f"{row['games']} games (fair {100 * row['fair']:.0f}%, 95% interval "
            f"{100 * row['low']:.0f}% to {100 * row['high']:.0f}%; "
            f"p {p_text(row['p'])}: {verdict})."
        )
    left_out = result.get("errors", 0)
    if left_out:
        lines.append(f"{left_out} games stopped with an error and their pairs were left out.")
    return lines
