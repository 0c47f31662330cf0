"""Piquet's side of the deal records (see :mod:`cardrules.records`).

Actions are written as the players say them: ``exchange 5`` («беру пять»), then the
cards discarded (on one line); the declarations ``point`` / ``sequence`` / ``set``
(a call of one's best), ``nothing``, and the answers ``good``, ``not good``,
``equal``; the cards of a trick on one line. Irregularities: ``false point`` (or
sequence, set), a call of what one does not hold; ``wrong discard``, one card
fewer discarded than taken. The deal gives the hands in seat order (``-`` for a
seat out of the three-handed game) and the stock, top first, as ``talon``.

>>> from cardrules.games.piquet.state import EXCHANGE
>>> RECORDS.parse_actions(None, "exchange 3"), RECORDS.parse_actions(None, "не хорошо")
([67], [89])
"""

from __future__ import annotations

from typing import Any

from cardrules.cards import CardError, PIQUET_32, cardset, format_card, format_cards, format_hand, parse_cards, parse_cardset, words
from cardrules.engine import DealSummary, TrickPlayed
from cardrules.recorddata import DealSpec as DealRecord, Line, read_fixed

from .declarations import CALL, CATEGORY_NAMES, EQUAL, FALSE_CALL, GOOD, NO_CALL, NOT_GOOD, describe
from .deal import Deal
from .exchange import EXCHANGE, WRONG_DISCARD
from .partie import Partie
from .state import Phase, State, action_to_string
from .variants import PRESETS

_WORDS = {
    "point": CALL, "пуэн": CALL, "sequence": CALL + 1, "секвенция": CALL + 1, "set": CALL + 2, "комплект": CALL + 2,
    "nothing": NO_CALL, "нет": NO_CALL,
    "good": GOOD, "хорошо": GOOD, "not good": NOT_GOOD, "не хорошо": NOT_GOOD, "equal": EQUAL, "равно": EQUAL,
    "false point": FALSE_CALL, "false sequence": FALSE_CALL + 1, "false set": FALSE_CALL + 2,
    "wrong discard": WRONG_DISCARD, "неправильный снос": WRONG_DISCARD,
}


def _said(after: State, seat: int, action: int) -> str:
    """A call or answer with the combination it claims, from the dialogue as it stands
    after it (e.g. ``point: point of 5 (49)``)."""
    word = action_to_string(action)
    d = after.dialogue
    if action in (CALL, CALL + 1, CALL + 2, NOT_GOOD, EQUAL) or action >= FALSE_CALL:
        cat = d.category if seat in d.claim else d.category - 1
        claims = d.claim if seat in d.claim else (d.claims[-1] if d.claims else {})
        if seat in claims:
            return f"{word}: {describe(cat, claims[seat])}"
    return word


class NotationError(ValueError):
    """A record line that is no piquet action."""


class PiquetRecords:
    name = "piquet"
    presets = PRESETS

    def new_partie(self, variant, dealer: int) -> Partie:
        if not 0 <= dealer < variant.players:
            raise ValueError(f"no seat {dealer} among {variant.players} players")
        return Partie(variant, dealer=dealer)

    def start_deal(self, partie: Partie, spec: DealRecord, dealer: int | None) -> State:
        v = partie.variant
        if dealer is None:
            dealer = partie.next_dealer()
        if spec.seed is not None:
            return partie.new_deal(seed=spec.seed, draw=dealer)
        written = []
        for h in spec.hands or ():
            written.append(0 if h.strip() in ("", "-") else parse_cardset(h))
        hands = tuple(written)
        # (parse_cards refuses a card written twice in the talon; a record's talon keeps its mask)
        stock = tuple(parse_cards(spec.talon)) if spec.talon else ()
        if len(hands) != v.players:
            raise ValueError(f"{v} has {v.players} seats, the deal gives {len(hands)} hands")
        seen = 0
        for h in hands + (parse_cardset(spec.talon) if spec.talon else 0,):
            if h & seen:
                raise ValueError(f"{format_hand(h & seen)} dealt twice")
            seen |= h
        if seen != PIQUET_32.mask:
            raise ValueError(f"the deal must hold the 32 cards once each; missing {format_hand(PIQUET_32.mask & ~seen)}")
        return partie.new_deal(Deal(dealer, hands, stock), draw=dealer)

    def parse_actions(self, state: State | None, text: str) -> list[int]:
        word = words(text)
        if word in _WORDS:
            return [_WORDS[word]]
        head, _, rest = word.partition(" ")
        if head in ("exchange", "беру", "обмен"):
            try:
                return [EXCHANGE + int(rest)]
            except ValueError:
                raise NotationError("write exchange N, the number of cards exchanged") from None
        try:
            return parse_cards(text)
        except CardError as err:
            raise NotationError(f"neither a word ({', '.join(sorted(_WORDS))}), exchange N, nor cards: {err}") from None

    def read_line(self, text: str) -> Line:
        """A record's line read once, when the record is loaded: its reading does not
        depend on the phase (:meth:`parse_actions` looks at the words alone)."""
        return read_fixed(self.parse_actions, text)

    def format_history(self, state: State) -> list[str]:
        """Words one a line; the discards of one exchange on one line; a trick on one line."""
        lines: list[str] = []
        replay = State(state.variant, state.deal)
        group: list[str] = []
        for action in state.history:
            phase = replay.phase
            grouping = action < 52
            if not grouping and group:
                lines.append(" ".join(group))
                group = []
            replay.apply(action)
            if grouping:
                group.append(action_to_string(action))
                closed = (phase == Phase.PLAY and not replay.trick) or (phase == Phase.EXCHANGE and not replay.to_discard)
                if closed:
                    lines.append(" ".join(group))
                    group = []
            else:
                lines.append(action_to_string(action))
        if group:
            lines.append(" ".join(group))
        return lines

    def finish_deal(self, partie: Partie, state: State) -> dict[str, Any]:
        res = state.settlement()
        partie.finish(state)
        out = {
            "scores": list(res.scores), "hand": list(res.hand), "play": list(res.play), "bonus": list(res.bonus),
            "tricks": list(res.tricks), "repique": res.repique, "pique": res.pique, "capot": res.capot,
            "silent": list(res.silent),
        }
        out.update(self._partie_state(partie))
        return out

    def _partie_state(self, partie: Partie) -> dict[str, Any]:
        kind = partie.variant.partie
        if kind == "royalik":
            return {"games": list(map(list, partie.game_col)), "royaliks": list(map(list, partie.royalik_col)),
                    "factor": partie.factor}
        if kind == "rubicon":
            return {"totals": list(partie.totals)}
        return {"totals": list(partie.totals), "playing": list(partie.active), "finished": list(partie.finished)}

    def partie_outcome(self, partie: Partie) -> dict[str, Any]:
        out = {"over": partie.over, "settlement": list(partie.settlement)}
        out.update(self._partie_state(partie))
        if partie.variant.partie == "royalik":
            out.update({"partie": list(partie.partie_figure), "skvoznaya": list(partie.skvoznaya),
                        "refet_carried": partie.carry_refet})
        return out

    def dealer_of(self, state: State) -> int:
        return state.deal.dealer

    def deal_of(self, state: State) -> DealRecord:
        d = state.deal
        if d.seed is not None:
            return DealRecord(seed=d.seed)
        return DealRecord(hands=[format_hand(h) if h else "-" for h in d.hands], talon=format_cards(d.stock))

    def summary(self, state: State) -> DealSummary:
        d = state.deal
        s = DealSummary(players=state.variant.players, dealer=d.dealer, hands=list(d.hands), talon=cardset(d.stock))
        s.facts.append(("прикупка / stock, top first", format_cards(d.stock)))
        replay = State(state.variant, d)
        plays: list[tuple[int, int]] = []
        for action in state.history:
            seat, phase = replay.cur, replay.phase
            replay.apply(action)
            if phase == Phase.PLAY:
                plays.append((seat, action))
                if not replay.trick:
                    s.tricks.append(TrickPlayed(plays, replay.leader))
                    plays = []
            elif phase == Phase.EXCHANGE and action < 52:
                s.calls.append((seat, f"discards {format_card(action)}"))
            elif phase == Phase.DECLARE:
                s.calls.append((seat, _said(replay, seat, action)))
            else:
                s.calls.append((seat, action_to_string(action)))
        for seat in d.seats:
            if state.discards[seat]:
                s.facts.append((f"seat {seat} discarded", format_hand(state.discards[seat])))
        res = state.settlement()
        s.table = [["player", "", "tricks", "score"]] + [
            [p, "", str(res.tricks[p]), str(res.scores[p])] for p in range(len(res.scores))]
        s.trace = state.explain()
        return s


RECORDS = PiquetRecords()

__all__ = ["NotationError", "RECORDS"]
