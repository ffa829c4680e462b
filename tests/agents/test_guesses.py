"""Last Light's guesses for the search agent: what a view hides is worked out once.

The search draws its guesses of one decision from one view; :class:`determinise.Hidden`
works out what that view hides (the cards and tokens not in it) once, and each guess deals
from it. A guess made with it is the guess made without it (the same generator draws the
same cards), and dealing one leaves it as it was for the next.
"""

from __future__ import annotations

import random

from whitedwarf.interpreter.lastlight import determinise
from whitedwarf.interpreter.lastlight.agents.search import LastLightSearch
from whitedwarf.interpreter.lastlight.engine import engine
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.persist import observation

from tests.base_content import base_content


def test_a_guess_from_what_a_view_hides_is_the_guess_made_from_the_view() -> None:
    game = Game.from_content(base_content(), 4)
    state = game.new_state(7)
    agents = [engine().make_agent("heuristic", 7, s, game) for s in range(4)]
    compared = 0
    for _ in range(120):
        seat = game.current_players(state)[0]
        view = observation(state, seat)
        hidden = determinise.Hidden(view, seat)
        for draw in range(3):
            alone = determinise.determinise(view, seat, random.Random(draw))
            shared = determinise.determinise(view, seat, random.Random(draw), hidden)
            assert alone == shared
            compared += alone is not None
        game.apply(state, seat, agents[seat].choose(state, seat, game.legal_options(state, seat)))
    assert compared > 100  # most positions can be guessed


def test_the_search_works_out_a_view_once_for_all_its_guesses() -> None:
    game = Game.from_content(base_content(), 3)
    state = game.new_state(3)
    rules = LastLightSearch()
    view = observation(state, 0)
    first = rules.determinise(view, 0, random.Random(1))
    hidden = rules._hidden
    second = rules.determinise(view, 0, random.Random(2))
    assert hidden is not None and rules._hidden is hidden  # one view: worked out once
    assert first is not None and second is not None and first != second  # two guesses
    rules.determinise(observation(state, 0), 0, random.Random(1))
    assert rules._hidden is not hidden  # another view (a new decision): worked out again
