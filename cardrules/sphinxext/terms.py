"""Glossary terms linked in the text, and the glossary's English-to-Russian index.

The first time a page uses a term of the glossary (in any of the forms its entry
lists under "Forms:"), the word links to the entry and carries the entry's short
English meaning, which the page shows on hover, on keyboard focus and on a first
tap (``cardrules.js``). Words in code, links, headings and clause titles are left
alone, and so is the glossary itself.

``{glossary-index}`` on the glossary page lists the entries by their English name
(the word in bold in the English paragraph), each linked to the Russian entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from cardrules.sphinxext.directive import clause_title

GLOSSARY = "glossary"
_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
_SKIP = (nodes.literal, nodes.literal_block, nodes.reference, nodes.title, nodes.term, nodes.rubric,
         nodes.raw, clause_title, addnodes.pending_xref, nodes.citation_reference)


@dataclass(frozen=True)
class Term:
    headword: str
    anchor: str
    english: str  #: the English name (bold in the entry), e.g. "trump"
    meaning: str  #: the first sentence of the English paragraph


def _norm(word: str) -> str:
    return word.lower().replace("ё", "е")


def read_glossary(doctree: nodes.document) -> dict[str, Term]:
    """Every form of every entry (lowercase, ё as е) to its :class:`Term`."""
    forms: dict[str, Term] = {}
    for item in doctree.findall(nodes.definition_list_item):
        heads = [t for t in item.children if isinstance(t, nodes.term)]
        definition = item[-1] if isinstance(item[-1], nodes.definition) else None
        if not heads or definition is None:
            continue
        paragraphs = [p for p in definition.children if isinstance(p, nodes.paragraph)]
        english_par = paragraphs[1] if len(paragraphs) > 1 else None
        english = ""
        meaning = ""
        if english_par is not None:
            strong = next(iter(english_par.findall(nodes.strong)), None)
            english = strong.astext() if strong is not None else ""
            text = re.sub(r"\s+", " ", english_par.astext()).strip()
            text = re.sub(r"\s*\((?:[a-z0-9-]+\.)+[a-z0-9-]+\)|\s*\b[a-z]+\d{4}\b", "", text)  # clause ids, cites
            meaning = re.split(r"(?<=[.;])\s", text, maxsplit=1)[0].rstrip(";:, ")
            meaning = meaning if meaning.endswith((".", "…")) else meaning + "."
            meaning = meaning if len(meaning) <= 180 else meaning[:179].rsplit(" ", 1)[0] + " …"
        listed = next((p.astext() for p in paragraphs if p.astext().startswith("Forms:")), "")
        extra = [f.strip().rstrip(".") for f in listed[len("Forms:"):].split(",")] if listed else []
        for head in heads:
            term = Term(head.astext().strip(), head["ids"][0] if head["ids"] else "", english, meaning)
            for form in [term.headword, *extra]:
                forms.setdefault(_norm(form), term)
    return forms


def _terms(app) -> dict[str, Term]:
    cached = getattr(app, "_cardrules_terms", None)
    if cached is None:
        env = app.env
        cached = read_glossary(env.get_doctree(GLOSSARY)) if GLOSSARY in env.all_docs else {}
        app._cardrules_terms = cached
    return cached


def _skipped(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, _SKIP) or "clause-head" in parent.get("classes", ()):
            return True
        parent = parent.parent
    return False


def link_terms(app, doctree: nodes.document, fromdocname: str) -> None:
    """Link the first use of each glossary term on the page to its entry."""
    if app.builder.format != "html" or fromdocname == GLOSSARY or fromdocname.startswith("_"):
        return
    terms = _terms(app)
    if not terms:
        return
    done: set[str] = set()
    glossary_uri = app.builder.get_relative_uri(fromdocname, GLOSSARY)
    for text in list(doctree.findall(nodes.Text)):
        if not isinstance(text.parent, (nodes.paragraph, nodes.emphasis, nodes.strong, nodes.inline)) \
                or _skipped(text):
            continue
        value = str(text)
        pieces: list[nodes.Node] = []
        last = 0
        for m in _WORD.finditer(value):
            term = terms.get(_norm(m.group()))
            if term is None or term.headword in done:
                continue
            done.add(term.headword)
            pieces.append(nodes.Text(value[last:m.start()]))
            link = nodes.reference("", m.group(), internal=True, refuri=f"{glossary_uri}#{term.anchor}",
                                   classes=["term-link"], reftitle=term.meaning or term.headword)
            pieces.append(link)
            last = m.end()
        if pieces:
            pieces.append(nodes.Text(value[last:]))
            text.parent.replace(text, pieces)


class glossary_index(nodes.General, nodes.Element):
    """Placeholder for the English-to-Russian index."""


class GlossaryIndexDirective(SphinxDirective):
    def run(self):
        return [glossary_index()]


def fill_glossary_index(app, doctree: nodes.document, fromdocname: str) -> None:
    for placeholder in list(doctree.findall(glossary_index)):
        seen: dict[str, Term] = {}
        for term in read_glossary(doctree).values():
            if term.english:
                seen.setdefault(term.english.lower() + "\0" + term.headword, term)
        items = nodes.bullet_list(classes=["glossary-index"])
        for key in sorted(seen):
            term = seen[key]
            para = nodes.paragraph()
            para += nodes.Text(f"{term.english} — ")
            ref = nodes.reference("", term.headword, internal=True, refid=term.anchor)
            para += ref
            item = nodes.list_item()
            item += para
            items += item
        placeholder.replace_self(items)
