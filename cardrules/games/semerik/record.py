"""«Семерик»'s side of the deal records (see :mod:`cardrules.records`).

Actions are written as the players make them: ``trio 7`` («три семёрки») or
``trio A`` for three (or four) of a rank declared, ``baba ♥`` for a баба (its king,
queen and jack count as the hand holds them), ``done`` («готово») when a player has
written his declarations; a card (``♠A``) for a play, or four on a line for a whole
trick; ``revoke ♥4`` for a card played against the suit led, found out and fined;
``hint 2`` when seat 2 hinted or talked. The deal is a seed, or the four hands.

>>> from cardrules.games.semerik import SEMERIK, State
>>> from cardrules.games.semerik.deal import deal
>>> st = State(SEMERIK, deal(SEMERIK, seed=4))
>>> RECORDS.parse_actions(st, "три семёрки") == RECORDS.parse_actions(st, "trio 7")
True
"""

from __future__ import annotations

from typing import Any

from cardrules.cards import CardError, format_card, format_hand, parse_card, parse_cards, parse_suit
from cardrules.engine import DealSummary, TrickPlayed
from cardrules.recorddata import DealSpec as DealRecord, Line, read_fixed

from .deal import Deal, check_deal, deal as make_deal
from .play import STRENGTH
from .state import BABA, DONE, HINT, REVOKE, TRIO, Partie, Phase, State, action_to_string
from .variants import PRESETS

_DONE_WORDS = ("done", "готово", "записал")
_TRIO_WORDS = ("trio", "three", "три", "трио")
_BABA_WORDS = ("baba", "баба")
_RANK_WORDS = {"семёрки": "7", "семерки": "7", "тройки": "3", "двойки": "2", "туза": "A", "тузы": "A",
               "короля": "K", "дамы": "Q", "валета": "J", "шестёрки": "6", "шестерки": "6", "пятёрки": "5",
               "пятерки": "5", "четвёрки": "4", "четверки": "4"}


def _rank(word: str) -> int:
    word = _RANK_WORDS.get(word.lower(), word)
    return parse_card("♠" + word.upper()) % 13


class SemerikRecords:
    name = "semerik"
    presets = PRESETS

    def new_partie(self, variant, dealer: int) -> Partie:
        if not 0 <= dealer < 4:
            raise ValueError(f"no seat {dealer} among four players")
        return Partie(variant, dealer=dealer)

    def start_deal(self, partie: Partie, spec: DealRecord, dealer: int | None) -> State:
        if dealer is not None and dealer != partie.dealer:
            if partie.deals or partie._count:
                raise ValueError(f"seat {partie.dealer} deals now, not seat {dealer} (semerik.deal.rotation)")
            partie.dealer = dealer
        if spec.talon or spec.turned or spec.cut:
            raise ValueError("«Семерик» has no talon, turned card or cut card: give the four hands or a seed")
        if spec.seed is not None:
            deal = make_deal(partie.variant, spec.seed, partie.dealer)
        else:
            deal = Deal.parse(list(spec.hands or ()), partie.dealer)
        check_deal(partie.variant, deal)
        return partie.new_deal(deal)

    def parse_actions(self, state: State, text: str) -> list[int]:
        word = text.strip()
        low = word.lower()
        if low in _DONE_WORDS:
            return [DONE]
        head, _, rest = low.partition(" ")
        rest = rest.strip()
        try:
            if head in _TRIO_WORDS:
                return [TRIO + _rank(rest)]
            if head in _BABA_WORDS:
                return [BABA + parse_suit(rest)]
            if head in ("revoke", "ренонс"):
                return [REVOKE + parse_card(rest)]
            if head in ("hint", "намёк", "намек"):
                seat = int(rest)
                if not 0 <= seat < 4:
                    raise ValueError
                return [HINT + seat]
            return parse_cards(text)  # (the line's cards, read when the record was loaded)
        except (CardError, ValueError) as err:
            raise ValueError("write done, trio RANK, baba SUIT, revoke CARD, hint SEAT (0-3) or cards"
                             f"{': ' + str(err) if str(err) else ''}") from None

    def read_line(self, text: str) -> Line:
        """A record's line read once, when the record is loaded: its reading does not
        depend on the phase (:meth:`parse_actions` looks at the words alone)."""
        return read_fixed(self.parse_actions, text)

    def format_history(self, state: State) -> list[str]:
        """Declarations one a line; the cards of a trick on one line (a revoke on its own)."""
        lines: list[str] = []
        replay = State(state.variant, state.deal, state.scores)
        trick: list[str] = []
        for action in state.history:
            playing = replay.phase == Phase.PLAY and action < HINT
            replay.apply(action)
            if not playing and not REVOKE <= action:
                lines.append(action_to_string(action))
                continue
            if action >= REVOKE:
                if trick:
                    lines.append(" ".join(trick))
                lines.append(action_to_string(action))
                trick = []
            else:
                trick.append(action_to_string(action))
            if not replay.trick and trick:
                lines.append(" ".join(trick))
                trick = []
        if trick:
            lines.append(" ".join(trick))
        return lines

    def finish_deal(self, partie: Partie, state: State) -> dict[str, Any]:
        res = partie.finish(state)
        return {
            "declarations": list(res.declarations),
            "tricks": _tricks_by_side(state),
            "trick_points": list(res.tricks),
            "fines": list(res.fines),
            "points": list(res.points),
            "played": state.played,
            "scores": list(partie.scores),
        }

    def partie_outcome(self, partie: Partie) -> dict[str, Any]:
        return {
            "over": partie.over,
            "winner": partie.winner,
            "scores": list(partie.scores),
            "value": partie.value,
            "settlement": list(partie.settlement),
        }

    def dealer_of(self, state: State) -> int:
        return state.deal.dealer

    def deal_of(self, state: State) -> DealRecord:
        d = state.deal
        if d.seed is not None:
            return DealRecord(seed=d.seed)
        return DealRecord(hands=[format_hand(h) for h in d.hands])

    def summary(self, state: State) -> DealSummary:
        d = state.deal
        s = DealSummary(players=4, dealer=d.dealer, hands=list(d.hands), trump=state.variant.trump, strength=STRENGTH,
                        calls_heading="Declarations / объявления")
        s.facts.append(("partners / партнёры", "seats 0 and 2 (A) against 1 and 3 (B)"))
        replay = State(state.variant, d, state.scores)
        plays: list[tuple[int, int]] = []
        revoked: set[int] = set()
        for action in state.history:
            seat, phase = replay.cur, replay.phase
            replay.apply(action)
            if HINT <= action < HINT + 4:
                s.calls.append((action - HINT, "hint (fined)"))
            elif phase == Phase.DECLARE:
                s.calls.append((seat, action_to_string(action)))
            else:
                card = action - REVOKE if action >= REVOKE else action
                if action >= REVOKE:
                    revoked.add(card)
                plays.append((seat, card))
                if not replay.trick:
                    s.tricks.append(TrickPlayed(plays, replay.tricks[-1][0], revokes=frozenset(revoked)))
                    plays, revoked = [], set()
        res = state.result()
        s.table = [["side", "", "declarations", "tricks", "fines", "points"]] + [
            [f"seats {k} and {k + 2}", "", str(res.declarations[k]), str(res.tricks[k]), str(res.fines[k]), str(res.points[k])]
            for k in (0, 1)]
        if not state.played:
            s.result.append("The target was reached on the declarations: the cards were not played.")
        s.trace = state.explain()
        return s


def _tricks_by_side(state: State) -> list[int]:
    """The tricks each side took (side 0: seats 0 and 2)."""
    taken = [0, 0]
    for seat, _ in state.tricks:
        taken[seat & 1] += 1
    return taken


RECORDS = SemerikRecords()

__all__ = ["RECORDS"]
