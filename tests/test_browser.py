"""The built site in a real browser: Debian's Chromium driven by Playwright.

Never a downloaded browser: the tests use /usr/bin/chromium, which .ci/run
installs from Debian. Without it they skip, saying so.
"""

import os
import shutil
from pathlib import Path

import pytest

from conftest import clause_uri

CHROMIUM = os.environ.get("CARDRULES_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--no-first-run", "--disable-sync", "--disable-quic"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"),
]


@pytest.fixture(scope="module")
def page():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        tab = browser.new_page()
        tab.set_default_timeout(15_000)
        yield tab
        browser.close()


def test_clause_permalink_shows_the_clause(page, site_url, built_site) -> None:
    uri = clause_uri(built_site, "common.play.follow-suit")
    page.goto(f"{site_url}/{uri}")
    clause = page.locator('[id="common.play.follow-suit"]')
    assert clause.is_visible()
    # docs/common/play.md gives the clause «:status: attested»: one badge, saying so
    status = clause.locator(".clause-status")
    assert status.count() == 1
    assert status.inner_text().startswith("attested") and "status-attested" in status.get_attribute("class")
    # both languages are there, side by side
    assert clause.locator(".clause-ru").inner_text().strip()
    assert clause.locator(".clause-en").inner_text().strip()
    assert page.evaluate("location.hash") == "#common.play.follow-suit"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("взятками", "common/play"),  # Russian, an inflected form: stems to взятк-
        ("козырями", "common/play"),
        ("ремизов", "games/fortuna/scoring"),  # genitive plural of ремиз
        ("сюрами", "games/fortuna/deal"),  # instrumental plural of сюры
        ("вистами", "games/preferans/talon-and-whist"),
        ("fortuna.bidding.quota", "games/fortuna/bidding.html#fortuna.bidding.quota"),  # a clause id
        ("tricks", "common/play"),  # English plural: stems to trick
        ("dealing", "common/deal"),
    ],
)
def test_search_finds_inflected_forms(page, site_url, query, expected) -> None:
    page.goto(f"{site_url}/search.html?q={query}")
    # results are shown one by one; the summary line comes when all are in
    page.locator("#search-results .search-summary").filter(has_text="found").wait_for()
    results = page.locator("#search-results ul.search li > a")
    hrefs = [results.nth(i).get_attribute("href") or "" for i in range(results.count())]
    assert any(expected in h for h in hrefs), hrefs


def test_clause_search_hit_shows_its_title(page, site_url) -> None:
    from cardrules import site
    from cardrules.edition import scan

    (clause,) = [c for c in scan(site.DOCS) if c.id == "fortuna.bidding.quota"]
    page.goto(f"{site_url}/search.html?q=fortuna.bidding.quota")
    page.locator("#search-results .search-summary").filter(has_text="found").wait_for()
    hit = page.locator('#search-results ul.search li > a[href$="#fortuna.bidding.quota"]').first
    text = hit.inner_text()
    assert clause.title_ru in text and clause.title_en in text, text


def test_clause_links_to_its_implementation(page, site_url, built_site) -> None:
    uri = clause_uri(built_site, "common.play.follow-suit")
    page.goto(f"{site_url}/{uri}")
    clause = page.locator('[id="common.play.follow-suit"]')
    link = clause.locator("a.clause-code").first
    assert not link.is_visible()  # folded for readers until asked for
    clause.locator("details.clause-engine > summary").click()
    name = link.inner_text()
    link.click()
    page.wait_for_load_state()
    assert "/_source/cardrules/" in page.url and "#L-" in page.url
    line = page.url.rsplit("#", 1)[1]
    target = page.locator(f'[id="{line}"]')
    assert target.count() == 1
    # the line the link lands on is the definition of the named function
    assert f"def {name.rsplit('.', 1)[1]}" in page.locator(".cardrules-source").inner_text()


def test_deal_diagram_shows_hands_and_result(page, site_url) -> None:
    page.goto(f"{site_url}/records.html")
    diagram = page.locator(".deal").first
    diagram.scroll_into_view_if_needed()
    assert diagram.is_visible()
    hands = diagram.locator(".deal-hand")
    assert hands.count() == 4
    for i in range(4):
        assert hands.nth(i).is_visible()
        assert "♠" in hands.nth(i).inner_text()
    assert "All passed" in diagram.locator(".deal-result").inner_text()
    # red suits are drawn in red
    colour = diagram.locator(".suit-red").first.evaluate("e => getComputedStyle(e).color")
    assert colour == "rgb(198, 40, 40)"


def test_variant_table_compares_two_variants(page, site_url) -> None:
    page.goto(f"{site_url}/games/preferans/variants/index.html")
    table = page.locator("table.variant-table").first
    picker = page.locator(".variant-picker").first
    labels = picker.locator("label")
    names = [labels.nth(i).inner_text().strip() for i in range(labels.count() - 1)]
    assert {"sochi", "leningrad"} <= set(names)
    for i, name in enumerate(names):  # keep Sochi and Leningrad only
        if name not in ("sochi", "leningrad"):
            labels.nth(i).locator("input").uncheck()
    labels.last.locator("input").check()  # only the rows that differ
    rows = table.locator("tbody tr")
    visible = [rows.nth(i) for i in range(rows.count()) if rows.nth(i).is_visible()]
    assert 0 < len(visible) < rows.count()
    for row in visible:
        cells = [c for c in row.locator("td").all()[1:] if c.is_visible()]  # after the parameter
        assert len(cells) == 2
        assert cells[0].inner_text().strip() != cells[1].inner_text().strip()


def test_reader_switches_are_remembered_across_pages(page, site_url, built_site) -> None:
    page.goto(f"{site_url}/{clause_uri(built_site, 'common.play.follow-suit')}")
    folds = page.locator("details.clause-engine")
    assert folds.count() > 1 and not any(folds.nth(i).get_attribute("open") is not None for i in range(folds.count()))
    english = page.locator('[id="common.play.follow-suit"] .clause-en')
    russian = page.locator('[id="common.play.follow-suit"] .clause-ru')
    assert english.is_visible() and russian.is_visible()
    page.get_by_role("button", name="English").click()
    page.get_by_role("button", name="shown").click()
    assert english.is_visible() and not russian.is_visible()
    # another page opens as the reader left the switches
    page.goto(f"{site_url}/{clause_uri(built_site, 'fortuna.bidding.quota')}")
    clause = page.locator('[id="fortuna.bidding.quota"]')
    assert clause.locator("details.clause-engine").get_attribute("open") is not None
    assert clause.locator(".clause-en").is_visible() and not clause.locator(".clause-ru").is_visible()
    assert page.get_by_role("button", name="English").get_attribute("aria-pressed") == "true"
    page.get_by_role("button", name="RU + EN").click()
    page.get_by_role("button", name="folded").click()
    assert clause.locator(".clause-ru").is_visible()
    assert clause.locator("details.clause-engine").get_attribute("open") is None


def _top_hits(page, base: str, query: str, n: int = 3) -> list[str]:
    page.goto(f"{base}/search.html?q={query}")
    page.locator("#search-results .search-summary").filter(has_text="found").wait_for()
    links = page.locator("#search-results ul.search li > a")
    return [links.nth(i).get_attribute("href") for i in range(min(n, links.count()))]


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("fortuna.bidding.quota", "#fortuna.bidding.quota"),  # an exact id comes first
        ("козыри", "#common.play.trump"),  # a term's form: its entry and the clause it names
        ("сюры", "#fortuna.surs.cut"),
        ("ремиз", "#fortuna.settlement.remise"),
        ("онеры", "#fortuna.scoring.honours"),  # ё typed as е
    ],
)
def test_search_puts_the_rule_first(page, site_url, query, wanted) -> None:
    hits = _top_hits(page, site_url, query)
    assert any(h.endswith(wanted) for h in hits), hits
    if "." in query:
        assert hits[0].endswith(wanted)
    else:  # the glossary entry itself is among them too
        assert any("glossary.html#term-" in h for h in hits), hits
    # the clause's hit shows its text, not only its id
    hit = page.locator("#search-results li.kind-clause").first
    assert len(hit.locator(".cardrules-hit-text").inner_text()) > 40


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_no_console_errors(page, site_url, built_site, scheme) -> None:
    base = site_url if scheme == "http" else built_site.as_uri()
    tab = page.context.browser.new_page()  # its own listeners
    errors: list[str] = []
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.set_default_timeout(15_000)
    try:
        for path in ("index.html", "games/fortuna/bidding.html", "games/preferans/scoring.html", "glossary.html"):
            tab.goto(f"{base}/{path}")
        _top_hits(tab, base, "козыри")
        _top_hits(tab, base, "trick")
        tab.wait_for_timeout(500)
    finally:
        tab.close()
    assert not errors, errors[:3]


def test_glossary_term_shows_its_meaning(page, site_url) -> None:
    page.goto(f"{site_url}/games/fortuna/bidding.html")
    term = page.locator(".clause-ru a.term-link").first
    tip = page.locator(f"#{term.get_attribute('aria-describedby')}")
    assert not tip.is_visible()
    term.hover()
    assert tip.is_visible() and len(tip.inner_text()) > 10
    box, width = tip.bounding_box(), page.viewport_size["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= width  # the tip stays on screen
    term.focus()  # and by keyboard
    assert tip.is_visible()
    href = term.get_attribute("href")
    assert "glossary.html#term-" in href
    page.goto(f"{site_url}/games/fortuna/{href}")
    anchor = href.rsplit("#", 1)[1]
    assert page.locator(f'[id="{anchor}"]').count() == 1
    # the English-to-Russian index lists the entries by their English name
    assert page.locator("ul.glossary-index li").count() > 20


@pytest.mark.parametrize("width", [390, 1280])
def test_score_sheet_is_readable(page, site_url, width) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    try:
        page.goto(f"{site_url}/games/preferans/examples.html")
        sizes = page.evaluate("""() => [...document.querySelectorAll('.score-sheet svg')].flatMap((svg) => {
            const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            return [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
        })""")
        assert sizes and min(sizes) >= 12, min(sizes)
        assert page.locator(".score-sheet-legend").first.is_visible()
        assert page.locator("table.partie-outcome").first.is_visible()
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


@pytest.mark.parametrize("width", [390, 1280])
def test_no_page_overflows_sideways(page, site_url, built_site, width) -> None:
    pages = sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html")
                   if p.parts[len(built_site.parts)][0] != "_" and p.name not in ("genindex.html", "search.html"))
    page.set_viewport_size({"width": width, "height": 900})
    wide = []
    try:
        for path in pages:
            page.goto(f"{site_url}/{path}")
            over = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            if over > 1:
                wide.append((path, over))
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
    assert not wide, wide


def test_home_page_lists_the_game_folders(page, site_url) -> None:
    from cardrules import site

    folders = sorted(p.parent.name for p in (site.DOCS / "games").glob("*/index.md"))
    page.goto(f"{site_url}/index.html")
    items = page.locator("ul.game-list > li.game-list-item")
    listed = sorted(items.nth(i).get_attribute("id").removeprefix("game-") for i in range(items.count()))
    assert listed == folders
    for i in range(items.count()):  # each names its forms and counts its clauses
        assert "clauses (" in items.nth(i).inner_text()
    assert "preparation" not in page.locator("article").inner_text()
