"""Préférence's side of the deal records (see :mod:`cardrules.records`).

Calls are written as the players say them: «пас», «раз» … «четыре» (or 1–4),
«держу», «игра», «червы»; the declarer's trumps as ``козырь пики`` (or ``trumps
spades``); a defender's «играю» / «пасую»; a lone defender's «приглашаю» or «один»;
cards (``♠A``) for the two cards laid away and for the play, a trick on a line.
A deal is a seed, or the hands written out (an empty hand for a dealer sitting out)
with the talon.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from operator import attrgetter
from typing import Any

from cardrules.cards import CardError, format_hand, parse_cards, parse_cardset, parse_suit
from cardrules.engine import DealSummary, Trace, TrickPlayed
from cardrules.recorddata import DealSpec as DealRecord, Line, read_by_phase

from .auction import CALL_NAMES_EN, FOUR, HEARTS, HOLD, ONE, PASS, SPIEL, THREE, TWO  # noqa: F401
from .deal import Deal, check_deal, croatian_deal, deal as make_deal
from .scoring import final_result

from .state import (KONTRA_NAMES, NAME_BETL, NAME_SANS, Sheet, ALONE, DECLINE, DEFEND, INVITE, KONTRA, NO_KONTRA, TRUMP, CroatianPartie, CroatianState, Partie, Phase,
                    State, action_to_string, croatian_action_to_string)
from .variants import NUMBER_OF_SUIT, PRESETS, CroatianVariant

_C_CALLS = {"dalje": PASS, "pass": PASS, "moje": HOLD, "hold": HOLD, "igra": SPIEL,
            **{str(k): ONE + k - 1 for k in range(2, 8)},
            **{w: ONE + k - 1 for k, w in ((2, "dva"), (3, "tri"), (4, "četiri"), (5, "pet"), (6, "šest"), (7, "sedam"))}}
_C_GAMES = {"list": 2, "leaves": 2, "pik": 2, "bundeva": 3, "bells": 3, "karo": 3, "srce": 4, "hearts": 4, "herc": 4,
            "žir": 5, "acorns": 5, "tref": 5, "betl": 6, "sans": 7, "sanac": 7}
_C_DECISIONS = {Phase.DEFENCE: {"dođem": DEFEND, "dodjem": DEFEND, "ne dođem": DECLINE, "ne dodjem": DECLINE},
                Phase.INVITE: {"zovem": INVITE, "invite": INVITE, "sam": ALONE, "alone": ALONE},
                Phase.KONTRA: {"kontra": KONTRA, "rekontra": KONTRA, "subkontra": KONTRA, "mortkontra": KONTRA,
                               "igraj": NO_KONTRA, "dalje": NO_KONTRA}}


def parse_croatian(state: CroatianState, text: str) -> list[int]:
    """The actions of one line of a Croatian record.

    >>> from cardrules.games.preference import CROATIAN
    >>> st = CroatianState(CROATIAN, croatian_deal(CROATIAN, 1))
    >>> parse_croatian(st, "2"), parse_croatian(st, "dalje")
    ([69], [64])
    """
    return _croatian_in(state.phase, text)


def _croatian_in(phase: Phase, text: str) -> list[int]:
    """The actions of one line of a Croatian record in ``phase``."""
    word = text.strip().lower()
    if phase == Phase.AUCTION and word in _C_CALLS:
        return [_C_CALLS[word]]
    if phase == Phase.TRUMP and word in _C_GAMES:
        return [TRUMP + _C_GAMES[word]]
    if word in _C_DECISIONS.get(phase, {}):
        return [_C_DECISIONS[phase][word]]
    try:
        return parse_cards(text)
    except CardError as err:
        raise NotationError(f"not an action of the {phase.name.lower()} phase: {err}") from None


class NotationError(ValueError):
    """A record line that is no action of this game."""


_CALLS = {"пас": PASS, "pass": PASS, "раз": ONE, "one": ONE, "1": ONE, "два": TWO, "two": TWO, "2": TWO,
          "три": THREE, "three": THREE, "3": THREE, "четыре": FOUR, "four": FOUR, "4": FOUR,
          "держу": HOLD, "здесь": HOLD, "hold": HOLD, "игра": SPIEL, "spiel": SPIEL, "червы": HEARTS, "hearts": HEARTS}
_DEFENCE = {"играю": DEFEND, "play": DEFEND, "вист": DEFEND, "пасую": DECLINE, "пас": DECLINE, "pass": DECLINE}
_INVITE = {"приглашаю": INVITE, "invite": INVITE, "один": ALONE, "alone": ALONE}
_GAMES = {"бетл": NAME_BETL, "betl": NAME_BETL, "санс": NAME_SANS, "sans": NAME_SANS}
_KONTRA = {"контра": KONTRA, "kontra": KONTRA, "без контры": NO_KONTRA, "no kontra": NO_KONTRA}


def parse_action(state: State, text: str) -> list[int]:
    """The actions one record line stands for, read in the light of the phase.

    >>> from cardrules.games.preference import AUSTRIAN
    >>> st = State(AUSTRIAN, make_deal(AUSTRIAN, 1))
    >>> parse_action(st, "раз"), parse_action(st, "♠7 ♠8")
    ([68], [5, 6])
    """
    return _austrian_in(state.phase, text)


def _austrian_in(phase: Phase, text: str) -> list[int]:
    """The actions one record line stands for in ``phase`` (the Austrian and Styrian game)."""
    word = text.strip().lower()
    if phase == Phase.AUCTION and word in _CALLS:
        return [_CALLS[word]]
    if phase == Phase.DEFENCE and word in _DEFENCE:
        return [_DEFENCE[word]]
    if phase == Phase.INVITE and word in _INVITE:
        return [_INVITE[word]]
    if phase == Phase.TRUMP and word in _GAMES:
        return [_GAMES[word]]
    if phase == Phase.KONTRA and word in _KONTRA:
        return [_KONTRA[word]]
    head, _, rest = word.partition(" ")
    if head in _TRUMP_HEADS:
        try:
            return [TRUMP + NUMBER_OF_SUIT[parse_suit(rest)]]
        except CardError as err:
            raise NotationError(f"write козырь and a suit: {err}") from None
    try:
        return parse_cards(text)
    except CardError as err:
        raise NotationError(f"not an action of the {phase.name.lower()} phase: {err}") from None


#: What a line's reading depends on: the form of the game (the state's class) and the phase.
_key = attrgetter("__class__", "phase")


#: The first words of a line naming trumps (``козырь пики``).
_TRUMP_HEADS = ("козырь", "trumps", "trump")
#: Every word that some phase of either form reads as a call, a game or a decision: a line
#: that is none of them, nor names trumps, is read as cards in every phase.
_PHASE_WORDS = frozenset((*_C_CALLS, *_C_GAMES, *(w for words in _C_DECISIONS.values() for w in words),
                          *_CALLS, *_DEFENCE, *_INVITE, *_GAMES, *_KONTRA))


def _read_in(key: tuple[type, Phase], text: str) -> list[int]:
    cls, phase = key
    return _croatian_in(phase, text) if issubclass(cls, CroatianState) else _austrian_in(phase, text)


class PreferenceRecords:
    name = "preference"
    presets = PRESETS

    def new_partie(self, variant, dealer: int):
        if not 0 <= dealer < variant.players:
            raise ValueError(f"no seat {dealer} among {variant.players} players")
        if isinstance(variant, CroatianVariant):
            return CroatianPartie(variant, dealer=dealer)
        return Partie(variant, dealer=dealer)

    def start_deal(self, partie: Partie, spec: DealRecord, dealer: int | None) -> State:
        if dealer is not None and dealer != partie.dealer:
            if partie.deals:
                raise ValueError(f"seat {partie.dealer} deals now, not seat {dealer}")
            partie.dealer = dealer
        croatian = isinstance(partie, CroatianPartie)
        if croatian and partie.over:
            raise ValueError("the partie is over: the bule add up to zero")
        if spec.seed is not None:
            maker = croatian_deal if croatian else make_deal
            return partie.new_deal(maker(partie.variant, spec.seed, partie.dealer))
        if not spec.talon:
            raise ValueError("a deal written out needs its talon")
        d = Deal(partie.dealer, tuple(parse_cardset(h) for h in spec.hands or ()), parse_cardset(spec.talon))
        check_deal(partie.variant, d)
        return partie.new_deal(d)

    def parse_actions(self, state, text: str) -> list[int]:
        if isinstance(state, CroatianState):
            return parse_croatian(state, text)
        return parse_action(state, text)

    def read_line(self, text: str) -> Line:
        """A record's line read once: cards (a trick, the two cards laid away), which every
        phase reads alike, at load; a word once in each phase (and form of the game: the
        Croatian has words of its own) it is met in, and at replay the phase picks."""
        word = text.strip().lower()
        if word not in _PHASE_WORDS and word.partition(" ")[0] not in _TRUMP_HEADS:
            try:
                return Line(text, self.parse_actions, tuple(parse_cards(text)))
            except CardError:
                pass  # (not cards either: said at replay, in the phase where it is met)
        return read_by_phase(self.parse_actions, text, _read_in, _key)

    def format_history(self, state: State) -> list[str]:
        """Calls one a line; the two cards laid away on one line; a trick on a line."""
        lines: list[str] = []
        croatian = isinstance(state, CroatianState)
        replay = CroatianState(state.variant, state.deal, state.sheet) if croatian else State(state.variant, state.deal, state.pot)
        name = croatian_action_to_string if croatian else action_to_string
        group: list[str] = []
        for action in state.history:
            phase = replay.phase
            replay.apply(action)
            if phase in (Phase.EXCHANGE, Phase.PLAY):
                group.append(name(action))
                if (phase == Phase.EXCHANGE and replay.phase != Phase.EXCHANGE) or (phase == Phase.PLAY and not replay.trick):
                    lines.append(" ".join(group))
                    group = []
            elif croatian and phase == Phase.KONTRA and action == KONTRA:
                lines.append(KONTRA_NAMES[replay.kontra])
            else:
                lines.append(name(action))
        if group:
            lines.append(" ".join(group))
        return lines

    def finish_deal(self, partie, state) -> dict[str, Any]:
        if isinstance(partie, CroatianPartie):  # (the partie's class: the state's is an ABC's, slower to ask)
            partie.finish(state)
            return {
                "all_passed": state.all_passed,
                "unplayed": state.unplayed or None,
                "declarer": state.declarer,
                "game": _croatian_game(state),
                "kontra": state.kontra,
                "defending": list(state.playing),
                "invited_by": state.invited_by,
                "tricks": list(state.tricks),
                "bula": list(partie.sheet.bula),
                "soups": [list(r) for r in partie.sheet.soups],
                "refes": list(partie.sheet.refes),
            }
        pot_before = partie.pot
        r = partie.finish(state)
        return {
            "all_passed": state.all_passed,
            "declarer": state.declarer,
            "contract": _contract(state),
            "defending": list(state.playing),
            "invited_by": state.invited_by,
            "tricks": list(state.tricks),
            "stake": r.stake,
            "pot_before": pot_before,
            "net": r.net,
            "pot": partie.pot,
            "dishes": list(partie.dishes),
        }

    def partie_outcome(self, partie) -> dict[str, Any]:
        if isinstance(partie, CroatianPartie):
            sh = partie.sheet
            return {"over": partie.over, "bula": list(sh.bula), "soups": [list(r) for r in sh.soups],
                    "results": final_result(sh.bula, sh.soups),
                    "settlement": [str(x) for x in partie.settlement()]}
        return {"pot": partie.pot, "dishes": list(partie.dishes), "refills": partie.refills,
                "money_total": partie.money_total()}

    def sheet(self, partie, seats: list[str] | None = None):
        """The Croatian sheet of a finished partie: an SVG of each player's three columns
        (left soup, bula, right soup) with the running figures after every deal, its
        text alternative, and the settlement as a trace of clauses."""
        if not isinstance(partie, CroatianPartie):
            raise ValueError("only the Croatian game keeps a score sheet")
        n = partie.variant.players
        names = seats or [f"seat {i}" for i in range(n)]
        rows: list[tuple[list[int], list[list[int]]]] = []
        replay = Sheet(n, partie.variant.bula)
        rows.append((list(replay.bula), [list(r) for r in replay.soups]))
        for st in partie.deals:
            for e in st.entries():
                replay.write(e)
            rows.append((list(replay.bula), [list(r) for r in replay.soups]))
        col, line = 70, 18
        width, height = col * 3 * n + 20, line * (len(rows) + 3) + 10
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
               f'aria-label="Croatian score sheet" font-family="sans-serif" font-size="12">']
        text_lines = []
        for i in range(n):
            left, right = (i + 1) % n, (i - 1) % n
            x0 = 10 + i * col * 3
            out.append(f'<text x="{x0 + col * 1.5}" y="{line}" text-anchor="middle" font-weight="bold">{escape(names[i])}</text>')
            for k, head in enumerate((f"soup v. {names[left]}", "bula", f"soup v. {names[right]}")):
                out.append(f'<text x="{x0 + col * k + col / 2}" y="{2 * line}" text-anchor="middle" font-size="10">{escape(head)}</text>')
            out.append(f'<rect x="{x0}" y="{2 * line + 4}" width="{col * 3}" height="{line * len(rows)}" fill="none" stroke="black"/>')
            for j, (bula, soups) in enumerate(rows):
                y = 3 * line + j * line
                for k, value in enumerate((soups[i][left], bula[i], soups[i][right])):
                    out.append(f'<text x="{x0 + col * k + col / 2}" y="{y}" text-anchor="middle">{value}</text>')
            text_lines.append(f"{names[i]}: bula " + " → ".join(str(b[i]) for b, _ in rows)
                              + f", soup against {names[left]} {rows[-1][1][i][left]}, against {names[right]} {rows[-1][1][i][right]}")
        out.append("</svg>")
        trace = Trace()
        sh = partie.sheet
        results = final_result(sh.bula, sh.soups)
        for i in range(n):
            trace.add("preference.croatian.settlement",
                      f"{names[i]}: 10 × {sh.bula[i]} − {sum(sh.soups[i])} + {sum(sh.soups[j][i] for j in range(n))}", results[i])
        trace.add("preference.croatian.settlement", "the average result", str(Fraction(sum(results), n)))
        for i, money in enumerate(partie.settlement()):
            trace.add("preference.croatian.settlement", f"{names[i]} receives the average less his result", str(money))
        return "".join(out), "\n".join(text_lines), trace

    def dealer_of(self, state: State) -> int:
        return state.deal.dealer

    def deal_of(self, state: State) -> DealRecord:
        d = state.deal
        if d.seed is not None:
            return DealRecord(seed=d.seed)
        return DealRecord(hands=[format_hand(h) for h in d.hands], talon=format_hand(d.talon))

    def summary(self, state: State) -> DealSummary:
        d = state.deal
        s = DealSummary(players=state.variant.players, dealer=d.dealer, hands=list(d.hands), talon=d.talon,
                        trump=state.trump)
        croatian = isinstance(state, CroatianState)
        replay = CroatianState(state.variant, d, state.sheet) if croatian else State(state.variant, d, state.pot)
        name = croatian_action_to_string if croatian else action_to_string
        plays: list[tuple[int, int]] = []
        for action in state.history:
            seat, phase = replay.current_player(), replay.phase
            replay.apply(action)
            if phase == Phase.PLAY:
                plays.append((seat, action))
                if not replay.trick:
                    s.tricks.append(TrickPlayed(plays, replay.leader))
                    plays = []
            elif phase == Phase.EXCHANGE:
                s.calls.append((seat, f"lays away {name(action)}"))
            else:
                s.calls.append((seat, name(action)))
        if croatian:
            if state.unplayed:
                s.result.append({"all-pass": "All passed.", "pik": "Leaves not contra'd: not played.",
                                 "no-defence": "Nobody followed: not played."}[state.unplayed])
            if state.declarer is not None:
                s.facts.append(("game", _croatian_game(state)))
            s.table = [["player", "", "tricks"]] + [[p, "", str(t)] for p, t in enumerate(state.tricks)]
            s.result.extend(f"Written: {e}." for e in state.entries())
            s.trace = state.explain()
            return s
        r = state.settlement()
        if state.all_passed:
            s.result.append("All passed: no play; the next dealer deals.")
        else:
            s.facts.append(("contract", _contract(state)))
            s.result.append(f"At stake {r.stake}.")
            s.table = [["player", "", "tricks", "dish"]] + [
                [p, "", str(t), r.net[p]] for p, t in enumerate(state.tricks)] + [["the pot", "", "", r.pot_change]]
        s.trace = r.trace
        return s


#: The Croatian games' names in English, by value.
_C_GAME_NAMES = {2: "leaves", 3: "bells", 4: "hearts", 5: "acorns", 6: "betl", 7: "sans"}


def _croatian_game(state: CroatianState) -> str:
    if state.declarer is None or not state.value:
        return ""
    name = _C_GAME_NAMES[state.value]
    return f"{'igra ' if state.hand_game else ''}{name} ({state.game})"


#: The suits' names in English, by their number (clubs 1 … hearts 4).
_SUIT_NAMES = {1: "clubs", 2: "spades", 3: "diamonds", 4: "hearts"}


def _contract(state: State) -> str:
    if state.declarer is None:
        return ""
    names = _SUIT_NAMES
    label = CALL_NAMES_EN[ONE + state.level - 1] if state.kind == "talon" else state.kind  # («игра», «червы»: spiel, hearts)
    kontra = ", kontra" if state.kontra_by is not None else ""
    if state.game != "suit":
        return f"{label}, {state.game.capitalize()}{kontra}"
    return f"{label}, trumps {names[state.trump_number]}{kontra}"


RECORDS = PreferenceRecords()

__all__ = ["NotationError", "RECORDS", "parse_action"]
