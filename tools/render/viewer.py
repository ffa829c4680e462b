"""The replay viewer: one self-contained HTML file that steps through a game decision by decision.

The page holds the data of every step (the board picture, each seat's public state, the log
line, the scores) as JSON inside the file, and ``viewer.js`` draws it: nothing is fetched, so
the file opens offline. Each distinct part of the picture (a Last Light sector, a Starlight
constellation) and each distinct player panel is stored once and steps refer to them by
index, which keeps a whole game's file small. What is drawn is the game's
:class:`~whitedwarf.tools.render.drawing.Drawing`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from importlib.resources import files
from typing import Any

from whitedwarf.interpreter.state import State
from whitedwarf.tools.render.drawing import Drawing, Event

#: What may not stand inside a script element as it is (HTML's "script data" states).
_UNSAFE = re.compile(r"<(?=!|script)", re.IGNORECASE)


class _Table:
    """Distinct strings, each stored once; ``index`` returns a string's position."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self._where: dict[str, int] = {}

    def index(self, item: str) -> int:
        found = self._where.get(item)
        if found is None:
            found = self._where[item] = len(self.items)
            self.items.append(item)
        return found


class ViewerBuilder:
    """Collects the steps of a game, then writes the page."""

    def __init__(self, content: Any, title: str, drawing: Drawing) -> None:
        self.content = content
        self.title = title
        self.drawing = drawing
        self.sectors = _Table()
        self.panels = _Table()
        self.steps: list[dict[str, Any]] = []
        self.head = self.tail = ""
        self.events_seen = 0  # the caller's count of engine events already told

    def add(
        self,
        state: State,
        log_line: str,
        events: list[str] | None = None,
        heard: list[Event] | None = None,
    ) -> None:
        """Record the position ``state`` reached, with the decision that led to it and the
        engine's events it caused, in words (``heard``: every event so far, as data)."""
        head, sectors, tail = self.drawing.parts(self.content, state, heard or [])
        self.head, self.tail = head, tail
        players = self.drawing.panels(self.content, state)
        self.steps.append(
            {
                "round": state["round"],
                "status": self.drawing.status(state),
                "log": log_line,
                "events": [_without_round(e) for e in events or ()],
                "scores": self.drawing.scores(state),
                "board": [self.sectors.index(s) for s in sectors],
                # Not sorted: a panel lists resources and pieces in the order it gives them
                # (public.LISTED), and the same panel is built the same way each time.
                "players": [self.panels.index(json.dumps(p)) for p in players],
            }
        )

    def html(self, result: Mapping[str, Any] | None) -> str:
        """The whole page."""
        players = len(self.steps[0]["scores"]) if self.steps else 0
        data = {
            "title": self.title,
            "scoreName": self.drawing.score_name,
            "svgHead": self.head,
            "svgTail": self.tail,
            "sectors": self.sectors.items,
            "panels": [json.loads(p) for p in self.panels.items],
            "steps": self.steps,
            "colours": self.drawing.colours(players),
            "result": result,
        }
        # A pack's name cannot end the script element early ("</" escaped) nor open a comment
        # or another script inside it ("<!", "<script" as \u003c: the same inside JSON strings).
        payload = _UNSAFE.sub(r"\\u003c", json.dumps(data, separators=(",", ":")))
        payload = payload.replace("</", "<\\/")
        assets = files("whitedwarf.tools.render")
        page = assets.joinpath("viewer.html").read_text(encoding="utf-8")
        return (
            page.replace("/*STYLE*/", assets.joinpath("viewer.css").read_text(encoding="utf-8"))
            .replace("/*SCRIPT*/", assets.joinpath("viewer.js").read_text(encoding="utf-8"))
            .replace("/*DATA*/", payload)
            .replace("<!--TITLE-->", _escape(self.title))
            .replace("<!--SCORE-->", _escape(self.drawing.score_name.capitalize()))
        )


def _without_round(told: str) -> str:
    """``round  12 seat 2: gains 1 light`` → ``seat 2: gains 1 light`` (the step says the round)."""
    rest = told.split(None, 2)[-1] if told.startswith("round") else told
    return rest.replace("seat -: ", "", 1).replace("seat L: ", "Lumos: ", 1)


def _escape(text: str) -> str:
    from html import escape

    return escape(text)
