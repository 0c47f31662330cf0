"""The auction of the Austrian game: the numbers 1–4 with the talon, «игра» (Spiel:
no talon, any suit but hearts) and «червы» (no talon, hearts), no jumps, «держу»
(hold), and the duel of two «игра».

Calls are ints (see :mod:`.state` for the bands). The auction is a small machine of
its own: the state asks it for the legal calls and hands it each call.

>>> a = Auction(order=(1, 2, 0))            # eldest is seat 1 (the dealer is seat 0)
>>> for call in (ONE, TWO, THREE, PASS, HOLD, FOUR, PASS):
...     a.call(call)
>>> a.done, a.declarer, a.kind, a.level
(True, 0, 'talon', 4)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.engine import IllegalAction
from cardrules.rules import implements

PASS, HOLD, SPIEL, HEARTS = 64, 65, 66, 67
#: The number calls 1–7 (the Austrian game uses 1–4, the Croatian 2–7).
ONE, TWO, THREE, FOUR, FIVE, SIX, SEVEN = range(68, 75)
NUMBERS = (ONE, TWO, THREE, FOUR, FIVE, SIX, SEVEN)
CALL_NAMES = {PASS: "пас", ONE: "раз", TWO: "два", THREE: "три", FOUR: "четыре", HOLD: "держу",
              SPIEL: "игра", HEARTS: "червы", FIVE: "пять", SIX: "шесть", SEVEN: "семь"}
CALL_NAMES_EN = {PASS: "pass", ONE: "one", TWO: "two", THREE: "three", FOUR: "four", HOLD: "hold",
                 SPIEL: "spiel", HEARTS: "hearts", FIVE: "five", SIX: "six", SEVEN: "seven"}


@dataclass(frozen=True)
class Ladder:
    """The shape of a game's auction: the numbers bid, from which number «держу» may be
    said, the levels of the contest of hand games, whether «червы» exists, and whether
    holding the top number ends the auction at once."""

    low: int
    top: int
    hold_from: int
    duel_low: int
    duel_top: int
    hearts: bool
    hold_top_ends: bool
    hold_clause: str = "preference.austrian.hold"


#: The Austrian auction: numbers 1–4; the contest of two «игра» over clubs to diamonds; «червы».
AUSTRIAN_LADDER = Ladder(1, 4, 1, 1, 3, True, False)
#: The Croatian auction: numbers 2–7, no «moje 2», «moje 7» ends it; several «igra» contest 2–7.
CROATIAN_LADDER = Ladder(2, 7, 3, 2, 7, False, True, "preference.croatian.moje")


class Auction:
    """The bidding of one deal, and the duel of the Spiel bidders when there are two or more.

    ``order`` is the seats that hold cards, from the eldest hand (the dealer's left)
    clockwise: the order of speaking and of priority. ``dealer_plays`` is the 1829
    rule: the last to speak may not pass when everybody else has.
    """

    def __init__(self, order: tuple[int, ...], dealer_plays: bool = False, ladder: Ladder = AUSTRIAN_LADDER):
        self.order = order
        self.ladder = ladder
        self.dealer_plays = dealer_plays
        self.passed: set[int] = set()
        self.spoken: set[int] = set()      # made any call
        self.numbered: set[int] = set()    # bid a number (in the duel: named a suit)
        self.level = 0
        self.holder: int | None = None
        self.spiel: list[int] = []
        self.duel = False
        self.speakers = order              # the seats now speaking: the order, or in the duel the «игра» bidders
        self.turn = 0                      # index into the seats now speaking
        self.done = False
        self.declarer: int | None = None
        self.kind = ""                     # 'talon', 'spiel', 'hearts', or '' when all passed

    # --- who speaks --------------------------------------------------------------

    @implements("preference.austrian.order")
    def current(self) -> int:
        """Who speaks: the eldest hand first, then clockwise, passed players left out."""
        return self.speakers[self.turn]

    def _advance(self) -> None:
        seats = self.speakers
        n = len(seats)
        for step in range(1, n + 1):
            seat = seats[(self.turn + step) % n]
            if seat not in self.passed and not (not self.duel and seat in self.spiel):
                self.turn = (self.turn + step) % n
                return

    # --- what may be said --------------------------------------------------------

    def legal(self) -> list[int]:
        seat = self.current()
        return [c for c in (PASS, *NUMBERS, HOLD, SPIEL, HEARTS) if self.refusal(seat, c) is None]

    @implements("preference.r1829.dealer-declarer")
    def _must_play(self) -> bool:
        """Under the 1829 rules nobody passes the deal out: when the others have all
        passed, the last to speak (the dealer) must play."""
        return (self.dealer_plays and not self.duel and not self.spiel and self.level == 0
                and len(self.passed) == len(self.order) - 1)

    @implements("preference.austrian.no-jumps", "preference.austrian.hold", "preference.r1829.priority")
    def _raise_or_hold(self, seat: int, call: int, low: int, top: int) -> tuple[str, str] | None:
        """A number must be the next one up; «держу» takes the current number, and only a
        player who has bid a number and speaks before the present holder may say it."""
        # (priority is the place in the order of speaking)
        ahead = self.holder is not None and self.holder != seat and self.order.index(seat) < self.order.index(self.holder)
        lad = self.ladder
        jumps = "preference.austrian.no-jumps" if lad.hearts else "preference.croatian.auction"
        if call == HOLD:
            if seat not in self.numbered or not ahead:
                return (lad.hold_clause, "holding is for a player who has bid a number and has priority over the present bid")
            if self.level < lad.hold_from and not self.duel:
                return (lad.hold_clause, f"no holding at {self.level}: the next player must bid {self.level + 1} or pass")
            return None
        wanted = max(self.level + 1, low)
        if wanted > top:
            return (jumps, f"nothing is left above {self.level}")
        if ahead and seat in self.numbered and (self.level >= lad.hold_from or self.duel):
            return (lad.hold_clause, f"having bid already and priority over the present bid, hold or pass, not {call - ONE + 1}")
        if call - ONE + 1 != wanted:
            return (jumps, f"the next bid is {wanted}: no jumps")
        return None

    @implements("preference.austrian.calls", "preference.austrian.hand-first", "preference.austrian.spiel",
                "preference.r1829.hand-bids")
    def refusal(self, seat: int, call: int) -> tuple[str, str] | None:
        """``(clause, reason)`` if ``seat`` may not make ``call`` now, else None."""
        if self.done:
            return ("preference.austrian.calls", "the auction is over")
        if seat != self.current():
            return ("preference.austrian.order", f"seat {self.current()} speaks now, not seat {seat}")
        if call == PASS:
            if self._must_play():
                return ("preference.r1829.dealer-declarer", "everybody else has passed: the last to speak must play")
            return None
        lad = self.ladder
        if self.duel:
            if call in NUMBERS or call == HOLD:
                return self._raise_or_hold(seat, call, lad.duel_low, lad.duel_top)
            return ("preference.austrian.spiel-duel", "in the contest of the hand games only numbers, holding and pass")
        if call == HEARTS and not lad.hearts:
            return ("preference.croatian.auction", "no such call in this game")
        if call in (SPIEL, HEARTS):
            if seat in self.spoken:
                return ("preference.austrian.hand-first", "a game without the talon must be the player's first call")
            return None
        if call in NUMBERS or call == HOLD:
            if self.spiel:
                if lad.hearts:
                    return ("preference.austrian.spiel", "«игра» outranks every number: only «игра», «червы» or pass")
                return ("preference.croatian.igra", "«igra» outranks every number: only another «igra», or pass")
            return self._raise_or_hold(seat, call, lad.low, lad.top)
        return ("preference.austrian.calls", "no such call")

    # --- making a call -------------------------------------------------------------

    def call(self, call: int) -> None:
        seat = self.current()
        why = self.refusal(seat, call)
        if why is not None:
            raise IllegalAction(*why)
        self.spoken.add(seat)
        if call == PASS:
            self.passed.add(seat)
        elif call == HEARTS:
            self._hearts(seat)
            return
        elif call == SPIEL:
            self.spiel.append(seat)
        elif call == HOLD:
            self.holder = seat
            top = self.ladder.duel_top if self.duel else self.ladder.top
            if self.ladder.hold_top_ends and self.level == top:
                self._end(seat, "spiel" if self.duel else "talon", self.level)
                return
        else:
            self.level, self.holder = call - ONE + 1, seat
            self.numbered.add(seat)
        self._settle()

    @implements("preference.austrian.hearts-ends")
    def _hearts(self, seat: int) -> None:
        """«червы» ends the auction at once: nothing outranks it."""
        self._end(seat, "hearts", 4)

    @implements("preference.austrian.spiel-duel", "preference.r1829.priority")
    def _start_duel(self) -> None:
        """Two or more «игра»: they bid suits, clubs 1 to diamonds 3, the first of them
        speaking first; the higher suit wins, and at equal suits the earlier player."""
        self.duel = True
        self.spiel.sort(key=self.order.index)
        self.speakers = tuple(self.spiel)
        self.level, self.holder, self.turn = 0, None, 0
        self.numbered = set()

    def _settle(self) -> None:
        if self.duel:
            left = [s for s in self.spiel if s not in self.passed]
            if len(left) == 1:
                self._end(left[0], "spiel", max(self.level, self.ladder.duel_low))
            else:
                self._advance()
            return
        if self.spiel:
            undecided = [s for s in self.order if s not in self.passed and s not in self.spiel]
            if not undecided:
                if len(self.spiel) == 1:
                    self._end(self.spiel[0], "spiel", self.ladder.duel_low)
                else:
                    self._start_duel()
                return
        else:
            left = [s for s in self.order if s not in self.passed]
            if not left:
                self._end(None, "", 0)
                return
            if len(left) == 1 and self.holder == left[0]:
                self._end(left[0], "talon", self.level)
                return
        self._advance()

    def _end(self, declarer: int | None, kind: str, level: int) -> None:
        self.done, self.declarer, self.kind, self.level = True, declarer, kind, level

    def clone(self) -> "Auction":
        other = Auction.__new__(Auction)
        other.__dict__ = {k: (set(v) if isinstance(v, set) else list(v) if isinstance(v, list) else v)
                          for k, v in self.__dict__.items()}
        return other


__all__ = ["AUSTRIAN_LADDER", "Auction", "CALL_NAMES", "CALL_NAMES_EN", "CROATIAN_LADDER", "FIVE", "FOUR", "HEARTS",
           "HOLD", "Ladder", "NUMBERS", "ONE", "PASS", "SEVEN", "SIX", "SPIEL", "THREE", "TWO"]
