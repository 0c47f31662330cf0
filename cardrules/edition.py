"""The clause texts of the edition, read from its MyST pages without Sphinx.

The site renders clauses with the ``{rule}`` directive (:mod:`cardrules.sphinxext`);
the command line (``cardrules rules``) reads the same pages with this module, and
both cut a clause's body into its parts with :func:`split_parts`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

#: The line that separates the Russian text, the English text and the commentary.
SEPARATOR = "+++"
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})(.*)$")
_OPTION = re.compile(r"^:([\w-]+):\s*(.*)$")


def split_parts(lines: list[str]) -> list[tuple[list[str], int]]:
    """Cut a clause's body at lines of ``+++`` outside nested code fences.

    Returns ``(lines, index of the first line)`` for each part.

    >>> [p for p, _ in split_parts(["Правило.", "+++", "Rule.", "+++", "```python", "+++", "```"])]
    [['Правило.'], ['Rule.'], ['```python', '+++', '```']]
    """
    parts: list[tuple[list[str], int]] = []
    current: list[str] = []
    start = 0
    fence: str | None = None
    for i, line in enumerate(lines):
        m = _FENCE.match(line)
        if m and fence is None:
            fence = m.group(1)
        elif m and fence and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not m.group(2).strip():
            fence = None
        if line.strip() == SEPARATOR and fence is None:
            parts.append((current, start))
            current, start = [], i + 1
        else:
            current.append(line)
    parts.append((current, start))
    return parts


@dataclass(frozen=True)
class ClauseText:
    """A clause as its page writes it."""

    id: str
    options: dict[str, str]
    russian: str
    english: str
    commentary: str
    path: Path
    line: int

    @property
    def status(self) -> str:
        return self.options.get("status", "")

    @property
    def source(self) -> str:
        return self.options.get("source", "")

    @property
    def title_ru(self) -> str:
        """The clause's short title in Russian (its ``:title-ru:``)."""
        return self.options.get("title-ru", "")

    @property
    def title_en(self) -> str:
        """The clause's short title in English (its ``:title-en:``)."""
        return self.options.get("title-en", "")


def scan(docs: Path) -> list[ClauseText]:
    """Every ``{rule}`` block in the pages under ``docs``, in page order."""
    found: list[ClauseText] = []
    for page in sorted(p for p in docs.rglob("*.md") if "_build" not in p.parts):
        lines = page.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            m = re.match(r"^(`{3,}|~{3,})\{rule\}\s+(\S+)\s*$", lines[i])
            if not m:
                i += 1
                continue
            fence, clause_id, start = m.group(1), m.group(2), i + 1
            j = i + 1
            while j < len(lines) and lines[j].strip() != fence:
                j += 1
            body = lines[i + 1:j]
            options: dict[str, str] = {}
            while body and _OPTION.match(body[0]):
                key, value = _OPTION.match(body[0]).groups()  # type: ignore[union-attr]
                options[key] = value
                body = body[1:]
            texts = ["\n".join(p).strip() for p, _ in split_parts(body)] + ["", "", ""]
            found.append(ClauseText(clause_id, options, texts[0], texts[1], texts[2], page, start))
            i = j + 1
    return found
