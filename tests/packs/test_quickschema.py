"""The quick schema check answers exactly as jsonschema does, so diagnostics cannot change.

The loader asks jsonschema for diagnostics only when the quick check says a file is not
valid (dsl/packs/quickschema.py). Here both judge the base pack's files, every file of the
broken-pack corpus and random damage to real cards; whenever the quick check gives an
answer (it may say it is unsure), the answer is jsonschema's.
"""

from __future__ import annotations

import contextlib
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.games import installed_games
from whitedwarf.dsl.packs.quickschema import Unsure, compile_check, is_valid
from whitedwarf.dsl.packs.schemas import MANIFEST, game_schemas, quick_check, validator
from whitedwarf.dsl.packs.yamlsource import parse_yaml

from .corpus import FIXTURES

SCHEMAS = [("", MANIFEST)] + [
    (g, name) for g in sorted(installed_games()) for name in game_schemas(g)
]


def jsonschema_valid(game: str, name: str, data: Any) -> bool:
    return next(iter(validator(game, name).iter_errors(data)), None) is None


def agree(game: str, name: str, data: Any) -> None:
    check = quick_check(game, name)
    assert check is not None
    try:
        answer = check(data)
    except Unsure:
        assert not is_valid(check, data)  # unsure counts as "ask jsonschema"
        return
    assert answer == jsonschema_valid(game, name, data), (name, data)


def kind_of(path: Path) -> str:
    return MANIFEST if path.name == "pack.yaml" else path.stem


def loaded(path: Path) -> Any:
    file, _ = parse_yaml(path.read_text(encoding="utf-8", errors="replace"), path, path.name)
    return None if file is None else file.data


@pytest.mark.parametrize(("game", "name"), SCHEMAS)
def test_every_schema_of_every_game_has_a_quick_check(game: str, name: str) -> None:
    # A keyword the quick check does not know would turn it off for the schema (slow, not wrong).
    assert quick_check(game, name) is not None


@pytest.mark.parametrize("path", sorted(bundled_pack().glob("*.yaml")), ids=lambda p: p.name)
def test_the_base_pack_passes_the_quick_check(path: Path) -> None:
    game = "" if kind_of(path) == MANIFEST else "lastlight"
    data = loaded(path)
    assert is_valid(quick_check(game, kind_of(path)), data)
    agree(game, kind_of(path), data)


CORPUS_FILES = sorted(
    p
    for p in FIXTURES.rglob("*.yaml")
    if kind_of(p) in game_schemas("lastlight") or kind_of(p) == MANIFEST
)


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_the_corpus_files_get_jsonschemas_answer(path: Path) -> None:
    game = "" if kind_of(path) == MANIFEST else "lastlight"
    agree(game, kind_of(path), loaded(path))


def test_the_keywords_judge_like_jsonschema() -> None:
    cases = [
        ({"type": "integer"}, [1, 1.0, 1.5, True, "1", None]),
        ({"type": "number"}, [1, 1.5, math.nan, False, "x"]),
        ({"type": ["string", "null"]}, ["a", None, 0]),
        ({"enum": ["a", "b"]}, ["a", "c", 1, True, None, ["a"]]),
        ({"const": True}, [True, 1, 1.0, False, "true"]),
        ({"const": 1}, [1, 1.0, True, "1", None, [1], 2]),
        ({"const": {}}, [{}, {"a": 1}, [], None, 0]),
        ({"enum": [None, [], 2.5, "a", False]}, [None, [], [1], 2.5, 0, False, True, "a", {}]),
        ({"enum": [[1], {"a": 1}]}, [[1], {"a": 1}, [], "x", 1]),
        ({"minimum": 1, "maximum": 3}, [0, 1, 3, 4, math.nan, math.inf, "9", True]),
        ({"minLength": 2, "pattern": "^a"}, ["ab", "a", "ba", 5]),
        (
            {"minItems": 1, "uniqueItems": True, "items": {"type": "string"}},
            [[], ["a", "a"], ["a", 1], ["a", "b"], "ab"],
        ),
        (
            {
                "properties": {"a": {"type": "string"}},
                "required": ["a"],
                "additionalProperties": False,
            },
            [{"a": "x"}, {"a": 1}, {}, {"a": "x", "b": 1}, []],
        ),
        (
            {"propertyNames": {"pattern": "^[a-z]+$"}, "additionalProperties": {"type": "integer"}},
            [{"ab": 1}, {"Ab": 1}, {"ab": "x"}],
        ),
        (
            {
                "if": {"required": ["remove"]},
                "then": {"required": ["id"]},
                "else": {"required": ["name"]},
            },
            [{"remove": 1}, {"remove": 1, "id": 2}, {"name": 1}, {}],
        ),
        ({"not": {"type": "string"}}, ["a", 1]),
        ({"allOf": [{"minimum": 1}, {"maximum": 2}]}, [0, 1, 3]),
        ({"type": "string", "minLength": 1, "maxLength": 3}, ["", "a", "abc", "abcd", "é" * 3]),
    ]
    from jsonschema import Draft202012Validator

    for schema, values in cases:
        check = compile_check(schema)
        assert check is not None
        for value in values:
            expected = Draft202012Validator(schema).is_valid(value)
            with contextlib.suppress(Unsure):
                assert check(value) == expected, (schema, value)


def test_an_unknown_keyword_turns_the_quick_check_off() -> None:
    assert compile_check({"type": "string", "maxContains": 3}) is None
    assert compile_check({"$ref": "#/x"}) is None
    assert not is_valid(None, "anything")


# Random damage: replace, drop or add values anywhere in a real card file.
BASE_FILES = {kind_of(p): loaded(p) for p in bundled_pack().glob("*.yaml")}
JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(["", "x", "common", "ship_mod", "rulebook", "1.0.0", "lastlight", "-1"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["id", "name", "kind", "cost", "x"]), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, (*path, index))
    return out


@st.composite
def damaged(draw: st.DrawFn) -> tuple[str, Any]:
    import copy

    name = draw(st.sampled_from(sorted(BASE_FILES)))
    data = copy.deepcopy(BASE_FILES[name])
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "drop", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(JSONISH)
        elif action == "drop":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["x", "notes", "copies", "remove", "replace"]))] = draw(
                JSONISH
            )
    return name, data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_damaged_files_get_jsonschemas_answer(case: tuple[str, Any]) -> None:
    name, data = case
    game = "" if name == MANIFEST else "lastlight"
    agree(game, name, data)
