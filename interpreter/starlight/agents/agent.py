"""Starlight's ``heuristic`` agent: greedy play from the seat's own observation.

It reads :meth:`Game.observation` only (never the full state) and the pack's content (the
cores' plans, the sky's slots, the rondel), so a mod's cores and slots are played on their
merits. Its rules of thumb (003 "Launching Stars", "Flares", "Your Last Turn"):

* gather the rays its cores' plans accept, and a second core when it has room;
* act on a Launch space when a complete star can be launched there, and aim each star at the
  best slot it can reach: night points, a privilege it lacks, a magnitude and an aspect it
  has not recorded yet;
* attach the flare that scores most on a launch (tried on a copy of its own view);
* step round the rondel only with AP to spare, save the rest, and take the final launch;
* on the first turn, place its marker on a space it values most, drawn at random among
  those it values alike (its own seeded generator): taking the first of them sent every seat
  to the same Launch space and the same constellation, where the seats after the Start
  Player got the slots it left, game after game (docs/rules-decisions.md SL102);
* keep the god worth most to its keeper by the values learned from play on the pack
  (``interpreter/agents/values.py``, :mod:`.learning`; the first dealt where none are known),
  drawn at random among those within :data:`GODS_ALIKE` points of the best: 400 games'
  worths of two gods that close are not told apart, and taking the larger meant the god
  learned lowest was never kept, so never judged (docs/rules-decisions.md SL103).

The ``search`` agent's Starlight part is here too (:class:`StarlightSearch`): the shared
search (``interpreter/agents/search.py``) with states drawn by
:mod:`~whitedwarf.interpreter.starlight.determinise` and these rules as the rollout policy.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import repeat
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from whitedwarf.interpreter.agents import values
from whitedwarf.interpreter.agents.search import SearchAgent
from whitedwarf.interpreter.bots import OptionLike
from whitedwarf.interpreter.starlight import (
    actions,
    effects,
    goals,
    launch,
    reactions,
    stars,
    turns,
)
from whitedwarf.interpreter.starlight.content import slot_size_for
from whitedwarf.interpreter.starlight.determinise import determinise
from whitedwarf.interpreter.starlight.records import Action, Player
from whitedwarf.interpreter.starlight.state import State, held_cores, player
from whitedwarf.interpreter.state import Option
from whitedwarf.interpreter.vm import EffectError

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

#: What a slot is worth beyond its night points: a privilege it lacks, a new magnitude, a
#: new aspect (each counts towards laurels and the game's long run).
PRIVILEGE_WORTH, MAGNITUDE_WORTH, ASPECT_WORTH = 6, 2, 2
#: Rays held beyond which it stops buying more (the bags are shared and AP is better spent).
MAX_RAYS_HELD = 10
#: The cores it likes to hold besides its starter.
CORES_WANTED = 2
#: Points of learned worth within which two gods are kept alike (drawn at random): two
#: learnings of 400 games put a god's worth 2.8 points apart (root mean square over the ten),
#: so two gods' worths are told apart at 95% only 1.96 * 2.8 = 5.5 apart (SL103).
GODS_ALIKE = 5.5
#: What a god option's id starts with (003 "The Gods": the god kept).
GOD = "god:"
#: The values learned for the bundled pack (``learning.py``; ``interpreter/agents/values.py``).
SHIPPED = Path(__file__).with_name("learned_values.json")


class StarlightHeuristic:
    """Plays Starlight greedily from its own observation (see the module docstring)."""

    def __init__(self, seed: int, game: Game) -> None:
        self.rng = random.Random(seed)
        self.game = game

    def choose(self, state: Any, seat: int, options: Sequence[OptionLike]) -> str:
        view = self.game.observation(state, seat)
        return decide(self.game, view, seat, [o.id for o in options], self.rng)


def decide(
    game: Game, view: State, seat: int, ids: list[str], rng: random.Random | None = None
) -> str:
    """The option this agent takes in ``view`` (an observation of ``seat``); ``rng`` draws
    the first turn's space among those valued alike (without it: the first of them)."""
    # the god options, counted in one pass the interpreter runs in C (two generators were 2%
    # of a rollout, a Python loop 1%)
    gods = sum(map(str.startswith, ids, repeat(GOD)))
    if ids and gods == len(ids):  # the god worth most, learned
        return best_card(game, ids, "keep", lambda i: i[4:], rng, GODS_ALIKE)
    if view["frames"] or gods:
        return ids[0]  # an effect's choice: the first is as good as any
    action = view["action"]
    if action is not None and action["kind"] == "launch":
        return _launch_step(game, view, seat, action, ids)
    if action is not None:
        return _gain(game, view, seat, action["kind"], ids)
    return _between_actions(game, view, seat, ids, rng)


# -- launching --------------------------------------------------------------------------------


def slot_worth(game: Game, view: State, seat: int, slot: str, core: str | None, mag: int) -> int:
    """What launching a star of ``mag`` from ``core`` to ``slot`` brings this seat."""
    p = player(view, seat)
    worth = _slot_part(game, p, slot)
    if mag not in p["magnitudes"]:
        worth += MAGNITUDE_WORTH
    aspect = stars.aspect_of(game, core) if core else None
    if aspect and aspect not in p["aspects"]:
        worth += ASPECT_WORTH
    return worth


def _best_aim(game: Game, view: State, action: Action, core: str, chosen: list[str],
              spare: list[str], opened: list[str] | None = None,
              ) -> tuple[int, int | None]:  # fmt: skip
    """(worth, magnitude) of the best star ``core`` can still become; (−1, None) if none.
    ``opened``: the open slots of the launch's constellations, when the caller has them
    (else found once for every magnitude, when one is reachable)."""
    seat = action["seat"]
    where = _aimed_at(game, action)
    best: tuple[int, int | None] = (-1, None)
    # A slot's worth is its own part (:func:`_slot_part`) plus the magnitude's and the
    # aspect's (:func:`slot_worth`): the best slot of a size is found once for the
    # magnitudes of that size, its worth for each magnitude its part plus theirs.
    p = player(view, seat)
    aspect = stars.aspect_of(game, core)
    aspect_part = ASPECT_WORTH if aspect and aspect not in p["aspects"] else 0
    tops: dict[str | None, int | None] = {}  # size -> its best slot's own part (None: none)
    for mag in sorted(stars.reachable_magnitudes(stars.plan_of(game, core), chosen, spare)):
        size = slot_size_for(mag)
        if size in tops:
            top = tops[size]
        else:
            if opened is None:
                opened = stars.open_slots(game, view, where)
            slots = stars.eligible_slots(game, view, seat, where, mag, opened)
            top = tops[size] = max((_slot_part(game, p, s) for s in slots), default=None)
        if top is not None:
            worth = top + aspect_part + (MAGNITUDE_WORTH if mag not in p["magnitudes"] else 0)
        elif action["final"] and (mag < 6 or stars.can_launch_large(game, view, seat)):
            worth = mag  # a slotless final launch still scores (003 "Your Last Turn")
        else:
            continue
        if worth > best[0]:
            best = (worth, mag)
    return best


def _aimed_at(game: Game, action: Action) -> list[str]:
    """The constellations a launch may aim at (a final launch: every one)."""
    return list(game.content.constellations) if action["final"] else action["constellations"]


def _slot_part(game: Game, p: Player, slot: str) -> int:
    """:func:`slot_worth`'s part that is the slot's own: its night points and privilege."""
    found = game.content.slots[slot]
    worth = found.night_points
    if found.privilege and found.privilege not in p["privileges"]:
        worth += PRIVILEGE_WORTH
    return worth


def _launch_step(game: Game, view: State, seat: int, action: Action, ids: list[str]) -> str:
    p = player(view, seat)
    step = action["step"]
    if step == "core":
        cores = [i for i in ids if i.startswith("core:")]
        if not cores:
            return ids[0]
        # the open slots found once for every core (the view is the same)
        opened = stars.open_slots(game, view, _aimed_at(game, action))
        rays = p["rays"]
        return max(cores, key=lambda c: _best_aim(game, view, action, c[5:], [], rays, opened)[0])
    if step == "rays":
        return _next_ray(game, view, action, ids, list(p["rays"]))
    if step == "slot":
        slots = [i for i in ids if i.startswith("slot:")]
        if not slots:
            return ids[0]
        core, mag = action["core"], action["magnitude"]
        return max(slots, key=lambda s: slot_worth(game, view, seat, s[5:], core, mag))
    if step == "flare":
        return _best_flare(game, view, seat, ids)
    # buying night points (a privilege): only on the last turn, when AP has no other use
    turn = view["turn_state"]
    assert turn is not None  # a launch is an action of a live turn
    return "buy" if "buy" in ids and turn["last"] else "done"


def _next_ray(game: Game, view: State, action: Action, ids: list[str], held: list[str]) -> str:
    """Attach rays until the star reaches its best reachable magnitude, then launch it."""
    core, chosen = action["core"], list(action["rays"])
    spare = list(held)
    for ray in chosen:
        spare.remove(ray)
    assert core is not None  # rays are attached to the Core chosen
    _, aim = _best_aim(game, view, action, core, chosen, spare)
    plan = stars.plan_of(game, core)
    if "ready" in ids and (aim is None or stars.magnitude(plan, chosen) >= aim):
        return "ready"
    counts = stars.counts_of(plan, chosen, spare)  # once, each ray's magnitudes from them
    for option in ids:
        if not option.startswith("ray:"):
            continue
        ray = option[4:]
        if ray not in spare:
            raise ValueError(f"{option} is not a ray held")
        if counts is not None and aim in stars.reachable_adding(plan, counts, ray):
            return option
    rays = [i for i in ids if i.startswith("ray:")]
    return "ready" if "ready" in ids else (rays[0] if rays else ids[0])


def _best_flare(game: Game, view: State, seat: int, ids: list[str]) -> str:
    """The flare worth most night points on this launch, tried on copies of the view."""
    before = player(view, seat)["night"]
    best, gain = "no_flare", 0
    data = b""  # the view pickled once, and a copy unpickled for each flare (game.clone)
    for option in ids:
        if not option.startswith("flare:"):
            continue
        trial: State
        scores_only = _scores_only(game, view, option[6:])
        if scores_only:
            trial = _scoring_copy(view, seat)
        else:
            data = data or pickle.dumps(view, pickle.HIGHEST_PROTOCOL)
            trial = pickle.loads(data)
        try:
            if scores_only:
                _points_box(game, trial, seat, option[6:])
            else:
                launch.choose(game, trial, option)  # only this step: the blue box's points
            scored = player(trial, seat)["night"] - before
        except (AttributeError, KeyError, TypeError, ValueError):
            # the flare's effect reached a part the view hides (a deck is only its size):
            # unknown, so worth a little, as a flare on a launch usually scores (003 "Flares")
            scored = 1
        if scored > gain:
            best, gain = option, scored
    return best if best in ids else ids[-1]


#: The one instruction of a flare's points box that :func:`_scores_only` lets through besides
#: the tests and jumps between its parts: a gain of night points.
_GAIN, _NIGHT = "gain", "night_point"


def _scores_only(game: Game, view: State, flare: str) -> bool:
    """Whether attaching ``flare`` to the launch in ``view`` writes nothing but what
    :func:`_scoring_copy` copies: its points box only gains night points (by amounts and tests
    that read the state), no frame waits, and no seat keeps a god (a god's powers heard at
    the launch's end, and the reactions of others' gods, may do anything)."""
    if view["frames"] or any(p["god"] is not None for p in view["players"]):
        return False
    compiled = game.content.compiled("flares", flare)
    if compiled is None:
        return False
    for clause in compiled["clauses"]:
        if clause.keys() - {"form", "code"} or clause["form"] != "immediate":
            return False
        for ins in clause["code"]:
            if ins[0] == "call":
                if ins[1] != _GAIN or any(arg.get("unit") != _NIGHT for arg in ins[2]):
                    return False
            elif ins[0] not in ("check", "jump", "end"):
                return False
    return True


def _scoring_copy(view: State, seat: int) -> State:
    """A copy of ``view`` for a flare's trial when :func:`_scores_only` holds: what
    :func:`_points_box` writes (the seat's player: its flares, night points and their
    sources; the frames; daybreak's keys) is copied, the rest shared. A whole copy of the
    position (a pickle round trip, twice the dearer part of the trial) was 8% of the
    search's time."""
    trial = dict(view)
    players = list(view["players"])
    players[seat] = pickle.loads(pickle.dumps(players[seat], pickle.HIGHEST_PROTOCOL))
    trial["players"] = players
    trial["frames"] = []
    return cast(State, trial)


def _points_box(game: Game, trial: State, seat: int, flare: str) -> None:
    """What the flare step of ``launch.choose`` does to the night points when
    :func:`_scores_only` holds: the flare moves to the used ones (a value may count them)
    and its blue box runs with the launch's slot. The rest of the launch's end (buying, the
    star recorded, the Core and rays put back, the gods' and the others' hooks: no seat
    keeps a god) scores no night point, so the trial stops there."""
    p = player(trial, seat)
    p["flares"].remove(flare)
    p["used_flares"].append(flare)
    action = trial["action"]
    assert action is not None  # a launch's flare step
    context = reactions.launch_context(game, action["slot"])
    effects.start(game, trial, "flares", flare, seat, context=context)


# -- gaining ----------------------------------------------------------------------------------


def _wanted_rays(game: Game, p: Player) -> frozenset[str]:
    """Rays (``colour:size``) some held core's plan accepts."""
    return _accepted(tuple(stars.plan_of(game, c) for c in stars.cores_of(p)))


@lru_cache(maxsize=1024)
def _accepted(plans: tuple[stars.Plan, ...]) -> frozenset[str]:
    """The rays any of ``plans`` accepts (a hand of cores changes seldom: made once)."""
    return frozenset().union(*(plan.rays for plan in plans))


def _gain(game: Game, view: State, seat: int, kind: str, ids: list[str]) -> str:
    if ids[0].startswith("under:"):
        return ids[0]  # a Flare flush's order (SL164): the pool's, as the heuristic buys by price
    p = player(view, seat)
    rays = [i for i in ids if i.startswith("ray:")]
    if kind == "gain_cores":
        cores = [i for i in ids if i.startswith("core:")]
        if rays:  # a free ray (Core + Ray): one the plans take, else any
            wanted = _wanted_rays(game, p)
            return next((r for r in rays if r[4:] in wanted), rays[0])
        if cores and len(p["cores"]) < CORES_WANTED:
            return cores[0]  # by its learned worth it lost games (BENCHMARKS.md)
        return "done"
    if kind in ("gain_long_rays", "gain_short_rays"):
        wanted = _wanted_rays(game, p)
        useful = [r for r in rays if r[4:] in wanted]
        if useful and len(p["rays"]) < MAX_RAYS_HELD and p["ap"] > 1:
            return min(useful, key=lambda r: p["rays"].count(r[4:]))  # spread the colours
        return "done"
    flares = [i for i in ids if i.startswith("flare:")]
    if flares and p["ap"] >= 3 and len(p["flares"]) < 2:
        return flares[0]  # the cheapest place: the pool is priced 1-4 from the left
    return "done"


def gain_choice(game: Game, world: State, seat: int, action: Action) -> str:
    """:func:`_gain`'s choice in a gain action (``action``, not a launch) without listing
    the options (:func:`actions.options`): the options it takes are read from the pools in
    the order the list has them (each ray or Core once, the first of equals kept); the
    flush, the boons and the options' texts, never taken, are not made. The search's
    rollouts take a third of their decisions in gain actions; ``tests/starlight/
    test_agent.py`` holds it to the listed options' choice, position by position."""
    p = player(world, seat)
    kind, pools = action["kind"], world["pools"]
    if kind == "gain_cores":
        if action["rays_owed"] > 0:  # a free ray (Core + Ray): one the plans take, else any
            free = [*pools["long"], *pools["short"]]
            if free:
                wanted = _wanted_rays(game, p)
                return f"ray:{next((r for r in free if r in wanted), free[0])}"
        if (
            pools["cores"]
            and len(p["cores"]) < CORES_WANTED
            and p["ap"] >= actions.UNIT_COST
            and held_cores(p) < game.stat(world, seat, "max_cores")
            and action["taken"] < game.stat(world, seat, "cores_per_action")
        ):
            return f"core:{pools['cores'][0]}"
        return "done"
    if kind in ("gain_long_rays", "gain_short_rays"):
        rays = p["rays"]
        if len(rays) >= MAX_RAYS_HELD or p["ap"] <= 1:  # (more than a ray's 1 AP)
            return "done"
        wanted = _wanted_rays(game, p)
        useful = [r for r in dict.fromkeys(pools[actions.pool_of(kind)]) if r in wanted]
        return f"ray:{min(useful, key=rays.count)}" if useful else "done"
    ap = p["ap"]
    if ap < 3 or len(p["flares"]) >= 2:
        return "done"
    costs = game.flare_costs()  # the cheapest place the seat can pay for
    for place, flare in enumerate(pools["flares"]):
        if flare is not None and ap >= costs[place]:
            return f"flare:{place}"
    return "done"


def best_card(
    game: Game,
    ids: list[str],
    kind: str,
    card_of: Callable[[str], str],
    rng: random.Random | None = None,
    alike: float = 0.0,
) -> str:
    """The option whose card is worth most for a decision of ``kind`` by the values learned
    from play for the pack (``interpreter/agents/values.py``), the first on a tie; the first
    when the pack's values are not known (the old rule). With ``rng``, one drawn among those
    within ``alike`` points of the most."""
    learned = values.known("starlight", game.content.digest, SHIPPED)
    if learned is None:
        return ids[0]
    worth = {option: learned.get(card_of(option), kind) or 0.0 for option in ids}
    top = max(worth.values())
    best = [option for option in ids if worth[option] >= top - alike - 1e-9]
    if rng is None or len(best) == 1:
        return next(option for option in ids if worth[option] >= top - 1e-9)
    return rng.choice(best)


# -- between actions --------------------------------------------------------------------------


def _between_actions(
    game: Game, view: State, seat: int, ids: list[str], rng: random.Random | None
) -> str:
    if "final" in ids:
        return "final"
    places = [i for i in ids if i.startswith("place:")]
    if places:
        return _place(game, view, seat, places, rng)
    p = player(view, seat)
    if "act" in ids and _space_value(game, view, seat, p["marker"]) > 0:  # type: ignore[arg-type]
        return "act"
    if "step" in ids and p["ap"] >= 2:
        return "step"
    return "end"


def turn_choice(game: Game, world: State, seat: int, rng: random.Random | None) -> str:
    """:func:`decide`'s choice between actions (``world``'s turn is ``seat``'s, no action
    under way, no frame) without listing the options (:func:`turns.options`): the rules of
    :func:`_between_actions` asked of the rules' tests in its order, the first that answers
    deciding. The search's rollouts take a third of their decisions here, and the list's
    options (their texts, the boons) were never read; ``tests/starlight/test_agent.py``
    holds it to the listed options' choice, position by position."""
    turn = world["turn_state"]
    assert turn is not None  # between actions of a live turn
    if turn.get("assembling"):
        return "end"  # SL160: the boons and ``end``; the rules above take ``end``
    if turn["first"]:  # the first turn's places, once a game: listed as ever
        return _between_actions(
            game, world, seat, [o.id for o in turns.options(game, world, seat)], rng
        )
    if turns.final_open(game, world, seat):
        return "final"
    p = player(world, seat)
    marker = p["marker"]
    assert marker is not None  # placed in the first turn
    if turns.can_act(game, world, seat):
        space = game.content.spaces[marker]
        if space["action"] == "launch" and not game.flag(world, seat, "launch_anywhere"):
            # can_act's launch.can_start asked what _space_value asks (the same reach)
            return "act"
        if _space_value(game, world, seat, marker) > 0:
            return "act"
    ap, steps = p["ap"], turn.get("steps", 0)
    step_paid = ap >= 2 and ap >= game.stat(world, seat, "step_cost")
    return "step" if step_paid and steps < turns.MAX_STEPS else "end"


def _place(game: Game, view: State, seat: int, places: list[str], rng: random.Random | None) -> str:
    """The first turn's space (003 "Your First Turn": any space, its action only): one it
    values most, at random among those valued alike. Every Launch space is valued alike
    (a first star can go to any constellation), so the first of them would send every seat
    to the same one (docs/rules-decisions.md SL102)."""
    worth = {i: _space_value(game, view, seat, int(i[6:])) for i in places}
    best = [i for i in places if worth[i] == max(worth.values())]
    return best[0] if rng is None else rng.choice(best)


def _space_value(game: Game, view: State, seat: int, index: int) -> int:
    """How much this seat wants the action of rondel space ``index`` now (0: not at all)."""
    p = player(view, seat)
    space = game.content.spaces[index]
    kind = space["action"]
    if kind == "launch":
        return 10 if launch.can_start(game, view, seat, space["constellations"]) else 0
    if kind == "gain_cores":
        return 3 if len(p["cores"]) < CORES_WANTED else 0
    if kind in ("gain_long_rays", "gain_short_rays"):
        size = "long" if kind == "gain_long_rays" else "short"
        wanted = {r for r in _wanted_rays(game, p) if r.endswith(size)}
        in_pool = [r for r in view["pools"][size] if r in wanted]
        return 2 if in_pool and len(p["rays"]) < MAX_RAYS_HELD else 0
    return 1 if p["ap"] >= 3 and len(p["flares"]) < 2 else 0


# -- the search agent's part --------------------------------------------------------------------

#: An option's id (the rollouts read the ids of every decision's options).
_ID = attrgetter("id")

#: The search budget per searched decision: simulations, and decisions played in each after
#: the option tried. A round of three players is about 40 decisions; rays gathered now score
#: only when a star is launched turns later, so the rollouts look about three rounds ahead
#: (with 40, the agent won no more than the heuristic: docs/simulate.md S13).
SEARCH_ITERATIONS, SEARCH_HORIZON = 16, 120
#: Decisions between actions (where to go, which action to take, when to end the turn) and
#: the slot a star is aimed at are searched; the other steps follow the rules above.
SEARCHED_STEPS = frozenset({"slot"})


class StarlightSearch:
    """Starlight's :class:`~whitedwarf.interpreter.agents.search.SearchRules`: guesses from
    :mod:`~whitedwarf.interpreter.starlight.determinise`, this module's heuristic as the
    rollout policy and the fallback, and a seat's lead in points as the evaluation."""

    exploration = 5.0  # points: about the spread of a lead one round on
    win_score = 40.0  # points: more than any lead a round can bring
    errors: tuple[type[BaseException], ...] = (EffectError, KeyError, IndexError, ValueError)

    def __init__(self, game: Game) -> None:
        self.game = game
        #: ``(world, seat, options)``: the options the rules listed for ``seat`` while
        #: applying the last choice to ``world`` (:meth:`Game.apply_listed`), for the
        #: rollout's next listing of the same world; None when there are none.
        self._listed: tuple[State, int, list[Option]] | None = None
        #: ``(view, its pickled data)``: the view of the decision being searched.
        self._view: tuple[State, bytes] | None = None

    def observation(self, state: State, seat: int) -> State:
        return self.game.observation(state, seat)

    def determinise(self, view: State, seat: int, rng: random.Random) -> State | None:
        # The guesses of a decision are drawn from one view: it is pickled once, and each
        # guess fills its own copy (a state's clone pickles and unpickles it every time).
        if self._view is None or self._view[0] is not view:
            self._view = (view, pickle.dumps(view, pickle.HIGHEST_PROTOCOL))
        copy = pickle.loads(self._view[1])
        return determinise(self.game.content, view, seat, rng, copy)

    def searched(self, view: State, seat: int, ids: Sequence[str]) -> bool:
        if view["frames"] or view["phase"] != "play":
            return False
        action = view["action"]
        return action is None or (action["kind"] == "launch" and action["step"] in SEARCHED_STEPS)

    def heuristic(
        self, view: State, seat: int, options: Sequence[OptionLike], rng: random.Random
    ) -> str:
        return decide(self.game, view, seat, [o.id for o in options], rng)

    def rollout(self, world: State, seat: int, rng: random.Random) -> str:
        listed, self._listed = self._listed, None
        if listed is not None and listed[0] is world and listed[1] == seat:
            options = listed[2]  # the world has not changed since they were listed
        elif world["phase"] == "play" and not world["frames"] and world["turn"] == seat:
            action = world["action"]
            if action is None:  # between actions: decided without the list
                return turn_choice(self.game, world, seat, rng)
            if action["kind"] != "launch":  # a gain action: likewise
                return gain_choice(self.game, world, seat, action)
            options = self.game.awaited_options(world, seat)  # the seat's turn: not asked
        else:
            options = self.game.legal_options(world, seat)
        return decide(self.game, world, seat, list(map(_ID, options)), rng)

    def mover(self, world: State) -> int:
        if world["phase"] == "play" and not world["frames"]:
            return world["turn"]  # what current_players says then, without making its list
        return self.game.current_players(world)[0]

    def apply(self, world: State, seat: int, option: str) -> None:
        # A simulated line is not the game: its events must not reach whoever listens to the
        # real one (the replay writer, --trace), or the replay records moves never played.
        listed = self.game.apply_listed(world, seat, option, heard=False)
        self._listed = None if listed is None else (world, world["turn"], listed)

    def outcome(self, world: State, seat: int) -> float | None:
        """A win's (shared: its share of) ``win_score``, a loss minus it, plus the final
        lead in points: a seat sure to lose still prefers losing by less."""
        result = world["result"]
        if world["phase"] != "over":
            return None
        assert result is not None  # the game is over
        winners, points = result["winners"], result["points"]
        won = self.win_score / len(winners) if seat in winners else -self.win_score
        return won + points[seat] - max((p for s, p in enumerate(points) if s != seat), default=0)

    def evaluate(self, world: State, seat: int) -> float:
        """``seat``'s standing minus the best other seat's (:func:`standing`)."""
        scores = [standing(self.game, world, s) for s in range(world["n"])]
        return float(scores[seat] - max((s for i, s in enumerate(scores) if i != seat), default=0))


def standing(game: Game, state: State, seat: int) -> int:
    """The points ``seat`` would have if the game ended now (003 "Scoring"): night points,
    plus day points for alpha stars, laurels met and accolades (a Starbot: its stars)."""
    p = player(state, seat)
    points = int(p["night"]) + sum(
        int(game.content.cards["accolades"][a]["points"]) for a in p["accolades"]
    )
    if p["kind"] != "live":
        return points + len(p["stars"]) * game.starbot_star_points()
    alpha = sum(1 for s in p["stars"] if game.content.slots[s].size == "large")
    points += alpha * game.stat(state, seat, "alpha_day_points")
    laurels = game.content.cards["laurels"]  # a goal's check runs an effect: on a copy
    return points + sum(int(laurels[c]["points"]) for c in goals.laurels_met(game, state, seat))


def starlight_search(seed: int, game: Game) -> SearchAgent:
    """Starlight's ``search`` agent for ``game``, seeded."""
    return SearchAgent(seed, StarlightSearch(game), SEARCH_ITERATIONS, SEARCH_HORIZON)
