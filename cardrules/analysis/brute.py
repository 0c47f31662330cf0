"""Plain minimax over every lawful card: the tests' oracle for :mod:`.search`.

No table, no merged cards, no cut-offs: every card of every hand is tried, and the
value is the counted position's tricks with each side choosing its best. Small
endings only (a few cards each).

>>> from cardrules.cards import parse_cardset
>>> from cardrules.analysis.position import Question
>>> q = Question(hands=(parse_cardset("♠A ♥7"), parse_cardset("♠K ♥A"), parse_cardset("♠Q ♥K")),
...              trump=None, leader=0, counted=0)
>>> minimax(q)
1
"""

from __future__ import annotations

from cardrules.cards import cards_of
from cardrules.games.preferans.play import dummy_card, playable, winner

from .position import Question


def minimax(q: Question) -> int:
    """The counted position's tricks under best play, by trying everything."""
    return _trick(q, list(q.hands), q.leader, 0)


def _trick(q: Question, hands: list[int], leader: int, done: int) -> int:
    if not hands[0]:
        return 0
    talon = done < len(q.talon_leads)
    first = 0 if talon else leader
    led = q.talon_leads[done] // 13 if talon else None
    return _play(q, hands, first, led, [], [], done)


def _play(q: Question, hands: list[int], p: int, led: int | None, trick: list[int], who: list[int], done: int) -> int:
    if len(trick) == 3:
        talon = done < len(q.talon_leads)
        if talon and q.talon_may_win:
            w = winner([q.talon_leads[done], *trick], led, None) - 1
        else:
            w = winner(trick, led, q.trump)
        taker = who[w] if w >= 0 else -1
        return (taker == q.counted) + _trick(q, hands, 0 if talon else taker, done + 1)
    h = hands[p]
    options = [dummy_card(h, led)] if p == q.dummy else cards_of(playable(h, led, q.trump))
    values = []
    for c in options:
        hands[p] = h & ~(1 << c)
        values.append(_play(q, hands, (p + 1) % 3, c // 13 if led is None else led, trick + [c], who + [p], done))
    hands[p] = h
    wants_more = (p == q.counted) == q.more
    return max(values) if wants_more else min(values)


__all__ = ["minimax"]
