"""The four forms of Fortuna as one set of parameters, and their presets.

Every field names the clause of the edition it carries, so the variant table of
the edition is generated from this class. Open questions of the source are
parameters too; their defaults are argued on the clause's page.

>>> from cardrules.games.fortuna.variants import FOUR, THREE, TWO, TWO_TALON, PRESETS
>>> [(v.name, v.players, v.base_quota) for v in PRESETS.values()]
[('four', 4, 2), ('three', 3, 4), ('two', 2, 6), ('two-talon', 2, 6)]
>>> FOUR.nevolia_quota, THREE.nevolia_quota
(5, 6)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardrules.cards import CLUBS, DIAMONDS, HEARTS, SPADES
from cardrules.rules import VariantError, implements, param, variant_parameters


@implements("fortuna.variants.inherit")
@variant_parameters
@dataclass(frozen=True)
class Variant:
    """The parameters of one form of Fortuna (defaults: the four-handed game)."""

    name: str = "four"
    players: int = param(4, clause="fortuna.players.count", doc="players, each playing for himself", choices=(2, 3, 4))
    deck: str = param("full-52", clause="fortuna.cards.packs",
                      doc="the pack: full-52, fortuna-39, fortuna-26 or fortuna-28 (two of them, used in turn)", choices=("full-52", "fortuna-39", "fortuna-26", "fortuna-28"))
    short_suit: int = param(CLUBS, clause="fortuna.cards.short-suit",
                            doc="the suit cut down in the 39- and 26-card packs (0 ♠, 1 ♣, 2 ♦, 3 ♥)", choices=(0, 1, 2, 3))
    talon: int = param(0, clause="fortuna.talon.deal", doc="cards laid aside as a talon", low=0, high=4)
    bidding: bool = param(True, clause="fortuna.bidding.order", doc="whether players declare «играю» or pass")
    base_quota: int = param(2, clause="fortuna.bidding.quota",
                            doc="tricks a declarer must take when nobody passed (one more per passer)", low=0, high=13)
    nevolia_quota: int = param(5, clause="fortuna.bidding.nevolia", doc="tricks the player who forces неволя must take", low=0, high=13)
    dealer_may_repass_alone: bool = param(False, clause="fortuna.bidding.dealer-alone",
                                          doc="whether a dealer left alone as declarer may re-pass")
    passers_play: bool = param(False, clause="fortuna.bidding.passers-play",
                               doc="whether players who passed still play their cards (taking nothing)")
    allpass_stake: int = param(6, clause="fortuna.bidding.all-pass", doc="chips each player but the dealer stakes when all pass")
    allpass_dealer_restakes: bool = param(False, clause="fortuna.bidding.all-pass-redeal",
                                          doc="whether the dealer stakes his 24 again for the redeal after all pass")
    dealer_stake: int = param(24, clause="fortuna.pool.stake", doc="chips each dealer puts in the pool")
    misdeal_fine: int = param(24, clause="fortuna.deal.misdeal", doc="chips a dealer adds to the pool for a misdeal")
    must_trump: bool = param(False, clause="fortuna.play.no-must-trump",
                             doc="whether a player void in the suit led must trump")
    honours_from: str = param("hand", clause="fortuna.scoring.honours-held",
                              doc="honours counted as held in the hand ('hand') or as won in tricks ('tricks')", choices=("hand", "tricks"))
    honour_scale: tuple = param((0, 0, 1, 2, 4, 5), clause="fortuna.scoring.honours",
                                doc="points for 0…5 of the five top trumps (two count only with the ace)", low=0, high=1000, length=6)
    short_honour_scale: tuple = param((0, 1, 2, 4), clause="fortuna.three.honours",
                                      doc="points for 0…3 honours when the cut-down suit (Q K A) is trumps (one counts only if the ace)", low=0, high=1000, length=4)
    prefs_rate: int = param(2, clause="fortuna.settlement.rate", doc="chips per point when преферансы are trumps")
    surs_rate: int = param(4, clause="fortuna.settlement.rate", doc="chips per point when сюры are trumps")
    failure_payment: str = param("shortfall", clause="fortuna.settlement.failure-amount",
                                 doc="what a failing player pays each opponent besides the winners' points: his tricks short and honours ('shortfall') or nothing ('none')", choices=("shortfall", "none"))
    remise_cap: int = param(72, clause="fortuna.settlement.remise", doc="the largest remise, whatever the pool")
    remise_honours: str = param("points", clause="fortuna.settlement.remise-honours",
                                doc="a failing player's honours counted in remises as honour points ('points') or cards ('cards')", choices=("points", "cards"))
    punition_consolation: int = param(12, clause="fortuna.bidding.punition-juste",
                                      doc="chips paid to each opponent under пюнисьон-жюст")
    relief_tricks: int = param(0, clause="fortuna.two.five-tricks",
                               doc="a failing player with at least this many tricks pays no remise, only the game (0: never)", low=0, high=13)
    partie_points: int = param(13, clause="fortuna.partie.target", doc="points that win the partie", low=1, high=1000)
    shares: tuple = param(((11, 8), (12, 4)), clause="fortuna.partie.shares",
                          doc="(score, 1/n of the pool) for the losers' shares", low=0, high=1000, length=(0, 13))
    honours_only: str = param("deal", clause="fortuna.partie.honours-only",
                              doc="13 needs a leve in the deal that reaches it ('deal') or one leve in the partie ('partie')", choices=("deal", "partie"))
    cap_paid_points: bool = param(True, clause="fortuna.partie.above-13",
                                  doc="whether points beyond 13 go unpaid in every deal (else only in souverains)")
    souverain_leve: int = param(13, clause="fortuna.partie.grand-souverain", doc="leve each opponent pays a souverain")
    grand_premium: int = param(36, clause="fortuna.partie.grand-souverain", doc="premium of the grand souverain")
    petit_premium: int = param(18, clause="fortuna.partie.petit-souverain", doc="premium of the petit souverain")
    petit_aces: tuple = param((HEARTS, SPADES), clause="fortuna.partie.petit-souverain-ace",
                              doc="the petit souverain's ace: this suit's, or the second's when the first is trumps", choices=(0, 1, 2, 3), length=2)
    petit_top_trumps: int = param(0, clause="fortuna.two.petit-souverain",
                                  doc="top trumps the petit souverain must also hold (0: none)", low=0, high=13)
    onerschik_consolation: int = param(24, clause="fortuna.partie.onerschik",
                                       doc="the winner's consolation to a player held at 12 by honours")
    onerschik_threshold: int = param(48, clause="fortuna.partie.onerschik",
                                     doc="below this excess over a quarter of the pool, half the excess is paid instead")
    revoke_plain: int = param(24, clause="fortuna.revoke.plain", doc="revoke remise in a plain suit")
    revoke_trump: int = param(48, clause="fortuna.revoke.trump", doc="revoke remise in trumps (фальшренонс)")
    talon_elder_max: int = param(1, clause="fortuna.talon.elder", doc="talon cards the non-dealer may buy", low=0, high=4)
    talon_fee: int = param(4, clause="fortuna.talon.fee", doc="chips into the pool per card bought")
    talon_fail_factor: int = param(2, clause="fortuna.talon.double", doc="factor on a failing buyer's payments")

    def __str__(self) -> str:
        return f"fortuna.{self.name}"

    def check_combination(self) -> None:
        """What no one field's declaration can say: the pack, less the talon, goes out evenly to
        the players (three hands from 52 cards would leave a player without a card to play), and
        each loser's share of the pool is a pair (score, 1/n) whose shares together never
        exceed the pool.

        >>> FOUR.with_options(players=3)
        Traceback (most recent call last):
        ...
        cardrules.rules.VariantError: players: 52 cards less a talon of 0 do not go out evenly to 3 players (fortuna.deal.deal)
        """
        size = int(self.deck.rsplit("-", 1)[1])
        if (size - self.talon) % self.players:
            raise VariantError("players", f"{size} cards less a talon of {self.talon} do not go out evenly to "
                                          f"{self.players} players", "fortuna.deal.deal")
        for share in self.shares:
            if not (isinstance(share, tuple) and len(share) == 2):
                raise VariantError("shares", f"each share is a pair [score, n] (1/n of the pool), not {share!r}",
                                   "fortuna.partie.shares")
            if share[1] < max(1, self.players - 1):
                raise VariantError("shares", f"1/{share[1]} of the pool to each of {self.players - 1} losers could "
                                             "be more than the pool", "fortuna.partie.shares")

    def with_options(self, **changes) -> "Variant":
        """The same form with some parameters changed (a reading of an open question, say).

        >>> v = FOUR.with_options(honours_from="tricks")
        >>> v.honours_from, FOUR.honours_from, v.players    # a new variant; the preset is untouched
        ('tricks', 'hand', 4)
        """
        return replace(self, **changes)


FOUR = Variant()
THREE = Variant(name="three", players=3, deck="fortuna-39", base_quota=4, nevolia_quota=6, allpass_stake=8)
TWO = Variant(name="two", players=2, deck="fortuna-26", bidding=False, base_quota=6, nevolia_quota=6,
              allpass_stake=0, relief_tricks=5, petit_top_trumps=6)
TWO_TALON = Variant(name="two-talon", players=2, deck="fortuna-28", talon=2, bidding=False, base_quota=6,
                    nevolia_quota=6, allpass_stake=0, relief_tricks=5, petit_top_trumps=6)

PRESETS = {v.name: v for v in (FOUR, THREE, TWO, TWO_TALON)}

#: The readings of the petit-souverain glyphs «©Т» / «ªТ» (see the page on the glyphs).
GLYPH_READINGS = {"symbol": (HEARTS, SPADES), "dingbats": (DIAMONDS, HEARTS)}

__all__ = ["FOUR", "GLYPH_READINGS", "PRESETS", "THREE", "TWO", "TWO_TALON", "Variant"]
