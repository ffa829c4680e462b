"""A design's card in a pack of its own, and that pack validated as `whitedwarf validate` does.

Each design gets a small mod of its game's base pack holding only its card, so a design's
diagnostics and behaviour are its own. The card's ``text`` is the designer's English, which is
not the wording `whitedwarf text` writes from the effect, so the pack allows W0430 (and W0902:
the card is one more than the box holds).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from whitedwarf.dsl.diagnostics import Diagnostic
from whitedwarf.dsl.packs.loader import load_packs

from tests.exercise.designs import KIND_FILES, Design

#: Warnings every exercise pack allows (see the module docstring).
ALLOWED = ("W0430", "W0902")
BASE = {"lastlight": "lastlight", "starlight": "starlight"}


def card_of(design: Design) -> dict[str, Any]:
    """The card's entry in its pack file."""
    name = design.id.split("_", 1)[1].replace("_", " ").title()
    card: dict[str, Any] = {"id": design.id, "name": name}
    kind = design.kind
    if kind in ("civilization", "ship_ability", "ship_mod"):
        card.update(kind=kind, cost={"common": 1}, copies=1)
    elif kind == "faction":
        card.update(three_plus=False)
    elif kind == "deep_space":
        card.update(kind=kind, copies=1)
    elif kind == "planetary":
        card.update(kind=kind, tier="common", resource="common", copies=1)
    elif kind == "achievement":
        card.update(set=1)
    card.update(source="invented", text=design.english)
    if kind == "flare":
        card.update(points=design.points, boon=design.boon)
    elif kind in ("laurel", "accolade"):
        card.update(goal=design.effect, points=3)
    else:
        card["effect"] = design.effect
    card.update(design.card)
    return card


def write_pack(design: Design, root: Path) -> Path:
    """The folder of a pack (under ``root``) holding the design's card; returns it."""
    folder = root / design.id
    folder.mkdir(parents=True, exist_ok=True)
    base = BASE[design.game]
    manifest = {
        "id": f"ex_{design.id}",
        "name": f"Exercise {design.id}",
        "version": "0.1.0",
        "game": design.game,
        "depends": {base: ">=1.0,<2"},
        "description": f"The design exercise's card {design.id} (docs/design-exercise.md).",
        "allow": list(ALLOWED),
    }
    _dump(folder / "pack.yaml", manifest)
    _dump(folder / f"{KIND_FILES[design.game][design.kind]}.yaml", [card_of(design)])
    return folder


def diagnostics(folder: Path) -> list[str]:
    """Every diagnostic validating the pack gives, as `validate` heads them (code first);
    not the W0903 of an :data:`ALLOWED` entry that silences nothing in this design's pack
    (docs/rules-decisions.md E166): every exercise pack carries both, the design did not
    write them."""
    result = load_packs([folder], [])
    return [f"{d.code} {d.headline()}" for d in result.diagnostics if not _harness_allow(d)]


def _harness_allow(found: Diagnostic) -> bool:
    in_manifest = found.span is not None and Path(found.span.path).name == "pack.yaml"
    named = any(f"`{code}`" in found.message for code in ALLOWED)
    return found.code == "W0903" and in_manifest and named


def _dump(path: Path, data: Any) -> None:
    yaml = YAML()
    yaml.default_flow_style = False
    yaml.width = 4096
    out = io.StringIO()
    yaml.dump(data, out)
    path.write_text(out.getvalue(), encoding="utf-8")
