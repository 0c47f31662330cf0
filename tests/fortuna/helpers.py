"""Deals built by hand for the Fortuna tests."""

from cardrules.cards import card, parse_card, parse_cardset, SUIT_MASKS
from cardrules.games.fortuna.deal import Deal
from cardrules.games.fortuna.scoring import DealFacts


def suit_deal(dealer: int, suits: list[int], sur: str = "♣2") -> Deal:
    """Four-handed: seat i holds the whole suit ``suits[i]``; the dealer's suit is trumps."""
    hands = tuple(SUIT_MASKS[s] for s in suits)
    trump_card = card(suits[dealer], 0)  # the dealer's two was the last card dealt
    return Deal(dealer, hands, trump_card, parse_card(sur))


def hands_deal(dealer: int, hands: list[str], trump: str, sur: str, talon: str = "") -> Deal:
    cards = tuple(parse_cardset(h) for h in hands)
    return Deal(dealer, cards, parse_card(trump), parse_card(sur),
                tuple(parse_card(c) for c in talon.split()) if talon else ())


def facts(variant, *, trump, surs, declarers, quota, tricks, held=None, nevolia=None, revokes=None,
          bought=None, pool=24, scores=None, leve_totals=None, dealer=3):
    n = variant.players
    return DealFacts(variant, dealer, trump, surs, declarers, nevolia, quota, tricks,
                     [parse_cardset(h) if isinstance(h, str) else h for h in (held or [""] * n)],
                     revokes or {}, bought or [0] * n, pool, scores or [0] * n, leve_totals or [0] * n)


def play_out(state, choose=lambda acts: acts[0]):
    """Play a deal to its end, choosing among legal actions (first by default)."""
    while not state.is_terminal():
        state.apply(choose(list(state.legal_actions())))
    return state
