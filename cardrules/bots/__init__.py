"""Bots a beginner can play against: plain heuristics, deterministic for a seed, each
decision with a short reason in both languages that a page can show.

One entry point for every game: ``choose(game, state, rnd)``. A game's bot lives in
``cardrules/bots/<game>.py`` and offers ``choose(state, rnd) -> Choice`` and
``view(state) -> SeatView``; every game of :data:`cardrules.games.GAMES` has one (a name
without a bot module would fall back to a random legal action, and say so).

A bot decides from its seat's view alone (:class:`cardrules.bots.common.SeatView`: its
own hand, the cards played, hands the rules lay open, the talon once shown, the public
facts of the deal), never from another seat's hidden cards; its choice is always one of
``state.legal_actions()``. The bots make no random choice at all (ties go by a fixed
order), so the same position always gets the same answer; ``rnd`` is part of the
interface for a bot that would. The heuristics are written out in each game's module and
in ``docs/bots.md``. The bots import no site or record library (they run in the
browser under Pyodide).
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Choice:
    """An action from ``state.legal_actions()`` and why the bot took it."""
    action: Any
    why_en: str
    why_ru: str


def choose(game: str, state: Any, rnd: random.Random) -> Choice:
    """The bot's choice for the seat to move in ``state`` of ``game`` (a name in GAMES)."""
    try:
        bot = importlib.import_module(f"cardrules.bots.{game}")
    except ModuleNotFoundError:
        legal = list(state.legal_actions())
        return Choice(rnd.choice(legal), "a random legal choice (no bot for this game yet)",
                      "случайный допустимый ход (для этой игры бота ещё нет)")
    return bot.choose(state, rnd)


def view(game: str, state: Any):
    """What the seat to move in ``state`` of ``game`` may see: the input of its bot."""
    return importlib.import_module(f"cardrules.bots.{game}").view(state)
