"""The variant study: the same seeded deals played by *par decisions* and scored under
Sochi, Leningrad, Rostov and Classic.

The edition's definition of par
-------------------------------

Par is what players who see all four hands (the three hands and the talon) would call,
whist and play, each for himself. It is computed in two steps, so that the expensive
step serves every variant.

1. **The deal's table** (:func:`deal_table`, independent of the variant). For each of
   the three positions, as if it had bought the talon:

   * for each strain (♠ ♣ ♦ ♥, no trumps), the tricks it takes double-dummy after the
     **discard rule** below, first hand leading;
   * whether its **misère** is clean (no trick against the best defence) after the
     misère discard rule;
   * in an **all-pass** with the talon cards leading the first two tricks, the fewest
     tricks it can hold itself to against the other two (the reading of
     :mod:`cardrules.analysis.verdict`; shown on the page, not used for scoring).

   A position's **best call** is the highest call on the ladder it can make: a contract
   whose level its tricks reach, or the misère if it is clean, the misère ranking
   between 8NT and 9♠ (all four variants outbid a misère with a nine). The **par
   winner** is the position with the highest best call; on equal calls the earlier
   hand, who may hold. The table keeps the solver's best line of play for that call.

2. **The variant's deal** (:func:`play_par`), through the engine
   (:class:`~cardrules.games.preferans.state.State`, so every rule and every score is
   the variant's own): the par winner bids the lowest bid the auction allows (or calls
   misère), the others pass; he discards by the rule and declares his best contract.
   Each defender's whist call is decided by backward induction over the engine's own
   whist phase: every lawful call is tried, the deal is played out by the stored line,
   the sheet is settled (:func:`~cardrules.games.preferans.scoring.settle`) and each
   player takes the call that leaves him best off, ties going to the pass. When nobody
   can make anything, or the variant's exit after an all-pass forbids the winner's
   call, all pass and the all-pass is played by the **all-pass rule** below.

The discard rules (the edition's; exhaustive discards, 66 per strain, are too slow in
pure Python, and the rules are what a player does by habit):

* *contract*: keep the trumps and the aces; throw the two lowest cards of the
  shortest side suits (shortest suit first, then the lowest rank), so that short suits
  are emptied for ruffing and no winner is thrown;
* *misère*: throw the two highest cards, from the shorter suit on a tie: the cards
  most likely to be made to win a trick.

A rule can only cost the declarer tricks against the best discard, so par contracts
are, if anything, a little low.

The all-pass rule (an all-pass has no two sides, so no double-dummy value for all three
at once): each player ducks with his highest card below the trick's best card of the
suit led; when he cannot duck he plays his highest card of the suit; void, he throws
his highest card; leading, or first to play to a trick a talon card leads, he plays his
lowest card.

>>> from cardrules.games.preferans.variants import SOCHI
>>> t = deal_table(7)
>>> len(t.tricks), len(t.tricks[0]), t.seed
(3, 5, 7)
>>> from cardrules.games.preferans.state import Pulka
>>> pulka = Pulka(SOCHI)
>>> st = play_par(pulka.new_deal(seed=7), t, pulka.sheet)
>>> st.is_terminal(), st.kind == ("allpass" if t.winner < 0 else "misere" if t.best[t.winner] == MISERE_CALL else "contract")
(True, True)
"""

from __future__ import annotations

import copy
import math
import statistics
import subprocess
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

from cardrules.cards import rank_of, suit_of
from cardrules.games.preferans import auction as A
from cardrules.games.preferans.deal import deal as make_deal
from cardrules.games.preferans.play import PASS_WHIST
from cardrules.games.preferans.scoring import settle
from cardrules.games.preferans.state import (AUCTION, DECLARE, DECLARE_PHASE, DISCARD, DISCARD_PHASE, DONE, PLAY,
                                             WHIST_PHASE, Pulka, State)
from cardrules.games.preferans.variants import CLASSIC, LENINGRAD, ROSTOV, SOCHI, Variant

from .line import best_line
from .position import Question
from .search import Solver, solve

#: The four variants the study compares.
VARIANTS: tuple[Variant, ...] = (SOCHI, LENINGRAD, ROSTOV, CLASSIC)
#: The level that outbids a misère in every variant of the study (checked per variant).
MISERE_OUTBID = 9
#: A deal's seed from the pulka's number and the deal's place in it.
SEED_STRIDE = 1000
#: The highest ladder index a misère outranks (8NT).
_BELOW_MISERE = A.index(MISERE_OUTBID - 1, A.NT)
NO_CALL, MISERE_CALL = -1, A.LADDER  #: a best call: none, or the misère (else a ladder index)


def deal_seed(pulka: int, k: int) -> int:
    """The seed of the ``k``-th deal (from 0) of pulka number ``pulka``."""
    return pulka * SEED_STRIDE + k


# --- the discard rules -----------------------------------------------------------------------


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def contract_discard(hand: int, trump: int | None) -> tuple[int, int]:
    """The two cards the declarer of a contract throws from his twelve (the module's rule).

    >>> from cardrules.cards import parse_cardset, format_cards, SPADES
    >>> format_cards(contract_discard(parse_cardset("♠A ♠K ♠Q ♠J ♠10 ♠9 ♣A ♣8 ♦7 ♦9 ♦K ♥8"), SPADES))
    '♥8 ♣8'
    """
    cards = _cards(hand)
    lengths = [0] * 4
    for c in cards:
        lengths[suit_of(c)] += 1
    side = [c for c in cards if suit_of(c) != trump and rank_of(c) != 12]
    if len(side) < 2:  # nothing but trumps and aces: the lowest cards of all
        side = cards
    side.sort(key=lambda c: (lengths[suit_of(c)], rank_of(c), suit_of(c)))
    return side[0], side[1]


def misere_discard(hand: int) -> tuple[int, int]:
    """The two cards the declarer of a misère throws: the highest, the shorter suit first on a tie.

    >>> from cardrules.cards import parse_cardset, format_cards
    >>> format_cards(misere_discard(parse_cardset("♠7 ♠8 ♠9 ♣7 ♣8 ♦7 ♦8 ♦9 ♦10 ♥7 ♥A ♣A")))
    '♥A ♣A'
    """
    cards = _cards(hand)
    lengths = [0] * 4
    for c in cards:
        lengths[suit_of(c)] += 1
    cards.sort(key=lambda c: (-rank_of(c), lengths[suit_of(c)], suit_of(c)))
    return cards[0], cards[1]


def _after(hands: Sequence[int], p: int, talon: int, thrown: tuple[int, int]) -> tuple[int, int, int]:
    h = list(hands)
    h[p] = (h[p] | talon) & ~(1 << thrown[0]) & ~(1 << thrown[1])
    return h[0], h[1], h[2]


# --- step 1: the deal's table ----------------------------------------------------------------


@dataclass
class DealTable:
    """One seeded deal solved double-dummy (by position, whoever deals)."""

    seed: int
    tricks: list[list[int]]  #: tricks[p][strain]: p's tricks with the talon, after the contract discard
    misere: list[bool]  #: misère clean for p, after the misère discard
    allpass: list[int]  #: the fewest tricks p can hold himself to in an all-pass (talon leading)
    best: list[int]  #: p's best call: a ladder index, MISERE_CALL or NO_CALL
    winner: int  #: the par winner's position, or -1 (all pass)
    line: list[int] = field(default_factory=list)  #: the winner's cards in the order played (best line)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict) -> "DealTable":
        return cls(**d)


def best_call(tricks: Sequence[int], misere_clean: bool) -> int:
    """A position's highest call it can make: a ladder index, ``MISERE_CALL`` or ``NO_CALL``.

    >>> A.bid_name(best_call([7, 8, 6, 5, 8], False))   # 8♣ and 8NT both make: 8NT is higher
    '8NT'
    >>> best_call([7, 8, 6, 5, 8], True) == MISERE_CALL, best_call([9, 3, 3, 3, 4], True) == MISERE_CALL
    (True, False)
    >>> best_call([5, 5, 5, 5, 5], False)
    -1
    """
    made = [A.index(t, s) for s, t in enumerate(tricks) if t >= 6]
    top = max(made, default=NO_CALL)
    if misere_clean and top <= _BELOW_MISERE:
        return MISERE_CALL
    return top


def _rank(call: int) -> int:
    if call == MISERE_CALL:
        return A.MISERE_RANK
    return -1 if call == NO_CALL else A.rank(call)


def par_winner(best: Sequence[int]) -> int:
    """The position whose best call is highest (the earlier hand on a tie), or -1.

    >>> par_winner([A.index(7, 0), MISERE_CALL, A.index(9, 0)]), par_winner([3, 3, -1]), par_winner([-1, -1, -1])
    (2, 0, -1)
    """
    top = max(range(3), key=lambda p: (_rank(best[p]), -p))
    return top if best[top] != NO_CALL else -1


def deal_table(seed: int) -> DealTable:
    """Solve one seeded deal (the expensive, variant-independent step)."""
    d = make_deal(SOCHI, seed, 0)
    return solve_deal(d.hands, d.talon_cards, seed)


def solve_deal(hands: tuple[int, int, int], talon_cards: tuple[int, int], seed: int = -1) -> DealTable:
    """The table of a deal given by its hands (by position) and talon."""
    talon = (1 << talon_cards[0]) | (1 << talon_cards[1])
    tricks = []
    misere = []
    for p in range(3):
        row = []
        for strain in range(5):
            trump = None if strain == A.NT else strain
            h = _after(hands, p, talon, contract_discard(hands[p] | talon, trump))
            row.append(solve(Question(h, trump, 0, p)))
        tricks.append(row)
        h = _after(hands, p, talon, misere_discard(hands[p] | talon))
        q = Question(h, None, 0, p, more=False, kind="misere")
        misere.append(not Solver(q).at_least(q.hands, 0, 0, 1))
    allpass = [solve(Question(hands, None, 0, p, more=False, talon_leads=tuple(talon_cards), kind="allpass"))
               for p in range(3)]
    best = [best_call(tricks[p], misere[p]) for p in range(3)]
    w = par_winner(best)
    line = par_line(hands, talon_cards, w, best[w]) if w >= 0 else []
    return DealTable(seed, tricks, misere, allpass, best, w, line)


def par_line(hands: Sequence[int], talon_cards: tuple[int, int], w: int, call: int) -> list[int]:
    """The cards of the solver's best line for ``call`` by position ``w``, in the order played."""
    q = winner_question(hands, (1 << talon_cards[0]) | (1 << talon_cards[1]), w, call)
    return [c for t in best_line(q) for _, c in t.plays]


def winner_question(hands: Sequence[int], talon: int, w: int, call: int) -> Question:
    """The question the par winner's line answers: his hands after his discard."""
    if call == MISERE_CALL:
        return Question(_after(hands, w, talon, misere_discard(hands[w] | talon)), None, 0, w, more=False,
                        kind="misere")
    trump = A.trump_of(call)
    return Question(_after(hands, w, talon, contract_discard(hands[w] | talon, trump)), trump, 0, w)


# --- step 2: the variant's deal through the engine -------------------------------------------


def allpass_card(st: State, acts: Sequence[int]) -> int:
    """The module's all-pass rule: duck with the highest card below the trick's best, else
    the highest card of the suit; void, the highest card; leading, the lowest."""
    led = st.led
    if led is None:  # leading
        return min(acts, key=lambda c: (rank_of(c), suit_of(c)))
    follow = [c for c in acts if suit_of(c) == led]
    if not follow:
        return max(acts, key=lambda c: (rank_of(c), -suit_of(c)))
    top = max((rank_of(c) for c in st.trick if suit_of(c) == led), default=-1)
    if top < 0:  # first to a trick a talon card leads (the talon card takes no trick): the lowest
        return min(follow, key=rank_of)
    under = [c for c in follow if rank_of(c) < top]
    return max(under or follow, key=rank_of)


def _money(st: State, sheet, seat: int):
    """What ``seat`` would be paid if the pulka were settled after this deal."""
    s = copy.deepcopy(sheet)
    s.write(st.entries)
    return settle(s).totals[seat]


def _play_line(st: State, line: Sequence[int]) -> None:
    k = 0
    while st.phase == PLAY:
        st.apply(line[k])
        k += 1


def _whist_par(st: State, line: Sequence[int], sheet) -> State:
    """Backward induction over the whist phase: each caller takes his best lawful call."""
    if st.phase == WHIST_PHASE:
        seat = st.current_player()
        best = None
        for a in sorted(st.legal_actions(), key=lambda a: a != PASS_WHIST):  # the pass first: it wins ties
            c = st.clone()
            c.apply(a)
            end = _whist_par(c, line, sheet)
            m = _money(end, sheet, seat)
            if best is None or m > best[0]:
                best = (m, end)
        return best[1]
    _play_line(st, line)
    return st


def play_par(st: State, table: DealTable, sheet) -> State:
    """Play a fresh deal of the engine by par decisions from its table; returns the finished state."""
    v = st.variant
    if v.misere_outbid_level != MISERE_OUTBID or v.players != 3 or v.talon_round != SOCHI.talon_round:
        raise ValueError(f"the study's tables assume three players, the talon after round "
                         f"{SOCHI.talon_round} and a misère outbid by a {MISERE_OUTBID}: {v.name} differs")
    w = table.winner
    call = table.best[w] if w >= 0 else NO_CALL
    bid = False
    while st.phase == AUCTION:
        p = st.turn
        acts = st.legal_actions()
        choice = A.PASS
        if p == w and not bid:
            if call == MISERE_CALL and A.MISERE in acts:
                choice = A.MISERE
            elif call not in (MISERE_CALL, NO_CALL):
                bids = [a for a in acts if A.BID <= a < A.MISERE and a - A.BID <= call]
                if bids:
                    choice = bids[0]
            bid = choice != A.PASS
        elif p == w and A.PASS not in acts:  # (cannot happen: the others pass at once)
            choice = acts[0]
        st.apply(choice)
    if st.phase == PLAY and st.kind == "allpass":
        while st.phase == PLAY:
            st.apply(allpass_card(st, st.legal_actions()))
        return st
    if st.phase == DISCARD_PHASE:
        h = st.hands[st.declarer]
        thrown = misere_discard(h) if call == MISERE_CALL else contract_discard(h, A.trump_of(call))
        for c in thrown:
            st.apply(DISCARD + c)
    if st.phase == DECLARE_PHASE:
        st.apply(DECLARE + call)
    if st.phase == WHIST_PHASE:
        return _whist_par(st, table.line, sheet)
    _play_line(st, table.line)
    return st


@dataclass
class PulkaResult:
    """One pulka played by par under one variant."""

    variant: str
    pulka: int
    deals: int
    misere: int
    allpass: int
    totals: list[float]  #: each seat's settlement, in whists


def play_pulka(variant: Variant, number: int, table_of: Callable[[int], DealTable],
               max_deals: int = 400) -> PulkaResult:
    """Pulka ``number`` under ``variant``: its seeded deals, by par, until the sheet is over.

    ``table_of(seed)`` gives a deal's table (solved here, or looked up in a study's results).
    """
    pulka = Pulka(variant, dealer=number % variant.players)
    misere = allpass = 0
    for k in range(max_deals):
        seed = deal_seed(number, k)
        st = pulka.new_deal(seed=seed)
        st = play_par(st, table_of(seed), pulka.sheet)
        misere += st.kind == "misere"
        allpass += st.kind == "allpass"
        pulka.finish(st)
        if pulka.over:
            totals = [float(x) for x in pulka.settlement().totals]
            return PulkaResult(variant.name, number, k + 1, misere, allpass, totals)
    raise MissingDeals(number, max_deals)


class MissingDeals(LookupError):
    """A pulka needs more deals than were solved."""

    def __init__(self, pulka: int, k: int):
        super().__init__(f"pulka {pulka} is not over after {k} deals")
        self.pulka, self.k = pulka, k


# --- the run: solve the deals where there are cores, play the pulkas here ---------------------


def _table_json(seed: int) -> dict:
    return deal_table(seed).to_json()


class Mapper:
    """Solves deals: on a Dask cluster (``scheduler`` address, or a local one when ``workers``
    > 1 and ``distributed`` is installed), else in this process. ``name`` says which."""

    def __init__(self, scheduler: str | None = None, workers: int = 1):
        self.client = self.cluster = self.pool = None
        if scheduler or workers > 1:
            try:
                from distributed import Client, LocalCluster
            except ImportError:
                if scheduler:
                    raise RuntimeError("--scheduler needs Dask's distributed: uv sync --extra study") from None
                from concurrent.futures import ProcessPoolExecutor
                self.pool = ProcessPoolExecutor(workers)
                self.name = f"{workers} local processes (concurrent.futures; Dask's distributed is not installed)"
                return
            if scheduler:
                self.client = Client(scheduler)
                self.name = f"the Dask cluster at {scheduler}"
            else:
                self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                            dashboard_address=None)
                self.client = Client(self.cluster)
                self.name = f"a local Dask cluster of {workers} worker processes"
        else:
            self.name = "one process (no Dask: give --workers N or --scheduler ADDRESS to spread the solving)"

    def map(self, seeds: Sequence[int]) -> list[DealTable]:
        seeds = list(seeds)
        if self.client is not None:
            out = self.client.gather(self.client.map(_table_json, seeds, pure=False))
        elif self.pool is not None:
            out = list(self.pool.map(_table_json, seeds))
        else:
            out = [_table_json(s) for s in seeds]
        return [DealTable.from_json(d) for d in out]

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        if self.pool is not None:
            self.pool.shutdown()


class NeedDeal(LookupError):
    """A deal that has not been solved yet."""

    def __init__(self, seed: int):
        super().__init__(f"deal {seed} is not solved")
        self.seed = seed


def _lookup(tables: dict[int, DealTable], seed: int) -> DealTable:
    t = tables.get(seed)
    if t is None:
        raise NeedDeal(seed)
    return t


def run_study(pulkas: int, first: int = 0, mapper: Mapper | None = None, depth: int = 16,
              say: Callable[[str], None] = lambda s: None) -> dict:
    """Pulkas ``first`` … ``first + pulkas - 1`` under the four variants: their deals solved
    (``depth`` deals a pulka at first, more where a pulka lasts longer), then played by par.

    Returns the results: the figures per variant, each pulka's result and every deal's table.
    """
    own = mapper is None
    mapper = mapper or Mapper()
    tables: dict[int, DealTable] = {}
    need = {deal_seed(n, k) for n in range(first, first + pulkas) for k in range(depth)}
    try:
        while True:
            todo = sorted(need - tables.keys())
            if todo:
                say(f"solving {len(todo)} deals on {mapper.name}")
                for t in mapper.map(todo):
                    tables[t.seed] = t
            results: list[PulkaResult] = []
            need = set()
            for v in VARIANTS:
                for n in range(first, first + pulkas):
                    try:
                        results.append(play_pulka(v, n, lambda seed: _lookup(tables, seed)))
                    except NeedDeal as e:  # the pulka lasts longer than the deals solved for it
                        k = e.seed - deal_seed(n, 0)
                        need.update(deal_seed(n, j) for j in range(k, k + 8))
            if not need:
                break
    finally:
        if own:
            mapper.close()
    return {
        "variants": {v.name: measures(r for r in results if r.variant == v.name) for v in VARIANTS},
        "pulkas": [asdict(r) for r in results],
        "tables": [tables[s].to_json() for s in sorted(tables)],
    }


#: Where the site's study results are kept (the page's directive reads them).
RESULTS = Path(__file__).resolve().parents[2] / "docs" / "games" / "preferans" / "study" / "results.json"


def code_version() -> str:
    """The git commit the code was run from (with ``+changes`` if the tree was not clean)."""
    root = Path(__file__).resolve().parents[2]
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "cardrules"], cwd=root, capture_output=True,
                               text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return head + ("+changes" if dirty else "")


def study(pulkas: int, first: int, scheduler: str | None, workers: int, command: str,
          say: Callable[[str], None] = lambda s: None) -> dict:
    """Run the study and label its results with the command, the seed and the code's version."""
    code = code_version()  # at the start: the code that runs, whatever is edited meanwhile
    mapper = Mapper(scheduler, workers)
    say(f"solving on {mapper.name}")
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        res = run_study(pulkas, first, mapper, say=say)
    finally:
        mapper.close()
    head = {"command": command, "seed": first, "code": code,  # (the count of pulkas: in each variant's figures)
            "solved_on": mapper.name, "wall_seconds": round(time.perf_counter() - wall, 1),
            "cpu_seconds_here": round(time.process_time() - cpu, 1)}
    return {**head, **res}


# --- measures --------------------------------------------------------------------------------


def quartiles(xs: Sequence[float]) -> tuple[float, float, float]:
    """The three quartiles (the inclusive method, as a spreadsheet's QUARTILE).

    >>> quartiles([1, 2, 3, 4, 5])
    (2.0, 3.0, 4.0)
    """
    q = statistics.quantiles(xs, n=4, method="inclusive")
    return float(q[0]), float(q[1]), float(q[2])


def measures(results: Iterable[PulkaResult]) -> dict:
    """The study's figures for one variant's pulkas.

    ``amounts`` are the players' settlements (three a pulka; they sum to zero in each pulka,
    so their mean is zero and the *stake* is told by the mean absolute amount and the spread).
    """
    rs = list(results)
    amounts = [x for r in rs for x in r.totals]
    lengths = [r.deals for r in rs]
    deals = sum(lengths)
    n = len(rs)
    mean_abs = sum(abs(x) for x in amounts) / len(amounts)
    sd = statistics.stdev(amounts) if len(amounts) > 1 else 0.0
    winners = [max(r.totals) for r in rs]
    return {
        "pulkas": n,
        "deals": deals,
        "mean_abs": mean_abs,
        "sd": sd,
        "quartiles": quartiles(amounts) if len(amounts) > 1 else (amounts[0],) * 3,
        "min": min(amounts), "max": max(amounts),
        "winner_mean": sum(winners) / n,
        "length_mean": deals / n,
        "length_sd": statistics.stdev(lengths) if n > 1 else 0.0,
        "length_quartiles": quartiles(lengths) if n > 1 else (float(lengths[0]),) * 3,
        "misere_rate": sum(r.misere for r in rs) / deals,
        "allpass_rate": sum(r.allpass for r in rs) / deals,
        # standard errors, for the page's sampling uncertainty
        "sd_se": sd / math.sqrt(2 * max(len(amounts) - 1, 1)),
        "length_se": (statistics.stdev(lengths) / math.sqrt(n)) if n > 1 else 0.0,
    }


__all__ = ["DealTable", "Mapper", "MissingDeals", "PulkaResult", "VARIANTS", "allpass_card", "best_call", "contract_discard",
           "deal_seed", "deal_table", "par_line", "solve_deal", "measures", "misere_discard", "par_winner", "play_par", "play_pulka",
           "quartiles", "run_study", "study"]
