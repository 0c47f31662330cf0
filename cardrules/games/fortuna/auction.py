"""The bidding: «играю» or pass, the quota, re-passing, неволя, all pass.

Calls are small ints, above the card ints (0…51):

>>> from cardrules.games.fortuna.variants import FOUR
>>> a = Auction(FOUR, dealer=3)
>>> for call in (PLAY, PASS, PLAY, PLAY):      # seats 0, 1, 2, 3 (the dealer)
...     a.apply(call)
>>> a.current, a.legal()                        # seat 0 may re-pass: seat 1 passed after him
(0, [66, 64])
>>> a.apply(HOLD); a.done, a.declarers, a.quota
(True, [0, 2, 3], 3)
"""

from __future__ import annotations

from cardrules.cards import format_card
from cardrules.engine import IllegalAction, shown
from cardrules.rules import implements

from .variants import Variant

PASS, PLAY, HOLD, NEVOLIA = 64, 65, 66, 67
CALL_NAMES = {PASS: "пас", PLAY: "играю", HOLD: "держу", NEVOLIA: "неволя"}


@implements("fortuna.bidding.quota", "fortuna.three.quota", "fortuna.three.quota-passes", "fortuna.two.quota")
def quota(variant: Variant, passed: int) -> int:
    """Tricks each declarer must take: the base quota and one more per player who passed.

    >>> from cardrules.games.fortuna.variants import FOUR, THREE, TWO
    >>> quota(FOUR, passed=0), quota(FOUR, passed=1), quota(FOUR, passed=2)
    (2, 3, 4)
    >>> quota(THREE, passed=1), quota(TWO, passed=0)
    (5, 6)
    """
    return variant.base_quota + passed


@implements("fortuna.bidding.nevolia", "fortuna.three.nevolia")
def nevolia_quota(variant: Variant) -> int:
    """Tricks the player who forces неволя must take: the quota as if all the others passed.

    >>> from cardrules.games.fortuna.variants import FOUR, THREE
    >>> nevolia_quota(FOUR), quota(FOUR, passed=3), nevolia_quota(THREE), quota(THREE, passed=2)
    (5, 5, 6, 6)
    """
    return variant.nevolia_quota


@implements("fortuna.bidding.order", "fortuna.bidding.pass-out", "fortuna.bidding.repass",
            "fortuna.bidding.repass-order", "fortuna.bidding.dealer-no-repass",
            "fortuna.bidding.dealer-alone", "fortuna.bidding.nevolia")
class Auction:
    """The auction of one deal.

    First round: from the dealer's left, each says «играю» (:data:`PLAY`) or passes
    (:data:`PASS`); a passer is out of the deal. Then the re-pass round: a declarer
    (never the dealer) after whose call somebody passed or re-passed may keep his
    game (:data:`HOLD`) or re-pass (:data:`PASS`); the first such declarer in
    bidding order speaks, until nobody is left to speak. A declarer left alone
    either re-passes or forces неволя (:data:`NEVOLIA`): everybody plays and he must
    take :attr:`Variant.nevolia_quota` tricks. A dealer left alone cannot re-pass
    (unless :attr:`Variant.dealer_may_repass_alone`).
    """

    __slots__ = ("variant", "n", "dealer", "order", "pos", "declarers", "passes", "seen",
                 "current", "done", "nevolia", "calls")

    def __init__(self, variant: Variant, dealer: int):
        self.variant = variant
        self.n = n = variant.players
        self.dealer = dealer
        self.order = [*range(dealer + 1, n), *range(dealer + 1)]  # from the dealer's left round to him
        self.pos = 0
        self.declarers: list[int] = []  #: seats still holding a game, in bidding order
        self.passes = 0
        self.seen: dict[int, int] = {}  #: passes already answered by each declarer
        self.current = self.order[0]
        self.done = False
        self.nevolia: int | None = None  #: the seat that forced неволя
        self.calls: list[tuple[int, int]] = []  #: (seat, call) in order

    # -- what may be said ------------------------------------------------------------

    def legal(self) -> list[int]:
        return list(self._calls())

    def _calls(self) -> tuple[int, ...]:
        """What the player to speak may say (a tuple: :meth:`apply` checks a call against it)."""
        if self.done:
            return ()
        if self.pos < self.n:
            return (PASS, PLAY)
        if len(self.declarers) == 1:
            if self.current == self.dealer and not self.variant.dealer_may_repass_alone:
                return (NEVOLIA,)
            return (PASS, NEVOLIA)
        return (HOLD, PASS)

    def apply(self, call: int) -> None:
        seat = self.current
        if call not in self._calls():
            self._refuse(call)
        self.calls.append((seat, call))
        if self.pos < self.n:  # first round
            if call == PLAY:
                self.declarers.append(seat)
                self.seen[seat] = self.passes
            else:
                self.passes += 1
            self.pos += 1
            if self.pos < self.n:
                self.current = self.order[self.pos]
                return
        elif call == NEVOLIA:
            self.nevolia = seat
            self.done = True
            return
        elif call == HOLD:
            self.seen[seat] = self.passes
        else:  # re-pass
            self.declarers.remove(seat)
            self.passes += 1
        self._next_speaker()

    def _next_speaker(self) -> None:
        if not self.declarers:
            self.done = True
            return
        if len(self.declarers) == 1:
            self.current = self.declarers[0]
            return
        for seat in self.declarers:  # (in bidding order; each has answered the passes in seen)
            if seat != self.dealer and self.passes > self.seen[seat]:
                self.current = seat
                return
        self.done = True

    def _refuse(self, call: int) -> None:
        # (a card said in the bidding is named as a card: a record's trick before its calls)
        name = CALL_NAMES.get(call) or (f"the card {format_card(call)}" if 0 <= call < 52 else shown(call))
        if self.done:
            raise IllegalAction("fortuna.bidding.order", "the bidding is over")
        if self.pos < self.n:
            raise IllegalAction("fortuna.bidding.order", f"in the first round each says «играю» or pass, not {name}")
        if len(self.declarers) == 1:
            if call == PASS:
                raise IllegalAction("fortuna.bidding.dealer-alone",
                                    "the dealer, left alone with a game, may not re-pass: he must force неволя")
            raise IllegalAction("fortuna.bidding.nevolia", f"the lone declarer re-passes or forces неволя, not {name}")
        if call == NEVOLIA:
            raise IllegalAction("fortuna.bidding.nevolia", "неволя only for a declarer left alone")
        raise IllegalAction("fortuna.bidding.repass", f"in the re-pass round a declarer keeps his game or re-passes, not {name}")

    # -- the outcome -----------------------------------------------------------------

    @property
    def all_passed(self) -> bool:
        """Everybody passed (or the lone declarer re-passed): the deal is thrown in."""
        return self.done and not self.declarers

    @property
    def quota(self) -> int:
        """The tricks each declarer must take, once the bidding is over."""
        if self.nevolia is not None:
            return nevolia_quota(self.variant)
        return quota(self.variant, self.n - len(self.declarers))


@implements("fortuna.bidding.all-pass", "fortuna.three.all-pass")
def allpass_stakes(variant: Variant, dealer: int) -> list[int]:
    """What each seat puts in the pool when all pass: all but the dealer stake.

    >>> from cardrules.games.fortuna.variants import FOUR, THREE
    >>> allpass_stakes(FOUR, dealer=1), allpass_stakes(THREE, dealer=0)
    ([6, 0, 6, 6], [0, 8, 8])
    """
    return [0 if seat == dealer else variant.allpass_stake for seat in range(variant.players)]


__all__ = ["Auction", "CALL_NAMES", "HOLD", "NEVOLIA", "PASS", "PLAY", "allpass_stakes", "nevolia_quota", "quota"]
