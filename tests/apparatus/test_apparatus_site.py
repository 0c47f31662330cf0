"""The apparatus on the built site: its pages, edition.json beside objects.inv, retired
ids kept as anchors, and links from another Sphinx project through intersphinx."""

import json
import re
from pathlib import Path
from textwrap import dedent

import jsonschema
import pytest

from cardrules import apparatus, site
from cardrules.edition import scan
from cardrules.rules import forget, implements
from conftest import _inventory, clause_ids

pytestmark = pytest.mark.slow


def test_edition_json_holds_every_id_of_the_inventory(built_site: Path) -> None:
    data = json.loads((built_site / "edition.json").read_text(encoding="utf-8"))
    schema = json.loads((built_site / "edition.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(data, schema)
    exported = {c["id"] for c in data["clauses"]} | {r["id"] for r in data["retired"]}
    assert exported == clause_ids(built_site)
    inventory = _inventory(built_site)["clause:rule"]
    for clause in data["clauses"]:
        assert inventory[clause["id"]].uri == clause["url"], clause["id"]


def test_register_page_lists_every_problem(built_site: Path) -> None:
    page = (built_site / "edition" / "register.html").read_text(encoding="utf-8")
    problems = apparatus.register(scan(site.DOCS), apparatus.load_seeds(site.DOCS))
    assert problems and page.count('class="register-entry') == len(problems)
    for p in problems:
        assert f'#{p.clause.id}"' in page, p.clause.id
    entries = page.split('<div class="register-entry')[1:]
    (glyphs,) = [e for e in entries if '#fortuna.partie.petit-souverain-ace"' in e.split("</p>")[0]]
    assert glyphs.startswith(" game-fortuna source-000-lesnoy1994 kind-damaged")
    assert "fortuna.petit_aces" in glyphs  # the engine option that plays the other reading of the glyphs


def test_source_maps_link_their_clauses_and_flag_the_rest(built_site: Path) -> None:
    seeds = apparatus.load_seeds(site.DOCS)
    for seed in seeds:
        page = (built_site / "edition" / f"source-{seed.id}.html").read_text(encoding="utf-8")
        smap = apparatus.source_map(seed, scan(site.DOCS), seeds)
        assert page.count('class="source-map-flagged') == sum(r.flagged for r in smap.rows), seed.id
        for row in smap.rows:
            for clause in row.clauses:
                assert f'#{clause.id}"' in page, (seed.id, clause.id)


def test_comparison_page_has_every_game_and_the_family(built_site: Path) -> None:
    page = (built_site / "edition" / "comparison.html").read_text(encoding="utf-8")
    for game, preset, _ in apparatus.comparison():
        assert f"{game} ({preset})" in page
    for _, _, en in apparatus.ROWS:
        assert f"<strong>{en}</strong>" in page
    assert "preference croatian" in page and "preferans classic" in page  # the family's own rows


CONF = ('extensions = ["myst_parser", "cardrules.sphinxext"]\nhtml_search_language = "ru_en"\n'
        'suppress_warnings = ["myst.xref_missing"]\n')
PAGE = """\
# Test

```{rule} testgame.play.lead
:status: editorial
:problem: missing
:title-ru: Кто ходит первым
:title-en: Who leads first

Первым ходит сидящий слева от сдатчика.

+++

The player on the dealer's left leads first.

+++

The source breaks off before it says who leads.
```

```{retired} testgame.play.old-lead
:successor: testgame.play.lead

Merged into the lead clause.
```

## Register

```{problem-register}
```
"""


@pytest.fixture
def tiny_site(tmp_path, capfd) -> Path:
    """A one-page edition with one troubled clause and one retired id. The engine's games
    implement clauses this page lacks, so the build is not strict; its only warnings must
    be those."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(CONF)
    (docs / "index.md").write_text(PAGE, encoding="utf-8")

    @implements("testgame.play.lead")
    def lead() -> int:
        return 1

    try:
        html = site.build(tmp_path / "html", docs, strict=False)
    finally:
        forget("testgame.")
    expected = ("which no clause of the edition defines", "but has no docs/games/")  # the games' pages are absent
    warnings = [line for line in capfd.readouterr().err.splitlines() if "WARNING" in line]
    others = [w for w in warnings if not any(e in w for e in expected)]
    assert warnings and not others, others[:3]
    return html


def test_a_clause_added_appears_in_the_built_register(tiny_site: Path) -> None:
    page = (tiny_site / "index.html").read_text(encoding="utf-8")
    entry = page[page.index('class="register-entry'):]
    assert "kind-missing" in entry[:200] and 'href="#testgame.play.lead"' in entry
    assert "The source breaks off before it says who leads." in entry


def test_a_retired_id_keeps_its_anchor_and_links_its_successor(tiny_site: Path) -> None:
    page = (tiny_site / "index.html").read_text(encoding="utf-8")
    stub = page[page.index('id="testgame.play.old-lead"'):]
    assert re.search(r'href="#testgame\.play\.lead"', stub[:1000])
    assert _inventory(tiny_site)["clause:rule"]["testgame.play.old-lead"].uri == "index.html#testgame.play.old-lead"
    data = json.loads((tiny_site / "edition.json").read_text(encoding="utf-8"))
    jsonschema.validate(data, apparatus.schema(site.DOCS))
    assert data["retired"][0]["successor"] == "testgame.play.lead"


def test_another_project_links_clauses_through_intersphinx(tiny_site: Path, tmp_path) -> None:
    """What docs/edition/data.md tells a citing project to write, built with -W."""
    other = tmp_path / "other"
    other.mkdir()
    (other / "conf.py").write_text(dedent(f"""\
        extensions = ["myst_parser", "sphinx.ext.intersphinx", "cardrules.sphinxext.domain"]
        intersphinx_mapping = {{"cardrules": ({str(tiny_site)!r}, {str(tiny_site / "objects.inv")!r})}}
        """))
    (other / "index.md").write_text(dedent("""\
        # Citing

        A role: {external+cardrules:clause:rule}`testgame.play.lead`.
        A retired id: {external+cardrules:clause:rule}`testgame.play.old-lead`.
        A MyST link: <inv:cardrules:clause:rule#testgame.play.lead>.
        """), encoding="utf-8")
    html = site.build(tmp_path / "other-html", other)
    page = (html / "index.html").read_text(encoding="utf-8")
    assert page.count("index.html#testgame.play.lead") == 2
    assert "index.html#testgame.play.old-lead" in page


def test_retired_ids_and_the_register_survive_a_parallel_read(tmp_path) -> None:
    """With ``-j 2`` (Sphinx reads in workers from six pages on) the retired ids noted by
    the workers come back to the main process and reach objects.inv."""
    from sphinx.cmd.build import build_main

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(CONF)
    fillers = [f"filler{i}" for i in range(6)]
    (docs / "index.md").write_text(PAGE + "\n```{toctree}\n" + "".join(f"{f}\n" for f in fillers) + "```\n",
                                   encoding="utf-8")
    for f in fillers:
        (docs / f"{f}.md").write_text(f"# {f}\n\nNothing here.\n", encoding="utf-8")

    @implements("testgame.play.lead")
    def lead() -> int:
        return 1

    try:
        out = tmp_path / "html"
        # not strict: the engine names clauses of the real edition that this project lacks
        assert build_main(["-b", "html", "-q", "-j", "2", "-d", str(tmp_path / "doctrees"), str(docs), str(out)]) == 0
    finally:
        forget("testgame.")
    assert _inventory(out)["clause:rule"]["testgame.play.old-lead"].uri == "index.html#testgame.play.old-lead"
    assert 'class="register-entry' in (out / "index.html").read_text(encoding="utf-8")
