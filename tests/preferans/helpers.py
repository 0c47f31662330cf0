"""Hand-built deals for the preferans tests."""

from cardrules.cards import parse_card, parse_cardset
from cardrules.games.preferans.deal import Dealt, seats_of
from cardrules.games.preferans.state import State


def dealt(variant, p0: str, p1: str, p2: str, talon: str, dealer: int = 2) -> Dealt:
    """A deal given by positions: first, second, third hand, and the talon."""
    t = tuple(parse_card(x) for x in talon.split())
    return Dealt((parse_cardset(p0), parse_cardset(p1), parse_cardset(p2)), t, dealer, seats_of(variant, dealer))


def play_out(st: State, pick=min) -> State:
    """Play to the end choosing ``pick`` of the legal actions each time."""
    while not st.is_terminal():
        st.apply(pick(st.legal_actions()))
    return st


def entries(st: State) -> list[tuple]:
    return [(e.kind, e.seat, e.amount, e.on) for e in st.entries]


#: Spades and two top hearts; clubs and ♥QJ; diamonds and ♥10 9; talon ♥8 ♥7.
STRONG = ("♠AKQJ10987 ♥AK", "♣AKQJ10987 ♥QJ", "♦AKQJ10987 ♥10 ♥9", "♥8 ♥7")
