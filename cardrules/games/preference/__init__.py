"""Central European préférence: the Austrian game (after pagat.com's rules as Lesnoy
translates them), its variations, and the oldest known rules (1829) as far as they can be read."""

from .state import Partie, Phase, State
from .variants import AUSTRIAN, AUSTRIAN_LIMITED, PRESETS, RULES_1829, STYRIAN, Variant

__all__ = ["AUSTRIAN", "AUSTRIAN_LIMITED", "PRESETS", "Partie", "Phase", "RULES_1829", "STYRIAN", "State", "Variant"]
