"""The whole game on one printable page: ``{clause-digest} fortuna``.

Every clause of a game, in the order a reader meets them (the pages in the order of
the site's tables of contents, the clauses in page order), each with its title, its
id linked to the clause, its status and its two texts: no commentary, no examples,
no links to code. The list is made when the page is written, from the clauses the
build has read, so it cannot fall behind the pages.

The ``{rule}`` directive hands each clause's two text columns to :func:`keep_texts`,
which keeps a copy, without examples, in the clause domain's data (pickled with the
environment like the rest of it).
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective, new_document

TEXTS = "texts"  #: key in the clause domain's data: clause id -> (docname, [ru, en] columns)
DIGEST_DOCS = "digest_docs"  #: key in the clause domain's data: pages holding a digest


class clause_digest(nodes.General, nodes.Element):
    """Placeholder for one game's clauses, filled in when the page is written."""


def _data(env) -> dict:
    data = env.get_domain("clause").data
    data.setdefault(TEXTS, {})
    data.setdefault(DIGEST_DOCS, set())
    return data


def _is_example(node: nodes.Node) -> bool:
    return isinstance(node, nodes.literal_block) and ">>>" in node.astext()


def _text_only(column: nodes.Element) -> nodes.Element:
    """A copy of a clause's text column: what comes before its first example, without
    code, anchors or ties to the page it was read from."""
    copy = column.deepcopy()
    cut = next((i for i, child in enumerate(copy.children) if any(child.findall(_is_example))), None)
    if cut is not None:
        del copy.children[cut:]
    for block in list(copy.findall(nodes.literal_block)):
        block.parent.remove(block)
    for node in copy.findall(nodes.Element):
        node["ids"] = []
        node._document = None
    return copy


def keep_texts(env, clause_id: str, columns: list[nodes.Element]) -> None:
    """Keep the Russian and English columns of a clause for the digest pages."""
    _data(env)[TEXTS][clause_id] = (env.docname, [_text_only(c) for c in columns])


def purge_texts(app, env, docname: str) -> None:
    data = _data(env)
    for cid in [cid for cid, (doc, _) in data[TEXTS].items() if doc == docname]:
        del data[TEXTS][cid]
    data[DIGEST_DOCS].discard(docname)


def merge_texts(app, env, docnames, other) -> None:
    """After a parallel read: take what a worker kept (its environment has no domain
    objects, only their data)."""
    data, theirs = _data(env), other.domaindata.get("clause", {})
    data[TEXTS].update({cid: kept for cid, kept in theirs.get(TEXTS, {}).items() if kept[0] in docnames})
    data[DIGEST_DOCS] |= theirs.get(DIGEST_DOCS, set()) & set(docnames)


def digest_pages(app, env, added, changed, removed) -> list[str]:
    """A digest depends on every page of its game: rewrite it on every build."""
    return sorted(_data(env)[DIGEST_DOCS])


class ClauseDigestDirective(SphinxDirective):
    """``{clause-digest} fortuna``: every clause of the game, title, id, status and texts."""

    required_arguments = 1

    def run(self):
        _data(self.env)[DIGEST_DOCS].add(self.env.docname)
        return [clause_digest(game=self.arguments[0])]


def reading_order(env) -> list[str]:
    """The site's pages in reading order: the root page, then each table of contents
    depth first; pages outside every table of contents come last, by name."""
    order: list[str] = []
    seen: set[str] = set()

    def walk(doc: str) -> None:
        if doc in seen:
            return
        seen.add(doc)
        order.append(doc)
        for child in env.toctree_includes.get(doc, ()):
            walk(child)

    walk(env.config.root_doc)
    return order + sorted(env.all_docs.keys() - seen)


def game_clauses(env, game: str) -> list:
    """The clauses of ``game`` in reading order."""
    rank = {doc: i for i, doc in enumerate(reading_order(env))}
    clauses = [c for c in env.get_domain("clause").clauses.values() if c.game == game]
    return sorted(clauses, key=lambda c: (rank.get(c.docname, len(rank)), c.line))


def fill_digests(app, doctree: nodes.document, fromdocname: str) -> None:
    for placeholder in list(doctree.findall(clause_digest)):
        placeholder.replace_self(_digest(app, fromdocname, placeholder["game"]))


def _digest(app, fromdocname: str, game: str) -> list[nodes.Node]:
    from cardrules.sphinxext.directive import STATUS_LABELS, clause_title
    from cardrules.sphinxext.pages import _uri

    env = app.env
    texts = _data(env)[TEXTS]
    clauses = game_clauses(env, game)
    if not clauses:
        return [nodes.paragraph(text=f"No clause of {game} in the edition.")]
    out = nodes.container(classes=["clause-digest"])
    scratch = new_document("")
    page = None
    for clause in clauses:
        if clause.docname != page:
            page = clause.docname
            heading = clause_title(level=2, classes=["clause-digest-page"])
            title = env.titles.get(page)
            heading += nodes.reference("", title.astext() if title else page, internal=True,
                                       refuri=_uri(app.builder, fromdocname, page))
            out += heading
        entry = nodes.container(classes=["clause-digest-entry", f"clause-{clause.status}"])
        head = clause_title(level=3)
        if clause.title_ru or clause.title_en:
            head += nodes.inline(text=clause.title_ru or clause.id, classes=["clause-title-ru", "language-ru"])
            head += nodes.inline(text=" · ", classes=["clause-title-sep"])
            head += nodes.inline(text=clause.title_en or clause.id, classes=["clause-title-en", "language-en"])
        else:  # a clause still without titles: its id stands for both
            head += nodes.inline(text=clause.id)
        entry += head
        meta = nodes.paragraph(classes=["clause-head"])
        meta += nodes.reference("", "", nodes.literal(text=clause.id), internal=True, classes=["clause-id"],
                                refuri=_uri(app.builder, fromdocname, clause.docname, clause.id))
        en, ru, meaning = STATUS_LABELS[clause.status]
        badge = nodes.inline(text=f"{en} · {ru}", classes=["clause-status", f"status-{clause.status}"])
        badge["title"] = meaning
        meta += [nodes.Text(" "), badge]
        entry += meta
        columns = nodes.container(classes=["clause-texts"])
        for column in texts.get(clause.id, (None, []))[1]:
            columns += _resolved(app, scratch, column.deepcopy(), fromdocname)
        entry += columns
        out += entry
    return [out]


def _resolved(app, scratch: nodes.document, column: nodes.Element, fromdocname: str) -> nodes.Element:
    """Resolve the links inside a copied column as if it stood on ``fromdocname``."""
    for xref in column.findall(addnodes.pending_xref):
        xref["refdoc"] = fromdocname
    scratch += column
    app.env.resolve_references(scratch, fromdocname, app.builder)
    scratch.remove(column)
    return column
