"""The ``{rule}`` directive: one clause of the edition, Russian and English side by side.

````md
```{rule} fortuna.bidding.quota
:status: attested
:source: lesnoy1994, «Фортуна», торговля
:title-ru: Сколько взяток должен взять игрок
:title-en: How many tricks a player must take

Русский текст, своими словами.

+++

The English text, in our own words.

+++

Optional commentary, examples as doctests in python fences.
```
````

Options: ``:status:`` (required), ``:title-ru:`` and ``:title-en:`` (required: the
clause's short title in each language, its heading on the page), ``:source:`` (a
BibTeX key, a comma, the place in the source; required unless the status is
``editorial``), ``:not-executable:`` (the reason no code carries the clause),
``:no-option:`` (why an ambiguous clause needs no engine option; see
:mod:`cardrules.sphinxext.statuses`),
``:problem:`` (the place of the source is damaged, missing, contradictory or ambiguous,
optionally followed by the seed it lies in; the register of textual problems lists it).

The page shows a reader the title, the status, the source and the two texts, then the
commentary. The doctest examples of the commentary and the links to the code are
moved into one fold at the end of the clause, "the engine checks this", closed until
the reader opens it (or turns on the site-wide switch, see ``cardrules.js``).
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from cardrules.edition import SEPARATOR, split_parts
from cardrules.rules import STATUSES, Clause, ClauseIdError, check_id
from cardrules.sphinxext.digest import keep_texts

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


class clause_title(nodes.General, nodes.TextElement):
    """A clause's heading: ``<hN class="clause-title">``, N one below the section's."""


class engine_fold(nodes.General, nodes.Element):
    """The fold "the engine checks this": a clause's doctests and code links, in a
    ``<details>`` element closed by default."""


#: Whether a clause without titles fails the build (every clause of the edition has them).
REQUIRE_TITLES = True

ENGINE_FOLD_LABEL = ("Движок проверяет это", "The engine checks this")


def visit_clause_title_html(self, node: clause_title) -> None:
    self.body.append(self.starttag(node, f"h{node['level']}", "", CLASS="clause-title"))


def depart_clause_title_html(self, node: clause_title) -> None:
    self.body.append(f"</h{node['level']}>\n")


def visit_engine_fold_html(self, node: engine_fold) -> None:
    ru, en = ENGINE_FOLD_LABEL
    self.body.append(self.starttag(node, "details", "", CLASS="clause-engine"))
    self.body.append(f'<summary><span lang="en">{en}</span> · <span lang="ru">{ru}</span></summary>\n')


def depart_engine_fold_html(self, node: engine_fold) -> None:
    self.body.append("</details>\n")


def _plain(self, node) -> None:
    """Other builders (text, LaTeX…) write the children as they are."""


def _is_example(node: nodes.Node) -> bool:
    """A code block that Sybil runs as a doctest: the engine's side of a clause."""
    return isinstance(node, nodes.literal_block) and ">>>" in node.astext()


def _status(value: str) -> str:
    return directives.choice(value, STATUSES)


def _problem(value: str) -> str:
    from cardrules.apparatus import check_problem

    return check_problem(value)


class RuleDirective(SphinxDirective):
    required_arguments = 1
    has_content = True
    option_spec = {
        "status": _status,
        "title-ru": directives.unchanged_required,
        "title-en": directives.unchanged_required,
        "source": directives.unchanged_required,
        "not-executable": directives.unchanged_required,
        "no-option": directives.unchanged_required,  # why an ambiguous clause needs no engine option
        "problem": _problem,  # a textual problem of the source: see cardrules.apparatus and the register
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

        title_ru, title_en = self.options.get("title-ru", ""), self.options.get("title-en", "")
        if not (title_ru and title_en) and REQUIRE_TITLES:
            raise self.error(f"clause {clause_id}: give its short title in both languages, :title-ru: and :title-en:")

        parts = self._split()
        if len(parts) < 2 or not all("".join(lines).strip() for lines, _ in parts[:2]):
            raise self.error(
                f"clause {clause_id}: write the Russian text, a line '{SEPARATOR}', then the English text"
                f" (and optionally '{SEPARATOR}' and the commentary)"
            )
        if len(parts) > 3:
            raise self.error(f"clause {clause_id}: at most three parts (Russian, English, commentary)")

        box = nodes.container(classes=["clause", f"clause-{status}"], ids=[clause_id])
        box += self._title(title_ru or clause_id, title_en or clause_id)
        box += self._head(clause_id, status, source)
        texts = nodes.container(classes=["clause-texts"])
        for (lines, offset), lang in zip(parts[:2], ("ru", "en")):
            column = nodes.container(classes=["clause-text", f"clause-{lang}", f"language-{lang}"])
            self.state.nested_parse(StringList(lines, self.state.document.current_source), offset, column)
            texts += column
        box += texts
        keep_texts(self.env, clause_id, list(texts.children))  # for the one-page digest of the game
        fold = engine_fold()
        if len(parts) == 3:
            lines, offset = parts[2]
            commentary = nodes.container(classes=["clause-commentary"])
            self.state.nested_parse(StringList(lines, self.state.document.current_source), offset, commentary)
            for example in list(commentary.findall(_is_example)):
                example.parent.remove(example)
                fold += example
            if commentary.children:
                box += commentary
        not_executable = self.options.get("not-executable", "")
        if not_executable:
            note = nodes.paragraph(classes=["clause-impl", "clause-not-executable"])
            note += nodes.strong(text="Not executable / не исполняется: ")
            note += nodes.Text(not_executable)
            box += note
        else:
            fold += implementation_links(clause_id=clause_id)
        if fold.children:
            box += fold

        examples = sum(1 for line in self.content if line.lstrip().startswith(">>>"))
        clause = Clause(clause_id, status, self.env.docname, self.lineno, not_executable, examples, title_ru, title_en)
        self.env.get_domain("clause").note_clause(clause, box)
        self.set_source_info(box)
        return [box]

    def _split(self) -> list[tuple[list[str], int]]:
        """The content cut at lines of ``+++``: (lines, offset of the first line)."""
        return [(lines, self.content_offset + first) for lines, first in split_parts(list(self.content))]

    def _title(self, title_ru: str, title_en: str) -> nodes.Node:
        level = min(6, self.state.memo.section_level + 1)
        title = clause_title(level=level)
        ru = nodes.inline(text=title_ru, classes=["clause-title-ru", "language-ru"])
        en = nodes.inline(text=title_en, classes=["clause-title-en", "language-en"])
        title += [ru, nodes.inline(text=" · ", classes=["clause-title-sep"]), en]
        return title

    def _head(self, clause_id: str, status: str, source: str) -> nodes.Node:
        head = nodes.paragraph(classes=["clause-head"])
        en, ru, meaning = STATUS_LABELS[status]
        badge = nodes.inline(text=f"{en} · {ru}", classes=["clause-status", f"status-{status}"])
        badge["title"] = meaning
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
        problem = self.options.get("problem", "").split()
        if problem:  # the place of the source is troubled: a badge, linked to the register when it exists
            from cardrules.apparatus import PROBLEM_LABELS

            ru, meaning = PROBLEM_LABELS[problem[0]]
            badge = nodes.inline(text=f"{problem[0]} · {ru}", classes=["clause-problem", f"problem-{problem[0]}"])
            badge["title"] = "the source at this place is " + meaning
            if "edition/register" in self.env.found_docs:
                up = "../" * self.env.docname.count("/")
                badge = nodes.reference("", "", badge, refuri=f"{up}edition/register.html", internal=True,
                                        classes=["clause-problem-link"])
            head += nodes.Text(" ")
            head += badge
        head += nodes.Text(" ")
        head += nodes.reference("", "", nodes.literal(text=clause_id), refid=clause_id, classes=["clause-id"],
                                reftitle="Permalink to this clause")
        return head
