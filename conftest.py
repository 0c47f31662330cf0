"""Sybil collects every example of the edition (docs/*.md) and of the engine's
docstrings (cardrules/**/*.py) as pytest tests; the fixtures build the site once
per session and serve it on 127.0.0.1."""

import os
import threading
from collections import Counter
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from pathlib import Path

import pytest
from _pytest.assertion.rewrite import PYC_TAIL
from hypothesis import settings

from sybil import Sybil
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser

from cardrules import site

# CI runs the property tests on a fixed sequence of examples, so that a clean checkout
# of main is green or red for a reason and the same reason twice; on a developer's
# machine they explore new examples on every run.
# Neither profile has a deadline: speed is measured by `cardrules bench`, never asserted in
# a test, and on a loaded machine a 200 ms deadline fails tests for no rule at all.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

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

def refusal(state, action: int, snapshot, game: str) -> tuple[str | None, str | None]:
    """Apply an action that must be illegal: (the clause that refused it, what is wrong).
    Nothing is wrong when `state` refuses it with an IllegalAction naming a clause of
    `game` and a message, and `snapshot(state)` is the same after it. For the tests that try every illegal action of many positions: they
    gather these and assert once, because each `assert` that holds has its explanation
    (a whole state's repr) formatted for the assertion-counting hook below, which made
    such a test take minutes instead of a second."""
    from cardrules.engine import IllegalAction

    before = snapshot(state)
    try:
        state.apply(action)
    except IllegalAction as err:
        if not (err.clause_id.startswith(game + ".") and err.message):
            return err.clause_id, f"action {action}: refused without a {game} clause or message: {err!r}"
        if snapshot(state) != before:
            return err.clause_id, f"action {action}: the refusal ({err.clause_id}) changed the state"
        return err.clause_id, None
    return None, f"action {action}: accepted"


# --- the guard against tests that cannot fail ---------------------------------------
#
# A test under tests/ passes only if its body ran at least one check: an ``assert``
# that held (counted by pytest's ``pytest_assertion_pass`` hook, switched on by
# ``enable_assertion_pass_hook`` in pyproject.toml) or a ``pytest.raises`` /
# ``pytest.warns`` that caught what it expected. A test whose only assertions sit
# in a branch that its seeds never reach, or that loops over an empty list, fails
# with "ran no assertion" instead of passing. (The docs' and docstrings' examples
# are not pytest functions and are not concerned: each compares its output.)
#
# Why a hook and not ``sys.settrace``: tracing slows every line of the engine and
# is the coverage tool's slot; the hook costs one call per assertion that held.
# What it does not see: a test with one unconditional assertion and a second,
# guarded one that never runs. Those tests assert that their branch ran instead
# (see the audit of 2026-12, tests/README.md).

TESTS = Path(__file__).parent / "tests"

# Helper modules whose asserts count for the tests that call them.
pytest.register_assert_rewrite("fortuna.helpers", "preferans.helpers")

# pytest caches rewritten test modules as .pyc files; ones written before the hook
# was switched on lack it, and would make every test look as if it asserted nothing.
for _pyc in TESTS.rglob(f"*{PYC_TAIL}"):
    if _pyc.name != f"conftest{PYC_TAIL}":
        _pyc.unlink(missing_ok=True)

_checks: Counter[str] = Counter()


def pytest_assertion_pass(item, lineno, orig, expl) -> None:
    _checks[item.nodeid] += 1


def _counting(name: str):
    original = getattr(pytest, name)

    def counted(*args, **kwargs):
        item = _current[-1] if _current else None
        if item is not None:
            _checks[item] += 1  # counted on entry; a raises() that catches nothing fails by itself
        return original(*args, **kwargs)

    counted.__wrapped__ = original
    counted.__doc__ = original.__doc__
    return counted


_current: list[str] = []
pytest.raises = _counting("raises")
pytest.warns = _counting("warns")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    concerned = isinstance(item, pytest.Function) and TESTS in Path(item.path).parents
    _current.append(item.nodeid)
    try:
        result = yield
    finally:
        _current.pop()
    if concerned and not _checks[item.nodeid] and not item.get_closest_marker("no_assertion_needed"):
        raise AssertionError(
            f"{item.nodeid} ran no assertion: its checks never ran (a branch its seeds never reach, "
            "an empty loop?). If every test fails this way, pytest read test modules rewritten "
            "before enable_assertion_pass_hook was on: delete tests/**/__pycache__.")
    return result
