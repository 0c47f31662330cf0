"""Random deals of Fortuna in compiled code, deal for deal the same as
:func:`cardrules.games.fortuna.simulate.random_deal` driven by one ``random.Random``.

The Python engine (:mod:`cardrules.games.fortuna.state`, :mod:`.scoring`) is the reference;
``tests/fast/test_fortuna.py`` checks this module against it deal by deal. It plays what
:func:`random_deal` plays: a deal of a fresh partie (scores 0, the pool the dealer's stake),
every action drawn as :func:`cardrules.simulate.play_out` draws it (``int(random() * n)``
over the legal actions in the engine's order), then the deal's settlement in chips.

A deal's record (``record=True``): the actions as ``State.history`` holds them, padded
with -1; and per seat the chips, leve and honour points, tricks, whether a declarer,
made, failed; the pool paid in, the remises, the quota, the seat that forced неволя, the
souverain (seat, 1 grand / 2 petit), whether all passed.
"""

from __future__ import annotations

import random

import numpy as np
from numba import njit

from .rng import count, kth, mt_from_random, mt_to_random, pick, splitmix_draw, splitmix_shuffle

# the engine's action numbers (cardrules.games.fortuna.auction, .state)
PASS, PLAY, HOLD, NEVOLIA = 64, 65, 66, 67
BUY = 70

HISTORY = 64  #: calls (at most 2n), talon purchases and discards, and the cards played
#: per-seat rows of a record: chips, leve, honours, tricks, declarer, made, failed
S_CHIPS, S_LEVE, S_HONOURS, S_TRICKS, S_DECL, S_MADE, S_FAILED = range(7)
#: the deal's row: pool in, remises, quota, неволя seat, souverain seat, its kind, all passed
D_POOL_IN, D_REMISES, D_QUOTA, D_NEVOLIA, D_SOV, D_SOV_KIND, D_ALLPASS = range(7)

(P_PLAYERS, P_TALON, P_BIDDING, P_BASE_QUOTA, P_NEVOLIA_QUOTA, P_DEALER_REPASS, P_PASSERS_PLAY, P_ALLPASS_STAKE,
 P_DEALER_STAKE, P_MUST_TRUMP, P_HON, P_SHORT_HON, P_PREFS, P_SURS, P_SHORTFALL, P_CAP, P_REMISE_CARDS, P_PUNITION,
 P_RELIEF, P_PARTIE, P_CAP_PAID, P_SOV_LEVE, P_GRAND, P_PETIT, P_ACE1, P_ACE2, P_PETIT_TOP, P_ELDER_MAX, P_FEE,
 P_FAIL_FACTOR, P_PACK_MASK, P_HONOURS_TRICKS) = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 20, 21, 22, 23, 24, 25, 26,
                                                  27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39)
N_PARAMS = 40


def params(variant) -> tuple[np.ndarray, np.ndarray]:
    """The variant as the compiled code reads it, and its pack's cards in order."""
    from cardrules.games.fortuna.deal import pack

    v = variant
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_PLAYERS] = v.players
    p[P_TALON] = v.talon
    p[P_BIDDING] = v.bidding
    p[P_BASE_QUOTA] = v.base_quota
    p[P_NEVOLIA_QUOTA] = v.nevolia_quota
    p[P_DEALER_REPASS] = v.dealer_may_repass_alone
    p[P_PASSERS_PLAY] = v.passers_play
    p[P_ALLPASS_STAKE] = v.allpass_stake
    p[P_DEALER_STAKE] = v.dealer_stake
    p[P_MUST_TRUMP] = v.must_trump
    p[P_HON:P_HON + 6] = v.honour_scale
    p[P_SHORT_HON:P_SHORT_HON + 4] = v.short_honour_scale
    p[P_PREFS] = v.prefs_rate
    p[P_SURS] = v.surs_rate
    p[P_SHORTFALL] = v.failure_payment == "shortfall"
    p[P_CAP] = v.remise_cap
    p[P_REMISE_CARDS] = v.remise_honours == "cards"
    p[P_PUNITION] = v.punition_consolation
    p[P_RELIEF] = v.relief_tricks
    p[P_PARTIE] = v.partie_points
    p[P_CAP_PAID] = v.cap_paid_points
    p[P_SOV_LEVE] = v.souverain_leve
    p[P_GRAND] = v.grand_premium
    p[P_PETIT] = v.petit_premium
    p[P_ACE1], p[P_ACE2] = v.petit_aces
    p[P_PETIT_TOP] = v.petit_top_trumps
    p[P_ELDER_MAX] = v.talon_elder_max
    p[P_FEE] = v.talon_fee
    p[P_FAIL_FACTOR] = v.talon_fail_factor
    deck = pack(v)
    p[P_PACK_MASK] = deck.mask
    p[P_HONOURS_TRICKS] = v.honours_from == "tricks"
    return p, np.array(deck.cards, dtype=np.int64)


@njit(cache=True)
def _honour_points(P, held, trump):
    hon = (0x1F00 << (13 * trump)) & P[P_PACK_MASK]  # ten to ace of trumps, as the pack holds them
    mine = held & hon
    n_hon = count(mine)
    ace = (mine >> (13 * trump + 12)) & 1
    if count(hon) == 5:
        if n_hon == 2 and not ace:
            return 0
        return P[P_HON + n_hon]
    if n_hon == 1 and not ace:
        return 0
    return P[P_SHORT_HON + n_hon]


@njit(cache=True)
def _souverain(P, points, held, trump):
    """0 none, 1 grand, 2 petit (:func:`cardrules.games.fortuna.scoring.souverain`)."""
    target = P[P_PARTIE]
    if points >= target:
        return 1
    if points != target - 1:
        return 0
    ace_suit = P[P_ACE2] if trump == P[P_ACE1] else P[P_ACE1]
    if not (held >> (13 * ace_suit + 12)) & 1:
        return 0
    need = P[P_PETIT_TOP]
    if need:
        trumps = P[P_PACK_MASK] & (0x1FFF << (13 * trump))
        top = 0
        for _ in range(need):
            if not trumps:
                return 0
            c = 63
            while not (trumps >> c) & 1:
                c -= 1
            top |= 1 << c
            trumps ^= 1 << c
        if held & top != top:
            return 0
    return 2


@njit(cache=True)
def play_deals(P, pack, mt, first_seed, n_deals, rec, hist, seat_rows, deal_rows):
    """Play ``n_deals`` deals with seeds ``first_seed`` …, dealer ``seed % players``; with ``rec``
    fill the record arrays. Returns the number of deals played."""
    n = P[P_PLAYERS]
    size = len(pack)
    cards = np.empty(size, dtype=np.int64)
    dealt = np.empty(size, dtype=np.int64)
    hands = np.zeros(n, dtype=np.int64)
    held = np.zeros(n, dtype=np.int64)
    won = np.zeros(n, dtype=np.int64)
    order = np.zeros(n, dtype=np.int64)
    decl = np.zeros(n, dtype=np.int64)  # 1 while holding a game
    seen = np.zeros(n, dtype=np.int64)  # passes answered; -1 never declared
    playing = np.zeros(n, dtype=np.int64)
    nxt = np.zeros(n, dtype=np.int64)
    tricks = np.zeros(n, dtype=np.int64)
    bought = np.zeros(n, dtype=np.int64)
    chips = np.zeros(n, dtype=np.int64)
    made = np.zeros(n, dtype=np.int64)
    failed = np.zeros(n, dtype=np.int64)
    relieved = np.zeros(n, dtype=np.int64)
    units = np.zeros(n, dtype=np.int64)
    paid = np.zeros(n, dtype=np.int64)
    paid_leve = np.zeros(n, dtype=np.int64)
    leve = np.zeros(n, dtype=np.int64)
    hons = np.zeros(n, dtype=np.int64)
    made_list = np.zeros(n, dtype=np.int64)
    talon = np.zeros(4, dtype=np.int64)
    t_n = P[P_TALON]
    for d in range(n_deals):
        seed = first_seed + d
        dealer = seed % n
        h_len = 0
        # -- the deal (fortuna.deal.deal_order): the talon before the last pair, one card at a time
        for i in range(size):
            cards[i] = pack[i]
        splitmix_shuffle(cards, seed)
        m = 0
        for i in range(size - 2 - t_n):
            dealt[m] = cards[i]
            m += 1
        for i in range(t_n):
            talon[i] = cards[size - 2 - t_n + i]
        dealt[m] = cards[size - 2]
        dealt[m + 1] = cards[size - 1]
        m += 2
        for s in range(n):
            hands[s] = 0
            tricks[s] = bought[s] = chips[s] = made[s] = failed[s] = relieved[s] = 0
            units[s] = paid[s] = paid_leve[s] = leve[s] = hons[s] = 0
            decl[s] = 0
            seen[s] = -1
        for i in range(m):
            hands[(dealer + 1 + i % n) % n] |= 1 << dealt[i]
        trump = dealt[m - 1] // 13
        surs = splitmix_draw(pack, seed ^ 0x5EC0DBAC) // 13
        # -- the auction
        nevolia = -1
        quota = P[P_BASE_QUOTA]
        n_decl = 0
        all_passed = False
        if P[P_BIDDING]:
            for i in range(n):
                order[i] = (dealer + 1 + i) % n
            passes = 0
            for i in range(n):  # first round: pass or «играю»
                seat = order[i]
                a = PASS + pick(mt, 2)
                if rec:
                    hist[d, h_len] = a
                h_len += 1
                if a == PLAY:
                    decl[seat] = 1
                    seen[seat] = passes
                    n_decl += 1
                else:
                    passes += 1
            while True:  # the re-pass round (Auction._next_speaker)
                if n_decl == 0:
                    break
                if n_decl == 1:
                    seat = 0
                    for s in order:
                        if decl[s]:
                            seat = s
                    if seat == dealer and not P[P_DEALER_REPASS]:
                        pick(mt, 1)
                        a = NEVOLIA
                    else:
                        a = PASS if pick(mt, 2) == 0 else NEVOLIA
                else:
                    seat = -1
                    for s in order:
                        if seen[s] >= 0 and decl[s] and s != dealer and passes > seen[s]:
                            seat = s
                            break
                    if seat < 0:
                        break
                    a = HOLD if pick(mt, 2) == 0 else PASS
                if rec:
                    hist[d, h_len] = a
                h_len += 1
                if a == NEVOLIA:
                    nevolia = seat
                    break
                if a == HOLD:
                    seen[seat] = passes
                else:
                    decl[seat] = 0
                    n_decl -= 1
                    passes += 1
            if n_decl == 0:
                all_passed = True
            elif nevolia >= 0:
                quota = P[P_NEVOLIA_QUOTA]
            else:
                quota = P[P_BASE_QUOTA] + n - n_decl
        else:
            for s in range(n):
                decl[s] = 1
            n_decl = n
            if t_n:  # the talon: the non-dealer, then the dealer, buy and discard
                left = t_n
                taken = 0
                cur = (dealer + 1) % n
                while True:
                    limit = min(P[P_ELDER_MAX], left) if cur != dealer else left
                    k = pick(mt, limit + 1)
                    if rec:
                        hist[d, h_len] = BUY + k
                    h_len += 1
                    for i in range(k):
                        hands[cur] |= 1 << talon[taken + i]
                    taken += k
                    left -= k
                    bought[cur] = k
                    for i in range(k):
                        hm = hands[cur]
                        c = kth(hm, pick(mt, count(hm)))
                        hands[cur] = hm ^ (1 << c)
                        if rec:
                            hist[d, h_len] = c
                        h_len += 1
                    if cur != dealer and left:
                        cur = dealer
                    else:
                        break
        # -- the play
        if not all_passed:
            n_play = 0
            for s in range(n):
                if nevolia >= 0 or P[P_PASSERS_PLAY] or decl[s]:
                    playing[n_play] = s
                    n_play += 1
            for i in range(n_play):
                nxt[playing[i]] = playing[(i + 1) % n_play]
            for s in range(n):
                held[s] = hands[s]
                won[s] = 0
            cur = (dealer + 1) % n
            while True:
                ok = False
                for i in range(n_play):
                    if playing[i] == cur:
                        ok = True
                if ok:
                    break
                cur = (cur + 1) % n
            tricks_left = count(hands[playing[0]])
            trick_mask = 0
            while tricks_left:
                led = -1
                best = -1
                best_seat = -1
                for k in range(n_play):
                    h = hands[cur]
                    mm = h
                    if k:
                        f = h & (0x1FFF << (13 * led))
                        if f:
                            mm = f
                        elif P[P_MUST_TRUMP] and h & (0x1FFF << (13 * trump)):
                            mm = h & (0x1FFF << (13 * trump))
                    c = kth(mm, pick(mt, count(mm)))
                    if rec:
                        hist[d, h_len] = c
                    h_len += 1
                    hands[cur] = h ^ (1 << c)
                    s = c // 13
                    trick_mask = trick_mask | (1 << c) if k else 1 << c
                    if k == 0:
                        led = s
                        best = c % 13 + (16 if s == trump else 0)
                        best_seat = cur
                    else:
                        key = c % 13 + 16 if s == trump else (c % 13 if s == led else -1)
                        if key > best:
                            best = key
                            best_seat = cur
                    if k < n_play - 1:
                        cur = nxt[cur]
                tricks[best_seat] += 1
                won[best_seat] |= trick_mask
                cur = best_seat
                tricks_left -= 1
        # -- the settlement (fortuna.scoring.settle), a fresh partie: scores 0, pool the stake
        pool_in = 0
        remises = 0
        sov = -1
        sov_kind = 0
        if all_passed:
            for s in range(n):
                if s != dealer:
                    chips[s] -= P[P_ALLPASS_STAKE]
                    pool_in += P[P_ALLPASS_STAKE]
        else:
            sm, pr = surs, surs ^ 1
            mult = P[P_SURS] if trump == sm else (P[P_PREFS] if trump == pr else 1)
            if P[P_HONOURS_TRICKS]:  # honours as won in tricks, not as held
                for s in range(n):
                    held[s] = won[s]
            fees = 0
            for s in range(n):
                fees += bought[s] * P[P_FEE]
            n_made = 0
            any_failed = False
            for s in range(n):  # the declarers in seat order (sorted), or the неволя alone
                if nevolia >= 0:
                    if s != nevolia:
                        continue
                elif not decl[s]:
                    continue
                t = tricks[s]
                if t >= quota:
                    made[s] = 1
                    made_list[n_made] = s
                    n_made += 1
                    lv = t - quota if t > quota else 0
                    hp = _honour_points(P, held[s], trump)
                    pts = lv + hp
                    p = pts
                    if P[P_CAP_PAID]:
                        gain = pts if pts < P[P_PARTIE] else P[P_PARTIE]
                        p = gain if gain < pts else pts
                    paid[s] = p
                    paid_leve[s] = lv if lv < p else p
                    leve[s] = lv
                    hons[s] = hp
                    if sov < 0:
                        kind = _souverain(P, pts, held[s], trump)
                        if kind:
                            sov = s
                            sov_kind = kind
                else:
                    failed[s] = 1
                    any_failed = True
                    under = quota - t
                    if P[P_REMISE_CARDS]:
                        hu = count(held[s] & (0x1F00 << (13 * trump)) & P[P_PACK_MASK])
                    else:
                        hu = _honour_points(P, held[s], trump)
                    units[s] = under + hu
                    if P[P_RELIEF] and t >= P[P_RELIEF]:
                        relieved[s] = 1
            # who is in the game, who is exempt from paying (неволя: all but him)
            if sov >= 0:
                premium = P[P_GRAND] if sov_kind == 1 else P[P_PETIT]
                for o in range(n):
                    if o == sov or not (nevolia >= 0 or decl[o]):
                        continue
                    fo = P[P_FAIL_FACTOR] if failed[o] and bought[o] else 1
                    amt = (P[P_SOV_LEVE] * mult + premium) * fo
                    if amt > 0 and not (nevolia >= 0 and o != nevolia):
                        chips[o] -= amt
                        chips[sov] += amt
            if any_failed:
                for i in range(n_made):
                    s = made_list[i]
                    if s == sov:
                        continue
                    for fl in range(n):
                        if not failed[fl]:
                            continue
                        ff = P[P_FAIL_FACTOR] if bought[fl] else 1
                        amt = paid[s] * mult * ff
                        if amt > 0 and not (nevolia >= 0 and fl != nevolia):
                            chips[fl] -= amt
                            chips[s] += amt
                for fl in range(n):
                    if not failed[fl] or relieved[fl]:
                        continue
                    ff = P[P_FAIL_FACTOR] if bought[fl] else 1
                    for o in range(n):
                        if o == fl or not (nevolia >= 0 or decl[o]):
                            continue
                        if P[P_SHORTFALL]:
                            amt = units[fl] * mult * ff
                            if amt > 0 and not (nevolia >= 0 and fl != nevolia):
                                chips[fl] -= amt
                                chips[o] += amt
                        if fl == nevolia:
                            chips[fl] -= P[P_PUNITION]
                            chips[o] += P[P_PUNITION]
            else:
                for i in range(n_made):
                    a = made_list[i]
                    if a == sov:
                        continue
                    for j in range(i + 1, n_made):
                        b = made_list[j]
                        if b == sov:
                            continue
                        if paid[a] != paid[b]:
                            lo, hi = (a, b) if paid[a] < paid[b] else (b, a)
                            amt = (paid[hi] - paid[lo]) * mult
                        elif paid_leve[a] != paid_leve[b]:
                            lo, hi = (a, b) if paid_leve[a] < paid_leve[b] else (b, a)
                            amt = (paid_leve[hi] - paid_leve[lo]) * mult
                        else:
                            continue
                        if amt > 0 and not (nevolia >= 0 and lo != nevolia):
                            chips[lo] -= amt
                            chips[hi] += amt
            pool = P[P_DEALER_STAKE] + fees
            rsize = pool if pool < P[P_CAP] else P[P_CAP]
            for fl in range(n):
                if failed[fl] and not relieved[fl]:
                    chips[fl] -= units[fl] * rsize
                    remises += units[fl] * rsize
            for s in range(n):
                if bought[s]:
                    chips[s] -= bought[s] * P[P_FEE]
                    pool_in += bought[s] * P[P_FEE]
        if rec:
            for i in range(h_len, hist.shape[1]):
                hist[d, i] = -1
            for s in range(n):
                seat_rows[d, s, S_CHIPS] = chips[s]
                seat_rows[d, s, S_LEVE] = leve[s]
                seat_rows[d, s, S_HONOURS] = hons[s]
                seat_rows[d, s, S_TRICKS] = tricks[s]
                seat_rows[d, s, S_DECL] = decl[s] if not all_passed else 0
                seat_rows[d, s, S_MADE] = made[s]
                seat_rows[d, s, S_FAILED] = failed[s]
            deal_rows[d, D_POOL_IN] = pool_in
            deal_rows[d, D_REMISES] = remises
            deal_rows[d, D_QUOTA] = quota if not all_passed else -1
            deal_rows[d, D_NEVOLIA] = nevolia
            deal_rows[d, D_SOV] = sov
            deal_rows[d, D_SOV_KIND] = sov_kind
            deal_rows[d, D_ALLPASS] = all_passed
    return n_deals


class Batch:
    """Random deals of one form, batch after batch, continuing one ``random.Random`` and the
    seeds 0, 1, 2 … as the Python simulator's benchmark does."""

    def __init__(self, variant, rng: random.Random | None = None, first_seed: int = 0):
        self.P, self.pack = params(variant)
        self.n = variant.players
        self.rng = rng or random.Random(0)
        self.mt = mt_from_random(self.rng)
        self.seed = first_seed
        self._none = (np.zeros((1, 1), np.int16), np.zeros((1, 1, 1), np.int64), np.zeros((1, 1), np.int64))

    def play(self, count: int) -> int:
        """Play ``count`` deals, keeping no record; the number played."""
        k = play_deals(self.P, self.pack, self.mt, self.seed, count, False, *self._none)
        self.seed += k
        return k

    def record(self, count: int) -> list[tuple]:
        """Play ``count`` deals and return each one's outcome (see :func:`outcome`)."""
        hist = np.zeros((count, HISTORY), np.int16)
        seat_rows = np.zeros((count, self.n, 7), np.int64)
        deal_rows = np.zeros((count, 7), np.int64)
        play_deals(self.P, self.pack, self.mt, self.seed, count, True, hist, seat_rows, deal_rows)
        self.seed += count
        mt_to_random(self.mt, self.rng)
        out = []
        for d in range(count):
            h = tuple(int(x) for x in hist[d] if x >= 0)
            sr, dr = seat_rows[d], deal_rows[d]
            col = lambda j: tuple(int(x) for x in sr[:, j])  # noqa: E731
            declarers = tuple(s for s in range(self.n) if sr[s, S_DECL])
            souv = (int(dr[D_SOV]), ("grand", "petit")[dr[D_SOV_KIND] - 1]) if dr[D_SOV] >= 0 else None
            out.append((h, declarers, int(dr[D_NEVOLIA]), int(dr[D_QUOTA]), col(S_TRICKS), col(S_CHIPS),
                        int(dr[D_POOL_IN]), int(dr[D_REMISES]), col(S_LEVE), col(S_HONOURS),
                        tuple(s for s in range(self.n) if sr[s, S_MADE]),
                        tuple(s for s in range(self.n) if sr[s, S_FAILED]), souv, bool(dr[D_ALLPASS])))
        return out


def outcome(st) -> tuple:
    """A finished, settled Python deal (``fortuna.State``) in the shape of :meth:`Batch.record`'s rows."""
    res = st.settlement()
    n = st.variant.players
    passed = not st.declarers
    return (tuple(st.history), tuple(st.declarers), -1 if st.nevolia is None else st.nevolia,
            -1 if passed else st.quota, tuple(st.tricks), tuple(res.chips), res.pool_in, res.remises,
            tuple(res.leve), tuple(res.honours), tuple(sorted(res.made)), tuple(sorted(res.failed)),
            res.souverain, res.all_passed)
