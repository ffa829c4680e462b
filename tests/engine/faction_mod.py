"""A Last Light mod folder of one `pack.yaml` and one `factions.yaml`, written once per test
module: the scenario tests of reactions and named parties (test_parties, test_of_it,
test_chosen_attacker, test_light_gained, test_seat_parties) each build one."""

from __future__ import annotations

from pathlib import Path

import pytest


def faction_mod(factory: pytest.TempPathFactory, name: str, pack: str, factions: str) -> Path:
    """The folder ``name`` (in a fresh temporary folder) holding ``pack`` as its pack.yaml
    and ``factions`` as its factions.yaml."""
    folder = factory.mktemp(name) / name
    folder.mkdir()
    (folder / "pack.yaml").write_text(pack, encoding="utf-8")
    (folder / "factions.yaml").write_text(factions, encoding="utf-8")
    return folder
