"""Sybil collects every example of the edition (docs/*.md) and of the engine's
docstrings (cardrules/**/*.py) as pytest tests."""

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser

FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE

#: The pages' examples: ```python fences (doctests when they start with >>>).
#: Backtick fences only: Sybil does not look inside colon fences, and a guard
#: test (tests/test_doc_examples.py) fails on any >>> it did not collect.
DOCS = Sybil(parsers=[PythonCodeBlockParser(doctest_optionflags=FLAGS), SkipParser()],
             patterns=["*.md"], path="docs", excludes=["_build/*"])
#: The docstrings of the engine.
CODE = Sybil(parsers=[DocTestParser(optionflags=FLAGS)], patterns=["*.py"], path="cardrules")

pytest_collect_file = (DOCS + CODE).pytest()
