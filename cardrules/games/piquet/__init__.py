"""Piquet («пикет»): the two-handed game with N. Rozaliev's «королик» scoring
(«Карточные игры России», 1991), the Rubicon game of Cavendish's *Laws of Piquet*
(1882), and Rozaliev's three-handed piquet."""

from .partie import Partie
from .state import State
from .variants import PRESETS, RUBICON, RUSSIAN, THREE, Variant

__all__ = ["PRESETS", "Partie", "RUBICON", "RUSSIAN", "State", "THREE", "Variant"]
