"""What runs each word of Starlight's vocabulary (``vocabulary.py``): real references.

The vocabulary declares the words and is read without the engine (``validate``, ``doc``, the
schemas, the language server); this table binds each verb, noun, filter and value to the
engine function that runs it (``interpreter/bindings.py``), so mypy checks every function
exists and the import graph sees where it lives. ``game.Game`` gives it to its effect
machine's adapter (``effects.Adapter``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from whitedwarf.interpreter.bindings import Bindings, NounBinding, VerbBinding
from whitedwarf.interpreter.starlight import card_state, selectors, values, verbs
from whitedwarf.interpreter.starlight.selectors import Candidate
from whitedwarf.interpreter.starlight.state import State
from whitedwarf.interpreter.vm import Frame

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

# What the adapter calls each kind of function with (``effects.Adapter``), so mypy checks
# every function bound here against the call. A verb is called with its own arguments after
# ``(game, state, frame)``, as many as it declares, so ``run`` and ``can`` are checked to exist.
Resume = Callable[["Game", State, Frame, dict[str, Any], str], Any]
Reask = Callable[["Game", State, Frame, dict[str, Any]], Any]
Candidates = Callable[["Game", State, Frame], list[Candidate]]
FilterMaker = Callable[["Game", Frame, list[Any]], Callable[[Candidate], bool]]
ValueReader = Callable[["Game", State, int], int]


def verb(
    run: Callable[..., Any],
    *,
    resume: Resume | None = None,
    reask: Reask | None = None,
    can: Callable[..., bool] | None = None,
) -> VerbBinding:
    """A verb's functions, its question's answer and asking again checked against the call."""
    return VerbBinding(run, resume, reask, None, can)


def noun(candidates: Candidates) -> NounBinding:
    """A noun's candidates (Starlight's options name them by their ids)."""
    return NounBinding(candidates)


#: Filter -> what makes its predicate for one selector (``effects.Adapter.candidates``).
FILTERS: dict[str, FilterMaker] = {
    "yours": selectors.filter_yours,
    "constellation_id": selectors.filter_constellation,
    "aspect_id": selectors.filter_id,
    "privilege_id": selectors.filter_id,
    "opponents": selectors.filter_opponents,
    "constellation": selectors.filter_this_constellation,
    "launching": selectors.filter_launching,
}

#: Value -> its reader, for the effect owner's seat.
VALUES: dict[str, ValueReader] = {
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
    "opponents_max_night_points": values.value_opponents_max_night_points,
}

#: Word -> its function(s), by section of the vocabulary.
WORDS = Bindings(
    verbs={
        "gain": verb(
            verbs.verb_gain, resume=verbs.resume_gain, reask=verbs.reask_gain, can=verbs.can_gain
        ),
        "pay": verb(verbs.verb_pay),
        "claim": verb(verbs.verb_claim),
        "put": verb(card_state.verb_put),
        "remove": verb(card_state.verb_remove),
        "flush": verb(
            verbs.verb_flush,
            resume=verbs.resume_flush,
            reask=verbs.reask_flush,
            can=verbs.can_flush,
        ),
        "steal": verb(
            verbs.verb_steal,
            resume=verbs.resume_steal,
            reask=verbs.reask_steal,
            can=verbs.can_steal,
        ),
        "discard": verb(
            verbs.verb_discard,
            resume=verbs.resume_discard,
            reask=verbs.reask_discard,
            can=verbs.can_discard,
        ),
    },
    filters=FILTERS,
    values=VALUES,
    nouns={
        "star": noun(selectors.candidates_star),
        "aspect": noun(selectors.candidates_aspect),
        "privilege": noun(selectors.candidates_privilege),
        "opponent": noun(selectors.candidates_player),
        "leader": noun(selectors.candidates_player),
    },
)
