"""Fortuna («Фортуна»), after D. Lesnoy, «Игорный дом» (1994): for 4, for 3 with 39
cards, for 2 with 26 cards, and for 2 with a talon from 28 cards."""

from .state import Partie, State
from .variants import FOUR, PRESETS, THREE, TWO, TWO_TALON, Variant

__all__ = ["FOUR", "PRESETS", "Partie", "State", "THREE", "TWO", "TWO_TALON", "Variant"]
