"""The «Терц» bot (Rozaliev's Tertz and the klaberjass).

* **Declarations** (``terts.dialogue.*``): it opens with the highest kind it holds,
  beats the other's group with a higher one when it can, asks «от чего?» when it holds
  the kind announced, answers with its highest top card, says «равно» on a tie and
  declares a marriage; else it says «годится» or passes. The dialogue offers only
  what the hand holds, and the bot says the strongest of it.
* **Play**: :func:`~cardrules.bots.common.play_card` with the game's two orders (the
  trumps' J 9 A 10 …, the plain suits' A 10 K …) and its duties to follow, take and
  trump (``terts.play.duties``), which ``legal_actions`` already applies.

The seat sees its hand, the cards played, and the turned trump card.
"""

from __future__ import annotations

import random

from cardrules.games.terts.play import strengths

from . import Choice
from .common import SeatView, play_card

ANNOUNCE, PASS, ASK, GOOD, EQUAL, MARRIAGE, ANSWER, BEAT = 64, 74, 75, 76, 77, 78, 128, 256
REVOKE = 1024


def view(state) -> SeatView:
    seat = state.cur
    played = state.played[0] | state.played[1]
    trick = ((state.leader, state.lead),) if state.lead is not None else ()
    after = () if trick else (1 - seat,)
    deck = state.deal.hands[0] | state.deal.hands[1] | (1 << state.deal.turned)
    for c in state.deal.stock:
        deck |= 1 << c
    shown = (1 << state.deal.turned) & ~state.hands[seat]
    trump_order, plain = strengths(state.variant)
    return SeatView(seat=seat, hand=state.hands[seat], legal=tuple(state.legal_actions()),
                    phase=str(int(state.phase)), trick=trick, after=after, trump=state.trump, played=played,
                    shown=shown & ~played, deck=deck, strength=plain, trump_strength=trump_order)


def choose(state, rnd: random.Random) -> Choice:
    v = view(state)
    if int(state.phase) == 1:
        return play_card(v, "terts.play.duties")
    from cardrules.games.terts.state import action_to_string

    legal = v.legal
    clause = "terts.dialogue.announce"
    beats = [a for a in legal if BEAT <= a < REVOKE]
    answers = [a for a in legal if ANSWER <= a < BEAT]
    announces = [a for a in legal if ANNOUNCE <= a < ANNOUNCE + 10]
    if beats:
        a = max(beats)
        w = action_to_string(a)
        return Choice(a, f"says «{w}»: its group is higher ({clause})", f"говорит «{w}»: его группа старше ({clause})")
    if announces:
        a = max(announces)
        w = action_to_string(a)
        return Choice(a, f"announces «{w}», its best group ({clause})", f"объявляет «{w}», лучшую свою группу ({clause})")
    if answers:
        a = max(answers, key=lambda a: v.key(a - ANSWER))
        w = action_to_string(a)
        return Choice(a, f"answers «{w}», its highest group of the kind ({clause})",
                      f"отвечает «{w}», старшей своей группой этого рода ({clause})")
    for word, en_, ru_ in ((EQUAL, "says «равно»: its group ties", "говорит «равно»: группы равны"),
                           (ASK, "asks «от чего?»: it holds a group of that kind too", "спрашивает «от чего?»: у него тоже есть такая группа"),
                           (MARRIAGE, "declares its marriage", "объявляет марьяж")):
        if word in legal:
            return Choice(word, f"{en_} ({clause})", f"{ru_} ({clause})")
    if GOOD in legal:
        return Choice(GOOD, f"says «годится»: nothing better to show ({clause})", f"говорит «годится»: показать нечего ({clause})")
    return Choice(legal[0], f"passes: nothing to announce ({clause})", f"пасует: объявить нечего ({clause})")
