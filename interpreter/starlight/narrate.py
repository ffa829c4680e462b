"""Starlight's events in words: one sentence per event, for ``play --trace`` and for the
news a human seat reads in the terminal interface.

Every event kind of ``events.py`` has a sentence here (:data:`WORDING`); a kind without one
is a test failure (tests/starlight/test_narrate.py), not a line of JSON. An event carries ids
only (the engine does not hold the pack's names in its events), so ids are shown as words:
``aquila_4`` is "Aquila slot 4", ``refill_rays`` "Refill Rays".
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from whitedwarf.dsl.counts import counted

Event = dict[str, Any]

#: Where night points come from (``state.NIGHT_SOURCES``, 003 "Victory Points").
SOURCE_WORDS = {
    "slot": "for the slot",
    "flare": "from a flare",
    "bought": "bought with AP (Buy Night Points on Launch)",
    "slotless": "for a star launched without a slot",
    "starbot": "from its Starbot card",
    "effect": "from a card's effect",
}

#: How the winner was decided (``ending.result_of``, 003 "Scoring": points, then the most
#: stars launched, then the most constellations, then a shared win).
TIEBREAK_WORDS = {
    "points": "decided by points",
    "stars": "tied on points, decided by the most stars launched",
    "constellations": "tied on points and stars, decided by the most constellations",
    "shared": "tied on points, stars and constellations: a shared win",
}

#: The pools a flush empties (``actions.pool_of``).
POOL_WORDS = {"cores": "Core", "long": "long-ray", "short": "short-ray", "flares": "Flare"}


def words(identifier: object) -> str:
    """An id as words: ``refill_rays`` → ``Refill Rays``, ``starbot_08`` → ``Starbot 08``."""
    return _words(str(identifier))


@lru_cache(maxsize=4096)  # a pack's few names, which label options at every decision
def _words(text: str) -> str:
    return " ".join(part.capitalize() for part in text.split("_") if part)


def slot_words(slot: object) -> str:
    """``aquila_4`` → ``Aquila slot 4`` (an id without a number is shown as words)."""
    constellation, _, number = str(slot).rpartition("_")
    if constellation and number.isdigit():
        return f"{words(constellation)} slot {number}"
    return words(slot)


def ray_words(ray: object) -> str:
    """``green:long`` → ``green long``."""
    return str(ray).replace(":", " ")


def a_ray(ray: object) -> str:
    """``orange:long`` → ``an orange long``: the ray's words with their article."""
    told = ray_words(ray)
    return f"{'an' if told[:1] in ('a', 'e', 'i', 'o', 'u') else 'a'} {told}"


def _seats(seats: object) -> str:
    listed = [str(s) for s in seats] if isinstance(seats, list) else []
    return ", ".join(listed) or "none"


def _turn(e: Event) -> str:
    last = " (the last turn: 003 'Your Last Turn')" if e.get("last") else ""
    return f"begins a turn with {e.get('ap')} AP{last}"


def _take(e: Event) -> str:
    cost = int(e.get("cost") or 0)
    price = f"{cost} AP" if cost else "free"
    what, item = e.get("what"), e.get("item")
    if what == "core":
        return f"takes the Core {words(item)} ({price})"
    if what == "ray":
        return f"takes {a_ray(item)} ray ({price})"
    return f"buys the Flare {words(item)} ({price})"


def _gained(e: Event) -> str:
    """A card's ``gain`` took this from its pool, free (a note)."""
    if e.get("what") == "core":
        return f"gets the Core {words(e.get('item'))} from the pool"
    return f"gets {a_ray(e.get('item'))} ray from the pool"


def _launch(e: Event) -> str:
    star = f"launches a magnitude-{e.get('magnitude')} star (Core {words(e.get('core'))})"
    slot = e.get("slot")
    if slot is None:
        return f"{star} without a slot (the final launch: 003 'Your Last Turn')"
    return f"{star} into {slot_words(slot)}"


def _flare(e: Event) -> str:
    if e.get("box") == "boon":
        return f"uses the boon (green box) of the Flare {words(e.get('card'))}; it turns face down"
    return f"attaches the Flare {words(e.get('card'))} for its night points (blue box)"


def _points(e: Event) -> str:
    amount = e.get("amount")
    noun = "night point" if amount == 1 else "night points"
    source = SOURCE_WORDS.get(str(e.get("source")), f"({e.get('source')})")
    return f"scores {amount} {noun} {source}"


def _gods(e: Event) -> str:
    kept = e.get("gods") or {}
    told = "; ".join(f"seat {seat} keeps {words(god)}" for seat, god in sorted(kept.items()))
    return f"the gods are revealed: {told or 'none kept'}"


def _god_triggered(e: Event) -> str:
    return f"the god {words(e.get('god'))} is triggered (when {e.get('hook')})"


def _god_given(e: Event) -> str:
    """``play --give`` gave a god (a note): the seat keeps one god only (003 "The Gods"), so
    the gift takes the place of the one it kept, which goes to a seat that kept the gift."""
    god, kept, holder = e.get("god"), e.get("kept"), e.get("holder")
    said = f"is given the god {words(god)} (--give)"
    if kept is None or kept == god:
        return said
    said += f": it replaces {words(kept)}, the god this seat kept (one god a seat)"
    if holder is not None:
        said += f", and seat {holder}, which kept {words(god)}, keeps {words(kept)} instead"
    return said


def _god_unmet(e: Event) -> str:
    return f"{_god_triggered(e)} but its condition is false: did nothing"


# use limits, durations, one-shot discounts (notes, trace only: issue 29)
def _god_used_up(e: Event) -> str:
    return f"{_god_triggered(e)} but was {e.get('shown')}: did nothing"


def _lasting(e: Event) -> str:
    return f"{words(e.get('card'))}: until the end of the {e.get('until')}, {e.get('text')}"


def _lasting_over(e: Event) -> str:
    return f"{words(e.get('card'))}'s {e.get('text')} ends: the {e.get('until')} is over"


def _unpaid(e: Event) -> str:
    return f"{words(e.get('card'))} cannot pay its cost: what it pays for is skipped"


def _counters(e: Event) -> str:
    """Card state (issue 29): counters put on or removed from a card."""
    full = ", full: no more fit on a card" if e.get("full") else ""
    kind = str(e.get("card_kind", "")).partition(".")[0]
    what = {"gods": "the god ", "flares": "the flare ", "laurels": "the laurel "}.get(kind, "")
    return f"{what}{words(e.get('card'))} {e.get('did')} itself ({e.get('held')} now{full})"


#: A frame's card kind (``gods:helion``, ``flares.boon:comet``) as the trace names the card.
CARD_KIND_WORDS = {
    "gods": "the god",
    "flares": "the flare",
    "laurels": "the laurel",
    "accolades": "the accolade",
}


def card_words(card: object) -> str:
    """``gods:boreas`` → ``the god Boreas``; a card without a kind is its id as words."""
    kind, _, ident = str(card).rpartition(":")
    what = CARD_KIND_WORDS.get(kind.partition(".")[0])
    return f"{what} {words(ident)}" if what else words(ident)


def _verb(e: Event) -> str:
    """A step of a card's effect (a note): ``the god Boreas: gain 1 short_ray``."""
    return f"{card_words(e.get('card'))}: {e.get('verb')} {e.get('args') or ''}".rstrip()


def _untrue(e: Event) -> str:
    """An ``if`` step of a card's effect was false (a note)."""
    why = f" ({e.get('why')})" if e.get("why") else ""
    said = f"an if step is false{why}: what it guards is skipped"
    return f"{card_words(e.get('card'))}: {said}"


def _pointless(e: Event) -> str:
    return f"{words(e.get('card'))} pays nothing: what it would pay for cannot happen now"


def _daybreak(e: Event) -> str:
    return f"brings daybreak: round {e.get('last_round')} is the last round (003 'End of Game')"


def _game_end(e: Event) -> str:
    winners = e.get("winners") or []
    points = e.get("points") or []
    who = (
        f"seat {winners[0]} wins" if len(winners) == 1 else f"seats {_seats(winners)} share the win"
    )
    scores = ", ".join(f"seat {s}: {p}" for s, p in enumerate(points))
    tiebreak = f"; {TIEBREAK_WORDS.get(str(e.get('tiebreak')), e.get('tiebreak'))}"
    return f"game over ({e.get('reason')}): {who} ({scores}){tiebreak}"


def _final_score(e: Event) -> str:
    """003 "Scoring": a seat's day points by part, each laurel fulfilled or not."""
    parts = []
    if e.get("alpha"):
        parts.append(f"{e.get('alpha_points')} for {counted(int(e['alpha']), 'alpha star')}")
    laurels = e.get("laurels") or []
    if laurels:
        met = [laurel for laurel in laurels if laurel.get("fulfilled")]
        unmet = [laurel for laurel in laurels if not laurel.get("fulfilled")]
        told = "; ".join(
            head + ", ".join(f"{words(card.get('card'))} {card.get('points')}" for card in some)
            for head, some in (("", met), ("not fulfilled: ", unmet))
            if some
        )
        count = f"{len(met)} of {len(laurels)}"
        parts.append(f"{e.get('laurel_points')} for {count} laurels ({told})")
    if e.get("laurel_bonus"):
        parts.append(f"{e.get('laurel_bonus')} more for them with Laurels +3 Victory Points")
    accolades = e.get("accolades") or []
    if accolades:
        told = ", ".join(f"{words(a.get('card'))} {a.get('points')}" for a in accolades)
        parts.append(f"{e.get('accolade_points')} for accolades ({told})")
    if e.get("starbot_stars"):
        parts.append(f"{e.get('starbot_stars')} for its launched stars (the Starbot difficulty)")
    day = int(e.get("day") or 0)
    return f"scores {counted(day, 'day point')} at the end (003 'Scoring'): " + (
        "; ".join(parts) or "nothing"
    )


#: One sentence per event kind (the kinds of ``events.py``), without the round and seat.
WORDING: dict[str, Callable[[Event], str]] = {
    "turn": _turn,
    "forfeit": lambda e: "forfeits the last turn: no complete star to launch",
    "step": lambda e: f"moves its marker to {words(e.get('space'))}",
    "action": lambda e: (
        f"takes the action {words(e.get('action'))}"
        + (f" (occupation surcharge {e['surcharge']} AP)" if e.get("surcharge") else "")
    ),
    "take": _take,
    "flush": lambda e: f"flushes the {POOL_WORDS.get(str(e.get('pool')), e.get('pool'))} pool",
    "launch": _launch,
    "flare": _flare,
    "points": _points,
    "privilege": lambda e: f"gains the privilege {words(e.get('privilege'))}",
    "accolade": lambda e: f"claims the Accolade {words(e.get('card'))}",
    "starbot": lambda e: (
        f"turns up the Starbot card {words(e.get('card'))}: {words(e.get('action'))}"
    ),
    "gods": _gods,
    "god_triggered": _god_triggered,
    "god_unmet": _god_unmet,
    "god_given": _god_given,
    "unpaid": _unpaid,
    "god_use_counted": lambda e: f"the god {words(e.get('god'))} is {e.get('shown')}",
    "god_used_up": _god_used_up,
    "lasting": _lasting,
    "lasting_over": _lasting_over,
    "next_cost": lambda e: (
        f"{words(e.get('card'))}: your next {e.get('thing')} costs {e.get('amount')} less"
    ),
    "next_cost_used": lambda e: (
        f"{words(e.get('card'))}'s discount ({e.get('amount')} less) is used on {e.get('on')}"
    ),
    "next_cost_over": lambda e: (
        f"{words(e.get('card'))}'s discount ({e.get('amount')} less) is gone: the "
        f"{e.get('until')} is over"
    ),
    "counters": _counters,  # card state (issue 29)
    "pointless": _pointless,
    "verb": _verb,  # a note: a step of a card's effect
    "untrue": _untrue,  # a note: an `if` step of it was false
    "gained": _gained,  # a note: what that step's gain took
    "day_points": lambda e: (
        f"gains {counted(int(e.get('amount') or 0), 'day point')} from "
        f"{words(str(e.get('card', '')).partition(':')[2])}, kept for final scoring"
    ),
    "discard": lambda e: f"discards the Core {words(e.get('core'))}",
    "steal": lambda e: f"takes {a_ray(e.get('ray'))} ray from seat {e.get('victim')}",
    "daybreak": _daybreak,
    "game_end": _game_end,
    "final_score": _final_score,
    "decision": lambda e: f"decides: {e.get('text')} [{e.get('option')}]",
}


def sentence(event: Event) -> str:
    """What happened, without the round and seat (an unknown kind is named as it is)."""
    wording = WORDING.get(str(event.get("kind")))
    if wording is None:
        return f"{event.get('kind', 'event')} (an event without wording)"
    return " ".join(wording(event).split())


def describe(event: Event) -> str:
    """One trace line: ``round   3 seat 1: launches a magnitude-5 star ...``."""
    seat = event.get("seat")
    who = "-" if seat is None else str(seat)
    round_ = event.get("round")
    where = f"round {round_:>3}" if isinstance(round_, int) else "setup"
    return f"{where} seat {who}: {sentence(event)}"


def dealt(game: Any, state: dict[str, Any]) -> list[str]:
    """The trace's lines for what a new game dealt in secret: the gods of each live seat
    (003 "The Gods": two each, keep one), by the names printed on them."""
    cards = game.content.cards.get("gods", {})
    lines = []
    for p in state["players"]:
        names = [str(cards.get(g, {}).get("name", words(g))) for g in p.get("gods_dealt") or []]
        if names:
            where = f"round {state['round']:>3}"
            told = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
            lines.append(f"{where} seat {p['seat']}: is dealt the gods {told}, to keep one")
    return lines
