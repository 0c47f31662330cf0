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
from cardrules.engine import GameState, IllegalAction, Trace, shown
from cardrules.rules import implements

from .auction import CALL_NAMES, FOUR, HEARTS, HOLD, NUMBERS, ONE, PASS, SPIEL, THREE, TWO, Auction  # noqa: F401
from .deal import Deal, deal as make_deal, sitting_out, turn_order
from .play import check, legal_plays, opening_leader, sans_leader, trick_orders, trick_winner
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
    KONTRA = 7     # Croatian: the chain kontra, rekontra, subkontra, mortkontra; Austrian (an option): kontra


#: The phases as plain module names, for the methods: a member looked up on the enum goes
#: through the enum class's ``__getattr__`` hook, slowly, and a deal changes phase often.
_AUCTION, _EXCHANGE, _TRUMP, _DEFENCE, _INVITE, _PLAY, _DONE, _KONTRA = (
    Phase.AUCTION, Phase.EXCHANGE, Phase.TRUMP, Phase.DEFENCE, Phase.INVITE, Phase.PLAY, Phase.DONE, Phase.KONTRA)


#: Action bands: each int means one thing in every phase.
CARD, CALL, TRUMP, DECISION = 0, 64, 80, 90
NAME_TRUMP = {n: TRUMP + n for n in (1, 2, 3, 4)}        # 81 clubs … 84 hearts
NAME_BETL, NAME_SANS = TRUMP + 5, TRUMP + 6               # Austrian options: a game named instead of trumps
DEFEND, DECLINE, INVITE, ALONE, KONTRA, NO_KONTRA = 90, 91, 92, 93, 94, 95
NUM_ACTIONS, MAX_DEAL_LENGTH = 96, 80

_DECISION_NAMES = {DEFEND: "играю", DECLINE: "пасую", INVITE: "приглашаю", ALONE: "один", KONTRA: "контра",
                   NO_KONTRA: "без контры"}
_TRUMP_NAMES = {81: "трефы", 82: "пики", 83: "бубны", 84: "червы"}
_GAME_NAMES = {NAME_BETL: "бетл", NAME_SANS: "санс"}


def action_to_string(action: int) -> str:
    """An action as a record writes it.

    >>> [action_to_string(a) for a in (51, ONE, HOLD, 82, NAME_SANS, DEFEND, INVITE)]
    ['♥A', 'раз', 'держу', 'козырь пики', 'санс', 'играю', 'приглашаю']
    """
    if 0 <= action < NUM_CARDS:
        return format_card(action)
    if action < CALL:
        return f"action {action}"
    if action in CALL_NAMES:
        return CALL_NAMES[action]
    if action in _TRUMP_NAMES:
        return f"козырь {_TRUMP_NAMES[action]}"
    if action in _GAME_NAMES:
        return _GAME_NAMES[action]
    return _DECISION_NAMES.get(action, f"action {action}")


#: The clause a value of the wrong kind breaks, by phase (Austrian rules).
_PHASE_CLAUSES = ("preference.austrian.calls", "preference.austrian.exchange", "preference.austrian.trumps",
                  "preference.austrian.defenders", "preference.austrian.invitation", "preference.austrian.play",
                  "preference.austrian.payoff", "preference.austrian.kontra")


def _no_action(clause: str, phase: Phase, action: object) -> IllegalAction:
    """The refusal of a value that is no action at all (not a whole number from 0 to 95)."""
    return IllegalAction(clause, f"{shown(action)} is no action of the {phase.name.lower()}: actions are whole numbers from 0 to {NUM_ACTIONS - 1}")


class State(GameState[int]):
    """One deal, from the first call to the payoff.

    ``pot`` is what the pot holds when the deal is played (after the dealer's stake).
    """

    #: What a state keeps between resets: the deal, what surrounds it, and the actions.
    GIVEN = frozenset(("variant", "deal", "pot", "sheet", "history"))

    def __init__(self, variant: Variant, deal: Deal, pot: int | None = None):
        self.variant = variant
        self.deal = deal
        self.pot = variant.buy_in * variant.players + variant.dealer_ante if pot is None else pot
        self.history: list[int] = []
        self._reset()

    def _reset(self) -> None:
        v, d = self.variant, self.deal
        self.out = sitting_out(v, d.dealer)
        self.order = turn_order(d.dealer + 1, v.players, "clockwise", self.out)
        self.hands = list(d.hands)
        self.auction = Auction(self.order, dealer_plays=v.all_pass == "dealer-plays")
        self.phase = _AUCTION
        self.declarer: int | None = None
        self.kind = ""
        self.level = 0
        self.trump: int | None = None
        self.game = "suit"             # or, under the options, "betl" or "sans"
        self.discards: list[int] = []
        self.defenders: tuple[int, ...] = ()
        self.playing: list[int] = []
        self.decided = 0
        self.invited_by: int | None = None
        self.kontra_by: int | None = None
        self.kontra_turn: list[int] = []
        self.trick: list[int] = []
        self.trick_seats: tuple[int, ...] = ()
        self._orders: dict[int, tuple[int, ...]] = {}  #: the order of a trick from each seat that may lead
        self.leader = -1
        self.tricks = [0] * v.players
        self.played: list[tuple[int, int]] = []
        self._result: Payoff | None = None

    # --- the interface -----------------------------------------------------------

    def current_player(self) -> int:
        p = self.phase
        if p == _AUCTION:
            return self.auction.current()
        if p in (_EXCHANGE, _TRUMP):
            return self.declarer  # type: ignore[return-value]
        if p == _DEFENCE:
            return self.defenders[self.decided]
        if p == _INVITE:
            return self.playing[0]
        if p == _KONTRA:
            return self.kontra_turn[0]
        if p == _PLAY:
            return self._to_play()
        return -1

    def is_terminal(self) -> bool:
        return self.phase == _DONE

    def legal_actions(self) -> list[int]:
        return _LEGAL[self.phase](self)

    def apply(self, action: int) -> None:
        if action.__class__ is not int or not 0 <= action < NUM_ACTIONS:
            raise _no_action(_PHASE_CLAUSES[self.phase], self.phase, action)
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
            self.phase = _DONE
            return
        self.declarer, self.kind, self.level = a.declarer, a.kind, a.level
        if self.kind == "talon":
            self.hands[self.declarer] |= self.deal.talon
            self.phase = _EXCHANGE
        elif self.kind == "spiel":
            self.phase = _TRUMP
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
            self.phase = _TRUMP

    @implements("preference.austrian.trumps")
    def _legal_trump(self) -> list[int]:
        """Trumps not below the bid: a number from the level reached; «игра» any suit but
        hearts. Where the options allow them, Betl and Sans, above every suit."""
        top = 3 if self.kind == "spiel" else 4
        return [NAME_TRUMP[n] for n in range(max(self.level, 1), top + 1)] + self._games_above()

    @implements("preference.austrian.betl", "preference.austrian.sans")
    def _games_above(self) -> list[int]:
        """Betl and Sans, each where its option allows it, may be named whatever number
        the auction reached, with the talon or in «игра»: the edition ranks them above
        every suit, as the Croatian game does (its values 6 and 7 above the suits' 2–5)."""
        v = self.variant
        return [a for a, on in ((NAME_BETL, v.betl), (NAME_SANS, v.sans)) if on]

    def _apply_trump(self, action: int) -> None:
        if action not in self._legal_trump():
            top = "diamonds (3)" if self.kind == "spiel" else "hearts (4)"
            raise IllegalAction("preference.austrian.trumps", f"name trumps from {self.level} up to {top}")
        if action == NAME_BETL:
            self._name_game("betl")
        elif action == NAME_SANS:
            self._name_game("sans")
        else:
            self._name_trump(action - TRUMP)

    def _name_trump(self, number: int) -> None:
        self.trump = SUIT_OF_NUMBER[number]
        # the others who hold cards, from the declarer's left: the seats from him clockwise, less himself
        self.defenders = turn_order(self.declarer, self.variant.players, "clockwise", self.out)[1:]  # type: ignore[arg-type]
        self.phase = _DEFENCE

    def _name_game(self, game: str) -> None:
        """Betl or Sans: no trumps. In a Betl both defenders play, with nothing to decide
        (they only have to give the declarer a trick); a Sans is defended as a suit is."""
        self._name_trump(1)
        self.trump, self.game = None, game
        if game == "betl":
            self.playing = list(self.defenders)
            self._after_defence()

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
            self.phase = _DONE
        elif len(self.playing) == 1:
            self.phase = _INVITE
        else:
            self._after_defence()

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
        self._after_defence()

    def _after_defence(self) -> None:
        """With the kontra option, each defender who plays may double, in turn from the
        declarer's left; then the play."""
        if self.variant.kontra:
            self.kontra_turn = list(self.playing)
            self.phase = _KONTRA
        else:
            self._start_play()

    def _legal_kontra(self) -> list[int]:
        return [KONTRA, NO_KONTRA]

    @implements("preference.austrian.kontra")
    def _apply_kontra(self, action: int) -> None:
        """A defender who plays says «контра» (every payment of the deal doubled) or
        nothing; one kontra is enough, and nobody answers it."""
        if action not in (KONTRA, NO_KONTRA):
            raise IllegalAction("preference.austrian.kontra", "a defender who plays says «контра» or «дальше» (nothing)")
        seat = self.kontra_turn.pop(0)
        if action == KONTRA:
            self.kontra_by = seat
            self.kontra_turn = []
        if not self.kontra_turn:
            self._start_play()

    # --- play ------------------------------------------------------------------------

    @implements("preference.austrian.passer-plays")
    def _start_play(self) -> None:
        """Every hand is played, the hand of a defender who passed too: his tricks count
        against the declarer, and bring him nothing. In Sans the declarer's right-hand
        opponent leads (:func:`sans_leader`)."""
        if self.game == "sans":
            self.leader = sans_leader(self.order, self.declarer)  # type: ignore[arg-type]
        else:
            self.leader = opening_leader(self.variant, self.declarer, self.deal.dealer, self.out)  # type: ignore[arg-type]
        # the order of a trick from each seat that may lead: the order of the table is clockwise, so
        # from each seat it is that seat's play_order (made once for each table, not at every deal)
        self._orders = trick_orders(self.order)
        self.trick_seats = self._orders[self.leader]
        self.phase = _PLAY

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
        trick, seats = self.trick, self.trick_seats
        seat = seats[len(trick)]  # (_to_play and _led, written out: this is every card of the play)
        if not 0 <= action < NUM_CARDS:
            raise IllegalAction("preference.austrian.play", f"play a card: {action_to_string(action) if action < NUM_ACTIONS else action} is not one")
        hand, led = self.hands[seat], trick[0] // 13 if trick else None
        # a lead, a card of the suit led, or one legal_plays allows is lawful; check says why another is not
        if not (hand >> action & 1 and (led is None or action // 13 == led
                                        or legal_plays(hand, led, self.trump, self.variant.must_trump) >> action & 1)):
            check(hand, action, led, self.trump, self.variant.must_trump)
        self.hands[seat] = hand & ~(1 << action)
        trick.append(action)
        self.played.append((seat, action))
        if seat != seats[-1]:  # (the trick is full when the last seat of its order has played)
            return
        winner = seats[trick_winner(trick, self.trump)]  # (the winner leads next: next_leader, written out)
        self.tricks[winner] += 1
        self.trick = []
        self.leader = winner
        self.trick_seats = self._orders[winner]
        if not self.hands[winner]:
            self.phase = _DONE

    def _legal_done(self) -> list[int]:
        return []

    def _apply_done(self, action: int) -> None:
        raise IllegalAction("preference.austrian.payoff", "the deal is over")

    # --- the result -------------------------------------------------------------------

    @property
    def all_passed(self) -> bool:
        return self.phase == _DONE and self.declarer is None

    @property
    def trump_number(self) -> int:
        return NUMBER_OF_SUIT[self.trump] if self.trump is not None else 0

    def settlement(self, explain: bool = False) -> Payoff:
        """The payments of the finished deal (nothing when everybody passed); the words of
        their trace are written when it is first read, not as the deal is paid out (unless
        ``explain`` asks for them at once)."""
        if self.phase != _DONE:
            raise ValueError("the deal is not finished")
        if self._result is None:
            if self.declarer is None:
                r = Payoff(self.variant.players)
                r.trace.add("preference.austrian.all-pass", "everybody passed: no play, the next dealer deals", 0)
            else:
                r = payoff(self.variant, self.pot, self.trump_number, self.declarer, self.tricks, tuple(self.playing),
                           self.invited_by, self.defenders, self.deal.hands[self.declarer] | (self.deal.talon if self.kind == "talon" else 0),
                           game=self.game, kontra_by=self.kontra_by, explain=explain)
            self._result = r
        return self._result

    def result(self) -> list[int]:
        return self.settlement().net

    def explain(self) -> Trace:
        return self.settlement(explain=True).trace


_LEGAL = {Phase.AUCTION: State._legal_auction, Phase.EXCHANGE: State._legal_exchange, Phase.TRUMP: State._legal_trump,
          Phase.DEFENCE: State._legal_defence, Phase.INVITE: State._legal_invite, Phase.PLAY: State._legal_play,
          Phase.DONE: State._legal_done, Phase.KONTRA: State._legal_kontra}
_APPLY = {Phase.AUCTION: State._apply_auction, Phase.EXCHANGE: State._apply_exchange, Phase.TRUMP: State._apply_trump,
          Phase.DEFENCE: State._apply_defence, Phase.INVITE: State._apply_invite, Phase.PLAY: State._apply_play,
          Phase.DONE: State._apply_done, Phase.KONTRA: State._apply_kontra}


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
        self.trace = Trace()  #: the evening's clauses: each refill, each dealer's stake, each deal's payments

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
            self.trace.note("preference.austrian.dealer-ante", "seat {} deals and puts {} in the pot", self.pot, self.dealer, a)

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
        self.trace.later(lambda: r.trace.steps)  # (a quiet payoff's words, written when the trace is read)
        self.dealer = next_dealer(self.dealer, self.variant.players)
        return r

    def money_total(self) -> int:
        """The dishes and the pot together: always 0."""
        return sum(self.dishes) + self.pot


__all__ = ["ALONE", "CARD", "CALL", "DECLINE", "DEFEND", "INVITE", "MAX_DEAL_LENGTH", "NAME_TRUMP", "NUM_ACTIONS",
           "Partie", "Phase", "State", "TRUMP", "action_to_string"]


# --- the Croatian game ----------------------------------------------------------------------------

from fractions import Fraction  # noqa: E402

from .auction import CROATIAN_LADDER  # noqa: E402
from .deal import croatian_deal  # noqa: E402
from .scoring import Entry, bula_change, multiplier, settle, soup  # noqa: E402
from .variants import BETL, SANS, SUIT_OF_VALUE, CroatianVariant, game_value  # noqa: E402

#: The Croatian words for the calls and decisions, as records write them.
CROATIAN_NAMES = {PASS: "dalje", HOLD: "moje", SPIEL: "igra", DEFEND: "dođem", DECLINE: "ne dođem", INVITE: "zovem",
                  ALONE: "sam", KONTRA: "kontra", NO_KONTRA: "igraj",
                  **{ONE + k - 1: str(k) for k in range(1, 8)},
                  **{TRUMP + v: name for v, name in ((2, "list"), (3, "bundeva"), (4, "srce"), (5, "žir"), (6, "betl"),
                                                      (7, "sans"))}}
KONTRA_NAMES = ("", "kontra", "rekontra", "subkontra", "mortkontra")


def croatian_action_to_string(action: int) -> str:
    """A Croatian action as a record writes it.

    >>> [croatian_action_to_string(a) for a in (ONE + 2, HOLD, TRUMP + 6, DEFEND, KONTRA, 51)]
    ['3', 'moje', 'betl', 'dođem', 'kontra', '♥A']
    """
    if 0 <= action < NUM_CARDS:
        return format_card(action)
    return CROATIAN_NAMES.get(action, f"action {action}")


class Sheet:
    """The Croatian score sheet: each player's bula, his soups against each other player,
    the refes not yet played, and every entry written, with its clause.

    >>> sh = Sheet(3, 30)
    >>> sh.bula, sh.over
    ([30, 30, 30], False)
    """

    def __init__(self, players: int, bula: int):
        self.players = players
        self.bula = [bula] * players
        self.soups = [[0] * players for _ in range(players)]
        self.refes = [0] * players      #: unplayed refe sides per player
        self.refes_written = 0
        self.entries: list[Entry] = []

    def copy(self) -> "Sheet":
        other = Sheet.__new__(Sheet)    # (not __init__: every field is set here)
        other.players = self.players
        other.bula, other.soups, other.refes = list(self.bula), [list(r) for r in self.soups], list(self.refes)
        other.refes_written, other.entries = self.refes_written, list(self.entries)
        return other

    def write(self, entry: Entry) -> None:
        self.entries.append(entry)
        if entry.kind == "bula":
            self.bula[entry.seat] += entry.amount
        elif entry.kind == "soup":
            self.soups[entry.seat][entry.against] += entry.amount  # type: ignore[index]
        else:
            self.refes[entry.seat] += entry.amount

    @property
    @implements("preference.croatian.end")
    def over(self) -> bool:
        """The partie ends when the bule of all players add up to zero (or less)."""
        return sum(self.bula) <= 0

    def settlement(self) -> list[Fraction]:
        return settle(self.bula, self.soups)


class CroatianState(GameState[int]):
    """One Croatian deal: auction, talon, game, following, invitation, kontra, play, sheet.

    ``sheet`` is the score sheet before the deal (it is read for refes, never changed:
    :meth:`entries` says what the deal writes).
    """

    GIVEN = State.GIVEN

    def __init__(self, variant: CroatianVariant, deal: Deal, sheet: Sheet | None = None):
        self.variant = variant
        self.deal = deal
        self.sheet = sheet if sheet is not None else Sheet(variant.players, variant.bula)
        self.history: list[int] = []
        self._reset()

    def _reset(self) -> None:
        v, d = self.variant, self.deal
        n = v.players
        self.out = (d.dealer,) if n == 4 else ()
        after_dealer = turn_order(d.dealer, n, v.direction)[1]
        self.order = turn_order(after_dealer, n, v.direction, self.out)
        self.hands = list(d.hands)
        self.auction = Auction(self.order, ladder=CROATIAN_LADDER)
        self.phase = _AUCTION
        self.declarer: int | None = None
        self.hand_game = False
        self.level = 0
        self.value = 0                 # 2..7
        self.trump: int | None = None
        self.discards: list[int] = []
        self.defenders: tuple[int, ...] = ()
        self.playing: list[int] = []
        self.decided = 0
        self.invited_by: int | None = None
        self.kontra = 0
        self.kontra_by: int | None = None
        self.kontra_turn: list[int] = []
        self.trick: list[int] = []
        self.trick_seats: tuple[int, ...] = ()
        self._orders: dict[int, tuple[int, ...]] = {}  #: the order of a trick from each seat that may lead
        self.leader = -1
        self.tricks = [0] * n
        self.played: list[tuple[int, int]] = []
        self.unplayed = ""             # why the cards were not played: "all-pass", "pik", "no-defence"
        self._entries: list[Entry] | None = None
        self._trace: Trace | None = None

    # --- interface ---------------------------------------------------------------------------

    def current_player(self) -> int:
        p = self.phase
        if p == _AUCTION:
            return self.auction.current()
        if p in (_EXCHANGE, _TRUMP):
            return self.declarer  # type: ignore[return-value]
        if p == _DEFENCE:
            return self.defenders[self.decided]
        if p == _INVITE:
            return self.playing[0]
        if p == _KONTRA:
            return self.kontra_turn[0]
        if p == _PLAY:
            return self.trick_seats[len(self.trick)]
        return -1

    def is_terminal(self) -> bool:
        return self.phase == _DONE

    def legal_actions(self) -> list[int]:
        return _C_LEGAL[self.phase](self)

    def apply(self, action: int) -> None:
        if action.__class__ is not int or not 0 <= action < NUM_ACTIONS:
            raise _no_action(_C_PHASE_CLAUSES[self.phase], self.phase, action)
        _C_APPLY[self.phase](self, action)
        self.history.append(action)

    def clone(self) -> "CroatianState":
        other = CroatianState.__new__(CroatianState)
        other.__dict__ = {k: (list(v) if isinstance(v, list) else v) for k, v in self.__dict__.items()}
        other.auction = self.auction.clone()
        return other

    def _next(self, seat: int) -> int:
        """The next player at the table after ``seat`` in the game's direction."""
        order = self.order
        return order[(order.index(seat) + 1) % len(order)]

    # --- auction -------------------------------------------------------------------------------

    def _legal_auction(self) -> list[int]:
        return self.auction.legal()

    @implements("preference.croatian.auction", "preference.croatian.moje", "preference.croatian.igra")
    def _apply_auction(self, action: int) -> None:
        """Numbers 2–7 one at a time, «moje» from 3, «igra» as a first call; «moje 7» ends it."""
        if not CALL <= action < TRUMP:
            raise IllegalAction("preference.croatian.auction", "the auction is on: a number, «moje», «igra» or «dalje»")
        self.auction.call(action)
        if not self.auction.done:
            return
        a = self.auction
        if a.declarer is None:
            self.unplayed = "all-pass"
            self.phase = _DONE
            return
        self.declarer, self.level, self.hand_game = a.declarer, a.level, a.kind == "spiel"
        if self.hand_game:
            self.phase = _TRUMP
        else:
            self.hands[self.declarer] |= self.deal.talon
            self.phase = _EXCHANGE

    # --- talon and the game --------------------------------------------------------------------

    def _legal_exchange(self) -> list[int]:
        return cards_of(self.hands[self.declarer])  # type: ignore[index]

    @implements("preference.croatian.talon")
    def _apply_exchange(self, action: int) -> None:
        """The declarer takes the talon (twelve cards) and lays two away unseen."""
        hand = self.hands[self.declarer]  # type: ignore[index]
        if not (0 <= action < NUM_CARDS and hand >> action & 1):
            raise IllegalAction("preference.croatian.talon", "lay away two cards of the declarer's hand")
        self.hands[self.declarer] = hand & ~(1 << action)  # type: ignore[index]
        self.discards.append(action)
        if len(self.discards) == 2:
            self.phase = _TRUMP

    @implements("preference.croatian.declare")
    def _legal_trump(self) -> list[int]:
        """The declarer announces a game not below the level of the auction."""
        return [TRUMP + v for v in range(max(self.level, 2), 8)]

    def _apply_trump(self, action: int) -> None:
        if action not in self._legal_trump():
            raise IllegalAction("preference.croatian.declare", f"announce a game of {max(self.level, 2)} or more")
        self.value = action - TRUMP
        self.trump = SUIT_OF_VALUE.get(self.value)
        d = self.declarer
        self.defenders = turn_order(d, self.variant.players, self.variant.direction, self.out)[1:]  # type: ignore[arg-type]
        self.phase = _DEFENCE

    # --- following, invitation, kontra ---------------------------------------------------------

    @implements("preference.croatian.betl-all")
    def _legal_defence(self) -> list[int]:
        """Each of the others says «dođem» (I follow) or «ne dođem»; against a Betl everybody follows."""
        return [DEFEND] if self.value == BETL else [DEFEND, DECLINE]

    def _apply_defence(self, action: int) -> None:
        if action not in self._legal_defence():
            clause = "preference.croatian.betl-all" if action == DECLINE else "preference.croatian.defence"
            raise IllegalAction(clause, "against a Betl everybody follows" if action == DECLINE else "say «dođem» or «ne dođem»")
        if action == DEFEND:
            self.playing.append(self.defenders[self.decided])
        self.decided += 1
        if self.decided < len(self.defenders):
            return
        if len(self.playing) == 1:
            self.phase = _INVITE
        else:
            self._start_kontra()

    def _legal_invite(self) -> list[int]:
        return [INVITE, ALONE]

    @implements("preference.croatian.invitation")
    def _apply_invite(self, action: int) -> None:
        """A lone follower may call the other in; the called player is safe, the caller answers."""
        if action not in (INVITE, ALONE):
            raise IllegalAction("preference.croatian.invitation", "the lone follower calls the other («zovem») or plays alone («sam»)")
        if action == INVITE:
            self.invited_by = self.playing[0]
            self.playing = list(self.defenders)
        self._start_kontra()

    def _start_kontra(self) -> None:
        self.kontra_turn = list(self.playing) if self.variant.kontra_levels else []
        if self.kontra_turn:
            self.phase = _KONTRA
        else:
            self._after_kontra()

    def _legal_kontra(self) -> list[int]:
        return [KONTRA, NO_KONTRA] if self.kontra < self.variant.kontra_levels else [NO_KONTRA]

    @implements("preference.croatian.kontra")
    def _apply_kontra(self, action: int) -> None:
        """A follower may say kontra, the declarer rekontra, the follower subkontra, the
        declarer mortkontra; each doubles everything. Kontra brings in a player who did
        not follow; the defence then needs five tricks."""
        if action not in self._legal_kontra():
            raise IllegalAction("preference.croatian.kontra", f"say {KONTRA_NAMES[self.kontra + 1] if self.kontra < self.variant.kontra_levels else 'nothing more'} or «igraj»")
        seat = self.kontra_turn.pop(0)
        if action == NO_KONTRA:
            if self.kontra == 0 and self.kontra_turn:
                return                 # the other follower may still say kontra
            self._after_kontra()
            return
        self.kontra += 1
        if self.kontra == 1:
            self.kontra_by = seat
            self.playing = list(self.defenders)
        if self.kontra >= self.variant.kontra_levels:
            self._after_kontra()
            return
        self.kontra_turn = [self.declarer] if seat != self.declarer else [self.kontra_by]  # type: ignore[list-item]

    @implements("preference.croatian.pik-kontra", "preference.croatian.no-defence")
    def _after_kontra(self) -> None:
        """A game of leaves (2) with the talon that nobody contras is not played; nor is a
        game that nobody follows, which counts as made."""
        if self.value == 2 and not self.hand_game and self.kontra == 0 and self.variant.pik_kontra == "mandatory":
            self.unplayed = "pik"
            self.phase = _DONE
            return
        if not self.playing:
            self.unplayed = "no-defence"
            self.phase = _DONE
            return
        self._start_play()

    # --- play ------------------------------------------------------------------------------------

    @implements("preference.croatian.lead", "preference.croatian.non-follower")
    def _start_play(self) -> None:
        """The forehand leads (the first after the dealer who plays); in Sans the defender
        who sits before the declarer leads, so that the declarer plays second. A player who
        does not follow lays his cards aside and takes no part in the play."""
        at_table = (self.declarer, *self.playing)
        self.at_table = tuple(s for s in self.order if s in at_table)
        if self.value == SANS:
            leader = sans_leader(self.order, self.declarer, tuple(self.playing))  # type: ignore[arg-type]
        else:
            leader = self.at_table[0]
        # the order of a trick from each seat at the table (made once for each table, not at every deal)
        self._orders = trick_orders(self.at_table)
        self.leader, self.trick_seats = leader, self._orders[leader]
        self.phase = _PLAY

    def _led(self) -> int | None:
        return suit_of(self.trick[0]) if self.trick else None

    def _legal_play(self) -> list[int]:
        seat = self.trick_seats[len(self.trick)]
        return cards_of(legal_plays(self.hands[seat], self._led(), self.trump, self.variant.must_trump))

    @implements("preference.croatian.play")
    def _apply_play(self, action: int) -> None:
        """Follow suit; without it, trump (in a trump game); the highest trump or the highest
        card of the suit led takes the trick, and its winner leads."""
        trick, seats = self.trick, self.trick_seats
        seat = seats[len(trick)]  # (_led written out, as in the Austrian play)
        if not 0 <= action < NUM_CARDS:
            raise IllegalAction("preference.croatian.play", "play a card")
        hand, led = self.hands[seat], trick[0] // 13 if trick else None
        if not (hand >> action & 1 and (led is None or action // 13 == led
                                        or legal_plays(hand, led, self.trump, self.variant.must_trump) >> action & 1)):
            check_play(hand, action, led, self.trump, self.variant.must_trump, CROATIAN_CLAUSES)
        self.hands[seat] = hand & ~(1 << action)
        trick.append(action)
        self.played.append((seat, action))
        if seat != seats[-1]:
            return
        winner = seats[trick_winner(trick, self.trump)]
        self.tricks[winner] += 1
        self.trick = []
        self.leader, self.trick_seats = winner, self._orders[winner]  # (_lead, written out)
        if not self.hands[winner] or self._decided():
            self.phase = _DONE

    @implements("preference.croatian.early-end")
    def _decided(self) -> bool:
        """The play stops once the result is certain: a Betl at the declarer's first trick,
        any other game when the defence has five."""
        if self.value == BETL:
            return self.tricks[self.declarer] > 0  # type: ignore[index]
        return sum(self.tricks) - self.tricks[self.declarer] >= 5  # type: ignore[index]  # (only the declarer and the followers take tricks)

    def _legal_kontra_done(self) -> list[int]:
        return []

    def _apply_done(self, action: int) -> None:
        raise IllegalAction("preference.croatian.bula", "the deal is over")

    # --- the sheet -------------------------------------------------------------------------------

    @property
    def all_passed(self) -> bool:
        return self.unplayed == "all-pass"

    @property
    def game(self) -> int:
        return game_value(self.value, self.hand_game) if self.value else 0

    def entries(self) -> list[Entry]:
        """What the finished deal writes on the sheet."""
        if self.phase != _DONE:
            raise ValueError("the deal is not finished")
        if self._entries is None:
            self._entries = _write_deal(self, None)
        return self._entries

    def result(self) -> list[int]:
        """The change of each player's bula in this deal."""
        out = [0] * self.variant.players
        for e in self.entries():
            if e.kind == "bula":
                out[e.seat] += e.amount
        return out

    def explain(self) -> Trace:
        """The entries with their words and the figures behind them (written when asked:
        a deal written on the sheet does not read them)."""
        if self._trace is None:
            if self.phase != _DONE:
                raise ValueError("the deal is not finished")
            trace = Trace()
            entries = _write_deal(self, trace)
            if self._entries is None:
                self._entries = entries
            self._trace = trace
        return self._trace


from cardrules.tricks import PlayClauses, check_play  # noqa: E402

CROATIAN_CLAUSES = PlayClauses(own_card="preference.croatian.play", follow_suit="preference.croatian.play",
                               must_trump="preference.croatian.play")


@implements("preference.croatian.refe")
def refe_allowed(variant: CroatianVariant, sheet: Sheet) -> bool:
    """A refe is written for every player when all pass (or a leaves game goes
    uncontra'd), unless some bula is below zero or the agreed number is reached."""
    if any(b < 0 for b in sheet.bula):
        return False
    return not variant.max_refes or sheet.refes_written < variant.max_refes


def _write_deal(st: CroatianState, trace: Trace | None) -> list[Entry]:
    """What the finished deal writes on the sheet; with ``trace``, the words of each entry
    and the figures behind them as well (every trace line under «if explain», every
    entry's words ``explain and f"…"``: a deal written on the sheet does not read them)."""
    v, n = st.variant, st.variant.players
    out: list[Entry] = []
    explain = trace is not None

    def write(e: Entry, why: str | bool) -> None:
        out.append(e)
        if explain:
            trace.add(e.clause_id, f"{why}: {e}", e.amount)  # type: ignore[union-attr]

    if st.unplayed == "all-pass" or (st.unplayed == "pik" and refe_allowed(v, st.sheet)):
        if refe_allowed(v, st.sheet):
            for s in range(n):
                write(Entry("refe", s, 1, "preference.croatian.refe"), "a refe for everybody")
        elif explain:
            trace.add("preference.croatian.refe", "no refe can be written: nothing is written", 0)  # type: ignore[union-attr]
        return out
    d = st.declarer
    game = st.game
    on_refe = st.sheet.refes[d] > 0  # type: ignore[index]
    mult = multiplier(st.kontra, on_refe)
    if explain:
        trace.add("preference.croatian.values", f"game value {game}", game)  # type: ignore[union-attr]
        trace.add("preference.croatian.multiplier", f"multiplier (kontra {st.kontra}{', on a refe' if on_refe else ''})", mult)  # type: ignore[union-attr]
    if on_refe:
        write(Entry("refe", d, -1, "preference.croatian.refe"), "the declarer plays on his refe and strikes it")  # type: ignore[arg-type]
    if st.unplayed in ("pik", "no-defence"):
        write(Entry("bula", d, bula_change(game, True, mult), "preference.croatian.bula"),  # type: ignore[arg-type]
              "not played: the declarer passes")
        return out
    taken = st.tricks[d]  # type: ignore[index]
    made = taken == 0 if st.value == BETL else taken >= 6
    write(Entry("bula", d, bula_change(game, made, mult), "preference.croatian.bula"),  # type: ignore[arg-type]
          explain and f"the declarer took {taken}: {'made' if made else 'failed'}")
    if st.value == BETL:
        if not made:
            fixed = (v.betl_soup + (10 if st.hand_game else 0)) * mult
            for s in st.playing:
                write(Entry("soup", s, fixed, "preference.croatian.betl", d), "the Betl failed")
        return out
    for s in st.playing:
        write(Entry("soup", s, soup(st.tricks[s], game, mult), "preference.croatian.soup", d), explain and f"{st.tricks[s]} tricks")
    for s in _fallen_defenders(st):
        write(Entry("bula", s, bula_change(game, False, mult), "preference.croatian.defence"), "short of the defence's quota")
    return out


@implements("preference.croatian.defence")
def _fallen_defenders(st: CroatianState) -> list[int]:
    """Who falls in the defence: alone, a follower short of two tricks; two followers short
    of four together, each of them with fewer than two; after an invitation the caller, if
    the pair is short of four; after kontra the player who said it, if the pair is short of five."""
    together = sum(st.tricks[s] for s in st.playing)
    if st.kontra:
        return [st.kontra_by] if together < 5 else []  # type: ignore[list-item]
    if st.invited_by is not None:
        return [st.invited_by] if together < 4 else []
    if len(st.playing) == 1:
        return st.playing if together < 2 else []
    return [s for s in st.playing if st.tricks[s] < 2] if together < 4 else []


_C_LEGAL = {Phase.AUCTION: CroatianState._legal_auction, Phase.EXCHANGE: CroatianState._legal_exchange,
            Phase.TRUMP: CroatianState._legal_trump, Phase.DEFENCE: CroatianState._legal_defence,
            Phase.INVITE: CroatianState._legal_invite, Phase.KONTRA: CroatianState._legal_kontra,
            Phase.PLAY: CroatianState._legal_play, Phase.DONE: CroatianState._legal_kontra_done}
#: The clause a value of the wrong kind breaks, by phase (Croatian rules).
_C_PHASE_CLAUSES = ("preference.croatian.auction", "preference.croatian.talon", "preference.croatian.declare",
                    "preference.croatian.defence", "preference.croatian.invitation", "preference.croatian.play",
                    "preference.croatian.bula", "preference.croatian.kontra")
_C_APPLY = {Phase.AUCTION: CroatianState._apply_auction, Phase.EXCHANGE: CroatianState._apply_exchange,
            Phase.TRUMP: CroatianState._apply_trump, Phase.DEFENCE: CroatianState._apply_defence,
            Phase.INVITE: CroatianState._apply_invite, Phase.KONTRA: CroatianState._apply_kontra,
            Phase.PLAY: CroatianState._apply_play, Phase.DONE: CroatianState._apply_done}


class CroatianPartie:
    """A Croatian partie: deals written on one sheet until the bule add up to zero.

    >>> from cardrules.games.preference.variants import CROATIAN
    >>> p = CroatianPartie(CROATIAN.with_options(bula=20), dealer=0)
    >>> st = p.new_deal(seed=1)
    >>> st.phase.name
    'AUCTION'
    """

    def __init__(self, variant: CroatianVariant, dealer: int = 0, seed: int = 0):
        self.variant = variant
        self.dealer = dealer
        self.seed = seed
        self.sheet = Sheet(variant.players, variant.bula)
        self.deals: list[CroatianState] = []

    @property
    def over(self) -> bool:
        return self.sheet.over

    def new_deal(self, deal: Deal | None = None, seed: int | None = None) -> CroatianState:
        if self.over:
            raise ValueError("the partie is over")
        if deal is None:
            deal = croatian_deal(self.variant, seed if seed is not None else self.seed * 1_000_003 + len(self.deals), self.dealer)
        return CroatianState(self.variant, deal, self.sheet.copy())

    @implements("preference.croatian.rotation")
    def finish(self, state: CroatianState) -> list[Entry]:
        """Write the deal on the sheet; the next player in the game's direction deals."""
        entries = state.entries()
        for e in entries:
            if e.kind == "refe" and e.amount > 0 and e.seat == 0:
                self.sheet.refes_written += 1
            self.sheet.write(e)
        self.deals.append(state)
        self.dealer = turn_order(self.dealer, self.variant.players, self.variant.direction)[1]
        return entries

    def settlement(self) -> list[Fraction]:
        return self.sheet.settlement()


__all__ += ["CROATIAN_NAMES", "CroatianPartie", "CroatianState", "KONTRA", "NO_KONTRA", "Sheet", "croatian_action_to_string",
            "refe_allowed"]
