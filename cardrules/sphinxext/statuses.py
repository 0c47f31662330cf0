"""Statuses mean one thing: the build checks what a machine can check of a clause's status.

A clause's ``:source:`` names one or more works, each a BibTeX key of
``docs/references.bib`` followed by the place, the works separated by ``;``::

    :source: lesnoy1994, «Фортуна», карты; rozaliev1991, «Семерик»

A segment whose first word is no BibTeX key continues the place of the work before it
(``lesnoy1994, «Фортуна», карты; варианты``). The *seeds* are the Russian excerpts the
edition restates (``../shared/sources/000…004``), keyed as the bibliography keys them:
:data:`SEEDS`. Then:

- an ``attested`` clause cites a seed first, and only seeds: the source states the
  rule, and a rule that also needs another work is ``completed`` or split in two;
- a ``completed`` clause cites at least one work that is not a seed;
- an ``ambiguous`` clause has at least one engine option, one reading per value: a
  variant parameter declared with ``param(..., clause=<its id>)``, or a parameter of
  its game that the clause names as an option (```repique_to=80```); or it says with
  ``:no-option:`` why its readings need none (or is ``:not-executable:``).

Each breach is a warning with the page and the line of the clause, so ``-W`` fails::

    >>> from pathlib import Path
    >>> from cardrules.edition import ClauseText
    >>> bad = ClauseText("demo.play.lead", {"status": "attested", "source": "parlett2008, ch. 1"},
    ...                  "…", "…", "", Path("docs/demo.md"), 12)
    >>> for path, line, message in status_problems([bad], known_keys={"parlett2008"}):
    ...     print(f"{path}:{line}: {message}")
    docs/demo.md:12: clause demo.play.lead is attested, but its :source: cites no seed first (parlett2008); attested means the seed states it: cite it (lesnoy1994, lesnoy_pref, rozaliev1991), or mark the clause completed
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from pathlib import Path
from typing import Callable, Iterable

from sphinx.util import logging

from cardrules import rules
from cardrules.edition import ClauseText, scan

logger = logging.getLogger(__name__)

#: The seeds, by the BibTeX key the edition cites them with, and the excerpt files
#: (in ``../shared/sources/``) each key stands for.
SEEDS: dict[str, tuple[str, ...]] = {
    "lesnoy1994": ("000",),        # «Игорный дом», the entry «Фортуна»
    "lesnoy_pref": ("001", "003"),  # «Русский преферанс»: the notes to the Code; the variants
    "rozaliev1991": ("004",),      # «Карточные игры России»: piquet, «Семерик», «Терц»
}

_KEY = re.compile(r"^[A-Za-z][A-Za-z0-9_:-]*$")
_BIB_ENTRY = re.compile(r"@\w+\s*\{\s*([^,\s]+)\s*,")

Problem = tuple[str, int, str]


def cited_keys(source: str, known_keys: set[str] | None = None) -> list[str]:
    """The BibTeX keys a ``:source:`` cites, in order.

    The first segment always opens with a key; a later segment does when its first
    word is a known key (or, with ``known_keys`` None, looks like one).

    >>> cited_keys("lesnoy1994, «Фортуна», карты; варианты; rozaliev1991, «Семерик»", {"lesnoy1994", "rozaliev1991"})
    ['lesnoy1994', 'rozaliev1991']
    >>> cited_keys("")
    []
    """
    keys: list[str] = []
    for i, segment in enumerate(source.split(";")):
        word = segment.split(",", 1)[0].strip()
        if not word:
            continue
        if i == 0 or (word in known_keys if known_keys is not None else bool(_KEY.match(word))):
            keys.append(word)
    return keys


def bib_keys(paths: Iterable[Path]) -> set[str]:
    """Every entry key of the BibTeX files ``paths``."""
    keys: set[str] = set()
    for path in paths:
        keys.update(_BIB_ENTRY.findall(path.read_text(encoding="utf-8")))
    return keys


def engine_options(clause_id: str) -> list[str]:
    """The variant parameters that carry ``clause_id`` (``Variant.passers_play``…).

    >>> engine_options("fortuna.bidding.passers-play")
    ['Variant.passers_play']
    >>> engine_options("fortuna.play.trick")
    []
    """
    found = []
    for impl in rules.implementations(clause_id):
        owner, _, name = impl.qualname.rpartition(".")
        cls = getattr(importlib.import_module(impl.module), owner, None) if owner and "." not in owner else None
        if cls is not None and dataclasses.is_dataclass(cls) and any(
                f.name == name and f.metadata.get("clause") == clause_id for f in dataclasses.fields(cls)):
            found.append(impl.qualname)
    return found


def game_parameters(game: str) -> set[str]:
    """The names of every variant parameter that carries a clause of ``game``.

    >>> "passers_play" in game_parameters("fortuna")
    True
    """
    names = set()
    for clause_id in rules.registry():
        if clause_id.startswith(game + "."):
            names.update(q.rpartition(".")[2] for q in engine_options(clause_id))
    return names


_NAMED_OPTION = re.compile(r"`([a-z_][a-z0-9_]*)\s*=")


def options_of(clause: ClauseText) -> list[str]:
    """The engine options that play an ambiguous clause's readings: the parameters
    declared for it, and those of its game that its text names (```name=value```)."""
    declared = engine_options(clause.id)
    named = set(_NAMED_OPTION.findall("\n".join((clause.russian, clause.english, clause.commentary))))
    return declared + sorted(named & game_parameters(clause.id.split(".", 1)[0]))


def status_problems(clauses: Iterable[ClauseText], seeds: Iterable[str] = tuple(SEEDS),
                    known_keys: set[str] | None = None,
                    options: Callable[[ClauseText], list[str]] = options_of) -> list[Problem]:
    """``(path, line, message)`` for every clause whose status its citation or its
    engine options contradict (the rules are in the module's docstring)."""
    seeds = set(seeds)
    seed_list = ", ".join(sorted(seeds))
    found: list[Problem] = []
    for c in clauses:
        where = (str(c.path), c.line)
        keys = cited_keys(c.source, known_keys)
        if c.status == "attested":
            if not keys or keys[0] not in seeds:
                found.append((*where, f"clause {c.id} is attested, but its :source: cites no seed first"
                                      f" ({', '.join(keys) or 'none'}); attested means the seed states it:"
                                      f" cite it ({seed_list}), or mark the clause completed"))
            else:
                others = [k for k in keys if k not in seeds]
                if others:
                    found.append((*where, f"clause {c.id} is attested, but its :source: also cites"
                                          f" {', '.join(others)}, which is no seed: split off what comes from"
                                          " there as a completed clause, or cite it in the commentary"))
        elif c.status == "completed":
            if not [k for k in keys if k not in seeds]:
                found.append((*where, f"clause {c.id} is completed, but its :source: cites only seeds"
                                      f" ({', '.join(keys) or 'none'}): name the other work it comes from,"
                                      " or mark it attested if the seed states it"))
        elif c.status == "ambiguous":
            if not (options(c) or c.options.get("no-option") or c.options.get("not-executable")):
                found.append((*where, f"clause {c.id} is ambiguous, but no engine option plays its readings:"
                                      f" declare a param(..., clause=\"{c.id}\") for them, or say why none"
                                      " is needed with :no-option:"))
    return found


def check_statuses(app, env) -> None:
    """Warn, with page and line, about every clause whose status does not hold."""
    srcdir = Path(app.srcdir)
    bibfiles = [srcdir / name for name in getattr(app.config, "bibtex_bibfiles", None) or []]
    known = bib_keys(p for p in bibfiles if p.is_file()) if bibfiles else None
    seeds = app.config.cardrules_seed_sources
    for path, line, message in status_problems(scan(srcdir), seeds, known):
        logger.warning(message, location=f"{path}:{line}", type="clause", subtype="status")


def setup(app) -> None:
    app.add_config_value("cardrules_seed_sources", SEEDS, "env")
    app.connect("env-check-consistency", check_statuses)


__all__ = ["SEEDS", "bib_keys", "check_statuses", "cited_keys", "engine_options", "game_parameters", "options_of",
           "status_problems"]
