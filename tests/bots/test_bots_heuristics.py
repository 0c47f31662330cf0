"""Each heuristic of the bots on a position built by hand, with the expected choice worked
out beside it."""

import random

from cardrules.bots import choose, view
from cardrules.bots.common import AVOID, SeatView, play_card, sure_tricks
from cardrules.cards import HEARTS, SPADES, cards_of, parse_card, parse_cards, parse_cardset
from cardrules.games.fortuna import FOUR, State as FortunaState
from cardrules.games.fortuna.auction import PASS as F_PASS, PLAY as F_PLAY
from cardrules.games.fortuna.deal import Deal
from cardrules.games.preferans import SOCHI, State
from cardrules.games.preferans.auction import BID, MISERE, PASS, index
from cardrules.games.preferans.play import CLOSED, OPEN, PASS_WHIST, WHIST
from cardrules.games.preferans.state import DECLARE, DISCARD

from .helpers import bot_deal, dealt

R = random.Random(0)


def cards(text: str) -> tuple:
    return tuple(parse_cards(text))


# --- counting sure tricks ---------------------------------------------------------------------------


def test_sure_tricks_count_aces_guarded_kings_and_long_trumps():
    # ♠A ♠K ♠Q: three (the queen under ace and king); ♥K with ♥7: a guarded king, one;
    # ♦K alone: nothing; trumps ♠ five long: one beyond the fourth. 3 + 1 + 1 = 5
    n, counted, long = sure_tricks(parse_cardset("♠A ♠K ♠Q ♠8 ♠7 ♥K ♥7 ♦K ♣9 ♣8"), SPADES)
    assert (n, long) == (5, 1)
    assert sorted(counted) == sorted(cards("♠A ♠K ♠Q ♥K"))
    # without trumps the long spades count nothing: 4
    assert sure_tricks(parse_cardset("♠A ♠K ♠Q ♠8 ♠7 ♥K ♥7 ♦K ♣9 ♣8"), None)[0] == 4


# --- card play, on views ------------------------------------------------------------------------------


def test_leads_a_sure_winner_and_says_so():
    v = SeatView(seat=0, hand=parse_cardset("♠A ♠7 ♦9 ♦8 ♦7"), legal=cards("♠7 ♠A ♦7 ♦8 ♦9"))
    c = play_card(v, "x.y.z")
    assert c.action == parse_card("♠A")
    assert c.why_en.startswith("leads ♠A") and "sure trick" in c.why_en and "♠Т" in c.why_ru


def test_without_a_winner_leads_low_from_the_longest_suit():
    # ♠K is not top (♠A is out); diamonds are the longest suit: its lowest, ♦7
    v = SeatView(seat=0, hand=parse_cardset("♠K ♠7 ♦9 ♦8 ♦7"), legal=cards("♠7 ♠K ♦7 ♦8 ♦9"),
                 deck=parse_cardset("♠A ♠K ♠7 ♦A ♦9 ♦8 ♦7 ♥A"))
    c = play_card(v, "x.y.z")
    assert c.action == parse_card("♦7") and "longest suit" in c.why_en


def test_never_trumps_a_partners_winning_card():
    # partner (seat 2) leads ♠A; void in spades, holding trumps ♥ and a club: the club goes
    v = SeatView(seat=0, hand=parse_cardset("♥A ♥7 ♣8 ♣9"), legal=cards("♣8 ♣9 ♥7 ♥A"), trump=HEARTS,
                 trick=((2, parse_card("♠A")),), after=(1,), partners=frozenset({2}))
    c = play_card(v, "x.y.z")
    assert c.action == parse_card("♣8") and "partner" in c.why_en and "партнёра" in c.why_ru


def test_trumps_an_opponents_winning_card_cheaply():
    v = SeatView(seat=0, hand=parse_cardset("♥A ♥7 ♣8"), legal=cards("♣8 ♥7 ♥A"), trump=HEARTS,
                 trick=((1, parse_card("♠A")),), after=())
    c = play_card(v, "x.y.z")
    assert c.action == parse_card("♥7") and c.why_en.startswith("trumps with ♥7")


def test_cannot_win_discards_from_the_shortest_plain_suit():
    # no trumps held, no spades: the single ♣8 is the shortest suit
    v = SeatView(seat=0, hand=parse_cardset("♦A ♦9 ♦7 ♣8"), legal=cards("♣8 ♦7 ♦9 ♦A"), trump=HEARTS,
                 trick=((1, parse_card("♠A")),), after=(2,))
    c = play_card(v, "x.y.z")
    assert c.action == parse_card("♣8") and "shortest" in c.why_en


def test_wanting_no_tricks_stays_under_the_card_that_wins():
    # ♠10 wins so far: ♠9 is the highest spade under it (♠J would take the trick)
    v = SeatView(seat=0, hand=parse_cardset("♠J ♠9 ♠7"), legal=cards("♠7 ♠9 ♠J"), want=AVOID,
                 trick=((1, parse_card("♠10")),), after=(2,))
    c = play_card(v, "x.y.z")
    assert c.action == parse_card("♠9") and "stays under ♠10" in c.why_en


def test_a_single_lawful_card_cites_the_rule():
    v = SeatView(seat=0, hand=parse_cardset("♠9 ♦7"), legal=cards("♠9"), trick=((1, parse_card("♠10")),))
    c = play_card(v, "preferans.play.follow-suit")
    assert c.action == parse_card("♠9") and "(preferans.play.follow-suit)" in c.why_en


# --- Fortuna --------------------------------------------------------------------------------------------


def _fortuna(hand1: str) -> FortunaState:
    """Four-handed, dealer 0, hearts trumps (♥2 turned to the dealer): seat 1, who speaks
    first, holds ``hand1``; the other cards go round the other seats."""
    mine = parse_cardset(hand1)
    rest = [c for c in cards_of((1 << 52) - 1) if not mine >> c & 1 and c != parse_card("♥2")]
    hands = [parse_cardset("♥2"), mine, 0, 0]
    for i, c in enumerate(rest):
        seat = (0, 2, 3)[i % 3]
        hands[seat] |= 1 << c
    return FortunaState(FOUR, Deal(0, tuple(hands), parse_card("♥2"), parse_card("♣2")))


def test_fortuna_bids_with_the_quota_in_sure_tricks():
    # ♥A ♥K (trumps): two, ♠A: one; 3 sure tricks ≥ the quota of 2
    st = _fortuna("♥A ♥K ♠A ♠9 ♠8 ♦7 ♦6 ♦5 ♦4 ♣7 ♣6 ♣5 ♣4")
    c = choose("fortuna", st, R)
    assert c.action == F_PLAY
    assert "3 sure tricks" in c.why_en and "♥A" in c.why_en and "quota is 2" in c.why_en


def test_fortuna_passes_a_hand_without_high_cards():
    # no ace; the kings stand alone (♠K, ♦K); ♣Q without ♣A ♣K; four trumps, none beyond the
    # fourth: nothing sure, below the quota of 2
    st = _fortuna("♠K ♦K ♣Q ♣J ♣9 ♣8 ♣7 ♣6 ♣5 ♥9 ♥8 ♥7 ♥6")
    c = choose("fortuna", st, R)
    assert c.action == F_PASS and "0 sure tricks" in c.why_en


def test_fortuna_partners_in_nevolia_never_trump_each_others_winning_card():
    """Bots' deals of four: whenever a player against the неволя finds a partner's card
    winning and may discard instead, he does not trump it."""
    seen = 0
    for seed in range(300):
        st, _ = bot_deal("fortuna", FOUR, seed)
        if st.nevolia is None:
            continue
        replay = FortunaState(FOUR, st.deal)
        rnd = random.Random(seed)
        while not replay.is_terminal():
            v = view("fortuna", replay)
            c = choose("fortuna", replay, rnd)
            if v.phase == "play" and v.trick and v.partners:
                led = v.trick[0][1] // 13
                best_seat, best = v.trick[0]
                for s, x in v.trick[1:]:
                    if v.beats(x, best, led):
                        best_seat, best = s, x
                plain = [a for a in v.legal if a // 13 != v.trump]
                if best_seat in v.partners and led != v.trump and plain and len(plain) < len(v.legal):
                    seen += 1
                    assert c.action // 13 != v.trump, (seed, c)
            replay.apply(c.action)
    assert seen > 0  # the situation arose


# --- preferans ----------------------------------------------------------------------------------------


def test_preferans_bids_a_strong_hand_and_passes_a_weak_one():
    # first hand: ♠A K Q J 10 with ♠ trumps: A K Q three, two trumps beyond the third (eight
    # cards a suit); ♥A ♥K two; ♦A, ♣A: 3 + 2 + 2 + 1 + 1 = 9, one more hoped from the talon:
    # the cheapest bid, 6♠, is in reach
    st = State(SOCHI, dealt(SOCHI, "♠AKQJ10 ♥AK ♦A ♣A7", "♠987 ♥QJ10 ♦KQ ♣KQ", "♥987 ♦J1098 ♣J108",
                            "♦7 ♣9"))
    c = choose("preferans", st, R)
    assert c.action == BID + index(6, 0) and "9 sure tricks" in c.why_en and "2 long trumps" in c.why_en
    st.apply(c.action)
    # second hand: ♠9 8 7; ♥Q J 10 (a queen counts only under ace and king); ♦K Q, ♣K Q: two
    # guarded kings: 2 sure tricks, 3 with the talon, far from six
    c = choose("preferans", st, R)
    assert c.action == PASS and c.why_en.startswith("passes")


def test_preferans_calls_a_misere_with_no_card_that_must_take():
    # every suit from its seven up, in steps of two at most: ♠7 9, ♣7 9, ♦7 9 J, ♥7 9 J
    st = State(SOCHI, dealt(SOCHI, "♠79 ♣79 ♦79J ♥79J", "♠AKQ10 ♣AKQ ♦AKQ", "♠J8 ♣J108 ♦108 ♥AKQ",
                            "♥10 ♥8"))
    c = choose("preferans", st, R)
    assert c.action == MISERE and "misere-first-call" in c.why_en


def _whist_state(second: str, third: str) -> State:
    """First hand declares 6♠ (its talon ♥8 ♥7 laid away again); the whist is up to the others."""
    st = State(SOCHI, dealt(SOCHI, "♠AKQJ1098 ♥AK ♦7", second, third, "♥8 ♥7"))
    st.apply(BID + index(6, 0))
    st.apply(PASS)
    st.apply(PASS)
    st.apply(DISCARD + parse_card("♥8"))
    st.apply(DISCARD + parse_card("♥7"))
    st.apply(DECLARE + index(6, 0))
    return st


def test_preferans_whists_when_it_covers_half_the_obligation():
    # against a six the defence owes 4 (preferans.whist.obligation): each defender half, 2.
    # second hand: ♣A, ♦A K Q (ace, guarded king, queen under both): four sure tricks → whist;
    # third hand: ♣K guarded by ♣10 9 8 7, one sure trick, less than 2 → pass
    st = _whist_state("♣AQJ ♦AKQJ ♥QJ10", "♠7 ♣K10987 ♦1098 ♥9")
    c = choose("preferans", st, R)
    assert c.action == WHIST and "4 sure tricks" in c.why_en and "half is 2" in c.why_en
    st.apply(c.action)
    c = choose("preferans", st, R)
    assert c.action == PASS_WHIST and "1 sure trick (♣K)" in c.why_en and "(preferans.whist.obligation)" in c.why_en
    st.apply(c.action)
    assert st.legal_actions() == [OPEN, CLOSED]
    c = choose("preferans", st, R)
    assert c.action == OPEN
    st.apply(c.action)
    # open whist: the declarer now sees both defenders' cards, and they theirs
    v = view("preferans", st)
    assert v.seat == 0 and v.shown & st.hands[1] == st.hands[1] and v.shown & st.hands[2] == st.hands[2]


def test_preferans_closed_play_hides_the_other_hands():
    st = _whist_state("♣AQJ ♦AKQJ ♥QJ10", "♠7 ♣K10987 ♦1098 ♥9")
    st.apply(WHIST)
    st.apply(PASS_WHIST)
    st.apply(CLOSED)
    v = view("preferans", st)
    assert v.shown & (st.hands[1] | st.hands[2]) == 0


def test_preferans_misere_defenders_cards_are_seen_after_the_declarers_lead():
    # the misère hand of test_preferans_calls_a_misere…: first hand declares, leads first
    st = State(SOCHI, dealt(SOCHI, "♠79 ♣79 ♦79J ♥79J", "♠AKQ10 ♣AKQ ♦AKQ", "♠J8 ♣J108 ♦108 ♥AKQ",
                            "♥10 ♥8"))
    for a in (MISERE, PASS, PASS):
        st.apply(a)
    while st.phase_name == "discard":
        st.apply(choose("preferans", st, R).action)
    assert st.phase_name == "play" and st.current_player() == 0
    defenders = st.hands[1] | st.hands[2]
    before = view("preferans", st)
    assert before.shown & defenders == 0 and before.want == AVOID   # on lead: he leads before they lie down
    st.apply(choose("preferans", st, R).action)
    after = view("preferans", st)                                       # the second hand, a defender
    assert after.seat == 1 and after.shown & st.hands[2] == st.hands[2]
    assert st.dealt.talon & ~after.shown == 0                           # the talon was shown to all


def test_second_hand_plays_low_when_its_winner_could_fall():
    # ♠7 led; ♠K would beat it but ♠A is still out (and ♠Q) and an opponent (seat 2) plays after
    v = SeatView(seat=0, hand=parse_cardset("♠K ♠8 ♦9"), legal=cards("♠8 ♠K"), trick=((1, parse_card("♠7")),),
                 after=(2,), deck=parse_cardset("♠A ♠K ♠Q ♠8 ♠7 ♦9 ♦8 ♦7"))
    c = play_card(v, "x.y.z")
    assert c.action == parse_card("♠8") and "second in hand" in c.why_en
    # with ♠A gone (played), ♠K is sure (♠8 is not: ♠Q is out): it takes the trick
    v2 = SeatView(seat=0, hand=v.hand, legal=v.legal, trick=v.trick, after=v.after, deck=v.deck,
                  played=parse_cardset("♠A ♠7"))
    assert play_card(v2, "x.y.z").action == parse_card("♠K")
