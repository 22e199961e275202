"""Charts of simulated games as a standalone SVG: the distribution of final scores (every
player of every game, and a line per seat) and of game lengths in rounds, for designers.

Written by hand, not with a plotting library: two histograms need no dependency, the file is
the same bytes for the same games (no timestamps, no library version), and ``make play``
stays quick to install.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from clank.mapdraw.symbols import PLAYER_HEX

PANEL_W, PANEL_H = 520, 320
LEFT, BOTTOM, TOP = 56, 48, 40
FONT = "DejaVu Sans, Arial, sans-serif"
BAR = "#8c7a5b"


def _bins(values: Sequence[int], max_bins: int = 24) -> tuple[int, int, int]:
    """(first value, bin width, bin count) covering integer ``values`` in at most ``max_bins``."""
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // max_bins))
    return lo, width, (hi - lo) // width + 1


def _nice_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top / step <= 6:
            return step
    return max(1, top // 5)


def histogram(x0: float, y0: float, title: str, xlabel: str, values: Sequence[int],
              series: Mapping[str, tuple[str, Sequence[int]]] | None = None, ylabel: str = "games") -> list[str]:
    """One panel: bars of ``values`` by integer bins, the mean marked, and optional lines of
    other series (name -> (colour, values)) over the same bins."""
    out = [f'<g class="panel" data-title="{escape(title)}">',
           f'<text x="{x0 + PANEL_W / 2}" y="{y0 + 22}" font-size="15" font-weight="bold" '
           f'text-anchor="middle" fill="#2b2118">{escape(title)}</text>']
    if not values:
        out.append(f'<text x="{x0 + PANEL_W / 2}" y="{y0 + PANEL_H / 2}" text-anchor="middle">no data</text></g>')
        return out
    lo, width, n = _bins(values)
    counts = Counter((v - lo) // width for v in values)
    top = max(counts.values())
    step = _nice_step(top)
    top = -(-top // step) * step
    pw, ph = PANEL_W - LEFT - 16, PANEL_H - TOP - BOTTOM
    ox, oy = x0 + LEFT, y0 + TOP + ph
    bw = pw / n
    out.append(f'<line x1="{ox}" y1="{oy}" x2="{ox + pw}" y2="{oy}" stroke="#333"/>'
               f'<line x1="{ox}" y1="{oy}" x2="{ox}" y2="{oy - ph}" stroke="#333"/>')
    for k in range(0, top + 1, step):
        y = oy - ph * k / top
        out.append(f'<line x1="{ox - 4}" y1="{y:.1f}" x2="{ox + pw}" y2="{y:.1f}" stroke="#ddd"/>'
                   f'<text x="{ox - 8}" y="{y + 4:.1f}" font-size="11" text-anchor="end">{k}</text>')
    label_every = max(1, n // 10)
    for i in range(n):
        c = counts.get(i, 0)
        h = ph * c / top
        x = ox + i * bw
        lab = f"{lo + i * width}" if width == 1 else f"{lo + i * width}-{lo + i * width + width - 1}"
        out.append(f'<rect class="bar" data-bin="{escape(lab)}" data-count="{c}" x="{x + 1:.1f}" '
                   f'y="{oy - h:.1f}" width="{max(1.0, bw - 2):.1f}" height="{h:.1f}" fill="{BAR}">'
                   f'<title>{escape(lab)}: {c}</title></rect>')
        if i % label_every == 0:
            out.append(f'<text x="{x + bw / 2:.1f}" y="{oy + 16}" font-size="11" text-anchor="middle">'
                       f'{escape(lab)}</text>')
    for name, (colour, vals) in (series or {}).items():
        if not vals:
            continue
        sc = Counter((v - lo) // width for v in vals)
        points = " ".join(f"{ox + (i + 0.5) * bw:.1f},{oy - ph * sc.get(i, 0) / top:.1f}" for i in range(n))
        out.append(f'<polyline class="series" data-series="{escape(name)}" points="{points}" fill="none" '
                   f'stroke="{colour}" stroke-width="2"/>')
    mean = statistics.fmean(values)
    mx = ox + (mean - lo + 0.5) / width * bw
    out.append(f'<line class="mean" x1="{mx:.1f}" y1="{oy}" x2="{mx:.1f}" y2="{oy - ph}" stroke="#c0392b" '
               f'stroke-dasharray="5 4" stroke-width="2"/><text x="{mx + 4:.1f}" y="{oy - ph + 12}" '
               f'font-size="11" fill="#c0392b">mean {mean:.1f}</text>')
    out.append(f'<text x="{ox + pw / 2}" y="{oy + 36}" font-size="12" text-anchor="middle">{escape(xlabel)}</text>'
               f'<text x="{x0 + 14}" y="{oy - ph / 2}" font-size="12" text-anchor="middle" '
               f'transform="rotate(-90 {x0 + 14} {oy - ph / 2})">{escape(ylabel)}</text></g>')
    return out


def plot_svg(rows: Sequence[dict[str, Any]], title: str) -> str:
    """The SVG document of two histograms over simulated games (rows of ``simulate``)."""
    scores = [p["score"] for r in rows for p in r["players"]]
    seats = sorted({p["seat"] for r in rows for p in r["players"]})
    per_seat = {f"P{s + 1}": (PLAYER_HEX[s % len(PLAYER_HEX)],
                              [p["score"] for r in rows for p in r["players"] if p["seat"] == s]) for s in seats}
    rounds = [r["rounds"] for r in rows]
    width, height = 2 * PANEL_W + 40, PANEL_H + 90
    body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{FONT}">',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fbf8f1"/>',
        f'<text x="20" y="30" font-size="18" font-weight="bold" fill="#2b2118">{escape(title)}</text>',
        *histogram(20, 44, "Final scores (every player)", "points", scores, per_seat, ylabel="players"),
        *histogram(PANEL_W + 20, 44, "Game length", "rounds", rounds),
    ]
    legend_x = 20 + LEFT
    for i, (name, (colour, _)) in enumerate(per_seat.items()):
        x = legend_x + i * 70
        body.append(f'<g class="legend-entry"><line x1="{x}" y1="{height - 16}" x2="{x + 20}" y2="{height - 16}" '
                    f'stroke="{colour}" stroke-width="3"/><text x="{x + 26}" y="{height - 12}" font-size="12">'
                    f'{escape(name)}</text></g>')
    body.append(f'<text x="{legend_x + len(per_seat) * 70 + 10}" y="{height - 12}" font-size="12" fill="#555">'
                f'bars: all players; lines: each seat</text>')
    body.append("</svg>")
    return "\n".join(body) + "\n"
