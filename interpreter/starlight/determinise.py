"""Determinisation: one complete Starlight state consistent with what a seat observes.

The ``search`` agent (``interpreter/agents/search.py``) plays its simulations on states drawn
from the set the seat cannot tell apart. Everything the observation shows
(:func:`~whitedwarf.interpreter.starlight.persist.observation`) is kept, and each hidden part
is filled from the cards the seat has not seen, shuffled by the agent's own generator, so
that every card of the packs is in exactly one place, as in a real state:

* the other live players' secret laurels (003 "Laurels"), from the laurels not in view (the
  ones never dealt stay in the box, which is not part of the state);
* the other players' flares in hand (SL26) and the Flare deck, from the flares not in view;
* the Core deck, whose contents are every core not in a pool, a discard pile or a hand: only
  its order is new; the Starbot deck likewise (every Starbot card not in its discards);
* the gods dealt to the others while gods are being kept (003 "The Gods"), from the gods not
  in view, and the one each has already kept among them;
* the ray bags, whose contents are shown: a new order; the generator gets a fresh seed, so
  every later draw differs between samples.

Another seat's effect waiting for a decision hides its variables, which cannot be guessed
back into a runnable frame: :func:`determinise` returns ``None`` then, and the agent decides
without search.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from whitedwarf.interpreter import state as generic
from whitedwarf.interpreter.starlight.persist import HIDDEN
from whitedwarf.interpreter.starlight.records import State

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.content import StarlightContent

#: A view being filled in: until filled, its hidden places hold counts (``persist.py``).
Filling = dict[str, Any]


def determinise(
    content: StarlightContent,
    view: State,
    seat: int,
    rng: random.Random,
    copy: State | None = None,
) -> State | None:
    """A full state matching ``seat``'s observation ``view``, or ``None`` (module docstring).
    ``copy``: a fresh copy of ``view`` to fill in (made here when not given)."""
    if any(frame.get("owner") != seat for frame in view["frames"]):
        return None
    state: Filling = cast(Filling, generic.clone(view) if copy is None else copy)
    others = [p for p in state["players"] if p["seat"] != seat]
    cards = content.cards
    filled = (
        _fill_laurels(state, others, sorted(cards["laurels"]), rng)
        and _fill_flares(state, others, sorted(cards["flares"]), rng)
        and _fill_gods(state, seat, others, sorted(cards["gods"]), rng)
        and _fill_deck(state, "core_deck", _cores_unseen(state, sorted(cards["cores"])), rng)
        and _fill_deck(state, "starbot_deck", _starbots_unseen(state, cards), rng)
    )
    if not filled:
        return None  # the view does not add up with the packs' cards: no consistent state
    for bag in state["bags"].values():
        shuffle(rng, bag)
    state["rng"] = rng.getrandbits(64)
    state["seed"] = 0
    return cast(State, state)


def _fill_laurels(
    state: Filling, others: list[dict[str, Any]], laurels: list[str], rng: random.Random
) -> bool:
    """Each other player's secret laurels, from the laurels the seat has not seen."""
    seen = set()
    for p in state["players"]:
        for key in ("laurels", "laurels_met"):
            if isinstance(p.get(key), list):
                seen.update(p[key])
    pool = _unseen(laurels, seen, rng)
    for p in others:
        if isinstance(p["laurels"], int):
            if p["laurels"] > len(pool):
                return False
            p["laurels"] = [pool.pop() for _ in range(p["laurels"])]
        if isinstance(p.get("laurels_met"), int):
            # only a count is shown before the end: which were met is read again at scoring
            p["laurels_met"] = p["laurels"][: p["laurels_met"]]
    return True


def _fill_flares(
    state: Filling, others: list[dict[str, Any]], flares: list[str], rng: random.Random
) -> bool:
    """The others' flares in hand and the Flare deck, from the flares not in view."""
    seen = {f for f in state["pools"]["flares"] if f is not None}
    seen.update((state["action"] or {}).get("under", ()))  # a flush's, in view (SL164)
    for frame in state["frames"]:  # a card's flush's, in view too (SL182)
        pending = frame.get("pending")
        if isinstance(pending, dict) and pending.get("verb") == "flush":
            seen.update(pending["under"])
    for p in state["players"]:
        seen.update(p["used_flares"])
        if isinstance(p["flares"], list):
            seen.update(p["flares"])
    pool = _unseen(flares, seen, rng)
    for p in others:
        if p["flares"] > len(pool):
            return False
        p["flares"] = [pool.pop() for _ in range(p["flares"])]
    return _fill_deck(state, "flare_deck", pool, rng)


def _fill_gods(
    state: Filling, seat: int, others: list[dict[str, Any]], gods: list[str], rng: random.Random
) -> bool:
    """While gods are kept (SL25), the gods dealt to the others and the one each kept."""
    seen = set(state["players"][seat]["gods_dealt"])
    seen.update(p["god"] for p in others if p["god"] not in (None, HIDDEN))
    pool = _unseen(gods, seen, rng)
    for p in others:
        if not isinstance(p["gods_dealt"], int):
            continue
        if p["god"] not in (None, HIDDEN):
            p["gods_dealt"] = [p["god"]] if p["gods_dealt"] else []  # kept and revealed
            continue
        if p["gods_dealt"] > len(pool):
            return False
        dealt = sorted(pool.pop() for _ in range(p["gods_dealt"]))
        p["gods_dealt"] = dealt
        if p["god"] == HIDDEN:
            p["god"] = dealt[rng.randrange(len(dealt))]
            p["gods_dealt"] = [p["god"]]  # what keeping does to the hand (gods.choose)
    return True


def _cores_unseen(state: Filling, cores: list[str]) -> list[str]:
    """Cores in no pool, discard pile or hand: the Core deck's contents."""
    seen = set(state["pools"]["cores"]) | set(state["core_discard"])
    for p in state["players"]:
        seen.update(p["cores"])
    return [c for c in cores if c not in seen]


def _starbots_unseen(state: Filling, cards: dict[str, Any]) -> list[str]:
    """Starbot cards not in the discards: the Starbot deck's contents (none without one)."""
    if not state["starbot_deck"]:
        return []
    discarded = set(state["starbot_discard"])
    return [c for c in sorted(cards["starbots"]) if c not in discarded]


def _fill_deck(state: Filling, key: str, cards: list[str], rng: random.Random) -> bool:
    """A hidden deck (its size in the view) from ``cards``, in a new order."""
    size = state[key]
    if not isinstance(size, int):
        return True  # already a list: nothing was hidden
    if len(cards) != size:
        return False
    deck = list(cards)
    shuffle(rng, deck)
    state[key] = deck
    return True


def _unseen(cards: list[str], seen: set[str], rng: random.Random) -> list[str]:
    pool = [c for c in cards if c not in seen]
    shuffle(rng, pool)
    return pool


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: for a plain :class:`random.Random`, its steps written out here
    (the same draws of ``getrandbits`` in the same order, so the same order and the same
    generator state after; ``tests/starlight/test_determinise.py`` holds it to that). The
    library's shuffle calls a helper for every item, and a guess shuffles the three ray bags
    and the hidden decks: a few hundred items a simulation of the search."""
    if type(rng) is not random.Random:
        rng.shuffle(items)  # a generator of its own kind draws its own way
        return
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        n = i + 1  # an index below n, drawn as random.Random._randbelow_with_getrandbits does
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
