"""The preferans bot (every preset: Sochi, Leningrad, Rostov, Classic, the two-handed
гусарик, and the four-handed game).

* **Bidding**: for each strain it counts its sure tricks
  (:func:`~cardrules.bots.common.sure_tricks`: aces, guarded kings, ace-king-queens,
  trumps beyond the third) and hopes for one more from the talon; it bids the
  cheapest lawful bid up to the contract that count reaches (six at least), and
  otherwise passes. It calls a misère (``preferans.bidding.misere-first-call``) with a
  hand in which no card need take a trick: in every suit its lowest card is a seven,
  its second lowest a nine at most, its third a jack at most, and so on. It never
  makes the blind calls of Classic.
* **The talon** (``preferans.talon.discard``): for a contract it lays away low cards of
  its shortest plain suits, keeping aces and trumps; for a misère its two highest cards.
  It then names the highest contract its sure tricks reach, and at least its bid
  (``preferans.bidding.contract-not-lower``).
* **Whist** (``preferans.whist.decision``, ``preferans.whist.obligation``): a defender
  whists when his sure tricks against the contract's trumps cover half the defence's
  obligation (two against a six, one against a seven or more); a lone whister plays
  open, so as to see both hands; the half-whist and the sitting-out dealer's whist are
  never taken.
* **Play**: :func:`~cardrules.bots.common.play_card`. Against a contract the defenders
  are partners; in an all-pass every hand, and in a misère the declarer, wants no
  tricks. The defenders against a misère play low too, so that the declarer's card
  is left to take the trick (a beginner's way to catch a misère).

What the seat sees: its own hand, the cards played, its own discards, the talon once
the auction is won (it is shown to all before the declarer takes it:
``preferans.talon.declarer-takes``) or as it
leads the tricks of an all-pass, and the defenders' hands when they lie open
(an open whist; a misère, whose defenders lay their cards down,
``preferans.whist.open-closed``, after the declarer's first lead if he is on lead,
``preferans.play.first-lead``). A hand it plays for (the whister's partner's in an
open whist, the dummy of the two-handed game) it sees as well.
"""

from __future__ import annotations

import random

from cardrules.cards import SUIT_GLYPHS, SUIT_MASKS, cards_of, rank_of

from . import Choice
from .common import (AVOID, TAKE, SeatView, discard_order, en, lay_away_words, only, pick, play_card, ru,
                     strength_words, sure_tricks)

AUCTION, DISCARD_PHASE, DECLARE_PHASE, WHIST_PHASE, PLAY = range(5)
BID, MISERE, PASS = 64, 89, 90
DISCARD, DECLARE = 100, 200
WHIST, PASS_WHIST, HALF_WHIST, OPEN, CLOSED = 300, 301, 302, 303, 304
STRAINS = ("♠", "♣", "♦", "♥", "NT")
STRAINS_RU = ("♠", "♣", "♦", "♥", "БК")
#: The preferans pack: sevens to aces.
DECK = sum(1 << (13 * s + r) for s in range(4) for r in range(5, 13))


def _name(i: int, lang: str = "en") -> str:
    return f"{6 + i // 5}{(STRAINS if lang == 'en' else STRAINS_RU)[i % 5]}"


def view(state) -> SeatView:
    """What the seat to move may see (positions stand for seats inside the view)."""
    p = state.turn
    seat = state.current_player()
    ph = state.phase
    hand = state.hands[p] if p < 3 else 0
    shown = 0
    played = 0
    for a in state.history:
        if a.__class__ is int and 0 <= a < 52:
            played |= 1 << a
    kind = state.kind
    if state.declarer >= 0 and state.declarer == p:
        shown |= sum(1 << c for c in state.discarded)
    if state.declarer >= 0:
        shown |= state.dealt.talon  # the declarer turned it up for all to see before taking it
    trick: tuple = ()
    after: tuple = ()
    partners: frozenset = frozenset()
    want = TAKE
    if ph == PLAY:
        if state.talon_trick:
            shown |= 1 << state.dealt.talon_cards[state.trick_no]
        # the defenders of a misère lay their cards down, but a declarer on lead leads first
        laid = state.open or kind == "misere" and (p != state.declarer or state.trick or state.trick_no)
        for q in range(3):
            if q != p and (state.controller[q] == seat or state.seats[q] == seat
                           or laid and q != state.declarer and state.declarer >= 0):
                shown |= state.hands[q]
        if state.talon_trick:
            played |= 1 << state.dealt.talon_cards[state.trick_no]
        shown |= sum(1 << c for c in state.dealt.talon_cards[:state.trick_no]) if state.talon_leads else 0
        trick = tuple(zip(state.trick_pos, state.trick))
        if state.talon_trick:
            trick = ((-1, state.dealt.talon_cards[state.trick_no]),) + trick
        after = tuple(q for q in ((p + 1) % 3, (p + 2) % 3) if state.hands[q] and q not in state.trick_pos)
        after = after[:max(0, state.need - len(state.trick) - 1)]
        if kind == "contract":
            if p != state.declarer:
                partners = frozenset(q for q in range(3) if q not in (p, state.declarer))
        else:
            want = AVOID
    facts = (("kind", kind), ("contract", state.contract), ("high", state.high), ("declarer", state.declarer),
             ("wstate", state.wstate))
    return SeatView(seat=p, hand=hand, legal=tuple(state.legal_actions()), phase=str(ph), trick=trick, after=after,
                    trump=state.trump, played=played, shown=shown & ~hand, partners=partners, want=want, deck=DECK,
                    facts=facts)


def choose(state, rnd: random.Random) -> Choice:
    v = view(state)
    ph = state.phase
    if ph == PLAY:
        return play_card(v, "preferans.play.follow-suit")
    if ph == AUCTION:
        return _bid(v, state.variant)
    if ph == DISCARD_PHASE:
        return _discard(v)
    if ph == DECLARE_PHASE:
        return _declare(v)
    return _whist(v, state.variant)


def estimates(hand: int) -> list[tuple[int, list[int], int]]:
    """Sure tricks in each strain: ♠ ♣ ♦ ♥ as trumps, then no trumps."""
    return [sure_tricks(hand, s, DECK) for s in range(4)] + [sure_tricks(hand, None, DECK)]


def misere_safe(hand: int) -> bool:
    """No card of the hand need take a trick: in each suit the k-th lowest card is at
    most the seven, nine, jack, king (a card with a lower rank gap under it)."""
    for s in range(4):
        for k, c in enumerate(cards_of(hand & SUIT_MASKS[s])):
            if rank_of(c) > 5 + 2 * k:
                return False
    return True


def _bid(v: SeatView, variant) -> Choice:
    legal = v.legal
    est = estimates(v.hand)
    bids = [a for a in legal if BID <= a < MISERE]
    if MISERE in legal and misere_safe(v.hand) and est[4][0] == 0:
        return Choice(MISERE, "calls a misère: no card of its hand need take a trick (preferans.bidding.misere-first-call)",
                      "объявляет мизер: ни одна карта не обязана взять взятку (preferans.bidding.misere-first-call)")
    # the highest contract each strain reaches, counting one trick more from the talon
    reach = -1
    best = 0
    for strain, (n, _, _) in enumerate(est):
        level = min(10, n + 1)
        if level >= 6:
            i = (level - 6) * 5 + strain
            if i > reach:
                reach, best = i, strain
    n, cards, long = est[best]
    said_en, said_ru = strength_words(n, cards, long)
    affordable = [a for a in bids if a - BID <= reach]
    if affordable:
        a = min(affordable)
        return Choice(a, f"bids {_name(a - BID)}: {said_en} with {STRAINS[best]}, one more hoped from the talon",
                      f"говорит {_name(a - BID, 'ru')}: {said_ru} при {STRAINS_RU[best]}, и одна взятка из прикупа")
    top = max(range(5), key=lambda s: est[s][0])
    n, cards, long = est[top]
    said_en, said_ru = strength_words(n, cards, long)
    if PASS in legal:
        return Choice(PASS, f"passes: at best {said_en} with {STRAINS[top]}, too few for the bid",
                      f"пасует: в лучшем случае {said_ru} при {STRAINS_RU[top]}, для торговли мало")
    return Choice(legal[0], "makes the only call the rules leave (preferans.bidding.order)",
                  "говорит единственное, что позволяют правила (preferans.bidding.order)")


def _discard(v: SeatView) -> Choice:
    cards = [a - DISCARD for a in v.legal if DISCARD <= a < DECLARE]
    if v.fact("contract") == MISERE or v.fact("high") == MISERE:
        c = max(cards, key=lambda c: (rank_of(c), -len(cards_of(v.hand & SUIT_MASKS[c // 13]))))
        return Choice(DISCARD + c, f"lays away {en(c)}, its most dangerous card for a misère (preferans.talon.discard)",
                      f"сносит {ru(c)}, самую опасную на мизере карту (preferans.talon.discard)")
    est = estimates(v.hand)
    trump = max(range(4), key=lambda s: (est[s][0], len(cards_of(v.hand & SUIT_MASKS[s]))))
    c = next(c for c in discard_order(v.hand, trump) if c in cards)
    e, r = lay_away_words(c)
    return Choice(DISCARD + c, f"{e}; {SUIT_GLYPHS[trump]} kept for trumps (preferans.talon.discard)",
                  f"{r}; {SUIT_GLYPHS[trump]} бережёт под козырь (preferans.talon.discard)")


def _declare(v: SeatView) -> Choice:
    est = estimates(v.hand)
    contracts = [a - DECLARE for a in v.legal]
    made = [i for i in contracts if 6 + i // 5 <= est[i % 5][0]]
    if made:
        i = max(made, key=lambda i: (i // 5, est[i % 5][0], i % 5 != 4))
        n, cards, long = est[i % 5]
        said_en, said_ru = strength_words(n, cards, long)
        return Choice(DECLARE + i, f"names {_name(i)}: {said_en}", f"заказывает {_name(i, 'ru')}: {said_ru}")
    i = min(contracts, key=lambda i: (i // 5, -est[i % 5][0]))
    n, cards, long = est[i % 5]
    said_en, said_ru = strength_words(n, cards, long)
    return Choice(DECLARE + i, f"names {_name(i)}, the lowest it may after its bid: {said_en} "
                  "(preferans.bidding.contract-not-lower)",
                  f"заказывает {_name(i, 'ru')}, ниже нельзя после его торговли: {said_ru} "
                  "(preferans.bidding.contract-not-lower)")


def _whist(v: SeatView, variant) -> Choice:
    legal = v.legal
    forced = only(legal, "preferans.whist.decision", "whists", "вистует")
    if forced:
        return forced
    if v.fact("wstate") == "dealer":
        return Choice(PASS_WHIST, "the sitting-out dealer passes: he holds no cards to whist with",
                      "сдающий не вистует: своих карт у него нет")
    if OPEN in legal:
        return Choice(OPEN, "plays open: with both defenders' hands in sight the defence plays better "
                      "(preferans.whist.open-closed)",
                      "играет в светлую: видя обе руки защиты, играть легче (preferans.whist.open-closed)")
    contract = v.fact("contract")
    level, strain = 6 + contract // 5, contract % 5
    trump = None if strain == 4 else strain
    n, cards, long = sure_tricks(v.hand, trump, DECK)
    said_en, said_ru = strength_words(n, cards, long)
    owe = variant.obligation(level)
    need = (owe + 1) // 2
    if n >= need:
        return Choice(WHIST, f"whists: {said_en}; the defence owes {owe} against {level}, half is {need} "
                      "(preferans.whist.obligation)",
                      f"вистует: {said_ru}; защита должна {owe} против {level}, половина {need} "
                      "(preferans.whist.obligation)")
    return pick(legal, (PASS_WHIST,), f"passes: {said_en}, less than {need}, half of the {owe} the defence owes "
                f"against {level} (preferans.whist.obligation)",
                f"пасует: {said_ru}, меньше {need}, половины долга защиты {owe} против {level} "
                "(preferans.whist.obligation)") or Choice(legal[0], "the only call left", "единственный ход")
