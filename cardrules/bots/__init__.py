"""Bots a beginner can play against: plain heuristics, deterministic for a seed, each
decision with a short reason in both languages that a page can show.

One entry point for every game: ``choose(game, state, rnd)``. A game's bot lives in
``cardrules/bots/<game>.py`` and offers ``choose(state, rnd) -> Choice``; a game without
one yet falls back to a random legal action, and says so in its reason.

The bots use only the engine's public state (``legal_actions``, ``apply`` on a
``clone``, the seat's own hand and what has been shown): never another seat's cards.
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
