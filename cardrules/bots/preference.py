"""The préférence bot: the Austrian game (with its 1829 and limited forms) and the
Croatian one.

* **Auction** (``preference.austrian.calls``, ``preference.croatian.auction``): it counts
  its sure tricks (:func:`~cardrules.bots.common.sure_tricks`) with its best suit as
  trumps. With six of the ten tricks sure it plays from the hand without the talon
  («червы» with hearts, else «игра»); with five, hoping for one more from the talon, it
  bids the next number, or holds, as long as the number does not pass its suit's value
  (a number names the lowest trump suit the declarer may still name); else it passes.
  A last speaker whom the 1829 rule makes play (``preference.r1829.dealer-declarer``)
  bids the number left.
* **Exchange**: low cards of short plain suits go; aces and the intended trumps stay.
* **Trumps**: the lawful suit with the most sure tricks (never Betl or Sans).
* **Defence** (``preference.austrian.defenders``): a defender plays with two sure tricks
  against the trumps, else passes; a lone defender invites the other unless he has
  four sure tricks (``preference.austrian.invitation``); kontra only with five.
* **Play**: :func:`~cardrules.bots.common.play_card`; every hand is played (a passed
  defender's too), the defenders as partners; in a Betl every hand wants no tricks.

The seat sees its hand, the cards played, and, as declarer, the cards it laid away.
"""

from __future__ import annotations

import random

from cardrules.cards import SUIT_GLYPHS

from . import Choice
from .common import AVOID, TAKE, SeatView, discard_order, lay_away_words, only, play_card, strength_words, sure_tricks

PASS, HOLD, SPIEL, HEARTS = 64, 65, 66, 67
ONE = 68
TRUMP = 80
DEFEND, DECLINE, INVITE, ALONE, KONTRA, NO_KONTRA = 90, 91, 92, 93, 94, 95
AUCTION, EXCHANGE, TRUMP_PHASE, DEFENCE, INVITE_PHASE, PLAY, DONE, KONTRA_PHASE = range(8)
AUSTRIAN = {1: 1, 2: 0, 3: 2, 4: 3}   # number → suit: clubs, spades, diamonds, hearts
CROATIAN = {2: 0, 3: 2, 4: 3, 5: 1}   # value → suit: spades, diamonds, hearts, clubs
BETL = 6


def _values(state) -> dict[int, int]:
    return CROATIAN if hasattr(state, "hand_game") else AUSTRIAN


def view(state) -> SeatView:
    seat = state.current_player()
    ph = int(state.phase)
    hand = state.hands[seat]
    played = 0
    for _, c in state.played:
        played |= 1 << c
    trick = tuple(zip(state.trick_seats, state.trick)) if ph == PLAY else ()
    after = tuple(state.trick_seats[len(state.trick) + 1:]) if ph == PLAY else ()
    shown = 0
    if state.declarer == seat:
        shown |= sum(1 << c for c in state.discards)
    deck = state.deal.talon
    for h in state.deal.hands:
        deck |= h
    partners: frozenset = frozenset()
    want = TAKE
    if ph == PLAY:
        if seat != state.declarer:
            partners = frozenset(s for s in state.trick_seats if s not in (seat, state.declarer))
        if getattr(state, "value", 0) == BETL:
            want = AVOID
    facts = (("level", state.level), ("declarer", state.declarer), ("kind", getattr(state, "kind", "")))
    return SeatView(seat=seat, hand=hand, legal=tuple(state.legal_actions()), phase=str(ph), trick=trick, after=after,
                    trump=state.trump, played=played, shown=shown & ~hand, partners=partners, want=want, deck=deck,
                    facts=facts)


def choose(state, rnd: random.Random) -> Choice:
    v = view(state)
    ph = int(state.phase)
    values = _values(state)
    if ph == PLAY:
        return play_card(v, "preference.croatian.play" if hasattr(state, "hand_game") else "preference.austrian.follow-suit")
    if ph == AUCTION:
        return _bid(v, values)
    if ph == EXCHANGE:
        suit = _best(v, values)
        c = discard_order(v.hand, suit)[0]
        e, r = lay_away_words(c)
        return Choice(c, f"{e}; {SUIT_GLYPHS[suit]} kept for trumps", f"{r}; {SUIT_GLYPHS[suit]} бережёт под козырь")
    if ph == TRUMP_PHASE:
        named = [(values[a - TRUMP], a) for a in v.legal if a - TRUMP in values]
        if not named:
            return Choice(v.legal[0], "announces the only game the rules leave", "объявляет единственную возможную игру")
        suit, a = max(named, key=lambda t: (sure_tricks(v.hand, t[0], v.deck)[0], -t[1]))
        n, cards, long = sure_tricks(v.hand, suit, v.deck)
        e, r = strength_words(n, cards, long)
        return Choice(a, f"names {SUIT_GLYPHS[suit]} trumps: {e}", f"назначает козырем {SUIT_GLYPHS[suit]}: {r}")
    n, cards, long = sure_tricks(v.hand, v.trump, v.deck)
    e, r = strength_words(n, cards, long)
    croatian = hasattr(state, "hand_game")
    if ph == DEFENCE:
        forced = only(v.legal, "preference.croatian.betl-all", "follows: against a Betl everybody plays",
                      "играет: против бетла играют все")
        if forced:
            return forced
        clause = "preference.croatian.defence" if croatian else "preference.austrian.defenders"
        if n >= 2:
            return Choice(DEFEND, f"plays against the declarer: {e} ({clause})", f"вистует: {r} ({clause})")
        return Choice(DECLINE, f"passes: only {e} against the trumps ({clause})",
                      f"пасует: против козырей лишь {r} ({clause})")
    if ph == INVITE_PHASE:
        clause = "preference.croatian.invitation" if croatian else "preference.austrian.invitation"
        if n >= 4:
            return Choice(ALONE, f"plays alone: {e} ({clause})", f"играет один: {r} ({clause})")
        return Choice(INVITE, f"invites the other defender: alone only {e} ({clause})",
                      f"приглашает второго: в одиночку лишь {r} ({clause})")
    forced = only(v.legal, "preference.croatian.kontra", "lets the game be played", "соглашается играть")
    if forced:
        return forced
    if KONTRA in v.legal and n >= 5 and state.declarer != v.seat:
        return Choice(KONTRA, f"says kontra: {e} (preference.croatian.kontra)",
                      f"говорит «контра»: {r} (preference.croatian.kontra)")
    return Choice(NO_KONTRA, f"does not double: {e}", f"не удваивает: {r}")


def _best(v: SeatView, values: dict[int, int], low: int = 0) -> int:
    suits = [s for val, s in values.items() if val >= low] or list(values.values())
    return max(suits, key=lambda s: (sure_tricks(v.hand, s, v.deck)[0], bin(v.hand >> 13 * s & 8191).count("1"), s))


def _bid(v: SeatView, values: dict[int, int]) -> Choice:
    legal = v.legal
    suit = _best(v, values)
    n, cards, long = sure_tricks(v.hand, suit, v.deck)
    e, r = strength_words(n, cards, long)
    value = {s: val for val, s in values.items()}[suit]
    g = SUIT_GLYPHS[suit]
    if n >= 6:
        if HEARTS in legal and suit == 3:
            return Choice(HEARTS, f"says «червы», hearts without the talon: {e}", f"говорит «червы» без прикупа: {r}")
        if SPIEL in legal:
            return Choice(SPIEL, f"says «игра», a game without the talon: {e} with {g}",
                          f"говорит «игра», без прикупа: {r} при {g}")
    numbers = [a for a in legal if ONE <= a < ONE + 7]
    if n + 1 >= 6:
        if HOLD in legal:
            return Choice(HOLD, f"holds: {e} with {g}, one more hoped from the talon",
                          f"держит: {r} при {g}, и одна взятка из прикупа")
        ok = [a for a in numbers if a - ONE + 1 <= value]
        if ok:
            a = min(ok)
            return Choice(a, f"bids {a - ONE + 1}: {e} with {g} (worth {value}), one more hoped from the talon",
                          f"говорит {a - ONE + 1}: {r} при {g} (цена {value}), и одна взятка из прикупа")
    if PASS in legal:
        return Choice(PASS, f"passes: {e} with {g}, its best suit", f"пасует: {r} при {g}, лучшей масти")
    a = min(numbers) if numbers else legal[0]
    return Choice(a, "bids: the last to speak may not pass when all others did (preference.r1829.dealer-declarer)",
                  "торгуется: последний не может пасовать, когда спасовали все (preference.r1829.dealer-declarer)")
