"""Tertz («Терц») as one set of parameters, and its presets.

The letter of Rozaliev's text fixes the players, the pack, the deal and the
declarations; it breaks off before the play. Everything after the declarations is
completed from the Russian «Терц» of the 1990s–2000s card-game sites and from
Klaberjass; the choice between those sources is a parameter, and so is every
reading of an open passage. Defaults follow the letter where it is playable.

>>> from cardrules.games.terts.variants import ROZALIEV, KLABERJASS, PRESETS
>>> [(v.name, v.hand_size, v.stock, v.duties) for v in PRESETS.values()]
[('rozaliev', 10, 'draw', 'shram'), ('klaberjass', 10, 'dead', 'klaberjass')]
>>> ROZALIEV.sequence_values
(20, 50, 100, 100, 100, 100)
>>> ROZALIEV.with_options(hand_size=9)
Traceback (most recent call last):
...
cardrules.rules.VariantError: packets: the packets 3+3+3+1 deal 10 cards, not the 9 of hand_size (terts.deal.by-threes)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardrules.rules import VariantError, implements, param, variant_parameters

#: The ways of dealing ten cards "by threes" (see terts.deal.by-threes), and nine.
PACKETS = ("3+3+3+1", "3+3+4", "4+3+3", "3+3+3")


@implements("terts.variants.presets")
@variant_parameters
@dataclass(frozen=True)
class Variant:
    """The parameters of one reading of Tertz (defaults: Rozaliev, completed from the Russian «Терц»)."""

    name: str = "rozaliev"
    players: int = param(2, clause="terts.players.count", doc="players, each for himself", choices=(2,))
    deck: str = param("piquet-32", clause="terts.cards.pack", doc="the pack: 32 cards, seven to ace",
                      choices=("piquet-32",))
    hand_size: int = param(10, clause="terts.deal.ten-cards", doc="cards dealt to each player", choices=(9, 10))
    packets: str = param("3+3+3+1", clause="terts.deal.by-threes",
                         doc="how each hand is dealt in packets (ten cards 'by threes')", choices=PACKETS)
    sequence_values: tuple = param((20, 50, 100, 100, 100, 100), clause="terts.declarations.long-sequences",
                                   doc="points for a run of 3, 4, 5, 6, 7, 8 cards", low=0, high=1000, length=6)
    four_value: int = param(100, clause="terts.declarations.fours", doc="points for four aces, kings or queens",
                            low=0, high=1000)
    four_jacks_value: int = param(200, clause="terts.declarations.four-jacks", doc="points for four jacks",
                                  low=0, high=1000)
    jacks_rank: str = param("top", clause="terts.declarations.four-jacks-rank",
                            doc="four jacks outrank every group ('top') or rank just above four aces ('quartet')",
                            choices=("top", "quartet"))
    marriage_value: int = param(20, clause="terts.declarations.marriage", doc="points for the trump king and queen",
                                low=0, high=1000)
    marriage: str = param("declared", clause="terts.declarations.marriage-when",
                          doc="the trump marriage is declared before the lead ('declared') or scored as its second card is played ('bela')",
                          choices=("declared", "bela"))
    tie: str = param("nobody", clause="terts.dialogue.equal",
                     doc="an equal group answered: nobody scores ('nobody') or the announcer does ('announcer')",
                     choices=("nobody", "announcer"))
    winner_scores: str = param("group", clause="terts.dialogue.winner-scores",
                               doc="the winner of the contest scores the winning group ('group') or all his groups ('all')",
                               choices=("group", "all"))
    card_order: str = param("jass", clause="terts.play.card-order",
                            doc="trumps J 9 A 10 K Q 8 7, plain A 10 K Q J 9 8 7 ('jass') or A K Q J 10 9 8 7 throughout ('natural')",
                            choices=("jass", "natural"))
    duties: str = param("shram", clause="terts.play.duties",
                        doc="follow/trump while the stock lasts, then head ('shram'); free, then head ('free'); follow, overtrump, trump ('klaberjass')",
                        choices=("shram", "free", "klaberjass"))
    free_jack: bool = param(True, clause="terts.play.trump-jack", doc="whether the trump jack may be played at any time")
    trump_points: tuple = param((0, 0, 14, 10, 20, 3, 4, 11), clause="terts.play.card-points",
                                doc="card points of the trump 7 8 9 10 J Q K A", low=0, high=100, length=8)
    plain_points: tuple = param((0, 0, 0, 10, 2, 3, 4, 11), clause="terts.play.card-points",
                                doc="card points of a plain 7 8 9 10 J Q K A", low=0, high=100, length=8)
    last_trick: int = param(10, clause="terts.play.last-trick", doc="points for the last trick", low=0, high=1000)
    stock: str = param("draw", clause="terts.stock.undealt",
                       doc="the undealt cards are drawn after each trick ('draw') or stay out of play ('dead')",
                       choices=("draw", "dead"))
    trump_seven: str = param("none", clause="terts.play.trump-seven",
                             doc="the seven of trumps is never exchanged ('none') or its holder, having taken a trick, may exchange it for the turned card while that card is still in the stock ('after-trick')",
                             choices=("none", "after-trick"))
    target: int = param(501, clause="terts.scoring.target", doc="points that win the game", low=1, high=100_000)
    rotation: str = param("last-trick", clause="terts.deal.rotation",
                          doc="who deals next: the taker of the last trick ('last-trick') or the other player ('alternate')",
                          choices=("last-trick", "alternate"))

    def check_combination(self) -> None:
        dealt = sum(int(n) for n in self.packets.split("+"))
        if dealt != self.hand_size:
            raise VariantError("packets", f"the packets {self.packets} deal {dealt} cards, not the {self.hand_size} of hand_size",
                               "terts.deal.by-threes")
        if self.trump_seven != "none" and self.stock != "draw":
            raise VariantError("trump_seven", "the seven of trumps is exchanged for the turned card while the stock is drawn; "
                               "with stock='dead' the turned card is out of play", "terts.play.trump-seven")

    def __str__(self) -> str:
        return f"terts.{self.name}"

    def with_options(self, **changes) -> "Variant":
        """The same game with some parameters changed.

        >>> ROZALIEV.with_options(stock="dead").stock
        'dead'
        """
        return replace(self, **changes)


ROZALIEV = Variant()
KLABERJASS = Variant(name="klaberjass", stock="dead", duties="klaberjass", free_jack=False, marriage="bela",
                     winner_scores="all", target=500, rotation="alternate")

PRESETS = {v.name: v for v in (ROZALIEV, KLABERJASS)}

__all__ = ["KLABERJASS", "PACKETS", "PRESETS", "ROZALIEV", "Variant"]
