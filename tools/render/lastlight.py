"""Last Light's :class:`Drawing`: the rings and sectors of ``model.py`` / ``svg.py`` and the
public player panels of ``public.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitedwarf.interpreter.lastlight.records import State
from whitedwarf.tools.render.drawing import Drawing, Event, Parts


def drawing() -> Drawing:
    """Last Light's board picture (``GameEngine.drawing``)."""
    from whitedwarf.tools.render.public import light_of, public_players

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
    from whitedwarf.tools.render.model import picture
    from whitedwarf.tools.render.svg import render_svg

    del events  # everything Last Light draws is in the state
    return render_svg(picture(content, state), f"{title} · rotation {state['rotation']}")


def _parts(content: Any, state: State, events: list[Event]) -> Parts:
    from whitedwarf.tools.render.model import picture
    from whitedwarf.tools.render.svg import svg_parts

    del events
    return svg_parts(picture(content, state))


def _status(state: State) -> str:
    return f"round {state['round']} · rotation {state['rotation']} · {state['phase']}"


def _colours(seats: int) -> list[str]:
    from whitedwarf.tools.render.svg import owner_colour

    return [owner_colour(seat) for seat in range(seats)]


def _load_save(path: Path, content: Any, game: Any) -> State:
    from whitedwarf.tools.render.position import load_save

    del game
    return load_save(path, content)
