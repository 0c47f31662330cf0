"""The "Play online" pages (issue 18): the engine's table for a reader and bots
(cardrules.play), the runtime and the engine packed into the site, the pages played in
Debian's Chromium, and the deal diagrams stepped through trick by trick.

The browser tests skip, saying why, without /usr/bin/chromium or without the runtime
(node_modules/pyodide, installed by `npm ci`, which .ci/run runs).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from textwrap import dedent

import pytest

from cardrules import records, site
from cardrules.games import GAMES
from cardrules.play import Table, label_of
from cardrules.recorddata import game_records
from cardrules.sphinxext import play as play_ext

ROOT = Path(__file__).resolve().parent.parent
BLOCKED = ("yaml", "pydantic", "sphinx", "rich", "typer", "docutils", "myst_parser")
#: The games, each with its presets (the tables below play every one).
PRESETS = [(g, v) for g in GAMES for v in game_records(g).presets]


def _play_natively(game: str, variant: str, seed: int, pick) -> Table:
    table = Table(game, variant, seed=seed, seat=0)
    steps = 0
    while not table.state.is_terminal():
        legal = list(table.state.legal_actions())
        view = table.view()
        # the choices offered are the legal actions, one each, named as the records write them
        assert [c["label"] for c in view["choices"]] == [label_of(table.game, table.state, a) for a in legal]
        assert len({c["label"] for c in view["choices"]}) == len(legal)
        table.choose(pick(view, steps))
        steps += 1
        assert steps < 500
    return table


# --- the engine's side: no browser ------------------------------------------------------------


def test_page_modules_import_without_the_site_and_record_libraries(tmp_path) -> None:
    """Every module packed for the page imports with YAML, pydantic, Sphinx, rich and typer blocked."""
    zipped = play_ext.write_engine_zip(tmp_path / "engine.zip")
    with zipfile.ZipFile(zipped) as zf:
        names = zf.namelist()
        zf.extractall(tmp_path / "engine")
    modules = [n[:-3].replace("/", ".").removesuffix(".__init__") for n in names]
    assert "cardrules.play" in modules and "cardrules.bots" in modules
    assert not {"cardrules.records", "cardrules.cli", "cardrules.site"} & set(modules)
    assert not any(m.startswith("cardrules.sphinxext") for m in modules)
    script = dedent(f"""
        import importlib, importlib.abc, sys
        sys.path.insert(0, {str(tmp_path / "engine")!r})
        class Block(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path, target=None):
                if name.split(".")[0] in {BLOCKED!r}:
                    raise ImportError("blocked: " + name)
        sys.meta_path.insert(0, Block())
        for m in {modules!r}:
            importlib.import_module(m)
        import cardrules
        assert cardrules.__file__.startswith({str(tmp_path)!r}), cardrules.__file__
        from cardrules.play import Table
        t = Table("preferans", "sochi", seed=5)
        while not t.state.is_terminal():
            t.choose(0)
        print(t.record().splitlines()[0])
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == 'game: "preferans"'


@pytest.mark.parametrize(("game", "variant"), PRESETS)
def test_every_game_plays_at_the_table_and_its_record_verifies(game, variant) -> None:
    for seed in (1, 2):
        rnd = random.Random(seed)
        table = _play_natively(game, variant, seed, lambda view, _: rnd.randrange(len(view["choices"])))
        view = table.view()
        assert view["result"] is not None and view["choices"] == []
        replay = records.verify(view["record"], "<played online>")
        # the record replays to the same deal and the same outcome as the table scored
        assert replay.states[0].history == table.state.history
        assert replay.outcomes[0] == table.outcome()
        assert replay.record.seats == table.names


def test_a_seed_and_the_same_choices_make_the_same_deal() -> None:
    first = _play_natively("fortuna", "four", 11, lambda view, k: k % len(view["choices"]))
    again = _play_natively("fortuna", "four", 11, lambda view, k: k % len(view["choices"]))
    assert first.state.history == again.state.history and first.log == again.log


def test_a_card_the_rules_forbid_is_not_offered_and_says_which_clause() -> None:
    """Seed by seed until the reader must follow suit: the cards of other suits are not
    among the choices, and each says the clause that forbids it, as the engine raises it."""
    from cardrules.engine import IllegalAction

    for seed in range(40):
        table = Table("preferans", "sochi", seed=seed, seat=0)
        while not table.state.is_terminal():
            forbidden = table.forbidden()
            if forbidden:
                offered = {c["label"] for c in table.view()["choices"]}
                for f in forbidden:
                    assert f["text"] not in offered
                    copy = table.state.clone()
                    with pytest.raises(IllegalAction) as err:
                        for action in table.game.parse_actions(copy, f["text"]):
                            copy.apply(action)
                    assert err.value.clause_id == f["clause"]
                    assert f["clause"].startswith(("preferans.", "common."))
                return
            table.choose(len(table.view()["choices"]) - 1)
    pytest.fail("no deal of forty where the reader had a card to withhold")


def test_why_names_clauses_that_the_edition_has(built_site: Path) -> None:
    from conftest import clause_ids

    known = clause_ids(built_site)
    table = Table("fortuna", "four", seed=3)
    why = table.why(0)
    assert why["clauses"] and set(why["clauses"]) <= known
    table = Table("preferans", "sochi", seed=3)
    assert set(table.why(0)["clauses"]) <= known


def test_bad_arguments_are_one_line_errors() -> None:
    for kwargs, words in [({"game": "whist"}, "no game 'whist'"), ({"game": "fortuna", "variant": "five"}, "no variant"),
                          ({"game": "fortuna", "seat": 4}, "seats are numbered 0 to 3"),
                          ({"game": "fortuna", "seed": -1}, "whole number")]:
        with pytest.raises(ValueError, match=words):
            Table(**kwargs)
    table = Table("fortuna", "four", seed=1)
    with pytest.raises(ValueError, match="no choice 99"):
        table.choose(99)


# --- the build -------------------------------------------------------------------------------


def test_the_built_site_carries_the_runtime_and_the_engine_for_the_play_pages(built_site: Path) -> None:
    if not play_ext.runtime_ready():
        pytest.skip("node_modules/pyodide is absent (run npm ci): the play pages are off in this build")
    for name in play_ext.RUNTIME_FILES:
        assert (built_site / "_static" / "pyodide" / name).stat().st_size == (play_ext.RUNTIME / name).stat().st_size
    clauses = json.loads((built_site / "_static" / play_ext.CLAUSES_JSON).read_text(encoding="utf-8"))
    assert clauses["fortuna.bidding.quota"][0].endswith("#fortuna.bidding.quota")
    for game in GAMES:
        page = (built_site / "games" / game / "play-online.html").read_text(encoding="utf-8")
        assert f'data-game="{game}"' in page and "play.js" in page
    # other pages do not load the play script (nor, so, the runtime)
    assert "play.js" not in (built_site / "games" / "fortuna" / "bidding.html").read_text(encoding="utf-8")


def test_a_build_without_the_runtime_says_the_play_pages_are_off(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(play_ext, "RUNTIME", tmp_path / "no-node-modules" / "pyodide")
    monkeypatch.setenv("CARDRULES_NO_NPM", "1")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text('extensions = ["myst_parser", "cardrules.sphinxext"]\nhtml_search_language = "ru_en"\n')
    (docs / "index.md").write_text("# Play\n\n```{play-online} fortuna\n:variant: four\n```\n", encoding="utf-8")
    out = site.build(tmp_path / "html", docs, strict=False)
    err = capsys.readouterr().err
    assert err.count("The play pages are off") == 1
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "The play pages are off in this build" in page and "play.js" not in page
    assert not (out / "_static" / "pyodide").exists()


# --- in the browser ------------------------------------------------------------------------------

from test_browser import CHROMIUM, FLAGS  # one Chromium and one set of flags for every browser test
_BROWSER = [pytest.mark.browser, pytest.mark.slow,
           pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"),
           pytest.mark.skipif(not play_ext.runtime_ready(),
                              reason="no node_modules/pyodide (run npm ci): the play pages are off")]


def in_browser(test):
    for mark in _BROWSER:
        test = mark(test)
    return test


@pytest.fixture(scope="module")
def tab():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        context = chromium.new_context()
        # no network: only the local site answers
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1")
                      else route.abort())
        page = context.new_page()
        page.set_default_timeout(120_000)
        yield page
        chromium.close()


def _offered(tab) -> list[str]:
    buttons = tab.locator(".play-choice")
    return [buttons.nth(i).get_attribute("data-label") for i in range(buttons.count())]


def _play_on_page(tab, site_url: str, game: str, variant: str, seed: int, prefer: tuple[str, ...], tmp_path: Path):
    """Click offered choices until the result appears, checking each offer against the engine."""
    started = time.monotonic()
    tab.goto(f"{site_url}/games/{game}/play-online.html")
    tab.locator(".play-choice").first.wait_for()
    first_choice = time.monotonic() - started
    tab.fill(".play-head input", str(seed))
    tab.click(".play-deal")
    tab.locator(".play-status", has_text=f"Deal {seed}.").wait_for()
    table = Table(game, variant, seed=seed, seat=0)  # the same table, natively, step by step
    clicks = 0
    while not table.state.is_terminal():
        tab.locator(".play-choice").first.wait_for()
        offered = _offered(tab)
        legal = [label_of(table.game, table.state, a) for a in table.state.legal_actions()]
        assert offered == legal, f"after {clicks} clicks"
        index = next((i for i, label in enumerate(offered) if label in prefer), clicks % len(offered))
        tab.locator(".play-choice").nth(index).click()
        table.choose(index)
        clicks += 1
        assert clicks < 200
    tab.locator(".play-result").wait_for()
    assert tab.locator(".play-choice").count() == 0
    shown = tab.locator(".play-result").inner_text()
    for line in table.view()["result"]["lines"]:
        assert line in shown
    record = tab.locator(".play-record").text_content()
    file = tmp_path / f"{game}.yaml"
    file.write_text(record, encoding="utf-8")
    with tab.expect_download() as download:
        tab.click(".play-export")
    assert Path(download.value.path()).read_text(encoding="utf-8") == record
    verified = subprocess.run([sys.executable, "-m", "cardrules.cli", "verify", str(file)], capture_output=True,
                              text=True, cwd=ROOT, timeout=120)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    replay = records.verify_file(file)
    assert replay.outcomes[0] == table.outcome()
    return first_choice, clicks


@in_browser
@pytest.mark.parametrize(("game", "variant", "prefer"), [
    ("fortuna", "four", ("играю",)),
    ("preferans", "sochi", ("вист", "пас")),
])
def test_a_whole_deal_is_played_on_its_page_and_its_record_verifies(tab, site_url, tmp_path, game, variant,
                                                                     prefer) -> None:
    first_choice, clicks = _play_on_page(tab, site_url, game, variant, 4, prefer, tmp_path)
    print(f"{game}: first choice offered {first_choice:.1f} s after the page was opened; {clicks} clicks")


@in_browser
def test_a_deal_diagram_steps_through_its_tricks(tab, site_url) -> None:
    tab.goto(f"{site_url}/games/fortuna/examples.html")
    figure = tab.locator(".deal", has=tab.locator(".deal-replay")).first
    tricks = figure.locator("ol.deal-tricks > li")
    total = tricks.count()
    assert total > 1
    figure.locator(".deal-replay-start").click()
    assert figure.locator("ol.deal-tricks > li:visible").count() == 0
    assert figure.locator(".deal-result").is_hidden()
    assert figure.locator(".deal-played").count() == 0
    figure.locator(".deal-replay-forward").click()
    assert figure.locator("ol.deal-tricks > li:visible").count() == 1
    assert figure.locator(".deal-played").count() >= 2  # the first trick's cards, struck out in the hands
    figure.locator(".deal-replay-back").click()
    assert figure.locator("ol.deal-tricks > li:visible").count() == 0
    for _ in range(total):
        figure.locator(".deal-replay-forward").click()
    assert figure.locator("ol.deal-tricks > li:visible").count() == total
    assert figure.locator(".deal-replay-status").inner_text().startswith(f"After trick {total} of {total}")
    assert figure.locator(".deal-result").is_visible() and figure.locator(".deal-replay-forward").is_disabled()


@in_browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_play_table_and_a_stepped_diagram_pass_axe(tab, site_url, scheme) -> None:
    """The play table as the reader uses it (a choice's rules opened; then the result) and a
    diagram stepped back to its first trick pass axe's WCAG 2 A and AA checks, in the light
    theme and in the dark one (furo follows the system's choice)."""
    from test_accessibility import AXE, RUN

    if not AXE.exists():
        pytest.skip("no node_modules/axe-core (run npm ci)")
    tab.emulate_media(color_scheme=scheme)
    axe = AXE.read_text(encoding="utf-8")
    problems = []

    def check(where: str) -> None:
        tab.add_script_tag(content=axe)
        problems.extend(f"{where}: {rule}: {target}: {summary.splitlines()[-1].strip()}"
                        for rule, target, summary in tab.evaluate(RUN))

    tab.goto(f"{site_url}/games/preferans/play-online.html")
    tab.locator(".play-choice").first.wait_for()
    tab.locator(".play-why-button").first.click()
    tab.locator(".play-why").first.wait_for()
    check("play table")
    while tab.locator(".play-result").count() == 0:
        tab.locator(".play-choice").first.click()
    check("play result")
    tab.goto(f"{site_url}/games/fortuna/examples.html")
    tab.locator(".deal-replay-start").first.click()
    tab.locator(".deal-replay-forward").first.click()
    check("stepped diagram")
    tab.emulate_media(color_scheme="light")
    assert not problems, "\n".join(problems)
