"""Last Light rules an outside checker would write from the rulebooks, fourth pass: where two
rules meet and the order of resolution decides, each as a position made with the public
scenario helpers (docs/scenarios.md), the decisions the rules are about and what a player at
the table would see, quoting 000 (rulebook), 001 (reference manual), 002 (2-player variant)
or 004 (revised Command). The order is 000 "playing the game": "if there is ever a conflict
with regards to the timing resolution of actions or technologies, the player with the lower
# on their played action card resolves theirs first. If the conflict occurs between players
who both played the same action card, resolve beginning with the player holding the first
player token and proceeding clockwise." They add to ``test_rulebook_text.py``,
``test_rulebook_edges.py`` and ``test_rulebook_exceptions.py``: one card's effect seen by a
later card of the same round, the last piece of a supply, the end of the game decided by a
gift and the tiebreakers, the Lumos's kills, and a free research that must obey the rules of
playing a tech.
"""

from __future__ import annotations

from typing import Any

from whitedwarf.interpreter.lastlight.scenario import (
    adjacent,
    blank,
    choose,
    give,
    new_game,
    options,
    put_extractor,
    put_ship,
    put_tech,
    rig_dice,
)
from whitedwarf.interpreter.lastlight.state import LUMOS

from tests.engine.rulebook_steps import (
    assign_all as _assign_all,
)
from tests.engine.rulebook_steps import (
    finish_round as _finish_round,
)
from tests.engine.rulebook_steps import (
    played as _played,
)

Game = Any
State = Any


def _planet_on(state: State, ring: str) -> tuple[str, str]:
    """The first planet on ``ring`` (``inner``, ``outer``) and its sector."""
    for planet, data in sorted(state["planets"].items()):
        if data["sector"].startswith(f"{ring}_"):
            return planet, data["sector"]
    raise AssertionError(f"no planet on the {ring} ring")


def _open_neighbour(state: State, sector: str) -> str:
    """A sector next to ``sector`` a ship may stand in: no asteroid, not the centre."""
    return next(
        s for s in adjacent(state, sector)
        if not state["sectors"][s]["asteroid"] and s != "centre"
    )  # fmt: skip


def _finish_round_until(game: Game, state: State, seat: int, limit: int = 50) -> None:
    """Answer every other seat's decisions (their last option) until ``seat`` decides."""
    for _ in range(limit):
        deciding = game.current_players(state)
        if deciding == [seat]:
            return
        game.apply(state, deciding[0], options(game, state, deciding[0])[-1])
    raise AssertionError(f"seat {seat} never decided")


def _to_attack(game: Game, state: State, seat: int, limit: int = 20) -> None:
    """``seat`` moves nothing and declines what its ships reveal, up to its first roll."""
    for _ in range(limit):
        offered = options(game, state, seat)
        if any(o.startswith("roll:") for o in offered):
            return
        game.apply(state, seat, "no" if "no" in offered else "done")
    raise AssertionError(f"seat {seat} was never offered a roll")


def _tech_refs(state: State, seat: int) -> list[str]:
    return sorted(t["ref"].split("#")[0] for t in state["players"][seat]["techs"])


# -- A lower card number resolves first --------------------------------------------------------


def test_000_refresh_claims_before_a_command_of_the_same_round_arrives() -> None:
    """000 "Claim": no light for a planet "blockaded" by "any ships of a different color";
    Refresh is card 5 and Command card 6, so the Refresh claims before the enemy ship that
    moves onto the inner planet this round is there: 2 light, and the ship does arrive."""
    game = new_game(players=3)
    state = blank(game)
    planet, sector = _planet_on(state, "inner")
    put_extractor(state, 0, planet=planet)
    enemy = put_ship(state, 1, "small", _open_neighbour(state, sector))
    choose(game, state, {0: "refresh", 1: "command", 2: "mine"})
    assert state["players"][0]["light"] == 2  # claimed before the Command's move step
    game.apply(state, 1, f"move:{enemy}:{sector}")
    _finish_round(game, state)
    assert state["ships"][enemy]["sector"] == sector
    assert state["players"][0]["light"] == 2


def test_000_a_planet_blockaded_when_the_round_begins_gives_nothing_even_if_the_ship_leaves() -> (
    None
):
    """The other way round: the enemy ship is on the planet when the round's cards resolve,
    so the Refresh (5) finds it blockaded, though the Command (6) moves the ship away after."""
    game = new_game(players=3)
    state = blank(game)
    planet, sector = _planet_on(state, "inner")
    put_extractor(state, 0, planet=planet)
    enemy = put_ship(state, 1, "small", sector)
    away = _open_neighbour(state, sector)
    choose(game, state, {0: "refresh", 1: "command", 2: "mine"})
    assert state["players"][0]["light"] == 0
    game.apply(state, 1, f"move:{enemy}:{away}")
    _finish_round(game, state)
    assert state["players"][0]["light"] == 0


def test_004_mine_collects_from_an_extractor_the_same_rounds_bombardment_destroys() -> None:
    """000 "Action Card #2": a resource "for each extractor you have on the board"; Mine is
    card 2, so it collects before the Command (card 6) that bombards the extractor (004:
    "Ships with bombardment can attack if there is an enemy ship or extractor present")."""
    game = new_game(players=3)
    state = blank(game)
    planet, sector = _planet_on(state, "outer")
    put_extractor(state, 0, planet=planet)
    resource = state["planets"][planet]["resource"]
    put_ship(state, 1, "small", sector)
    put_tech(state, 1, "bombardment", ship_type="small")
    choose(game, state, {0: "mine", 1: "command", 2: "trade"})
    assert state["players"][0]["res"][resource] == 1  # mined first
    game.apply(state, 2, "trade:gain_common")
    game.apply(state, 2, "trade:gain_common")
    game.apply(state, 2, "gift:0")
    _to_attack(game, state, 1)
    rig_dice(state, ["hit"])
    game.apply(state, 1, "roll:small")
    _assign_all(game, state, 1)
    assert not any(e["owner"] == 0 for e in state["extractors"].values())
    assert state["players"][1]["graveyard"] == [{"kind": "extractor", "owner": 0, "size": None}]
    assert state["players"][0]["res"][resource] == 1


def test_000_construct_builds_the_extractor_before_a_command_ship_arrives() -> None:
    """000 "2. extractor": "in the sector of a planet containing only your ships"; Construct
    (3) resolves before Command (6), so an enemy ship moving in that round does not stop it."""
    game = new_game(players=3)
    state = blank(game)
    planet, sector = _planet_on(state, "outer")
    put_ship(state, 0, "small", sector)
    enemy = put_ship(state, 1, "small", _open_neighbour(state, sector))
    choose(game, state, {0: "construct", 1: "command", 2: "mine"})
    assert f"extractor:{planet}" in options(game, state, 0)
    game.apply(state, 0, f"extractor:{planet}")
    _finish_round_until(game, state, 1)
    game.apply(state, 1, f"move:{enemy}:{sector}")  # the enemy ship arrives afterwards
    _finish_round(game, state)
    assert state["ships"][enemy]["sector"] == sector
    assert any(e["owner"] == 0 and e.get("planet") == planet for e in state["extractors"].values())


def test_000_the_lower_card_takes_the_last_resource_whoever_holds_the_token() -> None:
    """One common left in the supply: seat 0 holds the first player token and trades (card
    4), seat 1 mines (card 2). Mine resolves first and takes the last common, so the Trade
    cannot gain one (E3/E6: a trade the supply cannot pay in full is not offered)."""
    game = new_game(players=3)
    state = blank(game)
    put_extractor(state, 1, space="common_a")
    give(state, 2, common=state["supply"]["common"] - 1)
    give(state, 0, uncommon=1)
    game.edited(state)
    assert state["first"] == 0
    choose(game, state, {0: "trade", 1: "mine", 2: "research"})
    _finish_round_until(game, state, 0)
    assert state["players"][1]["res"]["common"] == 1 and state["supply"]["common"] == 0
    assert "trade:gain_common" not in options(game, state, 0)
    assert "trade:uncommon_to_common" not in options(game, state, 0)  # 2 common not there


def test_000_the_same_card_twice_the_token_holder_takes_the_last_resource() -> None:
    """Both seats 0 and 1 mine a common space and one common is left: the same card, so the
    player holding the first player token resolves first; the token is at seat 1 (passed
    there by hand), so seat 1 gets the common and seat 0 gets nothing (E6: a gain from an
    empty supply is what is left)."""
    game = new_game(players=3)
    state = blank(game)
    for seat in (0, 1):
        put_extractor(state, seat, space="common_a")
    give(state, 2, common=state["supply"]["common"] - 1)
    state["first"] = 1
    game.edited(state)
    choose(game, state, {0: "mine", 1: "mine", 2: "research"})
    _finish_round(game, state)
    assert [state["players"][s]["res"]["common"] for s in (0, 1)] == [0, 1]


# -- The end of the game: a gift, the tiebreakers ----------------------------------------------


def test_000_a_gift_that_ties_twenty_goes_to_the_tiebreak_on_techs_in_play() -> None:
    """000 "Action Card #4": "choose 1 other player to gain 1 light"; 000 "Game End": "If
    there is a tie, the tied player with the most Technology cards in play is the winner".
    Seat 0 (20 light, one tech) gives the gift to seat 1 (19 light, two techs): both end
    the round on 20 and seat 1 wins, though seat 0 reached 20 first and has more resources."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 0, light=20, rare=3)
    give(state, 1, light=19)
    put_tech(state, 0, "resourcefulness")
    put_tech(state, 1, "galactic_monument")
    put_tech(state, 1, "x_blaster", ship_type="small")
    choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    _finish_round_until(game, state, 0)  # the Mines (card 2) resolve first
    for pick in ("trade:gain_common", "trade:gain_common", "gift:1"):
        game.apply(state, 0, pick)
    _finish_round(game, state)
    assert [p["light"] for p in state["players"]] == [20, 20, 0]
    assert state["phase"] == "over" and state["result"]["winners"] == [1]


def test_000_tied_on_light_and_techs_a_trade_that_halves_resources_loses_the_tiebreak() -> None:
    """000 "Game End": tied on light and on techs in play, "the player among them who has the
    most resources wins". The last round's Trade turns seat 0's 4 common into 2 uncommon:
    4 resources become 2 (001 "Convert 2 common -> 1 uncommon"), and seat 1's 3 win."""
    game = new_game(players=3)
    state = blank(game)
    give(state, 0, light=20, common=4)
    give(state, 1, light=20, common=3)
    put_tech(state, 0, "resourcefulness")
    put_tech(state, 1, "galactic_monument")
    choose(game, state, {0: "trade", 1: "mine", 2: "mine"})
    _finish_round_until(game, state, 0)
    for pick in ("trade:common_to_uncommon", "trade:common_to_uncommon"):
        game.apply(state, 0, pick)
    game.apply(state, 0, "gift:2")  # the gift goes to seat 2: seats 0 and 1 stay on 20
    _finish_round(game, state)
    assert state["players"][0]["res"] == {"common": 0, "uncommon": 2, "rare": 0}
    assert [p["light"] for p in state["players"][:2]] == [20, 20]
    assert state["result"]["winners"] == [1]


# -- The 2-player variant --------------------------------------------------------------------------


def test_000_two_players_a_full_graveyard_pays_two_light() -> None:
    """000 "Graveyard": "(In a 2-player game, you gain 2 light as soon as you have 4 units
    in your graveyard.)": seat 0 holds three of seat 1's small ships; the fourth kill pays 2
    light (C4), and the four ships go back to seat 1's supply."""
    game = new_game(players=2)
    state = blank(game)
    sector = _planet_on(state, "outer")[1]
    state["players"][1]["supply"]["small"] -= 3  # by hand: three earlier kills
    state["players"][0]["graveyard"] = [{"kind": "ship", "owner": 1, "size": "small"}] * 3
    put_ship(state, 0, "small", sector)
    victim = put_ship(state, 1, "small", sector)
    game.edited(state)
    _played(state, 1, "mine")
    choose(game, state, {0: "command", 1: "trade"})
    _finish_round_until(game, state, 0)
    _to_attack(game, state, 0)
    rig_dice(state, ["hit"])
    game.apply(state, 0, "roll:small")
    assert victim not in state["ships"]
    assert state["players"][0]["graveyard"] == []
    assert state["players"][0]["light_by_source"].get("graveyard", 0) == 2
    assert state["players"][1]["supply"]["small"] == 5


def test_002_a_kill_by_the_lumos_you_command_goes_to_your_graveyard() -> None:
    """002: "Ships destroyed by Lumos ships that you are controlling do go to your
    graveyard": seat 0, the Lumos's ally, commands and rolls the Lumos ship on its own
    ("roll separately"), and the enemy ship it destroys is seat 0's kill."""
    game = new_game(players=2)
    state = blank(game)
    sector = _planet_on(state, "outer")[1]
    put_ship(state, LUMOS, "small", sector)
    victim = put_ship(state, 1, "small", sector)
    give(state, 1, light=3)
    state["lumos"]["ally"] = 0  # seat 0 has the least light (002), as the last card left it
    game.edited(state)
    _played(state, 0, "mine")
    choose(game, state, {0: "command", 1: "trade"})
    _finish_round_until(game, state, 0)
    _to_attack(game, state, 0)
    assert "roll:lumos:small" in options(game, state, 0)
    rig_dice(state, ["hit"])
    game.apply(state, 0, "roll:lumos:small")
    assert victim not in state["ships"]
    assert state["players"][0]["graveyard"] == [{"kind": "ship", "owner": 1, "size": "small"}]


def test_002_after_a_rotation_refresh_waits_for_a_card_played_again() -> None:
    """002: "you must have at least 1 action card already played (i.e. on the table) before
    you may play your Refresh card". A Refresh picks up the played cards (000 "1. Refresh")
    and the rotation gives the Refresh back (000 "After the last Refresh ... each player
    takes their Refresh card back"): the round after, no card is on the table, so no Refresh."""
    game = new_game(players=2)
    state = blank(game)
    _played(state, 0, "mine")
    _played(state, 1, "mine")
    choose(game, state, {0: "refresh", 1: "refresh"})
    assert state["rotation"] == 1 and state["phase"] == "choose"
    for seat in (0, 1):
        assert state["players"][seat]["played"] == []
        assert "play:refresh" not in options(game, state, seat)
        assert "play:mine" in options(game, state, seat)


def test_000_rotation_waits_for_the_last_refresh_of_a_later_round() -> None:
    """000 "Board Rotation": "If all players have their Refresh card on the table, rotation
    occurs": seat 0 refreshed in round 1 and played Mine in round 2; seats 1 and 2 refresh in
    round 2. The rotation comes at the end of round 2, with seat 0's Refresh still on the
    table, and the ships in the centre pay then."""
    game = new_game(players=3)
    state = blank(game)
    put_ship(state, 0, "small", "centre")
    choose(game, state, {0: "refresh", 1: "mine", 2: "mine"})
    assert state["rotation"] == 0 and "refresh" in state["players"][0]["played"]
    choose(game, state, {0: "mine", 1: "refresh", 2: "refresh"})
    assert state["rotation"] == 1
    assert state["players"][0]["light"] == 1
    assert all("refresh" not in p["played"] for p in state["players"])


# -- A free research obeys the rules of playing a tech -----------------------------------------


def _databank_position(game: Game) -> tuple[State, str]:
    """Seat 0's ship on a planet whose face-down token is Precursor Databank ("Research a
    tech without paying its cost"), before round 1's choice; returns the state and sector."""
    state = blank(game)
    holder = next(p for p, d in sorted(state["planets"].items())
                  if d["token"] and d["token"].startswith("precursor_databank"))  # fmt: skip
    sector = state["planets"][holder]["sector"]
    put_ship(state, 0, "small", sector)
    return state, sector


def test_e158_a_free_research_offers_no_second_civilization_tech_of_one_name() -> None:
    """000 "Civilization technology cards": "No player may have two civilization technologies
    with the same name"; 000 "Exploration Icons Explained": "Research a tech without paying
    its cost". With Development in play and a second Development and Resourcefulness in
    hand, the token researches Resourcefulness: the second Development is no choice (it was
    offered, and picking it did nothing: docs/rules-decisions.md E158)."""
    game = new_game(players=3)
    state, _ = _databank_position(game)
    put_tech(state, 0, "development")
    put_tech(state, 0, "development", hand=True)
    put_tech(state, 0, "resourcefulness", hand=True)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    assert not any(o.startswith("pick:development") for o in options(game, state, 0))
    _finish_round(game, state)
    assert _tech_refs(state, 0) == ["development", "resourcefulness"]
    assert [t.split("#")[0] for t in state["players"][0]["techs_hand"]] == ["development"]


def test_e158_a_free_research_offers_no_mod_for_a_full_ship_type() -> None:
    """000 "Small ships may hold 1 ship mod. Medium ships may hold 2 ship mods. Large ships
    may hold 3 ship mods." (E4: a full type takes no more): with every mod slot of seat 0's
    board used, the token does not offer Bombardment (a mod with nowhere to go) and
    researches the civilization tech in hand."""
    game = new_game(players=3)
    state, _ = _databank_position(game)
    put_tech(state, 0, "x_blaster", ship_type="small")
    put_tech(state, 0, "power_shield", ship_type="medium")
    put_tech(state, 0, "supersonic", ship_type="medium")
    put_tech(state, 0, "power_shield", ship_type="large")
    put_tech(state, 0, "supersonic", ship_type="large")
    put_tech(state, 0, "x_blaster", ship_type="large")
    put_tech(state, 0, "bombardment", hand=True)
    put_tech(state, 0, "resourcefulness", hand=True)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    assert not any(o.startswith("pick:bombardment") for o in options(game, state, 0))
    _finish_round(game, state)
    assert "resourcefulness" in _tech_refs(state, 0)
    assert [t.split("#")[0] for t in state["players"][0]["techs_hand"]] == ["bombardment"]


def test_e158_a_free_research_still_asks_between_two_techs_that_can_be_played() -> None:
    """The pick stays a choice when both techs can go into play."""
    game = new_game(players=3)
    state, _ = _databank_position(game)
    put_tech(state, 0, "development", hand=True)
    put_tech(state, 0, "resourcefulness", hand=True)
    choose(game, state, {0: "command", 1: "mine", 2: "mine"})
    game.apply(state, 0, "done")
    picks = sorted(o.split("#")[0] for o in options(game, state, 0) if o.startswith("pick:"))
    assert picks == ["pick:development", "pick:resourcefulness"]
