"""Starlight's :class:`Drawing`: the sky board, the rondel, the pools and each seat's holdings.

The sky board of 003 is a picture the seeds do not include, and sky.yaml gives no positions,
only slots and their links (docs/rules-decisions.md SL57-SL61), so each constellation is laid
out here: its target slots in the left column, every other slot in the column of its distance
(in links) from a target (SL45). A slot shows its size (the circle's radius), the night points
a launch there scores, its privilege (a short label; the name in the tooltip and in the key
below the seats, which says what every short label means) and the target
icon (a dashed ring); a launched star is filled in its owner's colour with its magnitude.

Only public information is drawn (``starlight_public.py``). Every string a pack supplies
(names, ids) is escaped, and nothing depends on dict or set order, so the same position gives
the same bytes. Every element a user would look for carries ``class`` and ``data-`` attributes
(``slot``, ``marker``, ``pool``, ``accolade``, ``seat``) for tests and stylesheets.
"""

from __future__ import annotations

import json
import math
from html import escape
from pathlib import Path
from typing import Any

from whitedwarf.dsl.counts import counted
from whitedwarf.interpreter.starlight.views.public import (
    SeatView,
    SkyView,
    panel_lines,
    public_panels,
    sky_view,
)
from whitedwarf.interpreter.state import State
from whitedwarf.tools.render.drawing import Drawing, Event, Parts

WIDTH, HEIGHT = 1120, 930
PANEL_W, PANEL_H = 295, 245  # one constellation
#: Seat colours: every game's (``tools/render/colours.py``, which the terminal interface uses for
#: Starlight's seats too), with a fifth for a 5-seat game, each far from the others.
SEAT_COLOURS = ("#f4f4f4", "#ff5fd2", "#00e5ff", "#ff8a3d", "#c6f542")
RAY_COLOURS = {
    "red": "#d62728",
    "orange": "#ff7f0e",
    "yellow": "#f2d21b",
    "green": "#2ca02c",
    "blue": "#1f77b4",
    "purple": "#9467bd",
}
SLOT_RADIUS = {"small": 10.0, "medium": 14.0, "large": 18.0}
#: 003 "Privileges", as the short label on a slot (the full name is in its tooltip).
PRIVILEGE_LABELS = {
    "buy_night_points": "$NP",
    "extra_action_point": "+AP",
    "refill_rays": "RR",
    "laurels_bonus": "L+3",
    "core_plus_ray": "C+R",
    "launch_alpha_star": "α",
}
BACKGROUND = "#0b0d16"
TEXT = "#dde"


def drawing() -> Drawing:
    """Starlight's board picture (``GameEngine.drawing``)."""
    return Drawing(
        svg=render_svg,
        parts=svg_parts,
        panels=public_panels,
        scores=_scores,
        score_name="points",
        status=_status,
        colours=lambda seats: [seat_colour(seat) for seat in range(seats)],
        load_save=load_save,
    )


def seat_colour(seat: int | None) -> str:
    """The colour of a seat's stars and markers."""
    if seat is None or not 0 <= seat < len(SEAT_COLOURS):
        return "#999999"
    return SEAT_COLOURS[seat]


def _e(text: Any) -> str:
    """Escaped for SVG text and attribute values alike."""
    return escape(str(text), quote=True)


def render_svg(content: Any, state: State, events: list[Event], title: str = "") -> str:
    """The SVG document of the position."""
    head, groups, tail = svg_parts(content, state, events)
    legend = _text(12, HEIGHT - 10, title, 13, cls="title")
    return "\n".join([head, *groups, legend + tail])


def svg_parts(content: Any, state: State, events: list[Event]) -> Parts:
    """The document's opening, one group per constellation, the rondel, its markers, the
    pools, the accolades, the daybreak track and one per seat, and its closing."""
    sky = sky_view(content, state, events)
    head = "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" '
            f'data-game="starlight" data-round="{sky.round}" data-phase="{_e(sky.phase)}">',
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{BACKGROUND}"/>',
        ]
    )
    groups = [
        _constellation(content, sky, index, cid) for index, cid in enumerate(content.constellations)
    ]
    groups += [
        _rondel(content),
        _markers(content, sky),
        _pools(sky),
        _accolades(sky),
        _daybreak(sky),
    ]
    groups += [_seat(seat, index, len(sky.seats)) for index, seat in enumerate(sky.seats)]
    return head, groups, _key(content) + "\n</svg>"


# --- the sky ----------------------------------------------------------------------------------


def _constellation(content: Any, sky: SkyView, index: int, cid: str) -> str:
    column, row = index % 3, index // 3
    x0, y0 = 10 + column * (PANEL_W + 5), 10 + row * (PANEL_H + 5)
    places = _layout(content, cid, x0, y0)
    name = next(
        (c.get("name", cid) for c in content.files["sky"]["constellations"] if c["id"] == cid), cid
    )
    out = [
        f'<g class="constellation" data-constellation="{_e(cid)}">',
        f'<rect x="{x0}" y="{y0}" width="{PANEL_W}" height="{PANEL_H}" rx="6" fill="#121630" '
        'stroke="#2a3160"/>',
        _text(x0 + 8, y0 + 16, name, 13, weight="bold"),
    ]
    drawn: set[tuple[str, str]] = set()
    for slot_id in content.constellations[cid]:
        for other in content.slots[slot_id].links:
            edge = (min(slot_id, other), max(slot_id, other))
            if edge in drawn or other not in places:
                continue
            drawn.add(edge)
            (ax, ay), (bx, by) = places[slot_id], places[other]
            out.append(
                f'<line class="link" x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" '
                'stroke="#5a6390" stroke-width="1.5"/>'
            )
    out += [
        _slot(content, sky, slot_id, *places[slot_id]) for slot_id in content.constellations[cid]
    ]
    out.append("</g>")
    return "\n".join(out)


def _layout(content: Any, cid: str, x0: float, y0: float) -> dict[str, tuple[float, float]]:
    """Each slot's centre: column by distance from a target slot, rows in pack order."""
    slots = content.constellations[cid]
    depth = {s: 0 for s in slots if content.slots[s].target} or {slots[0]: 0}
    frontier = list(depth)
    while frontier:
        following = []
        for slot_id in frontier:
            for other in content.slots[slot_id].links:
                if other in slots and other not in depth:
                    depth[other] = depth[slot_id] + 1
                    following.append(other)
        frontier = following
    deepest = max(depth.values(), default=0) + 1
    for slot_id in slots:  # a slot no link reaches stands in a column of its own
        depth.setdefault(slot_id, deepest)
    columns = max(depth.values()) + 1
    places = {}
    for column in range(columns):
        members = [s for s in slots if depth[s] == column]
        for row, slot_id in enumerate(members):
            x = x0 + 30 + (PANEL_W - 60) * (column + 0.5) / columns
            y = y0 + 30 + (PANEL_H - 45) * (row + 0.5) / max(1, len(members))
            places[slot_id] = (x, y)
    return places


def _slot(content: Any, sky: SkyView, slot_id: str, x: float, y: float) -> str:
    slot = content.slots[slot_id]
    owner = sky.slots.get(slot_id)
    magnitude = sky.magnitudes.get(slot_id)
    radius = SLOT_RADIUS.get(slot.size, 10.0)
    privilege = _privilege_name(content, slot.privilege)
    attrs = (
        f'class="slot{" star" if owner is not None else ""}" data-slot="{_e(slot_id)}" '
        f'data-size="{_e(slot.size)}" data-points="{slot.night_points}" '
        f'data-privilege="{_e(slot.privilege or "")}" data-target="{str(slot.target).lower()}"'
    )
    if owner is not None:
        attrs += f' data-owner="{owner}"'
        if magnitude is not None:
            attrs += f' data-magnitude="{magnitude}"'
    out = [f"<g {attrs}>", f"<title>{_e(_slot_words(slot, privilege, owner, magnitude))}</title>"]
    if slot.target:
        out.append(
            f'<circle class="target" cx="{x:.1f}" cy="{y:.1f}" r="{radius + 4:.1f}" fill="none" '
            'stroke="#f5d76e" stroke-width="1.2" stroke-dasharray="3,2"/>'
        )
    fill = seat_colour(owner) if owner is not None else "#1d2446"
    out.append(
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{fill}" stroke="#c8cef0" '
        'stroke-width="1"/>'
    )
    if owner is None:
        out.append(_text(x, y + 4, slot.night_points, 11, anchor="middle"))
    else:
        label = str(magnitude) if magnitude is not None else "★"
        out.append(_text(x, y + 4, label, 12, anchor="middle", fill="#000", cls="magnitude"))
    if slot.privilege:
        label = PRIVILEGE_LABELS.get(slot.privilege, slot.privilege[:3])
        out.append(_text(x + radius - 2, y - radius - 1, label, 9, fill="#9fe3ff", cls="privilege"))
    out.append("</g>")
    return "\n".join(out)


def _privilege_name(content: Any, privilege: str | None) -> str | None:
    if not privilege:
        return None
    return str(content.cards.get("privileges", {}).get(privilege, {}).get("name", privilege))


def _slot_words(slot: Any, privilege: str | None, owner: int | None, magnitude: int | None) -> str:
    words = [slot.id, f"{slot.size} slot", counted(slot.night_points, "night point")]
    if privilege:
        words.append(f"privilege: {privilege}")
    if slot.target:
        words.append("target")
    if owner is not None:
        star = f"magnitude {magnitude} star" if magnitude is not None else "star"
        words.append(f"{star} of seat {owner}")
    return ", ".join(words)


# --- the rondel, pools, accolades and daybreak ------------------------------------------------


RONDEL_CENTRE, RONDEL_RADIUS = (1000.0, 120.0), 78.0


def _space_centre(index: int, spaces: int) -> tuple[float, float]:
    angle = 2 * math.pi * index / max(1, spaces)
    (cx, cy), radius = RONDEL_CENTRE, RONDEL_RADIUS
    return cx + radius * math.sin(angle), cy - radius * math.cos(angle)


def _rondel(content: Any) -> str:
    """The seven spaces, which never change (the markers are a group of their own, so the
    replay viewer stores the rondel once)."""
    (cx, cy), spaces = RONDEL_CENTRE, content.spaces
    out = [
        '<g class="rondel">',
        f'<circle cx="{cx}" cy="{cy}" r="{RONDEL_RADIUS + 28}" fill="#121630" stroke="#2a3160"/>',
        _text(cx, cy + 4, "rondel", 11, anchor="middle"),
    ]
    for index, space in enumerate(spaces):
        x, y = _space_centre(index, len(spaces))
        name = space.get("name", space["id"])
        out.append(f'<g class="space" data-space="{_e(space["id"])}" data-index="{index}">')
        out.append(f"<title>{_e(name)}</title>")
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="22" fill="#1d2446" stroke="#8890b0"/>')
        out.append(_text(x, y - 6, _short(name), 8, anchor="middle"))
        out.append("</g>")
    out.append("</g>")
    return "\n".join(out)


def _markers(content: Any, sky: SkyView) -> str:
    """Each seat's marker on its rondel space (``data-index``: the space's place)."""
    spaces = len(content.spaces)
    out = ['<g class="markers">']
    for index in range(spaces):
        x, y = _space_centre(index, spaces)
        here = [seat for seat in sky.seats if seat.marker == index]
        for place, seat in enumerate(here):
            out.append(
                f'<circle class="marker" data-owner="{seat.seat}" data-index="{index}" '
                f'cx="{x - 12 + 6 * place:.1f}" cy="{y + 8:.1f}" r="4.5" '
                f'fill="{seat_colour(seat.seat)}" stroke="#000"/>'
            )
    out.append("</g>")
    return "\n".join(out)


def _short(name: str) -> str:
    """A rondel space's name on two words at most ("Launch to Aquila or Hydrus" → "Aquila
    Hydrus"): the circle is small; the tooltip has the whole name."""
    words = [w for w in name.split() if w.lower() not in ("to", "or", "gain", "the")]
    return " ".join(words[:2]) if words else name[:10]


def _pools(sky: SkyView) -> str:
    x, y = 900, 250
    out = ['<g class="pools">', _text(x, y, "Pools", 13, weight="bold")]
    for row, size in enumerate(("long", "short")):
        ty = y + 20 + row * 22
        out.append(_text(x, ty + 4, f"{size} rays", 10))
        for place, ray in enumerate(sky.pools[size]):
            colour = ray.split(":", 1)[0]
            out.append(
                f'<rect class="pool-ray" data-pool="{size}" data-colour="{_e(colour)}" '
                f'x="{x + 62 + place * 16}" y="{ty - 7}" width="{12 if size == "long" else 8}" '
                f'height="12" fill="{RAY_COLOURS.get(colour, "#888888")}" stroke="#000"/>'
            )
    ty = y + 76
    cores = ", ".join(sky.pools["cores"]) or "empty"
    out.append(_text(x, ty, f"cores: {cores}", 10, cls="pool", data={"pool": "cores"}))
    out.append(_text(x, ty + 16, "flares (cost 1-4):", 10))
    for place, flare in enumerate(sky.pools["flares"]):
        out.append(
            _text(
                x + 8,
                ty + 32 + 14 * place,
                f"{place + 1} AP: {flare}",
                10,
                cls="pool",
                data={"pool": "flares"},
            )
        )
    decks = sky.decks
    out.append(
        _text(
            x,
            ty + 96,
            f"decks: {counted(decks['cores'], 'core')}, {counted(decks['flares'], 'flare')}, "
            f"{counted(decks['starbots'], 'Starbot card')}",
            9,
        )
    )
    out.append("</g>")
    return "\n".join(out)


def _accolades(sky: SkyView) -> str:
    y = 515
    out = ['<g class="accolades">', _text(12, y, "Accolades", 13, weight="bold")]
    for place, accolade in enumerate(sky.accolades):
        x = 100 + place * 200
        owner = "" if accolade.owner is None else f' data-owner="{accolade.owner}"'
        out.append(f'<g class="accolade" data-accolade="{_e(accolade.id)}"{owner}>')
        stroke = seat_colour(accolade.owner) if accolade.owner is not None else "#2a3160"
        out.append(
            f'<rect x="{x}" y="{y - 14}" width="190" height="40" rx="4" fill="#121630" '
            f'stroke="{stroke}" stroke-width="2"/>'
        )
        out.append(_text(x + 6, y, f"{place + 1}. {accolade.name} ({accolade.points})", 10))
        claimed = "unclaimed" if accolade.owner is None else f"claimed by seat {accolade.owner}"
        out.append(_text(x + 6, y + 14, claimed, 9))
        for index, (seat, marks) in enumerate(accolade.marks.items()):
            out.append(
                f'<g class="starbot-marks" data-owner="{seat}" data-marks="{marks}">'
                f'<rect x="{x + 120 + 34 * index}" y="{y + 5}" width="10" height="10" '
                f'fill="{seat_colour(seat)}" transform="rotate(45 {x + 125 + 34 * index} '
                f'{y + 10})"/>' + _text(x + 134 + 34 * index, y + 14, f"×{marks}", 9) + "</g>"
            )
        out.append("</g>")
    out.append("</g>")
    return "\n".join(out)


def _daybreak(sky: SkyView) -> str:
    x0, x1, y = 100.0, 1050.0, 580
    top = max([sky.daybreak_at, *(s.night for s in sky.seats)])
    scale = (x1 - x0) / max(1, top)
    out = [
        '<g class="daybreak">',
        _text(12, y + 4, "Night points", 11, weight="bold"),
        f'<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#5a6390" stroke-width="3"/>',
        f'<line x1="{x0 + sky.daybreak_at * scale:.1f}" y1="{y - 12}" '
        f'x2="{x0 + sky.daybreak_at * scale:.1f}" y2="{y + 12}" stroke="#f5d76e" '
        'stroke-width="2"/>',
        _text(
            x0 + sky.daybreak_at * scale, y - 15, f"daybreak {sky.daybreak_at}", 9, anchor="middle"
        ),
    ]
    for seat in sky.seats:
        x = x0 + seat.night * scale
        out.append(
            f'<circle class="track" data-owner="{seat.seat}" data-night="{seat.night}" '
            f'cx="{x:.1f}" cy="{y + 4 * (seat.seat - 2)}" r="5" '
            f'fill="{seat_colour(seat.seat)}" stroke="#000"/>'
        )
    if sky.daybreak is not None:
        words = f"daybreak came in round {sky.daybreak}; the last round is {sky.last_round}"
        out.append(_text(x0, y + 24, words, 10, cls="daybreak-note"))
    out.append("</g>")
    return "\n".join(out)


def _seat(seat: SeatView, index: int, seats: int) -> str:
    width = (WIDTH - 20) / max(1, seats)
    x, y = 10 + index * width, 625
    colour = seat_colour(seat.seat)
    out = [
        f'<g class="seat" data-seat="{seat.seat}" data-kind="{_e(seat.kind)}" '
        f'data-night="{seat.night}" data-ap="{seat.ap}" data-saved="{seat.saved}" '
        f'data-ap-waiting="{seat.ap_waiting}">',
        f'<rect x="{x:.1f}" y="{y}" width="{width - 6:.1f}" height="205" rx="5" fill="#121630" '
        f'stroke="{colour}" stroke-width="2"/>',
    ]
    for row, line in enumerate(_wrapped(panel_lines(seat), int(width / 6.2))):
        out.append(_text(x + 6, y + 16 + 14 * row, line, 10))
    out.append("</g>")
    return "\n".join(out)


def _wrapped(lines: list[str], width: int) -> list[str]:
    out: list[str] = []
    for line in lines:
        while len(line) > width:
            cut = line.rfind(" ", 0, width)
            cut = cut if cut > 0 else width
            out.append(line[:cut])
            line = "  " + line[cut:].lstrip()
        out.append(line)
    return out[:14]


def _text(
    x: float,
    y: float,
    text: Any,
    size: int,
    anchor: str = "start",
    fill: str = TEXT,
    weight: str = "normal",
    cls: str = "",
    data: dict[str, str] | None = None,
) -> str:
    attrs = f' class="{cls}"' if cls else ""
    attrs += "".join(f' data-{k}="{_e(v)}"' for k, v in (data or {}).items())
    if anchor != "start":
        attrs += f' text-anchor="{anchor}"'
    if weight != "normal":
        attrs += f' font-weight="{weight}"'
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}"{attrs}>{_e(text)}</text>'
    )


def _key(content: Any) -> str:
    """What the short labels and the slots' marks mean, below the seats: each privilege's
    label on a slot with its card's name, then how a slot is drawn."""
    x0, y = 12, 852
    out = ['<g class="legend">', _text(x0, y, "Key", 11, weight="bold")]
    shown = dict.fromkeys(
        content.slots[s].privilege
        for cid in content.constellations
        for s in content.constellations[cid]
        if content.slots[s].privilege
    )
    entries = [(PRIVILEGE_LABELS.get(p, p[:3]), _privilege_name(content, p) or p) for p in shown]
    entries.append(("AP", "action points (a seat's, and a flare's cost)"))
    for index, (label, name) in enumerate(entries):
        x, row = 50 + (index % 4) * 265, y + (index // 4) * 15
        out.append(
            f'<g class="abbreviation" data-abbreviation="{_e(label)}">'
            + _text(x, row, label, 10, fill="#9fe3ff", weight="bold", cls="label")
            + _text(x + 30, row, name, 10, cls="meaning")
            + "</g>"
        )
    row = y + 15 * ((len(entries) + 3) // 4)
    words = (
        "A slot: its size is the circle's, its number the night points a star there scores; "
        "a dashed ring marks a target slot; a star is filled in its owner's colour, with its "
        "magnitude."
    )
    out.append(_text(50, row, words, 10, cls="slot-key"))
    out.append("</g>")
    return "\n".join(out)


# --- the viewer's other needs -----------------------------------------------------------------


def _scores(state: State) -> list[int]:
    return [int(p["night"] + p["day"]) for p in state["players"]]


def _status(state: State) -> str:
    words = f"round {state['round']} · {state['phase']}"
    if state.get("daybreak") is not None:
        words += f" · daybreak: the last round is {state.get('last_round')}"
    return words


def load_save(path: Path, content: Any, game: Any) -> State:
    """A saved Starlight state, checked to be made with this content: a bare state
    (``persist.save``) or the save of the terminal interface, which holds one."""
    from whitedwarf.interpreter.starlight.persist import SaveError, load, unknown_name
    from whitedwarf.interpreter.starlight.state import content_id
    from whitedwarf.tools.render.position import PositionError, read_saved_state

    del game
    state = read_saved_state(path, load, SaveError, "a Starlight save")
    players = state.get("n")
    if not isinstance(players, int):
        raise PositionError(f"{path}: the save names no player count")
    expected = content_id(content, players)
    if state.get("content") != expected:
        recorded = json.dumps(state.get("content"), sort_keys=True)
        raise PositionError(
            f"{path} was saved with different content ({recorded}); the packs loaded now are "
            f"{json.dumps(expected, sort_keys=True)}: pass the same --pack options"
        )
    problem = unknown_name(state, content)
    if problem is not None:
        raise PositionError(f"{path}: {problem}")
    return state
