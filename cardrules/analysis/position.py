"""What the double-dummy solver is asked: three open hands, the strain, who leads, the
talon cards that lead an all-pass, and whose tricks are counted in which direction.

Hands are held by *position* (0 = first hand, on the dealer's left), as in
:class:`cardrules.games.preferans.state.State`. The count is always one position's
tricks (``counted``); ``more`` says whether that position wants more of them (the
declarer of a contract) or fewer (the declarer of a misère, and each player of an
all-pass). The others play against it: in a contract and a misère they are the
defence; in an all-pass they are the two other players, jointly. That last reading
is the edition's definition of "best play for each" in an all-pass (see
:mod:`cardrules.analysis.verdict`): a player's number is what he can hold his tricks
down to whatever the other two do.

>>> from cardrules.cards import parse_cardset, SPADES
>>> p = Question(hands=(parse_cardset("♠A ♠K"), parse_cardset("♠Q ♠J"), parse_cardset("♥A ♥K")),
...              trump=SPADES, leader=0, counted=0)
>>> p.tricks_left, p.kind
(2, 'contract')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardrules.cards import format_hand


#: The 32 cards of the preferans pack (sevens to aces).
_PACK = sum(1 << (13 * s + r) for s in range(4) for r in range(5, 13))


class PositionError(ValueError):
    """A position the solver cannot analyse (hands of different sizes, more than ten cards)."""


@dataclass(frozen=True)
class Question:
    """One double-dummy question (see the module's docstring)."""

    hands: tuple[int, int, int]  #: cards per position
    trump: int | None  #: the trump suit, or None (no trumps, misère, all-pass)
    leader: int  #: the position that leads the first trick to come (talon tricks aside)
    counted: int  #: the position whose tricks are counted
    more: bool = True  #: whether ``counted`` wants more tricks (contract) or fewer (misère, all-pass)
    talon_leads: tuple[int, ...] = ()  #: talon cards still to lead a trick each (all-pass), in order
    talon_may_win: bool = False  #: four players: the talon card belongs to the dealer and may take its trick
    dummy: int = -1  #: a position that plays by itself (the two-handed all-pass's dummy), or -1
    kind: str = field(default="contract")  #: "contract", "misere" or "allpass", for the move ordering

    def __post_init__(self) -> None:
        sizes = {h.bit_count() for h in self.hands}
        if len(sizes) != 1:
            raise PositionError("the solver needs hands of one size; these hold "
                                + ", ".join(str(h.bit_count()) for h in self.hands) + " cards")
        if sizes.pop() > 10:
            raise PositionError("the solver takes hands of ten cards or fewer")
        if (self.hands[0] | self.hands[1] | self.hands[2]) & ~_PACK:
            raise PositionError("preferans is played with the 32 cards from the seven to the ace")
        if self.hands[0] & self.hands[1] or self.hands[0] & self.hands[2] or self.hands[1] & self.hands[2]:
            raise PositionError("a card is in two hands")
        if not (0 <= self.leader < 3 and 0 <= self.counted < 3):
            raise PositionError("positions are 0, 1 and 2")

    @property
    def tricks_left(self) -> int:
        return self.hands[0].bit_count()

    def __str__(self) -> str:
        rows = [f"{i}: {format_hand(h)}" for i, h in enumerate(self.hands)]
        return "\n".join(rows)


__all__ = ["PositionError", "Question"]
