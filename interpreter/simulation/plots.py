"""Small SVG charts written by hand, inlined in the report.

Hand-written SVG needs no plotting library, stays crisp at any zoom, is a few kilobytes, and
keeps the HTML one self-contained file that any browser opens (docs/simulate.md). Every chart
has a ``<title>`` so screen readers and tests can find it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

WIDTH = 640
BAR = 22
LEFT = 170
COLOURS = ("#4063a8", "#d08a2e", "#4b9b6a", "#b04a5a", "#7a5ca8", "#6f7f8f", "#c2a23a", "#3a9fb0")
#: The stacked bar's colours: one a source, all different (Starlight has 11 sources of points;
#: a repeated colour made two sources look like one).
SOURCE_COLOURS = (
    *COLOURS,
    "#e377c2",
    "#8c564b",
    "#17becf",
    "#bcbd22",
    "#1f3d7a",
    "#f4a582",
    "#99cc99",
    "#555555",
)
#: The half-ranges a chart of changes may span: the smallest that holds every interval.
SPANS = (0.05, 0.1, 0.2, 0.25, 0.5, 1.0)


def interval_bars(
    title: str,
    rows: Sequence[tuple[str, float, float, float, bool]],
    reference: float | None = None,
    lowest: float = 0.0,
) -> str:
    """Horizontal bars (name, value, low, high, marked) with interval whiskers.

    Rates (``lowest`` 0) are drawn on 0..100%. Changes (``lowest`` below 0) are drawn from 0
    on the smallest symmetric scale that holds every interval (±5 to ±100 points), so a change
    of a few points is visible and its bar starts at no change."""
    if lowest < 0:
        reach = max((max(abs(low), abs(high), abs(v)) for _, v, low, high, _m in rows), default=0)
        top = next((span for span in SPANS if reach <= span), 1.0)
        lowest = -top
    else:
        top = 1.0
    height = 40 + BAR * len(rows)
    span = WIDTH - LEFT - 40

    def x(value: float) -> float:
        clipped = min(max(value, lowest), top)
        return LEFT + span * (clipped - lowest) / (top - lowest)

    base = 0.0 if lowest < 0 else lowest
    parts = [_open(title, height)]
    for i, (name, value, low, high, marked) in enumerate(rows):
        y = 24 + i * BAR
        parts.append(
            f'<text x="{LEFT - 6}" y="{y + 14}" text-anchor="end">{escape(name)}'
            f"{' ★' if marked else ''}</text>"
            f'<rect x="{min(x(value), x(base)):.1f}" y="{y + 3}" '
            f'width="{abs(x(value) - x(base)):.1f}" '
            f'height="{BAR - 8}" fill="{COLOURS[0] if not marked else COLOURS[3]}"/>'
            f'<line x1="{x(low):.1f}" x2="{x(high):.1f}" y1="{y + 11}" y2="{y + 11}" '
            'stroke="#222" stroke-width="1.5"/>'
        )
    if reference is not None:
        parts.append(
            f'<line x1="{x(reference):.1f}" x2="{x(reference):.1f}" y1="18" y2="{height - 12}" '
            'stroke="#888" stroke-dasharray="4 3"/>'
        )
    parts.append(_axis(x, lowest, top, height))
    parts.append("</svg>")
    return "".join(parts)


def histogram(title: str, counts: dict[str, int]) -> str:
    """Vertical bars of counts by (numeric) label, e.g. game length in rounds."""
    height = 220
    if not counts:
        return _open(title, 40) + "</svg>"
    keys = sorted(counts, key=float)
    top = max(counts.values())
    width = (WIDTH - 60) / len(keys)
    parts = [_open(title, height)]
    for i, key in enumerate(keys):
        h = 160 * counts[key] / top
        parts.append(
            f'<rect x="{40 + i * width:.1f}" y="{190 - h:.1f}" width="{max(width - 1, 1):.1f}" '
            f'height="{h:.1f}" fill="{COLOURS[0]}">'
            f"<title>{escape(key)}: {counts[key]}</title></rect>"
        )
    parts.append(
        f'<text x="40" y="208">{escape(keys[0])}</text>'
        f'<text x="{WIDTH - 20}" y="208" text-anchor="end">{escape(keys[-1])}</text>'
        f'<text x="{WIDTH / 2:.0f}" y="208" text-anchor="middle" fill="#555">rounds</text>'
        f'<text x="36" y="34" text-anchor="end">{top}</text>'
        '<text x="36" y="48" text-anchor="end" fill="#555">games</text></svg>'
    )
    return "".join(parts)


def stacked_bar(title: str, series: dict[str, dict[str, float]]) -> str:
    """One horizontal bar per series (e.g. all players, winners), split by source."""
    sources = sorted({s for parts in series.values() for s in parts})
    total = max((sum(parts.values()) for parts in series.values()), default=0.0) or 1.0
    height = 60 + 34 * len(series) + 20 * ((len(sources) + 3) // 4)
    parts = [_open(title, height)]
    for row, (name, values) in enumerate(series.items()):
        y, x = 24 + row * 34, float(LEFT)
        parts.append(f'<text x="{LEFT - 6}" y="{y + 17}" text-anchor="end">{escape(name)}</text>')
        for i, source in enumerate(sources):
            w = (WIDTH - LEFT - 40) * values.get(source, 0.0) / total
            parts.append(
                f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="24" '
                f'fill="{SOURCE_COLOURS[i % len(SOURCE_COLOURS)]}"><title>{escape(source)}: '
                f"{values.get(source, 0.0):.2f}</title></rect>"
            )
            x += w
    legend_y = 34 + 34 * len(series)
    for i, source in enumerate(sources):
        lx, ly = 20 + (i % 4) * 150, legend_y + 20 * (i // 4)
        parts.append(
            f'<rect x="{lx}" y="{ly}" width="12" height="12" '
            f'fill="{SOURCE_COLOURS[i % len(SOURCE_COLOURS)]}"/>'
            f'<text x="{lx + 16}" y="{ly + 11}">{escape(source)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _open(title: str, height: int) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="plot" role="img" width="{WIDTH}" '
        f'height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" '
        f'font-size="12"><title>{escape(title)}</title>'
    )


def _axis(x: Callable[[float], float], lowest: float, top: float, height: int) -> str:
    """Five ticks: ``0%``..``100%`` for rates, signed points (``-10``, ``0``, ``+10``) for
    changes."""
    ticks = [lowest + (top - lowest) * k / 4 for k in range(5)]

    def label(t: float) -> str:
        if lowest >= 0:
            return f"{100 * t:.0f}%"
        return "0" if abs(t) < 1e-9 else f"{100 * t:+g}"

    return "".join(
        f'<text x="{x(t):.1f}" y="{height - 2}" text-anchor="middle" fill="#555">{label(t)}</text>'
        for t in ticks
    )
