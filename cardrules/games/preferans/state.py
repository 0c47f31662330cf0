"""The state machine of one deal of preferans, and the pulka that runs deals to the
end and settles.

Actions are small ints: a card played is the card (0…51); calls of the auction are
``BID + i``, ``MISERE``, ``PASS`` (64…90, see :mod:`.auction`); a discard is
``DISCARD + card``; naming the contract ``DECLARE + i``; whist calls 300…304 (see
:mod:`.play`). Irregularities found while bidding are tuples ``("wrong-count", missing)``:
``missing`` is where the short hand's card is, ``"in-hand"`` (another hand is long: a redeal;
the default when left out) or ``"under-table"`` (a casus).

>>> from cardrules.games.preferans import SOCHI, State
>>> from cardrules.games.preferans.deal import deal
>>> st = State(SOCHI, deal(SOCHI, seed=1, dealer=0))
>>> st.current_player(), st.phase_name, len(st.legal_actions())   # seat 1, left of the dealer, speaks first
(1, 'auction', 27)
"""

from __future__ import annotations

import copy
from typing import Sequence

from cardrules.cards import SUIT_MASKS, format_card
from cardrules.engine import GameState, IllegalAction, Trace, shown
from cardrules.rules import implements

from . import auction as A
from .auction import BID, BLIND_PASS, DARK, DARK_MISERE, MISERE, PASS, call_allowed, legal_calls, legal_contracts
from .deal import DUMMY, Dealing, Dealt, Ruling, absent_player_returns, deal as make_deal, next_dealer, wrong_count
from .play import CLOSED, HALF_WHIST, OPEN, PASS_WHIST, REVOKE, WHIST, check_card, dummy_card, playable, whist_order, \
    winner
from .scoring import (DealFacts, Entry, Settlement, Sheet, apply_bomb, score_allpass, score_contract, score_misere,
                      settle)
from .variants import Variant

AUCTION, DISCARD_PHASE, DECLARE_PHASE, WHIST_PHASE, PLAY, DONE = range(6)
PHASE_NAMES = ("auction", "discard", "declare", "whist", "play", "done")
DISCARD = 100
DECLARE = 200
TERMINAL = -1
_M = SUIT_MASKS
#: The clause an action of the wrong kind breaks, by phase (the bidding, the discard, naming
#: the contract, the whist, a card to the trick, nothing once the deal is over).
_PHASE_CLAUSES = ("preferans.bidding.order", "preferans.talon.discard", "preferans.bidding.contract-not-lower",
                  "preferans.whist.decision", "preferans.play.own-card", "preferans.play.ten-tricks")
#: The cards of a suit's seven-to-ace byte, per suit: ``_SUIT_CARDS[s][byte]``.
_SUIT_CARDS = [[tuple(13 * s + 5 + i for i in range(8) if b >> i & 1) for b in range(256)] for s in range(4)]
_SHIFT = (5, 18, 31, 44)
_S0, _S1, _S2, _S3 = _SUIT_CARDS
#: The discards of those cards (``DISCARD + card``), per suit.
_D0, _D1, _D2, _D3 = [[tuple(DISCARD + c for c in t) for t in row] for row in _SUIT_CARDS]
#: The contracts a declarer may name after each bid (``DECLARE + i``: that bid or higher).
_DECLARES_FROM = [[DECLARE + i for i in legal_contracts(high)] for high in range(A.LADDER)]
#: Per card: its suit, and its bit.
_SUIT = tuple(c // 13 for c in range(52))
_BIT = tuple(1 << c for c in range(52))
#: The first open bid that outbids a blind misère (a ten).
_TEN = BID + A.index(10, 0)
#: The position after each position.
_NEXT = (1, 2, 0)
#: The cards of the full pack outside the preferans pack (twos to sixes).
_NOT_PIQUET = sum(1 << (13 * s + r) for s in range(4) for r in range(5))
#: How strongly a card bids for a trick, ``_KEYS_BY_TRUMP[trump][led][card]`` (trump 4: none):
#: a trump above any card of the suit led, a card of another suit nothing (-1).
_KEYS_BY_TRUMP = [[tuple(100 + c if c // 13 == t else (c if c // 13 == led else -1) for c in range(52))
                   for led in range(4)] for t in range(5)]


class State(GameState):
    """One deal, from the first call to the last trick and its entries on the sheet.

    ``streak`` is the number of all-passes in a row before this deal (it sets the
    exit and the progression); ``pool_closed[seat]`` whether that seat's pool is
    already closed (the classic responsibility of the whist needs it). Classic only:
    ``dark`` counts the blind all-passes in a row before this deal, ``bombs[seat]`` is
    the coefficient of the bomb each seat would play its next game on (1: none), and
    ``forced`` makes the deal one of the compulsory blind all-passes.
    """

    # every attribute a deal has, in slots: no dictionary to make and grow per deal, and
    # quicker to read and write (a subclass may add its own attributes as usual)
    __slots__ = (
        "variant", "dealt", "streak", "pool_closed", "dark", "bombs", "forced", "history",
        "seats", "hands", "phase", "passed", "has_bid", "spoken", "blind", "bombs_earned", "bomb_used",
        "misere_pos", "high", "high_pos", "turn", "min_index", "calls", "declarer", "contract", "kind",
        "discarded", "wstate", "wpending", "wcalls", "half_pos", "whisters", "open", "controller", "trump",
        "_keys", "leader", "trick", "trick_pos", "led", "trick_no", "need", "tricks", "dealer_tricks",
        "talon_trick", "entries", "auto_dummy", "talon_leads", "_plain", "facts", "note", "note_clause",
        "penalties", "peeker", "dwhist", "dark_game", "faults", "faults_after", "ruling")

    def __init__(self, variant: Variant, dealt: Dealt, streak: int = 0, pool_closed: Sequence[bool] | None = None,
                 dark: int = 0, bombs: Sequence[int] | None = None, forced: bool = False, faults: int = 0):
        self.variant = variant
        self.faults = faults
        self.dealt = dealt
        self.streak = streak
        self.pool_closed = list(pool_closed) if pool_closed else [False] * variant.players
        self.dark = dark
        self.bombs = list(bombs) if bombs else [1] * variant.players
        self.forced = forced
        self.history: list = []
        self._reset()

    # -- set-up --------------------------------------------------------------------------

    def _reset(self) -> None:
        d = self.dealt
        seats = self.seats = d.seats
        self.phase = AUCTION
        self.bomb_used = self.dark_game = 1
        self.misere_pos = self.high = self.high_pos = -1
        self.turn = self.min_index = 0
        self.declarer = -1
        self.contract = -1  # ladder index, or MISERE
        self.kind = self.wstate = self.note = self.note_clause = ""
        self.half_pos = self.peeker = -1
        self.penalties = None  # irregularities of play with a penalty: [(kind, position or seat, clause, text)]
        self.ruling: Ruling | None = None  # the ruling on an irregularity of the deal itself (a redeal)
        self.faults_after = self.faults
        self.open = self.talon_trick = self.auto_dummy = self.talon_leads = self._plain = self.dwhist = False
        self.trump = self._keys = self.led = self.facts = None
        self.leader = self.trick_no = self.dealer_tricks = 0
        self.need = 3
        self.hands = list(d.hands)
        self.passed = [seats[0] == DUMMY, seats[1] == DUMMY, seats[2] == DUMMY]
        self.has_bid = [False, False, False]
        self.spoken = [False, False, False]
        self.blind = [False, False, False]
        self.bombs_earned: dict[int, int] = {}
        if self.streak > 0:
            ex = self.variant.allpass_exit
            self.min_index = A.index(ex[min(self.streak - 1, len(ex) - 1)], 0)
        if self.dark:
            self.min_index = max(self.min_index, A.index(min(6 + self.dark, 10), 0))
        self.calls: list[tuple[int, int]] = []  # (position, call)
        self.discarded: list[int] = []
        self.wpending: list[int] = []
        self.wcalls: dict[int, int] = {}
        self.whisters: list[int] = []
        self.controller = list(seats)
        self.trick: list[int] = []
        self.trick_pos: list[int] = []
        self.tricks = [0, 0, 0]
        self.entries: list[Entry] = []
        if self.forced:
            self.blind = [s != DUMMY for s in seats]
            self.passed = [True, True, True]
            self._start_allpass()

    # -- the interface -----------------------------------------------------------------

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def is_terminal(self) -> bool:
        return self.phase == DONE

    def current_player(self) -> int:
        """The seat to act (in open whist, the whister plays the passer's cards)."""
        if self.phase == DONE:
            return TERMINAL
        if self.phase == PLAY:
            return self.controller[self.turn]
        if self.turn == 3:  # the sitting-out dealer, asked whether he whists (four players)
            return self.dealt.dealer
        return self.seats[self.turn]

    def legal_actions(self) -> Sequence:
        """The lawful actions, lowest first: a list, or in play, when the suit led or a trump
        must be played, a tuple shared with other calls (it cannot be changed)."""
        if self.phase == PLAY:  # the hot path: follow suit, else trump, else anything
            h = self.hands[self.turn]
            led = self.led
            if led is not None:
                if b := h >> _SHIFT[led] & 255:
                    return _SUIT_CARDS[led][b]
                t = self.trump
                if t is not None and (b := h >> _SHIFT[t] & 255):
                    return _SUIT_CARDS[t][b]
            return [*_S0[h >> 5 & 255], *_S1[h >> 18 & 255], *_S2[h >> 31 & 255], *_S3[h >> 44 & 255]]
        ph = self.phase
        if ph == AUCTION:
            p = self.turn
            calls = legal_calls(self.variant, p, self.high, self.high_pos, self.has_bid[p], p == self.misere_pos,
                                self.min_index)
            if self.variant.blind_pass and not self.spoken[p]:
                calls.append(BLIND_PASS)
            if self.high == MISERE and self.variant.blind_bids and self._high_dark():  # a blind misère
                calls = [c for c in calls if not BID <= c < _TEN]
            return calls
        if ph == DISCARD_PHASE:
            m = self.hands[self.declarer]
            if m >> 52 or m & _NOT_PIQUET:  # not a preferans hand: card by card
                out = []
                while m:
                    low = m & -m
                    out.append(DISCARD + low.bit_length() - 1)
                    m ^= low
                return out
            if self.dark_game > 1 and self.contract != MISERE and not self.discarded:  # Code 3.3.19 б
                return [*_D0[m >> 5 & 255], *_D1[m >> 18 & 255], *_D2[m >> 31 & 255], *_D3[m >> 44 & 255], MISERE]
            return [*_D0[m >> 5 & 255], *_D1[m >> 18 & 255], *_D2[m >> 31 & 255], *_D3[m >> 44 & 255]]
        if ph == DECLARE_PHASE:
            high = self.high
            if 0 <= high < A.LADDER:
                return _DECLARES_FROM[high][:]
            return [DECLARE + i for i in legal_contracts(high)]
        if ph == WHIST_PHASE:
            return self._whist_calls()
        return []

    def apply(self, action) -> None:
        if self.phase == PLAY and action.__class__ is int:
            # a card played: the same as _play, written out here because it is most of the actions
            p = self.turn
            hands = self.hands
            h = hands[p]
            if action < 0 or not h >> action & 1:  # (a hand holds cards 0…51 only)
                if action >= REVOKE:  # a revoke found out later: played, and paid for at the end
                    self._revoke(action - REVOKE)
                    self.history.append(action)
                    return
                raise IllegalAction("preferans.play.own-card", f"{_card(action)} is not in this hand")
            led = self.led
            trick = self.trick
            if led is None:
                if not trick:
                    self.led = _SUIT[action]
            elif _SUIT[action] != led:
                t = self.trump
                if h & _M[led] or (t is not None and _SUIT[action] != t and h & _M[t]):
                    check_card(h, action, led, t)  # raises, naming the clause
            hands[p] = h ^ _BIT[action]
            trick.append(action)
            pos = self.trick_pos
            pos.append(p)
            if len(trick) < self.need:
                if self._plain:  # three hands of one size, no dummy playing by itself: the next hand
                    self.turn = _NEXT[p]
                else:  # a hand that is out of cards, or has played already, is passed over
                    q = _NEXT[p]
                    while not hands[q] or q in pos:
                        q = _NEXT[q]
                    self.turn = q
                    if self.auto_dummy:
                        self._auto()
            else:
                self._close_trick()
            self.history.append(action)
            return
        ph = self.phase
        if action.__class__ is not int:
            if action.__class__ is tuple:
                self._irregularity(action)
                self.history.append(action)
                return
            if not isinstance(action, int) or isinstance(action, bool):  # (True is no card, 65.0 no call)
                raise IllegalAction(_PHASE_CLAUSES[ph], f"{shown(action)} is no "
                                    f"action of the {PHASE_NAMES[ph]}: actions are whole numbers")
            self.apply(int(action))  # another kind of whole number (an IntEnum)
            return
        if ph == AUCTION:
            self._call(action)
        elif ph == WHIST_PHASE:
            self._whist(action)
        elif ph == DISCARD_PHASE:
            self._discard(action)
        elif ph == DECLARE_PHASE:
            self._declare(action)
        else:
            raise IllegalAction("preferans.play.ten-tricks", "the deal is over")
        self.history.append(action)

    def clone(self) -> "State":
        c = copy.copy(self)
        for name in ("hands", "passed", "has_bid", "spoken", "blind", "calls", "discarded", "wpending", "whisters", "controller",
                     "trick", "trick_pos", "tricks", "entries", "history"):
            setattr(c, name, list(getattr(self, name)))
        c.wcalls = dict(self.wcalls)
        if self.penalties is not None:
            c.penalties = list(self.penalties)
        c.bombs_earned = dict(self.bombs_earned)
        return c

    def explain(self) -> Trace:
        """The clauses behind this deal's entries on the sheet, with the amounts."""
        t = Trace()
        if self.ruling is not None:  # an irregularity of the deal: the ruling and its penalty, nothing else
            t.add(self.ruling.clause, self.ruling.text)
            if self.ruling.penalty:
                seat, points = self.ruling.penalty
                t.add(self.ruling.clause, f"seat {seat} mountain +{points}", points)
            return t
        if self.kind == "contract":
            t.add("preferans.bidding.contract-not-lower", f"contract {A.bid_name(self.contract)} by seat "
                  f"{self.seats[self.declarer]}")
        elif self.kind == "misere":
            t.add("preferans.bidding.misere-first-call", f"misère by seat {self.seats[self.declarer]}")
        elif self.kind == "allpass":
            t.add("preferans.allpass.scoring", "all passed: all-pass played")
        elif self.kind == "annulled":
            t.add(self.note_clause or "preferans.procedure.wrong-count", self.note)
        f = self.facts
        if f is not None and f.half_withdrawn >= 0:
            t.add("preferans.whist.gentleman-half-whist", f"seat {f.half_withdrawn} went for a half-whist and the "
                  "whist was taken back: he writes no whists")
        if self.dark_game > 1:
            t.add("preferans.classic.blind-misere" if self.kind == "misere" else "preferans.classic.blind-bid",
                  f"seat {self.seats[self.declarer]} won the bidding blind: the game counts × {self.dark_game}")
        if self.dwhist:
            t.add("preferans.whist.dealer", f"seat {self.dealt.dealer}, the dealer, whists: he plays both "
                  "defenders' hands open and answers for the whist alone")
        if self.bomb_used > 1:
            t.add("preferans.classic.bombs", f"seat {self.seats[self.declarer]} plays on a bomb × {self.bomb_used}")
        if self.bombs_earned:
            t.add("preferans.classic.bombs", "bombs earned: " + ", ".join(
                f"seat {s} × {c}" for s, c in sorted(self.bombs_earned.items())))
        for kind, who, clause, text in self.penalties or ():
            t.add(clause, text)
        for e in self.entries:
            t.add(e.clause, str(e), e.amount)
        return t

    # -- auction -------------------------------------------------------------------------

    def _call(self, a: int, written: int | None = None) -> None:
        p = self.turn
        if a == BLIND_PASS:
            if not self.variant.blind_pass or self.spoken[p]:
                raise IllegalAction("preferans.classic.blind-pass",
                                    "a blind pass is agreed only in Classic, and only as a player's first call")
        elif a != PASS and not (  # a pass is always open (call_allowed says so first)
                call_allowed(self.variant, p, self.high, self.high_pos, self.has_bid[p], p == self.misere_pos,
                             self.min_index, a) if a.__class__ is int else
                  a in legal_calls(self.variant, p, self.high, self.high_pos, self.has_bid[p], p == self.misere_pos,
                                   self.min_index)):
            if a.__class__ is int and a >= DARK:  # a call made blind (Classic): checked as the same call
                self._dark_call(p, a)
                return
            raise IllegalAction(_call_clause(self, a), f"{_call_text(a)} is not a lawful call here")
        if self.high == MISERE and written is None and BID <= a < _TEN and self.variant.blind_bids \
                and self._high_dark():
            raise IllegalAction("preferans.classic.blind-misere",
                                "a blind misère is outbid only by a blind nine or an open ten")
        self.calls.append((p, a if written is None else written))
        self.spoken[p] = True
        if a == BLIND_PASS:
            self.passed[p] = self.blind[p] = True
            level = min(self.dark + 1, self.variant.bomb_limit)
            self.min_index = max(self.min_index, A.index(min(6 + level, 10), 0))
        elif a == PASS:
            self.passed[p] = True
        elif a == MISERE:
            self.high, self.high_pos, self.has_bid[p], self.misere_pos = MISERE, p, True, p
        else:
            if self.high == MISERE:
                self.passed[self.misere_pos] = True  # outbid: a misère caller makes no other bid
            self.high, self.high_pos, self.has_bid[p] = a - BID, p, True
        self._next_caller(p)

    def _next_caller(self, p: int) -> None:
        """After position ``p`` spoke (or was barred): all-pass, the auction won, or the next to call."""
        passed = self.passed
        hp = self.high_pos
        if passed[0] and passed[1] and passed[2]:
            self._start_allpass()
        elif hp >= 0 and not passed[hp] and passed[0] + passed[1] + passed[2] == 2:  # only the high bidder is left
            self._won_auction(hp)
        else:
            q = _NEXT[p]
            while passed[q]:
                q = _NEXT[q]
            self.turn = q

    def _high_dark(self) -> bool:
        """Whether the highest call so far was made blind."""
        hp = self.high_pos
        for q, c in reversed(self.calls):
            if q == hp:
                return c.__class__ is int and c >= DARK
        return False

    @implements("preferans.classic.blind-bid", "preferans.classic.blind-misere")
    def _dark_call(self, p: int, a: int) -> None:
        """A bid or a misère called blind: lawful as the same call made openly, by a player who
        has not yet looked at his cards (every call of his so far blind)."""
        v = self.variant
        clause = "preferans.classic.blind-misere" if a == DARK_MISERE else "preferans.classic.blind-bid"
        if not v.blind_bids:
            raise IllegalAction(clause, "blind bids are agreed only in Classic")
        if not DARK <= a <= DARK_MISERE:
            raise IllegalAction(clause, f"action {a} is no blind call")
        if any(q == p and not (c == BLIND_PASS or c.__class__ is int and c >= DARK) for q, c in self.calls):
            raise IllegalAction(clause, "this player has looked at his cards: he may bid only openly now")
        base = MISERE if a == DARK_MISERE else BID + a - DARK
        self._call(base, written=a)

    @implements("preferans.classic.blind-bid")
    def _blind_to_misere(self) -> None:
        """The winner of blind bidding names a misère instead, before the talon: no doubling."""
        if self.dark_game == 1 or self.contract == MISERE or self.discarded:
            raise IllegalAction("preferans.classic.blind-bid" if self.dark_game > 1 else
                                "preferans.bidding.misere-first-call",
                                "only the winner of blind bidding may turn to a misère, before he discards")
        self.contract, self.high, self.misere_pos = MISERE, MISERE, self.declarer
        self.dark_game = 1

    @implements("preferans.talon.declarer-takes")
    def _won_auction(self, pos: int) -> None:
        self.declarer = pos
        self.contract = MISERE if self.high == MISERE else -1
        if self.variant.blind_bids and self._high_dark():  # won blind: the game counts double
            v = self.variant
            self.dark_game = v.blind_misere_factor if self.high == MISERE else v.blind_factor
        self.hands[pos] |= self.dealt.talon
        self.phase = DISCARD_PHASE
        self.turn = pos

    @implements("preferans.talon.discard")
    def _discard(self, a: int) -> None:
        if a == MISERE:
            self._blind_to_misere()
            return
        c = a - DISCARD
        if not (0 <= c < 52 and self.hands[self.declarer] >> c & 1):
            raise IllegalAction("preferans.talon.discard", "discard two cards of the declarer's twelve")
        self.hands[self.declarer] &= ~(1 << c)
        self.discarded.append(c)
        if len(self.discarded) == 2:
            if self.contract == MISERE:
                self.kind = "misere"
                self._start_play(None)
            else:
                self.phase = DECLARE_PHASE

    def _declare(self, a: int) -> None:
        i = a - DECLARE
        if not self.high <= i < A.LADDER:
            raise IllegalAction("preferans.bidding.contract-not-lower",
                                f"the contract may not be lower than the bid {A.bid_name(self.high)}")
        self.contract = i
        self.kind = "contract"
        self.phase = WHIST_PHASE
        self.wpending = whist_order(self.declarer, self.seats)
        self.wstate = "first"
        self.turn = self.wpending[0]

    # -- whist -----------------------------------------------------------------------------

    def _whist_calls(self) -> list[int]:
        if self.dark_game > 1 and self.wstate in ("first", "second") and A.level_of(self.contract) == 6:
            return [WHIST]  # a six won blind must be whisted (closed, both defenders whisting)
        if self.wstate == "dealer":
            return [WHIST, PASS_WHIST]
        if self.wstate == "choose":
            v, order = self.variant, self.wpending
            if v.half_whist and v.half_whist_after_whist and self.whisters == [order[0]] and \
                    self.wcalls.get(order[1]) == PASS_WHIST and A.level_of(self.contract) in (6, 7) and \
                    self.half_pos < 0:
                return [OPEN, CLOSED, HALF_WHIST]
            return [OPEN, CLOSED]
        if self.wstate == "second" and self.wcalls.get(self.wpending[0]) == PASS_WHIST and \
                self.variant.half_whist and A.level_of(self.contract) in (6, 7):
            return [WHIST, PASS_WHIST, HALF_WHIST]
        return [WHIST, PASS_WHIST]

    @implements("preferans.whist.decision", "preferans.whist.half-whist", "preferans.whist.open-closed")
    def _whist(self, a: int) -> None:
        if a not in self._whist_calls():
            raise IllegalAction("preferans.whist.decision", f"call {a} is not open to this defender now")
        order = self.wpending
        st = self.wstate
        if st == "choose" and a == HALF_WHIST:  # the gentleman's whist: the whister goes for half after all
            self.half_pos = order[0]
            self.wstate, self.turn = "again2", order[1]
            return
        if st == "again2":  # the passer may take the whist back; the half-whister then passes
            if a == WHIST:
                self.wcalls[order[0]] = PASS_WHIST
                self.wcalls[order[1]] = WHIST
                self._after_whist([order[1]])  # half_pos stays: the half-whister writes nothing (Code 3.8.14)
            elif self._dealer_may_whist():
                self.wstate, self.turn = "dealer", 3
            else:
                self._finish()
            return
        if st == "dealer":  # the sitting-out dealer's turn (Code 3.8.8, 3.8.8.1)
            if a == WHIST:
                self._dealer_whists()
            else:
                self._finish()
            return
        if st == "choose":
            self.open = a == OPEN
            if self.open:
                w = self.whisters[0]
                for p in order:
                    if p != w:
                        self.controller[p] = self.seats[w]
            self._start_play(A.trump_of(self.contract))
            return
        if st == "first":
            self.wcalls[order[0]] = a
            if len(order) == 1:  # the two-handed game: one defender, who also plays the dummy
                self._after_whist([order[0]] if a == WHIST else [])
                return
            self.wstate, self.turn = "second", order[1]
        elif st == "second":
            self.wcalls[order[1]] = a
            if a == HALF_WHIST:
                self.half_pos = order[1]
                self.wstate, self.turn = "again", order[0]
                return
            ws = [p for p in order if self.wcalls[p] == WHIST]
            if not ws and A.level_of(self.contract) >= 8 and self._dealer_may_whist():
                self.wstate, self.turn = "dealer", 3
                return
            self._after_whist(ws)
        elif st == "again":  # the first defender may take the whist back from a half-whister
            if a == WHIST:
                self.wcalls[order[0]] = WHIST
                self.wcalls[order[1]] = PASS_WHIST
                self._after_whist([order[0]])
            elif self._dealer_may_whist():
                self.wstate, self.turn = "dealer", 3
            else:
                self._finish()

    def _dealer_may_whist(self) -> bool:
        return self.variant.players == 4 and self.variant.dealer_whist

    @implements("preferans.whist.dealer")
    def _dealer_whists(self) -> None:
        """The sitting-out dealer whists: he directs both defenders' hands, open, and answers alone."""
        self.dwhist = True
        self.wstate = "dealer-whist"
        for p in self.wpending:
            self.wcalls[p] = PASS_WHIST  # a half-whister's only call now is pass (Code 3.8.8.2)
            self.controller[p] = self.dealt.dealer
        self.whisters = []
        self.open = True
        self._start_play(A.trump_of(self.contract))

    def _after_whist(self, whisters: list[int]) -> None:
        self.whisters = whisters
        if not whisters:
            self._finish()
        elif len(whisters) == 1 and len(self.wpending) == 2:
            self.wstate, self.turn = "choose", whisters[0]
        else:
            if len(self.wpending) == 1:  # the dummy is played by its owner
                self.controller[1] = self.seats[self.wpending[0]]
            self._start_play(A.trump_of(self.contract))

    # -- play --------------------------------------------------------------------------------

    @implements("preferans.allpass.no-trumps")
    def _start_allpass(self) -> None:
        self.kind = "allpass"
        self._start_play(None)
        if self.peeker >= 0 and not self.talon_leads:  # the talon stays hidden: the peeker takes all ten
            self.tricks[self.peeker] = 10
            self.trick_no = 10
            self._finish()

    @implements("preferans.play.first-lead")
    def _start_play(self, trump: int | None) -> None:
        self.phase = PLAY
        self.trump = trump
        self._keys = _KEYS_BY_TRUMP[4 if trump is None else trump]
        if self.kind == "misere" and self.seats[1] == DUMMY:
            self.controller[1] = self.seats[2 - self.declarer]
        self.leader = 0
        v = self.variant
        self.auto_dummy = self.kind == "allpass" and v.players == 2
        self.talon_leads = self.kind == "allpass" and v.allpass_talon and v.players != 2
        # hands of one size (no wrong count) hold cards until the tenth trick; no dummy plays by itself
        h = self.hands
        self._plain = not self.auto_dummy and h[0].bit_count() == h[1].bit_count() == h[2].bit_count()
        self._begin_trick()

    def _begin_trick(self) -> None:
        self.trick = []
        self.trick_pos = []
        if self.trick_no < 2 and self.talon_leads:
            self.talon_trick = True
            self.led = self.dealt.talon_cards[self.trick_no] // 13
            turn = 0
        else:
            self.talon_trick = False
            self.led = None
            turn = self.leader
        h = self.hands
        if h[0] and h[1] and h[2]:
            self.need = 3
        else:  # a short hand has played out (a wrong count found in play), or the all-pass of two
            self.need = (h[0] != 0) + (h[1] != 0) + (h[2] != 0)
            while not h[turn]:
                turn = (turn + 1) % 3
        self.turn = turn
        if self.auto_dummy:
            self._auto()

    def _auto(self) -> None:
        # the dummy of the two-handed all-pass plays by itself
        if self.seats[self.turn] == DUMMY and self.phase == PLAY:
            self._play(dummy_card(self.hands[self.turn], self.led), auto=True)

    @implements("preferans.procedure.revoke")
    def _revoke(self, c: int) -> None:
        """A card played against the suit led (or the duty to trump), found out later: it stands
        in the trick, and the offender's side pays a trick when the deal is scored."""
        p = self.turn
        h = self.hands[p]
        if self.phase != PLAY or not (0 <= c < 52 and h >> c & 1):
            raise IllegalAction("preferans.play.own-card", f"{_card(c)} is not in this hand")
        if self.led is None or playable(h, self.led, self.trump) >> c & 1:
            raise IllegalAction("preferans.procedure.revoke",
                                f"{_card(c)} is no revoke: record a revoke only for a card the hand was not free to play")
        if self.penalties is None:
            self.penalties = []
        who = "the dummy" if self.seats[p] == DUMMY else f"seat {self.seats[p]}"
        self.penalties.append(("revoke", p, "preferans.procedure.revoke",
                               f"{who} revoked with {_card(c)}, found out later: one penalty trick"))
        self._play(c, revoke=True)

    @implements("preferans.play.follow-suit", "preferans.play.trick-winner", "preferans.play.winner-leads",
                "preferans.procedure.wrong-count")
    def _play(self, c: int, auto: bool = False, revoke: bool = False) -> None:
        """A card to the trick, every rule checked: :meth:`apply` does the same written out for
        an int; this serves the dummy's own cards (``auto``) and actions of other types."""
        p = self.turn
        hands = self.hands
        h = hands[p]
        if not (0 <= c < 52 and h >> c & 1):
            raise IllegalAction("preferans.play.own-card", f"{_card(c)} is not in this hand")
        s = _SUIT[c]
        led = self.led
        trick = self.trick
        if led is None:
            if not trick:
                self.led = s
        elif s != led and not revoke:
            t = self.trump
            if h & _M[led] or (t is not None and s != t and h & _M[t]):
                check_card(h, c, led, t)  # raises, naming the clause
        hands[p] = h ^ _BIT[c]
        trick.append(c)
        pos = self.trick_pos
        pos.append(p)
        if len(trick) < self.need:
            q = _NEXT[p]
            while not hands[q] or q in pos:
                q = _NEXT[q]
            self.turn = q
            if self.auto_dummy and not auto:
                self._auto()
            return
        self._close_trick()

    @implements("preferans.play.ten-tricks")
    def _close_trick(self) -> None:
        if self._plain and not self.talon_trick:
            # three cards (hands of one size), no talon card: the highest trump, else the highest
            # card of the suit led (the same as play.winner, by a table)
            c0, c1, c2 = self.trick
            keys = self._keys[self.led]
            k0, k1, k2 = keys[c0], keys[c1], keys[c2]
            if k1 > k0:
                w = self.trick_pos[2 if k2 > k1 else 1]
            else:
                w = self.trick_pos[2 if k2 > k0 else 0]
            self.tricks[w] += 1
            self.leader = w
            self.trick_no = n = self.trick_no + 1
            if n < 10:  # (the first two tricks of an all-pass the talon leads are not closed here)
                # the next trick, as _begin_trick would begin it: the winner leads; every hand holds cards
                self.trick = []
                self.trick_pos = []
                self.led = None
                self.turn = w
                return
        else:
            self._close_odd_trick()
            n = self.trick_no
        hands = self.hands
        if n == 10 or not (hands[0] or hands[1] or hands[2]):
            self._finish()
        else:
            self._begin_trick()

    def _close_odd_trick(self) -> None:
        """Who wins a trick led by a talon card, or one that not every hand played to."""
        cards, pos = self.trick, self.trick_pos
        if self.talon_trick:
            tc = self.dealt.talon_cards[self.trick_no]
            if self.variant.players == 4:  # the talon card is the sitting-out dealer's and may win
                w = winner([tc] + cards, self.led, None)
                if w == 0:
                    self.dealer_tricks += 1
                elif w > 0:
                    self.tricks[pos[w - 1]] += 1
            elif self.peeker >= 0:  # he saw the talon: the tricks it leads are his (Code 3.2.19)
                self.tricks[self.peeker] += 1
            else:
                w = winner(cards, self.led, None)
                if w >= 0:
                    self.tricks[pos[w]] += 1
            self.leader = 0
        else:
            keys = self._keys[self.led]
            best, bkey = 0, -1
            for i, c in enumerate(cards):
                k = keys[c]
                if k > bkey:
                    best, bkey = i, k
            w = pos[best]
            self.tricks[w] += 1
            self.leader = w
        self.trick_no += 1

    # -- the end of the deal ---------------------------------------------------------------

    def _finish(self) -> None:
        v, d = self.variant, self.dealt
        seats = self.seats
        kind = self.kind
        n = v.players
        sitting_out = d.dealer if n == 4 else -1
        pc = self.pool_closed
        pool_closed = dict(enumerate(pc)) if len(pc) == n else {s: pc[s] for s in range(n)}
        t = self.tricks
        pen_seat = None
        if self.penalties:
            t, pen_seat = self._penalised(t)
        s0, s1, s2 = seats
        if s0 >= 0 and s1 >= 0 and s2 >= 0 and s0 != s1 and s1 != s2 and s0 != s2:  # three players, no dummy
            tricks = {s0: t[0], s1: t[1], s2: t[2]}
        else:
            tricks = {}
            for p in range(3):
                s = seats[p]
                if s == DUMMY:
                    if kind != "allpass":  # the dummy's tricks belong to the defender who plays it
                        owner = self.controller[1]
                        tricks[owner] = tricks.get(owner, 0) + t[p]
                    continue
                tricks[s] = tricks.get(s, 0) + t[p]
        f = DealFacts(kind, n, d.dealer, sitting_out=sitting_out, streak=self.streak, pool_closed=pool_closed,
                      tricks=tricks)
        if pen_seat:
            f.penalty = pen_seat
        if kind == "allpass":
            f.dealer_tricks = self.dealer_tricks
            b = self.blind
            if b[0] or b[1] or b[2]:
                f.dark = min(self.dark + 1, v.bomb_limit)
                coef = 2 ** f.dark
                self.bombs_earned = {seats[p]: coef for p in range(3) if b[p]}
                if sitting_out >= 0:
                    self.bombs_earned[sitting_out] = coef
            self.entries = score_allpass(v, f)
        elif kind == "misere":
            f.declarer = seats[self.declarer]
            self.entries = score_misere(v, f)
        else:
            f.declarer = seats[self.declarer]
            f.level = A.level_of(self.contract)
            f.contract = A.bid_name(self.contract)
            whisters = tuple([seats[p] for p in self.whisters])
            if v.wrong_count_in_play == "penalty":
                f.wrong_count = tuple(seats[p] for p in range(3)
                                      if seats[p] != DUMMY and bin(d.hands[p]).count("1") != 10)
            if self.dwhist:  # the sitting-out dealer whisted: both defenders are passers
                hp = self.half_pos
                f.whist, f.whisters = "one", (d.dealer,)
                f.passers = tuple([seats[p] for p in self.wpending if p != hp])
                if hp >= 0:
                    f.half_withdrawn = seats[hp]
            elif self.wstate in ("again", "again2") or (self.wstate == "dealer" and self.half_pos >= 0):
                f.whist, f.half_whister = "half", seats[self.half_pos]
            elif not whisters:
                f.whist = "none"
            else:
                f.whist = "two" if len(whisters) == 2 else "one"
                f.whisters = whisters
                calls = self.wcalls
                hp = self.half_pos  # a half-whister whose whist was taken back is no passer
                f.passers = tuple([seats[p] for p in self.wpending if calls.get(p) != WHIST and p != hp])
                if hp >= 0:
                    f.half_withdrawn = seats[hp]
            self.entries = score_contract(v, f)
        if kind != "allpass" and self.bombs[f.declarer] > 1:  # a contract or a misère played on a bomb
            self.bomb_used = self.bombs[f.declarer]
            self.entries = apply_bomb(self.entries, f.declarer, self.bomb_used)
        if self.dark_game > 1 and kind != "allpass":  # a game won in blind bidding
            self.entries = apply_bomb(self.entries, f.declarer, self.dark_game, "blind")
        if self.penalties:
            for kind, who, clause, text in self.penalties:
                if kind == "talon-look":
                    self.entries.append(Entry("mountain", who, v.talon_look_penalty, None, clause,
                                              "looked at the talon before it was bought"))
        self.facts = f
        self.phase = DONE

    def _owner(self, p: int) -> int:
        """The seat whose result the tricks of position ``p`` count for (the dummy's: its player's)."""
        s = self.seats[p]
        return self.controller[1] if s == DUMMY else s

    @implements("preferans.procedure.revoke", "preferans.procedure.old-trick")
    def _penalised(self, played: list[int]) -> tuple[list[int], dict[int, int] | None]:
        """The tricks per position after the penalties of play, and the tricks taken off a
        player's own count only (seat -> tricks; a contract's looks at old tricks)."""
        t = list(played)
        own: dict[int, int] = {}
        kind, dp = self.kind, self.declarer
        for what, p, _clause, _text in self.penalties:
            if what == "revoke":
                if kind == "allpass":
                    t[p] += 1  # no side to give it to: the offender writes a trick more
                elif kind == "misere":
                    if p == dp:
                        t[p] += 1
                    elif t[dp]:
                        t[dp] -= 1  # in the declarer's favour: a trick fewer for him
                elif p == dp:
                    if t[p] and self.whisters:
                        t[p] -= 1
                        t[self.whisters[0]] += 1
                else:
                    side = [p] + [q for q in range(3) if q not in (p, dp)]
                    giver = next((q for q in side if t[q]), -1)
                    if giver >= 0:
                        t[giver] -= 1
                        t[dp] += 1
            elif what == "looked":
                if kind == "contract":
                    if p == dp or p in self.whisters:  # a passer has no tricks of his own to lose
                        s = self._owner(p)
                        own[s] = own.get(s, 0) + 1
                elif kind == "allpass" or p == dp:
                    t[p] += 1  # the eleventh trick of an all-pass, one more on a misère
        return t, own or None

    @implements("preferans.procedure.wrong-count", "preferans.procedure.casus")
    def _irregularity(self, event: tuple) -> None:
        kind = event[0] if event else None
        if kind.__class__ is not str:
            raise IllegalAction("preferans.procedure.redeal-before-end",
                                "an irregularity is written (kind, …), e.g. ('wrong-count', 'in-hand')")
        if kind in ("talon-look", "looked", "out-of-turn"):
            _play_irregularity(self, event)
            return
        if kind in ("exposed", "talon-order", "redeal-demand", "absent"):
            self._deal_irregularity(event)
            return
        if kind == "wrong-count":
            if self.phase != AUCTION:
                raise IllegalAction("preferans.procedure.wrong-count",
                                    "a wrong count found in play does not stop the deal: play on (the short hand "
                                    "plays nothing to the last trick)")
            missing = event[1] if len(event) > 1 else "in-hand"
            if missing not in ("in-hand", "under-table"):
                raise IllegalAction("preferans.procedure.wrong-count",
                                    f"where is the missing card: 'in-hand' or 'under-table', not {missing!r}")
            r = wrong_count("bidding", missing)
            self.kind, self.note, self.note_clause, self.phase = "annulled", r.text, r.clause, DONE
            self.entries = []
            return
        raise IllegalAction("preferans.procedure.redeal-before-end", f"unknown irregularity {kind!r}")

    def _deal_irregularity(self, event: tuple) -> None:
        """An irregularity of the deal itself, answered by the :class:`~.deal.Dealing`'s ruling:
        a card exposed (``("exposed", "dealer" | "player" | "pack")``), the talon laid after
        another round (``("talon-order", n)``), a redeal demanded (``("redeal-demand",
        reason)``), the absent player back (``("absent",)``). Made before the first call, it
        happened while the cards were dealt; later, only what may still be demanded is. A
        redeal annuls the deal (``ruling`` says why and what it costs); ``faults`` counts the
        dealer's exposed cards in earlier attempts at this deal, ``faults_after`` with this one."""
        kind = event[0]
        dealing = Dealing(self.variant, [], self.dealt.dealer, faults=self.faults)
        during = not self.history  # before the first call: while the cards were being dealt
        if kind == "exposed":
            if not during:
                raise IllegalAction("preferans.procedure.redeal-before-end",
                                    "a card exposed in the deal is dealt with before the first call")
            fault = event[1] if len(event) > 1 else None
            if fault not in ("dealer", "player", "pack"):
                raise IllegalAction("preferans.procedure.exposed-card",
                                    f"whose fault is the exposed card: 'dealer', 'player' or 'pack', not {fault!r}")
            r = dealing.expose(fault)
        elif kind == "talon-order":
            if len(event) < 2 or event[1].__class__ is not int:
                raise IllegalAction("preferans.procedure.talon-order", "after which round was the talon laid? a number")
            if not during:
                r = Dealing(self.variant, [], self.dealt.dealer, pairs_dealt=Dealing.PAIRS).demand_redeal(
                    f"the talon laid after round {event[1]}")
            else:
                r = dealing.lay_talon(int(event[1]))
                if r.kind == "counts":
                    raise IllegalAction("preferans.procedure.talon-order",
                                        f"the talon was laid after round {event[1]}, the agreed one: nothing to demand")
        elif kind == "redeal-demand":
            if not during:
                dealing.step(Dealing.PAIRS)
            r = dealing.demand_redeal(event[1] if len(event) > 1 else "")
        else:
            r = absent_player_returns(has_looked=not during)
        if not r.redeal:
            raise IllegalAction(r.clause, r.text)
        self.ruling = r
        self.faults_after = dealing.faults
        self.kind, self.note, self.phase = "annulled", r.text, DONE
        self.entries = []


def _position(st: State, seat, clause: str) -> int:
    """The position of a player's seat in this deal (-1 for a dealer who sits out)."""
    if not (seat.__class__ is int and 0 <= seat < st.variant.players):
        raise IllegalAction(clause, f"name the player by his seat, 0…{st.variant.players - 1}, not {seat!r}")
    return st.seats.index(seat) if seat in st.seats else -1


@implements("preferans.procedure.talon-look", "preferans.procedure.old-trick",
            "preferans.procedure.lead-out-of-turn", "preferans.procedure.last-trick")
def _play_irregularity(st: State, event: tuple) -> None:
    """A look at the talon (in the bidding), at an old trick or the discard (in play), a lead
    out of turn (in an all-pass): the penalty the Code gives, noted for the deal's end."""
    kind = event[0]
    if kind == "talon-look":
        clause = "preferans.procedure.talon-look"
        if st.phase != AUCTION:
            raise IllegalAction(clause, "the talon may be looked at once it is bought; this is no fault now")
        seat = event[1] if len(event) > 1 else None
        p = _position(st, seat, clause)
        if p >= 0 and p == st.high_pos:
            raise IllegalAction(clause, "the highest bidder looked at the talon: the Code leaves the harm to be "
                                        "made good case by case (п. 3.3.16); not modelled")
        st.penalties = (st.penalties or []) + [("talon-look", seat, clause,
                                                f"seat {seat} looked at the talon: barred from the bidding")]
        if p >= 0:
            if st.peeker < 0:
                st.peeker = p
            if not st.passed[p]:
                st.passed[p] = st.spoken[p] = True
                if st.turn == p:
                    st._next_caller(p)
                else:
                    passed, hp = st.passed, st.high_pos
                    if passed[0] and passed[1] and passed[2]:
                        st._start_allpass()
                    elif hp >= 0 and not passed[hp] and passed[0] + passed[1] + passed[2] == 2:
                        st._won_auction(hp)
        return
    if st.phase != PLAY:
        raise IllegalAction("preferans.procedure.old-trick" if kind == "looked" else
                            "preferans.procedure.lead-out-of-turn", "this happens only in the play")
    if kind == "looked":
        clause = "preferans.procedure.old-trick"
        seat = event[1] if len(event) > 1 else None
        what = event[2] if len(event) > 2 else "trick"
        p = _position(st, seat, clause)
        if p < 0:
            raise IllegalAction(clause, "the dealer who sits out has no tricks to lose")
        if what == "discard":
            if st.kind not in ("contract", "misere") or p != st.declarer:
                raise IllegalAction(clause, "only the declarer has a discard to look at")
            if st.trick_no == 0 and not st.trick:
                raise IllegalAction(clause, "the declarer may look at his discard until the first lead")
        elif what == "trick":
            if st.trick_no == 0:
                raise IllegalAction(clause, "no trick has been closed yet")
        else:
            raise IllegalAction(clause, f"looked at a 'trick' or the 'discard', not {what!r}")
        st.penalties = (st.penalties or []) + [("looked", p, clause, f"seat {seat} looked at "
                                                + ("his discard" if what == "discard" else "an old trick")
                                                + " during the play: a trick off the offender's own count")]
        return
    clause = "preferans.procedure.lead-out-of-turn"
    seat = event[1] if len(event) > 1 else None
    p = _position(st, seat, clause)
    if st.kind != "allpass":
        raise IllegalAction(clause, "on a contract or a misère a card led out of turn becomes an open card "
                                    "(п. 3.9.14): no entry on the sheet, play on")
    if st.trick_no >= 9:
        raise IllegalAction("preferans.procedure.last-trick", "a fault in the last trick goes unpunished: play on")
    if p < 0:
        raise IllegalAction(clause, "the dealer who sits out plays no card")
    rest = 10 - st.trick_no
    st.penalties = (st.penalties or []) + [("out-of-turn", p, clause, f"seat {seat} led out of turn in the "
                                            f"all-pass: the remaining {rest} tricks go to that player")]
    st.tricks[p] += rest
    st.trick_no = 10
    st.trick, st.trick_pos = [], []
    st._finish()


def _card(c: int) -> str:
    return format_card(c) if 0 <= c < 52 else (str(c) if -10**6 < c < 10**6 else "a number out of range")


def _call_text(a: int) -> str:
    return A.call_name(a) if BID <= a <= BLIND_PASS else (f"action {a}" if -10**6 < a < 10**6 else "a number out of range")


def _call_clause(st: State, a: int) -> str:
    if a == MISERE:
        return "preferans.bidding.misere-first-call" if st.has_bid[st.turn] or st.high == MISERE else \
            "preferans.bidding.misere-outbid"
    if BID <= a < MISERE:
        i = a - BID
        if i < st.min_index:
            return "preferans.allpass.exit"
        if st.high == MISERE:
            return "preferans.bidding.misere-outbid"
        return "preferans.bidding.order"
    return "preferans.bidding.order"


# --- the pulka ------------------------------------------------------------------------------


@implements("preferans.sheet.end", "preferans.allpass.sliding")
class Pulka:
    """Deals played one after another onto one sheet until the pulka is over.

    >>> from cardrules.games.preferans import SOCHI
    >>> p = Pulka(SOCHI, dealer=0)
    >>> st = p.new_deal(seed=1)
    >>> st.current_player()
    1
    """

    def __init__(self, variant: Variant, dealer: int = 0, sheet: Sheet | None = None):
        self.variant = variant
        self.dealer = dealer
        self.sheet = sheet or Sheet(variant)
        self.streak = 0
        self.dark = 0
        self.bombs: list[list[int]] = [[] for _ in range(variant.players)]
        self.forced_left = variant.opening_allpass_rounds * variant.players
        self.deals: list[State] = []
        #: cards the dealer has exposed in earlier attempts at the deal he is making (the
        #: first is forgiven, the second costs the agreed remise): see State._deal_irregularity
        self.faults = 0

    @property
    def over(self) -> bool:
        return self.sheet.over()

    def new_deal(self, seed: int | None = None, dealt: Dealt | None = None, make: type[State] | None = None) -> State:
        """The next deal's state, carrying the pulka's streak, closed pools, blind bids, bombs
        and the dealer's faults (``make``: the class of the state, a :class:`State` by default)."""
        if dealt is None:
            dealt = make_deal(self.variant, seed if seed is not None else len(self.deals), self.dealer)
        pool, target = self.sheet.pool, self.sheet.v.pool_target
        bombs = self.bombs
        # (Sheet.closed, without a call a seat; while no pool is closed and no bomb waits, None:
        # the state's own default, all open and no bomb, without a list built a deal to say so)
        closed = [p >= target for p in pool] if max(pool) >= target else None
        heads = [b[0] if b else 1 for b in bombs] if any(bombs) else None
        return (make or State)(self.variant, dealt, self.streak, closed, self.dark, heads, forced=self.forced_left > 0,
                               faults=self.faults)

    def finish(self, st: State) -> None:
        """Write a finished deal on the sheet and move the deal on."""
        if not st.is_terminal():
            raise ValueError("the deal is not finished")
        label = f"deal {len(self.deals) + 1}"
        if st.kind == "contract":
            label += f" ({A.bid_name(st.contract)})"
        elif st.kind:
            label += f" ({st.kind})"
        self.sheet.write(st.entries, label)
        self.deals.append(st)
        r = st.ruling
        self.faults = st.faults_after if r is not None and r.kind == "redeal" else 0
        if r is not None:  # an irregularity of the deal: its penalty, and the deal passes on if it says so
            self.ruling(r)
        if st.kind == "annulled":
            return  # the same dealer deals again (unless the ruling moved the deal on)
        self._bombs(st)
        if st.forced:
            self.forced_left -= 1
            self.streak += 1
        elif st.kind == "allpass":
            self.streak += 1
            if not self.variant.allpass_sliding:
                return
        else:
            self.streak = 0
        self.dealer = next_dealer(self.dealer, self.variant.players)

    @implements("preferans.classic.bombs")
    def _bombs(self, st: State) -> None:
        """Bombs earned by blind passes wait in order; a game won on one spends it."""
        if st.kind == "allpass":
            self.dark = st.facts.dark if st.facts else 0
            for seat, coef in sorted(st.bombs_earned.items()):
                self.bombs[seat].append(coef)
            return
        self.dark = 0
        if st.bomb_used > 1 and st.facts is not None:
            d = st.facts.declarer
            if any(e.kind == "pool" and e.seat == d for e in st.entries):
                self.bombs[d].pop(0)

    @implements("preferans.procedure.dealer-slips")
    def ruling(self, r: "Ruling") -> None:
        """Apply a ruling on the deal (from :class:`~.deal.Dealing`): write its penalty and,
        when the deal passes on, move the dealer.

        >>> from cardrules.games.preferans import SOCHI
        >>> from cardrules.games.preferans.deal import Dealing, shuffle
        >>> p = Pulka(SOCHI, dealer=0); dg = Dealing(SOCHI, shuffle(1), dealer=0)
        >>> dg.expose("dealer"); p.ruling(dg.expose("dealer"))
        Ruling(clause='preferans.procedure.dealer-slips', kind='redeal', text='the dealer exposed a card: forgiven the first time, deal again', penalty=None, next_dealer=None)
        >>> p.dealer, p.sheet.mountain
        (1, [2, 0, 0])
        """
        if r.penalty:
            seat, points = r.penalty
            self.sheet.write([Entry("mountain", seat, points, None, r.clause, r.text)], "irregularity")
        if r.next_dealer is not None:
            self.dealer = r.next_dealer

    def settlement(self, explain: bool = True) -> Settlement:
        """The final account (``explain``: with its trace; see :func:`~.scoring.settle`)."""
        return settle(self.sheet, explain)

    def explain(self) -> Trace:
        t = self.sheet.explain()
        if self.over:
            t.steps.extend(self.settlement().trace.steps)
        return t


__all__ = ["DECLARE", "DISCARD", "PHASE_NAMES", "Pulka", "State"]
