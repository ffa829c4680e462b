"""A one-god mod of the bundled Starlight pack, for scenarios of the effect language's words
(tests of issue 29's Starlight constructs): the god's effect is the construct under test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.starlight import events, scenario
from whitedwarf.interpreter.starlight.game import Game, advance
from whitedwarf.interpreter.starlight.narrate import describe

GOD = "testgod"


def god_game(
    tmp_path: Path,
    effect: str,
    seats: tuple[str, ...] = ("live", "live"),
    god: str = GOD,
    name: str = "The Test God",
    **options: Any,
) -> Game:
    """The bundled pack and a mod whose god ``god`` (``testgod``) has ``effect``;
    ``options``: ``scenario.new_game``'s (``gods=True``)."""
    mod = tmp_path / "godmod"
    mod.mkdir(exist_ok=True)
    (mod / "pack.yaml").write_text(
        'id: godmod\nname: God mod\nversion: 0.1.0\ngame: starlight\nlanguage: "1.0"\n'
        'depends: {starlight: ">=1.0"}\nallow: [W0432]\n',
        encoding="utf-8",
    )
    quoted = effect.replace('"', '\\"')
    (mod / "gods.yaml").write_text(
        f'- id: {god}\n  name: {name}\n  source: invented\n  effect: "{quoted}"\n',
        encoding="utf-8",
    )
    # a god is kept only where the game deals gods (003 "The Gods": all players or none)
    return scenario.new_game(seats=seats, packs=[mod], **{"gods": True, **options})


def start_turn(game: Game, state: dict[str, Any], seat: int) -> None:
    """Begin ``seat``'s ordinary turn as the engine does (its god hears ``turn_start``)."""
    state.update(turn=seat, action=None, frames=[], todo=["begin_turn"], phase="play")
    with events.listening(game.listener):
        advance(game, state)


class Trace:
    """A listener keeping the trace lines (events and notes) as ``play --trace`` words them."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, event: dict[str, Any]) -> None:
        self.lines.append(describe(event))

    def note(self, event: dict[str, Any]) -> None:
        self.lines.append(describe(event))
