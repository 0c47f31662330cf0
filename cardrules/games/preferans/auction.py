"""The bidding: the ladder from 6♠ to 10 without trumps, the misère in its place,
holding a bid («здесь»), and the end of the auction.

Calls are ints: ``BID + i`` for the i-th step of the ladder (0 = 6♠ … 24 = 10NT),
``MISERE`` and ``PASS``.

>>> [bid_name(i) for i in (0, 4, 5, 24)]
['6♠', '6NT', '7♠', '10NT']
>>> rank(index(8, NT)) < MISERE_RANK < rank(index(9, 0))
True
"""

from __future__ import annotations

from dataclasses import replace  # noqa: F401 (the doctests of legal_calls and call_allowed)

from cardrules.rules import implements

from .variants import Variant

#: Strains in the order of the ladder: ♠ ♣ ♦ ♥, then no trumps.
STRAINS = 5
NT = 4
STRAIN_NAMES = ("♠", "♣", "♦", "♥", "NT")
STRAIN_NAMES_RU = ("пики", "трефы", "бубны", "червы", "без козыря")
LADDER = 25
BID = 64
MISERE = BID + LADDER  # 89
PASS = MISERE + 1  # 90
#: A pass made before looking at the cards («пас втёмную»), where the variant allows it.
BLIND_PASS = PASS + 1  # 91
#: A call made blind, before looking at one's cards (Classic, Code 3.3.19 б, в): DARK + step for a
#: bid, DARK + LADDER for a misère. Not among :func:`legal_calls` (see :func:`dark_call`).
DARK = 600
DARK_MISERE = DARK + LADDER
#: Misère sits between 8NT and 9♠ (ranks are twice the ladder index).
MISERE_RANK = 2 * 14 + 1


@implements("preferans.bidding.ladder")
def index(level: int, strain: int) -> int:
    """The step of the ladder of a contract: ``level`` 6…10, ``strain`` 0♠ 1♣ 2♦ 3♥ 4NT.

    >>> index(6, 0), index(6, NT), index(7, 0), index(10, NT)
    (0, 4, 5, 24)
    """
    return (level - 6) * STRAINS + strain


def level_of(i: int) -> int:
    return 6 + i // STRAINS


def strain_of(i: int) -> int:
    return i % STRAINS


def trump_of(i: int) -> int | None:
    s = i % STRAINS
    return None if s == NT else s


def bid_name(i: int) -> str:
    if 0 <= i < LADDER:
        return _BID_NAMES[i]
    return f"{level_of(i)}{STRAIN_NAMES[strain_of(i)]}"


_BID_NAMES = [f"{level_of(i)}{STRAIN_NAMES[strain_of(i)]}" for i in range(LADDER)]


def rank(i: int) -> int:
    """The height of a bid on the ladder, misère included (``MISERE_RANK``)."""
    return 2 * i


def dark_call(a: int) -> int:
    """The blind form of a bid (``BID + i``) or of ``MISERE``.

    >>> call_name(dark_call(BID + index(6, 0))), call_name(dark_call(MISERE))
    ('6♠ blind', 'misère blind')
    """
    return DARK + (LADDER if a == MISERE else a - BID)


def call_name(a: int) -> str:
    """A call in words.

    >>> call_name(BID + 7), call_name(MISERE), call_name(PASS)
    ('7♦', 'misère', 'pass')
    """
    if a == PASS:
        return "pass"
    if a == BLIND_PASS:
        return "blind pass"
    if a == MISERE:
        return "misère"
    if a >= DARK:
        return call_name(MISERE if a == DARK_MISERE else BID + a - DARK) + " blind"
    return bid_name(a - BID)


@implements("preferans.bidding.order", "preferans.bidding.hold", "preferans.bidding.hold-earlier",
            "preferans.bidding.misere-first-call",
            "preferans.bidding.misere-outbid", "preferans.allpass.exit", "preferans.bidding.no-jumps")
def legal_calls(v: Variant, pos: int, high: int, high_pos: int, has_bid: bool, bid_misere: bool,
                min_index: int) -> list[int]:
    """The calls open to the hand at ``pos``.

    ``high`` is the highest call so far (a ladder index, ``MISERE`` or -1 for none)
    and ``high_pos`` the hand that made it; ``has_bid`` whether this hand has made a
    bid already; ``min_index`` the lowest step allowed (the exit after an all-pass).

    A bid must be higher than the last, but the first hand may hold a later
    hand's bid («здесь»); with ``v.hold_any_earlier``, so may the second hand hold the third's. A misère can be called only as a hand's first call, and
    only a contract of ``v.misere_outbid_level`` or more outbids it.

    >>> from cardrules.games.preferans.variants import SOCHI
    >>> [call_name(a) for a in legal_calls(SOCHI, 2, -1, -1, False, False, 0)][:3]
    ['6♠', '6♣', '6♦']
    >>> [call_name(a) for a in legal_calls(SOCHI, 0, index(7, 2), 1, True, False, 0)][:2]
    ['7♦', '7♥']
    >>> [call_name(a) for a in legal_calls(SOCHI, 2, MISERE, 0, False, False, 0)][:2]
    ['9♠', '9♣']
    >>> [call_name(legal_calls(v, 1, index(6, 1), 2, True, False, 0)[0]) for v in (SOCHI, replace(SOCHI, hold_any_earlier=True))]
    ['6♦', '6♣']
    """
    if bid_misere:
        return [PASS]
    if high == MISERE:
        cur = MISERE_RANK
        first = max(min_index, index(v.misere_outbid_level, 0))
    else:
        cur = 2 * high if high >= 0 else -1  # rank(high)
        # the first hand may hold (Code 3.3.8); any earlier hand, if the variant says so
        first = high if high >= 0 and pos < high_pos and (pos == 0 or v.hold_any_earlier) else high + 1
        if first < min_index:
            first = min_index
    tail = _MISERE_PASS if not has_bid and cur < MISERE_RANK else _PASS
    if first >= LADDER:
        return tail[:]
    if v.allow_jumps:
        return (_BIDS_FROM[first] if first >= 0 else [BID + i for i in range(first, LADDER)]) + tail
    if high >= 0 and high != MISERE and first == high and high + 1 < LADDER:
        return [BID + first, BID + high + 1] + tail
    return [BID + first] + tail


def call_allowed(v: Variant, pos: int, high: int, high_pos: int, has_bid: bool, bid_misere: bool,
                 min_index: int, a: int) -> bool:
    """Whether the int ``a`` is one of :func:`legal_calls` (the same arguments), without making the list.

    >>> from cardrules.games.preferans.variants import SOCHI
    >>> args = [(p, h, hp, hb, bm, mi) for p in (0, 1, 2) for h in (-1, 0, 3, 24, MISERE) for hp in (-1, 0, 1, 2)
    ...         for hb in (False, True) for bm in (False, True) for mi in (0, 5)]
    >>> variants = [replace(SOCHI, allow_jumps=j, misere_outbid_level=m, hold_any_earlier=h) for j in (True, False)
    ...             for m in (9, 6, 11) for h in (False, True)]
    >>> all(call_allowed(v, *x, a) == (a in legal_calls(v, *x)) for v in variants
    ...     for x in args + [(0, MISERE, 1, False, False, -3)] for a in range(BID - 6, BLIND_PASS + 2))
    True
    """
    if a == PASS:
        return True
    if bid_misere:
        return False
    if high == MISERE:
        cur = MISERE_RANK
        first = max(min_index, index(v.misere_outbid_level, 0))
    else:
        cur = 2 * high if high >= 0 else -1
        first = high if high >= 0 and pos < high_pos and (pos == 0 or v.hold_any_earlier) else high + 1
        if first < min_index:
            first = min_index
    if a == MISERE:
        return not has_bid and cur < MISERE_RANK
    if a >= MISERE:
        return False
    i = a - BID
    if v.allow_jumps:
        return i >= first
    return i == first or (high >= 0 and high != MISERE and first == high and i == high + 1)


#: The bids from each step of the ladder up; the calls after the bids.
_BIDS_FROM = [[BID + i for i in range(first, LADDER)] for first in range(LADDER)]
_MISERE_PASS = [MISERE, PASS]
_PASS = [PASS]
_CONTRACTS_FROM = [list(range(first, LADDER)) for first in range(LADDER)]


@implements("preferans.bidding.contract-not-lower")
def legal_contracts(bid: int) -> list[int]:
    """Contracts a declarer may name after the talon: his last bid or any higher step.

    >>> [bid_name(i) for i in legal_contracts(index(9, 3))]
    ['9♥', '9NT', '10♠', '10♣', '10♦', '10♥', '10NT']
    """
    return _CONTRACTS_FROM[bid][:] if 0 <= bid < LADDER else list(range(bid, LADDER))


__all__ = ["BLIND_PASS", "BID", "DARK", "DARK_MISERE", "dark_call", "LADDER", "MISERE", "MISERE_RANK", "NT", "PASS", "STRAINS", "STRAIN_NAMES", "bid_name",
           "call_allowed", "call_name", "index", "legal_calls", "legal_contracts", "level_of", "rank", "strain_of",
           "trump_of"]
