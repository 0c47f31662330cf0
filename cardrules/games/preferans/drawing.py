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

The drawing writes the same totals: the pool's size (Sochi's 20) in the centre, seat
0's pool «2.6» in its sector, seat 1's whists on seat 0 at the rim:

>>> import re
>>> texts = re.findall(r"<text[^>]*>([^<]*)</text>", sheet_svg(sh))
>>> texts[0], "2.6" in texts, "seat 0: 4" in texts
('20', True, True)
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


#: The drawing's legend, shown beside it on the site: what each ring holds.
LEGEND = (
    ("centre", "центр", "the size of the pool agreed", "размер пули"),
    ("inner ring", "внутреннее кольцо", "the mountain (penalty points)", "гора"),
    ("middle ring", "среднее кольцо", "the pool (points for contracts made)", "пуля"),
    ("outer ring", "внешнее кольцо", "the whists written on each opponent", "висты"),
)


def _totals(values: list[str], keep: int) -> str:
    """The last ``keep`` running totals with dots, as they are written; '…' when earlier
    ones are left out (the text alternative has them all)."""
    if not values:
        return "—"
    shown = ".".join(values[-keep:])
    return ("…" if len(values) > keep else "") + shown.replace("-", "−")


@implements("preferans.sheet.drawing")
def sheet_svg(sheet: Sheet, size: int = 520, names: list[str] | None = None) -> str:
    """The sheet as an SVG drawing (text alternative: :func:`sheet_text`).

    Drawn at ``size`` user units with 18–22 unit text and shown at most that many
    pixels wide, so that its text is never smaller than 12 px, on a phone included."""
    n = sheet.v.players
    names = names or [f"seat {s}" for s in range(n)]
    pool, mountain, whists = running(sheet)
    c = size / 2
    margin = 40  # room for the players' names outside the circle
    r_out = c - margin
    r_w, r_p, r_in = r_out * 0.66, r_out * 0.40, r_out * 0.17
    step = 360 / n
    start = 90 + step / 2  # the first boundary; the sectors go round clockwise from the bottom-left
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}" '
           f'role="img" aria-label="{escape(sheet_text(sheet))}" font-family="sans-serif" font-size="20">',
           f'<rect x="1" y="1" width="{size - 2}" height="{size - 2}" rx="8" fill="#fffdf5" stroke="#999"/>',
           f'<circle cx="{c}" cy="{c}" r="{r_out:.1f}" fill="#fff" stroke="#333" stroke-width="1.5"/>',
           f'<circle cx="{c}" cy="{c}" r="{r_w:.1f}" fill="#f4f8ff" stroke="#333"/>',
           f'<circle cx="{c}" cy="{c}" r="{r_p:.1f}" fill="#fff4f0" stroke="#333"/>']
    for k in range(n):
        a = math.radians(start + k * step)
        x1, y1 = c + r_in * math.cos(a), c + r_in * math.sin(a)
        x2, y2 = c + r_out * math.cos(a), c + r_out * math.sin(a)
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#333"/>')
    out.append(f'<circle cx="{c}" cy="{c}" r="{r_in:.1f}" fill="#fff" stroke="#333"/>')
    out.append(f'<text x="{c}" y="{c + 7}" text-anchor="middle" font-weight="bold" font-size="22">'
               f'{sheet.v.pool_target}</text>')

    def text(angle: float, radius: float, s: str, dy: float = 0, **attrs: str) -> None:
        a = math.radians(angle)
        x, y = c + radius * math.cos(a), c + radius * math.sin(a) + dy + 6
        extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle"{extra}>{escape(s)}</text>')

    for s in range(n):
        mid = start + (s + 0.5) * step
        text(mid, (r_in + r_p) / 2 + 4, _totals(mountain[s], 2), fill="#b71c1c")
        text(mid, (r_p + r_w) / 2, _totals(pool[s], 3), font_weight="bold")
        others = [o for o in range(n) if o != s]
        for i, o in enumerate(others):
            label = f"{names[o][:7]}: {_totals(whists[s][o], 2)}"
            text(mid, (r_w + r_out) / 2 - 4, label, dy=(i - (len(others) - 1) / 2) * 22, font_size="18")
        # the name outside the circle: in the top corners for the sectors above the centre
        a = math.radians(mid)
        lx = c + (r_out + 14) * math.cos(a)
        ly = c + (r_out + 20) * math.sin(a) + 6
        if math.sin(a) < -0.2:
            ly = 24
        out.append(f'<text x="{min(max(lx, 56), size - 56):.1f}" y="{min(max(ly, 24), size - 8):.1f}" '
                   f'text-anchor="middle" font-weight="bold" fill="#333">{escape(names[s])}</text>')
    out.append("</svg>")
    return "\n".join(out)


__all__ = ["LEGEND", "running", "sheet_svg", "sheet_text"]
