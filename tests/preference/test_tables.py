"""The shortcuts of the play proved equal to what they replace: the orders of a trick made
once for each table, the defenders read off the order of the table, the lawful card asked
of legal_plays alone, and the Croatian defence's tricks counted as all less the declarer's."""

import random

from cardrules.engine import IllegalAction
from cardrules.games.preference import CROATIAN
from cardrules.games.preference.deal import turn_order
from cardrules.games.preference.play import CLAUSES, trick_orders
from cardrules.games.preference.simulate import random_deal
from cardrules.games.preference.state import Phase
from cardrules.tricks import check_play, legal_plays, play_order


def test_trick_orders_are_each_seats_play_order():
    """Every Austrian table (three or four players, every dealer): from each seat, the seat's play_order."""
    for players in (3, 4):
        for dealer in range(players):
            out = (dealer,) if players == 4 else ()
            order = turn_order((dealer + 1) % players, players, "clockwise", out)
            assert trick_orders(order) == {s: tuple(play_order(s, players, out)) for s in order}


def test_trick_orders_are_the_rotations_of_the_croatian_table():
    """Every Croatian table (the declarer and his followers, in either direction): the rotations it had."""
    for players in (3, 4):
        for direction in ("clockwise", "anticlockwise"):
            for dealer in range(players):
                out = (dealer,) if players == 4 else ()
                order = turn_order(turn_order(dealer, players, direction)[1], players, direction, out)
                for mask in range(1, 1 << len(order)):
                    at = tuple(s for i, s in enumerate(order) if mask >> i & 1)
                    assert trick_orders(at) == {s: tuple(list(at[i:] + at[:i])) for i, s in enumerate(at)}


def test_defenders_from_the_declarers_left_are_his_turn_order_less_himself():
    for players in (3, 4):
        for dealer in range(players):
            out = (dealer,) if players == 4 else ()
            for d in (s for s in range(players) if s not in out):
                before = tuple(s for s in ((d + i) % players for i in range(1, players)) if s not in out)
                assert turn_order(d, players, "clockwise", out)[1:] == before


def test_a_card_is_lawful_exactly_when_check_play_lets_it_pass():
    """100,000 random hands, cards, suits led, trumps and must_trump: the play's test of a
    lawful card (in the hand, and a lead, of the suit led or allowed by legal_plays) says
    what check_play says."""
    rng = random.Random(14)
    for _ in range(100_000):
        hand = rng.getrandbits(52) & rng.getrandbits(52)
        c = rng.randrange(52)
        led = rng.choice((None, 0, 1, 2, 3))
        trump = rng.choice((None, 0, 1, 2, 3))
        must = rng.random() < 0.5
        lawful = bool(hand >> c & 1 and (led is None or c // 13 == led or legal_plays(hand, led, trump, must) >> c & 1))
        try:
            check_play(hand, c, led, trump, must, CLAUSES)
        except IllegalAction:
            assert not lawful
        else:
            assert lawful


def test_the_croatian_defence_has_all_the_tricks_the_declarer_has_not():
    """After every card of 600 random Croatian deals (three and four players): the followers'
    tricks are all the tricks less the declarer's, as the early end now counts them."""
    for v in (CROATIAN, CROATIAN.with_options(players=4)):
        for seed in range(300):
            done = random_deal(v, seed, dealer=seed % v.players)
            st = done.__class__(v, done.deal, done.sheet)
            for action in done.history:
                st.apply(action)
                if st.declarer is not None and st.phase in (Phase.PLAY, Phase.DONE):
                    assert sum(st.tricks) - st.tricks[st.declarer] == sum(st.tricks[s] for s in st.playing)
            assert st.tricks == done.tricks

