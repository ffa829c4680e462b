"""Last Light's :class:`Drawing`: the rings and sectors of ``model.py`` / ``svg.py`` and the
public player panels of ``public.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.state import State
from whitedwarf.tools.render.drawing import Drawing, Event, Parts


def drawing() -> Drawing:
    """Last Light's board picture (``GameEngine.drawing``)."""
    from whitedwarf.interpreter.lastlight.views.public import light_of, public_players

    return Drawing(
        svg=_svg,
        parts=_parts,
        panels=lambda content, state: public_players(state),
        scores=light_of,
        score_name="light",
        status=_status,
        colours=_colours,
        load_save=_load_save,
    )


def _svg(content: Any, state: State, events: list[Event], title: str) -> str:
    from whitedwarf.interpreter.lastlight.views.model import picture
    from whitedwarf.interpreter.lastlight.views.svg import render_svg

    del events  # everything Last Light draws is in the state
    return render_svg(picture(content, state), f"{title} · rotation {state['rotation']}")


def _parts(content: Any, state: State, events: list[Event]) -> Parts:
    from whitedwarf.interpreter.lastlight.views.model import picture
    from whitedwarf.interpreter.lastlight.views.svg import svg_parts

    del events
    return svg_parts(picture(content, state))


def _status(state: State) -> str:
    return f"round {state['round']} · rotation {state['rotation']} · {state['phase']}"


def _colours(seats: int) -> list[str]:
    from whitedwarf.tools.render.colours import owner_colour

    return [owner_colour(seat) for seat in range(seats)]


def _load_save(path: Path, content: Any, game: Any) -> State:
    del game
    return load_save(path, content)


def load_save(path: Path, content: Any) -> State:
    """A saved state, checked to be a Last Light save made with this content.

    Either a bare state (``persist.save``) or the save of the terminal interface
    (``whitedwarf play --seats human,...``), which holds one.
    """
    from whitedwarf.interpreter.lastlight.game import Game
    from whitedwarf.interpreter.lastlight.persist import SaveError, load, unknown_name
    from whitedwarf.tools.render.position import PositionError, read_saved_state

    state = read_saved_state(path, load, SaveError, "a whitedwarf save")
    players = state.get("n")
    if not isinstance(players, int) or not 2 <= players <= 4:
        raise PositionError(f"{path}: the save names no player count of 2 to 4")
    expected = Game.from_content(content, players).content_id
    if state.get("content") != expected:
        raise PositionError(
            f"{path} was saved with different content ({state.get('content')}); "
            f"the packs loaded now are {expected}: pass the same --pack options"
        )
    problem = unknown_name(state, content)
    if problem is not None:
        raise PositionError(f"{path}: {problem}")
    return state
