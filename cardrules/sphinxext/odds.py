"""``{odds-table}``: a table of exact odds, computed from :mod:`cardrules.odds` at each build.

```{odds-table} preferans.after-talon
```

The argument names one of :data:`cardrules.odds.TABLES`; the cells are the fractions and
percentages the module computes, so no figure on an odds page is typed by hand.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from cardrules import odds
from cardrules.sphinxext.pages import _table


class OddsTableDirective(SphinxDirective):
    """One table of :data:`cardrules.odds.TABLES`, by name."""

    required_arguments = 1
    has_content = False

    def run(self):
        name = self.arguments[0]
        make = odds.TABLES.get(name)
        if make is None:
            raise self.error(f"no odds table {name!r}; known: {', '.join(sorted(odds.TABLES))}")
        self.env.note_dependency(odds.__file__)
        header, rows = make()
        wrapped = _table(header, rows, [1] * len(header), "odds-table")
        table: nodes.table = wrapped[0]
        return [table]
