"""Each engine option, with a case whose result changes with it."""

import pytest

from cardrules.cards import parse_cards, parse_cardset
from cardrules.games.piquet import RUBICON, RUSSIAN, THREE, Partie, State
from cardrules.games.piquet.deal import deal, draw_dealer
from cardrules.games.piquet.exchange import exchange_counts, take_order
from cardrules.games.piquet.partie import rubicon_won
from cardrules.games.piquet.scoring import DealFacts, score_deal
from cardrules.games.piquet.simulate import random_deal, random_partie
from cardrules.rules import VariantError, parameters
from cardrules.games.piquet.variants import Variant


CAPOT = [(1, 1)] * 12
BLANCHE = parse_cardset("♠A1098 ♣A109 ♦A109 ♥10 ♥9")
BIG = parse_cardset("♠AKQJ10987 ♥AKQJ")


def games(v, entries):
    p = Partie(v, dealer=0)
    for seat, diff in entries:
        p.write_game([diff if seat == 0 else 0, diff if seat == 1 else 0])
    return p


def facts(v, tricks, dealt=(BIG, BIG), held=(0, 0), outcome=((), (), ()), overdrawn=()):
    return score_deal(DealFacts(v, [1, 0], list(dealt), list(held), [list(o) for o in outcome], [], tricks, set(overdrawn)))




def test_first_dealer_draw():
    drawn = parse_cards("♠A ♥8")
    assert draw_dealer(RUSSIAN, drawn) == 1 and draw_dealer(RUSSIAN.with_options(first_dealer_draw="higher"), drawn) == 0


def test_royalik_deal():
    st = random_deal(RUSSIAN, 1, dealer=1)
    for reading, expected in (("alternate", 0), ("same", 1)):
        p = Partie(RUSSIAN.with_options(royalik_deal=reading), dealer=1)
        p.finish(random_deal(RUSSIAN, 1, dealer=1))
        assert p.next_dealer() == expected


@pytest.mark.parametrize("field, value, role, expected", [
    ("elder_min", 1, "elder", [0, 1, 2, 3, 4, 5]), ("elder_max", 4, "elder", [0, 3, 4]),
    ("younger_min", 2, "younger", [0, 2, 3, 4, 5]), ("younger_max", 8, "younger", [0, 3, 4, 5, 6, 7, 8]),
    ("may_refuse", False, "elder", [3, 4, 5]),
])
def test_exchange_limits(field, value, role, expected):
    assert exchange_counts(RUSSIAN.with_options(**{field: value}), role, 8) == expected
    assert exchange_counts(RUSSIAN, role, 8) != expected


def test_younger_takes_first():
    assert take_order(RUSSIAN, list(range(8)), 3)[0] == 5
    assert take_order(RUSSIAN.with_options(younger_takes_first="leftovers"), list(range(8)), 3)[0] == 3


def test_carte_blanche_value():
    for value in (10, 20):
        r = facts(RUSSIAN.with_options(carte_blanche=value), [(1, 0)] * 6 + [(0, 0)] * 6, dealt=(BLANCHE, BIG))
        assert r.hand[0] == value


def test_declares_first():
    d = deal(RUSSIAN, 2, dealer=0)
    for first, speaker in (("elder", 1), ("dealer", 0)):
        st = State(RUSSIAN.with_options(declares_first=first), d)
        st.apply(64); st.apply(64)
        assert st.current_player() == speaker


def test_pique_threshold_and_values():
    held = (0, parse_cardset("♠AKQJ1098"))     # a septième (17) and a point of 7: 24 in hand
    outcome = ([1], [1], [])
    base = facts(RUSSIAN, CAPOT, held=held, outcome=outcome)
    assert base.hand[1] == 24 and base.pique == 1 and base.bonus[1] == 30 + 40
    low = facts(RUSSIAN.with_options(pique_at=20), CAPOT, held=held, outcome=outcome)
    assert low.repique == 1 and low.bonus[1] == 70 + 40
    assert facts(RUSSIAN.with_options(pique_to=70), CAPOT, held=held, outcome=outcome).bonus[1] == 40 + 40
    assert facts(RUSSIAN.with_options(pique_at=20, repique_to=80), CAPOT, held=held, outcome=outcome).bonus[1] == 60 + 40


def test_cards_capot_last_trick():
    seven = [(1, 1)] * 7 + [(1, 0)] * 5
    assert facts(RUSSIAN, seven).bonus[1] == 10 and facts(RUSSIAN.with_options(cards_bonus=20), seven).bonus[1] == 20
    assert facts(RUSSIAN, CAPOT).bonus[1] == 40 and facts(RUSSIAN.with_options(capot_bonus=30), CAPOT).bonus[1] == 30
    assert facts(RUSSIAN, CAPOT).play[1] == 13 and facts(RUSSIAN.with_options(last_trick=0), CAPOT).play[1] == 12


def test_molchanka_scope():
    held = (0, parse_cardset("♠AKQJ1098"))
    tricks = [(1, 1)] * 6 + [(1, 0)] * 6
    r = facts(RUSSIAN, tricks, held=held, outcome=([1], [1], []), overdrawn=[1])
    assert r.scores[1] == 24
    r = facts(RUSSIAN.with_options(molchanka="deal"), tricks, held=held, outcome=([1], [1], []), overdrawn=[1])
    assert r.scores[1] == 0


def test_partie_kind_and_length():
    assert games(RUSSIAN, [(0, 10), (1, 5), (0, 10), (1, 5)]).over
    assert not games(RUSSIAN.with_options(royaliks=3), [(0, 10), (1, 5), (0, 10), (1, 5)]).over
    with pytest.raises(VariantError):
        RUSSIAN.with_options(partie="rubicon", players=3)
    assert len(random_partie(RUBICON, 1).deals) in (6, 8)
    assert len(random_partie(RUSSIAN.with_options(partie="rubicon"), 1).deals) in (6, 8)


@pytest.mark.parametrize("reading, figure", [("half-up", 120), ("up", 120), ("five-down", 110)])
def test_rounding(reading, figure):
    assert games(RUSSIAN.with_options(rounding=reading), [(0, 20), (1, 5)]).royalik_col[0] == [figure]


def test_royalik_bonus_refet_factor_skvoznaya():
    assert games(RUSSIAN.with_options(royalik_bonus=50), [(0, 20), (1, 5)]).royalik_col[0] == [70]
    assert games(RUSSIAN.with_options(refet_factor=3), [(0, 0), (0, 10)]).game_col[0] == [30]
    assert games(RUSSIAN, [(0, 0), (0, 10)]).game_col[0] == [20]
    sweep = [(0, 5), (0, 7), (0, 9), (0, 3)]
    assert games(RUSSIAN, sweep).settlement[0] - games(RUSSIAN.with_options(skvoznaya=0), sweep).settlement[0] == 100


def test_carried_refet():
    plain = Partie(RUSSIAN, dealer=0)
    carried = Partie(RUSSIAN.with_options(carried_refet=True), dealer=0)
    for p in (plain, carried):
        for g in ([0, 30], [0, 22], [10, 0]):
            p.write_game(g)
    # the first royalik's two games doubled under the carried refet; the second's first game not
    assert plain.game_col == [[10], [30, 22]] and carried.game_col == [[10], [60, 44]]
    with pytest.raises(VariantError):
        RUBICON.with_options(carried_refet=True)


def test_refet_reading():
    assert games(RUSSIAN, [(0, 0), (0, 20)]).royalik_col == [[], []]
    assert games(RUSSIAN.with_options(refet="none"), [(0, 0), (0, 20)]).royalik_col == [[120], []]


def test_lezu_ties():
    three = [(0, 0)] * 4 + [(1, 1)] * 4 + [(2, 2)] * 2
    def bonus(v):
        return score_deal(DealFacts(v, [0, 1, 2], [BIG] * 3, [0] * 3, [[], [], []], [], three)).bonus
    assert bonus(THREE) == [0, 0, 0] and bonus(THREE.with_options(lezu_ties="each")) == [10, 10, 0]


def test_rubicon_options():
    assert rubicon_won(150, 120, RUBICON) == 130 and rubicon_won(150, 120, RUBICON.with_options(rubicon=130)) == 370
    assert len(random_partie(RUBICON.with_options(rubicon_deals=4), 2).deals) in (4, 6)


def test_three_target_and_stake():
    short = random_partie(THREE.with_options(target=40), 3)
    long = random_partie(THREE.with_options(target=300), 3)
    assert len(short.deals) < len(long.deals)
    assert sorted(random_partie(THREE.with_options(stake=5), 3).settlement) == [-10, 5, 5]


def test_players_and_hand_size_go_together():
    with pytest.raises(VariantError):
        RUSSIAN.with_options(players=3)
    with pytest.raises(VariantError):
        RUSSIAN.with_options(elder_min=5, elder_max=4)


def test_every_parameter_is_tested_here():
    import inspect, sys
    source = inspect.getsource(sys.modules[__name__])
    for name, _, _ in parameters(Variant):
        assert name in source, name
