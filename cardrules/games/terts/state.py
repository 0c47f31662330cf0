"""The state machine of one deal of Tertz, and the game that runs deals to the target.

Actions are ints, one meaning each, in bands:

=================  =========  ==============================================
band               ints       meaning
=================  =========  ==============================================
card               0…51       a card played
announce           64…73      ANNOUNCE + kind: «терц», «четверик», …
word               74…78      пас, от чего?, годится, равно, марьяж
answer             128…179    ANSWER + card: «от …», the top card named
beat               256…883    BEAT + 64·kind + top: «не годится», with the group
revoke             1024…1075  REVOKE + card: a card played against the duties
exchange           1076       EXCHANGE_SEVEN: the trump seven for the turned card
=================  =========  ==============================================

>>> from cardrules.games.terts import ROZALIEV, State
>>> from cardrules.games.terts.deal import deal
>>> st = State(ROZALIEV, deal(ROZALIEV, seed=1, dealer=0))
>>> st.phase.name, st.current_player()
('DECLARE', 1)
>>> [action_to_string(a) for a in st.legal_actions()][-1]
'пас'
"""

from __future__ import annotations

from enum import IntEnum
from typing import Sequence

from cardrules.cards import KING, QUEEN, SEVEN, card, format_card
from cardrules.engine import GameState, IllegalAction, Step, Trace, shown
from cardrules.rules import implements

from .declarations import (ANNOUNCE, ANSWER, BEAT, KIND_NAMES, WORDS, Dialogue, describe)
from .deal import Deal, deal as make_deal, next_dealer
from .play import REVOKE, beats, card_points, check_card, is_revoke, legal_cards
from .scoring import DealResult, deal_score, game_winner
from .variants import Variant


class Phase(IntEnum):
    DECLARE = 0
    PLAY = 1
    DONE = 2


#: The phases as plain module names: a member looked up on the enum goes through the enum
#: class's ``__getattr__`` hook, slowly, and the state asks which phase it is in at every action.
_DECLARE, _PLAY, _DONE = Phase.DECLARE, Phase.PLAY, Phase.DONE


#: The holder of the seven of trumps takes the turned card for it (terts.play.trump-seven).
EXCHANGE_SEVEN = REVOKE + 52
NUM_ACTIONS = EXCHANGE_SEVEN + 1

#: _SUIT_CARDS[suit][13-bit mask]: the cards of that suit in the mask, lowest first
#: (the ranks seven to ace only: the pack has no others).
_SUIT_CARDS = [[tuple(13 * s + r for r in range(5, 13) if bits >> r & 1) for bits in range(1 << 13)]
               for s in range(4)]
MAX_DEAL_LENGTH = 40
TERMINAL = -1
#: The clause a value of no band at all breaks, by phase: the boasting asks for a word of
#: the dialogue, the play for a card, and nothing is taken once the deal is over.
_PHASE_CLAUSES = ("terts.dialogue.announce", "terts.play.trick", "terts.scoring.deal")
_PHASE_WANTS = ("the boasting wants a word of the dialogue", "the play wants a card of the hand", "the deal is over")


def action_to_string(action: int) -> str:
    """An action as a record writes it.

    >>> from cardrules.cards import parse_card
    >>> action_to_string(ANNOUNCE), action_to_string(ANSWER + parse_card("♠J")), action_to_string(BEAT + parse_card("♣Q"))
    ('терц', 'от ♠J', 'не годится терц от ♣Q')
    >>> action_to_string(REVOKE + parse_card("♥8")), action_to_string(parse_card("♥8"))
    ('revoke ♥8', '♥8')
    >>> action_to_string(EXCHANGE_SEVEN)
    'обмен семёрки'
    """
    if 0 <= action < 52:
        return format_card(action)
    if ANNOUNCE <= action < ANNOUNCE + 10:
        return KIND_NAMES[action - ANNOUNCE]
    if action in WORDS:
        return WORDS[action]
    if ANSWER <= action < ANSWER + 52:
        return f"от {format_card(action - ANSWER)}"
    if BEAT <= action < REVOKE:
        return "не годится " + describe(divmod(action - BEAT, 64))
    if REVOKE <= action < EXCHANGE_SEVEN:
        return f"revoke {format_card(action - REVOKE)}"
    if action == EXCHANGE_SEVEN:
        return "обмен семёрки"
    return f"action {action}"


class State(GameState):
    """One deal: the boasting, then the tricks, then the score."""

    def __init__(self, variant: Variant, deal: Deal):
        self.variant = variant
        self.deal = deal
        self.history: list[int] = []
        self._reset()

    def _reset(self) -> None:
        v, d = self.variant, self.deal
        self.hands = list(d.hands)
        self.trump = trump = d.trump
        self.stock = [*d.stock, d.turned] if v.stock == "draw" else []
        self.dialogue = Dialogue(v, d.hands, trump, d.dealer)
        self.phase = _DECLARE
        self.cur = self.dialogue.current
        self.lead: int | None = None
        self.leader = -1
        self.won = [0, 0]
        self.tricks = [0, 0]
        self.played = [0, 0]
        self.bela = [0, 0]
        self.last: int | None = None
        self.revoker: int | None = None
        self.revoked: set[int] = set()  #: cards played in revoke
        self.trick_log: list[tuple[int, int, int, int]] = []  #: (leader, lead, reply, winner)
        self.exchanged: tuple[int, int] | None = None  #: (seat, tricks played) of the trump seven's exchange
        self._result: DealResult | None = None

    # -- the interface ----------------------------------------------------------------

    def current_player(self) -> int:
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == _DONE

    def legal_actions(self) -> Sequence[int]:
        if self.phase == _PLAY:
            mask = legal_cards(self.variant, self.hands[self.cur], self.lead, self.trump, len(self.stock))
            cards = [*_SUIT_CARDS[0][mask & 8191], *_SUIT_CARDS[1][mask >> 13 & 8191],
                     *_SUIT_CARDS[2][mask >> 26 & 8191], *_SUIT_CARDS[3][mask >> 39 & 8191]]
            if self.variant.trump_seven != "none" and self._no_exchange() is None:
                cards.append(EXCHANGE_SEVEN)
            return cards
        if self.phase == _DECLARE:
            return self.dialogue.legal()
        return []

    def apply(self, action: int) -> None:
        """Make ``action``; raise :class:`~cardrules.engine.IllegalAction` naming the clause it breaks.

        A value in no band (another type, a bool, a float, a number out of range) is
        refused before anything changes:

        >>> st = State(ROZALIEV, deal(ROZALIEV, seed=1, dealer=0))
        >>> for value in (65.0, True, -1, 10**100, None, ()):
        ...     try:
        ...         st.apply(value)
        ...     except IllegalAction as err:
        ...         print(err)
        65.0 is no action: the boasting wants a word of the dialogue (terts.dialogue.announce)
        True is no action: the boasting wants a word of the dialogue (terts.dialogue.announce)
        -1 is no action: the boasting wants a word of the dialogue (terts.dialogue.announce)
        a number out of range is no action: the boasting wants a word of the dialogue (terts.dialogue.announce)
        None is no action: the boasting wants a word of the dialogue (terts.dialogue.announce)
        () is no action: the boasting wants a word of the dialogue (terts.dialogue.announce)
        >>> st.history
        []
        """
        if action.__class__ is not int or not 0 <= action < NUM_ACTIONS:
            action = self._as_action(action)
        if self.phase == _PLAY:
            self._play(action)
        elif self.phase == _DECLARE:
            if action == EXCHANGE_SEVEN:
                raise IllegalAction("terts.play.trump-seven", "the seven of trumps is exchanged during the play, after a trick")
            if 0 <= action < 52 or action >= REVOKE:
                raise IllegalAction("terts.declarations.before-lead",
                                    "the boasting comes first: announce a group, answer, or pass")
            self.dialogue.apply(action)
            if self.dialogue.done:
                self.phase = _PLAY
                self.cur = self.deal.elder
            else:
                self.cur = self.dialogue.current
        else:
            raise IllegalAction("terts.scoring.deal", "the deal is over")
        self.history.append(action)

    def _as_action(self, action: object) -> int:
        """An action given as another kind of whole number (an IntEnum) in range; anything
        else refused, naming the clause of the phase."""
        if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < NUM_ACTIONS:
            return int(action)
        ph = self.phase
        raise IllegalAction(_PHASE_CLAUSES[ph], f"{shown(action)} is no action: {_PHASE_WANTS[ph]}")

    @implements("terts.play.first-lead", "terts.play.lead")
    def _play(self, action: int) -> None:
        """The elder leads to the first trick; then whoever took the last one leads."""
        v, p = self.variant, self.cur
        if action == EXCHANGE_SEVEN:
            self._exchange_seven()
            return
        hand, lead, trump = self.hands[p], self.lead, self.trump  # (read once: this is every card of the play)
        c = action
        if action >= REVOKE:
            c = action - REVOKE
            if not is_revoke(v, hand, c, lead, trump, len(self.stock)):
                raise IllegalAction("terts.revoke.penalty",
                                    "record a revoke only for a card of the hand played against the duties to a lead")
            if self.revoker is None:
                self.revoker = p
            self.revoked.add(c)
        elif not (0 <= c < 52 and hand >> c & 1 and  # (a lead may be any card of the hand)
                  (lead is None or legal_cards(v, hand, lead, trump, len(self.stock)) >> c & 1)):
            check_card(v, hand, c, lead, trump, len(self.stock))
        self.hands[p] = hand & ~(1 << c)
        self.played[p] |= 1 << c
        if v.marriage == "bela":
            self._bela(p, c)
        if lead is None:
            self.lead, self.leader = c, p
            self.cur = 1 - p
            return
        leader = self.leader
        winner = p if beats(v, c, lead, trump) else leader
        self.won[winner] |= (1 << c) | (1 << lead)
        self.tricks[winner] += 1
        self.trick_log.append((leader, lead, c, winner))
        self.lead = None
        self._draw(winner)
        self.cur = winner
        if not self.hands[0] and not self.hands[1]:
            self.last = winner
            self.phase = _DONE
            self.cur = TERMINAL

    @implements("terts.play.trump-seven")
    def _no_exchange(self) -> str | None:
        """Why the player to lead may not now exchange the seven of trumps for the turned
        card, or None if he may: the option is on, he has taken a trick and not yet led
        to the next, he holds the seven, and the turned card still lies under the stock."""
        if self.variant.trump_seven == "none":
            return "this reading of the game has no exchange of the seven of trumps"
        if self.lead is not None or not self.trick_log or self.trick_log[-1][3] != self.cur:
            return "only the taker of a trick exchanges the seven of trumps, before he leads to the next"
        if not self.stock:
            return "the stock is drawn out: the turned card is gone"
        if not self.hands[self.cur] >> card(self.trump, SEVEN) & 1:
            return "the seven of trumps is not in this hand"
        return None

    def _exchange_seven(self) -> None:
        why = self._no_exchange()
        if why is not None:
            raise IllegalAction("terts.play.trump-seven", why)
        seven, p = card(self.trump, SEVEN), self.cur
        self.hands[p] = self.hands[p] & ~(1 << seven) | 1 << self.stock[-1]
        self.stock[-1] = seven
        self.exchanged = (p, len(self.trick_log))

    @implements("terts.stock.draw")
    def _draw(self, winner: int) -> None:
        """While the stock lasts, the taker of the trick draws its top card, then his
        opponent; the turned trump card is the last card drawn."""
        if self.stock:
            self.hands[winner] |= 1 << self.stock.pop(0)
            self.hands[1 - winner] |= 1 << self.stock.pop(0)

    @implements("terts.declarations.marriage-when")
    def _bela(self, p: int, c: int) -> None:
        """Read as the bela: the player who plays both the king and the queen of
        trumps scores the marriage as he plays the second."""
        k, q = card(self.trump, KING), card(self.trump, QUEEN)
        if c in (k, q) and self.played[p] >> k & 1 and self.played[p] >> q & 1:
            self.bela[p] = self.variant.marriage_value

    def clone(self) -> "State":
        other = State(self.variant, self.deal)
        for a in self.history:
            other.apply(a)
        return other

    # -- the result -----------------------------------------------------------------------

    def result(self, explain: bool = False) -> DealResult:
        """The deal's score; only when it is over. The words of its trace are written when it
        is first read, not as the deal is scored (unless ``explain`` asks for them at once)."""
        if self.phase != _DONE:
            raise ValueError("the deal is not over")
        if self._result is None:
            self._result = self._score(explain)
        return self._result

    def _score(self, explain: bool) -> DealResult:
        v, dl = self.variant, self.dialogue
        pts = [card_points(v, self.won[s], self.trump) for s in (0, 1)]
        marriage = [dl.marriage[s] + self.bela[s] for s in (0, 1)]
        return _scored(v, dl, pts, self.last, marriage, self.revoker, explain)

    settlement = result

    def explain(self) -> Trace:
        """The clauses and amounts behind the deal's score."""
        return self.result(explain=True).trace

    def __repr__(self) -> str:
        return f"<terts.{self.variant.name} deal seed={self.deal.seed} {self.phase.name} after {len(self.history)} actions>"


def _scored(v: Variant, dl: Dialogue, pts: list[int], last: int | None, marriage: list[int], revoker: int | None,
            explain: bool) -> DealResult:
    """The deal's score from its facts, with the boasting's line first in its trace; worked out
    quietly, the facts are kept (not the state, which an undo changes) to write the trace later."""
    if explain:
        head = Trace(_boasting(dl))
    else:
        head = Trace()
        head.later(_boasting, dl)  # (its words written when the trace is read, as deal_score's)
    return deal_score(v, pts, last, list(dl.declared), marriage, revoker, explain, head)  # (a copy: the later trace reads it)


def _boasting(dl: Dialogue) -> list[Step]:
    """The boasting's line of the trace: who won it with what, or that no group scores."""
    if dl.won is None:
        clause = "terts.dialogue.equal" if any(a == 77 for _, a in dl.calls) else "terts.dialogue.pass"
        return [Step(clause, "no group scores")]
    seat, group = dl.won
    what = describe(group) if group else KIND_NAMES[dl.kind]
    clause = "terts.dialogue.not-good" if seat == dl.responder else "terts.dialogue.good"
    return [Step(clause, f"seat {seat} wins the boasting with {what}")]


class Partie:
    """A game: deals until a player reaches the target (501 by default)."""

    def __init__(self, variant: Variant, seed: int = 0, dealer: int = 0):
        self.variant = variant
        self.seed = seed
        self.dealer = dealer
        self.scores = [0, 0]
        self.deals: list[State] = []
        self.winner: int | None = None
        self.trace = Trace()  #: the scores after each deal, the end of the game
        self._count = 0

    @property
    def over(self) -> bool:
        return self.winner is not None

    def new_deal(self, deal: Deal | None = None) -> State:
        if self.over:
            raise ValueError("the game is over")
        if deal is None:
            deal = make_deal(self.variant, seed=self.seed * 1_000_003 + self._count, dealer=self.dealer)
        self._count += 1
        return State(self.variant, deal)

    def finish(self, state: State) -> DealResult:
        res = state.result()
        self.deals.append(state)
        for seat in (0, 1):
            self.scores[seat] += res.points[seat]
        self.trace.note("terts.scoring.deal", "after deal {}: scores", tuple(self.scores), len(self.deals))
        self.winner = game_winner(self.variant, self.scores)
        if self.winner is not None:
            self.trace.add("terts.scoring.end", f"seat {self.winner} reaches {self.variant.target} and wins",
                           self.scores[self.winner])
        self.dealer = next_dealer(self.variant, state.deal.dealer, state.last)
        return res

    def explain(self) -> Trace:
        return self.trace


__all__ = ["EXCHANGE_SEVEN", "MAX_DEAL_LENGTH", "NUM_ACTIONS", "Partie", "Phase", "State", "TERMINAL", "action_to_string"]
