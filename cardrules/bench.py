"""The benchmark behind ``cardrules bench``: engine rates per game and variant, and
the rate at which deal records are replayed and verified.

Speed is measured here, never asserted in tests: a timed assertion fails on a busy
machine and passes on a fast one, and proves nothing either way.
"""

from __future__ import annotations

import importlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from cardrules import records
from cardrules.analysis.bench import dd_rows  # the double-dummy solver's rows: dd/preferans.*_ms

from cardrules.games import GAMES  # each game's ``simulate`` offers ``benchmark(variant, seconds) -> deals/s``


@dataclass(frozen=True)
class Rate:
    what: str
    per_second: float
    unit: str = "deals/s"

    @property
    def micros(self) -> float | None:
        """Time per item; None for a ratio."""
        if self.unit == "×":
            return None
        return 1e6 / self.per_second if self.per_second else float("inf")

    @property
    def shown(self) -> str:
        return f"{self.per_second:.2f}×" if self.unit == "×" else f"{self.per_second:,.0f} {self.unit}"


def game_rates(seconds: float = 1.0, games: tuple[str, ...] = GAMES) -> Iterator[Rate]:
    """Random legal deals per second (auction, play, scoring and settlement, every
    rule checked) for each preset of each game that has a simulator."""
    for game in games:
        try:
            simulate = importlib.import_module(f"cardrules.games.{game}.simulate")
            variants = importlib.import_module(f"cardrules.games.{game}.variants")
        except ModuleNotFoundError:
            continue
        for name, variant in variants.PRESETS.items():
            yield Rate(f"{game}.{name}", simulate.benchmark(variant, seconds))
        extra = getattr(simulate, "extra_rates", None)
        if extra is not None:  # e.g. preferans against OpenSpiel, when installed
            for what, value, unit in extra(seconds):
                yield Rate(what, value, unit)


def record_rates(paths: list[Path], seconds: float = 1.0) -> Iterator[Rate]:
    """Deals of records per second: read from text and verified; and replayed and
    verified with the YAML already read (a partie counts each of its deals)."""
    files = records.record_files(paths)
    if not files:
        return
    texts = [(records.read_record(f), str(f)) for f in files]
    parsed = [(records.parse(t, f), f) for t, f in texts]
    deals = sum(len(record.plays()) for (record, _), _ in parsed)
    yield Rate("records: parse + replay + verify",
               _rate(lambda: [records.verify(t, f) for t, f in texts], deals, seconds))
    yield Rate("records: replay + verify (YAML read)",
               _rate(lambda: [records.verify_parsed(r, lines, f) for (r, lines), f in parsed], deals, seconds))


def _rate(work, per_call: int, seconds: float) -> float:
    count = 0
    start = time.perf_counter()
    while True:
        work()
        count += per_call
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed


def bot_rates(seconds: float = 1.0, games: tuple[str, ...] = GAMES) -> Iterator[Rate]:
    """The bots' decisions per second of CPU time, per game (its first preset): seeded deals
    played to the end by bots, each decision the bot's ``choose`` and the state's ``apply``."""
    import random

    from cardrules.bots import choose
    from cardrules.simulate import timed

    for game in games:
        variants = importlib.import_module(f"cardrules.games.{game}.variants")
        state = importlib.import_module(f"cardrules.games.{game}.state")
        deal = importlib.import_module(f"cardrules.games.{game}.deal")
        variant = next(iter(variants.PRESETS.values()))
        made = [0]
        seeds = iter(range(1 << 62))

        def one() -> None:
            seed = next(seeds)
            st = state.State(variant, deal.deal(variant, seed, seed % variant.players))
            rnd = random.Random(seed)
            while not st.is_terminal():
                st.apply(choose(game, st, rnd).action)
                made[0] += 1

        _, cpu = timed(one, seconds)
        yield Rate(f"bots.{game}", made[0] / cpu if cpu else 0.0, "decisions/s")


def dd_times(seconds: float = 1.0) -> dict[str, float]:
    """The double-dummy solver's CPU milliseconds per ten-card deal, median and 95th percentile
    per strain (``dd/preferans.trump_ms`` …; see :mod:`cardrules.analysis.bench`)."""
    return dd_rows(seconds)
