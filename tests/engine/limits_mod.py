"""A Last Light mod of invented techs for the use-limit, duration and discount scenarios
(issue 29; docs/rules-decisions.md E128-E130): each test names the techs it needs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from whitedwarf.interpreter.lastlight.events import _text_of
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.scenario import new_game

PACK = (
    'id: limits_mod\nname: Limits\nversion: 0.1.0\ngame: lastlight\nlanguage: "1.1"\n'
    'depends: {lastlight: ">=1.0,<2"}\nallow: [W0902, W0432]\n'
)


def mod_game(
    tmp_path: Path, techs: dict[str, str], players: int = 2, kind: str = "civilization"
) -> Game:
    """A game of the base pack and a mod holding one tech per ``id: effect`` (cost 1 common)."""
    mod = tmp_path / "limits_mod"
    mod.mkdir(exist_ok=True)
    (mod / "pack.yaml").write_text(PACK, encoding="utf-8")
    cards = [
        {"id": cid, "name": cid.replace("_", " ").title(), "kind": kind, "cost": {"common": 1},
         "copies": 1, "source": "invented", "effect": effect}
        for cid, effect in techs.items()
    ]  # fmt: skip
    (mod / "techs.yaml").write_text(json.dumps(cards, indent=1), encoding="utf-8")
    return new_game(players=players, packs=[mod])


class Trace:
    """A listener that hears notes too, as `play --trace` does (the scenarios' trace)."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, event: dict[str, Any]) -> None:
        self.lines.append(_text_of(event))

    note = __call__
