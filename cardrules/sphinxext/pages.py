"""Generated parts of the site: the links from clauses to code, the pages of
source code with line anchors, the coverage table and the variant tables."""

from __future__ import annotations

import importlib
import inspect
import sys
from collections import defaultdict
from pathlib import Path
from typing import Iterator

from docutils import nodes
from docutils.parsers.rst import directives
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer
from sphinx.util.docutils import SphinxDirective

from cardrules import rules
from cardrules.rules import STATUSES

SOURCE_DIR = "_source"  # where the pages of engine source code go in the built site


def source_page(module: str) -> str:
    """The page name of a module's source, e.g. ``_source/cardrules/cards``."""
    return f"{SOURCE_DIR}/{module.replace('.', '/')}"


def _uri(builder, fromdocname: str, target: str, anchor: str = "") -> str:
    uri = builder.get_relative_uri(fromdocname, target)
    return f"{uri}#{anchor}" if anchor else uri


def fill_implementation_links(app, doctree: nodes.document, fromdocname: str) -> None:
    from cardrules.sphinxext.directive import implementation_links

    html = app.builder.format == "html"
    for node in list(doctree.findall(implementation_links)):
        impls = rules.implementations(node["clause_id"])
        para = nodes.paragraph(classes=["clause-impl"])
        para += nodes.strong(text="Implementation / реализация: ")
        if not impls:
            para += nodes.emphasis(text="none")
        for i, impl in enumerate(impls):
            if i:
                para += nodes.Text(", ")
            label = nodes.literal(text=impl.fullname)
            if html:
                ref = nodes.reference("", "", label, internal=True, classes=["clause-code"],
                                      refuri=_uri(app.builder, fromdocname, source_page(impl.module), f"L-{impl.line}"))
                para += ref
            else:
                para += label
        node.replace_self(para)


# --- source pages ---------------------------------------------------------------------


def _engine_modules() -> list[str]:
    return sorted(name for name in sys.modules
                  if name.startswith("cardrules.") and not name.startswith(rules.NOT_ENGINE))


def collect_source_pages(app) -> Iterator[tuple[str, dict, str]]:
    """One page per engine module: the code with a numbered, linkable line each,
    headed by the list of clauses it carries, each linked back to the edition."""
    if app.builder.format != "html":
        return
    domain = app.env.get_domain("clause")
    by_module: dict[str, list[rules.Implementation]] = defaultdict(list)
    for impls in rules.registry().values():
        for impl in impls:
            by_module[impl.module].append(impl)
    formatter = HtmlFormatter(linenos="inline", lineanchors="L", anchorlinenos=True, wrapcode=True)
    for module in _engine_modules():
        mod = importlib.import_module(module)
        try:
            code = inspect.getsource(mod)
        except (OSError, TypeError):
            continue
        pagename = source_page(module)
        items = []
        for impl in sorted(by_module.get(module, ()), key=lambda i: (i.line, i.clause_id)):
            clause = domain.clauses.get(impl.clause_id)
            line = f'<a href="#L-{impl.line}">line {impl.line}</a> <code>{impl.qualname}</code>'
            if clause is not None:
                href = _uri(app.builder, pagename, clause.docname, clause.id)
                items.append(f'<li><a href="{href}"><code>{clause.id}</code></a>: {line}</li>')
            else:
                items.append(f"<li><code>{impl.clause_id}</code> (no clause in the edition): {line}</li>")
        carried = f"<ul>{''.join(items)}</ul>" if items else "<p>No clause is carried here.</p>"
        body = (
            f'<h1>Source of <code>{module}</code></h1>'
            f'<p>File <code>{Path(mod.__file__).relative_to(Path(rules.__file__).parent.parent)}</code>. '
            f'The clauses this module carries / правила, которые реализует этот модуль:</p>{carried}'
            f'<div class="cardrules-source">{highlight(code, PythonLexer(), formatter)}</div>'
        )
        yield pagename, {"title": f"{module} (source)", "body": body, "parents": [], "display_toc": False}, "page.html"


# --- coverage -------------------------------------------------------------------------


class coverage_table(nodes.General, nodes.Element):
    """Placeholder: the coverage of the whole edition, filled in when written."""


class CoverageDirective(SphinxDirective):
    """``{clause-coverage}``: counts of clauses per game and status, and what is missing;
    with ``:game: fortuna``, one game's only."""

    option_spec = {"game": directives.unchanged_required}

    def run(self):
        self.env.get_domain("clause").data["coverage_docs"].add(self.env.docname)
        return [coverage_table(game=self.options.get("game", ""))]


def _table(header: list[str], rows: list[list[nodes.Node | str]], widths: list[int], kind: str) -> nodes.container:
    """A table in a box of its own that scrolls sideways (furo wraps the tables it reads
    the same way; these are made after its transform runs)."""
    table = nodes.table(classes=[kind])
    group = nodes.tgroup(cols=len(header))
    table += group
    for w in widths:
        group += nodes.colspec(colwidth=w)
    thead = nodes.thead()
    group += thead
    tbody = nodes.tbody()
    group += tbody
    for target, cells in ((thead, [header]), (tbody, rows)):
        for cells_row in cells:
            row = nodes.row()
            for cell in cells_row:
                entry = nodes.entry()
                entry += cell if isinstance(cell, nodes.Node) else nodes.paragraph(text=str(cell))
                row += entry
            target += row
    return nodes.container("", table, classes=["table-wrapper"])


def _clause_link(app, fromdocname: str, clause_id: str) -> nodes.Node:
    clause = app.env.get_domain("clause").clauses[clause_id]
    para = nodes.paragraph()
    para += nodes.reference("", "", nodes.literal(text=clause_id), internal=True,
                            refuri=_uri(app.builder, fromdocname, clause.docname, clause_id))
    return para


def fill_coverage(app, doctree: nodes.document, fromdocname: str) -> None:
    for placeholder in list(doctree.findall(coverage_table)):
        placeholder.replace_self(_coverage(app, fromdocname, placeholder["game"]))


def _coverage(app, fromdocname: str, game: str) -> list[nodes.Node]:
    clauses = {cid: c for cid, c in app.env.get_domain("clause").clauses.items() if not game or c.game == game}
    report = rules.coverage(clauses.values())
    header = ["game", "clauses", *STATUSES, "implemented", "not executable", "with examples", "missing"]
    rows = []
    total = rules.GameCoverage("all")
    for name, row in sorted(report.items()):
        rows.append([name, row.clauses, *(row.by_status[s] for s in STATUSES), row.implemented,
                     row.not_executable, row.with_examples, len(row.missing)])
        total.clauses += row.clauses
        total.by_status.update(row.by_status)
        total.implemented += row.implemented
        total.not_executable += row.not_executable
        total.with_examples += row.with_examples
        total.missing += row.missing
    if not game:
        rows.append(["all", total.clauses, *(total.by_status[s] for s in STATUSES), total.implemented,
                     total.not_executable, total.with_examples, len(total.missing)])
    out: list[nodes.Node] = [_table(header, rows, [3] + [2] * (len(header) - 1), "clause-coverage")]

    def listing(title: str, ids: list[str], reasons: bool = False) -> None:
        out.append(nodes.rubric(text=title))
        if not ids:
            out.append(nodes.paragraph(text="None."))
            return
        items = nodes.bullet_list()
        for cid in ids:
            item = nodes.list_item()
            para = _clause_link(app, fromdocname, cid)
            if reasons:
                para += nodes.Text(f": {clauses[cid].not_executable}")
            item += para
            items += item
        out.append(items)

    listing("Clauses with no implementation", total.missing)
    listing("Clauses marked not executable, and why",
            sorted(c.id for c in clauses.values() if c.not_executable), reasons=True)
    listing("Clauses without a worked example yet",
            sorted(cid for row in report.values() for cid in row.without_examples))
    return out


def coverage_pages(app, env, added, changed, removed) -> list[str]:
    """The coverage page depends on every clause: rewrite it on every build."""
    return sorted(env.get_domain("clause").data["coverage_docs"])


# --- variant tables ---------------------------------------------------------------------


class variant_table(nodes.General, nodes.Element):
    pass


class VariantTableDirective(SphinxDirective):
    """``{variant-table} cardrules.games.fortuna.variants``: every parameter of the
    module's ``Variant`` class against its presets (``PRESETS``), each row linked to
    the clause it implements; rows whose values differ are marked."""

    required_arguments = 1
    option_spec = {"presets": directives.unchanged}

    def run(self):
        module = importlib.import_module(self.arguments[0])
        wanted = self.options.get("presets")
        names = [n.strip() for n in wanted.split(",")] if wanted else list(module.PRESETS)
        unknown = [n for n in names if n not in module.PRESETS]
        if unknown:
            raise self.error(f"no preset {', '.join(unknown)} in {self.arguments[0]}; known: {', '.join(module.PRESETS)}")
        return [variant_table(module=self.arguments[0], presets=names)]


def fill_variant_tables(app, doctree: nodes.document, fromdocname: str) -> None:
    for node in list(doctree.findall(variant_table)):
        module = importlib.import_module(node["module"])
        presets = {name: module.PRESETS[name] for name in node["presets"]}
        header = ["parameter", *presets]
        rows, differs = [], []
        clauses = app.env.get_domain("clause").clauses
        for row in rules.compare(presets):
            first = nodes.paragraph()
            first += nodes.literal(text=row.name)
            if row.doc:
                first += nodes.Text(f": {row.doc}")
            first += nodes.Text(" ")
            clause = (_clause_link(app, fromdocname, row.clause_id) if row.clause_id in clauses
                      else nodes.paragraph(text=row.clause_id))
            clause["classes"].append("variant-clause")
            rows.append([nodes.container("", first, clause), *row.values])
            differs.append(row.differs)
        table = _table(header, rows, [5] + [2] * len(presets), "variant-table")
        for tr, differ in zip(next(iter(table.findall(nodes.tbody))).children, differs):
            if differ:
                tr["classes"].append("variant-differs")
        node.replace_self(table)


# --- comparison across game families ------------------------------------------------------


class family_table(nodes.General, nodes.Element):
    pass


class FamilyTableDirective(SphinxDirective):
    """``{family-table}``: one column per ``game preset`` line of the content, one row per
    fact the games' ``variants.family_facts(variant)`` report (ladder, talon, defence,
    payment…), each cell worded from the preset's parameters and linked to its clause."""

    has_content = True

    def run(self):
        columns = []
        for line in self.content:
            if not line.strip():
                continue
            game, _, preset = line.strip().partition(" ")
            module = importlib.import_module(f"cardrules.games.{game}.variants")
            if preset not in module.PRESETS or not hasattr(module, "family_facts"):
                raise self.error(f"{game} has no preset {preset!r} or no family_facts()")
            columns.append((game, preset))
        return [family_table(columns=columns)]


def fill_family_tables(app, doctree: nodes.document, fromdocname: str) -> None:
    clauses = app.env.get_domain("clause").clauses
    for node in list(doctree.findall(family_table)):
        facts = []
        for game, preset in node["columns"]:
            module = importlib.import_module(f"cardrules.games.{game}.variants")
            facts.append(module.family_facts(module.PRESETS[preset]))
        rows = []
        for key in facts[0]:
            row: list[nodes.Node | str] = [key]
            for fact in facts:
                text, clause_id = fact.get(key, ("—", ""))
                cell = nodes.container()
                cell += nodes.paragraph(text=text)
                if clause_id in clauses:
                    cell += _clause_link(app, fromdocname, clause_id)
                row.append(cell)
            rows.append(row)
        header = ["", *(f"{game} {preset}" for game, preset in node["columns"])]
        node.replace_self(_table(header, rows, [2] + [4] * len(facts), "variant-table"))
