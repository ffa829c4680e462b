"""Draw a :class:`BoardPicture` as a self-contained SVG document (no fonts or images fetched).

Every sector is an annular wedge at its angle for the current rotation; the centre is a disc
with the white dwarf. Each piece is an element with ``class="piece"`` and ``data-owner`` /
``data-kind`` attributes, so a test (or a stylesheet) can find and count them; a sector's
``<title>`` says in words what is on it (shown as a tooltip in a browser).
"""

from __future__ import annotations

import math
from html import escape

from whitedwarf.tools.render.model import BoardPicture, Piece, SectorPicture

#: Outer radius of each ring, centre outwards (the inner radius is the previous ring's).
RING_RADII = {"centre": 55.0, "inner": 140.0, "outer": 225.0, "distant": 300.0}
SIZE = 640
MID = SIZE / 2

#: Seat colours, chosen to stay apart for colour-blind readers (Okabe-Ito).
OWNER_COLOURS = {
    "0": "#e69f00",
    "1": "#56b4e9",
    "2": "#009e73",
    "3": "#cc79a7",
    "lumos": "#8c8c8c",
}
PLANET_COLOURS = {"red": "#c0392b", "blue": "#2e6fd8", "green": "#2f9e44", "yellow": "#d4b106"}
RING_FILLS = {"centre": "#fff8dc", "inner": "#1d2240", "outer": "#171b33", "distant": "#10131f"}
SHIP_RADIUS = {"small": 4.0, "medium": 5.5, "large": 7.0}


def owner_colour(owner: int | str) -> str:
    """The colour pieces of ``owner`` are drawn in."""
    return OWNER_COLOURS.get(str(owner), "#999999")


def render_svg(picture: BoardPicture, title: str = "") -> str:
    """The SVG document of the board picture."""
    head, sectors, tail = svg_parts(picture, title)
    head = head.replace(
        "<svg ", f'<svg data-rotation="{picture.rotation}" data-round="{picture.round}" ', 1
    )
    return "\n".join([head, *sectors, tail])


def svg_parts(picture: BoardPicture, title: str = "") -> tuple[str, list[str], str]:
    """The document's opening, one ``<g>`` per sector, and its closing (legend and ``</svg>``).

    The replay viewer stores each distinct sector drawing once and rebuilds a step's picture
    from their indices, so a whole game's pictures stay small.
    """
    head = "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE + 40}" '
            f'width="{SIZE}" height="{SIZE + 40}" font-family="sans-serif">',
            f'<rect width="{SIZE}" height="{SIZE + 40}" fill="#0b0d16"/>',
        ]
    )
    inner = _ring_inner_radii(picture.rings)
    sectors = [_sector_svg(sector, inner[sector.ring]) for sector in picture.sectors]
    return head, sectors, _legend(picture, title) + "\n</svg>"


def _ring_inner_radii(rings: tuple[str, ...]) -> dict[str, float]:
    radii, previous = {}, 0.0
    for ring in rings:
        radii[ring] = previous
        previous = RING_RADII[ring]
    return radii


def _point(radius: float, degrees: float) -> tuple[float, float]:
    """Board coordinates: degrees clockwise from north."""
    angle = math.radians(degrees)
    return MID + radius * math.sin(angle), MID - radius * math.cos(angle)


def _wedge_path(r0: float, r1: float, start: float, end: float) -> str:
    if end - start >= 360:
        return (
            f"M {MID - r1:.1f} {MID:.1f} a {r1:.1f} {r1:.1f} 0 1 0 {2 * r1:.1f} 0 "
            f"a {r1:.1f} {r1:.1f} 0 1 0 {-2 * r1:.1f} 0 Z"
        )
    large = 1 if end - start > 180 else 0
    (ax, ay), (bx, by) = _point(r1, start), _point(r1, end)
    (cx, cy), (dx, dy) = _point(r0, end), _point(r0, start)
    return (
        f"M {ax:.1f} {ay:.1f} A {r1:.1f} {r1:.1f} 0 {large} 1 {bx:.1f} {by:.1f} "
        f"L {cx:.1f} {cy:.1f} A {r0:.1f} {r0:.1f} 0 {large} 0 {dx:.1f} {dy:.1f} Z"
    )


def _sector_svg(sector: SectorPicture, r0: float) -> str:
    r1 = RING_RADII[sector.ring]
    fill = "#5a4a3a" if sector.asteroid else RING_FILLS[sector.ring]
    path = _wedge_path(r0, r1, sector.start, sector.end)
    middle = (sector.start + sector.end) / 2
    radial = (r0 + r1) / 2 if sector.ring != "centre" else 0.0
    out = [
        f'<g class="sector" data-sector="{sector.id}" data-ring="{sector.ring}">',
        f"<title>{escape(describe_sector(sector))}</title>",
        f'<path d="{path}" fill="{fill}" stroke="#8890b0" stroke-width="1"/>',
    ]
    cx, cy = _point(radial, middle)
    out.extend(_features(sector, cx, cy))
    out.extend(_pieces(sector.pieces, r0, r1, sector.start, sector.end))
    out.append("</g>")
    return "\n".join(out)


def _features(sector: SectorPicture, cx: float, cy: float) -> list[str]:
    out: list[str] = []
    if sector.white_dwarf:
        out.append(
            f'<circle class="white-dwarf" cx="{cx:.1f}" cy="{cy:.1f}" r="18" fill="#ffffff" '
            'stroke="#ffe680" stroke-width="4"/>'
        )
    if sector.asteroid:
        out.append(
            f'<polygon class="asteroid" points="{_star(cx, cy, 9)}" fill="#9c8064" '
            'stroke="#3a2c1e"/>'
        )
    if sector.home is not None:
        colour = owner_colour(sector.home)
        out.append(
            f'<rect class="home" data-owner="{sector.home}" x="{cx - 12:.1f}" y="{cy - 8:.1f}" '
            f'width="24" height="16" rx="4" fill="none" stroke="{colour}" stroke-width="3"/>'
        )
    if sector.planet:
        colour = PLANET_COLOURS.get(sector.planet_colour or "", "#888888")
        out.append(
            f'<circle class="planet" data-planet="{sector.planet}" '
            f'data-colour="{sector.planet_colour}" cx="{cx:.1f}" cy="{cy:.1f}" r="11" '
            f'fill="{colour}" stroke="#e0e0e0"/>'
        )
    if sector.token is not None:
        tx, ty = cx + 10, cy - 10
        face_down = sector.token == "?"
        out.append(
            f'<rect class="token {sector.token_state}" x="{tx - 5:.1f}" y="{ty - 5:.1f}" '
            f'width="10" height="10" transform="rotate(45 {tx:.1f} {ty:.1f})" '
            f'fill="{"#555a70" if face_down else "#f5d76e"}" stroke="#ffffff" '
            'stroke-width="0.8"/>'
        )
    return out


def _star(cx: float, cy: float, r: float) -> str:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.55
        x, y = _point(radius, i * 36)
        points.append(f"{x - MID + cx:.1f},{y - MID + cy:.1f}")
    return " ".join(points)


def _pieces(pieces: list[Piece], r0: float, r1: float, start: float, end: float) -> list[str]:
    """Pieces on a row along the sector's arc, nearer its outer edge, in a second row if full."""
    out = []
    width = end - start
    per_row = max(1, min(len(pieces), 6))
    for index, piece in enumerate(pieces):
        row, col = divmod(index, per_row)
        radial = r1 - 9 - row * 12 if r0 else 28 + row * 12
        span = min(width, 360.0) if r0 else 360.0
        angle = start + span * (col + 0.5) / per_row
        x, y = _point(radial, angle)
        colour = owner_colour(piece.owner)
        attrs = f'class="piece" data-owner="{piece.owner}" data-kind="{piece.kind}"'
        if piece.kind == "extractor":
            out.append(
                f'<rect {attrs} x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" '
                f'fill="{colour}" stroke="#000"/>'
            )
        else:
            out.append(
                f'<circle {attrs} cx="{x:.1f}" cy="{y:.1f}" r="{SHIP_RADIUS.get(piece.kind, 4)}" '
                f'fill="{colour}" stroke="#000"/>'
            )
    return out


def _legend(picture: BoardPicture, title: str) -> str:
    y = SIZE + 22
    items = [f'<text x="10" y="{y}" fill="#ddd" font-size="13">{escape(title)}</text>']
    x = SIZE - 70 * picture.players - 10
    for seat in range(picture.players):
        items.append(
            f'<circle cx="{x + 70 * seat:.0f}" cy="{y - 4}" r="6" fill="{owner_colour(seat)}"/>'
            f'<text x="{x + 70 * seat + 10:.0f}" y="{y}" fill="#ddd" font-size="13">'
            f"seat {seat}</text>"
        )
    return "".join(items)


def describe_sector(sector: SectorPicture) -> str:
    """The sector's contents in words (tooltips, the terminal board's detail line)."""
    words = [sector.id]
    if sector.white_dwarf:
        words.append("white dwarf")
    if sector.home is not None:
        words.append(f"colony ship of seat {sector.home}")
    if sector.asteroid:
        words.append("asteroid")
    if sector.planet:
        words.append(f"planet {sector.planet} ({sector.planet_colour})")
    if sector.token_state == "face-down":
        words.append("face-down token")
    elif sector.token_state == "revealed":
        words.append(f"token {sector.token}")
    pieces: dict[str, int] = {}
    for piece in sector.pieces:
        name = f"seat {piece.owner}" if piece.owner != "lumos" else "Lumos"
        key = f"{name} {piece.kind}"
        pieces[key] = pieces.get(key, 0) + 1
    words.extend(f"{n}× {key}" for key, n in pieces.items())
    return ", ".join(words)
