"""The heuristics of the four new games' bots: hand-built where a position is easy to
build, and otherwise over many seeded deals, counting that each case arose."""

import random

from cardrules.bots import choose, view
from cardrules.bots.common import sure_tricks
from cardrules.cards import parse_cardset
from cardrules.games.preference.deal import Deal as PrefDeal
from cardrules.games.preference.state import HEARTS, PASS, State as PrefState
from cardrules.games.preference.variants import AUSTRIAN

from .helpers import fresh, variants


def _walk(game: str, seeds=range(40)):
    """(state, view, choice) at every decision of bots' deals of every preset of ``game``."""
    for g, name, variant in variants():
        if g != game:
            continue
        for seed in seeds:
            st = fresh(game, variant, seed)
            rnd = random.Random(seed)
            while not st.is_terminal():
                v = view(game, st)
                c = choose(game, st, rnd)
                yield st, v, c
                st.apply(c.action)


def test_preference_plays_hearts_from_the_hand_with_six_sure_tricks():
    # eldest (seat 1, dealer 0): ♥A K Q three; six hearts of eight, three beyond the third;
    # ♠A, ♦A: 3 + 3 + 2 = 8 ≥ 6: hearts without the talon («червы»)
    mine = parse_cardset("♥AKQJ109 ♠A7 ♦A7")
    rest = [c for s in range(4) for c in range(13 * s + 5, 13 * s + 13) if not mine >> c & 1]
    hands = [0, mine, 0]
    for i, c in enumerate(rest[:20]):
        hands[(0, 2)[i % 2]] |= 1 << c
    talon = sum(1 << c for c in rest[20:])
    st = PrefState(AUSTRIAN, PrefDeal(0, tuple(hands), talon))
    assert st.current_player() == 1
    c = choose("preference", st, random.Random(0))
    assert c.action == HEARTS and "8 sure tricks" in c.why_en


def test_preference_passes_without_five_sure_tricks():
    cases = {"pass": 0, "bid": 0}
    for st, v, c in _walk("preference", range(15)):
        if int(st.phase) == 0 and PASS in v.legal and len(v.legal) > 1:
            best = max(sure_tricks(v.hand, s, v.deck)[0] for s in range(4))
            if best < 5:
                assert c.action == PASS, c
                cases["pass"] += 1
            elif c.action != PASS:
                cases["bid"] += 1
    assert cases["pass"] and cases["bid"]


def test_preference_defender_plays_with_two_sure_tricks():
    seen = {90: 0, 91: 0}
    for st, v, c in _walk("preference"):
        if int(st.phase) == 3:
            n = sure_tricks(v.hand, v.trump, v.deck)[0]
            assert c.action == (90 if n >= 2 else 91), (n, c)
            seen[c.action] += 1
    assert seen[90] and seen[91]


def test_piquet_calls_what_it_holds_and_says_not_good_when_better():
    calls = not_good = 0
    for st, v, c in _walk("piquet", range(20)):
        if int(st.phase) != 2:
            continue
        if any(80 <= a < 84 for a in v.legal):
            assert 80 <= c.action < 84, c
            calls += 1
        elif 89 in v.legal:
            assert c.action == 89 and "better" in c.why_en
            not_good += 1
    assert calls and not_good


def test_piquet_discards_low_cards_of_short_suits_and_keeps_aces():
    discards = 0
    for st, v, c in _walk("piquet", range(20)):
        if int(st.phase) == 1 and 0 <= c.action < 52:
            discards += 1
            held = [x for x in range(52) if v.hand >> x & 1]
            longest = max(range(4), key=lambda s: (sum(1 for x in held if x // 13 == s), s))
            spare = [x for x in held if x // 13 != longest and x % 13 != 12]  # neither trumps-to-be nor aces
            if spare:
                assert c.action in spare, c
                # from the shortest of their suits, its lowest card
                length = {s: sum(1 for x in held if x // 13 == s) for s in range(4)}
                assert length[c.action // 13] == min(length[x // 13] for x in spare)
    assert discards


def test_terts_announces_its_best_and_beats_when_it_can():
    announced = beaten = 0
    for st, v, c in _walk("terts"):
        if int(st.phase) != 0:
            continue
        kinds = [a for a in v.legal if 64 <= a < 74]
        beats = [a for a in v.legal if 256 <= a < 1024]
        if beats:
            assert c.action == max(beats)
            beaten += 1
        elif kinds:
            assert c.action == max(kinds)
            announced += 1
    assert announced and beaten


def test_semerik_declares_everything_before_done():
    declared = 0
    for st, v, c in _walk("semerik", range(60)):
        if int(st.phase) == 0 and len(v.legal) > 1:
            assert c.action != 90 and 64 <= c.action < 84
            declared += 1
    assert declared


def test_semerik_partners_sit_opposite():
    for st, v, c in _walk("semerik", range(2)):
        assert v.partners == frozenset({(v.seat + 2) % 4})
