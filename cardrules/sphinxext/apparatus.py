"""The historian's apparatus on the site, made at each build from the clauses.

``{problem-register}``
    every textual problem of the sources (:func:`cardrules.apparatus.register`), grouped by
    source, each with its readings, the edition's choice and the engine options; a small
    script filters the list by game, source and kind (without it, the groups and the
    labels serve).
``{source-map} 000``
    a seed's sections in order, each with the clauses citing it; sections no clause
    carries are flagged.
``{games-side-by-side}``
    every game of the edition on the same rows, from the presets' parameters.
``{retired} old.id`` with ``:successor: new.id``
    a withdrawn clause's anchor, kept in the inventory, pointing to its successor.

The pages holding the first three are written again at every build (they read every
page). ``edition.json`` and ``edition.schema.json`` are written beside ``objects.inv``.
"""

from __future__ import annotations

import json
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from cardrules import apparatus
from cardrules.edition import scan
from cardrules.rules import check_id

logger = logging.getLogger(__name__)
DOCS_KEY = "apparatus_docs"  #: key in the clause domain's data: pages holding generated apparatus
RETIRED_KEY = "retired"  #: key in the clause domain's data: old id -> (docname, successor)


def _data(env) -> dict:
    data = env.get_domain("clause").data
    data.setdefault(DOCS_KEY, set())
    data.setdefault(RETIRED_KEY, {})
    return data


def _xref(env, clause_id: str) -> nodes.Node:
    """A link to a clause, resolved (or warned about) like the ``{rule}`` role."""
    return addnodes.pending_xref("", nodes.literal(text=clause_id), refdomain="clause", reftype="rule",
                                 reftarget=clause_id, refexplicit=False, refwarn=True, refdoc=env.docname)


def _para(*parts: nodes.Node | str, classes: tuple[str, ...] = ()) -> nodes.paragraph:
    para = nodes.paragraph(classes=list(classes))
    for part in parts:
        para += nodes.Text(part) if isinstance(part, str) else part
    return para


def _lang(text: str, lang: str) -> nodes.inline:
    return nodes.inline(text=text, classes=[f"language-{lang}"])


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text.lower()).strip("-")


class _Generated(SphinxDirective):
    """A directive whose page is read again at every build."""

    def note(self) -> None:
        _data(self.env)[DOCS_KEY].add(self.env.docname)

    def docs(self) -> Path:
        return Path(self.env.srcdir)

    def seeds(self) -> list[apparatus.Seed]:
        path = self.docs() / apparatus.SEEDS
        if not path.is_file():
            return []
        self.env.note_dependency(str(path))
        return apparatus.load_seeds(self.docs())


# --- the register -------------------------------------------------------------------------


class ProblemRegisterDirective(_Generated):
    def run(self) -> list[nodes.Node]:
        self.note()
        seeds = self.seeds()
        problems = apparatus.register(scan(self.docs()), seeds)
        out: list[nodes.Node] = []
        counts = {k: sum(p.kind == k for p in problems) for k in apparatus.PROBLEMS}
        out.append(_para(f"{len(problems)} places: " + ", ".join(f"{n} {k}" for k, n in counts.items()) + ".",
                         classes=("register-count",)))
        out.append(nodes.container(classes=["register-filter"]))  # the script puts its filter here
        groups: dict[str, list[apparatus.Problem]] = {}
        for p in problems:
            groups.setdefault(p.source_label, []).append(p)
        toc = nodes.bullet_list(classes=["register-groups"])
        for label, items in groups.items():
            item = nodes.list_item()
            item += _para(nodes.reference("", label, refid=f"register-{_slug(label)}"), f" ({len(items)})")
            toc += item
        out.append(toc)
        for label, items in groups.items():
            seed = items[0].seed
            title = f"{label}: {seed.title}" if seed else label
            out.append(nodes.rubric(text=title, ids=[f"register-{_slug(label)}"], classes=["register-source"]))
            for p in items:
                out.append(self._entry(p, _slug(label)))
        return out

    def _entry(self, p: apparatus.Problem, source_slug: str) -> nodes.Node:
        box = nodes.container(classes=["register-entry", f"game-{p.game}", f"source-{source_slug}",
                                       f"kind-{p.kind}"])
        ru_kind, en_kind = apparatus.PROBLEM_LABELS[p.kind]
        head = _para(nodes.inline(text=f"{p.kind} · {ru_kind}", classes=["register-kind", f"problem-{p.kind}"]),
                     " ", _xref(self.env, p.clause.id), " ",
                     _lang(p.clause.title_ru, "ru"), " · ", _lang(p.clause.title_en, "en"), classes=("register-head",))
        box += head
        box += _para(nodes.strong(text="Game / игра: "), p.game, "; ", nodes.strong(text="source / источник: "),
                     p.clause.source or "—", "; ", nodes.strong(text="status / статус: "), p.clause.status)
        if p.summary:
            box += _para(nodes.strong(text="Readings and the edition's choice / чтения и выбор издания: "),
                         p.summary)
        if p.options:
            items = nodes.bullet_list(classes=["register-options"])
            for o in p.options:
                values = "; ".join(f"{preset}: {value}" for preset, value in o.values)
                choices = (" (readings: " + ", ".join(map(str, o.choices)) + ")") if o.choices else ""
                item = nodes.list_item()
                item += _para(nodes.literal(text=f"{o.game}.{o.name}"), f" — {o.doc}{choices}. Presets: {values}.")
                items += item
            box += _para(nodes.strong(text="Engine option / параметр движка:"))
            box += items
        else:
            box += _para(nodes.strong(text="Engine option / параметр движка: "),
                         "none; the reading does not change play, or the commentary says why.")
        return box


# --- source maps --------------------------------------------------------------------------


class SourceMapDirective(_Generated):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        self.note()
        seeds = self.seeds()
        seed = next((s for s in seeds if s.id == self.arguments[0]), None)
        if seed is None:
            raise self.error(f"no seed {self.arguments[0]!r} in {apparatus.SEEDS}; "
                             f"known: {', '.join(s.id for s in seeds)}")
        smap = apparatus.source_map(seed, scan(self.docs()), seeds)
        flagged = [r for r in smap.rows if r.flagged]
        out: list[nodes.Node] = [_para(
            f"{seed.title}. Excerpt {seed.file}, cited as ", nodes.literal(text=seed.key), ". ",
            f"{len(smap.rows)} sections, {sum(bool(r.clauses) for r in smap.rows)} carried by clauses, "
            f"{len(flagged)} flagged (a section that should carry a rule and that no clause cites).",
            classes=("source-map-summary",))]
        if seed.outside:
            out.append(_para(nodes.emphasis(text=f"Not in the excerpt: {seed.outside}.")))
        table = nodes.table(classes=["source-map"])
        group = nodes.tgroup(cols=3)
        table += group
        for width in (1, 4, 6):
            group += nodes.colspec(colwidth=width)
        thead, tbody = nodes.thead(), nodes.tbody()
        group += thead
        group += tbody
        hrow = nodes.row()
        for text in ("¶", "Section / раздел", "Clauses / правила"):
            entry = nodes.entry()
            entry += _para(text)
            hrow += entry
        thead += hrow
        for row in smap.rows:
            tr = nodes.row(ids=[f"{seed.id}-{row.section.id}"])
            if row.flagged:
                tr["classes"].append("source-map-flagged")
            cells = [_para(row.section.paragraphs or "—"),
                     _para(_lang(row.section.ru, "ru"), " · ", _lang(row.section.en, "en"))]
            if row.clauses:
                links = nodes.paragraph()
                for i, clause in enumerate(row.clauses):
                    if i:
                        links += nodes.Text(", ")
                    links += _xref(self.env, clause.id)
                    links += nodes.Text(f" ({clause.status})")
                cells.append(links)
            elif row.flagged:
                cells.append(_para(nodes.strong(text="⚑ flagged: no clause cites this section / ни одно правило")))
            else:
                cells.append(_para(nodes.emphasis(text=row.section.narrative)))
            for cell in cells:
                entry = nodes.entry()
                entry += cell
                tr += entry
            tbody += tr
        out.append(nodes.container("", table, classes=["table-wrapper"]))
        if smap.unplaced:
            out.append(nodes.rubric(text="Citations of this seed that match no section"))
            items = nodes.bullet_list()
            for clause, citation in smap.unplaced:
                item = nodes.list_item()
                item += _para(_xref(self.env, clause.id), f": {citation.key}, {citation.place}")
                items += item
            out.append(items)
        return out


# --- the games side by side -----------------------------------------------------------------


class GamesSideBySideDirective(_Generated):
    def run(self) -> list[nodes.Node]:
        self.note()
        games = apparatus.comparison()
        table = nodes.table(classes=["games-side-by-side"])
        group = nodes.tgroup(cols=len(games) + 1)
        table += group
        for width in [2] + [4] * len(games):
            group += nodes.colspec(colwidth=width)
        thead, tbody = nodes.thead(), nodes.tbody()
        group += thead
        group += tbody
        hrow = nodes.row()
        for text in ["", *(f"{game} ({preset})" for game, preset, _ in games)]:
            entry = nodes.entry()
            entry += _para(text)
            hrow += entry
        thead += hrow
        for key, ru, en in apparatus.ROWS:
            tr = nodes.row()
            entry = nodes.entry()
            entry += _para(nodes.strong(text=en), " · ", _lang(ru, "ru"))
            tr += entry
            for _, _, facts in games:
                entry = nodes.entry()
                text, clause_id = facts.get(key, ("—", ""))
                entry += _para(text)
                if clause_id:
                    entry += _para(_xref(self.env, clause_id), classes=("variant-clause",))
                tr += entry
            tbody += tr
        return [nodes.container("", table, classes=["table-wrapper"])]


# --- retired ids ---------------------------------------------------------------------------


class RetiredDirective(SphinxDirective):
    """A withdrawn clause: its id stays an anchor (and in ``objects.inv``) and names its
    successor; the optional content says why."""

    required_arguments = 1
    has_content = True
    option_spec = {"successor": lambda v: check_id(v.strip())}

    def run(self) -> list[nodes.Node]:
        old = self.arguments[0]
        try:
            check_id(old)
        except ValueError as err:
            raise self.error(str(err)) from None
        successor = self.options.get("successor", "")
        box = nodes.container(classes=["clause", "clause-retired"], ids=[old])
        para = _para(nodes.strong(text="Retired clause / снятое правило "), nodes.literal(text=old))
        if successor:
            para += nodes.Text(": its rule is now / теперь это правило ")
            para += _xref(self.env, successor)
        box += para
        if self.content:
            self.state.nested_parse(self.content, self.content_offset, box)
        _data(self.env)[RETIRED_KEY][old] = (self.env.docname, successor)
        self.set_source_info(box)
        return [box]


# --- hooks ---------------------------------------------------------------------------------


def apparatus_pages(app, env, added, changed, removed) -> list[str]:
    """The generated pages read every page: read them again at every build."""
    return sorted(_data(env)[DOCS_KEY] - set(removed))


def purge(app, env, docname: str) -> None:
    data = _data(env)
    data[DOCS_KEY].discard(docname)
    for old in [k for k, (doc, _) in data[RETIRED_KEY].items() if doc == docname]:
        del data[RETIRED_KEY][old]


def merge(app, env, docnames, other) -> None:
    """After a parallel read: take what a worker noted (its environment has no domain
    objects, only their data)."""
    data, theirs = _data(env), other.domaindata.get("clause", {})
    data[DOCS_KEY] |= theirs.get(DOCS_KEY, set()) & set(docnames)
    data[RETIRED_KEY].update({k: v for k, v in theirs.get(RETIRED_KEY, {}).items() if v[0] in docnames})


def set_version(app, config) -> None:
    """The edition's version (the package's) when ``conf.py`` gives none: the citations
    of a clause name it."""
    if not config.version:
        config.version = apparatus.version()
    if not config.release:
        config.release = config.version


def write_edition_json(app, exception) -> None:
    """``edition.json`` (the export) and its schema beside ``objects.inv``."""
    if exception is not None or app.builder.format != "html":
        return
    docs = Path(app.srcdir)
    out = Path(app.outdir)
    (out / "edition.json").write_text(json.dumps(apparatus.export(docs), ensure_ascii=False, indent=1),
                                      encoding="utf-8")
    if (docs / apparatus.SCHEMA).is_file():
        (out / "edition.schema.json").write_text((docs / apparatus.SCHEMA).read_text(encoding="utf-8"),
                                                 encoding="utf-8")


def setup(app) -> None:
    app.add_directive("problem-register", ProblemRegisterDirective)
    app.add_directive("source-map", SourceMapDirective)
    app.add_directive("games-side-by-side", GamesSideBySideDirective)
    app.add_directive("retired", RetiredDirective)
    app.connect("config-inited", set_version)
    app.connect("env-get-outdated", apparatus_pages)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("build-finished", write_edition_json)
