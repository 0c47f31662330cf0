"""The command line: each command on real records, and errors as one line with exit 2."""

import json
from pathlib import Path

from typer.testing import CliRunner

from cardrules.cli import app

ROOT = Path(__file__).resolve().parent.parent
ALL_PASS = str(ROOT / "examples" / "fortuna" / "four-all-pass.yaml")
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_verify_examples_passes() -> None:
    result = run("verify", str(ROOT / "examples"))
    assert result.exit_code == 0, result.output
    assert "0 failed" in result.output


def test_verify_reports_a_failing_record_and_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(Path(ALL_PASS).read_text(encoding="utf-8").replace("pool: 42", "pool: 43"), encoding="utf-8")
    result = run("verify", str(bad), ALL_PASS)
    assert result.exit_code == 1
    assert f"{bad}:" in result.output and "expect.pool" in result.output
    assert "1 verified, 1 failed" in result.output


def test_replay_tells_the_deal() -> None:
    result = run("replay", ALL_PASS)
    assert result.exit_code == 0, result.output
    assert "Анна (dealer)" in result.output
    assert "[fortuna.bidding.all-pass]" in result.output


def test_score_json() -> None:
    result = run("score", ALL_PASS, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["deals"][0]["chips"] == [0, -6, -6, -6]


def test_rules_lists_and_shows_clauses() -> None:
    listing = run("rules")
    assert listing.exit_code == 0 and "common.play.follow-suit" in listing.output
    one = run("rules", "common.play.follow-suit")
    assert one.exit_code == 0
    assert "attested" in one.output and "cardrules.tricks.legal_plays" in one.output


def test_rules_shows_the_titles_first(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "page.md").write_text(
        "````{rule} testgame.play.lead\n:status: editorial\n:title-ru: Кто ходит первым\n"
        ":title-en: Who leads first\n\nПервым ходит сосед слева.\n\n+++\n\nThe left-hand neighbour leads.\n````\n",
        encoding="utf-8",
    )
    result = run("rules", "testgame.play.lead", "--docs", str(docs))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Кто ходит первым · Who leads first"
    assert lines[1].startswith("testgame.play.lead")


def test_rules_of_the_edition_have_titles() -> None:
    first = run("rules", "common.play.follow-suit").output.splitlines()[0]
    ru, sep, en = first.partition(" · ")
    assert sep and ru.strip() and en.strip() and "common.play.follow-suit" not in first


def test_compare_variants() -> None:
    result = run("compare", "fortuna", "four", "three", "--differ")
    assert result.exit_code == 0, result.output
    assert "base_quota" in result.output and "partie_points" not in result.output


def test_errors_are_one_line_and_exit_2(tmp_path: Path) -> None:
    for args, words in [
        (("replay", str(tmp_path / "missing.yaml")), "cannot read"),
        (("rules", "fortuna.no.such-clause"), "no clause"),
        (("compare", "whist"), "no game 'whist'"),
        (("compare", "fortuna", "five"), "no variant five"),
    ]:
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output
        assert "Traceback" not in result.output
