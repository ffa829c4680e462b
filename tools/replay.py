"""``whitedwarf replay``: re-run a replay log and verify its final state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.counts import counted
from whitedwarf.dsl.packs.games import unknown_game
from whitedwarf.interpreter.contract import Event, GameRules, Listener
from whitedwarf.interpreter.engines import GameEngine
from whitedwarf.interpreter.replay import (
    Replay,
    ReplayError,
    engine_problem,
    first_event_difference,
    header_mismatch,
    pack_header,
    read_replay,
    shown_value,
    start_game,
)
from whitedwarf.interpreter.runner import DecisionRefused, Outcome, replay_decisions
from whitedwarf.interpreter.state import State, state_hash
from whitedwarf.tools.exits import OutputExists
from whitedwarf.tools.play_gifts import replayed_with_gifts
from whitedwarf.tools.session import (
    DEFAULT_GAME,
    PACK_OPTION,
    PACK_PATH_OPTION,
    load_game,
    refuse_overwrite,
    require,
)


class ReplayRefused(click.ClickException):
    """The log cannot be replayed; the message says why."""

    exit_code = 1


@click.command("replay")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="also write a self-contained replay viewer (one HTML file) here",
)
@click.option("--force", is_flag=True, help="overwrite an existing --html file")
@PACK_OPTION
@PACK_PATH_OPTION
def replay(
    path: Path,
    fmt: str,
    html_path: Path | None,
    force: bool,
    packs: tuple[Path, ...],
    pack_paths: tuple[Path, ...],
) -> None:
    """Re-run the game in PATH and check it reaches the recorded final state.

    The log names its game; without --pack it is replayed on that game's bundled pack.
    With --html, also write a page that steps through the game decision by decision.
    """
    if html_path is not None and _same_file(html_path, path):  # --force or not: the log
        raise OutputExists(
            f"--html {html_path} is the replay it verifies: the page would replace the log; "
            "name the page another file (game.html)"
        )
    refuse_overwrite(html_path, force)
    try:
        log = read_replay(path)
    except ReplayError as error:
        raise ReplayRefused(str(error)) from None
    try:
        game_name = recorded_game(log.header, path)
    except ReplayError as error:
        raise ReplayRefused(str(error)) from None
    if not packs and not bundled_pack(game_name).is_dir():
        raise ReplayRefused(
            f"{path} is a game of {game_name!r}, which has no bundled pack: "
            "pass the packs it was played with (--pack)"
        )
    loaded = load_game(packs, pack_paths, default_game=game_name)
    engine, content = loaded.engine, loaded.content
    differences = header_mismatch(log.header, pack_header(loaded.pack))
    if differences:
        raise ReplayRefused(
            f"{path} was recorded with different content:\n  " + "\n  ".join(differences)
        )
    if html_path is not None:
        require(engine, "render", "replay --html", "it has no board picture (GameEngine.drawing)")
    tally = engine.tally()
    heard: list[Event] = []

    def listener(event: Event) -> None:
        tally(event)
        heard.append(event)

    game, state = _start(engine, content, log.header, path, listener)
    page = None  # the viewer, written once the replay is verified: a refused one leaves none
    try:
        if html_path is None:
            outcome = replay_decisions(game, state, log.decisions)
        else:
            outcome, page = _replay_to_viewer(game, state, log, (engine, content, heard), path)
    except DecisionRefused as error:  # at the line of the decision, the one a person edited
        raise ReplayRefused(f"{log.where(path, error.number)}: {error}") from None
    except ReplayError as error:
        raise ReplayRefused(f"{path}: {error}") from None
    except engine.errors as error:
        raise ReplayRefused(f"{path}: {loaded.pack.located(error)}") from None
    assert log.end is not None
    if outcome.final_hash != log.end.get("final_hash"):
        raise ReplayRefused(
            f"{path}:{log.end_line}: the replay ends in state {outcome.final_hash}, "
            f"but the log recorded {_hash_shown(log.end.get('final_hash'))}"
        )
    if not game.is_terminal(state):
        raise ReplayRefused(f"{path}:{log.end_line}: the log ends before the game is over")
    _check_result(f"{path}:{log.end_line}", log.end, game.result(state))
    if log.header.get("format", 1) >= 2:
        difference = first_event_difference(log.events, heard)
        if difference is not None:
            number, said = difference
            line = log.event_lines[number] if number < len(log.event_lines) else log.end_line
            raise ReplayRefused(
                f"{path}:{line}: the recorded events differ from the game's: {said} "
                "(the log was altered, or made by another version of whitedwarf)"
            )
    if html_path is not None and page is not None:
        html_path.write_text(page, encoding="utf-8")
        click.echo(f"wrote {html_path} ({counted(outcome.decisions, 'decision')})", err=True)
    summary = engine.summarise(game, state, outcome.decisions, outcome.final_hash, tally)
    if fmt == "json":
        click.echo(json.dumps({**summary, "verified": True}, sort_keys=True))
    else:
        decisions = counted(outcome.decisions, "decision")
        reproduce = "reproduces" if outcome.decisions == 1 else "reproduce"
        click.echo(f"verified: {decisions} {reproduce} the recorded game")
        click.echo(f"final state hash: {outcome.final_hash}")


def _check_result(path: str, end: dict[str, Any], result: Any) -> None:
    """The end line's result (who won, the points) must be the game's: the final state hash
    does not cover it, so a log edited to name another winner was "verified"."""
    if "result" not in end:
        return  # a log written before the end line carried it
    played = json.loads(json.dumps(result))
    recorded = end["result"]
    if recorded == played:
        return
    if isinstance(recorded, dict) and isinstance(played, dict):
        field = next(
            k
            for k in sorted({*recorded, *played})
            if k not in recorded or k not in played or recorded[k] != played[k]
        )
        if field not in recorded:  # a key only one side has, even with a null value
            said = f"it has no {shown_value(field)}, but the game's is {_json_short(played[field])}"
        elif field not in played:
            said = f"it has {shown_value(field)}, which the game's result has not"
        else:
            said = (
                f"its {shown_value(field)} is {_json_short(recorded[field])}, "
                f"but the game's is {_json_short(played[field])}"
            )
    else:
        said = f"it is {_json_short(recorded)}, but the game's is {json.dumps(played)}"
    raise ReplayRefused(
        f"{path}: the end line's result is not the game's ({said}): the log was altered"
    )


def _replay_to_viewer(
    game: GameRules[Any],
    state: State,
    log: Replay,
    heard: tuple[GameEngine, Any, list[Event]],
    path: Path,
) -> tuple[Outcome, str]:
    """Replay the log's decisions, recording every step for the viewer: the outcome and the page.

    ``heard`` is the engine, the content and the list the game's listener appends its events
    to; each step's log line is followed by the events its decision caused, in the engine's
    words, and the game's drawing (``GameEngine.drawing``) draws each step.
    """
    from whitedwarf.tools.render.position import PositionError, replay_states
    from whitedwarf.tools.render.viewer import ViewerBuilder

    engine, content, events_heard = heard
    describe = engine.describe
    title = f"{path.name} ({game.players} players, seed {state['seed']})"
    builder = ViewerBuilder(content, title, engine.part(engine.drawing))
    builder.add(state, "setup", [describe(e) for e in events_heard], events_heard)
    builder.events_seen = len(events_heard)
    try:
        for seat, _option, text in replay_states(game, state, log.decisions, path, log.lines):
            # The round the decision was made in, before it could end the round.
            made_in = builder.steps[-1]["round"]
            told = [describe(e) for e in events_heard[builder.events_seen :]]
            builder.events_seen = len(events_heard)
            builder.add(state, f"round {made_in} · seat {seat}: {text}", told, events_heard)
    except PositionError as error:  # its message names the file and the line
        raise ReplayRefused(str(error)) from None
    page = builder.html(game.result(state))
    return Outcome(state, len(log.decisions), state_hash(state)), page


def recorded_game(header: dict[str, Any], path: str | Path = "") -> str:
    """The game a log says it is of (logs name it since format 1; Last Light otherwise);
    ReplayError for a game that is not installed (a number, an unknown name)."""
    game = str(header.get("game", DEFAULT_GAME))
    if "game" in header:
        problem = unknown_game(header["game"], "the replay's header")
        if problem is not None:
            raise ReplayError(f"{path}:1: {problem}")
    problem = engine_problem(header, game, "the header's 'engine'")
    if problem is not None:
        raise ReplayError(f"{path}:1: {problem}")
    return game


def _start(
    engine: GameEngine,
    content: Any,
    header: dict[str, Any],
    path: Path,
    listener: Listener,
) -> tuple[GameRules[Any], State]:
    refused: tuple[type[BaseException], ...] = (ValueError, *engine.errors)
    try:
        game, seed = start_game(header, engine.game, content, engine.seats_disagree, refused)
        game = replayed_with_gifts(header, engine, content) or game  # play --give
    except ReplayError as error:
        raise ReplayRefused(f"{path}:1: {error}") from None
    game.listen(listener)
    return game, game.new_state(seed)


def _json_short(value: Any) -> str:
    """A value of an end line as JSON, cut short as a header's value is: an edited log's
    result may hold a megabyte."""
    said = json.dumps(value)
    return said if len(said) <= 200 else f"{said[:150]}...{said[-20:]} ({len(said):,} characters)"


def _hash_shown(value: Any) -> str:
    """A log's final hash as written (a digest of 64 characters), else cut short."""
    if isinstance(value, str) and len(value) <= 100 and value.isprintable():
        return value
    return shown_value(value)


def _same_file(one: Path, other: Path) -> bool:
    """Whether two names are one file (a name that is not there is no file)."""
    try:
        return one.exists() and one.samefile(other)
    except OSError:
        return False
