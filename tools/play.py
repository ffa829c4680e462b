"""``whitedwarf play``: play a full seeded game with bot seats, and write its replay."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from whitedwarf.interpreter.agents import AGENTS, make_agent
from whitedwarf.interpreter.bots import Bot
from whitedwarf.interpreter.lastlight import events
from whitedwarf.interpreter.lastlight.content import ContentError
from whitedwarf.interpreter.lastlight.game import EffectLimitReached, Game
from whitedwarf.interpreter.lastlight.packs import pack_header
from whitedwarf.interpreter.replay import ReplayWriter
from whitedwarf.interpreter.runner import play as run_game
from whitedwarf.tools.session import (
    PACK_OPTION,
    PACK_PATH_OPTION,
    load_content,
    refuse_overwrite,
)

ENGINE_VERSION = "lastlight-engine-1"


HUMAN = "human"


def parse_seats(text: str) -> list[str]:
    """``human,random,random`` → seat kinds, checked against ``human`` and the known bots."""
    seats = [s.strip() for s in text.split(",") if s.strip()]
    unknown = [s for s in seats if s not in AGENTS and s != HUMAN]
    if unknown:
        known = ", ".join(sorted([*AGENTS, HUMAN]))
        raise click.BadParameter(f"unknown seat kind {unknown[0]!r}; known: {known}")
    if not 2 <= len(seats) <= 4:
        raise click.BadParameter(f"Last Light needs 2 to 4 seats, not {len(seats)}")
    return seats


@click.command("play")
@click.option(
    "--seats",
    default="random,random,random",
    show_default=True,
    help="comma-separated seat kinds: human, random, first, heuristic or search (one per "
    "player, 2-4); "
    "human seats play in the terminal (two or more: hot-seat)",
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
@click.option("--seed", type=int, default=0, show_default=True, help="the game's seed")
@click.option(
    "--replay",
    "replay_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="write the game's replay log (JSON Lines) here",
)
@click.option("--force", is_flag=True, help="overwrite an existing replay or save file")
@click.option(
    "--round-limit",
    type=int,
    default=200,
    show_default=True,
    help="end the game after this many rounds",
)
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
def play(
    seats: str,
    resume_path: Path | None,
    save_path: Path | None,
    seed: int,
    replay_path: Path | None,
    force: bool,
    round_limit: int,
    fmt: str,
    trace: bool,
    packs: tuple[Path, ...],
    pack_paths: tuple[Path, ...],
) -> None:
    """Play a full game to the end and print the result.

    With human seats (or --resume) the game is played in a full-screen terminal interface.
    """
    kinds = parse_seats(seats)
    refuse_overwrite(replay_path, force, ask=True)
    loaded, content = load_content(packs, pack_paths)
    options = {"round_limit": round_limit}
    if resume_path is not None or HUMAN in kinds:
        _play_in_terminal(
            kinds, seed, options, loaded, content, resume_path, save_path, replay_path, force
        )
        return
    try:
        game = Game.from_content(content, len(kinds), options)
    except (EffectLimitReached, ContentError) as error:
        raise click.ClickException(str(error)) from None
    bots = [make_agent(kind, seed, seat) for seat, kind in enumerate(kinds)]
    if trace:
        bots = [TracingBot(bot) for bot in bots]
    listener = Listener(trace, replay=replay_path is not None)
    if trace or replay_path is not None or fmt == "json":
        game.listen(listener)  # events cost only when someone listens (events.py)
    try:
        state = game.new_state(seed)
        header = replay_header(loaded, seed, kinds, options)
        if replay_path is None:
            outcome = run_game(game, state, bots)
        else:
            with replay_path.open("w", encoding="utf-8", newline="\n") as stream:
                writer = listener.record_to(ReplayWriter(stream))
                writer.header(**header)
                outcome = run_game(game, state, bots, writer)
                writer.end(outcome.final_hash, game.result(state))
    except EffectLimitReached as error:
        # DESIGN principle 3: a runaway card effect, or a number over an engine limit, ends
        # in a clear error naming the card, not a traceback.
        raise click.ClickException(str(error)) from None
    summary = summarise(game, state, outcome.decisions, outcome.final_hash, listener.tally)
    click.echo(json.dumps(summary, sort_keys=True) if fmt == "json" else _text(summary))


def replay_header(
    loaded: Any, seed: int, kinds: list[str], options: dict[str, Any]
) -> dict[str, Any]:
    """What a replay (or a terminal game's save) records about how its game was made."""
    return {
        **pack_header(loaded),
        "seed": seed,
        "players": len(kinds),
        "seats": kinds,
        "options": options,
        "engine": ENGINE_VERSION,
    }


def _play_in_terminal(
    kinds: list[str],
    seed: int,
    options: dict[str, Any],
    loaded: Any,
    content: Any,
    resume_path: Path | None,
    save_path: Path | None,
    replay_path: Path | None,
    force: bool,
) -> None:
    """Human seats: the terminal interface (tools/tui), new or resumed."""
    from whitedwarf.tools.tui import launch

    target = save_path or resume_path or Path("game.save")
    launch.check_save_target(target, resume_path, force)
    if resume_path is not None:
        session = launch.resumed_session(resume_path, content)
    else:
        try:
            game = Game.from_content(content, len(kinds), options)
        except (EffectLimitReached, ContentError) as error:
            raise click.ClickException(str(error)) from None
        header = replay_header(loaded, seed, kinds, options)
        session = launch.new_session(game, kinds, seed, header)
    if replay_path is not None:
        session.replay_to = str(replay_path)
    launch.run(session, target, Path(session.replay_to) if session.replay_to else None)


class TracingBot:
    """Wraps a bot and prints each choice it makes as one trace line (``events.describe``),
    before the engine applies it and prints what it caused."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, state: Any, seat: int, options: Sequence[Any]) -> str:
        chosen = self.bot.choose(state, seat, options)
        text = next((o.text for o in options if o.id == chosen), chosen)
        decision = {"kind": "decision", "round": state["round"], "seat": seat}
        click.echo(events.describe({**decision, "option": chosen, "text": text}), err=True)
        return chosen


class Tally:
    """Counts, per seat, the action cards played and the card effects that took effect
    (the ``played`` part of the ``--format json`` summary), from the engine's events."""

    def __init__(self) -> None:
        self.actions: dict[int, dict[str, int]] = {}
        self.effects: dict[int, dict[str, int]] = {}

    def __call__(self, event: events.Event) -> None:
        kind = event["kind"]
        if kind == "reveal":
            for seat, card in event["cards"].items():
                _count(self.actions.setdefault(seat, {}), card)
        elif kind == "effect" and event["seat"] is not None and event["seat"] >= 0:
            _count(self.effects.setdefault(event["seat"], {}), event["card"])


def _count(counts: dict[str, int], key: str) -> None:
    counts[key] = counts.get(key, 0) + 1


class Listener:
    """The engine's listener in ``play``: feeds the tally, the trace (one line per event)
    and the replay, which opens after the setup (its events wait until then)."""

    def __init__(self, trace: bool, replay: bool) -> None:
        self.tally = Tally()
        self.trace = trace
        self.replay = replay
        self.writer: ReplayWriter | None = None
        self.early: list[events.Event] = []  # the setup's, until the replay opens

    def record_to(self, writer: ReplayWriter) -> ReplayWriter:
        """Write the events to a replay from now on, those heard so far first."""
        self.writer = writer
        for event in self.early:
            writer.event(event)
        self.early.clear()
        return writer

    def __call__(self, event: events.Event) -> None:
        self.tally(event)
        if self.writer is not None:
            self.writer.event(event)
        elif self.replay:
            self.early.append(event)
        if self.trace:
            click.echo(events.describe(event), err=True)


def summarise(
    game: Game,
    state: dict[str, Any],
    decisions: int,
    final_hash: str,
    tally: Tally | None = None,
) -> dict[str, Any]:
    """The result as one JSON-able object (the documented `--format json` output)."""
    result = game.result(state) or {}
    players = state["players"]
    tally = tally or Tally()
    return {
        "players": [_player_summary(p, tally) for p in players],
        "winner": result.get("winners", [None])[0] if len(result.get("winners", [])) == 1 else None,
        "winners": result.get("winners", []),
        "light": [p["light"] for p in players],
        "techs_in_play": [len(p["techs"]) for p in players],
        "factions": [p["faction"] for p in players],
        "rounds": state["round"],
        "reason": result.get("reason"),
        "tiebreak": result.get("tiebreak"),
        "decisions": decisions,
        "final_hash": final_hash,
    }


def _player_summary(player: dict[str, Any], tally: Tally) -> dict[str, Any]:
    """One seat's light by source and cards kept, built and played (docs/replays.md)."""
    seat = player["seat"]
    stats = player["tech_stats"]
    return {
        "seat": seat,
        "light": player["light"],
        "light_by_source": dict(player["light_by_source"]),
        "techs_drawn": dict(sorted(stats["drawn"].items())),
        "techs_kept": dict(sorted(stats["kept"].items())),
        "techs_built": dict(sorted(stats["built"].items())),
        "achievements_played": list(player["achievements_done"]),
        "actions_played": dict(sorted(tally.actions.get(seat, {}).items())),
        "effects": dict(sorted(tally.effects.get(seat, {}).items())),
    }


def _text(summary: dict[str, Any]) -> str:
    winners = summary["winners"]
    head = (
        f"winner: seat {winners[0]}"
        if len(winners) == 1
        else "shared win: seats " + ", ".join(map(str, winners))
    )
    lines = [f"{head} after {summary['rounds']} rounds ({summary['reason']})"]
    for seat, light in enumerate(summary["light"]):
        techs = summary["techs_in_play"][seat]
        lines.append(
            f"  seat {seat} ({summary['factions'][seat]}): {light} light, "
            f"{techs} tech{'' if techs == 1 else 's'} in play"
        )
    lines.append(f"final state hash: {summary['final_hash']}")
    return "\n".join(lines)
