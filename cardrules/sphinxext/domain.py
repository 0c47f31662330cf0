"""The ``clause`` domain: where each clause is defined, and links to it by id.

Clause ids are the HTML anchors, go into ``objects.inv`` (type ``clause:rule``)
and into the search index, so ``fortuna.bidding.quota`` finds its clause. The
search page shows a clause hit with its titles and text (``cardrules.js``, from the
data that :mod:`cardrules.sphinxext.search` writes).
"""

from __future__ import annotations

from typing import Any, Iterable

from docutils import nodes
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

from cardrules.rules import Clause

logger = logging.getLogger(__name__)


class ClauseRole(XRefRole):
    """``{rule}`fortuna.bidding.quota``` (MyST) links to a clause by its id."""

    def run(self):
        self.name = "clause:rule"  # the bare {rule} role resolves in this domain
        return super().run()


class ClauseDomain(Domain):
    name = "clause"
    label = "Clauses of the edition"
    object_types = {"rule": ObjType("clause", "rule")}
    roles = {"rule": ClauseRole(innernodeclass=nodes.literal, warn_dangling=True)}
    dangling_warnings = {"rule": "no clause %(target)r in the edition"}
    initial_data: dict[str, Any] = {"clauses": {}, "coverage_docs": set()}  # clauses: id -> Clause

    @property
    def clauses(self) -> dict[str, Clause]:
        return self.data["clauses"]

    def note_clause(self, clause: Clause, node: nodes.Node) -> None:
        other = self.clauses.get(clause.id)
        if other is not None:
            logger.warning(
                "duplicate clause id %s: first defined at %s:%s",
                clause.id, self.env.doc2path(other.docname), other.line,
                location=node, type="clause", subtype="duplicate",
            )
            return
        self.clauses[clause.id] = clause

    def clear_doc(self, docname: str) -> None:
        for cid in [c.id for c in self.clauses.values() if c.docname == docname]:
            del self.clauses[cid]
        self.data["coverage_docs"].discard(docname)

    def merge_domaindata(self, docnames, otherdata) -> None:
        for cid, clause in otherdata["clauses"].items():
            if clause.docname in docnames:
                self.clauses[cid] = clause
        self.data["coverage_docs"] |= otherdata["coverage_docs"] & set(docnames)

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        clause = self.clauses.get(target)
        if clause is None:
            retired = self.data.get("retired", {}).get(target)  # a withdrawn id keeps its anchor
            if retired is None:
                return None
            return make_refnode(builder, fromdocname, retired[0], target, contnode, f"{target} (retired)")
        return make_refnode(builder, fromdocname, clause.docname, clause.id, contnode, f"{clause.id} ({clause.status})")

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        ref = self.resolve_xref(env, fromdocname, builder, "rule", target, node, contnode)
        return [("clause:rule", ref)] if ref is not None else []

    def get_objects(self) -> Iterable[tuple[str, str, str, str, str, int]]:
        for clause in self.clauses.values():
            yield clause.id, clause.id, "rule", clause.docname, clause.id, 1
        for old, (docname, _) in self.data.get("retired", {}).items():  # withdrawn ids stay in objects.inv
            yield old, old, "rule", docname, old, 1


def setup(app):
    """The domain alone, for a project that links to the edition's clauses through
    intersphinx (``extensions = ["cardrules.sphinxext.domain", "sphinx.ext.intersphinx"]``)
    and writes ``:external+cardrules:clause:rule:`fortuna.bidding.quota```; the edition's
    own build loads the whole extension, :mod:`cardrules.sphinxext`."""
    if "clause" not in app.registry.domains:
        app.add_domain(ClauseDomain)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
