"""A game's course never depends on the games played before it in the same process.

Runtime caches (compiled effects, option memos, the achievement memo) are shared by every
game of a content; a replay checked in a fresh process must still reach the same state.
"""

from whitedwarf.interpreter.bots import RandomBot
from whitedwarf.interpreter.lastlight.content import GameContent
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.runner import play

from tests.base_content import base_content


def final_hash(game: Game, seed: int) -> str:
    bots = [RandomBot(seed * 10 + seat) for seat in range(game.players)]
    return play(game, game.new_state(seed), bots).final_hash


def test_a_game_after_other_games_plays_as_in_a_fresh_process() -> None:
    def unplayed() -> GameContent:  # the same data with runtime tables of its own, empty
        return GameContent(base_content().files, base_content().name)

    fresh = [final_hash(Game.from_content(unplayed(), 4), seed) for seed in (3, 8)]
    data = unplayed()
    game = Game.from_content(data, 4)
    for seed in range(20, 32):
        final_hash(game, seed)
    assert [final_hash(game, seed) for seed in (3, 8)] == fresh
