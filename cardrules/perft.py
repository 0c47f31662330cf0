"""Perft: how many sequences of legal actions lead on from a position, counted to a
depth, kept as data in ``examples/<game>/perft.txt`` (the chess programmers' test of a
move generator). A digest of a deal says that something changed; a perft count that
moves says where: at which depth, from which position, legal actions appeared or
vanished. Every engine of a game (the reference in Python, the compiled fast path, the
solver's move generator) must reproduce the same counts.

A line of a perft file names a position and its counts::

    id sochi-s1  game preferans  variant sochi  seed 1  dealer 0  after 0  perft 1 27  perft 2 378

The position is the seeded deal of the game's preset (as a record's ``deal: {seed: 1}``
deals it), after the first ``after`` actions of its seeded random play: the random
choice of :func:`cardrules.simulate.play_out` driven by ``random.Random(seed)``.

>>> st = start("preferans", "sochi", seed=1, dealer=0)
>>> perft(st, 1)    # pass, the 25 contracts from 6♠ to 10 no trumps, and misère
27
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from cardrules import records
from cardrules.engine import GameState
from cardrules.simulate import play_out

#: The most positions one line may visit: a perft file is a quick check, not a benchmark.
NODE_CAP = 400_000

_LINE = re.compile(r"id (?P<id>\S+)\s+game (?P<game>\S+)\s+variant (?P<variant>\S+)\s+seed (?P<seed>\d+)\s+"
                   r"dealer (?P<dealer>\d+)\s+after (?P<after>\d+)(?P<counts>(\s+perft \d+ \d+)+)\s*$")
_COUNT = re.compile(r"perft (\d+) (\d+)")


class PerftError(ValueError):
    """A perft line that cannot be read, or a position past its node cap."""


def start(game: str, variant: str, seed: int, dealer: int = 0, after: int = 0) -> GameState:
    """The seeded deal of ``game``'s preset ``variant`` at the start of a partie, after
    the first ``after`` actions of its seeded random play."""
    adapter = records.game_records(game)
    v = records.make_variant(adapter, variant, {})
    partie = adapter.new_partie(v, dealer)
    state = adapter.start_deal(partie, records.Deal(seed=seed), dealer)
    play_out(state, random.Random(seed).random, after)
    if len(state.history) < after:
        raise PerftError(f"the deal ends after {len(state.history)} actions, not {after}")
    return state


class _Budget:
    def __init__(self, cap: int):
        self.left = cap


def perft(state: GameState, depth: int, cap: int = NODE_CAP) -> int:
    """The number of sequences of ``depth`` legal actions from ``state`` (a sequence that
    ends the deal sooner counts once)."""
    return _perft(state, depth, _Budget(cap))


def _perft(state: GameState, depth: int, budget: _Budget) -> int:
    budget.left -= 1
    if budget.left < 0:
        raise PerftError("more positions than the node cap: choose a smaller depth")
    if depth == 0 or state.is_terminal():
        return 1
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = state.clone()
        child.apply(action)
        total += _perft(child, depth - 1, budget)
    return total


@dataclass(frozen=True)
class Line:
    """One line of a perft file: a position and its counts by depth."""

    id: str
    game: str
    variant: str
    seed: int
    dealer: int
    after: int
    counts: tuple[tuple[int, int], ...]
    where: str  #: file and line, for messages

    def position(self) -> GameState:
        return start(self.game, self.variant, self.seed, self.dealer, self.after)

    def text(self) -> str:
        counts = "   ".join(f"perft {d} {n}" for d, n in self.counts)
        return (f"id {self.id}   game {self.game}   variant {self.variant}   seed {self.seed}   "
                f"dealer {self.dealer}   after {self.after}   {counts}")


def read(path: str | Path) -> list[Line]:
    """The lines of a perft file (``#`` starts a comment); a line that cannot be read is
    refused with its file and line number."""
    out = []
    # the records' reader: a regular file of bounded size in UTF-8 (never a device or a pipe)
    for number, raw in enumerate(records.read_record(path).splitlines(), 1):
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        m = _LINE.match(text)
        if not m:
            raise PerftError(f"{path}:{number}: write 'id … game … variant … seed N dealer N after N perft D COUNT …'")
        counts = tuple((int(d), int(n)) for d, n in _COUNT.findall(m["counts"]))
        out.append(Line(m["id"], m["game"], m["variant"], int(m["seed"]), int(m["dealer"]), int(m["after"]),
                        counts, f"{path}:{number}"))
    return out


def check(line: Line, cap: int = NODE_CAP) -> list[str]:
    """What differs between a line's counts and the engine's, in words (empty: all agree)."""
    state = line.position()
    wrong = []
    for depth, expected in line.counts:
        got = perft(state, depth, cap)
        if got != expected:
            wrong.append(f"{line.where}: {line.id} perft {depth}: the engine counts {got}, the file {expected}")
    return wrong


__all__ = ["Line", "NODE_CAP", "PerftError", "check", "perft", "read", "start"]
