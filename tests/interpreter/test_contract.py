"""The game contract is typed (issue 26 item 3): mypy tells a game's author which part of
``interpreter/contract.py``'s ``GameRules`` their ``Game`` class lacks or gets wrong, and
passes a class that has it all, as Last Light's, Starlight's and the tiny game's do (those
three are checked by ``.ci/typecheck``)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

#: A whole game, as docs/new-game.md asks of one: every member of the contract.
WHOLE = """
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from whitedwarf.interpreter.contract import Listener

State = dict[str, Any]


class Option(NamedTuple):
    id: str
    text: str


class Game:
    def __init__(self, content: Any, players: int, options: dict[str, Any]) -> None:
        self.content, self.players, self.options = content, players, options
        self.listener: Listener | None = None

    @classmethod
    def from_content(
        cls, content: Any, players: int, options: dict[str, Any] | None = None
    ) -> Game:
        return cls(content, players, options or {})

    def listen(self, listener: Listener | None) -> None:
        self.listener = listener

    def new_state(self, seed: int) -> State:
        return {"seed": seed, "over": False}

    @staticmethod
    def clone(state: State) -> State:
        return dict(state)

    def edited(self, state: State) -> State:
        return state

    def current_players(self, state: State) -> list[int]:
        return [] if state["over"] else [0]

    def legal_options(self, state: State, player: int) -> list[Option]:
        return [Option("stop", "end the game")]

    def apply(self, state: State, player: int, option_id: str, check: bool = True) -> State:
        state["over"] = True
        return state

    def is_terminal(self, state: State) -> bool:
        return bool(state["over"])

    def result(self, state: State) -> dict[str, Any] | None:
        return {"winners": [0]} if state["over"] else None

    def returns(self, state: State) -> list[float]:
        return [1.0]

    def observation(self, state: State, player: int) -> State:
        return dict(state)


if TYPE_CHECKING:  # mypy holds Game to the game contract (interpreter/contract.py)
    from whitedwarf.interpreter.contract import GameRules

    _CLASS: type[GameRules[State]] = Game  # the class: ``from_content`` makes a game

    def _contract(game: Game) -> GameRules[State]:
        return game  # a member missing or of another type is named here
"""

#: The same game without ``returns``, and with option ids taken as numbers.
BROKEN = WHOLE.replace(
    """    def returns(self, state: State) -> list[float]:
        return [1.0]
""",
    "",
).replace("option_id: str, check", "option_id: int, check")


def _mypy(tmp_path: Path, games: dict[str, str]) -> str:
    """mypy's report on each game module, read against the package's contract (the tree of
    links ``.ci/typecheck`` makes: the package's folders are mapped only by the installer)."""
    package = tmp_path / "whitedwarf"
    package.mkdir()
    shutil.copy(REPO / "tools" / "root" / "__init__.py", package / "__init__.py")
    (package / "interpreter").symlink_to(REPO / "interpreter")
    for name, text in games.items():
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"),
         "--python-version", "3.11", "--no-error-summary", *(f"{n}.py" for n in games)],
        cwd=tmp_path, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    return run.stdout + run.stderr


def test_mypy_names_what_a_game_lacks_and_passes_a_whole_one(tmp_path: Path) -> None:
    report = _mypy(tmp_path, {"whole": WHOLE, "broken": BROKEN})
    assert "whole.py" not in report, report
    notes = [line.partition(" note: ")[2].strip() for line in report.splitlines()]
    assert 'Incompatible types in assignment (expression has type "type[Game]"' in report
    assert '"Game" is missing following "GameRules" protocol member:' in notes, report
    assert "returns" in notes, report  # the member missing
    got = notes.index("Got:")  # the member of another type: apply takes the id as a number
    assert "option_id: int" in notes[got + 1] and notes[got + 1].startswith("def apply("), report
