"""What the Starlight verbs do (vocabulary.py declares them; effects.py calls them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whitedwarf.interpreter.starlight import events, gods, reactions, supply
from whitedwarf.interpreter.starlight.narrate import words
from whitedwarf.interpreter.starlight.reserve import reserved_ap
from whitedwarf.interpreter.starlight.state import State, gain_day, gain_night, held_cores, player
from whitedwarf.interpreter.vm import YIELD, Frame

if TYPE_CHECKING:
    from whitedwarf.interpreter.starlight.game import Game

#: A decision the verb asks (interpreter/vm.py: answered by :func:`resume_gain`).
Pending = dict[str, Any]


def verb_gain(game: Game, state: State, frame: Frame, amount: list[Any]) -> Pending | None:
    """``gain N <unit>`` (003 "Flares": the green box gives its benefit).

    Rays and cores are the player's pick from their pools, one at a time (SL12: a boon is
    taken "from either the Long Ray or the Short Ray pool" like any ray, and a pool is a row
    of face-up choices); a pool holding one kind only gives it without asking (SL8). A flare
    is the cheapest in the Flare pool. Pools are not refilled until the turn ends unless the
    Refill Rays privilege says so (003 "Refill Rays").
    """
    count, unit = int(amount[0]), amount[1]
    seat = frame["owner"]
    p = player(state, seat)
    if count <= 0:
        return None
    if unit == "ap" and not _in_own_turn(state, seat):
        # SL155: gained between its turns (an opponent's flush heard), it waits for the next
        p["ap_waiting"] = p.get("ap_waiting", 0) + count
    elif unit == "ap":
        p["ap"] += count
        if state["turn_state"] is not None:  # AP beyond the turn's allowance, accounted for
            state["turn_state"]["ap_gained"] = state["turn_state"].get("ap_gained", 0) + count
    elif unit == "night_point":
        source = "flare" if frame["card"].startswith("flares:") else "effect"
        gain_night(state, seat, count, source)
    elif unit == "day_point":  # kept for final scoring (SL150; 003 "Victory Points")
        gain_day(p, count, "effect")
        events.emit(state, "day_points", seat, amount=count, card=frame["card"])
    elif unit in ("long_ray", "short_ray", "core"):
        if unit == "core":
            count = min(count, game.stat(state, seat, "max_cores") - held_cores(p))
        return take_next(game, state, seat, unit, count)
    elif unit == "flare":
        for _ in range(count):
            places = [i for i, f in enumerate(state["pools"]["flares"]) if f is not None]
            if not places:
                break
            p["flares"].append(state["pools"]["flares"][places[0]])
            state["pools"]["flares"][places[0]] = None
    return None


def can_gain(game: Game, state: State, frame: Frame, amount: list[Any]) -> bool:
    """Whether ``gain N <unit>`` would give anything now (``VerbBinding.can``; SL147): a core only
    below the most cores held (003 "Gain Cores": "once you have 4 Cores, you may not take
    more") and from a pool with one; a ray or a flare only from a pool holding one. AP and
    night points can always be gained."""
    count, unit = int(amount[0]), amount[1]
    if count <= 0:
        return False
    p = player(state, frame["owner"])
    if unit == "core":
        room = game.stat(state, frame["owner"], "max_cores") - held_cores(p)
        return room > 0 and bool(state["pools"]["cores"])
    if unit in ("long_ray", "short_ray"):
        return bool(state["pools"][_pool(unit)])
    if unit == "flare":
        return any(f is not None for f in state["pools"]["flares"])
    return True  # AP, night and day points


def _pool(unit: str) -> str:
    return "cores" if unit == "core" else unit.partition("_")[0]


def take_next(game: Game, state: State, seat: int, unit: str, left: int) -> Pending | None:
    """Take the rays or cores still due, asking which whenever the pool offers a choice
    (also for a gain asked again, :func:`reask_gain`)."""
    pool = _pool(unit)
    while left > 0 and state["pools"][pool]:
        kinds = sorted(set(state["pools"][pool]))
        if len(kinds) > 1:
            word = "core" if unit == "core" else "ray"
            options = [[f"{word}:{k}", f"take the {k} {word} from the pool"] for k in kinds]
            return {"kind": "verb", "verb": "gain", "options": options, "unit": unit, "left": left}
        _take(game, state, seat, unit, kinds[0])
        left -= 1
    return None


def _take(game: Game, state: State, seat: int, unit: str, item: str) -> None:
    if unit == "core":
        state["pools"]["cores"].remove(item)
        player(state, seat)["cores"].append(item)
    else:
        supply.take_ray(game, state, seat, _pool(unit), item)
    if events.ON:  # which one a card's gain took, asked or not (a note: replays never hold it)
        events.note(state, "gained", seat, what="core" if unit == "core" else "ray", item=item)


def reask_gain(game: Game, state: State, frame: Frame, pending: Pending) -> Pending | None:
    """A pick of the pool asked before frames above it ran (they may have taken from it) is
    asked again on the pools as they are now (docs/rules-decisions.md SL140): a ray or core
    no longer there is not offered, and with one kind left or none the gain goes on without
    asking. Asked again on unchanged pools, the question is the same."""
    return take_next(game, state, frame["owner"], pending["unit"], int(pending["left"]))


def resume_gain(
    game: Game, state: State, frame: Frame, pending: Pending, option_id: str
) -> Pending | None:
    """The owner picked one ray or core of the pool; the rest of the boon follows."""
    item = option_id.partition(":")[2]
    unit = pending["unit"]
    if item not in state["pools"][_pool(unit)]:
        raise KeyError(f"{item!r} is not in the pool")
    _take(game, state, frame["owner"], unit, item)
    return take_next(game, state, frame["owner"], unit, int(pending["left"]) - 1)


def verb_pay(game: Game, state: State, frame: Frame, amount: list[Any]) -> None:
    """``pay N ap``: a cost (the machine checked it can be paid); written as a step, as much
    as there is. The AP a launch under way will pay are not spent (SL142)."""
    seat = frame["owner"]
    p = player(state, seat)
    spendable = max(0, p["ap"] - reserved_ap(game, state, seat))
    p["ap"] -= min(spendable, max(0, int(amount[0])))


def verb_claim(game: Game, state: State, frame: Frame) -> None:
    """``claim``: the goal of this laurel or accolade is met by the frame's owner."""
    kind, _, card = frame["card"].partition(":")
    state.setdefault("claims", []).append([kind, card, frame["owner"]])


#: The pool words of ``flush`` (vocabulary ``POOL_WORDS``) -> the state's pools.
FLUSHED = {"cores": "cores", "long_rays": "long", "short_rays": "short", "flares": "flares"}


def can_flush(game: Game, state: State, frame: Frame, pool: str) -> bool:
    """Whether ``flush <pool>`` would change the pool: its deck or bag has something to refill
    it from (003 "What happens if you can't refill a pool?"); the Flare pool also when its
    Flares can come back in other places, as the Gain Flares action's flush (SL164, SL182)."""
    kind = FLUSHED[pool]
    if kind == "cores":
        return bool(state["core_deck"] or state["core_discard"])
    if kind == "flares":
        return supply.flare_flush_changes(game, state)
    return bool(state["bags"][kind])


def verb_flush(game: Game, state: State, frame: Frame, pool: str) -> Any:
    """``flush <pool>``: discard the pool and refill it at once, free (003 "When you flush a
    pool"; an effect may flush outside the pool's Gain action: SL149). Flushed Flares that
    come straight back (a deck shorter than the pool) go under the deck in the order the
    card's owner gives, one at a time, as the action's flush (003 "Clarifications":
    "Discarded Flares go face-down on the bottom of the Flare deck, in any order"; SL164,
    SL182). Its owner's god then hears ``pool_flushed``."""
    kind = FLUSHED[pool]
    if kind == "flares" and supply.flares_come_back(game, state):
        flushed = [f for f in state["pools"]["flares"] if f is not None]
        state["pools"]["flares"][:] = [None] * len(state["pools"]["flares"])
        return _under_next(game, state, frame, flushed)
    supply.flush(game, state, kind)
    return _flushed(game, state, frame, kind)


def _under_next(game: Game, state: State, frame: Frame, waiting: list[str]) -> Any:
    """Ask which flushed Flare goes under the deck next while two different ones wait; then
    the rest follow, and the pool refills from the deck (``actions._put_under``'s rule)."""
    if len(set(waiting)) > 1:
        options = [
            [f"under:{f}", f"put the Flare {words(f)} under the deck next"]
            for f in dict.fromkeys(waiting)
        ]
        return {"kind": "verb", "verb": "flush", "options": options, "under": waiting}
    state["flare_deck"].extend(waiting)
    supply.refill(game, state, "flares")
    return _flushed(game, state, frame, "flares")


def resume_flush(game: Game, state: State, frame: Frame, pending: Pending, option_id: str) -> Any:
    """The owner put one flushed Flare under the deck; the next is asked, or the rest follow."""
    waiting = list(pending["under"])
    flare = option_id.partition(":")[2]
    if flare not in waiting:
        raise KeyError(f"the Flare {flare!r} is not waiting to go under the deck")
    waiting.remove(flare)
    state["flare_deck"].append(flare)
    return _under_next(game, state, frame, waiting)


def reask_flush(game: Game, state: State, frame: Frame, pending: Pending) -> Pending:
    """Asked again as it was: the Flares waiting are the question's own, out of every pool
    and deck, so a frame started above it cannot have taken one (SL140)."""
    return pending


def _flushed(game: Game, state: State, frame: Frame, kind: str) -> Any:
    """The flush is heard: the event, the owner's god, then the other seats (SL154)."""
    events.emit(state, "flush", frame["owner"], pool=kind)
    fired = gods.fire(
        game, state, frame["owner"], "pool_flushed", run=False, depth=frame["depth"] + 1
    )
    reactions.flushed(game, state, frame["owner"])  # the other seats react after (SL154)
    return YIELD if fired else None


def discardable(state: State, seat: int) -> list[str]:
    """The Cores ``seat`` may discard by an effect: those held, not the Starter Core and not
    the one a launch under way is made of (SL150)."""
    action = state.get("action")
    building = action["core"] if action and action.get("kind") == "launch" else None
    return [c for c in player(state, seat)["cores"] if c != building]


def can_discard(game: Game, state: State, frame: Frame, amount: list[Any]) -> bool:
    """Whether ``discard N cores`` can be done in full (it is a cost: SL150)."""
    return 0 < int(amount[0]) <= len(discardable(state, frame["owner"]))


def verb_discard(game: Game, state: State, frame: Frame, amount: list[Any]) -> Pending | None:
    """``discard N cores``: Cores you hold go to the Core discard pile, your pick of them
    (SL150; 003 "Gain Cores" forbids it, a god's power "takes precedence")."""
    return discard_next(state, frame["owner"], int(amount[0]))


def discard_next(state: State, seat: int, left: int) -> Pending | None:
    """Discard the Cores still due, asking which when they differ."""
    while left > 0:
        held = sorted(set(discardable(state, seat)))
        if not held:
            return None
        if len(held) > 1:
            options = [[f"discard:{c}", f"discard the Core {c}"] for c in held]
            return {"kind": "verb", "verb": "discard", "options": options, "left": left}
        _discard(state, seat, held[0])
        left -= 1
    return None


def _discard(state: State, seat: int, core: str) -> None:
    player(state, seat)["cores"].remove(core)
    state["core_discard"].append(core)
    events.emit(state, "discard", seat, core=core)


def resume_discard(
    game: Game, state: State, frame: Frame, pending: Pending, option_id: str
) -> Pending | None:
    """The owner picked the Core to discard; the rest follow."""
    core = option_id.partition(":")[2]
    if core not in discardable(state, frame["owner"]):
        raise KeyError(f"{core!r} is not a Core to discard")
    _discard(state, frame["owner"], core)
    return discard_next(state, frame["owner"], int(pending["left"]) - 1)


def reask_discard(game: Game, state: State, frame: Frame, pending: Pending) -> Pending | None:
    """Asked again on the Cores held now (SL140)."""
    return discard_next(state, frame["owner"], int(pending["left"]))


def _size(amount: list[Any]) -> str:
    return str(amount[1]).partition("_")[0]  # long_ray -> long


def can_steal(game: Game, state: State, frame: Frame, amount: list[Any], victim: Any) -> bool:
    """Whether ``steal N <size>_ray from <player>`` takes anything now (SL152)."""
    if victim is None or int(amount[0]) <= 0:
        return False
    size = _size(amount)
    return any(r.endswith(f":{size}") for r in player(state, int(victim))["rays"])


def verb_steal(
    game: Game, state: State, frame: Frame, amount: list[Any], victim: Any
) -> Pending | None:
    """``steal N long_rays from an opponent``: rays of that size move from the player's hand
    to the owner's, the owner picking the colour when there is a choice (SL152)."""
    if victim is None:  # a named party not there (``the player who launched``): nobody
        return None
    return steal_next(state, frame["owner"], int(victim), _size(amount), int(amount[0]))


def steal_next(state: State, seat: int, victim: int, size: str, left: int) -> Pending | None:
    """Take the rays still due, asking which colour when the player's rays differ."""
    while left > 0:
        kinds = sorted({r for r in player(state, victim)["rays"] if r.endswith(f":{size}")})
        if not kinds:
            return None
        if len(kinds) > 1:
            options = [[f"ray:{k}", f"take the {k} ray of seat {victim}"] for k in kinds]
            return {"kind": "verb", "verb": "steal", "options": options, "victim": victim,
                    "size": size, "left": left}  # fmt: skip
        _steal(state, seat, victim, kinds[0])
        left -= 1
    return None


def _steal(state: State, seat: int, victim: int, ray: str) -> None:
    player(state, victim)["rays"].remove(ray)
    player(state, seat)["rays"].append(ray)
    events.emit(state, "steal", seat, ray=ray, victim=victim)


def resume_steal(
    game: Game, state: State, frame: Frame, pending: Pending, option_id: str
) -> Pending | None:
    """The owner picked the colour; the rest follow."""
    ray, victim = option_id.partition(":")[2], int(pending["victim"])
    if ray not in player(state, victim)["rays"]:
        raise KeyError(f"seat {victim} holds no {ray} ray")
    _steal(state, frame["owner"], victim, ray)
    return steal_next(state, frame["owner"], victim, pending["size"], int(pending["left"]) - 1)


def reask_steal(game: Game, state: State, frame: Frame, pending: Pending) -> Pending | None:
    """Asked again on the player's rays as they are now (SL140)."""
    return steal_next(
        state, frame["owner"], int(pending["victim"]), pending["size"], int(pending["left"])
    )


def _in_own_turn(state: State, seat: int) -> bool:
    """Whether ``seat`` is the player whose turn it is (its AP are being spent)."""
    turn = state["turn_state"]
    return turn is not None and turn.get("seat") == seat
