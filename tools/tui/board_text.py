"""The board in a terminal: the picture model (``tools/render/model.py``) as a text grid.

Each ring is a band of rows; columns are fixed directions on the table (north first, then
clockwise, 22.5° each), so a ring's sectors move along their band as it turns. A sector shows
its short name, what lies on it (planet, asteroid, colony ship, white dwarf, token) and, per
owner in that owner's colour, its ships and extractors.
"""

from __future__ import annotations

from rich.markup import escape
from whitedwarf.tools.render.model import BoardPicture, SectorPicture
from whitedwarf.tools.render.svg import PLANET_COLOURS, owner_colour

COLUMNS = 16
CELL = 6  # characters per column, separator included
RING_LABEL = {"centre": "centre", "inner": "inner", "outer": "outer", "distant": "distant"}
SHIP_LETTER = {"small": "s", "medium": "m", "large": "L"}

LEGEND = (
    "● planet (its colour)  ▓ asteroid  ◇ face-down token  ◆ revealed token  "
    "⌂n colony ship of seat n  ☼ white dwarf\n"
    "ships: s small, m medium, L large (n^: n ships, when they do not fit); "
    "xn: n extractors; coloured by owner"
)


def short_name(sector_id: str) -> str:
    """``outer_05`` → ``o05``, ``inner_3`` → ``i3``, ``centre`` → ``ctr``."""
    if "_" not in sector_id:
        return sector_id[:3]
    ring, number = sector_id.rsplit("_", 1)
    return f"{ring[:1]}{number}"


def board_markup(picture: BoardPicture) -> str:
    """The board as Rich markup text, outermost ring at the top."""
    lines = [_ruler()]
    for ring in reversed(picture.rings):
        sectors = [s for s in picture.sectors if s.ring == ring]
        lines.extend(_band(ring, sectors))
    lines.append(f"round {picture.round} · rotation {picture.rotation}")
    return "\n".join(lines)


def _ruler() -> str:
    marks = "".join(f"{round(i * 360 / COLUMNS):>4}° " for i in range(COLUMNS))
    return f"{'':8}{marks}"


def _band(ring: str, sectors: list[SectorPicture]) -> list[str]:
    runs = _runs(sectors)
    rows = ["", "", "", ""]
    for sector, width in runs:
        cells = _cell(sector, width * CELL - 1) if sector else [" " * (width * CELL - 1)] * 4
        for i in range(4):
            rows[i] += cells[i] + "│"
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


def _cell(sector: SectorPicture, width: int) -> list[str]:
    features = _features(sector)
    ships, extractors = _pieces(sector)
    if ships[1] > width:
        ships = _ship_counts(sector)
    return [
        _fit(escape(short_name(sector.id)), len(short_name(sector.id)), width),
        _fit(*features, width),
        _fit(*ships, width),
        _fit(*extractors, width),
    ]


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
