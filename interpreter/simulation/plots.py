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


def interval_bars(
    title: str,
    rows: Sequence[tuple[str, float, float, float, bool]],
    reference: float | None = None,
    lowest: float = 0.0,
) -> str:
    """Horizontal bars (name, value, low, high, marked) with interval whiskers, 0..1 scale."""
    height = 40 + BAR * len(rows)
    span = WIDTH - LEFT - 40

    def x(value: float) -> float:
        return LEFT + span * (value - lowest) / (1.0 - lowest)

    parts = [_open(title, height)]
    for i, (name, value, low, high, marked) in enumerate(rows):
        y = 24 + i * BAR
        parts.append(
            f'<text x="{LEFT - 6}" y="{y + 14}" text-anchor="end">{escape(name)}'
            f"{' ★' if marked else ''}</text>"
            f'<rect x="{x(min(value, lowest if lowest < 0 else 0)):.1f}" y="{y + 3}" '
            f'width="{abs(x(value) - x(max(lowest, 0.0) if lowest >= 0 else 0.0)):.1f}" '
            f'height="{BAR - 8}" fill="{COLOURS[0] if not marked else COLOURS[3]}"/>'
            f'<line x1="{x(low):.1f}" x2="{x(high):.1f}" y1="{y + 11}" y2="{y + 11}" '
            'stroke="#222" stroke-width="1.5"/>'
        )
    if reference is not None:
        parts.append(
            f'<line x1="{x(reference):.1f}" x2="{x(reference):.1f}" y1="18" y2="{height - 12}" '
            'stroke="#888" stroke-dasharray="4 3"/>'
        )
    parts.append(_axis(x, lowest, height))
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
        f'<text x="36" y="34" text-anchor="end">{top}</text></svg>'
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
                f'fill="{COLOURS[i % len(COLOURS)]}"><title>{escape(source)}: '
                f"{values.get(source, 0.0):.2f}</title></rect>"
            )
            x += w
    legend_y = 34 + 34 * len(series)
    for i, source in enumerate(sources):
        lx, ly = 20 + (i % 4) * 150, legend_y + 20 * (i // 4)
        parts.append(
            f'<rect x="{lx}" y="{ly}" width="12" height="12" fill="{COLOURS[i % len(COLOURS)]}"/>'
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


def _axis(x: Callable[[float], float], lowest: float, height: int) -> str:
    ticks = [lowest + (1.0 - lowest) * k / 4 for k in range(5)]
    return "".join(
        f'<text x="{x(t):.1f}" y="{height - 2}" text-anchor="middle" fill="#555">'
        f"{100 * t:.0f}%</text>"
        for t in ticks
    )
