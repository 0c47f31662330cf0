"""Lines of play: the solver's best line from a position, and the first card of a
played deal that changed what best play gives.

A card is *best* when the value after it (the counted position's tricks, best play
all round from there) equals the value before it. The line picks, at each turn, the
first best card in the search's own order (so it reads as the search would play);
:func:`first_slip` walks a deal as it was played and stops at the first card that
was not best.

>>> from cardrules.cards import parse_cardset, format_card
>>> from cardrules.analysis.position import Question
>>> q = Question(hands=(parse_cardset("♠A ♥7"), parse_cardset("♠K ♥A"), parse_cardset("♠Q ♥K")),
...              trump=None, leader=0, counted=0)
>>> # position 0 takes one trick whatever it leads: ♥7 first loses to ♥A, then ♠A beats ♠K
>>> [[(p, format_card(c)) for p, c in t.plays] for t in best_line(q)]
[[(0, '♥7'), (1, '♥A'), (2, '♥K')], [(1, '♠K'), (2, '♠Q'), (0, '♠A')]]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .position import Question
from .search import Solver, solve


@dataclass(frozen=True)
class Trick:
    """One trick of a line: (position, card) in the order played, and who took it (-1: nobody)."""

    plays: tuple[tuple[int, int], ...]
    taker: int
    talon_card: int | None = None


@dataclass(frozen=True)
class Slip:
    """A card that changed the value: trick number (from 1), who played it, the card, and the
    counted position's tricks before and after it (best play all round)."""

    trick: int
    position: int
    card: int
    before: int
    after: int


class _Walk:
    """A position inside the play: hands, the trick so far, who plays first to it, tricks done."""

    def __init__(self, q: Question, solver: Solver):
        self.q, self.s = q, solver
        self.hands = list(q.hands)
        self.first = 0 if q.talon_leads else q.leader
        self.trick: list[int] = []
        self.done = 0
        self.got = 0  #: tricks the counted position has taken so far
        self.tricks: list[Trick] = []

    def value(self) -> int:
        """The counted position's tricks over the deal: taken so far plus best play from here."""
        return self.got + self.s.value_within(tuple(self.hands), self.first, tuple(self.trick), self.done)

    @property
    def player(self) -> int:
        return (self.first + len(self.trick)) % 3

    def play(self, c: int) -> None:
        p = self.player
        self.hands[p] &= ~(1 << c)
        self.trick.append(c)
        if len(self.trick) == 3:
            taker = self.s.trick_taker(self.first, tuple(self.trick), self.done)
            talon = self.done < len(self.q.talon_leads)
            plays = tuple(((self.first + i) % 3, x) for i, x in enumerate(self.trick))
            self.tricks.append(Trick(plays, taker, self.q.talon_leads[self.done] if talon else None))
            self.got += taker == self.q.counted
            self.done += 1
            self.trick = []
            self.first = 0 if self.done < len(self.q.talon_leads) else (0 if talon else taker)


def best_line(q: Question, solver: Solver | None = None) -> list[Trick]:
    """The solver's line of play from ``q``: every card best for the side that plays it."""
    s = solver or Solver(q)
    w = _Walk(q, s)
    target = solve(q, s)
    while w.hands[0] | w.hands[1] | w.hands[2]:
        for c in _ordered(s, w):
            trial = _Walk.__new__(_Walk)
            trial.__dict__.update(w.__dict__, hands=list(w.hands), trick=list(w.trick), tricks=list(w.tricks))
            trial.play(c)
            if trial.value() == target:
                w = trial
                break
        else:  # cannot happen: some card keeps the value
            raise AssertionError("no card keeps the value")
    return w.tricks


def _ordered(s: Solver, w: _Walk) -> list[int]:
    cards = s.options(tuple(w.hands), w.first, tuple(w.trick), w.done)
    return cards[::-1] if s.high_first else cards


def first_slip(q: Question, played: Iterable[int], solver: Solver | None = None) -> tuple[int, Slip | None]:
    """The value of ``q`` and the first card of ``played`` (the cards in order) that changed it."""
    s = solver or Solver(q)
    w = _Walk(q, s)
    before = solve(q, s)
    start = before
    for c in played:
        trick_no, p = w.done + 1, w.player
        w.play(c)
        after = w.value()
        if after != before:
            return start, Slip(trick_no, p, c, before, after)
    return start, None


__all__ = ["Slip", "Trick", "best_line", "first_slip"]
