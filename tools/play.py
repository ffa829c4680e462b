"""``whitedwarf play``: play a full seeded game with bot seats, and write its replay."""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.counts import counted
from whitedwarf.dsl.suggest import did_you_mean
from whitedwarf.interpreter.agents.strong import thinking
from whitedwarf.interpreter.bots import Bot, EngineSeat
from whitedwarf.interpreter.contract import Event, GameRules
from whitedwarf.interpreter.engines import GameEngine, every_agent
from whitedwarf.interpreter.replay import ReplayWriter, pack_header
from whitedwarf.interpreter.runner import play as run_game
from whitedwarf.tools.atomic import replaced_when_done
from whitedwarf.tools.exits import Interrupted, OutputExists
from whitedwarf.tools.pack_param import bundled_pack_ids
from whitedwarf.tools.play_gifts import (
    GIVE_OPTION,
    check_play_gifts,
    gifted_game,
    rules_of,
    told_gifts,
)
from whitedwarf.tools.play_progress import ProgressBot, progress_for
from whitedwarf.tools.seed_param import SEED
from whitedwarf.tools.session import (
    PACK_OPTION,
    PACK_PATH_OPTION,
    ROUND_LIMIT_OPTION,
    Loaded,
    comma_names,
    load_game,
    refuse_missing_folder,
    refuse_overwrite,
    require,
)
from whitedwarf.tools.think import THINK_OPTION, refuse_think_unused

HUMAN = "human"


def split_seats(text: str) -> list[str]:
    """``human,random,random`` → the seat kinds, in seat order."""
    return comma_names(text, "--seats")


def check_seats(seats: list[str], engine: GameEngine) -> None:
    """The seats must be kinds this game can seat (``human``, its agents, the seats its engine
    plays itself), as many as it has seats for, and at least one not played by the engine."""
    known = {*engine.agents, *engine.automated_seats, HUMAN}
    unknown = [s for s in seats if s not in known]
    if unknown:
        if unknown[0] in every_agent():
            raise click.BadParameter(
                f"seat kind {unknown[0]!r} cannot play {engine.title}; its agents are "
                f"{', '.join(engine.agents)} (an agent plays only the games that bring it)",
                param_hint="--seats",
            )
        close = did_you_mean(unknown[0], known)  # `humna`: a typo of `human`
        raise click.BadParameter(
            f"unknown seat kind {unknown[0]!r}; known: {', '.join(sorted(known))}"
            + (f"; {close}" if close else ""),
            param_hint="--seats",
        )
    fewest, most = engine.players
    if not fewest <= len(seats) <= most:
        raise click.BadParameter(
            f"{engine.title} needs {fewest} to {most} seats, not {len(seats)}",
            param_hint="--seats",
        )
    if all(s in engine.automated_seats for s in seats):
        raise click.BadParameter(
            f"{engine.title} needs at least one seat that is not "
            f"{' or '.join(engine.automated_seats)}",
            param_hint="--seats",
        )


@click.command("play")
@click.option(
    "--seats",
    default="random,random,random",
    show_default=True,
    help="comma-separated seat kinds: human, random, first, heuristic, search or strong (one per "
    "player: Last Light 2-4, Starlight 1-5); "
    "human seats play in the terminal (two or more: hot-seat); a game may have seats its "
    "engine plays (Starlight: starbot)",
)
@click.option(
    "--resume",
    "resume_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="continue the game saved in this file (from the terminal interface's save)",
)
@click.option(
    "--save",
    "save_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="where the terminal interface saves the game [default: game.save, or the --resume file]",
)
@click.option(
    "--seed",
    type=SEED,
    default=0,
    show_default=True,
    help="the game's seed (a 64-bit whole number)",
)
@click.option(
    "--option",
    "settings",
    multiple=True,
    metavar="NAME=VALUE",
    help="a game option (repeatable; Last Light: factions=veyshan,,hexan; Starlight: "
    "gods=true, starbot_level=2)",
)
@click.option(
    "--replay",
    "replay_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="write the game's replay log (JSON Lines) here",
)
@click.option("--force", is_flag=True, help="overwrite an existing replay or save file")
@ROUND_LIMIT_OPTION
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
@click.option(
    "--trace",
    is_flag=True,
    help="print every decision and every event it causes (card effects, gains, tokens, "
    "techs, modifiers ...), one line each, to stderr",
)
@PACK_OPTION
@PACK_PATH_OPTION
@THINK_OPTION
@GIVE_OPTION
def play(
    seats: str,
    resume_path: Path | None,
    save_path: Path | None,
    seed: int,
    settings: tuple[str, ...],
    replay_path: Path | None,
    force: bool,
    round_limit: int,
    fmt: str,
    trace: bool,
    packs: tuple[Path, ...],
    pack_paths: tuple[Path, ...],
    think: float | None,
    gifts: tuple[str, ...],
) -> None:
    """Play a full game to the end and print the result.

    With human seats (or --resume) the game is played in a full-screen terminal interface.
    """
    kinds = split_seats(seats)
    refuse_overwrite(replay_path, force, ask=True)
    loaded = load_game(packs, pack_paths, **_saved_game(resume_path, packs))
    engine = loaded.engine
    check_seats(kinds, engine)
    if resume_path is None:  # a resumed game's seats are the save's
        refuse_think_unused(think, kinds, "--seats")
    options = {**engine.game_options(kinds, round_limit), **game_settings(settings, engine)}
    human = resume_path is not None or HUMAN in kinds
    check_play_gifts(loaded, kinds, options, gifts, round_limit, human)
    if human:
        command = "play --resume" if resume_path is not None else "play --seats human"
        missing = "it brings no board and panels for the terminal interface"
        require(engine, "terminal", command, missing)
        words = _pack_options(packs, pack_paths)
        with thinking(think):
            _play_in_terminal(
                kinds, seed, options, loaded, resume_path, save_path, replay_path, force, words,
                settings, think,
            )  # fmt: skip
        return
    if save_path is not None:  # only the terminal interface saves; a bot game would not
        raise click.BadParameter(
            f"--save is where a game with human seats is saved, and --seats {','.join(kinds)} "
            "has none: a bot game is kept with --replay FILE",
            param_hint="--save",
        )
    game = make_game(loaded, len(kinds), options, settings)
    if gifts:  # the same game, giving the cards as their rounds come (play_gifts.py)
        game = gifted_game(loaded, len(kinds), options, gifts)
    with thinking(think):
        bots = seat_bots(kinds, seed, engine, rules_of(game))
    if trace:
        bots = [TracingBot(bot, engine) for bot in bots]
    progress = None if trace else progress_for(sys.stderr)
    if progress is not None:  # a long game of strong seats says it is going on
        bots = [ProgressBot(bot, progress) for bot in bots]
    listener = Listener(engine, trace, replay=replay_path is not None)
    existed, logging = replay_path is not None and replay_path.exists(), False
    if trace or replay_path is not None or fmt == "json":
        game.listen(listener)  # events cost only when someone listens (events.py)
    try:
        state = game.new_state(seed)
        if trace:  # what setup dealt in secret, which no event tells (Starlight's gods)
            for line in [*told_gifts(gifts), *engine.setup_trace(rules_of(game), state)]:
                click.echo(line, err=True)
        header = replay_header(loaded, seed, kinds, options) | (
            {"gifts": list(gifts)} if gifts else {}
        )
        if replay_path is None:
            outcome = run_game(game, state, bots)
        else:
            logging = True
            # The log is put at its name when the game ends, or is interrupted (kept cut
            # short, with every whole line so far: what `replay` reads); a game an error
            # stops leaves no log there, and a file that was there as it was.
            with replaced_when_done(replay_path, keep_on=(KeyboardInterrupt,)) as stream:
                writer = listener.record_to(ReplayWriter(stream))
                writer.header(**header)
                outcome = run_game(game, state, bots, writer)
                writer.end(outcome.final_hash, game.result(state))
    except KeyboardInterrupt:
        if replay_path is None or not logging:
            raise  # no log was begun: nothing is cut short
        raise Interrupted(_cut_short(replay_path)) from None
    except engine.errors as error:
        # DESIGN principle 3: a runaway card effect, or a number over an engine limit, ends
        # in a clear error naming the card and where it was written, not a traceback.
        message = loaded.pack.located(error)
        if replay_path is not None:
            left = "was left as it was" if existed else "does not exist"
            message += (
                f"; no replay was written: the game stopped before its end ({replay_path} {left})"
            )
        raise click.ClickException(message) from None
    except OSError as error:  # the replay's folder is missing, read-only, or the disk full
        raise click.ClickException(f"cannot write the replay {replay_path}: {error}") from None
    finally:
        if progress is not None:
            progress.close()
    summary = engine.summarise(game, state, outcome.decisions, outcome.final_hash, listener.tally)
    text = json.dumps(summary, sort_keys=True) if fmt == "json" else engine.summary_text(summary)
    click.echo(text)


def _cut_short(replay_path: Path) -> str:
    """What an interrupted ``play --replay`` leaves: where, how much, and what ``replay``
    will say of it (the game is seeded and its seats bots: the same command plays it all).

    The decisions are counted in the file, not by the writer: Ctrl-C may land between a
    decision's line written and the writer's count of it."""
    with replay_path.open(encoding="utf-8") as lines:
        decisions = sum(1 for line in lines if line.endswith("\n") and _is_decision(line))
    shown = shlex.quote(str(replay_path))
    return (
        f"{replay_path} holds the game's first {counted(decisions, 'decision')} and no end "
        f'line: `whitedwarf replay {shown}` will refuse it as cut short ("the log has no '
        f'end line"); the same command with --force plays the whole game again'
    )


def _is_decision(line: str) -> bool:
    try:
        return bool(json.loads(line).get("type") == "decision")
    except (ValueError, AttributeError):
        return False


def _pack_options(packs: tuple[Path, ...], pack_paths: tuple[Path, ...]) -> tuple[str, ...]:
    """The ``--pack`` and ``--pack-path`` words that load these packs again; a pack shipped
    with whitedwarf is left out (``--resume`` finds the save's game by itself)."""
    shipped = {bundled_pack(game).resolve() for game in bundled_pack_ids()}
    words: list[str] = []
    for option, paths in (("--pack", packs), ("--pack-path", pack_paths)):
        for path in paths:
            if option == "--pack" and path.resolve() in shipped:
                continue
            words += [option, shlex.quote(str(path))]
    return tuple(words)


def _saved_game(resume_path: Path | None, packs: tuple[Path, ...]) -> dict[str, str]:
    """``--resume`` without ``--pack``: the bundled pack of the game the save was made for."""
    if resume_path is None or packs:
        return {}
    from whitedwarf.dsl.packs.games import installed_games
    from whitedwarf.tools.tui.session import save_game

    game = save_game(resume_path)  # a name the save gives: used only if a game has it
    return {"default_game": game} if game in installed_games() else {}


def game_settings(settings: tuple[str, ...], engine: GameEngine) -> dict[str, Any]:
    """The ``--option NAME=VALUE`` settings, checked against the game's."""
    try:
        return dict(engine.setting(text) for text in settings)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--option") from None


def make_game(
    loaded: Loaded, players: int, options: dict[str, Any], given: tuple[str, ...] = ()
) -> GameRules[Any]:
    """The engine's ``Game`` for these seats; an error of the game's making is one line
    (placed at the card it names). ``given`` are the ``--option`` words the options hold:
    a game that refuses their values (``gods=maybe``) is refused at the option (exit 2,
    as an option it does not have is), not as content (exit 1)."""
    engine = loaded.engine
    try:
        return engine.game.from_content(loaded.content, players, options)
    except engine.errors as error:
        if given and _plays_without(loaded, players, options, given):
            raise click.BadParameter(str(error), param_hint="--option") from None
        raise click.ClickException(loaded.pack.located(error)) from None


def _plays_without(
    loaded: Loaded, players: int, options: dict[str, Any], given: tuple[str, ...]
) -> bool:
    """Whether the game is made once the ``--option`` settings ``given`` are left out."""
    engine = loaded.engine
    names = {text.partition("=")[0].strip() for text in given}
    kept = {name: value for name, value in options.items() if name not in names}
    try:
        engine.game.from_content(loaded.content, players, kept)
    except engine.errors:
        return False
    return True


def seat_bots(kinds: list[str], seed: int, engine: GameEngine, game: GameRules[Any]) -> list[Bot]:
    """One bot per seat; a seat the engine plays itself gets one that is never asked."""
    return [
        EngineSeat(kind)
        if kind in engine.automated_seats
        else engine.make_agent(kind, seed, seat, game)
        for seat, kind in enumerate(kinds)
    ]


def _refuse_saved_replay(replay: Path, save: Path, force: bool) -> None:
    """Stop when the replay a save names cannot be written without losing a file."""
    said = (
        f"{save} writes its replay to {replay} when the game ends (the --replay it was "
        "started with)"
    )
    try:
        refuse_missing_folder(replay)
    except click.ClickException as error:
        problem = error.message.removeprefix(f"cannot write {replay}: ")
        raise click.ClickException(
            f"{said}, but {problem}: pass --replay FILE to write it elsewhere"
        ) from None
    if replay.exists() and not force:
        raise OutputExists(
            f"{said}, and that file exists: pass --replay FILE to write it elsewhere, or "
            "--force to overwrite it"
        )


def replay_header(
    loaded: Loaded, seed: int, kinds: list[str], options: dict[str, Any]
) -> dict[str, Any]:
    """What a replay (or a terminal game's save) records about how its game was made."""
    return {
        **pack_header(loaded.pack),
        "seed": seed,
        "players": len(kinds),
        "seats": kinds,
        "options": options,
        "engine": loaded.engine.version,
    }


def _play_in_terminal(
    kinds: list[str],
    seed: int,
    options: dict[str, Any],
    loaded: Loaded,
    resume_path: Path | None,
    save_path: Path | None,
    replay_path: Path | None,
    force: bool,
    pack_options: tuple[str, ...] = (),
    settings: tuple[str, ...] = (),
    think: float | None = None,
) -> None:
    """Human seats: the terminal interface (tools/tui), new or resumed. ``pack_options``
    are the ``--pack``/``--pack-path`` words the game was loaded with, for the resume command
    the interface shows; ``settings`` the ``--option`` words (:func:`make_game`)."""
    from whitedwarf.tools.tui import launch

    target = save_path or resume_path or Path("game.save")
    launch.check_save_target(target, resume_path, force)
    if resume_path is not None:
        current = pack_header(loaded.pack)
        session = launch.resumed_session(resume_path, loaded.content, loaded.engine, current)
        where = f"the game in {resume_path}: its seats"
        refuse_think_unused(think, session.seats, where, resumed=True)
    else:
        game = make_game(loaded, len(kinds), options, settings)
        header = replay_header(loaded, seed, kinds, options)
        session = launch.new_session(game, kinds, seed, header, loaded.engine)
    session.locate = loaded.pack.located
    session.pack_options = pack_options
    if think is not None:  # the resume command keeps the strong seats' thinking time
        ms = str(int(think)) if think.is_integer() else repr(think)
        session.think_options = ("--think", ms)
    if replay_path is not None:
        session.replay_to = str(replay_path)
    elif session.replay_to is not None:
        # A save names where its replay goes when the game ends: a save from someone else
        # may name any file, so it is held to the rules of --replay, and the refusal says
        # the name came from the save (the user never typed it).
        _refuse_saved_replay(Path(session.replay_to), resume_path or target, force)
    if session.replay_to is not None and Path(session.replay_to).resolve() == target.resolve():
        # The save is removed when the game ends, just after the replay is written to it.
        named = "--replay" if replay_path is not None else f"{target}'s replay"
        raise click.UsageError(
            f"{named} {session.replay_to} is the game's save too ({target}): a game played to "
            "its end writes its replay, then removes its save; give the replay another name "
            "(--replay FILE)"
        )
    launch.run(session, target, Path(session.replay_to) if session.replay_to else None)


class TracingBot:
    """Wraps a bot and prints each choice it makes as one trace line (the engine's
    ``describe``), before the engine applies it and prints what it caused."""

    def __init__(self, bot: Bot, engine: GameEngine) -> None:
        self.bot = bot
        self.describe = engine.describe

    def choose(self, state: Any, seat: int, options: Sequence[Any]) -> str:
        chosen = self.bot.choose(state, seat, options)
        text = next((o.text for o in options if o.id == chosen), chosen)
        decision = {"kind": "decision", "round": state.get("round"), "seat": seat}
        click.echo(self.describe({**decision, "option": chosen, "text": text}), err=True)
        return chosen


class Listener:
    """The engine's listener in ``play``: feeds the tally, the trace (one line per event)
    and the replay, which opens after the setup (its events wait until then); the engine's
    notes (``note``) go to the trace only."""

    def __init__(self, engine: GameEngine, trace: bool, replay: bool) -> None:
        self.tally = engine.tally()
        self.describe = engine.describe
        self.trace = trace
        self.replay = replay
        self.writer: ReplayWriter | None = None
        self.early: list[Event] = []  # the setup's, until the replay opens

    def record_to(self, writer: ReplayWriter) -> ReplayWriter:
        """Write the events to a replay from now on, those heard so far first."""
        self.writer = writer
        for event in self.early:
            writer.event(event)
        self.early.clear()
        return writer

    def __call__(self, event: Event) -> None:
        self.tally(event)
        if self.writer is not None:
            self.writer.event(event)
        elif self.replay:
            self.early.append(event)
        if self.trace:
            click.echo(self.describe(event), err=True)

    def note(self, event: Event) -> None:
        """What the engine tells a trace only (a card whose condition was false): printed
        with ``--trace``, never tallied nor written to the replay, so replays are the same."""
        if self.trace:
            click.echo(self.describe(event), err=True)
