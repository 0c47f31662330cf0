"""Tertz's side of the deal records (see :mod:`cardrules.records`).

The boasting is written as the players speak: «терц», «четверик», … «четыре валета»
or «пас»; «от чего?»; «от ♠J» (the top card named); «годится»; «не годится терц от
♣Q» (the responder's group); «равно»; «марьяж». Cards are written as usual, the two
cards of a trick on one line; ``revoke ♥8`` is a card played against the duties and
found out. The deal is a seed, or the two hands, the turned card (``turned``) and the
face-down stock under it, top first (``talon``). «обмен семёрки» is the trump seven
exchanged for the turned card (terts.play.trump-seven), on its own line between tricks.

>>> from cardrules.cards import parse_card
>>> from cardrules.games.terts.declarations import ASK, CHETVERIK, beat
>>> RECORDS.parse_actions(None, "не годится четверик от ♦K") == [beat(CHETVERIK, parse_card("♦K"))]
True
>>> RECORDS.parse_actions(None, "От Чего?") == [ASK]
True
>>> RECORDS.parse_actions(None, "обмен семерки") == RECORDS.parse_actions(None, "Обмен семёрки") == [EXCHANGE_SEVEN]
True
"""

from __future__ import annotations

from typing import Any

from cardrules.cards import CardError, PIQUET_32, format_card, format_cards, format_hand, parse_card, parse_cards, parse_cardset, size
from cardrules.engine import DealSummary, TrickPlayed
from cardrules.recorddata import DealSpec as DealRecord, Line, read_fixed

from .declarations import ANNOUNCE, ANSWER, CHETVERIK, FOUR_A, FOUR_J, FOUR_K, FOUR_Q, KIND_NAMES, WORDS, beat
from .deal import Deal, deal as make_deal
from .play import REVOKE
from .state import EXCHANGE_SEVEN, Partie, State, action_to_string
from .variants import PRESETS

_KINDS = {name: k for k, name in enumerate(KIND_NAMES)}
_FOURS = {FOUR_Q, FOUR_K, FOUR_A, FOUR_J}


class NotationError(ValueError):
    """A record line that is no action of Tertz."""


def _group(text: str) -> tuple[int, int]:
    text = text.strip()
    for name, kind in sorted(_KINDS.items(), key=lambda kv: -len(kv[0])):
        if text.startswith(name):
            rest = text[len(name):].strip()
            if kind in _FOURS:
                return kind, parse_card("♠" + {FOUR_Q: "Q", FOUR_K: "K", FOUR_A: "A", FOUR_J: "J"}[kind])
            if not rest.startswith("от "):
                raise NotationError(f"write the group as «{name} от <top card>»")
            return kind, parse_card(rest[3:])
    raise NotationError(f"no group {text!r}: {', '.join(KIND_NAMES)}")


class TertsRecords:
    name = "terts"
    presets = PRESETS

    def new_partie(self, variant, dealer: int) -> Partie:
        if dealer not in (0, 1):
            raise ValueError(f"no seat {dealer} among 2 players")
        return Partie(variant, dealer=dealer)

    def start_deal(self, partie: Partie, spec: DealRecord, dealer: int | None) -> State:
        if dealer is not None:
            partie.dealer = dealer
        v = partie.variant
        if spec.seed is not None:
            return partie.new_deal(make_deal(v, spec.seed, partie.dealer))
        if spec.turned is None:
            raise ValueError("a deal written out needs its turned trump card (turned)")
        hands = tuple(map(parse_cardset, spec.hands or ()))
        stock = tuple(parse_cards(spec.talon)) if spec.talon else ()
        turned = parse_card(spec.turned)
        if len(hands) != 2:
            raise ValueError(f"two hands, not {len(hands)}")
        seen = hands[0] | hands[1]
        if hands[0] & hands[1] or size(hands[0]) != v.hand_size or size(hands[1]) != v.hand_size:
            raise ValueError(f"each hand holds {v.hand_size} cards, none twice")
        for c in (turned, *stock):
            if seen >> c & 1:
                raise ValueError(f"{format_card(c)} is dealt twice")
            seen |= 1 << c
        if seen != PIQUET_32.mask:
            raise ValueError(f"the 32 cards are not all there: {format_cards(PIQUET_32.mask & ~seen) or 'extra cards'}")
        return partie.new_deal(Deal(partie.dealer, hands, turned, stock))

    def parse_actions(self, state: State | None, text: str) -> list[int]:
        word = " ".join(text.strip().lower().replace("«", "").replace("»", "").split())
        bare = word.rstrip("?!.")
        if word in WORDS.values():
            return [next(a for a, w in WORDS.items() if w == word)]
        if bare in ("пас", "pass", "нет"):
            return [74]
        if bare in ("от чего", "from what"):
            return [75]
        if bare in ("годится", "good"):
            return [76]
        if bare in ("равно", "equal"):
            return [77]
        if bare in _KINDS:
            return [ANNOUNCE + _KINDS[bare]]
        if word.startswith("не годится"):
            return [beat(*_group(word[len("не годится"):]))]
        if word.startswith("от "):
            return [ANSWER + parse_card(text.strip()[3:])]
        if bare.replace("ё", "е") in ("обмен семерки", "exchange seven", "exchange the seven"):
            return [EXCHANGE_SEVEN]
        if word.startswith(("revoke ", "ренонс ")):
            return [REVOKE + parse_card(text.strip().split(None, 1)[1])]
        try:
            return parse_cards(text)
        except CardError as err:
            raise NotationError(f"neither a word of the boasting nor cards: {err}") from None

    def read_line(self, text: str) -> Line:
        """A record's line read once, when the record is loaded: its reading does not
        depend on the phase (:meth:`parse_actions` looks at the words alone)."""
        return read_fixed(self.parse_actions, text)

    def format_history(self, state: State) -> list[str]:
        lines: list[str] = []
        replay = State(state.variant, state.deal)
        trick: list[str] = []
        for action in state.history:
            playing = replay.phase == 1
            replay.apply(action)
            if not playing:
                lines.append(action_to_string(action))
                continue
            if action >= REVOKE:  # a revoke or the exchange stands on its own line
                lines += [" ".join(trick)] if trick else []
                lines.append(action_to_string(action))
                trick = []
                continue
            trick.append(action_to_string(action))
            if replay.lead is None:
                lines.append(" ".join(trick))
                trick = []
        if trick:
            lines.append(" ".join(trick))
        return lines

    def finish_deal(self, partie: Partie, state: State) -> dict[str, Any]:
        res = partie.finish(state)
        return {
            "declared": list(res.declared),
            "marriage": list(res.marriage),
            "cards": list(res.cards),
            "tricks": list(state.tricks),
            "last": res.last,
            "revoker": res.revoker,
            "points": list(res.points),
            "scores": list(partie.scores),
        }

    def partie_outcome(self, partie: Partie) -> dict[str, Any]:
        return {"over": partie.over, "winner": partie.winner, "scores": list(partie.scores)}

    def dealer_of(self, state: State) -> int:
        return state.deal.dealer

    def deal_of(self, state: State) -> DealRecord:
        d = state.deal
        if d.seed is not None:
            return DealRecord(seed=d.seed)
        return DealRecord(hands=[format_hand(h) for h in d.hands], turned=format_card(d.turned),
                          talon=" ".join(format_card(c) for c in d.stock))

    def summary(self, state: State) -> DealSummary:
        d = state.deal
        s = DealSummary(players=2, dealer=d.dealer, hands=list(d.hands), turned=d.turned, trump=d.trump)
        stock = " ".join(format_card(c) for c in d.stock)
        if state.variant.stock == "draw":
            s.facts.append(("колода / stock", f"{stock}, then the turned {format_card(d.turned)}: drawn after each trick"))
        else:
            s.facts.append(("вне игры / out of play", f"{stock} and the turned {format_card(d.turned)}"))
        replay = State(state.variant, d)
        for action in state.history:
            seat = replay.cur
            if replay.phase == 0:
                s.calls.append((seat, action_to_string(action)))
            replay.apply(action)
        for leader, lead, reply, winner in state.trick_log:
            plays = [(leader, lead), (1 - leader, reply)]
            s.tricks.append(TrickPlayed(plays, winner, revokes=frozenset({lead, reply} & state.revoked)))
        if state.exchanged is not None:
            seat, after = state.exchanged
            s.facts.append(("обмен семёрки / the trump seven exchanged",
                            f"seat {seat}, after trick {after}: {format_card(d.turned)} taken into the hand for the seven"))
        res = state.result()
        s.result.append(f"Last trick: seat {res.last}.")
        if res.revoker is not None:
            s.result.append(f"Seat {res.revoker} revoked and scores nothing.")
        s.table = [["player", "", "card points", "groups", "marriage", "points"]] + [
            [p, "", str(res.cards[p]), str(res.declared[p]), str(res.marriage[p]), str(res.points[p])] for p in (0, 1)]
        s.trace = res.trace
        return s


RECORDS = TertsRecords()

__all__ = ["NotationError", "RECORDS", "TertsRecords"]
