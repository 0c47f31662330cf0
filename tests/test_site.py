"""The site builds with -W into a fresh folder, and the build enforces the clause checks."""

import re
from pathlib import Path
from textwrap import dedent

import json
import re

import pytest

from cardrules import site
from cardrules.edition import scan
from cardrules.rules import forget, implements
from conftest import clause_ids, clause_uri

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def test_site_builds_without_warnings(built_site: Path) -> None:
    for page in ("index.html", "coverage.html", "glossary.html", "sources.html", "searchindex.js", "objects.inv"):
        assert (built_site / page).is_file(), page


def test_clause_ids_are_in_the_inventory(built_site: Path) -> None:
    uri = clause_uri(built_site, "common.play.follow-suit")
    assert uri.endswith("#common.play.follow-suit")
    page = (built_site / uri.split("#")[0]).read_text(encoding="utf-8")
    assert 'id="common.play.follow-suit"' in page


def _titles(clause_id: str) -> tuple[str, str]:
    (c,) = [c for c in scan(site.DOCS) if c.id == clause_id]
    return c.title_ru, c.title_en


def test_clause_heading_shows_both_titles(built_site: Path) -> None:
    ru, en = _titles("fortuna.bidding.quota")
    assert ru and en
    uri = clause_uri(built_site, "fortuna.bidding.quota")
    page = (built_site / uri.split("#")[0]).read_text(encoding="utf-8")
    box = page[page.index('id="fortuna.bidding.quota"'):]
    heading = re.search(r'<h([2-6]) class="clause-title">(.*?)</h\1>', box, re.S)
    assert heading and box.index(heading.group(0)) < box.index("clause-status")  # the heading opens the clause
    assert f'<span class="clause-title-ru" lang="ru">{ru}</span>' in heading.group(2)
    assert f'<span class="clause-title-en" lang="en">{en}</span>' in heading.group(2)


def test_search_data_names_each_clause_by_its_titles(built_site: Path) -> None:
    """The search page's own index (cardrules-search-data.js): a clause hit shows its
    titles and its text, and links to the clause's page and anchor."""
    text = (built_site / "_static" / "cardrules-search-data.js").read_text(encoding="utf-8")
    data = json.loads(text[text.index("=") + 1:].strip().rstrip(";"))
    rows = {row[0]: row for row in data["clauses"]}
    ru, en = _titles("fortuna.bidding.quota")
    cid, uri, title_ru, title_en, text_ru, text_en = rows["fortuna.bidding.quota"]
    assert (uri, title_ru, title_en) == ("games/fortuna/bidding.html", ru, en)
    assert "играю" in text_ru and "tricks" in text_en
    # every clause of the site is there, and every glossary form points at its entry
    assert len(rows) == len(clause_ids(built_site))
    assert data["terms"]["козыри"][0] == "козырь" and data["terms"]["козыри"][3] == "common.play.trump"


def test_coverage_page_counts_common_ground(built_site: Path) -> None:
    page = (built_site / "coverage.html").read_text(encoding="utf-8")
    # the row of the common ground counts the common.* clauses the pages define (docs/common and
    # the front page), read
    # here from the pages' sources, not from the engine
    defined = sum(len(re.findall(r"^`{3,}\{rule\} common\.", p.read_text(encoding="utf-8"), re.M))
                  for p in (ROOT / "docs").rglob("*.md") if "_build" not in p.parts)
    assert defined > 0
    row = re.search(r"<td><p>common</p></td>\s*<td><p>(\d+)</p></td>", page)
    assert row, "coverage.html has a row for the common ground"
    assert int(row.group(1)) == defined
    assert "Clauses with no implementation" in page


def test_home_page_lists_exactly_the_games_that_exist(built_site: Path) -> None:
    import re

    from cardrules.games import GAMES

    folders = sorted(p.parent.name for p in (site.DOCS / "games").glob("*/index.md"))
    assert sorted(GAMES) == folders  # the build warns otherwise; this says it once more
    page = (built_site / "index.html").read_text(encoding="utf-8")
    listed = re.findall(r'<li class="game-list-item" id="game-([a-z-]+)"', page)
    assert sorted(listed) == folders
    assert "In preparation" not in page and "in preparation" not in page


# --- the build's checks, on small projects of their own ---------------------------------

CONF = 'extensions = ["myst_parser", "cardrules.sphinxext"]\nhtml_search_language = "ru_en"\n'


def _project(tmp_path: Path, page: str) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(CONF)
    (docs / "index.md").write_text(dedent(page), encoding="utf-8")
    return docs


def _build(tmp_path: Path, docs: Path, capsys) -> str:
    with pytest.raises(site.SiteError):
        site.build(tmp_path / "html", docs)
    return capsys.readouterr().err


CLAUSE = """\
    # Test

    ```{rule} testgame.play.lead
    :status: editorial
    :title-ru: Кто ходит первым
    :title-en: Who leads first

    Первым ходит сидящий слева от сдатчика.

    +++

    The player on the dealer's left leads first.
    ```
    """


def test_clause_without_implementation_fails_the_build(tmp_path, capsys) -> None:
    docs = _project(tmp_path, CLAUSE)
    err = _build(tmp_path, docs, capsys)
    assert "clause testgame.play.lead has no implementation" in err
    assert "index.md:3" in err


def test_implementation_of_unknown_clause_fails_the_build(tmp_path, capsys) -> None:
    @implements("testgame.play.lead", "testgame.play.nowhere")
    def lead() -> int:
        return 1

    try:
        docs = _project(tmp_path, CLAUSE)
        err = _build(tmp_path, docs, capsys)
        assert "implements 'testgame.play.nowhere', which no clause of the edition defines" in err
        assert "test_site.py:" in err  # the file and line of the code
        assert "testgame.play.lead has no implementation" not in err
    finally:
        forget("testgame.")


def test_duplicate_clause_id_fails_the_build(tmp_path, capsys) -> None:
    docs = _project(tmp_path, CLAUSE + CLAUSE.replace("# Test", ""))
    err = _build(tmp_path, docs, capsys)
    assert "duplicate clause id testgame.play.lead" in err


def test_reference_to_unknown_clause_fails_the_build(tmp_path, capsys) -> None:
    @implements("testgame.play.lead")
    def lead() -> int:
        return 1

    try:
        docs = _project(tmp_path, CLAUSE + "\nSee {rule}`testgame.play.missing`.\n")
        err = _build(tmp_path, docs, capsys)
        assert "testgame.play.missing" in err
    finally:
        forget("testgame.")


def test_clause_needs_both_languages(tmp_path, capsys) -> None:
    docs = _project(tmp_path, CLAUSE.replace("    +++\n", ""))
    err = _build(tmp_path, docs, capsys)
    assert "write the Russian text" in err


@pytest.mark.parametrize("drop", [(":title-ru:",), (":title-en:",), (":title-ru:", ":title-en:")])
def test_clause_needs_both_titles(tmp_path, capsys, drop) -> None:
    page = "".join(line for line in CLAUSE.splitlines(keepends=True) if not line.strip().startswith(drop))
    docs = _project(tmp_path, page)
    err = _build(tmp_path, docs, capsys)
    assert "clause testgame.play.lead: give its short title in both languages" in err
    assert "index.md:3" in err


def test_deal_record_that_does_not_verify_fails_the_build(tmp_path, capsys) -> None:
    record = (Path(__file__).resolve().parent.parent / "examples" / "fortuna" / "four-all-pass.yaml").read_text(encoding="utf-8")
    page = "# Deal\n\n```{deal}\n" + record.replace("pool: 42", "pool: 41") + "```\n"
    docs = _project(tmp_path, page)
    err = _build(tmp_path, docs, capsys)
    assert "the record does not verify" in err
    assert "expect.pool: the record says 41, the rules give 42" in err
    assert "index.md:3" in err  # the page and line of the directive


def test_pulka_sheets_are_drawn_from_the_records(built_site: Path) -> None:
    page = (built_site / "games" / "preferans" / "examples.html").read_text(encoding="utf-8")
    assert page.count('class="score-sheet docutils container"') == 5  # one per variant's pulka
    assert page.count("<svg") >= 5 and 'role="img"' in page
    assert "preferans.settlement.netting" in page
