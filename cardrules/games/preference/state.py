"""One deal of préférence as a state machine, and an evening of deals round a pot.

>>> from cardrules.games.preference.variants import AUSTRIAN
>>> from cardrules.games.preference.deal import deal
>>> st = State(AUSTRIAN, deal(AUSTRIAN, seed=1, dealer=0), pot=160)
>>> st.phase.name, [action_to_string(a) for a in st.legal_actions()]
('AUCTION', ['пас', 'раз', 'игра', 'червы'])
>>> st.apply(ONE)
>>> st.apply(THREE)
Traceback (most recent call last):
...
cardrules.engine.IllegalAction: the next bid is 2: no jumps (preference.austrian.no-jumps)
>>> len(st.history), st.current_player()
(1, 2)
"""

from __future__ import annotations

from enum import IntEnum

from cardrules.cards import NUM_CARDS, cards_of, format_card, suit_of
from cardrules.deal import next_dealer
from cardrules.engine import GameState, IllegalAction, Trace
from cardrules.rules import implements

from .auction import CALL_NAMES, FOUR, HEARTS, HOLD, NUMBERS, ONE, PASS, SPIEL, THREE, TWO, Auction  # noqa: F401
from .deal import Deal, deal as make_deal, sitting_out
from .play import check, legal_plays, next_leader, opening_leader, play_order
from .scoring import POT, Payoff, payoff
from .variants import NUMBER_OF_SUIT, SUIT_OF_NUMBER, Variant


class Phase(IntEnum):
    AUCTION = 0
    EXCHANGE = 1   # the declarer has taken the talon and lays away two cards
    TRUMP = 2      # the declarer names trumps
    DEFENCE = 3    # each defender: play or pass
    INVITE = 4     # a lone defender: invite the other, or play alone
    PLAY = 5
    DONE = 6


#: Action bands: each int means one thing in every phase.
CARD, CALL, TRUMP, DECISION = 0, 64, 80, 90
NAME_TRUMP = {n: TRUMP + n for n in (1, 2, 3, 4)}        # 81 clubs … 84 hearts
DEFEND, DECLINE, INVITE, ALONE = 90, 91, 92, 93
NUM_ACTIONS, MAX_DEAL_LENGTH = 96, 80

_DECISION_NAMES = {DEFEND: "играю", DECLINE: "пасую", INVITE: "приглашаю", ALONE: "один"}
_TRUMP_NAMES = {81: "трефы", 82: "пики", 83: "бубны", 84: "червы"}


def action_to_string(action: int) -> str:
    """An action as a record writes it.

    >>> [action_to_string(a) for a in (51, ONE, HOLD, 82, DEFEND, INVITE)]
    ['♥A', 'раз', 'держу', 'козырь пики', 'играю', 'приглашаю']
    """
    if 0 <= action < NUM_CARDS:
        return format_card(action)
    if action < CALL:
        return f"action {action}"
    if action in CALL_NAMES:
        return CALL_NAMES[action]
    if action in _TRUMP_NAMES:
        return f"козырь {_TRUMP_NAMES[action]}"
    return _DECISION_NAMES.get(action, f"action {action}")


class State(GameState[int]):
    """One deal, from the first call to the payoff.

    ``pot`` is what the pot holds when the deal is played (after the dealer's stake).
    """

    def __init__(self, variant: Variant, deal: Deal, pot: int | None = None):
        self.variant = variant
        self.deal = deal
        self.pot = variant.buy_in * variant.players + variant.dealer_ante if pot is None else pot
        self.history: list[int] = []
        self._reset()

    def _reset(self) -> None:
        v, d = self.variant, self.deal
        self.out = sitting_out(v, d.dealer)
        self.order = tuple(s for s in ((d.dealer + 1 + i) % v.players for i in range(v.players)) if s not in self.out)
        self.hands = list(d.hands)
        self.auction = Auction(self.order, dealer_plays=v.all_pass == "dealer-plays")
        self.phase = Phase.AUCTION
        self.declarer: int | None = None
        self.kind = ""
        self.level = 0
        self.trump: int | None = None
        self.discards: list[int] = []
        self.defenders: tuple[int, ...] = ()
        self.playing: list[int] = []
        self.decided = 0
        self.invited_by: int | None = None
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.leader = -1
        self.tricks = [0] * v.players
        self.played: list[tuple[int, int]] = []
        self._result: Payoff | None = None

    # --- the interface -----------------------------------------------------------

    def current_player(self) -> int:
        p = self.phase
        if p == Phase.AUCTION:
            return self.auction.current()
        if p in (Phase.EXCHANGE, Phase.TRUMP):
            return self.declarer  # type: ignore[return-value]
        if p == Phase.DEFENCE:
            return self.defenders[self.decided]
        if p == Phase.INVITE:
            return self.playing[0]
        if p == Phase.PLAY:
            return self._to_play()
        return -1

    def is_terminal(self) -> bool:
        return self.phase == Phase.DONE

    def legal_actions(self) -> list[int]:
        return _LEGAL[self.phase](self)

    def apply(self, action: int) -> None:
        _APPLY[self.phase](self, action)
        self.history.append(action)

    def clone(self) -> "State":
        other = State.__new__(State)
        other.__dict__ = {k: (list(v) if isinstance(v, list) else v) for k, v in self.__dict__.items()}
        other.auction = self.auction.clone()
        return other

    # --- auction --------------------------------------------------------------------

    def _legal_auction(self) -> list[int]:
        return self.auction.legal()

    def _apply_auction(self, action: int) -> None:
        if not CALL <= action < TRUMP:
            raise IllegalAction("preference.austrian.calls", f"{action_to_string(action) if action < NUM_ACTIONS else action} is not a call: the auction is on")
        self.auction.call(action)
        if self.auction.done:
            self._after_auction()

    @implements("preference.austrian.exchange", "preference.r1829.exchange")
    def _after_auction(self) -> None:
        """A number wins: the declarer takes the talon into his hand and lays two cards away.
        «игра»: he names trumps without it; «червы»: hearts are trumps."""
        a = self.auction
        if a.declarer is None:
            self.phase = Phase.DONE
            return
        self.declarer, self.kind, self.level = a.declarer, a.kind, a.level
        if self.kind == "talon":
            self.hands[self.declarer] |= self.deal.talon
            self.phase = Phase.EXCHANGE
        elif self.kind == "spiel":
            self.phase = Phase.TRUMP
        else:
            self._name_trump(4)

    # --- exchange and trumps ---------------------------------------------------------

    def _legal_exchange(self) -> list[int]:
        return cards_of(self.hands[self.declarer])  # type: ignore[index]

    def _apply_exchange(self, action: int) -> None:
        hand = self.hands[self.declarer]  # type: ignore[index]
        if not (0 <= action < NUM_CARDS and hand >> action & 1):
            raise IllegalAction("preference.austrian.exchange", f"the declarer lays away two cards of his hand; {action_to_string(action) if 0 <= action < NUM_ACTIONS else action} is not one")
        self.hands[self.declarer] = hand & ~(1 << action)  # type: ignore[index]
        self.discards.append(action)
        if len(self.discards) == 2:
            self.phase = Phase.TRUMP

    @implements("preference.austrian.trumps")
    def _legal_trump(self) -> list[int]:
        """Trumps not below the bid: a number from the level reached; «игра» any suit but hearts."""
        top = 3 if self.kind == "spiel" else 4
        return [NAME_TRUMP[n] for n in range(max(self.level, 1), top + 1)]

    def _apply_trump(self, action: int) -> None:
        if action not in self._legal_trump():
            top = "diamonds (3)" if self.kind == "spiel" else "hearts (4)"
            raise IllegalAction("preference.austrian.trumps", f"name trumps from {self.level} up to {top}")
        self._name_trump(action - TRUMP)

    def _name_trump(self, number: int) -> None:
        self.trump = SUIT_OF_NUMBER[number]
        d = self.declarer
        self.defenders = tuple(s for s in ((d + i) % self.variant.players for i in range(1, self.variant.players))  # type: ignore[operator]
                               if s not in self.out)
        self.phase = Phase.DEFENCE

    # --- defence ---------------------------------------------------------------------

    def _legal_defence(self) -> list[int]:
        return [DEFEND, DECLINE]

    @implements("preference.austrian.defenders")
    def _apply_defence(self, action: int) -> None:
        """Each defender in turn, from the declarer's left, plays or passes."""
        if action not in (DEFEND, DECLINE):
            raise IllegalAction("preference.austrian.defenders", "a defender says «играю» (play) or «пасую» (pass)")
        if action == DEFEND:
            self.playing.append(self.defenders[self.decided])
        self.decided += 1
        if self.decided < len(self.defenders):
            return
        if not self.playing:
            self.phase = Phase.DONE
        elif len(self.playing) == 1:
            self.phase = Phase.INVITE
        else:
            self._start_play()

    def _legal_invite(self) -> list[int]:
        return [INVITE, ALONE]

    @implements("preference.austrian.invitation")
    def _apply_invite(self, action: int) -> None:
        """A lone defender may invite the other to play with him, answering for both."""
        if action not in (INVITE, ALONE):
            raise IllegalAction("preference.austrian.invitation", "the lone defender invites the other («приглашаю») or plays alone («один»)")
        if action == INVITE:
            self.invited_by = self.playing[0]
            self.playing = [s for s in self.defenders]
        self._start_play()

    # --- play ------------------------------------------------------------------------

    @implements("preference.austrian.passer-plays")
    def _start_play(self) -> None:
        """Every hand is played, the hand of a defender who passed too: his tricks count
        against the declarer, and bring him nothing."""
        self.leader = opening_leader(self.variant, self.declarer, self.deal.dealer, self.out)  # type: ignore[arg-type]
        self.trick_seats = play_order(self.leader, self.variant.players, self.out)
        self.phase = Phase.PLAY

    def _to_play(self) -> int:
        return self.trick_seats[len(self.trick)]

    def _led(self) -> int | None:
        return suit_of(self.trick[0]) if self.trick else None

    def _legal_play(self) -> list[int]:
        seat = self._to_play()
        return cards_of(legal_plays(self.hands[seat], self._led(), self.trump, self.variant.must_trump))

    @implements("preference.austrian.play")
    def _apply_play(self, action: int) -> None:
        """A card to the trick; when three are down, the highest trump, or else the highest
        card of the suit led, takes it, and its winner leads next."""
        seat = self._to_play()
        if not 0 <= action < NUM_CARDS:
            raise IllegalAction("preference.austrian.play", f"play a card: {action_to_string(action) if action < NUM_ACTIONS else action} is not one")
        check(self.hands[seat], action, self._led(), self.trump, self.variant.must_trump)
        self.hands[seat] &= ~(1 << action)
        self.trick.append(action)
        self.played.append((seat, action))
        if len(self.trick) < len(self.trick_seats):
            return
        winner = next_leader(self.trick_seats, self.trick, self.trump)
        self.tricks[winner] += 1
        self.trick = []
        self.leader = winner
        self.trick_seats = play_order(winner, self.variant.players, self.out)
        if not self.hands[winner]:
            self.phase = Phase.DONE

    def _legal_done(self) -> list[int]:
        return []

    def _apply_done(self, action: int) -> None:
        raise IllegalAction("preference.austrian.payoff", "the deal is over")

    # --- the result -------------------------------------------------------------------

    @property
    def all_passed(self) -> bool:
        return self.phase == Phase.DONE and self.declarer is None

    @property
    def trump_number(self) -> int:
        return NUMBER_OF_SUIT[self.trump] if self.trump is not None else 0

    def settlement(self) -> Payoff:
        """The payments of the finished deal (nothing when everybody passed)."""
        if self.phase != Phase.DONE:
            raise ValueError("the deal is not finished")
        if self._result is None:
            if self.declarer is None:
                r = Payoff(self.variant.players)
                r.trace.add("preference.austrian.all-pass", "everybody passed: no play, the next dealer deals", 0)
            else:
                r = payoff(self.variant, self.pot, self.trump_number, self.declarer, self.tricks, tuple(self.playing),
                           self.invited_by, self.defenders, self.deal.hands[self.declarer] | (self.deal.talon if self.kind == "talon" else 0))
            self._result = r
        return self._result

    def result(self) -> list[int]:
        return self.settlement().net

    def explain(self) -> Trace:
        return self.settlement().trace


_LEGAL = {Phase.AUCTION: State._legal_auction, Phase.EXCHANGE: State._legal_exchange, Phase.TRUMP: State._legal_trump,
          Phase.DEFENCE: State._legal_defence, Phase.INVITE: State._legal_invite, Phase.PLAY: State._legal_play,
          Phase.DONE: State._legal_done}
_APPLY = {Phase.AUCTION: State._apply_auction, Phase.EXCHANGE: State._apply_exchange, Phase.TRUMP: State._apply_trump,
          Phase.DEFENCE: State._apply_defence, Phase.INVITE: State._apply_invite, Phase.PLAY: State._apply_play,
          Phase.DONE: State._apply_done}


@implements("preference.austrian.dishes")
class Partie:
    """An evening round one pot: the pot and each player's dish, counted from zero.

    Money only moves: ``sum(dishes) + pot`` stays 0 (every player's stake is a minus
    in his dish and a plus in the pot).

    >>> from cardrules.games.preference.variants import AUSTRIAN
    >>> p = Partie(AUSTRIAN, dealer=0)
    >>> st = p.new_deal(seed=5)
    >>> p.pot, p.dishes
    (160, [-60, -50, -50])
    """

    def __init__(self, variant: Variant, dealer: int = 0, seed: int = 0):
        self.variant = variant
        self.dealer = dealer
        self.seed = seed
        self.pot = 0
        self.dishes = [0] * variant.players
        self.deals: list[State] = []
        self.refills = 0
        self.trace = Trace()

    @implements("preference.austrian.pot", "preference.austrian.refill")
    def _refill(self) -> None:
        """Before the first deal, and whenever the pot is empty, everybody pays the same
        amount, a multiple of ten, into it."""
        if self.pot:
            return
        for seat in range(self.variant.players):
            self.dishes[seat] -= self.variant.buy_in
            self.pot += self.variant.buy_in
        self.refills += 1
        self.trace.add("preference.austrian.refill", f"the pot is empty: each player puts in {self.variant.buy_in}", self.pot)

    @implements("preference.austrian.dealer-ante")
    def _ante(self) -> None:
        """Each dealer adds his stake to the pot before he deals."""
        a = self.variant.dealer_ante
        self.dishes[self.dealer] -= a
        self.pot += a
        if a:
            self.trace.add("preference.austrian.dealer-ante", f"seat {self.dealer} deals and puts {a} in the pot", self.pot)

    def new_deal(self, deal: Deal | None = None, seed: int | None = None) -> State:
        """The next deal's state: the pot refilled if empty, the dealer's stake paid."""
        self._refill()
        self._ante()
        if deal is None:
            deal = make_deal(self.variant, seed if seed is not None else self.seed * 1_000_003 + len(self.deals), self.dealer)
        return State(self.variant, deal, self.pot)

    @implements("preference.austrian.rotation")
    def finish(self, state: State) -> Payoff:
        """Pay out the finished deal; the next player on the left deals."""
        r = state.settlement()
        for p in r.payments:
            if p.payer == POT:
                self.pot -= p.amount
            else:
                self.dishes[p.payer] -= p.amount
            if p.payee == POT:
                self.pot += p.amount
            else:
                self.dishes[p.payee] += p.amount
        self.deals.append(state)
        self.trace.steps.extend(r.trace.steps)
        self.dealer = next_dealer(self.dealer, self.variant.players)
        return r

    def money_total(self) -> int:
        """The dishes and the pot together: always 0."""
        return sum(self.dishes) + self.pot


__all__ = ["ALONE", "CARD", "CALL", "DECLINE", "DEFEND", "INVITE", "MAX_DEAL_LENGTH", "NAME_TRUMP", "NUM_ACTIONS",
           "Partie", "Phase", "State", "TRUMP", "action_to_string"]
