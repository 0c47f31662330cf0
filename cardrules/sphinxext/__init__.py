"""The Sphinx extension of the edition: clauses, their links to the engine, the
checks that keep the two in step, coverage, variant tables and bilingual search.

Add ``"cardrules.sphinxext"`` to ``extensions`` in ``conf.py``.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.util import logging

from cardrules import rules
from cardrules.sphinxext import apparatus as _apparatus
from cardrules.sphinxext.a11y import repair_html
from cardrules.sphinxext.deal import DealDirective, ScoreSheetDirective
from cardrules.sphinxext.directive import (
    RuleDirective, _plain, clause_title, depart_clause_title_html, depart_engine_fold_html, engine_fold,
    implementation_links, visit_clause_title_html, visit_engine_fold_html,
)
from cardrules.sphinxext.digest import (
    ClauseDigestDirective, clause_digest, digest_pages, fill_digests, merge_texts, purge_texts,
)
from cardrules.sphinxext.verdict import deal_verdict, visit_deal_verdict_html
from cardrules.sphinxext.domain import ClauseDomain, ClauseRole
from cardrules.sphinxext.terms import GlossaryIndexDirective, fill_glossary_index, glossary_index, link_terms
from cardrules.sphinxext.home import GameListDirective, check_games, fill_game_lists, game_list
from cardrules.sphinxext.pages import (
    CoverageDirective, FamilyTableDirective, VariantTableDirective, collect_source_pages, coverage_pages, coverage_table,
    family_table, fill_coverage, fill_family_tables, fill_implementation_links, fill_variant_tables, variant_table,
)
from cardrules.sphinxext.play import (
    PlayOnlineDirective, play_online, play_page_scripts, visit_play_online_html, write_play_files,
)
from cardrules.sphinxext.search import SearchRussianEnglish, search_page_scripts, write_search_data
from cardrules.sphinxext import statuses
from cardrules.sphinxext.odds import OddsTableDirective
from cardrules.sphinxext.study import StudyResultsDirective

logger = logging.getLogger(__name__)
STATIC = Path(__file__).parent / "static"


def _builder_inited(app) -> None:
    rules.load_engine()
    app.config.html_static_path.append(str(STATIC))


def _check(app, env) -> None:
    """Fail a ``-W`` build when the edition and the engine disagree, saying where."""
    clauses = env.get_domain("clause").clauses.values()
    check_games(app, env)
    for location, message in rules.problems(clauses):
        docname, _, line = location.rpartition(":")
        if docname in env.all_docs:
            location = f"{env.doc2path(docname)}:{line}"
        logger.warning(message, location=location, type="clause", subtype="coverage")


def _resolved(app, doctree, docname) -> None:
    fill_implementation_links(app, doctree, docname)
    fill_coverage(app, doctree, docname)
    fill_variant_tables(app, doctree, docname)
    fill_family_tables(app, doctree, docname)
    fill_game_lists(app, doctree, docname)
    fill_glossary_index(app, doctree, docname)
    fill_digests(app, doctree, docname)
    link_terms(app, doctree, docname)


def _skip_node(self, node) -> None:
    raise nodes.SkipNode


def setup(app):
    app.add_domain(ClauseDomain)
    app.add_directive("rule", RuleDirective)
    app.add_role("rule", ClauseRole(innernodeclass=nodes.literal, warn_dangling=True))
    app.add_directive("clause-coverage", CoverageDirective)
    app.add_directive("variant-table", VariantTableDirective)
    app.add_directive("clause-digest", ClauseDigestDirective)
    app.add_directive("family-table", FamilyTableDirective)
    app.add_directive("deal", DealDirective)
    app.add_directive("score-sheet", ScoreSheetDirective)
    app.add_directive("game-list", GameListDirective)
    app.add_directive("glossary-index", GlossaryIndexDirective)
    app.add_directive("odds-table", OddsTableDirective)
    app.add_directive("study-results", StudyResultsDirective)
    for node in (implementation_links, coverage_table, variant_table, game_list, glossary_index, clause_digest,
                 family_table):
        app.add_node(node)
    others = {fmt: (_plain, _plain) for fmt in ("latex", "text", "man", "texinfo")}
    app.add_node(clause_title, html=(visit_clause_title_html, depart_clause_title_html), **others)
    app.add_node(engine_fold, html=(visit_engine_fold_html, depart_engine_fold_html), **others)
    app.add_node(deal_verdict, html=(visit_deal_verdict_html, _plain), **others)
    app.add_directive("play-online", PlayOnlineDirective)
    app.add_node(play_online, html=(visit_play_online_html, None),
                 **{fmt: (_skip_node, None) for fmt in ("latex", "text", "man", "texinfo")})
    app.add_search_language(SearchRussianEnglish)
    app.connect("builder-inited", _builder_inited)
    app.connect("env-check-consistency", _check)
    statuses.setup(app)  # attested cites a seed, completed another work, ambiguous has an option
    app.connect("env-get-outdated", coverage_pages)
    app.connect("env-get-outdated", digest_pages)
    app.connect("env-purge-doc", purge_texts)
    app.connect("env-merge-info", merge_texts)
    app.connect("doctree-resolved", _resolved)
    app.connect("html-collect-pages", collect_source_pages)
    app.connect("html-page-context", search_page_scripts)
    app.connect("html-page-context", repair_html, priority=800)
    app.connect("build-finished", write_search_data)
    app.connect("html-page-context", play_page_scripts)
    app.connect("build-finished", write_play_files)
    _apparatus.setup(app)  # the register, the source maps, the games side by side, retired ids, edition.json
    app.add_css_file("cardrules.css")
    app.add_js_file("cardrules.js", defer="defer")
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
