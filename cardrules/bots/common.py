"""What every game's bot shares: the seat's view, the count of sure tricks, and the
card play of a beginner's partner who plays sensibly.

The view (:class:`SeatView`) is all a bot may read: its own hand, the cards played,
hands the rules lay open, the talon once shown, and the public facts of the deal (the
trump, who plays with whom). Each game's bot builds it from the state with its
``view(state)`` and decides from the view alone, so a bot cannot peek.

The card play (:func:`play_card`), in the order it is tried:

* **Leading**, wanting tricks: a sure winner (the highest card still out in its suit,
  a trump first), else a low card of the longest plain suit. Wanting no tricks (a
  misère, an all-pass): the lowest card.
* **Following**, wanting tricks: when a partner's card wins already, play low (never
  trump it); second in hand, with an opponent still to play and no card that is sure
  to hold, play low; else win as cheaply as possible (with the lowest card that beats
  the trick, a sure one if another player follows); else play the lowest card, or
  discard from the shortest plain suit.
  Wanting no tricks: the highest card that still loses, else the highest card.

>>> from cardrules.cards import parse_cardset, parse_card, parse_cards, HEARTS
>>> v = SeatView(seat=0, hand=parse_cardset("♠A ♠7 ♦8"), legal=tuple(parse_cards("♠7 ♠A")), trump=HEARTS,
...              trick=((1, parse_card("♠K")),), played=parse_cardset("♠K"), after=(2,))
>>> c = play_card(v, "fortuna.play.follow-suit")
>>> format_card(c.action), c.why_en
('♠A', 'wins the trick with ♠A, the cheapest card that beats ♠K')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from cardrules.cards import (ACE, FULL_MASK, NATURAL_STRENGTH, SUIT_GLYPHS, SUIT_MASKS, cards_of,
                             format_card, rank_of, suit_of)
from cardrules.engine import counted

from . import Choice

TAKE, AVOID = 1, -1


@dataclass(frozen=True)
class SeatView:
    """What one seat may see when it must act. Cards are ints, sets bitmasks."""

    seat: int
    hand: int  #: the cards this seat plays now (its own, or a hand it plays for)
    legal: tuple = ()  #: the actions it may take now (``state.legal_actions()``)
    phase: str = "play"
    trick: tuple = ()  #: (seat, card) played to the trick so far, in order
    after: tuple = ()  #: the seats still to play to this trick after this one
    trump: int | None = None
    played: int = 0  #: every card seen played (this trick's included)
    shown: int = 0  #: other cards this seat has seen: open hands, a shown talon, its own discards
    partners: frozenset = frozenset()  #: the seats playing on this seat's side
    want: int = TAKE  #: TAKE tricks, or AVOID them (a misère, an all-pass)
    deck: int = FULL_MASK  #: the cards of the pack
    strength: Sequence[int] = NATURAL_STRENGTH  #: rank strength in plain suits
    trump_strength: Sequence[int] | None = None  #: rank strength in trumps, when it differs
    facts: tuple = ()  #: the public facts of the deal the game's bot reads: (name, value) pairs

    def fact(self, name: str, default=None):
        for k, v in self.facts:
            if k == name:
                return v
        return default

    def key(self, c: int) -> int:
        """How high card ``c`` ranks within its suit."""
        if suit_of(c) == self.trump and self.trump_strength is not None:
            return self.trump_strength[rank_of(c)]
        return self.strength[rank_of(c)]

    @property
    def unseen(self) -> int:
        """The cards of the pack this seat has not seen: they may be in any other hand."""
        return self.deck & ~self.hand & ~self.played & ~self.shown

    def is_top(self, c: int) -> bool:
        """No card still out in ``c``'s suit beats it."""
        k = self.key(c)
        return all(self.key(x) <= k for x in cards_of(self.unseen & SUIT_MASKS[suit_of(c)]))

    def beats(self, c: int, best: int, led: int) -> bool:
        """Whether ``c`` beats ``best`` in a trick whose suit led is ``led``."""
        s, b = suit_of(c), suit_of(best)
        if s == b:
            return self.key(c) > self.key(best)
        if s == self.trump:
            return True
        return False if b == self.trump else s == led and b != led


def en(c: int) -> str:
    return format_card(c, "en")


def ru(c: int) -> str:
    return format_card(c, "ru")


def suit_cards(mask: int, s: int) -> list[int]:
    return cards_of(mask & SUIT_MASKS[s])


def length(mask: int, s: int) -> int:
    return (mask & SUIT_MASKS[s]).bit_count()


# --- hand strength --------------------------------------------------------------------------------


def sure_tricks(hand: int, trump: int | None, deck: int = FULL_MASK,
                strength: Sequence[int] = NATURAL_STRENGTH) -> tuple[int, list[int], int]:
    """Tricks a hand should take, counted as beginners are taught: each ace; a king
    with its ace or with a guard beside it; a queen under the ace and king; with
    trumps, every trump beyond the fourth (beyond the third in a pack of eight cards a
    suit). Returns (count, the counted cards, the long trumps counted).

    >>> from cardrules.cards import parse_cardset, SPADES
    >>> n, cards, long = sure_tricks(parse_cardset("♠A ♠K ♠Q ♠9 ♠8 ♠7 ♥A ♥7 ♦K ♦8"), SPADES)
    >>> n, " ".join(en(c) for c in cards), long
    (7, '♠A ♠K ♠Q ♦K ♥A', 2)
    """
    counted: list[int] = []
    for s in range(4):
        mine = hand & SUIT_MASKS[s]
        ranks = sorted((r for r in range(13) if deck >> (13 * s + r) & 1 and strength[r] >= 0),
                       key=lambda r: -strength[r])
        if not mine or len(ranks) < 3:
            continue
        n = mine.bit_count()
        a, k, q = (13 * s + r for r in ranks[:3])
        has = lambda c: mine >> c & 1  # noqa: E731
        if has(a):
            counted.append(a)
        if has(k) and (has(a) or n >= 2):
            counted.append(k)
        if has(q) and has(a) and has(k):
            counted.append(q)
    long = 0
    if trump is not None:
        # the others' trumps fall in about three rounds of a short pack (eight cards a suit), four of a long one
        rounds = 3 if (deck & SUIT_MASKS[trump]).bit_count() <= 8 else 4
        long = max(0, length(hand, trump) - rounds)
    return len(counted) + long, counted, long


def strength_words(n: int, cards: list[int], long: int) -> tuple[str, str]:
    """The count of sure tricks, said in both languages with the cards counted."""
    e = " ".join(en(c) for c in cards) or "no high cards"
    r = " ".join(ru(c) for c in cards) or "нет старших карт"
    if long:
        e += f", {counted(long, 'long trump')}"
        r += f", длинных козырей: {long}"
    return f"{counted(n, 'sure trick')} ({e})", f"верных взяток: {n} ({r})"


def best_suit(hand: int, deck: int = FULL_MASK, strength: Sequence[int] = NATURAL_STRENGTH,
              suits: Sequence[int] = (0, 1, 2, 3)) -> tuple[int, int]:
    """The suit that makes the best trumps for ``hand`` and the sure tricks with it: the
    most sure tricks, then the longest, then the higher in ``suits``' order."""
    scored = [(sure_tricks(hand, s, deck, strength)[0], length(hand, s), i, s) for i, s in enumerate(suits)]
    n, _, _, s = max(scored)
    return s, n


def lay_away_words(c: int) -> tuple[str, str]:
    """Why a card is laid away (to the talon, the stock): the first of :func:`discard_order`."""
    return (f"lays away {en(c)}: of the cards it can spare (not aces, not its trumps or longest suit), "
            "the lowest of its shortest suit",
            f"сносит {ru(c)}: из карт, без которых можно обойтись (не тузы, не козыри и не длинная масть), "
            "младшую в самой короткой масти")


def discard_order(hand: int, keep_suit: int | None, view: SeatView | None = None) -> list[int]:
    """The hand's cards from the first to lay away to the last: low cards of short
    plain suits first; aces and the ``keep_suit`` (the trumps) last."""
    key = view.key if view else (lambda c: NATURAL_STRENGTH[rank_of(c)])

    def weight(c: int) -> tuple:
        s = suit_of(c)
        return (s == keep_suit, rank_of(c) == ACE, length(hand, s), key(c))

    return sorted(cards_of(hand), key=weight)


# --- card play ------------------------------------------------------------------------------------


def _winner(view: SeatView) -> tuple[int, int]:
    """The seat whose card now wins the trick, and that card."""
    led = suit_of(view.trick[0][1])
    seat, best = view.trick[0]
    for s, c in view.trick[1:]:
        if view.beats(c, best, led):
            seat, best = s, c
    return seat, best


def _lowest(view: SeatView, cards: list[int]) -> int:
    """The cheapest of ``cards``: a plain card before a trump, the lowest first."""
    return min(cards, key=lambda c: (suit_of(c) == view.trump, view.key(c), suit_of(c)))


def _discard(view: SeatView, cards: list[int]) -> int:
    """A card to throw when not following: the lowest of the shortest plain suit."""
    plain = [c for c in cards if suit_of(c) != view.trump] or cards
    return min(plain, key=lambda c: (length(view.hand, suit_of(c)), view.key(c), suit_of(c)))


def _forced(view: SeatView, clause: str) -> Choice | None:
    cards = [a for a in view.legal if 0 <= a < 52]
    if len(view.legal) == 1 and cards and view.trick:
        c = cards[0]
        return Choice(c, f"plays {en(c)}: the only card the rules allow ({clause})",
                      f"играет {ru(c)}: другой карты правила не позволяют ({clause})")
    return None


def play_card(view: SeatView, clause: str) -> Choice:
    """The card to play from ``view.legal`` and why; ``clause`` is the game's duty to
    follow suit, cited when the rules leave a single card."""
    forced = _forced(view, clause)
    if forced:
        return forced
    cards = [a for a in view.legal if 0 <= a < 52]
    if view.want == AVOID:
        return _play_low(view, cards)
    if not view.trick:
        return _lead(view, cards)
    led = suit_of(view.trick[0][1])
    seat, best = _winner(view)
    following = any(suit_of(c) == led for c in cards)
    if seat in view.partners:
        safe = [c for c in cards if not view.beats(c, best, led)] or cards
        c = _lowest(view, safe) if following else _discard(view, safe)
        return Choice(c, f"plays {en(c)}: partner's {en(best)} already wins the trick",
                      f"играет {ru(c)}: взятку уже берёт {ru(best)} партнёра")
    winners = [c for c in cards if view.beats(c, best, led)]
    if winners:
        # the lowest card that wins; when others still play, one they cannot beat if there is one
        sure = [c for c in winners if view.is_top(c) and (suit_of(c) == view.trump or not view.after
                                                          or suit_of(c) == led)]
        opponents_after = [s for s in view.after if s not in view.partners]
        if following and not sure and opponents_after and len(view.trick) == 1 and suit_of(min(winners, key=view.key)) == led:
            # second hand low: its winner is not the highest still out, and an opponent plays after it
            c = _lowest(view, cards)
            w = _lowest(view, winners)
            return Choice(c, f"plays low second in hand, {en(c)}: its {en(w)} could still fall to a higher card",
                          f"вторая рука играет младшую, {ru(c)}: её {ru(w)} ещё может быть побита старшей картой")
        pick = sure if view.after and sure else winners
        c = _lowest(view, pick)
        if suit_of(c) == view.trump and led != view.trump:
            return Choice(c, f"trumps with {en(c)}: no {SUIT_GLYPHS[led]} left, and the trick is worth taking",
                          f"бьёт козырем {ru(c)}: {SUIT_GLYPHS[led]} нет, а взятку стоит взять")
        return Choice(c, f"wins the trick with {en(c)}, the cheapest card that beats {en(best)}",
                      f"берёт взятку картой {ru(c)}: это самая дешёвая карта, которая бьёт {ru(best)}")
    if following:
        c = _lowest(view, cards)
        return Choice(c, f"plays low, {en(c)}: nothing in hand beats {en(best)}",
                      f"играет младшую, {ru(c)}: побить {ru(best)} нечем")
    c = _discard(view, cards)
    return Choice(c, f"discards {en(c)} from its shortest plain suit: it cannot win this trick",
                  f"сбрасывает {ru(c)} из самой короткой простой масти: эту взятку не взять")


def _lead(view: SeatView, cards: list[int]) -> Choice:
    tops = [c for c in cards if view.is_top(c)]
    if tops:
        # a sure winner: a trump first (it cannot be ruffed, and it draws the others' trumps),
        # else the highest plain one
        c = max(tops, key=lambda c: (suit_of(c) == view.trump, view.key(c), -length(view.hand, suit_of(c)), -suit_of(c)))
        g = SUIT_GLYPHS[suit_of(c)]
        if view.trump is None or suit_of(c) == view.trump:
            return Choice(c, f"leads {en(c)}: the highest card still out in {g}, a sure trick",
                          f"ходит {ru(c)}: старше неё в {g} ничего не осталось, верная взятка")
        return Choice(c, f"leads {en(c)}: the highest card still out in {g}, a trick unless it is trumped",
                      f"ходит {ru(c)}: старше неё в {g} ничего не осталось, взятка, если её не покроют козырем")
    plain = [c for c in cards if suit_of(c) != view.trump] or cards
    s = max({suit_of(c) for c in plain}, key=lambda s: (length(view.hand, s), s))
    c = min((c for c in plain if suit_of(c) == s), key=view.key)
    return Choice(c, f"leads low, {en(c)}, from its longest suit {SUIT_GLYPHS[s]}",
                  f"ходит с младшей, {ru(c)}, из самой длинной масти {SUIT_GLYPHS[s]}")


def _play_low(view: SeatView, cards: list[int]) -> Choice:
    """Wanting no tricks: stay under the trick, and get rid of high cards while it is safe."""
    if not view.trick:
        c = min(cards, key=lambda c: (view.key(c) + (100 if suit_of(c) == view.trump else 0), suit_of(c)))
        return Choice(c, f"leads {en(c)}, its lowest card, to stay out of the trick",
                      f"ходит самой младшей картой, {ru(c)}, чтобы не взять взятку")
    led = suit_of(view.trick[0][1])
    seat, best = _winner(view)
    under = [c for c in cards if not view.beats(c, best, led)]
    if under:
        c = max(under, key=lambda c: (view.key(c), suit_of(c) != view.trump))
        if suit_of(c) != led:
            return Choice(c, f"throws away {en(c)}, its most dangerous card, while it cannot take the trick",
                          f"сбрасывает {ru(c)}, самую опасную карту, пока взятка чужая")
        return Choice(c, f"plays {en(c)}, the highest card that stays under {en(best)}",
                      f"играет {ru(c)}, старшую карту из тех, что не бьют {ru(best)}")
    c = max(cards, key=view.key)
    return Choice(c, f"must take the trick: takes it with its highest card, {en(c)}",
                  f"взятки не избежать: берёт её самой старшей картой, {ru(c)}")


def pick(legal: Sequence, wanted: Sequence, why_en: str, why_ru: str) -> Choice | None:
    """The first of ``wanted`` that is legal, with the reason; None if none is."""
    for a in wanted:
        if a in legal:
            return Choice(a, why_en, why_ru)
    return None


def only(legal: Sequence, clause: str, what_en: str, what_ru: str) -> Choice | None:
    """The single legal action, cited by the rule that leaves no other; None if there is a choice."""
    if len(legal) == 1:
        return Choice(legal[0], f"{what_en}: the only choice the rules leave ({clause})",
                      f"{what_ru}: другого правила не оставляют ({clause})")
    return None


__all__ = ["AVOID", "SeatView", "TAKE", "best_suit", "discard_order", "en", "lay_away_words", "length", "only", "pick", "play_card",
           "ru", "strength_words", "suit_cards", "sure_tricks"]
