"""A game's course never depends on the games played before it in the same process.

Runtime caches (compiled effects, option memos, the achievement memo) are shared by every
game of a content; a replay checked in a fresh process must still reach the same state.
"""

from whitedwarf.interpreter.bots import RandomBot
from whitedwarf.interpreter.lastlight import content
from whitedwarf.interpreter.lastlight.game import Game, load_content
from whitedwarf.interpreter.runner import play


def final_hash(game: Game, seed: int) -> str:
    bots = [RandomBot(seed * 10 + seat) for seat in range(game.players)]
    return play(game, game.new_state(seed), bots).final_hash


def test_a_game_after_other_games_plays_as_in_a_fresh_process() -> None:
    data = load_content()
    content._RUNTIMES.clear()
    fresh = [final_hash(Game.from_content(data, 4), seed) for seed in (3, 8)]
    content._RUNTIMES.clear()
    game = Game.from_content(data, 4)
    for seed in range(20, 32):
        final_hash(game, seed)
    assert [final_hash(game, seed) for seed in (3, 8)] == fresh
