"""The double-dummy search: does the counted position take at least ``target`` tricks?

A yes/no search (alpha-beta on a zero window, as DDS does), narrowed by the driver
:func:`solve` between 0 and the tricks left. Three things make it quick without
touching the rules:

* a **transposition table** at trick starts, keyed by the three remaining hands
  (bitmasks) and the leader, holding the best lower and upper bound found so far for
  the tricks still to come; every search, at any target, tightens the same bounds;
* **equivalent cards**: two cards of one suit in one hand with no card of another
  hand between them (cards of finished tricks removed, cards of the trick in
  progress kept) win and lose exactly the same tricks, so only one of them is tried;
* **move ordering**: high cards first where the players fight for tricks (a
  contract), low cards first where they avoid them (misère, all-pass). Ordering
  changes the speed, never a value (the tests solve with it reversed).

The rules come from the game only: the cards a hand may play are
:func:`cardrules.games.preferans.play.playable`, the trick's winner
:func:`cardrules.games.preferans.play.winner` (memoised per trick), the dummy's card
in a two-handed all-pass :func:`cardrules.games.preferans.play.dummy_card`.

With numba installed (the ``fast`` extra), :func:`solve` hands the questions it can (all
but the two-handed all-pass's, with its dummy) to a compiled copy of this search, :mod:`cardrules.fast.solver`,
which reads tables built from those same functions; :class:`Solver` stays the reference
(and answers within a trick, for :mod:`.line`), and ``tests/fast/test_solver.py`` holds
the two to the same answers.

>>> from cardrules.cards import parse_cardset, SPADES
>>> from cardrules.analysis.position import Question
>>> q = Question(hands=(parse_cardset("♠A ♥7"), parse_cardset("♠K ♥A"), parse_cardset("♠Q ♥K")),
...              trump=None, leader=0, counted=0)
>>> solve(q)          # ♠A wins; then ♥7 loses
1
"""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.cards import SUIT_MASKS
from cardrules.games.preferans.play import dummy_card, playable, winner

from .position import Question

_BIT = tuple(1 << c for c in range(52))
_RANK = tuple(c % 13 for c in range(52))
#: The cards of a card's suit above it, shifted down to start at bit 0 (``live >> (c + 1) & _ABOVE[c]``).
_ABOVE = tuple((1 << (12 - c % 13)) - 1 for c in range(52))
#: ``_SQUEEZE[live << 8 | held]``: the bits of ``held`` moved down to their order among the bits
#: of ``live`` (a suit's seven-to-ace byte): a hand's cards by rank among the cards still out.
_SQUEEZE: list[int] = []


def _squeeze_table() -> list[int]:
    if not _SQUEEZE:
        table = [0] * 65536
        for live in range(256):
            places = [b for b in range(8) if live >> b & 1]
            sub = live
            while True:  # every subset of live
                table[live << 8 | sub] = sum(1 << i for i, b in enumerate(places) if sub >> b & 1)
                if not sub:
                    break
                sub = (sub - 1) & live
        _SQUEEZE.extend(table)
    return _SQUEEZE


def relative_key(h0: int, h1: int, h2: int, leader: int) -> int:
    """The three hands with each card replaced by its rank among the cards still out in its
    suit, and the leader, as one int: positions that differ only in which lower cards are
    gone have one key (they are worth the same, card for card).

    >>> from cardrules.cards import parse_cardset
    >>> a = relative_key(parse_cardset("♠A"), parse_cardset("♠9"), parse_cardset("♠8"), 0)
    >>> b = relative_key(parse_cardset("♠A"), parse_cardset("♠K"), parse_cardset("♠7"), 0)
    >>> a == b, a == relative_key(parse_cardset("♠A"), parse_cardset("♠8"), parse_cardset("♠9"), 0)
    (True, False)
    """
    sq = _SQUEEZE or _squeeze_table()
    live = h0 | h1 | h2
    key = leader
    for shift in (5, 18, 31, 44):
        lv = (live >> shift & 255) << 8
        key = (((key << 8 | sq[lv | (h0 >> shift & 255)]) << 8 | sq[lv | (h1 >> shift & 255)]) << 8
               | sq[lv | (h2 >> shift & 255)])
    return key


@dataclass
class Stats:
    """Counters of one solver (nodes are cards tried)."""

    nodes: int = 0
    searches: int = 0
    table_hits: int = 0


def sure_tricks(hands: tuple[int, int, int], p: int, trump: int | None) -> int:
    """Tricks that position ``p``, on lead, takes by leading its top cards one after another:
    in each suit the run of its cards above every card of the other hands. Side suits count
    only if no other hand holds a trump (else they might be ruffed, by a partner too, who
    must trump when void and would then have the lead). A lower bound for the
    leader's side, used to stop a search early (the tests solve with it off too).

    >>> from cardrules.cards import parse_cardset, SPADES
    >>> hands = (parse_cardset("♠A ♠K ♥A"), parse_cardset("♠Q ♥K ♥Q"), parse_cardset("♠J ♣A ♣K"))
    >>> sure_tricks(hands, 0, None), sure_tricks(hands, 0, SPADES)
    (3, 2)
    """
    mine = hands[p]
    others = (hands[0] | hands[1] | hands[2]) & ~mine
    # a partner's trump counts too: obliged to trump, he would take the lead away
    enemy_trumps = trump is not None and others & SUIT_MASKS[trump]
    total = 0
    for s in range(4):
        if enemy_trumps and s != trump:
            continue
        m = mine & SUIT_MASKS[s]
        o = others & SUIT_MASKS[s]
        while m:
            top = m.bit_length() - 1
            if o >> top:  # a higher card elsewhere
                break
            total += 1
            m ^= 1 << top
    return total


def top_trumps(hands: tuple[int, int, int], p: int, trump: int) -> int:
    """Position ``p``'s trumps above every trump of the other hands: each takes the trick it is
    played to, whoever leads, so ``p``'s side takes at least that many.

    >>> from cardrules.cards import parse_cardset, SPADES
    >>> top_trumps((parse_cardset("♠A ♠Q ♠7"), parse_cardset("♠K"), parse_cardset("♠J")), 0, SPADES)
    1
    """
    m = hands[p] & SUIT_MASKS[trump]
    o = (hands[0] | hands[1] | hands[2]) & SUIT_MASKS[trump] & ~m
    if not o:
        return m.bit_count()
    return (m >> o.bit_length()).bit_count()


class Solver:
    """Searches one :class:`Question`; keeps its transposition table between searches."""

    def __init__(self, q: Question, order_high: bool | None = None, reduce: bool = True, ordering: bool = True,
                 quick: bool = True):
        self.q = q
        self.trump = q.trump
        self.counted = q.counted
        self.more = q.more
        self.talon = q.talon_leads
        self.talon_mask = 0
        for c in q.talon_leads:
            self.talon_mask |= _BIT[c]
        self.dummy = q.dummy
        self.high_first = (q.kind == "contract") if order_high is None else order_high
        self.reduce = reduce
        self.ordering = ordering
        self.quick = quick
        self.table: dict[object, list[int]] = {}
        self.wins: dict[int, int] = {}
        self._moves: dict[tuple[int, int], list[int]] = {}
        self._beats: dict[tuple[int, int, int], bool] = {}
        self._lead_order: dict[tuple[int, int], list[int]] = {}
        self.stats = Stats()

    # -- the rules, asked of the game ------------------------------------------------------

    def _winner(self, c0: int, c1: int, c2: int) -> int:
        """Index of the winning card of a trick led by ``c0`` (no talon card)."""
        key = (c0 * 52 + c1) * 52 + c2
        w = self.wins.get(key)
        if w is None:
            w = self.wins[key] = winner((c0, c1, c2), c0 // 13, self.trump)
        return w

    def moves(self, hand: int, allowed: int, live: int) -> list[int]:
        """The cards to try from ``allowed`` (a part of ``hand``): one per run of equivalent cards,
        in the order of the search (``live``: every card still out, the trick's cards included)."""
        others = live & ~hand
        key = (allowed, others)
        out = self._moves.get(key)
        if out is not None:
            return out
        out = self._moves[key] = []
        prev = -1
        m = allowed
        reduce = self.reduce
        while m:  # high to low
            c = m.bit_length() - 1
            m ^= _BIT[c]
            if reduce and prev >= 0 and prev // 13 == c // 13 and not others & (_BIT[prev] - _BIT[c + 1]):
                prev = c  # same run as the card tried before: equivalent
                continue
            out.append(c)
            prev = c
        if not self.high_first:
            out.reverse()
        return out

    # -- the search ------------------------------------------------------------------------

    def at_least(self, hands: tuple[int, int, int], leader: int, done: int, target: int) -> bool:
        """Whether the counted position takes ``target`` or more of the tricks to come, from a
        trick's start (``done`` tricks of the question already played)."""
        self.stats.searches += 1
        return self._ge(hands[0], hands[1], hands[2], leader, done, target)

    def _ge(self, h0: int, h1: int, h2: int, leader: int, done: int, target: int) -> bool:
        if target <= 0:
            return True
        left = h0.bit_count()
        if target > left:
            return False
        talon = done < len(self.talon)
        # a talon card still to lead has a rank of its own, and the gusarik's dummy picks its card
        # by rank across suits: those positions keep their cards in the key
        key = (h0, h1, h2, leader) if talon or self.dummy >= 0 else relative_key(h0, h1, h2, leader)
        bounds = self.table.get(key)
        if bounds is not None:
            if bounds[0] >= target:
                self.stats.table_hits += 1
                return True
            if bounds[1] < target:
                self.stats.table_hits += 1
                return False
        else:
            bounds = self.table[key] = [0, left]
        first = 0 if talon else leader
        if left == 1 and not talon:  # the last trick plays itself
            hands = (h0, h1, h2)
            w = self._winner(hands[first].bit_length() - 1, hands[(first + 1) % 3].bit_length() - 1,
                             hands[(first + 2) % 3].bit_length() - 1)
            return (first + w) % 3 == self.counted
        if self.more and not talon and self.quick:
            hands = (h0, h1, h2)
            sure = sure_tricks(hands, leader, self.trump)
            if self.trump is not None:
                d = self.counted
                if leader != d:  # the declarer's top trumps each take a trick, whoever leads
                    mine = top_trumps(hands, d, self.trump)
                    if mine >= target:
                        bounds[0] = max(bounds[0], mine)
                        return True
                for p in (d + 1) % 3, (d + 2) % 3:  # so do a defender's trumps above all the others
                    if p != leader:
                        sure = max(sure, top_trumps(hands, p, self.trump)) if leader != d else sure
            if leader == self.counted:
                if sure >= target:
                    bounds[0] = max(bounds[0], sure)
                    return True
                if self.trump is not None:
                    theirs = max(top_trumps(hands, (self.counted + 1) % 3, self.trump),
                                 top_trumps(hands, (self.counted + 2) % 3, self.trump))
                    if left - theirs < target:
                        bounds[1] = min(bounds[1], left - theirs)
                        return False
            elif left - sure < target:
                bounds[1] = min(bounds[1], left - sure)
                return False
        live = h0 | h1 | h2 | (self.talon_mask if talon else 0)
        result = self._card(0, first, [h0, h1, h2], self.talon[done] // 13 if talon else None, [], live, done, target)
        if result:
            if target > bounds[0]:
                bounds[0] = target
        elif target - 1 < bounds[1]:
            bounds[1] = target - 1
        return result

    def _card(self, i: int, first: int, hands: list[int], led: int | None, trick: list[int], live: int,
              done: int, target: int) -> bool:
        """The ``i``-th card of the trick (0, 1, 2), played by position ``(first + i) % 3``."""
        p = (first + i) % 3
        h = hands[p]
        maximise = (p == self.counted) == self.more
        if p == self.dummy:
            options = [dummy_card(h, led)]
        else:
            options = self.moves(h, playable(h, led, self.trump), live)
            if len(options) > 1 and self.ordering:
                options = self._order(options, p, first, trick, led) if trick else self._leads(options, live, h)
        stats = self.stats
        for c in options:
            stats.nodes += 1
            hands[p] = h ^ _BIT[c]
            trick.append(c)
            if i < 2:
                r = self._card(i + 1, first, hands, c // 13 if led is None else led, trick, live, done, target)
            else:
                talon = done < len(self.talon)
                if talon:
                    w, nxt = self._talon_winner(trick, led, done), 0
                    taker = -1 if w < 0 else (w + first) % 3
                else:
                    w = self._winner(trick[0], trick[1], trick[2])
                    taker = nxt = (w + first) % 3
                got = 1 if taker == self.counted else 0
                r = self._ge(hands[0], hands[1], hands[2], nxt, done + 1, target - got)
            trick.pop()
            hands[p] = h
            if r is maximise:  # the side to play found what it wanted: a cut
                return r
        return not maximise

    def at_least_within(self, hands: tuple[int, int, int], first: int, trick: tuple[int, ...], done: int,
                        target: int) -> bool:
        """Like :meth:`at_least`, from inside a trick: ``first`` led (or played first to a talon
        trick) and ``trick`` holds the cards played to it so far; the tricks counted are this
        one and those to come."""
        self.stats.searches += 1
        talon = done < len(self.talon)
        if not trick:
            if talon:
                first = 0
            return self._ge(hands[0], hands[1], hands[2], first, done, target)
        live = hands[0] | hands[1] | hands[2] | (self.talon_mask if talon else 0)
        for c in trick:
            live |= _BIT[c]
        led = self.talon[done] // 13 if talon else trick[0] // 13
        return self._card(len(trick), first, list(hands), led, list(trick), live, done, target)

    def value_within(self, hands: tuple[int, int, int], first: int, trick: tuple[int, ...], done: int) -> int:
        """The counted position's tricks from this trick on (this one included), best play all round."""
        lo, hi = 0, max(h.bit_count() for h in hands)  # the tricks left, this one included
        while lo < hi:
            mid = (lo + hi + 1) // 2 if self.more else lo + 1
            if self.at_least_within(hands, first, trick, done, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def options(self, hands: tuple[int, int, int], first: int, trick: tuple[int, ...], done: int) -> list[int]:
        """The cards the player to play may play here, every one (no equivalent card left out)."""
        p = (first + len(trick)) % 3
        talon = done < len(self.talon)
        led = (self.talon[done] // 13 if talon else trick[0] // 13) if (trick or talon) else None
        if p == self.dummy:
            return [dummy_card(hands[p], led)]
        m = playable(hands[p], led, self.trump)
        return [c for c in range(52) if m >> c & 1]

    def trick_taker(self, first: int, trick: tuple[int, ...], done: int) -> int:
        """The position that takes a finished trick (-1: nobody, a talon trick nobody followed)."""
        if done < len(self.talon):
            w = self._talon_winner(list(trick), self.talon[done] // 13, done)
        else:
            w = self._winner(*trick)
        return -1 if w < 0 else (first + w) % 3

    def _leads(self, options: list[int], live: int, hand: int) -> list[int]:
        """The order to try leads in, in a contract: the cards that are the highest still out in
        their suit first (trumps before side suits), then the others, lowest first. Elsewhere
        the search's own order (low first)."""
        if not self.more:
            return options
        key = (hand, live)
        out = self._lead_order.get(key)
        if out is None:
            tops, rest = [], []
            for c in options:
                (tops if not live >> (c + 1) & _ABOVE[c] else rest).append(c)
            t = self.trump
            tops.sort(key=lambda c: (c // 13 != t, -c))
            rest.sort(key=_RANK.__getitem__)
            out = self._lead_order[key] = tops + rest
        return out

    def _order(self, options: list[int], p: int, first: int, trick: list[int], led: int) -> list[int]:
        """The order to try a follower's cards in (it changes the speed only, never a value).

        Where tricks are fought for (a contract): if the player's side wins the trick as it
        stands, low cards first; else the cards that take it, lowest first, then the rest, low
        first. Where they are avoided (misère, all-pass): the counted player tries the cards
        that do not take the trick, highest first, then the others, highest first; the others
        play low while he is still to play, and once he has played, their cards that leave
        him the trick, highest first."""
        ducks, takes = [], []
        options = sorted(options, key=_RANK.__getitem__)
        w = winner(trick, led, self.trump)
        best = trick[w] if w >= 0 else -1
        beats = self._beats
        for c in options:  # lowest first
            key = (best, c, led)
            b = beats.get(key)
            if b is None:  # whether c would take the trick from the card now winning it
                b = beats[key] = (winner([best, c], led, self.trump) == 1) if best >= 0 else \
                    winner([c], led, self.trump) == 0
            (takes if b else ducks).append(c)
        if self.more:  # a contract
            holder = (first + w) % 3 if w >= 0 else -1
            if holder >= 0 and (holder == self.counted) == (p == self.counted):
                return options
            return takes + ducks
        if p == self.counted:
            return ducks[::-1] + takes[::-1]
        if (p - first) % 3 < (self.counted - first) % 3:  # he plays after: let him win it
            return options
        return ducks[::-1] + takes

    def _talon_winner(self, trick: list[int], led: int, done: int) -> int:
        """Index in ``trick`` of the card that takes a trick a talon card led; -1 for none (or the
        talon card itself, with four players)."""
        if self.q.talon_may_win:
            w = winner([self.talon[done], *trick], led, None)
            return w - 1 if w > 0 else -1
        return winner(trick, led, None)


_COMPILED: list = []


def compiled():
    """The compiled search (:mod:`cardrules.fast.solver`), or None without numba (the ``fast`` extra)."""
    if not _COMPILED:
        try:
            from cardrules.fast import solver as fast_solver
        except ImportError:
            fast_solver = None
        _COMPILED.append(fast_solver)
    return _COMPILED[0]


def solve(q: Question, solver: Solver | None = None, engine: str = "auto") -> int:
    """The tricks the counted position takes from the start of ``q`` with best play on every side.

    The zero-window searches move between a lower bound (a yes) and an upper bound (a no);
    each starts from the middle of what is left open.

    Without a ``solver`` of its own, the question goes to the compiled copy of this search
    (:mod:`cardrules.fast.solver`) when numba is installed and the copy covers it (not a
    dummy's all-pass); ``engine="python"`` keeps it here, ``engine="compiled"`` insists on the copy.
    The answer is the same (``tests/fast/test_solver.py``).
    """
    if engine not in ("auto", "python", "compiled"):
        raise ValueError(f"engine is auto, python or compiled, not {engine!r}")
    if solver is None and engine != "python":
        fast = compiled()
        if fast is not None and fast.supports(q):
            return fast.solve(q)
        if engine == "compiled":
            raise ValueError("the compiled solver needs numba (the fast extra) and a question without "
                             "a dummy")
    s = solver or Solver(q)
    lo, hi = 0, q.tricks_left
    while lo < hi:
        # a misère or an all-pass is mostly worth few tricks: ask upwards from the bottom there
        mid = (lo + hi + 1) // 2 if q.more else lo + 1
        if s.at_least(q.hands, q.leader, 0, mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


__all__ = ["Solver", "Stats", "compiled", "solve"]
