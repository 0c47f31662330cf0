"""Random deals of Russian preferans in compiled code, deal for deal the same as
:func:`cardrules.games.preferans.simulate.random_deal` driven by one ``random.Random``.

The pure-Python engine (:mod:`cardrules.games.preferans.state`) is the edition's
implementation and the reference: every clause links there. This module plays the same
deals faster, for the benchmark and for long random runs, and
``tests/fast/test_preferans.py`` checks it against the engine deal by deal (every action,
the contract, the tricks, the entries on the sheet).

What it covers: the deals :func:`random_deal` plays, that is a deal of its own (no
all-passes in a row before it, no pool closed, no bomb, no blind all-pass before it) for
three players, for four (the dealer sits out, and may whist) and for the two-handed
«гусарик», every preset. Two drivers (:data:`DRIVERS`):
the simulator's shaped choices (:func:`~cardrules.games.preferans.simulate.choose`), and
:func:`cardrules.simulate.play_out`'s uniform pick, which ``cardrules bench`` drives every
engine with. Either way every action draws ``random()`` as the Python driver does, in the
same order, from the same ``random.Random`` state.

A deal's record, when asked for (``record=True``):

* ``history``: the actions as the engine's ``State.history`` holds them (calls ``BID + i``,
  ``MISERE``, ``PASS``, ``BLIND_PASS``; discards ``DISCARD + card``; ``DECLARE + i``; whist
  calls 300…304; cards 0…51), padded with -1;
* ``outcome``: kind (0 contract, 1 misère, 2 all-pass), contract (ladder step, ``MISERE``,
  -1), the declarer's seat (-1), tricks of seats 0…3, the blind level of an all-pass
  (``DealFacts.dark``), the seats that passed blind (bits) and the tricks the sitting-out
  dealer's talon cards won in an all-pass (``DealFacts.dealer_tricks``);
* ``entries``: the sheet entries in the engine's order, as kind (0 pool, 1 mountain,
  2 whists), seat, twice the amount (halves occur), the seat written on (-1) and the
  clause (an index into :data:`CLAUSES`).
"""

from __future__ import annotations

import random

import numpy as np
from numba import njit

from cardrules.cards import PIQUET_32

from .rng import count, kth, mt_from_random, mt_to_random, pick, random01, splitmix_shuffle

# the engine's action numbers (cardrules.games.preferans.auction, .play, .state)
BID, MISERE, PASS, BLIND_PASS = 64, 89, 90, 91
DISCARD, DECLARE = 100, 200
WHIST, PASS_WHIST, HALF_WHIST, OPEN, CLOSED = 300, 301, 302, 303, 304

CONTRACT, MISERE_KIND, ALLPASS = 0, 1, 2
KINDS = ("contract", "misere", "allpass")
ENTRY_KINDS = ("pool", "mountain", "whists")
CLAUSES = ("preferans.whist.no-whist", "preferans.whist.half-whist", "preferans.scoring.made",
           "preferans.scoring.remise", "preferans.scoring.whist-value", "preferans.scoring.consolation",
           "preferans.whist.sharing", "preferans.whist.responsibility", "preferans.scoring.misere",
           "preferans.allpass.whists", "preferans.allpass.zero-tricks", "preferans.allpass.scoring")
(C_NO_WHIST, C_HALF, C_MADE, C_REMISE, C_WHIST_VALUE, C_CONSOLATION, C_SHARING, C_RESPONSIBILITY, C_MISERE,
 C_AP_WHISTS, C_AP_ZERO, C_AP_SCORING) = range(len(CLAUSES))

HISTORY = 96  #: room for a deal's actions (an auction has at most 25 raises)
MAX_ENTRIES = 10
OUTCOME = 10

# the parameter vector (see params())
(P_PLAYERS, P_TALON_ROUND, P_HOLD_ANY, P_MISERE_OUTBID, P_CV, P_MISERE_VALUE, P_WF, P_RF, P_OBL, P_RESP, P_CONS,
 P_CONS_BASIS, P_GENTLEMAN, P_HALF_WHIST, P_HALF_AFTER, P_AP_WHISTS, P_AP_VALUE, P_AP_PROG, P_AP_ZERO, P_AP_AMNESTY,
 P_AP_TALON, P_BLIND_PASS, P_BOMB_LIMIT, P_JUMPS, P_UNIFORM, P_DEALER_WHIST, P_CONS_TO_DEALER) = (
    0, 1, 2, 3, 4, 9, 10, 11, 12, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34)
N_PARAMS = 35
#: The two drivers of a random deal: ``shaped`` is the simulator's ``random_deal`` (its
#: ``choose``: passes six times in ten, low bids, the lowest or next contract), ``uniform`` is
#: :func:`cardrules.simulate.play_out` (every legal action equally likely, in every phase).
DRIVERS = ("shaped", "uniform")

_PACK = np.array(PIQUET_32.cards, dtype=np.int64)


def params(variant, driver: str = "shaped") -> np.ndarray:
    """The variant and the driver as the compiled code reads them (every variant the
    parameters' declarations allow: 2, 3 or 4 players, every option)."""
    v = variant
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_PLAYERS] = v.players
    p[P_TALON_ROUND] = v.talon_round
    p[P_HOLD_ANY] = v.hold_any_earlier
    p[P_MISERE_OUTBID] = v.misere_outbid_level
    p[P_CV:P_CV + 5] = v.contract_values
    p[P_MISERE_VALUE] = v.misere_value
    p[P_WF] = v.whist_factor
    p[P_RF] = v.remise_factor
    p[P_OBL:P_OBL + 5] = v.whist_obligations
    p[P_RESP] = ("full", "half", "classic").index(v.whist_responsibility)
    p[P_CONS] = v.consolation
    p[P_CONS_BASIS] = ("whist", "contract").index(v.consolation_basis)
    p[P_GENTLEMAN] = v.whist_sharing == "gentleman"
    p[P_HALF_WHIST] = v.half_whist
    p[P_HALF_AFTER] = v.half_whist_after_whist
    p[P_AP_WHISTS] = v.allpass_scoring == "whists"
    p[P_AP_VALUE] = v.allpass_trick_value
    p[P_AP_PROG] = v.allpass_progression[0]  # a deal of its own: the first all-pass
    p[P_AP_ZERO] = v.allpass_zero_bonus
    p[P_AP_AMNESTY] = v.allpass_amnesty
    p[P_AP_TALON] = v.allpass_talon
    p[P_BLIND_PASS] = v.blind_pass
    p[P_BOMB_LIMIT] = v.bomb_limit
    p[P_JUMPS] = v.allow_jumps
    p[P_UNIFORM] = DRIVERS.index(driver)
    p[P_DEALER_WHIST] = v.dealer_whist
    p[P_CONS_TO_DEALER] = v.consolation_to_dealer
    return p


@njit(cache=True, inline="always")
def _suit_mask(s):
    return 0x1FFF << (13 * s)


@njit(cache=True)
def _entry(rec, ent, d, k, kind, seat, amount2, on, clause):
    if rec:
        ent[d, k, 0] = kind
        ent[d, k, 1] = seat
        ent[d, k, 2] = amount2
        ent[d, k, 3] = on
        ent[d, k, 4] = clause
    return k + 1


@njit(cache=True)
def play_deals(P, mt, first_seed, n_deals, rec, hist, outc, ent, nent):
    """Play ``n_deals`` deals with seeds ``first_seed`` …, dealer ``seed % players``, drawing the
    random choices from ``mt``; with ``rec``, fill the record arrays (``n_deals`` rows each).
    Returns the number of deals played."""
    players = P[P_PLAYERS]
    cards = np.empty(32, dtype=np.int64)
    hands = np.zeros(3, dtype=np.int64)
    seats = np.zeros(3, dtype=np.int64)
    passed = np.zeros(3, dtype=np.int64)
    has_bid = np.zeros(3, dtype=np.int64)
    spoken = np.zeros(3, dtype=np.int64)
    blind = np.zeros(3, dtype=np.int64)
    wcalls = np.zeros(3, dtype=np.int64)
    whisters = np.zeros(2, dtype=np.int64)
    order = np.zeros(2, dtype=np.int64)
    tricks = np.zeros(3, dtype=np.int64)
    ts = np.zeros(4, dtype=np.int64)  # tricks by seat
    counts = np.zeros(4, dtype=np.int64)
    tc = np.zeros(3, dtype=np.int64)
    tp = np.zeros(3, dtype=np.int64)
    defence = np.zeros(4, dtype=np.int64)  # by seat; -1 when not in the defence
    passers = np.zeros(2, dtype=np.int64)
    talon = np.zeros(2, dtype=np.int64)
    for d in range(n_deals):
        seed = first_seed + d
        dealer = seed % players
        h_len = 0
        # -- the deal: shuffle, cut at 16, pairs, the talon after round talon_round
        for i in range(32):
            cards[i] = _PACK[i]
        splitmix_shuffle(cards, seed)
        pos = 0
        hands[0] = hands[1] = hands[2] = 0
        for rnd in range(5):
            for p in range(3):
                hands[p] |= (1 << cards[(pos + 16) % 32]) | (1 << cards[(pos + 17) % 32])
                pos += 2
            if rnd + 1 == P[P_TALON_ROUND]:
                talon[0] = cards[(pos + 16) % 32]
                talon[1] = cards[(pos + 17) % 32]
                pos += 2
        if players == 2:
            seats[0] = (dealer + 1) % 2
            seats[1] = -1
            seats[2] = dealer
        else:  # with four, the dealer sits out
            for p in range(3):
                seats[p] = (dealer + 1 + p) % players
        # -- the auction
        for p in range(3):
            passed[p] = seats[p] == -1
            has_bid[p] = spoken[p] = blind[p] = 0
            wcalls[p] = -1
            tricks[p] = 0
        high = high_pos = misere_pos = -1
        min_index = 0
        turn = 0
        kind = -1
        declarer = -1
        contract = -1
        while True:
            p = turn
            nb = 0
            has_m = False
            first = 0
            if p != misere_pos:
                if high == MISERE:
                    cur = 29
                    first = max(min_index, (P[P_MISERE_OUTBID] - 6) * 5)
                else:
                    cur = 2 * high if high >= 0 else -1
                    if high >= 0 and p < high_pos and (p == 0 or P[P_HOLD_ANY]):
                        first = high
                    else:
                        first = high + 1
                    if first < min_index:
                        first = min_index
                has_m = has_bid[p] == 0 and cur < 29
                if first >= 25:
                    nb = 0
                elif P[P_JUMPS]:
                    nb = 25 - first
                elif high >= 0 and high != MISERE and first == high and high + 1 < 25:
                    nb = 2  # without jumps: hold the bid, or the next step
                else:
                    nb = 1
            bl = P[P_BLIND_PASS] != 0 and spoken[p] == 0
            n_acts = nb + has_m + 1 + bl
            if P[P_UNIFORM]:  # play_out: one of the calls, as legal_actions lists them
                r = pick(mt, n_acts)
                if r < nb:
                    a = BID + first + r
                else:
                    r -= nb
                    if has_m:
                        r -= 1
                    a = MISERE if r < 0 else (PASS if r == 0 else BLIND_PASS)
            elif n_acts == 1:
                pick(mt, 1)
                a = PASS
            elif bl and random01(mt) < 0.1:
                a = BLIND_PASS
            elif random01(mt) < 0.6:
                a = PASS
            elif has_m and random01(mt) < 0.1:
                a = MISERE
            elif nb == 0:
                a = PASS
            else:
                a = BID + first + pick(mt, min(3, nb))
            if rec:
                hist[d, h_len] = a
            h_len += 1
            spoken[p] = 1
            if a == BLIND_PASS:
                passed[p] = blind[p] = 1
                level = min(1, P[P_BOMB_LIMIT])
                min_index = max(min_index, (min(6 + level, 10) - 6) * 5)
            elif a == PASS:
                passed[p] = 1
            elif a == MISERE:
                high = MISERE
                high_pos = p
                has_bid[p] = 1
                misere_pos = p
            else:
                if high == MISERE:
                    passed[misere_pos] = 1
                high = a - BID
                high_pos = p
                has_bid[p] = 1
            npassed = passed[0] + passed[1] + passed[2]
            if npassed == 3:
                kind = ALLPASS
                break
            if high_pos >= 0 and passed[high_pos] == 0 and npassed == 2:
                declarer = high_pos
                break
            q = (p + 1) % 3
            while passed[q]:
                q = (q + 1) % 3
            turn = q
        # -- the talon, the discard, the contract, the whist
        trump = -1
        half = False  # the deal ended on a half-whist
        nw = 0
        n_order = 0
        half_pos = -1
        playing = True
        dwhist = False  # the sitting-out dealer whists (four players)
        dealer_may = players == 4 and P[P_DEALER_WHIST] != 0
        dealer_tricks = 0
        if kind != ALLPASS:
            hands[declarer] |= (1 << talon[0]) | (1 << talon[1])
            for k in range(2):
                m = hands[declarer]
                c = kth(m, pick(mt, count(m)))
                hands[declarer] = m ^ (1 << c)
                if rec:
                    hist[d, h_len] = DISCARD + c
                h_len += 1
            if high == MISERE:
                kind = MISERE_KIND
                contract = MISERE
            else:
                kind = CONTRACT
                contract = high + pick(mt, 25 - high if P[P_UNIFORM] else min(2, 25 - high))
                if rec:
                    hist[d, h_len] = DECLARE + contract
                h_len += 1
                lvl = 6 + contract // 5
                if contract % 5 != 4:
                    trump = contract % 5
                for q in ((declarer + 1) % 3, (declarer + 2) % 3):
                    if seats[q] >= 0:
                        order[n_order] = q
                        n_order += 1
                o0 = order[0]
                o1 = order[1]
                ws = 0  # 0 first, 1 second, 2 again, 3 again2, 4 choose, 5 the sitting-out dealer
                while True:
                    if ws == 4:
                        if P[P_HALF_WHIST] and P[P_HALF_AFTER] and nw == 1 and whisters[0] == o0 and \
                                wcalls[o1] == PASS_WHIST and lvl <= 7 and half_pos < 0:
                            r = pick(mt, 3)
                        else:
                            r = pick(mt, 2)
                        a = OPEN + r if r < 2 else HALF_WHIST
                    elif ws == 1 and wcalls[o0] == PASS_WHIST and P[P_HALF_WHIST] and lvl <= 7:
                        a = WHIST + pick(mt, 3)
                    else:
                        a = WHIST + pick(mt, 2)
                    if rec:
                        hist[d, h_len] = a
                    h_len += 1
                    after = -1  # -1: go on; 0: nobody whists; 1: whisters set; 2: play; 3: half-whist, over
                    if ws == 4:
                        if a == HALF_WHIST:
                            half_pos = o0
                            ws = 3
                        else:
                            after = 2
                    elif ws == 3:
                        if a == WHIST:
                            wcalls[o0] = PASS_WHIST
                            wcalls[o1] = WHIST
                            whisters[0] = o1
                            nw = 1
                            after = 1
                        elif dealer_may:
                            ws = 5
                        else:
                            after = 3
                    elif ws == 0:
                        wcalls[o0] = a
                        if n_order == 1:
                            nw = 0
                            if a == WHIST:
                                whisters[0] = o0
                                nw = 1
                            after = 1
                        else:
                            ws = 1
                    elif ws == 1:
                        wcalls[o1] = a
                        if a == HALF_WHIST:
                            half_pos = o1
                            ws = 2
                        else:
                            nw = 0
                            for q in (o0, o1):
                                if wcalls[q] == WHIST:
                                    whisters[nw] = q
                                    nw += 1
                            if nw == 0 and lvl >= 8 and dealer_may:
                                ws = 5
                            else:
                                after = 1
                    elif ws == 5:  # the sitting-out dealer: he whists both hands, or not
                        if a == WHIST:
                            dwhist = True
                            for i in range(n_order):
                                wcalls[order[i]] = PASS_WHIST
                            nw = 0
                            after = 2
                        elif half_pos >= 0:
                            after = 3
                        else:
                            nw = 0
                            after = 1
                    else:  # again: the first defender may take the whist back from a half-whister
                        if a == WHIST:
                            wcalls[o0] = WHIST
                            wcalls[o1] = PASS_WHIST
                            whisters[0] = o0
                            nw = 1
                            after = 1
                        elif dealer_may:
                            ws = 5
                        else:
                            after = 3
                    if after == 1:
                        if nw == 0:
                            playing = False
                            break
                        if nw == 1 and n_order == 2:
                            ws = 4
                            continue
                        break
                    if after == 2:
                        break
                    if after == 3:
                        half = True
                        playing = False
                        break
        # -- the play
        if playing:
            auto_dummy = kind == ALLPASS and players == 2
            talon_leads = kind == ALLPASS and P[P_AP_TALON] != 0 and players != 2
            leader = 0
            for trick_no in range(10):
                talon_trick = trick_no < 2 and talon_leads
                if talon_trick:
                    led = talon[trick_no] // 13
                    turn = 0
                else:
                    led = -1
                    turn = leader
                for k in range(3):
                    p = turn
                    h = hands[p]
                    if auto_dummy and seats[p] == -1:  # the dummy's lowest lawful card (rank, then suit)
                        m = h
                        if led >= 0 and h & _suit_mask(led):
                            m = h & _suit_mask(led)
                        c = -1
                        best = 999
                        while m:
                            low = m & -m
                            x = kth(low, 0)
                            m ^= low
                            key = (x % 13) * 4 + x // 13
                            if key < best:
                                best = key
                                c = x
                    else:
                        m = h
                        if led >= 0:
                            if h & _suit_mask(led):
                                m = h & _suit_mask(led)
                            elif trump >= 0 and h & _suit_mask(trump):
                                m = h & _suit_mask(trump)
                        c = kth(m, pick(mt, count(m)))
                        if rec:
                            hist[d, h_len] = c
                        h_len += 1
                    if led < 0:
                        led = c // 13
                    hands[p] = h ^ (1 << c)
                    tc[k] = c
                    tp[k] = p
                    turn = (p + 1) % 3
                if talon_trick:  # a talon card leads: the highest card of its suit, if anyone followed
                    w = -1
                    bk = -1
                    if players == 4:  # the talon card is the sitting-out dealer's, and may win
                        bk = talon[trick_no]
                        w = 3
                    for k in range(3):
                        if tc[k] // 13 == led and tc[k] > bk:
                            bk = tc[k]
                            w = k
                    if w == 3:
                        dealer_tricks += 1
                    elif w >= 0:
                        tricks[tp[w]] += 1
                    leader = 0
                else:
                    w = 0
                    bk = -1
                    for k in range(3):
                        s = tc[k] // 13
                        key = 100 + tc[k] if s == trump else (tc[k] if s == led else -1)
                        if key > bk:
                            bk = key
                            w = k
                    tricks[tp[w]] += 1
                    leader = tp[w]
        # -- the tricks by seat (the dummy's go to the one who plays it, except in an all-pass)
        for s in range(4):
            ts[s] = 0
        for p in range(3):
            s = seats[p]
            if s >= 0:
                ts[s] += tricks[p]
            elif kind == MISERE_KIND:
                ts[seats[2 - declarer]] += tricks[p]
            elif kind == CONTRACT and nw == 1:
                ts[seats[whisters[0]]] += tricks[p]
        # -- scoring
        k = 0
        fdark = 0
        blinds = 0
        dseat = seats[declarer] if declarer >= 0 else -1
        sitting = dealer if players == 4 else -1
        if kind == ALLPASS:
            if blind[0] or blind[1] or blind[2]:
                fdark = min(1, P[P_BOMB_LIMIT])
                for p in range(3):
                    if blind[p]:
                        blinds |= 1 << seats[p]
                if sitting >= 0:
                    blinds |= 1 << sitting
            value = P[P_AP_VALUE] * P[P_AP_PROG] * (1 << fdark)
            ns = players
            if P[P_AP_WHISTS]:  # the players with fewest tricks write whists on the others (not the dealer)
                low = 99
                for s in range(ns):
                    if s != sitting:
                        low = min(low, ts[s])
                nwin = 0
                for s in range(ns):
                    nwin += ts[s] == low and s != sitting
                for w in range(ns):
                    if ts[w] != low or w == sitting:
                        continue
                    for s in range(ns):
                        if ts[s] == low or ts[s] == 0 or s == sitting:
                            continue
                        k = _entry(rec, ent, d, k, 2, w, 2 * value * ts[s] // nwin, s, C_AP_WHISTS)
                if P[P_AP_ZERO]:
                    for s in range(ns):
                        if ts[s] == 0 and s != sitting:
                            k = _entry(rec, ent, d, k, 0, s, 2, -1, C_AP_ZERO)
                    if sitting >= 0:
                        k = _entry(rec, ent, d, k, 0, sitting, 2, -1, C_AP_ZERO)
            else:  # on the mountain; the sitting-out dealer counts the tricks his talon cards won
                for s in range(ns):
                    counts[s] = ts[s]
                if sitting >= 0:
                    counts[sitting] = dealer_tricks
                low = 0
                if P[P_AP_AMNESTY]:
                    low = 99
                    for s in range(ns):
                        low = min(low, counts[s])
                for s in range(ns):
                    t = counts[s]
                    if t == 0:
                        if P[P_AP_ZERO]:
                            k = _entry(rec, ent, d, k, 0, s, 2 * value, -1, C_AP_ZERO)
                        continue
                    if t - low:
                        k = _entry(rec, ent, d, k, 1, s, 2 * (t - low) * value, -1, C_AP_SCORING)
        elif kind == MISERE_KIND:
            t = ts[dseat]
            if t == 0:
                k = _entry(rec, ent, d, k, 0, dseat, 2 * P[P_MISERE_VALUE], -1, C_MISERE)
            else:
                k = _entry(rec, ent, d, k, 1, dseat, 2 * P[P_MISERE_VALUE] * P[P_RF] * t, -1, C_MISERE)
        else:
            lvl = 6 + contract // 5
            price = P[P_CV + lvl - 6]
            wv = price * P[P_WF]
            rv = price * P[P_RF]
            obl = P[P_OBL + lvl - 6]
            if half:
                k = _entry(rec, ent, d, k, 0, dseat, 2 * price, -1, C_HALF)
                k = _entry(rec, ent, d, k, 2, seats[half_pos], 2 * wv * (obl // 2), dseat, C_HALF)
            elif nw == 0 and not dwhist:
                k = _entry(rec, ent, d, k, 0, dseat, 2 * price, -1, C_NO_WHIST)
            else:
                # the defence: the defenders' tricks; the passers share as the variant says (a half-whister
                # whose whist was taken back is none); when the sitting-out dealer whists, both defenders
                # are passers and he the one whister, with no tricks of his own
                for s in range(4):
                    defence[s] = -1
                n_pass = 0
                for i in range(n_order):
                    q = order[i]
                    defence[seats[q]] = ts[seats[q]]
                    if (dwhist or wcalls[q] != WHIST) and q != half_pos:
                        passers[n_pass] = seats[q]
                        n_pass += 1
                d_total = 0
                for s in range(4):
                    if defence[s] > 0:
                        d_total += defence[s]
                taken = ts[dseat]
                short = max(0, lvl - taken)
                if short == 0:
                    k = _entry(rec, ent, d, k, 0, dseat, 2 * price, -1, C_MADE)
                else:
                    k = _entry(rec, ent, d, k, 1, dseat, 2 * rv * short, -1, C_REMISE)
                if P[P_CONS]:
                    cons = P[P_CONS]
                elif P[P_CONS_BASIS] == 1:
                    cons = price
                else:
                    cons = wv
                w = dealer if dwhist else seats[whisters[0]]
                if nw == 2:
                    for i in range(2):
                        s = seats[whisters[i]]
                        if defence[s]:
                            k = _entry(rec, ent, d, k, 2, s, 2 * wv * defence[s], dseat, C_WHIST_VALUE)
                        if short:
                            k = _entry(rec, ent, d, k, 2, s, 2 * cons * short, dseat, C_CONSOLATION)
                elif short and P[P_GENTLEMAN] and n_pass and not dwhist:
                    for i in range(n_pass + 1):
                        s = w if i == 0 else passers[i - 1]
                        if wv * d_total:
                            k = _entry(rec, ent, d, k, 2, s, wv * d_total, dseat, C_SHARING)
                        k = _entry(rec, ent, d, k, 2, s, 2 * cons * short, dseat, C_CONSOLATION)
                else:
                    if d_total:
                        k = _entry(rec, ent, d, k, 2, w, 2 * wv * d_total, dseat, C_WHIST_VALUE)
                    if short:
                        for i in range(n_pass + 1):
                            s = w if i == 0 else passers[i - 1]
                            k = _entry(rec, ent, d, k, 2, s, 2 * cons * short, dseat, C_CONSOLATION)
                if short and players == 4 and P[P_CONS_TO_DEALER] and not dwhist:  # the dealer sitting out
                    k = _entry(rec, ent, d, k, 2, dealer, 2 * cons * short, dseat, C_CONSOLATION)
                # the defenders' remises: full, or half ('half'; 'classic' while the pool is open)
                if d_total < obl:
                    full2 = 2 if P[P_RESP] == 0 else 1
                    if nw == 1 or dwhist:
                        k = _entry(rec, ent, d, k, 1, w, full2 * rv * (obl - d_total), -1, C_RESPONSIBILITY)
                    elif obl >= 2:
                        hf = obl // 2
                        for i in range(2):
                            s = seats[whisters[i]]
                            if defence[s] < hf:
                                k = _entry(rec, ent, d, k, 1, s, full2 * rv * (hf - defence[s]), -1, C_RESPONSIBILITY)
                    else:
                        k = _entry(rec, ent, d, k, 1, seats[whisters[1]], full2 * rv * (obl - d_total), -1,
                                   C_RESPONSIBILITY)
        if rec:
            for i in range(h_len, hist.shape[1]):
                hist[d, i] = -1
            outc[d, 0] = kind
            outc[d, 1] = contract
            outc[d, 2] = dseat
            for i in range(4):
                outc[d, 3 + i] = ts[i]
            outc[d, 7] = fdark
            outc[d, 8] = blinds
            outc[d, 9] = dealer_tricks
            nent[d] = k
    return n_deals


class Batch:
    """Random deals of one variant, batch after batch, continuing one ``random.Random`` and the
    seeds 0, 1, 2 … as the Python simulator's benchmark does; ``driver`` one of :data:`DRIVERS`."""

    def __init__(self, variant, rng: random.Random | None = None, first_seed: int = 0, driver: str = "shaped"):
        self.P = params(variant, driver)
        self.seats = max(3, variant.players)
        self.rng = rng or random.Random(0)
        self.mt = mt_from_random(self.rng)
        self.seed = first_seed
        self._none = (np.zeros((1, 1), np.int16), np.zeros((1, 1), np.int64), np.zeros((1, 1, 1), np.int64),
                      np.zeros(1, np.int64))

    def play(self, count: int) -> int:
        """Play ``count`` deals, keeping no record; the number played."""
        n = play_deals(self.P, self.mt, self.seed, count, False, *self._none)
        self.seed += n
        return n

    def record(self, count: int) -> list[tuple]:
        """Play ``count`` deals and return each one's outcome (see :func:`outcome`'s shape)."""
        hist = np.zeros((count, HISTORY), np.int16)
        outc = np.zeros((count, OUTCOME), np.int64)
        ent = np.zeros((count, MAX_ENTRIES, 5), np.int64)
        nent = np.zeros(count, np.int64)
        play_deals(self.P, self.mt, self.seed, count, True, hist, outc, ent, nent)
        self.seed += count
        mt_to_random(self.mt, self.rng)
        out = []
        for d in range(count):
            h = tuple(int(x) for x in hist[d] if x >= 0)
            o = outc[d]
            entries = tuple((ENTRY_KINDS[e[0]], int(e[1]), int(e[2]), int(e[3]), CLAUSES[e[4]])
                            for e in ent[d, :nent[d]])
            tricks = {s: int(o[3 + s]) for s in range(self.seats)}
            out.append((h, KINDS[o[0]], int(o[1]), int(o[2]), tricks, entries, int(o[7]), int(o[8]), int(o[9])))
        return out


def outcome(st) -> tuple:
    """A finished Python deal (``preferans.State``) in the shape of :meth:`Batch.record`'s rows:
    actions, kind, contract, declarer's seat, tricks by seat, entries (amounts doubled), the
    blind level of an all-pass, the seats that passed blind (bits) and the sitting-out dealer's
    all-pass tricks."""
    f = st.facts
    tricks = {s: f.tricks.get(s, 0) for s in range(max(3, st.variant.players))}
    entries = tuple((e.kind, e.seat, int(2 * e.amount), -1 if e.on is None else e.on, e.clause) for e in st.entries)
    contract = st.contract if st.kind != "allpass" else -1
    declarer = st.seats[st.declarer] if st.declarer >= 0 else -1
    blinds = sum(1 << s for s in st.bombs_earned)
    return (tuple(st.history), st.kind, contract, declarer, tricks, entries, f.dark, blinds, f.dealer_tricks)
