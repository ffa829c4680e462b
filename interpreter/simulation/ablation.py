"""What one card does to its holder: the same seeds with and without it (``--ablate``).

``simulate --give 0:my_tech --ablate my_tech`` plays two batches of the same games (the same
seeds and seats: common random numbers), one with the gifts of ``--give`` and one with the
gifts of the ablated card left out. Each game is then a pair, and its holder's outcome with
the card is compared with the same seat's outcome in the same deal without it, so the noise
of the deal cancels and a small batch tells what a large unpaired one would:

* its win rate: the pairs won only with the card and only without it, McNemar's exact test
  (:func:`stats.mcnemar_exact`) and Agresti and Min's interval of the paired difference;
* its light (Last Light) or points (Starlight): the mean of the paired differences, with
  the paired t-test and its 95% interval (:func:`stats.paired_t`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from whitedwarf.interpreter.simulation import stats

#: The two batches of an ablation, as folders of its ``--out``.
ARMS = ("with", "without")

Record = dict[str, Any]


def score_name(record: Record) -> str:
    """What a seat scores in this game's records: ``light`` (Last Light) or ``points``."""
    return "light" if "light" in record else "points"


def paired_outcomes(
    card: str, holders: list[int], with_card: Iterable[Record], without: Iterable[Record]
) -> dict[str, Any]:
    """The ablation of ``card`` held by the seats ``holders``, from the two batches' records
    (read together, game by game: the same index is the same seed); a pair where either game
    stopped with an error is left out and counted."""
    gained = lost = both = neither = 0
    differences: list[float] = []
    won = [0, 0]
    scores = [0.0, 0.0]
    errors = pairs = 0
    name = "light"
    for one, other in zip(with_card, without, strict=False):
        if "error" in one or "error" in other:
            errors += 1
            continue
        name = score_name(one)
        for seat in holders:
            pairs += 1
            a, b = seat in one["winners"], seat in other["winners"]
            won[0] += a
            won[1] += b
            gained += a and not b
            lost += b and not a
            both += a and b
            neither += not a and not b
            scores[0] += one[name][seat]
            scores[1] += other[name][seat]
            differences.append(one[name][seat] - other[name][seat])
    mean, low, high, p = stats.paired_t(differences)
    win_low, win_high = stats.paired_proportion_interval(gained, lost, pairs)
    return {
        "card": card,
        "holders": holders,
        "pairs": pairs,
        "errors": errors,
        "score": name,
        "win": {
            "with": won[0] / pairs if pairs else None,
            "without": won[1] / pairs if pairs else None,
            "difference": (gained - lost) / pairs if pairs else None,
            "low": win_low,
            "high": win_high,
            "gained": gained,
            "lost": lost,
            "both": both,
            "neither": neither,
            "p": stats.mcnemar_exact(gained, lost),
            "test": "McNemar's exact test",
        },
        "light": {
            "with": scores[0] / pairs if pairs else None,
            "without": scores[1] / pairs if pairs else None,
            "difference": mean,
            "low": low,
            "high": high,
            "p": p,
            "test": "paired t-test",
        },
    }


def ablation_sentences(result: dict[str, Any], names: dict[str, str] | None = None) -> list[str]:
    """The ablation said in words: what the card does to its holder's wins and score."""
    card = (names or {}).get(result["card"], result["card"])
    seats = ", ".join(map(str, result["holders"]))
    holder = f"seat {seats}" if len(result["holders"]) == 1 else f"seats {seats}"
    pairs = result["pairs"]
    if not pairs:
        return [f"No pair of games finished both with and without {card}: nothing to compare."]
    win, light = result["win"], result["light"]
    score = result["score"]
    lines = [f"{pairs} paired games (the same seeds with and without {card}, held by {holder})."]
    if win["p"] < stats.ALPHA:
        way = "raises" if win["difference"] > 0 else "lowers"
        lines.append(
            f"{card} {way} its holder's win rate, from {_pct(win['without'])} to "
            f"{_pct(win['with'])} ({_signed_pct(win['difference'])}, 95% interval "
            f"{_signed_pct(win['low'])} to {_signed_pct(win['high'])}; {win['test']} "
            f"p {_p(win['p'])}: significant)."
        )
    else:
        lines.append(
            f"{card} makes no significant difference to its holder's win rate "
            f"({_pct(win['without'])} without, {_pct(win['with'])} with; 95% interval of the "
            f"difference {_signed_pct(win['low'])} to {_signed_pct(win['high'])}; "
            f"{win['test']} p {_p(win['p'])})."
        )
    interval = f"95% interval {light['low']:+.1f} to {light['high']:+.1f}"
    if light["p"] < stats.ALPHA:
        way = "more" if light["difference"] > 0 else "less"
        lines.append(
            f"Its holder ends with {abs(light['difference']):.1f} {score} {way} on average "
            f"({light['without']:.1f} without, {light['with']:.1f} with; {interval}; "
            f"{light['test']} p {_p(light['p'])}: significant)."
        )
    else:
        lines.append(
            f"Its holder's {score} {'do' if score == 'points' else 'does'} not change "
            f"significantly ({light['without']:.1f} "
            f"without, {light['with']:.1f} with; {interval}; {light['test']} "
            f"p {_p(light['p'])})."
        )
    if result["errors"]:
        lines.append(
            f"{result['errors']} pairs left out: a game of the pair stopped with an error."
        )
    return lines


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.0f}%"


def _signed_pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:+.0f} points"


def _p(value: float) -> str:
    return "< 0.001" if value < 0.001 else f"= {value:.3f}"


#: The two packs of ``compare --ablate``, as folders of its ``--out``.
SIDES = ("base", "variant")


def effect_difference(
    holders: list[int], arms: Mapping[str, tuple[Iterable[Record], Iterable[Record]]]
) -> dict[str, Any]:
    """Whether one card does the same to its holder on two packs (``compare --ablate``):
    ``arms`` holds each side's records with and without the card (the same seeds on all
    four). Each seed and holder gives the card's effect on each pack (with minus without:
    1, 0 or -1 for a win; the score's difference), and the difference of the two effects
    (variant minus base) is tested with the paired t-test over them: the same seeds make
    the four games of a seed one unit, so the deal's noise cancels twice. A seed where any
    of the four games stopped with an error is left out and counted."""
    wins: list[float] = []
    scores: list[float] = []
    effects: dict[str, list[list[float]]] = {side: [[], []] for side in SIDES}
    errors = 0
    streams = zip(*(arms[side][i] for side in SIDES for i in (0, 1)), strict=False)
    for games in streams:
        if any("error" in game for game in games):
            errors += 1
            continue
        name = score_name(games[0])
        for seat in holders:
            win: dict[str, float] = {}
            score: dict[str, float] = {}
            for side, (one, other) in zip(SIDES, (games[:2], games[2:]), strict=True):
                win[side] = (seat in one["winners"]) - (seat in other["winners"])
                score[side] = one[name][seat] - other[name][seat]
                effects[side][0].append(win[side])
                effects[side][1].append(score[side])
            wins.append(win["variant"] - win["base"])
            scores.append(score["variant"] - score["base"])
    result: dict[str, Any] = {"pairs": len(wins), "errors": errors}
    for key, values, which in (("win", wins, 0), ("light", scores, 1)):
        mean, low, high, p = stats.paired_t(values)
        result[key] = {
            **{side: _mean(effects[side][which]) for side in SIDES},
            "difference": mean if values else None,
            "low": low,
            "high": high,
            "p": p,
            "test": "paired t-test over the seeds",
        }
    return result


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def difference_sentences(
    card: str, result: dict[str, Any], score: str, names: dict[str, str] | None = None
) -> list[str]:
    """Whether the card's effect differs between the packs, in words (win rate, score)."""
    name = (names or {}).get(card, card)
    pairs = result["pairs"]
    if not pairs:
        return [f"No seed finished on both packs with and without {name}: nothing to compare."]
    win, light = result["win"], result["light"]
    lines = []
    for what, row, say in (
        ("win rate", win, _signed_pct),
        (score, light, lambda v: "n/a" if v is None else f"{v:+.1f}"),
    ):
        effects = f"{say(row['base'])} on the base, {say(row['variant'])} on the variant"
        numbers = (
            f"difference {say(row['difference'])}, 95% interval {say(row['low'])} to "
            f"{say(row['high'])}; {row['test']} p {_p(row['p'])}"
        )
        if row["p"] < stats.ALPHA:
            way = "larger" if row["difference"] > 0 else "smaller"
            lines.append(
                f"{name}'s effect on its holder's {what} is {way} on the variant ({effects}; "
                f"{numbers}: significant)."
            )
        else:
            lines.append(
                f"{name}'s effect on its holder's {what} does not differ significantly "
                f"between the packs ({effects}; {numbers})."
            )
    if result["errors"]:
        lines.append(
            f"{result['errors']} seeds left out: a game of the four stopped with an error."
        )
    return lines
