"""The historian's apparatus is generated from the clauses: the register, the source
maps, the comparison, the JSON export and the ledger of ids (cardrules/apparatus.py).

The tests that add a clause work on a temporary copy of docs/, never on the pages."""

import json
import shutil
from pathlib import Path
from textwrap import dedent

import jsonschema
import pytest
from typer.testing import CliRunner

from cardrules import apparatus, rules, site
from cardrules.cli import app
from cardrules.edition import scan

DOCS = site.DOCS


@pytest.fixture(scope="module")
def clauses():
    return scan(DOCS)


@pytest.fixture(scope="module")
def seeds():
    return apparatus.load_seeds(DOCS)


@pytest.fixture
def docs_copy(tmp_path) -> Path:
    """A copy of the edition's pages (no build output) to add clauses to."""
    copy = tmp_path / "docs"
    shutil.copytree(DOCS, copy, ignore=shutil.ignore_patterns("_build"))
    return copy


NEW_CLAUSE = """

````{{rule}} fortuna.revoke.test-added
:status: attested
:source: lesnoy1994, «Фортуна», ревок
{problem}:title-ru: Добавленное тестом правило
:title-en: A clause the test adds

Правило, добавленное тестом.

+++

A clause the test adds.

+++

The entry's words here are {words}.
````
"""


def _add_clause(docs: Path, problem: str = "", words: str = "plain") -> None:
    page = docs / "games" / "fortuna" / "play.md"
    page.write_text(page.read_text(encoding="utf-8")
                    + NEW_CLAUSE.format(problem=f":problem: {problem}\n" if problem else "", words=words),
                    encoding="utf-8")


def test_citations_split_keys_places_and_continuations() -> None:
    found = apparatus.citations("kodeks1996, п. 3.8.1.1 и прим. к нему; lesnoy_pref, «Ленинградка»; "
                                "scribd_illustriert; pajcho_rules, §7 (the inviter's liability)")
    assert [(c.key, c.place) for c in found] == [
        ("kodeks1996", "п. 3.8.1.1 и прим. к нему"), ("lesnoy_pref", "«Ленинградка»"),
        ("scribd_illustriert", ""), ("pajcho_rules", "§7 (the inviter's liability)")]
    assert apparatus.citations("") == []


def test_every_citation_of_a_seed_finds_its_section(clauses, seeds) -> None:
    """Each seed's sections are declared once (docs/edition/seeds.yaml); every clause that
    cites a seed lands in a section of its map, none is left unplaced."""
    assert [s.id for s in seeds] == ["000", "001", "003", "004"]
    for seed in seeds:
        smap = apparatus.source_map(seed, clauses, seeds)
        assert smap.unplaced == [], (seed.id, [(c.id, x.place) for c, x in smap.unplaced])
        placed = {c.id for row in smap.rows for c in row.clauses}
        citing = {c.id for c in clauses for x in apparatus.citations(c.source) if apparatus.seed_of(x, seeds) is seed}
        assert placed == citing and citing, seed.id


def test_notes_to_the_code_and_the_variants_chapter_are_told_apart(clauses, seeds) -> None:
    """Both seeds 001 and 003 are lesnoy_pref: the place decides."""
    by_id = {c.id: c for c in clauses}
    note = apparatus.citations(by_id["preferans.procedure.dealer-slips"].source)[0]  # (exposed-card now cites the Code first)
    chapter = apparatus.citations(by_id["preference.austrian.pot"].source)[0]
    assert apparatus.seed_of(note, seeds).id == "001"
    assert apparatus.seed_of(chapter, seeds).id == "003"


def test_a_clause_added_to_a_copy_appears_on_its_source_map(docs_copy) -> None:
    before = {row.section.id: [c.id for c in row.clauses]
              for row in apparatus.source_map(apparatus.load_seeds(docs_copy)[0], scan(docs_copy)).rows}
    _add_clause(docs_copy)
    seeds = apparatus.load_seeds(docs_copy)
    after = apparatus.source_map(seeds[0], scan(docs_copy), seeds)
    rows = {row.section.id: [c.id for c in row.clauses] for row in after.rows}
    assert rows["revoke"] == before["revoke"] + ["fortuna.revoke.test-added"]
    assert all(rows[k] == v for k, v in before.items() if k != "revoke")


def test_a_section_no_clause_cites_is_flagged(docs_copy) -> None:
    text = (docs_copy / apparatus.SEEDS).read_text(encoding="utf-8")
    section = ("      - id: invented\n        paragraphs: \"99\"\n        ru: Раздел\n        en: A section\n"
               "        cites: ['nothing cites this']\n")
    (docs_copy / apparatus.SEEDS).write_text(text.replace("  - id: \"001\"", section + "\n  - id: \"001\"", 1),
                                             encoding="utf-8")
    seeds = apparatus.load_seeds(docs_copy)
    rows = {r.section.id: r for r in apparatus.source_map(seeds[0], scan(docs_copy), seeds).rows}
    assert rows["invented"].flagged
    assert not rows["revoke"].flagged and not rows["sense-1"].flagged  # cited; narrative


def test_register_holds_every_ambiguous_clause_and_every_marked_problem(clauses, seeds) -> None:
    entries = {p.clause.id: p for p in apparatus.register(clauses, seeds)}
    ambiguous = {c.id for c in clauses if c.status == "ambiguous"}
    marked = {c.id for c in clauses if c.options.get("problem")}
    assert ambiguous <= set(entries) and marked <= set(entries) and set(entries) == ambiguous | marked
    # the glyphs of Fortuna's petit souverain: damaged, with the option that plays the other reading
    glyphs = entries["fortuna.partie.petit-souverain-ace"]
    assert glyphs.kind == "damaged" and glyphs.seed.id == "000"
    assert [o.name for o in glyphs.options] == ["petit_aces"]
    # 003's lost tables are told as the seed's, although the rule comes from pagat
    assert entries["preference.austrian.suit-numbers"].kind == "missing"
    assert entries["preference.austrian.suit-numbers"].seed.id == "003"
    assert entries["piquet.royalik.partie-length"].kind == "contradictory"


def test_register_gives_each_preset_value_of_the_option(clauses, seeds) -> None:
    from cardrules.games.preferans.variants import PRESETS

    entry = next(p for p in apparatus.register(clauses, seeds) if p.clause.id == "preferans.whist.responsibility")
    (option,) = entry.options
    assert option.name == "whist_responsibility"
    assert dict(option.values) == {name: str(v.whist_responsibility) for name, v in PRESETS.items()}
    assert entry.summary  # the commentary's reading, as plain words


def test_a_problem_added_to_a_copy_appears_in_the_register(docs_copy) -> None:
    _add_clause(docs_copy, problem="damaged", words="garbled")
    seeds = apparatus.load_seeds(docs_copy)
    entry = next(p for p in apparatus.register(scan(docs_copy), seeds) if p.clause.id == "fortuna.revoke.test-added")
    assert (entry.kind, entry.seed.id, entry.game) == ("damaged", "000", "fortuna")
    assert entry.summary == "The entry's words here are garbled."


def test_problem_values_are_checked() -> None:
    assert apparatus.check_problem("contradictory") == "contradictory"
    for bad in ("", "lost", "missing 003 extra"):
        with pytest.raises(ValueError):
            apparatus.check_problem(bad)


def test_comparison_has_every_game_on_every_row(clauses) -> None:
    from cardrules.games import GAMES

    ids = {c.id for c in clauses}
    table = apparatus.comparison()
    assert [game for game, _, _ in table] == list(GAMES)
    for game, _, facts in table:
        assert set(facts) == {key for key, _, _ in apparatus.ROWS}, game
        for text, clause_id in facts.values():
            assert text and clause_id in ids, (game, clause_id)


def test_comparison_is_worded_from_the_parameters() -> None:
    from cardrules.games.piquet.variants import PRESETS as PIQUET
    from cardrules.games.preferans.variants import SOCHI

    assert "after round 1" in apparatus.FACTS["preferans"](SOCHI)["deal"][0]
    assert "after round 2" in apparatus.FACTS["preferans"](rules.with_options(SOCHI, {"talon_round": 2}))["deal"][0]
    assert "10 each; a stock of 2" in apparatus.FACTS["piquet"](PIQUET["three"])["deal"][0]


def test_export_validates_and_holds_every_clause(clauses) -> None:
    data = apparatus.export(DOCS)
    jsonschema.validate(data, apparatus.schema(DOCS))
    assert [c["id"] for c in data["clauses"]] == [c.id for c in clauses]
    quota = next(c for c in data["clauses"] if c["id"] == "fortuna.bidding.quota")
    assert quota["url"] == "games/fortuna/bidding.html#fortuna.bidding.quota"
    assert quota["implementations"] and all((DOCS.parent / i["path"]).is_file() for i in quota["implementations"])
    assert {p["name"] for p in quota["parameters"]} == {"base_quota"}
    assert sum(bool(c["examples"]) for c in data["clauses"]) > 100
    assert all(e.startswith(">>>") for c in data["clauses"] for e in c["examples"])


def test_schema_rejects_a_clause_without_status() -> None:
    data = apparatus.export(DOCS)
    del data["clauses"][0]["status"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, apparatus.schema(DOCS))


def test_cli_export_writes_the_same_document(tmp_path) -> None:
    out = tmp_path / "edition.json"
    result = CliRunner().invoke(app, ["export", "--json", "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    jsonschema.validate(data, apparatus.schema(DOCS))
    assert data == json.loads(json.dumps(apparatus.export(DOCS), ensure_ascii=False))
    assert CliRunner().invoke(app, ["export"]).exit_code == 2  # no format said


def test_implementations_registry_is_loaded_for_export() -> None:
    rules.load_engine()
    data = apparatus.export(DOCS)
    missing = [c["id"] for c in data["clauses"] if not c["implementations"] and not c["not_executable"]]
    assert missing == []
