"""The benchmark behind ``cardrules bench``: every engine's random deals per second,
OpenSpiel's ``oh_hell`` beside them, and the time to replay a deal record.

One protocol for every row: a row is a name (``python/preferans.sochi``,
``fast/fortuna.four``, ``openspiel/oh_hell.cpp``, ``replay/deal``, ``bots/fortuna``) and
a callable that does one batch of work and returns how many deals (for a bot row,
decisions) it did. The Python rows come from
:func:`python_rows`, the compiled ones from ``cardrules.fast.bench_rows()`` (when that
optional package imports), OpenSpiel's from :func:`openspiel_rows` (when the
``open-spiel`` extra is installed) and the records' from :func:`replay_rows`.
:func:`measure` times them all alike:

- by CPU time (``time.process_time``, through :func:`cardrules.simulate.timed`), so that
  other processes on a shared machine do not count;
- in alternating turns (``turn`` seconds each, forwards then backwards through the
  rows), so that a moment when the machine is slower favours no row;
- the whole repeated ``runs`` times; each row's median and spread (min–max) over the
  runs are reported, and every ratio is taken within one run, then its median.

Every row plays with the same random choice, :func:`cardrules.simulate.play_out` (a
uniform pick of the legal actions); OpenSpiel's Python row is driven by that very
function. Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import importlib
import random
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from cardrules.games import GAMES
from cardrules.simulate import play_out, timed

#: A row of the benchmark: one batch of work a call; returns the number of deals done.
Row = Callable[[], int]

#: OpenSpiel's game we compare with: three players, a 32-card pack, ten tricks, as preferans.
OH_HELL = ("oh_hell", {"players": 3, "num_suits": 4, "num_cards_per_suit": 8, "num_tricks_fixed": 10})

#: Ratios reported, each taken within one run: (name, numerator row, denominator row).
RATIOS = (
    ("ratio/python.preferans.sochi:openspiel.python", "python/preferans.sochi", "openspiel/oh_hell.python"),
    ("ratio/fast.preferans.sochi:openspiel.cpp", "fast/preferans.sochi", "openspiel/oh_hell.cpp"),
    ("ratio/fast.fortuna.four:python.fortuna.four", "fast/fortuna.four", "python/fortuna.four"),
    # A yardstick for replay that our code does not move: how many of OpenSpiel's C++ deals
    # one replayed deal costs. Issue 14 was filed when oh_hell.cpp ran 55,299 deals/s, so
    # its 100 µs were 5.5 of them on that machine.
    ("ratio/openspiel.cpp:replay.deal", "openspiel/oh_hell.cpp", "replay/deal"),
)


# --- the rows ------------------------------------------------------------------------------------


def _deals(play: Callable[[int, int, random.Random], object], players: int, seed: int = 0) -> Row:
    """A row playing one deal a call: ``play(n, dealer, rng)`` plays deal n (seeded by n,
    the dealer turning round) to its end with :func:`play_out` and one generator seeded
    once: the same deals and choices on every run."""
    rng = random.Random(seed)
    count = iter(range(1 << 62))

    def one() -> int:
        n = next(count)
        play(n, n % players, rng)
        return 1
    return one


def python_rows(games: Iterable[str] = GAMES) -> dict[str, Row]:
    """``python/<game>.<preset>`` for every preset of every game with a simulator: a random
    legal deal a call through the reference engine (every rule checked, the deal scored),
    dealt by the game's seeded shuffle and played by :func:`play_out`: the game's
    ``simulate.uniform_deal`` where it has one (preferans, whose ``random_deal`` shapes
    the auction for its tests), else its ``random_deal``."""
    rows: dict[str, Row] = {}
    for game in games:
        try:
            simulate = importlib.import_module(f"cardrules.games.{game}.simulate")
            variants = importlib.import_module(f"cardrules.games.{game}.variants")
        except ModuleNotFoundError:
            continue
        deal = getattr(simulate, "uniform_deal", None) or simulate.random_deal
        for name, variant in variants.PRESETS.items():
            players = getattr(variant, "players", 2)
            rows[f"python/{game}.{name}"] = _deals(
                lambda n, dealer, rng, v=variant, d=deal: d(v, n, dealer=dealer, rng=rng), players)
    return rows


def openspiel_rows() -> dict[str, Row]:
    """OpenSpiel's ``oh_hell`` (3 players, 32 cards, 10 tricks), when the ``open-spiel``
    extra is installed, else nothing:

    - ``openspiel/oh_hell.python``: a deal a call driven from Python by :func:`play_out`,
      exactly as our engines are (the deal's chance outcomes, uniform, are legal actions
      of OpenSpiel's chance nodes, picked the same way);
    - ``openspiel/oh_hell.cpp``: a deal a call played inside OpenSpiel's C++
      (``pyspiel.evaluate_bots`` with its uniform random bots, chance sampled in C++).
    """
    try:
        import pyspiel  # type: ignore
    except ImportError:
        return {}
    game = pyspiel.load_game(*OH_HELL)

    class _Spiel:
        """An OpenSpiel state under the names :func:`play_out` calls."""

        __slots__ = ("legal_actions", "apply", "is_terminal")

        def __init__(self, st) -> None:
            self.legal_actions, self.apply, self.is_terminal = st.legal_actions, st.apply_action, st.is_terminal

    new = game.new_initial_state
    python = _deals(lambda n, dealer, rng: play_out(_Spiel(new()), rng.random), 3)
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(3)]
    evaluate = pyspiel.evaluate_bots
    count = iter(range(1 << 62))

    def cpp() -> int:
        evaluate(new(), bots, next(count))
        return 1
    return {"openspiel/oh_hell.python": python, "openspiel/oh_hell.cpp": cpp}


def fast_rows() -> tuple[dict[str, Row], str]:
    """The compiled fast path's rows (``cardrules.fast.bench_rows()``) and, when there are
    none, why."""
    try:
        fast = importlib.import_module("cardrules.fast")
    except ImportError as err:
        return {}, f"cardrules.fast does not import ({err})"
    try:
        return dict(fast.bench_rows()), ""
    except ImportError as err:  # e.g. the package is there, numba is not
        return {}, f"cardrules.fast has no rows here ({err})"


def replay_rows(parsed: list[tuple[object, dict, str]], texts: list[tuple[str, str]]) -> dict[str, Row]:
    """``replay/deal``: every record replayed and verified with its YAML already read (and,
    as :func:`cardrules.records.parse` leaves it, its lines' notation: a line's words and
    cards, not what it does, which each replay finds in the phase it meets the line in, on a
    fresh state, every action applied and every figure the record gives checked);
    ``replay/deal_parsed``: the same from the text (YAML read and checked each time). Each
    call does all the records and returns the number of deals in them (a partie counts
    each of its deals)."""
    from cardrules import records

    if not parsed:
        return {}
    deals = sum(len(record.plays()) for record, _lines, _file in parsed)  # type: ignore[attr-defined]

    def replayed() -> int:
        for record, lines, file in parsed:
            records.verify_parsed(record, lines, file)  # type: ignore[arg-type]
        return deals

    def from_text() -> int:
        for text, file in texts:
            records.verify(text, file)
        return deals
    return {"replay/deal": replayed, "replay/deal_parsed": from_text}


# --- the timing ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """A row's rate (deals per second of CPU time) in each run."""

    name: str
    rates: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    @property
    def low(self) -> float:
        return min(self.rates)

    @property
    def high(self) -> float:
        return max(self.rates)


def measure(rows: dict[str, Row], seconds: float = 1.0, turn: float = 0.1, runs: int = 3,
            progress: Callable[[int], None] | None = None) -> dict[str, Result]:
    """Time every row: ``runs`` runs, in each about ``seconds`` of CPU time per row, given in
    turns of ``turn`` seconds, the rows taken forwards, then backwards, and so on. Each row
    is called once first, untimed (imports, caches, a compiler's first pass)."""
    for row in rows.values():
        row()
    names = list(rows)
    turns = max(1, round(seconds / turn))
    per_turn = seconds / turns
    rates: dict[str, list[float]] = {name: [] for name in names}
    for run in range(runs):
        done = {name: 0 for name in names}
        cpu = {name: 0.0 for name in names}
        for k in range(turns):
            for name in (names if k % 2 == 0 else names[::-1]):
                row, total = rows[name], [0]

                def batch(row: Row = row, total: list[int] = total) -> None:
                    total[0] += row()
                _, spent = timed(batch, per_turn)
                done[name] += total[0]
                cpu[name] += spent
        for name in names:
            rates[name].append(done[name] / cpu[name] if cpu[name] else 0.0)
        if progress is not None:
            progress(run + 1)
    return {name: Result(name, tuple(r)) for name, r in rates.items()}


def ratios(results: dict[str, Result]) -> dict[str, Result]:
    """The ratios of :data:`RATIOS` whose two rows were measured, each run by itself."""
    out: dict[str, Result] = {}
    for name, top, bottom in RATIOS:
        if top in results and bottom in results:
            pairs = zip(results[top].rates, results[bottom].rates)
            out[name] = Result(name, tuple(a / b for a, b in pairs if b))
    return out


def as_json(results: dict[str, Result]) -> dict[str, float]:
    """The medians by row name; a replay row as microseconds a deal (``replay/deal_us``,
    ``replay/deal_parsed_us``); the ratios of :data:`RATIOS` as they are."""
    out: dict[str, float] = {}
    for name, r in results.items():
        if name.startswith("replay/"):
            out[name + "_us"] = 1e6 / r.median if r.median else float("inf")
        else:
            out[name] = r.median
    for name, r in ratios(results).items():
        out[name] = r.median
    return out


def bot_rows(games: Iterable[str] = GAMES) -> dict[str, Row]:
    """``bots/<game>``: seeded deals of the game's first preset played to the end by its
    bots (:func:`cardrules.bots.choose` and the state's ``apply`` for every decision). The
    row returns the number of decisions, so its rate is decisions per second."""
    from cardrules.bots import choose

    rows: dict[str, Row] = {}
    for game in games:
        variants = importlib.import_module(f"cardrules.games.{game}.variants")
        state = importlib.import_module(f"cardrules.games.{game}.state")
        deal = importlib.import_module(f"cardrules.games.{game}.deal")
        variant = next(iter(variants.PRESETS.values()))
        seeds = iter(range(1 << 62))

        def one(game=game, state=state, deal=deal, variant=variant, seeds=seeds) -> int:
            seed = next(seeds)
            st = state.State(variant, deal.deal(variant, seed, seed % variant.players))
            rnd = random.Random(seed)
            made = 0
            while not st.is_terminal():
                st.apply(choose(game, st, rnd).action)
                made += 1
            return made
        rows[f"bots/{game}"] = one
    return rows


def dd_times(seconds: float = 1.0) -> dict[str, float]:
    """The double-dummy solver's CPU milliseconds per ten-card deal, median and 95th
    percentile per strain (``dd/preferans.trump_ms`` …; see :mod:`cardrules.analysis.bench`).
    Times per deal, not rates: they are measured apart from the alternating rows."""
    from cardrules.analysis.bench import dd_rows

    return dd_rows(seconds)


def all_rows(record_paths: list[Path]) -> tuple[dict[str, Row], list[str]]:
    """Every row this machine can time, and a line for each kind that is absent and why.
    The records must verify (a :class:`~cardrules.records.RecordError` is raised first)."""
    from cardrules import records

    files = records.record_files(record_paths)
    texts = [(records.read_record(f), str(f)) for f in files]
    for text, file in texts:
        records.verify(text, file)
    parsed = [(*records.parse(text, file), file) for text, file in texts]
    rows = python_rows()
    absent: list[str] = []
    fast, why = fast_rows()
    rows.update(fast)
    if why:
        absent.append(f"fast/*: absent: {why}")
    spiel = openspiel_rows()
    rows.update(spiel)
    if not spiel:
        absent.append("openspiel/*: absent: the open-spiel extra is not installed (uv sync --extra open-spiel)")
    rows.update(replay_rows(parsed, texts))
    rows.update(bot_rows())
    if not texts:
        absent.append("replay/*: absent: no records given")
    return rows, absent


__all__ = ["OH_HELL", "RATIOS", "Result", "Row", "all_rows", "as_json", "bot_rows", "dd_times", "fast_rows", "measure",
           "openspiel_rows", "python_rows", "ratios", "replay_rows"]
