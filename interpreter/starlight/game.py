"""The Starlight game: the decision interface shared with Last Light, and the driver.

>>> seats = ["live", "starbot", "live"]
>>> game = Game.from_content(load_content(), players=3, options={"seats": seats})
>>> state = game.new_state(seed=7)
>>> while not game.is_terminal(state):
...     seat = game.current_players(state)[0]
...     game.apply(state, seat, game.legal_options(state, seat)[0].id)

Seats are live players or Starbots (003 "Live and Starbot Players": 1 to 5 seats, at least
one live). Starbots take no decisions: the engine plays their card when their turn comes.
``apply`` mutates the state in place (and returns it); states are plain JSON data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter import state as generic
from whitedwarf.interpreter.engines import MOST_ROUNDS
from whitedwarf.interpreter.starlight import (
    actions,
    bindings,
    effects,
    events,
    gods,
    lasting,
    launch,
    setup,
    turns,
)
from whitedwarf.interpreter.starlight.content import StarlightContent, load_content
from whitedwarf.interpreter.starlight.effects import Adapter
from whitedwarf.interpreter.starlight.persist import observation
from whitedwarf.interpreter.starlight.records import Result
from whitedwarf.interpreter.starlight.state import State, player
from whitedwarf.interpreter.state import IllegalOption, Option
from whitedwarf.interpreter.vm import Frame

__all__ = ["Game", "IllegalOption", "Option", "StarlightContent", "load_content"]

SEAT_KINDS = ("live", "starbot")
MAX_SEATS = 5  # 003 "Live and Starbot Players": "a combined total of 5"
#: What from_content reads; any other option is refused, not silently ignored.
OPTIONS = ("seats", "gods", "starbot_level", "round_limit")


class Game:
    """One ruleset (content, seats, options); states are plain dicts."""

    def __init__(self, content: StarlightContent, players: int, options: dict[str, Any]) -> None:
        """Use :meth:`from_content`."""
        seats = list(options.get("seats") or ["live"] * players)
        if len(seats) != players:
            raise ValueError(
                f"{counted(players, 'player')} but {counted(len(seats), 'seat kind')}: {seats}"
            )
        if not 1 <= players <= MAX_SEATS:
            raise ValueError(f"Starlight is for 1 to {MAX_SEATS} players, not {players}")
        if any(kind not in SEAT_KINDS for kind in seats) or "live" not in seats:
            raise ValueError(f"seats are `live` or `starbot`, at least one live: {seats}")
        unknown = sorted(str(name) for name in options if name not in OPTIONS)
        if unknown:  # an option the game does not have would be silently ignored
            raise ValueError(
                f"no Starlight option {_shown(unknown[0])} (the options: {', '.join(OPTIONS)})"
            )
        levels = content.setup.get("starbot_star_points") or [0]
        level = options.get("starbot_level", 1)
        # Options come from a command line or a replay header: a stranger's text, so each is
        # refused unless it is exactly what it names (gods=no is not "true", 2.5 no level).
        if type(level) is not int or not 1 <= level <= len(levels):
            raise ValueError(
                f"option starbot_level is a whole number 1 to {len(levels)}, not {_shown(level)}"
            )
        if type(options.get("gods", False)) is not bool:
            raise ValueError(f"option gods is true or false, not {_shown(options['gods'])}")
        limit = options.get("round_limit")
        if limit is not None and (type(limit) is not int or not 1 <= limit <= MOST_ROUNDS):
            raise ValueError(
                f"option round_limit is a whole number 1 to {MOST_ROUNDS}, not {_shown(limit)}"
            )
        #: The player's cut-off (SL114), None: only the game's own (SL17).
        self.round_limit: int | None = limit
        self.content = content
        self.players = players
        self.seats = seats
        self.options = dict(options)
        self.listener: Any = None
        self.adapter = Adapter(self, bindings.WORDS)
        #: each core's plan, made once (stars.plan_of)
        self.plans: dict[str, Any] = {}
        self.gods = bool(self.options.get("gods"))
        #: a constellation's open slots by who holds each of its slots (stars.open_slots)
        self.open_memo: dict[tuple[str, tuple[int | None, ...]], list[str]] = {}
        #: each god's compiled clauses, read once (gods.clauses)
        self.god_clauses: dict[str, list[dict[str, Any]]] = {}
        #: each laurel's and accolade's ``as soon as`` conditions as the effect machine's
        #: tests, made once, and the frame a seat's check asks them in (effects.holds, asked
        #: after every action), by (kind, card, seat)
        self.goal_conditions: dict[
            tuple[str, str, int], tuple[list[Callable[[State, Frame], bool]], Frame]
        ] = {}
        setup.check_fits(self)

    @classmethod
    def from_content(
        cls, content: StarlightContent, players: int, options: dict[str, Any] | None = None
    ) -> Game:
        """A game of ``players`` seats. ``options``: ``seats`` (``live``/``starbot`` per seat,
        default all live), ``gods`` (deal gods to every live player, default False),
        ``starbot_level`` (the Starbot difficulty, 1-based index of the setup's
        ``starbot_star_points``, default 1), ``round_limit`` (the game ends after this
        round, daybreak or not: SL114; without it only SL17's 60 rounds apply)."""
        return cls(content, players, options or {})

    def listen(self, listener: events.Listener | None) -> None:
        """Send every event of the engine (``events.py``) to ``listener`` from now on, as the
        events happen inside :meth:`new_state` and :meth:`apply` (None: stop)."""
        self.listener = listener

    # -- rules numbers -------------------------------------------------------------------

    def stat(self, state: State, seat: int, name: str) -> int:
        """A standard number for ``seat``: the setup's, changed by its god (003 "The Gods").

        Every Starlight stat counts or costs something, so none goes below 0 (a god's -1 on a
        cost of 1 makes it free, never a gain)."""
        base = self.content.numbers.get(name)  # :meth:`number`'s table read first (2.6 a
        if base is None:  # decision in the search's rollouts)
            base = self.content.number(name)
        # durations (`until the end of the turn: ...`) and one-shot discounts (`your next
        # launch costs 1 less`): lasting.py (issue 29); none in a state without them
        if state.get("durations") or state.get("next_costs"):
            base += lasting.modifier(state, seat, name) - lasting.discount(state, seat, name)
        if not self.gods:
            return base if base > 0 else 0
        for clause in gods.clauses(self, state, seat):
            if clause["form"] == "modifier" and clause["stat"] == name:
                base += int(clause["amount"])
        # `while <condition>: you have -1 launch_cost`, read now (SL153)
        for clause in gods.holding(self, state, seat, "modifier", name):
            base += int(clause["amount"])
        return max(0, base)

    def flag(self, state: State, seat: int, name: str) -> bool:
        """Whether ``seat``'s god grants the power ``name``."""
        if state.get("durations") and lasting.grants(state, seat, name):
            return True  # `until the end of the turn: you can ...` (issue 29)
        if not self.gods:
            return False
        return any(
            c["form"] == "grant" and c["flag"] == name for c in gods.clauses(self, state, seat)
        ) or bool(gods.holding(self, state, seat, "grant", name))  # `while ...:` (SL153)

    def flare_costs(self) -> list[int]:
        """AP of each Flare pool place, cheapest first (003 "Gain Flares")."""
        return [int(c) for c in self.content.setup.get("flare_costs", [1, 2, 3, 4])]

    def starbot_star_points(self) -> int:
        """Day points per star a Starbot launched, at the chosen difficulty."""
        levels = self.content.setup.get("starbot_star_points") or [0]
        return int(levels[int(self.options.get("starbot_level", 1)) - 1])

    # -- states --------------------------------------------------------------------------

    def new_state(self, seed: int) -> State:
        """The state after setup, waiting for the first decision."""
        with events.listening(self.listener):
            state = setup.new_state(self, seed)
            state["todo"] = [] if state["phase"] == "gods" else ["begin_turn"]
            advance(self, state)
        return state

    @staticmethod
    def clone(state: State) -> State:
        """An independent copy of a state."""
        return generic.clone(state)

    @staticmethod
    def edited(state: State) -> State:
        """Say that ``state`` was changed by hand (the decision interface's call after a
        hand edit, as Last Light's); Starlight's engine keeps nothing about a state outside
        it, so there is nothing to forget. Returns the state."""
        return state

    # -- decisions -----------------------------------------------------------------------

    @staticmethod
    def current_players(state: State) -> list[int]:
        """Seats whose decision is awaited (every live seat still keeping a god)."""
        if state["phase"] == "over":
            return []
        if state["frames"]:
            return [state["frames"][-1]["owner"]]
        if state["phase"] == "gods":
            return gods.choosing(state)
        return [state["turn"]]

    def legal_options(self, state: State, seat: int) -> list[Option]:
        """The options ``seat`` may choose now (empty if it is not their decision)."""
        if seat not in self.current_players(state):
            return []
        return self.awaited_options(state, seat)

    def awaited_options(self, state: State, seat: int) -> list[Option]:
        """:meth:`legal_options` of ``seat`` when the caller knows the decision is that seat's
        (the rules between two steps, the search's rollouts): not asked again."""
        if state["frames"]:
            frame = state["frames"][-1]
            return [Option(i, t) for i, t in self.adapter.machine.options(frame)]
        if state["phase"] == "gods":
            return gods.options(self, state, seat)
        action = state["action"]
        if action is None:
            return turns.options(self, state, seat)
        if action["kind"] == "launch":
            return launch.options(self, state)
        return actions.options(self, state)

    def apply(self, state: State, seat: int, option_id: str, check: bool = True) -> State:
        """Apply ``seat``'s choice and run the rules up to the next decision."""
        if check and option_id not in {o.id for o in self.legal_options(state, seat)}:
            raise IllegalOption(f"player {seat} cannot choose {option_id!r} now")
        self.apply_listed(state, seat, option_id)
        return state

    def apply_listed(
        self, state: State, seat: int, option_id: str, heard: bool = True
    ) -> list[Option] | None:
        """:meth:`apply` unchecked, returning the next decision's options when the rules
        listed them on the way (to see whether it was forced, :func:`advance`), None when
        they did not: a caller that asks for them next (the search agent's rollouts) need
        not list them again. ``heard=False``: the game's listener is not told (a simulated
        line of play is not the game)."""
        if not heard or self.listener is None:
            dispatch(self, state, seat, option_id)
            return advance(self, state)
        with events.listening(self.listener):
            dispatch(self, state, seat, option_id)
            return advance(self, state)

    # -- outcome -------------------------------------------------------------------------

    @staticmethod
    def is_terminal(state: State) -> bool:
        """Whether the game is over."""
        return bool(state["phase"] == "over")

    @staticmethod
    def result(state: State) -> Result | None:
        """``winners``, ``reason``, ``tiebreak`` and ``points`` (and the parts) once over."""
        return state["result"]

    @staticmethod
    def returns(state: State) -> list[float]:
        """1 for a sole winner, 1/k each for k tied winners, 0 otherwise (0s until over)."""
        out = [0.0] * state["n"]
        result = state["result"]
        if result:
            for seat in result["winners"]:
                out[seat] = 1.0 / len(result["winners"])
        return out

    @staticmethod
    def observation(state: State, seat: int) -> State:
        """What ``seat`` may see (``persist.observation``)."""
        return observation(state, seat)


if TYPE_CHECKING:  # mypy holds Game to the game contract (interpreter/contract.py)
    from whitedwarf.interpreter.contract import GameRules

    _CLASS: type[GameRules[State]] = Game  # the class: ``from_content`` makes a game

    def _contract(game: Game) -> GameRules[State]:
        return game  # a member missing or of another type is named here


def dispatch(game: Game, state: State, seat: int, option_id: str) -> None:
    """Hand a decision to the rules it belongs to."""
    if state["frames"]:
        effects.answer(game, state, option_id)
    elif state["phase"] == "gods":
        gods.choose(state, seat, option_id)
    elif state["action"] is None:
        turns.choose(game, state, seat, option_id)
    else:
        rules = launch if state["action"]["kind"] == "launch" else actions
        if rules.choose(game, state, option_id):
            turns.action_over(game, state)


#: Options taken without asking when they are the only one (SL8): a turn without AP to
#: spend is over (003 "Action Points": "or when you have no more action points to spend"),
#: and a launch that cannot be made is called off. Ending an action is always the player's
#: own word (``done``), as the printed example has Red "done taking the rays".
FORCED = frozenset({"end", "cancel"})


def _may_be_forced(game: Game, state: State) -> bool:
    """A quick no for most positions: a turn with AP for a step, or an action under way
    other than a launch, always offers more than one option."""
    action = state["action"]
    if action is not None:
        return bool(action["kind"] == "launch")
    p = player(state, state["turn"])
    turn = state["turn_state"]
    if turn is None or turn["first"]:
        return False
    if turn.get("assembling"):  # SL160: only boons and `end` until a star can be assembled
        return True
    steps_left = turn.get("steps", 0) < turns.MAX_STEPS
    return not (steps_left and p["ap"] >= game.stat(state, p["seat"], "step_cost"))


def advance(game: Game, state: State) -> list[Option] | None:
    """Run the rules until a decision is needed or the game is over. The options of that
    decision when they were listed to see whether it was forced (the state unchanged since:
    :meth:`Game.apply_listed`), else None."""
    while state["phase"] != "over":
        if state["frames"]:
            return None
        if not state["todo"] and state["phase"] == "play" and _may_be_forced(game, state):
            seat = state["turn"]  # no frame, the play phase: the decision is the turn's
            found = game.awaited_options(state, seat)
            if len(found) == 1 and found[0].id in FORCED:
                dispatch(game, state, seat, found[0].id)
                continue
            return found  # nothing to do and not the gods' phase: the decision is this one
        if state["todo"]:
            turns.STEPS[state["todo"].pop(0)](game, state)
            continue
        if state["phase"] == "gods":
            if gods.choosing(state):
                return None
            state["phase"] = "play"  # every god is kept: all are revealed together
            kept = {str(p["seat"]): p["god"] for p in state["players"] if p["god"]}
            events.emit(state, "gods", None, gods=kept)
            state["todo"].append("begin_turn")
            continue
        return None
    return None


def seat_kind(state: State, seat: int) -> str:
    """``live`` or ``starbot``."""
    return str(player(state, seat)["kind"])


def _shown(value: Any) -> str:
    """A refused option's value for a message: its repr, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."
