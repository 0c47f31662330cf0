"""``{game-list}``: the games of the edition as they are at build time.

The home page cannot go stale: the list is made from :data:`cardrules.games.GAMES`
and the pages under ``docs/games/``, with each game's forms (its presets) and its
clauses counted by status from the clause domain. A game folder of the edition that
the engine does not list, or the reverse, is a build warning (so ``-W`` fails).
"""

from __future__ import annotations

import importlib
import inspect
import re

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from cardrules.games import GAMES, module
from cardrules.engine import counted
from cardrules.rules import STATUSES

logger = logging.getLogger(__name__)


class game_list(nodes.General, nodes.Element):
    """Placeholder, filled in once every page has been read."""


class GameListDirective(SphinxDirective):
    def run(self):
        self.env.get_domain("clause").data["coverage_docs"].add(self.env.docname)
        node = game_list()
        self.set_source_info(node)
        return [node]


def _docs_games(env) -> list[str]:
    return sorted({doc.split("/")[1] for doc in env.all_docs if doc.startswith("games/") and doc.count("/") == 2
                   and doc.endswith("/index")})


def check_games(app, env) -> None:
    """Warn when the engine's list of games and the edition's game folders differ."""
    on_site = set(_docs_games(env))
    for game in sorted(set(GAMES) - on_site):
        logger.warning(f"game {game!r} is in cardrules.games.GAMES but has no docs/games/{game}/index.md",
                       type="clause", subtype="games")
    for game in sorted(on_site - set(GAMES)):
        logger.warning(f"docs/games/{game}/ has no entry in cardrules.games.GAMES",
                       location=env.doc2path(f"games/{game}/index"), type="clause", subtype="games")


def _summary(game: str) -> str:
    """The first paragraph of the game package's docstring, on one line."""
    doc = inspect.getdoc(importlib.import_module(f"cardrules.games.{game}")) or ""
    return re.sub(r"\s+", " ", doc.split("\n\n")[0]).strip()


def fill_game_lists(app, doctree: nodes.document, fromdocname: str) -> None:
    placeholders = list(doctree.findall(game_list))
    if not placeholders:
        return
    env = app.env
    clauses = list(env.get_domain("clause").clauses.values())
    items = nodes.bullet_list(classes=["game-list"])
    for game in GAMES:
        index = f"games/{game}/index"
        if index not in env.all_docs:
            continue
        item = nodes.list_item(ids=[f"game-{game}"], classes=["game-list-item"])
        head = nodes.paragraph(classes=["game-list-head"])
        title = env.titles[index].astext() if index in env.titles else game
        head += nodes.reference("", "", nodes.strong(text=title), internal=True,
                                refuri=app.builder.get_relative_uri(fromdocname, index))
        how = f"games/{game}/how-to-play"
        if how in env.all_docs:
            head += nodes.Text(" · ")
            head += nodes.reference("", "how to play / как играть", internal=True,
                                    refuri=app.builder.get_relative_uri(fromdocname, how))
        item += head
        summary = _summary(game)
        if summary:
            item += nodes.paragraph(text=summary)
        presets = list(module(game, "variants").PRESETS)
        mine = [c for c in clauses if c.game == game]
        counts = ", ".join(f"{n} {s}" for s in STATUSES if (n := sum(c.status == s for c in mine)))
        facts = nodes.paragraph(classes=["game-list-facts"])
        facts += nodes.Text(f"{counted(len(presets), 'form')}: {', '.join(presets)}. "
                            f"{len(mine)} clauses ({counts}).")
        item += facts
        items += item
    for placeholder in placeholders:
        placeholder.replace_self(items.deepcopy())
