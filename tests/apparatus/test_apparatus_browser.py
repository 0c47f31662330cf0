"""The apparatus in a real browser (Debian's Chromium): the cite control, the register's
filter, and the generated pages at a phone's and a desktop's width."""

import pytest

from cardrules import apparatus, site
from cardrules.edition import scan
from conftest import clause_uri
from test_browser import CHROMIUM, FLAGS, pytestmark  # noqa: F401 - the same marks and skip

PAGES = ["edition/register.html", "edition/source-000.html", "edition/source-001.html",
         "edition/source-003.html", "edition/source-004.html", "edition/comparison.html",
         "edition/data.html", "edition/ids.html"]


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    yield tab
    context.close()


def test_cite_gives_the_version_and_the_permalink(page, site_url, built_site) -> None:
    uri = clause_uri(built_site, "fortuna.bidding.quota")
    page.goto(f"{site_url}/{uri}")
    clause = page.locator('[id="fortuna.bidding.quota"]')
    panel = clause.locator(".clause-cite")
    assert panel.is_hidden()
    toggle = clause.locator("button.clause-cite-toggle")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    assert panel.is_visible() and toggle.get_attribute("aria-expanded") == "true"
    plain, bibtex = (t.strip() for t in panel.locator("pre").all_inner_texts())
    url = f"{site_url}/{uri}"
    version = apparatus.version()
    title = next(c.title_en for c in scan(site.DOCS) if c.id == "fortuna.bidding.quota")
    assert f"version {version}" in plain and url in plain and title in plain
    assert bibtex.startswith("@misc{cardrules:fortuna.bidding.quota,")
    assert f"url          = {{{url}}}" in bibtex and f"version {version}" in bibtex
    panel.locator("button.clause-copy").nth(1).click()
    assert page.evaluate("navigator.clipboard.readText()") == bibtex


def test_register_filter_by_game_and_kind(page, site_url) -> None:
    page.goto(f"{site_url}/edition/register.html")
    entries = page.locator(".register-entry")
    total = entries.count()
    assert total > 10 and page.locator(".register-shown").inner_text() == f"{total} of {total} shown"
    selects = page.locator(".register-bar select")
    selects.nth(0).select_option("piquet")
    visible = [e for e in entries.all() if e.is_visible()]
    assert 0 < len(visible) < total
    assert all("game-piquet" in e.get_attribute("class") for e in visible)
    selects.nth(2).select_option("contradictory")
    visible = [e for e in entries.all() if e.is_visible()]
    assert [e.get_attribute("class").split()[:4] for e in visible] == [
        ["register-entry", "game-piquet", "source-004-rozaliev1991", "kind-contradictory"]]
    assert page.locator(".register-shown").inner_text() == f"1 of {total} shown"


@pytest.mark.parametrize("width", [390, 1280])
def test_apparatus_pages_fit_the_width(page, site_url, width) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    for path in PAGES:
        page.goto(f"{site_url}/{path}")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (path, width, overflow)
