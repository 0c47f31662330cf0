"""The pack, the shuffle, seating and the first deal by drawing, the deal in pairs
with the talon laid in one fixed round, and the irregularities of the deal.

A deal is described by *positions*: 0, 1, 2 are the first, second and third hand
counted clockwise from the dealer's left. With three players position 2 is the
dealer; with four the dealer sits out and positions 0…2 are the other three; in
the two-handed «гусарик» position 1 is the dummy hand («болван»).

>>> from cardrules.games.preferans.variants import SOCHI
>>> d = deal(SOCHI, seed=1, dealer=0)
>>> [size(h) for h in d.hands], size(d.talon), d.seats
([10, 10, 10], 2, (1, 2, 0))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import Sequence

from cardrules.cards import (ACE, PIQUET_32, cardset, format_card, format_cards, format_hand, rank_of,  # noqa: F401
                             shuffle as _shuffle, size, suit_of)
from cardrules.deal import cut, next_dealer as next_seat
from cardrules.engine import IllegalAction, direct_init
from cardrules.rules import implements

from .variants import Variant

#: The 32-card pack of preferans, seven to ace in each suit.
PACK = PIQUET_32
#: Seat number of the dummy hand in the two-handed game.
DUMMY = -1
#: Cards per hand, hands per deal, cards in the talon.
HAND_SIZE, HANDS, TALON_SIZE = 10, 3, 2


@implements("preferans.cards.pack")
def pack_cards() -> list[int]:
    """The 32 cards of the preferans pack, in a fixed order.

    >>> len(pack_cards()), format_cards(pack_cards()[:8])
    (32, '♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A')
    """
    return PACK.cards


def shuffle(seed: int) -> list[int]:
    """The pack in the order fixed by ``seed`` (the edition's version-stable shuffle)."""
    return _shuffle(PACK, seed)


# --- seating and the first deal -----------------------------------------------------


@implements("preferans.seating.draw")
def draw_order(drawn: Sequence[int]) -> list[int]:
    """Players ordered by the cards they drew: lowest first.

    In this draw the ace is the lowest card; between equal ranks the suit decides,
    ♠ lowest, then ♣, ♦, ♥. ``drawn[i]`` is the card drawn by player ``i``.

    >>> from cardrules.cards import parse_cards
    >>> draw_order(parse_cards("♥7 ♠A ♣7"))     # the ace is lowest; ♣7 below ♥7
    [1, 2, 0]
    """
    def key(i: int) -> tuple[int, int]:
        r = rank_of(drawn[i])
        return (-1 if r == ACE else r, suit_of(drawn[i]))
    return sorted(range(len(drawn)), key=key)


@implements("preferans.deal.first-dealer")
def first_dealer(drawn: Sequence[int]) -> int:
    """The player who deals first: the one who drew the lowest card (ace low).

    >>> from cardrules.cards import parse_cards
    >>> first_dealer(parse_cards("♦K ♥9 ♠9"))
    2
    """
    return draw_order(drawn)[0]


@implements("preferans.deal.rotation")
def next_dealer(dealer: int, players: int) -> int:
    """The deal passes clockwise, to the dealer's left, whatever was played.

    >>> [next_dealer(d, 3) for d in range(3)], next_dealer(3, 4)
    ([1, 2, 0], 0)
    """
    return next_seat(dealer, players)


@implements("preferans.players.count", "preferans.players.two", "preferans.players.dummy")
def seats_of(variant: Variant, dealer: int) -> tuple[int, int, int]:
    """The seat holding each position (first, second, third hand).

    >>> from cardrules.games.preferans.variants import SOCHI, GUSARIK
    >>> from dataclasses import replace
    >>> seats_of(SOCHI, 1), seats_of(replace(SOCHI, players=4), 3), seats_of(GUSARIK, 0)
    ((2, 0, 1), (0, 1, 2), (1, -1, 0))
    """
    n = variant.players
    if n == 2:
        return ((dealer + 1) % 2, DUMMY, dealer)
    return ((dealer + 1) % n, (dealer + 2) % n, (dealer + 3) % n)  # first, second, third hand


# --- the deal ------------------------------------------------------------------------


@direct_init
@dataclass(frozen=True)
class Dealt:
    """A finished deal: a hand per position, the talon and who holds what."""

    hands: tuple[int, int, int]  #: bitmask per position
    talon_cards: tuple[int, int]  #: the talon, in the order it was laid
    dealer: int
    seats: tuple[int, int, int]  #: seat per position (DUMMY for the dummy)

    @property
    def talon(self) -> int:
        return cardset(self.talon_cards)

    def __str__(self) -> str:
        rows = [f"{'dummy' if s == DUMMY else 'seat ' + str(s)}: {format_hand(h)}"
                for s, h in zip(self.seats, self.hands)]
        return "\n".join(rows + [f"talon: {format_cards(self.talon_cards)}"])


@implements("preferans.deal.pairs", "preferans.deal.talon-placement")
def deal_pack(cards: Sequence[int], variant: Variant, dealer: int, talon_round: int | None = None) -> Dealt:
    """Deal a pack (top first) two cards at a time, clockwise from the dealer's left.

    Five rounds of pairs give each hand ten cards; the two talon cards are laid
    as one pair after round ``talon_round`` (from the variant unless given), so
    never as the first or the last pair.

    >>> from cardrules.games.preferans.variants import SOCHI
    >>> d = deal_pack(pack_cards(), SOCHI, dealer=2)
    >>> format_cards(d.talon_cards)      # the 4th pair: ♠7♠8, ♠9♠10, ♠J♠Q went to the hands
    '♠K ♠A'
    >>> format_cards(d.hands[0])         # pairs 1, 5, 8, 11, 14 of the pack
    '♠7 ♠8 ♣7 ♣8 ♣K ♣A ♦J ♦Q ♥9 ♥10'
    """
    k = variant.talon_round if talon_round is None else talon_round
    if not 1 <= k <= 4:
        raise ValueError(f"the talon is laid after round 1…4, not {k}: never as the first or the last pair")
    if len(cards) != PACK.size:
        raise ValueError(f"a preferans deal needs the {PACK.size}-card pack, not {len(cards)} cards")
    hands = [0, 0, 0]
    pos = 0
    talon: tuple[int, int] = (-1, -1)
    for rnd in range(5):
        for p in range(HANDS):
            hands[p] |= (1 << cards[pos]) | (1 << cards[pos + 1])
            pos += 2
        if rnd + 1 == k:
            talon = (cards[pos], cards[pos + 1])
            pos += 2
    return Dealt(tuple(hands), talon, dealer, seats_of(variant, dealer))  # type: ignore[arg-type]


def deal(variant: Variant, seed: int, dealer: int = 0, cut_at: int = 16) -> Dealt:
    """Shuffle with ``seed``, cut, and deal.

    The same as ``deal_pack(cut(shuffle(seed), cut_at), variant, dealer)``, with the
    places of each hand's cards in the shuffled pack worked out once per cut and round.
    """
    k = variant.talon_round
    if not (1 <= cut_at < PACK.size and 1 <= k <= 4 and variant.players in (2, 3, 4) and
            0 <= dealer < variant.players):
        return deal_pack(cut(shuffle(seed), cut_at), variant, dealer)
    places = _PLACES.get((cut_at, k))
    if places is None:
        places = _PLACES[cut_at, k] = _places(cut_at, k)
    take0, take1, take2, take_talon = places
    # the shuffle moves places, whatever is in them: shuffling the cards' bits deals the same cards
    bits = _shuffle(_PACK_BITS, seed)
    t0, t1 = take_talon(bits)
    return Dealt((sum(take0(bits)), sum(take1(bits)), sum(take2(bits))), (t0.bit_length() - 1, t1.bit_length() - 1),
                 dealer, _SEATS[variant.players][dealer])


_PACK_BITS = tuple(1 << c for c in PACK.cards)
_PLACES: dict = {}
_SEATS = {n: [seats_of(Variant(players=n), d) for d in range(n)] for n in (2, 3, 4)}


def _places(cut_at: int, k: int) -> tuple:
    """Getters of each hand's cards and of the talon from the shuffled (uncut) pack."""
    n = PACK.size
    order = [(i + cut_at) % n for i in range(n)]  # the cut pack, as places in the shuffled one
    hands: list[list[int]] = [[], [], []]
    talon: list[int] = []
    pos = 0
    for rnd in range(5):
        for p in range(HANDS):
            hands[p] += order[pos:pos + 2]
            pos += 2
        if rnd + 1 == k:
            talon = order[pos:pos + 2]
            pos += 2
    return tuple(itemgetter(*h) for h in hands) + (itemgetter(*talon),)


@implements("preferans.deal.cut")
def check_cut(at: int) -> None:
    """The cut must leave at least four cards in each part.

    >>> check_cut(4), check_cut(28)
    (None, None)
    >>> check_cut(3)
    Traceback (most recent call last):
    ...
    cardrules.engine.IllegalAction: a cut must lift and leave at least 4 cards, not 3 (preferans.deal.cut)
    """
    if not 4 <= at <= PACK.size - 4:
        raise IllegalAction("preferans.deal.cut", f"a cut must lift and leave at least 4 cards, not {at}")


# --- the procedure's irregularities --------------------------------------------------


@dataclass(frozen=True)
class Ruling:
    """What the rules make of an irregularity of the deal."""

    clause: str
    kind: str  #: 'redeal', 'redeal-next' (the deal passes on), 'counts', 'casus', 'refused', 'remark',
    #: and for a cut: 'neighbour' (may cut for the absent player) or 'wait'
    text: str
    penalty: tuple[int, int] | None = None  #: (seat, mountain points)
    next_dealer: int | None = None

    @property
    def redeal(self) -> bool:
        return self.kind in ("redeal", "redeal-next")


@dataclass
class Dealing:
    """A deal in progress, pair by pair, so that irregularities can arrive mid-deal.

    ``faults`` counts the dealer's exposed cards in earlier attempts at this deal.

    >>> from cardrules.games.preferans.variants import SOCHI
    >>> dg = Dealing(SOCHI, shuffle(5), dealer=0)
    >>> dg.expose("dealer").kind, dg.expose("dealer").kind
    ('redeal', 'redeal-next')
    """

    variant: Variant
    cards: list[int]
    dealer: int
    faults: int = 0
    pairs_dealt: int = 0
    talon_after: int | None = None  #: the round after which this dealer actually laid the talon
    log: list[Ruling] = field(default_factory=list)

    PAIRS = 16

    @property
    def finished(self) -> bool:
        return self.pairs_dealt >= self.PAIRS

    def step(self, pairs: int = 1) -> None:
        self.pairs_dealt = min(self.PAIRS, self.pairs_dealt + pairs)

    def result(self) -> Dealt:
        if not self.finished:
            raise ValueError("the deal is not finished")
        return deal_pack(self.cards, self.variant, self.dealer, self.talon_after)

    def _note(self, r: Ruling) -> Ruling:
        self.log.append(r)
        return r

    @implements("preferans.procedure.exposed-card", "preferans.procedure.dealer-slips")
    def expose(self, fault: str) -> Ruling:
        """A card turns face up while dealing: by the dealer's, a player's or the pack's fault.

        Any exposed card means a new deal (the Code); whose fault it was decides the rest
        (Lesnoy's note): a remark to a player, and the dealer's second slip is a remise.
        """
        if fault == "dealer":
            self.faults += 1
            if self.faults >= 2:
                nd = next_dealer(self.dealer, self.variant.players)
                return self._note(Ruling(
                    "preferans.procedure.dealer-slips", "redeal-next",
                    "the dealer exposed a card again: the agreed remise, and the deal passes on",
                    (self.dealer, self.variant.exposed_card_penalty), nd))
            return self._note(Ruling("preferans.procedure.dealer-slips", "redeal",
                                     "the dealer exposed a card: forgiven the first time, deal again"))
        return self._note(Ruling("preferans.procedure.exposed-card", "redeal",
                                 f"a card was exposed ({fault}'s fault): the same dealer deals again"
                                 + (", after a remark to the player" if fault == "player" else "")))

    @implements("preferans.procedure.talon-order", "preferans.procedure.redeal-before-end")
    def lay_talon(self, after_round: int) -> Ruling:
        """The dealer lays the talon after ``after_round``; out of the agreed round any player may demand a redeal."""
        self.talon_after = after_round
        if not 1 <= after_round <= 4:
            return self._note(Ruling("preferans.deal.talon-placement", "redeal",
                                     "the talon was laid as the first or last pair: deal again"))
        if after_round != self.variant.talon_round:
            return self._note(Ruling("preferans.procedure.talon-order", "redeal",
                                     f"the talon was laid after round {after_round}, not the agreed {self.variant.talon_round}: "
                                     "a player demands a redeal"))
        return self._note(Ruling("preferans.procedure.talon-order", "counts", "the talon is in its place"))

    @implements("preferans.procedure.redeal-before-end")
    def demand_redeal(self, reason: str) -> Ruling:
        """A player demands a redeal for a fault of the deal; only while the deal is not finished."""
        if self.finished:
            return self._note(Ruling("preferans.procedure.redeal-before-end", "refused",
                                     f"too late: a redeal for '{reason}' must be demanded before the deal ends"))
        return self._note(Ruling("preferans.procedure.redeal-before-end", "redeal",
                                 f"redeal demanded in time for '{reason}'"))


@implements("preferans.procedure.absent-cut")
def cut_for_absent(players: int, reserved: bool = False) -> Ruling:
    """The player due to cut has stepped out: may his right-hand neighbour cut for him?

    Only with more than three players, and only if the absent player did not say he
    would cut on his return; otherwise the table waits for him.

    >>> cut_for_absent(4).kind, cut_for_absent(4, reserved=True).kind, cut_for_absent(3).kind
    ('neighbour', 'wait', 'wait')
    """
    if players <= 3:
        return Ruling("preferans.procedure.absent-cut", "wait",
                      "with three at the table nobody cuts for an absent player: wait for him")
    if reserved:
        return Ruling("preferans.procedure.absent-cut", "wait",
                      "the absent player said he would cut on his return: wait for him")
    return Ruling("preferans.procedure.absent-cut", "neighbour",
                  "his right-hand neighbour may cut for the absent player")


@implements("preferans.procedure.absent-player")
def absent_player_returns(has_looked: bool) -> Ruling:
    """A player dealt to in his absence may have the cards dealt again, unless he has picked them up.

    >>> absent_player_returns(False).kind, absent_player_returns(True).kind
    ('redeal', 'counts')
    """
    if has_looked:
        return Ruling("preferans.procedure.absent-player", "counts",
                      "the absent player has picked up his cards: the deal stands")
    return Ruling("preferans.procedure.absent-player", "redeal",
                  "the absent player demands a redeal on his return")


@implements("preferans.procedure.wrong-count", "preferans.procedure.casus")
def wrong_count(found_during: str, missing_card: str = "in-hand") -> Ruling:
    """One hand is short and another long: what follows depends on when it is found.

    ``found_during`` is 'bidding' or 'play'; ``missing_card`` is 'in-hand' (the
    long hand holds it) or 'under-table'.

    >>> [wrong_count(w).kind for w in ("bidding", "play")], wrong_count("bidding", "under-table").kind
    (['redeal', 'counts'], 'casus')
    """
    if missing_card == "under-table":
        return Ruling("preferans.procedure.casus", "casus",
                      "a card was found under the table: a casus; the engine records it and leaves the ruling "
                      "to the players (the dealer answers in logic, but may suspect the short player)")
    if found_during == "bidding":
        return Ruling("preferans.procedure.wrong-count", "redeal",
                      "one hand short and another long, found while bidding: deal again")
    return Ruling("preferans.procedure.wrong-count", "counts",
                  "found in play: the deal counts; the long hand throws its extra card away and the short "
                  "hand plays nothing to the last trick")


def misdeal(d: Dealt, long_pos: int, short_pos: int, c: int | None = None) -> Dealt:
    """The deal with one card moved from ``short_pos`` to ``long_pos`` (an uncaught misdeal).

    >>> from cardrules.games.preferans.variants import SOCHI
    >>> m = misdeal(deal(SOCHI, seed=2), 0, 1)
    >>> [size(h) for h in m.hands]
    [11, 9, 10]
    """
    hands = list(d.hands)
    if c is None:
        c = (hands[short_pos] & -hands[short_pos]).bit_length() - 1
    if not hands[short_pos] >> c & 1:
        raise ValueError("the moved card must come from the short hand")
    hands[short_pos] &= ~(1 << c)
    hands[long_pos] |= 1 << c
    return Dealt(tuple(hands), d.talon_cards, d.dealer, d.seats)  # type: ignore[arg-type]


def check_deal(variant: Variant, dealt: Dealt) -> str:
    """Raise :class:`IllegalAction` (naming the clause) if ``dealt`` is not a deal of
    preferans; return '' for a regular deal, 'misdeal' for one hand long and another short,
    'casus' for a hand short with the card missing from the table."""
    pack = PACK.mask
    hands, talon = dealt.hands, dealt.talon_cards
    if len(hands) == 3 and len(talon) == 2:
        h0, h1, h2 = hands
        t0, t1 = talon
        # the usual deal, proved at once: 10 + 10 + 10 + 2 cards that together make the 32 of
        # the pack, so each card once and nothing else (anything else: the full check below)
        if h0.bit_count() == h1.bit_count() == h2.bit_count() == 10 and t0 != t1 and 0 <= t0 < 52 \
                and 0 <= t1 < 52 and h0 | h1 | h2 | 1 << t0 | 1 << t1 == pack:
            return ""
    seen = 0
    for pos, hand in enumerate(dealt.hands):
        if hand & ~pack:
            seat = dealt.seats[pos]
            raise IllegalAction("preferans.cards.pack", f"{'dummy' if seat == DUMMY else f'seat {seat}'} holds "
                                f"{format_hand(hand & ~pack)}, not in the 32-card pack")
        if hand & seen:
            raise IllegalAction("preferans.deal.pairs", f"{format_hand(hand & seen)} dealt twice")
        seen |= hand
    if len(dealt.talon_cards) != 2 or len(set(dealt.talon_cards)) != 2:
        raise IllegalAction("preferans.deal.pairs", f"the talon is two cards, not {len(dealt.talon_cards)}")
    for c in dealt.talon_cards:
        if not pack >> c & 1:
            raise IllegalAction("preferans.cards.pack", f"talon card {format_card(c)} is not in the 32-card pack")
        if seen >> c & 1:
            raise IllegalAction("preferans.deal.pairs", f"talon card {format_card(c)} was also dealt to a hand")
        seen |= 1 << c
    sizes = sorted(size(h) for h in dealt.hands)
    if sizes == [10, 10, 10] and seen == pack:
        return ""
    if sizes == [9, 10, 11] and seen == pack:
        return "misdeal"
    if sizes == [9, 10, 10] and size(pack & ~seen) == 1:
        return "casus"
    missing = pack & ~seen
    raise IllegalAction("preferans.deal.pairs",
                        f"each hand is dealt ten cards and the talon two: the hands hold {[size(h) for h in dealt.hands]}"
                        + (f" and {format_hand(missing)} were not dealt" if missing else ""))


__all__ = ["DUMMY", "Dealing", "Dealt", "PACK", "Ruling", "absent_player_returns", "check_cut", "check_deal", "cut_for_absent", "deal",
           "deal_pack", "draw_order", "first_dealer", "misdeal", "next_dealer", "pack_cards", "seats_of",
           "shuffle", "wrong_count"]
