"""What runs each word of Starlight's vocabulary (``vocabulary.py``): real references.

The vocabulary declares the words and is read without the engine (``validate``, ``doc``, the
schemas, the language server); this table binds each verb, noun, filter and value to the
engine function that runs it (``interpreter/bindings.py``), so mypy checks every function
exists and the import graph sees where it lives. ``game.Game`` gives it to its effect
machine's adapter (``effects.Adapter``).
"""

from __future__ import annotations

from whitedwarf.interpreter.bindings import Bindings, NounBinding, VerbBinding
from whitedwarf.interpreter.starlight import card_state, selectors, values, verbs

#: Word -> its function(s), by section of the vocabulary.
WORDS = Bindings(
    verbs={
        "gain": VerbBinding(
            verbs.verb_gain, resume=verbs.resume_gain, reask=verbs.reask_gain, can=verbs.can_gain
        ),
        "pay": VerbBinding(verbs.verb_pay),
        "claim": VerbBinding(verbs.verb_claim),
        "put": VerbBinding(card_state.verb_put),
        "remove": VerbBinding(card_state.verb_remove),
        "flush": VerbBinding(verbs.verb_flush, can=verbs.can_flush),
        "steal": VerbBinding(
            verbs.verb_steal,
            resume=verbs.resume_steal,
            reask=verbs.reask_steal,
            can=verbs.can_steal,
        ),
        "discard": VerbBinding(
            verbs.verb_discard,
            resume=verbs.resume_discard,
            reask=verbs.reask_discard,
            can=verbs.can_discard,
        ),
    },
    nouns={
        "star": NounBinding(selectors.candidates_star),
        "aspect": NounBinding(selectors.candidates_aspect),
        "privilege": NounBinding(selectors.candidates_privilege),
        "opponent": NounBinding(selectors.candidates_player),
    },
    filters={
        "yours": selectors.filter_yours,
        "constellation_id": selectors.filter_constellation,
        "aspect_id": selectors.filter_id,
        "privilege_id": selectors.filter_id,
        "opponents": selectors.filter_opponents,
        "constellation": selectors.filter_this_constellation,
        "launching": selectors.filter_launching,
    },
    values={
        "stars_launched": values.value_stars_launched,
        "constellations_with_stars": values.value_constellations_with_stars,
        "magnitudes_recorded": values.value_magnitudes_recorded,
        "aspects_recorded": values.value_aspects_recorded,
        "privileges": values.value_privileges,
        "alpha_stars": values.value_alpha_stars,
        "small_stars": values.value_small_stars,
        "medium_stars": values.value_medium_stars,
        "linked_stars": values.value_linked_stars,
        "star_magnitude": values.value_star_magnitude,
        "star_colours": values.value_star_colours,
        "rays_held": values.value_rays_held,
        "long_rays_held": values.value_long_rays_held,
        "short_rays_held": values.value_short_rays_held,
        "cores_held": values.value_cores_held,
        "flares_held": values.value_flares_held,
        "flares_used": values.value_flares_used,
        "night_points": values.value_night_points,
        "ap": values.value_ap,
        "round": values.value_round,
        "players": values.value_players,
        "saved_ap": values.value_saved_ap,
    },
)
