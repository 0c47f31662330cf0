"""The partie: Rozaliev's «королик» scoring, Cavendish's Rubicon partie of six
deals, and the three-handed race to an agreed score.

Rozaliev's worked example, game by game (the first player wins games 1, 3, 5 by 33,
65 and 22; the second games 2, 4, 6 by 48, 37 and 6), comes to his net win of 260:

>>> from cardrules.games.piquet import RUSSIAN
>>> p = Partie(RUSSIAN.with_options(royaliks=3), dealer=0)
>>> for seat, diff in [(0, 33), (1, 48), (0, 65), (1, 37), (0, 22), (1, 6)]:
...     p.write_game([diff if seat == 0 else 0, diff if seat == 1 else 0])
>>> p.royalik_col, p.partie_figure, p.settlement
([[130, 120], [120]], [130, 0], [260, -260])
"""

from __future__ import annotations

from cardrules.deal import next_dealer
from cardrules.engine import IllegalAction, Trace
from cardrules.rules import implements

from .deal import Deal, deal as make_deal
from .state import State
from .variants import Variant


@implements("piquet.royalik.rounding")
def round_tens(x: int, how: str) -> int:
    """Round to tens: 'half-up' to the nearest ten, a 5 up; 'up' always up; 'five-down'
    6 to 9 up, 1 to 5 down (Cavendish's rule for the chouette).

    >>> [round_tens(x, "half-up") for x in (115, 128, 116, 129, 112)]
    [120, 130, 120, 130, 110]
    >>> [round_tens(x, "up") for x in (112, 120)], [round_tens(x, "five-down") for x in (115, 116)]
    ([120, 120], [110, 120])
    """
    if how == "half-up":
        return (x + 5) // 10 * 10
    if how == "up":
        return (x + 9) // 10 * 10
    return (x + 4) // 10 * 10


@implements("piquet.rubicon.score")
def rubicon_won(winner: int, loser: int, v: Variant) -> int:
    """What the winner of a Rubicon partie wins: the difference and a hundred; the sum
    and a hundred if the loser has not reached the rubicon.

    >>> from cardrules.games.piquet import RUBICON
    >>> rubicon_won(150, 120, RUBICON), rubicon_won(150, 80, RUBICON)
    (130, 330)
    """
    if loser < v.rubicon:
        return winner + loser + v.royalik_bonus
    return winner - loser + v.royalik_bonus


class Partie:
    """A partie of one of the three kinds (``variant.partie``), deal by deal."""

    def __init__(self, variant: Variant, dealer: int = 0):
        self.variant = variant
        self.dealer = dealer
        self.deals: list = []
        self.trace = Trace()
        self.over = False
        self.settlement: list[int] = [0] * variant.players
        n = variant.players
        self.totals = [0] * n
        # royalik
        self.game_col: list[list[int]] = [[] for _ in range(n)]
        self.royalik_col: list[list[int]] = [[] for _ in range(n)]
        self.partie_figure = [0] * n
        self.skvoznaya = [0] * n
        self.royalik_games: list[list[int]] = []
        self.royaliks_done = 0
        #: a refet carried from the last partie doubles (×refet_factor) this one's first royalik
        self.factor = variant.refet_factor if variant.carried_refet else 1
        if variant.carried_refet:
            self.trace.add("piquet.royalik.refet-carried-games", "a refet carried from the last partie: the first royalik's games count more",
                           variant.refet_factor)
        self.refet_in_royalik = False
        self.carry_refet = False
        self.refets = 0
        # race
        self.active = list(range(n))
        self.finished: list[int] = []

    def explain(self) -> Trace:
        """The clauses that produced the partie's figures so far, in order."""
        return self.trace

    # -- dealing ------------------------------------------------------------------

    @property
    def royalik_start(self) -> bool:
        return self.variant.partie == "royalik" and not self.royalik_games

    @implements("piquet.deal.rotation", "piquet.deal.royalik-dealer", "piquet.three.rotation")
    def next_dealer(self) -> int:
        """Who deals next: the players alternate (Cavendish, law 16), the dealer of a
        royalik's first game deals its second too if ``royalik_deal`` is 'same'; at
        three, the turn passes to the left among those still playing."""
        if not self.deals:
            return self.dealer
        last = self.deals[-1].deal.dealer
        if self.variant.partie == "race":
            seat = last
            for _ in range(self.variant.players):
                seat = next_dealer(seat, self.variant.players)
                if seat in self.active:
                    return seat
        if self.variant.partie == "royalik" and self.royalik_games and self.variant.royalik_deal == "same":
            return last
        return 1 - last

    def new_deal(self, deal: Deal | None = None, seed: int = 0, draw: int | None = None) -> State:
        """The next deal's state: ``deal`` as written, or dealt from ``seed``. At the
        start of a royalik the dealer is drawn for (``draw``, or ``deal``'s dealer)."""
        if self.over:
            raise IllegalAction("piquet.variants.partie", "the partie is over")
        dealer = self.next_dealer()
        if self.royalik_start and self.deals:
            dealer = draw if draw is not None else (deal.dealer if deal is not None else dealer)
        elif draw is not None and draw != dealer:
            raise IllegalAction("piquet.deal.rotation", f"seat {dealer} deals now, not seat {draw}")
        if deal is None:
            deal = make_deal(self.variant, seed, dealer, self.active)
        elif deal.dealer != dealer:
            raise IllegalAction("piquet.deal.rotation", f"seat {dealer} deals now, not seat {deal.dealer}")
        if deal.seats != self.active:  # (both in seat order: active is made so and only loses seats)
            raise IllegalAction("piquet.three.drop-out", f"the deal is for seats {deal.seats}; playing: {self.active}")
        return State(self.variant, deal)

    # -- scoring ------------------------------------------------------------------

    def finish(self, state: State) -> list[int]:
        """Score a finished deal into the partie; return the deal's scores."""
        scores = state.settlement().scores
        self.deals.append(state)
        kind = self.variant.partie
        if kind == "royalik":
            self._royalik_deal(scores)
        elif kind == "rubicon":
            self._rubicon_deal(scores)
        else:
            self._race_deal(scores)
        return scores

    @implements("piquet.royalik.difference")
    def _royalik_deal(self, scores: list[int]) -> None:
        """Only the winner of a deal writes, the difference of the two scores."""
        diff = scores[0] - scores[1]
        if diff == 0:
            self.write_game([0, 0])
            return
        self.write_game([diff if diff > 0 else 0, -diff if diff < 0 else 0])

    @implements("piquet.royalik.refet")
    def write_game(self, entries: list[int]) -> None:
        """Write one game's entry (the difference, in its winner's column)."""
        tr, v = self.trace, self.variant
        if entries == [0, 0] and v.refet == "none":
            tr.add("piquet.royalik.refet", "equal scores: nothing to write (refet read as no rule)", 0)
            self.royalik_games.append([0, 0])
            if len(self.royalik_games) == 2:
                self._close_royalik(refet=False)
            return
        if entries == [0, 0]:
            tr.add("piquet.royalik.refet", f"game {len(self.royalik_games) + 1} of the royalik: equal scores, a refet", 0)
            self.refets += 1
            self.refet_in_royalik = True
            self.royalik_games.append([0, 0])
            self._close_royalik(refet=True)
            return
        entries = [entries[0] * self.factor, entries[1] * self.factor]
        w = 0 if entries[0] else 1
        if self.factor > 1:
            tr.add("piquet.royalik.refet-factor", f"a game after a refet counts ×{self.factor}", self.factor)
        self.game_col[w].append(tr.add("piquet.royalik.difference", f"seat {w} wins the game and writes the difference", entries[w]))
        self.royalik_games.append(entries)
        if len(self.royalik_games) == 2:
            self._close_royalik(refet=False)

    @implements("piquet.royalik.royalik", "piquet.royalik.refet-ends", "piquet.royalik.tie", "piquet.royalik.refet-carry")
    def _close_royalik(self, refet: bool) -> None:
        """Two games make a royalik, or fewer if a refet ends it: its winner writes his
        entries less the other's, a hundred added, rounded to tens."""
        v, tr = self.variant, self.trace
        a = b = 0
        for g in self.royalik_games:
            a += g[0]
            b += g[1]
        if a != b:
            w = 0 if a > b else 1
            figure = round_tens(abs(a - b) + v.royalik_bonus, v.rounding)
            self.royalik_col[w].append(tr.add("piquet.royalik.royalik", f"royalik {self.royaliks_done + 1}: seat {w}, {abs(a - b)} + {v.royalik_bonus}, rounded", figure))
        else:
            tr.add("piquet.royalik.tie", f"royalik {self.royaliks_done + 1}: even, nobody writes", 0)
        self.royalik_games = []
        self.royaliks_done += 1
        self.factor = 1
        if self.refet_in_royalik:
            self.refet_in_royalik = False
            if self.royaliks_done < v.royaliks:
                self.factor = v.refet_factor
            else:
                self.carry_refet = True
                tr.add("piquet.royalik.refet-carry", "no whole royalik is left: the refet passes to the next partie", 1)
        if self.royaliks_done == v.royaliks:
            self._close_partie()

    @implements("piquet.royalik.partie-total", "piquet.royalik.net")
    def _close_partie(self) -> None:
        v, tr = self.variant, self.trace
        cols = [sum(c) for c in self.game_col]
        if cols[0] != cols[1]:
            w = 0 if cols[0] > cols[1] else 1
            self.partie_figure[w] = tr.add("piquet.royalik.partie-total", f"partie: columns {cols[0]} and {cols[1]}; seat {w}, {abs(cols[0] - cols[1])} + {v.royalik_bonus}, rounded",
                                           round_tens(abs(cols[0] - cols[1]) + v.royalik_bonus, v.rounding))
        for s in (0, 1):
            if not self.game_col[s] and not self.royalik_col[s] and not self.partie_figure[s]:
                self.skvoznaya[1 - s] = tr.add("piquet.royalik.skvoznaya", f"seat {s} wrote nothing all partie: seat {1 - s} adds", v.skvoznaya)
        total = [self.partie_figure[s] + sum(self.royalik_col[s]) + self.skvoznaya[s] for s in (0, 1)]
        net = total[0] - total[1]
        tr.add("piquet.royalik.net", f"seat 0: {total[0]}, seat 1: {total[1]}: net to seat 0", net)
        self.settlement = [net, -net]
        self.over = True

    @implements("piquet.rubicon.deals")
    def _rubicon_deal(self, scores: list[int]) -> None:
        """Six deals make the partie; a tie, one more deal each; a second tie, drawn."""
        v, tr = self.variant, self.trace
        for s in (0, 1):
            self.totals[s] += scores[s]
        played = len(self.deals)
        t = self.totals
        if played < v.rubicon_deals or (t[0] == t[1] and played < v.rubicon_deals + 2):
            return
        self.over = True
        if t[0] == t[1]:
            tr.add("piquet.rubicon.deals", "equal after the extra deals: drawn", 0)
            return
        w = 0 if t[0] > t[1] else 1
        won = tr.add("piquet.rubicon.score", f"seat {w} wins {t[w]} to {t[1 - w]}" + (" (rubiconed)" if t[1 - w] < v.rubicon else ""),
                     rubicon_won(t[w], t[1 - w], v))
        self.settlement = [won if s == w else -won for s in (0, 1)]

    @implements("piquet.three.drop-out", "piquet.three.target")
    def _race_deal(self, scores: list[int]) -> None:
        """Scores add up; whoever reaches the agreed score drops out; the others play on."""
        v, tr = self.variant, self.trace
        for s in self.active:
            self.totals[s] += scores[s]
        reached = drop_out_order([s for s in self.active if self.totals[s] >= v.target], self.totals)
        for s in reached:
            if len(self.active) == 1:
                break
            self.active.remove(s)
            self.finished.append(tr.add("piquet.three.drop-out", f"seat {s} reaches {self.totals[s]}: out", s))
        if len(self.active) == 1:
            self._race_over()

    @implements("piquet.three.loser")
    def _race_over(self) -> None:
        """The last player loses to both others: a stake to each."""
        last = self.active[0]
        st = self.variant.stake
        self.settlement = [st if s != last else -2 * st for s in range(3)]
        self.trace.add("piquet.three.loser", f"seat {last} is last: pays {st} to each of the others", -2 * st)
        self.over = True


@implements("piquet.three.drop-out-order")
def drop_out_order(reached: list[int], totals: list[int]) -> list[int]:
    """The seats that reached the target in one deal, in the order they drop out:
    the higher score first, equal scores in seat order.

    >>> drop_out_order([0, 1, 2], [120, 130, 120])
    [1, 0, 2]
    """
    return sorted(reached, key=lambda s: -totals[s])


__all__ = ["Partie", "drop_out_order", "round_tens", "rubicon_won"]
