"""What scores: the declarations before the first lead, the counting cards of each
trick, all ten tricks, the fines; and the game to 21 with its double.

>>> from cardrules.cards import parse_cardset
>>> from cardrules.games.semerik.variants import SEMERIK
>>> hand = parse_cardset("♥32AKQ ♠7 ♣7 ♦7 ♠4 ♣4")
>>> [(d.name, d.points) for d in value(SEMERIK, held(SEMERIK, hand))]
[('three 7s', 4), ('баба ♥ with K Q', 11)]
>>> trick_points(SEMERIK, parse_cardset("♠3 ♠2 ♠K ♠4"))      # three counting cards in the trick
1
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from cardrules.cards import (ACE, JACK, KING, QUEEN, RANK_MASKS, SEVEN, SUIT_GLYPHS, SUITS, THREE, TWO, RANK_NAMES_EN,
                             card, format_hand)
from cardrules.engine import Trace, direct_init
from cardrules.rules import implements

from .variants import Variant

#: The ranks whose three score as «top» threes: threes, twos, aces.
TOP_RANKS = (THREE, TWO, ACE)
#: A баба's extensions, in the order they add: the king, then the queen, then the jack.
EXTENSIONS = (KING, QUEEN, JACK)
#: The counting cards: 3 2 A K Q J of every suit.
COUNTING = sum(1 << card(s, r) for s in SUITS for r in (THREE, TWO, ACE, KING, QUEEN, JACK))
_BIT_COUNT = int.bit_count


@direct_init
@dataclass(frozen=True)
class Declaration:
    """One declaration a player writes: ``kind`` ``"trio"`` (three or four of ``key``, a
    rank) or ``"baba"`` (the 3 2 A of ``key``, a suit, with ``cards`` its extensions too)."""

    kind: str
    key: int
    cards: int
    points: int = 0
    clause: str = ""

    @property
    def length(self) -> int:
        return _BIT_COUNT(self.cards)

    @property
    def name(self) -> str:
        if self.kind == "trio":
            word = {3: "three", 4: "four"}[self.length]
            return f"{word} {RANK_NAMES_EN[self.key]}s"
        ext = self.length - 3
        tail = " with " + " ".join(RANK_NAMES_EN[r] for r in EXTENSIONS[:ext]) if ext else ""
        return f"баба {SUIT_GLYPHS[self.key]}{tail}"


@implements("semerik.declarations.baba")
def baba_cards(hand: int, suit: int, free: int) -> int:
    """The cards of the баба of ``suit`` in ``hand`` (0 if none): the three, two and ace,
    and the king, king-queen or king-queen-jack that extend it; only cards of ``free``.

    >>> from cardrules.cards import parse_cardset, HEARTS, SPADES
    >>> format_hand(baba_cards(parse_cardset("♥32AKJ"), HEARTS, -1))     # no queen: the jack does not count
    '♥AK32'
    >>> baba_cards(parse_cardset("♠32KQJ"), SPADES, -1)                  # no ace, no баба
    0
    """
    have = hand & free
    core = _BABA_CORE[suit]
    if have & core != core:
        return 0
    for bit in _BABA_EXTENSIONS[suit]:
        if not have & bit:
            break
        core |= bit
    return core


#: Each suit's three, two and ace (a баба's core), and its king, queen and jack in the order
#: they extend it, as bits (made once: a hand's бабы are looked for at each declaration).
_BABA_CORE = tuple((1 << card(suit, THREE)) | (1 << card(suit, TWO)) | (1 << card(suit, ACE)) for suit in SUITS)
_BABA_EXTENSIONS = tuple(tuple(1 << card(suit, r) for r in EXTENSIONS) for suit in SUITS)


@implements("semerik.declarations.three-sevens", "semerik.declarations.three-top", "semerik.declarations.three-other")
def trio_cards(hand: int, rank: int, free: int) -> int:
    """The cards of ``rank`` in ``hand`` (among ``free``) if there are three or four, else 0.

    >>> from cardrules.cards import parse_cardset
    >>> format_hand(trio_cards(parse_cardset("♠7 ♣7 ♥7 ♥3"), SEVEN, -1))
    '♠7 ♣7 ♥7'
    """
    cards = hand & free & RANK_MASKS[rank]
    return cards if _BIT_COUNT(cards) >= 3 else 0


@implements("semerik.declarations.overlap")
def free_cards(variant: Variant, used: int) -> int:
    """The cards a new declaration may use: all (overlap allowed), or those no earlier
    declaration of the player took.

    >>> from cardrules.games.semerik.variants import SEMERIK
    >>> free_cards(SEMERIK, 0b111) == -1, free_cards(SEMERIK.with_options(overlap=False), 0b111) == ~0b111
    (True, True)
    """
    return -1 if variant.overlap else ~used


def held(variant: Variant, hand: int, used: int = 0) -> list[Declaration]:
    """Every declaration ``hand`` may still make, threes by rank then бабы by suit."""
    free = free_cards(variant, used)
    out = []
    # the ranks of the free cards held in three suits or four: the only ones trio_cards can
    # find (13 ranks asked of every hand otherwise)
    h = hand & free
    a, b, c, d = h & 8191, h >> 13 & 8191, h >> 26 & 8191, h >> 39 & 8191
    threes = a & b & (c | d) | c & d & (a | b)
    for rank in _RANKS_OF[threes]:
        cards = trio_cards(hand, rank, free)
        if cards:
            out.append(Declaration("trio", rank, cards))
    # (baba_cards asked only of the suits whose three, two and ace are free in the hand:
    # the only ones it finds a баба in)
    for suit in SUITS:
        if h & _BABA_CORE[suit] == _BABA_CORE[suit]:
            out.append(Declaration("baba", suit, baba_cards(hand, suit, free)))
    return out


#: The ranks whose bits are set in a 13-bit mask, lowest first: ``_RANKS_OF[mask]``.
_RANKS_OF = tuple(tuple(r for r in range(13) if bits >> r & 1) for bits in range(1 << 13))


@implements("semerik.declarations.heart-baba", "semerik.declarations.heart-baba-extended")
def baba_points(variant: Variant, suit: int, extensions: int) -> int:
    """Points of a баба with 0…3 extension cards; a баба in trumps scores the bonus
    (5 for the bare one), and with the default reading keeps it when extended.

    >>> from cardrules.games.semerik.variants import SEMERIK
    >>> from cardrules.cards import SPADES, HEARTS
    >>> [baba_points(SEMERIK, SPADES, k) for k in range(4)], [baba_points(SEMERIK, HEARTS, k) for k in range(4)]
    ([3, 6, 9, 15], [5, 8, 11, 17])
    >>> [baba_points(SEMERIK.with_options(heart_baba_extends="plain"), HEARTS, k) for k in range(4)]
    [5, 6, 9, 15]
    """
    points = variant.baba_points[extensions]
    if suit == variant.trump and (extensions == 0 or variant.heart_baba_extends == "plus-bonus"):
        points += variant.heart_baba_bonus
    return points


@implements("semerik.declarations.four", "semerik.declarations.baba-trio")
def trio_points(variant: Variant, rank: int, count: int, with_baba: bool) -> tuple[int, str]:
    """Points of three (or four) of ``rank``, and the clause that sets them.

    >>> from cardrules.games.semerik.variants import SEMERIK
    >>> trio_points(SEMERIK, SEVEN, 3, False), trio_points(SEMERIK, ACE, 3, False), trio_points(SEMERIK, KING, 3, True)
    ((4, 'semerik.declarations.three-sevens'), (3, 'semerik.declarations.three-top'), (1, 'semerik.declarations.three-other'))
    >>> trio_points(SEMERIK, THREE, 3, True), trio_points(SEMERIK, TWO, 4, False), trio_points(SEMERIK, SEVEN, 4, False)
    ((4, 'semerik.declarations.baba-trio'), (4, 'semerik.declarations.four'), (4, 'semerik.declarations.four'))
    >>> trio_points(SEMERIK.with_options(baba_trio=1), THREE, 3, True)
    (1, 'semerik.declarations.baba-trio')
    """
    if rank not in TOP_RANKS:  # sevens and the low ranks: a four counts as three of them
        points = variant.seven_trio if rank == SEVEN else variant.other_trio
        if count == 4:
            return points, "semerik.declarations.four"
        return points, "semerik.declarations.three-sevens" if rank == SEVEN else "semerik.declarations.three-other"
    points, clause = variant.top_trio, "semerik.declarations.three-top"
    if count == 4 and variant.four_of_a_kind == "tressette":
        points, clause = variant.four_top, "semerik.declarations.four"
    if with_baba:
        if variant.baba_trio == 4:
            return max(points, 4), "semerik.declarations.baba-trio"
        return 1, "semerik.declarations.baba-trio"
    return points, clause


def value(variant: Variant, declared: list[Declaration]) -> list[Declaration]:
    """The player's declarations with their points (three 3s, 2s or aces count more
    beside a баба of the same player)."""
    with_baba = False
    for d in declared:
        if d.kind == "baba":
            with_baba = True
            break
    out = []
    for d in declared:
        if d.kind == "baba":
            pts = baba_points(variant, d.key, d.length - 3)
            clause = "semerik.declarations.heart-baba" if d.key == variant.trump else "semerik.declarations.baba"
        else:
            pts, clause = trio_points(variant, d.key, d.length, with_baba)
        out.append(Declaration(d.kind, d.key, d.cards, pts, clause))
    return out


@implements("semerik.tricks.counting-cards")
def trick_points(variant: Variant, trick: int) -> int:
    """Points of one trick: by how many counting cards (3 2 A K Q J) it holds; three
    give 1, four give 2, fewer nothing.

    >>> from cardrules.games.semerik.variants import SEMERIK
    >>> from cardrules.cards import parse_cardset
    >>> [trick_points(SEMERIK, parse_cardset(t)) for t in ("♠4 ♠5 ♠6 ♠7", "♠3 ♠2 ♠A ♠7", "♠3 ♥J ♣Q ♦K")]
    [0, 1, 2]
    """
    return variant.trick_scale[_BIT_COUNT(trick & COUNTING)]


@dataclass(frozen=True)
class Fine:
    """An irregularity written down: who, which (``"hint"`` or ``"revoke"``), the points."""

    seat: int
    kind: str
    points: int


@dataclass
class DealFacts:
    """What a finished deal hands to the scoring."""

    variant: Variant
    declared: list[list[Declaration]]  #: per seat, in the order written
    tricks: list[tuple[int, int]]  #: per trick: (winner's seat, cards of the trick)
    fines: list[Fine]
    played: bool = True  #: False when the deal ended on the declarations


@dataclass
class DealScore:
    """A deal's points per side (seats 0 and 2 are side 0), and the clauses behind them."""

    points: list[int]
    declarations: list[int]
    tricks: list[int]
    fines: list[int]
    trace: Trace = field(default_factory=Trace)  #: the steps, when counted with ``explain=True``


def _side(seat: int) -> int:
    return seat & 1


def _fine_side(variant: Variant, seat: int) -> tuple[int, int]:
    return (1 - _side(seat), 1) if variant.fines_to == "opponents" else (_side(seat), -1)


@implements("semerik.scoring.deal", "semerik.tricks.all-ten", "semerik.tricks.last-trick",
            "semerik.players.partners", "semerik.irregularities.fines")
def score_deal(facts: DealFacts, explain: bool = True) -> DealScore:
    """The points of a deal per side, each item with its clause (``explain=False``
    counts the same points without writing the trace, for bulk play).

    Partners' declarations and tricks count for the side; a side that takes all ten
    tricks adds the bonus; each fine goes to the other side (or off the offenders').
    """
    v = facts.variant
    trace = Trace()
    decl, trk, fin = [0, 0], [0, 0], [0, 0]
    for seat, declared in enumerate(facts.declared):
        if not declared:
            continue
        side = _side(seat)
        for d in value(v, declared):
            decl[side] += d.points
            if explain:
                trace.add(d.clause, f"seat {seat} ({'AB'[side]}): {d.name} ({format_hand(d.cards)})", d.points)
    taken = [0, 0]
    scale = v.trick_scale
    for i, (seat, cards) in enumerate(facts.tricks):
        side = seat & 1
        taken[side] += 1
        pts = scale[_BIT_COUNT(cards & COUNTING)]
        if pts:
            trk[side] += pts
            if explain:
                trace.add("semerik.tricks.counting-cards",
                          f"trick {i + 1} to seat {seat} ({'AB'[side]}): {_BIT_COUNT(cards & COUNTING)} counting cards in {format_hand(cards)}", pts)
        if i == 9 and v.last_trick:
            trk[side] += v.last_trick
            if explain:
                trace.add("semerik.tricks.last-trick", f"the last trick to side {'AB'[side]}", v.last_trick)
    for side in (0, 1):
        if taken[side] == 10 and v.capot:
            trk[side] += v.capot
            if explain:
                trace.add("semerik.tricks.all-ten", f"side {'AB'[side]} took all ten tricks", v.capot)
    for f in facts.fines:
        side, sign = _fine_side(v, f.seat)
        fin[side] += sign * f.points
        if explain:
            clause = "semerik.irregularities.revoke" if f.kind == "revoke" else "semerik.irregularities.hints"
            whom = "to the opponents" if sign > 0 else "off the side"
            trace.add(clause, f"seat {f.seat}: {'a revoke' if f.kind == 'revoke' else 'a hint'}, {whom} ({'AB'[side]})",
                      sign * f.points)
    points = [decl[s] + trk[s] + fin[s] for s in (0, 1)]
    if explain:
        trace.add("semerik.scoring.deal", f"the deal: side A {points[0]}, side B {points[1]}")
    return DealScore(points, decl, trk, fin, trace)


@implements("semerik.game.target", "semerik.game.both-reach")
def game_winner(variant: Variant, scores: list[int], early: list[int] | None = None) -> int | None:
    """The side that has won the game with ``scores``, or None to play on: a side at the
    target or beyond wins; if both are, the higher (or, with ``both_reach =
    "declarations-first"``, the one whose score ``early``, after the deal's declarations,
    was already there); if they are level, nobody yet.

    >>> from cardrules.games.semerik.variants import SEMERIK
    >>> game_winner(SEMERIK, [20, 9]), game_winner(SEMERIK, [14, 23]), game_winner(SEMERIK, [25, 25])
    (None, 1, None)
    >>> first = SEMERIK.with_options(both_reach="declarations-first")
    >>> game_winner(SEMERIK, [22, 25], early=[21, 10]), game_winner(first, [22, 25], early=[21, 10])
    (1, 0)
    """
    a, b = scores
    t = variant.target
    if a < t and b < t:
        return None
    if a >= t and b >= t and variant.both_reach == "declarations-first" and early is not None:
        ahead = [side for side in (0, 1) if early[side] >= t]
        if len(ahead) == 1:
            return ahead[0]
    if a == b:
        return None
    return 0 if a > b else 1


@implements("semerik.game.double", "semerik.game.value")
def game_value(variant: Variant, scores: list[int], winner: int, trace: Trace | None = None) -> int:
    """What the won game is worth: the target (or, by the other reading, the winners'
    total), doubled if the losers have not reached 11.

    >>> from cardrules.games.semerik.variants import SEMERIK
    >>> game_value(SEMERIK, [23, 12], 0), game_value(SEMERIK, [23, 10], 0)
    (21, 42)
    >>> game_value(SEMERIK.with_options(game_value="score"), [23, 10], 0)
    46
    """
    trace = trace if trace is not None else Trace()
    base = variant.target if variant.game_value == "target" else scores[winner]
    trace.add("semerik.game.value", f"side {'AB'[winner]} wins the game with {scores[winner]} to {scores[1 - winner]}", base)
    if scores[1 - winner] < variant.double_below:
        base *= variant.double_factor
        trace.add("semerik.game.double", f"the losers have not reached {variant.double_below}: counted double", base)
    return base


@implements("semerik.game.settlement")
def settle(variant: Variant, winner: int, amount: int, trace: Trace | None = None) -> list:
    """Per seat, what the game brings: each winner takes the value from an opponent
    (``each``), or the losing side pays it once, each partner half (``shared``).

    >>> from cardrules.games.semerik.variants import SEMERIK
    >>> settle(SEMERIK, 1, 42)
    [-42, 42, -42, 42]
    >>> settle(SEMERIK.with_options(partners="shared"), 0, 21)
    [Fraction(21, 2), Fraction(-21, 2), Fraction(21, 2), Fraction(-21, 2)]
    """
    each = amount if variant.partners == "each" else Fraction(amount, 2)
    out = [each if _side(seat) == winner else -each for seat in range(4)]
    if trace is not None:
        trace.add("semerik.game.settlement", f"each player of side {'AB'[winner]} receives", each)
    return out


__all__ = ["COUNTING", "DealFacts", "DealScore", "Declaration", "Fine", "baba_cards", "baba_points", "free_cards",
           "game_value", "game_winner", "held", "score_deal", "settle", "trick_points", "trio_cards", "trio_points",
           "value"]
