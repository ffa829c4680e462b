"""``whitedwarf explain PACK``: why the game is the way it is (docs/explain.md).

Plays paired batches on the same seeds (``interpreter/simulation/explaining.py`` says which
and what they show): the pack as it is at each player count, each card given to one seat,
the pairs of cards most likely to combine, and each of the game's restricted-play probes
(``GameEngine.probes``). Writes ``OUT/explain.json`` and ``OUT/explain.html`` (sentences on
top, then the plots and tables) and prints the sentences. Every game's record is appended to
its arm's file in ``OUT/arms/`` as it finishes, so Ctrl-C keeps them and ``--resume OUT``
plays only the rest, to the same result.
"""

from __future__ import annotations

import dataclasses
import html
import json
import math
import multiprocessing
import re
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import click
from whitedwarf.dsl.suggest import did_you_mean
from whitedwarf.interpreter.agents import values
from whitedwarf.interpreter.agents.restricted import TAKE, Probe, probe_named, taking
from whitedwarf.interpreter.engines import MOST_ROUNDS
from whitedwarf.interpreter.simulation import explaining as ex
from whitedwarf.interpreter.simulation import plots, store
from whitedwarf.interpreter.simulation.batch import (
    BatchConfig,
    content_for,
    prepare_agents,
    run_indices,
)
from whitedwarf.interpreter.simulation.labels import printable_path
from whitedwarf.interpreter.simulation.offers import PLAYING
from whitedwarf.interpreter.simulation.workers import usable_cores
from whitedwarf.tools import ctrl_c
from whitedwarf.tools.atomic import cannot_write_in, write_atomically
from whitedwarf.tools.batch_run import clock_time, time_left
from whitedwarf.tools.exits import Interrupted, OutputExists
from whitedwarf.tools.kept_settings import ANY, TEXT, TEXTS, check_kept, optional, whole
from whitedwarf.tools.out_folder import refuse_foreign_outputs
from whitedwarf.tools.seed_param import SEED_RANGE, seed_option
from whitedwarf.tools.session import PACK_PATH_OPTION, ROUND_LIMIT_OPTION, load_game
from whitedwarf.tools.simulate import (
    SETTING_OPTION,
    WORKERS_OPTION,
    batch_config,
    refuse_settings_with_resume,
)

SETTINGS = "explain-settings.json"
ARMS = "arms"
#: The player count measured unless told (clamped to the game's).
DEFAULT_PLAYERS = 4
#: With every probe (``--probes all``): "always take X" for this many cards, the largest
#: effects on their holder first.
TAKE_CARDS = 3


@click.command("explain")
@click.argument("pack", required=False)
@PACK_PATH_OPTION
@click.option(
    "--players",
    type=click.IntRange(1, 5),
    default=None,
    help=f"seats of the card, pair and probe games [default: {DEFAULT_PLAYERS}, or the "
    "game's most]; the first seat is measured at every player count",
)
@click.option(
    "--games",
    type=click.IntRange(2, 100_000),
    default=32,
    show_default=True,
    help="paired games of each arm (each card, pair, probe and player count)",
)
@click.option(
    "--agents",
    "agent",
    default="heuristic",
    show_default=True,
    help="the agent in every seat (the strongest that runs fast enough: heuristic; strong "
    "is far slower)",
)
@click.option(
    "--cards",
    metavar="CARD,...",
    help="the cards to measure [default: the game's main cards: Last Light's techs, "
    "Starlight's Flares]",
)
@click.option(
    "--pairs",
    type=click.IntRange(0, 1000),
    default=10,
    show_default=True,
    help="pairs of cards to test for a combo at most",
)
@click.option(
    "--probes",
    default="all",
    show_default=True,
    metavar="NAME,...|all|none",
    help="the restricted-play probes to try (Last Light: always_trade, never_build_ships, ...)",
)
@seed_option("the games' seed")
@ROUND_LIMIT_OPTION
@SETTING_OPTION
@WORKERS_OPTION
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="the folder of the explanation (explain.json, explain.html, arms/) "
    "[default: explain-PACK in the current folder]",
)
@click.option(
    "--resume",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="continue the interrupted explanation in this folder (its settings are kept)",
)
@click.option("--force", is_flag=True, help="start again in an --out that holds one")
@click.option("--quiet", "-q", is_flag=True, help="show no progress")
def explain(**options: Any) -> None:
    """Say why the game is the way it is: each card's effect on its holder, the combos, the
    degenerate strategies and the first seat's advantage, with intervals.

    PACK is a pack folder or a bundled pack's id (lastlight, starlight); not needed with
    --resume.
    """
    resume: Path | None = options["resume"]
    if resume is not None:
        refuse_settings_with_resume(click.get_current_context(), _KEPT, "explanation")
        out = resume
        try:
            settings = json.loads((out / SETTINGS).read_text("utf-8"))
        except (OSError, ValueError):
            raise click.ClickException(
                f"{out}: no explanation to resume here ({SETTINGS} is missing or damaged)"
            ) from None
        check_kept(out / SETTINGS, settings, _KEPT_RULES, "explanation")
        settings["workers"], settings["quiet"] = options["workers"], options["quiet"]
    else:
        if options["pack"] is None:
            raise click.UsageError("name the PACK to explain (or --resume DIR)")
        out = options["out"] or Path(f"explain-{Path(options['pack']).name}")
        if (out / SETTINGS).exists() and not options["force"]:
            raise OutputExists(
                f"{out} holds an explanation: continue it with --resume {out}, or use --force"
            )
        written = (ARMS, "explain.json", "explain.html")
        refuse_foreign_outputs(out, written, options["force"], SETTINGS, "explanation")
        settings = _settings(options)
    run = Explanation(out, settings)
    if resume is None:
        try:
            out.mkdir(parents=True, exist_ok=True)
            for old in (out / ARMS).glob("*.jsonl"):  # an earlier run's, with --force
                old.unlink()
            store.write_json(out / SETTINGS, settings)
        except OSError as error:
            raise click.ClickException(cannot_write_in(out, error)) from None
    run.run()


#: The options a resumed explanation keeps from its first run (given again, refused).
_KEPT = {
    "pack": "PACK",
    "pack_paths": "--pack-path",
    "players": "--players",
    "games": "--games",
    "agent": "--agents",
    "cards": "--cards",
    "pairs": "--pairs",
    "probes": "--probes",
    "seed": "--seed",
    "round_limit": "--round-limit",
    "settings": "--option",
}


#: What each kept setting may be: what its option accepts (workers and quiet are the
#: resuming command's own; the digest is the packs' when the explanation started).
_KEPT_RULES = {
    "pack": TEXT,
    "pack_paths": TEXTS,
    "players": optional(whole(1, 5)),
    "games": whole(2, 100_000),
    "agent": TEXT,
    "cards": TEXTS,
    "pairs": whole(0, 1000),
    "probes": TEXT,
    "seed": whole(*SEED_RANGE),
    "round_limit": whole(1, MOST_ROUNDS),
    "options": TEXTS,
    "workers": ANY,
    "quiet": ANY,
    "digest": optional(TEXT),
}


def _settings(options: dict[str, Any]) -> dict[str, Any]:
    """The command line as the explanation's settings (kept for --resume), checked."""
    from whitedwarf.interpreter.simulation.tuning import TuneError
    from whitedwarf.tools.tune_pack import resolve_pack

    try:
        folder = resolve_pack(options["pack"])
    except TuneError as error:
        raise click.BadParameter(str(error), param_hint="PACK") from None
    agent = options["agent"].strip()
    if "," in agent:
        raise click.BadParameter(
            "give one agent: it plays every seat (the probes restrict one of them)",
            param_hint="--agents",
        )
    return {
        "pack": str(folder.resolve()),
        "pack_paths": [str(Path(p).resolve()) for p in options["pack_paths"]],
        "players": options["players"],
        "games": options["games"],
        "agent": agent,
        "cards": [c.strip() for c in (options["cards"] or "").split(",") if c.strip()],
        "pairs": options["pairs"],
        "probes": options["probes"].strip(),
        "seed": options["seed"],
        "round_limit": options["round_limit"],
        "options": list(options["settings"]),
        "workers": options["workers"],
        "quiet": options["quiet"],
    }


class Explanation:
    """One explanation in its folder: its arms, their games, the findings."""

    def __init__(self, out: Path, settings: dict[str, Any]) -> None:
        self.out, self.settings = out, settings
        self.started = time.monotonic()
        folder = Path(settings["pack"])
        paths = tuple(Path(p) for p in settings["pack_paths"])
        loaded = load_game((folder,), paths)  # diagnostics and exit 1 on a broken pack
        self.engine = loaded.engine
        fewest, most = self.engine.players
        players = settings["players"] or min(max(DEFAULT_PLAYERS, fewest), most)
        if not fewest <= players <= most:
            raise click.BadParameter(
                f"{self.engine.title} is for {fewest} to {most} players, not {players}",
                param_hint="--players",
            )
        self.players = players
        self.configs: dict[int, BatchConfig] = {}
        # Why the first seat is not measured at a player count the options do not fit
        # (`--players 3 --option factions=a,b,c`: three seats named, and 2 players have two).
        self.unplayed: dict[int, str] = {}
        for count in sorted({players, *range(max(2, fewest), most + 1)}):
            try:
                self.configs[count] = batch_config(
                    (folder,),
                    paths,
                    count,
                    settings["games"],
                    settings["agent"],
                    settings["seed"],
                    settings["round_limit"],
                    tuple(settings["options"]),
                )
            except click.BadParameter as refused:
                if count == players or refused.param_hint != "--option":
                    raise
                self.unplayed[count] = refused.message
        digest = self.configs[players].digest
        if settings.setdefault("digest", digest) != digest:
            raise click.ClickException(
                f"{folder} changed since this explanation started: its games would not be the "
                "same; start a new one with --out (or --force)"
            )
        self.cards, self.texts, self.names = self._cards(loaded)
        self.removed = loaded.pack.removed  # ids a mod removed: said so by --probes take:
        self.probes = self._probes(settings.get("probes", "all"))

    def _probes(self, text: str) -> list[Probe]:
        """The probes of ``--probes`` (all, none, or names), checked against the game's; a
        ``take:CARD`` probe against the pack's cards."""
        known = list(self.engine.probes)
        if text == "all":
            return known
        if text == "none":
            return []
        chosen = []
        for name in (n.strip() for n in text.split(",") if n.strip()):
            if name.startswith(TAKE):
                card = name.removeprefix(TAKE)
                if card not in self.texts:
                    close = did_you_mean(card, self.texts)
                    hint = f"; {close}" if close else ""
                    if card in self.removed:
                        hint = f": {self.removed[card]}"
                    raise click.BadParameter(
                        f"{name}: no card {card!r} in the pack{hint}", param_hint="--probes"
                    )
                chosen.append(taking(card, PLAYING, self.names.get(card, card)))
                continue
            try:
                chosen.append(probe_named(known, name))
            except KeyError as error:
                close = did_you_mean(name, [p.name for p in known])
                hint = f"; {close}" if close else ""
                raise click.BadParameter(
                    f"{error.args[0]} of {self.engine.title}{hint}", param_hint="--probes"
                ) from None
        return chosen

    def _cards(self, loaded: Any) -> tuple[list[str], dict[str, str], dict[str, str]]:
        """The cards to measure (checked), and every givable card's effect text and name."""
        from whitedwarf.interpreter.simulation.batch import game_settings
        from whitedwarf.interpreter.simulation.gifts import (
            Gift,
            GiftError,
            card_kind,
            check_gifts,
            giver,
        )

        try:
            how = giver(self.engine)
        except GiftError as error:
            raise click.ClickException(f"explain: {error}") from None
        options = self.engine.game_options(["live"] * self.players, self.settings["round_limit"])
        game = self.engine.game.from_content(loaded.content, self.players, options)
        tables = how.cards(game)
        texts: dict[str, str] = {}
        names: dict[str, str] = {}
        for kind in how.kinds:
            for card, data in tables.get(kind, {}).items():
                texts[card] = _effect_text(data)
                names[card] = str(data.get("name", card)) if isinstance(data, dict) else card
        wanted = self.settings["cards"]
        if not wanted:
            kinds = self.engine.explained_kinds or how.kinds[:1]
            return sorted(c for k in kinds for c in tables.get(k, {})), texts, names
        config = self.configs[self.players]
        # a card the game refuses to give in a dry run (a god without --option gods=true)
        # would stop every game of its arm with that error, and leave nothing measured
        dealt = {**options, **game_settings(config)}
        for card in wanted:
            try:
                card_kind(how, tables, card)
                check_gifts(self.engine, loaded.content, self.players, dealt, [Gift(0, card)])
            except GiftError as error:
                said = str(error).removeprefix(f"0:{card}: ")
                raise click.BadParameter(said, param_hint="--cards") from None
        if len(set(wanted)) < 1:
            raise click.BadParameter("name at least one card", param_hint="--cards")
        return list(dict.fromkeys(wanted)), texts, names

    # -- the arms ---------------------------------------------------------------------------

    def first_arms(self) -> list[ex.Arm]:
        """What is played before the pairs are chosen: every player count as it is, each
        card, each probe."""
        arms = [ex.baseline(count) for count in self.configs]
        arms += [ex.card_arm(card, self.players) for card in self.cards]
        arms += [ex.probe_arm(p.name, self.players) for p in self.probes]
        return arms

    def path(self, arm: ex.Arm) -> Path:
        return self.out / ARMS / (re.sub(r"[^A-Za-z0-9_.@+-]", "_", arm.name) + ".jsonl")

    def kept(self, arm: ex.Arm) -> list[dict[str, Any]]:
        """The records of ``arm`` already played: the complete lines of its file (a last
        line cut short by Ctrl-C is dropped, and the file written again without it). A
        whole line that is not its game's record (an edited file) is refused at its line,
        the file left as it is: it was taken for the end, and every game after it dropped."""
        path = self.path(arm)
        if not path.exists():
            return []
        records: list[dict[str, Any]] = []
        try:
            text = path.read_text("utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise click.ClickException(f"{path}: cannot be read ({error})") from None
        for number, line in enumerate(text.splitlines(keepends=True), 1):
            if not line.endswith("\n"):
                break  # the last line, cut short by an interruption
            try:
                record = json.loads(line)
            except (ValueError, RecursionError):
                record = None
            problem = store.record_problem(record, len(records))
            if problem is not None:
                raise click.ClickException(
                    f"{path}:{number}: {problem}; the explanation was left as it is (delete "
                    "this line and those after it to play those games again)"
                )
            records.append(record)
        if len(records) > self.settings["games"]:
            records = records[: self.settings["games"]]
        good = "".join(json.dumps(r, sort_keys=True) + "\n" for r in records)
        if good != text:
            write_atomically(path, good)
        return records

    def play(self, arms: Sequence[ex.Arm], progress: _Progress) -> dict[str, list[dict[str, Any]]]:
        """Every game of ``arms`` not yet played, appended to their files; all their records."""
        records = {arm.name: self.kept(arm) for arm in arms}
        tasks = [
            (arm, index)
            for arm in arms
            for index in range(len(records[arm.name]), self.settings["games"])
        ]
        progress.advance(sum(len(r) for r in records.values()))
        if tasks:  # card values learned here, once, the first time a pack is played
            with values.progress_shown(not self.settings["quiet"]):
                for config in self.configs.values():
                    prepare_agents(config)
        (self.out / ARMS).mkdir(parents=True, exist_ok=True)
        files = {arm.name: self.path(arm).open("a", encoding="utf-8") for arm in arms}
        try:
            for arm, record in ctrl_c.each_heard(self._games(tasks)):
                files[arm.name].write(json.dumps(record, sort_keys=True) + "\n")
                files[arm.name].flush()
                records[arm.name].append(record)
                progress.advance(1)
        finally:
            for handle in files.values():
                handle.close()
        return records

    def _games(self, tasks: list[tuple[ex.Arm, int]]) -> Iterator[tuple[ex.Arm, dict[str, Any]]]:
        jobs = [(self._config(arm, index), index) for arm, index in tasks]
        workers = min(self.settings["workers"] or usable_cores(), len(jobs))
        if workers <= 1:
            for (arm, _), (config, index) in zip(tasks, jobs, strict=True):
                yield arm, run_indices(config, [index])[0]
            return
        content_for(self.configs[self.players])  # loaded once here, so forked workers have it
        # forking a process that runs threads can deadlock: spawn then (workers.py does so)
        method = "spawn" if threading.active_count() > 1 else "fork"
        pool = multiprocessing.get_context(method).Pool(workers, initializer=_ignore_interrupts)
        try:
            for (arm, _), record in zip(
                tasks, pool.imap(_play_one, jobs, chunksize=2), strict=True
            ):
                yield arm, record
            pool.close()
        finally:
            pool.terminate()
            pool.join()

    def _config(self, arm: ex.Arm, index: int) -> BatchConfig:
        base = self.configs[arm.players]
        return dataclasses.replace(base, extra={**base.extra, **arm.extra(index)})

    # -- the run ----------------------------------------------------------------------------

    def run(self) -> None:
        games = self.settings["games"]
        first = self.first_arms()
        # with --probes all, "always take X" for the cards of the largest effects too
        takes = TAKE_CARDS if self.settings.get("probes", "all") == "all" else 0
        most = min(self.settings["pairs"], _most_pairs(len(self.cards)))
        total = games * (len(first) + most + min(takes, len(self.cards)))
        progress = _Progress(total, self.settings["quiet"])
        try:
            with progress:
                records = self.play(first, progress)
                effects = self._card_effects(records)
                chosen = ex.choose_pairs(effects, self.texts, self.settings["pairs"])
                second = [ex.pair_arm(c["pair"][0], c["pair"][1], self.players) for c in chosen]
                names = {p.name for p in self.probes}
                taken = [
                    taking(e["card"], PLAYING, self.names.get(e["card"], e["card"]))
                    for e in effects[:takes]
                ]
                taken = [p for p in taken if p.name not in names]
                self.probes += taken
                second += [ex.probe_arm(p.name, self.players) for p in taken]
                progress.total(games * (len(first) + len(second)))
                records |= self.play(second, progress)
        except KeyboardInterrupt:
            raise Interrupted(
                f"the games played are kept in {self.out / ARMS}; continue with "
                f"whitedwarf explain --resume {self.out}"
            ) from None
        self._report(records, effects, chosen)

    def _card_effects(self, records: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
        none = records[ex.baseline(self.players).name]
        rates = ex.play_rates(none)
        effects = []
        for card in self.cards:
            effect = ex.card_effect(card, records[ex.card_arm(card, self.players).name], none)
            rate = rates.get(card, {"held": 0, "played": 0})
            effect["play"] = {
                **rate,
                "rate": rate["played"] / rate["held"] if rate["held"] else None,
            }
            effects.append(effect)
        ex.holm_marked(effects, "score", positive=False)
        for effect in effects:
            effect["significant"] = effect["significant"] and effect["score"]["difference"] > 0
        effects.sort(key=lambda e: -e["score"]["difference"])
        return effects

    def _report(
        self,
        records: dict[str, list[dict[str, Any]]],
        effects: list[dict[str, Any]],
        chosen: list[dict[str, Any]],
    ) -> None:
        none = records[ex.baseline(self.players).name]
        pairs = []
        for choice in chosen:
            a, b = choice["pair"]
            row = ex.interaction(
                (a, b),
                records[ex.pair_arm(a, b, self.players).name],
                records[ex.card_arm(a, self.players).name],
                records[ex.card_arm(b, self.players).name],
                none,
            )
            row["why"] = choice["why"]
            pairs.append(row)
        ex.holm_marked(pairs, "score")
        probes = []
        for probe in self.probes:
            row = ex.probe_effect(
                probe.name, records[ex.probe_arm(probe.name, self.players).name], none
            )
            row["says"] = probe.says
            probes.append(row)
        ex.holm_marked(probes, "win")
        first = [ex.first_seat(records[ex.baseline(c).name], c) for c in self.configs]
        played = sum(len(r) for r in records.values())
        result: dict[str, Any] = {
            "pack": printable_path(Path(self.settings["pack"]).name),
            "game": self.engine.name,
            "players": self.players,
            "games": self.settings["games"],
            "agent": self.settings["agent"],
            "seed": self.settings["seed"],
            "score": ex.score_name(none[0]) if none else "score",
            "played": played,
            "errors": sum(1 for r in records.values() for g in r if "error" in g),
            "cards": effects,
            "pairs": pairs,
            "probes": probes,
            "first_seat": first,
            "first_seat_unplayed": [
                {"players": count, "why": why} for count, why in sorted(self.unplayed.items())
            ],
            "names": {c: self.names.get(c, c) for c in self.cards},
        }
        result["sentences"] = ex.sentences(result, self.names)
        store.write_json(self.out / "explain.json", result)
        (self.out / "explain.html").write_text(_html(result), "utf-8")
        for line in result["sentences"]:
            click.echo(f"- {line}")
        seconds = time.monotonic() - self.started
        click.echo(f"report: {self.out / 'explain.html'} ({seconds:.0f} s)")


def _most_pairs(cards: int) -> int:
    return cards * (cards - 1) // 2


def _effect_text(data: Any) -> str:
    """A card's effect as text, for its hooks (the words of its ``effect``, else the card)."""
    if isinstance(data, dict):
        effect = data.get("effect")
        if isinstance(effect, str):
            return effect
        return " ".join(str(v) for k, v in data.items() if k not in ("name", "text", "notes"))
    return str(data)


def _play_one(job: tuple[BatchConfig, int]) -> dict[str, Any]:
    config, index = job
    return run_indices(config, [index])[0]


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and keeps what is written."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


# -- the page ---------------------------------------------------------------------------------


def _html(result: dict[str, Any]) -> str:
    """The report: its sentences, then a plot and a table for each kind of finding."""
    names = result["names"]
    score = result["score"]

    def name(card: str) -> str:
        return str(names.get(card, card))

    cards_plot = _score_bars(
        f"Each card's effect on its holder's {score} (95% interval; ★ significant)",
        [
            (name(c["card"]), c["score"]["difference"], c["score"]["low"], c["score"]["high"],
             c["significant"])
            for c in result["cards"][:30]
        ],
    )  # fmt: skip
    cards = _table(
        ("card", f"{score} effect (95% interval)", "win rate effect (95% interval)",
         "share of holder's " + score, "played when held", "Holm p"),
        [
            (name(c["card"]), _interval(c["score"]), _interval(c["win"], pct=True),
             _share(c["share"]), _rate(c["play"]), ex.p_text(c["p_holm"]))
            for c in result["cards"]
        ],
    )  # fmt: skip
    pairs_plot = _score_bars(
        f"Interaction of each pair on the holder's {score} (95% interval; ★ a combo)",
        [
            (f"{name(p['pair'][0])} + {name(p['pair'][1])}", p["score"]["difference"],
             p["score"]["low"], p["score"]["high"], p["significant"])
            for p in result["pairs"]
        ],
    )  # fmt: skip
    pairs = _table(
        ("pair", "why tested", f"interaction on {score} (95% interval)",
         f"joint effect on {score}", "Holm p"),
        [
            (f"{name(p['pair'][0])} + {name(p['pair'][1])}", p["why"], _interval(p["score"]),
             _interval(p["joint"]), ex.p_text(p["p_holm"]))
            for p in result["pairs"]
        ],
    )  # fmt: skip
    probes_plot = (
        plots.interval_bars(
            "Each probe's wins minus the agent's in the same seat (95% interval; ★ degenerate)",
            [
                (p["probe"], p["win"]["difference"], p["win"]["low"], p["win"]["high"],
                 p["significant"])
                for p in result["probes"]
            ],
            reference=0.0,
            lowest=-1.0,
        )
        if result["probes"]
        else ""
    )  # fmt: skip
    probes = _table(
        ("probe", "rule", "win rate effect (95% interval)", f"{score} effect", "Holm p"),
        [
            (p["probe"], p["says"], _interval(p["win"], pct=True), _interval(p["score"]),
             ex.p_text(p["p_holm"]))
            for p in result["probes"]
        ],
    )  # fmt: skip
    seats_plot = plots.interval_bars(
        "Seat 0's share of the wins by player count (95% interval)",
        [
            (f"{r['players']} players", r["share"] or 0.0, r["low"], r["high"], r["p"] < 0.05)
            for r in result["first_seat"]
        ],
    )
    seats = _table(
        ("players", "games", "seat 0 wins", "fair", "p"),
        [
            (r["players"], r["games"], _interval_share(r), f"{100 * r['fair']:.0f}%",
             f"{r['p']:.3f}")
            for r in result["first_seat"]
        ],
    )  # fmt: skip
    sentences = "".join(f"<li>{html.escape(s)}</li>" for s in result["sentences"])
    title = html.escape(f"explain: {result['pack']}")
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title><style>"
        "body{font-family:sans-serif;max-width:64em;margin:2em auto}td,th{padding:.2em .6em;"
        "border-bottom:1px solid #ccc;text-align:left}svg{max-width:100%}</style></head><body>"
        f"<h1>{title}</h1><ul>{sentences}</ul>"
        f"<h2>Cards</h2><p>Each card given to one seat (a different one each game) against "
        f"the same seat in the same game without it.</p>{cards_plot}{cards}"
        f"<h2>Pairs</h2><p>The interaction is both cards minus each alone plus neither, game "
        f"by game; more than 0: a combo.</p>{pairs_plot}{pairs}"
        f"<h2>Restricted play</h2>{probes_plot}{probes}"
        f"<h2>First seat</h2>{seats_plot}{seats}</body></html>"
    )


#: The half-ranges a plot of score effects may span: the smallest that holds every interval.
_SPANS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)


def _score_bars(title: str, rows: Sequence[tuple[str, float, float, float, bool]]) -> str:
    """Horizontal bars of score effects (name, value, low, high, marked) from 0, with their
    interval whiskers, on the smallest symmetric scale that holds them (``plots.py``'s
    style: its bars are of rates and shares, these of light or points)."""
    if not rows:
        return ""
    reach = max(
        (abs(v) for _, *values, _m in rows for v in values if math.isfinite(v)), default=0.0
    )
    top = float(next((span for span in _SPANS if reach <= span), _SPANS[-1]))
    width, left, bar = plots.WIDTH, plots.LEFT, plots.BAR
    span = width - left - 40
    height = 40 + bar * len(rows)

    def x(value: float) -> float:
        value = min(max(value, -top), top) if math.isfinite(value) else math.copysign(top, value)
        return left + span * (value + top) / (2 * top)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="plot" role="img" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" '
        f'font-size="12"><title>{html.escape(title)}</title>'
    ]
    for i, (label, value, low, high, marked) in enumerate(rows):
        y = 24 + i * bar
        colour = plots.COLOURS[3] if marked else plots.COLOURS[0]
        parts.append(
            f'<text x="{left - 6}" y="{y + 14}" text-anchor="end">{html.escape(label)}'
            f"{' ★' if marked else ''}</text>"
            f'<rect x="{min(x(value), x(0)):.1f}" y="{y + 3}" '
            f'width="{abs(x(value) - x(0)):.1f}" height="{bar - 8}" fill="{colour}"/>'
            f'<line x1="{x(low):.1f}" x2="{x(high):.1f}" y1="{y + 11}" y2="{y + 11}" '
            'stroke="#222" stroke-width="1.5"/>'
        )
    parts.append(
        f'<line x1="{x(0):.1f}" x2="{x(0):.1f}" y1="18" y2="{height - 12}" '
        'stroke="#888" stroke-dasharray="4 3"/>'
    )
    for k in range(5):
        tick = -top + top * k / 2
        shown = "0" if tick == 0 else f"{tick:+g}"
        parts.append(
            f'<text x="{x(tick):.1f}" y="{height - 2}" text-anchor="middle" '
            f'fill="#555">{shown}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _interval(row: dict[str, Any], pct: bool = False) -> str:
    if pct:
        return (
            f"{100 * row['difference']:+.0f} points ({100 * row['low']:+.0f} to "
            f"{100 * row['high']:+.0f})"
        )
    return f"{row['difference']:+.1f} ({row['low']:+.1f} to {row['high']:+.1f})"


def _share(share: dict[str, Any]) -> str:
    if share["difference"] is None:
        return "n/a"
    return (
        f"{100 * share['difference']:.0f}% ({100 * share['low']:.0f}% to "
        f"{100 * share['high']:.0f}%)"
    )


def _rate(play: dict[str, Any]) -> str:
    if play["rate"] is None:
        return "never held"
    return f"{100 * play['rate']:.0f}% of {play['held']}"


def _interval_share(row: dict[str, Any]) -> str:
    if row["share"] is None:
        return "n/a"
    return f"{100 * row['share']:.0f}% ({100 * row['low']:.0f}% to {100 * row['high']:.0f}%)"


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    if not rows:
        return "<p>none</p>"
    cells = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>"
        for row in rows
    )
    heads = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    return f"<table><tr>{heads}</tr>{cells}</table>"


class _Progress:
    """A bar of games on a terminal, a line about every 10 s elsewhere; none with --quiet."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.count, self.quiet, self.done = total, quiet, 0
        self.bar: Any = None
        self.task: Any = None
        self.said = self.start = time.monotonic()

    def __enter__(self) -> _Progress:
        if not self.quiet and sys.stderr.isatty():
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(
                TextColumn("explaining"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
            )
            self.bar.start()
            self.task = self.bar.add_task("", total=self.count)
        return self

    def __exit__(self, *_: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def total(self, count: int) -> None:
        self.count = count
        if self.bar is not None:
            self.bar.update(self.task, total=count)

    def advance(self, games: int) -> None:
        self.done += games
        if self.bar is not None:
            self.bar.update(self.task, completed=self.done)
        elif (
            games
            and not self.quiet
            and (time.monotonic() - self.said >= 10 or self.done == self.count)
        ):  # (a stage with nothing left to play says nothing: no second "8 of 8")
            self.said = time.monotonic()
            click.echo(f"explaining: {self.done} of {self.count} games{self._time()}", err=True)

    def _time(self) -> str:
        """How long the games have taken, and, before the last, about how long is left (as
        simulate's lines say it)."""
        elapsed = time.monotonic() - self.start
        if self.done >= self.count:
            return f" in {clock_time(elapsed)}"
        return ", " + time_left(elapsed, self.done, self.count - self.done)
