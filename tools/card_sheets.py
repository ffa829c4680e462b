"""Printable cards: every card of a pack at playing-card size on A4 or Letter sheets.

Each card is 63 × 88 mm (poker size), nine to a sheet in a 3 × 3 grid with cut marks
outside it. A card shows its name, its kind in its colour, its cost (or points) as coloured
discs, the text written from its effect (dsl/render.py, so the print matches what the engine
does), its copies repeated, and a footer with the pack and card id. Drawn with reportlab.

Which files are printed and what each face says is the game's :class:`CardBook`, named by
its ``GameEngine.card_book``: Last Light's is :func:`lastlight_cards` (civilization techs
blue, ship abilities green, ship mods yellow), Starlight's is in
``interpreter/starlight/wording.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph
from whitedwarf.dsl.registry import Registry
from whitedwarf.dsl.render import render_effect

CARD_W, CARD_H = 63 * mm, 88 * mm
COLUMNS, ROWS = 3, 3
MARK = 4 * mm  # length of a cut mark
PAPER = {"a4": A4, "letter": LETTER}
CARD_FILES = ("techs", "factions", "exploration", "achievements")

#: The printed colours (public rules FAQ: civilization blue, ship abilities green, mods yellow).
KIND_COLOURS = {
    "civilization": "#2f6db5",
    "ship_ability": "#3a9a4a",
    "ship_mod": "#d8b62a",
    "faction": "#7a4fa0",
    "deep_space": "#27324a",
    "planetary": "#8a5a2b",
    "achievement": "#b23a48",
}
RESOURCE_COLOURS = {
    "common": "#8c8c8c",
    "uncommon": "#7b3fa0",
    "rare": "#e07b1a",
    "light": "#f2d45c",
}


@dataclass(frozen=True)
class PrintedCard:
    """One card face to draw."""

    pack: str
    id: str
    name: str
    kind: str
    cost: dict[str, int]
    text: str  # paragraphs separated by a newline


@dataclass(frozen=True)
class CardBook:
    """How a game's cards are printed (``GameEngine.card_book``)."""

    #: The card files printed, in order.
    files: tuple[str, ...]
    #: ``(card, file, registry, pack id)`` to its face.
    face: Callable[[dict[str, Any], str, Registry, str], PrintedCard]
    #: A face's ``kind`` to the colour of its name band.
    kind_colours: dict[str, str] = field(default_factory=dict)
    #: A ``cost`` entry's name to the colour of its disc.
    cost_colours: dict[str, str] = field(default_factory=dict)


def lastlight_cards() -> CardBook:
    """Last Light's cards: techs, factions, exploration tokens and achievements."""
    return CardBook(CARD_FILES, _face, KIND_COLOURS, RESOURCE_COLOURS)


def printed_cards(
    data: dict[str, Any],
    registry: Registry,
    pack: str,
    only: set[tuple[str, str]] | None = None,
    book: CardBook | None = None,
) -> list[PrintedCard]:
    """The faces to print, copies repeated, in file order (``only``: these ``(file, id)``
    alone)."""
    book = book or lastlight_cards()
    faces = []
    for file in book.files:
        for card in data.get(file, []):
            if only is not None and (file, card["id"]) not in only:
                continue
            face = book.face(card, file, registry, pack)
            faces += [face] * int(card.get("copies", 1))
    return faces


def _face(card: dict[str, Any], file: str, registry: Registry, pack: str) -> PrintedCard:
    kind = {"factions": "faction", "achievements": "achievement"}.get(file, card.get("kind", file))
    try:
        text = render_effect(card["effect"], registry) if card.get("effect") else card["text"]
    except Exception:  # the pack validated, so this is only a card the renderer cannot say
        text = card.get("text", "")
    cost = {k: v for k, v in (card.get("cost") or {}).items() if v}
    return PrintedCard(pack, card["id"], card.get("name", card["id"]), kind, cost, text)


def draw_sheets(
    faces: Iterable[PrintedCard], out: Path, paper: str = "a4", book: CardBook | None = None
) -> int:
    """Write the faces to a PDF at ``out`` in the colours of ``book`` (default: Last
    Light's); returns the number of pages."""
    book = book or lastlight_cards()
    width, height = PAPER[paper]
    canvas = Canvas(str(out), pagesize=(width, height))
    canvas.setTitle("whitedwarf cards")
    left = (width - COLUMNS * CARD_W) / 2
    bottom = (height - ROWS * CARD_H) / 2
    pages = 0
    for page in _pages(list(faces)):
        pages += 1
        _cut_marks(canvas, left, bottom)
        for index, face in enumerate(page):
            column, row = index % COLUMNS, index // COLUMNS
            x = left + column * CARD_W
            y = bottom + (ROWS - 1 - row) * CARD_H
            _card(canvas, face, x, y, book)
        canvas.showPage()
    canvas.save()
    return pages


def _pages(faces: list[PrintedCard]) -> Iterator[list[PrintedCard]]:
    per_page = COLUMNS * ROWS
    for start in range(0, len(faces), per_page):
        yield faces[start : start + per_page]


def _cut_marks(canvas: Canvas, left: float, bottom: float) -> None:
    """Short lines outside the grid on every card edge, so the sheet can be cut."""
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(0.3)
    right, top = left + COLUMNS * CARD_W, bottom + ROWS * CARD_H
    for column in range(COLUMNS + 1):
        x = left + column * CARD_W
        canvas.line(x, bottom - MARK - 1 * mm, x, bottom - 1 * mm)
        canvas.line(x, top + 1 * mm, x, top + MARK + 1 * mm)
    for row in range(ROWS + 1):
        y = bottom + row * CARD_H
        canvas.line(left - MARK - 1 * mm, y, left - 1 * mm, y)
        canvas.line(right + 1 * mm, y, right + MARK + 1 * mm, y)


def _card(canvas: Canvas, face: PrintedCard, x: float, y: float, book: CardBook) -> None:
    pad = 3 * mm
    colour = _colour(book.kind_colours, face.kind)
    canvas.setStrokeColor(colors.lightgrey)
    canvas.setLineWidth(0.5)
    canvas.roundRect(x + 1 * mm, y + 1 * mm, CARD_W - 2 * mm, CARD_H - 2 * mm, 3 * mm)
    band_y = y + CARD_H - 1 * mm - 14 * mm
    canvas.setFillColor(colour)
    canvas.rect(x + 1 * mm, band_y, CARD_W - 2 * mm, 14 * mm, stroke=0, fill=1)
    canvas.setFillColor(colors.white)
    name = ParagraphStyle(
        "name", fontName="Helvetica-Bold", fontSize=10, leading=11, textColor=colors.white
    )
    title = Paragraph(_escape(face.name), name)
    _, used = title.wrap(CARD_W - 2 * pad - 16 * mm, 12 * mm)
    title.drawOn(canvas, x + pad, band_y + 14 * mm - pad - used + 1 * mm)
    canvas.setFont("Helvetica", 6.5)
    canvas.drawString(x + pad, band_y + 2 * mm, face.kind.replace("_", " ").upper())
    _cost(canvas, face.cost, x + CARD_W - pad, band_y + 7 * mm, book.cost_colours)
    body = ParagraphStyle("body", fontName="Helvetica", fontSize=8.5, leading=10.5)
    text = Paragraph("<br/><br/>".join(_escape(p) for p in face.text.split("\n")), body)
    _, used = text.wrap(CARD_W - 2 * pad, CARD_H - 28 * mm)
    text.drawOn(canvas, x + pad, band_y - 3 * mm - used)
    canvas.setFillColor(colors.grey)
    canvas.setFont("Helvetica", 5.5)
    canvas.drawString(x + pad, y + 3 * mm, f"{face.pack} · {face.id}")


def _colour(table: dict[str, str], name: str) -> colors.Color:
    found = table.get(name)
    return colors.HexColor(found) if found else colors.grey


def _cost(
    canvas: Canvas, cost: dict[str, int], right: float, middle: float, palette: dict[str, str]
) -> None:
    """Resource icons from the right edge: a coloured disc with the count on it."""
    radius = 2.6 * mm
    cx = right - radius
    for resource in reversed(list(cost)):
        canvas.setFillColor(_colour(palette, resource))
        canvas.setStrokeColor(colors.white)
        canvas.circle(cx, middle, radius, stroke=1, fill=1)
        canvas.setFillColor(colors.white)
        canvas.setFont("Helvetica-Bold", 8)
        canvas.drawCentredString(cx, middle - 1.0 * mm, str(cost[resource]))
        cx -= 2 * radius + 0.8 * mm


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
