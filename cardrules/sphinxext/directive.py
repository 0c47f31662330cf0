"""The ``{rule}`` directive: one clause of the edition, Russian and English side by side.

````md
```{rule} fortuna.bidding.quota
:status: attested
:source: lesnoy1994, «Фортуна», торговля

Русский текст, своими словами.

+++

The English text, in our own words.

+++

Optional commentary, examples as doctests in python fences.
```
````

Options: ``:status:`` (required), ``:source:`` (a BibTeX key, a comma, the place
in the source; required unless the status is ``editorial``), ``:not-executable:``
(the reason no code carries the clause).
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from cardrules.edition import SEPARATOR, split_parts
from cardrules.rules import STATUSES, Clause, ClauseIdError, check_id

logger = logging.getLogger(__name__)

STATUS_LABELS = {
    "attested": ("attested", "засвидетельствовано", "the source states it"),
    "completed": ("completed", "восполнено", "the source is silent; taken from another named source"),
    "editorial": ("editorial", "решение редакции", "no source settles it; the edition decides and says why"),
    "ambiguous": ("ambiguous", "неоднозначно", "the source reads more than one way; each reading is an engine option"),
}


class implementation_links(nodes.General, nodes.Element):
    """Placeholder for the links to the code that carries a clause; filled in when
    the page is written, from the registry as it is then."""


def _status(value: str) -> str:
    return directives.choice(value, STATUSES)


class RuleDirective(SphinxDirective):
    required_arguments = 1
    has_content = True
    option_spec = {
        "status": _status,
        "source": directives.unchanged_required,
        "not-executable": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        clause_id = self.arguments[0]
        try:
            check_id(clause_id)
        except ClauseIdError as err:
            raise self.error(str(err)) from None
        status = self.options.get("status")
        if status is None:
            raise self.error(f"clause {clause_id}: give its :status: ({', '.join(STATUSES)})")
        source = self.options.get("source", "")
        if not source and status != "editorial":
            raise self.error(f"clause {clause_id} is {status}: give its :source: (a BibTeX key, a comma, the place)")

        parts = self._split()
        if len(parts) < 2 or not all("".join(lines).strip() for lines, _ in parts[:2]):
            raise self.error(
                f"clause {clause_id}: write the Russian text, a line '{SEPARATOR}', then the English text"
                f" (and optionally '{SEPARATOR}' and the commentary)"
            )
        if len(parts) > 3:
            raise self.error(f"clause {clause_id}: at most three parts (Russian, English, commentary)")

        box = nodes.container(classes=["clause", f"clause-{status}"], ids=[clause_id])
        box += self._head(clause_id, status, source)
        texts = nodes.container(classes=["clause-texts"])
        for (lines, offset), lang in zip(parts[:2], ("ru", "en")):
            column = nodes.container(classes=["clause-text", f"clause-{lang}", f"language-{lang}"])
            self.state.nested_parse(StringList(lines, self.state.document.current_source), offset, column)
            texts += column
        box += texts
        if len(parts) == 3:
            lines, offset = parts[2]
            commentary = nodes.container(classes=["clause-commentary"])
            self.state.nested_parse(StringList(lines, self.state.document.current_source), offset, commentary)
            box += commentary
        not_executable = self.options.get("not-executable", "")
        if not_executable:
            note = nodes.paragraph(classes=["clause-impl", "clause-not-executable"])
            note += nodes.strong(text="Not executable / не исполняется: ")
            note += nodes.Text(not_executable)
            box += note
        else:
            box += implementation_links(clause_id=clause_id)

        examples = sum(1 for line in self.content if line.lstrip().startswith(">>>"))
        clause = Clause(clause_id, status, self.env.docname, self.lineno, not_executable, examples)
        self.env.get_domain("clause").note_clause(clause, box)
        self.set_source_info(box)
        return [box]

    def _split(self) -> list[tuple[list[str], int]]:
        """The content cut at lines of ``+++``: (lines, offset of the first line)."""
        return [(lines, self.content_offset + first) for lines, first in split_parts(list(self.content))]

    def _head(self, clause_id: str, status: str, source: str) -> nodes.Node:
        head = nodes.paragraph(classes=["clause-head"])
        head += nodes.reference("", "", nodes.literal(text=clause_id), refid=clause_id, classes=["clause-id"],
                                reftitle="Permalink to this clause")
        en, ru, meaning = STATUS_LABELS[status]
        badge = nodes.inline(text=f"{en} · {ru}", classes=["clause-status", f"status-{status}"])
        badge["title"] = meaning
        head += nodes.Text(" ")
        head += badge
        if source:
            key, _, place = (part.strip() for part in source.partition(","))
            cite = f"{{cite:p}}`{key}`" + (f", {place}" if place else "")
            parsed, messages = self.state.inline_text(cite, self.lineno)
            src = nodes.inline(classes=["clause-source"])
            src += nodes.Text("Source / источник: ")
            src.extend(parsed)
            head += nodes.Text(" ")
            head += src
            head.extend(messages)
        return head
