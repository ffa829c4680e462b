"""The findings of ``explain`` from records written by hand (``simulation/explaining.py``)
and the restricted play of its probes (``agents/restricted.py``): what each number means,
without playing a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from whitedwarf.interpreter.agents.restricted import Probe, RestrictedAgent, taking
from whitedwarf.interpreter.simulation import explaining as ex
from whitedwarf.interpreter.simulation.offers import PLAYING


def game(index: int, light: list[int], winners: list[int]) -> dict[str, Any]:
    return {"index": index, "players": len(light), "light": light, "winners": winners}


def arm(holder_light: list[int], won: list[bool], players: int = 2) -> list[dict[str, Any]]:
    """Games whose holder (seat ``index mod players``) ends with ``holder_light``."""
    out = []
    for i, (light, win) in enumerate(zip(holder_light, won, strict=True)):
        seat = i % players
        row = [10] * players
        row[seat] = light
        out.append(game(i, row, [seat] if win else [(seat + 1) % players]))
    return out


def test_the_interaction_is_both_minus_each_plus_neither_game_by_game() -> None:
    none = arm([10, 12, 8, 11, 9, 10], [False] * 6)
    first = arm([11, 13, 9, 12, 10, 11], [False] * 6)  # +1 each game
    second = arm([12, 14, 10, 13, 11, 12], [False] * 6)  # +2
    both = arm([19, 20, 16, 20, 17, 19], [True] * 6)  # +9, +8, +8, +9, +8, +9
    found = ex.interaction(("a", "b"), both, first, second, none)
    assert found["games"] == 6
    assert found["score"]["difference"] == 5.5  # 8.5 joint - 1 - 2
    assert found["score"]["low"] > 0 and found["score"]["p"] < 0.001
    assert found["joint"]["difference"] == 8.5
    assert found["win"]["difference"] == 1.0


def test_a_card_effect_pairs_games_by_index_and_leaves_errors_out() -> None:
    without = arm([10, 10, 10, 10], [False, False, True, False])
    with_card = arm([12, 13, 12, 14], [True, True, True, False])
    with_card[3] = {"index": 3, "players": 2, "error": "boom"}
    found = ex.card_effect("x", with_card, without)
    assert (found["games"], found["errors"]) == (3, 1)
    assert found["score"]["difference"] == 7 / 3
    assert (found["win"]["gained"], found["win"]["lost"]) == (2, 0)
    assert found["share"]["difference"] == (7 / 3) / (37 / 3)


def test_the_first_seat_shares_a_tie() -> None:
    records = [game(0, [1, 1], [0]), game(1, [1, 1], [0, 1]), game(2, [1, 1], [1])]
    found = ex.first_seat(records, 2)
    assert found["share"] == 1.5 / 3 and found["fair"] == 0.5


def test_every_pair_of_a_few_cards_then_hooks_and_the_strongest() -> None:
    few = [{"card": c, "score": {"difference": d}} for c, d in (("a", 1), ("b", 2), ("c", 0))]
    assert [p["pair"] for p in ex.choose_pairs(few, {}, 10)] == [
        ["a", "b"], ["b", "c"], ["a", "c"]
    ]  # fmt: skip
    cards = {f"c{i}": f"when round_start -> gain {i} common" for i in range(8)}
    cards["c6"] = "when round_end -> add 1 to special_stat"
    cards["c7"] = "you have +1 special_stat"
    effects = [{"card": c, "score": {"difference": float(i)}} for i, c in enumerate(cards)]
    chosen = ex.choose_pairs(effects, cards, 4)
    assert chosen[0] == {"pair": ["c6", "c7"], "why": "share a hook (special_stat)"}
    # then the pairs of the 4 largest effects (c7, c6, c5, c4) not tested already
    assert [c["pair"] for c in chosen[1:]] == [["c5", "c7"], ["c4", "c7"], ["c5", "c6"]]
    assert all(c["why"] == "both among the 4 largest effects" for c in chosen[1:])


@dataclass(frozen=True)
class Opt:
    id: str
    text: str = ""


class First:
    def choose(self, state: Any, seat: int, options: Any) -> str:
        return str(options[0].id)


def test_a_probe_keeps_what_its_rule_allows_or_everything() -> None:
    offered = [Opt("play:mine"), Opt("play:trade"), Opt("build:small")]
    only_trade = Probe("always_trade", "", only=("play:trade",))
    assert RestrictedAgent(First(), only_trade).choose(None, 0, offered) == "play:trade"
    no_ships = Probe("never_build_ships", "", never=("build:*",))
    assert [o.id for o in no_ships.allowed(offered)] == ["play:mine", "play:trade"]
    assert [o.id for o in no_ships.allowed([Opt("build:large")])] == ["build:large"]
    take = taking("warp_drive", PLAYING, "Warp Drive")
    kept = take.allowed([Opt("discard:warp_drive#1"), Opt("make:warp_drive#2:small"), Opt("done")])
    assert [o.id for o in kept] == ["make:warp_drive#2:small"]
    assert take.says == "always takes Warp Drive when it may"
