"""Exact odds of the deal, as fractions: counted with binomial coefficients, never sampled.

Every figure is a ratio of two counts of equally likely deals. A shuffled pack makes
every division of the unseen cards into hands (and a talon) of fixed sizes equally
likely, so the chance of a layout is the number of divisions that give it over the
number of all divisions. The pages ``docs/games/<game>/odds.md`` show the tables
(through the ``{odds-table}`` directive) and write each formula out; the suite
checks every figure against the games' own seeded deals (``tests/test_odds.py``).

>>> talon_given_pair()                 # 1 way out of C(22, 2) = 231 talons
Fraction(1, 231)
>>> split_after_talon(2)[(1, 1)]        # 2 ways to split two cards; C(18, 9) · 2 / C(20, 10)
Fraction(10, 19)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from cardrules.cards import SUITS, cards_of

# --- the one formula -------------------------------------------------------------------


def hypergeometric(total: int, marked: int, drawn: int, hit: int) -> Fraction:
    """The chance that ``drawn`` cards taken from ``total`` hold exactly ``hit`` of the
    ``marked`` ones: C(marked, hit) · C(total − marked, drawn − hit) / C(total, drawn).

    >>> hypergeometric(22, 1, 2, 1)       # a given card in a talon of 2 out of 22
    Fraction(1, 11)
    """
    if not (0 <= hit <= marked and 0 <= drawn - hit <= total - marked):
        return Fraction(0)
    return Fraction(comb(marked, hit) * comb(total - marked, drawn - hit), comb(total, drawn))


def percent(p: Fraction, places: int = 2) -> str:
    """A chance as a percentage for the tables, e.g. ``'52.63 %'`` (a no-break space before
    the sign, so that a narrow column never splits it); a nonzero chance that rounds to
    nothing prints as ``'< 0.01 %'``.

    >>> percent(Fraction(10, 19)) == "52.63\u00a0%", percent(Fraction(1, 10**6)) == "<\u00a00.01\u00a0%"
    (True, True)
    """
    if p == 0:
        return "0"
    text = f"{float(p) * 100:.{places}f}"
    if float(text) == 0:
        return f"<\u00a0{10 ** -places:.{places}f}\u00a0%"
    return f"{text}\u00a0%"


# --- preferans: 32 cards, three hands of ten, a talon of two ---------------------------

PREF_UNSEEN_BEFORE = 22   #: cards a player does not see before the talon: two hands of 10 and the talon
PREF_UNSEEN_AFTER = 20    #: cards the declarer does not see after taking the talon: two hands of 10
PREF_HAND = 10
PREF_TALON = 2
PREF_SUIT = 8


def split_after_talon(k: int) -> dict[tuple[int, int], Fraction]:
    """From the declarer's view after the talon: how ``k`` outstanding cards of a suit lie
    between the left and the right opponent, ``(left, right)`` → chance.

    The 20 unseen cards make C(20, 10) equally likely hands for the left opponent; those
    with ``a`` cards of the suit number C(k, a) · C(20 − k, 10 − a).

    >>> split_after_talon(1)
    {(1, 0): Fraction(1, 2), (0, 1): Fraction(1, 2)}
    """
    _check_k(k, PREF_SUIT)
    return {(a, k - a): hypergeometric(PREF_UNSEEN_AFTER, k, PREF_HAND, a) for a in range(k, -1, -1)
            if hypergeometric(PREF_UNSEEN_AFTER, k, PREF_HAND, a)}


def split_after_talon_either_way(k: int) -> list[tuple[tuple[int, int], int, Fraction, Fraction]]:
    """The same, a split and its mirror taken together: ``((more, fewer), layouts,
    chance of each given layout of the cards, chance of the split either way)``.

    A *layout* says which of the ``k`` cards each opponent holds; each has the chance
    C(20 − k, 10 − a) / C(20, 10), and there are C(k, a) of them for each side (twice as
    many when the split is not even).

    >>> split_after_talon_either_way(2)
    [((2, 0), 2, Fraction(9, 38), Fraction(9, 19)), ((1, 1), 2, Fraction(5, 19), Fraction(10, 19))]
    """
    rows = []
    for more in range(k, (k + 1) // 2 - 1, -1):
        fewer = k - more
        if more < fewer or more > PREF_HAND:
            continue
        each = Fraction(comb(PREF_UNSEEN_AFTER - k, PREF_HAND - more), comb(PREF_UNSEEN_AFTER, PREF_HAND))
        layouts = comb(k, more) * (1 if more == fewer else 2)
        rows.append(((more, fewer), layouts, each, each * layouts))
    return rows


def split_before_talon(k: int) -> dict[tuple[int, int, int], Fraction]:
    """From a player's view before the talon: how ``k`` outstanding cards of a suit lie
    between the left hand, the right hand and the talon, ``(left, right, talon)`` → chance.

    The 22 unseen cards are divided into hands of 10 and 10 and a talon of 2 in
    22! / (10! 10! 2!) equally likely ways; those putting ``a``, ``b``, ``c`` cards of the
    suit in them number k! / (a! b! c!) · (22 − k)! / ((10 − a)! (10 − b)! (2 − c)!).

    >>> split_before_talon(2)[(0, 0, 2)]          # both cards in the talon: 1 talon of 231
    Fraction(1, 231)
    """
    _check_k(k, PREF_SUIT)
    total = _multinomial(PREF_UNSEEN_BEFORE, (PREF_HAND, PREF_HAND, PREF_TALON))
    out = {}
    for c in range(min(k, PREF_TALON), -1, -1):
        for a in range(k - c, -1, -1):
            b = k - c - a
            if a > PREF_HAND or b > PREF_HAND:
                continue
            ways = _multinomial(k, (a, b, c)) * _multinomial(PREF_UNSEEN_BEFORE - k,
                                                             (PREF_HAND - a, PREF_HAND - b, PREF_TALON - c))
            out[(a, b, c)] = Fraction(ways, total)
    return out


def split_before_talon_either_way(k: int) -> list[tuple[tuple[int, int], int, Fraction]]:
    """:func:`split_before_talon` with a split between the hands and its mirror together:
    ``((more, fewer), in the talon, chance)``.

    >>> split_before_talon_either_way(1)
    [((1, 0), 0, Fraction(10, 11)), ((0, 0), 1, Fraction(1, 11))]
    """
    split = split_before_talon(k)
    rows = []
    for c in range(0, min(k, PREF_TALON) + 1):
        for more in range(k - c, -1, -1):
            fewer = k - c - more
            if fewer > more or fewer < 0:
                continue
            p = split.get((more, fewer, c), Fraction(0))
            if more != fewer:
                p += split.get((fewer, more, c), Fraction(0))
            if p:
                rows.append(((more, fewer), c, p))
    return rows


def talon_given_card() -> Fraction:
    """The chance that the talon holds a given card a player does not see: 2 places of 22.

    >>> talon_given_card()
    Fraction(1, 11)
    """
    return hypergeometric(PREF_UNSEEN_BEFORE, 1, PREF_TALON, 1)


def talon_given_pair() -> Fraction:
    """The chance that the talon is a given pair of unseen cards: 1 talon of C(22, 2)."""
    return hypergeometric(PREF_UNSEEN_BEFORE, 2, PREF_TALON, 2)


def talon_suit(k: int) -> dict[int, Fraction]:
    """The chance that the talon holds exactly ``j`` of the ``k`` unseen cards of a suit,
    ``j`` → chance: C(k, j) · C(22 − k, 2 − j) / C(22, 2).

    >>> talon_suit(8)[2]                       # C(8, 2) = 28 of 231
    Fraction(4, 33)
    """
    _check_k(k, PREF_SUIT)
    return {j: hypergeometric(PREF_UNSEEN_BEFORE, k, PREF_TALON, j) for j in range(0, min(k, PREF_TALON) + 1)}


def talon_at_least_one(k: int) -> Fraction:
    """The chance that the talon holds at least one of ``k`` unseen cards of a suit:
    1 − C(22 − k, 2) / C(22, 2).

    >>> talon_at_least_one(1)
    Fraction(1, 11)
    """
    return 1 - talon_suit(k)[0]


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    assert sum(parts) == n
    out, left = 1, n
    for p in parts:
        out *= comb(left, p)
        left -= p
    return out


def _check_k(k: int, most: int) -> None:
    if not 0 <= k <= most:
        raise ValueError(f"a suit has {most} cards: {k} cannot be outstanding")


# --- Fortuna: the honours of the turned trump and the petit souverain's ace ---------------


def _fortuna(variant):
    from cardrules.games.fortuna.deal import pack
    from cardrules.games.fortuna import scoring
    return pack(variant), scoring


def fortuna_hand(variant) -> int:
    """Cards in a hand as dealt (before any exchange with the talon)."""
    deck, _ = _fortuna(variant)
    return (deck.size - variant.talon) // variant.players


def _by_turned_card(variant, chance_given_turned) -> Fraction:
    """Average over the turned card, every card of the pack equally likely: the dealer
    holds it, and the other cards of the pack are dealt uniformly."""
    deck, _ = _fortuna(variant)
    total = Fraction(0)
    for t in deck.cards:
        total += chance_given_turned(t)
    return total / deck.size


def fortuna_honours(variant, dealer: bool) -> dict[int, Fraction]:
    """The chance that the dealer (``dealer=True``) or another given player holds exactly
    ``n`` honours of the turned trump suit, as dealt: ``n`` → chance.

    Given the turned card ``t`` (every card of the pack equally likely; the dealer keeps
    it), the other N − 1 cards are dealt uniformly: the dealer gets n − 1 of them, every
    other player n, the talon the rest. With h honours in the trump suit of the pack, of
    which ``t`` is one or not, the count is hypergeometric among the N − 1.

    Worked by hand for five honours in the hand of a player who is not the dealer: the
    turned card is an honour of its own suit in 5 cases of 13 (20 cards of 52), and then
    the dealer holds it and the player can hold four at most. Otherwise (8 of 13) all
    five lie among the other 51 cards, and his 13 hold them with chance
    C(46, 8) / C(51, 13) = (13·12·11·10·9) / (51·50·49·48·47) = 429/783020.
    Together: 8/13 · 429/783020 = 8 · 33 / 783020 = 264/783020 = 66/195755.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> fortuna_honours(FOUR, dealer=False)[5]
    Fraction(66, 195755)
    """
    return _honour_sets(variant, dealer, "count")


def fortuna_honour_points(variant, dealer: bool) -> dict[int, Fraction]:
    """The chance of each number of points for honours (the engine's
    :func:`~cardrules.games.fortuna.scoring.honour_points`) in a hand as dealt."""
    return _honour_sets(variant, dealer, "points")


@lru_cache(maxsize=None)
def _honour_sets_cached(variant, dealer: bool, what: str) -> tuple:
    deck, scoring = _fortuna(variant)
    big = deck.size - 1
    n = fortuna_hand(variant)
    out: dict[int, Fraction] = {}
    for t in deck.cards:
        trump = t // 13
        honours = cards_of(scoring.honours_mask(variant, trump))
        free = [c for c in honours if c != t]         # honours among the N - 1 dealt at random
        held_t = t in honours and dealer
        drawn = n - 1 if dealer else n
        for bits in range(1 << len(free)):
            subset = [c for i, c in enumerate(free) if bits >> i & 1]
            ways = Fraction(comb(big - len(free), drawn - len(subset)), comb(big, drawn))
            if not ways:
                continue
            held = sum(1 << c for c in subset) | ((1 << t) if held_t else 0)
            key = held.bit_count() if what == "count" else scoring.honour_points(variant, held, trump)
            out[key] = out.get(key, Fraction(0)) + ways
    return tuple(sorted((k, v / deck.size) for k, v in out.items()))


def _honour_sets(variant, dealer: bool, what: str) -> dict[int, Fraction]:
    return dict(_honour_sets_cached(variant, dealer, what))


def petit_souverain_cards(variant, trump: int) -> int:
    """The cards a hand must hold to have the petit souverain's ace (and, in the
    two-handed games, the top trumps the rule also asks for), as a mask; -1 when the
    pack cannot give them. Read off the engine's own rule
    (:func:`~cardrules.games.fortuna.scoring.souverain`): starting from the whole pack,
    drop every card without which a 12-point hand would still be a petit souverain.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> from cardrules.cards import CLUBS, HEARTS, format_hand
    >>> format_hand(petit_souverain_cards(FOUR, CLUBS)), format_hand(petit_souverain_cards(FOUR, HEARTS))
    ('♥A', '♠A')
    """
    deck, scoring = _fortuna(variant)
    points = variant.partie_points - 1
    held = deck.mask
    if scoring.souverain(variant, points, held, trump) != "petit":
        return -1
    for c in deck.cards:
        if scoring.souverain(variant, points, held & ~(1 << c), trump) == "petit":
            held &= ~(1 << c)
    return held


def fortuna_petit_cards(variant, dealer: bool) -> Fraction:
    """The chance that the dealer or another given player is dealt the cards the petit
    souverain needs besides his 12 points (:func:`petit_souverain_cards`).

    Given the turned card ``t``: a needed set R of r cards not containing ``t`` lies in a
    given hand of n from the other N − 1 with chance C(N − 1 − r, n − r) / C(N − 1, n); if
    ``t`` is in R, only the dealer can hold R, and he needs the other r − 1 among his n − 1.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> fortuna_petit_cards(FOUR, dealer=False), fortuna_petit_cards(FOUR, dealer=True)
    (Fraction(13, 51), Fraction(4, 17))
    """
    deck, _ = _fortuna(variant)
    big = deck.size - 1
    n = fortuna_hand(variant)
    need = {s: petit_souverain_cards(variant, s) for s in SUITS}

    def given(t: int) -> Fraction:
        r_mask = need[t // 13]
        if r_mask < 0:
            return Fraction(0)
        if dealer:
            rest = (r_mask & ~(1 << t)).bit_count()
            return Fraction(comb(big - rest, n - 1 - rest), comb(big, n - 1))
        if r_mask >> t & 1:
            return Fraction(0)
        r = r_mask.bit_count()
        return Fraction(comb(big - r, n - r), comb(big, n))

    return _by_turned_card(variant, given)


# --- piquet: carte blanche ---------------------------------------------------------------


def _piquet_blank_cards() -> int:
    """How many cards of the pack a carte blanche may hold, read off the engine's rule."""
    from cardrules.games.piquet.deal import carte_blanche, pack
    return sum(1 for c in pack() if carte_blanche(1 << c))


def piquet_all_blank(variant, hands: int) -> Fraction:
    """The chance that ``hands`` given hands of the deal are all cartes blanches:
    C(w, n) / C(32, n) · C(w − n, n) / C(32 − n, n) · …, with w cards other than king,
    queen and jack and n cards a hand."""
    from cardrules.games.piquet.deal import pack
    total, w, n = len(pack()), _piquet_blank_cards(), variant.hand_size
    p = Fraction(1)
    for i in range(hands):
        p *= Fraction(comb(w - i * n, n), comb(total - i * n, n)) if w - i * n >= n else 0
    return p


def piquet_carte_blanche(variant) -> tuple[Fraction, Fraction]:
    """The chance of a carte blanche in a given hand, and in at least one hand of the deal
    (by inclusion and exclusion over the players' hands).

    >>> from cardrules.games.piquet.variants import RUSSIAN
    >>> piquet_carte_blanche(RUSSIAN)          # C(20, 12) / C(32, 12); two blank hands need 24 blanks
    (Fraction(323, 578956), Fraction(323, 289478))
    """
    one = piquet_all_blank(variant, 1)
    anyone = sum((-1) ** (j + 1) * comb(variant.players, j) * piquet_all_blank(variant, j)
                 for j in range(1, variant.players + 1))
    return one, anyone


# --- the tables the pages show -----------------------------------------------------------


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def table_preferans_after() -> tuple[list[str], list[list[str]]]:
    header = ["Вне руки / Outstanding", "Расклад / Split", "Раскладов / Layouts",
              "Каждый / Each layout", "Всего / Either way", "%"]
    rows = []
    for k in range(1, PREF_SUIT + 1):
        for (more, fewer), layouts, each, p in split_after_talon_either_way(k):
            rows.append([str(k), f"{more}–{fewer}", str(layouts), _frac(each), _frac(p), percent(p)])
    return header, rows


def table_preferans_before() -> tuple[list[str], list[list[str]]]:
    header = ["Не видно / Unseen", "На руках / In the hands", "В прикупе / In the talon",
              "Вероятность / Chance", "%"]
    rows = []
    for k in range(1, PREF_SUIT + 1):
        for (more, fewer), c, p in split_before_talon_either_way(k):
            rows.append([str(k), f"{more}–{fewer}", str(c), _frac(p), percent(p)])
    return header, rows


def table_preferans_talon() -> tuple[list[str], list[list[str]]]:
    header = ["Не видно / Unseen", "0 в прикупе / 0 in the talon", "1", "2",
              "Хотя бы одна / At least one", "%"]
    rows = []
    for k in range(1, PREF_SUIT + 1):
        t = talon_suit(k)
        rows.append([str(k)] + [_frac(t.get(j, Fraction(0))) for j in range(3)]
                    + [_frac(talon_at_least_one(k)), percent(talon_at_least_one(k))])
    return header, rows


def _fortuna_presets():
    from cardrules.games.fortuna.variants import PRESETS
    return PRESETS


def table_fortuna_honours() -> tuple[list[str], list[list[str]]]:
    header = ["Форма / Form", "Кто / Who", "0", "1", "2", "3", "4", "5"]
    rows = []
    for name, variant in _fortuna_presets().items():
        for dealer in (False, True):
            dist = fortuna_honours(variant, dealer)
            rows.append([name, "сдающий / dealer" if dealer else "другой / another"]
                        + [f"{_frac(dist[n])} ({percent(dist[n])})" if n in dist else "—" for n in range(6)])
    return header, rows


def table_fortuna_honour_points() -> tuple[list[str], list[list[str]]]:
    points = sorted({p for v in _fortuna_presets().values() for d in (False, True) for p in fortuna_honour_points(v, d)})
    header = ["Форма / Form", "Кто / Who"] + [str(p) for p in points]
    rows = []
    for name, variant in _fortuna_presets().items():
        for dealer in (False, True):
            dist = fortuna_honour_points(variant, dealer)
            rows.append([name, "сдающий / dealer" if dealer else "другой / another"]
                        + [f"{_frac(dist[p])} ({percent(dist[p])})" if p in dist else "—" for p in points])
    return header, rows


def table_fortuna_petit() -> tuple[list[str], list[list[str]]]:
    header = ["Форма / Form", "Нужны карты (козыри ♠) / Cards needed (♠ trumps)", "Другой / Another", "%",
              "Сдающий / Dealer", "%"]
    from cardrules.cards import SPADES, format_hand
    rows = []
    for name, variant in _fortuna_presets().items():
        need = petit_souverain_cards(variant, SPADES)
        other, dealer = fortuna_petit_cards(variant, False), fortuna_petit_cards(variant, True)
        rows.append([name, format_hand(need) if need >= 0 else "—", _frac(other), percent(other),
                     _frac(dealer), percent(dealer)])
    return header, rows


def table_piquet_carte_blanche() -> tuple[list[str], list[list[str]]]:
    from cardrules.games.piquet.variants import PRESETS
    header = ["Форма / Form", "Игроков / Players", "Карт на руках / Cards a hand", "У данного игрока / A given hand",
              "%", "Хотя бы у одного / At least one hand", "%"]
    rows = []
    for name, variant in PRESETS.items():
        one, anyone = piquet_carte_blanche(variant)
        rows.append([name, str(variant.players), str(variant.hand_size), _frac(one), percent(one, 3),
                     _frac(anyone), percent(anyone, 3)])
    return header, rows


TABLES = {
    "preferans.after-talon": table_preferans_after,
    "preferans.before-talon": table_preferans_before,
    "preferans.talon": table_preferans_talon,
    "fortuna.honours": table_fortuna_honours,
    "fortuna.honour-points": table_fortuna_honour_points,
    "fortuna.petit": table_fortuna_petit,
    "piquet.carte-blanche": table_piquet_carte_blanche,
}

__all__ = ["TABLES", "fortuna_honour_points", "fortuna_honours", "fortuna_petit_cards", "hypergeometric",
           "percent", "petit_souverain_cards", "piquet_all_blank", "piquet_carte_blanche", "split_after_talon", "split_after_talon_either_way",
           "split_before_talon", "split_before_talon_either_way", "talon_at_least_one",
           "talon_given_card", "talon_given_pair", "talon_suit"]
