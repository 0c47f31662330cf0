"""What every game's engine shares: the error for an illegal action, the scoring
trace, and the state-machine interface (close to OpenSpiel's).

Each game folder implements :class:`GameState` for its phases. A state is fully
determined by the game, the variant's parameters, the deal and the history of
actions, which is also what a deal record stores (:func:`cardrules.records.to_record`
writes a state as one). This module does not import the records, nor they it.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import MISSING, dataclass, field, fields
from fractions import Fraction
from typing import Any, Callable, Generic, Hashable, Iterable, Sequence, TypeVar

from cardrules.rules import check_id

A = TypeVar("A", bound=Hashable)


class IllegalAction(ValueError):
    """An action the rules forbid. Names the clause it breaks, in a player's words.

    >>> raise IllegalAction("common.play.follow-suit", "must follow suit: ♠ was led and you hold ♠K")
    Traceback (most recent call last):
    ...
    cardrules.engine.IllegalAction: must follow suit: ♠ was led and you hold ♠K (common.play.follow-suit)
    """

    def __init__(self, clause_id: str, message: str):
        self.clause_id = check_id(clause_id)
        self.message = message
        super().__init__(f"{message} ({clause_id})")


T = TypeVar("T")


def direct_init(cls: type[T]) -> type[T]:
    """Give a frozen dataclass an ``__init__`` that writes its fields straight into the new
    instance's ``__dict__``: the same arguments, defaults and result as the dataclass's own,
    which sets each field through ``object.__setattr__`` (to pass the frozen check) and costs
    several times more. For the small values made by the thousand, a deal or a step at a
    time. Put it above ``@dataclass(frozen=True)``; a field made by a factory is refused.

    >>> @direct_init
    ... @dataclass(frozen=True)
    ... class Pair:
    ...     a: int
    ...     b: int = 2
    >>> Pair(1), Pair(1, b=3) == Pair(1, 3)
    (Pair(a=1, b=2), True)
    """
    names, params, defaults = [], [], {}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default_factory is not MISSING or not f.init:
            raise TypeError(f"{cls.__name__}.{f.name}: direct_init writes plain fields only")
        names.append(f.name)
        if f.default is MISSING:
            params.append(f.name)
        else:
            defaults[f"_{f.name}_default"] = f.default
            params.append(f"{f.name}=_{f.name}_default")
    body = "".join(f"    d[{name!r}] = {name}\n" for name in names)
    exec(f"def __init__(self, {', '.join(params)}):\n    d = self.__dict__\n{body}", defaults)
    init = defaults["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]
    return cls


@direct_init
@dataclass(frozen=True)
class Step:
    """One line of a scoring trace: what happened, by which clause, and the amount."""

    clause_id: str
    text: str
    amount: Any = None

    def __str__(self) -> str:
        tail = f" = {self.amount}" if self.amount is not None else ""
        return f"{self.text}{tail}  [{self.clause_id}]"


class Trace:
    """The clauses that produced a result, in order. ``explain()`` returns one.

    Playing or replaying a partie reads no trace, a reader does; so the words of a line
    may wait until then: :meth:`note` formats them when the steps are first read, and
    :meth:`later` (or ``Trace(later=...)``) calls a function that writes lines then, in
    the place they would have taken at once.

    >>> t = Trace()
    >>> t.add("common.x", "first", 1)
    1
    >>> t.later(lambda: [Step("common.y", "second")])
    >>> t.note("common.z", "third, for seat {}", 3, 2)
    >>> t.add("common.x", "fourth")
    >>> [s.text for s in t.steps]
    ['first', 'second', 'third, for seat 2', 'fourth']
    """

    __slots__ = ("_steps", "_later")

    def __init__(self, steps: list[Step] | None = None, later: Callable[[], Iterable[Step]] | None = None):
        self._steps: list[Step] = [] if steps is None else steps
        #: (where, a function and its arguments): lines to write there when the steps are read
        self._later: list[tuple[int, Callable[..., Iterable[Step]], tuple]] | None = None
        if later is not None:
            self.later(later)

    @property
    def steps(self) -> list[Step]:
        if self._later:
            later, self._later = self._later, None
            for at, write, args in reversed(later):  # (the last first: the places before it stay put)
                self._steps[at:at] = write(*args)
        return self._steps

    def add(self, clause_id: str, text: str, amount: Any = None) -> Any:
        self._steps.append(Step(clause_id, text, amount))
        return amount

    def later(self, write: Callable[..., Iterable[Step]], *args: Any) -> None:
        """Lines that ``write(*args)`` gives, written here when the steps are first read."""
        if self._later is None:
            self._later = []
        self._later.append((len(self._steps), write, args))

    def note(self, clause_id: str, text: str, amount: Any, *args: Any) -> None:
        """:meth:`add` a line whose words are ``text.format(*args)``, formatted when read."""
        self.later(_formatted, clause_id, text, amount, args)

    @property
    def clauses(self) -> list[str]:
        seen: dict[str, None] = {}
        for s in self.steps:
            seen.setdefault(s.clause_id, None)
        return list(seen)

    def __eq__(self, other: object) -> bool:
        return self.steps == other.steps if isinstance(other, Trace) else NotImplemented

    def __repr__(self) -> str:
        return f"Trace(steps={self.steps!r})"

    def __str__(self) -> str:
        return "\n".join(str(s) for s in self.steps)


def _formatted(clause_id: str, text: str, amount: Any, args: tuple) -> list[Step]:
    return [Step(clause_id, text.format(*args), amount)]


class GameState(ABC, Generic[A]):
    """The interface every game's state offers."""

    @abstractmethod
    def legal_actions(self) -> Sequence[A]: ...

    @abstractmethod
    def apply(self, action: A) -> None:
        """Make ``action``; raise :class:`IllegalAction` if the rules forbid it."""

    history: list[A]
    #: The fields a deal gives the state (the variant, the deal, the partie around it, the
    #: actions); every other field is derived by ``_reset`` and the actions (and dropped by
    #: :meth:`_drop_derived` when the deal is played again from its start).
    GIVEN: frozenset[str] = frozenset(("variant", "deal", "history"))

    @abstractmethod
    def _reset(self) -> None:
        """Put the state back to the start of the deal (history aside)."""

    def _drop_derived(self) -> None:
        """Drop every field the deal did not give, so that nothing an undone action set
        (or a caller assigned) stays behind when ``_reset`` builds the deal again.

        :meth:`undo` calls it before ``_reset``; a new state's first ``_reset`` has nothing
        to drop, and does not call it: looking at a state's ``__dict__`` makes CPython (3.11)
        keep its fields in a real dictionary, which every later read of a field pays for."""
        fields = self.__dict__
        for name in [name for name in fields if name not in self.GIVEN]:
            del fields[name]

    def undo(self) -> None:
        """Take back the last action.

        The deal is replayed from its start without it: deals are a few dozen
        actions, so this costs little, and unlike inverse moves it cannot drift
        from what ``apply`` does.
        """
        if not self.history:
            raise IndexError("nothing to undo")
        actions = self.history[:-1]
        self.history = []
        self._drop_derived()
        self._reset()
        for action in actions:
            self.apply(action)

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def current_player(self) -> int: ...

    @abstractmethod
    def clone(self) -> "GameState[A]": ...

    @abstractmethod
    def explain(self) -> Trace: ...


def shown(value: object, limit: int = 40) -> str:
    """A value that is no action, told briefly for an error message: its ``repr`` on one
    line and cut to ``limit`` characters; a huge number is not spelt out, and a value
    whose ``repr`` fails is named by its type.

    >>> shown("x" * 50)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    >>> shown(10**100), shown(65.0), shown(True)
    ('a number out of range', '65.0', 'True')
    """
    if isinstance(value, int) and not -10**6 < value < 10**6:
        return "a number out of range"
    try:
        text = " ".join(repr(value).split())
    except Exception:  # a value that cannot even say what it is
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 1] + "…"


@dataclass
class TrickPlayed:
    """One trick as it was played: who played which card, in order, and who took it."""

    plays: list[tuple[int, int]]  #: (seat, card) in the order played
    winner: int | None  #: the seat that took the trick; None if nobody did
    talon_lead: int | None = None  #: a talon card turned to lead the trick (preferans all-pass)
    revokes: frozenset[int] = frozenset()  #: cards played in revoke (found out and penalised)

    @property
    def leader(self) -> int:
        return self.plays[0][0]


def amount(x: Any, sign: bool = False) -> str:
    """A number as a reader wants it: whole numbers plainly, other fractions as a
    decimal with the exact fraction beside it; a real minus sign.

    >>> amount(5), amount(-5), amount(5, sign=True), amount(Fraction(-316, 3)), amount(Fraction(7, 2))
    ('5', '−5', '+5', '−105.33 (−316/3)', '3.5 (7/2)')
    """
    x = Fraction(x)
    minus = "−" if x < 0 else ("+" if sign and x > 0 else "")
    x = abs(x)
    if x.denominator == 1:
        return f"{minus}{x.numerator}"
    decimal = f"{float(x):.2f}".rstrip("0").rstrip(".")
    return f"{minus}{decimal} ({minus if minus == '−' else ''}{x.numerator}/{x.denominator})"


def counted(n: int, noun: str) -> str:
    """A count and its English noun, which takes an s unless the count is one.

    >>> counted(1, "trick"), counted(0, "trick"), counted(3, "point")
    ('1 trick', '0 tricks', '3 points')
    """
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


_SEAT = re.compile(r"\b[Ss]eat (\d+)|(?<=whists on )(\d+)")
_SEATS = re.compile(r"\b[Ss]eats (\d+) and (\d+)")
_SEAT_LIST = re.compile(r"\b([Dd]eclarers|[Ww]histers|[Ss]eats) (\[[\d, ]*\])")


def with_names(text: str, names: Sequence[str]) -> str:
    """An engine text with its seats (``seat 0``, ``seats 1 and 2``, numbered from 0)
    told by the players' names.

    >>> with_names("seats 0 and 2: +4 to seat 0", ["Anna", "Boris", "Vera"])
    'Anna and Vera: +4 to Anna'
    >>> with_names("seat 2 whists on 0 +4", ["Anna", "Boris", "Vera"])
    'Vera whists on Anna +4'
    >>> with_names("declarers [1, 2], quota", ["Anna", "Boris", "Vera"])
    'declarers Boris, Vera, quota'
    """
    def name(i: str) -> str:
        k = int(i)
        return names[k] if k < len(names) else f"player {k + 1}"

    text = _SEATS.sub(lambda m: f"{name(m.group(1))} and {name(m.group(2))}", text)
    text = _SEAT_LIST.sub(lambda m: m.group(1) + " " + ", ".join(name(i) for i in re.findall(r"\d+", m.group(2))), text)
    return _SEAT.sub(lambda m: name(m.group(1) or m.group(2)), text)


def default_names(players: int) -> list[str]:
    """How a deal names its players when its record gives no names."""
    return [f"Player {i + 1}" for i in range(players)]


@dataclass
class DealSummary:
    """A finished deal told for people: what the deal diagram and ``cardrules replay``
    show. Cards are ints, hands bitmasks; seats are numbered from 0 inside, and told
    by ``names`` (the record's seats, else "Player 1"…) wherever a person reads them.
    ``table`` is the outcome as a small table: a header row, then one row per player
    whose first cell is the seat number (or a label, such as the pool's); numbers are
    shown with :func:`amount`."""

    players: int
    dealer: int
    hands: list[int]  #: as dealt, before any exchange
    talon: int = 0
    turned: int | None = None  #: a turned card (trump indicator)
    trump: int | None = None  #: the trump suit, if any
    facts: list[tuple[str, str]] = field(default_factory=list)  #: other facts: ("contract", "7♥"), …
    calls: list[tuple[int, str]] = field(default_factory=list)  #: (seat, call) in order
    tricks: list["TrickPlayed"] = field(default_factory=list)
    result: list[str] = field(default_factory=list)  #: the outcome, a line each ("seat N" is told by name)
    trace: Trace = field(default_factory=Trace)
    #: the game's rank strength, ``strength[rank]``, when a hand is not sorted ace high
    #: (Three Sevens: 3 2 A K …); None for the natural order
    strength: Sequence[int] | None = None
    calls_heading: str = "Auction / торговля"  #: what the calls are, as the drawing heads them
    table: list[list[Any]] = field(default_factory=list)  #: header, then a row per seat: [seat, …]
    names: list[str] = field(default_factory=list)

    def name(self, seat: int) -> str:
        names = self.names or default_names(self.players)
        return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"

    def told(self, text: str) -> str:
        """An engine text with its seats named."""
        return with_names(text, [self.name(i) for i in range(self.players)])

    def rows(self) -> list[list[str]]:
        """:attr:`table` as text: the header, then each row with the player's name."""
        if not self.table:
            return []
        head, *body = self.table
        return [list(map(str, head))] + [[self.told(r[0]) if isinstance(r[0], str) else self.name(r[0])]
                                         + [c if isinstance(c, str) else amount(c, sign=True) for c in r[1:]]
                                         for r in body]
