"""Russian preferans after the 1996 Code and D. Lesnoy: the Sochi, Leningrad, Rostov
and Classic variants, and the two-handed «гусарик»."""

from .state import Pulka, State
from .variants import CLASSIC, GUSARIK, LENINGRAD, PRESETS, ROSTOV, SOCHI, Variant

__all__ = ["CLASSIC", "GUSARIK", "LENINGRAD", "PRESETS", "Pulka", "ROSTOV", "SOCHI", "State", "Variant"]
