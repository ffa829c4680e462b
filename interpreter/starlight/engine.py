"""Starlight's engine for the commands (``interpreter/engines.py``): ``GAME.engine`` names
:func:`engine`, so ``play`` and ``replay`` reach the game only through it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whitedwarf.interpreter.engines import GameEngine

if TYPE_CHECKING:
    from whitedwarf.tools.card_sheets import CardBook
    from whitedwarf.tools.render.drawing import Drawing
    from whitedwarf.tools.tui.views import TerminalViews

#: Recorded in every replay header as ``engine``.
VERSION = "starlight-engine-1"
#: The seats the engine plays itself (003 "Live and Starbot Players").
AUTOMATED_SEATS = ("starbot",)


def _options(seats: list[str], round_limit: int) -> dict[str, Any]:
    """The seats the engine plays (``default_options``) and the player's round limit when
    it can cut the game short (SL17, SL114). A game ends by round 60, or 61 when daybreak
    comes in round 60 (003 "End of Game"), so a limit of 60 still cuts that one more round;
    a longer limit changes nothing and is left out of the options a replay header records."""
    from whitedwarf.interpreter.engines import default_options
    from whitedwarf.interpreter.starlight.ending import ROUND_LIMIT

    options = default_options(seats, AUTOMATED_SEATS)
    if round_limit <= ROUND_LIMIT:
        options["round_limit"] = round_limit
    return options


def summarise(
    game: Any, state: dict[str, Any], decisions: int, final_hash: str, tally: Any = None
) -> dict[str, Any]:
    """``play --format json``: every game's summary (``engines.summarise``) and, once the
    game is over, each seat's day points by part (``day_points``: alpha stars, each laurel
    with its points and whether it was fulfilled, the laurel bonus, accolades, Starbot
    stars; 003 "Scoring"), read from the final state, which it does not change."""
    from whitedwarf.interpreter.engines import summarise as every_game
    from whitedwarf.interpreter.starlight.ending import final_score

    summary = every_game(game, state, decisions, final_hash, tally)
    if state.get("phase") == "over":
        summary["day_points"] = [final_score(game, p) for p in state["players"]]
    return summary


def _drawing() -> Drawing:
    """The board picture (``views/drawing.py``), imported when a picture is drawn."""
    from whitedwarf.interpreter.starlight.views.drawing import drawing

    return drawing()


def _card_book() -> CardBook:
    """How the cards are printed (``views/cards.py``), imported by ``cards`` only."""
    from whitedwarf.interpreter.starlight.views.cards import card_book

    return card_book()


def _terminal() -> TerminalViews:
    """The terminal interface's views (``views/terminal.py``), imported when humans play."""
    from whitedwarf.interpreter.starlight.views.terminal import views

    return views()


def _rl_spec(game: Any) -> Any:
    """The action space and observation encoder of ``whitedwarf.rl`` (``rl/spec.py``),
    imported only by the RL adapters (it needs numpy, the ``rl`` extra)."""
    from whitedwarf.interpreter.starlight.rl.spec import StarlightSpec

    return StarlightSpec(game)


def engine() -> GameEngine:
    """Starlight as the commands play it: 1-5 seats, Starbots the engine plays (003 "Live
    and Starbot Players"), the simple bots and its own ``heuristic`` and ``search`` agents,
    human seats in the terminal interface (``views/terminal.py``), its events in words
    (``narrate.py``), its board picture (``views/drawing.py``) and its printed cards
    (``views/cards.py``); the commands needing what it lacks say so."""
    from whitedwarf.interpreter.engines import SIMPLE_AGENTS
    from whitedwarf.interpreter.starlight.agents import AGENTS
    from whitedwarf.interpreter.starlight.agents.probes import EXPLAINED_KINDS, PROBES
    from whitedwarf.interpreter.starlight.content import content_from_pack
    from whitedwarf.interpreter.starlight.game import MAX_SEATS, Game
    from whitedwarf.interpreter.starlight.gifts import GIVER
    from whitedwarf.interpreter.starlight.narrate import dealt, describe

    return GameEngine(
        name="starlight",
        title="Starlight",
        game=Game,
        content_from_pack=content_from_pack,
        players=(1, MAX_SEATS),
        version=VERSION,
        automated_seats=AUTOMATED_SEATS,
        agents=(*SIMPLE_AGENTS, *AGENTS),
        game_agents=dict(AGENTS),
        errors=(ValueError,),
        options=_options,
        describe=describe,
        setup_trace=dealt,
        summarise=summarise,
        features=frozenset({"terminal", "render", "cards"}),
        terminal=_terminal,
        drawing=_drawing,
        card_book=_card_book,
        rl_spec=_rl_spec,
        giver=GIVER,
        probes=PROBES,
        explained_kinds=EXPLAINED_KINDS,
        settings={
            "gods": "true: deal two gods to every live player, who keeps one (003 'The Gods')",
            "starbot_level": "the Starbots' difficulty: which of setup.yaml's "
            "starbot_star_points they score per star (1 is the first)",
        },
    )
