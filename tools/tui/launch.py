"""Start the terminal interface from ``whitedwarf play``: a new game or a resumed save.

Problems the player can fix (no textual installed, an unreadable save, a save made with other
content, a save file that would be overwritten) end in a :class:`click.ClickException` with
the reason; an unreadable save is never written over.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
from rich.text import Text
from whitedwarf.dsl.packs.games import unknown_game
from whitedwarf.interpreter.contract import GameRules
from whitedwarf.interpreter.engines import GameEngine
from whitedwarf.interpreter.replay import save_made_with_other_packs
from whitedwarf.tools.session import refuse_missing_folder
from whitedwarf.tools.tui.session import (
    NotASave,
    SaveProblem,
    Session,
    check_log,
    header_disagrees,
    read_save,
    resume,
    save_game,
)
from whitedwarf.tools.tui.views import views_of


def new_session(
    game: GameRules[Any], seats: list[str], seed: int, header: dict[str, Any], engine: GameEngine
) -> Session:
    """A fresh game with these seats."""
    return Session(game, game.new_state(seed), seats, seed, header, engine=engine)


def resumed_session(
    path: Path, content: Any, engine: GameEngine, current: dict[str, Any] | None = None
) -> Session:
    """The game saved in ``path``; exits with the reason if it cannot be resumed.

    ``current`` is the pack header of the packs loaded now (``replay.pack_header``): a save
    made with other packs (a mod's game resumed without its ``--pack``) is told so, naming
    the packs, before its options are tried on packs that may not have what they name."""
    try:
        session = checked_session(path, content, engine, current)
    except SaveProblem as error:
        what = "file" if isinstance(error, NotASave) else "save"
        raise click.ClickException(f"{error}\n(the {what} was left as it is)") from None
    session.resumed_from = path.resolve()
    return session


def checked_session(
    path: Path, content: Any, engine: GameEngine, current: dict[str, Any] | None = None
) -> Session:
    """The game saved in ``path``, every check of ``play --resume`` passed (its fields, its
    packs, its state and log where its decisions lead); :class:`SaveProblem` says why not.
    ``render`` holds a save to them too before drawing it (docs/rules-decisions.md E192)."""
    saved = save_game(path)
    problem = None if saved is None else unknown_game(saved, "the save's header")
    if problem is not None:
        raise SaveProblem(f"{path}: {problem}")
    if saved is not None and saved != engine.name:
        raise SaveProblem(
            f"{path} is a save of {saved!r}, but the packs loaded now are for "
            f"{engine.name!r}: pass the same --pack options"
        )
    record = read_save(path, views_of(engine))
    header = dict(record.get("header") or {})
    # A header without its packs is refused by resume() in its own words.
    other = None if current is None else save_made_with_other_packs(path, header, current)
    if other is not None:
        raise SaveProblem(other)
    state = record["state"]
    refused: tuple[type[BaseException], ...] = (*engine.errors, KeyError, TypeError, ValueError)
    try:
        game = engine.game.from_content(content, int(state["n"]), header.get("options", {}))
    except refused as error:
        raise SaveProblem(f"{path}: the saved game cannot be set up: {error}") from None
    try:
        session = resume(record, game, engine)
        problem = engine.seats_disagree(session.seats, session.header.get("options"))
        if problem is None:  # its seat kinds are its game's, its header says this game
            problem = header_disagrees(session.header, session.seed, session.seats)
        if problem is not None:
            raise SaveProblem(problem)
        check_log(session)
    except SaveProblem as error:
        raise SaveProblem(f"{path}: {error}") from None
    return session


def check_save_target(path: Path, resuming: Path | None, force: bool) -> None:
    """Refuse to start a new game whose saves would overwrite an existing file."""
    refuse_missing_folder(path)  # else the game would be lost at its first save
    if resuming is not None and path.resolve() == resuming.resolve():
        return
    if path.exists() and not force:
        raise click.UsageError(
            f"{path} already exists; choose another --save file or pass --force to overwrite it"
        )


def _remove_finished_save(session: Session, save_path: Path) -> None:
    """A finished game's save is removed, saying so: left behind, it made the next `play`
    stop at "game.save already exists". Only a save of this game is removed (one this run
    wrote, or the one it resumed); a game quit or stopped keeps its save."""
    if not session.owns_save(save_path):
        return
    try:
        save_path.unlink()
    except OSError as error:
        click.echo(f"the finished game's save {save_path} could not be removed: {error}")
        return
    click.echo(f"the game is over: its save {save_path} was removed")


def run(session: Session, save_path: Path, replay_path: Path | None) -> None:
    """Run the interface until the players quit; say how it ended."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        # Without a terminal the interface waits for keys that never come: a script that
        # pipes `play --seats human,...` would hang instead of being told.
        raise click.UsageError(
            "human seats play in a full-screen terminal interface, and the input or output "
            "here is not a terminal; run it in a terminal, or seat only bots "
            "(--seats heuristic,random,random) for a game a script can play"
        )
    try:
        from whitedwarf.tools.tui.app import PlayApp
    except ImportError:
        raise click.ClickException(
            "human seats need the terminal interface: pip install 'whitedwarf[tui]'"
        ) from None
    app = PlayApp(session, save_path, replay_path)
    try:
        outcome = app.run()
    except KeyboardInterrupt:  # an interrupt the interface did not see as a key
        session.save(save_path)
        outcome = "saved"
    if outcome == "saved":
        click.echo(f"saved to {save_path}; resume with: {session.resume_command(save_path)}")
    elif outcome == "over":
        # What the end screen said, left on the terminal once the interface has closed.
        result = session.game.result(session.state) or {}
        click.echo(Text.from_markup(session.views.end_text(result)).plain)
        if replay_path is not None:
            click.echo(f"replay written to {replay_path}")
        _remove_finished_save(session, save_path)
    elif outcome in ("stopped", "stopped-saved"):
        message = app.stopped or "the game stopped with an engine error"
        if outcome == "stopped-saved":
            message += (
                f"\nthe game was saved to {save_path} as it stood before that decision; "
                f"resume with: {session.resume_command(save_path)}"
            )
        raise click.ClickException(message)
    else:
        click.echo("quit without saving")
