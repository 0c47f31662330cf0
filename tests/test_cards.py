"""Property tests of the notation, the packs and the seeded shuffle (cardrules.cards)."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardrules import cards as C
from cardrules import deal as D
from cardrules.cards import (
    CardError, FULL_MASK, PIQUET_32, SUITS, cards_of, deck, format_card, format_cards,
    format_hand, parse_card, parse_cards, parse_cardset, shuffle,
)

STYLES = ("en", "ru", "ascii")

card_lists = st.lists(st.integers(0, 51), unique=True, max_size=52)
masks = st.integers(0, FULL_MASK)


# --- notation round trips -------------------------------------------------------------


@given(card_lists, st.sampled_from(STYLES))
def test_format_then_parse_gives_the_same_cards_in_order(cards, lang):
    assert parse_cards(format_cards(cards, lang)) == cards


@given(st.integers(0, 51), st.sampled_from(STYLES))
def test_one_card_round_trips(c, lang):
    assert parse_card(format_card(c, lang)) == c


@given(masks, st.sampled_from(STYLES))
def test_format_hand_then_parse_gives_the_same_set(mask, lang):
    assert parse_cardset(format_hand(mask, lang)) == mask


@given(masks)
def test_format_hand_names_each_suit_once_in_seniority_order(mask):
    text = format_hand(mask)
    glyphs = [ch for ch in text if ch in C.SUIT_GLYPHS]
    assert glyphs == [C.SUIT_GLYPHS[s] for s in SUITS if C.in_suit(mask, s)]


@given(st.integers(0, 51))
def test_rank_before_suit_is_read_too(c):
    # «10♥», «T♥», «Т♥»: a rank then a suit glyph is the same card.
    for names in (C.RANK_NAMES_EN, C.RANK_NAMES_RU, C.RANK_NAMES_ASCII):
        assert parse_card(names[C.rank_of(c)] + C.SUIT_GLYPHS[C.suit_of(c)]) == c


# --- junk is refused, naming the bad token ----------------------------------------------

_VALID = re.compile(r"(?:10|[2-9TJQKAВДКТ])[♠♣♦♥♤♧♢♡SCDH]|[♠♣♦♥♤♧♢♡SCDH](?:10|[2-9TJQKAВДКТ])+")
junk_chars = st.sampled_from(list("♠♣♦♥SCDHAKQJTВДКТ0123456789XYZabcxyzйцу!?*-_.") )


@given(st.text(junk_chars, min_size=1, max_size=6))
def test_junk_token_raises_card_error_naming_it(token):
    assume(not _VALID.fullmatch(token.upper()))
    with pytest.raises(CardError) as err:
        parse_cards(f"♠A {token} ♥7")
    assert err.value.token == token
    assert repr(token) in str(err.value)


@given(st.integers(0, 51))
def test_the_same_card_twice_is_refused(c):
    with pytest.raises(CardError, match="the same card twice"):
        parse_cards(f"{format_card(c)} {format_card(c, 'ascii')}")


# --- the suits and ranks ----------------------------------------------------------------


@pytest.mark.parametrize(("word", "suit"), [
    ("пики", C.SPADES), ("трефы", C.CLUBS), ("крести", C.CLUBS), ("бубны", C.DIAMONDS),
    ("червы", C.HEARTS), ("черви", C.HEARTS), ("♥", C.HEARTS), ("h", C.HEARTS), ("Spades", C.SPADES),
])
def test_parse_suit_reads_names_and_variants(word, suit):
    assert C.parse_suit(word) == suit


def test_suit_order_is_the_preferans_order():
    # пики < трефы < бубны < червы, each suit senior to all before it.
    for i, low in enumerate(SUITS):
        for high in SUITS[i + 1:]:
            assert C.senior_suit(low, high) == high == C.senior_suit(high, low)


@given(st.permutations(list(range(13))))
def test_rank_strength_follows_the_order_given(order):
    strength = C.rank_strength(order)
    assert [strength[r] for r in order] == list(range(12, -1, -1))


@given(masks)
def test_small_cards_are_the_numbered_cards(mask):
    small = C.small_cards(mask)
    assert small & ~mask == 0
    assert all(C.rank_of(c) <= C.TEN for c in cards_of(small))
    assert all(C.rank_of(c) > C.TEN for c in cards_of(mask & ~small))


# --- the packs ----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "n"), [
    ("full-52", 52), ("piquet-32", 32), ("sevens-40", 40), ("fortuna-28", 28),
    *[(f"fortuna-39-short-{C.SUIT_NAMES_EN[s]}", 39) for s in SUITS],
    *[(f"fortuna-26-short-{C.SUIT_NAMES_EN[s]}", 26) for s in SUITS],
])
def test_deck_sizes(name, n):
    d = deck(name)
    assert d.size == n == len(d.cards)
    assert str(d) == name


def test_piquet_pack_runs_seven_to_ace_in_every_suit():
    for s in SUITS:
        assert [C.rank_of(c) for c in cards_of(C.in_suit(PIQUET_32.mask, s))] == list(range(C.SEVEN, C.ACE + 1))


def test_sevens_pack_has_no_eights_nines_or_tens():
    ranks = {C.rank_of(c) for c in deck("sevens-40").cards}
    assert ranks == set(range(13)) - {C.EIGHT, C.NINE, C.TEN}


# --- the seeded shuffle -------------------------------------------------------------------


def test_splitmix64_published_vector_for_seed_0():
    # The first outputs of SplitMix64 seeded with 0, as published with the algorithm.
    numbers = C._splitmix64(0)
    assert [next(numbers) for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@settings(max_examples=50)
@given(st.sampled_from(["full-52", "piquet-32", "sevens-40", "fortuna-28", "fortuna-39-short-clubs"]),
       st.integers(0, 2**64 - 1))
def test_shuffle_is_a_deterministic_permutation(name, seed):
    d = deck(name)
    once = shuffle(d, seed)
    assert tuple(sorted(once)) == d.cards
    assert shuffle(d, seed) == once
    assert shuffle(d.cards, seed) == once


@given(card_lists, st.integers(0, 2**64 - 1))
def test_shuffle_of_any_cards_is_a_permutation(cards, seed):
    assert sorted(shuffle(cards, seed)) == sorted(cards)


def test_different_seeds_give_different_deals():
    assert len({tuple(shuffle(PIQUET_32, seed)) for seed in range(20)}) == 20


# --- the deal -----------------------------------------------------------------------------


@settings(max_examples=50)
@given(st.integers(0, 2**32), st.integers(0, 2))
def test_preferans_deal_conserves_the_pack(seed, dealer):
    pack = shuffle(PIQUET_32, seed)
    dealt = D.deal(pack, 3, dealer, pattern=(2, D.ToTalon(2), 2, 2, 2, 2))
    assert [C.size(h) for h in dealt.hands] == [10, 10, 10]
    assert C.size(dealt.talon) == 2
    union = dealt.talon
    for h in dealt.hands:
        assert union & h == 0
        union |= h
    assert union == PIQUET_32.mask and dealt.stock == ()
    # The first two cards go to the dealer's left; the dealer gets the last card.
    assert set(pack[:2]) <= set(cards_of(dealt.hands[(dealer + 1) % 3]))
    assert dealt.last == pack[-1] and dealt.last in cards_of(dealt.hands[dealer])


def test_dealer_sitting_out_gets_nothing():
    dealt = D.deal(PIQUET_32.cards, 4, dealer=3, pattern=(2, D.ToTalon(2), 2, 2, 2, 2), sitting_out=(3,))
    assert [C.size(h) for h in dealt.hands] == [10, 10, 10, 0]


def test_short_pack_is_an_error():
    with pytest.raises(ValueError, match="ran out"):
        D.deal(PIQUET_32.cards, 3, 0, pattern=(11,))


@given(st.lists(st.integers(0, 51), min_size=2, max_size=52, unique=True), st.data())
def test_cut_is_a_rotation(cards, data):
    at = data.draw(st.integers(1, len(cards) - 1))
    cut = D.cut(cards, at)
    assert sorted(cut) == sorted(cards)
    assert cut[-at:] == cards[:at]


def _reference_shuffle(cards, seed):
    """Fisher–Yates as the textbook writes it, over the SplitMix64 generator."""
    out = list(cards)
    numbers = C._splitmix64(seed)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = (1 << 64) - (1 << 64) % n
        z = next(numbers)
        while z >= limit:
            z = next(numbers)
        j = z % n
        out[i], out[j] = out[j], out[i]
    return out


@given(seed=st.integers(0, 2**64 - 1), n=st.integers(0, 200))
def test_inline_shuffle_is_fisher_yates_over_splitmix64(seed, n):
    cards = list(range(n))
    assert shuffle(cards, seed) == _reference_shuffle(cards, seed)
