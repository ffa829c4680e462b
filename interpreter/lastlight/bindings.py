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

from whitedwarf.interpreter.bindings import Bindings, NounBinding, VerbBinding
from whitedwarf.interpreter.lastlight import card_state, selectors, verbs

#: Word -> its function(s), by section of the vocabulary.
WORDS = Bindings(
    verbs={
        "gain": VerbBinding(
            verbs.verb_gain,
            fixed=verbs.fixed_gain,
            can=verbs.can_gain,  # nothing left in the supply: no gain (issue 29 item 8)
        ),
        "pay": VerbBinding(verbs.verb_pay),
        "give": VerbBinding(verbs.verb_give),
        "steal": VerbBinding(verbs.verb_steal),
        "exhaust": VerbBinding(verbs.verb_exhaust),
        "unexhaust": VerbBinding(verbs.verb_unexhaust),
        "draw": VerbBinding(verbs.verb_draw),
        "manufacture_free": VerbBinding(
            verbs.verb_manufacture_free,
            resume=verbs.resume_manufacture_free,
            reask=verbs.reask_manufacture_free,
        ),
        "discard": VerbBinding(verbs.verb_discard),
        "take_back": VerbBinding(verbs.verb_take_back),
        "build": VerbBinding(verbs.verb_build, resume=verbs.resume_build, reask=verbs.reask_build),
        "move": VerbBinding(verbs.verb_move),
        "move_extra": VerbBinding(verbs.verb_move_extra),
        "trade": VerbBinding(verbs.verb_trade, resume=verbs.resume_trade, reask=verbs.reask_trade),
        "mine": VerbBinding(verbs.verb_mine),
        "deal": VerbBinding(verbs.verb_deal),
        "destroy": VerbBinding(verbs.verb_destroy),
        "repair": VerbBinding(verbs.verb_repair),
        "treat": VerbBinding(verbs.verb_treat),
        "reroll": VerbBinding(verbs.verb_reroll),
        "keep": VerbBinding(verbs.verb_keep, resume=verbs.resume_keep, reask=verbs.reask_keep),
        "add": VerbBinding(verbs.verb_add),
        "put": VerbBinding(card_state.verb_put),
        "remove": VerbBinding(card_state.verb_remove),
    },
    nouns={
        "ship": NounBinding(selectors.candidates_ship, selectors.label_ship),
        "extractor": NounBinding(selectors.candidates_extractor, selectors.label_extractor),
        "sector": NounBinding(selectors.candidates_sector, selectors.label_sector),
        "planet": NounBinding(selectors.candidates_planet, selectors.label_planet),
        "player": NounBinding(selectors.candidates_player, selectors.label_player),
        "opponent": NounBinding(selectors.candidates_player, selectors.label_player),
        "tech": NounBinding(selectors.candidates_tech, selectors.label_card),
        "card": NounBinding(selectors.candidates_card, selectors.label_card),
        "action card": NounBinding(selectors.candidates_action_card, selectors.label_action_card),
        "ship type": NounBinding(selectors.candidates_ship_type, selectors.label_ship_type),
        "die": NounBinding(selectors.candidates_die, selectors.label_die),
        "destroyer": NounBinding(selectors.candidates_player, selectors.label_player),
        "owner": NounBinding(selectors.candidates_player, selectors.label_player),
    },
    filters={
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
        "miss": selectors.filter_face,
        "civilization": selectors.filter_tech_kind,
        "ship_ability": selectors.filter_tech_kind,
        "ship_mod": selectors.filter_tech_kind,
        "blockaded": selectors.filter_blockaded,
    },
    values={
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
    },
)
