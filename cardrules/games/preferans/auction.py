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
    return f"{level_of(i)}{STRAIN_NAMES[strain_of(i)]}"


def rank(i: int) -> int:
    """The height of a bid on the ladder, misère included (``MISERE_RANK``)."""
    return 2 * i


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
    return bid_name(a - BID)


@implements("preferans.bidding.order", "preferans.bidding.hold", "preferans.bidding.misere-first-call",
            "preferans.bidding.misere-outbid", "preferans.allpass.exit", "preferans.bidding.no-jumps")
def legal_calls(v: Variant, pos: int, high: int, high_pos: int, has_bid: bool, bid_misere: bool,
                min_index: int) -> list[int]:
    """The calls open to the hand at ``pos``.

    ``high`` is the highest call so far (a ladder index, ``MISERE`` or -1 for none)
    and ``high_pos`` the hand that made it; ``has_bid`` whether this hand has made a
    bid already; ``min_index`` the lowest step allowed (the exit after an all-pass).

    A bid must be higher than the last, but an earlier hand may hold the later
    hand's bid («здесь»). A misère can be called only as a hand's first call, and
    only a contract of ``v.misere_outbid_level`` or more outbids it.

    >>> from cardrules.games.preferans.variants import SOCHI
    >>> [call_name(a) for a in legal_calls(SOCHI, 2, -1, -1, False, False, 0)][:3]
    ['6♠', '6♣', '6♦']
    >>> [call_name(a) for a in legal_calls(SOCHI, 0, index(7, 2), 1, True, False, 0)][:2]
    ['7♦', '7♥']
    >>> [call_name(a) for a in legal_calls(SOCHI, 2, MISERE, 0, False, False, 0)][:2]
    ['9♠', '9♣']
    """
    if bid_misere:
        return [PASS]
    if high == MISERE:
        cur = MISERE_RANK
        lowest = max(min_index, index(v.misere_outbid_level, 0))
        first = lowest
    else:
        cur = rank(high) if high >= 0 else -1
        hold = high >= 0 and pos < high_pos
        first = high if hold else high + 1
        first = max(first, min_index)
    out = []
    if first < LADDER:
        if v.allow_jumps:
            out = [BID + i for i in range(first, LADDER)]
        else:
            out = [BID + first]
            if high >= 0 and high != MISERE and first == high and high + 1 < LADDER:
                out.append(BID + high + 1)
    if not has_bid and cur < MISERE_RANK:
        out.append(MISERE)
    out.append(PASS)
    return out


@implements("preferans.bidding.contract-not-lower")
def legal_contracts(bid: int) -> list[int]:
    """Contracts a declarer may name after the talon: his last bid or any higher step.

    >>> [bid_name(i) for i in legal_contracts(index(9, 3))]
    ['9♥', '9NT', '10♠', '10♣', '10♦', '10♥', '10NT']
    """
    return list(range(bid, LADDER))


__all__ = ["BLIND_PASS", "BID", "LADDER", "MISERE", "MISERE_RANK", "NT", "PASS", "STRAINS", "STRAIN_NAMES", "bid_name",
           "call_name", "index", "legal_calls", "legal_contracts", "level_of", "rank", "strain_of", "trump_of"]
