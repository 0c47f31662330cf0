"""The score sheet («пулька»): pool («пуля»), mountain («гора») and whists («висты»);
what each deal writes there in each variant; the end of the pulka and the final
settlement (amnesty of the mountains, conversion into whists, netting of each pair).

Every amount is written as an :class:`Entry` that names its clause, so a sheet can
always say why it holds what it holds (see :meth:`Sheet.explain`).

>>> from cardrules.games.preferans.variants import SOCHI
>>> sheet = Sheet(SOCHI)
>>> sheet.write([Entry("pool", 0, 4, None, "preferans.scoring.made", "7♠ made")])
>>> sheet.pool, sheet.mountain
([4, 0, 0], [0, 0, 0])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Iterable

from cardrules.engine import Trace, counted, direct_init
from cardrules.rules import implements

from .variants import Variant

Num = int | Fraction
_NO_PENALTY: dict[int, int] = {}


def fmt(x: Num, sign: bool = True) -> str:
    """An amount as the sheet writes it: whole numbers plainly, fractions as a/b.

    >>> fmt(4), fmt(Fraction(-10, 3)), fmt(Fraction(6, 2), sign=False)
    ('+4', '-10/3', '3')
    >>> fmt(Fraction(1, 3))      # a gain of less than one whist is still a gain
    '+1/3'
    """
    x = Fraction(x)
    body = str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return ("+" if sign and x >= 0 else "") + body


@direct_init
@dataclass(frozen=True)
class Entry:
    """One line written on the sheet: ``kind`` is 'pool', 'mountain' or 'whists'
    (then ``seat`` writes ``amount`` whists on ``on``)."""

    kind: str
    seat: int
    amount: Num
    on: int | None
    clause: str
    text: str = ""

    def __str__(self) -> str:
        where = {"pool": "pool", "mountain": "mountain"}.get(self.kind, f"whists on {self.on}")
        return f"seat {self.seat} {where} {fmt(self.amount)}" + (f" ({self.text})" if self.text else "")


@dataclass
class DealFacts:
    """What happened in a deal, as scoring needs it (seats, not positions)."""

    kind: str  #: 'contract', 'misere', 'allpass' or 'annulled'
    players: int
    dealer: int
    declarer: int = -1
    level: int = 0  #: 6…10 for a contract
    contract: str = ""
    whist: str = "none"  #: 'none' (both passed), 'half', 'one', 'two'
    whisters: tuple[int, ...] = ()  #: in the order they said «вист»
    passers: tuple[int, ...] = ()  #: defenders who passed and share in the defence's whists as the variant says
    half_whister: int = -1
    #: a defender who went «за полвиста» and whose whist the other took back: his tricks count
    #: for the defence, but he writes no whists, not even the consolation (Code 3.8.14)
    half_withdrawn: int = -1
    tricks: dict[int, int] = field(default_factory=dict)  #: per seat (dummy's tricks go to its player)
    sitting_out: int = -1  #: the dealer who sits out with four players
    dealer_tricks: int = 0  #: tricks won by talon cards for a sitting-out dealer in an all-pass
    streak: int = 0  #: all-passes in a row before this one
    pool_closed: dict[int, bool] = field(default_factory=dict)
    #: seats that played with a wrong number of cards (penalty reading); only the declarer and
    #: the whisters are put down for it (see :func:`defender_remises`)
    wrong_count: tuple[int, ...] = ()
    dark: int = 0  #: level of blind passes behind an all-pass: prices × 2 ** dark (Classic)
    #: tricks taken off a player's own count in a contract for looking at old tricks or the
    #: discard (Code 3.9.11.2, 3.4.9): they go to nobody (Code 3.9.12), so the others' whists and
    #: consolation count the tricks really taken
    penalty: dict[int, int] | None = field(default=None, repr=False)  # (out of repr: the regression digests)


# --- contracts ------------------------------------------------------------------------


@implements("preferans.scoring.made", "preferans.scoring.remise", "preferans.scoring.whist-value",
            "preferans.scoring.lone-whister", "preferans.scoring.consolation", "preferans.whist.sharing", "preferans.whist.responsibility",
            "preferans.whist.two-defenders", "preferans.whist.half-whist", "preferans.whist.no-whist")
def score_contract(v: Variant, f: DealFacts) -> list[Entry]:
    """The entries of a trick-taking contract.

    >>> from cardrules.games.preferans.variants import SOCHI
    >>> f = DealFacts("contract", 3, dealer=2, declarer=0, level=6, whist="two",
    ...               whisters=(1, 2), tricks={0: 5, 1: 3, 2: 2})
    >>> [str(e) for e in score_contract(SOCHI, f)]     # 6 without one: 2 to the mountain; 3×2+2, 2×2+2
    ['seat 0 mountain +2 (6 without 1)', 'seat 1 whists on 0 +6 (3 tricks × 2)', 'seat 1 whists on 0 +2 (consolation 1 × 2)', 'seat 2 whists on 0 +4 (2 tricks × 2)', 'seat 2 whists on 0 +2 (consolation 1 × 2)']
    """
    out: list[Entry] = []
    d, lvl = f.declarer, f.level
    price = v.contract_value(lvl)
    wv = v.whist_value(lvl)
    if f.whist == "none":
        out.append(Entry("pool", d, price, None, "preferans.whist.no-whist", f"{f.contract} not whisted: counted made"))
        return out
    if f.whist == "half":
        half = v.obligation(lvl) // 2
        out.append(Entry("pool", d, price, None, "preferans.whist.half-whist", f"{f.contract} made (half-whist)"))
        out.append(Entry("whists", f.half_whister, wv * half, d, "preferans.whist.half-whist",
                         f"half-whist: {counted(half, 'trick')} × {wv}"))
        return out
    taken = f.tricks.get(d, 0)
    pen = f.penalty or _NO_PENALTY
    if pen:  # a defender's look at old tricks: a trick off his own count (Code 3.9.11.2)
        defence = {s: max(0, f.tricks.get(s, 0) - pen.get(s, 0)) for s in f.whisters + f.passers}
    else:
        defence = {s: f.tricks.get(s, 0) for s in f.whisters + f.passers}
    if f.half_withdrawn >= 0:  # his tricks are the defence's; he writes nothing
        defence[f.half_withdrawn] = f.tricks.get(f.half_withdrawn, 0)
    d_total = sum(defence.values())
    short = max(0, lvl - taken)  # the consolation and the whists count the tricks really taken
    booked = short
    if d in f.wrong_count:  # the Code's penalty: two tricks off, whatever was taken
        booked = max(0, lvl - (min(taken, lvl) - 2))
    elif pen and pen.get(d):  # tricks off for looking at old tricks or the discard: an overtrick cancels one
        booked = max(0, lvl - (taken - pen[d]))
    if booked == 0:
        out.append(Entry("pool", d, price, None, "preferans.scoring.made", f"{f.contract} made"))
    elif booked != short and d in f.wrong_count:
        out.append(Entry("mountain", d, v.remise_value(lvl) * booked, None, "preferans.procedure.wrong-count",
                         f"{lvl} without {booked}: played with a wrong number of cards"))
    elif booked != short:
        out.append(Entry("mountain", d, v.remise_value(lvl) * booked, None, "preferans.procedure.old-trick",
                         f"{lvl} without {booked}: {counted(pen[d], 'penalty trick')} off"))
    else:
        out.append(Entry("mountain", d, v.remise_value(lvl) * short, None, "preferans.scoring.remise",
                         f"{lvl} without {short}"))
    cons = v.consolation_per_trick(lvl)
    if f.whist == "two":
        for s in f.whisters:
            if defence[s]:
                out.append(Entry("whists", s, wv * defence[s], d, "preferans.scoring.whist-value",
                                 f"{counted(defence[s], 'trick')} × {wv}"))
            if short:
                out.append(Entry("whists", s, cons * short, d, "preferans.scoring.consolation",
                                 f"consolation {short} × {cons}"))
    else:  # one whister, one passer (or the dummy's owner alone)
        w = f.whisters[0]
        if short and v.whist_sharing == "gentleman" and f.passers and w != f.sitting_out:
            half = _part(wv * d_total, 2)
            for s in (w,) + f.passers:
                if half:
                    out.append(Entry("whists", s, half, d, "preferans.whist.sharing",
                                     f"half of {counted(d_total, 'trick')} × {wv} (gentleman's whist)"))
                out.append(Entry("whists", s, cons * short, d, "preferans.scoring.consolation",
                                 f"consolation {short} × {cons}"))
        else:
            if d_total:
                out.append(Entry("whists", w, wv * d_total, d, "preferans.scoring.whist-value",
                                 f"{counted(d_total, 'defence trick')} × {wv}"))
            if short:
                for s in (w,) + f.passers:
                    out.append(Entry("whists", s, cons * short, d, "preferans.scoring.consolation",
                                     f"consolation {short} × {cons}"))
    if short and f.sitting_out >= 0 and v.consolation_to_dealer and f.sitting_out not in f.whisters:
        out.append(Entry("whists", f.sitting_out, cons * short, d, "preferans.scoring.consolation",
                         f"consolation {short} × {cons} (dealer)"))
    out.extend(defender_remises(v, f, defence))
    return out


def _num(x: Fraction) -> Num:
    return int(x) if x.denominator == 1 else x


def _part(a: int, b: int) -> Num:
    """``a / b`` exactly, as the sheet writes it: an int when ``b`` divides ``a``, else a Fraction
    (what ``_num(Fraction(a, b))`` gives, without Fraction arithmetic in the usual case)."""
    return a // b if a % b == 0 else Fraction(a, b)


@implements("preferans.whist.responsibility", "preferans.whist.two-defenders")
def defender_remises(v: Variant, f: DealFacts, defence: dict[int, int]) -> list[Entry]:
    """Mountain for defenders who took fewer tricks than they undertook.

    One whister answers for the whole obligation; two answer for half each (on 6
    and 7), and only when together they fell short; on 8, 9 and 10 the one who
    whisted second answers for the single trick.

    >>> from cardrules.games.preferans.variants import SOCHI
    >>> f = DealFacts("contract", 3, 2, declarer=0, level=6, whist="two", whisters=(1, 2))
    >>> [str(e) for e in defender_remises(SOCHI, f, {1: 2, 2: 1})]   # 3 < 4; seat 2 is 1 short of 2
    ['seat 2 mountain +2 (whist short by 1)']
    >>> [str(e) for e in defender_remises(SOCHI, f, {1: 1, 2: 0})]   # declarer took 9
    ['seat 1 mountain +2 (whist short by 1)', 'seat 2 mountain +4 (whist short by 2)']
    """
    lvl = f.level
    need = v.obligation(lvl)
    out: list[Entry] = []
    for s in f.wrong_count:
        if s in f.whisters:  # a passer undertook no tricks: nothing to be «without two» on
            amt = v.defender_remise(lvl, 2, f.pool_closed.get(s, False))
            out.append(Entry("mountain", s, amt, None, "preferans.procedure.wrong-count",
                             "played with a wrong number of cards: without two on whist"))
    total = sum(defence.values())
    if total >= need:
        return out
    if f.whist == "one":
        w = f.whisters[0]
        owed = {w: need - total}
    elif need >= 2:
        half = need // 2
        owed = {s: half - defence[s] for s in f.whisters if defence[s] < half}
    else:
        owed = {f.whisters[-1]: need - total}
    for s, missing in owed.items():
        amt = v.defender_remise(lvl, missing, f.pool_closed.get(s, False))
        out.append(Entry("mountain", s, amt, None, "preferans.whist.responsibility",
                         f"whist short by {missing}"))
    return out


@implements("preferans.scoring.misere")
def score_misere(v: Variant, f: DealFacts) -> list[Entry]:
    """A misère: its value to the pool if the declarer took no trick, else that value
    (times the remise factor) per trick to the mountain. Nobody writes whists.

    >>> from cardrules.games.preferans.variants import SOCHI, LENINGRAD
    >>> f = DealFacts("misere", 3, 2, declarer=1, tricks={1: 2})
    >>> [str(e) for e in score_misere(SOCHI, f)], [str(e) for e in score_misere(LENINGRAD, f)]
    (['seat 1 mountain +20 (misère: 2 tricks)'], ['seat 1 mountain +40 (misère: 2 tricks)'])
    """
    t = f.tricks.get(f.declarer, 0)
    if t == 0:
        return [Entry("pool", f.declarer, v.misere_value, None, "preferans.scoring.misere", "misère made")]
    return [Entry("mountain", f.declarer, v.misere_value * v.remise_factor * t, None, "preferans.scoring.misere",
                  f"misère: {counted(t, 'trick')}")]


# --- all-pass ------------------------------------------------------------------------


@implements("preferans.allpass.progression")
def allpass_multiplier(v: Variant, streak: int) -> int:
    """The multiplier of the ``streak + 1``-th all-pass in a row.

    >>> from cardrules.games.preferans.variants import SOCHI
    >>> [allpass_multiplier(SOCHI, s) for s in range(5)]
    [1, 2, 3, 3, 3]
    """
    p = v.allpass_progression
    return p[min(streak, len(p) - 1)]


@implements("preferans.allpass.scoring", "preferans.allpass.amnesty", "preferans.allpass.zero-tricks",
            "preferans.allpass.trick-value", "preferans.allpass.whists")
def score_allpass(v: Variant, f: DealFacts) -> list[Entry]:
    """An all-pass («распасы»), on the mountain or on whists.

    On the mountain: after the amnesty (the smallest count of tricks struck off
    everyone's), each trick costs the trick value times the progression; a player
    with no trick writes one trick's value to his pool. On whists (Rostov): the
    player with fewest tricks writes whists on each other player for every trick
    that player took; two such players share.

    >>> from cardrules.games.preferans.variants import SOCHI, ROSTOV
    >>> f = DealFacts("allpass", 3, 2, tricks={0: 4, 1: 3, 2: 3})
    >>> [str(e) for e in score_allpass(SOCHI, f)]          # amnesty of 3: only seat 0 pays
    ['seat 0 mountain +1 (all-pass: 1 trick × 1)']
    >>> f = DealFacts("allpass", 3, 2, tricks={0: 6, 1: 2, 2: 2})
    >>> [str(e) for e in score_allpass(ROSTOV, f)]         # 6 × 5 = 30, shared: 15 each
    ['seat 1 whists on 0 +15 (all-pass: 6 tricks × 5, shared by 2)', 'seat 2 whists on 0 +15 (all-pass: 6 tricks × 5, shared by 2)']
    """
    mult = allpass_multiplier(v, f.streak)
    value = v.allpass_trick_value * mult * 2 ** f.dark
    seats = sorted(f.tricks)
    out: list[Entry] = []
    if v.allpass_scoring == "whists":
        low = min(f.tricks[s] for s in seats)
        winners = [s for s in seats if f.tricks[s] == low]
        for w in winners:
            for s in seats:
                if s in winners or not f.tricks[s]:
                    continue
                amt = _part(value * f.tricks[s], len(winners))
                tail = f", shared by {len(winners)}" if len(winners) > 1 else ""
                out.append(Entry("whists", w, amt, s, "preferans.allpass.whists",
                                 f"all-pass: {counted(f.tricks[s], 'trick')} × {value}{tail}"))
        if v.allpass_zero_bonus:
            for s in seats:
                if f.tricks[s] == 0:
                    out.append(Entry("pool", s, 1, None, "preferans.allpass.zero-tricks", "all-pass: no trick"))
            if f.sitting_out >= 0:
                out.append(Entry("pool", f.sitting_out, 1, None, "preferans.allpass.zero-tricks",
                                 "all-pass: the dealer, who took no trick"))
        return out
    counts = dict(f.tricks)
    if f.sitting_out >= 0:
        counts[f.sitting_out] = f.dealer_tricks
    low = min(counts.values()) if v.allpass_amnesty else 0
    for s in sorted(counts):
        t = counts[s]
        if t == 0:
            if v.allpass_zero_bonus:
                out.append(Entry("pool", s, value, None, "preferans.allpass.zero-tricks", "all-pass: no trick"))
            continue
        if t - low:
            out.append(Entry("mountain", s, (t - low) * value, None, "preferans.allpass.scoring",
                             f"all-pass: {counted(t - low, 'trick')} × {value}"))
    return out


@implements("preferans.classic.bombs")
def apply_bomb(entries: list[Entry], declarer: int, coefficient: int, label: str = "bomb") -> list[Entry]:
    """Multiply what a declarer on a bomb writes, and the whists written on him.

    The defenders' own remises are not multiplied.

    >>> e = [Entry("mountain", 0, 2, None, "preferans.scoring.remise", "6 without 1"),
    ...      Entry("whists", 1, 6, 0, "preferans.scoring.whist-value", "3 tricks × 2"),
    ...      Entry("mountain", 2, 2, None, "preferans.whist.responsibility", "whist short by 1")]
    >>> [str(x) for x in apply_bomb(e, 0, 2)]
    ['seat 0 mountain +4 (6 without 1, bomb × 2)', 'seat 1 whists on 0 +12 (3 tricks × 2, bomb × 2)', 'seat 2 mountain +2 (whist short by 1)']
    """
    if coefficient == 1:
        return entries
    out = []
    for e in entries:
        if (e.kind != "whists" and e.seat == declarer) or (e.kind == "whists" and e.on == declarer):
            e = Entry(e.kind, e.seat, e.amount * coefficient, e.on, e.clause, f"{e.text}, {label} × {coefficient}")
        out.append(e)
    return out


# --- the sheet -------------------------------------------------------------------------


@implements("preferans.sheet.parts")
class Sheet:
    """The pulka's sheet: a pool, a mountain and a row of whists on each other player."""

    def __init__(self, v: Variant):
        n = v.players
        self.v = v
        self.pool: list[Num] = [0] * n
        self.mountain: list[Num] = [0] * n
        self.whists: list[list[Num]] = [[0] * n for _ in range(n)]
        self.entries: list[Entry] = []
        self.deals: list[tuple[str, list[Entry]]] = []

    def closed(self, seat: int) -> bool:
        return self.pool[seat] >= self.v.pool_target

    @implements("preferans.sheet.help", "preferans.sheet.overflow")
    def add_pool(self, seat: int, points: Num, clause: str, text: str) -> list[Entry]:
        """Write ``points`` to ``seat``'s pool; beyond a closed pool, help the opponent with
        the biggest pool (ties: the nearest on the left), 10 whists a point, and when every
        pool is closed, take what is left off the writer's own mountain."""
        v, n = self.v, self.v.players
        if self._fits(seat, points):
            return [Entry("pool", seat, points, None, clause, text)]
        out: list[Entry] = []
        own = min(points, max(0, v.pool_target - self.pool[seat]))
        left = points - own
        if own:
            out.append(Entry("pool", seat, own, None, clause, text))
        pools = list(self.pool)
        pools[seat] += own
        while left > 0:
            open_ = [s for s in ((seat + i) % n for i in range(1, n)) if pools[s] < v.pool_target]
            if not open_:
                # keep the game's value: a mountain point split in fewer shares is worth more
                off = Fraction(left * v.shares(), n)
                out.append(Entry("mountain", seat, -_num(off), None, "preferans.sheet.overflow",
                                 f"{left} points beyond every closed pool, off the mountain"))
                break
            best = max(open_, key=lambda s: (pools[s], -open_.index(s)))
            give = min(left, v.pool_target - pools[best])
            pools[best] += give
            left -= give
            out.append(Entry("pool", best, give, None, "preferans.sheet.help", f"help from seat {seat}"))
            out.append(Entry("whists", seat, 10 * give, best, "preferans.sheet.help", f"{counted(give, 'point')} of help × 10"))
        return out

    def _fits(self, seat: int, points: Num) -> bool:
        """Whether ``points`` go to ``seat``'s own pool as they are: nobody is helped, or they fit."""
        return not self.v.help_others or 0 < points <= self.v.pool_target - self.pool[seat]

    def write(self, entries: Iterable[Entry], label: str = "") -> None:
        """Apply entries (pool entries pass through :meth:`add_pool`)."""
        done: list[Entry] = []
        for e in entries:
            if e.kind == "pool":
                if e.on is None and self._fits(e.seat, e.amount):  # (what add_pool would write: the entry itself)
                    self._apply(e)
                    done.append(e)
                    continue
                for x in self.add_pool(e.seat, e.amount, e.clause, e.text):
                    self._apply(x)
                    done.append(x)
            else:
                self._apply(e)
                done.append(e)
        self.deals.append((label, done))

    def _apply(self, e: Entry) -> None:
        if e.kind == "pool":
            self.pool[e.seat] += e.amount
        elif e.kind == "mountain":
            self.mountain[e.seat] += e.amount
        else:
            self.whists[e.seat][e.on] += e.amount  # type: ignore[index]
        self.entries.append(e)

    @implements("preferans.sheet.end")
    def over(self) -> bool:
        """Whether the pulka is over: every pool closed, or (no help) the pools sum to the target times the players."""
        v = self.v
        if v.help_others:
            return all(p >= v.pool_target for p in self.pool)
        return sum(self.pool) >= v.pool_target * v.players

    def explain(self) -> Trace:
        t = Trace()
        for label, entries in self.deals:
            for e in entries:
                t.add(e.clause, f"{label}: {e}" if label else str(e), e.amount)
        return t


# --- the settlement ---------------------------------------------------------------------


@dataclass
class Settlement:
    """The final account: each player's result in whists, and each pair's net."""

    mountains: list[Num]  #: after pool difference and amnesty
    net: list[list[Fraction]]  #: net[a][b]: what b owes a (negative: a owes b)
    totals: list[Fraction]
    trace: Trace

    def __str__(self) -> str:
        return " ".join(fmt(t) for t in self.totals)


@implements("preferans.settlement.amnesty", "preferans.settlement.conversion", "preferans.settlement.netting",
            "preferans.settlement.pool-difference", "preferans.settlement.fractions")
def settle(sheet: Sheet, explain: bool = True) -> Settlement:
    """Settle the pulka (the Code's first method).

    1. Without help, each point of pool above the target comes off the mountain,
       and each point below goes on it, ``pool_overflow_factor`` times.
    2. Amnesty: the smallest mountain is struck off every mountain.
    3. Each mountain × 10 is shared equally among the players (the owner included),
       and the owner writes a share on each other player.
    4. Each pair nets its whists; a player's result is the sum of his nets. The results
       sum to zero. Fractions are kept exactly.

    Without ``explain`` the trace is left empty: the figures alone (the trace's texts are most
    of the work; a record's outcome reads fewer still, :func:`settled_figures`).

    >>> from cardrules.games.preferans.variants import SOCHI
    >>> sh = Sheet(SOCHI)
    >>> sh.pool = [20, 20, 20]; sh.mountain = [12, 6, 0]
    >>> sh.whists[0][1] = 30
    >>> str(settle(sh))      # seat 0: +30+20 −40−40; seat 1: +40 −30−20−20; seat 2: +40+20
    '-30 -30 +60'
    """
    t = Trace()
    m, owed, results, den = _in_whole_numbers(sheet, t if explain else None)
    n = len(m)
    net = [[Fraction(owed[a][b] - owed[b][a], den) for b in range(n)] for a in range(n)]
    totals = [Fraction(x, den) for x in results]
    if explain:
        for a in range(n):
            for b in range(a + 1, n):
                t.add("preferans.settlement.netting", f"seats {a} and {b}: {fmt(net[a][b])} to seat {a}", net[a][b])
        for a in range(n):
            t.add("preferans.settlement.netting", f"seat {a}: result", totals[a])
    return Settlement([_part(x, den) for x in m], net, totals, t)


def settled_figures(sheet: Sheet) -> tuple[list[Num], list[Num]]:
    """:func:`settle`'s mountains and results alone, as the sheet writes amounts (an int when
    whole, else a Fraction): what a record's outcome reads, without the trace, the pairs' nets
    and the Fractions nobody reads there (the Fractions are most of the work).

    >>> from cardrules.games.preferans.variants import SOCHI
    >>> sh = Sheet(SOCHI)
    >>> sh.pool = [20, 20, 20]; sh.mountain = [12, 6, 0]
    >>> sh.whists[0][1] = 30
    >>> settled_figures(sh)
    ([12, 6, 0], [-30, -30, 60])
    """
    m, _owed, results, den = _in_whole_numbers(sheet, None)
    return [_part(x, den) for x in m], [_part(x, den) for x in results]


def _in_whole_numbers(sheet: Sheet, t: Trace | None) -> tuple[list[int], list[list[int]], list[int], int]:
    """Steps 1 to 3 of :func:`settle` and each player's result, every amount counted in 1/den
    of a whist: the mountains settled, the whists owed after the conversion (``owed[a][b]``:
    what ``a`` writes on ``b``), the results, and ``den``. The steps are told to ``t`` (None:
    nobody reads them)."""
    v = sheet.v
    n = v.players
    shares = v.shares()
    # Exact in whole numbers: every amount counted in 1/den of a whist, den a common denominator
    # of the sheet's amounts times the shares (so that a mountain point × 10 / shares is whole
    # too); the Fractions are made once, at the end (Fraction arithmetic costs far more).
    den = 1
    for row in (sheet.mountain, sheet.pool, *sheet.whists):
        for x in row:
            if x.__class__ is not int:
                den = lcm(den, Fraction(x).denominator)
    den *= shares

    def whole(x: Num) -> int:
        if x.__class__ is int:
            return x * den
        x = Fraction(x)
        return x.numerator * (den // x.denominator)

    m = [whole(x) for x in sheet.mountain]
    factor = v.pool_overflow_factor
    if not v.help_others and factor:
        target = v.pool_target * den
        for s in range(n):
            diff = whole(sheet.pool[s]) - target
            if diff:
                m[s] -= diff * factor
                if t is not None:
                    t.add("preferans.settlement.pool-difference",
                          f"seat {s}: pool {sheet.pool[s]} against {v.pool_target}: mountain "
                          f"{'-' if diff > 0 else '+'}{Fraction(abs(diff) * factor, den)}",
                          Fraction(-diff * factor, den))
    low = min(m)
    if low:
        m = [x - low for x in m]
        if t is not None:
            t.add("preferans.settlement.amnesty", f"amnesty: {Fraction(low, den)} off every mountain", Fraction(low, den))
    owed = [[whole(x) for x in row] for row in sheet.whists]
    for s in range(n):
        if m[s]:
            each = m[s] * 10 // shares  # (exact: m[s] is a multiple of shares)
            if t is not None:
                t.add("preferans.settlement.conversion", f"seat {s}: mountain {Fraction(m[s], den)} × 10 / {shares} = "
                      f"{Fraction(each, den)} to each", Fraction(each, den))
            for o in range(n):
                if o != s:
                    owed[o][s] += each
    results = [sum(owed[a]) - sum(owed[b][a] for b in range(n)) for a in range(n)]
    return m, owed, results, den


@implements("preferans.settlement.average-method")
def settle_by_average(sheet: Sheet) -> list[Fraction]:
    """The Code's second method: each player wins (or loses) ten whists for every point
    his mountain lies below (or above) the average mountain, plus his whist balance.

    It gives the same results as :func:`settle`.

    >>> from cardrules.games.preferans.variants import SOCHI
    >>> sh = Sheet(SOCHI)
    >>> sh.mountain = [12, 6, 0]; sh.whists[0][1] = 30
    >>> [int(x) for x in settle_by_average(sh)]     # average 6: -60+30, 0-30, +60
    [-30, -30, 60]
    """
    v = sheet.v
    n = v.players
    m = [Fraction(x) for x in sheet.mountain]
    if not v.help_others and v.pool_overflow_factor:
        m = [m[s] - (Fraction(sheet.pool[s]) - v.pool_target) * v.pool_overflow_factor for s in range(n)]
    shares = v.shares()
    avg = sum(m) / n
    out = []
    for a in range(n):
        whist = sum(Fraction(sheet.whists[a][b]) - Fraction(sheet.whists[b][a]) for b in range(n))
        # with shares = n this is 10 × (average − own); fewer shares scale the mountain up
        out.append((avg - m[a]) * 10 * n / shares + whist)
    return out


__all__ = ["DealFacts", "Entry", "Settlement", "Sheet", "apply_bomb", "settle_by_average", "allpass_multiplier", "defender_remises", "score_allpass",
           "score_contract", "score_misere", "settle", "settled_figures"]
