"""The piquet bot (Russian piquet, the rubicon, piquet for three).

* **Exchange** (``piquet.exchange.*``): it counts its weak cards, those neither aces
  nor kings nor in its longest suit, and exchanges the lawful number nearest to them
  (the most it may, when in doubt); it discards low cards of short suits first
  (``piquet.exchange.discard-first``), keeping aces, kings and the longest suit.
* **Declarations** (``piquet.declarations.dialogue``): it calls what it holds, answers
  «not good» when its combination is better, «equal» when it ties, else «good»: the
  dialogue offers only true answers, and the bot says the strongest of them.
* **Play**: :func:`~cardrules.bots.common.play_card`, no trumps, each for himself.

The seat sees its hand, the cards played to tricks (not the others' discards).
"""

from __future__ import annotations

import random

from cardrules.cards import SUIT_MASKS, cards_of, rank_of, ACE, KING

from cardrules.games.piquet.declarations import CALL, EQUAL, GOOD, NO_CALL, NOT_GOOD
from cardrules.games.piquet.exchange import EXCHANGE as EXCHANGE_BAND
from cardrules.games.piquet.state import Phase

from . import Choice
from .common import SeatView, discard_order, lay_away_words, pick, play_card

# the engine's own phases and action numbers, never a copy of them
EXCHANGE, DECLARE, PLAY = Phase.EXCHANGE, Phase.DECLARE, Phase.PLAY
CATEGORIES = ("point", "sequence", "set")
CATEGORIES_RU = ("пуэн", "последовательность", "комплект")


def view(state) -> SeatView:
    seat = state.cur
    played = 0
    for t in state.trick_cards:
        for c in t:
            played |= 1 << c
    trick: tuple = ()
    after: tuple = ()
    if int(state.phase) == PLAY:
        order = [state.leader]
        while len(order) < len(state.seats):
            order.append(state._next[order[-1]])
        trick = tuple(zip(order, state.trick))
        after = tuple(order[len(state.trick) + 1:])
        for c in state.trick:
            played |= 1 << c
    deck = sum(1 << c for c in state.deal.stock)  # the pack: every card dealt, the stock's too
    for h in state.deal.hands:
        deck |= h
    return SeatView(seat=seat, hand=state.hands[seat], legal=tuple(state.legal_actions()), phase=str(int(state.phase)),
                    trick=trick, after=after, trump=None, played=played, deck=deck)


def choose(state, rnd: random.Random) -> Choice:
    v = view(state)
    ph = int(state.phase)
    if ph == PLAY:
        return play_card(v, "piquet.play.follow-suit")
    if ph == DECLARE:
        return _declare(v, state.dialogue.category)
    cards = [a for a in v.legal if 0 <= a < 52]
    longest = max(range(4), key=lambda s: ((v.hand & SUIT_MASKS[s]).bit_count(), s))
    if cards:
        c = discard_order(v.hand, longest)[0]
        e, r = lay_away_words(c)
        return Choice(c, f"{e} (piquet.exchange.discard-first)", f"{r} (piquet.exchange.discard-first)")
    counts = [a - EXCHANGE_BAND for a in v.legal]
    weak = sum(1 for c in cards_of(v.hand) if rank_of(c) not in (ACE, KING) and c // 13 != longest)
    k = min(counts, key=lambda k: (abs(k - weak), -k))
    if k == 0:
        return Choice(EXCHANGE_BAND, "keeps its hand: no weak card to change", "не меняет карт: слабых нет")
    return Choice(EXCHANGE_BAND + k, f"exchanges {k}: {weak} weak card(s), neither aces nor kings nor of its longest suit",
                  f"меняет {k}: слабых карт {weak}, не тузы, не короли и не из самой длинной масти")


def _declare(v: SeatView, category: int) -> Choice:
    name, name_ru = CATEGORIES[category], CATEGORIES_RU[category]
    clause = "piquet.declarations.dialogue"
    return (pick(v.legal, (CALL + category,), f"calls its {name}: it scores if good ({clause})",
                 f"объявляет {name_ru}: засчитают, если годится ({clause})")
            or pick(v.legal, (NOT_GOOD,), f"answers «not good»: its {name} is better ({clause})",
                    f"отвечает «не годится»: его {name_ru} лучше ({clause})")
            or pick(v.legal, (EQUAL,), f"answers «equal»: its {name} ties ({clause})",
                    f"отвечает «равно»: {name_ru} такой же ({clause})")
            or pick(v.legal, (NO_CALL,), f"has no {name} to call ({clause})", f"объявить {name_ru} нечего ({clause})")
            or Choice(GOOD if GOOD in v.legal else v.legal[0], f"answers «good»: nothing better to show ({clause})",
                      f"отвечает «годится»: лучшего нет ({clause})"))
