"""Where the engine hands control to card effects: hooks, tokens, achievements, abilities.

The core engine calls :func:`fire` at the timing points named in ``vocabulary._hooks()``,
:func:`run_card` when an exploration token is revealed, :func:`check_achievements` after every
step of the rules, every decision and every verb of a card effect (docs/rules-decisions.md
E17), and offers :func:`activated_options` / :func:`start_activated` while a player resolves
their own action card (001 FAQ: "Techs are activated during your action resolution only").

Each effect that starts becomes a frame (``interpreter/vm.py``) in ``state["frames"]`` and
runs at once; one that needs a player's decision stays there, and the engine waits until the
frames are gone (``game.advance``). So after calling any of these, an engine step that needs
the effects' results must end its step and let ``advance`` run them first when
``state["frames"]`` is not empty.

Order of triggers (000 "playing the game" gives none within one player): the faction card
first, then the techs in play in the order they came into play; the clauses of a card in
printed order. A ``when ... if`` condition is tested when the hook fires.
"""

from __future__ import annotations

import re
from operator import itemgetter
from typing import Any

from whitedwarf.interpreter import card_state, card_uses
from whitedwarf.interpreter.lastlight import (
    conditions,
    effects,
    events,
    gains,
    limits,
    pending,
    selectors,
    versions,
)
from whitedwarf.interpreter.lastlight.content import Runtime, runtime
from whitedwarf.interpreter.lastlight.records import Player, State
from whitedwarf.interpreter.lastlight.state import (
    card_id,
    holds,
    play_achievement,
    set_temp,
    use_once,
)
from whitedwarf.interpreter.lastlight.tokens import BLANK
from whitedwarf.interpreter.vm import DONE, Frame, new_frame, seat_beside

__all__ = [
    "activated_options",
    "check_achievements",
    "fire",
    "has_activated",
    "run_card",
    "start_activated",
]


_NONE: dict[str, tuple[tuple[int, Any, Any, bool], ...]] = {}


def _triggers(rt: Runtime, ref: str) -> dict[str, tuple[tuple[int, Any, Any, bool], ...]]:
    """Hook name -> the trigger clauses of a card, by card ref: ``(clause index, its ``when``
    as a function or None, how it runs, whether it needs a whole frame)``, each made once per
    content (:func:`effects.runner`; a straight-line clause or a compiled program without
    variable operands starts with a short frame, completed if it has to wait)."""
    cid = card_id(ref)
    found: dict[str, list[tuple[int, Any, Any, bool]]] = {}
    for i, clause in enumerate(effects.card_effect(rt, cid)["clauses"]):
        if clause["form"] == "trigger":
            when = clause["when"]
            test = None if when is None else effects.MACHINE.condition(when)
            if clause.get("from") is not None:  # `when that opponent plays research ->`
                test = _from_chosen(test, clause["from"])
            if clause.get("side") is not None:  # `when the player to your left builds ...`
                test = _from_side(test, clause["side"])
            if clause.get("limit") is not None:  # `when <hook>, once per round ->`
                test = _limited(test, i, clause["limit"])
            how = effects.runner(rt, cid, i)
            whole = not effects.straight(how)
            # a reaction (issue 29) is planned under its hook's reaction key (:func:`_react`)
            key = REACTION + clause["hook"] if clause.get("by") else clause["hook"]
            found.setdefault(key, []).append((i, test, how, whole))
    return {hook: tuple(clauses) for hook, clauses in found.items()} or _NONE


def _from_chosen(test: Any, noun: str) -> Any:
    """A reaction to the player its card remembers (``when that opponent plays research``,
    docs/rules-decisions.md E139): it holds only when the act's player is the one the card
    chose as ``that <noun>`` (none chosen yet: never), and then its own condition decides."""

    def from_chosen(state: State, frame: Frame) -> bool:
        chosen = card_state.recalled(state, frame, noun)
        context = frame["context"]
        # the act's player: a reaction's actor, or the attacker of `attacks you` (E138)
        actor = context["actor"] if "actor" in context else context.get("combat")
        if chosen is None or chosen != f"p{actor}":
            return False
        return test is None or bool(test(state, frame))

    return from_chosen


def _from_side(test: Any, side: str) -> Any:
    """A reaction to the player sitting on a side (``when the player to your left builds a
    ship``, docs/rules-decisions.md E151): it holds only when the act's player sits there
    now (E140: the next in turn order is to your left), and then its own condition
    decides."""

    def from_side(state: State, frame: Frame) -> bool:
        context = frame["context"]
        # the act's player: a reaction's actor, or the attacker of `attacks you` (E138)
        actor = context["actor"] if "actor" in context else context.get("combat")
        if actor is None or actor != seat_beside(frame["owner"], side, state["n"]):
            return False
        return test is None or bool(test(state, frame))

    return from_side


def _limited(test: Any, clause: int, limit: dict[str, Any]) -> Any:
    """A limited trigger's test (``when <hook>, once per round -> ...``; docs/rules-decisions.md
    "Use limits and durations"): used up, it does nothing, and a trace says why; else its
    ``when ... if`` condition (``test``, or None) decides, and a use is counted when it holds,
    as the clause starts. It tells the trace itself (``_make_firer`` asks ``limited``)."""

    def limited(state: State, frame: Frame) -> bool:
        ref = frame["context"]["card"]
        if card_uses.used_up(state, ref, clause, limit):
            if events.ON:
                events.note(
                    state,
                    "used_up",
                    frame["owner"],
                    frame["card"],
                    how=effects.started_as(state, frame),
                    shown=card_uses.shown(
                        {
                            "used": card_uses.used(state, ref, clause),
                            "of": limit["times"],
                            "per": limit["per"],
                        }
                    ),
                )
            return False
        if test is not None and not test(state, frame):
            if events.ON:
                effects.unmet(state, frame)
            return False
        entry = card_uses.count(state, frame["owner"], ref, clause, limit)
        if events.ON:
            events.note(
                state, "use_counted", frame["owner"], frame["card"], shown=card_uses.shown(entry)
            )
        return True

    limited.limited = True  # type: ignore[attr-defined]
    return limited


#: A hook's ``ship_type`` when it is about a ship type but none of the hearer's did it (damage
#: a card's verb dealt, or a Lumos roll): no ship tech hears it (docs/rules-decisions.md E156).
NO_SHIP_TYPE = "-"


def _ship_size(state: State, context: dict[str, Any]) -> str | None:
    """The ship type a hook is about: its ``ship_type`` (``damage_dealt``: the type whose roll
    dealt it, E156), else its ship's, or its die's."""
    size = context.get("ship_type")
    if size is None and context.get("ship") in state["ships"]:
        size = state["ships"][context["ship"]]["size"]
    if size is None and context.get("die") is not None and context["die"] < len(state["dice"]):
        size = state["dice"][context["die"]]["size"]
    return size


def fire(state: State, hook: str, player: int, context: dict[str, Any]) -> None:
    """Run every effect of ``player``'s cards bound to ``hook`` (a vocabulary hook name).

    ``context`` carries what ``this <noun>`` means for the hook: ``sector``, ``planet``,
    ``ship``, ``ship_type``, ``die`` (an index into ``state["dice"]``). A ship ability or ship
    mod fires only for hooks about its own ship type when the hook is about a ship (000 "Ship
    ability technology cards": they "activate every time you roll a [ability] when attacking
    with a ship of the associated type"); the Lumos have no cards (002).

    Every ``when ... if`` condition is tested before any of the effects runs.
    """
    if player is None or player < 0:
        return
    # What fires on each hook, kept per seat until its cards in play change: most hooks
    # fired have no listener, and then this is the whole cost (two look-ups). The state's
    # versions, on the state object: ``versions.of`` written out (the call was a quarter of a
    # fire, callgrind).
    kept = getattr(state, "memo", None)
    if kept is None:
        kept = versions.of(state)
    plan = kept.plans[player]
    if plan is None:
        plan = _seat_plan(state, player)
    go = plan.get(hook)
    if go is not None:
        go(state, player, context, state["players"][player]["techs"])
    reacting = kept.reacting or _reacting(kept.rt)
    if hook in reacting:
        _react(state, hook, player, context)


def fire_each(state: State, hook: str, seats: list[int]) -> None:
    """:func:`fire` ``hook`` for each of ``seats`` in order, with an empty context (the
    round's hooks, an attack's start and end: 000 "Playing the game", timing conflicts in
    turn order). A seat whose cards in play bind nothing to the hook, when no card reacts to
    it, is passed over without the call: what :func:`fire` would find (its plan is read
    afresh for each seat, as each fire's effects may change the next seat's cards). Most of
    these fires find nothing (0.13 of 2.84 fires a decision in 4-player games of the base
    pack find an effect), and each costs about 2,000 instructions (issue 26, stop 45)."""
    for seat in seats:
        kept = getattr(state, "memo", None)  # versions.of written out, as in fire
        if kept is None:
            kept = versions.of(state)
        plan = kept.plans[seat]
        if (
            plan is not None
            and hook not in plan
            and hook not in (kept.reacting or _reacting(kept.rt))
        ):
            continue
        fire(state, hook, seat, {})


#: The key of a hook's reactions in a seat's plan (``"@before_research"``).
REACTION = "@"
#: How a reaction's clause starts in a card's text: a determiner after ``when``.
_REACTION_HEAD = re.compile(r"(^|[\n;])\s*when\s+(an|a|any|another|each|every|the|that)\s")


def _reacting(rt: Runtime) -> dict[str, bool]:
    """The hooks some card of the content reacts to (``when an opponent <act> -> ...``),
    worked out once per content from the cards' texts (a reaction starts with a determiner
    after ``when``), so a hook nobody reacts to costs one look-up."""
    head = _REACTION_HEAD
    found: dict[str, bool] = {"": False}  # never empty: worked out
    for table in rt.cards.values():
        for cid, card in table.items():
            text = card.get("effect")
            if isinstance(text, str) and head.search(text):
                for clause in effects.card_effect(rt, cid)["clauses"]:
                    if clause.get("by"):
                        found[clause["hook"]] = True
            if isinstance(text, str) and ("light_gained" in text or "gains light" in text):
                for clause in effects.card_effect(rt, cid)["clauses"]:
                    if clause["form"] == "trigger" and clause.get("hook") == gains.HOOK:
                        found[gains.HEARD] = True  # light gained is heard (gains.py)
    rt.reacting.update(found)
    return rt.reacting


def _react(state: State, hook: str, actor: int, context: dict[str, Any]) -> None:
    """Reactions to ``actor``'s ``hook`` (docs/rules-decisions.md E131): after the
    actor's own triggers of the moment (started by :func:`fire` just before), every other
    seat's, in turn order from the first player (000 "Playing the game": timing conflicts
    resolve "beginning with the player holding the first player token and proceeding
    clockwise"). The reacting effect knows the actor as ``the player who <acted>``."""
    ctx = {**context, "actor": actor}
    key = REACTION + hook
    n, first = state["n"], state["first"]
    players = state["players"]
    for k in range(n):
        seat = (first + k) % n
        if seat == actor:
            continue
        kept = versions.of(state)  # the effects before may have changed cards in play
        plan = kept.plans[seat]
        if plan is None:
            plan = _seat_plan(state, seat)
        go = plan.get(key)
        if go is not None:
            go(state, seat, ctx, players[seat]["techs"])


def _seat_plan(state: State, player: int) -> dict[str, Firer]:
    """The hook plan of a seat's cards in play (:func:`_plan`), looked up by the cards in
    play in the content's memo and kept for the seat until they change."""
    p = state["players"][player]
    kept = versions.of(state)
    key = (p["faction"], *map(_REF, p["techs"]))
    plan = kept.rt.hooked.get(key)  # a miss is common: a seat's cards seldom repeat
    if plan is None:
        plan = _plan_for(state, key)
    kept.plans[player] = plan
    return plan


#: The cards of a hook's plan bound to it: ``(index in the techs or -1 for the faction, card
#: id, ref, clauses)`` (the clauses of :func:`_triggers`).
Bound = tuple[tuple[int, str, str, tuple[tuple[int, Any, Any, bool], ...]], ...]
#: What :func:`fire` calls for a hook: ``(state, player, context, techs in play) -> None``.
Firer = Any


def _firer(rt: Runtime, bound: Bound) -> Firer:
    """What fires ``bound``, made once per content and bound cards (so a plan made afresh
    is equal to one kept)."""
    found = rt.firers.get(bound)
    if found is None:
        if len(rt.firers) >= _MEMO_LIMIT:
            rt.firers.clear()
        found = rt.firers[bound] = _make_firer(bound)
    return found


def _make_firer(bound: Bound) -> Firer:
    """The function that starts the clauses of ``bound`` (see :func:`fire`).

    Each clause gets a frame; those whose ``when`` holds are pushed (:func:`effects.push`).
    When no listener hears the game and no frame of the state runs or waits, ``push`` would
    run them at once in order while each runs to its end; the firer does that itself. A
    single straight-line clause with one fixed verb (:func:`effects.direct`) is called
    without its runner or a frame: the whole path from the hook to the verb is this one
    closure.
    """

    def general(state: State, player: int, context: dict[str, Any], techs: Any) -> None:
        started: list[Frame] = []
        hows: list[Any] = []
        size = None
        for at, cid, ref, clauses in bound:
            slot = None if at < 0 else techs[at]["ship_type"]
            if slot is not None:
                if size is None:
                    size = _ship_size(state, context) or ""
                if size and size != slot:
                    continue
            for index, test, how, whole in clauses:
                ctx = dict(context)
                ctx["card"] = ref
                if slot is not None:
                    ctx["ship_type"] = slot
                if whole:
                    frame = new_frame(cid, player, index, ctx)
                else:  # a short frame (effects.straight): completed if it has to wait
                    frame = {"card": cid, "owner": player, "clause": index, "context": ctx}
                if test is None or test(state, frame):
                    started.append(frame)
                    hows.append(how)
                elif events.ON and not getattr(test, "limited", False):
                    # a trace says the card did nothing (a note, never recorded); a limited
                    # trigger's test says so itself (_limited)
                    effects.unmet(state, frame)
        if not started:
            return
        if events.ON or state["frames"] or getattr(state, "running", None):
            effects.push(state, started, hows)
            return
        # What ``push`` does when idle: each runs at once, in order, while it ends; from the
        # first that cannot (it needs the machine, or a verb yielded) ``push`` takes over.
        for i, how in enumerate(hows):
            if how is False or how(state, started[i]) is not DONE:
                effects.push(state, started[i:], hows[i:])
                return

    clauses = [c for _, _, _, cs in bound for c in cs]
    if len(clauses) != 1:
        return general
    ((at, cid, ref, ((index, test, how, whole),)),) = bound
    if whole:
        return _make_whole(general, at, cid, ref, index, test, how)
    verb = effects.direct(how)
    if verb is None:
        return _make_single(general, at, cid, ref, index, test, how)

    def one(state: State, player: int, context: dict[str, Any], techs: Any) -> None:
        if _must_go_general(state, at, techs):
            general(state, player, context, techs)
            return
        if test is not None:
            if context:
                frame = _test_frame(cid, player, index, {**context, "card": ref})
            else:
                # A condition only reads its frame: with the hook's usual empty context it
                # is tested on a frame kept for the seat rather than one made at each firing
                # (two dicts, 10% of ``when ... if round >= 8 -> gain 1 uncommon``).
                try:
                    frame = tested[player]
                except KeyError:
                    frame = tested[player] = _test_frame(cid, player, index, {"card": ref})
            if not test(state, frame):
                return
        verb(state, player)  # a fixed verb reads no frame
        effects.after_verb(state)

    #: seat -> the frame its condition is tested on when the hook's context is empty.
    tested: dict[int, Frame] = {}
    return one


def _test_frame(cid: str, player: int, index: int, context: dict[str, Any]) -> Frame:
    """The short frame a clause's ``when ... if`` condition is tested on."""
    return {"card": cid, "owner": player, "clause": index, "context": context}


def _must_go_general(state: State, at: int, techs: Any) -> bool:
    """Whether a lone clause's short path may not run it now (the firers of
    :func:`_make_firer`'s one clause): events are heard, a frame waits or runs, or the card
    is a tech on a ship type (its frame carries the type); then ``general`` runs it."""
    return bool(
        events.ON
        or state["frames"]
        or getattr(state, "running", None)
        or (at >= 0 and techs[at]["ship_type"] is not None)
    )


def _make_single(
    general: Firer, at: int, cid: str, ref: str, index: int, test: Any, how: Any
) -> Firer:
    """The firer of one clause that starts from a short frame (a compiled program, or
    straight-line calls without a single fixed verb): when nothing runs, waits or listens,
    its frame is made and run here, as :func:`_make_firer`'s ``general`` would, without the
    lists of started frames; if it cannot end at once, :func:`effects.push` takes it on."""

    def single(state: State, player: int, context: dict[str, Any], techs: Any) -> None:
        if _must_go_general(state, at, techs):
            general(state, player, context, techs)
            return
        # (a hook's context is most often empty: no merge of dicts to make the frame's)
        ctx = {**context, "card": ref} if context else {"card": ref}
        frame: Frame = {"card": cid, "owner": player, "clause": index, "context": ctx}
        if test is not None and not test(state, frame):
            return
        if how(state, frame) is not DONE:
            effects.push(state, [frame], [how])

    return single


def _make_whole(
    general: Firer, at: int, cid: str, ref: str, index: int, test: Any, how: Any
) -> Firer:
    """The firer of one clause that needs a whole frame (it asks its owner, or runs on the
    machine): when nothing runs, waits or listens, its ``when ... if`` condition is tested
    on a short frame (a condition reads only the card, owner, clause and context, as in
    :func:`_make_single`), and the whole frame is made only when it holds. Such a clause is
    most often found false: ``when ship_moved if number of enemy ships here >= 1`` is tested
    at every move of its owner. Then it runs as :func:`_make_firer`'s ``general`` runs it."""

    def whole(state: State, player: int, context: dict[str, Any], techs: Any) -> None:
        if _must_go_general(state, at, techs):
            general(state, player, context, techs)
            return
        ctx = {**context, "card": ref} if context else {"card": ref}
        if test is not None and not test(state, _test_frame(cid, player, index, ctx)):
            return
        frame = new_frame(cid, player, index, ctx)
        if how is False or how(state, frame) is not DONE:
            effects.push(state, [frame], [how])

    return whole


def _plan_for(state: State, key: tuple[str | None, ...]) -> dict[str, Firer]:
    """The :func:`_plan` of a faction and techs in play, memoised per content."""
    rt = runtime(state)
    hooked = rt.hooked
    if len(hooked) >= _MEMO_LIMIT:
        hooked.clear()
    plan = hooked[key] = _plan(rt, rt.triggers, key)
    return plan


def _plan(rt: Runtime, index: dict[str, Any], refs: tuple[str | None, ...]) -> dict[str, Firer]:
    """Hook -> what fires on it (:func:`_firer`) for the cards of ``refs`` (faction first,
    then techs in play order) with trigger clauses on it, each bound as ``(index in the techs
    or -1 for the faction, card id, ref, clauses)``."""
    out: dict[str, list[tuple[int, str, str, tuple[tuple[int, Any, Any, bool], ...]]]] = {}
    for at, ref in enumerate(refs, start=-1):
        if ref:
            table = index.get(ref)
            if table is None:
                table = index[ref] = _triggers(rt, ref)
            for hook, clauses in table.items():
                out.setdefault(hook, []).append((at, card_id(ref), ref, clauses))
    return {hook: _firer(rt, tuple(found)) for hook, found in out.items()}


_REF = itemgetter("ref")


def run_card(state: State, player: int, card_ref: str, context: dict[str, Any]) -> None:
    """Resolve a card's ``immediate`` clauses for ``player`` (a revealed exploration token).

    000 "1. Move": "completely resolve the effect of a revealed token before moving on".
    """
    if player is None or player < 0:
        return
    kept = getattr(state, "memo", None)  # versions.of written out, as in fire
    rt = (kept or versions.of(state)).rt
    try:
        verb, general = rt.immediate[card_ref]
    except KeyError:
        if len(rt.immediate) >= _MEMO_LIMIT:
            rt.immediate.clear()
        verb, general = rt.immediate[card_ref] = _immediate(rt, card_ref)
    # The usual token, ``gain 1 light``, when nothing runs or waits and nobody listens: its
    # one fixed verb, then the check (written here rather than in a function of its own,
    # which cost the token about 5% more than the hand-written rule: BENCHMARKS.md at
    # dba7fe8, "fx3").
    if verb is None or events.ON or state["frames"] or getattr(state, "running", None):
        general(state, player, context)
        return
    verb(state, player)  # a fixed verb reads no frame
    effects.after_verb(state)


def _nothing(state: State, player: int, context: dict[str, Any]) -> None:
    """What a card without ``immediate`` clauses (a placeholder token of setup) does."""


def _immediate(rt: Runtime, ref: str) -> tuple[Any, Any]:
    """What starts a card's ``immediate`` clauses, by card ref, made once per content:
    ``(its one fixed verb or None, general)``. ``general(state, player, context)`` gives
    each clause a frame (a short one when it is straight-line, see :func:`_triggers`) and
    pushes them in order; the fixed verb ``(state, owner)`` (:func:`effects.direct`) is that
    of a single straight-line clause with one fixed verb, called directly by
    :func:`run_card` when nothing runs or waits and no listener hears the game."""
    if ref.startswith(BLANK):
        return None, _nothing
    cid = card_id(ref)
    found = effects.card_effect(rt, cid)["clauses"]
    indexes = [i for i, clause in enumerate(found) if clause["form"] == "immediate"]
    if not indexes:
        return None, _nothing
    hows = [effects.runner(rt, cid, i) for i in indexes]
    clauses = tuple((i, not effects.straight(how)) for i, how in zip(indexes, hows, strict=True))

    def general(state: State, player: int, context: dict[str, Any]) -> None:
        ctx = {**context, "card": ref}
        frames = []
        for index, whole in clauses:
            if whole:
                frames.append(new_frame(cid, player, index, dict(ctx)))
            else:  # a short frame (effects.straight): completed if it has to wait
                frames.append({"card": cid, "owner": player, "clause": index, "context": dict(ctx)})
        effects.push(state, frames, hows)

    return (effects.direct(hows[0]) if len(hows) == 1 else None), general


def check_achievements(state: State) -> None:
    """Play every hidden achievement whose condition now holds (000 "Planetary Achievement":
    "Keep Hidden. Play immediately when ..."), and run the ``as_soon_as`` clauses of factions
    and techs whose condition holds (000 "Graveyard": "As soon as you have 4 units in your
    graveyard, gain 1 light").

    "Immediately" is every point where the state can change (docs/rules-decisions.md E17):
    ``game.advance`` calls this after every automatic step of an engine task that can change
    what a condition reads (not after ``game.QUIET_STEPS``; the round flow's steps are
    followed by it in ``rotation._run``, which runs them on) and ``game.apply`` after every
    decision of one; ``effects.after_verb`` after every verb of a card effect;
    ``graveyard.destroy`` after each unit destroyed; ``game._finish`` at the end of an action
    card whose temporary adds or Lumos ally changed. Players are checked in turn order. A
    played achievement moves from ``achievement`` to ``achievements_done``; ``as_soon_as``
    clauses of factions and civilization techs run once each too, recorded as
    ``"<ref>:<clause>"`` in the player's ``once`` list.

    A condition is a function of the domains it reads (``conditions.reads``), and the
    functions that change a domain renew its version stamp and name it in ``moved``
    (``versions.py``). So a condition found false is not tested again until a domain it
    reads moves: the conditions reading each domain key are indexed per seat
    (``pending.py``), and a check forgets what it knew only of those. A check is skipped
    whole when every pending condition is known false and nothing any of them reads moved.
    """
    # versions.of written out, as in fire (1.7-1.9 checks a decision)
    kept = getattr(state, "memo", None)
    if kept is None:
        kept = versions.of(state)
    if gains.HEARD in (kept.reacting or _reacting(kept.rt)):  # `when ... gains light` (E141)
        gains.hear(state, fire)
    moved = kept.moved
    if kept.settled:
        if not moved or moved.isdisjoint(kept.reading):
            moved.clear()
            return  # nothing any pending condition reads has changed
        if _still_false(state, kept, moved):
            moved.clear()
            return
    # The whole check: what the last one settled no longer holds while it runs (a seat's
    # list is made again below, and the conditions it tests read stats, whose reads consult
    # these memos); the end of the check says whether it settles again.
    kept.settled = False
    rt = kept.rt
    seats = kept.seats
    known = kept.known_false
    stamps = kept.stamps
    started: list[Frame] = []
    settled = listed = True
    players = state["players"]
    n, first = state["n"], state["first"]
    for k in range(n):
        seat = (first + k) % n  # turn order
        p = players[seat]
        mine = seats[seat]
        if mine is None or mine.stale or mine.achievement != p["achievement"]:
            old, mine = mine, pending.seat_pending(rt, p)
            seats[seat] = mine
            listed = False
            if old is not None:  # what is known of conditions pending no more goes
                for key in set(old.keys).difference(mine.keys):
                    known.pop(key, None)
        if moved:  # forget only what the conditions reading a moved domain knew
            readers = mine.readers
            for domain in moved:
                found = readers.get(domain)
                if found is not None:
                    for key in found:
                        known.pop(key, None)
        if mine.everything:
            settled = False  # a condition that reads everything is tested at every check
        played: str | None = None  # the kept achievement played in this check
        for key, clause, when, name, domains, achievement, ref in mine.entries:
            if key in known:
                continue  # found false, and nothing it reads has moved since
            if achievement:
                if p["achievement"] != ref and played != ref:
                    continue  # played earlier in this check
            elif name in p.get("once", ()):
                continue
            frame = new_frame(card_id(ref), seat, clause, {"card": ref})
            if not effects.MACHINE.test(state, frame, when):
                if domains is not None:
                    known[key] = tuple(map(stamps.__getitem__, domains))
                continue
            # A met condition is pending no more: the seat's list goes (``state.py``).
            if not achievement:
                use_once(state, seat, name)
            elif played != ref:  # the card is played once, whichever of its clauses holds
                played = ref
                play_achievement(state, seat, ref)
                if events.ON:
                    events.emit(state, "achievement", seat, ref)
            started.append(frame)
    moved.clear()
    if started:
        kept.settled = False
        effects.push(state, started)
        return
    if not listed:
        kept.reading = set().union(*(mine.reads for mine in seats if mine is not None))
        kept.readers = _readers(seats)
    kept.settled = settled


def _readers(seats: list[pending.Seat | None]) -> dict[Any, tuple[pending.Entry, ...]]:
    """Domain key -> the pending conditions of every seat that read it (for
    :func:`_still_false`)."""
    out: dict[Any, list[pending.Entry]] = {}
    for mine in seats:
        if mine is not None:
            for entry in mine.entries:
                for domain in entry.domains or ():
                    out.setdefault(domain, []).append(entry)
    return {domain: tuple(entries) for domain, entries in out.items()}


def _still_false(state: State, kept: versions.Versions, moved: set[Any]) -> bool:
    """Whether every condition reading a moved domain is still false, when the last check
    left every pending condition known false (``settled``): then only those are tested,
    whatever their seat, and the check ends here. In 4-player games of the base pack about
    one check in thirteen gets this far (a seat's own resources, ships or extractors moved)
    and tests one condition of the four or so pending (each seat's kept achievement); the
    whole check walks every seat and its list.

    The seats' lists are the ones the last check made (``settled`` goes when one would change:
    ``versions.relist``), so each condition is pending and its card's once not used. Found
    true, the rest is left to the whole check, in turn order: the tests change nothing, and
    a condition found false here is known false again with the stamps of now."""
    known, stamps, readers = kept.known_false, kept.stamps, kept.readers
    # Every condition that reads a moved domain, by key (one reading two is tested once).
    tested: dict[pending.Key, pending.Entry] = {}
    for domain in moved:
        found = readers.get(domain)
        if found is not None:
            for entry in found:
                tested[entry.key] = entry
    for key in tested:
        known.pop(key, None)
    test = effects.MACHINE.test
    for key, clause, when, _, domains, _, ref in tested.values():
        frame = new_frame(card_id(ref), key.seat, clause, {"card": ref})
        if test(state, frame, when):
            return False
        known[key] = tuple(map(stamps.__getitem__, domains))  # type: ignore[arg-type]
    return True


#: Entries of a per-content memo (hook plans, immediate clauses) before it is emptied.
_MEMO_LIMIT = 1 << 14


# -- activated abilities (001 FAQ: during your own action resolution only) --------------------


def _activators(
    state: State, kept: versions.Versions, p: Player
) -> tuple[tuple[int, str, Any], ...]:
    """The player's cards in play with activated clauses, faction first: ``(index in the
    techs or -1 for the faction, ref, clauses)`` (:func:`_activated`), memoised per content
    by the cards in play and kept per seat with the state's versions (``kept.acts``, which
    the callers read first) until its cards in play change."""
    seat = p["seat"]
    key = (p["faction"], *map(_REF, p["techs"]))
    rt = kept.rt
    found = rt.activators.get(key)
    if found is not None:
        kept.acts[seat] = found
        return found
    index = rt.activated
    memo = rt.activators
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    out = []
    for at, ref in enumerate(key, start=-1):
        if ref:
            clauses = index.get(ref)
            if clauses is None:
                clauses = index[ref] = _activated(rt, ref)
            if clauses:
                out.append((at, ref, clauses))
    memo[key] = found = tuple(out)
    kept.acts[seat] = found
    return found


def has_activated(state: State, player: int) -> bool:
    """Whether :func:`activated_options` would offer ``player`` anything (stops at the first)."""
    if player is None or player < 0:
        return False
    kept = getattr(state, "memo", None)  # versions.of written out, as in fire
    if kept is None:
        kept = versions.of(state)
    cards = kept.acts[player]  # kept until the seat's cards in play change
    if not cards:  # most seats hold no card with an activated clause, or not yet listed
        if cards is not None:
            return False
        cards = _activators(state, kept, state["players"][player])
    p = state["players"][player]
    for at, ref, clauses in cards:
        if _usable(state, kept, player, p, at, ref, clauses, None):
            return True
    return False


def activated_options(state: State, player: int) -> list[tuple[str, str]]:
    """Abilities ``player`` may start now: ``("use:<ref>", text)``, or
    ``("use:<ref>:<clause>", text)`` for a card with several; only those whose costs are
    payable now (000 "Civilization technology cards": an exhausted card waits for Refresh)."""
    if player is None or player < 0:
        return []
    kept = getattr(state, "memo", None)  # versions.of written out, as in fire
    if kept is None:
        kept = versions.of(state)
    cards = kept.acts[player]  # as in has_activated
    if not cards:
        if cards is not None:
            return []
        cards = _activators(state, kept, state["players"][player])
    out: list[tuple[str, str]] = []
    p = state["players"][player]
    for at, ref, clauses in cards:
        _usable(state, kept, player, p, at, ref, clauses, out)
    return out


#: A card's activated clause (:func:`_activated`); its last item is its use limit or None.
Activated = tuple[int, Any, str, str, Any, tuple[str, ...] | None, dict[str, Any] | None]


def _activated(rt: Runtime, ref: str) -> tuple[Activated, ...]:
    """A card's activated clauses: ``(index, code, option id suffix, option text, plain
    cost, domains its first choices read)`` (:func:`_plain_cost`, :func:`_choice_reads`)."""
    cid = card_id(ref)
    clauses = effects.card_effect(rt, cid)["clauses"]
    mine = [
        (i, c["code"], c.get("limit")) for i, c in enumerate(clauses) if c["form"] == "activated"
    ]
    if not mine:
        return ()
    name = (effects.card_kind(rt, cid)[1] or {}).get("name", cid)
    return tuple(
        (
            i,
            code,
            f":{i}" if len(mine) > 1 else "",
            f"use {name}",
            _plain_cost(code),
            _choice_reads(code),
            limit,
        )
        for i, code, limit in mine
    )


def _choice_reads(code: list[Any]) -> tuple[str, ...] | None:
    """The sorted domains (``conditions.py``) that :func:`_would_act` reads for a clause:
    those of the selectors of the choices before its first other instruction; None when one
    reads what the domains do not say (``conditions.choice_reads``), or its target has a rule
    of its own (``selectors.TARGET_RULES``: the asteroids a ship may cross, the colony ships'
    extractors), so the answer is worked out at every ask."""
    found: set[str] = set()
    for instruction in code:
        if instruction[0] == "affordable":
            continue
        if instruction[0] != "choose":
            break
        selector = instruction[2]
        domains = conditions.choice_reads(selector)
        if domains is None or tuple(selector.get("for") or ()) in selectors.TARGET_RULES:
            return None
        found.update(domains)
    return tuple(sorted(found))


def _plain_cost(code: list[Any]) -> tuple[bool, tuple[tuple[str, int], ...]] | None:
    """The cost of an activated clause when it is only "exhaust this card" and constant
    payments: ``(exhausts this card, ((unit, amount), ...))``; None for any other cost, which
    the effects module's ``affordable`` checks (the same answer, without a frame)."""
    first = code[0] if code else None
    if not first or first[0] != "affordable":
        return None
    return effects.plain_cost(first[1])


def _usable(
    state: State,
    kept: versions.Versions,
    player: int,
    p: Player,
    at: int,
    ref: str,
    clauses: tuple[Activated, ...],
    out: list[tuple[str, str]] | None,
) -> bool:
    """Append the options of a card's activated clauses whose costs can be paid now and
    that would act (without ``out``: whether there is one). ``at`` is the card's index in
    the techs in play (-1: the faction); ``kept`` the state's versions."""
    for i, code, suffix, text, plain, domains, limit in clauses:
        if limit is not None and card_uses.used_up(state, ref, i, limit):
            continue  # used up this period: not offered (the trace said so when it was)
        if plain is not None:
            exhaust, need = plain
            if exhaust and (p["faction_exhausted"] if at < 0 else p["techs"][at]["exhausted"]):
                continue
            if need and not holds(p, need):  # most abilities pay only "exhaust this card"
                continue
        elif code[0][0] == "affordable":
            frame = new_frame(card_id(ref), player, i, {"card": ref})
            if not effects.ADAPTER.affordable(state, frame, code[0][1]):
                continue
        if domains is None:  # its choices read what no stamp says: asked afresh
            if not _would_act(state, player, ref, i, code):
                continue
        elif not _would_act_kept(state, kept, player, ref, i, code, domains):
            continue
        if code[0][0] == "affordable" and not effects.buys_something(state, player, ref, i):
            continue  # its costs would buy nothing now: a gain from an empty supply (E134)
        if out is None:
            return True
        out.append((f"use:{ref}{suffix}", text))
    return False


def _would_act(state: State, player: int, ref: str, clause: int, code: Any) -> bool:
    """Whether an ability would do anything now: a target it must choose before acting
    exists. Resourcefulness with no other exhausted tech is not offered (it would end
    at once, leaving its owner to be asked again and again)."""
    frame = None
    for instruction in code:
        if instruction[0] == "affordable":
            continue
        if instruction[0] != "choose":
            return True
        if frame is None:
            frame = new_frame(card_id(ref), player, clause, {"card": ref})
        try:
            if not effects.ADAPTER.candidates(state, frame, instruction[2]):
                return False
        except Exception:  # a target that depends on an earlier choice: assume it can act
            return True
    return True


def _would_act_kept(
    state: State,
    kept: versions.Versions,
    player: int,
    ref: str,
    clause: int,
    code: Any,
    domains: tuple[str, ...],
) -> bool:
    """:func:`_would_act`, kept per ``(seat, card, clause)`` with the stamps of the domains
    its choices read (``versions.Versions.usable``): the closing window of every action card
    and every step of one asks, and the candidates (the techs in play, the board) grow with
    the game, while what they read changes less often. The frame the check makes holds only
    the card and its owner, both in the key."""
    key = (player, ref, clause)
    found = kept.usable.get(key)
    stamps = kept.stamps
    if found is not None:
        keys, signature, answer = found
        now = tuple(map(stamps.__getitem__, keys))
        if now == signature:
            return answer
    else:
        keys = versions.keys_of(domains, player)
        now = tuple(map(stamps.__getitem__, keys))
    answer = _would_act(state, player, ref, clause, code)
    kept.usable[key] = (keys, now, answer)  # _would_act changes nothing: stamps as read
    return answer


def start_activated(state: State, player: int, option_id: str) -> None:
    """Start an activated ability (an option id of :func:`activated_options`, or a card ref)."""
    ref = option_id.removeprefix("use:")
    ref, _, index = ref.partition(":")
    cid = card_id(ref)
    clauses = effects.card_effect(runtime(state), cid)["clauses"]
    first = next((k for k, c in enumerate(clauses) if c["form"] == "activated"), None)
    i = int(index) if index else first
    if i is None:
        raise ValueError(f"card {cid!r} has no activated ability")
    # An ability that pays for itself ends (E21).
    set_temp(state, player, limits.USES, limits.count_use(state, player, cid))
    limit = clauses[i].get("limit")
    if limit is not None:  # `activated, once per round: ...` (card_uses)
        _count_activated(state, player, ref, cid, i, limit)
    effects.push(state, [new_frame(cid, player, i, {"card": ref})])


def _count_activated(
    state: State, player: int, ref: str, cid: str, clause: int, limit: dict[str, Any]
) -> None:
    """Count a use of a limited activated ability as it starts; a trace says the count, and
    when it is used up, that it is not offered until its period ends."""
    if card_uses.used_up(state, ref, clause, limit):
        raise ValueError(f"card {cid!r} was used as often as its limit allows this {limit['per']}")
    entry = card_uses.count(state, player, ref, clause, limit)
    if events.ON:
        events.note(state, "use_counted", player, cid, shown=card_uses.shown(entry))
        if entry["used"] >= entry["of"]:
            events.note(
                state, "used_up", player, cid, how="activated", shown=card_uses.shown(entry)
            )
