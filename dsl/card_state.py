"""Card state in the effect language (issue 29 item 1): counters on a card, a remembered choice.

The words are game-agnostic: each game's vocabulary declares the two counter verbs made
here (:func:`counter_verbs`), and its engine implements them in its own ``card_state``
module over the shared store of ``interpreter/card_state.py``. The forms
(docs/dsl.md "Card state"):

* ``put 1 charge on this card``: a counter of a kind the card writer names (any word);
* ``remove 3 charges from this card``: a cost: not affordable with fewer on the card;
* ``charges on this card``: how many the card holds, in a condition or an amount
  (``if charges on this card >= 3 -> ...``, ``gain 1 light per charge on this card``);
* ``choose an opponent: <steps>``: the choice is remembered on the card, and any clause of
  the same card names it ``that opponent`` (docs/rules-decisions.md R13).

A counter's name is its singular: ``charges`` and ``charge`` are one counter. A plural is
read as English writes it: ``-ies`` is ``-y`` (``envies``, ``envy``), ``-es`` after ``ss``,
``x``, ``ch``, ``sh`` or ``zz`` goes (``boxes``, ``box``), else a final ``s`` goes unless the
word ends in ``ss``, ``us`` or ``is`` (``charges``, ``charge``; ``bonus`` stays).
"""

from __future__ import annotations

from whitedwarf.dsl.registry import ArgKind, Param, Range, Verb

#: How many counters of one kind one card may hold (docs/rules-decisions.md R13:
#: more are not put, and the trace says the card is full).
MOST_ON_A_CARD = 99

#: The numbers ``put`` and ``remove`` may be written with.
COUNTERS_MOVED = Range(
    1, MOST_ON_A_CARD, f"a card holds at most {MOST_ON_A_CARD} counters of a kind"
)

#: What the checker's messages call the one card counters live on.
THIS_CARD = "this card"

#: The verbs that put and remove counters (``Verb.name``).
PUT, REMOVE = "put", "remove"
#: Verbs every game's vocabulary declares for the language itself, not for its own cards:
#: a base pack that uses none of them is not warned (W0901).
LANGUAGE_VERBS = frozenset({PUT, REMOVE})


def counter_name(word: str) -> str:
    """The counter a written word names: its singular (``charges`` -> ``charge``,
    ``envies`` -> ``envy``, ``boxes`` -> ``box``)."""
    if len(word) > 4 and word.endswith("ies"):  # not `dies`, `ties`: those lose the `s`
        return word[:-3] + "y"
    if word.endswith(_ES_PLURALS):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 1:
        return word[:-1]
    return word


#: Endings whose plural adds ``es`` (``box``, ``boxes``), so whose plural loses it.
_ES_SINGULARS = ("ss", "x", "ch", "sh", "zz")
_ES_PLURALS = tuple(f"{end}es" for end in _ES_SINGULARS)


def plural(name: str, n: int) -> str:
    """``charge`` -> ``charges`` for any number but 1 (the trace, the table, hints)."""
    if n == 1:
        return name
    if name.endswith("y") and name[-2:-1] not in ("", *"aeiou"):
        return f"{name[:-1]}ies"
    return f"{name}es" if name.endswith(("s", *_ES_SINGULARS)) else f"{name}s"


def counter_verbs(cite: str, example: str) -> list[Verb]:
    """``put`` and ``remove``, declared by each game's vocabulary with its own rulebook
    ``cite`` and an ``example`` of the game that puts and uses a counter (each compiles
    cleanly alone); each game's engine binds them to its own functions (its ``bindings.py``)."""
    card = Param("card", ArgKind.TARGET, ("card",), prep="on", doc="`this card`")
    return [
        Verb(
            PUT,
            "Put counters of a kind you name on this card (at most "
            f"{MOST_ON_A_CARD} of a kind); read them as `charges on this card`.",
            example,
            cite,
            params=(
                Param("counters", ArgKind.COUNTER, range=COUNTERS_MOVED, doc="`1 charge`"),
                card,
            ),
            text="put",
            pure=True,
        ),
        Verb(
            REMOVE,
            "Remove counters of a kind from this card; a cost: it cannot be paid with fewer "
            "on the card.",
            example,
            cite,
            params=(
                Param("counters", ArgKind.COUNTER, range=COUNTERS_MOVED, doc="`3 charges`"),
                Param("card", ArgKind.TARGET, ("card",), prep="from", doc="`this card`"),
            ),
            cost=True,
            text="remove",
            pure=True,
        ),
    ]
