"""«Семерик» as one set of parameters, and its presets.

Every field names the clause of the edition it carries, so the variant table of the
edition is generated from this class. What Rozaliev leaves open is a parameter too:
its default is argued on the clause's page.

>>> from cardrules.games.semerik.variants import PRESETS, SEMERIK
>>> list(PRESETS), SEMERIK.target, SEMERIK.seven_trio, SEMERIK.baba_points
(['semerik', 'tressette-filled'], 21, 4, (3, 6, 9, 15))
>>> str(SEMERIK.with_options(target=31))
'semerik.semerik'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardrules.cards import HEARTS
from cardrules.rules import VariantError, implements, param, variant_parameters


@implements("semerik.variants.presets")
@variant_parameters
@dataclass(frozen=True)
class Variant:
    """The parameters of «Семерик» (defaults: the game as Rozaliev gives it)."""

    name: str = "semerik"
    aliases: tuple = ()
    #: Four players in two partnerships, always (semerik.players.partners): no parameter.
    players = 4
    # -- the cards and the deal
    packet: int = param(5, clause="semerik.deal.packets", doc="cards given to each player at a time (two rounds of five, as in Tressette)",
                        choices=(1, 2, 5, 10))
    trump: int = param(HEARTS, clause="semerik.cards.trumps", doc="the suit that is always trumps (0 ♠, 1 ♣, 2 ♦, 3 ♥)",
                       choices=(0, 1, 2, 3))
    # -- declarations
    seven_trio: int = param(4, clause="semerik.declarations.three-sevens", doc="points for three sevens", low=0, high=50)
    top_trio: int = param(3, clause="semerik.declarations.three-top", doc="points for three threes, three twos or three aces",
                          low=0, high=50)
    other_trio: int = param(1, clause="semerik.declarations.three-other", doc="points for three of any other rank", low=0, high=50)
    baba_points: tuple = param((3, 6, 9, 15), clause="semerik.declarations.baba",
                               doc="points for a баба (3 2 A of a suit), with its K, with K Q, with K Q J", low=0, high=100, length=4)
    heart_baba_bonus: int = param(2, clause="semerik.declarations.heart-baba",
                                  doc="points a баба in trumps scores above the same баба in another suit (5 for the bare one)",
                                  low=0, high=50)
    heart_baba_extends: str = param("plus-bonus", clause="semerik.declarations.heart-baba-extended",
                                    doc="a trump баба with K, K Q, K Q J: the plain value plus the bonus ('plus-bonus') or the plain value ('plain')",
                                    choices=("plus-bonus", "plain"))
    baba_trio: int = param(4, clause="semerik.declarations.baba-trio",
                           doc="what three 3s, 2s or aces score beside a declared баба: 4 in their own right (the letter), or 1 more than the баба alone",
                           choices=(4, 1))
    overlap: bool = param(True, clause="semerik.declarations.overlap",
                          doc="whether one card may count in two declarations (a баба's three and three threes)")
    four_of_a_kind: str = param("tressette", clause="semerik.declarations.four",
                                doc="four 3s, 2s or aces: 4 points as in Tressette ('tressette'), or as three of them ('as-three')",
                                choices=("tressette", "as-three"))
    four_top: int = param(4, clause="semerik.declarations.four", doc="points for four 3s, 2s or aces under the Tressette reading",
                          low=0, high=50)
    # -- play and tricks
    trick_scale: tuple = param((0, 0, 0, 1, 2), clause="semerik.tricks.counting-cards",
                               doc="points for a trick holding 0…4 counting cards (3 2 A K Q J)", low=0, high=20, length=5)
    capot: int = param(4, clause="semerik.tricks.all-ten", doc="points for the side that takes all ten tricks", low=0, high=50)
    last_trick: int = param(0, clause="semerik.tricks.last-trick", doc="points for the last trick (Tressette: 1; Rozaliev names none)",
                            low=0, high=5)
    # -- the game
    target: int = param(21, clause="semerik.game.target", doc="points a side needs to win the game", low=5, high=201)
    double_below: int = param(11, clause="semerik.game.double", doc="the winners count double if the losers have fewer points than this",
                              low=0, high=201)
    double_factor: int = param(2, clause="semerik.game.double", doc="the factor of that double", low=1, high=4)
    both_reach: str = param("higher", clause="semerik.game.both-reach",
                            doc="both pairs past the target in one deal: the higher wins ('higher'), or first the pair whose declarations alone got there ('declarations-first')",
                            choices=("higher", "declarations-first"))
    game_value: str = param("target", clause="semerik.game.value",
                            doc="what a won game is worth: the target (21, doubled 42) or the winners' own total ('score')",
                            choices=("target", "score"))
    check_target: str = param("deal-end", clause="semerik.game.when",
                              doc="when the target is looked at: at the end of each deal, or also once the declarations are written ('declarations')",
                              choices=("deal-end", "declarations"))
    partners: str = param("each", clause="semerik.game.settlement",
                          doc="each loser pays the game's value to an opponent ('each'), or the side pays it once, halved ('shared')",
                          choices=("each", "shared"))
    # -- irregularities
    hint_fine: int = param(1, clause="semerik.irregularities.hints", doc="points a hint or table talk costs (1 to 3, agreed beforehand)",
                           low=1, high=3)
    revoke_fine: int = param(3, clause="semerik.irregularities.revoke", doc="points a revoke costs", low=0, high=50)
    fines_to: str = param("opponents", clause="semerik.irregularities.fines",
                          doc="a fine is written to the other side ('opponents') or taken off the offenders ('deduct')",
                          choices=("opponents", "deduct"))

    def __str__(self) -> str:
        return f"semerik.{self.name}"

    def check_combination(self) -> None:
        """What the single declarations cannot say: the double lies below the target, and
        some declaration or trick scores at all (otherwise no side could ever win).

        >>> zero = dict(seven_trio=0, top_trio=0, other_trio=0, baba_points=(0, 0, 0, 0), heart_baba_bonus=0,
        ...             four_top=0, trick_scale=(0, 0, 0, 0, 0), capot=0, last_trick=0)
        >>> SEMERIK.with_options(**zero).check_combination()
        Traceback (most recent call last):
        cardrules.rules.VariantError: target: no declaration or trick scores a point, so no side could reach 21 (semerik.game.target)
        """
        if self.double_below > self.target:
            raise VariantError("double_below", f"must not exceed the target {self.target}", "semerik.game.double")
        scoring = (self.seven_trio, self.top_trio, self.other_trio, *self.baba_points, self.heart_baba_bonus,
                   self.four_top, *self.trick_scale, self.capot, self.last_trick)
        if not any(scoring):
            raise VariantError("target", f"no declaration or trick scores a point, so no side could reach {self.target}",
                               "semerik.game.target")

    def with_options(self, **changes) -> "Variant":
        """The same game with some parameters changed (a reading of an open question, say).

        >>> SEMERIK.with_options(overlap=False).overlap
        False
        """
        return replace(self, **changes)


#: The game as Rozaliev gives it, its gaps filled as the edition argues.
SEMERIK = Variant(aliases=("семерик", "rozaliev"))
#: The same with every open point read the Italian way: the last trick scores, the
#: target is checked as soon as the declarations are written.
TRESSETTE_FILLED = Variant(name="tressette-filled", aliases=("tressette",), last_trick=1, check_target="declarations")

PRESETS = {v.name: v for v in (SEMERIK, TRESSETTE_FILLED)}

__all__ = ["PRESETS", "SEMERIK", "TRESSETTE_FILLED", "Variant"]
