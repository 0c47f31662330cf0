"""The games, one folder per game family, each with the same skeleton.

:data:`GAMES` is the one list of them: the records, the benchmark, the command
line and the shared tests read it. A new game folder adds its name here.

>>> GAMES[:2]
('fortuna', 'preferans')
>>> module("fortuna", "variants").PRESETS["four"].players
4
"""

from __future__ import annotations

import importlib
from types import ModuleType

#: Every game family of the edition, by the name of its folder (and of its clause ids).
GAMES: tuple[str, ...] = ("fortuna", "preferans", "preference", "piquet", "semerik", "terts")


def module(game: str, part: str) -> ModuleType:
    """One module of a game's folder: ``variants``, ``state``, ``simulate``, ``record``…"""
    if game not in GAMES:
        raise KeyError(game)
    return importlib.import_module(f"cardrules.games.{game}.{part}")
