"""``whitedwarf tune PACK``: find the smallest change of a pack's numbers that meets its targets.

The designer says what fair means (``--targets FILE`` or ``--target fair`` and the flags)
and what may move (the invented cards that miss, ``--move CARD``, ``--move-all-invented``);
tune plays the pack as it is, then candidates (each a mod pack of the changed cards, played
on the same seeds: common random numbers), searched by Optuna from the smallest changes up
(``interpreter/simulation/tuning.py``), a clearly bad one dropped after a block of games.
The best is played again with the pack as it was on fresh seeds, and written: a mod pack in
``OUT/pack/`` that replaces only the cards it changed, ``OUT/tune.json`` and ``OUT/tune.html``
(before and after per target). ``--write`` changes the pack itself (with a backup),
``--dry-run`` prints that change as a diff. Ctrl-C keeps every candidate played;
``--resume OUT`` replays them and goes on to the same result (docs/tune.md).
"""

from __future__ import annotations

import dataclasses
import hashlib
import html
import json
import shutil
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import click
from whitedwarf.dsl.counts import counted
from whitedwarf.dsl.suggest import did_you_mean
from whitedwarf.interpreter.agents import values as card_values
from whitedwarf.interpreter.engines import MOST_ROUNDS
from whitedwarf.interpreter.simulation import store
from whitedwarf.interpreter.simulation.batch import (
    BatchConfig,
    BatchError,
    content_digest,
    content_for,
    prepare_agents,
)
from whitedwarf.interpreter.simulation.tuning import (
    MIN_SEATED,
    Evaluation,
    Knob,
    Play,
    Record,
    Targets,
    TuneError,
    TuneOptionError,
    optuna_module,
    race,
    search,
    targets_from,
)
from whitedwarf.interpreter.simulation.workers import run_local, usable_cores
from whitedwarf.tools import ctrl_c, tune_pack
from whitedwarf.tools.atomic import cannot_write_in, write_atomically
from whitedwarf.tools.exits import Interrupted, OutputExists
from whitedwarf.tools.kept_settings import (
    ANY,
    FLAG,
    MAPPING,
    PLACES,
    TEXT,
    TEXTS,
    check_kept,
    optional,
    whole,
)
from whitedwarf.tools.number_param import Finite
from whitedwarf.tools.out_folder import refuse_foreign_outputs
from whitedwarf.tools.seed_param import SEED_RANGE, seed_option
from whitedwarf.tools.session import PACK_PATH_OPTION, ROUND_LIMIT_OPTION
from whitedwarf.tools.simulate import (
    AGENTS_OPTION,
    CLUSTER_OPTION,
    SETTING_OPTION,
    WORKERS_OPTION,
    batch_config,
    cluster_security,
    refuse_settings_with_resume,
    tls_options,
)

SETTINGS = "tune-settings.json"
JOURNAL = "journal.json"
#: The confirmation's seeds: the search's seed plus this, so no game of it was searched on.
FRESH = 1_000_003


@click.command("tune")
@click.argument("pack", required=False)
@PACK_PATH_OPTION
@click.option(
    "--targets",
    "targets_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="a YAML file of targets (docs/tune.md): players, fair, first_seat, length, cards",
)
@click.option(
    "--target",
    type=click.Choice(["fair"]),
    default="fair",
    show_default=True,
    help="every faction, god or laurel set within the fair share +- --tolerance",
)
@click.option(
    "--tolerance",
    type=Finite(0, 1),
    default=0.1,
    show_default=True,
    help="how far from the fair share a side may win (0.1: 10 points)",
)
@click.option(
    "--players",
    "player_counts",
    type=click.IntRange(1, 5),
    multiple=True,
    help="a player count to meet the targets at (repeatable; default 4)",
)
@click.option(
    "--first-seat",
    type=Finite(0, 1),
    default=None,
    help="the first seat wins at most the fair share plus this",
)
@click.option("--length", metavar="MIN-MAX", help="the median game lasts MIN to MAX rounds")
@click.option(
    "--built",
    "built",
    multiple=True,
    metavar="CARD=LOW-HIGH",
    help="a card built by LOW to HIGH of the seats that kept it: my_tech=0.2-0.4",
)
@click.option(
    "--move",
    "move",
    multiple=True,
    metavar="CARD",
    help="a card whose numbers may move (repeatable; a rulebook card only so)",
)
@click.option("--move-all-invented", is_flag=True, help="let every invented card's numbers move")
@click.option(
    "--range",
    "ranges",
    multiple=True,
    metavar="CARD:WHERE=LOW..HIGH",
    help="keep a number inside part of its declared range: sunborn:effect[0]=1..3",
)
@AGENTS_OPTION
@click.option(
    "--games",
    type=click.IntRange(2, 100_000),
    default=40,
    show_default=True,
    help="games a candidate plays at each player count (the same seeds for all)",
)
@click.option(
    "--block",
    type=click.IntRange(1, 100_000),
    default=None,
    help="games between two looks at a candidate (racing) [default: games/4]",
)
@click.option(
    "--budget",
    type=click.IntRange(1, 10_000),
    default=20,
    show_default=True,
    help="candidates to try at most",
)
@click.option(
    "--confirm-games",
    type=click.IntRange(1, 1_000_000),
    default=None,
    help="fresh games confirming the change [default: 2 x --games]",
)
@seed_option("the search's seed")
@ROUND_LIMIT_OPTION
@SETTING_OPTION
@WORKERS_OPTION
@CLUSTER_OPTION
@tls_options
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="the folder of the tuning (pack/, tune.json, tune.html); required unless --resume",
)
@click.option(
    "--resume",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="continue the interrupted tuning in this folder (its settings are kept)",
)
@click.option("--force", is_flag=True, help="start again in an --out that holds a tuning")
@click.option("--write", is_flag=True, help="change the pack's own files (each backed up first)")
@click.option(
    "--dry-run", is_flag=True, help="print the change as a diff of the pack's files; write no pack"
)
@click.option("--quiet", "-q", is_flag=True, help="show no progress")
def tune(**options: Any) -> None:
    """Find the smallest change of a pack's numbers that makes it fair, and prove it.

    PACK is a pack folder (not needed with --resume). Its invented cards' numbers move
    within the ranges the language declares; the change is a mod pack in OUT/pack/ with a
    report (OUT/tune.html) confirming each target on fresh seeds.
    """
    resume: Path | None = options["resume"]
    if options["write"] and options["dry_run"]:  # --dry-run won, and --write was ignored
        raise click.UsageError(
            "--dry-run prints the change and writes nothing, --write makes it in the pack's "
            "files: give one of them"
        )
    options["tls"] = [options["tls_ca_file"], options["tls_cert"], options["tls_key"]]
    cluster_security(options["cluster"], *options["tls"])  # refused here when they disagree
    if resume is not None:
        refuse_settings_with_resume(click.get_current_context(), _KEPT, "tuning")
        out = resume
        try:
            settings = json.loads((out / SETTINGS).read_text("utf-8"))
        except (OSError, ValueError):
            raise click.ClickException(
                f"{out}: no tuning to resume here ({SETTINGS} is missing or damaged)"
            ) from None
        check_kept(out / SETTINGS, settings, _KEPT_RULES, "tuning")
        for key in ("workers", "cluster", "tls", "quiet", "write", "dry_run"):
            settings[key] = options[key]
    else:
        if options["pack"] is None:
            raise click.UsageError("name the PACK to tune (or --resume DIR)")
        if options["out"] is None:
            raise click.UsageError("give --out DIR for the tuning's files (or --resume DIR)")
        out = options["out"]
        settings = _settings(options)
        if (out / SETTINGS).exists() and not options["force"]:
            raise OutputExists(
                f"{out} holds a tuning: continue it with --resume {out}, or use --force"
            )
        written = (JOURNAL, "candidates", "pack", "tune.json", "tune.html")
        refuse_foreign_outputs(out, written, options["force"], SETTINGS, "tuning")
    try:
        tuning = Tuning(out, settings, fresh=resume is None)  # the packs checked first
        tuning.check()
        if resume is None:
            try:
                out.mkdir(parents=True, exist_ok=True)
                (out / JOURNAL).unlink(missing_ok=True)
                for made in ("candidates", "pack"):  # an earlier tuning's, with --force
                    shutil.rmtree(out / made, ignore_errors=True)
                store.write_json(out / SETTINGS, settings)
            except OSError as error:
                raise click.ClickException(cannot_write_in(out, error)) from None
        tuning.run()
    except TuneOptionError as error:  # one word on the command line is the fix: exit 2
        raise click.UsageError(str(error)) from None
    except TuneError as error:
        raise click.ClickException(str(error)) from None


#: The options a resumed tuning keeps from its first run (given again, they are refused).
_KEPT = {
    name: "--" + name.replace("_", "-")
    for name in (
        "pack", "pack_paths", "targets_file", "target", "tolerance", "player_counts",
        "first_seat", "length", "built", "move", "move_all_invented", "ranges", "agents",
        "games", "block", "budget", "confirm_games", "seed", "round_limit", "settings",
    )
}  # fmt: skip
_KEPT |= {"pack": "PACK", "pack_paths": "--pack-path", "targets_file": "--targets",
          "player_counts": "--players", "settings": "--option", "ranges": "--range"}  # fmt: skip


#: What each kept setting may be: what its option accepts (the targets are checked as a
#: targets file is; the run's own settings, workers to dry_run, are the resuming command's).
_KEPT_RULES = {
    "pack": TEXT,
    "pack_paths": TEXTS,
    "targets": MAPPING,
    "target_places": optional(PLACES),
    "agents": TEXT,
    "games": whole(2, 100_000),
    "block": whole(1, 100_000),
    "budget": whole(1, 10_000),
    "confirm_games": whole(1, 1_000_000),
    "seed": whole(*SEED_RANGE),
    "round_limit": whole(1, MOST_ROUNDS),
    "options": TEXTS,
    "move": TEXTS,
    "move_all_invented": FLAG,
    "ranges": TEXTS,
    "digest": optional(TEXT),
    **dict.fromkeys(("workers", "cluster", "tls", "quiet", "write", "dry_run"), ANY),
}


def _settings(options: dict[str, Any]) -> dict[str, Any]:
    """The command line as the tuning's settings (kept for --resume), checked."""
    try:
        folder = tune_pack.resolve_pack(options["pack"])
        places: dict[str, str] = {}  # where a targets file wrote each thing (none: flags)
        if options["targets_file"] is not None:
            try:
                targets, places = _targets_file(options["targets_file"])
            except TuneError as error:  # told at the option: "Invalid value for --targets"
                raise click.BadParameter(str(error), param_hint="--targets") from None
        else:
            targets = Targets(
                players=_player_counts(options["player_counts"]),
                fair=options["tolerance"] if options["target"] == "fair" else None,
                first_seat=options["first_seat"],
                length=_length(options["length"]),
                cards=_built_all(options["built"]),
            )
    except TuneError as error:
        raise click.BadParameter(str(error)) from None
    games = options["games"]
    return {
        "pack": str(folder.resolve()),
        "pack_paths": [str(Path(p).resolve()) for p in options["pack_paths"]],
        "targets": targets.to_json(),
        "target_places": places,
        "agents": options["agents"],
        "games": games,
        "block": options["block"] or max(1, games // 4),
        "budget": options["budget"],
        "confirm_games": options["confirm_games"] or 2 * games,
        "seed": options["seed"],
        "round_limit": options["round_limit"],
        "options": list(options["settings"]),
        "move": list(options["move"]),
        "move_all_invented": options["move_all_invented"],
        "ranges": list(options["ranges"]),
        "workers": options["workers"],
        "cluster": options["cluster"],
        "tls": options["tls"],
        "quiet": options["quiet"],
        "write": options["write"],
        "dry_run": options["dry_run"],
    }


def _targets_file(path: Path) -> tuple[Targets, dict[str, str]]:
    """The targets of a YAML file, read as a pack file is (dsl/packs/yamlsource.py: bounded
    aliases and depth, no tags that construct objects, duplicate keys refused), so a
    problem with the file is told at its line and column; and the places of what is checked
    only once the packs are loaded (:func:`_target_places`)."""
    from whitedwarf.dsl.packs.yamlsource import parse_yaml
    from whitedwarf.interpreter.replay import NamedFileRefused, read_named_text

    try:
        text = read_named_text(path)
    except NamedFileRefused as error:  # a named pipe, a device: its message says which
        raise TuneError(str(error)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise TuneError(f"{path}: cannot be read as YAML text ({error})") from None
    located, problems = parse_yaml(text, path, str(path))
    errors = [problem for problem in problems if problem.is_error]
    if located is None or errors:
        first = (errors or problems)[0]
        hint = f" ({first.hint})" if first.hint else ""
        raise TuneError(f"{first.headline()}{hint}")

    def place(at: tuple[str | int, ...], key: bool) -> str:
        span = located.span(at, key=key)
        return f"{span.path}:{span.line}:{span.column}"

    targets = targets_from(located.data, place)
    return targets, _target_places(located.data, place)


def _target_places(data: Mapping[str, Any], place: Callable[..., str]) -> dict[str, str]:
    """Where a targets file writes what the packs must have, by what it is: ``players`` and
    ``players:<n>`` (a count the game seats), ``side:<id>`` and ``card:<id>`` (a card of the
    packs). Those are
    checked once the packs are loaded (:meth:`Tuning.check`), and were told without a place
    ("Invalid value for --players" for a count written in the file)."""
    places = {"players": place(("players",), False)}
    counts = data.get("players")
    for index, count in enumerate(counts if isinstance(counts, list) else []):
        places.setdefault(f"players:{count}", place(("players", index), False))
    fair = data.get("fair")
    sides = fair.get("sides", []) if isinstance(fair, Mapping) else []
    for index, side in enumerate(sides):
        places.setdefault(f"side:{side}", place(("fair", "sides", index), False))
    for card in data.get("cards", {}):
        places[f"card:{card}"] = place(("cards", str(card)), True)
    return places


def _journal_problem(data: Any) -> str | None:
    """Why a journal read back is not one this tuning wrote (None: it is one): its keys, and
    each evaluation (the baseline, the candidates) and the confirmation of the shape read."""
    if not isinstance(data, dict):
        return "not a JSON object"
    unknown = sorted(set(data) - {"baseline", "candidates", "knobs", "confirmation"})
    if unknown:
        return f"unknown key {unknown[0]!r}"
    candidates = data.get("candidates")
    if not isinstance(candidates, list):
        return "'candidates' is not a list"
    baseline = data.get("baseline")
    for where, kept in [("baseline", baseline), *(("a candidate", c) for c in candidates)]:
        if kept is None and where == "baseline":
            continue
        try:
            evaluation = Evaluation.from_json(kept)
        except (KeyError, TypeError, ValueError):
            return f"{where} is not an evaluation"
        if not all(isinstance(row, dict) for row in evaluation.rows):
            return f"{where} has rows that are not objects"
    confirmation = data.get("confirmation")
    if confirmation is not None and not (
        isinstance(confirmation, dict)
        and isinstance(confirmation.get("values"), list)
        and all(isinstance(confirmation.get(k), list) for k in ("before", "after"))
    ):
        return "'confirmation' is not {values, before, after}"
    return None


def _length(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    low, _, high = text.partition("-")
    if not (low.strip().isdigit() and high.strip().isdigit()) or int(low) > int(high):
        raise TuneOptionError(f"--length {text}: write MIN-MAX in rounds, such as 10-30")
    return int(low), int(high)


def _player_counts(counts: Sequence[int]) -> tuple[int, ...]:
    """The ``--players`` counts (4 by default); a count given twice is refused, as in a
    targets file."""
    twice = sorted({count for count in counts if list(counts).count(count) > 1})
    if twice:
        raise TuneOptionError(f"--players {twice[0]} is given twice; give each count once")
    return tuple(sorted(counts or (4,)))


def _built_all(texts: Sequence[str]) -> dict[str, tuple[float, float]]:
    """Every ``--built``; a card given twice is refused (the last band won without a word)."""
    bands: dict[str, tuple[float, float]] = {}
    for text in texts:
        card, band = _built(text)
        if card in bands:
            raise TuneOptionError(
                f"--built {text}: {card} has a band already ({card}={bands[card][0]:g}-"
                f"{bands[card][1]:g}); give each card once"
            )
        bands[card] = band
    return bands


def _built(text: str) -> tuple[str, tuple[float, float]]:
    card, _, band = text.partition("=")
    low, _, high = band.partition("-")
    try:
        values = float(low), float(high)
    except ValueError:
        raise TuneOptionError(
            f"--built {text}: write CARD=LOW-HIGH with shares, such as my_tech=0.2-0.4"
        ) from None
    if not card or not 0 <= values[0] <= values[1] <= 1:
        raise TuneOptionError(
            f"--built {text}: write CARD=LOW-HIGH with shares, such as my_tech=0.2-0.4"
        )
    return card, values


class Tuning:
    """One tuning in its folder: the pack, the baseline, the search, the confirmation."""

    def __init__(self, out: Path, settings: dict[str, Any], fresh: bool = False) -> None:
        self.out = out
        self.settings = settings
        self.targets = targets_from(settings["targets"])
        self.folder = Path(settings["pack"])
        self.search_paths = list(settings["pack_paths"])
        self.journal: dict[str, Any] = (
            {"baseline": None, "candidates": []} if fresh else self._journal()
        )
        #: where the targets file wrote what :meth:`check` checks (empty: flags, no file)
        self.places: dict[str, str] = settings.get("target_places") or {}
        self.configs: dict[int, BatchConfig] = {}
        for players in self.targets.players:
            try:
                self.configs[players] = batch_config(
                    (self.folder,),
                    tuple(Path(p) for p in self.search_paths),
                    players,
                    max(settings["games"], settings["confirm_games"]),
                    settings["agents"],
                    settings["seed"],
                    settings["round_limit"],
                    tuple(settings["options"]),
                )
            except click.BadParameter as error:  # a count the file wrote: told at it
                where = self.places.get(f"players:{players}", self.places.get("players"))
                if error.param_hint != "--players" or where is None:
                    raise
                raise TuneError(f"{where}: 'players' lists {players}: {error.message}") from None
        digest = next(iter(self.configs.values())).digest
        if fresh:
            settings["digest"] = digest
        elif settings.get("digest") != digest:
            raise TuneError(
                f"{self.folder} changed since this tuning started: its games would not be the "
                "same; start a new tuning with --out (or --force)"
            )
        # read after the packs are validated above (a broken pack is told as diagnostics)
        self.pack = tune_pack.read_pack(self.folder)
        self.knobs: list[Knob] = []
        self.security: Any = None  # the cluster's TLS, made on first use
        self.local: Any = None  # --cluster local's LocalCluster, started once for every block
        self.started = time.monotonic()

    # -- the journal: every game result kept, so Ctrl-C loses at most one candidate --------

    def _journal(self) -> dict[str, Any]:
        path = self.out / JOURNAL
        if path.exists():
            try:
                data: dict[str, Any] = json.loads(path.read_text("utf-8"))
            except (OSError, ValueError):
                raise TuneError(
                    f"{path} is damaged: start a new tuning with --out (or --force)"
                ) from None
            problem = _journal_problem(data)
            if problem is not None:  # an edited journal ended in an internal error
                raise TuneError(
                    f"{path} is damaged ({problem}): start a new tuning with --out (or --force)"
                )
            return data
        return {"baseline": None, "candidates": []}

    def save(self) -> None:
        """The journal, written whole or not at all (a Ctrl-C mid-write keeps the last)."""
        text = json.dumps(self.journal, indent=2, sort_keys=True) + "\n"
        write_atomically(self.out / JOURNAL, text)

    # -- the steps --------------------------------------------------------------------------

    def run(self) -> None:
        try:
            self._run()
        except KeyboardInterrupt:
            self.save()
            done = len(self.journal["candidates"])
            raise Interrupted(
                f"{done} candidates kept in {self.out}; "
                f"continue with whitedwarf tune --resume {self.out}"
            ) from None
        except BatchError as error:
            raise click.ClickException(str(error)) from None
        finally:
            if self.local is not None:
                self.local.close()
                self.local = None

    def check(self) -> None:
        """What is refused before the tuning's folder is written or a game played: --write on
        a bundled pack, a printed card a target names, the numbers of the named cards."""
        optuna_module()  # missing: said before any game is played
        named = self.settings["move"]
        if self.settings["write"] and tune_pack.is_bundled(self.folder):
            raise TuneError(
                f"--write: {self.pack.id} is a pack shipped with whitedwarf and is not changed "
                "in place; leave --write out and use the mod pack tune writes"
            )
        played = content_for(next(iter(self.configs.values())))
        known = played.origins  # every card's place
        removed = getattr(played.content, "removed", {})
        for side in self.targets.sides:  # never seated, so never judged: "raise --games" misled
            self._refuse_unknown("side", side, known, removed)
        for card in self.targets.cards:
            self._refuse_unknown("card", card, known, removed)
            found = self.pack.cards.get(card)
            if found is not None and found.source == "rulebook" and card not in named:
                tune_pack.refuse_printed(card)
        self._check_ranges()
        if named or self.settings["move_all_invented"]:
            self._choose_knobs([])

    def _check_ranges(self) -> None:
        """Each ``--range`` names a card of the pack and one of its numbers, inside the range
        the language declares: refused here, before any game (it was found wrong only after
        the pack as it is had played, and a mistyped card got no suggestion)."""
        for text in self.settings["ranges"]:
            card = text.partition("=")[0].partition(":")[0]
            found = self.pack.cards.get(card)
            if found is None:
                hint = did_you_mean(card, self.pack.cards)
                raise TuneOptionError(
                    f"--range {text}: the pack {self.pack.id} has no card {card!r}"
                    + (f"; {hint}" if hint else "")
                )
            _narrowed(tune_pack.find_knobs(self.pack, [found], self.search_paths), [text])

    def _refuse_unknown(
        self, what: str, card: str, known: Mapping[str, Any], removed: Mapping[str, str]
    ) -> None:
        """Refuse a target naming a card no pack has: no game would seat or build it."""
        if card in known:
            return
        hint = did_you_mean(card, known)
        said = f": {removed[card]}" if card in removed else f"{'; ' + hint if hint else ''}"
        where = self.places.get(f"{what}:{card}")
        raise TuneError(
            f"{where + ': ' if where else ''}the targets name the {what} {card!r}, which "
            f"{self.pack.id} and the packs it depends on do not have{said}"
        )

    def _run(self) -> None:
        self.check()
        baseline = self._baseline()
        unjudged = [r["what"] for r in baseline.rows if r.get("judged") is False]
        if unjudged and len(unjudged) == len(baseline.rows):
            raise TuneError(
                f"too few games to judge any target: no side was seated {MIN_SEATED} times in "
                f"{self.settings['games']} games a player count; raise --games"
            )
        self._say(f"as it is: {_misses(baseline)}")
        if unjudged:
            self._say(f"not judged (seated fewer than {MIN_SEATED} times): {', '.join(unjudged)}")
        if baseline.miss == 0:
            self._say("nothing needs to change: every target is met")
            self._report(baseline, None, None, None)
            return
        if not self.knobs:
            self._choose_knobs(_missing(baseline))
        candidates = [Evaluation.from_json(c) for c in self.journal["candidates"]]
        best = self._search(candidates, baseline)
        if best is None or (best.miss > 0 and best.score >= baseline.score):
            self._say("no candidate did better than the pack as it is; nothing is written")
            self._report(baseline, best, None, None)
            raise click.ClickException(
                "tune found no change that does better; see " + str(self.out / "tune.html")
            )
        before, after = self._confirm(best)
        self._report(baseline, best, before, after)

    def _choose_knobs(self, wanted: list[str]) -> None:
        cards = tune_pack.choose_cards(
            self.pack, self.settings["move"], self.settings["move_all_invented"], wanted
        )
        knobs = tune_pack.find_knobs(self.pack, cards, self.search_paths) if cards else []
        knobs = _narrowed(knobs, self.settings["ranges"])
        if not knobs:
            which = ", ".join(c.id for c in cards) or "no card of the pack"
            raise TuneError(
                f"nothing to move: {which} has no number tune may change (name cards with "
                "--move CARD, or --move-all-invented)"
                if cards
                else f"nothing to move: the sides that miss ({', '.join(wanted) or 'none'}) are "
                f"not cards of {self.pack.id}; name cards with --move CARD"
            )
        self.knobs = knobs

    def _baseline(self) -> Evaluation:
        if self.journal["baseline"] is not None:
            return Evaluation.from_json(self.journal["baseline"])
        self._say(
            f"playing {self.pack.id} as it is ({self.settings['games']} games a player count)"
        )
        # in blocks, each followed by a line: off a terminal it was a minute or more of
        # silence (a margin of 1 drops nothing: the games and rows are those of one block)
        baseline = race(
            self._player(None, self.settings["seed"]),
            [],
            [],
            self.targets,
            self.settings["games"],
            self.settings["block"],
            1.0,
            self._played("as it is"),
        )
        self.journal["baseline"] = baseline.to_json()
        self.save()
        return baseline

    def _search(self, candidates: list[Evaluation], baseline: Evaluation) -> Evaluation | None:
        self.journal["knobs"] = [k.to_json() for k in self.knobs]
        shown = ", ".join(f"{k.key} {k.value} ({k.low} to {k.high})" for k in self.knobs)
        self._say(f"may move: {shown}")
        progress = _Progress(self.settings["budget"], self.settings["quiet"], self.knobs)

        def evaluate(values: tuple[int, ...]) -> Evaluation:
            return race(
                self._player(values, self.settings["seed"]),
                self.knobs,
                values,
                self.targets,
                self.settings["games"],
                self.settings["block"],
                0.0,
            )

        def on_candidate(found: Evaluation, best: Evaluation | None, replayed: bool) -> None:
            self.journal["candidates"] = [c.to_json() for c in candidates]
            self.save()
            progress.advance(found, best, replayed)

        with progress:
            return search(
                self.knobs,
                evaluate,
                self.settings["budget"],
                self.settings["seed"],
                candidates,
                on_candidate,
                baseline,
            )

    def _confirm(self, best: Evaluation) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        kept = self.journal.get("confirmation")
        if kept is not None and kept["values"] == list(best.values):
            return kept["before"], kept["after"]
        games = self.settings["confirm_games"]
        seed = self.settings["seed"] + FRESH
        self._say(f"confirming on {games} fresh games a player count (seed {seed})")
        rows = {}
        chosen: tuple[int, ...] | None
        for name, chosen in (("before", None), ("after", best.values)):
            found = race(
                self._player(chosen, seed),
                self.knobs,
                best.values,
                self.targets,
                games,
                self.settings["block"],
                1.0,
                self._played(name),
            )
            rows[name] = found.rows
        self.journal["confirmation"] = {"values": list(best.values), **rows}
        self.save()
        return rows["before"], rows["after"]

    # -- playing ----------------------------------------------------------------------------

    def _player(self, values: tuple[int, ...] | None, seed: int) -> Play:
        """What plays a candidate's games: ``values`` (None: the pack as it is), on the
        seeds of the batch seed ``seed``."""

        def play(_values: Sequence[int], players: int, indices: Sequence[int]) -> list[Record]:
            return self._play(values, players, indices, seed)

        return play

    def _play(
        self, values: tuple[int, ...] | None, players: int, indices: Sequence[int], seed: int
    ) -> list[dict[str, Any]]:
        config = dataclasses.replace(self.configs[players], seed=seed)
        # the pack's card values, learned here the first time it is played (not in each
        # worker), with their progress line only without --quiet
        with card_values.progress_shown(not self.settings["quiet"]):
            if values is not None and any(
                v != k.value for v, k in zip(values, self.knobs, strict=True)
            ):
                folder = self._candidate_pack(values)
                base = config
                config = dataclasses.replace(config, packs=(*config.packs, str(folder)))
                _values_as_it_is(base, config)
            else:
                prepare_agents(config)
        workers = self.settings["workers"] or usable_cores()
        cluster = self.settings["cluster"]
        if cluster is None:
            # loaded here once, so that forked workers start with it (each block is a pool)
            content_for(config)
            return list(ctrl_c.each_heard(run_local(config, indices, workers)))
        from whitedwarf.interpreter.simulation.cluster import local_cluster, run_cluster

        if self.security is None:
            self.security = cluster_security(cluster, *self.settings.get("tls", [None] * 3))
        if cluster == "local":  # one cluster for the whole tuning, not one a block
            if self.local is None:
                self.local = local_cluster(workers)
            cluster = self.local.scheduler_address
        return list(run_cluster(config, indices, cluster, workers, self.security))

    def _candidate_pack(self, values: tuple[int, ...]) -> Path:
        digest = hashlib.sha256(json.dumps(list(values)).encode()).hexdigest()[:12]
        folder = self.out / "candidates" / digest
        if not folder.is_dir():
            # written beside it and renamed whole: a Ctrl-C while writing leaves no half pack
            # that a resumed tuning would take for the candidate
            partial = folder.with_name(f"{digest}.partial")
            shutil.rmtree(partial, ignore_errors=True)
            cards = tune_pack.changed_cards(self.pack, self.knobs, values)
            tune_pack.write_pack_files(self.pack, partial, f"{self.pack.id}_candidate", cards)
            partial.rename(folder)
        return folder

    # -- output -----------------------------------------------------------------------------

    def _report(
        self,
        baseline: Evaluation,
        best: Evaluation | None,
        before: list[dict[str, Any]] | None,
        after: list[dict[str, Any]] | None,
    ) -> None:
        changes = []
        cards: dict[str, Any] = {}
        if best is not None and after is not None:
            for knob, value in zip(self.knobs, best.values, strict=True):
                if value != knob.value:
                    changes.append(
                        {
                            "knob": knob.key,
                            "card": knob.card,
                            "what": knob.what,
                            "from": knob.value,
                            "to": value,
                            "low": knob.low,
                            "high": knob.high,
                        }
                    )
            cards = tune_pack.changed_cards(self.pack, self.knobs, best.values)
        result: dict[str, Any] = {
            "pack": self.pack.id,
            "targets": self.targets.to_json(),
            "knobs": [k.to_json() for k in self.knobs],
            "search": {
                "baseline": baseline.to_json(),
                "candidates": len(self.journal["candidates"]),
                "games": baseline.games + sum(c["games"] for c in self.journal["candidates"]),
                "seed": self.settings["seed"],
                "tried": [
                    {
                        "moved": _moved(self.knobs, c["values"]),
                        "miss": c["miss"],
                        "games": c["games"],
                        "dropped": c["dropped"],
                    }
                    for c in self.journal["candidates"]
                ],
            },
            "changes": changes,
            "confirmation": None
            if before is None
            else {
                "seed": self.settings["seed"] + FRESH,
                "games": self.settings["confirm_games"],
                "before": before,
                "after": after,
            },
            "seconds": round(time.monotonic() - self.started, 1),
        }
        sentences = _sentences(result)
        written = None
        if cards and not self.settings["dry_run"]:
            written = self.out / "pack"
            shutil.rmtree(written, ignore_errors=True)
            tune_pack.write_pack_files(
                self.pack,
                written,
                f"{self.pack.id}_tuned",
                cards,
                note=f"{self.pack.id} tuned by whitedwarf tune: "
                + "; ".join(_change_words(changes)),
            )
            result["pack_written"] = str(written)
            result["validates"] = _validates(self.folder, written, self.search_paths)
            sentences.append(f"The change is the mod pack {written} ({result['validates']}).")
        result["sentences"] = sentences
        store.write_json(self.out / "tune.json", result)
        (self.out / "tune.html").write_text(_html(result), "utf-8")
        for line in sentences:
            click.echo(f"- {line}")
        if cards and self.settings["dry_run"]:
            click.echo(tune_pack.diff_in_place(self.pack, cards), nl=False)
        elif cards and self.settings["write"]:
            try:
                backups = tune_pack.apply_in_place(self.pack, cards)
            except OSError as error:
                raise click.ClickException(cannot_write_in(self.folder, error)) from None
            click.echo(f"changed {self.folder} in place; backups: {', '.join(map(str, backups))}")
        click.echo(f"report: {self.out / 'tune.html'}")

    def _played(self, what: str) -> Callable[[int, int], None]:
        """A progress line after each block of a batch played whole (the pack as it is, the
        confirmation): ``as it is: 120/480 games, 0:00:31``."""
        started = time.monotonic()

        def said(played: int, total: int) -> None:
            elapsed = int(time.monotonic() - started)
            clock = f"{elapsed // 3600}:{elapsed // 60 % 60:02d}:{elapsed % 60:02d}"
            self._say(f"{what}: {played}/{total} games, {clock}")

        return said

    def _say(self, text: str) -> None:
        if not self.settings["quiet"]:
            click.echo(text, err=True)


def _values_as_it_is(base: BatchConfig, candidate: BatchConfig) -> None:
    """Seat the candidate's agents on the card values learned on the pack as it is.

    A candidate's pack has its own content digest, so its agents would learn its card values
    from scratch (docs/simulate.md S21: 1,500 games, minutes on the bundled pack) before
    its first game, for every candidate. The search compares candidates on the same
    players instead, those of the pack as it is; the values are learned again once the
    change is made (``python -m whitedwarf.interpreter.agents.ship`` for a bundled pack).
    Installed in this process, so forked workers have them (a cluster's learn their own).
    """
    if card_values.mode() != "learn":
        return
    played = content_for(base)
    prepare_agents(base)  # the pack's values, shipped, cached or learned, now in memory
    game = played.engine.name
    found = card_values.known(game, content_digest(played.content))
    if found is not None:
        card_values.install(found, game, content_digest(content_for(candidate).content))


def _narrowed(knobs: list[Knob], ranges: Sequence[str]) -> list[Knob]:
    """The knobs with ``--range CARD:WHERE=LOW..HIGH`` applied, each inside its declared
    range (a range outside it is refused: the language would refuse the number)."""
    by_key = {k.key: k for k in knobs}
    for text in ranges:
        key, _, band = text.partition("=")
        low, _, high = band.partition("..")
        knob = by_key.get(key)
        if knob is None:
            known = ", ".join(by_key) or "none"
            raise TuneOptionError(
                f"--range {text}: {key} is not a number tune may move (those: {known})"
            )
        try:
            lo, hi = int(low), int(high)
        except ValueError:
            raise TuneOptionError(
                f"--range {text}: write CARD:WHERE=LOW..HIGH with whole numbers"
            ) from None
        if not knob.low <= lo <= hi <= knob.high:
            raise TuneOptionError(
                f"--range {text}: {lo}..{hi} is outside the range the language declares for "
                f"{key} ({knob.what}: {knob.low} to {knob.high})"
            )
        if not lo <= knob.value <= hi:
            raise TuneOptionError(
                f"--range {text}: the number is {knob.value} now, outside {lo}..{hi}"
            )
        by_key[key] = dataclasses.replace(knob, low=lo, high=hi)
    return list(by_key.values())


def _missing(baseline: Evaluation) -> list[str]:
    """The sides and cards that miss their targets, the worst first."""
    rows = sorted((r for r in baseline.rows if r["miss"] > 0), key=lambda r: -r["miss"])
    return [r["what"] for r in rows if r["target"] in ("fair", "built")]


def _misses(evaluation: Evaluation) -> str:
    missed = [r for r in evaluation.rows if r["miss"] > 0]
    if not missed:
        return "every target met"
    return "; ".join(_row_words(r) for r in missed)


def _row_words(row: dict[str, Any]) -> str:
    value = row["value"]
    if row["target"] == "length":
        low, high = row["band"]
        return f"games last {value:g} rounds at {row['players']} players (band {low}-{high})"
    shown = "n/a" if value is None else f"{100 * value:.0f}%"
    band = f"{100 * row['band'][0]:.0f}-{100 * row['band'][1]:.0f}%"
    verb = "is built by" if row["target"] == "built" else "wins"
    return (
        f"{row['what']} {verb} {shown} at {row['players']} players (band {band}, {row['n']} seats)"
    )


def _change_words(changes: list[dict[str, Any]]) -> list[str]:
    return [f"{c['knob']} {c['from']} -> {c['to']}" for c in changes]


def _sentences(result: dict[str, Any]) -> list[str]:
    search_ = result["search"]
    lines = [
        f"{search_['candidates']} candidates searched in {search_['games']} games "
        f"({result['seconds']:.0f} s)."
    ]
    baseline = Evaluation.from_json(search_["baseline"])
    # Said on standard output too: under --quiet it was only in the progress, so a tuning
    # that found nothing (exit 1) did not say what it had tried to fix.
    lines.append(f"As it is, on the search's {baseline.games} games: {_misses(baseline)}.")
    if result["changes"]:
        lines.append("Changed: " + "; ".join(_change_words(result["changes"])) + ".")
    confirmation = result["confirmation"]
    if confirmation is not None:
        lines += _confirmation_sentences(confirmation, baseline)
    return lines


def _confirmation_sentences(confirmation: dict[str, Any], baseline: Evaluation) -> list[str]:
    """How the targets fared on the fresh seeds, before and after; the targets the search
    set out to fix are said even when met both times, and a pack that met every target on
    the fresh seeds as it is is said to be so (the search's miss may have been chance)."""
    before_rows, after_rows = confirmation["before"], confirmation["after"]
    met = [r for r in after_rows if r["met"]]
    lines = [
        f"On {confirmation['games']} fresh games a player count (seed {confirmation['seed']}): "
        f"{len(met)} of {len(after_rows)} targets met after, "
        f"{sum(r['met'] for r in before_rows)} before."
    ]
    missed = {_row_key(r) for r in baseline.rows if r["miss"] > 0}
    for before, after in zip(before_rows, after_rows, strict=True):
        if before["miss"] > 0 or after["miss"] > 0 or _row_key(before) in missed:
            lines.append(
                f"{_row_words(before)} before; {_row_words(after)} after: {_verdict(after)}."
            )
    if before_rows and all(r["met"] for r in before_rows):
        lines.append(
            "The pack as it is met every target on the fresh games too, so what it missed on "
            "the search's games may have been chance: raise --games and --confirm-games "
            "before taking the change."
        )
    return lines


def _row_key(row: dict[str, Any]) -> tuple[Any, ...]:
    """A target row's identity: the same target of the same card at the same player count."""
    return row["target"], row["what"], row["players"]


def _verdict(row: dict[str, Any]) -> str:
    """A target on the fresh seeds: met, not significantly outside its band, or missed."""
    if row["met"]:
        return "met"
    if row.get("consistent"):
        return "outside the band but not significantly (its 95% interval reaches it)"
    return "missed (its 95% interval lies outside the band)"


def _validates(pack: Path, mod: Path, search: Sequence[str]) -> str:
    from whitedwarf.dsl.packs.loader import load_packs

    result = load_packs([pack, mod], list(search))
    errors, warnings = len(result.errors), len(result.warnings)
    if errors:
        return f"{counted(errors, 'error')}: run whitedwarf validate"
    return f"validates: {counted(errors, 'error')}, {counted(warnings, 'warning')}"


def _html(result: dict[str, Any]) -> str:
    """The report: its sentences, every target before and after (on the fresh seeds), the
    numbers that could move, and every candidate tried."""
    confirmation = result["confirmation"]
    targets = _table(
        ("target", "what", "players", "band", "before (95% interval)", "after (95% interval)",
         "on fresh seeds"),
        [
            (b["target"], b["what"], b["players"], _band(b), _value(b), _value(a), _verdict(a))
            for b, a in zip(confirmation["before"], confirmation["after"], strict=True)
        ]
        if confirmation is not None
        else [],
    )  # fmt: skip
    knobs = _table(
        ("number", "as it is", "may be", "what it is"),
        [(f"{k['card']}:{k['where']}", k["value"], f"{k['low']} to {k['high']}", k["what"])
         for k in result["knobs"]],
    )  # fmt: skip
    tried = _table(
        ("candidate", "miss", "games", "racing"),
        [(t["moved"] or "no change", f"{t['miss']:.3f}", t["games"],
          "dropped early" if t["dropped"] else "")
         for t in result["search"]["tried"]],
    )  # fmt: skip
    sentences = "".join(f"<li>{html.escape(s)}</li>" for s in result["sentences"])
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>tune: "
        f"{html.escape(result['pack'])}</title><style>body{{font-family:sans-serif;max-width:60em;"
        "margin:2em auto}td,th{padding:.2em .6em;border-bottom:1px solid #ccc;text-align:left}"
        "</style></head><body>"
        f"<h1>tune: {html.escape(result['pack'])}</h1><ul>{sentences}</ul>"
        f"<h2>Targets</h2>{targets}<h2>Numbers that could move</h2>{knobs}"
        f"<h2>Candidates, in the order tried (same seeds)</h2>{tried}</body></html>"
    )


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    if not rows:
        return "<p>none</p>"
    cells = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>"
        for row in rows
    )
    return (
        "<table><tr>"
        + "".join(f"<th>{html.escape(h)}</th>" for h in head)
        + "</tr>"
        + cells
        + "</table>"
    )


def _moved(knobs: Sequence[Knob], values: Sequence[int]) -> str:
    """``sunborn:effect[0] 4 -> 1``: what a candidate changes."""
    return ", ".join(
        f"{k.key} {k.value} -> {v}" for k, v in zip(knobs, values, strict=True) if v != k.value
    )


def _band(row: dict[str, Any]) -> str:
    low, high = row["band"]
    if row["target"] == "length":
        return f"{low}-{high} rounds"
    return f"{100 * low:.0f}-{100 * high:.0f}%"


def _value(row: dict[str, Any]) -> str:
    if row["value"] is None:
        return "n/a"
    if row["target"] == "length":
        return f"{row['value']:g} rounds"
    interval = f"{100 * row['low']:.0f}-{100 * row['high']:.0f}%"
    return f"{100 * row['value']:.0f}% ({interval}, {row['n']} seats)"


class _Progress:
    """The search's progress: a bar of candidates with the best so far (lines off a
    terminal), quiet with ``--quiet``."""

    def __init__(self, total: int, quiet: bool, knobs: Sequence[Knob]) -> None:
        self.total = total
        self.quiet = quiet
        self.knobs = knobs
        self.done = 0
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> _Progress:
        if not self.quiet and sys.stderr.isatty():
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self.bar = Progress(
                TextColumn("tuning"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("{task.description}"),
                transient=False,
            )
            self.bar.start()
            self.task = self.bar.add_task("", total=self.total)
        return self

    def __exit__(self, *_: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def advance(self, found: Evaluation, best: Evaluation | None, replayed: bool) -> None:
        self.done += 1
        text = f"best: {self.describe(best)}" if best is not None else ""
        if self.bar is not None:
            self.bar.update(self.task, advance=1, description=text)
        elif not self.quiet:
            how = (
                "replayed"
                if replayed
                else ("dropped early" if found.dropped else f"{found.games} games")
            )
            click.echo(f"candidate {self.done}: {self.describe(found)} ({how}); {text}", err=True)

    def describe(self, found: Evaluation) -> str:
        moved = [
            f"{k.key} {v}" for k, v in zip(self.knobs, found.values, strict=True) if v != k.value
        ]
        return f"{', '.join(moved) or 'no change'}, miss {found.miss:.2f}"
