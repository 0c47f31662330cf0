"""Statuses mean one thing: the build check of cardrules.sphinxext.statuses fails each
kind of bad clause, with its page and line, and passes the edition as it stands."""

from dataclasses import dataclass
from pathlib import Path
from textwrap import dedent

import pytest

from cardrules import site
from cardrules.edition import ClauseText, scan
from cardrules.rules import forget, implements, load_engine, param, variant_parameters
from cardrules.sphinxext.statuses import SEEDS, bib_keys, cited_keys, options_of, status_problems

ROOT = Path(__file__).resolve().parent.parent
BIB = ROOT / "docs" / "references.bib"
KEYS = {"lesnoy1994", "lesnoy_pref", "rozaliev1991", "kodeks1996", "parlett2008", "cavendish1882"}


def clause(status: str, source: str, commentary: str = "", **options: str) -> ClauseText:
    return ClauseText("demo.play.lead", {"status": status, "source": source, **options},
                      "Первым ходит сосед сдатчика слева.", "The dealer's left-hand neighbour leads.",
                      commentary, Path("docs/demo.md"), 7)


def problems(c: ClauseText, options=lambda clause: []) -> list[str]:
    found = status_problems([c], known_keys=KEYS, options=options)
    assert all((path, line) == ("docs/demo.md", 7) for path, line, _ in found)
    return [message for _, _, message in found]


def test_the_seeds_are_keys_of_the_bibliography() -> None:
    assert set(SEEDS) <= bib_keys([BIB])
    assert sorted(f for files in SEEDS.values() for f in files) == ["000", "001", "003", "004"]


def test_a_source_cites_every_key_of_its_segments() -> None:
    assert cited_keys("rozaliev1991, «32. а. Пикет»; cavendish1882, Laws of Piquet, law 4", {"cavendish1882"}) == [
        "rozaliev1991", "cavendish1882"]
    assert cited_keys("lesnoy1994, «Фортуна», карты; варианты", KEYS) == ["lesnoy1994"]


@pytest.mark.parametrize("source", ["parlett2008, «Trick-taking games»", "kodeks1996, 3.2; lesnoy_pref, notes", ""])
def test_attested_must_cite_a_seed_first(source) -> None:
    (message,) = problems(clause("attested", source))
    assert "is attested, but its :source: cites no seed first" in message


def test_attested_may_not_lean_on_another_work() -> None:
    (message,) = problems(clause("attested", "lesnoy1994, «Фортуна»; parlett2008, ch. 1"))
    assert "also cites parlett2008, which is no seed" in message


def test_attested_citing_seeds_passes() -> None:
    assert problems(clause("attested", "lesnoy1994, «Фортуна», карты; rozaliev1991, «Семерик»")) == []


@pytest.mark.parametrize("source", ["rozaliev1991, «Пикет», начало главы", "lesnoy1994, x; lesnoy_pref, y"])
def test_completed_must_cite_another_work(source) -> None:
    (message,) = problems(clause("completed", source))
    assert "is completed, but its :source: cites only seeds" in message


def test_completed_citing_another_work_passes() -> None:
    assert problems(clause("completed", "rozaliev1991, «Пикет»; cavendish1882, law 4")) == []
    assert problems(clause("completed", "kodeks1996, 3.2")) == []


def test_ambiguous_must_name_an_engine_option() -> None:
    (message,) = problems(clause("ambiguous", "lesnoy1994, «Фортуна»"))
    assert "is ambiguous, but no engine option plays its readings" in message
    assert problems(clause("ambiguous", "lesnoy1994, x"), options=lambda c: ["Variant.lead"]) == []
    assert problems(clause("ambiguous", "lesnoy1994, x", **{"no-option": "both readings play alike"})) == []


class DemoVariant:  # made a variant, and so registered, only inside the test below
    lead: str = param("left", clause="demo.play.lead", doc="who leads", choices=("left", "right"))
    stake: int = param(24, clause="demo.pool.stake", doc="the stake", low=0, high=100)


def test_an_option_is_a_parameter_declared_for_the_clause_or_named_by_it() -> None:
    variant_parameters(dataclass(frozen=True)(DemoVariant))
    try:
        assert options_of(clause("ambiguous", "lesnoy1994, x")) == ["DemoVariant.lead"]
        other = ClauseText("demo.play.other", {"status": "ambiguous", "source": "lesnoy1994, x"}, "…", "…",
                           "The other reading is `stake=12`.", Path("docs/demo.md"), 9)
        assert options_of(other) == ["stake"]
        silent = ClauseText("demo.play.other", {"status": "ambiguous", "source": "lesnoy1994, x"}, "…", "…",
                            "No option here; `nothing=1` is no parameter.", Path("docs/demo.md"), 9)
        assert options_of(silent) == []
    finally:
        forget("demo.")


def test_editorial_is_not_checked() -> None:
    assert problems(clause("editorial", "")) == []


def test_the_edition_passes_the_check() -> None:
    load_engine()
    assert status_problems(scan(ROOT / "docs"), known_keys=bib_keys([BIB])) == []


PAGE = """\
    # Test

    ```{rule} testgame.play.lead
    :status: completed
    :source: lesnoy1994, «Фортуна», торговля
    :title-ru: Кто ходит первым
    :title-en: Who leads first

    Первым ходит сидящий слева от сдатчика.

    +++

    The player on the dealer's left leads first.
    ```
    """


@pytest.mark.slow
def test_a_bad_status_fails_the_build_with_page_and_line(tmp_path, capsys) -> None:
    @implements("testgame.play.lead")
    def lead() -> int:
        return 1

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text('extensions = ["myst_parser", "sphinxcontrib.bibtex", "cardrules.sphinxext"]\n'
                                  'bibtex_bibfiles = ["references.bib"]\nhtml_search_language = "ru_en"\n')
    (docs / "references.bib").write_text("@misc{lesnoy1994,\n  title = {Игорный дом},\n  year = {1994},\n}\n",
                                         encoding="utf-8")
    (docs / "index.md").write_text(dedent(PAGE), encoding="utf-8")
    try:
        with pytest.raises(site.SiteError):
            site.build(tmp_path / "html", docs)
        err = capsys.readouterr().err
        assert "clause testgame.play.lead is completed, but its :source: cites only seeds (lesnoy1994)" in err
        assert "index.md:3" in err
    finally:
        forget("testgame.")
