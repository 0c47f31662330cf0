"""Every page of the built site passes axe-core's WCAG 2 A and AA checks, in Debian's
Chromium driven by Playwright (as in tests/test_browser.py).

axe-core comes from npm, pinned by package.json and package-lock.json (`npm ci`,
which .ci/run does). Without Chromium or without node_modules/axe-core the test skips,
saying so.

Pages checked: every page of the edition (the top-level pages, common/, games/…),
and a sample of the highlighted source pages under _source/ (the first of each
folder): those are long, alike and made by one template, and all of them take minutes
on a developer's machine. CI (CI=true) and CARDRULES_AXE_ALL=1 check every page.
"""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
from test_browser import CHROMIUM, FLAGS  # one Chromium and one set of flags for every browser test

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"),
    pytest.mark.skipif(not AXE.exists(), reason=f"no {AXE.relative_to(ROOT)} (run `npm ci` at the repository root)"),
]

RUN = """async () => {
  // the page's own scripts have run and laid it out (the scroll boxes are marked)
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const result = await axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa"]},
                                          resultTypes: ["violations"]});
  return result.violations.flatMap((v) => v.nodes.map((n) => [v.id, n.target.join(" "), n.failureSummary]));
}"""


def pages_to_check(built_site: Path) -> list[str]:
    pages = sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html"))
    if os.environ.get("CARDRULES_AXE_ALL") or os.environ.get("CI"):
        return pages
    sample, seen = [], set()
    for path in pages:
        folder = path.rsplit("/", 1)[0]
        if not path.startswith("_source/"):
            sample.append(path)
        elif folder not in seen:
            seen.add(folder)
            sample.append(path)
    return sample


@pytest.fixture(scope="module")
def tab():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        page = browser.new_page()
        page.set_default_timeout(30_000)
        yield page
        browser.close()


def test_pages_pass_wcag2_aa(tab, site_url, built_site) -> None:
    pages = pages_to_check(built_site)
    # every page under games/ and common/ and every top-level page is among them
    assert any(p.startswith("games/") for p in pages) and any(p.startswith("common/") for p in pages)
    axe = AXE.read_text(encoding="utf-8")
    problems: list[str] = []
    for path in pages:
        tab.goto(f"{site_url}/{path}")
        tab.add_script_tag(content=axe)
        for rule, target, summary in tab.evaluate(RUN):
            problems.append(f"{path}: {rule}: {target}: {summary.splitlines()[-1].strip()}")
    assert not problems, f"{len(problems)} WCAG 2 A/AA violations:\n" + "\n".join(problems[:60])


#: Pages that show what has colours of its own (red suits, a revoke, the pressed reader
#: switches, clause statuses, a source page's target line), checked again in the dark theme.
DARK_SAMPLE = ["index.html", "coverage.html", "games/preferans/examples.html", "games/fortuna/examples.html",
               "games/terts/scoring.html", "games/piquet/how-to-play.html",
               "_source/cardrules/games/preferans/scoring.html"]


def test_pages_in_the_dark_theme_pass_wcag2_aa(tab, site_url, built_site) -> None:
    assert all((built_site / p).exists() for p in DARK_SAMPLE)
    axe = AXE.read_text(encoding="utf-8")
    problems: list[str] = []
    tab.emulate_media(color_scheme="dark")  # furo's default theme, "auto", follows it
    try:
        for path in DARK_SAMPLE:
            tab.goto(f"{site_url}/{path}")
            assert tab.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"
            tab.add_script_tag(content=axe)
            for rule, target, summary in tab.evaluate(RUN):
                problems.append(f"{path}: {rule}: {target}: {summary.splitlines()[-1].strip()}")
    finally:
        tab.emulate_media(color_scheme="light")
    assert not problems, f"{len(problems)} WCAG 2 A/AA violations in the dark theme:\n" + "\n".join(problems[:60])


def test_escape_hides_a_term_tip_and_keeps_the_focus(tab, site_url) -> None:
    tab.goto(f"{site_url}/games/fortuna/bidding.html")
    term = tab.locator(".clause-ru a.term-link").first
    tip = tab.locator(f"#{term.get_attribute('aria-describedby')}")
    term.focus()
    assert tip.is_visible()
    tab.keyboard.press("Escape")
    assert not tip.is_visible()
    assert tab.evaluate("document.activeElement.classList.contains('term-link')")


def test_score_sheet_drawing_is_described_by_its_words(tab, site_url) -> None:
    tab.goto(f"{site_url}/games/preferans/examples.html")
    svg = tab.locator(".score-sheet svg").first
    assert svg.get_attribute("role") == "img" and svg.get_attribute("aria-label")
    words = tab.locator(f"#{svg.get_attribute('aria-describedby')}")
    assert "The sheet in words" in words.inner_text()
