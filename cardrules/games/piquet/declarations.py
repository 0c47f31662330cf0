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

from typing import Sequence

from cardrules.cards import RANK_MASKS, RUNS_FROM_SEVEN, SUITS, TEN
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


@implements("piquet.declarations.point")
def point_key(hand: int) -> tuple[int, int] | None:
    """The point: the most cards in one suit, then the higher pip total.

    >>> from cardrules.cards import parse_cardset
    >>> point_key(parse_cardset("♠AK9 ♥QJ10"))     # three each: hearts 30, spades 30
    (3, 30)
    """
    best = None
    for s in SUITS:
        cards = hand >> (13 * s) & 0x1FFF
        if not cards:
            continue
        key = (cards.bit_count(), _PIPS[cards >> _LOW])
        if best is None or key > best:
            best = key
    return best


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


def best_sequence(hand: int) -> tuple[int, int] | None:
    seqs = sequences(hand)
    return seqs[0] if seqs else None


def sequence_score(seqs: Sequence[tuple[int, int]]) -> int:
    """A tierce 3, a quart 4, a quint 15, a sixième 16, a septième 17, a huitième 18.

    >>> [sequence_score([(n, 12)]) for n in range(3, 9)]
    [3, 4, 15, 16, 17, 18]
    """
    return sum(n if n < 5 else n + 10 for n, _ in seqs)


@implements("piquet.declarations.sets")
def sets(hand: int) -> list[tuple[int, int]]:
    """Every set of three or four aces, kings, queens, jacks or tens, as (count, rank).

    >>> from cardrules.cards import parse_cardset
    >>> sets(parse_cardset("♠A10 ♣A10 ♦A10 ♥K9 ♠9 ♣9"))
    [(3, 12), (3, 8)]
    """
    out = []
    for r in range(TEN, 13):
        n = (hand & RANK_MASKS[r]).bit_count()
        if n >= 3:
            out.append((n, r))
    return sorted(out, reverse=True)


def best_set(hand: int) -> tuple[int, int] | None:
    found = sets(hand)
    return found[0] if found else None


def set_score(found: Sequence[tuple[int, int]]) -> int:
    """A quatorze (four) 14, a trio (three) 3."""
    return sum(14 if n == 4 else 3 for n, _ in found)


def best(hand: int, category: int):
    """The best combination of ``hand`` in ``category`` (None: nothing)."""
    if category == POINT:
        return point_key(hand)
    if category == SEQUENCE:
        return best_sequence(hand)
    return best_set(hand)


def category_score(hand: int, category: int) -> int:
    """What the holder of the good combination scores in ``category``: the point, or
    all his sequences, or all his sets."""
    if category == POINT:
        return point_score(point_key(hand))
    if category == SEQUENCE:
        return sequence_score(sequences(hand))
    return set_score(sets(hand))


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
        self._start()

    def held(self, seat: int) -> tuple | None:
        """The best combination ``seat`` holds in the current category (worked out once, as
        the category opens, so that checking an action changes nothing)."""
        return self._held[seat]

    def _start(self) -> None:
        self._held = {}
        for seat in self.order:
            self._held[seat] = best(self.hands[seat], self.category)
        self.waiting = list(self.order)
        self.standing = None
        self.holders: list[int] = []
        self.claim: dict[int, tuple] = {}

    @property
    def done(self) -> bool:
        return self.category > SET

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
        if not self.waiting:
            self.outcome.append(list(self.holders))
            self.claims.append(dict(self.claim))
            self.category += 1
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
