"""The files of the Starlight base pack, read as plain data (safe YAML, no engine)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

PACK = Path(__file__).resolve().parents[2] / "content" / "starlight"


@cache
def read(stem: str) -> Any:
    """The parsed content of ``content/starlight/<stem>.yaml``."""
    return YAML(typ="safe", pure=True).load((PACK / f"{stem}.yaml").read_text(encoding="utf-8"))


def constellations() -> list[dict[str, Any]]:
    """The constellations of the sky board."""
    result: list[dict[str, Any]] = read("sky")["constellations"]
    return result


def slots() -> dict[str, dict[str, Any]]:
    """Every slot of the sky by id, with its constellation under ``constellation``."""
    found = {}
    for constellation in read("sky")["constellations"]:
        for slot in constellation["slots"]:
            found[slot["id"]] = {**slot, "constellation": constellation["id"]}
    return found


def neighbours(slot_id: str) -> set[str]:
    """The slots linked to ``slot_id`` (003 "Choosing a Destination Slot": connecting lines)."""
    linked: set[str] = set()
    for constellation in read("sky")["constellations"]:
        for a, b in constellation["links"]:
            if a == slot_id:
                linked.add(b)
            if b == slot_id:
                linked.add(a)
    return linked
