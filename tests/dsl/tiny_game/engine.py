"""The tiny game's engine: a bean-planting race, just enough game to drive every command.

It proves the commands need nothing of Last Light: it imports nothing of it, has its own
content object, options, events and an automated seat kind (``scarecrow``, which the engine
plays, as Starlight's Starbots are). The rules, all invented for the test:

- Seats take turns in order. A seat plants (1 bean) or gambles (3 beans or none, drawn
  from the state's seeded generator). A scarecrow seat always plants, without a decision.
- After the last seat's turn comes dawn: each spell of the pack sows the beans of its
  ``when dawn -> sow N bean`` trigger into the one field the sun picks (a seeded draw).
- The game ends after a dawn at which a field holds ``HARVEST`` beans or more (the most
  beans win, ties shared), or after ``round_limit`` rounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from whitedwarf.interpreter import rng
from whitedwarf.interpreter.contract import Listener
from whitedwarf.interpreter.engines import GameEngine
from whitedwarf.interpreter.state import clone

HARVEST = 12
SCARECROW = "scarecrow"
State = dict[str, Any]


class Option(NamedTuple):
    """A choice: a stable id and a text."""

    id: str
    text: str


OPTIONS = [Option("plant", "plant 1 bean"), Option("gamble", "gamble for 3 beans")]


@dataclass(frozen=True)
class TinyContent:
    """The spells of the merged pack: each one's id and the beans its dawn trigger sows."""

    name: str
    spells: tuple[tuple[str, int], ...]


def content_from_pack(pack: Any) -> TinyContent:
    """Read each spell's compiled ``when dawn -> sow N bean`` trigger (docs/effect-ir.md)."""
    spells = []
    for card_id, program in sorted(pack.compiled.get("spells", {}).items()):
        beans = sum(
            step[2][0]["amount"][1]
            for clause in program["clauses"]
            if clause["hook"] == "dawn"
            for step in clause["code"]
            if step[0] == "call" and step[1] == "sow"
        )
        spells.append((card_id, beans))
    return TinyContent(pack.packs[-1].id, tuple(spells))


class Game:
    """The game contract (``interpreter/contract.py``'s ``GameRules``), as every game offers it."""

    def __init__(self, content: TinyContent, players: int, options: dict[str, Any]) -> None:
        seats = list(options.get("seats", ["live"] * players))
        if len(seats) != players or "live" not in seats:
            raise ValueError("the tiny game needs one seat kind per player, one of them live")
        self.content = content
        self.players = players
        self.options = dict(options)
        self.seats = seats
        self.round_limit = int(options.get("round_limit", 30))
        self.listener: Listener | None = None

    @classmethod
    def from_content(
        cls, content: TinyContent, players: int, options: dict[str, Any] | None = None
    ) -> Game:
        """A game of ``players`` seats on ``content``."""
        return cls(content, players, options or {})

    def listen(self, listener: Listener | None) -> None:
        """Send each event to ``listener`` from now on."""
        self.listener = listener

    def new_state(self, seed: int) -> State:
        """The state before the first decision."""
        state = {
            "content": self.content.name,
            "n": self.players,
            "seed": seed,
            "rng": rng.seed_state(seed),
            "round": 1,
            "turn": 0,
            "beans": [0] * self.players,
            "over": False,
            "result": None,
        }
        self._automate(state)
        return state

    clone = staticmethod(clone)

    def edited(self, state: State) -> State:
        """A state changed by hand: the tiny game keeps nothing about it to forget."""
        return state

    def current_players(self, state: State) -> list[int]:
        """The seat whose turn it is (nobody once the game is over)."""
        return [] if state["over"] else [state["turn"]]

    def legal_options(self, state: State, player: int) -> list[Option]:
        """Plant or gamble, for the seat whose turn it is."""
        return list(OPTIONS) if player in self.current_players(state) else []

    def apply(self, state: State, player: int, option_id: str, check: bool = True) -> State:
        """Play ``option_id`` for ``player``, then the scarecrows and dawns after it."""
        if check and option_id not in {o.id for o in self.legal_options(state, player)}:
            raise ValueError(f"seat {player} cannot {option_id!r} now")
        self._turn(state, option_id)
        self._automate(state)
        return state

    def is_terminal(self, state: State) -> bool:
        """Whether the game is over."""
        return bool(state["over"])

    def result(self, state: State) -> dict[str, Any] | None:
        """``{"winners", "points", "reason", "tiebreak"}`` once over."""
        result: dict[str, Any] | None = state["result"]
        return result

    def returns(self, state: State) -> list[float]:
        """1/k for each of k winners."""
        winners = (state["result"] or {}).get("winners", [])
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(self.players)]

    def observation(self, state: State, player: int) -> State:
        """Nothing is hidden in the tiny game."""
        return clone(state)

    # -- the rules --------------------------------------------------------------------------

    def _emit(self, state: State, kind: str, **fields: Any) -> None:
        if self.listener is not None:
            self.listener({"kind": kind, "round": state["round"], **fields})

    def _turn(self, state: State, option_id: str) -> None:
        seat = state["turn"]
        beans = 1 if option_id == "plant" else 3 * rng.below(state, 2)
        state["beans"][seat] += beans
        self._emit(state, "plant", seat=seat, beans=beans, how=option_id)
        state["turn"] += 1
        if state["turn"] == self.players:
            self._dawn(state)

    def _automate(self, state: State) -> None:
        """Scarecrow seats plant on their own until a live seat must decide."""
        while not state["over"] and self.seats[state["turn"]] == SCARECROW:
            self._turn(state, "plant")

    def _dawn(self, state: State) -> None:
        for card, beans in self.content.spells:
            seat = rng.below(state, self.players)
            state["beans"][seat] += beans
            self._emit(state, "sow", seat=seat, card=card, beans=beans)
        state["turn"] = 0
        if max(state["beans"]) >= HARVEST or state["round"] >= self.round_limit:
            self._end(state, "harvest" if max(state["beans"]) >= HARVEST else "round limit")
        else:
            state["round"] += 1

    def _end(self, state: State, reason: str) -> None:
        best = max(state["beans"])
        winners = [seat for seat, beans in enumerate(state["beans"]) if beans == best]
        state["over"] = True
        state["result"] = {
            "winners": winners,
            "points": list(state["beans"]),
            "reason": reason,
            "tiebreak": "shared" if len(winners) > 1 else None,
        }
        self._emit(state, "game_end", seat=None, winners=winners)


if TYPE_CHECKING:  # mypy holds Game to the game contract (interpreter/contract.py)
    from whitedwarf.interpreter.contract import GameRules

    _CLASS: type[GameRules[State]] = Game  # the class: ``from_content`` makes a game

    def _contract(game: Game) -> GameRules[State]:
        return game  # a member missing or of another type is named here


def engine() -> GameEngine:
    """The tiny game as the commands play it: 1-3 seats, scarecrows the engine plays."""
    return GameEngine(
        name="tiny",
        title="Tiny",
        game=Game,
        content_from_pack=content_from_pack,
        players=(1, 3),
        version="tiny-engine-1",
        automated_seats=(SCARECROW,),
        errors=(ValueError,),
    )
