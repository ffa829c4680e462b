"""Last Light's engine for the commands (``interpreter/engines.py``): ``GAME.engine`` names
:func:`engine`, so ``play``, ``replay``, ``render``, the terminal interface and ``simulate``
reach the game only through it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whitedwarf.interpreter.engines import GameEngine

if TYPE_CHECKING:
    from whitedwarf.tools.card_sheets import CardBook
    from whitedwarf.tools.render.drawing import Drawing
    from whitedwarf.tools.tui.views import TerminalViews

#: Recorded in every replay header as ``engine``.
VERSION = "lastlight-engine-1"


def _options(seats: list[str], round_limit: int) -> dict[str, Any]:
    """000 has no automated seats; a game that runs too long ends at the round limit (E-series
    docs/rules-decisions.md)."""
    del seats
    return {"round_limit": round_limit}


def _drawing() -> Drawing:
    """The board picture (``views/drawing.py``), imported when a picture is drawn."""
    from whitedwarf.interpreter.lastlight.views.drawing import drawing

    return drawing()


def _card_book() -> CardBook:
    """How the cards are printed (``views/cards.py``), imported by ``cards`` only."""
    from whitedwarf.interpreter.lastlight.views.cards import card_book

    return card_book()


def _terminal() -> TerminalViews:
    """The terminal interface's views (``views/terminal.py``), imported when humans play."""
    from whitedwarf.interpreter.lastlight.views.terminal import views

    return views()


def _rl_spec(game: Any) -> Any:
    """The action space and observation encoder of ``whitedwarf.rl`` (``rl/spec.py``),
    imported only by the RL adapters (it needs numpy, the ``rl`` extra)."""
    from whitedwarf.interpreter.lastlight.rl.spec import LastLightSpec

    return LastLightSpec(game)


def engine() -> GameEngine:
    """Last Light as the commands play it: every agent, the board picture, the terminal
    interface and balance reports."""
    from whitedwarf.interpreter.engines import SIMPLE_AGENTS
    from whitedwarf.interpreter.lastlight import events, summary
    from whitedwarf.interpreter.lastlight.agents import AGENTS
    from whitedwarf.interpreter.lastlight.agents.probes import EXPLAINED_KINDS, PROBES
    from whitedwarf.interpreter.lastlight.batch_record import game_record
    from whitedwarf.interpreter.lastlight.board import BoardError
    from whitedwarf.interpreter.lastlight.content import ContentError
    from whitedwarf.interpreter.lastlight.game import EffectLimitReached, Game, GameOptionError
    from whitedwarf.interpreter.lastlight.gifts import GIVER
    from whitedwarf.interpreter.lastlight.packs import content_from_pack

    return GameEngine(
        name="lastlight",
        title="Last Light",
        game=Game,
        content_from_pack=content_from_pack,
        players=(2, 4),
        version=VERSION,
        agents=(*SIMPLE_AGENTS, *AGENTS),
        game_agents=dict(AGENTS),
        errors=(EffectLimitReached, ContentError, GameOptionError, BoardError),
        options=_options,
        describe=events.describe,
        tally=summary.Tally,
        summarise=summary.summarise,
        summary_text=summary.summary_text,
        record=game_record,
        features=frozenset(("terminal", "render", "cards")),
        drawing=_drawing,
        card_book=_card_book,
        rl_spec=_rl_spec,
        giver=GIVER,
        probes=PROBES,
        explained_kinds=EXPLAINED_KINDS,
        terminal=_terminal,
        settings={
            "factions": "the faction each seat keeps, in seat order (`veyari,,hexan`: an empty "
            "place is dealt as usual): to watch a faction, a new one included, play",
        },
    )
