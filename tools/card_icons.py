"""The icons printed cards draw for the words packs write in brackets: ``[light]``, ``[attack]``,
``[common]``, ``[night point]`` …

A pack's ``text`` writes an icon the rulebook prints as its name in brackets (content/lastlight
techs.yaml: "the icons the text extraction lost written in [brackets]"). ``whitedwarf cards``
draws each as a small vector shape (reportlab), the same shape in the key at the end of the
sheets; a bracketed word with no shape of its own is drawn as its word in a rounded box. Each
icon is also written as its bracketed word in invisible text, so a search of the PDF (or a
copy of its text) still finds "[attack]".
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

#: The colours of Last Light's resources (cost discs and resource icons alike).
RESOURCE_COLOURS = {
    "common": "#8c8c8c",
    "uncommon": "#7b3fa0",
    "rare": "#e07b1a",
    "light": "#f2d45c",
}

Draw = Callable[[Canvas, float, float, float], None]


@dataclass(frozen=True)
class Icon:
    """How one bracketed word is drawn (``draw(canvas, x, y, size)``: its box's lower left
    corner and its height) and what the key says of it."""

    draw: Draw
    meaning: str


def _sun(canvas: Canvas, x: float, y: float, size: float) -> None:
    cx, cy, r = x + size / 2, y + size / 2, size * 0.28
    canvas.setStrokeColor(colors.HexColor("#9a7b00"))
    canvas.setLineWidth(size * 0.07)
    for index in range(8):  # the rays, then the disc over their inner ends
        angle = math.pi * index / 4
        canvas.line(
            cx + r * math.cos(angle),
            cy + r * math.sin(angle),
            cx + size * 0.48 * math.cos(angle),
            cy + size * 0.48 * math.sin(angle),
        )
    canvas.setFillColor(colors.HexColor(RESOURCE_COLOURS["light"]))
    canvas.circle(cx, cy, r, stroke=1, fill=1)


def _crosshair(canvas: Canvas, x: float, y: float, size: float) -> None:
    cx, cy, r = x + size / 2, y + size / 2, size * 0.36
    canvas.setStrokeColor(colors.HexColor("#c0392b"))
    canvas.setLineWidth(size * 0.1)
    canvas.circle(cx, cy, r, stroke=1, fill=0)
    canvas.line(cx - size * 0.5, cy, cx + size * 0.5, cy)
    canvas.line(cx, cy - size * 0.5, cx, cy + size * 0.5)


def _shield(canvas: Canvas, x: float, y: float, size: float) -> None:
    path = canvas.beginPath()
    path.moveTo(x + size * 0.5, y + size * 0.02)
    path.curveTo(
        x + size * 0.9,
        y + size * 0.25,
        x + size * 0.9,
        y + size * 0.6,
        x + size * 0.88,
        y + size * 0.85,
    )
    path.lineTo(x + size * 0.5, y + size * 0.98)
    path.lineTo(x + size * 0.12, y + size * 0.85)
    path.curveTo(
        x + size * 0.1,
        y + size * 0.6,
        x + size * 0.1,
        y + size * 0.25,
        x + size * 0.5,
        y + size * 0.02,
    )
    path.close()
    canvas.setFillColor(colors.HexColor("#2e6fd8"))
    canvas.setStrokeColor(colors.HexColor("#123a80"))
    canvas.setLineWidth(size * 0.06)
    canvas.drawPath(path, stroke=1, fill=1)


def _arrow(canvas: Canvas, x: float, y: float, size: float) -> None:
    path = canvas.beginPath()
    path.moveTo(x + size * 0.05, y + size * 0.35)
    path.lineTo(x + size * 0.55, y + size * 0.35)
    path.lineTo(x + size * 0.55, y + size * 0.12)
    path.lineTo(x + size * 0.98, y + size * 0.5)
    path.lineTo(x + size * 0.55, y + size * 0.88)
    path.lineTo(x + size * 0.55, y + size * 0.65)
    path.lineTo(x + size * 0.05, y + size * 0.65)
    path.close()
    canvas.setFillColor(colors.HexColor("#3a9a4a"))
    canvas.setStrokeColor(colors.HexColor("#1d5a28"))
    canvas.setLineWidth(size * 0.05)
    canvas.drawPath(path, stroke=1, fill=1)


def _gem(colour: str) -> Draw:
    """A resource: a hexagonal crystal in the resource's colour."""

    def draw(canvas: Canvas, x: float, y: float, size: float) -> None:
        cx, cy, r = x + size / 2, y + size / 2, size * 0.48
        path = canvas.beginPath()
        for index in range(6):
            angle = math.pi / 6 + math.pi * index / 3
            px, py = cx + r * math.cos(angle), cy + r * math.sin(angle)
            path.moveTo(px, py) if index == 0 else path.lineTo(px, py)
        path.close()
        canvas.setFillColor(colors.HexColor(colour))
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(size * 0.06)
        canvas.drawPath(path, stroke=1, fill=1)

    return draw


def _star_point(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A night point: a five-pointed star on a night-blue disc."""
    cx, cy = x + size / 2, y + size / 2
    canvas.setFillColor(colors.HexColor("#1d2446"))
    canvas.circle(cx, cy, size * 0.48, stroke=0, fill=1)
    path = canvas.beginPath()
    for index in range(10):
        radius = size * (0.38 if index % 2 == 0 else 0.16)
        angle = math.pi / 2 + math.pi * index / 5
        px, py = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        path.moveTo(px, py) if index == 0 else path.lineTo(px, py)
    path.close()
    canvas.setFillColor(colors.HexColor("#f5d76e"))
    canvas.drawPath(path, stroke=0, fill=1)


def _ray(length: float) -> Draw:
    """A ray: a bar, long or short."""

    def draw(canvas: Canvas, x: float, y: float, size: float) -> None:
        canvas.setFillColor(colors.HexColor("#ff7f0e"))
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(size * 0.05)
        canvas.rect(x + size * 0.05, y + size * 0.35, size * length, size * 0.3, stroke=1, fill=1)

    return draw


def _core(canvas: Canvas, x: float, y: float, size: float) -> None:
    cx, cy = x + size / 2, y + size / 2
    canvas.setFillColor(colors.HexColor("#27324a"))
    canvas.setStrokeColor(colors.HexColor("#9fb3ff"))
    canvas.setLineWidth(size * 0.08)
    canvas.circle(cx, cy, size * 0.42, stroke=1, fill=1)
    canvas.setFillColor(colors.HexColor("#fff3b0"))
    canvas.circle(cx, cy, size * 0.16, stroke=0, fill=1)


ICONS: dict[str, Icon] = {
    "light": Icon(_sun, "light: the points that win Last Light"),
    "attack": Icon(_crosshair, "attack"),
    "shield": Icon(_shield, "shield"),
    "movement": Icon(_arrow, "movement"),
    "common": Icon(_gem(RESOURCE_COLOURS["common"]), "common resource"),
    "uncommon": Icon(_gem(RESOURCE_COLOURS["uncommon"]), "uncommon resource"),
    "rare": Icon(_gem(RESOURCE_COLOURS["rare"]), "rare resource"),
    "night point": Icon(_star_point, "night point"),
    "long ray": Icon(_ray(1.5), "long ray"),
    "short ray": Icon(_ray(0.9), "short ray"),
    "core": Icon(_core, "core"),
}

#: What a word with no shape of its own stands for, said in the key (it is drawn as a word).
WORDS = {
    "ability": "the ability face of a die",
    "explode": "the explode face of a die",
    "hit": "the hit face of a die",
    "miss": "the miss face of a die",
    "range": "range",
    "mine": "the mine action",
    "AP": "action points",
    "flare": "a flare card",
}


def icon_width(word: str, size: float, chip_width: Callable[[str, float], float]) -> float:
    """How wide ``[word]`` is drawn at ``size`` (a chip: its word's width plus its padding)."""
    found = ICONS.get(word)
    if found is None:
        return chip_width(word, size * 0.72) + size * 0.5
    return size * (1.6 if word == "long ray" else 1.0)


def draw_icon(
    canvas: Canvas, word: str, x: float, baseline: float, size: float, space: float = 0.0
) -> float:
    """Draw ``[word]`` with its left edge at ``x`` on a line of text at ``size``; returns its
    width. Its bracketed word goes with it as invisible text (a chip's brackets about its
    word), so the PDF's text reads "+1 [attack]." where the icon is drawn; ``space``: the
    width of the space that follows it on the line (written too, or the next word is read
    as glued to the icon)."""
    bottom = baseline - size * 0.18
    width = icon_width(word, size, lambda w, s: canvas.stringWidth(w, "Helvetica-Bold", s))
    found = ICONS.get(word)
    canvas.saveState()
    if found is not None:
        found.draw(canvas, x, bottom, size)
        canvas.restoreState()
        tail = " " if space else ""
        _invisible(canvas, f"[{word}]{tail}", x, baseline, width + space, size)
        return width
    canvas.setStrokeColor(colors.HexColor("#444444"))
    canvas.setFillColor(colors.HexColor("#eeeeee"))
    canvas.setLineWidth(0.5)
    canvas.roundRect(x, bottom, width, size, size * 0.2, stroke=1, fill=1)
    canvas.setFillColor(colors.black)
    # One run of text: an invisible "[" filling the padding, the word, an invisible "]".
    small = size * 0.72
    pad = (width - canvas.stringWidth(word, "Helvetica-Bold", small)) / 2
    chip = canvas.beginText(x, bottom + size * 0.25)
    closing = "] " if space else "]"
    for part, mode in (("[", 3), (word, 0), (closing, 3)):
        chip.setTextRenderMode(mode)
        if mode == 3:
            room = pad + (space if part == closing else 0.0)
            chip.setFont("Helvetica", small)
            chip.setHorizScale(100 * room / canvas.stringWidth(part, "Helvetica", small))
        else:
            chip.setFont("Helvetica-Bold", small)
            chip.setHorizScale(100)
        chip.textOut(part)
    chip.setHorizScale(100)
    chip.setTextRenderMode(0)
    canvas.drawText(chip)
    canvas.restoreState()
    return width


def _invisible(
    canvas: Canvas, words: str, x: float, baseline: float, width: float, size: float
) -> None:
    """``words`` in invisible text, stretched to ``width``: found by search and copy, never
    seen."""
    hidden = canvas.beginText(x, baseline)
    hidden.setTextRenderMode(3)
    hidden.setFont("Helvetica", size * 0.5)
    hidden.setHorizScale(100 * width / canvas.stringWidth(words, "Helvetica", size * 0.5))
    hidden.textOut(words)
    hidden.setHorizScale(100)
    hidden.setTextRenderMode(0)  # the text drawn after it is seen again
    canvas.drawText(hidden)


def meaning(word: str) -> str:
    """What the key says ``[word]`` is."""
    found = ICONS.get(word)
    return found.meaning if found else WORDS.get(word, word)
