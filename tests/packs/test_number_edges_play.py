"""Every number of a pack file at the edge of its declared range: validated, then played.

A number the schema accepts must make a game the engine can play (DESIGN principle 3: "every
number has a declared range"; a range that lets a game hang or fail is the wrong range). For
each game, a seeded sample of the whole numbers of its bundled pack's files (the setup, the
board, the supply, the sky, a card's cost or points ...) is set to the lowest or the highest
value its schema allows, one at a time; `validate` must answer with diagnostics (exit 0 or
1), and a pack it passes must play a short game with bots to its end (exit 0). The sample is
the same on every run; ``WHITEDWARF_EDGES=N`` draws N numbers a game (all of them: 1000),
``WHITEDWARF_EDGES_SEED`` another sample. When this test was written, every number at both
edges was also played in full games (2 and 4 seats, 1 and 5): every one ended clean.
"""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.schemas import game_schemas

from tests.hostile_cli import run

SAMPLE = int(os.environ.get("WHITEDWARF_EDGES", "6"))
SEED = int(os.environ.get("WHITEDWARF_EDGES_SEED", "0"))
#: Seats of the short game: the most each game seats, so every seat's share of a number is
#: used (Last Light 4, Starlight 5, with gods dealt).
PLAY = {
    "lastlight": ["--seats", "random,random,random,random"],
    "starlight": ["--seats", "random,random,random,random,random", "--option", "gods=true"],
}
Path_ = tuple[Any, ...]


def _schema_at(schema: Any, path: Path_) -> dict[str, Any] | None:
    """The schema of the value at ``path`` (cards: the `else` branch, a card being written)."""
    for key in path:
        if not isinstance(schema, dict):
            return None
        schema = schema.get("else", schema)
        if isinstance(key, int):
            schema = schema.get("items")
        else:
            props = schema.get("properties", {})
            schema = props.get(key, schema.get("additionalProperties"))
    return schema if isinstance(schema, dict) else None


def _numbers(data: Any, path: Path_ = ()) -> Iterator[Path_]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _numbers(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _numbers(value, (*path, index))
    elif isinstance(data, int) and not isinstance(data, bool):
        yield path


def _edges(game: str) -> list[tuple[str, Path_, int]]:
    """(file, path, value): each whole number of the pack's files at each edge of its
    range, the value it already has left out; one number of each shape (the first card's
    `copies` stands for every card's)."""
    yaml, schemas, out = YAML(), game_schemas(game), []
    for file in sorted(bundled_pack(game).glob("*.yaml")):
        data, shapes = yaml.load(file.read_text("utf-8")), set()
        for path in _numbers(data):
            shape = tuple("#" if isinstance(k, int) else k for k in path)
            schema = _schema_at(schemas.get(file.stem), path)
            if shape in shapes or schema is None or "maximum" not in schema:
                continue
            shapes.add(shape)
            held = _at(data, path)
            out += [
                (file.name, path, v) for v in (schema["minimum"], schema["maximum"]) if v != held
            ]
    return out


def _at(data: Any, path: Path_) -> Any:
    for key in path:
        data = data[key]
    return data


CASES = [
    (game, *edge)
    for game in PLAY
    for edge in random.Random(SEED).sample(_edges(game), min(SAMPLE, len(_edges(game))))
]


@pytest.mark.parametrize(
    ("game", "file", "path", "value"),
    CASES,
    ids=[f"{g}-{f}:{'.'.join(map(str, p))}={v}" for g, f, p, v in CASES],
)
def test_a_number_at_the_edge_of_its_range_validates_and_plays(
    tmp_path: Path, game: str, file: str, path: Path_, value: int
) -> None:
    pack = tmp_path / game
    shutil.copytree(bundled_pack(game), pack)
    yaml = YAML()
    yaml.width = 4096
    data = yaml.load((pack / file).read_text("utf-8"))
    _at(data, path[:-1])[path[-1]] = value
    with (pack / file).open("w", encoding="utf-8") as out:
        yaml.dump(data, out)
    code, said = run("validate", str(pack), "--no-cache")
    assert code in (0, 1), said
    if code == 0:
        code, said = run("play", "--pack", str(pack), *PLAY[game], "--round-limit", "4")
        assert code == 0 and "final state hash: " in said, said  # the game ended


def test_the_sample_reaches_both_games_and_both_edges() -> None:
    assert {case[0] for case in CASES} == set(PLAY)
    assert all(len(_edges(game)) > 40 for game in PLAY)
