"""Tertz («Терц»), the convicts' game of the Klaberjass family, after N. Rozaliev,
«Карточные игры России» (1991), completed from the Russian «Терц» and Klaberjass."""

from .state import Partie, State
from .variants import KLABERJASS, PRESETS, ROZALIEV, Variant

__all__ = ["KLABERJASS", "PRESETS", "Partie", "ROZALIEV", "State", "Variant"]
