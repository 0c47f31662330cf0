"""Piquet as one set of parameters, and its three presets.

``russian`` is the two-handed game with Rozaliev's «королик» scoring, ``rubicon``
the two-handed game of Cavendish's *Laws of Piquet* (1882), ``three`` Rozaliev's
three-handed piquet. Every field names the clause it carries, so the comparison
table of the edition is generated from this class.

>>> from cardrules.games.piquet.variants import PRESETS
>>> [(v.name, v.players, v.hand_size, v.partie) for v in PRESETS.values()]
[('russian', 2, 12, 'royalik'), ('rubicon', 2, 12, 'rubicon'), ('three', 3, 10, 'race')]
>>> str(PRESETS["russian"].with_options(royaliks=3))
'piquet.russian(royaliks=3)'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, replace

from cardrules.rules import VariantError, implements, param, variant_parameters


@implements("piquet.variants.presets")
@variant_parameters
@dataclass(frozen=True)
class Variant:
    """The parameters of one form of piquet (defaults: the Russian two-handed game)."""

    name: str = "russian"
    players: int = param(2, clause="piquet.players.count", doc="players at the table", choices=(2, 3))
    hand_size: int = param(12, clause="piquet.deal.deal", doc="cards dealt to each player", choices=(10, 12))
    first_dealer_draw: str = param("lower", clause="piquet.deal.first-dealer",
                                   doc="who deals after the draw: the lower card ('lower') or the higher, who chooses ('higher')",
                                   choices=("lower", "higher"))
    royalik_deal: str = param("alternate", clause="piquet.deal.royalik-dealer",
                              doc="the drawn dealer deals the royalik's first game ('alternate') or both ('same')",
                              choices=("alternate", "same"))
    elder_min: int = param(3, clause="piquet.exchange.elder", doc="fewest cards the elder hand exchanges (unless he refuses)", low=0, high=5)
    elder_max: int = param(5, clause="piquet.exchange.elder", doc="most cards the elder hand exchanges", low=1, high=8)
    younger_min: int = param(3, clause="piquet.exchange.younger", doc="fewest cards the younger hand exchanges (unless he refuses)", low=0, high=5)
    younger_max: int = param(5, clause="piquet.exchange.younger", doc="most cards the younger hand exchanges", low=1, high=8)
    may_refuse: bool = param(True, clause="piquet.exchange.refuse", doc="whether a player may refuse to exchange at all")
    younger_takes_first: str = param("own-three", clause="piquet.talon.split",
                                     doc="the younger hand takes his own three first ('own-three') or the elder's leftovers, from the top ('leftovers')",
                                     choices=("own-three", "leftovers"))
    carte_blanche: int = param(10, clause="piquet.carte-blanche.score", doc="points for a dealt hand without K, Q, J", low=0, high=100)
    declares_first: str = param("elder", clause="piquet.declarations.order",
                                doc="who calls first: the elder hand ('elder') or the dealer ('dealer')", choices=("elder", "dealer"))
    pique_at: int = param(30, clause="piquet.pique.pique", doc="the count that makes a pique or a repique", low=1, high=100)
    pique_to: int = param(60, clause="piquet.pique.pique", doc="the count a pique jumps to", low=1, high=200)
    repique_to: int = param(90, clause="piquet.pique.repique", doc="the count a repique jumps to", low=1, high=200)
    cards_bonus: int = param(10, clause="piquet.play.cards", doc="points for the most tricks («лезу», the cards)", low=0, high=100)
    capot_bonus: int = param(40, clause="piquet.play.capot", doc="points for all the tricks (instead of the cards)", low=0, high=200)
    last_trick: int = param(1, clause="piquet.play.points", doc="extra point for winning the last trick", low=0, high=10)
    molchanka: str = param("tricks", clause="piquet.irregular.molchanka",
                           doc="what a player with too many cards loses: his tricks ('tricks') or the whole deal ('deal')",
                           choices=("tricks", "deal"))
    partie: str = param("royalik", clause="piquet.variants.partie",
                        doc="the partie: Rozaliev's royaliks ('royalik'), Cavendish's six deals ('rubicon'), three-handed race ('race')",
                        choices=("royalik", "rubicon", "race"))
    royaliks: int = param(2, clause="piquet.royalik.partie-length", doc="royaliks in a partie", low=1, high=10)
    rounding: str = param("half-up", clause="piquet.royalik.rounding",
                          doc="rounding to tens: nearest, 5 up ('half-up'); always up ('up'); 6-9 up, 1-5 down ('five-down')",
                          choices=("half-up", "up", "five-down"))
    royalik_bonus: int = param(100, clause="piquet.royalik.royalik", doc="added to the winner of a royalik and of the partie", low=0, high=1000)
    refet: str = param("drawn-game", clause="piquet.royalik.refet",
                       doc="what a refet is: a drawn game that ends the royalik ('drawn-game'), or no rule at all, a drawn game being an empty entry ('none')",
                       choices=("drawn-game", "none"))
    lezu_ties: str = param("none", clause="piquet.three.lezu",
                           doc="at three, when two share the most tricks: nobody scores «лезу» ('none') or each of them does ('each')",
                           choices=("none", "each"))
    refet_factor: int = param(2, clause="piquet.royalik.refet-factor", doc="factor on the two games after a refet", low=1, high=4)
    carried_refet: bool = param(False, clause="piquet.royalik.refet-carried-games",
                                doc="the partie opens with a refet carried from the last one: the two games of its first royalik count ×refet_factor")
    skvoznaya: int = param(100, clause="piquet.royalik.skvoznaya", doc="points for an opponent who wrote nothing all partie", low=0, high=1000)
    rubicon_deals: int = param(6, clause="piquet.rubicon.deals", doc="deals in a Rubicon partie", low=2, high=20)
    rubicon: int = param(100, clause="piquet.rubicon.score", doc="the loser's score below which he is rubiconed", low=0, high=1000)
    target: int = param(100, clause="piquet.three.target", doc="the agreed score of the three-handed race", low=10, high=1000)
    stake: int = param(1, clause="piquet.three.loser-stake", doc="what the last player pays each of the others", low=1, high=1000)

    def __str__(self) -> str:
        base = PRESETS.get(self.name) if "PRESETS" in globals() else None
        if base is None or base == self:
            return f"piquet.{self.name}"
        changed = [f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self)
                   if getattr(self, f.name) != getattr(base, f.name)]
        return f"piquet.{self.name}({', '.join(changed)})"

    def with_options(self, **changes) -> "Variant":
        """The same form with some parameters changed (a reading of an open question, say)."""
        return replace(self, **changes)

    def check_combination(self) -> None:
        if self.elder_min > self.elder_max:
            raise VariantError("elder_min", "must not exceed elder_max", "piquet.exchange.elder")
        if self.younger_min > self.younger_max:
            raise VariantError("younger_min", "must not exceed younger_max", "piquet.exchange.younger")
        if (self.players == 3) != (self.hand_size == 10):
            raise VariantError("hand_size", "ten cards go with three players, twelve with two", "piquet.deal.deal")
        if self.carried_refet and (self.partie != "royalik" or self.refet == "none"):
            raise VariantError("carried_refet", "a refet is carried only between Russian parties of royaliks, with refet='drawn-game'",
                               "piquet.royalik.refet-carried-games")
        if (self.players == 3) != (self.partie == "race"):
            raise VariantError("partie", "the race is the three-handed partie, and only it", "piquet.variants.partie")


RUSSIAN = Variant()
RUBICON = Variant(name="rubicon", first_dealer_draw="higher", elder_min=1, younger_min=1, younger_max=8,
                  may_refuse=False, younger_takes_first="leftovers", partie="rubicon")
THREE = Variant(name="three", players=3, hand_size=10, declares_first="dealer", pique_at=20, cards_bonus=10,
                capot_bonus=20, partie="race")

PRESETS = {v.name: v for v in (RUSSIAN, RUBICON, THREE)}

__all__ = ["PRESETS", "RUBICON", "RUSSIAN", "THREE", "Variant"]
