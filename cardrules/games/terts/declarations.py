"""The groups («хвалёж»), their values and ranking, and the «От чего?» dialogue.

A group is a run of three or more cards of one suit in the natural order
(A K Q J 10 9 8 7), or four aces, kings, queens or jacks. A group is written as a
pair ``(kind, top)``: the kind below, and the top card of the run (for four of a
rank, that rank's spade).

>>> from cardrules.cards import parse_cardset, format_card, HEARTS
>>> [(KIND_NAMES[k], format_card(top)) for k, top in groups(parse_cardset("♠QJ10 ♥AKQJ ♣J ♦J"))]
[('терц', '♠Q'), ('четверик', '♥A'), ('четыре валета', '♠J')]
"""

from __future__ import annotations

from operator import itemgetter

from cardrules.cards import ACE, JACK, KING, QUEEN, RANK_MASKS, RUNS_FROM_SEVEN, SEVEN, SPADES, card, format_card
from cardrules.engine import IllegalAction
from cardrules.rules import implements

from .variants import Variant

TERTS, CHETVERIK, PYATERIK, SHESTERIK, SEMERIK, VOSMERIK, FOUR_Q, FOUR_K, FOUR_A, FOUR_J = range(10)
KINDS = tuple(range(10))
#: The names the players use (and the records write).
KIND_NAMES = ("терц", "четверик", "пятерик", "шестерик", "семерик", "восьмерик",
              "четыре дамы", "четыре короля", "четыре туза", "четыре валета")
KIND_NAMES_EN = ("tertz", "quart", "quint", "sixième", "septième", "huitième",
                 "four queens", "four kings", "four aces", "four jacks")
FOUR_RANKS = {FOUR_Q: QUEEN, FOUR_K: KING, FOUR_A: ACE, FOUR_J: JACK}

# --- the actions of the dialogue -------------------------------------------------------

#: Announcing a group of a kind: ANNOUNCE + kind («терц», «четверик», …).
ANNOUNCE = 64
PASS, ASK, GOOD, EQUAL, MARRIAGE = 74, 75, 76, 77, 78
#: «От …»: the announcer names the top card of his group: ANSWER + card.
ANSWER = 128
#: «Не годится» with the responder's own group: BEAT + 64 * kind + top card.
BEAT = 256

WORDS = {PASS: "пас", ASK: "от чего?", GOOD: "годится", EQUAL: "равно", MARRIAGE: "марьяж"}


def beat(kind: int, top: int) -> int:
    """The action «не годится» naming the responder's group.

    >>> from cardrules.cards import parse_card
    >>> beat(TERTS, parse_card("♠Q")) == BEAT + parse_card("♠Q")
    True
    """
    return BEAT + 64 * kind + top


# --- the groups ------------------------------------------------------------------------


@implements("terts.declarations.groups")
def groups(hand: int) -> list[tuple[int, int]]:
    """Every group in ``hand``: each longest run of three or more in a suit (a run of
    four is a четверик and not also a терц), and four of a rank of A, K, Q, J.

    >>> from cardrules.cards import parse_cardset
    >>> [KIND_NAMES[k] for k, _ in groups(parse_cardset("♣AKQJ10987 ♠A ♥A"))]
    ['восьмерик']
    >>> groups(parse_cardset("♣AK ♣J109 ♠Q"))[0][0] == TERTS
    True
    """
    out: list[tuple[int, int]] = []
    for s in range(4):
        for run, top in RUNS_FROM_SEVEN[hand >> (13 * s + SEVEN) & 0xFF]:
            out.append((run - 3, 13 * s + top))  # (card(s, top), written out)
    for kind, r in FOUR_RANKS.items():
        if hand & RANK_MASKS[r] == RANK_MASKS[r]:
            out.append((kind, card(SPADES, r)))
    out.sort(key=_KIND)  # the runs (kinds 0–5) first, then the fours (6–9); stable within a kind
    return out


_KIND = itemgetter(0)  # (a group's kind)


@implements("terts.declarations.terts", "terts.declarations.chetverik", "terts.declarations.long-sequences",
            "terts.declarations.fours", "terts.declarations.four-jacks")
def value(variant: Variant, kind: int) -> int:
    """What a group of ``kind`` scores.

    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> [value(ROZALIEV, k) for k in KINDS]
    [20, 50, 100, 100, 100, 100, 100, 100, 100, 200]
    """
    if kind <= VOSMERIK:
        return variant.sequence_values[kind]
    return variant.four_jacks_value if kind == FOUR_J else variant.four_value


#: The kinds from the lowest up, as the text ranks them, for each reading of the jacks.
_ORDER = {
    "top": (TERTS, CHETVERIK, FOUR_Q, FOUR_K, FOUR_A, PYATERIK, SHESTERIK, SEMERIK, VOSMERIK, FOUR_J),
    "quartet": (TERTS, CHETVERIK, FOUR_Q, FOUR_K, FOUR_A, FOUR_J, PYATERIK, SHESTERIK, SEMERIK, VOSMERIK),
}


@implements("terts.declarations.class-order", "terts.declarations.four-jacks-rank")
def kind_rank(variant: Variant, kind: int) -> int:
    """The place of a kind in the ranking of groups (higher beats lower).

    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> kind_rank(ROZALIEV, FOUR_Q) > kind_rank(ROZALIEV, CHETVERIK), kind_rank(ROZALIEV, PYATERIK) > kind_rank(ROZALIEV, FOUR_A)
    (True, True)
    >>> kind_rank(ROZALIEV, FOUR_J) > kind_rank(ROZALIEV, VOSMERIK)
    True
    >>> kind_rank(ROZALIEV.with_options(jacks_rank="quartet"), FOUR_J) > kind_rank(ROZALIEV, PYATERIK)
    False
    """
    return _ORDER[variant.jacks_rank].index(kind)


@implements("terts.declarations.sequence-rank", "terts.declarations.trump-sequence")
def group_key(variant: Variant, group: tuple[int, int], trump: int) -> tuple[int, int, int]:
    """A key that orders groups as the text ranks them: the kind, then the top card's
    rank, then a trump run over a plain one; plain suits are equal.

    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> from cardrules.cards import parse_card, DIAMONDS
    >>> k = lambda top: group_key(ROZALIEV, (TERTS, parse_card(top)), DIAMONDS)
    >>> k("♠J") > k("♠10"), k("♠K") == k("♣K"), k("♣K") > k("♦Q") > k("♣Q")
    (True, True, True)
    """
    kind, top = group
    is_trump = int(kind <= VOSMERIK and top // 13 == trump)
    return (kind_rank(variant, kind), top % 13, is_trump)


def describe(group: tuple[int, int]) -> str:
    """A group in words: «терц от ♠Q», «четыре туза».

    >>> from cardrules.cards import parse_card
    >>> describe((CHETVERIK, parse_card("♥K"))), describe((FOUR_A, parse_card("♠A")))
    ('четверик от ♥K', 'четыре туза')
    """
    kind, top = group
    return KIND_NAMES[kind] if kind >= FOUR_Q else f"{KIND_NAMES[kind]} от {format_card(top)}"


@implements("terts.declarations.marriage")
def has_marriage(hand: int, trump: int) -> bool:
    """Whether ``hand`` holds the king and queen of trumps.

    >>> from cardrules.cards import parse_cardset, HEARTS, SPADES
    >>> has_marriage(parse_cardset("♥KQ ♠7"), HEARTS), has_marriage(parse_cardset("♥KQ ♠7"), SPADES)
    (True, False)
    """
    return bool(hand >> card(trump, KING) & 1 and hand >> card(trump, QUEEN) & 1)


# --- the dialogue ------------------------------------------------------------------------

OPEN, REPLY, ANSWERING, REPLY2, MARRYING, DONE = range(6)


@implements("terts.declarations.before-lead", "terts.dialogue.announce", "terts.dialogue.pass")
class Dialogue:
    """The boasting before the first lead, as a small machine of its own.

    The elder (the dealer's opponent, who has the lead) announces a kind he holds
    (:data:`ANNOUNCE` + kind) or passes (:data:`PASS`); the dealer answers
    «годится» (:data:`GOOD`), asks «от чего?» (:data:`ASK`) if he holds a group of the
    same kind, or beats at once with a higher kind («не годится», :func:`beat`).
    Asked, the elder names his top card (:data:`ANSWER` + card) and the dealer
    concedes, beats with a higher run of the kind, or (if the variant so reads)
    calls it equal (:data:`EQUAL`). If the elder passes, the dealer may announce and
    the elder, having passed, can only concede. Then the holder of the trump
    marriage declares it or not (:data:`MARRIAGE` or :data:`PASS`).

    >>> from cardrules.cards import parse_cardset, parse_card, HEARTS
    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> d = Dialogue(ROZALIEV, (parse_cardset("♠J109 ♣7"), parse_cardset("♣QJ10 ♠7")), HEARTS, dealer=1)
    >>> d.current, [WORDS[a] if a in WORDS else KIND_NAMES[a - ANNOUNCE] for a in d.legal()]
    (0, ['терц', 'пас'])
    >>> d.apply(ANNOUNCE + TERTS); d.apply(ASK); d.apply(ANSWER + parse_card("♠J"))
    >>> d.apply(beat(TERTS, parse_card("♣Q"))); d.done, d.declared
    (True, [0, 20])
    """

    __slots__ = ("variant", "hands", "trump", "dealer", "step", "announcer", "responder", "kind", "top",
                 "elder_passed", "declared", "marriage", "won", "current", "calls", "done", "_held")

    def __init__(self, variant: Variant, hands: tuple[int, int], trump: int, dealer: int):
        self.variant = variant
        self.hands = hands
        self.trump = trump
        self.dealer = dealer
        self.announcer = 1 - dealer
        self.responder = dealer
        self.step = OPEN
        self.kind = -1
        self.top = -1
        self.elder_passed = False
        self.declared = [0, 0]  #: points for groups, by seat
        self.marriage = [0, 0]  #: points for the trump marriage, by seat
        self.won: tuple[int, tuple[int, int] | None] | None = None  #: (seat, group or None) that scored
        self.current = self.announcer
        self.calls: list[tuple[int, int]] = []
        self.done = False  #: the boasting is over (set as it closes)
        self._held = (groups(hands[0]), groups(hands[1]))  #: the hands do not change while boasting

    # -- what may be said ------------------------------------------------------------------

    def _groups(self, seat: int, kind: int | None = None) -> list[tuple[int, int]]:
        held = self._held[seat]
        return held if kind is None else [g for g in held if g[0] == kind]  # (read, never changed: not copied)

    def _key(self, g: tuple[int, int]) -> tuple[int, int, int]:
        return group_key(self.variant, g, self.trump)

    @implements("terts.dialogue.ask", "terts.dialogue.answer", "terts.dialogue.higher-class", "terts.dialogue.equal")
    def legal(self) -> list[int]:
        """What the player to speak may say: a kind he holds or a pass; «годится»;
        «от чего?» with a group of the kind announced; «не годится» at once with a
        group of a higher kind; after the question, the top card of one of his groups
        of the kind; then «не годится» with a higher group of the kind, or «равно»."""
        step = self.step
        if step == OPEN:
            kinds = sorted({k for k, _ in self._groups(self.announcer)})
            return [ANNOUNCE + k for k in kinds] + [PASS]
        if step == REPLY:
            if self.elder_passed:
                return [GOOD]
            out = [GOOD]
            if self._groups(self.responder, self.kind):
                out.append(ASK)
            rank = kind_rank(self.variant, self.kind)
            out += [beat(k, top) for k, top in self._groups(self.responder) if kind_rank(self.variant, k) > rank]
            return out
        if step == ANSWERING:
            return [ANSWER + top for _, top in self._groups(self.announcer, self.kind)]
        if step == REPLY2:
            out = [GOOD]
            mine = (self.kind, self.top)
            for g in self._groups(self.responder, self.kind):
                if self._key(g) > self._key(mine):
                    out.append(beat(*g))
                elif self._key(g) == self._key(mine) and self.variant.tie == "nobody":
                    out.append(EQUAL)
            return sorted(set(out))
        if step == MARRYING:
            return [MARRIAGE, PASS]
        return []

    def apply(self, action: int) -> None:
        if action not in self.legal():
            self._refuse(action)
        seat = self.current
        self.calls.append((seat, action))
        step = self.step
        if step == OPEN:
            if action == PASS:
                if seat == self.dealer:  # both passed: no group scores
                    self._close(None, None)
                    return
                self.elder_passed = True
                self.announcer, self.responder = self.dealer, seat
                self.current = self.announcer
                return
            self.kind = action - ANNOUNCE
            self.step = REPLY
            self.current = self.responder
        elif step in (REPLY, REPLY2):
            if action == GOOD:
                self._close(self.announcer, (self.kind, self.top) if self.top >= 0 else None)
            elif action == ASK:
                self.step = ANSWERING
                self.current = self.announcer
            elif action == EQUAL:
                self._close(None, None)
            else:
                k, top = divmod(action - BEAT, 64)
                self._close(self.responder, (k, top))
        elif step == ANSWERING:
            self.top = action - ANSWER
            self.step = REPLY2
            self.current = self.responder
        elif step == MARRYING:
            if action == MARRIAGE:
                self.marriage[seat] = marriage_points(self.variant)
            self._finish()

    @implements("terts.dialogue.good", "terts.dialogue.not-good", "terts.dialogue.winner-scores")
    def _close(self, seat: int | None, group: tuple[int, int] | None) -> None:
        """The contest is settled: ``seat`` scores the winning group (or, if the
        variant so reads, all his groups); None: nobody scores."""
        self.won = (seat, group) if seat is not None else None
        if seat is not None:
            if self.variant.winner_scores == "all":
                self.declared[seat] = sum(value(self.variant, k) for k, _ in self._groups(seat))
            else:
                self.declared[seat] = value(self.variant, self.kind if group is None else group[0])
        holder = [s for s in (0, 1) if has_marriage(self.hands[s], self.trump)]
        if holder and self.variant.marriage == "declared":
            self.step = MARRYING
            self.current = holder[0]
        else:
            self._finish()

    def _finish(self) -> None:
        self.step = DONE
        self.done = True
        self.current = 1 - self.dealer

    def _refuse(self, action: int) -> None:
        step = self.step
        if step == DONE:
            raise IllegalAction("terts.declarations.before-lead", "the boasting is over: play a card")
        if step == OPEN:
            if ANNOUNCE <= action < ANNOUNCE + 10:
                raise IllegalAction("terts.dialogue.announce",
                                    f"you hold no {KIND_NAMES[action - ANNOUNCE]}: announce a group you hold, or pass")
            raise IllegalAction("terts.dialogue.announce", "the player to speak announces a group he holds, or passes")
        if step == REPLY:
            kind = KIND_NAMES[self.kind]
            if self.elder_passed:
                raise IllegalAction("terts.dialogue.pass", "having passed, the elder can only say «годится»")
            if action == ASK:
                raise IllegalAction("terts.dialogue.ask", f"«от чего?» is asked only by a player who also holds a {kind}")
            if action >= BEAT:
                k, top = divmod(action - BEAT, 64)
                if k == self.kind and (k, top) in self._groups(self.responder):
                    raise IllegalAction("terts.dialogue.higher-class",
                                        f"to beat a {kind} with a {kind}, ask «от чего?» first")
                raise IllegalAction("terts.dialogue.higher-class",
                                    f"«не годится» at once needs a group of a higher kind than a {kind}, held in the hand")
            raise IllegalAction("terts.dialogue.good", f"answer the {kind}: «годится», «от чего?» or «не годится»")
        if step == ANSWERING:
            raise IllegalAction("terts.dialogue.answer",
                                f"name the top card of a {KIND_NAMES[self.kind]} you hold")
        if step == REPLY2:
            if action == EQUAL:
                raise IllegalAction("terts.dialogue.equal", "«равно» only with a group of the same kind and rank, plain against plain,"
                                    " and where an equal group cancels")
            if action >= BEAT:
                raise IllegalAction("terts.dialogue.not-good",
                                    f"«не годится» needs a higher {KIND_NAMES[self.kind]} than {describe((self.kind, self.top))}, held in the hand")
            raise IllegalAction("terts.dialogue.good", "say «годится», or «не годится» with a higher group")
        raise IllegalAction("terts.declarations.marriage-when", "the holder of the trump marriage says «марьяж» or passes")


@implements("terts.declarations.marriage-when")
def marriage_points(variant: Variant) -> int:
    """The trump marriage's points, scored when declared (or, read as the bela of
    Klaberjass, when its second card is played: see the play).

    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> marriage_points(ROZALIEV)
    20
    """
    return variant.marriage_value


__all__ = ["ANNOUNCE", "ANSWER", "ASK", "BEAT", "CHETVERIK", "Dialogue", "EQUAL", "FOUR_A", "FOUR_J", "FOUR_K", "FOUR_Q",
           "GOOD", "KINDS", "KIND_NAMES", "KIND_NAMES_EN", "MARRIAGE", "PASS", "PYATERIK", "SEMERIK", "SHESTERIK",
           "TERTS", "VOSMERIK", "WORDS", "beat", "describe", "group_key", "groups", "has_marriage", "kind_rank",
           "marriage_points", "value"]
