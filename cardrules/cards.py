"""Suits, ranks, cards, card sets, decks, notation and the seeded shuffle.

A card is a small int, ``suit * 13 + rank``; a set of cards (a hand, a trick, a
talon) is an int bitmask with bit ``card`` set for each card. Games never loop over
display objects: the notation below is for records, pages and the terminal.

Suits are numbered in the Russian order of seniority used by preferans and shown
in every deal diagram, пики < трефы < бубны < червы; ranks run from the two (0) to
the ace (12). A game that ranks cards otherwise (Three Sevens' 3 > 2 > A, say)
maps these natural ranks to its own order.

>>> c = parse_card("♥10")
>>> c == card(HEARTS, TEN), suit_of(c) == HEARTS, rank_of(c) == TEN
(True, True, True)
>>> format_card(c), format_card(c, "ru"), format_card(c, "ascii")
('♥10', '♥10', 'HT')
>>> format_cards(parse_cards("SA ♠K 10♥ Д♦"), "ru")
'♠Т ♠К ♥10 ♦Д'
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Iterator, Sequence

from cardrules.rules import implements

# --- suits ------------------------------------------------------------------------

SPADES, CLUBS, DIAMONDS, HEARTS = range(4)
SUITS = (SPADES, CLUBS, DIAMONDS, HEARTS)
SUIT_GLYPHS = ("♠", "♣", "♦", "♥")
SUIT_LETTERS = ("S", "C", "D", "H")
#: Russian suit names (nominative plural), the names the sources use.
SUIT_NAMES_RU = ("пики", "трефы", "бубны", "червы")
SUIT_NAMES_EN = ("spades", "clubs", "diamonds", "hearts")
#: Red suits, drawn in red in diagrams.
RED_SUITS = frozenset({DIAMONDS, HEARTS})
#: Other spellings of the Russian suit names: singular, the genitive plural of
#: counting («семь пик», «шесть бубен»), the colloquial крести / черви, and the
#: old вини for spades.
SUIT_WORDS_RU = {
    SPADES: ("пики", "пика", "пик", "вини"),
    CLUBS: ("трефы", "трефа", "треф", "крести", "кресты", "крестей"),
    DIAMONDS: ("бубны", "бубна", "бубен", "бубён", "буби"),
    HEARTS: ("червы", "черви", "черва", "червь", "червей", "черв"),
}

# --- ranks ------------------------------------------------------------------------

TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)
RANKS = tuple(range(13))
RANK_NAMES_EN = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
#: Russian rank letters: Т туз, К король, Д дама, В валет.
RANK_NAMES_RU = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К", "Т")
RANK_NAMES_ASCII = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
RANK_WORDS_RU = ("двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка",
                 "восьмёрка", "девятка", "десятка", "валет", "дама", "король", "туз")

RANK_WORDS_EN = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "jack", "queen", "king", "ace")
#: Strength of each natural rank when the ace is high: ``NATURAL_STRENGTH[rank]``.
NATURAL_STRENGTH = tuple(range(13))

NUM_CARDS = 52
FULL_MASK = (1 << NUM_CARDS) - 1
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in SUITS)
#: The four cards of each rank, one of each suit: ``RANK_MASKS[rank]``.
RANK_MASKS = tuple(sum(1 << (13 * s + r) for s in SUITS) for r in range(13))


@implements("common.cards.card")
def card(suit: int, rank: int) -> int:
    """The card of ``suit`` and ``rank`` as an int.

    >>> card(SPADES, TWO), card(HEARTS, ACE)
    (0, 51)
    """
    return suit * 13 + rank


def suit_of(c: int) -> int:
    """The suit of card ``c``."""
    return c // 13


def rank_of(c: int) -> int:
    """The natural rank of card ``c`` (two = 0 … ace = 12)."""
    return c % 13


@implements("common.cards.suits")
def suit_name(suit: int, lang: str = "ru") -> str:
    """The name of a suit: Russian (the plural, as the sources write it) or English.

    >>> [suit_name(s) for s in SUITS]
    ['пики', 'трефы', 'бубны', 'червы']
    >>> suit_name(HEARTS, "en"), SUIT_GLYPHS[HEARTS]
    ('hearts', '♥')
    """
    return (SUIT_NAMES_RU if lang == "ru" else SUIT_NAMES_EN)[suit]


@implements("common.cards.suits")
def parse_suit(text: str) -> int:
    """Read a suit from its glyph, its letter, or its Russian or English name.

    Russian names are read in the forms players use: singular or plural, the
    counting genitive («семь пик») and the colloquial крести and черви.

    >>> [suit_name(parse_suit(w)) for w in ("♣", "крести", "черви", "бубен", "S")]
    ['трефы', 'трефы', 'червы', 'бубны', 'пики']
    >>> parse_suit("жёлуди")
    Traceback (most recent call last):
    ...
    cardrules.cards.CardError: bad card 'жёлуди' in 'жёлуди': not a suit
    """
    word = text.strip().lower().replace("ё", "е")
    for symbol in (text.strip(), text.strip().upper()):
        if symbol in _SUIT_OF_SYMBOL:
            return _SUIT_OF_SYMBOL[symbol]
    for s, words in SUIT_WORDS_RU.items():
        if word in (w.replace("ё", "е") for w in words):
            return s
    for s, name in enumerate(SUIT_NAMES_EN):
        if word in (name, name[:-1]):
            return s
    raise CardError(text, text, "not a suit")


@implements("common.cards.suit-order")
def senior_suit(a: int, b: int, order: Sequence[int] = SUITS) -> int:
    """The senior of two suits; ``order`` lists the suits from the lowest up.

    The default is the Russian order of preferans, пики < трефы < бубны < червы.

    >>> suit_name(senior_suit(SPADES, CLUBS)), suit_name(senior_suit(HEARTS, DIAMONDS))
    ('трефы', 'червы')
    >>> AUSTRIAN = (CLUBS, SPADES, DIAMONDS, HEARTS)
    >>> suit_name(senior_suit(SPADES, CLUBS, AUSTRIAN))
    'пики'
    """
    return a if order.index(a) > order.index(b) else b


@implements("common.cards.ranks")
def rank_word(rank: int, lang: str = "ru") -> str:
    """The name of a rank in words.

    >>> [rank_word(r) for r in (ACE, KING, QUEEN, JACK)]
    ['туз', 'король', 'дама', 'валет']
    >>> rank_word(QUEEN, "en"), RANK_NAMES_RU[QUEEN], RANK_NAMES_EN[QUEEN]
    ('queen', 'Д', 'Q')
    """
    return (RANK_WORDS_RU if lang == "ru" else RANK_WORDS_EN)[rank]


@implements("common.cards.rank-order")
def rank_strength(order: Sequence[int]) -> tuple[int, ...]:
    """A rank order, given from the highest rank down, as ``strength[rank]``.

    The result is what :func:`cardrules.tricks.trick_winner` takes. Ranks that the
    order leaves out (they are not in the pack) get -1.

    >>> rank_strength(range(ACE, TWO - 1, -1)) == NATURAL_STRENGTH
    True
    >>> s = rank_strength([THREE, TWO, ACE, KING, QUEEN, JACK, SEVEN, SIX, FIVE, FOUR])
    >>> s[THREE] > s[TWO] > s[ACE] > s[FOUR], s[TEN]
    (True, -1)
    """
    strength = [-1] * 13
    for i, r in enumerate(order):
        strength[r] = len(order) - 1 - i
    return tuple(strength)


# --- card sets as bitmasks --------------------------------------------------------


def cardset(cards: Iterable[int]) -> int:
    """The bitmask of ``cards``.

    >>> cardset([card(SPADES, TWO), card(SPADES, FOUR)])
    5
    """
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of a bitmask, lowest first.

    >>> cards_of(0b101)
    [0, 2]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


#: How many cards a bitmask holds: ``size(mask)`` is ``mask.bit_count()`` (the method itself,
#: not a function around it: it is asked in every deal of every game).
size = int.bit_count


def _runs_from_seven(ranks: int) -> tuple[tuple[int, int], ...]:
    """The runs of three or more ranks in a row among ``ranks``, the seven to the ace of one
    suit (bit ``rank - SEVEN``), as (length, top rank), the lowest first."""
    out = []
    run = 0
    for r in range(SEVEN, ACE + 2):
        if r <= ACE and ranks >> (r - SEVEN) & 1:
            run += 1
        else:
            if run >= 3:
                out.append((run, r - 1))
            run = 0
    return tuple(out)


#: The runs of three or more (:func:`_runs_from_seven`) in each of the 256 sets of the ranks
#: seven to ace that one suit can hold, worked out once: a suit's runs are looked up as
#: ``RUNS_FROM_SEVEN[hand >> (13 * suit + SEVEN) & 0xFF]`` (piquet's sequences, Tertz's groups).
RUNS_FROM_SEVEN = tuple(_runs_from_seven(ranks) for ranks in range(256))


def in_suit(mask: int, suit: int) -> int:
    """The cards of ``mask`` in ``suit``."""
    return mask & SUIT_MASKS[suit]


#: The numbered cards, two to ten, of every suit.
SMALL_MASK = sum(((1 << (TEN + 1)) - 1) << (13 * s) for s in SUITS)


@implements("common.cards.small-cards")
def small_cards(mask: int) -> int:
    """The фоски of ``mask``: its numbered cards, the two up to the ten.

    >>> format_cards(small_cards(parse_cardset("♠A ♠10 ♠7 ♥J ♥2")))
    '♠7 ♠10 ♥2'
    """
    return mask & SMALL_MASK


# --- decks ------------------------------------------------------------------------


@dataclass(frozen=True)
class Deck:
    """A pack: a name to show and the bitmask of the cards it holds.

    >>> PIQUET_32.size, str(PIQUET_32)
    (32, 'piquet-32')
    >>> format_cards(in_suit(PIQUET_32.mask, SPADES))
    '♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A'
    """

    name: str
    mask: int

    @cached_property
    def cards(self) -> tuple[int, ...]:
        """The cards, lowest first (worked out once: games deal from it every deal)."""
        return tuple(cards_of(self.mask))

    @property
    def size(self) -> int:
        return size(self.mask)

    def __contains__(self, c: int) -> bool:
        return bool(self.mask >> c & 1)

    def __str__(self) -> str:
        return self.name


def _deck(name: str, lowest: int, short: tuple[int, int] | None = None, without: Iterable[int] = ()) -> Deck:
    """Every rank from ``lowest`` to the ace in each suit; ``short = (suit, lowest)``
    cuts one suit further down; ``without`` drops whole ranks from every suit."""
    low = [lowest] * 4
    if short is not None:
        low[short[0]] = short[1]
    dropped = set(without)
    return Deck(name, cardset(card(s, r) for s in SUITS for r in range(low[s], 13) if r not in dropped))


@implements("common.cards.decks")
def deck(name: str) -> Deck:
    """A pack by name (the names the records use).

    >>> [deck(n).size for n in ("full-52", "piquet-32", "sevens-40", "fortuna-28")]
    [52, 32, 40, 28]
    >>> deck("fortuna-39-short-clubs").size, deck("fortuna-26-short-hearts").size
    (39, 26)
    >>> deck("tarot-78")
    Traceback (most recent call last):
    ...
    KeyError: "no deck 'tarot-78'; known: full-52, piquet-32, sevens-40, fortuna-28, fortuna-39-short-<suit>, fortuna-26-short-<suit>"
    """
    fixed = {d.name: d for d in (FULL_52, PIQUET_32, SEVENS_40, FORTUNA_28)}
    if name in fixed:
        return fixed[name]
    for maker in (fortuna_39, fortuna_26):
        for s in SUITS:
            if name == maker(s).name:
                return maker(s)
    raise KeyError(f"no deck {name!r}; known: {', '.join(fixed)}, fortuna-39-short-<suit>, fortuna-26-short-<suit>")


FULL_52 = _deck("full-52", TWO)
#: The 32-card piquet pack of preferans and piquet: seven to ace.
PIQUET_32 = _deck("piquet-32", SEVEN)
#: Three Sevens («семерик»): the 52-card pack less the tens, nines and eights.
SEVENS_40 = _deck("sevens-40", TWO, without=(EIGHT, NINE, TEN))
#: Fortuna for two with a talon: 28 cards, eight to ace.
FORTUNA_28 = _deck("fortuna-28", EIGHT)


def fortuna_39(short_suit: int) -> Deck:
    """Fortuna for three: one suit keeps only Q K A, the others lose their twos.

    >>> d = fortuna_39(CLUBS)
    >>> d.size, size(in_suit(d.mask, CLUBS)), size(in_suit(d.mask, HEARTS))
    (39, 3, 12)
    """
    return _deck(f"fortuna-39-short-{SUIT_NAMES_EN[short_suit]}", THREE, (short_suit, QUEEN))


def fortuna_26(short_suit: int) -> Deck:
    """Fortuna for two: three suits run eight to ace, one suit ten to ace.

    >>> d = fortuna_26(SPADES)
    >>> d.size, size(in_suit(d.mask, SPADES)), size(in_suit(d.mask, HEARTS))
    (26, 5, 7)
    """
    return _deck(f"fortuna-26-short-{SUIT_NAMES_EN[short_suit]}", EIGHT, (short_suit, TEN))


# --- notation ---------------------------------------------------------------------


class CardError(ValueError):
    """A card string that cannot be read. The message names the bad token."""

    def __init__(self, token: str, text: str, why: str):
        self.token = token
        self.text = text
        self.why = why
        super().__init__(f"bad card {token!r} in {text!r}: {why}")


_SUIT_OF_SYMBOL = {g: s for s, g in enumerate(SUIT_GLYPHS)}
_SUIT_OF_SYMBOL.update({l: s for s, l in enumerate(SUIT_LETTERS)})
_SUIT_OF_SYMBOL.update({"♤": SPADES, "♧": CLUBS, "♢": DIAMONDS, "♡": HEARTS})
_RANK_OF_NAME: dict[str, int] = {}
for _names in (RANK_NAMES_EN, RANK_NAMES_RU, RANK_NAMES_ASCII):
    for _r, _n in enumerate(_names):
        _RANK_OF_NAME[_n] = _r

_RANK = r"10|[2-9TJQKAВДКТ]"
_SUIT = r"[♠♣♦♥♤♧♢♡SCDH]"
# A token is a suit followed by one or more ranks (♠AK10), or one rank then a suit (10♥).
_SUIT_FIRST = re.compile(rf"({_SUIT})((?:{_RANK})+)")
_RANK_FIRST = re.compile(rf"({_RANK})({_SUIT})")
_ONE_RANK = re.compile(_RANK)
_TOKEN_SPLIT = re.compile(r"[\s,;]+")
#: Every one-card token in every accepted spelling (suit first or last, any rank
#: letters, either case), so that reading a card is a dictionary look-up.
_ONE_CARD = {
    spelling: card(suit, rank)
    for symbol, suit in _SUIT_OF_SYMBOL.items()
    for name, rank in _RANK_OF_NAME.items()
    for token in (symbol + name, name + symbol)
    for spelling in {token, token.lower(), token.upper()}
}


@implements("common.notation.read")
def parse_cards(text: str) -> list[int]:
    """Read cards written in English or Russian notation, in the order written.

    A token is a suit and a rank in either order (``♠A``, ``SA``, ``A♠``, ``10♥``,
    ``T♥``, ``♥Т``), or a suit followed by several ranks (``♠AK10``). Tokens are
    separated by spaces or commas. Letters: A K Q J T in English, Т К Д В in
    Russian (туз, король, дама, валет); suits by glyph or by S C D H.

    >>> format_cards(parse_cards("♠AKQ, ♥10 9♥ Д♦"))
    '♠A ♠K ♠Q ♥10 ♥9 ♦Q'
    >>> parse_cards("♠A ♠1")
    Traceback (most recent call last):
    ...
    cardrules.cards.CardError: bad card '♠1' in '♠A ♠1': not a suit and rank (write e.g. ♠A, SA, 10♥ or ♥Т)
    >>> parse_cards("♠A ♠A")
    Traceback (most recent call last):
    ...
    cardrules.cards.CardError: bad card '♠A' in '♠A ♠A': the same card twice
    """
    if text.__class__ is Written:  # a record's text: read once
        cards = text._cards  # type: ignore[attr-defined]
        if cards is None:
            err = text._error  # type: ignore[attr-defined]
            if err is not None:
                raise CardError(err.token, err.text, err.why)
            try:
                cards = text._cards = tuple(_read_cards(text))  # type: ignore[attr-defined]
            except CardError as err:
                text._error = err  # type: ignore[attr-defined]
                raise
        return list(cards)
    return _read_cards(text)


def _read_cards(text: str) -> list[int]:
    out: list[int] = []
    seen = 0
    for token in _TOKEN_SPLIT.split(text.strip()):
        if not token:
            continue
        c = _ONE_CARD.get(token)
        if c is not None:  # the common case, one card: a look-up, no regular expression
            if seen >> c & 1:
                raise CardError(token, text, "the same card twice")
            seen |= 1 << c
            out.append(c)
            continue
        up = token.upper()
        m = _SUIT_FIRST.fullmatch(up)
        if m:
            suit = _SUIT_OF_SYMBOL[m.group(1)]
            ranks = [_RANK_OF_NAME[r] for r in _ONE_RANK.findall(m.group(2))]
        else:
            m = _RANK_FIRST.fullmatch(up)
            if not m:
                raise CardError(token, text, "not a suit and rank (write e.g. ♠A, SA, 10♥ or ♥Т)")
            suit, ranks = _SUIT_OF_SYMBOL[m.group(2)], [_RANK_OF_NAME[m.group(1)]]
        for r in ranks:
            c = card(suit, r)
            if seen >> c & 1:
                raise CardError(token, text, "the same card twice")
            seen |= 1 << c
            out.append(c)
    return out


class Written(str):
    """A text of a record (an action, a hand) that keeps what was read from it: its cards
    (or the error reading it as cards gives) the first time :func:`parse_cards` reads it,
    and its words, lower case with single spaces, the first time :func:`words` is asked.
    It is the text it was (a ``str``). A record's texts become ``Written`` when the record
    is loaded, so that a record replayed many times reads each of them once.

    >>> w = Written("  ♠A  ♠K ")
    >>> w == "  ♠A  ♠K ", parse_cards(w) == parse_cards("♠A ♠K"), w.cards, words(w)
    (True, True, (12, 11), '♠a ♠k')
    >>> p = Written("Пас"); words(p), p.cards
    ('пас', None)
    """

    _cards: tuple[int, ...] | None = None
    _error: "CardError | None" = None
    _words: str | None = None
    _mask: int | None = None

    @property
    def cards(self) -> tuple[int, ...] | None:
        """The cards this text holds, or None if it is not cards."""
        try:
            return tuple(parse_cards(self))
        except CardError:
            return None


def words(text: str) -> str:
    """``text`` in lower case with single spaces (what a record's line says, spelling aside).

    >>> words("  Вист\tЗакрыто ")
    'вист закрыто'
    """
    if text.__class__ is Written:
        w = text._words  # type: ignore[attr-defined]
        if w is None:
            w = text._words = " ".join(text.lower().split())  # type: ignore[attr-defined]
        return w
    return " ".join(text.lower().split())


def parse_card(text: str) -> int:
    """Read exactly one card.

    >>> parse_card("Т♠") == card(SPADES, ACE)
    True
    """
    cards = parse_cards(text)
    if len(cards) != 1:
        raise CardError(text, text, f"expected one card, found {len(cards)}")
    return cards[0]


def parse_cardset(text: str) -> int:
    """Read cards into a bitmask (a record's :class:`Written` hand keeps its mask).

    >>> parse_cardset("♠2 ♠4") == parse_cardset(Written("♠4 ♠2")) == 5
    True
    """
    if text.__class__ is Written:
        mask = text._mask  # type: ignore[attr-defined]
        if mask is None:
            mask = text._mask = cardset(parse_cards(text))  # type: ignore[attr-defined]
        return mask
    return cardset(parse_cards(text))


_RANK_STYLES = {"en": RANK_NAMES_EN, "ru": RANK_NAMES_RU, "ascii": RANK_NAMES_ASCII}


@implements("common.notation.write")
def format_card(c: int, lang: str = "en") -> str:
    """Write one card: suit glyph then rank (``lang`` "en", "ru") or ``SA`` style ("ascii").

    >>> format_card(card(CLUBS, QUEEN)), format_card(card(CLUBS, QUEEN), "ru")
    ('♣Q', '♣Д')
    """
    ranks = _RANK_STYLES[lang]
    suit = SUIT_LETTERS[suit_of(c)] if lang == "ascii" else SUIT_GLYPHS[suit_of(c)]
    return suit + ranks[rank_of(c)]


def format_cards(cards: Iterable[int] | int, lang: str = "en") -> str:
    """Write cards separated by spaces; a bitmask is written lowest card first."""
    if isinstance(cards, int):
        cards = cards_of(cards)
    return " ".join(format_card(c, lang) for c in cards)


@implements("common.notation.hand")
def format_hand(mask: int, lang: str = "en") -> str:
    """A hand as a player sorts it: by suit, highest rank first, each suit once.

    >>> format_hand(parse_cardset("♠7 ♠A ♥10 ♥Д"), "ru")
    '♠Т7 ♥Д10'
    """
    ranks = _RANK_STYLES[lang]
    parts = []
    for s in SUITS:
        held = cards_of(in_suit(mask, s))
        if held:
            glyph = SUIT_LETTERS[s] if lang == "ascii" else SUIT_GLYPHS[s]
            parts.append(glyph + "".join(ranks[rank_of(c)] for c in reversed(held)))
    return " ".join(parts)


# --- the seeded shuffle -----------------------------------------------------------
#
# SplitMix64 (Steele, Lea, Flood 2014) is fixed 64-bit arithmetic, so the same seed
# gives the same numbers on every Python version and platform; Python's own random
# module promises no such thing across versions. The generator is written out inline
# in shuffle(), which the benchmark of every game calls once a deal.

_M64 = 0xFFFFFFFFFFFFFFFF
_GAMMA = 0x9E3779B97F4A7C15
#: Largest multiple of n below 2**64, for rejection sampling without modulo bias.
_LIMITS = [0, 1 << 64] + [(1 << 64) - (1 << 64) % n for n in range(2, 129)]
#: Per pack size, the constants of shuffle's lanes (see _lanes).
_LANES: dict[int, tuple] = {}


def _lanes(draws: int) -> tuple:
    """For ``draws`` SplitMix64 numbers side by side, lane k (bits 128k…) holding the k-th:
    a 1 in each lane; the k-th step (k + 1) × gamma mod 2**64 in lane k; 64 low bits set in
    each lane; 128 in each lane (adding it carries into bit 64 exactly when the number is
    2**64 - 128 or more, the only numbers a pack of up to 128 cards may reject); bit 64 of
    each lane; a reader of the low 64 bits of each lane from little-endian bytes; and the
    places the numbers are drawn for, last first."""
    ones = sum(1 << (128 * k) for k in range(draws))
    steps = sum((((k + 1) * _GAMMA) & _M64) << (128 * k) for k in range(draws))
    return (ones, steps, _M64 * ones, 128 * ones, (1 << 64) * ones, struct.Struct("<" + "Q8x" * draws).unpack,
            tuple(range(draws, 0, -1)))


def _splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 numbers of ``seed``, one after another."""
    state = seed & _M64
    while True:
        state = (state + _GAMMA) & _M64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        yield z ^ (z >> 31)


@implements("common.deal.shuffle")
def shuffle(cards: Iterable[int] | Deck, seed: int) -> list[int]:
    """The cards in a random order fixed by ``seed`` (Fisher–Yates over SplitMix64).

    The order depends on nothing but the cards and the seed, so a record that
    names a seed names one deal forever. The first numbers of seed 0 are those
    published with SplitMix64, checked in the tests:

    >>> hex(next(_splitmix64(0)))
    '0xe220a8397b1dcdaf'
    >>> tuple(sorted(shuffle(PIQUET_32, seed=7))) == PIQUET_32.cards
    True
    """
    out = list(cards.cards if isinstance(cards, Deck) else cards)
    n = len(out)
    if 2 <= n <= 128:
        # All the numbers at once, one in each 128-bit lane of a big int, and the swaps
        # after: the same numbers as the loop below, unless one of them lies within 128
        # of 2**64, where the loop might draw again; then the loop it is.
        lanes = _LANES.get(n)
        if lanes is None:
            lanes = _LANES[n] = _lanes(n - 1)
        ones, steps, low, near, bit64, unpack, places = lanes
        x = ((seed & _M64) * ones + steps) & low
        x = ((x ^ (x >> 30)) & low) * 0xBF58476D1CE4E5B9 & low
        x = ((x ^ (x >> 27)) & low) * 0x94D049BB133111EB & low
        x = (x ^ (x >> 31)) & low
        if not (x + near) & bit64:
            for i, z in zip(places, unpack(x.to_bytes(16 * n - 16, "little"))):
                j = z % (i + 1)
                out[i], out[j] = out[j], out[i]
            return out
    return _shuffle_loop(out, seed)


def _shuffle_loop(out: list[int], seed: int) -> list[int]:
    """Fisher–Yates over SplitMix64, one number at a time (shuffles ``out`` in place)."""
    state = seed & _M64
    limits = _LIMITS
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        while True:  # one SplitMix64 number, drawn again in the rare case it is biased
            state = (state + _GAMMA) & _M64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
            z ^= z >> 31
            if z < (limits[n] if n < 129 else (1 << 64) - (1 << 64) % n):
                break
        j = z % n
        out[i], out[j] = out[j], out[i]
    return out


def draw(cards: Sequence[int], seed: int) -> int:
    """One card of ``cards`` at random, fixed by ``seed`` (a cut that turns a card up).

    >>> draw([card(SPADES, ACE)], seed=3) == card(SPADES, ACE)
    True
    """
    n = len(cards)
    limit = (1 << 64) - (1 << 64) % n
    for z in _splitmix64(seed):
        if z < limit:
            return cards[z % n]
    raise AssertionError("unreachable")
