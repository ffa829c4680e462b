"""The generated schemas: current on disk, valid 2020-12, enums from the registry."""

from __future__ import annotations

import re
from pathlib import Path

from jsonschema import Draft202012Validator
from whitedwarf.dsl.packs.codes import PACK_CODES
from whitedwarf.dsl.packs.games import game_spec
from whitedwarf.dsl.packs.schemas import game_schemas, stale_schemas
from whitedwarf.interpreter.lastlight.vocabulary import registry

REPO = Path(__file__).resolve().parents[2]


def test_checked_in_schemas_are_current() -> None:
    stale = stale_schemas(REPO / "schemas", "lastlight")
    assert stale == [], f"regenerate with `whitedwarf schema --out schemas` ({stale})"


def test_every_schema_is_a_valid_2020_12_schema() -> None:
    for schema in game_schemas("lastlight").values():
        Draft202012Validator.check_schema(schema)


def test_enums_come_from_the_registry() -> None:
    techs = game_schemas("lastlight")["techs"]
    card = techs["items"]["else"]
    kinds = [k.name for k in registry().card_kinds.values() if k.file == "techs"]
    assert card["properties"]["kind"]["enum"] == kinds
    faces = game_schemas("lastlight")["dice"]["properties"]["dice"]["items"]["properties"]
    assert set(faces["results"]["items"]["properties"]["id"]["enum"]) == set(
        registry().verbs["treat"].params[1].words
    )


def test_every_pack_code_is_documented_with_an_example() -> None:
    page = (REPO / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    for code in [*PACK_CODES, *game_spec("lastlight").codes, *game_spec("starlight").codes]:
        assert re.search(rf"^### {code}\b", page, re.MULTILINE), code


def test_every_dsl_code_is_documented() -> None:
    from whitedwarf.dsl.codes import DSL_CODES

    page = (REPO / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    for code in DSL_CODES:
        assert code in page, code


# An absolute path in an example is the machine it was run on, never what a user sees.
_ABSOLUTE = re.compile(r"(?<![\w.~])/(home|work|tmp|usr|root|Users|var|opt)/|[A-Z]:\\\\")


def test_doc_examples_show_relative_paths() -> None:
    pages = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
    for page in pages:
        blocks = re.findall(r"^```.*?^```", page.read_text(encoding="utf-8"), re.M | re.S)
        for block in blocks:
            found = _ABSOLUTE.search(block)
            assert found is None, f"{page.name}: absolute path in an example: {found.group(0)}"
