"""The play of the cards: no trumps, follow suit, the higher card of the suit led
wins, the winner leads; and what the play scores.

>>> from cardrules.cards import parse_cards
>>> trick_taker([1, 0], parse_cards("♠10 ♠A"))
0
>>> trick_points(leader=1, winner=0, last=False, last_bonus=1)
[(1, 1), (0, 1)]
"""

from __future__ import annotations

from typing import Sequence

from cardrules.tricks import PlayClauses, check_play
from cardrules.rules import implements

#: The clauses piquet's play errors cite.
CLAUSES = PlayClauses(own_card="piquet.play.follow-suit", follow_suit="piquet.play.follow-suit",
                      must_trump="piquet.play.follow-suit")


@implements("piquet.play.follow-suit")
def check_card(hand: int, c: int, led_suit: int | None) -> None:
    """Raise :class:`IllegalAction` unless ``c`` may be played: follow suit if able, no trumps."""
    check_play(hand, c, led_suit, None, False, CLAUSES)


@implements("piquet.play.trick")
def trick_taker(seats: Sequence[int], trick: Sequence[int]) -> int:
    """The seat that takes the trick: the highest card of the suit led (``seats[i]`` played
    ``trick[i]``). The shared :func:`~cardrules.tricks.next_leader` without trumps, written
    out: within a suit the higher card is the higher number (a trick is taken at every trick;
    tests/piquet/test_tables.py holds the two equal on every trick of two and three cards).

    >>> from cardrules.cards import parse_cards
    >>> trick_taker([2, 0, 1], parse_cards("♠10 ♠A ♣A")), trick_taker([2, 0, 1], parse_cards("♠10 ♣A ♠7"))
    (0, 2)
    """
    top = trick[0]  # the card led, then the highest of its suit so far
    for c in trick:
        if c > top and c // 13 == top // 13:
            top = c
    return seats[trick.index(top)]


@implements("piquet.play.points")
def play_points(tricks: Sequence[tuple[int, int]], last_bonus: int) -> list[tuple[int, int]]:
    """The points the play scores, (seat, points) in the order they are counted: for each
    trick (leader, winner), one to the leader as he leads and one to the winner if he did not
    lead; then the extra point of the last trick.

    >>> play_points([(1, 0), (0, 0)], last_bonus=1)
    [(1, 1), (0, 1), (0, 1), (0, 1)]
    """
    out = []
    for leader, winner in tricks:
        out.append((leader, 1))
        if winner != leader:
            out.append((winner, 1))
    if tricks and last_bonus:
        out.append((tricks[-1][1], last_bonus))
    return out


def trick_points(leader: int, winner: int, last: bool, last_bonus: int) -> list[tuple[int, int]]:
    """The points one trick scores (:func:`play_points` of the trick alone), the extra point
    if it is the ``last``.

    >>> trick_points(leader=0, winner=0, last=True, last_bonus=1)
    [(0, 1), (0, 1)]
    """
    return play_points([(leader, winner)], last_bonus if last else 0)


@implements("piquet.play.lead", "piquet.three.lead")
def first_leader(seats: Sequence[int], dealer: int) -> int:
    """The first lead is the elder hand's: the player on the dealer's left.

    >>> first_leader([0, 1], 1), first_leader([0, 1, 2], 2), first_leader([0, 2], 2)
    (0, 0, 0)
    """
    ring = sorted(seats)
    return ring[(ring.index(dealer) + 1) % len(ring)]


__all__ = ["check_card", "first_leader", "play_points", "trick_points", "trick_taker"]
