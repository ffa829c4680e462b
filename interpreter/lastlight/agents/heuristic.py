"""The ``heuristic`` agent: rule-based play from the seat's own observation.

It scores each legal option with a few rules of thumb and takes the best (ties broken by
its own seeded generator): claim light with extractors on ringed planets, build the biggest
ship it can pay for, research and manufacture the techs worth most (valued by
:mod:`~whitedwarf.interpreter.lastlight.valuation`: learned from play on the pack, else from
their compiled effect, so a mod's card is played on its merits), move towards the white
dwarf, free planets and unexplored tokens (and play Command for the moves it would make),
fight only where it is the stronger side, use an ability (or answer a card's "may") only
when what it gives outweighs what it costs (its learned worth, else
:func:`~whitedwarf.interpreter.lastlight.valuation.run_value`), steer towards its kept
achievement (:mod:`.aim`), and refresh when its hand runs low or its extractors have light
to claim. At setup it keeps the faction and the achievement worth most by the values learned
for the pack, drawn among those within :data:`KEEP_ALIKE` of the best (K16).

The agent reads its seat's observation only (issue 8: "seeing only their own observation"):
:func:`~whitedwarf.interpreter.lastlight.persist.shared_observation`, equal to
:meth:`Game.observation` but sharing the parts the seat may see with the game instead of
copying the whole state at every decision (a deep copy cost more than the scoring). Nothing
here writes to a view: the what-if views of :mod:`~whitedwarf.interpreter.lastlight.agents.aim` are
copies, and ``tests/agents/test_heuristic_view.py`` checks that the game's hash is the same
after every choice. :func:`score_options` takes any state-like view, so the search agent can
call it on a determinised state in its rollouts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from whitedwarf.interpreter.bots import OptionLike
from whitedwarf.interpreter.lastlight import command, effects, valuation
from whitedwarf.interpreter.lastlight.agents.aim import Aim, Aims, Shared, steers_kind
from whitedwarf.interpreter.lastlight.content import runtime
from whitedwarf.interpreter.lastlight.persist import shared_observation
from whitedwarf.interpreter.lastlight.records import Extractor, Player, Ship, State
from whitedwarf.interpreter.lastlight.state import can_pay, card_id
from whitedwarf.interpreter.vm import EffectError, Frame

#: Ship sizes, weakest first (a bigger ship is preferred when it can be paid for).
SIZE_RANK = {"small": 1, "medium": 2, "large": 3}
#: Resources, cheapest first (rarer extractor spaces are preferred).
RESOURCE_RANK = {"common": 1, "uncommon": 2, "rare": 3}
#: Points of learned ``keep`` worth within which two factions (or two achievements) dealt
#: to a seat are kept alike, drawn by the agent's generator: four learnings of 1,500 games
#: (seeds 0-3) put a faction's or an achievement's worth 0.65 points apart (root mean square
#: over pairs), so two are told apart at 95% only 1.96 * 0.65 = 1.3 apart; keeping the larger
#: meant the faction learned lowest (Korrundi) was never kept, so never judged
#: (docs/rules-decisions.md K16, as Starlight's gods: SL103).
KEEP_ALIKE = 1.3
#: A free planet's worth beyond 2, by its ring: an inner planet claims 2 light at every
#: Refresh and an outer one 1, a distant one none (000 "Action Card #5 - refresh"). Outer was
#: 0 until issue 25's fifth pass: only a seat whose kept achievement pulled it there (Outer
#: Reach, :mod:`.aim`) took an outer planet over a distant one, and its achievement set won
#: 43% of 3-player seats; 0.1 and 0.25 play alike (the worth breaks ties), and 0.5 gave the
#: first seat more (docs/rules-decisions.md K15, K16).
RING_WORTH = {"inner": 1.0, "outer": 0.25}
#: Setup's keep decisions (000 "Setup": keep 1 faction of 2, 1 achievement of the set).
_KEPT = frozenset({"faction", "achievement"})


class HeuristicAgent:
    """Plays by rules of thumb from its own observation (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int, options: Sequence[OptionLike]) -> str:
        """The best-scoring option for ``seat``, judged from ``seat``'s observation only."""
        # The view is a state object of its own: its memos (versions.py) go with it.
        return best_option(shared_observation(state, seat), seat, options, self.rng)


def best_option(
    view: State,
    seat: int,
    options: Sequence[OptionLike],
    rng: random.Random,
    shared: Shared | None = None,
    aims: Aims | None = None,
) -> str:
    """The id of the highest-scoring option (ties broken by ``rng``; setup's keep of a
    faction or an achievement drawn among those within :data:`KEEP_ALIKE` of the best).
    ``shared``: what a searched decision's guesses share (:data:`.aim.Shared`); ``aims``:
    the seats' aims kept for ``view`` from one decision to the next (:meth:`.Aim.kept`)."""
    if len(options) == 1:
        # Forced: scoring it could only find it best, and a lone best draws nothing from
        # ``rng`` (1.4% of the search's rollout decisions: a lone trade, a lone card).
        return options[0].id
    ids = [o.id for o in options]
    scores = score_options(view, seat, ids, shared, aims)
    top = max(scores) - _alike(view, ids) - 1e-9
    best = [option for option, s in zip(ids, scores, strict=True) if s >= top]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def _alike(view: State, ids: Sequence[str]) -> float:
    """Points of worth within which options are taken alike: :data:`KEEP_ALIKE` for setup's
    keep of a faction or an achievement when the pack's learned values are known (the hand
    weights are not noisy, so they are followed), else none (a tie only)."""
    kind = ids[0].partition(":")[0] if ids else ""
    if kind not in _KEPT or not all(i.startswith(kind + ":") for i in ids):
        return 0.0
    return KEEP_ALIKE if valuation.learned_values(runtime(view)) is not None else 0.0


def score_options(
    view: State,
    seat: int,
    ids: Sequence[str],
    shared: Shared | None = None,
    aims: Aims | None = None,
) -> list[float]:
    """A score for each option id: higher is better for ``seat``. An option that brings the
    seat's kept achievement closer scores more (:mod:`.aim`; ``shared``: what a searched
    decision's guesses share of its work, :data:`.aim.Shared`; ``aims``: the aims kept for
    ``view``, :meth:`.Aim.kept`)."""
    scores, steering = _rule_scores(view, seat, ids)
    if not steering or view["phase"] == "setup":
        return scores
    aim = Aim.of(view, seat, shared) if aims is None else Aim.kept(view, seat, shared, aims)
    if aim is not None:
        # The others' bonus is 0 (:func:`.aim.steers`): their score is left as it is.
        for i, kind, rest in steering:
            scores[i] += aim.bonus_of(kind, rest)
    return scores


def score(view: State, seat: int, option: str) -> float:
    """One option's score (the rules of thumb, by the option's kind)."""
    kind, _, rest = option.partition(":")
    rule = _RULES.get(kind)
    return rule(view, seat, rest) if rule is not None else 0.0


def _rule_scores(
    view: State, seat: int, ids: Sequence[str]
) -> tuple[list[float], list[tuple[int, str, str]]]:
    """:func:`score` of each option, and ``(index, kind, rest)`` of those that steer
    (:func:`.aim.steers`), each id read once. The move options of one decision share one
    count of the board's ships and extractors (:class:`_Occupancy`) and each sector's
    value: each option's :func:`_move` walked them twice (its destination and its ship's
    sector, the same for all of one ship's options), in a decision of four moves on
    average."""
    occupied: _Occupancy | None = None
    out = []
    steering = []
    for i, option in enumerate(ids):
        kind, _, rest = option.partition(":")
        if kind == "move":
            if occupied is None:
                occupied = _Occupancy(view, seat)
            out.append(_move_on(view, occupied, rest))
        else:
            rule = _RULES.get(kind)
            out.append(rule(view, seat, rest) if rule is not None else 0.0)
        if steers_kind(kind, rest):
            steering.append((i, kind, rest))
    return out, steering


# -- setup -------------------------------------------------------------------------------------


def _keep_card(view: State, seat: int, card: str) -> float:
    return valuation.ref_value(view, card)


# -- the action choice -------------------------------------------------------------------------


def _play(view: State, seat: int, action: str) -> float:
    player = view["players"][seat]
    rule = _ACTION_RULES.get(action)
    value = rule(view, seat, player) if rule is not None else 0.5
    return value


def _research_value(view: State, seat: int, player: Player) -> float:
    hand = player["techs_hand"]
    affordable = [r for r in hand if can_pay(player, _tech_cost(view, r))]
    return 1.0 + (2.0 if len(hand) < 2 else 0.0) + 1.5 * len(affordable)


def _mine_value(view: State, seat: int, player: Player) -> float:
    return 0.8 * _count(view["extractors"], seat) + 0.3


def _construct_value(view: State, seat: int, player: Player) -> float:
    costs = runtime(view).ship_cost
    ships = [size for size, cost in costs.items() if can_pay(player, cost)]
    free_spaces = _free_colony_spaces(view, seat)
    return 1.2 * len(ships) + (2.5 if free_spaces or _free_planets_held(view, seat) else 0.0)


def _trade_value(view: State, seat: int, player: Player) -> float:
    res = player["res"]
    return 2.0 if res.get("rare", 0) >= 2 else 0.6 + 0.1 * sum(res.values())


def _refresh_value(view: State, seat: int, player: Player) -> float:
    rt = runtime(view)  # the refresh light of each extractor's ring (000 "Refresh")
    ring, light = rt.ring, rt.rules.get("refresh_light", {})
    claim = sum(
        0.0 if x.get("planet") is None else float(light.get(ring.get(x["sector"], ""), 0))
        for x in view["extractors"].values()
        if x["owner"] == seat
    )
    return claim + (3.0 if len(player["hand"]) <= 2 else 0.0)


def _command_value(view: State, seat: int, player: Player) -> float:
    """Command is worth the moves it makes (000 "Action Card #6 - Command", "1. Move"): each
    ship's best move by the move step's own rule (:func:`_move`), summed, plus 1 for a seat
    with ships. Counting ships (at most 3 points) made Command the card it played least
    readily but for Trade, though a ship on a free planet is an extractor the next
    Construct (and the Refresh light of a ringed planet, or a blockade of another's), and a
    ship in the centre is light at every rotation: ``whitedwarf explain``'s probe
    ``always_command`` beat the heuristic by 41 points, and this rule wins 63% of 4-player
    games against three seats of the old one (docs/simulate.md S25, "Command")."""
    gains = _best_moves(view, seat)
    return 0.0 if not gains else 1.0 + sum(gains)


def _best_moves(view: State, seat: int) -> list[float]:
    """The gain of each of the seat's ships' best move (0 when staying is best)."""
    own = [ship for ship in view["ships"].values() if ship["owner"] == seat]
    if not own:
        return []
    occupied = _Occupancy(view, seat)
    memo: dict[Any, Any] = {}
    gains = []
    for ship in own:
        here = occupied.value(view, ship["sector"])
        best = max(
            (occupied.value(view, dest) for dest in command.destinations(view, ship, memo)),
            default=here,
        )
        gains.append(max(0.0, best - here))
    return gains


_ACTION_RULES = {
    "research": _research_value,
    "mine": _mine_value,
    "construct": _construct_value,
    "trade": _trade_value,
    "refresh": _refresh_value,
    "command": _command_value,
}


# -- inside an action --------------------------------------------------------------------------


def _trade(view: State, seat: int, trade: str) -> float:
    return {"rare_to_light": 3.0, "uncommon_to_rare": 1.0, "common_to_uncommon": 0.8}.get(
        trade, 0.5
    )


def _gift(view: State, seat: int, other: str) -> float:
    """Give the trade's light to the player furthest behind."""
    return -float(view["players"][int(other)]["light"])


def _discard(view: State, seat: int, ref: str) -> float:
    """Discard the least valuable tech."""
    return -valuation.ref_value(view, ref)


def _make(view: State, seat: int, rest: str) -> float:
    ref, _, size = rest.partition(":")
    value = valuation.ref_value(view, ref) - 0.5 * valuation.cost_in_light(_tech_cost(view, ref))
    if size:
        value += 0.3 * sum(
            1 for s in view["ships"].values() if s["owner"] == seat and s["size"] == size
        )
    return 2.0 + value


def _build(view: State, seat: int, rest: str) -> float:
    size = rest.split("@", 1)[0]
    return 2.0 + SIZE_RANK.get(size, 1)


def _extractor(view: State, seat: int, where: str) -> float:
    planet = view["planets"].get(where)
    if planet is not None:
        ring = runtime(view).ring.get(planet["sector"], "")
        return 4.0 + {"inner": 2.0, "outer": 1.0}.get(ring, 0.0)
    resource = dict(runtime(view).colony_spaces).get(where, "common")
    return 3.0 + RESOURCE_RANK.get(resource, 1) * 0.3


def _move(view: State, seat: int, rest: str) -> float:
    ship, _, dest = rest.partition(":")
    found = view["ships"].get(ship)
    here = found["sector"] if found is not None else None
    return _sector_value(view, seat, dest) - (
        _sector_value(view, seat, here) if here is not None else 0.0
    )


def _move_on(view: State, occupied: _Occupancy, rest: str) -> float:
    """:func:`_move` with the sectors' values of ``occupied`` (the same numbers)."""
    ship, _, dest = rest.partition(":")
    found = view["ships"].get(ship)
    here = occupied.value(view, found["sector"]) if found is not None else 0.0
    return occupied.value(view, dest) - here


def _sector_value(view: State, seat: int, sector_id: str) -> float:
    mine = theirs = 0
    for ship in view["ships"].values():  # one walk (two per move option)
        if ship["sector"] == sector_id:
            if ship["owner"] == seat:
                mine += 1
            else:
                theirs += 1
    mined = any(x["sector"] == sector_id for x in view["extractors"].values())
    return _place_value(view, sector_id, mined, mine, theirs)


def _place_value(view: State, sector_id: str, mined: bool, mine: int, theirs: int) -> float:
    """A sector's worth to a seat with ``mine`` ships there against ``theirs``: the white
    dwarf, a free planet (by its ring: :data:`RING_WORTH`), a face-down token, and the odds
    of a fight."""
    sector = view["sectors"].get(sector_id)
    if sector is None:
        return 0.0
    value = 0.0
    if sector.get("white_dwarf"):
        value += 3.0
    if sector.get("planet") and not mined:
        value += 2.0 + RING_WORTH.get(runtime(view).ring.get(sector_id, ""), 0.0)
    if sector.get("token") and not sector.get("revealed"):
        value += 1.0
    if theirs:
        value += 1.5 if mine >= theirs else -2.5
    return value


class _Occupancy:
    """The ships of each sector (the seat's and the others') and the mined sectors, counted
    once for the many sectors :func:`_best_moves` values."""

    def __init__(self, view: State, seat: int) -> None:
        self.seat = seat
        self.ships: dict[str, list[int]] = {}
        for ship in view["ships"].values():
            counts = self.ships.setdefault(ship["sector"], [0, 0])
            counts[0 if ship["owner"] == seat else 1] += 1
        self.mined = {x["sector"] for x in view["extractors"].values()}
        #: sector -> its value, worked out once (the seat's ships share destinations).
        self.values: dict[str, float] = {}

    def value(self, view: State, sector_id: str) -> float:
        """:func:`_sector_value` of ``sector_id``."""
        found = self.values.get(sector_id)
        if found is None:
            mine, theirs = self.ships.get(sector_id, (0, 0))
            mined = sector_id in self.mined
            found = self.values[sector_id] = _place_value(view, sector_id, mined, mine, theirs)
        return found


def _roll(view: State, seat: int, size: str) -> float:
    return 1.0 + SIZE_RANK.get(size, 1)


def _use(view: State, seat: int, option: str) -> float:
    """An activated ability is used when what it gives is worth more than what it costs
    (its compiled program, run once): above ``done`` (0) then, below it when it loses."""
    ref, _, index = option.partition(":")
    code = _activated_code(view, ref, index)
    if code is None:
        return 0.0
    learned = valuation.use_value(view, ref)  # from play, when the pack's values know it
    if learned is None:
        net = valuation.run_part_value(view, seat, code, 0, len(code), ref)
    else:
        net = learned
    return 1.0 + net if net >= 0 else net


def _yes(view: State, seat: int, rest: str) -> float:
    """Answer a card's "may ..." with yes when the part it would run pays (``no`` is 0)."""
    found = _own_question(view, seat, "ask")
    if found is None:
        return 1.0
    frame, pending, code = found
    stop = pending["else"] if pending["else"] > pending["next"] else len(code)
    part = valuation.run_part_value(view, seat, code, pending["next"], stop, frame["card"])
    return part + 0.01


def _pick(view: State, seat: int, ref: str) -> float:
    """Pick the most valuable card, or the least valuable of one's own when it is to be
    given up (the choice's ``for`` names a costly verb, e.g. "discard a tech of yours")."""
    try:
        value = valuation.ref_value(view, ref)
    except KeyError:
        return 0.0
    return -value if _picking_to_lose(view, seat) else value


def _keep_tech(view: State, seat: int, ref: str) -> float:
    """Keep the most valuable of the techs a card looks at (the ``keep`` verb)."""
    return valuation.ref_value(view, ref)


def _slot(view: State, seat: int, size: str) -> float:
    return float(sum(1 for s in view["ships"].values() if s["owner"] == seat and s["size"] == size))


def _constant(value: float) -> Callable[[State, int, str], float]:
    return lambda view, seat, rest: value


_RULES = {
    "faction": _keep_card,
    "achievement": _keep_card,
    "play": _play,
    "trade": _trade,
    "gift": _gift,
    "discard": _discard,
    "make": _make,
    "build": _build,
    "extractor": _extractor,
    "move": _move,
    "roll": _roll,
    "use": _use,
    "pick": _pick,
    "slot": _slot,
    "keep": _keep_tech,
    "yes": _yes,
    "no": _constant(0.0),
    "skip": _constant(-1.0),
    "done": _constant(0.0),
}


# -- the seat's own card effects --------------------------------------------------------------

#: Verbs whose target the chooser gives up (a pick for them should be the cheapest).
_LOSING_VERBS = frozenset({"discard", "exhaust", "pay", "destroy"})


def _activated_code(view: State, ref: str, index: str) -> list[Any] | None:
    """The program of a card's activated clause (``index``, else its first)."""
    try:
        clauses = effects.card_effect(runtime(view), card_id(ref))["clauses"]
    except (KeyError, EffectError):
        return None
    if index:
        return clauses[int(index)]["code"] if int(index) < len(clauses) else None
    return next((c["code"] for c in clauses if c["form"] == "activated"), None)


def _own_question(
    view: State, seat: int, kind: str
) -> tuple[Frame, dict[str, Any], list[Any]] | None:
    """The seat's own effect frame awaiting a decision of ``kind`` (its pending question and
    program), or None. Another seat's frame is hidden in the view and never read."""
    if not view["frames"]:
        return None
    frame = view["frames"][-1]
    pending = frame.get("pending")
    if frame.get("owner") != seat or not isinstance(pending, dict) or pending["kind"] != kind:
        return None
    try:
        code = effects.card_effect(runtime(view), card_id(frame["card"]))["clauses"]
        return frame, pending, code[frame["clause"]]["code"]
    except (KeyError, IndexError, EffectError):
        return None


def _picking_to_lose(view: State, seat: int) -> bool:
    """Whether the seat's pending choice picks something it will give up."""
    found = _own_question(view, seat, "choose")
    if found is None:
        return False
    frame, _, code = found
    instruction = code[frame["pc"]] if frame["pc"] < len(code) else None
    if not instruction or instruction[0] != "choose":
        return False
    purpose = instruction[2].get("for") or [None]
    return purpose[0] in _LOSING_VERBS and ["yours"] in instruction[2].get("filters", [])


# -- small readers -----------------------------------------------------------------------------


def _count(pieces: Mapping[str, Ship | Extractor], seat: int) -> int:
    return sum(1 for p in pieces.values() if p["owner"] == seat)


def _tech_cost(view: State, ref: str) -> dict[str, int]:
    """A card's cost (``{}`` for a card the content does not know), kept per content:
    shared, read only (scored for every tech in hand at every Research option)."""
    costs = runtime(view).card_costs
    found = costs.get(ref)
    if found is None:
        try:
            found = dict(runtime(view).card(ref).get("cost", {}))
        except KeyError:
            found = {}
        costs[ref] = found
    return found


def _free_colony_spaces(view: State, seat: int) -> list[str]:
    used = {x["space"] for x in view["extractors"].values() if x["owner"] == seat and x["space"]}
    return [space for space, _ in runtime(view).colony_spaces if space not in used]


def _free_planets_held(view: State, seat: int) -> bool:
    """A planet sector with only this seat's ships and no extractor (000 Construct "2.")."""
    taken = {x["sector"] for x in view["extractors"].values()}
    owners: dict[str, set[int]] = {}  # the ships' owners of each sector, in one walk
    for ship in view["ships"].values():
        owners.setdefault(ship["sector"], set()).add(ship["owner"])
    mine = {seat}
    for sector_id, sector in view["sectors"].items():
        if not sector.get("planet") or sector_id in taken:
            continue
        if owners.get(sector_id, set()) == mine:
            return True
    return False
