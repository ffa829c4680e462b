"""Printable cards: every card of a pack at playing-card size on A4 or Letter sheets.

Each card is 63 × 88 mm (poker size), nine to a sheet in a 3 × 3 grid with cut marks
outside it, and the last sheet is the key. A card is framed in its kind's colour: its name and
kind in the band at the top, its cost (or points) as numbered discs at the band's right, the
card's own printed ``text`` (written from its effect only where the pack gives none:
dsl/render.py) set as large as the card allows with an icon for each bracketed word
(``card_icons.py``), a "Keep hidden" strip on a card that says so, its flavour (``lore``) in
italics, and a footer with the pack, the card id and its copies. Drawn with reportlab.

Which files are printed and what each face says is the game's :class:`CardBook`, named by
its ``GameEngine.card_book``, in the game's ``views/cards.py`` (Last Light's:
civilization techs blue, ship abilities green, ship mods yellow).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from whitedwarf.dsl.registry import Registry
from whitedwarf.tools.card_icons import draw_icon, icon_width, meaning

CARD_W, CARD_H = 63 * mm, 88 * mm
COLUMNS, ROWS = 3, 3
MARK = 4 * mm  # length of a cut mark
PAPER = {"a4": A4, "letter": LETTER}


@dataclass(frozen=True)
class PrintedCard:
    """One card face to draw."""

    pack: str
    id: str
    name: str
    kind: str
    cost: dict[str, int]
    text: str  # paragraphs separated by a newline
    flavour: str = ""  # the card's lore, printed in italics under its text
    hidden: bool = False  # "Keep hidden": printed as a strip under the name band
    copies: int = 1  # how many of it the deck has (printed in the footer)


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
    #: What the key says of the discs at a card's top right.
    discs: str = "The discs at a card's top right: how many of each it costs, or is worth."


def printed_cards(
    data: dict[str, Any],
    registry: Registry,
    pack: str,
    book: CardBook,
    only: set[tuple[str, str]] | None = None,
) -> list[PrintedCard]:
    """The faces to print, copies repeated, in file order (``only``: these ``(file, id)``
    alone), as the game's ``book`` prints them."""
    faces = []
    for file in book.files:
        for card in data.get(file, []):
            if only is not None and (file, card["id"]) not in only:
                continue
            copies = int(card.get("copies", 1))
            face = replace(book.face(card, file, registry, pack), copies=copies)
            faces += [face] * copies
    return faces


def draw_sheets(faces: Iterable[PrintedCard], out: Path, book: CardBook, paper: str = "a4") -> int:
    """Write the faces to a PDF at ``out`` in the colours of ``book``, then a page with the
    key to its icons, discs and colours; returns the number of pages of cards."""
    faces = list(faces)
    width, height = PAPER[paper]
    canvas = Canvas(str(out), pagesize=(width, height))
    canvas.setTitle("whitedwarf cards")
    left = (width - COLUMNS * CARD_W) / 2
    bottom = (height - ROWS * CARD_H) / 2
    pages = 0
    for page in _pages(faces):
        pages += 1
        _cut_marks(canvas, left, bottom)
        for index, face in enumerate(page):
            column, row = index % COLUMNS, index // COLUMNS
            x = left + column * CARD_W
            y = bottom + (ROWS - 1 - row) * CARD_H
            _card(canvas, face, x, y, book)
        canvas.showPage()
    _key_page(canvas, faces, book, width, height)
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


# --- one card -----------------------------------------------------------------------------------

BORDER = 2.5 * mm  # the kind's colour around the text panel
BAND = 15 * mm  # the name band
FOOTER = 6 * mm
HIDDEN_STRIP = 5.5 * mm
BODY_FONT, FLAVOUR_FONT = "Helvetica", "Helvetica-Oblique"
#: The text is set at the largest of these sizes that fits the panel.
LARGEST, SMALLEST = 16.0, 5.5


def _card(canvas: Canvas, face: PrintedCard, x: float, y: float, book: CardBook) -> None:
    colour = _colour(book.kind_colours, face.kind)
    ink = _ink_on(colour)
    inset = 1 * mm
    canvas.setFillColor(colour)
    canvas.setStrokeColor(colors.lightgrey)
    canvas.setLineWidth(0.5)
    canvas.roundRect(
        x + inset, y + inset, CARD_W - 2 * inset, CARD_H - 2 * inset, 3 * mm, stroke=1, fill=1
    )
    top = y + CARD_H - inset
    discs = _cost(canvas, face.cost, x + CARD_W - 3 * mm, top - 6.5 * mm, book.cost_colours)
    _name(canvas, face, x + 3.5 * mm, top, CARD_W - 7 * mm - discs, ink)
    panel_x, panel_w = x + BORDER + inset, CARD_W - 2 * (BORDER + inset)
    panel_top, panel_bottom = top - BAND, y + inset + FOOTER
    canvas.setFillColor(_tint(colour))
    canvas.roundRect(
        panel_x, panel_bottom, panel_w, panel_top - panel_bottom, 2 * mm, stroke=0, fill=1
    )
    if face.hidden:
        panel_top -= HIDDEN_STRIP
        _hidden_strip(canvas, panel_x, panel_top, panel_w)
    _body(
        canvas,
        face,
        panel_x + 2 * mm,
        panel_bottom + 1.5 * mm,
        panel_w - 4 * mm,
        panel_top - panel_bottom - 3 * mm,
    )
    canvas.setFillColor(ink)
    canvas.setFont("Helvetica", 6)
    canvas.drawString(x + 3.5 * mm, y + inset + 2 * mm, f"{face.pack} · {face.id}")
    canvas.drawRightString(x + CARD_W - 3.5 * mm, y + inset + 2 * mm, f"{face.copies} in the deck")


def _name(
    canvas: Canvas, face: PrintedCard, x: float, top: float, room: float, ink: colors.Color
) -> None:
    """The name, as large as fits the band beside the discs (two lines at most), and the kind
    under it."""
    size, lines = 13.0, [face.name]
    while size > 7:
        lines = _wrap_words(face.name.split(), "Helvetica-Bold", size, room, canvas)
        if len(lines) <= 2 and all(
            canvas.stringWidth(w, "Helvetica-Bold", size) <= room for w in lines
        ):
            break
        size -= 0.5
    canvas.setFillColor(ink)
    canvas.setFont("Helvetica-Bold", size)
    baseline = top - 2.5 * mm - size * 0.8
    if len(lines) == 1:
        baseline -= size * 0.35
    for line in lines[:2]:
        canvas.drawString(x, baseline, line)
        baseline -= size * 1.05
    canvas.setFont("Helvetica-Bold", 6.5)
    canvas.drawString(x, top - BAND + 2 * mm, face.kind.replace("_", " ").upper())


def _wrap_words(words: list[str], font: str, size: float, room: float, canvas: Canvas) -> list[str]:
    lines: list[str] = []
    for word in words:
        if lines and canvas.stringWidth(f"{lines[-1]} {word}", font, size) <= room:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [""]


def _hidden_strip(canvas: Canvas, x: float, y: float, width: float) -> None:
    """A card's "Keep hidden" (000's achievements) as a dark strip with a closed eye, across
    the top of its text panel."""
    canvas.setFillColor(colors.HexColor("#222631"))
    canvas.rect(x, y, width, HIDDEN_STRIP, stroke=0, fill=1)
    cx, cy = x + 4 * mm, y + HIDDEN_STRIP / 2
    canvas.setStrokeColor(colors.white)
    canvas.setLineWidth(0.8)
    canvas.ellipse(cx - 2.4 * mm, cy - 1.2 * mm, cx + 2.4 * mm, cy + 1.2 * mm, stroke=1, fill=0)
    canvas.line(cx - 2.6 * mm, cy - 1.8 * mm, cx + 2.6 * mm, cy + 1.8 * mm)
    canvas.setFillColor(colors.white)
    canvas.setFont("Helvetica-Bold", 8.5)
    canvas.drawString(x + 8 * mm, cy - 1.1 * mm, "KEEP HIDDEN")
    canvas.setFont("Helvetica", 6.5)
    canvas.drawRightString(x + width - 2 * mm, cy - 0.9 * mm, "show no one until played")


# --- the text, with its icons ------------------------------------------------------------------

#: A run of text: an icon ``[word]``, a word, or the space between words.
_RUN = re.compile(r"\[[^\]\n]+\]|\s+|[^\s\[]+|\[")


@dataclass(frozen=True)
class _Token:
    word: str
    icon: bool
    space_before: bool


def _tokens(paragraph: str) -> list[_Token]:
    """A paragraph's words and icons; ``[2 uncommon]`` is the number then the icon."""
    out: list[_Token] = []
    space = False
    for run in _RUN.findall(paragraph):
        if run.isspace():
            space = True
            continue
        if len(run) > 2 and run.startswith("[") and run.endswith("]"):
            inner = " ".join(run[1:-1].split())
            number = re.fullmatch(r"(\d+) (.+)", inner)
            if number:
                out.append(_Token(number.group(1), False, space))
                inner, space = number.group(2), True
            out.append(_Token(inner, True, space))
        else:
            out.append(_Token(run, False, space))
        space = False
    return out


Line = list[tuple[_Token, float]]  # each token with its width


def _lines(
    paragraphs: list[list[_Token]], font: str, size: float, room: float, canvas: Canvas
) -> list[Line | None]:
    """The paragraphs broken into lines at ``size`` (None between two paragraphs). Tokens
    with no space between them ("[attack]" and its full stop) stay on one line."""
    space = canvas.stringWidth(" ", font, size)
    chip = lambda word, s: canvas.stringWidth(word, "Helvetica-Bold", s)  # noqa: E731
    out: list[Line | None] = []
    for index, tokens in enumerate(paragraphs):
        if index:
            out.append(None)
        line: Line = []
        used = 0.0
        for group in _glued(tokens):
            sized = [
                (
                    t,
                    icon_width(t.word, size, chip)
                    if t.icon
                    else canvas.stringWidth(t.word, font, size),
                )
                for t in group
            ]
            width = sum(w for _, w in sized)
            gap = space if line else 0.0
            if line and used + gap + width > room:
                out.append(line)
                line, used, gap = [], 0.0, 0.0
            line += sized
            used += gap + width
        out.append(line)
    return out


def _glued(tokens: list[_Token]) -> list[list[_Token]]:
    """The tokens in groups with no space inside: a line breaks only between groups."""
    groups: list[list[_Token]] = []
    for token in tokens:
        if groups and not token.space_before:
            groups[-1].append(token)
        else:
            groups.append([token])
    return groups


def _height(lines: list[Line | None], size: float) -> float:
    return sum(size * (0.55 if line is None else 1.22) for line in lines)


def _fits(lines: list[Line | None], room: float) -> bool:
    return all(sum(w for _, w in line) <= room * 1.001 for line in lines if line)


def _body(
    canvas: Canvas, face: PrintedCard, x: float, y: float, width: float, height: float
) -> None:
    """The text and the flavour, at the largest size at which both fit the panel, the text
    in the middle of the room the flavour leaves."""
    paragraphs = [_tokens(p) for p in face.text.split("\n") if p.strip()]
    flavour = [_tokens(face.flavour)] if face.flavour else []
    size = LARGEST
    while True:
        lines = _lines(paragraphs, BODY_FONT, size, width, canvas)
        small = size * 0.8
        lore = _lines(flavour, FLAVOUR_FONT, small, width, canvas) if flavour else []
        needed = _height(lines, size) + (_height(lore, small) + size * 0.8 if lore else 0)
        if size <= SMALLEST or (needed <= height and _fits(lines, width)):
            break
        size -= 0.25
    lore_height = _height(lore, small) if lore else 0.0
    text_room = height - (lore_height + size * 0.8 if lore else 0)
    top = y + height - max(0.0, (text_room - _height(lines, size)) / 2)
    centred = sum(1 for line in lines if line) <= 3
    canvas.setFillColor(colors.black)
    _draw_lines(canvas, lines, BODY_FONT, size, x, top, width, centred)
    if lore:
        rule = y + lore_height + size * 0.4
        canvas.setStrokeColor(colors.HexColor("#888888"))
        canvas.setLineWidth(0.4)
        canvas.line(x + width * 0.3, rule, x + width * 0.7, rule)
        canvas.setFillColor(colors.HexColor("#444444"))
        _draw_lines(canvas, lore, FLAVOUR_FONT, small, x, y + lore_height, width, True)


def _draw_lines(
    canvas: Canvas,
    lines: list[Line | None],
    font: str,
    size: float,
    x: float,
    top: float,
    width: float,
    centred: bool,
) -> None:
    space = canvas.stringWidth(" ", font, size)
    baseline = top
    for line in lines:
        if line is None:
            baseline -= size * 0.55
            continue
        baseline -= size * 1.22
        used = sum(w + (space if t.space_before and i else 0) for i, (t, w) in enumerate(line))
        cursor = x + (width - used) / 2 if centred else x
        for index, (token, token_width) in enumerate(line):
            if token.space_before and index:
                cursor += space
            if token.icon:
                spaced = index + 1 < len(line) and line[index + 1][0].space_before
                after = space if spaced else 0.0
                draw_icon(canvas, token.word, cursor, baseline + size * 0.05, size, after)
            else:
                canvas.setFont(font, size)
                canvas.drawString(cursor, baseline, token.word)
            cursor += token_width


# --- colours and discs -------------------------------------------------------------------------


def _colour(table: dict[str, str], name: str) -> colors.Color:
    found = table.get(name)
    return colors.HexColor(found) if found else colors.grey


def _ink_on(colour: colors.Color) -> colors.Color:
    """Black on a light colour (the ship mods' yellow), white on a dark one."""
    light = 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue
    return colors.black if light > 0.6 else colors.white


def _tint(colour: colors.Color) -> colors.Color:
    """The panel behind the text: the kind's colour, a tenth of it on white."""
    return colors.Color(*(0.9 + 0.1 * c for c in (colour.red, colour.green, colour.blue)))


def _cost(
    canvas: Canvas, cost: dict[str, int], right: float, middle: float, palette: dict[str, str]
) -> float:
    """Discs from the right edge, each in its resource's colour with the count on it; returns
    the width they take."""
    radius: float = 3.2 * mm  # reportlab's units are untyped floats
    cx = right - radius
    for resource in reversed(list(cost)):
        disc = _colour(palette, resource)
        canvas.setFillColor(disc)
        canvas.setStrokeColor(colors.white)
        canvas.setLineWidth(1)
        canvas.circle(cx, middle, radius, stroke=1, fill=1)
        canvas.setFillColor(_ink_on(disc))
        canvas.setFont("Helvetica-Bold", 10)
        canvas.drawCentredString(cx, middle - 1.25 * mm, str(cost[resource]))
        cx -= 2 * radius + 0.8 * mm
    return right - (cx + radius)


# --- the key -----------------------------------------------------------------------------------


class _KeyPage:
    """Writes the key from the top of a page down, each entry a drawing and its words, on
    as many pages as it takes."""

    MARGIN = 20 * mm
    WORDS_AT = 24 * mm  # where an entry's words start, right of its drawing

    def __init__(self, canvas: Canvas, width: float, height: float) -> None:
        self.canvas, self.width, self.height = canvas, width, height
        self.x, self.y = self.MARGIN, height - 20 * mm

    def room(self, needed: float) -> None:
        """Go on on a new page if ``needed`` does not fit above the bottom margin."""
        if self.y - needed < 12 * mm:
            self.canvas.showPage()
            self.y = self.height - 20 * mm

    def title(self, words: str) -> None:
        self.canvas.setFillColor(colors.black)
        self.canvas.setFont("Helvetica-Bold", 16)
        self.canvas.drawString(self.x, self.y, words)
        self.y -= 12 * mm

    def heading(self, words: str) -> None:
        self.room(16 * mm)
        self.canvas.setFillColor(colors.black)
        self.canvas.setFont("Helvetica-Bold", 11)
        self.canvas.drawString(self.x, self.y, words)
        self.y -= 7 * mm

    def entry(self, words: str) -> tuple[float, float]:
        """Write an entry's words and return where its picture goes (left, baseline)."""
        self.room(8 * mm)
        self.canvas.setFillColor(colors.black)
        self.canvas.setFont("Helvetica", 10)
        self.canvas.drawString(self.x + self.WORDS_AT, self.y, words)
        self.y -= 7 * mm
        return self.x + 2 * mm, self.y + 7 * mm

    def paragraph(self, words: str, size: float = 10) -> None:
        room = self.width - 2 * self.MARGIN
        for line in _wrap_words(words.split(), "Helvetica", size, room, self.canvas):
            self.room(5 * mm)
            self.canvas.setFillColor(colors.black)
            self.canvas.setFont("Helvetica", size)
            self.canvas.drawString(self.x, self.y, line)
            self.y -= 5 * mm
        self.y -= 2 * mm


def _key_page(
    canvas: Canvas, faces: list[PrintedCard], book: CardBook, width: float, height: float
) -> None:
    """The last page: every icon the cards use, the discs, the kinds' colours, the strip and
    the footer, each drawn as on the cards with what it means."""
    key = _KeyPage(canvas, width, height)
    key.title("Key to the cards")
    used = {t.word for f in faces for p in f.text.split("\n") for t in _tokens(p) if t.icon}
    if used:
        key.heading("Icons in the text")
        for word in sorted(used, key=_icon_order):
            draw_icon(canvas, word, *key.entry(f"[{word}]: {meaning(word)}"), 11)
    key.heading("Discs at the top right")
    key.paragraph(book.discs, 9.5)
    named = {name for f in faces for name in f.cost}
    for name in [n for n in book.cost_colours if n in named]:
        x, y = key.entry(f"2 {name}")
        _cost(canvas, {name: 2}, x + 7 * mm, y + 1.2 * mm, book.cost_colours)
    key.heading("Colour of the frame: the card's kind")
    for kind in dict.fromkeys(f.kind for f in faces):
        x, y = key.entry(kind.replace("_", " "))
        canvas.setFillColor(_colour(book.kind_colours, kind))
        canvas.roundRect(x, y - 1 * mm, 12 * mm, 4.5 * mm, 1 * mm, stroke=0, fill=1)
    key.heading("Other marks")
    if any(f.hidden for f in faces):
        key.room(18 * mm)
        _hidden_strip(canvas, key.x, key.y - 1.5 * mm, 60 * mm)
        key.y -= 9 * mm
        key.paragraph("The card says to keep it hidden: no one else sees it until it is played.")
    if any(f.flavour for f in faces):
        key.paragraph("Italics under a rule: the card's flavour, with no effect in play.")
    key.paragraph(
        "Footer: the pack and the card's id (as `whitedwarf text` and the packs name it), and "
        "how many the deck has."
    )


def _icon_order(word: str) -> tuple[int, str]:
    """Drawn icons in the order of :data:`ICONS`, then the words in boxes, by name."""
    from whitedwarf.tools.card_icons import ICONS

    order = list(ICONS)
    return (order.index(word), "") if word in order else (len(order), word)
