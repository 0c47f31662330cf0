"""Central European préférence as one set of parameters: the Austrian game of the
pagat.com rules that Lesnoy translates, its variations (the limited pot, the Styrian
suit values), and the oldest known rules, of 1829, as far as they can be read.

Every field names the clause of the edition it carries, so the comparison tables of
the edition are generated from this class.

>>> from cardrules.games.preference.variants import PRESETS
>>> [(name, v.players, v.pot_limit) for name, v in PRESETS.items() if name != "croatian"]
[('austrian', 3, 0), ('austrian-limited', 3, 100), ('styrian', 3, 0), ('rules-1829', 3, 0)]
>>> PRESETS["croatian"].bula
100
>>> PRESETS["styrian"].suit_values
(20, 30, 40, 50)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardrules.cards import CLUBS, DIAMONDS, HEARTS, SPADES
from cardrules.rules import VariantError, implements, param, variant_parameters

#: The bid numbers of the suits (clubs 1, spades 2, diamonds 3, hearts 4) as card-module suits.
SUIT_OF_NUMBER = {1: CLUBS, 2: SPADES, 3: DIAMONDS, 4: HEARTS}
NUMBER_OF_SUIT = {s: n for n, s in SUIT_OF_NUMBER.items()}


@implements("preference.austrian.suit-numbers", "preference.r1829.bids")
def suit_of_number(number: int) -> int:
    """The suit a bid number stands for: clubs 1, spades 2, diamonds 3, hearts 4 (the
    order of the suits from lowest to highest).

    >>> from cardrules.cards import suit_name
    >>> [suit_name(suit_of_number(n), "en") for n in (1, 2, 3, 4)]
    ['clubs', 'spades', 'diamonds', 'hearts']
    """
    return SUIT_OF_NUMBER[number]


@variant_parameters
@dataclass(frozen=True)
class Variant:
    """The parameters of one form of préférence (defaults: the Austrian game)."""

    name: str = "austrian"
    players: int = param(3, clause="preference.austrian.players", doc="players at the table; with four the dealer sits out",
                         choices=(3, 4))
    buy_in: int = param(50, clause="preference.austrian.pot", doc="what each player puts in the pot when it is (re)filled; a multiple of 10",
                        low=10, high=10_000)
    dealer_ante: int = param(10, clause="preference.austrian.dealer-ante", doc="what each dealer adds to the pot before dealing",
                             low=0, high=1000)
    pot_limit: int = param(0, clause="preference.austrian.limited-pot",
                           doc="the most of the pot at stake in one deal (0: the whole pot)", low=0, high=100_000)
    suit_values: tuple = param((0, 0, 0, 0), clause="preference.austrian.styrian",
                               doc="amount at stake by trump number 1–4 (Styrian 20, 30, 40, 50; 0: the pot decides)",
                               low=0, high=10_000, length=4)
    all_pass: str = param("redeal", clause="preference.austrian.all-pass",
                          doc="when everybody passes: the next dealer deals ('redeal'), or the last to speak must play ('dealer-plays')",
                          choices=("redeal", "dealer-plays"))
    first_lead: str = param("declarer", clause="preference.austrian.lead",
                            doc="who leads to the first trick: the declarer or the eldest hand", choices=("declarer", "eldest"))
    must_trump: bool = param(False, clause="preference.austrian.trumping",
                             doc="whether a player who cannot follow suit must trump")
    defender_quota: int = param(2, clause="preference.austrian.defence",
                                doc="tricks each defender who plays must take", low=0, high=5)
    invitation_liability: str = param("inviter", clause="preference.austrian.invitation",
                                      doc="after an invitation the pair must take twice the quota; who pays if it fails: the inviter, or each defender short of his own quota ('each')",
                                      choices=("inviter", "each"))
    failed_declarer: str = param("pays-pot", clause="preference.austrian.declarer-fails",
                                 doc="a declarer short of six pays the amount at stake into the pot ('pays-pot') or nothing besides the trick money ('trick-money')",
                                 choices=("pays-pot", "trick-money"))
    ace_bonus: int = param(0, clause="preference.austrian.ace-bonus",
                           doc="what each opponent pays a declarer holding all four aces or none (0: no bonus)", low=0, high=1000)
    betl: bool = param(False, clause="preference.austrian.betl",
                       doc="the declarer may name Betl (to take no trick) instead of trumps: its rank and value are in no source we can read")
    betl_value: int = param(0, clause="preference.austrian.betl",
                            doc="the amount at stake in a Betl (0: as in a hearts game, the highest suit)", low=0, high=10_000)
    sans: bool = param(False, clause="preference.austrian.sans",
                       doc="the declarer may name Sans (no trumps, six tricks) instead of trumps: its rank and value are in no source we can read")
    sans_value: int = param(0, clause="preference.austrian.sans",
                            doc="the amount at stake in a Sans (0: as in a hearts game, the highest suit)", low=0, high=10_000)
    kontra: bool = param(False, clause="preference.austrian.kontra",
                         doc="a defender who plays may say kontra, doubling every payment of the deal: its procedure is in no source we can read")

    def check_combination(self) -> None:
        if self.buy_in % 10:
            raise VariantError("buy_in", f"must be a multiple of 10, not {self.buy_in}", "preference.austrian.pot")
        if self.pot_limit % 10:
            raise VariantError("pot_limit", f"must be a multiple of 10, not {self.pot_limit}", "preference.austrian.limited-pot")
        if any(v % 10 for v in self.suit_values):
            raise VariantError("suit_values", "each must be a multiple of 10", "preference.austrian.styrian")
        for name in ("betl_value", "sans_value"):
            if getattr(self, name) % 10:
                raise VariantError(name, f"must be a multiple of 10, not {getattr(self, name)}", f"preference.austrian.{name[:4]}")
        if self.dealer_ante % 10:
            raise VariantError("dealer_ante", f"must be a multiple of 10, not {self.dealer_ante}", "preference.austrian.dealer-ante")
        if self.all_pass == "dealer-plays" and self.players != 3:
            raise VariantError("all_pass", "the dealer can play only when he holds cards: three players", "preference.austrian.all-pass")

    def __str__(self) -> str:
        return f"preference.{self.name}"

    def with_options(self, **changes) -> "Variant":
        """The same form with some parameters changed.

        >>> AUSTRIAN.with_options(must_trump=True).must_trump
        True
        """
        return replace(self, **changes)


#: Croatian game values of the four trump suits (leaves, bells, hearts, acorns: in French
#: suits spades, diamonds, hearts, clubs), then Betl and Sans.
SUIT_OF_VALUE = {2: SPADES, 3: DIAMONDS, 4: HEARTS, 5: CLUBS}
VALUE_OF_SUIT = {s: v for v, s in SUIT_OF_VALUE.items()}
BETL, SANS = 6, 7


@implements("preference.croatian.values")
def game_value(value: int, hand: bool) -> int:
    """The value of a Croatian game: leaves 2, bells 3, hearts 4, acorns 5, Betl 6, Sans 7;
    played from the hand, without the talon, one more.

    >>> game_value(5, hand=False), game_value(BETL, hand=True), game_value(SANS, hand=True)
    (5, 7, 8)
    """
    return value + (1 if hand else 0)


@variant_parameters
@dataclass(frozen=True)
class CroatianVariant:
    """The parameters of the Croatian (Croatian, Serbian, Slovenian) game."""

    name: str = "croatian"
    players: int = param(3, clause="preference.croatian.players", doc="players at the table; with four the dealer sits out",
                         choices=(3, 4))
    pack: str = param("german", clause="preference.croatian.pack", doc="the suits of the 32-card pack: German (Croatia) or French (Serbia, Slovenia)",
                      choices=("german", "french"))
    direction: str = param("anticlockwise", clause="preference.croatian.direction",
                           doc="the way the deal, the bidding and the play go round", choices=("anticlockwise", "clockwise"))
    bula: int = param(100, clause="preference.croatian.bula", doc="each player's bula at the start; the partie ends when all bule add up to zero",
                      low=2, high=10_000)
    kontra_levels: int = param(4, clause="preference.croatian.kontra",
                               doc="how far the doubling goes: kontra, rekontra, subkontra, mortkontra (0: none)", low=0, high=4)
    pik_kontra: str = param("mandatory", clause="preference.croatian.pik-kontra",
                            doc="a game of leaves (2) with the talon must be contra'd ('mandatory') or not ('free')",
                            choices=("mandatory", "free"))
    max_refes: int = param(0, clause="preference.croatian.refe", doc="the most refes written in a partie (0: no limit)", low=0, high=100)
    betl_soup: int = param(60, clause="preference.croatian.betl", doc="what each defender writes when a Betl fails (a hand Betl ten more)",
                           low=0, high=10_000)
    must_trump: bool = param(True, clause="preference.croatian.play", doc="whether a player who cannot follow must trump")

    def check_combination(self) -> None:
        pass

    def __str__(self) -> str:
        return f"preference.{self.name}"

    def with_options(self, **changes) -> "CroatianVariant":
        return replace(self, **changes)


AUSTRIAN = Variant()
AUSTRIAN_LIMITED = Variant(name="austrian-limited", pot_limit=100)
STYRIAN = Variant(name="styrian", suit_values=(20, 30, 40, 50))
RULES_1829 = Variant(name="rules-1829", all_pass="dealer-plays", first_lead="eldest")

CROATIAN = CroatianVariant()

PRESETS = {v.name: v for v in (AUSTRIAN, AUSTRIAN_LIMITED, STYRIAN, RULES_1829, CROATIAN)}

__all__ = ["BETL", "CROATIAN", "CroatianVariant", "SANS", "SUIT_OF_VALUE", "VALUE_OF_SUIT", "game_value", "AUSTRIAN", "AUSTRIAN_LIMITED", "NUMBER_OF_SUIT", "family_facts", "PRESETS", "RULES_1829", "STYRIAN", "SUIT_OF_NUMBER", "Variant"]


def family_facts(variant) -> dict[str, tuple[str, str]]:
    """The four facts by which the edition compares the games of the family, worded from
    the parameters: ``{row: (text, clause id)}``.

    >>> family_facts(STYRIAN)["payment"][0]
    "money from a pot: the stake is the trump suit's value (20, 30, 40, 50), trick money a tenth of it"
    """
    if isinstance(variant, CroatianVariant):
        chain = ("kontra", "rekontra", "subkontra", "mortkontra")[:variant.kontra_levels]
        return {
            "ladder": ("a number is a game value: suits 2–5 ("
                       + ("leaves, bells, hearts, acorns" if variant.pack == "german" else "♠ ♦ ♥ ♣")
                       + "), Betl 6, Sans 7; «moje» holds from 3; «igra» without the talon, one more; all pass: a refe",
                       "preference.croatian.auction"),
            "talon": ("two cards, the declarer's, except in «igra»", "preference.croatian.talon"),
            "defence": ("one defender 2 tricks, two 4 together, after kontra 5; " + (", ".join(chain) or "no kontra")
                        + "; the inviter answers", "preference.croatian.defence"),
            "payment": (f"on paper: bula from {variant.bula} down by twice the value, soups for the defenders' tricks; "
                        "settled at the end", "preference.croatian.bula"),
        }
    if any(variant.suit_values):
        stake = f"the trump suit's value ({', '.join(map(str, variant.suit_values))})"
    elif variant.pot_limit:
        stake = f"the pot, at most {variant.pot_limit}"
    else:
        stake = "the whole pot"
    passed = "the next dealer deals" if variant.all_pass == "redeal" else "the dealer must play"
    return {
        "ladder": ("always six of ten tricks; calls 1–4 name the lowest trump, «игра» and «червы» without the talon; "
                   f"no jumps; all pass: {passed}", "preference.austrian.calls"),
        "talon": ("two cards, the declarer's after a number; unused in «игра» and «червы»", "preference.austrian.exchange"),
        "defence": (f"each defender who plays takes {variant.defender_quota}; a lone defender may invite the other, "
                    f"liable: {variant.invitation_liability}", "preference.austrian.defence"),
        "payment": (f"money from a pot: the stake is {stake}, trick money a tenth of it", "preference.austrian.stake"),
    }
