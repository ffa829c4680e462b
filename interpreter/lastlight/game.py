"""The Last Light game: the OpenSpiel-style decision interface and the round flow.

>>> game = Game.from_content(load_game_content(), players=4)
>>> state = game.new_state(seed=7)
>>> while not game.is_terminal(state):
...     seat = game.current_players(state)[0]
...     option = game.legal_options(state, seat)[0]
...     game.apply(state, seat, option.id)

``apply`` mutates the state in place (and returns it); :meth:`Game.clone` copies it. A state
changed by hand between calls (a rule scenario's position) is announced with
:meth:`Game.edited` first (docs/scenarios.md). During
the secret action choice (000 "playing the game": "players simultaneously choose a single
action card") every player who has not chosen is a current player; the choices stay hidden
(:meth:`Game.observation`) until the last one is made.

The round (000 "playing the game", "end of round"): every player chooses an action card;
the cards resolve in order (lower number first; the same card from the first player
clockwise; Command's move steps in turn order, then one shared attack step); then the end of
round: rotation if every Refresh is down, the game-end check, and the first player token
passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whitedwarf.dsl.suggest import did_you_mean
from whitedwarf.interpreter.engines import MOST_ROUNDS
from whitedwarf.interpreter.lastlight import (
    bindings,
    combat,
    command,
    conditional,
    construct,
    effects,
    events,
    lumos,
    mine,
    refresh,
    research,
    rotation,
    setup,
    trade,
    versions,
)
from whitedwarf.interpreter.lastlight.content import GameContent, register, runtime
from whitedwarf.interpreter.lastlight.decisions import Handler, IllegalOption, Option
from whitedwarf.interpreter.lastlight.effects import MACHINE
from whitedwarf.interpreter.lastlight.hooks import (
    activated_options,
    check_achievements,
    fire,
    has_activated,
    start_activated,
)
from whitedwarf.interpreter.lastlight.packs import load_game_content
from whitedwarf.interpreter.lastlight.persist import observation
from whitedwarf.interpreter.lastlight.records import Result, State, Task
from whitedwarf.interpreter.lastlight.state import (
    ACTION_NUMBER,
    ACTIONS,
    choose_card,
    clear_temp,
    clone,
    play_chosen,
    turn_order,
)
from whitedwarf.interpreter.vm import EffectError, EffectLimitError

__all__ = [
    "EffectLimitReached",
    "Game",
    "GameContent",
    "GameOptionError",
    "IllegalOption",
    "Option",
    "load_game_content",
]


#: Rounds after which an unfinished game ends by "round limit" (docs/rules-decisions.md E10),
#: and the most a game may be given: a game no seat can win must still end (the commands'
#: ``--round-limit`` takes 1 to this).
ROUND_LIMIT = 200


#: The options a Last Light game takes (:meth:`Game.from_content`); any other is refused, as
#: a replay header or a save may name one (every setting does something or is refused).
OPTIONS = frozenset(("round_limit", "first_player", "factions"))


class GameOptionError(ValueError):
    """A game option out of its range or of the wrong kind (a replay's header, an API call);
    the message names the option and its range."""


def _checked_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """The options as given, once each known one is in its range (000 is silent on both:
    E10 for the round limit; the first player is a seat)."""
    bounds = {"round_limit": (1, MOST_ROUNDS), "first_player": (0, players - 1)}
    for name in options:
        if name not in OPTIONS:
            hint = did_you_mean(str(name), OPTIONS)
            known = ", ".join(sorted(OPTIONS))
            raise GameOptionError(
                f"Last Light has no option {name!r:.40} (its options: {known})"
                + (f"; {hint}" if hint else "")
            )
    for name, (low, high) in bounds.items():
        value = options.get(name, low)
        if type(value) is not int or not low <= value <= high:
            raise GameOptionError(f"option {name} is a whole number {low} to {high}, not {value!r}")
    return dict(options)


class EffectLimitReached(EffectError):
    """A card's effect went over a limit of the effect runtime (DESIGN principle 3: "DSL
    execution has a step budget and trigger chains have a depth limit, and each limit ends
    in a clear error").

    ``card`` is the card id, ``limit`` ``"steps"`` or ``"depth"``; the engine's own bounds
    (``limits.py``, docs/rules-decisions.md E21) add ``"dice"``, ``"trades"`` and ``"uses"``
    (in play, naming the card that raised the number or used the ability; a die id for extra
    dice), ``"copies"`` and ``"pieces"`` (when the game is made, naming the card whose copies
    overfill a deck, or the supply.yaml entry). The state is left where the limit was hit, in
    the middle of the effect: discard it.
    """

    def __init__(self, card: str, limit: str, message: str) -> None:
        super().__init__(message)
        self.card = card
        self.limit = limit

    @classmethod
    def from_error(cls, error: EffectLimitError) -> EffectLimitReached:
        """The engine's error for a limit the effect machine hit."""
        if error.limit == "depth":
            # A loop through cards of two players (each `when ship_moved -> move an enemy
            # ship ...`) is found only here, in play (docs/diagnostics.md "Limits"; E167):
            # the message says what makes one and what ends it.
            what = (
                f"started a trigger chain deeper than {MACHINE.max_depth:,} effects: cards "
                "(of one player or of several) firing each other's hooks; give the chain an "
                "end: a condition its effect makes false (`when <hook> if ... ->`), a use "
                "limit (`when <hook>, once per round -> ...`) or a cost it can pay once "
                "(`exhaust this card -> ...`)"
            )
        elif error.limit == "steps":
            what = f"ran more than {MACHINE.max_steps:,} steps"
        else:  # an engine bound (limits.py) says it all
            return cls(error.card, error.limit, str(error))
        return cls(error.card, error.limit, f"the effect of card {error.card!r} {what}")


def wire() -> None:
    """Connect the effect machine to the rules above it, once per process (issue 26: importing
    a module installs nothing; setting up a game does, here): it runs the vocabulary's words
    through the functions of ``bindings.py`` and follows every verb with the achievement check
    (docs/rules-decisions.md E17; 000 "Planetary Achievement": "Play immediately when ...").
    Every :class:`Game` calls it; the rules' task handlers need none (:data:`HANDLERS`)."""
    effects.connect(bindings.WORDS, check_achievements)
    conditional.connect(effects.MACHINE.test)  # `while` clauses' conditions (E137)


def next_decision(state: State) -> tuple[int | None, list[Option]] | None:
    """None once the game is over, else the first seat :func:`current_players` names (None
    if none) and its :func:`legal_options`: what ``runner.play`` asks before each decision,
    in one call instead of three. Defined before :class:`Game`, which holds it as its
    method (the driver's other functions follow the class)."""
    phase = state["phase"]
    if phase == "over":
        return None
    frames = state["frames"]
    if frames:
        return frames[-1]["owner"], effects.frame_options(state)
    if phase == "choose":
        for player in state["players"]:
            if player["choice"] is None:
                return player["seat"], choose_options(state, player["seat"])
        return None, []
    if phase != "resolve":
        seats = setup.pending_seats(state)
        return (seats[0], setup.options(state, seats[0])) if seats else (None, [])
    top = state["stack"][-1]
    seat = top["ask"]
    return (None, []) if seat is None else (seat, _step_options(state, top, seat))


class Game:
    """One ruleset (content pack, player count, options); states are plain dicts."""

    def __init__(self, content: GameContent, players: int, options: dict[str, Any]) -> None:
        """Use :meth:`from_content`."""
        if not 2 <= players <= 4:
            raise GameOptionError(f"Last Light is for 2-4 players, not {players}")
        self.content = content
        self.players = players
        self.options = _checked_options(options, players)
        wire()
        #: Who hears the engine's events (events.py) while this game sets up or applies.
        self.listener: events.Listener | None = None
        try:
            self.content_id = register(content, players)
        except EffectLimitError as error:
            raise EffectLimitReached.from_error(error) from error
        if "factions" in self.options:
            factions = runtime({"content": self.content_id}).cards["factions"]
            self.options["factions"] = setup.kept_factions(
                self.options["factions"], factions, players, GameOptionError, content.removed
            )

    @classmethod
    def from_content(
        cls, content: GameContent, players: int, options: dict[str, Any] | None = None
    ) -> Game:
        """A game of ``players`` players on a content pack.

        ``options``: ``round_limit`` (default 200), ``first_player`` (seat, default 0),
        ``factions`` (the faction each seat keeps, in seat order: ``"veyari,,hexan"`` or a
        list, an empty place dealt as usual; :func:`setup.kept_factions`).
        The decisions applied are not kept in the state (its size and the cost of cloning,
        saving and hashing it would grow with the game): the caller records them beside it
        (``runner.play`` writes them to a replay).
        """
        return cls(content, players, options or {})

    def listen(self, listener: events.Listener | None) -> None:
        """Send every event of the engine (``events.py``) to ``listener`` from now on, as the
        events happen inside :meth:`new_state` and :meth:`apply` (None: stop)."""
        self.listener = listener

    # -- states ------------------------------------------------------------------------------

    def new_state(self, seed: int) -> State:
        """The state after setup, waiting for the first decision."""
        try:
            with events.listening(self.listener):
                state = setup.new_state(self, seed)
                advance(state)
        except EffectLimitError as error:
            raise EffectLimitReached.from_error(error) from error
        return state

    @staticmethod
    def clone(state: State) -> State:
        """An independent copy of a state."""
        return clone(state)

    @staticmethod
    def edited(state: State) -> State:
        """Say that ``state`` was changed by hand since the engine last touched it (a rule
        scenario's position: pieces placed, resources given, cards put in play); returns it.

        The engine remembers what it has worked out about a state (the options it offered,
        the conditions it found false, each seat's cards in play and what they fire) and
        renews that only through its own changes (``versions.py``), so a hand edit must be
        followed by this before :meth:`legal_options` or :meth:`apply`. The helpers of
        ``scenario.py`` call it for you; a state loaded from a save or cloned starts afresh
        (docs/scenarios.md)."""
        versions.forget(state)
        return state

    # -- decisions ---------------------------------------------------------------------------

    @staticmethod
    def current_players(state: State) -> list[int]:
        """Seats whose decision is awaited (several during the simultaneous choices)."""
        return current_players(state)

    #: None once the game is over, else the seat asked next (``current_players(state)[0]``,
    #: None if nobody is) and its legal options: ``runner.play``'s one call a decision, the
    #: driver's function itself (a method calling it was one call more a decision).
    next_decision = staticmethod(next_decision)

    @staticmethod
    def legal_options(state: State, player: int) -> list[Option]:
        """The options ``player`` may choose now (empty if not their decision)."""
        return legal_options(state, player)

    def apply(self, state: State, player: int, option_id: str, check: bool = True) -> State:
        """Apply ``player``'s choice and run the rules up to the next decision.

        With ``check`` the option is validated against :meth:`legal_options` first
        (:class:`IllegalOption` if it is not legal); bots that pick from the list may skip it.
        """
        if check and option_id not in {o.id for o in legal_options(state, player)}:
            raise IllegalOption(f"player {player} cannot choose {option_id!r} now")
        try:
            if self.listener is None:
                apply(state, player, option_id)
            else:
                with events.listening(self.listener):
                    apply(state, player, option_id)
        except EffectLimitError as error:
            raise EffectLimitReached.from_error(error) from error
        return state

    # -- outcome -----------------------------------------------------------------------------

    @staticmethod
    def is_terminal(state: State) -> bool:
        """Whether the game is over."""
        phase: str = state["phase"]
        return phase == "over"

    @staticmethod
    def result(state: State) -> Result | None:
        """``{"winners", "light", "reason", "tiebreak"}`` once the game is over."""
        return state["result"]

    @staticmethod
    def returns(state: State) -> list[float]:
        """1 for a sole winner, 1/k each for k tied winners, 0 otherwise (0s until over)."""
        result = state["result"]
        out = [0.0] * state["n"]
        if result:
            for seat in result["winners"]:
                out[seat] = 1.0 / len(result["winners"])
        return out

    @staticmethod
    def observation(state: State, player: int) -> State:
        """What ``player`` may see: the state without others' secrets (see ``persist``)."""
        return observation(state, player)


if TYPE_CHECKING:  # mypy holds Game to the game contract (interpreter/contract.py)
    from whitedwarf.interpreter.contract import GameRules

    _CLASS: type[GameRules[State]] = Game  # the class: ``from_content`` makes a game

    def _contract(game: Game) -> GameRules[State]:
        return game  # a member missing or of another type is named here


# -- the driver ------------------------------------------------------------------------------


def current_players(state: State) -> list[int]:
    """Seats whose decision is awaited."""
    phase = state["phase"]
    if phase == "over":
        return []
    frames = state["frames"]
    if frames:
        return [frames[-1]["owner"]]
    if phase == "choose":
        return [p["seat"] for p in state["players"] if p["choice"] is None]
    if phase == "setup":
        return setup.pending_seats(state)
    # The engine stops only at a task that asks (``_advance``): ``ask`` is a seat here.
    return [state["stack"][-1]["ask"]]  # type: ignore[list-item]


def legal_options(state: State, player: int) -> list[Option]:
    """The options ``player`` may choose now."""
    phase = state["phase"]
    if phase == "over":
        return []
    frames = state["frames"]
    if frames:
        return effects.frame_options(state) if frames[-1]["owner"] == player else []
    if phase == "choose":
        # A seat is asked until it has chosen (:func:`current_players`), read directly: a
        # third of the decisions are these.
        players = state["players"]
        if not 0 <= player < len(players) or players[player]["choice"] is not None:
            return []
        return choose_options(state, player)
    if phase != "resolve":
        if player not in current_players(state):
            return []
        return setup.options(state, player)
    top = state["stack"][-1]
    if top["ask"] != player:
        return []
    return _step_options(state, top, player)


def _step_options(state: State, top: Task, player: int) -> list[Option]:
    """The options of the task on top, which asks ``player``."""
    if top["pc"] == "abilities":
        return [*_abilities(state, player), _END_ACTION]
    options = _OPTIONS[top["kind"]](state, top)
    if _may_activate(top, player):
        found = activated_options(state, player)
        if found:  # mostly none: no list of options made (_abilities written out)
            options = [*options, *(Option(i, t) for i, t in found)]
    return options


def apply(state: State, player: int, option_id: str) -> None:
    """Apply a decision (assumed legal) and advance to the next one."""
    if state["frames"]:
        effects.frame_apply(state, option_id)
    elif state["phase"] == "choose":
        if not _choose_card(state, player, option_id):
            return  # the others still choose: no rule runs until the last card is in
    elif state["phase"] == "setup":
        setup.choose(state, player, option_id)
    else:
        top = state["stack"][-1]
        if option_id.startswith("use:") and _may_activate(top, player):
            start_activated(state, player, option_id)
            # The step is looked at again once the ability has resolved: its options may
            # have changed (a card readied, resources gained).
            top["ask"] = None
        elif top["pc"] == "abilities":
            if option_id != _END_ACTION.id:
                raise IllegalOption(f"player {player} cannot choose {option_id!r} now")
            top["pc"], top["ask"] = "over", None
        else:
            asked = top["ask"]
            try:
                _CHOOSE[top["kind"]](state, top, option_id)
            except IllegalOption:
                # A handler refuses before it changes anything, but has stopped asking:
                # the same seat is asked again (``apply(..., check=False)`` with a bad id).
                top["ask"] = asked
                raise
            # A decision of the rules (a ship moved, a ship or tech built, a trade) may have
            # made an achievement's condition true: it is played at once (E17).
            check_achievements(state)
    advance(state)


def advance(state: State) -> None:
    """Run the rules until a decision is needed or the game is over."""
    # The engine never replaces these two lists, only changes them (looked up once).
    stack, frames = state["stack"], state["frames"]
    while not frames:  # a frame on the stack waits for its owner's decision (effects.push)
        if stack:
            top = stack[-1]
            if top["ask"] is not None:
                return
            pc, kind = top["pc"], top["kind"]
            if pc in _CLOSING:
                # The seat is read only for an action card's task: the round's own tasks
                # hold None there (compiled, reading it as the ``int`` it is typed fails).
                if pc != "over" and kind in OWN_ACTIONS and has_activated(state, top["seat"]):
                    # The closing window of an action card: abilities still usable.
                    top["pc"], top["ask"] = "abilities", top["seat"]
                    return
                stack.pop()
                _finish(state, top)
                continue
            _RUN[kind](state, top)
            if pc not in _QUIET_PCS.get(kind, _NO_PCS):
                # An automatic step of the rules is followed by the achievement check (000
                # "Planetary Achievement": "Play immediately when ..."; E17).
                check_achievements(state)
            continue
        phase = state["phase"]
        if phase == "resolve":
            _next_resolution(state)
        elif phase == "setup" and not setup.pending_seats(state):
            setup.finish(state)
            check_achievements(state)  # the kept cards and starting resources (E17)
            stack.append(rotation.start_task())
        else:
            return


#: Task steps where a task is over or in its closing window (:func:`advance`).
_CLOSING = frozenset(("done", "abilities", "over"))

#: Engine steps ``(task kind, pc)`` that change nothing an achievement's condition can read:
#: they only move their task along, ask, or fire hooks (whose effects' verbs are checked
#: themselves, ``effects.after_verb``), so no check follows them (a check costs about as much
#: as a step: docs/rules-decisions.md E17). Any step not listed here is followed by a check.
QUIET_STEPS = frozenset(
    {
        ("move", "start"), ("move", "move"), ("move", "end"),
        ("trade", "start"), ("trade", "trade"),
        ("research", "draw"), ("research", "manufacture"), ("research", "end"),
        ("construct", "start"), ("construct", "ships"), ("construct", "extractor"),
        ("construct", "end"),
        ("attack", "start"), ("attack", "pick"), ("attack", "roll"), ("attack", "end"),
        # Round end: hooks, and the ships' per-turn marks (fought, moved), which no word of
        # the effect language reads.
        ("round_flow", "round_end"),
    }
)  # fmt: skip
#: Task kinds whose handler makes the achievement check itself after each of its steps that
#: is not quiet, running its steps on in one call (the round flow: ``rotation._run``), so no
#: check follows the call here.
SELF_CHECKED = frozenset(("round_flow",))
#: The steps :func:`advance` follows with no check, by task kind (:data:`QUIET_STEPS` and
#: every step of :data:`SELF_CHECKED`'s kinds): ``advance`` looks up the kind and tests the
#: step, a little cheaper than building and hashing the pair at every step.
_QUIET_PCS = {kind: frozenset(p for k, p in QUIET_STEPS if k == kind) for kind, _ in QUIET_STEPS}
_QUIET_PCS.update({kind: frozenset(rotation.STEPS) for kind in SELF_CHECKED})
_NO_PCS: frozenset[str] = frozenset()


# -- activated abilities (001 FAQ: "Techs are activated during your action resolution only")

#: Task kinds that are one player's own action card resolution (a Command card's move step
#: included; its shared attack step is handled apart).
OWN_ACTIONS = frozenset(("research", "mine", "construct", "trade", "refresh", "move"))
_END_ACTION = Option("done", "use no more abilities: end the action")


def _may_activate(top: Task, player: int) -> bool:
    """Whether ``player``, asked by the task on top, is resolving their own action card.

    Every decision of a player's own action task qualifies; in the shared attack step, the
    decision of a Command player whether to roll (docs/rules-decisions.md "Engine rules").
    """
    kind = top["kind"]
    if kind in OWN_ACTIONS:
        seat: int = top["seat"]
        return seat == player
    return kind == "attack" and top["pc"] == "roll" and player in top["players"]


def _abilities(state: State, seat: int) -> list[Option]:
    """The activated abilities ``seat`` may start now, as options."""
    found = activated_options(state, seat)
    return [Option(i, t) for i, t in found] if found else []  # mostly none


# -- action choice (000 "playing the game") -------------------------------------------------


_PLAY = {c: Option(f"play:{c}", f"play {c.title()}") for c in ACTIONS}


def choose_options(state: State, seat: int) -> list[Option]:
    """The action cards a player may play this round."""
    player = state["players"][seat]
    cards = player["hand"]
    if state["n"] == 2 and "refresh" in cards and not player["played"]:
        # 002: "you must have at least 1 action card already played ... before you may play
        # your Refresh card" (when Refresh is all that is left, it stays playable: 000
        # "Players always get an action").
        cards = [c for c in cards if c != "refresh"] or cards
    key = tuple(cards)
    found = _HANDS.get(key)
    if found is None:
        found = _HANDS[key] = tuple(_PLAY[c] for c in sorted(cards, key=ACTION_NUMBER.__getitem__))
    return list(found)


#: A hand (tuple of card ids, as held) -> its play options, in action card order.
_HANDS: dict[tuple[str, ...], tuple[Option, ...]] = {}


def _choose_card(state: State, seat: int, option_id: str) -> bool:
    """Record a secret choice; when everyone has chosen, reveal (and say so: True)."""
    card = option_id.removeprefix("play:")
    player = state["players"][seat]
    if not option_id.startswith("play:") or card not in player["hand"]:
        raise IllegalOption(f"player {seat} cannot play {option_id!r}")
    choose_card(state, seat, card)
    for other in state["players"]:
        if other["choice"] is None:
            return False  # still waiting for this player's card
    _reveal(state)
    check_achievements(state)  # the cards are now played (E17)
    return True


def _reveal(state: State) -> None:
    """Reveal all cards and queue their resolutions (000 "playing the game")."""
    players = state["players"]
    # The seats that chose each card, in turn order (one pass over the seats).
    chosen: dict[str | None, list[int]] = {}
    for seat in turn_order(state):
        chosen.setdefault(players[seat]["choice"], []).append(seat)
    queue: list[list[Any]] = []
    for card in ACTIONS:
        seats = chosen.get(card)
        if seats is None:
            continue  # nobody played it (most cards in most rounds)
        if card == "command":
            # 000/004 "Action Card #6": move in turn order, then one attack step.
            queue += [["move", s] for s in seats]
            queue.append(["attack", seats])
        else:
            queue += [[card, s] for s in seats]
    if events.ON:
        cards = {p["seat"]: p["choice"] for p in state["players"]}
        events.emit(state, "reveal", None, cards=cards)
    for player in state["players"]:
        play_chosen(state, player["seat"])
    state["queue"] = queue
    state["phase"] = "resolve"


def _next_resolution(state: State) -> None:
    """Start the next queued resolution, or the end of round."""
    if not state["queue"]:
        state["stack"].append(rotation.end_task())
        return
    kind, seat = state["queue"].pop(0)
    if kind == "attack":
        state["stack"].append(combat.new_task(seat))
        return
    fire(state, _BEFORE[kind], seat, {})
    state["stack"].append(HANDLERS_NEW[kind](seat))


def _finish(state: State, done: Task) -> None:
    """After a task is over: card-end hooks, temporary adds, the Lumos, achievements."""
    kind = done["kind"]
    if kind in ("round_flow", "move"):
        return
    seats = done["players"] if kind == "attack" else [done["seat"]]
    changed = False
    for seat in seats:
        fire(state, _AFTER[kind], seat, {})
        # vocabulary "add": "until the current action card is resolved".
        changed = clear_temp(state, seat) or changed
    # 002: "The Lumos change allegiance only at the end of an action card resolution."
    if lumos.reevaluate(state) or changed:
        # The end hooks' verbs were checked as they ran (E17); what changed here since is
        # the temporary adds and the Lumos' ally.
        check_achievements(state)


#: Queue kind -> the hook fired before it starts (a move step is the Command card's).
_BEFORE = {kind: f"before_{kind}" for kind in ACTIONS} | {"move": "before_command"}
#: Task kind -> the hook fired after it (the attack step ends the Command card).
_AFTER = {kind: f"after_{kind}" for kind in ACTIONS} | {"attack": "after_command"}

HANDLERS_NEW = {
    "research": research.new_task,
    "mine": mine.new_task,
    "construct": construct.new_task,
    "trade": trade.new_task,
    "refresh": refresh.new_task,
    "move": command.new_task,
}

#: Task kind -> what runs it: each action card's rules module and the round's flow.
HANDLERS: dict[str, Handler] = {
    "research": research.HANDLER,
    "mine": mine.HANDLER,
    "construct": construct.HANDLER,
    "trade": trade.HANDLER,
    "refresh": refresh.HANDLER,
    "move": command.HANDLER,
    "attack": combat.HANDLER,
    "round_flow": rotation.HANDLER,
}
#: :data:`HANDLERS`' three functions in a table each, for the engine's own steps (some
#: 3.5 a decision): a dict lookup, where a named tuple's field is a descriptor call.
_RUN = {kind: handler.run for kind, handler in HANDLERS.items()}
_OPTIONS = {kind: handler.options for kind, handler in HANDLERS.items()}
_CHOOSE = {kind: handler.choose for kind, handler in HANDLERS.items()}
