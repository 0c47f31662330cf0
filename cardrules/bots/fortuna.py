"""The Fortuna bot.

* **Bidding** (``fortuna.bidding.*``): it counts its sure tricks with the deal's trumps
  (:func:`~cardrules.bots.common.sure_tricks`) and says «играю» when they reach the
  quota it would have to make if nobody passed (the base quota); in the re-pass round
  it holds when they reach the quota as it stands now (one more trick per pass), and
  re-passes otherwise; left alone it forces неволя only with the неволя quota in sure
  tricks, else re-passes (a dealer left alone must force it: ``fortuna.bidding.dealer-alone``).
* **The talon** of the two-handed game (``fortuna.talon.elder``): it buys as many cards
  as it may when its sure tricks fall short of the quota, none otherwise; it lays away
  low cards of its shortest plain suits.
* **Play**: :func:`~cardrules.bots.common.play_card`, every seat wanting tricks. In
  неволя the other players play together against the player who forced it (they pay
  nothing, and they want him short): they are partners, and never trump each other's
  winning card. With ``passers_play`` the passers are partners in the same way.

>>> import random
>>> from cardrules.games.fortuna import FOUR, State
>>> from cardrules.games.fortuna.deal import deal
>>> st = State(FOUR, deal(FOUR, seed=1, dealer=0))
>>> choose(st, random.Random(0)).action in st.legal_actions()
True
"""

from __future__ import annotations

import random

from cardrules.cards import SUIT_GLYPHS

from . import Choice
from .common import SeatView, discard_order, lay_away_words, only, play_card, strength_words, sure_tricks

AUCTION, TALON, DISCARD, PLAY = 0, 1, 2, 3
PASS, PLAY_CALL, HOLD, NEVOLIA = 64, 65, 66, 67
BUY = 70


def view(state) -> SeatView:
    """What the seat to move may see: its hand, the cards played to tricks, the trump
    (turned for everyone), the auction's calls, and its own discards."""
    seat = state.current_player()
    ph = state.phase
    trick = ()
    after: tuple = ()
    played = 0
    partners: frozenset = frozenset()
    if ph == PLAY:
        order = state.playing
        lead_pos = (order.index(seat) - len(state.trick)) % len(order)
        seats = [order[(lead_pos + i) % len(order)] for i in range(len(order))]
        trick = tuple(zip(seats, state.trick))
        after = tuple(seats[len(state.trick) + 1:])
        for m in state.won:
            played |= m
        played |= state.trick_mask if state.trick else 0
        declarers = set(state.declarers) if state.nevolia is None else {state.nevolia}
        if seat not in declarers:
            partners = frozenset(s for s in order if s not in declarers and s != seat)
    a = state.auction
    facts = (("passes", a.passes if a else 0), ("quota", getattr(state, "quota", None)),
             ("dealer", state.deal.dealer))
    own_discards = 0
    if state.bought[seat] and state.variant.talon:
        own_discards = state.deal.hands[seat] & ~state.hands[seat] & ~played
    return SeatView(seat=seat, hand=state.hands[seat], legal=tuple(state.legal_actions()),
                    phase=("auction", "talon", "discard", "play", "done")[ph], trick=trick, after=after,
                    trump=state.trump, played=played, shown=own_discards, partners=partners,
                    deck=_deck(state), facts=facts)


def _deck(state) -> int:
    from cardrules.games.fortuna.deal import pack

    return pack(state.variant).mask


def choose(state, rnd: random.Random) -> Choice:
    v = view(state)
    variant = state.variant
    if v.phase == "play":
        return play_card(v, "fortuna.play.follow-suit")
    n, cards, long = sure_tricks(v.hand, v.trump, v.deck)
    said_en, said_ru = strength_words(n, cards, long)
    if v.phase == "auction":
        return _bid(v, variant, n, said_en, said_ru)
    if v.phase == "talon":
        quota = v.fact("quota") or variant.base_quota
        forced = only(v.legal, "fortuna.talon.elder", "takes nothing from the talon", "ничего не берёт из прикупа")
        if forced:
            return forced
        if n < quota:
            k = max(v.legal) - BUY
            return Choice(BUY + k, f"buys {k} talon card(s): {said_en}, short of the quota of {quota}",
                          f"покупает из прикупа карт: {k}; {said_ru}, до нормы {quota} не хватает")
        return Choice(BUY, f"buys nothing: {said_en}, enough for the quota of {quota}",
                      f"не покупает: {said_ru}, на норму {quota} хватает")
    c = discard_order(v.hand, v.trump)[0]
    return Choice(c, *lay_away_words(c))


def _bid(v: SeatView, variant, n: int, said_en: str, said_ru: str) -> Choice:
    legal = v.legal
    trump = SUIT_GLYPHS[v.trump]
    if set(legal) == {PASS, PLAY_CALL}:
        q = variant.base_quota
        if n >= q:
            return Choice(PLAY_CALL, f"says «играю»: {said_en} with {trump} trumps, the quota is {q}",
                          f"говорит «играю»: {said_ru} при козыре {trump}, норма {q}")
        return Choice(PASS, f"passes: {said_en} with {trump} trumps, fewer than the quota of {q}",
                      f"пасует: {said_ru} при козыре {trump}, меньше нормы {q}")
    if set(legal) == {HOLD, PASS}:
        q = variant.base_quota + v.fact("passes", 0)
        if n >= q:
            return Choice(HOLD, f"holds («держу»): {said_en}, the quota is now {q}",
                          f"держит: {said_ru}, норма теперь {q}")
        return Choice(PASS, f"re-passes: {said_en}, fewer than the quota of {q} now (fortuna.bidding.repass)",
                      f"отказывается: {said_ru}, меньше нынешней нормы {q} (fortuna.bidding.repass)")
    forced = only(legal, "fortuna.bidding.dealer-alone", "forces неволя", "объявляет неволю")
    if forced:
        return forced
    q = variant.nevolia_quota
    if n >= q:
        return Choice(NEVOLIA, f"forces неволя: {said_en}, enough for the неволя quota of {q}",
                      f"объявляет неволю: {said_ru}, на норму неволи {q} хватает")
    return Choice(PASS, f"re-passes rather than force неволя: {said_en}, the неволя quota is {q}",
                  f"отказывается, а не объявляет неволю: {said_ru}, норма неволи {q}")
