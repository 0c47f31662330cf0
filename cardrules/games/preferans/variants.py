"""Russian preferans as one set of parameters, and the presets of its variants.

Every field names the clause of the edition that it carries, so the variant
comparison of the edition is generated from this class. Where the sources
disagree, the disagreement is a parameter and its default is argued on the
clause's page.

>>> from cardrules.games.preferans.variants import PRESETS
>>> [(v.name, v.players, v.whist_factor, v.allpass_scoring) for v in PRESETS.values()]
[('sochi', 3, 1, 'mountain'), ('leningrad', 3, 2, 'mountain'), ('rostov', 3, 1, 'whists'), ('classic', 3, 1, 'mountain'), ('gusarik', 2, 1, 'mountain')]
>>> LENINGRAD.contract_values, LENINGRAD.whist_value(6), LENINGRAD.remise_value(6)
((2, 4, 6, 8, 10), 4, 4)
>>> SOCHI.whist_value(7), ROSTOV.consolation_per_trick(9), SOCHI.consolation_per_trick(9)
(4, 10, 8)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from cardrules.rules import implements, param, variant_parameters


@implements("preferans.variants.parameter-set", "preferans.leningrad.allpass")
@variant_parameters
@dataclass(frozen=True)
class Variant:
    """The parameters of one variant of Russian preferans (defaults: Sochi)."""

    name: str = "sochi"
    players: int = param(3, clause="preferans.players.count",
                         doc="players at the table: 3; 4 (the dealer sits out); 2 («гусарик», with a dummy hand)", choices=(2, 3, 4))
    pool_target: int = param(20, clause="preferans.sheet.pool-size",
                             doc="points each player's pool must reach (agreed before play)", low=1, high=10_000)
    talon_round: int = param(1, clause="preferans.deal.talon-placement",
                             doc="the round of pairs after which the dealer lays the talon (1…4: never first or last)", low=1, high=4)
    allow_jumps: bool = param(True, clause="preferans.bidding.no-jumps",
                              doc="whether a bid may skip steps of the ladder")
    hold_any_earlier: bool = param(False, clause="preferans.bidding.hold-earlier",
                                   doc="who may hold a bid with «здесь»: the first hand only (False, Code 3.3.8) "
                                       "or any hand speaking before the bidder (True)")
    misere_outbid_level: int = param(9, clause="preferans.bidding.misere-outbid",
                                     doc="the lowest level of contract that outbids a misère", low=6, high=11)
    contract_values: tuple = param((2, 4, 6, 8, 10), clause="preferans.scoring.contract-values",
                                   doc="points to the pool for a made 6, 7, 8, 9, 10", low=0, high=10_000, length=5)
    misere_value: int = param(10, clause="preferans.scoring.misere",
                              doc="points to the pool for a made misère; also the remise per trick (times the remise factor)")
    whist_factor: int = param(1, clause="preferans.scoring.whist-value",
                              doc="a defender's whists per trick = contract value × this factor")
    remise_factor: int = param(1, clause="preferans.scoring.remise",
                               doc="a declarer's mountain per missing trick = contract value × this factor")
    whist_obligations: tuple = param((4, 2, 1, 1, 1), clause="preferans.whist.obligation",
                                     doc="tricks the defenders must take against a 6, 7, 8, 9, 10", low=0, high=10, length=5)
    whist_responsibility: str = param("full", clause="preferans.whist.responsibility",
                                      doc="a failing defender pays the full remise ('full'), half ('half'), or half until his pool is closed ('classic')", choices=("full", "half", "classic"))
    consolation: int = param(0, clause="preferans.scoring.consolation",
                             doc="whists per trick the declarer fell short, to each other player: 0 = by consolation_basis")
    consolation_basis: str = param("whist", clause="preferans.scoring.consolation",
                                   doc="with consolation 0, the consolation per trick: the whist value of a trick "
                                       "('whist', Code note 36) or the contract's price ('contract', Code note 54)", choices=("whist", "contract"))
    consolation_to_dealer: bool = param(True, clause="preferans.scoring.consolation",
                                        doc="whether a dealer sitting out (four players) also writes the consolation")
    whist_sharing: str = param("greedy", clause="preferans.whist.sharing",
                               doc="a passer's share when the declarer fails: 'greedy' (жлобский: consolation only) or 'gentleman' (джентльменский: half of all)", choices=("greedy", "gentleman"))
    half_whist: bool = param(True, clause="preferans.whist.half-whist",
                             doc="whether the second defender may go «за полвиста» on 6 and 7 after the first passed")
    half_whist_after_whist: bool = param(False, clause="preferans.whist.gentleman-half-whist",
                                         doc="whether a first defender who said «вист» may still go for a half-whist "
                                             "when the second passes (gentleman's whist)")
    dealer_whist: bool = param(True, clause="preferans.whist.dealer",
                               doc="with four players, whether the dealer who sits out may take the whist back after "
                                   "a half-whist and may whist an 8 or more both defenders passed (Code 3.8.8)")
    allpass_scoring: str = param("mountain", clause="preferans.allpass.scoring",
                                 doc="all-pass written to the mountain per trick ('mountain') or as whists by the fewest-tricks player ('whists')", choices=("mountain", "whists"))
    allpass_trick_value: int = param(1, clause="preferans.allpass.trick-value",
                                     doc="points (mountain) or whists (whists scoring) per trick of an all-pass")
    allpass_progression: tuple = param((1, 2, 3), clause="preferans.allpass.progression",
                                       doc="multiplier of the trick value in the 1st, 2nd, 3rd and later all-pass in a row", low=0, high=1000, length=(1, 10))
    allpass_zero_bonus: bool = param(True, clause="preferans.allpass.zero-tricks",
                                     doc="whether a player with no trick in an all-pass writes one trick's value to his pool")
    allpass_amnesty: bool = param(True, clause="preferans.allpass.amnesty",
                                  doc="whether the smallest number of tricks is struck off every player's all-pass tricks")
    allpass_talon: bool = param(True, clause="preferans.allpass.talon",
                                doc="whether the talon cards are turned to lead the first two tricks of an all-pass")
    allpass_exit: tuple = param((6,), clause="preferans.allpass.exit",
                                doc="lowest contract level after the 1st, 2nd… all-pass in a row", low=6, high=10, length=(1, 10))
    allpass_sliding: bool = param(True, clause="preferans.allpass.sliding",
                                  doc="whether the deal passes on after an all-pass («скользящая»); else the dealer deals again")
    help_others: bool = param(True, clause="preferans.sheet.help",
                              doc="whether points beyond a closed pool go to help an opponent (10 whists per point)")
    pool_overflow_factor: int = param(0, clause="preferans.settlement.pool-difference",
                                      doc="if no help: each point above or below the pool target is taken off or put on the mountain this many times")
    mountain_shares: int = param(0, clause="preferans.settlement.conversion",
                                 doc="a mountain point × 10 is split into this many shares, one to each other player (0 = number of players)", low=0, high=4)
    blind_pass: bool = param(False, clause="preferans.classic.blind-pass",
                             doc="whether a player may pass blind («пас втёмную») as his first call")
    blind_bids: bool = param(False, clause="preferans.classic.blind-bid",
                             doc="whether a player who has not looked at his cards may bid or call misère blind")
    blind_factor: int = param(2, clause="preferans.classic.blind-bid",
                              doc="the multiplier of a contract won in blind bidding (Code 3.3.19 б)", low=1, high=100)
    blind_misere_factor: int = param(2, clause="preferans.classic.blind-misere",
                                     doc="the multiplier of a misère called blind (the Code gives none: 1 or 2)", low=1, high=100)
    bomb_limit: int = param(3, clause="preferans.classic.bombs",
                            doc="the highest level of blind all-passes in a row (each doubles prices and bombs)", low=0, high=10)
    opening_allpass_rounds: int = param(0, clause="preferans.classic.opening-allpass",
                                        doc="rounds of compulsory blind all-passes before the pulka proper", low=0, high=10)
    dummy_allpass: str = param("lowest", clause="preferans.gusarik.dummy",
                               doc="in the two-handed game, how the dummy plays in an all-pass: its lowest lawful card", choices=("lowest",))
    wrong_count_in_play: str = param("counts", clause="preferans.procedure.wrong-count",
                                     doc="a wrong count found in play: the deal counts ('counts', Lesnoy) or the "
                                         "offender is put down two tricks ('penalty', Code 3.9.18)", choices=("counts", "penalty"))
    talon_look_penalty: int = param(5, clause="preferans.procedure.talon-look",
                                    doc="mountain points for looking at the talon before it is bought (Code 3.2.21)")
    exposed_card_penalty: int = param(2, clause="preferans.procedure.dealer-slips",
                                      doc="mountain points for a dealer's second exposed card in one deal (the agreed "
                                          "remise: 2 is Lesnoy's example, 5 the Code's, 3.2.17)", low=0, high=20)

    # -- derived values ------------------------------------------------------------

    def contract_value(self, level: int) -> int:
        """The value of a contract of ``level`` tricks (6…10)."""
        return self.contract_values[level - 6]

    def whist_value(self, level: int) -> int:
        """Whists a defender writes per trick against a contract of ``level``."""
        return self.contract_values[level - 6] * self.whist_factor

    def remise_value(self, level: int) -> int:
        """Mountain points per trick the declarer of ``level`` falls short."""
        return self.contract_values[level - 6] * self.remise_factor

    def consolation_per_trick(self, level: int) -> int:
        """Whists each other player writes per trick the declarer falls short."""
        if self.consolation:
            return self.consolation
        if self.consolation_basis == "contract":
            return self.contract_values[level - 6]
        return self.contract_values[level - 6] * self.whist_factor

    def obligation(self, level: int) -> int:
        """Tricks the defenders together must take against ``level``."""
        return self.whist_obligations[level - 6]

    def shares(self) -> int:
        return self.mountain_shares or self.players

    def defender_remise(self, level: int, missing: int, pool_closed: bool) -> int | Fraction:
        """Mountain points a defender writes for ``missing`` tricks of his obligation: a whole
        number, or an exact half (a Fraction only when it is not whole)."""
        full = self.remise_value(level) * missing
        if self.whist_responsibility == "full" or (self.whist_responsibility == "classic" and pool_closed):
            return full
        return full // 2 if full % 2 == 0 else Fraction(full, 2)


#: «Сочинка»: responsible, greedy whist; all-pass to the mountain at 1-2-3.
SOCHI = Variant()
#: «Ленинградка» («питер»): whists and remises doubled, half-responsible gentleman's whist, no help.
LENINGRAD = replace(Variant(), name="leningrad", whist_factor=2, remise_factor=2,
                    whist_responsibility="half", whist_sharing="gentleman", half_whist_after_whist=True,
                    allpass_trick_value=2, help_others=False, pool_overflow_factor=2)
#: «Ростов» («московская пулька»): all-pass on whists, fixed consolation of 10.
ROSTOV = replace(Variant(), name="rostov", whist_responsibility="half", consolation=10,
                 whist_sharing="gentleman", allpass_scoring="whists", allpass_trick_value=5,
                 allpass_progression=(1,), allpass_amnesty=False, allpass_talon=False)
#: «Классика» after the 1996 Code: the dealer deals again after an all-pass, whose exit is a 7;
#: the whist turns responsible once the defender's pool is closed (by agreement, Code 3.8.11:
#: ``whist_responsibility="half"`` without it); blind passes earn bombs.
#: Blind bids and the blind misère are calls made before looking (``auction.dark_call``).
CLASSIC = replace(Variant(), name="classic", whist_responsibility="classic", allpass_sliding=False,
                  allpass_exit=(7,), allpass_progression=(1,), blind_pass=True, blind_bids=True)
#: «Гусарик»: two players and a dummy hand, Sochi values, the talon not turned in an all-pass.
GUSARIK = replace(Variant(), name="gusarik", players=2, allpass_talon=False, half_whist=False,
                  mountain_shares=1)

PRESETS = {v.name: v for v in (SOCHI, LENINGRAD, ROSTOV, CLASSIC, GUSARIK)}

__all__ = ["CLASSIC", "GUSARIK", "LENINGRAD", "PRESETS", "ROSTOV", "SOCHI", "Variant"]


def family_facts(variant: Variant) -> dict[str, tuple[str, str]]:
    """The four facts by which the edition compares preferans with Central European
    préférence, worded from the parameters: ``{row: (text, clause id)}``.

    >>> family_facts(SOCHI)["ladder"][0]
    'six to ten tricks in five suit ranks, then misère; jumps allowed'
    """
    return {
        "ladder": ("six to ten tricks in five suit ranks, then misère; "
                   + ("jumps allowed" if variant.allow_jumps else "no jumps"), "preferans.bidding.no-jumps"),
        "talon": ("two cards, the declarer's" + ("; turned to lead in an all-pass" if variant.allpass_talon else ""),
                  "preferans.allpass.talon"),
        "defence": (f"whist obligations for six to ten: {', '.join(map(str, variant.whist_obligations))}; "
                    f"responsibility: {variant.whist_responsibility}", "preferans.whist.obligation"),
        "payment": (f"on paper: a pool to {variant.pool_target}, contract values "
                    f"{', '.join(map(str, variant.contract_values))}; whists ×{variant.whist_factor}",
                    "preferans.scoring.contract-values"),
    }
