"""The exact odds of ``cardrules.odds`` against the games' own seeded deals, and cells by hand.

Simulation: each figure p is compared with the frequency f observed over n cases of the
engine's deals (seeds 0 … N − 1, fixed, so the test is deterministic). The standard error
of f is sqrt(p (1 − p) / n); a cell passes when |f − p| <= K standard errors, K = 4.5.
One cell of a fair count strays that far with chance about 7 in a million; a table with a
wrong formula (a 1 % error in a cell of 40 %, say) strays 6 to 10 standard errors at these
N. The tolerance of each cell is printed on failure. An impossible layout (p = 0) must
never be seen.

N: 100,000 preferans deals (the declarer's and the talon's 12 cards, four suits each:
400,000 suit layouts; the standard error of a cell near 50 % is at most 0.0016 with the
fewest cases, k = 8); 40,000 deals of each form of Fortuna (the worst standard error, for
a chance of 1/2, is 0.0025, tolerance 0.011). The whole file takes a few seconds.
"""

from collections import Counter, defaultdict
from fractions import Fraction
from math import comb, sqrt

import pytest

from cardrules import odds
from cardrules.cards import SUIT_MASKS, SUITS, card, ACE, SPADES, HEARTS
from cardrules.games.fortuna import scoring as fscoring
from cardrules.games.fortuna.deal import deal as fortuna_deal
from cardrules.games.fortuna.variants import PRESETS as FORTUNA_PRESETS
from cardrules.games.preferans.deal import deal as preferans_deal
from cardrules.games.preferans.variants import SOCHI

K = 4.5
N_PREFERANS = 100_000
N_FORTUNA = 40_000


def check(p: Fraction, hits: int, n: int, what: str) -> None:
    """The frequency hits/n within K standard errors of the exact p."""
    if p == 0:
        assert hits == 0, f"{what}: impossible, yet seen {hits} times"
        return
    se = sqrt(float(p) * (1 - float(p)) / n)
    f = hits / n
    assert abs(f - float(p)) <= K * se, (f"{what}: exact {p} = {float(p):.5f}, observed {hits}/{n} = {f:.5f}, "
                                         f"tolerance ±{K * se:.5f} ({K} standard errors)")


def check_distribution(exact: dict, counts: Counter, n: int, what: str) -> None:
    assert sum(exact.values()) == 1, f"{what}: the exact chances add up to {sum(exact.values())}"
    for key in set(exact) | set(counts):
        check(exact.get(key, Fraction(0)), counts.get(key, 0), n, f"{what}, {key}")


# --- preferans --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def preferans_tallies():
    """From each deal (dealer 0), for each suit: what position 0 would see as declarer after
    the talon (the k cards of the suit outside his hand and the talon, and how many the
    first opponent holds), and before the talon (the k outside his hand: in the first hand,
    the second, the talon)."""
    after: dict[int, Counter] = defaultdict(Counter)
    before: dict[int, Counter] = defaultdict(Counter)
    ace_spades = card(SPADES, ACE)
    ace_hearts = card(HEARTS, ACE)
    given_card = [0, 0]                      # [♠A not in hand 0, ... and in the talon]
    given_pair = [0, 0]                      # [♠A and ♥A not in hand 0, ... and they are the talon]
    for seed in range(N_PREFERANS):
        d = preferans_deal(SOCHI, seed)
        h0, h1, h2 = d.hands
        talon = d.talon
        for s in SUITS:
            m = SUIT_MASKS[s]
            a1, a2, t = (h1 & m).bit_count(), (h2 & m).bit_count(), (talon & m).bit_count()
            after[a1 + a2][a1] += 1
            before[a1 + a2 + t][(a1, a2, t)] += 1
        if not h0 >> ace_spades & 1:
            given_card[0] += 1
            given_card[1] += talon >> ace_spades & 1
            if not h0 >> ace_hearts & 1:
                given_pair[0] += 1
                given_pair[1] += talon == (1 << ace_spades) | (1 << ace_hearts)
    return after, before, given_card, given_pair


@pytest.mark.parametrize("k", range(1, 9))
def test_split_after_talon_against_deals(preferans_tallies, k):
    after = preferans_tallies[0][k]
    n = sum(after.values())
    exact = {left: p for (left, _right), p in odds.split_after_talon(k).items()}
    check_distribution(exact, after, n, f"after the talon, k = {k}")


@pytest.mark.parametrize("k", range(1, 9))
def test_split_before_talon_against_deals(preferans_tallies, k):
    before = preferans_tallies[1][k]
    n = sum(before.values())
    check_distribution(odds.split_before_talon(k), before, n, f"before the talon, k = {k}")
    in_talon = Counter()
    for (_a, _b, c), count in before.items():
        in_talon[c] += count
    check_distribution(odds.talon_suit(k), in_talon, n, f"cards of the suit in the talon, k = {k}")
    check(odds.talon_at_least_one(k), n - in_talon[0], n, f"at least one in the talon, k = {k}")


def test_talon_given_card_and_pair_against_deals(preferans_tallies):
    given_card, given_pair = preferans_tallies[2], preferans_tallies[3]
    check(odds.talon_given_card(), given_card[1], given_card[0], "♠A in the talon")
    check(odds.talon_given_pair(), given_pair[1], given_pair[0], "the talon is ♠A ♥A")


def test_preferans_cells_by_hand():
    # Both remaining cards of a suit (k = 2) in the talon: the talon is one pair of the
    # C(22, 2) = 22 · 21 / 2 = 231 pairs of unseen cards, so 1/231.
    assert odds.split_before_talon(2)[(0, 0, 2)] == Fraction(1, 231) == odds.talon_suit(2)[2]
    # A given card in the talon: 2 of the 22 unseen places.
    assert odds.talon_given_card() == Fraction(2, 22)
    # k = 2 after the talon, 1–1: the left hand holds a given one of the two and not the
    # other in C(18, 9) of the C(20, 10) hands; C(18, 9) / C(20, 10) = (10 · 10) / (20 · 19)
    # = 5/19, and two such layouts: 10/19.
    assert odds.split_after_talon(2)[(1, 1)] == Fraction(10, 19)
    # k = 4, 2–2: 6 layouts of C(16, 8) / C(20, 10) = (10·9·10·9) / (20·19·18·17) = 45/646.
    assert odds.split_after_talon(4)[(2, 2)] == 6 * Fraction(45, 646) == Fraction(135, 323)
    # A void player (k = 8): the talon is two of the suit in C(8, 2) = 28 of 231 cases;
    # at least one in all but C(14, 2) = 91: 140/231 = 20/33.
    assert odds.talon_suit(8)[2] == Fraction(28, 231)
    assert odds.talon_at_least_one(8) == Fraction(20, 33)
    # k = 1 before the talon: the card is in a hand of 10 (10/22 each) or the talon (2/22).
    assert odds.split_before_talon(1) == {(1, 0, 0): Fraction(5, 11), (0, 1, 0): Fraction(5, 11),
                                          (0, 0, 1): Fraction(1, 11)}


def test_every_preferans_table_adds_up():
    for k in range(1, 9):
        assert sum(odds.split_after_talon(k).values()) == 1
        assert sum(p for *_, p in odds.split_after_talon_either_way(k)) == 1
        assert sum(odds.split_before_talon(k).values()) == 1
        assert sum(p for *_, p in odds.split_before_talon_either_way(k)) == 1
        assert sum(odds.talon_suit(k).values()) == 1


def test_bad_k_is_a_one_line_error():
    with pytest.raises(ValueError, match="a suit has 8 cards: 9 cannot be outstanding"):
        odds.split_after_talon(9)


# --- Fortuna ------------------------------------------------------------------------------------


@pytest.fixture(scope="module", params=list(FORTUNA_PRESETS))
def fortuna_tallies(request):
    """Dealer 0 and the next seat: their honours of the turned trump as dealt (count and
    points, by the engine's scoring) and whether they hold the petit souverain's cards
    (asked of the engine's own ``souverain`` for a hand of 12 points)."""
    variant = FORTUNA_PRESETS[request.param]
    counts = {True: Counter(), False: Counter()}
    points = {True: Counter(), False: Counter()}
    petit = {True: 0, False: 0}
    for seed in range(N_FORTUNA):
        d = fortuna_deal(variant, seed, dealer=0)
        honours = fscoring.honours_mask(variant, d.trump)
        for dealer, seat in ((True, 0), (False, 1)):
            hand = d.hands[seat]
            counts[dealer][(hand & honours).bit_count()] += 1
            points[dealer][fscoring.honour_points(variant, hand, d.trump)] += 1
            petit[dealer] += fscoring.souverain(variant, variant.partie_points - 1, hand, d.trump) == "petit"
    return variant, counts, points, petit


def test_fortuna_honours_against_deals(fortuna_tallies):
    variant, counts, points, _ = fortuna_tallies
    for dealer in (True, False):
        who = "dealer" if dealer else "another"
        check_distribution(odds.fortuna_honours(variant, dealer), counts[dealer], N_FORTUNA,
                           f"{variant.name}, {who}, honours held")
        check_distribution(odds.fortuna_honour_points(variant, dealer), points[dealer], N_FORTUNA,
                           f"{variant.name}, {who}, honour points")


def test_fortuna_petit_cards_against_deals(fortuna_tallies):
    variant, _, _, petit = fortuna_tallies
    for dealer in (True, False):
        check(odds.fortuna_petit_cards(variant, dealer), petit[dealer], N_FORTUNA,
              f"{variant.name}, {'dealer' if dealer else 'another'}, the petit souverain's cards")


def test_fortuna_cells_by_hand():
    four, two = FORTUNA_PRESETS["four"], FORTUNA_PRESETS["two"]
    # The ace of the petit souverain for four is never the turned card (turning ♥A makes
    # hearts trumps and asks for ♠A; turning ♠A asks for ♥A), so it lies among the other 51:
    # a non-dealer's 13 hold it with chance 13/51, the dealer's other 12 with 12/51.
    assert odds.fortuna_petit_cards(four, dealer=False) == Fraction(13, 51)
    assert odds.fortuna_petit_cards(four, dealer=True) == Fraction(12, 51)
    # Five honours for a non-dealer of four: the turned card is no honour in 8 cases of 13;
    # then C(46, 8) / C(51, 13) = 429/783020; 8/13 of it is 66/195755.
    assert Fraction(comb(46, 8), comb(51, 13)) == Fraction(429, 783020)
    assert odds.fortuna_honours(four, dealer=False)[5] == Fraction(66, 195755)
    # The dealer of four holds no honour only if the turned card is no honour (8/13) and his
    # other 12 cards miss all five among the other 51: C(46, 12) / C(51, 12).
    assert odds.fortuna_honours(four, dealer=True)[0] == Fraction(8, 13) * Fraction(comb(46, 12), comb(51, 12))
    # For two with 26 cards, the non-dealer holds the petit souverain's seven cards only when
    # the turned card is the eight of a long suit (3 of 26) and his 13 of 25 hold the 7:
    # C(18, 6) / C(25, 13).
    assert odds.fortuna_petit_cards(two, dealer=False) == Fraction(3, 26) * Fraction(comb(18, 6), comb(25, 13))
    # Three, five honours for a non-dealer: trumps must be a suit of twelve (36 of 39 turned
    # cards; the cut-down suit has only Q K A), the turned card no honour (7 of those 12), and
    # his 13 cards of the other 38 hold all five: 7/13 · C(33, 8) / C(38, 13)
    # = 7/13 · (13·12·11·10·9) / (38·37·36·35·34).
    three = FORTUNA_PRESETS["three"]
    assert odds.fortuna_honours(three, dealer=False)[5] == Fraction(7, 13) * Fraction(154440, 38 * 37 * 36 * 35 * 34)


def test_the_pages_tables_are_made():
    for name, make in odds.TABLES.items():
        header, rows = make()
        assert rows and all(len(row) == len(header) for row in rows), name


# --- piquet -------------------------------------------------------------------------------------

N_PIQUET = 60_000


@pytest.mark.parametrize("name", ["russian", "three"])
def test_piquet_carte_blanche_against_deals(name):
    # A carte blanche is rare (1 hand in 1,792 for two): at N = 60,000 deals seat 0 sees
    # about 33 of them and the tolerance is wide (±4.5 · 0.0001 = ±0.00043 on 0.00056), so the
    # test catches a formula off by a factor, not by a few per cent; for three (1 in 349)
    # the tolerance is ±0.001 on 0.0029.
    from cardrules.games.piquet.deal import carte_blanche, deal
    from cardrules.games.piquet.variants import PRESETS
    variant = PRESETS[name]
    seat0 = anyone = 0
    for seed in range(N_PIQUET):
        d = deal(variant, seed, dealer=0)
        blank = [carte_blanche(h) for h in d.hands]
        seat0 += blank[0]
        anyone += any(blank)
    one, at_least_one = odds.piquet_carte_blanche(variant)
    check(one, seat0, N_PIQUET, f"{name}: carte blanche in seat 0's hand")
    check(at_least_one, anyone, N_PIQUET, f"{name}: carte blanche in some hand")


def test_piquet_cells_by_hand():
    from cardrules.games.piquet.variants import RUSSIAN
    # C(20, 12) / C(32, 12) = 125970 / 225792840; both hands blank would need 24 non-court cards.
    assert comb(20, 12) == 125970 and comb(32, 12) == 225792840
    assert odds.piquet_carte_blanche(RUSSIAN) == (Fraction(125970, 225792840), 2 * Fraction(125970, 225792840))
    assert odds.piquet_all_blank(RUSSIAN, 2) == 0
