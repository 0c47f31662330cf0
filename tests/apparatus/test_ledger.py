"""Ids that last: docs/edition/ids.yaml holds every clause id with its status and titles;
an id may not disappear or change meaning without the ledger saying so."""

import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from cardrules import apparatus, site
from cardrules.cli import app
from cardrules.edition import scan


@pytest.fixture
def docs_copy(tmp_path) -> Path:
    copy = tmp_path / "docs"
    shutil.copytree(site.DOCS, copy, ignore=shutil.ignore_patterns("_build"))
    return copy


def _title(docs: Path, clause_id: str) -> str:
    return next(c.title_en for c in scan(docs) if c.id == clause_id)


def _retitle(docs: Path) -> None:
    """Give fortuna.bidding.quota another English title."""
    _edit(docs / "games/fortuna/bidding.md", f":title-en: {_title(docs, 'fortuna.bidding.quota')}",
          ":title-en: Tricks a declarer owes")


def _edit(page: Path, old: str, new: str) -> None:
    text = page.read_text(encoding="utf-8")
    assert old in text
    page.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_pages_agree_with_the_ledger() -> None:
    assert apparatus.check_ledger(site.DOCS) == []


def test_a_changed_title_must_be_acknowledged(docs_copy) -> None:
    _retitle(docs_copy)
    (problem,) = apparatus.check_ledger(docs_copy)
    assert problem.startswith("fortuna.bidding.quota: title-en is now 'Tricks a declarer owes'")
    changes, text = apparatus.acknowledge(docs_copy)
    assert changes == ["changed fortuna.bidding.quota"]
    (docs_copy / apparatus.LEDGER).write_text(text, encoding="utf-8")
    assert apparatus.check_ledger(docs_copy) == []


def test_a_changed_status_must_be_acknowledged(docs_copy) -> None:
    page = docs_copy / "games/fortuna/bidding.md"
    text = page.read_text(encoding="utf-8")
    start = text.index("{rule} fortuna.bidding.quota")
    status = text.index(":status:", start)
    end = text.index("\n", status)
    page.write_text(text[:status] + ":status: editorial" + text[end:], encoding="utf-8")
    problems = apparatus.check_ledger(docs_copy)
    assert any(p.startswith("fortuna.bidding.quota: status is now 'editorial'") for p in problems)


def test_an_id_may_not_disappear_unless_retired(docs_copy) -> None:
    _edit(docs_copy / "games/fortuna/bidding.md", "{rule} fortuna.bidding.quota", "{rule} fortuna.bidding.tricks-owed")
    problems = apparatus.check_ledger(docs_copy)
    assert any(p.startswith("fortuna.bidding.quota: in the ledger but no page defines it") for p in problems)
    assert any(p.startswith("fortuna.bidding.tricks-owed: a new id") for p in problems)
    # retire it: a {retired} block keeps the anchor, the ledger names the successor
    with open(docs_copy / "games/fortuna/bidding.md", "a", encoding="utf-8") as f:
        f.write("\n```{retired} fortuna.bidding.quota\n:successor: fortuna.bidding.tricks-owed\n\nRenamed.\n```\n")
    ledger = yaml.safe_load((docs_copy / apparatus.LEDGER).read_text(encoding="utf-8"))
    ledger["retired"] = {"fortuna.bidding.quota": {"successor": "fortuna.bidding.tricks-owed"}}
    ledger["clauses"]["fortuna.bidding.tricks-owed"] = ledger["clauses"]["fortuna.bidding.quota"]
    (docs_copy / apparatus.LEDGER).write_text(yaml.safe_dump(ledger, allow_unicode=True), encoding="utf-8")
    assert apparatus.check_ledger(docs_copy) == []
    assert apparatus.export(docs_copy)["retired"] == [{
        "id": "fortuna.bidding.quota", "successor": "fortuna.bidding.tricks-owed",
        "page": "games/fortuna/bidding", "url": "games/fortuna/bidding.html#fortuna.bidding.quota"}]


def test_a_retired_id_keeps_its_anchor_and_is_never_reused(docs_copy) -> None:
    ledger = yaml.safe_load((docs_copy / apparatus.LEDGER).read_text(encoding="utf-8"))
    ledger["retired"] = {"fortuna.bidding.quota": {"successor": "fortuna.bidding.order"}}
    (docs_copy / apparatus.LEDGER).write_text(yaml.safe_dump(ledger, allow_unicode=True), encoding="utf-8")
    problems = apparatus.check_ledger(docs_copy)
    assert "fortuna.bidding.quota: retired in the ledger but defined again; a retired id is never reused" in problems
    assert "fortuna.bidding.quota: retired, but no page keeps its anchor with a {retired} block" in problems


def test_a_retired_block_in_an_example_is_no_block(docs_copy) -> None:
    """docs/edition/ids.md shows a {retired} block inside a code example: not a real one."""
    assert "{retired} fortuna.play.old-rule" in (docs_copy / "edition/ids.md").read_text(encoding="utf-8")
    assert apparatus.retired_ids(docs_copy) == {}


def test_cli_ids_checks_and_acknowledges(docs_copy) -> None:
    runner = CliRunner()
    assert runner.invoke(app, ["ids", "--docs", str(docs_copy)]).exit_code == 0
    _retitle(docs_copy)
    failed = runner.invoke(app, ["ids", "--docs", str(docs_copy)])
    assert failed.exit_code == 1 and "fortuna.bidding.quota: title-en" in failed.output
    done = runner.invoke(app, ["ids", "--acknowledge", "--docs", str(docs_copy)])
    assert done.exit_code == 0 and "changed fortuna.bidding.quota" in done.output
    assert runner.invoke(app, ["ids", "--docs", str(docs_copy)]).exit_code == 0
