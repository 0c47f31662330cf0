"""Fortuna's side of the deal records (see :mod:`cardrules.records`).

Actions are written as the players say them: «играю» / play, «пас» / pass,
«держу» / hold, «неволя» / nevolia; ``buy 1`` for talon cards bought; a card
(``♠A``) for a discard or a play, several cards on a line for a whole trick;
``revoke ♥8`` for a card played against the suit led that is found out;
``misdeal`` («засдача»), only as the first action, when the dealer misdealt or
exposed a card: the deal ends, and the same dealer deals again.
The deal is a seed, or the hands with the turned card (the dealer's last card,
whose suit is trumps) and the card cut from the second pack (сюры).
"""

from __future__ import annotations

from typing import Any

from cardrules.cards import CardError, cardset, format_card, format_hand, parse_card, parse_cards, parse_cardset, size
from cardrules.engine import DealSummary, IllegalAction, TrickPlayed
from cardrules.recorddata import DealSpec as DealRecord, Line, read_fixed

from .auction import CALL_NAMES, HOLD, NEVOLIA, PASS, PLAY
from .deal import Deal, deal as make_deal, pack
from .play import REVOKE
from .state import AUCTION, BUY, DISCARD, MISDEAL, PLAY as PLAYING, TALON, Partie, State
from .variants import PRESETS

_CALLS = {
    "пас": PASS, "pass": PASS,
    "играю": PLAY, "play": PLAY,
    "держу": HOLD, "hold": HOLD,
    "неволя": NEVOLIA, "nevolia": NEVOLIA,
    "засдача": MISDEAL, "misdeal": MISDEAL,
}


def check_deal(variant, deal: Deal) -> None:
    """Raise :class:`IllegalAction` if ``deal`` is not a deal of this form of Fortuna."""
    cards = pack(variant).mask
    n = variant.players
    if len(deal.hands) != n:
        raise IllegalAction("fortuna.players.count", f"{variant} has {n} players, the deal has {len(deal.hands)} hands")
    if not 0 <= deal.dealer < n:
        raise IllegalAction("fortuna.players.count", f"no seat {deal.dealer} among {n} players")
    seen = 0
    outside = ~cards
    for seat, hand in enumerate(deal.hands):
        if hand & outside:
            raise IllegalAction("fortuna.cards.packs", f"seat {seat} holds {format_hand(hand & outside)}, not in the {pack(variant)} pack")
        if hand & seen:
            raise IllegalAction("fortuna.deal.deal", f"{format_hand(hand & seen)} dealt twice")
        seen |= hand
    for c in deal.talon:
        if not cards >> c & 1 or seen >> c & 1:
            raise IllegalAction("fortuna.talon.deal", f"talon card {format_card(c)} is not a free card of the pack")
        seen |= 1 << c
    if seen != cards:
        raise IllegalAction("fortuna.deal.deal", f"the cards {format_hand(cards & ~seen)} were not dealt")
    sizes = {size(h) for h in deal.hands}
    if len(sizes) != 1:
        raise IllegalAction("fortuna.deal.deal", f"hands of unequal size: {[size(h) for h in deal.hands]}")
    if not deal.hands[deal.dealer] >> deal.trump_card & 1:
        raise IllegalAction("fortuna.deal.trump", f"the turned card {format_card(deal.trump_card)} is the dealer's last card: it must be in his hand")
    if not cards >> deal.sur_card & 1:
        raise IllegalAction("fortuna.surs.cut", f"the cut card {format_card(deal.sur_card)} is not in the pack")


def format_action(action: int) -> str:
    """One action as a record writes it.

    >>> format_action(PLAY), format_action(BUY + 1), format_action(REVOKE + 50), format_action(51)
    ('играю', 'buy 1', 'revoke ♥K', '♥A')
    >>> format_action(MISDEAL)
    'misdeal'
    """
    if action in CALL_NAMES:
        return CALL_NAMES[action]
    if action == MISDEAL:
        return "misdeal"
    if action >= REVOKE:
        return f"revoke {format_card(action - REVOKE)}"
    if action >= BUY:
        return f"buy {action - BUY}"
    return format_card(action)


class FortunaRecords:
    name = "fortuna"
    presets = PRESETS

    def new_partie(self, variant, dealer: int) -> Partie:
        if not 0 <= dealer < variant.players:
            raise ValueError(f"no seat {dealer} among {variant.players} players")
        return Partie(variant, dealer=dealer)

    def start_deal(self, partie: Partie, spec: DealRecord, dealer: int | None) -> State:
        v = partie.variant
        if dealer is not None and dealer != partie.dealer:
            if partie.deals or partie._count:
                raise IllegalAction("fortuna.deal.rotation", f"seat {partie.dealer} deals now, not seat {dealer}")
            partie.dealer = dealer
        if spec.seed is not None:
            deal = make_deal(v, spec.seed, partie.dealer)
        else:
            if spec.turned is None or spec.cut is None:
                raise ValueError("a deal written out needs its turned card (turned) and the second pack's cut (cut)")
            hands = tuple(map(parse_cardset, spec.hands or ()))
            talon = tuple(parse_cards(spec.talon)) if spec.talon else ()
            deal = Deal(partie.dealer, hands, parse_card(spec.turned), parse_card(spec.cut), talon)
        check_deal(v, deal)
        return partie.new_deal(deal)

    def parse_actions(self, state: State, text: str) -> list[int]:
        word = text.strip().lower()
        if word in _CALLS:
            return [_CALLS[word]]
        head, _, rest = word.partition(" ")
        if head in ("buy", "купить", "куплю"):
            try:
                return [BUY + int(rest)]
            except ValueError:
                raise ValueError("write buy N, the number of talon cards bought") from None
        if head in ("revoke", "ренонс"):
            return [REVOKE + parse_card(rest)]
        try:
            return parse_cards(text)
        except CardError as err:
            raise ValueError(f"neither a call ({', '.join(sorted(_CALLS))}), buy N, revoke CARD nor cards: {err}") from None

    def read_line(self, text: str) -> Line:
        """A record's line read once, when the record is loaded: its reading does not
        depend on the phase (:meth:`parse_actions` looks at the words alone)."""
        return read_fixed(self.parse_actions, text)

    def format_history(self, state: State) -> list[str]:
        """Calls one a line; the cards of a trick on one line (a revoke on its own)."""
        lines: list[str] = []
        replay = State(state.variant, state.deal, state.pool, state.scores, state.leve_totals)
        trick: list[str] = []
        for action in state.history:
            playing = replay.phase == PLAYING and action != MISDEAL
            replay.apply(action)
            if not playing:
                lines.append(format_action(action))
            elif action >= REVOKE:
                lines += [" ".join(trick)] if trick else []
                lines.append(format_action(action))
                trick = []
            else:
                trick.append(format_action(action))
            if playing and not replay.trick and trick:
                lines.append(" ".join(trick))
                trick = []
        if trick:
            lines.append(" ".join(trick))
        return lines

    def finish_deal(self, partie: Partie, state: State) -> dict[str, Any]:
        res = partie.finish(state)
        return {
            "all_passed": res.all_passed,
            "misdeal": res.misdeal,
            "declarers": list(state.declarers),
            "quota": getattr(state, "quota", 0),
            "tricks": list(state.tricks),
            "leve": list(res.leve),
            "honours": list(res.honours),
            "chips": list(res.chips),
            "remises": res.remises,
            "souverain": list(res.souverain) if res.souverain else None,
            "scores": list(partie.scores),
            "balances": list(partie.balances),
            "pool": partie.pool,
        }

    def partie_outcome(self, partie: Partie) -> dict[str, Any]:
        return {
            "over": partie.over,
            "winner": partie.winner,
            "souverain": list(partie.souverain) if partie.souverain else None,
            "scores": list(partie.scores),
            "balances": list(partie.balances),
            "pool": partie.pool,
            "next_pool": partie.next_pool,
        }

    def dealer_of(self, state: State) -> int:
        return state.deal.dealer

    def deal_of(self, state: State) -> DealRecord:
        d = state.deal
        if d.seed is not None:
            return DealRecord(seed=d.seed)
        return DealRecord(
            hands=[format_hand(h) for h in d.hands], turned=format_card(d.trump_card), cut=format_card(d.sur_card),
            talon=" ".join(format_card(c) for c in d.talon) or None,
        )

    def summary(self, state: State) -> DealSummary:
        d = state.deal
        s = DealSummary(players=state.variant.players, dealer=d.dealer, hands=list(d.hands),
                        talon=cardset(d.talon), turned=d.trump_card, trump=d.trump)
        s.facts.append(("сюры / surs", format_card(d.sur_card)))
        replay = State(state.variant, d, state.pool, state.scores, state.leve_totals)
        plays: list[tuple[int, int]] = []
        revoked: set[int] = set()
        for action in state.history:
            seat, phase = replay.cur, replay.phase
            if action == MISDEAL:
                s.calls.append((d.dealer, "misdeal"))
                replay.apply(action)
                continue
            if phase == AUCTION:
                s.calls.append((seat, CALL_NAMES[action]))
            elif phase == TALON:
                s.calls.append((seat, f"buys {action - BUY}"))
            elif phase == DISCARD:
                s.calls.append((seat, f"discards {format_card(action)}"))
            replay.apply(action)
            if phase == PLAYING:
                card = action - REVOKE if action >= REVOKE else action
                if action >= REVOKE:
                    revoked.add(card)
                plays.append((seat, card))
                if not replay.trick:  # the trick closed: its winner is on lead now (or the deal is over)
                    s.tricks.append(TrickPlayed(plays, replay.best_seat, revokes=frozenset(revoked)))
                    plays, revoked = [], set()
        res = state.settlement()
        if res.misdeal:
            s.result.append(f"Misdeal: the dealer puts {-res.chips[d.dealer]} chips in the pool and deals again.")
        elif res.all_passed:
            s.result.append("All passed: the deal is staked and dealt again.")
        else:
            who = " and ".join(f"seat {p}" for p in state.declarers)
            s.result.append(f"{'Declarer' if len(state.declarers) == 1 else 'Declarers'}: {who}, "
                            f"each to take {state.quota} tricks.")
            for label, seats in (("Made", res.made), ("Failed", res.failed)):
                if seats:
                    s.result.append(f"{label}: " + " and ".join(f"seat {p}" for p in seats) + ".")
        s.table = [["player", "role", "tricks", "chips"]] + [
            [p, _role(p, state, res), str(state.tricks[p]), res.chips[p]] for p in range(len(res.chips))]
        if sum(res.chips):  # stakes, fees and remises go to the pool
            s.table.append(["the pool / пулька", "", "", -sum(res.chips)])
        s.trace = res.trace
        return s


def _role(seat: int, state: State, res) -> str:
    """What a player was in the deal, for the outcome table."""
    if res.misdeal or res.all_passed:
        return "dealer" if seat == state.deal.dealer else "—"
    if seat in res.made:
        return "declarer, made"
    if seat in res.failed:
        return "declarer, failed"
    return "forced (неволя)" if state.nevolia is not None else "passed"


RECORDS = FortunaRecords()

__all__ = ["RECORDS", "check_deal", "format_action"]
