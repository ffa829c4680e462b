"""The strong agent's leaf evaluation, learned from play: each seat's chance to win.

A line of the ``strong`` search stops at a round's end, long before the game's; what the
position there is worth was a hand-weighted sum (light, resources, techs, ships,
extractors, and what the board is set to earn). Here it is *measured*: a conditional logit
(one linear score a seat, the seats' chances a softmax of their scores, McFadden 1974) fitted
on positions at round ends of games between ``heuristic`` seats (the opponents the strong
seat meets, and the policy its lines play) against who went on to win. A seat's features
(:func:`seat_features`) are what a round's end shows of it: its light, the light its
extractors claim at its next Refresh and whether it still holds the Refresh card, its ships
in the centre, its resources, techs, ships, extractors, free planets held and hand. The
board's features are also multiplied by how much of the game is left (the leader's light
short of the 20 that ends it, 000 "Game End"), so the fit can weigh a Refresh claim more
early and light more late.

The weights (:data:`WEIGHTS`) are fitted by ``benchmarks/strong_leaf_fit.py`` on the bundled
pack (BENCHMARKS.md, issue 24, "A learned leaf"); they read no card id, so a mod plays on
them too (its card values are in the techs' worth).
"""

from __future__ import annotations

import math

from whitedwarf.interpreter.lastlight import valuation
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.records import State

#: The light that ends the game at a round's end (000 "Game End").
GOAL = 20.0

#: The features' names, in order (:func:`seat_features`).
NAMES = (
    "light",
    "light_late",
    "claim_ready",
    "claim_ready_early",
    "claim_spent",
    "centre_ships",
    "centre_ships_early",
    "resources",
    "tech_worth",
    "techs",
    "ships",
    "extractors",
    "free_planets",
    "hand",
    "tech_hand",
)

#: The conditional logit's weights, one a feature (fitted: module docstring).
WEIGHTS: tuple[float, ...] = (
    0.2685,  # light
    0.4080,  # light_late
    1.0569,  # claim_ready
    -0.0800,  # claim_ready_early
    0.6496,  # claim_spent
    0.7087,  # centre_ships
    -0.7825,  # centre_ships_early
    0.0294,  # resources
    0.0210,  # tech_worth
    0.1994,  # techs
    0.0044,  # ships
    0.0450,  # extractors
    0.4020,  # free_planets
    0.0165,  # hand
    0.0552,  # tech_hand
)


def seat_features(world: State) -> list[list[float]]:
    """Each seat's features (:data:`NAMES`) in ``world`` (a full state or a view: nothing
    hidden is read but the counts of cards in hand)."""
    rt = runtime(world)
    n = int(world["n"])
    centre = rt.board.centre
    rates = rt.rules.get("refresh_light", {})
    lead = max(float(p["light"]) for p in world["players"])
    left = max(0.0, GOAL - lead) / GOAL  # 1 at the start, 0 when the game is ending
    owners: dict[str, set[int]] = {}
    ships = [0.0] * n
    centre_ships = [0.0] * n
    for ship in world["ships"].values():
        owner = int(ship["owner"])
        if owner < 0 or owner >= n:
            continue  # Lumos (the 2-player variant's neutral ships)
        owners.setdefault(ship["sector"], set()).add(owner)
        ships[owner] += 1
        if ship["sector"] == centre:
            centre_ships[owner] += 1
    claim = [0.0] * n
    extractors = [0.0] * n
    mined: set[str] = set()
    for extractor in world["extractors"].values():
        owner, sector = int(extractor["owner"]), extractor["sector"]
        if owner < 0 or owner >= n:
            continue
        extractors[owner] += 1
        if extractor.get("planet") is None:
            continue
        mined.add(sector)
        if owners.get(sector, set()) - {owner}:
            continue  # blockaded (001 "2. Mine")
        claim[owner] += float(rates.get(rt.ring.get(sector, ""), 0))
    free = [0.0] * n
    for sector_id, place in world["sectors"].items():
        if place.get("planet") and sector_id not in mined:
            held = owners.get(sector_id, set())
            if len(held) == 1:
                free[next(iter(held))] += 1
    rows = []
    for seat, player in enumerate(world["players"]):
        light = float(player["light"])
        ready = "refresh" in player["hand"]
        hand = player["techs_hand"]
        rows.append(
            [
                light,
                light * (1.0 - left),
                claim[seat] if ready else 0.0,
                claim[seat] * left if ready else 0.0,
                0.0 if ready else claim[seat],
                centre_ships[seat],
                centre_ships[seat] * left,
                valuation.resources_value(player["res"]),
                sum(valuation.ref_value(world, t["ref"]) for t in player["techs"]),
                float(len(player["techs"])),
                ships[seat],
                extractors[seat],
                free[seat],
                float(len(player["hand"])),
                float(len(hand) if isinstance(hand, list) else hand),
            ]
        )
    return rows


def chances(world: State, weights: tuple[float, ...] = WEIGHTS) -> list[float]:
    """Each seat's chance to win from ``world`` by the fitted model (they sum to 1)."""
    scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in seat_features(world)]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]
