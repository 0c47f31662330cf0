"""``{study-results}``: the variant study's committed results, as tables and plots.

```{study-results} settlement
```

The argument is one of ``provenance`` (the command, seed and code that made them),
``settlement`` (table), ``settlement-plot`` (SVG box plot), ``length`` (table),
``length-plot``, ``rates`` (table), ``rates-plot``. Everything is read from
:data:`cardrules.analysis.study.RESULTS` at build time; no figure is typed by hand. Each plot is
drawn beside a table that says the same in text, and scales to the width of the page.
"""

from __future__ import annotations

import json
import math
from html import escape

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from cardrules.analysis import study
from cardrules.sphinxext.pages import _table

NAMES = {"sochi": "Sochi / Сочинка", "leningrad": "Leningrad / Ленинградка", "rostov": "Rostov / Ростов",
         "classic": "Classic / Классика"}


def _load() -> dict:
    return json.loads(study.RESULTS.read_text(encoding="utf-8"))


def _n(x: float, places: int = 0) -> str:
    """A figure with a minus sign (not a hyphen), rounded."""
    s = f"{x:,.{places}f}".replace(",", "\u2009")
    return s.replace("-", "−")


def _pct(p: float, n: int) -> str:
    """A rate with its standard error (binomial), in per cent."""
    se = math.sqrt(p * (1 - p) / n) if n else 0.0
    return f"{100 * p:.1f} % ± {100 * se:.1f}"


def stake_se(res: dict, name: str) -> float:
    """The standard error of the mean absolute settlement, taken over pulkas (a pulka's
    three amounts are not independent: they sum to zero)."""
    per = [sum(abs(x) for x in p["totals"]) / len(p["totals"]) for p in res["pulkas"] if p["variant"] == name]
    return (math.sqrt(sum((x - sum(per) / len(per)) ** 2 for x in per) / (len(per) - 1)) / math.sqrt(len(per))
            if len(per) > 1 else 0.0)


def tables(kind: str, res: dict) -> tuple[list[str], list[list[str]]]:
    v = res["variants"]
    if kind == "settlement":
        header = ["variant / вариант", "mean |amount| / среднее |итога|", "sd / ст. откл.", "Q1", "median / медиана",
                  "Q3", "min … max", "winner's mean / выигрыш победителя"]
        rows = [[NAMES[k], f"{_n(m['mean_abs'])} ± {_n(stake_se(res, k))}", f"{_n(m['sd'])} ± {_n(m['sd_se'])}",
                 _n(m["quartiles"][0]), _n(m["quartiles"][1]), _n(m["quartiles"][2]),
                 f"{_n(m['min'])} … {_n(m['max'])}", _n(m["winner_mean"])] for k, m in v.items()]
    elif kind == "length":
        header = ["variant / вариант", "pulkas / пулек", "deals / сдач", "mean / среднее", "sd / ст. откл.",
                  "Q1", "median / медиана", "Q3"]
        rows = [[NAMES[k], str(m["pulkas"]), str(m["deals"]), f"{_n(m['length_mean'], 1)} ± {_n(m['length_se'], 1)}",
                 _n(m["length_sd"], 1), _n(m["length_quartiles"][0], 1), _n(m["length_quartiles"][1], 1),
                 _n(m["length_quartiles"][2], 1)] for k, m in v.items()]
    elif kind == "rates":
        header = ["variant / вариант", "deals / сдач", "misère / мизер", "all-pass / распасы"]
        rows = [[NAMES[k], str(m["deals"]), _pct(m["misere_rate"], m["deals"]), _pct(m["allpass_rate"], m["deals"])]
                for k, m in v.items()]
    else:
        raise KeyError(kind)
    return header, rows


# --- plots ---------------------------------------------------------------------------------


def _svg(title: str, desc: str, body: list[str], height: int, width: int = 420) -> str:
    return (f'<svg class="study-plot" viewBox="0 0 {width} {height}" width="100%" role="img" '
            f'xmlns="http://www.w3.org/2000/svg" style="max-width:{width}px;height:auto">'
            f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>"
            '<style>text{font:14px sans-serif;fill:currentColor}.ax{stroke:currentColor;stroke-width:1}'
            '.grid{stroke:currentColor;stroke-opacity:.2}.box{fill:#4a90c2;fill-opacity:.35;stroke:#1f5f8b}'
            '.bar{fill:#4a90c2}.bar2{fill:#c2734a}.med{stroke:#1f5f8b;stroke-width:3}</style>'
            + "".join(body) + "</svg>")


def _ticks(lo: float, hi: float, n: int = 5) -> list[float]:
    span = hi - lo or 1
    step = 10 ** math.floor(math.log10(span / n))
    for m in (1, 2, 5, 10):
        if span / (step * m) <= n:
            step *= m
            break
    first = math.ceil(lo / step) * step
    out = []
    x = first
    while x <= hi + 1e-9:
        out.append(round(x, 6))
        x += step
    return out


def settlement_plot(res: dict) -> str:
    """A box plot per variant of the players' settlements (whiskers: min and max)."""
    v = res["variants"]
    lo = min(m["min"] for m in v.values())
    hi = max(m["max"] for m in v.values())
    left, right, top, row = 86, 400, 30, 56
    height = top + row * len(v) + 48

    def x(val: float) -> float:
        return left + (val - lo) / ((hi - lo) or 1) * (right - left)

    body = []
    for t in _ticks(lo, hi):
        body.append(f'<line class="grid" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top - 10}" y2="{height - 43}"/>'
                    f'<text x="{x(t):.1f}" y="{height - 26}" text-anchor="middle">{_n(t)}</text>')
    for i, (k, m) in enumerate(v.items()):
        y = top + i * row + row / 2
        q1, q2, q3 = m["quartiles"]
        body.append(f'<text x="{left - 10}" y="{y + 4:.1f}" text-anchor="end">{escape(k.capitalize())}</text>'
                    f'<line class="ax" x1="{x(m["min"]):.1f}" x2="{x(m["max"]):.1f}" y1="{y:.1f}" y2="{y:.1f}"/>'
                    f'<line class="ax" x1="{x(m["min"]):.1f}" x2="{x(m["min"]):.1f}" y1="{y - 8:.1f}" y2="{y + 8:.1f}"/>'
                    f'<line class="ax" x1="{x(m["max"]):.1f}" x2="{x(m["max"]):.1f}" y1="{y - 8:.1f}" y2="{y + 8:.1f}"/>'
                    f'<rect class="box" x="{x(q1):.1f}" y="{y - 16:.1f}" width="{max(x(q3) - x(q1), 1):.1f}" height="32"/>'
                    f'<line class="med" x1="{x(q2):.1f}" x2="{x(q2):.1f}" y1="{y - 16:.1f}" y2="{y + 16:.1f}"/>')
    body.append(f'<text x="210" y="{height - 6}" text-anchor="middle">'
                "whists a player a pulka / висты игрока за пульку</text>")
    desc = "; ".join(f"{k}: quartiles {_n(m['quartiles'][0])}, {_n(m['quartiles'][1])}, {_n(m['quartiles'][2])}, "
                     f"from {_n(m['min'])} to {_n(m['max'])}" for k, m in v.items())
    return _svg("Settlement per player and pulka, by variant", desc, body, height)


def bars_plot(res: dict, kind: str) -> str:
    """Horizontal bars per variant: the mean pulka length, or the misère and all-pass rates."""
    v = res["variants"]
    left, right, top, row = 86, 395, 20, 50
    height = top + row * len(v) + 48
    if kind == "length":
        series = [("length_mean", "bar", "deals per pulka / сдач за пульку")]
        hi = max(m["length_mean"] + 2 * m["length_se"] for m in v.values())
    else:
        series = [("misere_rate", "bar", "misère / мизер"), ("allpass_rate", "bar2", "all-pass / распасы")]
        hi = max(max(m["misere_rate"], m["allpass_rate"]) for m in v.values()) * 100
    if hi:  # up to the next tick
        t = _ticks(0, hi)
        step = t[1] - t[0] if len(t) > 1 else hi
        hi = math.ceil(hi / step) * step
    else:
        hi = 1

    def x(val: float) -> float:
        return left + val / hi * (right - left)

    body = []
    for t in _ticks(0, hi):
        body.append(f'<line class="grid" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top - 5}" y2="{height - 43}"/>'
                    f'<text x="{x(t):.1f}" y="{height - 26}" text-anchor="middle">{_n(t)}</text>')
    bh = (row - 14) / len(series)
    for i, (k, m) in enumerate(v.items()):
        y0 = top + i * row + 7
        body.append(f'<text x="{left - 10}" y="{y0 + (row - 14) / 2 + 4:.1f}" text-anchor="end">{escape(k.capitalize())}</text>')
        for j, (field, cls, _) in enumerate(series):
            val = m[field] * (1 if kind == "length" else 100)
            body.append(f'<rect class="{cls}" x="{left}" y="{y0 + j * bh:.1f}" width="{x(val) - left:.1f}" '
                        f'height="{bh - 2:.1f}"/>')
            if kind == "length":
                e = 2 * m["length_se"]
                body.append(f'<line class="ax" x1="{x(val - e):.1f}" x2="{x(val + e):.1f}" y1="{y0 + bh / 2:.1f}" '
                            f'y2="{y0 + bh / 2:.1f}"/>')
    label = series[0][2] if kind == "length" else "% of deals / % сдач"
    body.append(f'<text x="210" y="{height - 6}" text-anchor="middle">{escape(label)}</text>')
    if kind != "length":  # the legend, under the axis
        height += 24
        body.append(f'<rect class="bar" x="20" y="{height - 14}" width="14" height="12"/>'
                    f'<text x="40" y="{height - 3}">misère / мизер</text>'
                    f'<rect class="bar2" x="210" y="{height - 14}" width="14" height="12"/>'
                    f'<text x="230" y="{height - 3}">all-pass / распасы</text>')
    if kind == "length":
        desc = "; ".join(f"{k}: {m['length_mean']:.1f} deals" for k, m in v.items())
        title = "Mean pulka length in deals, by variant (bars: ±2 standard errors)"
    else:
        desc = "; ".join(f"{k}: misère {100 * m['misere_rate']:.1f} %, all-pass {100 * m['allpass_rate']:.1f} %"
                         for k, m in v.items())
        title = "How often a misère and an all-pass are played, by variant"
    return _svg(title, desc, body, height)


class StudyResultsDirective(SphinxDirective):
    """One table or plot of the committed study results."""

    required_arguments = 1
    has_content = False
    KINDS = ("provenance", "settlement", "settlement-plot", "length", "length-plot", "rates", "rates-plot")

    def run(self):
        kind = self.arguments[0]
        if kind not in self.KINDS:
            raise self.error(f"no study result {kind!r}; known: {', '.join(self.KINDS)}")
        self.env.note_dependency(str(study.RESULTS))
        self.env.note_dependency(__file__)
        res = _load()
        if kind == "provenance":
            para = nodes.paragraph()
            para += nodes.Text("Made by / получено командой ")
            para += nodes.literal(text=res["command"])
            count = next(iter(res["variants"].values()))["pulkas"]
            para += nodes.Text(f" (pulkas {res['seed']}…{res['seed'] + count - 1} in each variant; {len(res['tables'])} "
                               f"deals solved; code / код ")
            para += nodes.literal(text=res["code"][:12])
            para += nodes.Text(f"; {res['wall_seconds']:.0f} s on {res['solved_on'].split(' (')[0]}).")
            return [para]
        if kind.endswith("-plot"):
            base = kind[:-5]
            svg = settlement_plot(res) if base == "settlement" else bars_plot(res, base)
            return [nodes.raw("", f'<figure class="study-figure">{svg}</figure>', format="html")]
        header, rows = tables(kind, res)
        return [_table(header, rows, [1] * len(header), "study-table")[0]]
