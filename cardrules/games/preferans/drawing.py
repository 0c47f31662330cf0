"""The score sheet drawn as the traditional pulka: a circle holding the pool size in
the middle, one sector per player, and in each sector three bands — the mountain
nearest the centre, then the pool, then the whists on each opponent at the rim. Each
part shows its running totals, written one after another with dots, as players do.

>>> from cardrules.games.preferans import SOCHI
>>> from cardrules.games.preferans.scoring import Sheet, Entry
>>> sh = Sheet(SOCHI)
>>> sh.write([Entry("pool", 0, 2, None, "preferans.scoring.made"), Entry("whists", 1, 4, 0, "preferans.scoring.whist-value")])
>>> sh.write([Entry("pool", 0, 4, None, "preferans.scoring.made")])
>>> print(sheet_text(sh))
seat 0: pool 2.6; mountain —; whists —
seat 1: pool —; mountain —; whists on 0: 4
seat 2: pool —; mountain —; whists —
>>> sheet_svg(sh).startswith("<svg")
True
"""

from __future__ import annotations

import math
from fractions import Fraction
from html import escape

from cardrules.rules import implements

from .scoring import Num, Sheet


def _fmt(x: Num) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def running(sheet: Sheet) -> tuple[list[list[str]], list[list[str]], list[list[list[str]]]]:
    """Running totals of each part: pool[seat], mountain[seat], whists[seat][on]."""
    n = sheet.v.players
    pool: list[list[str]] = [[] for _ in range(n)]
    mountain: list[list[str]] = [[] for _ in range(n)]
    whists: list[list[list[str]]] = [[[] for _ in range(n)] for _ in range(n)]
    tp = [Fraction(0)] * n
    tm = [Fraction(0)] * n
    tw = [[Fraction(0)] * n for _ in range(n)]
    for e in sheet.entries:
        if e.kind == "pool":
            tp[e.seat] += e.amount
            pool[e.seat].append(_fmt(tp[e.seat]))
        elif e.kind == "mountain":
            tm[e.seat] += e.amount
            mountain[e.seat].append(_fmt(tm[e.seat]))
        else:
            tw[e.seat][e.on] += e.amount
            whists[e.seat][e.on].append(_fmt(tw[e.seat][e.on]))
    return pool, mountain, whists


@implements("preferans.sheet.drawing")
def sheet_text(sheet: Sheet) -> str:
    """The sheet in words: the text alternative of the drawing."""
    pool, mountain, whists = running(sheet)
    rows = []
    for s in range(sheet.v.players):
        w = "; ".join(f"on {o}: {'.'.join(whists[s][o])}" for o in range(sheet.v.players) if whists[s][o])
        rows.append(f"seat {s}: pool {'.'.join(pool[s]) or '—'}; mountain {'.'.join(mountain[s]) or '—'}; "
                    f"whists {w or '—'}")
    return "\n".join(rows)


@implements("preferans.sheet.drawing")
def sheet_svg(sheet: Sheet, size: int = 360, names: list[str] | None = None) -> str:
    """The sheet as an SVG drawing (text alternative: :func:`sheet_text`)."""
    n = sheet.v.players
    names = names or [f"seat {s}" for s in range(n)]
    pool, mountain, whists = running(sheet)
    c = size / 2
    r_out, r_w, r_p, r_in = c - 4, c * 0.70, c * 0.42, c * 0.16
    step = 360 / n
    start = 90 + step / 2  # the first boundary; the sectors go round clockwise from the bottom-left
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}" '
           f'role="img" aria-label="{escape(sheet_text(sheet))}" font-family="sans-serif" font-size="11">',
           f'<rect x="1" y="1" width="{size - 2}" height="{size - 2}" fill="#fffdf5" stroke="#333"/>']
    for r in (r_out, r_w, r_p):
        out.append(f'<circle cx="{c}" cy="{c}" r="{r:.1f}" fill="none" stroke="#333"/>')
    for k in range(n):
        a = math.radians(start + k * step)
        x1, y1 = c + r_in * math.cos(a), c + r_in * math.sin(a)
        x2, y2 = c + r_out * math.cos(a), c + r_out * math.sin(a)
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#333"/>')
    out.append(f'<circle cx="{c}" cy="{c}" r="{r_in:.1f}" fill="#fff" stroke="#333"/>')
    out.append(f'<text x="{c}" y="{c + 4}" text-anchor="middle" font-weight="bold">{sheet.v.pool_target}</text>')

    def text(angle: float, radius: float, s: str, dy: float = 0, weight: str = "normal") -> None:
        a = math.radians(angle)
        x, y = c + radius * math.cos(a), c + radius * math.sin(a) + dy
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" font-weight="{weight}">{escape(s)}</text>')

    for s in range(n):
        mid = start + (s + 0.5) * step
        text(mid, (r_in + r_p) / 2, ".".join(mountain[s][-3:]) or "—")
        text(mid, (r_p + r_w) / 2, ".".join(pool[s][-3:]) or "—", weight="bold")
        others = [o for o in range(n) if o != s]
        for i, o in enumerate(others):
            text(mid, (r_w + r_out) / 2 - 6, f"→{names[o]}: {'.'.join(whists[s][o][-2:]) or '—'}",
                 dy=(i - (len(others) - 1) / 2) * 12)
        lx = c + (r_out + 0) * math.cos(math.radians(mid))
        ly = c + (r_out + 0) * math.sin(math.radians(mid))
        out.append(f'<text x="{min(max(lx, 30), size - 30):.1f}" y="{min(max(ly, 12), size - 4):.1f}" '
                   f'text-anchor="middle" fill="#555">{escape(names[s])}</text>')
    out.append("</svg>")
    return "\n".join(out)


__all__ = ["running", "sheet_svg", "sheet_text"]
