"""Leve and honours, the settlement of a deal in chips, and the end of the partie.

The settlement follows the entry's «счет» and «расчет»; where the entry is silent
the reading is an editorial clause (see the edition's commentary). Every amount is
recorded in a :class:`~cardrules.engine.Trace` with the clause that produced it.

>>> from cardrules.games.fortuna.variants import FOUR
>>> from cardrules.cards import HEARTS, SPADES, CLUBS
>>> rate(FOUR, trump=HEARTS, surs=HEARTS), rate(FOUR, trump=HEARTS, surs=CLUBS)
(4, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from cardrules.cards import ACE, SUIT_MASKS, TEN
from cardrules.engine import Trace
from cardrules.rules import implements

from .deal import _pack, pack, partner_suit
from .variants import Variant

_HONOUR_RANKS = sum(1 << r for r in range(TEN, ACE + 1))


@implements("fortuna.settlement.rate", "fortuna.surs.preferences")
def rate(variant: Variant, trump: int, surs: int) -> int:
    """Chips per point: 4 when trumps are сюры, 2 when they are преферансы, else 1.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> from cardrules.cards import DIAMONDS, HEARTS
    >>> rate(FOUR, trump=DIAMONDS, surs=HEARTS)    # ♦ is the other red suit: преферансы
    2
    """
    if trump == surs:
        return variant.surs_rate
    if trump == partner_suit(surs):
        return variant.prefs_rate
    return 1


def honours_mask(variant: Variant, trump: int) -> int:
    """The honours: the five top trumps (10 to ace) that the pack holds."""
    return _honours_masks(variant.deck, variant.short_suit)[trump]


@lru_cache(maxsize=None)
def _honours_masks(deck: str, short_suit: int) -> tuple[int, ...]:
    """The honours of each trump suit in a pack, worked out once per pack (they are
    looked up for every declarer of every deal)."""
    return tuple((_HONOUR_RANKS << (13 * trump)) & _pack(deck, short_suit).mask for trump in range(4))


@implements("fortuna.scoring.honours", "fortuna.three.honours", "fortuna.two.honours")
def honour_points(variant: Variant, held: int, trump: int) -> int:
    """Points for the honours among the cards ``held``.

    Five honours count 5, four 4, three 2, two 1 but only if one is the ace.
    When trumps are the cut-down suit of the three-handed pack (Q K A only):
    three count 4, two 2, the ace alone 1.

    >>> from cardrules.games.fortuna.variants import FOUR, THREE
    >>> from cardrules.cards import parse_cardset, HEARTS, CLUBS
    >>> [honour_points(FOUR, parse_cardset(h), HEARTS) for h in
    ...  ("♥AKQJ10", "♥KQJ10", "♥AKQ", "♥KQJ", "♥A10", "♥KQ", "♥A")]
    [5, 4, 2, 2, 1, 0, 0]
    >>> [honour_points(THREE, parse_cardset(h), CLUBS) for h in ("♣AKQ", "♣KQ", "♣A", "♣K")]
    [4, 2, 1, 0]
    """
    hon = honours_mask(variant, trump)
    mine = held & hon
    count = mine.bit_count()
    has_ace = bool(mine >> (13 * trump + ACE) & 1)
    if hon.bit_count() == 5:
        if count == 2 and not has_ace:
            return 0
        return variant.honour_scale[count]
    if count == 1 and not has_ace:
        return 0
    return variant.short_honour_scale[count]


@implements("fortuna.scoring.leve")
def leve(tricks: int, quota: int) -> int:
    """Leve: the tricks a declarer takes beyond his quota, a point each.

    >>> leve(5, 3), leve(2, 3)
    (2, 0)
    """
    return tricks - quota if tricks > quota else 0


@implements("fortuna.settlement.remise", "fortuna.settlement.remise-pool")
def remise_size(variant: Variant, pool: int) -> int:
    """One remise: the pool as it stands in this deal, but never more than 72.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> remise_size(FOUR, 48), remise_size(FOUR, 200)
    (48, 72)
    """
    return pool if pool < variant.remise_cap else variant.remise_cap


@implements("fortuna.settlement.remise-honours")
def remise_honour_units(variant: Variant, held: int, trump: int) -> int:
    """A failing player's honours as counted in his payment and remises.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> from cardrules.cards import parse_cardset, HEARTS
    >>> h = parse_cardset("♥KQJ")
    >>> remise_honour_units(FOUR, h, HEARTS), remise_honour_units(FOUR.with_options(remise_honours="cards"), h, HEARTS)
    (2, 3)
    """
    if variant.remise_honours == "cards":
        return (held & honours_mask(variant, trump)).bit_count()
    return honour_points(variant, held, trump)


@implements("fortuna.partie.honours-only")
def advance(variant: Variant, before: int, leve_points: int, honours: int, leve_before: int = 0) -> tuple[int, bool]:
    """A player's score after a deal, and whether honours alone held him at 12.

    The partie cannot be won on honours alone: a score that would reach 13 without
    a leve in the deal (or, on the other reading, in the whole partie) stays at 12.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> advance(FOUR, 10, 0, 4)       # 10 + 4 honours, no leve: held at 12
    (12, True)
    >>> advance(FOUR, 10, 1, 4)       # one leve is enough: 15
    (15, False)
    >>> advance(FOUR.with_options(honours_only="partie"), 10, 0, 4, leve_before=3)
    (14, False)
    """
    after = before + leve_points + honours
    target = variant.partie_points
    if after >= target:
        no_leve = leve_points == 0 if variant.honours_only == "deal" else leve_before + leve_points == 0
        if no_leve:
            return target - 1, True
    return after, False


@implements("fortuna.partie.above-13")
def paid_points(variant: Variant, before: int, after: int, points: int) -> int:
    """The points a deal's payments count: none beyond 13.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> paid_points(FOUR, before=10, after=15, points=5)    # only 3 reach 13
    3
    >>> paid_points(FOUR.with_options(cap_paid_points=False), 10, 15, 5)
    5
    """
    if not variant.cap_paid_points:
        return points
    target = variant.partie_points
    gain = (after if after < target else target) - before
    return gain if gain < points else points


@implements("fortuna.partie.grand-souverain", "fortuna.partie.petit-souverain",
            "fortuna.partie.petit-souverain-ace", "fortuna.two.petit-souverain",
            "fortuna.two.petit-short-trumps")
def souverain(variant: Variant, points: int, held: int, trump: int) -> str | None:
    """'grand' for 13 points or more in one deal; 'petit' for 12 with the right ace.

    The petit souverain holds the ace of hearts when hearts are not trumps, else
    the ace of spades (the Symbol-font reading of «©Т» / «ªТ»); in the two-handed
    games he must also hold the six top trumps, which a trump suit of five cards
    cannot give.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> from cardrules.cards import parse_cardset, HEARTS, CLUBS
    >>> souverain(FOUR, 13, 0, CLUBS), souverain(FOUR, 12, parse_cardset("♥A"), CLUBS)
    ('grand', 'petit')
    >>> souverain(FOUR, 12, parse_cardset("♥A"), HEARTS), souverain(FOUR, 12, parse_cardset("♠A"), HEARTS)
    (None, 'petit')
    """
    target = variant.partie_points
    if points >= target:
        return "grand"
    if points != target - 1:
        return None
    first, second = variant.petit_aces
    ace_suit = second if trump == first else first
    if not held >> (13 * ace_suit + ACE) & 1:
        return None
    need = variant.petit_top_trumps
    if need:
        trumps = pack(variant).mask & SUIT_MASKS[trump]
        top = 0
        for _ in range(need):
            if not trumps:
                return None
            high = 1 << (trumps.bit_length() - 1)
            top |= high
            trumps ^= high
        if held & top != top:
            return None
    return "petit"


@implements("fortuna.two.no-grand")
def max_deal_points(variant: Variant) -> int:
    """The most points one player can score in a deal: all the leve and five honours.

    In the two-handed games the quota is 6 of 13 tricks: at most 7 leve and 5
    honours, 12 points, so a grand souverain cannot happen there.

    >>> from cardrules.games.fortuna.variants import FOUR, TWO, TWO_TALON
    >>> max_deal_points(FOUR), max_deal_points(TWO), max_deal_points(TWO_TALON)
    (16, 12, 12)
    """
    tricks = pack(variant).size // variant.players - (variant.talon // variant.players)
    return tricks - variant.base_quota + max(variant.honour_scale)


@dataclass
class DealResult:
    """The outcome of one deal: chips moved, points scored, and why."""

    chips: list[int]  #: per seat: chips won (+) or paid (−), pool payments included
    pool_in: int = 0  #: chips paid into the pool now (all-pass stakes, talon fees)
    remises: int = 0  #: chips of remises (failures and revokes); go to the next pool if the partie ends
    leve: list[int] = field(default_factory=list)  #: leve points scored per seat
    honours: list[int] = field(default_factory=list)  #: honour points scored per seat
    made: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    souverain: tuple[int, str] | None = None
    all_passed: bool = False
    misdeal: bool = False  #: the dealer misdealt: the deal was not played
    facts: "DealFacts | None" = field(default=None, repr=False)
    #: the clauses and amounts behind the result (for a deal settled quietly, as a partie
    #: settles its deals, written when first read: see :func:`settle`)
    trace: Trace = field(default_factory=Trace, repr=False)


@dataclass
class DealFacts:
    """What a finished deal hands to the settlement."""

    variant: Variant
    dealer: int
    trump: int
    surs: int
    declarers: list[int]
    nevolia: int | None
    quota: int
    tricks: list[int]
    held: list[int]  #: per seat, the cards that count for honours
    revokes: dict[int, int]  #: seat -> revoke remise
    bought: list[int]  #: talon cards bought per seat
    pool: int  #: the pool as it stands in this deal, talon fees included
    scores: list[int]  #: partie scores before the deal
    leve_totals: list[int]  #: leve points in the partie before the deal


@implements("fortuna.settlement.collect", "fortuna.settlement.opponents", "fortuna.settlement.failure",
            "fortuna.settlement.ties", "fortuna.settlement.made-vs-made", "fortuna.settlement.failure-amount",
            "fortuna.bidding.nevolia-exempt", "fortuna.bidding.nevolia-souverain", "fortuna.bidding.forced-no-points",
            "fortuna.bidding.punition-juste", "fortuna.scoring.honours-owner", "fortuna.revoke.plain",
            "fortuna.revoke.trump", "fortuna.revoke.separate", "fortuna.revoke.victims",
            "fortuna.two.five-tricks", "fortuna.talon.double", "fortuna.talon.fee",
            "fortuna.partie.souverain-payment")
def settle(f: DealFacts, explain: bool = False) -> DealResult:
    """Settle a played deal: who made his game, the chips each pays, the points each scores.

    With ``explain`` the result carries its trace at once; otherwise the trace is
    worked out when first asked for (``result.trace``).
    """
    v = f.variant
    n = v.players
    # the trace's words are written only when asked for (every tr.add under «if explain»):
    # settling a deal does not read them
    tr = Trace() if explain else Trace(later=lambda: settle(f, explain=True).trace.steps)
    made: list[int] = []
    failed: list[int] = []
    res = DealResult(chips=[0] * n, leve=[0] * n, honours=[0] * n, made=made, failed=failed, facts=f, trace=tr)
    chips = res.chips
    mult = rate(v, f.trump, f.surs)
    if mult > 1 and explain:
        tr.add("fortuna.settlement.rate", f"trumps are {'сюры' if f.trump == f.surs else 'преферансы'}: chips per point", mult)
    if f.nevolia is not None:
        in_game = list(range(n))
        declarers = [f.nevolia]
        exempt = {s for s in in_game if s != f.nevolia}
        if explain:
            tr.add("fortuna.bidding.nevolia", f"seat {f.nevolia} forced неволя, quota", f.quota)
    else:
        in_game = list(f.declarers)
        declarers = list(f.declarers)
        exempt = set()
        if explain:
            tr.add("fortuna.bidding.quota", f"declarers {declarers}, quota", f.quota)
    revokers = f.revokes

    def pay(payer: int, payee: int, amount: int, clause: str, text: str | bool) -> None:
        # (``text`` is ``explain and f"..."``: False, unwritten, when nobody reads it)
        if amount <= 0 or payer in exempt:
            return
        chips[payer] -= amount
        chips[payee] += amount
        if explain:
            tr.add(clause, f"seat {payer} pays seat {payee}: {text}", amount)

    paid: dict[int, int] = {}
    paid_leve: dict[int, int] = {}
    units: dict[int, int] = {}
    relieved: set[int] = set()
    sov: tuple[int, str] | None = None
    for d in declarers:
        t = f.tricks[d]
        if t >= f.quota:
            made.append(d)
            if d in revokers:
                paid[d] = paid_leve[d] = 0
                if explain:
                    tr.add("fortuna.revoke.plain", f"seat {d} revoked: scores nothing", 0)
                continue
            lv = leve(t, f.quota)
            hp = honour_points(v, f.held[d], f.trump)
            if explain:
                tr.add("fortuna.scoring.leve", f"seat {d} made {t} tricks: leve", lv)
                if hp:
                    tr.add("fortuna.scoring.honours", f"seat {d} honours", hp)
            # only points beyond 13 go unpaid: a player whom honours alone hold at 12
            # (fortuna.partie.honours-only) is still paid for his points up to 13
            before = f.scores[d]
            p = paid_points(v, before, before + lv + hp, lv + hp)
            if p != lv + hp and explain:
                tr.add("fortuna.partie.above-13", f"seat {d}: points paid", p)
            paid[d] = p
            paid_leve[d] = lv if lv < p else p
            res.leve[d], res.honours[d] = lv, hp
            kind = souverain(v, lv + hp, f.held[d], f.trump) if sov is None else None
            if kind:
                sov = (d, kind)
                if explain:
                    tr.add(f"fortuna.partie.{kind}-souverain", f"seat {d}: {kind} souverain with", lv + hp)
        else:
            failed.append(d)
            under = f.quota - t
            hu = remise_honour_units(v, f.held[d], f.trump)
            units[d] = under + hu
            if explain:
                tr.add("fortuna.settlement.failure", f"seat {d} took {t} of {f.quota}: short {under}, honours {hu}", under + hu)
            if v.relief_tricks and t >= v.relief_tricks:
                relieved.add(d)
                if explain:
                    tr.add("fortuna.two.five-tricks", f"seat {d} took {t}: no remise, pays only the game", 0)
            if f.bought[d] and v.talon_fail_factor != 1 and explain:
                tr.add("fortuna.talon.double", f"seat {d} bought from the talon and failed: factor on his payments",
                       v.talon_fail_factor)
    res.souverain = sov

    def factor(payer: int) -> int:
        return v.talon_fail_factor if payer in failed and f.bought[payer] else 1

    def times(payer: int) -> str:
        k = factor(payer)
        return f" × {k}" if k != 1 else ""

    # the souverain collects his 13 leve and premium from every opponent
    if sov:
        s, kind = sov
        premium = v.grand_premium if kind == "grand" else v.petit_premium
        for o in in_game:
            if o != s:
                pay(o, s, (v.souverain_leve * mult + premium) * factor(o), f"fortuna.partie.{kind}-souverain",
                    explain and (f"({v.souverain_leve} leve × {mult} + {premium}){times(o)}" if factor(o) != 1
                                 else f"{v.souverain_leve} leve × {mult} + {premium}"))
    if failed:
        # only the failers pay: each made player's points, then their own shortfall
        for s in made:
            if sov and s == sov[0]:
                continue
            for fl in failed:
                pay(fl, s, paid[s] * mult * factor(fl), "fortuna.settlement.collect",
                    explain and f"{paid[s]} points × {mult}{times(fl)}")
        for fl in failed:
            if fl in relieved:
                continue
            for o in in_game:
                if o == fl or o in revokers:
                    continue
                if v.failure_payment == "shortfall":
                    pay(fl, o, units[fl] * mult * factor(fl), "fortuna.settlement.failure",
                        explain and f"{units[fl]} × {mult}{times(fl)}")
                if fl == f.nevolia:
                    chips[fl] -= v.punition_consolation
                    chips[o] += v.punition_consolation
                    if explain:
                        tr.add("fortuna.bidding.punition-juste", f"seat {fl} pays seat {o} the consolation", v.punition_consolation)
    else:
        # nobody failed: the made players settle the differences of their points
        # (fortuna.settlement.made-vs-made), equal points by their leve (fortuna.settlement.ties)
        others = [s for s in made if not (sov and s == sov[0])]
        for i, a in enumerate(others):
            for b in others[i + 1:]:
                if paid[a] != paid[b]:
                    lo, hi = (a, b) if paid[a] < paid[b] else (b, a)
                    pay(lo, hi, (paid[hi] - paid[lo]) * mult, "fortuna.settlement.made-vs-made",
                        explain and f"difference of points {paid[hi]} − {paid[lo]}, × {mult}")
                elif paid_leve[a] != paid_leve[b]:
                    lo, hi = (a, b) if paid_leve[a] < paid_leve[b] else (b, a)
                    pay(lo, hi, (paid_leve[hi] - paid_leve[lo]) * mult, "fortuna.settlement.ties",
                        explain and f"equal points, difference of leve {paid_leve[hi]} − {paid_leve[lo]}, × {mult}")
    # remises into the pool
    size = remise_size(v, f.pool)
    for fl in failed:
        if fl in relieved:
            continue
        amount = units[fl] * size
        chips[fl] -= amount
        res.remises += amount
        if explain:
            tr.add("fortuna.settlement.remise", f"seat {fl} puts {units[fl]} remises of {size} in the pool", amount)
    for r, amount in revokers.items():
        chips[r] -= amount
        res.remises += amount
        if explain:
            clause = "fortuna.revoke.trump" if amount == v.revoke_trump else "fortuna.revoke.plain"
            tr.add(clause, f"seat {r} puts the revoke remise in the pool", amount)
    for seat, k in enumerate(f.bought):
        if k:
            chips[seat] -= k * v.talon_fee
            res.pool_in += k * v.talon_fee
            if explain:
                tr.add("fortuna.talon.fee", f"seat {seat} bought {k}: into the pool", k * v.talon_fee)
    return res


@implements("fortuna.partie.target", "fortuna.partie.several-13")
def partie_winner(variant: Variant, scores: list[int], deal_leve: list[int], dealer: int) -> int | None:
    """The winner once a deal is scored: the first to 13; if several reach it in one
    deal, the highest score, then the most leve in that deal, then the first in
    bidding order.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> partie_winner(FOUR, [13, 14, 3, 0], [2, 1, 0, 0], dealer=3), partie_winner(FOUR, [12, 0, 0, 0], [0] * 4, 0)
    (1, None)
    """
    if max(scores) < variant.partie_points:  # nobody reached it (most deals): no order to settle
        return None
    n = variant.players
    order = [(dealer + 1 + i) % n for i in range(n)]
    reached = [s for s in order if scores[s] >= variant.partie_points]
    return max(reached, key=lambda s: (scores[s], deal_leve[s], -order.index(s)))


@implements("fortuna.partie.shares", "fortuna.partie.share-rounding")
def pool_shares(variant: Variant, pool: int, scores: list[int], winner: int, whole: bool = False) -> list[int]:
    """How the pool is shared at the end of the partie: 1/8 to a player with 11,
    1/4 to one with 12 (or more, when another won), the rest to the winner;
    a souverain (``whole``) takes it all. Shares are rounded down.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> pool_shares(FOUR, 200, [13, 11, 12, 4], winner=0)     # 200//8 = 25, 200//4 = 50, rest 125
    [125, 25, 50, 0]
    """
    out = [0] * len(scores)
    if not whole:
        for seat, score in enumerate(scores):
            if seat == winner:
                continue
            for points, part in variant.shares:
                if score >= points:
                    out[seat] = pool // part
    out[winner] = pool - sum(out)
    return out


@implements("fortuna.partie.onerschik")
def onerschik_consolation(variant: Variant, pool: int, winner_share: int) -> int:
    """What the winner pays a player held at 12 by honours alone.

    24 chips if the winner took more than a quarter of the pool by 48 or more;
    half of the excess (rounded down) if by less; nothing if not more than a quarter.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> onerschik_consolation(FOUR, 400, 300)   # quarter 100, excess 200 >= 48
    24
    >>> onerschik_consolation(FOUR, 200, 80)    # quarter 50, excess 30: half is 15
    15
    >>> onerschik_consolation(FOUR, 200, 50)
    0
    """
    excess = winner_share - pool // 4
    if excess <= 0:
        return 0
    if excess >= variant.onerschik_threshold:
        return variant.onerschik_consolation
    return excess // 2


__all__ = ["DealFacts", "DealResult", "advance", "honour_points", "honours_mask", "leve", "max_deal_points",
           "onerschik_consolation", "paid_points", "partie_winner", "pool_shares", "rate", "remise_honour_units",
           "remise_size", "settle", "souverain"]
