"""The score of one deal: carte blanche, the declarations, the play, the cards or
capot, pique and repique, in the order Cavendish's law 67 gives; then the
penalties of a false call and of a wrong discard.

>>> from cardrules.games.piquet.simulate import random_deal
>>> from cardrules.games.piquet import RUSSIAN
>>> st = random_deal(RUSSIAN, seed=5)
>>> res = st.settlement()
>>> sum(res.tricks), res.scores == [res.hand[s] + res.play[s] + res.bonus[s] for s in (0, 1)]
(12, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from cardrules.engine import Trace
from cardrules.rules import implements

from .deal import carte_blanche
from .declarations import CATEGORY_NAMES, best, category_score
from .play import play_points
from .variants import Variant


@dataclass
class DealFacts:
    """What the score of a deal depends on."""

    variant: Variant
    seats: list[int]  #: the seats in play, in speaking order
    dealt: Sequence[int]  #: hands as dealt
    held: Sequence[int]  #: hands after the exchange (what was declared from)
    outcome: list[list[int]]  #: per category, the seats whose claim stood
    false_calls: list[tuple[int, int]]  #: (seat, category) of uncorrected false calls
    tricks: list[tuple[int, int]]  #: (leader, winner) of each trick
    overdrawn: set[int] = field(default_factory=set)  #: seats that played with too many cards


@dataclass
class DealScore:
    scores: list[int]
    hand: list[int]
    play: list[int]
    bonus: list[int]
    tricks: list[int]
    repique: int | None = None
    pique: int | None = None
    capot: int | None = None
    silent: list[int] = field(default_factory=list)
    trace: Trace = field(default_factory=Trace)  #: the steps, when counted with ``explain=True``


@implements("piquet.pique.repique", "piquet.three.ninety-sixty")
def repique_due(v: Variant, seats: Sequence[int], hand: Sequence[int], counted: Sequence[int]) -> int | None:
    """The seat that has made the repique count in hand while nobody else has counted
    anything, or None (``hand`` and ``counted`` by seat)."""
    for p in seats:
        if hand[p] >= v.pique_at and sum(counted) == counted[p]:  # (no count is below nought)
            return p
    return None


@implements("piquet.pique.pique")
def pique_due(v: Variant, seat: int, total: int, counted: Sequence[int]) -> bool:
    """Whether ``seat``, who has just counted, makes the pique: ``total``, his count in hand
    and play, reaches the pique count while nobody else has counted anything (``counted``,
    by seat)."""
    return total >= v.pique_at and sum(counted) == counted[seat]


@implements("piquet.irregular.false-call-opponent")
def miscalled_winner(held: Sequence[int], seats: Sequence[int], category: int, false_caller: int) -> int | None:
    """After a false call is found out, who scores the category: an honest player whose
    real combination beats every other real one, the false caller's included."""
    keys = {s: best(held[s], category) for s in seats}
    top = max((k for k in keys.values() if k is not None), default=None)
    if top is None:
        return None
    best_seats = [s for s, k in keys.items() if k == top]
    if len(best_seats) == 1 and best_seats[0] != false_caller:
        return best_seats[0]
    return None


@implements("piquet.play.cards", "piquet.play.capot", "piquet.three.lezu", "piquet.three.capot")
def cards_winner(won: Sequence[int], seats: Sequence[int], silent: set[int]) -> int | None:
    """Who scores the cards (or capot): the one player with the most tricks (``won``, by
    seat), among those whose tricks count; nobody if the most are shared, or if every
    player played silent.

    >>> cards_winner([4, 4, 2], [0, 1, 2], set()), cards_winner([5, 3, 2], [0, 1, 2], set())
    (None, 0)
    >>> cards_winner([7, 5], [0, 1], {0}), cards_winner([7, 5], [0, 1], {0, 1})
    (1, None)
    """
    counts = [s for s in seats if s not in silent] if silent else seats
    top = -1
    winner = None  # the one seat with the most tricks so far, None while the most are shared
    for s in counts:
        if won[s] > top:
            top, winner = won[s], s
        elif won[s] == top:
            winner = None
    return winner


@implements("piquet.three.lezu")
def lezu_shared(v: Variant, won: dict[int, int], silent: set[int]) -> list[int]:
    """At three, the players who share the most tricks, if «лезу» is paid to each of
    them (``lezu_ties='each'``); otherwise nobody.

    >>> from cardrules.games.piquet import THREE
    >>> lezu_shared(THREE, {0: 4, 1: 4, 2: 2}, set()), lezu_shared(THREE.with_options(lezu_ties="each"), {0: 4, 1: 4, 2: 2}, set())
    ([], [0, 1])
    """
    if v.lezu_ties != "each":
        return []
    counts = {s: n for s, n in won.items() if s not in silent}
    if not counts:
        return []
    top = max(counts.values())
    return [s for s, n in counts.items() if n == top]


@implements("piquet.declarations.equal")
def equal_scores(holders: list[int]) -> int:
    """What a kind scores when two or more claims stood equal: nothing, for anyone."""
    return 0


@implements("piquet.irregular.false-call")
def false_callers(f: DealFacts, total: list[int], tr: Trace | None) -> list[int]:
    """The players who called what they do not hold: they score nothing this deal (told in
    ``tr``, unless None)."""
    if not f.false_calls:
        return []
    silent = sorted({s for s, _ in f.false_calls})
    if tr is not None:
        for s in silent:
            tr.add("piquet.irregular.false-call", f"seat {s} called what he does not hold: he scores nothing this deal", -total[s])
    return silent


@implements("piquet.irregular.false-call-bars")
def bars(counted: list[int], seat: int, points: int) -> None:
    """Note points that bar a pique: every score counted, a false caller's included
    (his are struck off only at the end)."""
    counted[seat] += points


@implements("piquet.pique.order")
def score_deal(f: DealFacts, explain: bool = True) -> DealScore:
    """Score a finished deal (see the module's doc); ``explain=False`` counts the same
    scores without writing the trace, for bulk play."""
    v = f.variant
    n = v.players
    seats = f.seats
    tr = Trace()
    # the counts by seat (a seat out of the deal stays at nought)
    hand = [0] * n
    play = [0] * n
    bonus = [0] * n
    counted = [0] * n  # scores as they bar a pique: a false caller's too
    repique = pique = None

    def check_repique() -> None:
        nonlocal repique
        if repique is None:
            p = repique_due(v, seats, hand, counted)
            if p is not None:
                repique = p
                add = v.repique_to - v.pique_at
                if explain:
                    tr.add("piquet.pique.repique", f"seat {p} has {hand[p]} in hand before anyone else counts: repique, {v.pique_at} becomes {v.repique_to}", add)
                bonus[p] += add
                counted[p] += add

    for s in seats:
        if carte_blanche(f.dealt[s]):
            hand[s] += v.carte_blanche
            if explain:
                tr.add("piquet.carte-blanche.score", f"seat {s}: carte blanche", v.carte_blanche)
            bars(counted, s, v.carte_blanche)
    check_repique()
    falses = {}  # category: its false caller
    for s, c in f.false_calls:
        falses[c] = s
    for c, holders in enumerate(f.outcome):
        if c in falses:
            winner = miscalled_winner(f.held, seats, c, falses[c])
            if explain:
                tr.add("piquet.irregular.false-call-opponent", f"{CATEGORY_NAMES[c]}: seat {falses[c]} called what he does not hold; the real holdings decide",
                       winner)
        elif len(holders) == 1:
            winner = holders[0]
        else:
            winner = None
            if holders and explain:
                tr.add("piquet.declarations.equal", f"{CATEGORY_NAMES[c]}: equal, nobody scores", equal_scores(holders))
        if winner is not None:
            pts = category_score(f.held[winner], c)
            hand[winner] += pts
            if explain:
                tr.add(f"piquet.declarations.{('point', 'sequence', 'sets')[c]}", f"seat {winner}: {CATEGORY_NAMES[c]}", pts)
            bars(counted, winner, pts)
            check_repique()
    silent_tricks = f.overdrawn
    won = [0] * n
    for _, winner in f.tricks:
        won[winner] += 1
    # a pique is open while no repique is made and one seat alone has counted anything; every
    # count is a sum of points, none below zero, so once two seats have counted it stays closed
    # (and counted, which only a pique reads from here on, is no longer kept)
    pique_open = repique is None
    for seat, pts in play_points(f.tricks, v.last_trick):
        if seat in silent_tricks:
            continue
        if silent_tricks:
            pts *= 2
        play[seat] += pts
        if not pique_open:
            continue
        counted[seat] += pts
        if counted[seat] != sum(counted):
            pique_open = False
            continue
        total = hand[seat] + play[seat] + bonus[seat]
        if pique_due(v, seat, total, counted):
            pique = seat
            pique_open = False
            bonus[seat] += v.pique_to - v.pique_at
            if explain:
                tr.add("piquet.pique.pique", f"seat {seat} reaches {total} in hand and play before anyone else counts: pique, {v.pique_at} becomes {v.pique_to}", v.pique_to - v.pique_at)
    if explain:
        for s in seats:
            if play[s]:
                tr.add("piquet.play.points", f"seat {s}: points in play" + (" (doubled: the other played with too many cards)" if silent_tricks and s not in silent_tricks else ""), play[s])
    capot = None
    w = cards_winner(won, seats, silent_tricks)
    shared = lezu_shared(v, {s: won[s] for s in seats}, silent_tricks) if w is None and len(seats) == 3 else []
    for s in shared:
        bonus[s] += v.cards_bonus
        if explain:
            tr.add("piquet.three.lezu", f"seat {s} shares the most tricks ({won[s]}): «лезу» to each", v.cards_bonus)
    if w is None and not shared:
        if explain:
            tr.add("piquet.play.cards", "the tricks are divided: nobody scores the cards", 0)
    elif w is None:
        pass
    elif won[w] == len(f.tricks):
        capot = w
        bonus[w] += v.capot_bonus
        if explain:
            tr.add("piquet.play.capot", f"seat {w} takes every trick: capot", v.capot_bonus)
    else:
        bonus[w] += v.cards_bonus
        if explain:
            tr.add("piquet.play.cards", f"seat {w} takes the most tricks ({won[w]}): the cards", v.cards_bonus)
    total = [0] * n
    for s in seats:
        total[s] = hand[s] + play[s] + bonus[s]
    silent = false_callers(f, total, tr if explain else None)
    if v.molchanka == "deal":
        if explain:
            for s in sorted(silent_tricks):
                tr.add("piquet.irregular.molchanka", f"seat {s} played with too many cards: he scores nothing this deal", -total[s])
        silent = sorted(set(silent) | silent_tricks)
    elif silent_tricks and explain:
        tr.add("piquet.irregular.molchanka", f"seat(s) {sorted(silent_tricks)} played with too many cards: no tricks counted, the other's doubled", 0)
    for s in silent:
        total[s] = 0
    return DealScore(total, hand, play, bonus, won, repique, pique, capot, silent, tr)


__all__ = ["DealFacts", "DealScore", "score_deal"]
