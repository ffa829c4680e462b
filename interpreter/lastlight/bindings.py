"""What runs each word of Last Light's vocabulary (``vocabulary.py``): real references.

The vocabulary declares the words and is read without the engine (``validate``, ``doc``, the
schemas, the language server); this table binds each verb, noun, filter and value to the
engine function that runs it (``interpreter/bindings.py``), so mypy checks every function
exists and the import graph sees where it lives. ``game.wire`` hands it to the effect machine
and the selectors when a game is set up (they sit below the verbs, so cannot import them).
``tests/interpreter/test_vocabulary_bindings.py`` fails when a word is declared and not bound,
bound and not declared, or a ``verb_*``, ``candidates_*``... function is bound to no word.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from whitedwarf.interpreter.bindings import Bindings, NounBinding, VerbBinding
from whitedwarf.interpreter.lastlight import card_state, selectors, verbs
from whitedwarf.interpreter.lastlight.content import Runtime
from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.interpreter.lastlight.selectors import Keep, Resolve
from whitedwarf.interpreter.vm import Frame

# What the engine calls each kind of function with (``effects.py``, ``selectors.py``): the
# table is built through :func:`verb` and :func:`noun` and typed tables, so mypy checks every
# function bound here against the call, not only that it exists.
Run = Callable[[State, Frame, list[Any]], Any]
Resume = Callable[[State, Frame, dict[str, Any], str], Any]
Reask = Callable[[State, Frame, dict[str, Any]], Any]
Fixed = Callable[[Runtime, str, list[Any]], Callable[[State, int], Any]]
Can = Callable[[State, Frame, list[Any]], bool]
Candidates = Callable[[State, Frame, list[Any]], list[tuple[str, Any]]]
Label = Callable[[State, str], Any]
FilterMaker = Callable[[State, Frame, str, list[Any], Resolve], Keep]
ValueReader = Callable[[State, Frame], int]


def verb(
    run: Run,
    *,
    resume: Resume | None = None,
    reask: Reask | None = None,
    fixed: Fixed | None = None,
    can: Can | None = None,
) -> VerbBinding:
    """A verb's functions, each checked against how the machine calls it."""
    return VerbBinding(run, resume, reask, fixed, can)


def noun(candidates: Candidates, label: Label) -> NounBinding:
    """A noun's candidates and the label of one candidate in an option's text."""
    return NounBinding(candidates, label)


#: Filter -> what makes its predicate for one selector (``selectors.listing``).
FILTERS: dict[str, FilterMaker] = {
    "small": selectors.filter_size,
    "medium": selectors.filter_size,
    "large": selectors.filter_size,
    "red": selectors.filter_colour,
    "blue": selectors.filter_colour,
    "green": selectors.filter_colour,
    "inner": selectors.filter_ring,
    "outer": selectors.filter_ring,
    "distant": selectors.filter_ring,
    "enemy": selectors.filter_enemy,
    "exhausted": selectors.filter_exhausted,
    "ready": selectors.filter_ready,
    "unresearched": selectors.filter_unresearched,
    "played": selectors.filter_played,
    "damaged": selectors.filter_damaged,
    "adjacent": selectors.filter_near,
    "here": selectors.filter_near,
    "centre": selectors.filter_centre,
    "home": selectors.filter_home,
    "yours": selectors.filter_yours,
    "type": selectors.filter_type,
    "control": selectors.filter_yours,
    "own": selectors.filter_yours,
    "opponent": selectors.filter_opponent,
    # every printed face (000 "Combat Dice Results Explained"; E188: `this die is hit`)
    "miss": selectors.filter_face,
    "hit": selectors.filter_face,
    "hit_ability": selectors.filter_face,
    "explode": selectors.filter_face,
    "ability": selectors.filter_face,
    "civilization": selectors.filter_tech_kind,
    "ship_ability": selectors.filter_tech_kind,
    "ship_mod": selectors.filter_tech_kind,
    "blockaded": selectors.filter_blockaded,
    "ahead": selectors.filter_ahead,
    "behind": selectors.filter_behind,
}

#: Value -> its reader, from the effect owner's point of view.
VALUES: dict[str, ValueReader] = {
    "light": selectors.value_light,
    "common": selectors.value_common,
    "uncommon": selectors.value_uncommon,
    "rare": selectors.value_rare,
    "resources": selectors.value_resources,
    "techs_in_play": selectors.value_techs_in_play,
    "round": selectors.value_round,
    "players": selectors.value_players,
    "graveyard": selectors.value_graveyard,
    "opponents_max_light": selectors.value_opponents_max_light,
}

#: Word -> its function(s), by section of the vocabulary.
WORDS = Bindings(
    verbs={
        "gain": verb(
            verbs.verb_gain,
            fixed=verbs.fixed_gain,
            can=verbs.can_gain,  # nothing left in the supply: no gain (issue 29 item 8)
        ),
        "pay": verb(verbs.verb_pay),
        "give": verb(verbs.verb_give),
        "steal": verb(verbs.verb_steal),
        "exhaust": verb(verbs.verb_exhaust),
        "unexhaust": verb(verbs.verb_unexhaust),
        "draw": verb(verbs.verb_draw),
        "manufacture_free": verb(
            verbs.verb_manufacture_free,
            resume=verbs.resume_manufacture_free,
            reask=verbs.reask_manufacture_free,
            can=verbs.can_manufacture_free,  # no place for the tech: not offered (E158)
        ),
        "discard": verb(verbs.verb_discard),
        "take_back": verb(verbs.verb_take_back),
        "build": verb(verbs.verb_build, resume=verbs.resume_build, reask=verbs.reask_build),
        "move": verb(verbs.verb_move),
        "move_extra": verb(verbs.verb_move_extra),
        "trade": verb(verbs.verb_trade, resume=verbs.resume_trade, reask=verbs.reask_trade),
        "mine": verb(verbs.verb_mine),
        "deal": verb(verbs.verb_deal),
        "destroy": verb(verbs.verb_destroy),
        "repair": verb(verbs.verb_repair),
        "treat": verb(verbs.verb_treat),
        "reroll": verb(verbs.verb_reroll),
        "keep": verb(verbs.verb_keep, resume=verbs.resume_keep, reask=verbs.reask_keep),
        "add": verb(verbs.verb_add),
        "put": verb(card_state.verb_put),
        "remove": verb(card_state.verb_remove),
    },
    nouns={
        "ship": noun(selectors.candidates_ship, selectors.label_ship),
        "extractor": noun(selectors.candidates_extractor, selectors.label_extractor),
        "sector": noun(selectors.candidates_sector, selectors.label_sector),
        "planet": noun(selectors.candidates_planet, selectors.label_planet),
        "player": noun(selectors.candidates_player, selectors.label_player),
        "opponent": noun(selectors.candidates_player, selectors.label_player),
        "tech": noun(selectors.candidates_tech, selectors.label_card),
        "card": noun(selectors.candidates_card, selectors.label_card),
        "action card": noun(selectors.candidates_action_card, selectors.label_action_card),
        "ship type": noun(selectors.candidates_ship_type, selectors.label_ship_type),
        "die": noun(selectors.candidates_die, selectors.label_die),
        "destroyer": noun(selectors.candidates_player, selectors.label_player),
        "leader": noun(selectors.candidates_player, selectors.label_player),
        "owner": noun(selectors.candidates_player, selectors.label_player),
    },
    filters=FILTERS,
    values=VALUES,
)
