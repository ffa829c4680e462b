"""Whole pack files mutated at random (numbers, types, shapes, nesting) never break validate.

Starting from a bundled pack (Last Light's or Starlight's), each example changes one value of
one file: a hostile number, a value of another type, a container in place of a scalar (or the
reverse), a deleted or extra key, a deeper nesting, or a number inside an effect string.
``validate`` must answer with diagnostics (exit 0 or 1), never fail internally (exit 3); the
report renders in both formats. The files are written as JSON, which is YAML, so every mutant
reaches the schema.
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

GAMES = ("lastlight", "starlight")


def _base_data(base: Path) -> dict[str, Any]:
    """Each file's data of a bundled pack, by file kind (pack.yaml's as ``pack``)."""
    data = dict(load_pack(base).pack.data)  # type: ignore[union-attr]
    manifest = parse_yaml((base / "pack.yaml").read_text("utf-8"), base, "pack.yaml")[0]
    data["pack"] = manifest.data  # type: ignore[union-attr]
    return data


BASES = {game: bundled_pack(game) for game in GAMES}
BASE_DATA = {game: _base_data(BASES[game]) for game in GAMES}

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
def mutants(draw: st.DrawFn) -> tuple[str, str, Any]:
    """(game, file kind, its mutated data)."""
    game = draw(st.sampled_from(GAMES))
    kind = draw(st.sampled_from(sorted(BASE_DATA[game])))
    data = json.loads(json.dumps(BASE_DATA[game][kind]))
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
    return game, kind, data


@pytest.fixture(scope="module")
def packs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A copy of each bundled pack, each mutant written over one of its files."""
    folder = tmp_path_factory.mktemp("mutants")
    for game in GAMES:
        shutil.copytree(BASES[game], folder / game)
    return {game: folder / game for game in GAMES}


@settings(
    max_examples=60,
    derandomize=True,  # the same mutants on every run: a failure is found again
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(mutant=mutants())
def test_validate_never_fails_internally_on_a_mutated_pack(
    packs: dict[str, Path], mutant: Any
) -> None:
    game, kind, data = mutant
    pack = packs[game]
    target = pack / f"{kind}.yaml"
    original = (BASES[game] / f"{kind}.yaml").read_text(encoding="utf-8")
    target.write_text(json.dumps(data, indent=1), encoding="utf-8")
    try:
        result = load_pack(pack, bundled=False)
        render(result, "text")
        render(result, "json")
        for diagnostic in result.diagnostics:
            assert diagnostic.span is not None and diagnostic.span.line >= 1, diagnostic
    finally:
        target.write_text(original, encoding="utf-8")
