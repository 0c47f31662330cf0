"""The state machine of one deal of piquet: the exchange, the declarations, the play.

Actions are ints, each with one meaning in every phase:

====================  =====================================================
``0 … 51``            a card: discarded in the exchange, played in the play
``EXCHANGE + k``      64…72: exchange k cards (0: refuse)
``CALL + c``          80…82: call one's best point, sequence or set
``NO_CALL``           84: nothing to call in this category
``GOOD`` …            88 good, 89 not good, 90 equal
``FALSE_CALL + c``    192…194: an irregularity, a call of what one does not hold
``WRONG_DISCARD``     196: an irregularity, one card fewer discarded than taken
====================  =====================================================

Irregularities are accepted by ``apply`` where they can happen, never offered by
``legal_actions``, so random play is free of them.

>>> from cardrules.games.piquet import RUSSIAN, State
>>> from cardrules.games.piquet.deal import deal
>>> st = State(RUSSIAN, deal(RUSSIAN, seed=1, dealer=0))
>>> st.phase.name, st.current_player(), [action_to_string(a) for a in st.legal_actions()]
('EXCHANGE', 1, ['exchange 0', 'exchange 3', 'exchange 4', 'exchange 5'])
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache

from cardrules.cards import SUIT_MASKS, cards_of, format_card, size, suit_of
from cardrules.engine import GameState, IllegalAction, Trace, shown
from cardrules.rules import implements
from cardrules.tricks import legal_plays

from .deal import Deal
from .declarations import (ANSWER_NAMES, CALL, CATEGORY_NAMES, Dialogue, FALSE_CALL, GOOD, NO_CALL, NOT_GOOD,
                           EQUAL, speaking_order)
from .exchange import EXCHANGE, WRONG_DISCARD, exchange_counts, take_order
from .play import check_card, first_leader
from .scoring import DealFacts, DealScore, score_deal
from .variants import Variant


class Phase(IntEnum):
    EXCHANGE = 1
    DECLARE = 2
    PLAY = 3
    DONE = 4


#: The phases under plain names: reading a member off an Enum class goes through the enum
#: type's ``__getattr__`` hook (Python 3.11), a cost paid at every change of phase otherwise.
_EXCHANGING, _DECLARING, _PLAYING, _OVER = Phase.EXCHANGE, Phase.DECLARE, Phase.PLAY, Phase.DONE
CARD, BAND_EXCHANGE, BAND_CALL, IRREGULARITY = 0, EXCHANGE, CALL, FALSE_CALL
NUM_ACTIONS, MAX_DEAL_LENGTH = 256, 120
#: The clause a value that is no action at all breaks, by phase: the count to exchange (by
#: the exchanger's role) or the card to discard, the dialogue of the declarations, a card to
#: the trick, nothing once it is over.
_PHASE_CLAUSES = {Phase.DECLARE: "piquet.declarations.dialogue", Phase.PLAY: "piquet.play.trick",
                  Phase.DONE: "piquet.play.trick"}
_ROLE_CLAUSES = {"elder": "piquet.exchange.elder", "younger": "piquet.exchange.younger", "dealer": "piquet.three.talon"}


@cache
def _ring_table(ring: tuple[int, ...]) -> dict[int, int]:
    """For the seats in play, round the table: who plays after each seat. Made once for each
    set of seats (a deal has two or three), not at every deal; every state shares it, and
    only reads it."""
    return {s: ring[(i + 1) % len(ring)] for i, s in enumerate(ring)}


def action_to_string(action: int) -> str:
    """An action as a record writes it.

    >>> [action_to_string(a) for a in (51, EXCHANGE + 3, CALL, CALL + 2, NO_CALL, GOOD, NOT_GOOD, EQUAL)]
    ['♥A', 'exchange 3', 'point', 'set', 'nothing', 'good', 'not good', 'equal']
    >>> action_to_string(FALSE_CALL + 1), action_to_string(WRONG_DISCARD)
    ('false sequence', 'wrong discard')
    """
    if 0 <= action < 52:
        return format_card(action)
    if EXCHANGE <= action <= EXCHANGE + 8:
        return f"exchange {action - EXCHANGE}"
    if CALL <= action < CALL + 3:
        return CATEGORY_NAMES[action - CALL]
    if action == NO_CALL:
        return "nothing"
    if action in ANSWER_NAMES:
        return ANSWER_NAMES[action]
    if FALSE_CALL <= action < FALSE_CALL + 3:
        return f"false {CATEGORY_NAMES[action - FALSE_CALL]}"
    if action == WRONG_DISCARD:
        return "wrong discard"
    return f"action {action}"


class State(GameState):
    """One deal, from the exchange to the last trick."""

    #: What the state keeps between resets: the deal, its seats and the actions. Every other
    #: field is set up by ``_reset`` or by a later action, and dropped again by ``undo``.
    GIVEN = frozenset(("variant", "deal", "seats", "history"))

    def __init__(self, variant: Variant, deal: Deal):
        self.variant = variant
        self.deal = deal
        self.seats = deal.seats
        self.history: list[int] = []
        self._reset()

    def _reset(self) -> None:
        d = self.deal
        n = self.variant.players
        self.hands = list(d.hands)
        self.stock = list(d.stock)
        self.discards = [0] * n
        self.took = [0] * n
        self.overdrawn: set[int] = set()
        self.tricks: list[tuple[int, int]] = []
        self.trick_cards: list[list[int]] = []
        self.trick: list[int] = []
        self._score: DealScore | None = None
        #: the elder hand: the first to exchange (two-handed) and to lead
        self.elder = first_leader(self.seats, d.dealer)
        if len(self.seats) == 2:
            self.exchangers = [(self.elder, "elder"), (d.dealer, "younger")]
        else:
            self.exchangers = [(d.dealer, "dealer")]
        self.pending = 0  # cards the current exchanger has said he will take
        self.to_discard = 0
        self.dialogue: Dialogue | None = None
        self.phase = _EXCHANGING
        self.cur = self.exchangers[0][0]

    # -- the interface ------------------------------------------------------------

    def current_player(self) -> int:
        return -1 if self.phase == _OVER else self.cur

    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def legal_actions(self) -> list[int]:
        return _LEGAL[self.phase](self)

    def apply(self, action: int) -> None:
        """Make ``action``; raise :class:`~cardrules.engine.IllegalAction` naming the clause it breaks.

        A card played is made here, in the hot path (most actions of a deal are cards played:
        no look-up and call of a phase's method for them); the other phases are dispatched."""
        if action.__class__ is not int or not 0 <= action < NUM_ACTIONS:  # (a True is no card)
            raise self._no_action(action)
        if self.phase != _PLAYING:
            _APPLY[self.phase](self, action)
            self.history.append(action)
            return
        seat = self.cur
        trick = self.trick
        hand = self.hands[seat]
        # a card of the hand (so a card: a hand holds no other bit) that leads, follows suit or
        # cannot is lawful at once; the rest _refuse_card refuses, naming the clause
        if not hand >> action & 1 or trick and action // 13 != trick[0] // 13 and hand & SUIT_MASKS[trick[0] // 13]:
            self._refuse_card(seat, hand, action)
        self.history.append(action)
        self.hands[seat] = hand & ~(1 << action)
        # who takes the trick, kept card by card: the card led, then the highest of its suit
        # (the rule of play.trick_taker; tests/piquet/test_engine.py holds the two equal)
        if not trick or action > self._top and action // 13 == self._top // 13:
            self._top, self._taker = action, seat
        trick.append(action)
        after = self._next[seat]
        if after != self.leader:  # the trick is full when the turn comes round to its leader
            self.cur = after
            return
        winner = self._taker
        self.tricks.append((self.leader, winner))
        self.trick_cards.append(trick)
        self.trick = []
        self.leader = self.cur = winner
        if len(self.tricks) == self._last_trick:
            self.phase = _OVER
            self.cur = -1

    def _no_action(self, action: object) -> IllegalAction:
        """The refusal of a value that is no action of any phase: not a whole number, or
        out of the range of actions."""
        text = shown(action)
        phase = self.phase
        if phase == _EXCHANGING:
            clause = "piquet.exchange.discard-first" if self.to_discard else _ROLE_CLAUSES[self._role()]
        else:
            clause = _PHASE_CLAUSES[phase]
        return IllegalAction(clause, f"{text} is no action of the {phase.name.lower()}: "
                                                    f"actions are whole numbers from 0 to {NUM_ACTIONS - 1}")

    def clone(self) -> "State":
        other = State(self.variant, self.deal)
        for a in self.history:
            other.apply(a)
        return other

    def settlement(self) -> DealScore:
        if self.phase != _OVER:
            raise ValueError("the deal is not over")
        if self._score is None:
            self._score = score_deal(self.facts(), explain=False)
        return self._score

    def explain(self) -> Trace:
        """The clauses and amounts behind the deal's scores (the same count as
        :meth:`settlement`, written out step by step)."""
        self.settlement()
        return score_deal(self.facts()).trace

    def facts(self) -> DealFacts:
        d = self.dialogue
        return DealFacts(self.variant, d.order, self.deal.hands, self.held, d.outcome, d.false_calls, self.tricks,
                         set(self.overdrawn))

    # -- the exchange ---------------------------------------------------------------

    def _role(self) -> str:
        return self.exchangers[0][1]

    def _available(self) -> int:
        return len(self.stock)

    def _legal_exchange(self) -> list[int]:
        if self.to_discard:
            return cards_of(self.hands[self.cur])
        return [EXCHANGE + k for k in exchange_counts(self.variant, self._role(), self._available())]

    @implements("piquet.exchange.discard-first")
    def _apply_exchange(self, action: int) -> None:
        seat = self.cur
        if self.to_discard:
            if action == WRONG_DISCARD:
                self._wrong_discard(seat)
            else:
                if not (0 <= action < 52 and self.hands[seat] >> action & 1):
                    raise IllegalAction("piquet.exchange.discard-first",
                                        f"seat {seat} must discard {self.to_discard} more card(s) of his own hand before taking")
                self.hands[seat] &= ~(1 << action)
                self.discards[seat] |= 1 << action
                self.to_discard -= 1
            if not self.to_discard:
                self._take(seat)
            return
        k = action - EXCHANGE
        allowed = exchange_counts(self.variant, self._role(), self._available())
        if not (EXCHANGE <= action <= EXCHANGE + 8) or k not in allowed:
            raise IllegalAction(_ROLE_CLAUSES[self._role()], f"seat {seat} may exchange {', '.join(map(str, allowed))} card(s), not {action_to_string(action)}")
        if k == 0:
            self._next_exchanger()
        else:
            self.pending = self.to_discard = k

    @implements("piquet.irregular.wrong-discard")
    def _wrong_discard(self, seat: int) -> None:
        """The player discards one card fewer than he takes: found out only once the
        stock is touched, he plays with a card too many («молчанка»)."""
        if self.to_discard < 1:
            raise IllegalAction("piquet.irregular.wrong-discard", "no discard is under way")
        self.to_discard -= 1
        self.overdrawn.add(seat)

    def _take(self, seat: int) -> None:
        k = self.pending
        role = self._role()
        if role == "younger":
            order = take_order(self.variant, list(self.deal.stock), self.took[self.elder])
            order = [c for c in order if c in self.stock]
        else:
            order = list(self.stock)
        got = order[:k]
        for c in got:
            self.stock.remove(c)
            self.hands[seat] |= 1 << c
        self.took[seat] = k
        self.pending = 0
        self._next_exchanger()

    def _next_exchanger(self) -> None:
        self.exchangers.pop(0)
        if self.exchangers:
            self.cur = self.exchangers[0][0]
            return
        self.held = list(self.hands)
        self.dialogue = Dialogue(speaking_order(self.seats, self.deal.dealer, self.variant.declares_first), self.held)
        self.phase = _DECLARING
        self.cur = self.dialogue.current

    # -- the declarations -----------------------------------------------------------

    def _legal_declare(self) -> list[int]:
        return self.dialogue.legal()

    def _apply_declare(self, action: int) -> None:
        d = self.dialogue
        d.apply(action)
        if d.done:
            self._start_play()
        else:
            self.cur = d.waiting[0]  # (the dialogue's current speaker, read as a field: this runs at every word)

    @implements("piquet.declarations.close")
    def _start_play(self) -> None:
        """The declarations are closed for good once the first card is led."""
        self.phase = _PLAYING
        self.leader = self.elder
        self.cur = self.leader
        ring = self.seats
        self._next = _ring_table(tuple(ring))
        #: the play ends when a hand is out of cards: each trick takes one card of every hand,
        #: so after as many tricks as the shortest hand holds
        self._last_trick = min(size(self.hands[s]) for s in ring)

    # -- the play (a card played is made in apply) ---------------------------------------

    def _legal_play(self) -> list[int]:
        led = suit_of(self.trick[0]) if self.trick else None
        return cards_of(legal_plays(self.hands[self.cur], led))

    def _refuse_card(self, seat: int, hand: int, action: int) -> None:
        """Raise the refusal of ``action``, which is not a card ``seat`` may play now (neither
        in his hand, nor of the suit led while he holds it)."""
        if not 0 <= action < 52:
            raise IllegalAction("piquet.declarations.close", f"the play has begun: seat {seat} must play a card, not {action_to_string(action)}")
        check_card(hand, action, self.trick[0] // 13 if self.trick else None)  # (suit_of, written out)

    def _legal_done(self) -> list[int]:
        return []

    def _apply_done(self, action: int) -> None:
        raise IllegalAction("piquet.play.trick", "the deal is over")


_LEGAL = {Phase.EXCHANGE: State._legal_exchange, Phase.DECLARE: State._legal_declare,
          Phase.PLAY: State._legal_play, Phase.DONE: State._legal_done}
#: How each phase but the play makes an action (the play is written out in ``State.apply``).
_APPLY = {Phase.EXCHANGE: State._apply_exchange, Phase.DECLARE: State._apply_declare, Phase.DONE: State._apply_done}

__all__ = ["MAX_DEAL_LENGTH", "NUM_ACTIONS", "Phase", "State", "action_to_string"]
