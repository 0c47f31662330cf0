"""The payoff of a deal, in money: what is at stake, what the declarer takes from the
pot, the trick money between declarer and defenders, and the penalties paid into the pot.

Money moves between the players' dishes and the pot, never from nowhere: every payment
is a :class:`Payment` from one party to another, and the pot is party :data:`POT`.

>>> from cardrules.games.preference.variants import AUSTRIAN_LIMITED
>>> r = payoff(AUSTRIAN_LIMITED, pot=130, trump_number=2, declarer=0, tricks=[6, 3, 1],
...            playing=(1, 2), invited_by=None, defenders=(1, 2))
>>> [(p.payer, p.payee, p.amount) for p in r.payments]
[(-1, 0, 100), (0, 1, 30), (0, 2, 10), (2, -1, 100)]
>>> r.net, r.pot_change
([60, 30, -90], 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from cardrules.cards import ACE, card
from cardrules.engine import Trace, direct_init
from cardrules.rules import implements

from .variants import Variant

#: The pot as a party to a payment.
POT = -1
#: Tricks the declarer must take: six of the ten.
CONTRACT = 6


@direct_init
@dataclass(frozen=True)
class Payment:
    payer: int  #: a seat, or POT
    payee: int
    amount: int
    clause_id: str

    def __str__(self) -> str:
        return f"{_party(self.payer)} pays {_party(self.payee)} {self.amount}"


def _party(p: int) -> str:
    return "the pot" if p == POT else f"seat {p}"


@dataclass
class Payoff:
    """The payments of one deal, with the trace of clauses behind them.

    A payoff worked out quietly (``payoff(..., explain=False)``, as a deal is paid out)
    writes the words of its :attr:`trace` when they are first read.
    """

    players: int
    stake: int = 0
    payments: list[Payment] = field(default_factory=list)
    trace: Trace = field(default_factory=Trace)
    explain: bool = field(default=True, repr=False, compare=False)  #: False: no words written as it pays

    def pay(self, payer: int, payee: int, amount: int, clause_id: str, why: str | bool) -> None:
        """A payment of ``amount`` (none if it is nothing); ``why`` its words in the trace
        (False in a quiet payoff, which writes none)."""
        if amount <= 0:
            return
        p = Payment(payer, payee, amount, clause_id)
        self.payments.append(p)
        if self.explain:
            self.trace.add(clause_id, f"{why}: {p}", amount)

    @property
    def net(self) -> list[int]:
        """What each seat's dish gained (negative: paid) in this deal."""
        out = [0] * self.players
        for p in self.payments:
            if p.payer != POT:
                out[p.payer] -= p.amount
            if p.payee != POT:
                out[p.payee] += p.amount
        return out

    @property
    def pot_change(self) -> int:
        return sum(p.amount for p in self.payments if p.payee == POT) - sum(p.amount for p in self.payments if p.payer == POT)


@implements("preference.austrian.stake", "preference.austrian.limited-pot", "preference.austrian.styrian")
def at_stake(variant: Variant, pot: int, trump_number: int) -> int:
    """The amount at stake in a deal: the whole pot; under a limit, no more than the limit;
    in the Styrian game, the value of the trump suit (no more than the pot holds).

    >>> from cardrules.games.preference.variants import AUSTRIAN, AUSTRIAN_LIMITED, STYRIAN
    >>> at_stake(AUSTRIAN, 130, 1), at_stake(AUSTRIAN_LIMITED, 130, 1), at_stake(STYRIAN, 130, 1), at_stake(STYRIAN, 130, 4)
    (130, 100, 20, 50)
    """
    amount = pot
    if variant.pot_limit:
        amount = min(amount, variant.pot_limit)
    value = variant.suit_values[trump_number - 1]
    if value:
        amount = min(amount, value)
    return amount


@implements("preference.austrian.betl", "preference.austrian.sans")
def game_stake(variant: Variant, pot: int, game: str) -> int:
    """The amount at stake in a Betl or a Sans: its own value where the variant sets one
    (no more than the pot, or the limit, allows); otherwise as in a hearts game, the
    highest of the suits, since the edition ranks both above every suit.

    >>> from cardrules.games.preference.variants import AUSTRIAN, STYRIAN
    >>> game_stake(AUSTRIAN, 130, "betl"), game_stake(STYRIAN, 130, "sans")
    (130, 50)
    >>> game_stake(STYRIAN.with_options(sans_value=70), 130, "sans"), game_stake(STYRIAN.with_options(sans_value=70), 60, "sans")
    (70, 60)
    """
    value = variant.betl_value if game == "betl" else variant.sans_value
    if not value:
        return at_stake(variant, pot, 4)
    return min(pot, variant.pot_limit or pot, value)


@implements("preference.austrian.kontra")
def kontra_factor(kontra_by: int | None) -> int:
    """A kontra doubles every payment of the deal.

    >>> kontra_factor(None), kontra_factor(2)
    (1, 2)
    """
    return 1 if kontra_by is None else 2


@implements("preference.austrian.trick-money")
def trick_money(stake: int) -> int:
    """What the declarer pays a defender for each trick: a tenth of the amount at stake.

    >>> trick_money(100), trick_money(130)
    (10, 13)
    """
    return stake // 10


@implements("preference.austrian.object")
def made(tricks: int) -> bool:
    """The declarer must take six of the ten tricks.

    >>> made(6), made(5)
    (True, False)
    """
    return tricks >= CONTRACT


@implements("preference.austrian.no-defence")
def credited_tricks(playing: tuple[int, ...], taken: int) -> int:
    """The declarer's tricks as they count: all ten when no defender plays.

    >>> credited_tricks((), 0), credited_tricks((1,), 7)
    (10, 7)
    """
    return taken if playing else 10


@implements("preference.austrian.payoff", "preference.r1829.payoff")
def payoff(variant: Variant, pot: int, trump_number: int, declarer: int, tricks: list[int],
           playing: tuple[int, ...], invited_by: int | None, defenders: tuple[int, ...],
           declarer_hand: int | None = None, game: str = "suit", kontra_by: int | None = None,
           explain: bool = True) -> Payoff:
    """The payments of a played deal (or of one where no defender played).

    ``tricks`` per seat; ``playing`` the defenders who play (both after an invitation);
    ``defenders`` both defenders, from the declarer's left; ``game`` "suit", or under the
    options "betl" or "sans"; ``kontra_by`` the defender who said kontra, if any;
    ``declarer_hand`` his cards, for the ace bonus (None: not known, no bonus).
    ``explain`` False: the payments without the words of their trace (every trace line
    under «if explain», every payment's words ``explain and f"…"``), which the payoff's
    :attr:`~Payoff.trace` writes, working it out again, when asked.
    """
    r = Payoff(variant.players) if explain else Payoff(variant.players, explain=False, trace=Trace(later=lambda: payoff(
        variant, pot, trump_number, declarer, tricks, playing, invited_by, defenders, declarer_hand, game, kontra_by).trace.steps))
    tr = r.trace
    if game == "suit":
        stake = at_stake(variant, pot, trump_number)
        if explain:
            tr.add("preference.austrian.stake", f"amount at stake (pot {pot})", stake)
    else:
        stake = game_stake(variant, pot, game)
        if explain:
            tr.add(f"preference.austrian.{game}", f"amount at stake in the {game.capitalize()} (pot {pot})", stake)
    factor = kontra_factor(kontra_by)
    if factor > 1:
        stake *= factor
        if explain:
            tr.add("preference.austrian.kontra", f"seat {kontra_by} said kontra: every payment doubled", stake)
    r.stake = stake
    if game == "betl":
        _betl_payoff(r, pot, stake, declarer, tricks[declarer])
        return r
    counted = credited_tricks(playing, tricks[declarer])
    if not playing and explain:
        tr.add("preference.austrian.no-defence", "no defender plays: the declarer counts all ten tricks", counted)
    if made(counted):
        r.pay(POT, declarer, min(stake, pot), "preference.austrian.payoff",
              explain and f"the declarer has {counted} tricks, at least {CONTRACT}: he takes the stake from the pot")
    else:
        if explain:
            tr.add("preference.austrian.declarer-fails", f"the declarer took only {tricks[declarer]} tricks", tricks[declarer])
        if variant.failed_declarer == "pays-pot":
            r.pay(declarer, POT, stake, "preference.austrian.declarer-fails", "the declarer failed: he pays the stake into the pot")
    per_trick = trick_money(stake)
    for d in playing:
        r.pay(declarer, d, per_trick * tricks[d], "preference.austrian.trick-money",
              explain and f"{tricks[d]} tricks of seat {d} at {per_trick}")
    _defender_penalties(variant, r, stake, tricks, playing, invited_by)
    if variant.ace_bonus and declarer_hand is not None:
        _ace_bonus(variant, r, declarer, declarer_hand, defenders)
    return r


@implements("preference.austrian.betl")
def _betl_payoff(r: Payoff, pot: int, stake: int, declarer: int, taken: int) -> None:
    """A Betl is made when the declarer takes no trick: he takes the stake from the pot;
    with a single trick it fails and he pays the stake into the pot. No trick money
    passes: the defenders' tricks are what they gave, not what they won."""
    if taken == 0:
        r.pay(POT, declarer, min(stake, pot), "preference.austrian.betl", "the declarer took no trick: the Betl is made, he takes the stake from the pot")
    else:
        r.pay(declarer, POT, stake, "preference.austrian.betl",
              r.explain and f"the declarer took {taken} tricks: the Betl fails, he pays the stake into the pot")


@implements("preference.austrian.defence", "preference.austrian.invitation")
def _defender_penalties(variant: Variant, r: Payoff, stake: int, tricks: list[int], playing: tuple[int, ...],
                        invited_by: int | None) -> None:
    """A defender who plays and takes fewer than two tricks pays the stake into the pot,
    whether the declarer made his six or not; after an invitation the two defenders must
    take four between them, and the inviter answers for it (or, as an option, each for his own two)."""
    quota = variant.defender_quota
    explain = r.explain  # (the words of a payment only for a trace)
    if invited_by is not None and variant.invitation_liability == "inviter":
        together = sum(tricks[d] for d in playing)
        if together < 2 * quota:
            r.pay(invited_by, POT, stake, "preference.austrian.invitation",
                  explain and f"the invited pair took {together} tricks, fewer than {2 * quota}: the inviter pays the stake into the pot")
        return
    for d in playing:
        if tricks[d] < quota:
            r.pay(d, POT, stake, "preference.austrian.defence",
                  explain and f"seat {d} defended and took {tricks[d]} tricks, fewer than {quota}: he pays the stake into the pot")


@implements("preference.austrian.ace-bonus")
def _ace_bonus(variant: Variant, r: Payoff, declarer: int, hand: int, others: tuple[int, ...]) -> None:
    """A declarer holding all four aces, or none, is paid a bonus by each opponent (an option: no amount is known)."""
    aces = sum(hand >> card(s, ACE) & 1 for s in range(4))
    if aces in (0, 4):
        for d in others:
            r.pay(d, declarer, variant.ace_bonus, "preference.austrian.ace-bonus",
                  r.explain and f"the declarer holds {aces} aces")


__all__ = ["CONTRACT", "POT", "Payment", "Payoff", "at_stake", "payoff", "trick_money"]


# --- the Croatian score sheet -------------------------------------------------------------


@direct_init
@dataclass(frozen=True)
class Entry:
    """One line written on the Croatian sheet: into a player's bula, or into his soup
    against another player; with the clause that writes it."""

    kind: str        #: "bula", "soup" or "refe"
    seat: int
    amount: int
    clause_id: str
    against: int | None = None

    def __str__(self) -> str:
        if self.kind == "soup":
            return f"seat {self.seat} writes {self.amount} soup against seat {self.against}"
        if self.kind == "refe":
            return f"seat {self.seat}: refe {'+' if self.amount > 0 else ''}{self.amount}"
        return f"seat {self.seat}: bula {'+' if self.amount > 0 else ''}{self.amount}"


@implements("preference.croatian.multiplier")
def multiplier(kontra: int, refe: bool) -> int:
    """Everything written for a deal is doubled at each step of the kontra chain and once
    more when the declarer plays on a refe.

    >>> multiplier(0, False), multiplier(1, False), multiplier(4, False), multiplier(2, True)
    (1, 2, 16, 8)
    """
    return 2 ** kontra * (2 if refe else 1)


@implements("preference.croatian.bula")
def bula_change(value: int, made: bool, mult: int) -> int:
    """The declarer's bula: down by twice the game's value when he makes it, up by as much
    when he fails (the bula counts down: lower is better).

    >>> bula_change(5, True, 1), bula_change(5, False, 2)
    (-10, 20)
    """
    return (-2 if made else 2) * value * mult


@implements("preference.croatian.soup")
def soup(tricks: int, value: int, mult: int) -> int:
    """What a defender writes in his soup against the declarer: twice the game's value
    for each trick he took.

    >>> soup(2, 5, 1)
    20
    """
    return tricks * value * 2 * mult


@implements("preference.croatian.settlement")
def final_result(bula: list[int], soups: list[list[int]]) -> list[int]:
    """Each player's result at the end: ten for every point of bula, plus the soups
    written against him, less his own soups; lower is better.

    >>> final_result([-2, 1, 1], [[0, 20, 0], [0, 0, 0], [10, 0, 0]])
    [-30, 30, 0]
    """
    n = len(bula)
    return [10 * bula[i] - sum(soups[i]) + sum(soups[j][i] for j in range(n)) for i in range(n)]


@implements("preference.croatian.settlement")
def settle(bula: list[int], soups: list[list[int]]) -> list[Fraction]:
    """What each player wins (plus) or pays (minus): the average result less his own.
    When the bule add up to zero, as at the end, the average is zero and each player's
    money is minus his result; the settlements always add up to zero.

    >>> settle([-2, 1, 1], [[0, 20, 0], [0, 0, 0], [10, 0, 0]])
    [Fraction(30, 1), Fraction(-30, 1), Fraction(0, 1)]
    """
    raw = final_result(bula, soups)
    mean = Fraction(sum(raw), len(raw))
    return [mean - r for r in raw]


__all__ += ["Entry", "bula_change", "final_result", "multiplier", "settle", "soup"]
