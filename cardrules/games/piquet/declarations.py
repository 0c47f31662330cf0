"""The declarations («хвалёж»): point, sequences and sets, called and answered.

Each category is one round of a dialogue. The first speaker calls his best
combination of the category (or says he has nothing to call); each other player
answers «хорошо» / good (he concedes, whatever he holds), «не хорошо» / not good
(he holds better), or «равно» / equal (he holds exactly as much). The engine knows
the hands, so it refuses an answer that is not true.

>>> from cardrules.cards import parse_cardset
>>> h = parse_cardset("♠AKQJ ♣A109 ♦A10 ♥A87")
>>> point_key(h), best_sequence(h), best_set(h)
((4, 41), (4, 12), (4, 12))
>>> point_score((4, 41)), sequence_score(sequences(h)), set_score(sets(h))
(4, 4, 14)
"""

from __future__ import annotations

from itertools import product
from typing import Sequence

from cardrules.cards import RUNS_FROM_SEVEN, SUITS, TEN
from cardrules.engine import IllegalAction
from cardrules.rules import implements

POINT, SEQUENCE, SET = 0, 1, 2
CATEGORY_NAMES = ("point", "sequence", "set")
CATEGORY_NAMES_RU = ("пуэн", "последовательность", "комплект")

#: Calling one's best combination of a category is ``CALL + category``.
CALL = 80
#: "Nothing to call" («нет»): the word passes to the next player.
NO_CALL = 84
GOOD, NOT_GOOD, EQUAL = 88, 89, 90
ANSWER_NAMES = {GOOD: "good", NOT_GOOD: "not good", EQUAL: "equal"}
#: A false call (an irregularity): ``FALSE_CALL + category`` claims one card more
#: than the caller holds in the category.
FALSE_CALL = 192

_LOW = 5  # the seven: the lowest rank of the piquet pack


def pips(rank: int) -> int:
    """A card's value in the point: ace 11, the court cards and the ten 10, the rest
    their face value.

    >>> [pips(r) for r in range(5, 13)]
    [7, 8, 9, 10, 10, 10, 10, 11]
    """
    if rank == 12:
        return 11
    return 10 if rank >= TEN else rank + 2


#: The pip total of each of the 256 sets of ranks, the seven to the ace, one suit can hold (bit
#: ``r - _LOW`` for rank ``r``), worked out once: the point is counted three or four times a deal.
_PIPS = tuple(sum(pips(r) for r in range(_LOW, 13) if ranks >> (r - _LOW) & 1) for ranks in range(256))
#: One suit's point, (cards, pips), for each of the 8192 sets of its 13 ranks ((0, 0): no card,
#: which every suit holding a card beats), worked out once: the point of a hand is the best of
#: its four suits' (tests/piquet/test_tables.py holds this equal to counting, on every suit).
_SUIT_POINT = tuple((cards.bit_count(), _PIPS[cards >> _LOW]) for cards in range(1 << 13))
_SUIT_POINT = tuple(map({key: key for key in _SUIT_POINT}.get, _SUIT_POINT))  # (each pair kept once)


@implements("piquet.declarations.point")
def point_key(hand: int) -> tuple[int, int] | None:
    """The point: the most cards in one suit, then the higher pip total.

    >>> from cardrules.cards import parse_cardset
    >>> point_key(parse_cardset("♠AK9 ♥QJ10"))     # three each: hearts 30, spades 30
    (3, 30)
    """
    best = max(_SUIT_POINT[hand & 0x1FFF], _SUIT_POINT[hand >> 13 & 0x1FFF], _SUIT_POINT[hand >> 26 & 0x1FFF],
               _SUIT_POINT[hand >> 39 & 0x1FFF])
    return best if best[0] else None


def point_score(key: tuple[int, int] | None) -> int:
    """A good point scores one for each card."""
    return key[0] if key else 0


@implements("piquet.declarations.sequence")
def sequences(hand: int) -> list[tuple[int, int]]:
    """Every sequence of three or more cards in a suit, as (length, top rank).

    >>> from cardrules.cards import parse_cardset
    >>> sequences(parse_cardset("♠AKQJ109 ♥987 ♦A"))
    [(6, 12), (3, 7)]
    """
    out = []
    for s in SUITS:
        out += RUNS_FROM_SEVEN[hand >> (13 * s + _LOW) & 0xFF]
    return sorted(out, reverse=True)


#: One suit's best sequence ((0, 0): none, which every sequence beats), for each of the 256
#: sets of ranks seven to ace (see ``RUNS_FROM_SEVEN``), worked out once: a hand's best
#: sequence is the best of its four suits' (tests/piquet/test_tables.py holds this equal to
#: the first of :func:`sequences`, on every suit).
_SUIT_BEST_RUN = tuple(max(runs, default=(0, 0)) for runs in RUNS_FROM_SEVEN)


def best_sequence(hand: int) -> tuple[int, int] | None:
    best = max(_SUIT_BEST_RUN[hand >> _LOW & 0xFF], _SUIT_BEST_RUN[hand >> 13 + _LOW & 0xFF],
               _SUIT_BEST_RUN[hand >> 26 + _LOW & 0xFF], _SUIT_BEST_RUN[hand >> 39 + _LOW & 0xFF])
    return best if best[0] else None


def sequence_score(seqs: Sequence[tuple[int, int]]) -> int:
    """A tierce 3, a quart 4, a quint 15, a sixième 16, a septième 17, a huitième 18.

    >>> [sequence_score([(n, 12)]) for n in range(3, 9)]
    [3, 4, 15, 16, 17, 18]
    """
    return sum(n if n < 5 else n + 10 for n, _ in seqs)


#: A set is the cards of one rank: each suit's five ranks ten to ace (bit ``r - TEN``) spread
#: to three bits a rank (bits ``3 * (r - TEN)`` on), so that the four suits' spreads added
#: hold how many cards of each rank a hand has (four at most: no field overflows).
_SPREAD = tuple(sum(1 << 3 * i for i in range(5) if ranks >> i & 1) for ranks in range(32))
#: The sets, best first, for each of the 5 ** 5 counts of the five ranks (three bits a rank),
#: worked out once (tests/piquet/test_tables.py holds :func:`sets` equal to counting each rank).
_SETS = {}
for _counts in product(range(5), repeat=5):
    _SETS[sum(n << 3 * i for i, n in enumerate(_counts))] = tuple(
        sorted(((n, TEN + i) for i, n in enumerate(_counts) if n >= 3), reverse=True))
del _counts


def _rank_counts(hand: int) -> int:
    """How many tens, jacks, queens, kings and aces ``hand`` holds, three bits each."""
    return (_SPREAD[hand >> TEN & 31] + _SPREAD[hand >> 13 + TEN & 31] + _SPREAD[hand >> 26 + TEN & 31]
            + _SPREAD[hand >> 39 + TEN & 31])


@implements("piquet.declarations.sets")
def sets(hand: int) -> list[tuple[int, int]]:
    """Every set of three or four aces, kings, queens, jacks or tens, as (count, rank).

    >>> from cardrules.cards import parse_cardset
    >>> sets(parse_cardset("♠A10 ♣A10 ♦A10 ♥K9 ♠9 ♣9"))
    [(3, 12), (3, 8)]
    """
    return list(_SETS[_rank_counts(hand)])


def best_set(hand: int) -> tuple[int, int] | None:
    found = _SETS[_rank_counts(hand)]
    return found[0] if found else None


def set_score(found: Sequence[tuple[int, int]]) -> int:
    """A quatorze (four) 14, a trio (three) 3."""
    return sum(14 if n == 4 else 3 for n, _ in found)


#: How to find a hand's best combination, by category.
_BEST = (point_key, best_sequence, best_set)


def best(hand: int, category: int):
    """The best combination of ``hand`` in ``category`` (None: nothing)."""
    return _BEST[category](hand)


#: What one suit's sequences score, for each of the 256 sets of ranks seven to ace, and what
#: the sets score, for each count of the tens to the aces (see ``_SETS``), worked out once: a
#: hand's sequences are its four suits' (their score the sum of theirs), its sets one look-up.
_SUIT_RUNS_SCORE = tuple(sequence_score(runs) for runs in RUNS_FROM_SEVEN)
_SETS_SCORE = {counts: set_score(found) for counts, found in _SETS.items()}


def category_score(hand: int, category: int) -> int:
    """What the holder of the good combination scores in ``category``: the point, or
    all his sequences, or all his sets (tests/piquet/test_tables.py holds the tables equal to
    ``sequence_score(sequences(hand))`` and ``set_score(sets(hand))``)."""
    if category == POINT:
        return point_score(point_key(hand))
    if category == SEQUENCE:
        return (_SUIT_RUNS_SCORE[hand >> _LOW & 0xFF] + _SUIT_RUNS_SCORE[hand >> 13 + _LOW & 0xFF]
                + _SUIT_RUNS_SCORE[hand >> 26 + _LOW & 0xFF] + _SUIT_RUNS_SCORE[hand >> 39 + _LOW & 0xFF])
    return _SETS_SCORE[_rank_counts(hand)]


_SEQ_NAMES = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième"}
_RANK_NAMES = {5: "7", 6: "8", 7: "9", 8: "10", 9: "J", 10: "Q", 11: "K", 12: "A"}
_PLURALS = {8: "tens", 9: "jacks", 10: "queens", 11: "kings", 12: "aces"}


def describe(category: int, key: tuple[int, int] | None) -> str:
    """A claim in words, as a player says it.

    >>> describe(POINT, (5, 49)), describe(SEQUENCE, (4, 11)), describe(SET, (4, 12)), describe(SET, (3, 8))
    ('point of 5 (49)', 'quart to the K', 'quatorze of aces', 'trio of tens')
    """
    if key is None:
        return "nothing"
    if category == POINT:
        return f"point of {key[0]} ({key[1]})"
    if category == SEQUENCE:
        return f"{_SEQ_NAMES.get(key[0], f'{key[0]} cards')} to the {_RANK_NAMES[key[1]]}"
    return f"{'quatorze' if key[0] == 4 else 'trio'} of {_PLURALS[key[1]]}"


def false_claim(hand: int, category: int) -> tuple[int, int]:
    """What a false call claims, as the engine writes it: one card more than held
    (a point of one card more, a sequence one longer, four of a rank held three times)."""
    held = best(hand, category)
    if category == POINT:
        return (held[0] + 1, held[1] + 10) if held else (1, 11)
    if category == SEQUENCE:
        return (max(held[0], 2) + 1, held[1]) if held else (3, 12)
    if held:
        return (4, held[1]) if held[0] == 3 else (4, 12)
    return (3, 12)


class Dialogue:
    """The «хвалёж»: the three categories in turn, each a call and its answers.

    ``order`` is the seats in the order they speak; ``hands`` the hands after the
    exchange. ``outcome[c]`` is, once category ``c`` is over, the list of seats whose
    claim stood (one: he scores; several: equal, nobody scores; none: nobody called).
    """

    def __init__(self, order: Sequence[int], hands: Sequence[int]):
        self.order = list(order)
        self.hands = hands
        self.category = POINT
        self.outcome: list[list[int]] = []
        self.claims: list[dict[int, tuple]] = []
        self.false_calls: list[tuple[int, int]] = []  # (seat, category)
        #: whether the three categories are over (a field, set as the last ends: it is asked at every word)
        self.done = False
        self._start()

    def held(self, seat: int) -> tuple | None:
        """The best combination ``seat`` holds in the current category (worked out once, as
        the category opens, so that checking an action changes nothing)."""
        return self._held[seat]

    def _start(self) -> None:
        self._held = {}
        find = _BEST[self.category]
        for seat in self.order:
            self._held[seat] = find(self.hands[seat])
        self.waiting = list(self.order)
        self.standing = None
        self.holders: list[int] = []
        self.claim: dict[int, tuple] = {}

    @property
    def current(self) -> int:
        return self.waiting[0]

    @property
    def calling(self) -> bool:
        """True while nobody has called in this category yet."""
        return self.standing is None

    def legal(self) -> list[int]:
        seat = self.current
        held = self.held(seat)
        if self.calling:
            return ([CALL + self.category] if held else []) + [NO_CALL]
        out = [GOOD]
        if held is not None and held > self.standing:
            out.append(NOT_GOOD)
        if held is not None and held == self.standing and self.category != SET:
            out.append(EQUAL)
        return out

    @implements("piquet.declarations.dialogue")
    def check(self, action: int) -> None:
        """Raise :class:`IllegalAction` if ``action`` may not be said now."""
        # (the fields, not the properties current, held and calling: this runs at every word)
        seat = self.waiting[0]
        name = CATEGORY_NAMES[self.category]
        held = self._held[seat]
        if self.standing is None:
            if action == CALL + self.category:
                if held is None:
                    raise IllegalAction("piquet.declarations.dialogue", f"seat {seat} holds no {name} to call")
                return
            if action in (NO_CALL, FALSE_CALL + self.category):
                return
            raise IllegalAction("piquet.declarations.dialogue", f"seat {seat} must call his {name} or say he has none")
        if action == GOOD:
            return
        if action == NOT_GOOD:
            if held is None or not held > self.standing:
                raise IllegalAction("piquet.declarations.dialogue", f"«not good»: seat {seat} holds no better {name}")
            return
        if action == EQUAL:
            if self.category == SET:
                raise IllegalAction("piquet.declarations.sets", "sets are never equal: each rank is held by one player only")
            if held != self.standing:
                raise IllegalAction("piquet.declarations.equal", f"«equal»: seat {seat}'s {name} is not the same as the one called")
            return
        raise IllegalAction("piquet.declarations.dialogue", f"seat {seat} must answer good, not good or equal")

    def apply(self, action: int) -> None:
        self.check(action)
        seat = self.waiting.pop(0)
        if self.standing is None:  # the call
            if action == NO_CALL:
                pass
            elif action >= FALSE_CALL:
                self.standing = false_claim(self.hands[seat], self.category)
                self.holders = [seat]
                self.false_calls.append((seat, self.category))
            else:
                self.standing = self._held[seat]
                self.holders = [seat]
            if self.standing is not None:
                self.claim[seat] = self.standing
        elif action == NOT_GOOD:
            self.standing = self._held[seat]
            self.holders = [seat]
            self.claim[seat] = self.standing
        elif action == EQUAL:
            self.holders.append(seat)
            self.claim[seat] = self.standing
        if not self.waiting:  # (kept as they are: _start makes the next category's anew)
            self.outcome.append(self.holders)
            self.claims.append(self.claim)
            self.category += 1
            self.done = self.category > SET
            if not self.done:
                self._start()


@implements("piquet.declarations.order", "piquet.three.declare-first")
def speaking_order(seats: Sequence[int], dealer: int, first: str) -> list[int]:
    """The seats in the order they declare: the elder hand first (the dealer last), or
    the dealer first, as three-handed piquet has it.

    >>> speaking_order([0, 1], dealer=0, first="elder"), speaking_order([0, 1, 2], dealer=2, first="dealer")
    ([1, 0], [2, 0, 1])
    """
    ring = sorted(seats)
    i = ring.index(dealer)
    elder_first = ring[i + 1:] + ring[:i + 1]
    if first == "elder":
        return elder_first
    return [dealer] + elder_first[:-1]


__all__ = ["CALL", "CATEGORY_NAMES", "Dialogue", "EQUAL", "FALSE_CALL", "GOOD", "NOT_GOOD", "NO_CALL", "POINT", "SEQUENCE",
           "SET", "best", "category_score", "point_key", "sequences", "sets", "speaking_order"]
