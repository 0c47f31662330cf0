"""The site builds with -W into a fresh folder, and the build enforces the clause checks."""

import re
from pathlib import Path
from textwrap import dedent

import pytest

from cardrules import site
from cardrules.rules import forget, implements
from conftest import clause_uri

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
