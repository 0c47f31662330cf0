"""«Семерик» (Three Sevens), after N. Rozaliev, «Карточные игры России» (1991): four
players in two partnerships, 40 cards, hearts always trumps, declarations before the
first lead and points for groups of counting cards in a trick."""

from .state import Partie, Phase, State
from .variants import PRESETS, SEMERIK, Variant

__all__ = ["PRESETS", "Partie", "Phase", "SEMERIK", "State", "Variant"]
