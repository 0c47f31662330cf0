"""The Fortuna pages and the Fortuna engine name the same clauses (the site build
checks it too; this test says so without building the site)."""

from pathlib import Path

from cardrules.edition import scan
from cardrules.rules import STATUSES, load_engine

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games" / "fortuna"


def clauses():
    return {c.id: c for c in scan(DOCS)}


def test_every_clause_is_implemented_or_says_why_not():
    load_engine()
    from cardrules.rules import implementations

    for cid, clause in clauses().items():
        assert clause.status in STATUSES, cid
        has_code = bool(implementations(cid))
        reason = clause.options.get("not-executable")
        assert has_code != bool(reason), f"{cid}: implemented={has_code}, not-executable={reason!r}"


def test_every_implemented_fortuna_clause_is_in_the_edition():
    known = clauses()
    for cid in load_engine():
        if cid.startswith("fortuna."):
            assert cid in known, f"the engine implements {cid}, which the edition lacks"


def test_clauses_are_bilingual_and_cited():
    for cid, clause in clauses().items():
        assert clause.russian and clause.english, cid
        assert any("а" <= ch <= "я" for ch in clause.russian.lower()), cid
        if clause.status in ("attested", "ambiguous"):
            assert clause.source.startswith("lesnoy1994, "), cid


def test_every_open_question_is_listed_on_the_commentary_page():
    text = (DOCS / "commentary.md").read_text(encoding="utf-8")
    for cid, clause in clauses().items():
        if clause.status in ("editorial", "ambiguous"):
            assert cid in text, f"{cid} ({clause.status}) is not listed in commentary.md"
