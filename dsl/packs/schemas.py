"""JSON Schemas (2020-12) for pack files: built from a game's :class:`ContentSpec`.

The generated files live in ``schemas/<kind>.schema.json`` (``whitedwarf schema --out``) for
editors; the loader validates with the same dicts (:func:`schema_problems`): a quick check
(:mod:`.quickschema`) first, and one cached ``Draft202012Validator`` each for files it does
not pass, whose errors :mod:`.schema_errors` maps back into the YAML file. jsonschema is
imported only then, so checking a clean pack never pays for it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.games import game_spec, installed_games, remembers_games
from whitedwarf.dsl.packs.kinds import FileKind
from whitedwarf.dsl.packs.quickschema import Check, compile_check, is_valid
from whitedwarf.dsl.packs.schema_parts import (
    ID_PATTERN,
    LANGUAGE_PATTERN,
    VERSION_PATTERN,
    Schema,
    allow_list,
    identifier,
    obj,
    printed_name,
    text,
)

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from whitedwarf.dsl.packs.yamlsource import DataPath, YamlFile

DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_ID = "https://whitedwarf.invalid/schemas/{name}.schema.json"
MANIFEST = "pack"
#: The most packs one manifest may depend on (E0607): each is looked for in every search
#: folder, so 100,000 names (a 1.2 MB `depends`) took minutes before any answer (E168);
#: a mod of mods names each dependency once, and a real one needs a few.
MOST_DEPENDENCIES = 100


def manifest_schema() -> Schema:
    """The schema of ``pack.yaml``."""
    body = obj(
        {
            "id": identifier("the pack's id; other packs depend on it by this name"),
            "name": printed_name("a human name for the pack"),
            "version": {
                "type": "string",
                "pattern": VERSION_PATTERN,
                "description": "semver, e.g. 1.2.0",
            },
            "game": {"enum": sorted(installed_games()), "description": "the game the pack is for"},
            "depends": {
                "type": "object",
                "propertyNames": {"pattern": ID_PATTERN},
                "additionalProperties": {
                    "type": "string",
                    "description": "a version range, e.g. >=1.0,<2",
                },
                "maxProperties": MOST_DEPENDENCIES,
                "x-why": "a pack builds on a few others; split a bigger collection into packs "
                "that depend on each other",
                "description": "pack id -> version range",
            },
            "allow": allow_list(),
            "description": text(),
            "language": {
                "type": "string",
                "pattern": LANGUAGE_PATTERN,
                "description": "the version of the game's effect language the pack is written "
                "for, e.g. 1.1 (`whitedwarf fix` updates it)",
            },
        },
        ["id", "name", "version", "game"],
    )
    return _document(MANIFEST, "A content pack's manifest (pack.yaml).", body)


def removal_schema() -> Schema:
    """``{id: x, remove: true}``: a mod removes a card of a dependency."""
    return obj(
        {"id": identifier("the card to remove"), "remove": {"const": True}},
        ["id", "remove"],
        description="remove a card of a dependency",
    )


def card_file_schema(kind: FileKind) -> Schema:
    """A card file: a list whose items are cards, replacements or removals."""
    card = json.loads(json.dumps(kind.schema))  # a deep copy: the spec's dict stays as declared
    card["properties"]["replace"] = {"const": True, "description": "replace a dependency's card"}
    item = {
        "if": {"type": "object", "required": ["remove"]},
        "then": removal_schema(),
        "else": card,
    }
    return _document(kind.name, kind.description, {"type": "array", "items": item})


def file_schema(kind: FileKind) -> Schema:
    """The schema of ``<kind>.yaml``."""
    if kind.cards:
        return card_file_schema(kind)
    return _document(kind.name, kind.description, kind.schema)


def _document(name: str, description: str, body: Schema) -> Schema:
    head = {"$schema": DIALECT, "$id": SCHEMA_ID.format(name=name), "title": f"{name}.yaml"}
    return head | {"description": description} | body


def game_schemas(game: str) -> dict[str, Schema]:
    """Every schema of a game: ``pack`` and one per file kind, by name."""
    spec = game_spec(game)
    out = {MANIFEST: manifest_schema()}
    out.update({name: file_schema(kind) for name, kind in spec.kinds.items()})
    return out


def render(schema: Schema) -> str:
    """The schema as the text of its ``.schema.json`` file."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schemas(out_dir: Path, game: str, only: str | None = None) -> list[Path]:
    """Write ``<name>.schema.json`` files (or just ``only``) into ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in game_schemas(game).items():
        if only is not None and name != only:
            continue
        path = out_dir / f"{name}.schema.json"
        path.write_text(render(schema), encoding="utf-8")
        written.append(path)
    return written


def stale_schemas(schema_dir: Path, game: str) -> list[str]:
    """Names of schema files in ``schema_dir`` that are missing or differ from the code."""
    stale = []
    for name, schema in game_schemas(game).items():
        path = schema_dir / f"{name}.schema.json"
        if not path.is_file() or path.read_text(encoding="utf-8") != render(schema):
            stale.append(name)
    return stale


@remembers_games
@cache
def schema_of(game: str, name: str) -> Schema:
    """The schema of one file kind (``pack`` for the manifest), built once; do not change it."""
    return manifest_schema() if name == MANIFEST else game_schemas(game)[name]


@remembers_games
@cache
def validator(game: str, name: str) -> Draft202012Validator:
    """The cached validator for one schema (building one per call is ten times slower)."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema_of(game, name))


@remembers_games
@cache
def quick_check(game: str, name: str) -> Check | None:
    """The compiled quick check of one schema (None if it uses keywords it does not know)."""
    return compile_check(schema_of(game, name))


def schema_problems(
    game: str,
    name: str,
    file: YamlFile,
    noun: str,
    codes: dict[DataPath, str] | None = None,
) -> tuple[list[Diagnostic], set[DataPath]]:
    """The schema diagnostics of ``file`` and the data paths refused (see schema_errors).

    A file the quick check passes has none; any other is described by jsonschema.
    """
    if is_valid(quick_check(game, name), file.data):
        return [], set()
    from whitedwarf.dsl.packs.schema_errors import schema_diagnostics

    def elsewhere(fields: frozenset[str]) -> list[str]:
        return other_homes(game, name, fields)

    return schema_diagnostics(validator(game, name), file.data, file, noun, codes, elsewhere)


# Fields every card file has: they say nothing about which file a card belongs in.
_COMMON_FIELDS = frozenset({"id", "name", "source", "text", "notes", "allow", "replace", "remove"})


@remembers_games
@cache
def card_fields(game: str) -> dict[str, frozenset[str]]:
    """Each card file of ``game`` (by name) with the fields its cards may have."""
    out = {}
    for name, schema in game_schemas(game).items():
        items = schema.get("items")
        if not isinstance(items, dict):
            continue  # the manifest and the documents (board.yaml ...) are not card lists
        card = items.get("else", items)
        out[name] = frozenset(card.get("properties", {}))
    return out


def other_homes(game: str, name: str, fields: frozenset[str]) -> list[str]:
    """The other card files of ``game`` whose cards may have every one of ``fields`` (the
    file names, sorted), when the file ``name`` may not: a card in the wrong file."""
    files = card_fields(game)
    if name not in files or fields <= files[name] or fields <= _COMMON_FIELDS:
        return []
    return sorted(
        f"{other}.yaml" for other, have in files.items() if other != name and fields <= have
    )
