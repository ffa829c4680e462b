"""Draw a :class:`BoardPicture` as a self-contained SVG document (no fonts or images fetched).

Every sector is an annular wedge at its angle for the current rotation; the centre is a disc
with the white dwarf. Each piece is an element with ``class="piece"`` and ``data-owner`` /
``data-kind`` attributes, so a test (or a stylesheet) can find and count them; a sector's
``<title>`` says in words what is on it (shown as a tooltip in a browser), and its id is
written along its inner edge. Ships carry their size's letter; a key right of the board says
what each shape and seat colour is.
"""

from __future__ import annotations

import math
from html import escape

from whitedwarf.interpreter.lastlight.views.model import (
    LUMOS_LABEL,
    BoardPicture,
    Piece,
    SectorPicture,
)
from whitedwarf.tools.render.colours import owner_colour

#: Outer radius of each ring, centre outwards (the inner radius is the previous ring's).
RING_RADII = {"centre": 80.0, "inner": 200.0, "outer": 320.0, "distant": 440.0}
BOARD = 900  # the board's square, left; the key stands to its right
KEY_W = 290
WIDTH, HEIGHT = BOARD + KEY_W, BOARD + 40
MID = BOARD / 2

PLANET_COLOURS = {"red": "#c0392b", "blue": "#2e6fd8", "green": "#2f9e44", "yellow": "#d4b106"}
RING_FILLS = {"centre": "#fff8dc", "inner": "#1d2240", "outer": "#171b33", "distant": "#10131f"}
#: A ship's radius by size, and the letter on it (the key says which is which).
SHIP_RADIUS = {"small": 7.0, "medium": 9.0, "large": 11.0}
SHIP_LETTER = {"small": "S", "medium": "M", "large": "L"}
EXTRACTOR_SIDE = 13.0
PITCH = 25.0  # room for one piece along a row
LABEL = "#aab4dc"


def render_svg(picture: BoardPicture, title: str = "") -> str:
    """The SVG document of the board picture."""
    head, sectors, tail = svg_parts(picture, title)
    head = head.replace(
        "<svg ", f'<svg data-rotation="{picture.rotation}" data-round="{picture.round}" ', 1
    )
    return "\n".join([head, *sectors, tail])


def svg_parts(picture: BoardPicture, title: str = "") -> tuple[str, list[str], str]:
    """The document's opening, one ``<g>`` per sector, and its closing (key and ``</svg>``).

    The replay viewer stores each distinct sector drawing once and rebuilds a step's picture
    from their indices, so a whole game's pictures stay small.
    """
    head = "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif">',
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#0b0d16"/>',
        ]
    )
    inner = _ring_inner_radii(picture.rings)
    sectors = [_sector_svg(sector, inner[sector.ring]) for sector in picture.sectors]
    return head, sectors, _key(picture) + _title(title) + "\n</svg>"


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
    # The features (planet, home, token) sit a third of the way out, the pieces in rows from
    # the outer edge inwards, so neither hides the other.
    radial = r0 + (r1 - r0) * 0.32 if sector.ring != "centre" else 0.0
    out = [
        f'<g class="sector" data-sector="{escape(sector.id)}" data-ring="{sector.ring}">',
        f"<title>{escape(describe_sector(sector))}</title>",
        f'<path d="{path}" fill="{fill}" stroke="#8890b0" stroke-width="1"/>',
        _sector_label(sector, r0, middle),
    ]
    cx, cy = _point(radial, middle)
    out.extend(_features(sector, cx, cy))
    out.extend(_pieces(sector.pieces, r0, r1, sector.start, sector.end))
    out.append("</g>")
    return "\n".join(out)


def _sector_label(sector: SectorPicture, r0: float, middle: float) -> str:
    """The sector's id (as ``play`` and the rules notes name it) along its inner edge."""
    if sector.ring == "centre":
        x, y, colour, turn = MID, MID + 31, "#6b5a2a", 0.0
    else:
        # Along the arc, upright: turned as the sector is, half a turn more in the lower half.
        (x, y), colour = _point(r0 + 10, middle), LABEL
        turn = middle % 360
        turn = turn - 180 if 90 < turn < 270 else turn
    return (
        f'<text class="sector-label" x="{x:.1f}" y="{y:.1f}" font-size="10" '
        f'text-anchor="middle" dominant-baseline="central" '
        f'transform="rotate({turn:.1f} {x:.1f} {y:.1f})" fill="{colour}">{escape(sector.id)}</text>'
    )


def _features(sector: SectorPicture, cx: float, cy: float) -> list[str]:
    out: list[str] = []
    if sector.white_dwarf:
        out.append(
            f'<circle class="white-dwarf" cx="{cx:.1f}" cy="{cy:.1f}" r="18" fill="#ffffff" '
            'stroke="#ffe680" stroke-width="4"/>'
        )
    if sector.asteroid:
        out.append(
            f'<polygon class="asteroid" points="{_star(cx, cy, 12)}" fill="#9c8064" '
            'stroke="#3a2c1e"/>'
        )
    if sector.home is not None:
        out.append(_home(cx, cy, owner_colour(sector.home), f' data-owner="{sector.home}"'))
    if sector.planet:
        out.append(_planet(cx, cy, sector.planet_colour, sector.planet))
    if sector.token is not None:
        out.append(_token(cx + 14, cy - 14, sector.token_state))
    return out


def _home(cx: float, cy: float, colour: str, attrs: str = "") -> str:
    return (
        f'<rect class="home"{attrs} x="{cx - 16:.1f}" y="{cy - 10:.1f}" width="32" height="20" '
        f'rx="5" fill="none" stroke="{colour}" stroke-width="3.5"/>'
    )


def _planet(cx: float, cy: float, colour: str | None, planet: str = "") -> str:
    fill = PLANET_COLOURS.get(colour or "", "#888888")
    return (
        f'<circle class="planet" data-planet="{escape(planet)}" data-colour="{colour}" '
        f'cx="{cx:.1f}" cy="{cy:.1f}" r="14" fill="{fill}" stroke="#e0e0e0"/>'
    )


def _token(tx: float, ty: float, state: str) -> str:
    return (
        f'<rect class="token {state}" x="{tx - 6:.1f}" y="{ty - 6:.1f}" width="12" height="12" '
        f'transform="rotate(45 {tx:.1f} {ty:.1f})" '
        f'fill="{"#555a70" if state == "face-down" else "#f5d76e"}" stroke="#ffffff" '
        'stroke-width="1"/>'
    )


def _star(cx: float, cy: float, r: float) -> str:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.55
        x, y = _point(radius, i * 36)
        points.append(f"{x - MID + cx:.1f},{y - MID + cy:.1f}")
    return " ".join(points)


def _pieces(pieces: list[Piece], r0: float, r1: float, start: float, end: float) -> list[str]:
    """Pieces in rows along the sector's arc, from its outer edge inwards (around the white
    dwarf in the centre), as many to a row as fit apart; the pieces of a crowded sector close
    up rather than run onto the planet."""
    if not pieces:
        return []
    centre = r0 == 0
    span = 360.0 if centre else min(end - start, 360.0)
    middle = (start + end) / 2
    first, step = (47.0, 21.0) if centre else (r1 - 14, -23.0)
    rows = 2
    out = []
    per_row = len(pieces)
    for row in range(rows):
        radial = first + row * step
        fits = max(1, int(span / math.degrees(PITCH / radial)))
        per_row = max(fits, math.ceil(len(pieces) / rows))
        if len(pieces) <= per_row * (row + 1) or row == rows - 1:
            break
    for index, piece in enumerate(pieces):
        row, col = divmod(index, per_row)
        in_row = min(per_row, len(pieces) - row * per_row)
        radial = first + row * step
        # Side by side a piece's width apart, about the sector's middle; closer when crowded.
        pitch = min(math.degrees(PITCH / radial), span / in_row)
        angle = middle + (col - (in_row - 1) / 2) * pitch
        out.append(_piece(piece, *_point(radial, angle)))
    return out


def _piece(piece: Piece, x: float, y: float, attrs: str = "", colour: str = "") -> str:
    colour = colour or owner_colour(piece.owner)
    attrs = attrs or f'class="piece" data-owner="{piece.owner}" data-kind="{piece.kind}"'
    if piece.kind == "extractor":
        half = EXTRACTOR_SIDE / 2
        return (
            f'<rect {attrs} x="{x - half:.1f}" y="{y - half:.1f}" width="{EXTRACTOR_SIDE}" '
            f'height="{EXTRACTOR_SIDE}" fill="{colour}" stroke="#000" stroke-width="1.5"/>'
        )
    radius = SHIP_RADIUS.get(piece.kind, 7.0)
    letter = SHIP_LETTER.get(piece.kind, "?")
    return (
        f'<g {attrs}><circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="{colour}" '
        f'stroke="#000" stroke-width="1.5"/><text x="{x:.1f}" y="{y + radius * 0.4:.1f}" '
        f'font-size="{radius * 1.15:.1f}" font-weight="bold" text-anchor="middle" '
        f'fill="#000">{letter}</text></g>'
    )


def _title(title: str) -> str:
    return (
        f'<text class="title" x="12" y="{BOARD + 26}" fill="#ddd" font-size="15">'
        f"{escape(title)}</text>"
    )


def _key(picture: BoardPicture) -> str:
    """The key, right of the board: each seat's colour, then what every shape means."""
    x, y = BOARD + 10, 30
    out = [
        '<g class="legend">',
        f'<rect x="{BOARD}" y="10" width="{KEY_W - 10}" height="{BOARD - 20}" rx="6" '
        'fill="#121630" stroke="#2a3160"/>',
        _key_text(x + 8, y, "Key", 16, "bold"),
    ]
    y += 26
    seats: list[int | str] = list(range(picture.players))
    lumos = any(p.owner == LUMOS_LABEL for s in picture.sectors for p in s.pieces)
    if lumos or picture.players == 2:  # 002: the 2-player game's neutral ships
        seats.append(LUMOS_LABEL)
    for seat in seats:
        name = "Lumos (neutral, 002)" if seat == LUMOS_LABEL else f"seat {seat}"
        out.append(
            f'<rect class="legend-seat" data-owner="{seat}" x="{x + 12:.0f}" y="{y - 11}" '
            f'width="16" height="16" rx="3" fill="{owner_colour(seat)}" stroke="#000"/>'
        )
        out.append(_key_text(x + 40, y + 2, name))
        y += 22
    y += 8
    for kind, words in _key_items(picture):
        out.append(f'<g class="legend-item" data-legend="{kind}">{_key_shape(kind, x + 20, y)}')
        out.append(_key_text(x + 40, y + 4, words) + "</g>")
        y += 30
    notes = (
        "Pieces are in their owner's colour;",
        "S, M and L on a ship: its size.",
        "inner_3, outer_07 …: sector ids, as",
        "play names them. Hover a sector",
        "for what is on it, in words.",
    )
    for row, words in enumerate(notes):
        out.append(_key_text(x + 8, y + 4 + 16 * row, words, 12))
    out.append("</g>")
    return "\n".join(out)


def _key_items(picture: BoardPicture) -> list[tuple[str, str]]:
    """What the key explains, in order: pieces, the home, the planet colours on this board,
    tokens, the asteroid and the white dwarf."""
    items = [
        ("ship-small", "small ship"),
        ("ship-medium", "medium ship"),
        ("ship-large", "large ship"),
        ("extractor", "extractor"),
        ("home", "colony ship (a seat's home)"),
    ]
    colours = [c for c in PLANET_COLOURS if any(s.planet_colour == c for s in picture.sectors)]
    items += [(f"planet-{colour}", f"{colour} planet") for colour in colours]
    items += [
        ("token-face-down", "exploration token, face down"),
        ("token-revealed", "exploration token, revealed"),
        ("asteroid", "asteroid"),
        ("white-dwarf", "the white dwarf"),
    ]
    return items


def _key_shape(kind: str, x: float, y: float) -> str:
    """The shape the key shows for ``kind``, drawn as the board draws it, at ``(x, y)``."""
    if kind.startswith("ship-") or kind == "extractor":
        size = kind.removeprefix("ship-")
        return _piece(Piece(size, "key"), x, y, 'class="legend-shape"', "#dddddd")
    if kind == "home":
        return _home(x, y, "#dddddd")
    if kind.startswith("planet-"):
        return _planet(x, y, kind.removeprefix("planet-"))
    if kind.startswith("token-"):
        return _token(x, y, kind.removeprefix("token-"))
    if kind == "asteroid":
        return f'<polygon points="{_star(x, y, 12)}" fill="#9c8064" stroke="#3a2c1e"/>'
    return f'<circle cx="{x}" cy="{y}" r="12" fill="#ffffff" stroke="#ffe680" stroke-width="3"/>'


def _key_text(x: float, y: float, words: str, size: int = 13, weight: str = "normal") -> str:
    bold = ' font-weight="bold"' if weight != "normal" else ""
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" fill="#dde" font-size="{size}"{bold}>{escape(words)}</text>'
    )


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
