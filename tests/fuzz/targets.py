"""What the coverage-guided fuzzer feeds, and what counts as a crash (issue 23 item 15).

Each target takes the fuzzer's bytes as a stranger's file and must answer with a located
diagnostic or one of the documented refusals, never anything else (DESIGN principle 2: bad
input gets a clear error, never a traceback):

* ``parser``: the bytes as an effect's text, parsed (``dsl.parser.parse``): a syntax error
  or a too-deep effect, nothing else.
* ``checker``: ``<card kind>\\n<effect>`` through the whole effect compiler
  (``dsl.api.compile_effect``: parse, check, compile): diagnostics only, each inside the text.
* ``pack``: ``<file name>\\n<YAML>`` written over that file of a small valid pack (the
  ``mini`` pack of the broken-pack corpus), loaded by ``dsl.packs.loader.load_packs``:
  diagnostics only, each in a file of the pack.
* ``save``: the bytes as a saved game, read the way ``render`` reads it
  (``interpreter.replay.read_game_file``, then ``persist.load`` for a state, bare or inside
  the interface's save): a ReplayError or ``persist.load``'s ValueError (SaveError) only.
* ``replay``: the bytes as a replay log, read and re-run on the base pack as ``whitedwarf
  replay`` does (``read_replay``, ``start_game``, ``replay_decisions``): a ReplayError or one
  of the engine's own refusals only (the content digest is not compared, so a log reaches
  the engine whatever pack it names).

The seed corpus of each is ``tests/fuzz/corpus/<target>/``; inputs that once crashed are kept
in ``tests/fuzz/crashes/<target>/`` and replayed by the test suite (``test_fuzz.py``).
"""

from __future__ import annotations

import contextlib
import json
import shutil
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from whitedwarf.dsl.api import compile_effect
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.dsl.parser import EffectSyntaxError, EffectTooDeep, parse
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.lastlight import persist
from whitedwarf.interpreter.lastlight.content import GameContent
from whitedwarf.interpreter.lastlight.engine import engine
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.packs import load_game_content
from whitedwarf.interpreter.lastlight.vocabulary import registry
from whitedwarf.interpreter.replay import (
    PLAY_SAVE,
    STATE,
    ReplayError,
    read_game_file,
    read_replay,
    start_game,
)
from whitedwarf.interpreter.runner import replay_decisions

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
CRASHES = HERE / "crashes"
MINI = HERE.parent / "fixtures" / "packs" / "_shared" / "mini"

Target = Callable[[bytes], None]


def _text(data: bytes) -> str:
    """The bytes as text the way a file is read (UTF-8; what is not UTF-8 is replaced, so
    the fuzzer's bytes still reach the parser)."""
    return data.decode("utf-8", "replace")


def _split(data: bytes) -> tuple[str, str]:
    head, _, rest = _text(data).partition("\n")
    return head.strip(), rest


def fuzz_parser(data: bytes) -> None:
    with contextlib.suppress(EffectSyntaxError, EffectTooDeep):
        parse(_text(data))


@cache
def _registry() -> Any:
    return registry()


def fuzz_checker(data: bytes) -> None:
    kind, effect = _split(data)
    kinds = sorted(_registry().card_kinds)
    if kind not in kinds:
        kind = kinds[len(kind) % len(kinds)]
    source = EffectSource.standalone(effect, "card.yaml")
    compiled, diagnostics = compile_effect(source, _registry(), kind)
    lines = effect.split("\n")
    for diagnostic in diagnostics:
        span = diagnostic.span
        assert span is not None, f"{diagnostic.code} has no place"
        assert 1 <= span.line <= len(lines), f"{diagnostic.code} points past the effect: {span}"
        # Never on a blank line of an effect that has words (issue 23 item 16). Blank: spaces
        # and tabs alone (a line holding a vertical tab alone is where E0514 points).
        blank = not lines[span.line - 1].strip(" \t")
        assert not blank or not effect.strip(), f"{diagnostic.code} on blank line {span.line}"
    if any(d.is_error for d in diagnostics):
        assert compiled is None, "an effect with errors was compiled"


@cache
def _scratch() -> Path:
    """A folder of this process the fuzzed files are written in (removed at exit by the OS's
    temporary folder rules; one per process, so parallel runs never share one)."""
    return Path(tempfile.mkdtemp(prefix="whitedwarf-fuzz-"))


#: The files of the pack a ``pack`` input may name; any other name writes ``techs.yaml``.
PACK_FILES = sorted(p.name for p in MINI.glob("*.yaml"))


def fuzz_pack(data: bytes) -> None:
    name, text = _split(data)
    if name not in PACK_FILES:
        name = "techs.yaml"
    pack = _scratch() / "mini"
    if not pack.exists():
        shutil.copytree(MINI, pack)
    target = pack / name
    try:
        target.write_bytes(text.encode("utf-8", "surrogatepass"))
        result = load_packs([pack], bundled=False)
    finally:
        shutil.copyfile(MINI / name, target)
    for diagnostic in result.diagnostics:
        span = diagnostic.span
        assert span is None or span.line >= 1, f"{diagnostic.code} at line {span.line}"


def _write(data: bytes, name: str) -> Path:
    path = _scratch() / name
    path.write_bytes(data)
    return path


def fuzz_save(data: bytes) -> None:
    path = _write(data, "fuzzed.save")
    try:
        kind, text = read_game_file(path)
        if kind == PLAY_SAVE:  # the interface's save holds a state (render reads it so)
            record = json.loads(text)
            text = json.dumps(record.get("state"))
        if kind in (STATE, PLAY_SAVE):
            persist.load(text)
    except ReplayError:
        pass  # not a save: said with its place
    except ValueError:
        pass  # persist.load's refusal (SaveError is one): not a Last Light state it reads


@cache
def _base() -> tuple[GameContent, Any]:
    """The bundled pack's content and the Last Light engine, loaded once per process."""
    return load_game_content(), engine()


def fuzz_replay(data: bytes) -> None:
    path = _write(data, "fuzzed.jsonl")
    content, lastlight = _base()
    try:
        log = read_replay(path)
        refused = (ValueError, *lastlight.errors)
        game, seed = start_game(log.header, Game, content, lastlight.seats_disagree, refused)
        replay_decisions(game, game.new_state(seed), log.decisions)
    except ReplayError:
        pass
    except lastlight.errors:
        pass


TARGETS: dict[str, Target] = {
    "parser": fuzz_parser,
    "checker": fuzz_checker,
    "pack": fuzz_pack,
    "save": fuzz_save,
    "replay": fuzz_replay,
}


#: Every target at once: ``<target>\n<its input>`` (the short run in the test suite fuzzes
#: them all in one process, started once).
EVERY = "all"


def fuzz_every(data: bytes) -> None:
    name, _, rest = data.partition(b"\n")
    TARGETS.get(name.decode("utf-8", "replace").strip(), fuzz_parser)(rest)


def runner(target: str) -> Target:
    """The function that fuzzes ``target`` (or :data:`EVERY`)."""
    return fuzz_every if target == EVERY else TARGETS[target]


def inputs(target: str) -> list[Path]:
    """The seed corpus and the kept crashes of a target, by name (of :data:`EVERY`: its own
    kept crashes; its seeds are the others', see :func:`seed_every`)."""
    found = [p for folder in (CORPUS, CRASHES) for p in sorted((folder / target).glob("*"))]
    return [p for p in found if p.is_file()]


def seed_every(folder: Path) -> None:
    """Write every target's seeds and kept crashes into ``folder``, each prefixed with its
    target's name: the seed corpus of :data:`EVERY`."""
    folder.mkdir(parents=True, exist_ok=True)
    for target in TARGETS:
        for path in inputs(target):
            prefixed = f"{target}\n".encode() + path.read_bytes()
            (folder / f"{target}-{path.name}").write_bytes(prefixed)
