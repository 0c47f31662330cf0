"""The «Семерик» bot.

* **Declarations** (``semerik.declarations.*``): it writes every trio and баба its hand
  holds, one at a time, then says it is done: each declaration scores for its side.
* **Play**: :func:`~cardrules.bots.common.play_card` with hearts as trumps and the
  game's order of the cards (three, two, ace, king …); the player opposite is its
  partner (``semerik.players.partners``), whose winning card it never overtakes.

The seat sees its hand and the cards played.
"""

from __future__ import annotations

import random

from cardrules.games.semerik.play import STRENGTH

from . import Choice
from .common import SeatView, play_card

TRIO, BABA, DONE = 64, 80, 90
RANKS_EN = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
GLYPHS = ("♠", "♣", "♦", "♥")


def view(state) -> SeatView:
    seat = state.cur
    played = 0
    for a in state.history:
        if a.__class__ is int and (0 <= a < 52 or 128 <= a < 180):
            played |= 1 << (a % 128)
    deck = 0
    for h in state.deal.hands:
        deck |= h
    trick = tuple(zip(state.trick_seats, state.trick))
    n = len(state.trick)
    after = tuple((seat + i) % 4 for i in range(1, 4 - n)) if trick else tuple((seat + i) % 4 for i in range(1, 4))
    return SeatView(seat=seat, hand=state.hands[seat], legal=tuple(state.legal_actions()),
                    phase=str(int(state.phase)), trick=trick, after=after, trump=state.variant.trump, played=played,
                    partners=frozenset({(seat + 2) % 4}), deck=deck, strength=STRENGTH)


def choose(state, rnd: random.Random) -> Choice:
    v = view(state)
    if int(state.phase) == 1:
        return play_card(v, "semerik.play.follow-suit")
    for a in v.legal:
        if TRIO <= a < TRIO + 13:
            r = RANKS_EN[a - TRIO]
            return Choice(a, f"declares its {r}s: a trio scores for its side", f"объявляет свои {r}: тройка идёт в счёт его стороны")
        if BABA <= a < BABA + 4:
            g = GLYPHS[a - BABA]
            return Choice(a, f"declares the баба of {g}: it scores for its side", f"объявляет бабу {g}: она идёт в счёт его стороны")
    return Choice(DONE, "has written all it holds: done", "всё, что было, записано: готово")
