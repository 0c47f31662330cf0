"""Positions worked by hand, solved by the double-dummy solver.

Positions are 0, 1, 2 (first, second, third hand); "counted" is the position whose tricks
are the value; in a contract it wants more, in a misère and an all-pass fewer. Each
expected value is worked out in the comment above it, card by card, before the solver
was run. Every position is also solved by plain minimax (:mod:`cardrules.analysis.brute`)
and by the solver with each of its speed-ups switched off: none may change a value.
"""

import pytest

from cardrules.analysis.brute import minimax
from cardrules.analysis.line import best_line
from cardrules.analysis.position import PositionError, Question
from cardrules.analysis.search import Solver, solve
from cardrules.cards import HEARTS, SPADES, parse_card, parse_cardset


def q(p0, p1, p2, trump=None, leader=0, counted=0, kind="contract", talon=(), talon_may_win=False):
    return Question(hands=(parse_cardset(p0), parse_cardset(p1), parse_cardset(p2)), trump=trump, leader=leader,
                    counted=counted, more=kind == "contract", kind=kind,
                    talon_leads=tuple(parse_card(c) for c in talon), talon_may_win=talon_may_win)


POSITIONS = {
    # 1. One card each, no trumps: 0 leads ♠A, the highest spade. 1 trick.
    "top card": (q("♠A", "♠K", "♠Q"), 1),
    # 2. Hearts trumps, 1 leads ♠A: 0 has no spade and must trump (preferans) with ♥7,
    #    the only trump played: it wins. 1 trick.
    "obliged to trump": (q("♥7", "♠A", "♠K", trump=HEARTS, leader=1), 1),
    # 3. The same cards in no trumps: 0 cannot follow and throws ♥7; ♠A wins. 0 tricks.
    "no trumps, a throw": (q("♥7", "♠A", "♠K", leader=1), 0),
    # 4. Hearts trumps, 1 can lead only clubs: 0 has none, must trump with ♥7 and wins;
    #    then 0 leads ♠7, which nobody can follow or trump. 2 tricks.
    "ruff, then a lone card": (q("♥7 ♠7", "♣A ♣K", "♣Q ♣J", trump=HEARTS, leader=1), 2),
    # 5-7. 0 holds ♠A Q over 1's ♠K 7; 2 holds two top hearts; no trumps.
    #   1 leads: ♠K is taken by ♠A and ♠Q is then high; ♠7 lets ♠Q win and ♠A after. 2 tricks.
    "tenace, led into": (q("♠A ♠Q", "♠K ♠7", "♥A ♥K", leader=1), 2),
    #   0 leads: ♠A draws ♠7 and ♠K wins the ♠Q; ♠Q is covered by ♠K and ♠A wins ♠7. 1 trick.
    "tenace, leading from it": (q("♠A ♠Q", "♠K ♠7", "♥A ♥K", leader=0), 1),
    #   2 leads ♥A and ♥K: 0 has no heart and must throw a spade each time. 0 tricks.
    "tenace, cards thrown": (q("♠A ♠Q", "♠K ♠7", "♥A ♥K", leader=2), 0),
    # 8. Endplay: 0 leads ♥7; 1's only heart is ♥A, it wins, and 1 must lead a spade into
    #    ♠A Q (♠J to the Q, or ♠K to the A): 2 tricks. Cashing ♠A first leaves ♠Q to the
    #    ♠K (1 trick); so does ♠Q first. Never 3: ♥A takes the heart trick. 2 tricks.
    "throw-in": (q("♠A ♠Q ♥7", "♠K ♠J ♥A", "♣7 ♣8 ♣9", leader=0), 2),
    # 9. The same cards, 2 on lead: 2 leads clubs three times; 0 and 1 can only throw, and
    #    2's clubs take all three tricks. 0 tricks.
    "throw-in, 2 on lead": (q("♠A ♠Q ♥7", "♠K ♠J ♥A", "♣7 ♣8 ♣9", leader=2), 0),
    # 10. Unblocking: 1 leads ♠K and 2 overtakes with ♠A (0 must follow ♠10), then cashes
    #     ♠Q and ♠J while 0 throws his aces. Had 2 let ♠K win, 1 would have to lead a heart
    #     to 0's ♥A, and 0 would cash ♣A too. Best defence: 0 tricks.
    "unblocking": (q("♥A ♣A ♠10", "♠K ♥7 ♥8", "♠A ♠Q ♠J", leader=1), 0),
    # 11. Spades trumps: 1 can lead only hearts; the first is his (0 follows ♥7, 2 throws a
    #     club); on the second 0 must trump and wins, then cashes the other top trump. 2 tricks.
    "trumps kept for the end": (q("♠A ♠K ♥7", "♥A ♥K ♥Q", "♣A ♣K ♣Q", trump=SPADES, leader=1), 2),
    # 12. Spades trumps. 1 leads ♠7: 0 must follow with ♠8, 2 overtakes with ♠9, then leads
    #     ♣K: 0 has no club and no trump left and throws ♥A; ♣A wins. (Leading ♣A instead
    #     lets 0 ruff with ♠8 and win.) 0 tricks.
    "trump lead first": (q("♠8 ♥A", "♣A ♠7", "♣K ♠9", trump=SPADES, leader=1), 0),
    # 13. Misère, 0 declares: 1 leads ♠7, 0's only spade ♠8 wins (2 has none); 0 must then
    #     lead ♥7 and 1's ♥8 wins. Or 1 leads ♥8 (0 plays ♥7), then ♠7: ♠8 wins. 1 trick.
    "misère caught": (q("♠8 ♥7", "♠7 ♥8", "♣A ♣K", leader=1, kind="misere"), 1),
    # 14. The same cards, 2 on lead: 2 leads both clubs and 0 throws both his cards. 0 tricks.
    "misère escapes": (q("♠8 ♥7", "♠7 ♥8", "♣A ♣K", leader=2, kind="misere"), 0),
    # 15. Misère with a bare ace: 0 leads ♥7 (2's ♥9 wins); 2 has only ♠8 left to lead and
    #     ♠A must follow and win; leading ♠A wins at once. 1 trick.
    "misère, a bare ace": (q("♠A ♥7", "♠7 ♥8", "♠8 ♥9", leader=0, kind="misere"), 1),
    # 16. Misère: 1 has only hearts; 0 ducks ♥8 with ♥7 and throws ♠A on ♥9. 0 tricks.
    "misère, the ace thrown": (q("♠A ♥7", "♥8 ♥9", "♣7 ♣8", leader=1, kind="misere"), 0),
    # 17. All-pass, the talon's ♠7 leads; first hand plays first: 0 must follow with ♠A,
    #     the others throw hearts. Counted 0 (who wants none) takes 1.
    "talon lead followed": (q("♠A", "♥7", "♥8", counted=0, kind="allpass", talon=("♠7",)), 1),
    # 18. The talon's ♣7 leads and nobody has a club: nobody takes the trick. 0 tricks.
    "talon lead, nobody follows": (q("♠A", "♥7", "♥8", counted=0, kind="allpass", talon=("♣7",)), 0),
    # 19. Four players: the talon's ♠K is the sitting-out dealer's card and beats 0's ♠Q:
    #     the dealer takes the trick. 0 tricks.
    "talon card wins (four)": (q("♠Q", "♥7", "♥8", counted=0, kind="allpass", talon=("♠K",), talon_may_win=True), 0),
    # 20. Three players: the talon's ♠K only names the suit; 0's ♠Q is the only spade played. 1 trick.
    "talon card only leads (three)": (q("♠Q", "♥7", "♥8", counted=0, kind="allpass", talon=("♠K",)), 1),
    # 21. All-pass, counted 1; the talon's ♦7 leads and nobody has a diamond: each throws a
    #     card and nobody takes it; then first hand leads. 1 keeps ♠K: if 0 kept ♥7 and leads
    #     it, 1 throws; if 0 kept ♠A, ♠A is higher than ♠K. 1 takes nothing. 0 tricks.
    "all-pass, throw to the talon": (q("♠A ♥7", "♠K ♥8", "♠Q ♥9", counted=1, kind="allpass", talon=("♦7",)), 0),
    # 22. Spades trumps: 0 must draw 1's only trump before his hearts (♥A first lets 1, void
    #     in hearts, trump it with ♠7). ♠A (1 follows ♠7), then ♥A, ♥K: 3 tricks.
    "draw trumps first": (q("♠A ♥A ♥K", "♠7 ♣A ♣K", "♥7 ♥8 ♣7", trump=SPADES, leader=0), 3),
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_hand_analysed(name):
    question, expected = POSITIONS[name]
    assert solve(question) == expected
    assert minimax(question) == expected


@pytest.mark.parametrize("name", list(POSITIONS))
def test_speed_ups_change_no_value(name):
    question, expected = POSITIONS[name]
    for kw in ({"reduce": False}, {"ordering": False}, {"quick": False}, {"order_high": True}, {"order_high": False}):
        assert solve(question, Solver(question, **kw)) == expected, kw


@pytest.mark.parametrize("name", list(POSITIONS))
def test_best_line_reaches_the_value(name):
    question, expected = POSITIONS[name]
    line = best_line(question)
    assert len(line) == question.tricks_left
    assert sum(t.taker == question.counted for t in line) == expected


def test_the_throw_in_line_leads_the_heart():
    """In position 8 the only card that gets 2 tricks is ♥7 (worked out above)."""
    question, _ = POSITIONS["throw-in"]
    assert best_line(question)[0].plays[0] == (0, parse_card("♥7"))


def test_unblocking_line_overtakes():
    """In position 10 the defence must overtake ♠K with ♠A."""
    question, _ = POSITIONS["unblocking"]
    first = best_line(question)[0]
    assert first.plays[0] == (1, parse_card("♠K")) and first.plays[1] == (2, parse_card("♠A"))


def test_bad_positions_are_refused():
    with pytest.raises(PositionError, match="one size"):
        q("♠A ♠K", "♠Q", "♠J")
    with pytest.raises(PositionError, match="32 cards"):
        q("♠2", "♠Q", "♠J")
    with pytest.raises(PositionError, match="two hands"):
        Question(hands=(1 << 51, 1 << 51, 1 << 50), trump=None, leader=0, counted=0)
