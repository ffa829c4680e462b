"""Every field a pack may set is read by the engine, or accounted for (issue 6 item 4).

The test walks the checked-in JSON Schemas (``schemas/*.schema.json``) for every property a
pack may write. It then loads the base pack into the engine's runtime content with each
mapping wrapped in a recorder, plays seeded games at 2, 3 and 4 players, and collects every
key the engine looked up. A property must be one of:

- read by the engine during those games;
- fixed by its schema (``const``: the engine plays the printed rule, any other value is
  refused, docs/rules-decisions.md C22);
- a box count the validator compares with the cards (W0902, ``content_spec().counts``);
- read by a tool, at the module named in ``READ_BY_TOOLS`` (checked: the module names it);
- for people only (``FOR_PEOPLE``): free text and provenance no program acts on.

A schema field added without an engine reader (or a refusal) makes this test fail.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.interpreter.bots import RandomBot
from whitedwarf.interpreter.lastlight.content import GameContent
from whitedwarf.interpreter.lastlight.content_schema import content_spec
from whitedwarf.interpreter.lastlight.game import Game
from whitedwarf.interpreter.lastlight.packs import content_from_pack
from whitedwarf.interpreter.runner import play

from tests.field_reads import Recorder
from tests.field_reads import schema_fields as fields_in

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"

#: Field name -> the module that reads it (relative to the repository).
READ_BY_TOOLS = {
    "name": "tools/card_sheets.py",  # printed on the card sheets (`whitedwarf cards`)
    "text": "dsl/packs/card_text.py",  # compared with the effect (W0430), `whitedwarf text`
    "source": "dsl/packs/card_text.py",  # `source: rulebook` keeps the printed wording
    "allow": "dsl/packs/suppress.py",  # silences warnings
    "replace": "dsl/packs/merge.py",  # a mod's replacement
    "remove": "dsl/packs/merge.py",  # a mod's removal
    "effect": "dsl/packs/effects.py",  # compiled at load; the engine runs the compiled form
}
#: Fields the engine plays as printed, so the validator refuses any other value: path ->
#: the module holding the check (checked: the module names the field).
CHECKED_BY_VALIDATOR = {
    "actions/*/number": "interpreter/lastlight/action_cards.py",  # E0923
    "actions/*/steps": "interpreter/lastlight/action_cards.py",
    "actions/*/turn_order": "interpreter/lastlight/action_cards.py",
    "ships/ships/*/count": "interpreter/lastlight/content_schema.py",  # E0924
    "ships/extractor/count": "interpreter/lastlight/content_schema.py",
}
#: Free text and provenance for designers (DESIGN principle 6); no program acts on them.
FOR_PEOPLE = {"notes", "lore", "sources"}
#: Labels of documents (not cards): a board, colony ship or extractor names itself for people.
DOCUMENT_LABELS = {"board/id", "ships/colony_ship/id", "ships/extractor/id"}

#: Fields the base pack leaves at their default, written out (with the default value) so
#: the recorder can see the engine read them.
DEFAULTS_WRITTEN = {
    ("board", "rings", 0, "sectors", 0, "span"): 1,
    ("supply", "per_player", "starting_resources", "uncommon"): 0,
    ("supply", "per_player", "starting_resources", "rare"): 0,
    ("supply", "per_player", "starting_ships", "medium"): 0,
    ("supply", "per_player", "starting_ships", "large"): 0,
    ("setups", "setups", 2, "neutral_ships", 0, "ships", "medium"): 0,
    ("setups", "setups", 2, "neutral_ships", 0, "ships", "large"): 0,
}
#: Seeds with players; the 2-player game has the Lumos (002), so neutral ships are placed.
GAMES = ((2, 1), (3, 2), (4, 3))


def schema_fields() -> dict[str, dict[str, Any]]:
    """Every property path a Last Light pack may write (``kind/a/*/b``)."""
    return fields_in(SCHEMAS)


def _write_defaults(files: dict[str, Any]) -> None:
    for (*parents, last), value in DEFAULTS_WRITTEN.items():
        target = files
        for key in parents:
            target = target[key]
        assert last not in target, f"the base pack now sets {last}: drop it from the defaults"
        target[last] = value


@pytest.fixture(scope="module")
def engine_reads() -> set[str]:
    """Every path (``kind/a/*/b``) the engine read while playing seeded games."""
    pack = load_packs([bundled_pack()]).pack
    content = content_from_pack(pack)
    files = json.loads(json.dumps(content.files))
    _write_defaults(files)
    recorder = Recorder()
    wrapped = {kind: recorder.wrap(data, kind) for kind, data in files.items()}
    for players, seed in GAMES:
        plain = GameContent(files, f"recorded-{seed}")
        game = Game(GameContent(wrapped, plain.name, _digest=plain.digest()), players, {})
        play(game, game.new_state(seed), [RandomBot(seed * 10 + s) for s in range(players)])
    return recorder.read


def box_counts() -> set[str]:
    """supply.yaml fields the validator compares with the cards (W0902)."""
    out = set()
    for count in content_spec().counts:
        if isinstance(count.expected, str):
            kind, _, path = count.expected.partition(":")
            out.add(f"{kind}/{path.split('/')[0]}")
            out.add(f"{kind}/{path}")
    return out


def unaccounted(fields: dict[str, dict[str, Any]], reads: set[str]) -> list[str]:
    counted = box_counts()
    out = []
    for path, schema in fields.items():
        name = path.rsplit("/", 1)[-1]
        if path in reads or "const" in schema or path in counted or path in CHECKED_BY_VALIDATOR:
            continue
        if name in READ_BY_TOOLS or name in FOR_PEOPLE or path in DOCUMENT_LABELS:
            continue
        if path.startswith(tuple(f"{parent}/" for parent in _people_parents(fields))):
            continue
        out.append(path)
    return out


def _people_parents(fields: dict[str, dict[str, Any]]) -> list[str]:
    """Objects that are themselves for people (``sources: {attack: rulebook}``)."""
    return [path for path in fields if path.rsplit("/", 1)[-1] in FOR_PEOPLE]


def test_every_schema_field_is_read_or_refused(engine_reads: set[str]) -> None:
    missing = unaccounted(schema_fields(), engine_reads)
    assert missing == [], "\n".join(missing)


def test_the_walk_finds_the_fields_it_should() -> None:
    fields = schema_fields()
    assert {"techs/*/cost/common", "board/rotation_direction", "supply/rules/trade_picks"} <= set(
        fields
    )
    assert fields["supply/dice"]["const"] == 6


def test_a_new_unread_field_fails(engine_reads: set[str]) -> None:
    fields = schema_fields()
    fields["supply/rules/sunspot_bonus"] = {"type": "integer"}
    assert unaccounted(fields, engine_reads) == ["supply/rules/sunspot_bonus"]


def test_the_tools_named_read_their_fields() -> None:
    named = {**READ_BY_TOOLS, **{p.rsplit("/", 1)[-1]: m for p, m in CHECKED_BY_VALIDATOR.items()}}
    for name, module in named.items():
        source = (ROOT / module).read_text("utf-8")
        assert f'"{name}"' in source or f"'{name}'" in source or f".{name}" in source, name
