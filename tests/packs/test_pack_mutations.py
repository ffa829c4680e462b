"""Whole pack files mutated at random (numbers, types, shapes, nesting) never break validate.

Starting from the base pack, each example changes one value of one file: a hostile number,
a value of another type, a container in place of a scalar (or the reverse), a deleted or
extra key, a deeper nesting, or a number inside an effect string. ``validate`` must answer
with diagnostics (exit 0 or 1), never fail internally (exit 3); the report renders in both
formats. The files are written as JSON, which is YAML, so every mutant reaches the schema.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.loader import load_pack
from whitedwarf.dsl.packs.yamlsource import parse_yaml
from whitedwarf.tools.validate import render

BASE = bundled_pack()
BASE_DATA = dict(load_pack(BASE).pack.data)  # type: ignore[union-attr]
BASE_DATA["pack"] = parse_yaml((BASE / "pack.yaml").read_text("utf-8"), BASE, "pack.yaml")[0].data  # type: ignore[union-attr]

HOSTILE_NUMBERS = [0, -1, 1, 7, 2**31, 2**63, 10**12, -(10**12), 10**30, 1.5, -0.0]
SCALARS = st.one_of(
    st.sampled_from(HOSTILE_NUMBERS),
    st.integers(-(10**40), 10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=6),
    st.sampled_from(["", "centre", "small", "common", "hit", "warp_drive", "x" * 200]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["id", "x", "copies"]), inner)
    ),
    max_leaves=6,
)


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside ``data`` (the root excluded)."""
    items = (
        data.items()
        if isinstance(data, dict)
        else enumerate(data)
        if isinstance(data, list)
        else ()
    )
    for key, value in items:
        yield (*prefix, key)
        yield from paths(value, (*prefix, key))


def at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


@st.composite
def mutants(draw: st.DrawFn) -> tuple[str, Any]:
    """(file kind, its mutated data)."""
    kind = draw(st.sampled_from(sorted(BASE_DATA)))
    data = json.loads(json.dumps(BASE_DATA[kind]))
    for _ in range(draw(st.integers(1, 3))):
        choices = list(paths(data))
        if not choices:
            break
        path = draw(st.sampled_from(choices))
        parent, key = at(data, path[:-1]), path[-1]
        action = draw(st.sampled_from(["replace", "delete", "extra", "wrap", "effect", "number"]))
        old = parent[key]
        if action == "delete":
            del parent[key]
        elif action == "extra" and isinstance(old, dict):
            old[draw(st.sampled_from(["copies", "id", "extra", "faces", "count"]))] = draw(VALUES)
        elif action == "wrap":
            parent[key] = draw(st.sampled_from([[old], {"id": old}, [[old]], {}]))
        elif action == "effect" and isinstance(old, str) and re.search(r"\d+", old):
            parent[key] = re.sub(r"\d+", str(draw(st.sampled_from(HOSTILE_NUMBERS[4:]))), old)
        elif action == "number" or isinstance(old, int):
            parent[key] = draw(st.sampled_from(HOSTILE_NUMBERS))
        else:
            parent[key] = draw(VALUES)
    return kind, data


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("mutants") / "lastlight"
    shutil.copytree(BASE, folder)
    return folder


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(mutant=mutants())
def test_validate_never_fails_internally_on_a_mutated_pack(pack: Path, mutant: Any) -> None:
    kind, data = mutant
    target = pack / f"{kind}.yaml"
    original = (BASE / f"{kind}.yaml").read_text(encoding="utf-8")
    target.write_text(json.dumps(data, indent=1), encoding="utf-8")
    try:
        result = load_pack(pack, bundled=False)
        render(result, "text")
        render(result, "json")
        for diagnostic in result.diagnostics:
            assert diagnostic.span is not None and diagnostic.span.line >= 1, diagnostic
    finally:
        target.write_text(original, encoding="utf-8")
