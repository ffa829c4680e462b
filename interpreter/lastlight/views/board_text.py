"""The board in a terminal: the picture model (``model.py``) as a text grid.

Each ring is a band of rows, the centre ring first (where light is harvested: it stays on a
short screen) and the distant ring last; columns are fixed directions on the table (north
first, then clockwise, 22.5° each), so a ring's sectors move along their band as it turns. A
sector shows its short name (the name the menus use too: :func:`menu_words`), what lies on it
(planet, asteroid, colony ship, white dwarf, token) and, per owner in that owner's colour, its
ships' sizes, the ships' ids (as the menus name them) and its extractors.
"""

from __future__ import annotations

import re
from typing import Any

from rich.markup import escape
from whitedwarf.interpreter.lastlight.views.model import BoardPicture, SectorPicture
from whitedwarf.interpreter.lastlight.views.svg import PLANET_COLOURS
from whitedwarf.tools.render.colours import owner_colour

COLUMNS = 16
CELL = 6  # characters per column, separator included
RING_LABEL = {"centre": "centre", "inner": "inner", "outer": "outer", "distant": "distant"}
SHIP_LETTER = {"small": "s", "medium": "m", "large": "L"}

LEGEND = (
    "● planet (its colour)  ▓ asteroid  ◇ face-down token  ◆ revealed token  "
    "⌂n colony ship of seat n  ☼ white dwarf\n"
    "ships: s small, m medium, L large (n^: n ships, when they do not fit), and below them "
    "the ships' ids (s3) as the menus name them; xn: n extractors; coloured by owner\n"
    "sectors: d00 is distant_00, o05 outer_05, i3 inner_3 (the menus and the log use the "
    "board's names)"
)

#: A ring sector's id (``outer_05``), as the engine's option texts and events name it.
SECTOR_ID = re.compile(r"\b([a-z]+)_(\d+)\b")

#: Ship id -> ``(owner, sector id)``, from a seat's view (the Lumos' owner as ``"lumos"``).
Ships = dict[str, tuple[Any, str]]


def short_name(sector_id: str) -> str:
    """``outer_05`` → ``o05``, ``inner_3`` → ``i3``, ``centre`` → ``centre``."""
    if "_" not in sector_id:
        return sector_id
    ring, number = sector_id.rsplit("_", 1)
    return f"{ring[:1]}{number}"


def menu_words(text: str) -> str:
    """An engine text with each ring sector named as the board names it
    (``move small s3 to outer_05`` → ``move small s3 to o05``)."""
    return SECTOR_ID.sub(lambda m: f"{m.group(1)[:1]}{m.group(2)}", text)


def board_markup(picture: BoardPicture, ships: Ships | None = None) -> str:
    """The board as Rich markup text, the centre ring at the top. ``ships`` (ship id ->
    owner and size, from the view) puts each ship's id under its sector."""
    by_sector = _ids_by_sector(ships or {}, picture)
    lines = [_ruler()]
    for ring in picture.rings:  # centre outwards
        sectors = [s for s in picture.sectors if s.ring == ring]
        lines.extend(_band(ring, sectors, by_sector))
    lines.append(f"round {picture.round} · rotation {picture.rotation}")
    return "\n".join(lines)


def _ids_by_sector(ships: Ships, picture: BoardPicture) -> dict[str, list[tuple[str, Any]]]:
    """Sector id -> its ships' ids with their owners, in board order."""
    where = {sector.id for sector in picture.sectors}
    found: dict[str, list[tuple[str, Any]]] = {}
    for sid, (owner, sector) in ships.items():
        if sector in where:
            found.setdefault(sector, []).append((sid, owner))
    return found


def _ruler() -> str:
    marks = "".join(f"{round(i * 360 / COLUMNS):>4}° " for i in range(COLUMNS))
    return f"{'':8}{marks}"


def _band(
    ring: str, sectors: list[SectorPicture], ids: dict[str, list[tuple[str, Any]]]
) -> list[str]:
    runs = _runs(sectors)
    cells = [
        _cell(sector, width * CELL - 1, ids.get(sector.id, [])) if sector else []
        for sector, width in runs
    ]
    height = max((len(c) for c in cells), default=2)
    rows = [""] * height
    for (_, width), cell in zip(runs, cells, strict=True):
        blank = " " * (width * CELL - 1)
        cell = cell + [blank] * (height - len(cell))
        for i in range(height):
            rows[i] += cell[i] + "│"
    label = RING_LABEL.get(ring, ring)
    return [f"{label if i == 0 else '':<8}{row}" for i, row in enumerate(rows)] + [
        f"{'':8}" + "─" * (COLUMNS * CELL)
    ]


def _runs(sectors: list[SectorPicture]) -> list[tuple[SectorPicture | None, int]]:
    """The band's columns grouped into runs of one sector each, north first."""
    owner: list[SectorPicture | None] = [None] * COLUMNS
    step = 360 / COLUMNS
    for sector in sectors:
        first = round(sector.start / step)
        width = max(1, round((sector.end - sector.start) / step))
        for col in range(first, first + min(width, COLUMNS)):
            owner[col % COLUMNS] = sector
    runs: list[tuple[SectorPicture | None, int]] = []
    for held in owner:
        if runs and runs[-1][0] is held:
            runs[-1] = (held, runs[-1][1] + 1)
        else:
            runs.append((held, 1))
    return runs


def _cell(sector: SectorPicture, width: int, ids: list[tuple[str, Any]]) -> list[str]:
    """A sector's rows: its name, what lies on it (with its extractors when they fit), and if
    it holds ships, their sizes and ids (as many rows as they need); its extractors last when
    they did not fit beside what lies on it."""
    features = _features(sector)
    ships, extractors = _pieces(sector)
    if ships[1] > width:
        ships = _ship_counts(sector)
    rows = [_fit(escape(short_name(sector.id)), len(short_name(sector.id)), width)]
    if features[1] + extractors[1] <= width:
        rows.append(_fit(features[0] + extractors[0], features[1] + extractors[1], width))
        last: list[str] = []
    else:
        rows.append(_fit(*features, width))
        last = [_fit(*extractors, width)]
    if sector.pieces and ships[1]:  # a sector without ships takes no rows for them
        rows.append(_fit(*ships, width))
        rows += [_fit(markup, length, width) for markup, length in _id_rows(ids, width)]
    return rows + last


def _id_rows(ids: list[tuple[str, Any]], width: int) -> list[tuple[str, int]]:
    """The ships' ids in their owners' colours, as many to a row as fit (at least one row)."""
    rows: list[tuple[str, int]] = []
    markup, length = "", 0
    for sid, owner in ids:
        gap = 1 if length else 0
        if length and length + gap + len(sid) > width:
            rows.append((markup, length))
            markup, length, gap = "", 0, 0
        markup += " " * gap + f"[{owner_colour(owner)}]{escape(sid)}[/]"
        length += gap + len(sid)
    rows.append((markup, length))
    return rows


def _fit(markup: str, length: int, width: int) -> str:
    """Pad (or cut, when it would overflow) a cell's markup to ``width`` characters."""
    if length > width:
        return "+" * width if width < 2 else "…" + " " * (width - 1)
    return markup + " " * (width - length)


def _features(sector: SectorPicture) -> tuple[str, int]:
    parts: list[tuple[str, int]] = []
    if sector.white_dwarf:
        parts.append(("[bold yellow]☼[/]", 1))
    if sector.asteroid:
        parts.append(("[#9c8064]▓[/]", 1))
    if sector.home is not None:
        parts.append((f"[{owner_colour(sector.home)}]⌂{sector.home}[/]", 2))
    if sector.planet:
        colour = PLANET_COLOURS.get(sector.planet_colour or "", "white")
        parts.append((f"[{colour}]●[/]", 1))
    if sector.token_state == "face-down":
        parts.append(("◇", 1))
    elif sector.token_state == "revealed":
        parts.append(("[yellow]◆[/]", 1))
    return "".join(p for p, _ in parts), sum(n for _, n in parts)


def _ship_counts(sector: SectorPicture) -> tuple[str, int]:
    """Ships as a count per owner (``6^``) when their letters do not fit the cell."""
    counts: dict[str, int] = {}
    for piece in sector.pieces:
        if piece.kind != "extractor":
            counts[str(piece.owner)] = counts.get(str(piece.owner), 0) + 1
    text = "".join(f"[{owner_colour(owner)}]{n}^[/]" for owner, n in counts.items())
    return text, sum(len(str(n)) + 1 for n in counts.values())


def _pieces(sector: SectorPicture) -> tuple[tuple[str, int], tuple[str, int]]:
    ships: dict[str, list[str]] = {}
    extractors: dict[str, int] = {}
    for piece in sector.pieces:
        owner = str(piece.owner)
        if piece.kind == "extractor":
            extractors[owner] = extractors.get(owner, 0) + 1
        else:
            ships.setdefault(owner, []).append(SHIP_LETTER.get(piece.kind, "?"))
    ship_text = "".join(
        f"[{owner_colour(owner)}]{''.join(letters)}[/]" for owner, letters in ships.items()
    )
    ship_len = sum(len(v) for v in ships.values())
    ext_text = "".join(f"[{owner_colour(owner)}]x{n}[/]" for owner, n in extractors.items())
    ext_len = sum(1 + len(str(n)) for n in extractors.values())
    return (ship_text, ship_len), (ext_text, ext_len)
