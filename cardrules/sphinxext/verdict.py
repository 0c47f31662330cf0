"""The double-dummy verdict under a preferans deal diagram: one line in English and
Russian saying what best play gives, and the solver's line of play behind a fold.

Computed at build time by :func:`cardrules.analysis.verdict.analyse` from the deal the
diagram draws; the build fails (a warning under ``-W``) if the solver cannot run.
"""

from __future__ import annotations

from html import escape

from docutils import nodes


class deal_verdict(nodes.General, nodes.Element):
    """The verdict: ``en``, ``ru`` (one line each), ``slip_en``/``slip_ru`` (may be empty) and
    ``line`` (the solver's tricks, one string each)."""


FOLD_LABEL = ("Линия решателя (все карты открыты)", "The solver's line (all hands open)")


def verdict_node(state, seats) -> deal_verdict | None:
    """The verdict node for a replayed preferans deal, or None for other games."""
    if type(state).__module__.split(".")[2:3] != ["preferans"]:
        return None
    from cardrules.analysis.verdict import analyse

    v = analyse(state, seats)
    node = deal_verdict(en=v.en, ru=v.ru, slip_en=v.slip_en, slip_ru=v.slip_ru, line=v.line_text())
    # other builders (text, LaTeX) read the same lines as paragraphs
    for text in (v.en, v.ru, v.slip_en, v.slip_ru, *v.line_text()):
        if text:
            node += nodes.paragraph(text=text)
    return node


def visit_deal_verdict_html(self, node: deal_verdict) -> None:
    out = ['<div class="deal-verdict">',
           f'<p class="deal-verdict-line"><span lang="en">{escape(node["en"])}</span></p>',
           f'<p class="deal-verdict-line"><span lang="ru">{escape(node["ru"])}</span></p>']
    if node["slip_en"]:
        out.append(f'<p class="deal-verdict-slip"><span lang="en">{escape(node["slip_en"])}</span> '
                   f'<span lang="ru">{escape(node["slip_ru"])}</span></p>')
    if node["line"]:
        ru, en = FOLD_LABEL
        out.append(f'<details class="deal-verdict-fold"><summary><span lang="en">{en}</span> · '
                   f'<span lang="ru">{ru}</span></summary><ol class="deal-verdict-tricks">')
        out += [f"<li>{escape(t.split('. ', 1)[1])}</li>" for t in node["line"]]
        out.append("</ol></details>")
    out.append("</div>\n")
    self.body.append("\n".join(out))
    raise nodes.SkipNode


__all__ = ["deal_verdict", "verdict_node", "visit_deal_verdict_html"]
