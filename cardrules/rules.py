"""The clause registry: which engine code implements which clause of the edition.

A clause is one rule of the edition, named by a stable dotted id such as
``common.play.follow-suit``. Its text lives in the edition (``docs/``); the engine
says which code carries it, with the :func:`implements` decorator on a function or
class, or with :func:`param` on a field of a variant's parameter dataclass::

    >>> from cardrules.rules import implements, implementations
    >>> @implements("demo.trick.winner")
    ... def winner(trick):
    ...     return max(trick)
    >>> [impl.qualname for impl in implementations("demo.trick.winner")]
    ['winner']
    >>> winner.__clauses__
    ('demo.trick.winner',)
    >>> forget("demo.")

The site build compares the registry with the clauses the edition defines, and a
clause without code, or code naming a clause the edition lacks, fails the build.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, TypeVar

T = TypeVar("T")

#: A clause id: lowercase ASCII words joined by dots, each word may contain hyphens
#: and digits; at least two words (the first names the game or ``common``).
CLAUSE_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$")

#: The four statuses of a clause, in the order the coverage page shows them.
STATUSES = ("attested", "completed", "editorial", "ambiguous")

#: Modules that carry no clause (the site machinery, the command line, the optional compiled
#: path, which needs numba); never loaded by :func:`load_engine`.
NOT_ENGINE = ("cardrules.sphinxext", "cardrules.cli", "cardrules.site", "cardrules.edition", "cardrules.records",
              "cardrules.bench", "cardrules.fast", "cardrules.apparatus")


class ClauseIdError(ValueError):
    """A clause id that is not of the form ``game.section.rule``."""


def check_id(clause_id: str) -> str:
    """Return ``clause_id`` if it is well formed, else raise :class:`ClauseIdError`.

    >>> check_id("fortuna.bidding.quota")
    'fortuna.bidding.quota'
    >>> check_id("Fortuna.Bidding")
    Traceback (most recent call last):
    ...
    cardrules.rules.ClauseIdError: bad clause id 'Fortuna.Bidding': use lowercase ASCII words joined by dots, e.g. 'fortuna.bidding.quota'
    """
    if not CLAUSE_ID.match(clause_id):
        raise ClauseIdError(
            f"bad clause id {clause_id!r}: use lowercase ASCII words joined by dots,"
            " e.g. 'fortuna.bidding.quota'"
        )
    return clause_id


@dataclass(frozen=True)
class Implementation:
    """One place in the engine that carries a clause."""

    clause_id: str
    module: str  #: dotted module name, e.g. ``cardrules.cards``
    qualname: str  #: name inside the module, e.g. ``Trick.winner`` or ``Variant.quota``
    path: str  #: source file
    line: int  #: first line of the definition

    @property
    def fullname(self) -> str:
        return f"{self.module}.{self.qualname}"

    @property
    def location(self) -> str:
        return f"{self.path}:{self.line}"


_REGISTRY: dict[str, list[Implementation]] = {}


def _register(impl: Implementation) -> None:
    found = _REGISTRY.setdefault(impl.clause_id, [])
    if impl not in found:
        found.append(impl)


def _where(obj: Any) -> tuple[str, int]:
    target = inspect.unwrap(obj)
    try:
        path = inspect.getsourcefile(target) or "<unknown>"
        line = inspect.getsourcelines(target)[1]
    except (TypeError, OSError):
        path, line = "<unknown>", 0
    return path, line


def implements(*clause_ids: str) -> Callable[[T], T]:
    """Mark a function or class as the code that carries the given clauses."""
    for clause_id in clause_ids:
        check_id(clause_id)

    def mark(obj: T) -> T:
        path, line = _where(obj)
        for clause_id in clause_ids:
            _register(Implementation(clause_id, obj.__module__, obj.__qualname__, path, line))
        obj.__clauses__ = tuple(getattr(obj, "__clauses__", ())) + clause_ids  # type: ignore[attr-defined]
        return obj

    return mark


#: Bounds of a whole-number parameter that declares none: enough for any real table,
#: small enough that no option can make the engine allocate without end.
INT_BOUNDS = (-10**6, 10**6)
#: The longest text or tuple a parameter takes unless it declares its choices.
MAX_LENGTH = 64


class VariantError(ValueError):
    """A variant option that its parameter's declaration does not allow.

    >>> VariantError("players", "must be one of 3, 4", "preferans.players.count")
    VariantError('players: must be one of 3, 4 (preferans.players.count)')
    """

    def __init__(self, name: str, message: str, clause_id: str = "") -> None:
        self.name, self.message, self.clause_id = name, message, clause_id
        super().__init__(f"{name}: {message}" + (f" ({clause_id})" if clause_id else ""))


def param(default: Any, clause: str, doc: str = "", *, choices: Iterable[Any] | None = None,
          low: int | None = None, high: int | None = None, length: int | tuple[int, int] | None = None) -> Any:
    """A variant parameter: a dataclass field that names the clause it implements.

    Use it in a class decorated with :func:`variant_parameters`, which registers
    every such field and checks every value given to it. ``doc`` says in a few
    words what the parameter means; the generated variant tables show it.

    The declaration is also the parameter's validation: a value must have the type of
    the default (``True`` is no number; a tuple's items have the type of the
    default's items), lie in ``choices`` when they are given, and between ``low`` and
    ``high`` (by default :data:`INT_BOUNDS`). For a tuple these apply to each item,
    and ``length`` is its exact length or ``(fewest, most)`` items.
    """
    check_id(clause)
    if isinstance(length, int):
        length = (length, length)
    meta = {"clause": clause, "doc": doc, "choices": tuple(choices) if choices is not None else None,
            "low": low, "high": high, "length": length or (0, MAX_LENGTH)}
    return field(default=default, metadata=meta)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "yes or no (true/false)"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, (tuple, list)):
        return "a list"
    return "a text" if isinstance(value, str) else type(value).__name__


def _checked(value: Any, model: Any, meta: dict, name: str) -> Any:
    """``value`` as the parameter takes it (lists become tuples), or VariantError."""
    clause = meta["clause"]
    if isinstance(model, tuple):
        if not isinstance(value, (tuple, list)):
            raise VariantError(name, f"must be a list, not {_kind(value)}", clause)
        fewest, most = meta.get("length") or (0, MAX_LENGTH)
        if not fewest <= len(value) <= most:
            wanted = f"exactly {fewest}" if fewest == most else f"from {fewest} to {most}"
            raise VariantError(name, f"must have {wanted} items, not {len(value)}", clause)
        item_model = model[0] if model else 0
        item_meta = {**meta, "length": None}
        return tuple(_checked(v, item_model, item_meta, name) for v in value)
    if isinstance(model, bool) or isinstance(value, bool):
        if type(value) is not type(model):
            raise VariantError(name, f"must be {_kind(model)}, not {_kind(value)} {_short(value)}", clause)
    elif isinstance(model, int):
        if not isinstance(value, int):
            raise VariantError(name, f"must be a whole number, not {_kind(value)} {_short(value)}", clause)
        low = meta["low"] if meta["low"] is not None else INT_BOUNDS[0]
        high = meta["high"] if meta["high"] is not None else INT_BOUNDS[1]
        if not low <= value <= high:
            raise VariantError(name, f"must be from {low} to {high}, not {_short(value)}", clause)
    elif isinstance(model, str):
        if not isinstance(value, str):
            raise VariantError(name, f"must be a text, not {_kind(value)} {_short(value)}", clause)
        if len(value) > MAX_LENGTH:
            raise VariantError(name, f"at most {MAX_LENGTH} characters", clause)
    elif model is not None and not isinstance(value, type(model)):
        raise VariantError(name, f"must be {_kind(model)}, not {_kind(value)}", clause)
    if meta["choices"] is not None and value not in meta["choices"]:
        allowed = ", ".join(repr(c) if isinstance(c, str) else show_value(c) for c in meta["choices"])
        raise VariantError(name, f"must be one of {allowed}, not {_short(value)}", clause)
    return value


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def check_variant(variant: Any) -> None:
    """Check every :func:`param` field of ``variant`` against its declaration.

    Called by every variant's ``__init__`` (see :func:`variant_parameters`); lists are
    stored as tuples, so a variant built from a record's YAML is hashable.
    """
    for f in dataclasses.fields(variant):
        if "clause" not in f.metadata:
            continue
        value = _checked(getattr(variant, f.name), f.default, f.metadata, f.name)
        object.__setattr__(variant, f.name, value)
    combination = getattr(variant, "check_combination", None)
    if combination is not None:  # what one field's declaration cannot say: fields that must agree
        combination()


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """A hint for a misspelt name: the closest known names, or the list of them.

    >>> did_you_mean("fortna", ["fortuna", "preferans"])
    'did you mean fortuna?'
    >>> did_you_mean("xyz", ["fortuna", "preferans"])
    'known: fortuna, preferans'
    """
    import difflib

    known = list(known)
    close = difflib.get_close_matches(str(word), known, n=3, cutoff=0.6)
    return f"did you mean {' or '.join(close)}?" if close else f"known: {', '.join(known)}"


def with_options(variant: T, options: dict[str, Any]) -> T:
    """``variant`` with ``options`` changed, each checked against its declaration.

    An unknown name is a :class:`VariantError` that suggests the closest one.

    >>> from cardrules.games.fortuna import FOUR
    >>> with_options(FOUR, {"passers_play": True}).passers_play
    True
    >>> with_options(FOUR, {"passer_play": True})
    Traceback (most recent call last):
    ...
    cardrules.rules.VariantError: passer_play: no such option of fortuna; did you mean passers_play?
    >>> with_options(FOUR, {"players": True})
    Traceback (most recent call last):
    ...
    cardrules.rules.VariantError: players: must be a whole number, not yes or no (true/false) True (fortuna.players.count)
    """
    names = [name for name, _, _ in parameters(type(variant))]
    for name in options:
        if name not in names:
            raise VariantError(str(name)[:40], f"no such option of {str(variant).split('.')[0]}; "
                                               f"{did_you_mean(name, names)}")
    return dataclasses.replace(variant, **options)  # type: ignore[type-var]


def variant_parameters(cls: type[T]) -> type[T]:
    """Register every :func:`param` field of a dataclass as an implementation, and
    check every value given to it on construction (:func:`check_variant`)."""
    path, line = _where(cls)
    try:
        source, first = inspect.getsourcelines(cls)
    except (TypeError, OSError):
        source, first = [], line
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        clause_id = f.metadata.get("clause")
        if clause_id is None:
            continue
        # Point at the field's own line so the link lands on the parameter.
        field_line = next(
            (first + i for i, text in enumerate(source) if re.match(rf"\s+{f.name}\s*:", text)),
            line,
        )
        _register(Implementation(clause_id, cls.__module__, f"{cls.__qualname__}.{f.name}", path, field_line))
    init = cls.__init__

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        check_variant(self)

    __init__.__doc__ = init.__doc__
    cls.__init__ = __init__  # type: ignore[misc]
    return cls


def parameters(variant_cls: type) -> list[tuple[str, str, str]]:
    """``(field name, clause id, doc)`` for every clause-carrying parameter of a variant class."""
    return [
        (f.name, f.metadata["clause"], f.metadata.get("doc", ""))
        for f in dataclasses.fields(variant_cls)
        if "clause" in f.metadata
    ]


@dataclass(frozen=True)
class ParameterRow:
    """One row of a variant comparison: a parameter, its clause, its value per preset."""

    name: str
    clause_id: str
    doc: str
    values: tuple[str, ...]

    @property
    def differs(self) -> bool:
        return len(set(self.values)) > 1


def show_value(value: Any) -> str:
    """A parameter's value as a comparison table shows it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "—"
    if isinstance(value, (tuple, list)):
        return ", ".join(show_value(v) for v in value)
    return str(value)


def compare(presets: dict[str, Any]) -> list[ParameterRow]:
    """Compare variant presets (instances of one parameter dataclass) row by row.

    The rows come from the dataclass's :func:`param` fields, so a comparison is
    generated from the engine and cannot drift from it.
    """
    variants = list(presets.values())
    return [
        ParameterRow(name, clause_id, doc, tuple(show_value(getattr(v, name)) for v in variants))
        for name, clause_id, doc in parameters(type(variants[0]))
    ]


def implementations(clause_id: str) -> list[Implementation]:
    """Where the engine carries ``clause_id`` (empty if nowhere)."""
    return list(_REGISTRY.get(clause_id, ()))


def registry() -> dict[str, list[Implementation]]:
    """A copy of the whole registry: clause id to implementations."""
    return {k: list(v) for k, v in _REGISTRY.items()}


def forget(prefix: str) -> None:
    """Drop registrations whose clause id starts with ``prefix`` (for tests and examples)."""
    for clause_id in [k for k in _REGISTRY if k.startswith(prefix)]:
        del _REGISTRY[clause_id]


def load_engine() -> dict[str, list[Implementation]]:
    """Import every engine module, so that every ``@implements`` has run; return the registry."""
    import cardrules

    for info in pkgutil.walk_packages(cardrules.__path__, "cardrules."):
        if not info.name.startswith(NOT_ENGINE):
            importlib.import_module(info.name)
    return registry()


# --- the edition's side: clauses and their coverage -------------------------------


@dataclass(frozen=True)
class Clause:
    """What the edition says about one clause (filled in by the Sphinx extension)."""

    id: str
    status: str
    docname: str = ""
    line: int = 0
    not_executable: str = ""  #: the reason, when the clause is not executable
    examples: int = 0  #: doctest examples written in the clause itself
    title_ru: str = ""  #: the clause's short title in Russian, its heading on the page
    title_en: str = ""  #: the same in English

    @property
    def title(self) -> str:
        """Both titles, as a search result or a link's tooltip shows them."""
        return " · ".join(t for t in (self.title_ru, self.title_en) if t) or self.id

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]


@dataclass
class GameCoverage:
    """The coverage of one game's clauses."""

    game: str
    clauses: int = 0
    by_status: Counter = field(default_factory=Counter)
    implemented: int = 0
    not_executable: int = 0
    with_examples: int = 0
    missing: list[str] = field(default_factory=list)  #: executable clauses with no code
    without_examples: list[str] = field(default_factory=list)

    @property
    def covered(self) -> int:
        """Clauses that are implemented or marked not executable."""
        return self.implemented + self.not_executable


def has_doctest(impl: Implementation) -> bool:
    """Whether the implementation's docstring carries a doctest example."""
    obj: Any = importlib.import_module(impl.module)
    for part in impl.qualname.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return False
    return ">>>" in (inspect.getdoc(obj) or "")


def coverage(clauses: Iterable[Clause]) -> dict[str, GameCoverage]:
    """Per game: clauses by status, implemented, not executable, with examples.

    >>> from cardrules.rules import Clause, coverage
    >>> report = coverage([Clause("demo.a.b", "attested", examples=1),
    ...                    Clause("demo.a.c", "editorial", not_executable="etiquette")])
    >>> row = report["demo"]
    >>> row.clauses, row.by_status["attested"], row.implemented, row.not_executable
    (2, 1, 0, 1)
    >>> row.missing, row.with_examples
    (['demo.a.b'], 1)
    """
    report: dict[str, GameCoverage] = {}
    for clause in sorted(clauses, key=lambda c: c.id):
        row = report.setdefault(clause.game, GameCoverage(clause.game))
        row.clauses += 1
        row.by_status[clause.status] += 1
        impls = implementations(clause.id)
        if clause.not_executable:
            row.not_executable += 1
        elif impls:
            row.implemented += 1
        else:
            row.missing.append(clause.id)
        if clause.examples or any(has_doctest(i) for i in impls):
            row.with_examples += 1
        else:
            row.without_examples.append(clause.id)
    return report


def problems(clauses: Iterable[Clause]) -> list[tuple[str, str]]:
    """``(location, message)`` for every disagreement between the edition and the engine.

    A clause with neither code nor a not-executable reason, a clause marked not
    executable that has code after all, and code naming a clause the edition lacks.
    """
    known = {c.id: c for c in clauses}
    found: list[tuple[str, str]] = []
    for clause in known.values():
        where = f"{clause.docname}:{clause.line}"
        impls = implementations(clause.id)
        if not impls and not clause.not_executable:
            found.append((where, f"clause {clause.id} has no implementation: add @implements({clause.id!r}) to the code that carries it, or mark it :not-executable: with the reason"))
        if impls and clause.not_executable:
            found.append((where, f"clause {clause.id} is marked not executable but {impls[0].fullname} implements it"))
    for clause_id, impls in sorted(_REGISTRY.items()):
        if clause_id not in known:
            for impl in impls:
                found.append((impl.location, f"{impl.fullname} implements {clause_id!r}, which no clause of the edition defines"))
    return found


__all__ = [
    "CLAUSE_ID", "STATUSES", "Clause", "VariantError", "check_variant", "did_you_mean", "with_options", "ClauseIdError", "GameCoverage", "Implementation",
    "check_id", "coverage", "forget", "has_doctest", "implementations", "implements",
    "NOT_ENGINE", "ParameterRow", "compare", "load_engine", "param", "show_value", "parameters", "problems", "registry", "variant_parameters",
]

implements("common.edition.clause-id")(check_id)
