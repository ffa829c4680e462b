"""Fuzzed cards played in real games: a mod pack of generated effects, loaded through the
validating loader, and seeded random-agent games with every fuzzed card in play from the start.

How the cards get into play (each through the engine's own paths):

- techs are added by the mod and put into the seats' play areas after setup
  (``research.put_in_play``, what Manufacture does), before the keep, so their
  ``game_start`` triggers fire too;
- factions are added by the mod and kept through the ``factions`` game option;
- exploration tokens and achievements replace base cards (``replace: true``, keeping each
  base card's kind, tier, resource and set), so they are dealt to the board and to the seats
  as the base cards would be.

A game ends well when it is over, or when the engine stops it with its own error for an
effect limit (:class:`EffectLimitReached`: DESIGN principle 3). Anything else is a failure:
a traceback, a game that does not end within the decision budget, a broken invariant
(``tests/engine/test_random_games.check_invariants``) or a state that does not survive a
save and load.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.lastlight import persist, versions
from whitedwarf.interpreter.lastlight.game import EffectLimitReached, Game
from whitedwarf.interpreter.lastlight.packs import content_from_pack
from whitedwarf.interpreter.lastlight.research import put_in_play
from whitedwarf.interpreter.lastlight.state import SIZES
from whitedwarf.interpreter.lastlight.vocabulary import registry

from tests.base_content import base_content
from tests.engine.test_random_games import check_invariants
from tests.fuzzgame.texts import Pieces, base_effects, pieces, valid_texts

REGISTRY = registry()
TECH_KINDS = ("civilization", "ship_ability", "ship_mod")
#: The card kinds always in play in a fuzzed game (techs in play, kept factions).
CARD_KINDS = (*TECH_KINDS, "faction")
#: Decisions one game may take before it counts as a game that does not end. Base-pack games
#: take a few hundred; the round limit (200) ends any game long before this.
DECISION_BUDGET = 40_000
#: Invariants are checked every this many decisions (and at the end).
CHECK_EVERY = 20


@dataclass
class Batch:
    """The fuzzed texts of one pack, by card kind."""

    seed: int
    texts: dict[str, list[str]]

    def count(self) -> int:
        return sum(len(t) for t in self.texts.values())


@dataclass
class Outcome:
    """What one game did: ``ended``, ``limit`` (the engine's effect limit) or ``failure``."""

    players: int
    seed: int
    kind: str
    detail: str = ""
    decisions: int = 0


@dataclass
class Report:
    """Every game of a run."""

    texts: int = 0
    outcomes: list[Outcome] = field(default_factory=list)

    def failures(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.kind == "failure"]


def make_batch(seed: int, per_kind: int, parts: Pieces | None = None) -> Batch:
    """``per_kind`` fuzzed texts of every card kind, drawn from ``seed``."""
    parts = parts or pieces(REGISTRY, base_effects())
    texts = {
        kind: valid_texts(REGISTRY, parts, kind, per_kind, seed) for kind in REGISTRY.card_kinds
    }
    return Batch(seed, texts)


def _card(base: dict[str, Any], effect: str) -> dict[str, Any]:
    card = {k: v for k, v in base.items() if k not in ("compiled", "text", "notes")}
    return {**card, "effect": effect, "replace": True}


def pack_files(batch: Batch) -> dict[str, Any]:
    """The mod's card files: new techs and factions, replaced tokens and achievements."""
    base = base_content().files
    # The pack file's own numbers at the edges of their ranges too (schemas: copies 1 to 10,
    # each cost 0 to 10): more copies are dealt and manufactured as any tech is.
    draw = random.Random(f"{batch.seed}:pack")
    techs = [
        {"id": f"fz_{kind}_{i}", "name": f"Fuzz {i}", "kind": kind,
         "cost": draw.choice(({"common": 0}, {"common": 1}, {"rare": 10}, {"uncommon": 2})),
         "copies": draw.choice((1, 1, 2, 10)), "source": "invented", "effect": text}
        for kind in TECH_KINDS
        for i, text in enumerate(batch.texts[kind])
    ]  # fmt: skip
    factions = [
        {
            "id": f"fz_faction_{i}",
            "name": f"Fuzz {i}",
            "three_plus": False,
            "source": "invented",
            "effect": text,
        }
        for i, text in enumerate(batch.texts["faction"])
    ]
    tokens = []
    for kind in ("deep_space", "planetary"):
        olds = sorted((c for c in base["exploration"] if c["kind"] == kind), key=lambda c: c["id"])
        tokens += [_card(old, text) for old, text in zip(olds, batch.texts[kind], strict=False)]
    olds = sorted(base["achievements"], key=lambda c: (c["set"], c["id"]))
    achievements = [
        _card(old, text) for old, text in zip(olds, batch.texts["achievement"], strict=False)
    ]
    return {
        "techs": techs,
        "factions": factions,
        "exploration": tokens,
        "achievements": achievements,
    }


def write_pack(folder: Path, batch: Batch) -> Path:
    """The mod on disk (JSON is YAML), depending on the base pack."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest = {
        "id": f"fuzz_{batch.seed}",
        "name": "Fuzzed cards",
        "version": "1.0.0",
        "game": "lastlight",
        "description": "Generated effects that validate clean.",
        "depends": {"lastlight": "*"},
        "allow": ["W0901", "W0902", "W0430"],
    }
    (folder / "pack.yaml").write_text(json.dumps(manifest, indent=1))
    for stem, cards in pack_files(batch).items():
        if cards:
            (folder / f"{stem}.yaml").write_text(json.dumps(cards, indent=1))
    return folder


def load(folder: Path) -> tuple[Any, list[str]]:
    """The validated content of the mod, or None and the errors ``validate`` would print."""
    result = load_packs([folder])
    errors = [f"{d.code} {d.message}" for d in result.diagnostics if d.is_error]
    if result.pack is None:
        return None, errors
    return content_from_pack(result.pack), errors


def _fuzz_techs(batch: Batch) -> list[str]:
    return [f"fz_{kind}_{i}#1" for kind in TECH_KINDS for i in range(len(batch.texts[kind]))]


def deal_fuzzed_techs(state: dict[str, Any], refs: list[str], rng: random.Random) -> None:
    """Put each fuzzed tech into a seat's play area (round robin), taken out of the deck or a
    hand so every card stays in one place."""
    cards = None
    for i, ref in enumerate(refs):
        seat = i % state["n"]
        if ref in state["deck"]:
            state["deck"].remove(ref)
        for p in state["players"]:
            if ref in p["techs_hand"]:
                p["techs_hand"].remove(ref)
        if cards is None:
            from whitedwarf.interpreter.lastlight.content import runtime

            cards = runtime(state).cards["techs"]
        kind = cards[ref.partition("#")[0]]["kind"]
        put_in_play(state, seat, ref, None if kind == "civilization" else rng.choice(SIZES))
    versions.forget(state)  # the deck and hands were edited past the engine's mutations


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Raise :class:`TimeoutError` if the block runs longer (a hang inside one decision)."""
    import signal

    def stop(signum: int, frame: Any) -> None:
        raise TimeoutError(f"a decision ran longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def play(content: Any, batch: Batch, players: int, seed: int) -> Outcome:
    """One seeded random game with the batch's cards in play; never raises."""
    factions = [f"fz_faction_{i}" for i in range(len(batch.texts["faction"]))][:players]
    agent = random.Random(seed)
    outcome = Outcome(players, seed, "ended")
    try:
        with time_limit(60):
            game = Game.from_content(content, players, {"factions": factions})
            state = game.new_state(seed)
            deal_fuzzed_techs(state, _fuzz_techs(batch), agent)
            while not game.is_terminal(state):
                if outcome.decisions >= DECISION_BUDGET:
                    raise AssertionError(f"no end after {DECISION_BUDGET} decisions")
                seat = agent.choice(game.current_players(state))
                options = game.legal_options(state, seat)
                assert options, f"seat {seat} has no options in {state['phase']}"
                game.apply(state, seat, agent.choice(options).id, check=False)
                outcome.decisions += 1
                if outcome.decisions % CHECK_EVERY == 0:
                    check_invariants(state)
            check_invariants(state)
            assert persist.load(persist.save(state)) == state, "save and load changed the state"
    except EffectLimitReached as error:
        outcome.kind, outcome.detail = "limit", f"{error.card}: {error}"
    except Exception as error:  # every other exception is the finding
        outcome.kind, outcome.detail = "failure", f"{type(error).__name__}: {error}"
        outcome.detail += "\n" + _where(error)
    return outcome


def _where(error: BaseException) -> str:
    import traceback

    return "".join(traceback.format_exception(error)[-6:])


def run(folder: Path, seeds: range, per_kind: int, games: int) -> Report:
    """Fuzz ``len(seeds)`` packs of ``per_kind`` texts a kind, ``games`` games each."""
    report = Report()
    parts = pieces(REGISTRY, base_effects())
    for seed in seeds:
        batch = make_batch(seed, per_kind, parts)
        report.texts += batch.count()
        content, errors = load(write_pack(folder / f"fuzz_{seed}", batch))
        if content is None:
            report.outcomes.append(
                Outcome(0, seed, "failure", "pack refused: " + "; ".join(errors))
            )
            continue
        for g in range(games):
            report.outcomes.append(play(content, batch, 2 + g % 3, seed * 1000 + g))
    return report
