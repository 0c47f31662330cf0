"""The double-dummy search of :mod:`cardrules.analysis.search`, compiled.

The Python solver (:class:`cardrules.analysis.search.Solver`) is the reference and the
edition's implementation; this module runs the same search in compiled code, and
:func:`cardrules.analysis.search.solve` uses it when numba is installed and the question is
one it covers: a contract, a misère or an all-pass, talon cards leading its first tricks
included (three hands or four); only the two-handed all-pass, whose dummy picks its own
card, stays with the Python solver. ``tests/fast/test_solver.py`` compares the two, and
plain minimax, on thousands of positions.

What is searched is the same: zero-window searches ("does the counted position take at
least ``target`` tricks?") narrowed between 0 and the tricks left, a transposition table at
trick starts keyed by the hands reduced to their ranks among the cards still out (the
``relative_key`` of the Python solver, packed in two words), one card tried per run of
equivalent cards, and in a contract the quick-trick bounds of
:func:`~cardrules.analysis.search.sure_tricks` and :func:`~cardrules.analysis.search.top_trumps`.

The rules are not restated: the kernel reads tables built by calling the game's own
functions (:func:`cardrules.games.preferans.play.winner` and
:func:`~cardrules.games.preferans.play.playable`) once per trump suit:

* ``win[c0, c1, c2]``: the index of the card that takes a trick led by ``c0``;
* ``beats[led, best, c]``: whether ``c`` would take a trick of suit ``led`` from ``best``
  (the move ordering only);
* ``talon_table(card, may_win)[c0, c1, c2]``: who takes a trick a talon card leads;
* ``rule[led, has_led, has_trump]``: which part of a hand ``playable`` allows (0 the suit
  led, 1 the trumps, 2 every card), found by asking ``playable`` of sample hands.

The compiled code is cached on disk (``cache=True``): only the first run compiles.
"""

from __future__ import annotations

from itertools import permutations

import numpy as np
from numba import njit

from cardrules.cards import SUIT_MASKS
from cardrules.games.preferans.play import playable, winner

from .rng import count as _count

#: The table's size (entries, a power of two) and how far a key is probed.
TABLE_BITS = 20
PROBES = 8

_RANKS = tuple(range(5, 13))  # the preferans pack: seven to ace


def _squeeze() -> np.ndarray:
    from cardrules.analysis.search import _squeeze_table

    return np.array(_squeeze_table(), dtype=np.int64)


_TABLES: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def tables(trump: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``win``, ``beats`` and ``rule`` for one trump suit (None: no trumps), from the game's
    functions (see the module)."""
    t = -1 if trump is None else trump
    if t in _TABLES:
        return _TABLES[t]
    cards = [13 * s + r for s in range(4) for r in _RANKS]
    win = np.zeros((52, 52, 52), dtype=np.int8)
    for c0, c1, c2 in permutations(cards, 3):
        win[c0, c1, c2] = winner((c0, c1, c2), c0 // 13, trump)
    beats = np.zeros((4, 53, 52), dtype=np.bool_)
    for led in range(4):
        for best in cards:
            for c in cards:
                if c != best:
                    beats[led, best, c] = winner([best, c], led, trump) == 1
        for c in cards:  # row 52: no card holds the trick yet (a talon card led it)
            beats[led, 52, c] = winner([c], led, trump) == 0
    rule = np.full((4, 2, 2), 2, dtype=np.int64)
    for led in range(4):
        for has_led in (0, 1):
            for has_trump in (0, 1):
                if has_trump and trump is None:
                    continue
                # a sample hand: a card of the suit led, a trump, a card of a third suit
                other = next(s for s in range(4) if s != led and s != trump)
                hand = SUIT_MASKS[other] & (1 << (13 * other + 5))
                if has_led:
                    hand |= 1 << (13 * led + 6)
                if has_trump and trump != led:
                    hand |= 1 << (13 * trump + 7)
                allowed = playable(hand, led, trump)
                if has_led and allowed == hand & SUIT_MASKS[led]:
                    rule[led, has_led, has_trump] = 0
                elif has_trump and trump is not None and allowed == hand & SUIT_MASKS[trump]:
                    rule[led, has_led, has_trump] = 1
                elif allowed == hand:
                    rule[led, has_led, has_trump] = 2
                else:  # pragma: no cover - the game's rule changed shape: the kernel cannot read it
                    raise RuntimeError("playable() no longer picks the suit led, the trumps or the hand")
    _TABLES[t] = (win, beats, rule)
    return _TABLES[t]


_TALON: dict[tuple[int, bool], np.ndarray] = {}


def talon_table(card: int, may_win: bool) -> np.ndarray:
    """``w[c0, c1, c2]``: who takes a trick the talon's ``card`` leads (the index of the card
    among the three played, or -1: nobody, or with four players the talon card itself),
    from :func:`~cardrules.games.preferans.play.winner` as the Python solver asks it."""
    key = (card, may_win)
    if key not in _TALON:
        led = card // 13
        cards = [13 * s + r for s in range(4) for r in _RANKS if 13 * s + r != card]
        w = np.full((52, 52, 52), -1, dtype=np.int8)
        for c0, c1, c2 in permutations(cards, 3):
            if may_win:
                k = winner([card, c0, c1, c2], led, None)
                w[c0, c1, c2] = k - 1 if k > 0 else -1
            else:
                w[c0, c1, c2] = winner([c0, c1, c2], led, None)
        _TALON[key] = w
    return _TALON[key]


# -- the kernel ------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def _top(m):
    """The highest card of a non-empty mask."""
    c = 51
    while not (m >> c) & 1:
        c -= 1
    return c


@njit(cache=True, inline="always")
def _suit(s):
    return np.int64(0x1FFF) << (13 * s)


@njit(cache=True)
def _sure_tricks(h0, h1, h2, p, trump):
    """:func:`cardrules.analysis.search.sure_tricks`, on masks."""
    mine = h0 if p == 0 else (h1 if p == 1 else h2)
    others = (h0 | h1 | h2) & ~mine
    enemy_trumps = trump >= 0 and (others & _suit(trump)) != 0
    total = 0
    for s in range(4):
        if enemy_trumps and s != trump:
            continue
        m = mine & _suit(s)
        o = others & _suit(s)
        while m:
            top = _top(m)
            if o >> top:
                break
            total += 1
            m ^= np.int64(1) << top
    return total


@njit(cache=True)
def _top_trumps(h0, h1, h2, p, trump):
    """:func:`cardrules.analysis.search.top_trumps`, on masks."""
    mine = h0 if p == 0 else (h1 if p == 1 else h2)
    m = mine & _suit(trump)
    o = (h0 | h1 | h2) & _suit(trump) & ~m
    if not o:
        return _count(m)
    return _count(m >> (_top(o) + 1))


@njit(cache=True)
def _key(h0, h1, h2, leader, sq):
    live = h0 | h1 | h2
    k1 = np.int64(0)
    k2 = np.int64(leader)
    for s in range(4):
        shift = 13 * s + 5
        lv = ((live >> shift) & 255) << 8
        k1 = (k1 << 8) | sq[lv | ((h0 >> shift) & 255)]
        k1 = (k1 << 8) | sq[lv | ((h1 >> shift) & 255)]
        k2 = (k2 << 8) | sq[lv | ((h2 >> shift) & 255)]
    return k1, k2


@njit(cache=True)
def _options(h, allowed, live, first, i, led, best, holder, p, ctx, beats, buf, depth):
    """Fill ``buf[depth]`` with the cards to try (one per run of equivalent cards), in the
    order of the search; return how many."""
    trump, counted, more = ctx[0], ctx[1], ctx[2]
    others = live & ~h
    n = 0
    prev = -1
    keys = buf[depth + 32]
    for s in range(3, -1, -1):
        bits = (allowed >> (13 * s + 5)) & 255
        if not bits:
            continue
        for r in range(7, -1, -1):
            if not (bits >> r) & 1:
                continue
            c = 13 * s + 5 + r
            if prev >= 0 and prev // 13 == s:
                between = ((np.int64(1) << prev) - (np.int64(1) << (c + 1)))
                if not others & between:
                    prev = c
                    continue
            prev = c
            rank = c % 13
            # the move ordering of Solver._leads and Solver._order (speed only, never a value)
            if i == 0:
                if more:
                    if not (live >> (c + 1)) & ((np.int64(1) << (12 - rank)) - 1):  # highest still out
                        k = (0 if s == trump else 100) + (51 - c)
                    else:
                        k = 1000 + rank * 4 + s
                else:
                    k = c
            else:
                takes = beats[led, best, c]
                if more:
                    if (holder == counted) == (p == counted):
                        k = rank
                    else:
                        k = (0 if takes else 100) + rank
                elif p == counted:
                    k = (100 if takes else 0) + (12 - rank)
                elif (p - first) % 3 < (counted - first) % 3:
                    k = rank
                else:
                    k = (100 + rank) if takes else (12 - rank)
            k = k * 64 + c
            j = n
            while j > 0 and keys[j - 1] > k:  # insertion sort by key
                keys[j] = keys[j - 1]
                buf[depth, j] = buf[depth, j - 1]
                j -= 1
            keys[j] = k
            buf[depth, j] = c
            n += 1
    return n


@njit(cache=True)
def _allowed(h, led, trump, rule):
    has_led = (h & _suit(led)) != 0
    has_trump = trump >= 0 and (h & _suit(trump)) != 0
    r = rule[led, 1 if has_led else 0, 1 if has_trump else 0]
    if r == 0:
        return h & _suit(led)
    if r == 1:
        return h & _suit(trump)
    return h


@njit(cache=True)
def _packed(h):
    """A hand's 32 cards in 32 bits (suit by suit, seven to ace)."""
    out = np.int64(0)
    for s in range(4):
        out |= ((h >> (13 * s + 5)) & 255) << (8 * s)
    return out


@njit(cache=True)
def _lookup(h0, h1, h2, first, talon, gen, sq, k1s, k2s, gens, bits):
    """The table's slot for this trick start (found, or free and claimed) and whether it was found.
    While talon cards lead, the cards themselves are the key (a talon card has a rank of its own)."""
    if talon:
        k1 = _packed(h0) | (_packed(h1) << 32)
        k2 = _packed(h2) | (np.int64(first) << 32) | (np.int64(1) << 40)
    else:
        k1, k2 = _key(h0, h1, h2, first, sq)
    mask = (np.int64(1) << bits) - 1
    slot = ((k1 * np.int64(-7046029254386353131)) ^ (k2 * np.int64(-4658895280553007687))) >> 20
    slot &= mask
    free = -1
    for probe in range(PROBES):
        e = (slot + probe) & mask
        if gens[e] != gen:
            if free < 0:
                free = e
            continue
        if k1s[e] == k1 and k2s[e] == k2:
            return e, True, k1, k2
    e = free if free >= 0 else slot  # a full run of slots: the first gives way
    gens[e] = gen
    k1s[e] = k1
    k2s[e] = k2
    return e, False, k1, k2


# the frames of the search, one per card of the line being searched (``frame[depth, field]``)
F_I, F_FIRST, F_C0, F_C1, F_LIVE, F_TARGET, F_N, F_J, F_P, F_H, F_MAX, F_ENTRY, F_K1, F_K2, F_LED, F_TALON = range(16)
N_FIELDS = 16


@njit(cache=True)
def _ge(hands, leader, target0, ctx, win, twin, beats, rule, sq, k1s, k2s, gens, los, his, gen, buf, frame, stats):
    """Whether the counted position takes ``target0`` or more of the tricks to come, ``leader``
    leading the next trick. The search of ``Solver._ge`` and ``Solver._card``, written as a loop
    over an explicit stack of frames (numba's cache does not keep recursive functions): a frame
    is a card to play (``F_I`` = 0 a lead, 1 and 2 the follows) with the options tried so far."""
    trump, counted, more, quick, bits = ctx[0], ctx[1], ctx[2], ctx[3], ctx[4]
    d = 0
    frame[0, F_I] = 0
    frame[0, F_FIRST] = leader
    frame[0, F_TARGET] = target0
    ENTER, NEXT, RETURN = 0, 1, 2
    state = ENTER
    r = False
    while True:
        if state == ENTER:
            i = frame[d, F_I]
            first = frame[d, F_FIRST]
            target = frame[d, F_TARGET]
            frame[d, F_ENTRY] = -1
            if i == 0:
                h0, h1, h2 = hands[0], hands[1], hands[2]
                left = _count(h0)
                tk = ctx[6] - left  # tricks done: while fewer than the talon's leads, a talon card leads
                if tk >= ctx[5]:
                    tk = -1
                else:  # first hand plays first to it, and first hand leads the trick after it
                    first = 0
                    frame[d, F_FIRST] = 0
                if target <= 0:
                    r = True
                    state = RETURN
                    continue
                if target > left:
                    r = False
                    state = RETURN
                    continue
                if left == 1 and tk < 0:  # the last trick plays itself
                    w = win[_top(hands[first]), _top(hands[(first + 1) % 3]), _top(hands[(first + 2) % 3])]
                    r = (first + w) % 3 == counted
                    state = RETURN
                    continue
                e, found, k1, k2 = _lookup(h0, h1, h2, first, tk >= 0, gen, sq, k1s, k2s, gens, bits)
                stats[3] += 1
                if found:
                    if los[e] >= target:
                        stats[1] += 1
                        r = True
                        state = RETURN
                        continue
                    if his[e] < target:
                        stats[1] += 1
                        r = False
                        state = RETURN
                        continue
                else:
                    los[e] = 0
                    his[e] = left
                lo = np.int64(los[e])
                hi = np.int64(his[e])
                if more and quick and tk < 0:
                    sure = _sure_tricks(h0, h1, h2, first, trump)
                    decided = False
                    if trump >= 0:
                        dd = counted
                        if first != dd:  # the declarer's top trumps each take a trick, whoever leads
                            mine = _top_trumps(h0, h1, h2, dd, trump)
                            if mine >= target:
                                los[e] = max(lo, mine)
                                r = True
                                decided = True
                            else:
                                for p in ((dd + 1) % 3, (dd + 2) % 3):
                                    if p != first:
                                        sure = max(sure, _top_trumps(h0, h1, h2, p, trump))
                    if not decided:
                        if first == counted:
                            if sure >= target:
                                los[e] = max(lo, sure)
                                r = True
                                decided = True
                            elif trump >= 0:
                                theirs = max(_top_trumps(h0, h1, h2, (counted + 1) % 3, trump),
                                             _top_trumps(h0, h1, h2, (counted + 2) % 3, trump))
                                if left - theirs < target:
                                    his[e] = min(hi, left - theirs)
                                    r = False
                                    decided = True
                        elif left - sure < target:
                            his[e] = min(hi, left - sure)
                            r = False
                            decided = True
                    if decided:
                        state = RETURN
                        continue
                frame[d, F_ENTRY] = e
                frame[d, F_K1] = k1
                frame[d, F_K2] = k2
                live = h0 | h1 | h2
                p = first
                h = hands[p]
                frame[d, F_TALON] = tk
                if tk >= 0:
                    live |= ctx[9]
                    led = ctx[7 + tk] // 13
                    frame[d, F_LED] = led
                    allowed = _allowed(h, led, trump, rule)
                else:
                    frame[d, F_LED] = -1
                    allowed = h
                frame[d, F_LIVE] = live
                n = _options(h, allowed, live, first, 0, 0, 0, 0, p, ctx, beats, buf, d)
            else:
                p = (first + i) % 3
                h = hands[p]
                c0 = frame[d, F_C0]
                c1 = frame[d, F_C1]
                led = frame[d, F_LED]
                # the card holding the trick so far (52: none, a talon card led and nobody followed)
                best, holder = 52, -1
                if beats[led, 52, c0]:
                    best, holder = c0, first
                if i == 2 and beats[led, best, c1]:
                    best, holder = c1, (first + 1) % 3
                n = _options(h, _allowed(h, led, trump, rule), frame[d, F_LIVE], first, i, led, best, holder, p,
                             ctx, beats, buf, d)
            frame[d, F_P] = p
            frame[d, F_H] = h
            frame[d, F_MAX] = 1 if (p == counted) == (more != 0) else 0
            frame[d, F_N] = n
            frame[d, F_J] = 0
            state = NEXT
        elif state == NEXT:
            j = frame[d, F_J]
            if j == frame[d, F_N]:
                r = frame[d, F_MAX] == 0
                state = RETURN
                continue
            c = buf[d, j]
            stats[0] += 1
            p = frame[d, F_P]
            hands[p] = frame[d, F_H] ^ (np.int64(1) << c)
            i = frame[d, F_I]
            first = frame[d, F_FIRST]
            target = frame[d, F_TARGET]
            tk = frame[d, F_TALON]
            if i == 0:
                frame[d + 1, F_I] = 1
                frame[d + 1, F_FIRST] = first
                frame[d + 1, F_C0] = c
                frame[d + 1, F_LIVE] = frame[d, F_LIVE]
                frame[d + 1, F_TARGET] = target
                frame[d + 1, F_LED] = c // 13 if tk < 0 else frame[d, F_LED]
                frame[d + 1, F_TALON] = tk
            elif i == 1:
                frame[d + 1, F_I] = 2
                frame[d + 1, F_FIRST] = first
                frame[d + 1, F_C0] = frame[d, F_C0]
                frame[d + 1, F_C1] = c
                frame[d + 1, F_LIVE] = frame[d, F_LIVE]
                frame[d + 1, F_TARGET] = target
                frame[d + 1, F_LED] = frame[d, F_LED]
                frame[d + 1, F_TALON] = tk
            elif tk >= 0:  # a talon trick: nobody, or the position of the card that takes it; first hand next
                w = twin[tk, frame[d, F_C0], frame[d, F_C1], c]
                frame[d + 1, F_I] = 0
                frame[d + 1, F_FIRST] = 0
                frame[d + 1, F_TARGET] = target - (1 if w >= 0 and (first + w) % 3 == counted else 0)
            else:
                taker = (first + win[frame[d, F_C0], frame[d, F_C1], c]) % 3
                frame[d + 1, F_I] = 0
                frame[d + 1, F_FIRST] = taker
                frame[d + 1, F_TARGET] = target - (1 if taker == counted else 0)
            d += 1
            state = ENTER
        else:  # RETURN: frame d is decided, its value is r
            e = frame[d, F_ENTRY]
            if e >= 0 and gens[e] == gen and k1s[e] == frame[d, F_K1] and k2s[e] == frame[d, F_K2]:
                target = frame[d, F_TARGET]
                if r:
                    if target > los[e]:
                        los[e] = target
                elif target - 1 < his[e]:
                    his[e] = target - 1
            if d == 0:
                return r
            d -= 1
            hands[frame[d, F_P]] = frame[d, F_H]
            if r == (frame[d, F_MAX] == 1):  # the side to play found what it wanted: a cut
                continue
            frame[d, F_J] += 1
            state = NEXT


@njit(cache=True)
def _solve(hands, leader, ctx, win, twin, beats, rule, sq, k1s, k2s, gens, los, his, gen, buf, frame, stats):
    """The driver of :func:`cardrules.analysis.search.solve`: zero-window searches narrowed
    between 0 and the tricks left (upwards from 0 in a misère or an all-pass)."""
    lo = 0
    hi = _count(hands[0])
    while lo < hi:
        mid = (lo + hi + 1) // 2 if ctx[2] else lo + 1
        stats[2] += 1
        if _ge(hands, leader, mid, ctx, win, twin, beats, rule, sq, k1s, k2s, gens, los, his, gen, buf, frame,
               stats):
            lo = mid
        else:
            hi = mid - 1
    return lo


class _Table:
    """The transposition table, kept between questions: a new question only bumps the
    generation, which empties it."""

    def __init__(self, bits: int = TABLE_BITS):
        size = 1 << bits
        self.bits = bits
        self.k1 = np.zeros(size, dtype=np.int64)
        self.k2 = np.zeros(size, dtype=np.int64)
        self.gens = np.zeros(size, dtype=np.int32)
        self.lo = np.zeros(size, dtype=np.int8)
        self.hi = np.zeros(size, dtype=np.int8)
        self.gen = 0

    def next(self) -> int:
        self.gen += 1
        if self.gen >= 2**31 - 1:
            self.gens[:] = 0
            self.gen = 1
        return self.gen


_TABLE: list[_Table] = []
_SQ: list[np.ndarray] = []


def supports(q) -> bool:
    """Whether the compiled search covers question ``q`` (every question but the two-handed
    all-pass's, whose dummy picks its own card)."""
    return q.dummy < 0 and len(q.talon_leads) <= 2


def solve(q, quick: bool = True, stats: np.ndarray | None = None) -> int:
    """The counted position's tricks with best play all round, as
    :func:`cardrules.analysis.search.solve` gives them (questions :func:`supports` covers).

    ``stats`` (four int64s), when given, receives the cards tried, the table's cut-offs, the
    searches and the table's look-ups."""
    if not supports(q):
        raise ValueError("the compiled solver takes no dummy (the two-handed all-pass)")
    if not _TABLE:
        _TABLE.append(_Table())
        _SQ.append(_squeeze())
    table = _TABLE[0]
    win, beats, rule = tables(q.trump)
    talon = list(q.talon_leads)
    twin = np.zeros((2, 52, 52, 52), dtype=np.int8)
    talon_mask = 0
    for k, card in enumerate(talon):
        twin[k] = talon_table(card, q.talon_may_win)
        talon_mask |= 1 << card
    talon += [0] * (2 - len(talon))
    ctx = np.array([-1 if q.trump is None else q.trump, q.counted, 1 if q.more else 0, 1 if quick else 0,
                    table.bits, len(q.talon_leads), q.tricks_left, talon[0], talon[1], talon_mask], dtype=np.int64)
    hands = np.array(q.hands, dtype=np.int64)
    buf = np.zeros((64, 16), dtype=np.int64)
    frame = np.zeros((32, N_FIELDS), dtype=np.int64)
    st = np.zeros(4, dtype=np.int64) if stats is None else stats
    return int(_solve(hands, q.leader, ctx, win, twin, beats, rule, _SQ[0], table.k1, table.k2, table.gens, table.lo,
                      table.hi, table.next(), buf, frame, st))


__all__ = ["PROBES", "TABLE_BITS", "solve", "supports", "tables", "talon_table"]
