"""The state machine of one deal of Fortuna, and the partie that runs deals to 13.

Actions are ints: cards 0…51 (see :mod:`cardrules.cards`), calls 64…67 (see
:mod:`.auction`), a misdeal :data:`MISDEAL`, talon purchases ``BUY + k``, and
revokes ``REVOKE + card``. Misdeals and revokes are irregularities: ``apply``
accepts them where the rules say they can happen, but ``legal_actions`` never
offers them, so random play is free of them.

>>> from cardrules.games.fortuna import FOUR, State
>>> from cardrules.games.fortuna.deal import deal
>>> st = State(FOUR, deal(FOUR, seed=1, dealer=0))
>>> st.current_player(), st.legal_actions()     # seat 1, left of the dealer, speaks first
(1, [64, 65])
"""

from __future__ import annotations

from functools import cache
from typing import Sequence

from cardrules.cards import SUIT_MASKS, format_card
from cardrules.engine import GameState, IllegalAction, Trace, shown
from cardrules.rules import implements

from .auction import Auction, allpass_stakes
from .deal import Deal, deal as make_deal, next_dealer
from .play import REVOKE, TRICK_KEYS, _SUIT_CARDS, cards_list, check_card, first_leader, players_in_play, revoke_remise
from .scoring import DealFacts, DealResult, advance, onerschik_consolation, partie_winner, pool_shares, settle
from .variants import Variant

AUCTION, TALON, DISCARD, PLAY, DONE = range(5)
PHASE_NAMES = ("auction", "talon", "discard", "play", "done")
#: The dealer misdealt (or exposed a card): only as the first action of a deal.
MISDEAL = 69
#: Buying k talon cards is the action BUY + k (k = 0 declines).
BUY = 70
TERMINAL = -1
#: The clause an action of the wrong kind breaks, by phase: a bid in the auction, a purchase
#: at the talon, a card of one's hand to discard, a card to the trick, nothing once it is over.
_PHASE_CLAUSES = ("fortuna.bidding.order", "fortuna.talon.elder", "fortuna.talon.discard", "fortuna.play.trick",
                  "fortuna.play.trick")


@cache
def _ring(playing: tuple[int, ...], players: int) -> tuple[int, ...]:
    """Who plays after each player in play, round the table, by seat (0 for a seat out of the
    play). Made once for each set of players in play (a form has a few), not at every deal;
    every state shares it, and only reads it."""
    after = [0] * players
    for seat, nxt in zip(playing, playing[1:] + playing[:1]):
        after[seat] = nxt
    return tuple(after)


def _no_action(phase: int, action: object) -> IllegalAction:
    """The refusal of a value that is no action at all (not a whole number)."""
    return IllegalAction(_PHASE_CLAUSES[phase], f"{shown(action)} is no action of the {PHASE_NAMES[phase]}: actions are whole numbers")


def _name(action: int) -> str:
    """An action in words, for error messages."""
    from .auction import CALL_NAMES

    if 0 <= action < 52:
        return format_card(action)
    if action in CALL_NAMES:
        return f"the call «{CALL_NAMES[action]}»"
    if action == MISDEAL:
        return "a misdeal"
    if BUY <= action < REVOKE:
        return f"buying {action - BUY} talon card(s)"
    return f"action {action}" if -10**6 < action < 10**6 else "a number out of range"


class State(GameState):
    """One deal, from the first call to the last trick.

    ``pool`` is the pool as it stands in this deal (remises are its size);
    ``scores`` and ``leve_totals`` are the partie's scores before the deal, which
    the caps on payments need. A fresh partie's values are the defaults.
    """

    #: What the state keeps between resets: the deal and the partie around it, and the actions.
    GIVEN = frozenset(("variant", "deal", "pool", "scores", "leve_totals", "history"))

    def __init__(self, variant: Variant, deal: Deal, pool: int | None = None,
                 scores: list[int] | None = None, leve_totals: list[int] | None = None):
        n = variant.players
        self.variant = variant
        self.deal = deal
        self.pool = variant.dealer_stake if pool is None else pool
        self.scores = list(scores) if scores else [0] * n
        self.leve_totals = list(leve_totals) if leve_totals else [0] * n
        self.history: list[int] = []
        self._reset()

    # -- set-up -----------------------------------------------------------------------

    @implements("fortuna.two.no-bidding")
    def _reset(self) -> None:
        v, d = self.variant, self.deal
        n = v.players
        self.hands = list(d.hands)
        self.talon = list(d.talon)
        self.bought = [0] * n
        self.discards = 0
        self.revokes: dict[int, int] = {}
        self.tricks = [0] * n
        self.won = [0] * n
        self.trick: list[int] = []
        self.led = -1
        self.trick_mask = 0
        self._result: DealResult | None = None
        self.nevolia: int | None = None
        self.misdealt = False
        self.trump = d.trump
        self._must_trump = v.must_trump
        if v.bidding:
            self.auction: Auction | None = Auction(v, d.dealer)
            self.phase = AUCTION
            self.cur = self.auction.current
        else:
            self.auction = None
            self.declarers = list(range(n))
            self.quota = v.base_quota
            if v.talon:
                self.phase = TALON
                self.cur = (d.dealer + 1) % n
            else:
                self._start_play()

    def _after_auction(self) -> None:
        a = self.auction
        if a.all_passed:
            self.declarers = []
            self.phase = DONE
            self.cur = TERMINAL
            return
        self.declarers = sorted(a.declarers)
        self.nevolia = a.nevolia
        self.quota = a.quota
        self._start_play()

    @implements("fortuna.play.players")
    def _start_play(self) -> None:
        v = self.variant
        playing = players_in_play(v, self.declarers, self.nevolia)
        self.playing = playing
        self._size = len(playing)
        self.held = list(self.hands)  # the hands as play begins: honours are counted from them
        self._next = _ring(tuple(playing), v.players)
        self.cur = first_leader(v, self.deal.dealer, playing)
        self.phase = PLAY

    # -- the interface ----------------------------------------------------------------

    def current_player(self) -> int:
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == DONE

    def legal_actions(self) -> Sequence[int]:
        ph = self.phase
        if ph == PLAY:
            h = self.hands[self.cur]
            if self.trick:
                s = self.led
                f = h >> (13 * s) & 8191
                if f:
                    return _SUIT_CARDS[s][f]
                if self.variant.must_trump:
                    t = h >> (13 * self.trump) & 8191
                    if t:
                        return _SUIT_CARDS[self.trump][t]
            return cards_list(h)
        if ph == AUCTION:
            return self.auction.legal()
        if ph == TALON:
            return [BUY + k for k in range(self._buy_limit() + 1)]
        if ph == DISCARD:
            return cards_list(self.hands[self.cur])
        return []

    @implements("fortuna.cards.rank", "fortuna.play.trick")
    def apply(self, action: int) -> None:
        """Make ``action``; raise :class:`~cardrules.engine.IllegalAction` naming the clause it breaks.

        Card play is written out here, in the hot path; the other phases are dispatched.
        """
        if self.phase != PLAY:
            if action.__class__ is not int:
                action = self._as_int(action)
            self._apply_other(action)
            self.history.append(action)
            return
        c = action
        if c.__class__ is not int or c < 0:  # (a True is no card, a -1 no bit of a hand)
            if c.__class__ is int:
                raise IllegalAction("fortuna.play.trick", f"a card must be played now, not {_name(c)}")
            self.apply(self._as_int(c))
            return
        p = self.cur
        h = self.hands[p]
        trick = self.trick
        if c >= REVOKE:
            c -= REVOKE
            led = self.led
            if not (trick and h >> c & 1 and h & SUIT_MASKS[led] and (c // 13) != led):
                raise IllegalAction("fortuna.revoke.established",
                                    f"{_name(c)} is no revoke: record a revoke only for a card played against the suit led")
            self.revokes[p] = revoke_remise(self.variant, led, self.trump, self.revokes.get(p, 0))
        elif not (h >> c & 1) or (trick and (c // 13 != self.led and h & SUIT_MASKS[self.led] or self._must_trump)):
            if c == MISDEAL:
                self._misdeal()
                self.history.append(action)
                return
            if not 0 <= c < 52:
                raise IllegalAction("fortuna.play.trick", f"a card must be played now, not {_name(c)}")
            check_card(h, c, self.led if trick else None, self.trump, self._must_trump)
        bit = 1 << c
        self.hands[p] = h ^ bit
        if trick:
            self.trick_mask |= bit
            # the rule of cardrules.tricks.trick_winner, kept incrementally: the highest
            # trump, else the highest card of the suit led (checked against it in the tests)
            k = self._keys[c]
            if k > self.best:
                self.best = k
                self.best_seat = p
        else:
            s = c // 13
            self.led = s
            self.trick_mask = bit
            self._keys = keys = TRICK_KEYS[self.trump][s]
            self.best = keys[c]
            self.best_seat = p
        trick.append(c)
        self.history.append(action)
        if len(trick) < self._size:
            self.cur = self._next[p]
            return
        # the trick is closed: its winner leads to the next
        seat = self.best_seat
        self.tricks[seat] += 1
        self.won[seat] |= self.trick_mask
        self.trick = []
        self.cur = seat
        if not self.hands[seat]:  # every hand in play is empty: that was the last trick
            self.phase = DONE
            self.cur = TERMINAL

    def _as_int(self, action: object) -> int:
        """An action given as another kind of whole number (an IntEnum); anything else refused."""
        if isinstance(action, int) and not isinstance(action, bool):
            return int(action)
        raise _no_action(self.phase, action)

    def _apply_other(self, action: int) -> None:
        ph = self.phase
        if action == MISDEAL:
            self._misdeal()
        elif ph == AUCTION:
            self.auction.apply(action)
            if self.auction.done:
                self._after_auction()
            else:
                self.cur = self.auction.current
        elif ph == TALON:
            self._buy(action)
        elif ph == DISCARD:
            self._discard(action)
        else:
            raise IllegalAction("fortuna.play.trick", "the deal is over")

    @implements("fortuna.deal.misdeal")
    def _misdeal(self) -> None:
        """The dealer misdealt or exposed a card: the deal ends before it began."""
        if self.history or self.phase == DONE:
            raise IllegalAction("fortuna.deal.misdeal",
                                "a misdeal is called before the first call or card of the deal, not after")
        self.misdealt = True
        self.declarers = []
        self.quota = 0
        self.phase = DONE
        self.cur = TERMINAL

    def clone(self) -> "State":
        other = State(self.variant, self.deal, self.pool, self.scores, self.leve_totals)
        for a in self.history:
            other.apply(a)
        return other

    # -- the talon (two-handed game from 28 cards) ------------------------------------

    @implements("fortuna.talon.elder", "fortuna.talon.dealer")
    def _buy_limit(self) -> int:
        if self.cur != self.deal.dealer:
            return min(self.variant.talon_elder_max, len(self.talon))
        return len(self.talon)

    def _buy(self, action: int) -> None:
        k = action - BUY
        if not 0 <= k <= self._buy_limit():
            who = "the dealer" if self.cur == self.deal.dealer else "the non-dealer"
            raise IllegalAction("fortuna.talon.elder", f"{who} may buy at most {self._buy_limit()} talon card(s) now")
        p = self.cur
        for c in self.talon[:k]:
            self.hands[p] |= 1 << c
        del self.talon[:k]
        self.bought[p] = k
        if k:
            self.discards = k
            self.phase = DISCARD
        else:
            self._next_buyer()

    def _next_buyer(self) -> None:
        if self.cur != self.deal.dealer and self.talon:
            self.cur = self.deal.dealer
            self.phase = TALON
        else:
            self._start_play()

    @implements("fortuna.talon.discard")
    def _discard(self, c: int) -> None:
        if not (0 <= c < 52 and self.hands[self.cur] >> c & 1):
            raise IllegalAction("fortuna.talon.discard", "discard a card of your own hand")
        self.hands[self.cur] &= ~(1 << c)
        self.discards -= 1
        if not self.discards:
            self._next_buyer()

    # -- the result ---------------------------------------------------------------------

    def settlement(self) -> DealResult:
        """The deal's settlement (chips, points, pool); only when the deal is over."""
        if self.phase != DONE:
            raise ValueError("the deal is not over")
        if self._result is None:
            v = self.variant
            if self.misdealt:
                fine = [v.misdeal_fine if seat == self.deal.dealer else 0 for seat in range(v.players)]
                res = DealResult(chips=[-x for x in fine], pool_in=v.misdeal_fine, leve=[0] * v.players,
                                 honours=[0] * v.players, misdeal=True, trace=Trace())
                res.trace.add("fortuna.deal.misdeal", f"dealer {self.deal.dealer} misdealt: into the pool",
                              v.misdeal_fine)
            elif not self.declarers:
                stakes = allpass_stakes(v, self.deal.dealer)
                res = DealResult(chips=[-s for s in stakes], pool_in=sum(stakes), leve=[0] * v.players,
                                 honours=[0] * v.players, all_passed=True, trace=Trace())
                res.trace.add("fortuna.bidding.all-pass", "all passed: each but the dealer stakes", v.allpass_stake)
            else:
                held = self.won if v.honours_from == "tricks" else self.held
                fees = sum(self.bought) * v.talon_fee
                # the pool of the deal includes this deal's talon fees (fortuna.settlement.remise-pool)
                res = settle(DealFacts(v, self.deal.dealer, self.trump, self.deal.surs, self.declarers, self.nevolia,
                                       self.quota, self.tricks, held, self.revokes, self.bought, self.pool + fees,
                                       self.scores, self.leve_totals))
            self._result = res
        return self._result

    def explain(self) -> Trace:
        """The clauses and amounts that produced the settlement."""
        return self.settlement().trace

    def __repr__(self) -> str:
        return f"<fortuna.{self.variant.name} deal seed={self.deal.seed} {PHASE_NAMES[self.phase]} after {len(self.history)} actions>"


@implements("fortuna.pool.stake", "fortuna.partie.last-remises", "fortuna.settlement.record",
            "fortuna.deal.misdeal", "fortuna.deal.misdeal-redeal", "fortuna.bidding.all-pass-redeal")
class Partie:
    """A partie: deals until somebody reaches 13 points, the pool carried between deals.

    Chips are counted from zero: ``balances`` per seat, the ``pool`` on the table,
    and ``next_pool``, the remises of the last deal set aside for the next partie.
    Their sum is always the opening pool.
    """

    def __init__(self, variant: Variant, seed: int = 0, dealer: int = 0, pool: int = 0):
        n = variant.players
        self.variant = variant
        self.seed = seed
        self.dealer = dealer
        self.pool = pool
        self.opening_pool = pool
        self.next_pool = 0
        self.balances = [0] * n
        self.scores = [0] * n
        self.leve_points = [0] * n  #: recorded apart from the honour points, as the entry asks
        self.honour_points = [0] * n
        self.held_by_honours = [False] * n
        self.winner: int | None = None
        self.souverain: tuple[int, str] | None = None
        self.deals: list[State] = []
        self.trace = Trace()
        self._stake_due = True
        self._count = 0

    @property
    def over(self) -> bool:
        return self.winner is not None

    def _stake(self) -> None:
        if self._stake_due:
            v = self.variant
            self.balances[self.dealer] -= v.dealer_stake
            self.pool += v.dealer_stake
            self.trace.note("fortuna.pool.stake", "dealer {} stakes", v.dealer_stake, self.dealer)  # (every deal: its words when read)
            self._stake_due = False

    def new_deal(self, deal: Deal | None = None) -> State:
        """The next deal's state (the dealer stakes first). Without ``deal``, a seeded random one."""
        if self.over:
            raise ValueError("the partie is over")
        self._stake()
        if deal is None:
            deal = make_deal(self.variant, seed=self.seed * 1_000_003 + self._count, dealer=self.dealer)
        self._count += 1
        return State(self.variant, deal, self.pool, self.scores, self.leve_points)

    def misdeal(self) -> None:
        """The dealer misdealt (or exposed a card): he adds 24 to the pool and deals again.

        The same as a deal whose first action is :data:`MISDEAL`, without the deal's cards.
        """
        self._stake()
        v = self.variant
        self.balances[self.dealer] -= v.misdeal_fine
        self.pool += v.misdeal_fine
        self.trace.add("fortuna.deal.misdeal", f"dealer {self.dealer} misdealt: into the pool", v.misdeal_fine)

    def finish(self, state: State) -> DealResult:
        """Score a finished deal into the partie; end the partie if somebody won."""
        v = self.variant
        n = v.players
        res = state.settlement()
        self.deals.append(state)
        for seat in range(n):
            self.balances[seat] += res.chips[seat]
        self.pool += res.pool_in
        if res.misdeal:  # the same dealer deals again, without a second stake
            self.trace.add("fortuna.deal.misdeal", f"dealer {self.dealer} misdealt: into the pool", v.misdeal_fine)
            self._stake_due = False
            return res
        if res.all_passed:
            self._stake_due = v.allpass_dealer_restakes
            return res
        for seat in range(n):
            lv, hp = res.leve[seat], res.honours[seat]
            if not (lv or hp):
                continue
            after, held = advance(v, self.scores[seat], lv, hp, self.leve_points[seat])
            self.scores[seat] = after
            self.leve_points[seat] += lv
            self.honour_points[seat] += hp
            if held:
                self.held_by_honours[seat] = True
                self.trace.add("fortuna.partie.honours-only", f"seat {seat} held at 12: no leve", after)
            elif after >= v.partie_points:
                self.held_by_honours[seat] = False
        if res.souverain:
            winner, kind = res.souverain
            self.souverain = res.souverain
        else:
            winner = partie_winner(v, self.scores, res.leve, state.deal.dealer)
        if winner is None:
            self.pool += res.remises
            self.dealer = next_dealer(v, self.dealer)
            self._stake_due = True
            return res
        self.winner = winner
        self.next_pool += res.remises
        if res.remises:
            self.trace.add("fortuna.partie.last-remises", "remises of the last deal go to the next partie", res.remises)
        shares = pool_shares(v, self.pool, self.scores, winner, whole=res.souverain is not None)
        for seat, share in enumerate(shares):
            if share:
                self.balances[seat] += share
                self.trace.add("fortuna.partie.shares", f"seat {seat} takes from the pool", share)
        pool = self.pool
        self.pool = 0
        for seat in range(n):
            if seat != winner and self.held_by_honours[seat]:
                c = onerschik_consolation(v, pool, shares[winner])
                if c:
                    self.balances[winner] -= c
                    self.balances[seat] += c
                    self.trace.add("fortuna.partie.onerschik", f"winner {winner} pays the онерщик {seat}", c)
        return res

    def explain(self) -> Trace:
        return self.trace

    def chips_total(self) -> int:
        """Players' balances plus both pools: always the opening pool."""
        return sum(self.balances) + self.pool + self.next_pool


__all__ = ["BUY", "MISDEAL", "PHASE_NAMES", "Partie", "State", "TERMINAL"]
