"""The reader's way in to a game: "how to play" in a few bilingual paragraphs, each
linked to its clauses, and the whole game on one printable page (``{clause-digest}``)."""

from pathlib import Path
from textwrap import dedent
from urllib.parse import urljoin

import pytest
from bs4 import BeautifulSoup

from cardrules.rules import forget, implements

pytestmark = pytest.mark.slow

GAMES_DIR = Path(__file__).resolve().parent.parent / "docs" / "games"
#: The games whose pages open with "how to play", and those with a one-page digest:
#: found in docs/games/, so a new game's pages are checked as soon as they exist.
HOW_TO_PLAY = sorted(p.parent.name for p in GAMES_DIR.glob("*/how-to-play.md"))
DIGESTS = sorted(p.parent.name for p in GAMES_DIR.glob("*/rules-on-one-page.md"))


def test_the_finished_games_have_both_pages() -> None:
    assert {"fortuna", "preferans"} <= set(HOW_TO_PLAY) & set(DIGESTS)


def _inventory(built_site: Path) -> dict[str, str]:
    """clause id -> page and anchor, as objects.inv records them."""
    from sphinx.util.inventory import InventoryFile

    with open(built_site / "objects.inv", "rb") as f:
        inventory = InventoryFile.load(f, "", lambda base, uri: uri)
    return {cid: item.uri for cid, item in inventory["clause:rule"].items()}


def _page(built_site: Path, path: str) -> BeautifulSoup:
    return BeautifulSoup((built_site / path).read_text(encoding="utf-8"), "html.parser")


def _target(page: str, href: str) -> str:
    """The site path and anchor a link on ``page`` points to."""
    return urljoin(page, href)


@pytest.mark.parametrize("game", DIGESTS)
def test_digest_lists_every_clause_of_the_game_once(built_site: Path, game: str) -> None:
    inventory = {cid: uri for cid, uri in _inventory(built_site).items() if cid.startswith(f"{game}.")}
    assert len(inventory) >= 30  # every game of the edition has at least that many clauses
    path = f"games/{game}/rules-on-one-page.html"
    entries = _page(built_site, path).select(".clause-digest-entry")
    links = [entry.select_one(".clause-head a.clause-id") for entry in entries]
    ids = [link.get_text(strip=True) for link in links]
    assert len(ids) == len(set(ids)) == len(inventory)
    assert set(ids) == set(inventory)
    for cid, link in zip(ids, links):
        assert _target(path, link["href"]) == inventory[cid], cid
    for entry in entries:
        assert entry.select_one(".clause-title").get_text(strip=True)
        assert entry.select_one(".clause-status")
        ru, en = entry.select(".clause-texts > .clause-text")
        assert ru.get("lang") == "ru" and ru.get_text(strip=True)
        assert en.get("lang") == "en" and en.get_text(strip=True)


@pytest.mark.parametrize("game", DIGESTS)
def test_digest_shows_no_code_and_no_commentary(built_site: Path, game: str) -> None:
    digest = _page(built_site, f"games/{game}/rules-on-one-page.html").select_one(".clause-digest")
    html = str(digest)
    assert digest.find("pre") is None and "&gt;&gt;&gt;" not in html and ">>>" not in html
    for kind in (".clause-commentary", ".clause-engine", ".clause-impl", ".highlight", "a.clause-code"):
        assert not digest.select(kind), kind


@pytest.mark.parametrize("game", DIGESTS)
def test_digest_follows_the_reading_order(built_site: Path, game: str) -> None:
    """Pages in the order of the game's table of contents; in each page, its clauses in
    the order the page shows them."""
    inventory = _inventory(built_site)
    digest = [a.get_text(strip=True) for a in
              _page(built_site, f"games/{game}/rules-on-one-page.html").select(".clause-digest-entry a.clause-id")]
    pages = [inventory[cid].split("#")[0] for cid in digest]
    order = list(dict.fromkeys(pages))
    assert pages == sorted(pages, key=order.index), "a page's clauses are split up"
    toc = [urljoin(f"games/{game}/index.html", a["href"]).split("#")[0] for a in
           _page(built_site, f"games/{game}/index.html").select("article .toctree-wrapper a.reference")]
    toc = list(dict.fromkeys(toc))
    assert [p for p in toc if p in order] == order
    for page in order:
        shown = [tag["id"] for tag in _page(built_site, page).select("div.clause[id]") if tag["id"].startswith(f"{game}.")]
        assert [cid for cid, p in zip(digest, pages) if p == page] == shown, page


@pytest.mark.parametrize("game", HOW_TO_PLAY)
def test_how_to_play_paragraphs_link_to_clauses_in_both_languages(built_site: Path, game: str) -> None:
    inventory = _inventory(built_site)
    path = f"games/{game}/how-to-play.html"
    page = _page(built_site, path)
    # the opening pair says what the page is and points to the one-page digest;
    # every paragraph of the sections after it tells part of the game, citing its clauses
    opening = page.select("article > section > p[lang]")
    assert [p["lang"] for p in opening] == ["ru", "en"]
    assert all(p.select_one('a[href="rules-on-one-page.html"]') for p in opening)
    paragraphs = page.select("article section section p[lang]")
    assert len(paragraphs) >= 16
    cited: list[tuple[str, set[str]]] = []
    for p in paragraphs:
        clauses = set()
        for a in p.select("a.reference.internal[href]"):
            anchor = _target(path, a["href"]).partition("#")[2]
            if anchor in inventory:
                assert _target(path, a["href"]) == inventory[anchor], anchor
                clauses.add(anchor)
        cited.append((p["lang"], clauses))
    for lang, clauses in cited:
        assert clauses, f"a {lang} paragraph of {path} links to no clause"
    # written twice: each Russian paragraph is followed by its English one, citing the same clauses
    langs = [lang for lang, _ in cited]
    assert langs == ["ru", "en"] * (len(cited) // 2), langs
    for (_, ru), (_, en) in zip(cited[::2], cited[1::2]):
        assert ru == en


@pytest.mark.parametrize("game", HOW_TO_PLAY)
def test_game_opens_with_how_to_play(built_site: Path, game: str) -> None:
    index = _page(built_site, f"games/{game}/index.html")
    first = index.select_one("article .toctree-wrapper a.reference")
    assert first["href"] == "how-to-play.html"
    top = index.select("article p[lang]")[:2]  # the pointer, in both languages, before the rest
    assert [p["lang"] for p in top] == ["ru", "en"]
    for p in top:
        hrefs = {a["href"] for a in p.select("a")}
        assert "how-to-play.html" in hrefs
        assert "rules-on-one-page.html" in hrefs or game not in DIGESTS


# --- in the browser: the language switch, and the page as it prints -------------------

from test_browser import CHROMIUM  # noqa: E402 - the one place that finds Chromium


@pytest.fixture(scope="module")
def tab():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"], headless=True)
        page = chromium.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(15_000)
        yield page
        chromium.close()


@pytest.mark.parametrize("game", HOW_TO_PLAY)
@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}")
def test_how_to_play_follows_the_language_switch(tab, site_url, game: str) -> None:
    tab.goto(f"{site_url}/games/{game}/how-to-play.html")
    russian, english = tab.locator("article p[lang=ru]").nth(2), tab.locator("article p[lang=en]").nth(2)
    assert russian.is_visible() and english.is_visible()
    tab.get_by_role("button", name="Русский").click()
    assert russian.is_visible() and not english.is_visible()
    tab.get_by_role("button", name="English").click()
    assert english.is_visible() and not russian.is_visible()
    tab.get_by_role("button", name="RU + EN").click()
    assert russian.is_visible() and english.is_visible()


@pytest.mark.parametrize("game", DIGESTS)
@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}")
def test_digest_prints_alone_with_both_texts_side_by_side(tab, site_url, game: str) -> None:
    tab.goto(f"{site_url}/games/{game}/rules-on-one-page.html")
    tab.emulate_media(media="print")
    tab.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    try:
        for chrome in (".sidebar-drawer", ".toc-drawer", ".mobile-header", ".reader-switches", ".related-pages",
                       ".skip-to-content", ".clause-copy"):
            assert all(not tab.locator(chrome).nth(i).is_visible() for i in range(tab.locator(chrome).count())), chrome
        entry = tab.locator(".clause-digest-entry").first
        ru, en = (entry.locator(f".clause-text[lang={lang}]").bounding_box() for lang in ("ru", "en"))
        assert ru["x"] + ru["width"] <= en["x"] and abs(ru["y"] - en["y"]) < 2
        assert ru["x"] < 80  # the page uses the paper's width, no sidebar beside it
    finally:
        tab.emulate_media(media="screen")
        tab.set_viewport_size({"width": 1280, "height": 900})


# --- the directive on a small project of its own -------------------------------------

CONF = ('extensions = ["myst_parser", "cardrules.sphinxext"]\nhtml_search_language = "ru_en"\n'
        'myst_enable_extensions = ["attrs_block"]\n')

PAGES = {
    "index.md": """\
        # Test

        ```{toctree}
        second
        first
        digest
        ```
        """,
    "first.md": """\
        # First

        ````{rule} testgame.play.lead
        :status: editorial
        :title-ru: Первый ход
        :title-en: The first lead

        Первым ходит сидящий слева от сдатчика.

        +++

        The player on the dealer's left leads first.

        ```python
        >>> 1 + 1
        2
        ```

        +++

        A commentary the digest leaves out.
        ````
        """,
    "second.md": """\
        # Second

        ```{rule} testgame.deal.count
        :status: editorial
        :title-ru: Сколько карт сдают
        :title-en: How many cards are dealt

        Каждому сдают по десять карт; см. {rule}`testgame.play.lead`.

        +++

        Each is dealt ten cards; see {rule}`testgame.play.lead`.
        ```
        """,
    "digest.md": """\
        # Digest

        ```{clause-digest} testgame
        ```
        """,
}


@pytest.mark.parametrize("jobs", [1, 2])
def test_digest_directive_on_a_small_project(tmp_path: Path, jobs: int) -> None:
    """With ``-j 2`` the pages are read in worker processes (Sphinx does so from six
    pages on), and the texts they keep come back to the main one."""
    from sphinx.cmd.build import build_main

    @implements("testgame.play.lead", "testgame.deal.count")
    def lead() -> int:
        return 1

    try:
        docs = tmp_path / "docs"
        docs.mkdir()
        (docs / "conf.py").write_text(CONF)
        pages = {name: dedent(text) for name, text in PAGES.items()}
        fillers = [f"filler{i}" for i in range(6)]
        pages["index.md"] = pages["index.md"].replace("digest\n", "digest\n" + "".join(f"{f}\n" for f in fillers))
        pages.update({f"{f}.md": f"# {f}\n\nNothing here.\n" for f in fillers})
        for name, text in pages.items():
            (docs / name).write_text(text, encoding="utf-8")
        out = tmp_path / "html"
        # not strict: the engine names clauses of the real edition that this project lacks
        assert build_main(["-b", "html", "-q", "-j", str(jobs), "-d", str(tmp_path / "doctrees"), str(docs), str(out)]) == 0
    finally:
        forget("testgame.")
    digest = BeautifulSoup((out / "digest.html").read_text(encoding="utf-8"), "html.parser").select_one(".clause-digest")
    entries = digest.select(".clause-digest-entry")
    # the reading order: the page "second" comes first in the table of contents
    assert [e.select_one("a.clause-id").get_text(strip=True) for e in entries] == ["testgame.deal.count", "testgame.play.lead"]
    assert [e.select_one("a.clause-id")["href"] for e in entries] == ["second.html#testgame.deal.count", "first.html#testgame.play.lead"]
    # each entry is headed by both titles
    assert entries[0].select_one(".clause-title").get_text(" ", strip=True) == "Сколько карт сдают · How many cards are dealt"
    assert entries[1].select_one(".clause-title").get_text(" ", strip=True) == "Первый ход · The first lead"
    # the texts, with their links resolved from the digest page; no example, no commentary
    assert entries[0].select_one('.clause-text[lang="en"] a')["href"] == "first.html#testgame.play.lead"
    assert entries[1].select_one('.clause-text[lang="en"]').get_text(strip=True) == "The player on the dealer's left leads first."
    assert "1 + 1" not in str(digest) and "commentary" not in digest.get_text()
    assert "editorial" in entries[0].select_one(".clause-status").get_text()
