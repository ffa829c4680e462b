"""A game's engine as the command line sees it: what ``play``, ``replay`` and the others run.

A game registers ``engine="module:function"`` in its ``GameDefinition``
(``dsl/packs/games.py``); the function returns a :class:`GameEngine`. Everything the
commands do with a game goes through it and through the contract every game's ``Game``
class fulfils (``interpreter/contract.py``'s ``GameRules``: ``from_content``, ``listen``,
``new_state``, ``current_players``, ``legal_options``, ``apply``, ``is_terminal``,
``result``, ``returns``, ``observation`` ...), so a new game needs no change to the commands
(docs/new-game.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from whitedwarf.dsl.counts import counted
from whitedwarf.dsl.suggest import did_you_mean
from whitedwarf.interpreter.contract import Event, GameClass, GameRules, Listener
from whitedwarf.interpreter.state import State

if TYPE_CHECKING:
    from whitedwarf.dsl.packs.loader import LoadedPack
    from whitedwarf.interpreter.bots import Bot

if TYPE_CHECKING:
    from whitedwarf.interpreter.agents.restricted import Probe
    from whitedwarf.interpreter.simulation.gifts import Giver

#: ``(game, state, decisions, final hash, tally)`` to a game's ``--format json`` object
#: (:func:`summarise`). The game is typed ``Any`` here and in the other fields taking one:
#: each game's function takes its own ``Game`` class, which mypy checks where it is written.
Summarise = Callable[[Any, State, int, str, Any], dict[str, Any]]
#: ``(index, seed, agents, state, decisions)`` to one game's record in a ``simulate`` batch.
Recorder = Callable[[int, int, list[str], State, int], dict[str, Any]]

#: The highest round limit a game takes (``--round-limit``, a replay header's ``round_limit``,
#: a batch's): every game's commands share it, so a limit means the same in each.
MOST_ROUNDS = 1000

#: Seat kinds any game can seat: the simple bots of ``interpreter/bots.py``.
SIMPLE_AGENTS = ("random", "first")

#: What a command may need beyond playing, replaying and batches: ``terminal`` (human seats
#: in the terminal interface), ``render`` (a board picture: ``render`` and ``replay --html``,
#: drawn by the game's :attr:`GameEngine.drawing`) and ``cards`` (printable card sheets:
#: ``cards``, laid out by its :attr:`GameEngine.card_book`). ``text`` needs none: it writes
#: card texts from any game's effects.
FEATURES = ("terminal", "render", "cards")


class Unserved(Exception):
    """A command cannot serve this game yet; the message names the game and what is missing."""


def no_tally() -> Listener:
    """A listener that counts nothing (a game whose summary needs no event counts)."""
    return lambda event: None


def default_options(seats: list[str], automated: tuple[str, ...]) -> dict[str, Any]:
    """The Game's options for ``--seats``: ``{"seats": ["live", "starbot", ...]}`` when a seat
    is one the engine plays itself, else none."""
    if not any(kind in automated for kind in seats):
        return {}
    return {"seats": [kind if kind in automated else "live" for kind in seats]}


def nothing_dealt(game: GameRules[Any], state: State) -> list[str]:
    """A game whose setup deals nothing hidden tells the trace nothing more."""
    return []


def describe_event(event: Event) -> str:
    """One trace line for an event of a game without its own wording:
    ``round   3 seat 1: <kind> <the rest as JSON>``."""
    seat = event.get("seat")
    who = "-" if seat is None else str(seat)
    round_ = event.get("round")
    where = f"round {round_:>3}" if isinstance(round_, int) else "setup"
    if event.get("kind") == "decision":  # what ``play --trace`` says a seat chose
        return f"{where} seat {who}: decides: {event.get('text')} [{event.get('option')}]"
    rest = {k: v for k, v in event.items() if k not in ("kind", "round", "seat")}
    detail = f" {json.dumps(rest, sort_keys=True)}" if rest else ""
    return f"{where} seat {who}: {event.get('kind', 'event')}{detail}"


def summarise(
    game: GameRules[Any], state: State, decisions: int, final_hash: str, tally: Any = None
) -> dict[str, Any]:
    """The ``--format json`` result of a game without its own: the Game's ``result``."""
    del tally
    result = game.result(state) or {}
    winners = list(result.get("winners", []))
    return {
        "players": game.players,
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
        "points": result.get("points"),
        "rounds": state.get("round"),
        "reason": result.get("reason"),
        "tiebreak": result.get("tiebreak"),
        "decisions": decisions,
        "final_hash": final_hash,
        "result": result,
    }


def winner_line(winners: list[int]) -> str:
    """``winner: seat 2``, or ``shared win: seats 0, 2``: the head of every game's summary."""
    if len(winners) == 1:
        return f"winner: seat {winners[0]}"
    return "shared win: seats " + ", ".join(map(str, winners))


def summary_text(summary: dict[str, Any]) -> str:
    """The result for people, from :func:`summarise`'s object."""
    head = winner_line(summary["winners"])
    rounds = summary.get("rounds")
    after = f" after {counted(rounds, 'round')}" if isinstance(rounds, int) else ""
    lines = [f"{head}{after} ({summary['reason']})"]
    points = summary.get("points")
    if isinstance(points, list):
        parts = _per_seat_numbers(summary.get("result") or {}, len(points))
        for seat, score in enumerate(points):
            detail = ", ".join(f"{name} {numbers[seat]}" for name, numbers in parts.items())
            lines.append(
                f"  seat {seat}: {counted(score, 'point')}" + (f" ({detail})" if detail else "")
            )
    lines.append(f"final state hash: {summary['final_hash']}")
    return "\n".join(lines)


def _per_seat_numbers(result: dict[str, Any], seats: int) -> dict[str, list[Any]]:
    """The result's other per-seat numbers (Starlight: night, day, stars ...), by name."""
    return {
        name: value
        for name, value in result.items()
        if name not in ("points", "winners")
        and isinstance(value, list)
        and len(value) == seats
        and all(isinstance(v, int) for v in value)
    }


@dataclass(frozen=True)
class GameEngine:
    """What the commands need of a game beyond its ``Game`` class's decision interface."""

    #: The game, as a pack's manifest names it.
    name: str
    #: Its name for people, in messages ("Last Light").
    title: str
    #: The ``Game`` class (the contract, ``interpreter/contract.py``):
    #: ``Game.from_content(content, players, options)``.
    game: GameClass
    #: A loaded pack (``dsl/packs/loader.py``'s ``LoadedPack``) to the game's content object.
    content_from_pack: Callable[[LoadedPack], Any]
    #: The fewest and the most seats, automated ones included.
    players: tuple[int, int]
    #: Recorded in replay headers as ``engine``; a replay names the engine that made it.
    version: str
    #: Seat kinds the engine plays itself (no decisions: Starlight's ``starbot``).
    automated_seats: tuple[str, ...] = ()
    #: Agent kinds that can play it; the simple bots (``interpreter/bots.py``) play any game.
    agents: tuple[str, ...] = SIMPLE_AGENTS
    #: The game's own agents, by kind: ``(seed, Game)`` to a bot (``heuristic`` and
    #: ``search``, from the game's ``agents/`` package). A kind here wins over the simple bot
    #: of the same name.
    game_agents: dict[str, Callable[[int, Any], Bot]] = field(default_factory=dict)
    #: Errors of the game's making (a runaway effect, content it cannot seat), shown as one
    #: line, never a traceback.
    errors: tuple[type[BaseException], ...] = ()
    #: ``(seat kinds, round limit)`` to the options of ``Game.from_content``.
    options: Callable[[list[str], int], dict[str, Any]] | None = None
    #: One trace line per engine event.
    describe: Callable[[Event], str] = describe_event
    #: ``(game, state)`` of a new game to trace lines saying what its setup dealt each seat
    #: that no event tells (Starlight's gods, secret until revealed): for designers
    #: watching a card in ``play --trace``; never recorded, so replays do not change.
    setup_trace: Callable[[Any, State], list[str]] = nothing_dealt
    #: A fresh counter fed every event of a game (its summary's event counts).
    tally: Callable[[], Listener] = no_tally
    #: ``(game, state, decisions, final hash, tally)`` to the ``--format json`` object.
    summarise: Summarise = summarise
    #: That object for people.
    summary_text: Callable[[dict[str, Any]], str] = summary_text
    #: ``(index, seed, agents, state, decisions)`` to one game's record in a ``simulate``
    #: batch; None: the record of its ``result`` (``simulation/records.py``).
    record: Recorder | None = None
    #: Which of :data:`FEATURES` it has, each with the missing part named when it has not.
    features: frozenset[str] = field(default_factory=frozenset)
    #: With the ``terminal`` feature: the function returning the game's views of the
    #: terminal interface (``tools/tui/views.py``'s ``TerminalViews``: its board, panels,
    #: citations and news wording; in the game's ``views/``), which imports them only when
    #: humans play.
    terminal: Callable[[], Any] | None = None
    #: Options of ``Game.from_content`` a player may set (``play --option NAME=VALUE``):
    #: name -> what it does.
    settings: dict[str, str] = field(default_factory=dict)
    #: The function returning the game's board picture (``tools/render/drawing.py``'s
    #: ``Drawing``), for ``render`` and ``replay --html``: it imports the game's drawing
    #: (``views/``) when called, so playing a game never imports the drawing code.
    drawing: Callable[[], Any] | None = None
    #: The function returning how its cards are printed (``tools/card_sheets.py``'s
    #: ``CardBook``: the files, each card's face, the colours), for ``cards``.
    card_book: Callable[[], Any] | None = None
    #: ``Game`` to its action space and observation encoder for the RL adapters
    #: (``whitedwarf.rl``, docs/rl.md): importing them (numpy) only when called.
    rl_spec: Callable[[Any], Any] | None = None
    #: How ``simulate --give`` puts its cards in a seat's play (``simulation/gifts.py``'s
    #: ``Giver``); None: the game cannot be given cards.
    giver: Giver | None = None
    #: ``explain``'s restricted-play probes (``interpreter/agents/restricted.py``): the
    #: simple rules of play tried for a degenerate strategy, in the game's option ids.
    probes: tuple[Probe, ...] = ()
    #: The kinds of cards (the giver's tables) ``explain`` measures unless told which.
    explained_kinds: tuple[str, ...] = ()

    def game_options(self, seats: list[str], round_limit: int) -> dict[str, Any]:
        """The options ``Game.from_content`` takes for these seats."""
        if self.options is not None:
            return self.options(seats, round_limit)
        return default_options(seats, self.automated_seats)

    def seats_disagree(self, seats: Any, options: Any) -> str | None:
        """Why a save's or log's seat kinds are not those its game ``options`` were made for
        (None when they are): a seat relabelled ``starbot`` that the game still asks, or a
        Starbot relabelled as a bot, is refused rather than played or shown as it is not."""
        if not isinstance(seats, list) or not all(isinstance(kind, str) for kind in seats):
            return f"the seats {seats!r} are not a list of seat kinds"
        planned = self.game_options(seats, 0).get("seats")
        made = options.get("seats") if isinstance(options, dict) else None
        if planned == made:
            return None
        return (
            f"the seats {seats} are not those the game was set up with "
            f"({made or 'all played by people or bots'})"
        )

    def setting(self, text: str) -> tuple[str, Any]:
        """``NAME=VALUE`` to one option: VALUE read as JSON (``true``, ``2``), else text;
        ValueError names the settings the game has when NAME is not one of them."""
        name, equals, value = text.partition("=")
        name = name.strip()
        if not self.settings:
            raise ValueError(f"{self.title} has no game options (given {text!r})")
        known = ", ".join(sorted(self.settings))
        if not equals:
            raise ValueError(f"{text!r} is not NAME=VALUE (the {self.title} options: {known})")
        if name not in self.settings:
            close = did_you_mean(name, self.settings)
            hint = f"; {close}" if close else ""
            raise ValueError(
                f"{self.title} has no option {name!r}, in {text!r} (its options: {known}){hint}"
            )
        try:
            return name, json.loads(value)
        except (ValueError, RecursionError):  # not JSON (a word), too long a number, too deep
            return name, value.strip()

    def make_agent(self, kind: str, game_seed: int, seat: int, game: GameRules[Any]) -> Bot:
        """The agent of ``kind`` for ``seat`` of ``game``, seeded from the game seed and seat."""
        from whitedwarf.interpreter.agents import agent_seed, make_agent

        own = self.game_agents.get(kind)
        if own is not None:
            return own(agent_seed(game_seed, seat), game)
        return make_agent(kind, game_seed, seat)

    def require(self, feature: str, command: str, missing: str) -> None:
        """Refuse (:class:`Unserved`) unless the game has ``feature``."""
        if feature not in self.features:
            raise Unserved(f"{command} cannot serve {self.title} ({self.name}) yet: {missing}")

    def part(self, accessor: Callable[[], Any] | None) -> Any:
        """What an accessor field (:attr:`drawing`, :attr:`card_book`, :attr:`terminal`)
        returns; :class:`Unserved` when the game has none."""
        if accessor is None:
            raise Unserved(f"{self.title} ({self.name}) has no such part")
        return accessor()


def engine_for(game: str) -> GameEngine:
    """The engine of an installed game; :class:`Unserved` when it is unknown or has none."""
    from whitedwarf.dsl.packs.games import NoEngine, game_engine, installed_games

    if game not in installed_games():
        known = ", ".join(sorted(installed_games()))
        raise Unserved(f"game {game!r} is not installed (installed: {known})")
    try:
        engine = game_engine(game)
    except NoEngine as error:
        raise Unserved(str(error)) from None
    if not isinstance(engine, GameEngine):
        raise TypeError(f"the engine of game {game!r} is not a GameEngine")
    return engine


def every_agent() -> set[str]:
    """The agent kinds some installed game can seat (a kind one game lacks may be another's)."""
    from whitedwarf.dsl.packs.games import installed_games

    kinds = set(SIMPLE_AGENTS)
    for game in installed_games():
        try:
            kinds.update(engine_for(game).agents)
        except Unserved:  # a game without an engine seats no agent
            continue
    return kinds
