"""The state machine of one deal of «Семерик», and the game that runs deals to 21.

Actions are ints, one meaning each (:func:`action_to_string` writes them):

==================  ===========  ==========================================================
band                 ints         meaning
==================  ===========  ==========================================================
``CARD``             0…51         a card played (see :mod:`cardrules.cards`)
``TRIO + rank``      64…76        the player declares three (or four) of that rank
``BABA + suit``      80…83        the player declares the баба of that suit
``DONE``             90           the player has written his declarations
``HINT + seat``      96…99        that seat hinted or talked: an irregularity, fined
``REVOKE + card``    128…179      the card played as a revoke: an irregularity, fined
==================  ===========  ==========================================================

Hints and revokes are irregularities: ``apply`` accepts them where they can happen,
``legal_actions`` never offers them, so random play is free of them.

>>> from cardrules.games.semerik import SEMERIK, State
>>> from cardrules.games.semerik.deal import Deal
>>> st = State(SEMERIK, Deal.parse(["♥32AK ♠7 ♣7 ♦7 ♠4 ♣4 ♦4", "♠32AKQJ ♣65 ♦65",
...                                  "♣32AKQJ ♦32 ♥7 ♥6", "♦AKQJ ♥QJ54 ♠65"], dealer=3))
>>> st.phase.name, st.current_player(), [action_to_string(a) for a in st.legal_actions()]
('DECLARE', 0, ['trio 4', 'trio 7', 'baba ♥', 'done'])
"""

from __future__ import annotations

from enum import IntEnum
from typing import Sequence

from cardrules.cards import RANK_NAMES_EN, SEVEN, SUIT_GLYPHS, SUIT_MASKS, format_card
from cardrules.engine import GameState, IllegalAction, Trace, shown
from cardrules.rules import implements

from .deal import Deal, deal as make_deal, next_dealer
from .play import STRENGTH, check_card, first_leader, is_revoke
from .scoring import (TOP_RANKS, DealFacts, DealScore, Declaration, Fine, free_cards, game_value, game_winner, held,
                      score_deal, settle)
from .variants import Variant


class Phase(IntEnum):
    DECLARE = 0
    PLAY = 1
    DONE = 2


#: The phases under plain names: reading a member off an Enum class goes through the enum
#: type's ``__getattr__`` hook (Python 3.11), and ``apply`` looks at the phase on every action.
_DECLARING, _PLAYING, _OVER = Phase.DECLARE, Phase.PLAY, Phase.DONE

CARD, TRIO, BABA, DONE, HINT, REVOKE = 0, 64, 80, 90, 96, 128
NUM_ACTIONS = 180
#: The longest deal without irregularities: at most six declarations and «done» per
#: player, and forty cards.
MAX_DEAL_LENGTH = 4 * 7 + 40
TERMINAL = -1
#: The clause a value that is no action at all breaks, by phase: the declarations come first,
#: then a card to the trick, nothing once the deal is over.
_PHASE_CLAUSES = ("semerik.declarations.before-lead", "semerik.play.trick", "semerik.play.all-tricks")
#: The cards of each suit's 13-bit slice of a hand, lowest first: ``_SUIT_CARDS[suit][bits]``.
_SUIT_CARDS = [[tuple(13 * s + r for r in range(13) if bits >> r & 1) for bits in range(1 << 13)] for s in range(4)]
#: A card's key in a trick, by trumps and the suit led: a trump its strength + 16, a card of
#: the suit led its strength, any other -1 (it cannot take the trick):
#: ``_TRICK_KEYS[trump][led][card]``.
_TRICK_KEYS = tuple(tuple(tuple(STRENGTH[c % 13] + 16 if c // 13 == trump else STRENGTH[c % 13] if c // 13 == led else -1
                                for c in range(52)) for led in range(4)) for trump in range(4))
#: The seats in the order they play to a trick, by its leader (clockwise from him).
_ORDERS = tuple(tuple((leader + i) % 4 for i in range(4)) for leader in range(4))


def action_to_string(action: int) -> str:
    """One action as a record writes it.

    >>> [action_to_string(a) for a in (51, TRIO + 5, BABA + 3, DONE, HINT + 2, REVOKE + 40)]
    ['♥A', 'trio 7', 'baba ♥', 'done', 'hint 2', 'revoke ♥3']
    """
    if 0 <= action < 52:
        return format_card(action)
    if TRIO <= action < TRIO + 13:
        return f"trio {RANK_NAMES_EN[action - TRIO]}"
    if BABA <= action < BABA + 4:
        return f"baba {SUIT_GLYPHS[action - BABA]}"
    if action == DONE:
        return "done"
    if HINT <= action < HINT + 4:
        return f"hint {action - HINT}"
    if REVOKE <= action < REVOKE + 52:
        return f"revoke {format_card(action - REVOKE)}"
    return f"action {action}" if -10**6 < action < 10**6 else "a number out of range"


def _action_of(d: Declaration) -> int:
    return (TRIO if d.kind == "trio" else BABA) + d.key


class State(GameState):
    """One deal: the declarations, then ten tricks.

    ``scores`` are the sides' scores before the deal (side 0: seats 0 and 2); only the
    reading that looks at the target after the declarations needs them.
    """

    #: What the state keeps between resets: the deal, the scores around it, and the actions.
    GIVEN = frozenset(("variant", "deal", "scores", "history"))

    def __init__(self, variant: Variant, deal: Deal, scores: Sequence[int] = (0, 0)):
        self.variant = variant
        self.deal = deal
        self.scores = list(scores)
        self.history: list[int] = []
        self._reset()

    def _reset(self) -> None:
        self.hands = list(self.deal.hands)
        self.phase = _DECLARING
        self.cur = (self.deal.dealer + 1) % 4
        self.declared: list[list[Declaration]] = [[], [], [], []]
        self.used = [0, 0, 0, 0]
        self.written = 0  #: players who have written their declarations
        self.fines: list[Fine] = []
        self.trick: list[int] = []
        self.trick_seats: tuple[int, ...] = ()  #: the seats in the order they play to the trick (set when the play begins)
        self.tricks: list[tuple[int, int]] = []  #: (winner, cards) per trick
        self.played = True
        self._score: DealScore | None = None
        self._held: dict[tuple[int, int], list[Declaration]] = {}

    # -- the interface ----------------------------------------------------------------

    def current_player(self) -> int:
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def legal_actions(self) -> list[int]:
        if self.phase == _PLAYING:
            hand = self.hands[self.cur]
            if self.trick:
                led = self.trick[0] // 13
                follow = hand >> (13 * led) & 8191
                if follow:
                    return list(_SUIT_CARDS[led][follow])
            t = _SUIT_CARDS
            return [*t[0][hand & 8191], *t[1][hand >> 13 & 8191], *t[2][hand >> 26 & 8191], *t[3][hand >> 39 & 8191]]
        if self.phase == _DECLARING:
            return self._declarable() + [DONE]
        return []

    def apply(self, action: int) -> None:
        """Make ``action``; raise :class:`~cardrules.engine.IllegalAction` naming the clause
        it breaks, before anything changes."""
        if action.__class__ is not int or not 0 <= action < NUM_ACTIONS:  # (a True is no card, a 65.0 no trio)
            action = self._as_action(action)
        if self.phase == _OVER:
            raise IllegalAction("semerik.play.all-tricks", f"the deal is over: no {action_to_string(action)}")
        if HINT <= action < HINT + 4:
            self._hint(action - HINT)
        elif self.phase == _DECLARING:
            self._declare(action)
        else:
            self._play(action)
        self.history.append(action)

    def _as_action(self, action: object) -> int:
        """An action given as another kind of whole number (an IntEnum); anything else, and
        any number outside the bands of actions, refused with the clause of the phase."""
        if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < NUM_ACTIONS:
            return int(action)
        phase = self.phase
        if isinstance(action, int) and not isinstance(action, bool):
            what = f"{action_to_string(int(action))}: actions are numbers from 0 to {NUM_ACTIONS - 1}"
        else:
            what = shown(action) + ": actions are whole numbers"
        raise IllegalAction(_PHASE_CLAUSES[phase], f"no action of the {phase.name.lower()} phase: {what}")

    def clone(self) -> "State":
        other = State(self.variant, self.deal, self.scores)
        for a in self.history:
            other.apply(a)
        return other

    # -- the declarations ---------------------------------------------------------------

    def _held_now(self, seat: int) -> list[Declaration]:
        """What ``seat``'s hand holds to declare with the cards still free to use (worked out once
        per hand and free cards: with overlap allowed, a declaration frees or takes none, and
        nothing is worked out again)."""
        key = (seat, free_cards(self.variant, self.used[seat]))
        found = self._held.get(key)
        if found is None:
            found = self._held[key] = held(self.variant, self.hands[seat], self.used[seat])
        return found

    def _can_declare(self, seat: int) -> list[Declaration]:
        """What ``seat`` may still declare: what the hand holds, less what it has declared."""
        done = {(d.kind, d.key) for d in self.declared[seat]}
        return [d for d in self._held_now(seat) if (d.kind, d.key) not in done]

    def _declarable(self) -> list[int]:
        return [_action_of(d) for d in self._can_declare(self.cur)]

    @implements("semerik.declarations.before-lead")
    def _declare(self, action: int) -> None:
        """Each player in turn from the dealer's left writes his declarations, then says
        «done»; when all four have, the player on the dealer's left leads."""
        seat = self.cur
        if action == DONE:
            self.written += 1
            self.cur = (seat + 1) % 4
            if self.written == 4:
                self._start_play()
            return
        if not (TRIO <= action < TRIO + 13 or BABA <= action < BABA + 4):
            raise IllegalAction("semerik.declarations.before-lead",
                                f"the declarations come first: seat {seat} declares or says «done», not {action_to_string(action)}")
        declared = self.declared[seat]
        for d in self._held_now(seat):  # (what _can_declare offers, asked of the one action)
            if _action_of(d) == action and action not in map(_action_of, declared):
                declared.append(d)
                self.used[seat] |= d.cards
                return
        what = action_to_string(action)[len("trio "):] if action < BABA else action_to_string(action)
        raise IllegalAction(_declaration_clause(action),
                            f"seat {seat} cannot declare {what}: the hand does not hold it, or it is declared already"
                            + ("" if self.variant.overlap else ", or its cards count in another declaration"))

    @implements("semerik.game.when")
    def _start_play(self) -> None:
        if self.variant.check_target == "declarations":
            points = self._provisional()
            if game_winner(self.variant, [self.scores[s] + points[s] for s in (0, 1)]) is not None:
                self.played = False
                self.phase = _OVER
                self.cur = TERMINAL
                return
        self.phase = _PLAYING
        self.cur = first_leader(self.deal.dealer)
        self.trick_seats = _ORDERS[self.cur]

    def _provisional(self) -> list[int]:
        return score_deal(DealFacts(self.variant, self.declared, [], self.fines, played=False), explain=False).points

    # -- the play --------------------------------------------------------------------------

    @implements("semerik.play.all-tricks")
    def _play(self, action: int) -> None:
        seat = self.cur
        hand = self.hands[seat]
        led = self.trick[0] // 13 if self.trick else None
        if REVOKE <= action < REVOKE + 52:
            c = action - REVOKE
            if not is_revoke(self.variant, hand, c, led):
                raise IllegalAction("semerik.irregularities.revoke",
                                    f"{format_card(c)} is no revoke: record one only for a card of another suit played while holding the suit led")
            self.fines.append(Fine(seat, "revoke", self.variant.revoke_fine))
        elif 0 <= action < 52:
            c = action
            if not hand >> c & 1 or (led is not None and c // 13 != led and hand & SUIT_MASKS[led]):
                check_card(self.variant, hand, c, led)
        else:
            raise IllegalAction("semerik.play.trick", f"seat {seat} must play a card now, not {action_to_string(action)}")
        self.hands[seat] = hand ^ (1 << c)
        trick = self.trick
        trick.append(c)
        if len(trick) < 4:
            self.cur = (seat + 1) % 4
            return
        # the rule of play.winner (the shared trick_winner), kept inline: the highest key wins
        keys = _TRICK_KEYS[self.variant.trump][led]
        best, key = 0, keys[trick[0]]
        for i in (1, 2, 3):
            k = keys[trick[i]]
            if k > key:
                best, key = i, k
        taker = self.trick_seats[best]
        self.tricks.append((taker, (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])))
        self.trick, self.trick_seats = [], _ORDERS[taker]
        self.cur = taker
        if len(self.tricks) == 10:
            self.phase = _OVER
            self.cur = TERMINAL

    @implements("semerik.irregularities.hints")
    def _hint(self, seat: int) -> None:
        """A hint or table talk by ``seat``, at any time of the deal: fined."""
        self.fines.append(Fine(seat, "hint", self.variant.hint_fine))

    # -- the result ------------------------------------------------------------------------

    def result(self) -> DealScore:
        """The deal's points per side; only when the deal is over."""
        if self.phase != _OVER:
            raise ValueError("the deal is not over")
        if self._score is None:
            self._score = score_deal(self._facts(), explain=False)
        return self._score

    def _facts(self) -> DealFacts:
        return DealFacts(self.variant, self.declared, self.tricks, self.fines, self.played)

    def explain(self) -> Trace:
        """The clauses and amounts behind every point of the deal (the same count as
        :meth:`result`, written out step by step)."""
        self.result()
        return score_deal(self._facts()).trace

    def __repr__(self) -> str:
        return f"<semerik.{self.variant.name} deal seed={self.deal.seed} {self.phase.name} after {len(self.history)} actions>"


def _declaration_clause(action: int) -> str:
    """The clause a refused declaration names: the one for its kind."""
    if action >= BABA:
        return "semerik.declarations.baba"
    rank = action - TRIO
    if rank == SEVEN:
        return "semerik.declarations.three-sevens"
    return "semerik.declarations.three-top" if rank in TOP_RANKS else "semerik.declarations.three-other"


@implements("semerik.deal.rotation", "semerik.game.target")
class Partie:
    """A game: deals until a side reaches 21, then its value and the settlement.

    ``scores`` are per side (side 0: seats 0 and 2), ``settlement`` per seat once over.
    """

    def __init__(self, variant: Variant, seed: int = 0, dealer: int = 0):
        self.variant = variant
        self.seed = seed
        self.dealer = dealer
        self.scores = [0, 0]
        self.deals: list[State] = []
        self.winner: int | None = None
        self.value = 0
        self.settlement: list = [0, 0, 0, 0]
        self.trace = Trace()
        self._count = 0

    @property
    def over(self) -> bool:
        return self.winner is not None

    def new_deal(self, deal: Deal | None = None) -> State:
        """The next deal's state. Without ``deal``, a seeded random one."""
        if self.over:
            raise ValueError("the game is over")
        if deal is None:
            deal = make_deal(self.variant, seed=self.seed * 1_000_003 + self._count, dealer=self.dealer)
        self._count += 1
        return State(self.variant, deal, self.scores)

    def finish(self, state: State) -> DealScore:
        """Add a finished deal to the scores; end the game if a side has won."""
        res = state.result()
        self.deals.append(state)
        early = [self.scores[side] + res.declarations[side] for side in (0, 1)]
        for side in (0, 1):
            self.scores[side] += res.points[side]
        self.trace.add("semerik.scoring.deal", f"deal {len(self.deals)}: A {res.points[0]}, B {res.points[1]}; "
                       f"score A {self.scores[0]}, B {self.scores[1]}")
        winner = game_winner(self.variant, self.scores, early)
        if winner is None:
            self.dealer = next_dealer(self.dealer)
            return res
        self.winner = winner
        self.value = game_value(self.variant, self.scores, winner, self.trace)
        self.settlement = settle(self.variant, winner, self.value, self.trace)
        return res

    def explain(self) -> Trace:
        return self.trace


__all__ = ["BABA", "CARD", "DONE", "HINT", "MAX_DEAL_LENGTH", "NUM_ACTIONS", "Partie", "Phase", "REVOKE", "State",
           "TERMINAL", "TRIO", "action_to_string"]
