"""Sybil collects every example of the edition (docs/*.md) and of the engine's
docstrings (cardrules/**/*.py) as pytest tests; the fixtures build the site once
per session and serve it on 127.0.0.1."""

import os
import threading
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from pathlib import Path

import pytest
from hypothesis import settings

from sybil import Sybil
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser

from cardrules import site

# CI runs the property tests on a fixed sequence of examples, so that a clean checkout
# of main is green or red for a reason and the same reason twice; on a developer's
# machine they explore new examples on every run.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE

#: The pages' examples: ```python fences (doctests when they start with >>>).
#: Backtick fences only: Sybil does not look inside colon fences, and a guard
#: test (tests/test_doc_examples.py) fails on any >>> it did not collect.
DOCS = Sybil(parsers=[PythonCodeBlockParser(doctest_optionflags=FLAGS), SkipParser()],
             patterns=["*.md"], path="docs", excludes=["_build/*"])
#: The docstrings of the engine.
CODE = Sybil(parsers=[DocTestParser(optionflags=FLAGS)], patterns=["*.py"], path="cardrules")

pytest_collect_file = (DOCS + CODE).pytest()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The whole site, built with -W into a fresh folder (never reusing an old build)."""
    return site.build(tmp_path_factory.mktemp("site") / "html", strict=True, fresh=True)


@pytest.fixture(scope="session")
def site_url(built_site: Path):
    """The built site served over HTTP on a free port of 127.0.0.1."""
    server = site.make_server(built_site, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def clause_uri(built_site: Path, clause_id: str) -> str:
    """The page and anchor of a clause, as the site's objects.inv records them."""
    return _inventory(built_site)["clause:rule"][clause_id].uri


def clause_ids(built_site: Path) -> set[str]:
    """Every clause id in the site's objects.inv."""
    return set(_inventory(built_site)["clause:rule"])


def _inventory(built_site: Path):
    from sphinx.util.inventory import InventoryFile

    with open(built_site / "objects.inv", "rb") as f:
        return InventoryFile.load(f, "", lambda base, uri: uri)


def mutate(lines: list[str], op: str, i: int, j: int, junk: str, pos: int) -> str:
    """A record's lines damaged one way: a line deleted, duplicated, swapped with
    another, a character replaced, or ``junk`` inserted; the text that results."""
    lines = list(lines)
    if op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(i, lines[i])
    elif op == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    else:
        line = lines[i]
        k = pos % max(1, len(line))
        tail = line[k + 1:] if op == "replace-char" else line[k:]
        lines[i] = line[:k] + ((junk[:1] or "x") if op == "replace-char" else junk) + tail
    return "".join(lines)


def assert_fails_with_a_location(text: str) -> None:
    """A damaged record either still verifies or fails with a RecordError that names a
    line of the text and a field; any other exception fails the test."""
    from cardrules import records

    try:
        records.verify(text, "mutated.yaml")
    except records.RecordError as err:
        assert err.file == "mutated.yaml" and err.field
        assert 1 <= err.line <= max(1, text.count("\n") + 1)
