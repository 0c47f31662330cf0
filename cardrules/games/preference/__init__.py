"""Central European préférence: the Austrian game (after pagat.com's rules as Lesnoy
translates them), its variations, the oldest known rules (1829) as far as they can be read,
and the Croatian (Croatian, Serbian, Slovenian) game with its score sheet."""

from .state import CroatianPartie, CroatianState, Partie, Phase, State
from .variants import AUSTRIAN, AUSTRIAN_LIMITED, CROATIAN, PRESETS, RULES_1829, STYRIAN, CroatianVariant, Variant

__all__ = ["AUSTRIAN", "AUSTRIAN_LIMITED", "CROATIAN", "CroatianPartie", "CroatianState", "CroatianVariant", "PRESETS",
           "Partie", "Phase", "RULES_1829", "STYRIAN", "State", "Variant"]
