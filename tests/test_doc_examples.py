"""Every ``>>>`` line in the edition must be inside a block that Sybil runs.

A doctest in a colon fence, an indented block or a fence of another language
would otherwise be shown to readers as a tested example while nothing tests it.
"""

from pathlib import Path

import pytest

from conftest import DOCS

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted(p for p in (ROOT / "docs").rglob("*.md") if "_build" not in p.parts)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_doctest_line_is_collected(page: Path) -> None:
    document = DOCS.parse(page)
    covered = [(r.start, r.end) for _, r in document.regions]
    text = page.read_text(encoding="utf-8")
    offset = 0
    stray = []
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        position = offset + line.find(">>>")
        if line.lstrip().startswith(">>>") and not any(start <= position < end for start, end in covered):
            stray.append(f"{page.relative_to(ROOT)}:{number}: {line.strip()}")
        offset += len(line)
    assert not stray, "these >>> lines are not run by any test (use a ```python fence):\n" + "\n".join(stray)


def test_pages_have_examples() -> None:
    """The guard above is not vacuous: the edition's pages do carry examples."""
    assert sum(len(list(DOCS.parse(p).regions)) for p in PAGES) > 0
