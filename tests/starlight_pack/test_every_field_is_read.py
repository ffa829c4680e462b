"""Every field a Starlight pack may set is read by the engine, or accounted for (C22).

The Starlight twin of ``tests/packs/test_every_field_is_read.py``: it walks
``schemas/starlight/*.schema.json`` for every property a pack may write, hands the engine
the base pack with each mapping wrapped in a recorder, plays seeded games (1 to 5 seats,
live players and Starbots, with and without gods, every Starbot level), and collects
every key the engine looked up. A property must be one of:

- read by the engine during those games;
- an effect (``flares/*/boon``): the engine runs its compiled form, so the field counts as
  read when the card's compiled effect was;
- read in a step random games seldom reach (``RARE``: the module reading it is named, and a
  scenario test plays that step);
- fixed by its schema (``const``);
- read by a tool, at the module named in ``READ_BY_TOOLS`` (checked: the module names it);
- for people only (``FOR_PEOPLE``): free text and provenance no program acts on.

A schema field added without an engine reader (or a refusal) makes this test fail, so a
stranger's pack can never set a field that silently does nothing.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.games import game_spec
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.starlight.content import StarlightContent, content_from_pack
from whitedwarf.interpreter.starlight.game import Game

from tests.field_reads import Recorder, schema_fields

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas" / "starlight"

#: Field name -> the module that reads it (relative to the repository).
READ_BY_TOOLS = {
    "name": "tools/card_sheets.py",  # printed on the card sheets and in the narration
    "text": "dsl/packs/card_text.py",  # compared with the effect, `whitedwarf text`
    "source": "dsl/packs/card_text.py",  # `source: rulebook` keeps the printed wording
    "allow": "dsl/packs/suppress.py",  # silences warnings
    "replace": "dsl/packs/merge.py",  # a mod's replacement
    "remove": "dsl/packs/merge.py",  # a mod's removal
}
#: Fields of the TUI only, by path (checked: the module names the field).
READ_BY_TOOL_PATH = {
    "aspects/*/colour": "interpreter/starlight/views/board_text.py",  # "aspect Crown (gold icon)"
    "privileges/*/text": "interpreter/starlight/views/board_text.py",  # the help page's privileges
    # A starter's printed ray's size: no rule reads it (003 "Your Starter Core": a starter
    # takes rays of any size), so it is the card's picture, shown on each Core's plan in play
    # ("printed red long ray") and on the card sheet (docs/rules-decisions.md SL65).
    "starters/*/ray/size": "interpreter/starlight/views/board_text.py",
}
#: Fields (with what they hold) read in a step random games seldom reach -> the reader.
#: A slotless final launch (003 "Your Last Turn") reads its size's points in one lookup;
#: tests/starlight/test_end_of_game.py plays one.
RARE = {"setup/slotless_points": "interpreter/starlight/launch.py"}
#: Free text and provenance for designers (DESIGN principle 6); no program acts on them.
FOR_PEOPLE = {"notes", "lore", "sources"}
#: (seats, gods, Starbot level, seed): every seat count, Starbots, gods, every level. (5 seats:
#: seed 7, since seed 5's game attached no flare once Mammon's launch cost 4 AP there, SL74.)
GAMES = (
    (("live",), False, 1, 1),
    (("live", "starbot"), True, 2, 2),
    (("live", "live", "starbot"), True, 3, 3),
    (("live", "starbot", "live", "starbot"), False, 4, 4),
    (("live",) * 5, True, 1, 7),
    (("starbot", "live"), False, 1, 6),
)


def _pick(draw: random.Random, options: list[Any], boons: bool) -> str:
    """A random option, leaning away from ending early so that stars get launched; without
    ``boons``, away from a flare's boon too, so that flares are kept to attach to a launch."""
    dull = ("end", "cancel", "done", "no_flare", "no")
    keen = [o for o in options if o.id not in dull and (boons or not o.id.startswith("boon:"))]
    return str(draw.choice(keen if keen and draw.random() < 0.9 else options).id)


@pytest.fixture(scope="module")
def engine_reads() -> set[str]:
    """Every path (``kind/a/*/b``) the engine read while playing seeded games."""
    pack = load_packs([bundled_pack("starlight")]).pack
    assert pack is not None
    plain = content_from_pack(pack)
    recorder = Recorder()
    files = {kind: recorder.wrap(data, kind) for kind, data in plain.files.items()}
    content = StarlightContent(plain.name, files, digest=plain.digest)
    for seats, gods, level, seed in GAMES:
        options = {"seats": list(seats), "gods": gods, "starbot_level": level}
        game = Game.from_content(content, len(seats), options)
        state, draw = game.new_state(seed), random.Random(seed)
        while not game.is_terminal(state):
            seat = game.current_players(state)[0]
            game.apply(state, seat, _pick(draw, game.legal_options(state, seat), seed % 2 == 0))
    return recorder.read


def effect_reads(reads: set[str]) -> set[str]:
    """Each effect field whose compiled form the engine read (``flares/*/boon`` when it read
    ``flares/*/compiled/boon``: the loader keeps a card's effects under ``compiled``)."""
    out = set()
    for kind in game_spec("starlight").card_kinds():
        for field, _, key in kind.effect_fields():
            compiled = key.partition(".")[2] or key
            if f"{kind.name}/*/compiled/{compiled}" in reads:
                out.add(f"{kind.name}/*/{field}")
    return out


def unaccounted(fields: dict[str, dict[str, Any]], reads: set[str]) -> list[str]:
    """The schema's fields that no game read and nothing else accounts for."""
    reads = reads | effect_reads(reads)
    people = tuple(f"{path}/" for path in fields if path.rsplit("/", 1)[-1] in FOR_PEOPLE)
    out = []
    for path, schema in fields.items():
        name = path.rsplit("/", 1)[-1]
        if path in reads or "const" in schema or name in READ_BY_TOOLS or name in FOR_PEOPLE:
            continue
        if path in READ_BY_TOOL_PATH or path.startswith(tuple(RARE)):
            continue
        if not path.startswith(people):
            out.append(path)
    return out


def test_every_schema_field_is_read_or_refused(engine_reads: set[str]) -> None:
    missing = unaccounted(schema_fields(SCHEMAS), engine_reads)
    assert missing == [], "\n".join(missing)


def test_a_new_unread_field_fails(engine_reads: set[str]) -> None:
    fields = schema_fields(SCHEMAS)
    fields["setup/comet_bonus"] = {"type": "integer"}
    assert unaccounted(fields, engine_reads) == ["setup/comet_bonus"]


def test_every_effect_field_is_run(engine_reads: set[str]) -> None:
    """The games ran every kind of effect, so the effect rule above is not vacuous."""
    assert {"flares/*/points", "flares/*/boon", "laurels/*/goal", "accolades/*/goal",
            "gods/*/effect"} <= effect_reads(engine_reads)  # fmt: skip


def test_the_tools_named_read_their_fields() -> None:
    named = {**READ_BY_TOOLS, **{p.rsplit("/", 1)[-1]: m for p, m in READ_BY_TOOL_PATH.items()}}
    for path, module in RARE.items():
        named[path.rsplit("/", 1)[-1]] = module
    for name, module in named.items():
        source = (ROOT / module).read_text("utf-8")
        assert f'"{name}"' in source or f"'{name}'" in source or f".{name}" in source, name
