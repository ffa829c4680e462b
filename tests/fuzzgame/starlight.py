"""The game fuzzer for Starlight (003): every god, flare, laurel and accolade of the base pack
replaced by a generated card whose effects compile clean, played in seeded random games.

Each kind is replaced whole (``replace: true``, the texts taken in turn), so every card a game
deals is a fuzzed one; gods are dealt in every game (the ``gods`` option). A game must end
without a traceback and keep the invariants of ``tests/starlight/test_random_games.py``
(``check``, ``check_end``), and survive a save and load.
"""

from __future__ import annotations

import json
import random
from functools import cache, partial
from pathlib import Path

from whitedwarf.dsl import ast
from whitedwarf.dsl.api import parse_effect
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.dsl.source import EffectSource
from whitedwarf.interpreter.starlight import persist
from whitedwarf.interpreter.starlight.checks import CLAIM, actions_in, only_claims
from whitedwarf.interpreter.starlight.content import StarlightContent, content_from_pack
from whitedwarf.interpreter.starlight.game import Game
from whitedwarf.interpreter.starlight.vocabulary import registry
from whitedwarf.interpreter.vm import EffectLimitError

from tests.fuzzgame.games import DECISION_BUDGET, Outcome, Report, time_limit
from tests.fuzzgame.texts import Pieces, pieces, valid_texts
from tests.starlight.test_random_games import check, check_end, pick

REGISTRY = registry()
#: The card files replaced, each field with an effect and the card kind it is compiled for.
FIELDS = {
    "gods": (("effect", "god"),),
    "flares": (("points", "flare_points"), ("boon", "flare_boon")),
    "laurels": (("goal", "laurel"),),
    "accolades": (("goal", "accolade"),),
}
CHECK_EVERY = 11


@cache
def base() -> StarlightContent:
    """The bundled Starlight pack."""
    from whitedwarf.interpreter.starlight.content import load_content

    return load_content()


@cache
def starlight_pieces() -> Pieces:
    """The base pack's Starlight effects and the registry's examples, cut into pieces."""
    effects = {
        str(card[name]).strip()
        for stem, fields in FIELDS.items()
        for card in base().cards[stem].values()
        for name, _ in fields
        if card.get(name)
    }
    return pieces(REGISTRY, sorted(effects), targets={}, walks=())


def _checked(kind: str, text: str) -> bool:
    """Whether Starlight's own check of effects (``checks.check_goals``, E0947) passes."""
    effect = parse_effect(EffectSource.standalone(text))[0]
    if effect is None:
        return False
    if kind in ("laurel", "accolade"):
        return all(isinstance(c, ast.AsSoonAs) and only_claims(c) for c in effect.clauses)
    return not any(a.verb.text == CLAIM for a in actions_in(effect))


def write_pack(folder: Path, seed: int, per_kind: int) -> tuple[Path, int]:
    """The mod replacing every god, flare, laurel and accolade; and how many texts it has."""
    parts = starlight_pieces()
    texts = {
        kind: valid_texts(REGISTRY, parts, kind, per_kind, seed, keep=partial(_checked, kind))
        for fields in FIELDS.values()
        for _, kind in fields
    }
    folder.mkdir(parents=True, exist_ok=True)
    manifest = {
        "id": f"fuzz_{seed}", "name": "Fuzzed cards", "version": "1.0.0", "game": "starlight",
        "description": "Generated effects that validate clean.", "depends": {"starlight": "*"},
        "allow": ["W0901", "W0430"],
    }  # fmt: skip
    (folder / "pack.yaml").write_text(json.dumps(manifest, indent=1))
    for stem, fields in FIELDS.items():
        cards = []
        for i, card in enumerate(sorted(base().files[stem], key=lambda c: c["id"])):
            new = {k: v for k, v in card.items() if k not in ("compiled", "text", "notes")}
            for name, kind in fields:
                new[name] = texts[kind][i % len(texts[kind])]
            cards.append({**new, "replace": True})
        (folder / f"{stem}.yaml").write_text(json.dumps(cards, indent=1))
    return folder, sum(len(t) for t in texts.values())


def play(content: StarlightContent, players: int, seed: int) -> Outcome:
    """One seeded random game (live seats and Starbots), gods dealt; never raises."""
    draw = random.Random(seed)
    seats = ["live", *(draw.choice(("live", "starbot")) for _ in range(players - 1))]
    outcome = Outcome(players, seed, "ended")
    try:
        with time_limit(60):
            game = Game.from_content(content, players, {"seats": seats, "gods": True})
            state = game.new_state(seed)
            while not game.is_terminal(state):
                if outcome.decisions >= DECISION_BUDGET:
                    raise AssertionError(f"no end after {DECISION_BUDGET} decisions")
                seat = game.current_players(state)[0]
                game.apply(state, seat, pick(draw, game.legal_options(state, seat)), check=False)
                outcome.decisions += 1
                if outcome.decisions % CHECK_EVERY == 0:
                    check(game, state)
            check_end(game, state)
            assert persist.load(persist.save(state)) == state, "save and load changed the state"
    except EffectLimitError as error:
        outcome.kind, outcome.detail = "limit", f"{error.card}: {error}"
    except Exception as error:  # every other exception is the finding
        import traceback

        outcome.kind = "failure"
        outcome.detail = "".join(traceback.format_exception(error)[-6:])
    return outcome


def run(folder: Path, seeds: range, per_kind: int, games: int) -> Report:
    """Fuzz ``len(seeds)`` Starlight packs, ``games`` games each (1 to 5 seats)."""
    report = Report()
    for seed in seeds:
        pack, count = write_pack(folder / f"fuzz_{seed}", seed, per_kind)
        report.texts += count
        result = load_packs([pack])
        if result.pack is None:
            errors = "; ".join(f"{d.code} {d.message}" for d in result.diagnostics if d.is_error)
            report.outcomes.append(Outcome(0, seed, "failure", "pack refused: " + errors))
            continue
        content = content_from_pack(result.pack)
        for g in range(games):
            report.outcomes.append(play(content, 1 + g % 5, seed * 1000 + g))
    return report
