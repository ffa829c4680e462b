"""`whitedwarf cards`: every card of a pack printed, nine to a page (issue 11 item 3)."""

from __future__ import annotations

import math
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader
from whitedwarf.content import bundled_pack
from whitedwarf.dsl.packs.loader import load_packs
from whitedwarf.tools.cli import main
from whitedwarf.tools.scaffold import new_pack

CARD_FILES = ("techs", "factions", "exploration", "achievements")


def cards(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["cards", *args])
    return result.exit_code, result.output


def pdf_text(path: Path) -> tuple[int, str]:
    reader = PdfReader(str(path))
    return len(reader.pages), " ".join(page.extract_text() for page in reader.pages)


def test_base_pack_prints_every_card_with_its_copies(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    status, output = cards(str(bundled_pack()), "--out", str(out))
    assert status == 0, output
    data = load_packs([bundled_pack()]).pack.data
    copies = sum(c.get("copies", 1) for f in CARD_FILES for c in data[f])
    assert f"{copies} cards on {math.ceil(copies / 9)} pages" in output
    pages, text = pdf_text(out)
    assert pages == math.ceil(copies / 9)
    flat = " ".join(text.split())
    for card in (c for f in CARD_FILES for c in data[f]):
        assert card["name"] in flat, card["id"]
    assert flat.count("X Blaster") == data["techs"][0]["copies"]
    assert "This ship type has +1 [attack]." in flat  # text written from the effect


def test_a_mod_prints_its_own_cards_unless_asked(tmp_path: Path) -> None:
    mod = tmp_path / "pirates"
    new_pack(mod)
    out = tmp_path / "mod.pdf"
    status, output = cards(str(mod), "--out", str(out))
    assert status == 0, output
    pages, text = pdf_text(out)
    assert pages == 1 and "Pirates Tech" in text and "X Blaster" not in text
    status, output = cards(str(mod), "--out", str(out), "--all", "--force")
    assert status == 0 and "X Blaster" in pdf_text(out)[1]


def test_never_overwrites_and_refuses_broken_packs(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    out.write_text("mine")
    status, output = cards(str(bundled_pack()), "--out", str(out))
    assert status == 2 and "already exists" in output and out.read_text() == "mine"
    mod = tmp_path / "broken"
    new_pack(mod)
    techs = mod / "techs.yaml"
    techs.write_text(techs.read_text().replace("+1 attack", "+1 atack"))
    status, output = cards(str(mod), "--out", str(tmp_path / "b.pdf"))
    assert status == 1 and "E0403" in output and "whitedwarf validate" in output
