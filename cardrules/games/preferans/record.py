"""Preferans's side of the deal records (see :mod:`cardrules.records`).

A record line is what a player says or does:

- the auction: a bid ``6♠`` … ``10NT`` (also ``7БК``, ``7 без козыря``, ``7S``), ``мизер`` /
  ``misere``, ``пас`` / ``pass``, ``пас втёмную`` / ``blind pass`` (Classic), ``здесь`` /
  ``hold`` (the same bid as the last one, held by an earlier hand); in Classic a bid or a misère
  called blind, ``7♠ втёмную`` / ``blind 7♠``, ``раз втёмную`` (6♠ blind), ``мизер втёмную`` /
  ``blind misere``;
- the talon: ``снос ♠7 ♥8`` / ``discard ♠7 ♥8`` (the two cards put away, in order);
- naming the contract: ``заказ 7♠`` / ``contract 7♠``;
- the whist: ``вист`` / ``whist``, ``пас`` / ``pass``, ``полвиста`` / ``half-whist``,
  then the lone whister's ``открыто`` / ``open`` or ``закрыто`` / ``closed``;
- the play: a card (``♠A``), or the cards of a whole trick on one line (``♠A ♠7 ♠9``);
  a card played against the suit led that is found out later, ``ренонс ♥8`` / ``revoke ♥8``
  (on a line of its own);
- the irregularities of the bidding and the play that carry a penalty, naming the seat of the
  offender: ``смотрел прикуп: 1`` / ``looked at the talon: 1`` (in the bidding),
  ``смотрел взятку: 1`` / ``looked at a trick: 1``, ``смотрел снос: 0`` /
  ``looked at the discard: 0`` and, in an all-pass, ``ход не в очередь: 2`` /
  ``lead out of turn: 2``;
- the procedure's irregularities (source 001), as the engine models them:
  ``открытая карта: сдающий`` / ``exposed card: dealer`` (or ``игрок`` / ``player``,
  ``колода`` / ``pack``), ``прикуп после круга 2`` / ``talon after round 2``,
  ``пересдача: REASON`` / ``redeal demanded: REASON``, ``вернулся отлучившийся`` /
  ``absent player returns`` — these happen while the cards are dealt, so they are
  written before the first call, and a redeal demanded later is refused
  (``preferans.procedure.redeal-before-end``) — and, during the bidding,
  ``неверное число карт`` / ``wrong count`` (one hand long, another short: redeal) and
  ``казус`` / ``casus`` (a hand short and the card found under the table).

The deal is a seed, or the hands in seat order with the talon in the order it was
laid (its first card leads the first trick of an all-pass). With four players the
dealer's hand is empty (``""``); in the two-handed game the third hand is the dummy's.
A deal with one hand of eleven cards and one of nine (an undetected misdeal), or one
hand of nine and a card missing from the table (the casus), is accepted as the
irregular deal it is; any other deal that is not ten cards each and two in the talon
from the 32-card pack is refused with the clause it breaks.
"""

from __future__ import annotations

import re
from operator import attrgetter
from fractions import Fraction
from typing import Any

from cardrules.cards import CardError, format_card, format_cards, format_hand, parse_cards, parse_cardset, size, words
from cardrules.engine import DealSummary, TrickPlayed, IllegalAction, Trace, counted
from cardrules.recorddata import DealSpec as DealRecord, Line, read_by_phase

from . import auction as A
from .auction import BID, BLIND_PASS, DARK, DARK_MISERE, MISERE, PASS, dark_call
from .deal import DUMMY, Dealt, check_deal, deal as make_deal, seats_of
from .drawing import LEGEND, sheet_svg, sheet_text
from .play import CLOSED, HALF_WHIST, OPEN, PASS_WHIST, REVOKE, WHIST
from .scoring import settled_figures
from .state import AUCTION, DECLARE, DECLARE_PHASE, DISCARD, DISCARD_PHASE, DONE, PLAY, WHIST_PHASE, Pulka, State
from .variants import PRESETS, Variant

# --- notation ------------------------------------------------------------------------------

_STRAIN_WORDS = {
    "♠": 0, "s": 0, "пики": 0, "пик": 0, "♣": 1, "c": 1, "трефы": 1, "треф": 1,
    "♦": 2, "d": 2, "бубны": 2, "бубен": 2, "♥": 3, "h": 3, "червы": 3, "червей": 3,
    "nt": 4, "бк": 4, "б/к": 4, "без козыря": 4, "без козыря.": 4,
}
_BID = re.compile(r"^(10|[6-9])\s*(.+)$")
_PASS_WORDS = {"пас", "pass"}
_AUCTION_WORDS = {"мизер": MISERE, "misere": MISERE, "misère": MISERE,
                  "пас втёмную": BLIND_PASS, "пас втемную": BLIND_PASS, "blind pass": BLIND_PASS}
_HOLD_WORDS = {"здесь", "мои", "hold", "here"}
_WHIST_WORDS = {"вист": WHIST, "whist": WHIST, "пас": PASS_WHIST, "pass": PASS_WHIST,
                "полвиста": HALF_WHIST, "за полвиста": HALF_WHIST, "half-whist": HALF_WHIST, "half whist": HALF_WHIST,
                "открыто": OPEN, "в открытую": OPEN, "в светлую": OPEN, "open": OPEN,
                "закрыто": CLOSED, "в закрытую": CLOSED, "втёмную": CLOSED, "втемную": CLOSED, "closed": CLOSED}
_WHIST_TEXT = {WHIST: "вист", PASS_WHIST: "пас", HALF_WHIST: "полвиста", OPEN: "открыто", CLOSED: "закрыто"}
_WHIST_EN = {WHIST: "whist", PASS_WHIST: "pass", HALF_WHIST: "half-whist", OPEN: "open", CLOSED: "closed"}
_FAULTS = {"сдающий": "dealer", "сдающего": "dealer", "dealer": "dealer", "игрок": "player", "игрока": "player",
           "player": "player", "колода": "pack", "колоды": "pack", "pack": "pack"}
_FAULT_TEXT = {"dealer": "сдающий", "player": "игрок", "pack": "колода"}
_EVENTS = [
    (re.compile(r"^(?:exposed card|открытая карта)\s*[:(,]?\s*(\S+?)\)?$"), "exposed"),
    (re.compile(r"^(?:talon (?:laid )?after round|прикуп после круга)\s*(\d+)$"), "talon-order"),
    (re.compile(r"^(?:redeal demanded|пересдача)\s*:?\s*(.*)$"), "redeal-demand"),
    (re.compile(r"^(?:absent player returns|вернулся отлучившийся)$"), "absent"),
    (re.compile(r"^(?:wrong count|неверное число карт)$"), "wrong-count"),
    (re.compile(r"^(?:casus|казус|card under the table|карта под столом)$"), "casus"),
    (re.compile(r"^(?:looked at the talon|смотрел прикуп)\s*:?\s*(\d+)$"), "talon-look"),
    (re.compile(r"^(?:looked at a trick|looked at an old trick|смотрел взятку)\s*:?\s*(\d+)$"), "looked-trick"),
    (re.compile(r"^(?:looked at the discard|смотрел снос)\s*:?\s*(\d+)$"), "looked-discard"),
    (re.compile(r"^(?:lead out of turn|ход не в очередь)\s*:?\s*(\d+)$"), "out-of-turn"),
]
_REVOKE_WORDS = ("ренонс", "фальшренонс", "revoke")


def parse_bid(text: str) -> int | None:
    """The ladder step of a bid written ``7♠``, ``7БК``, ``7NT``, ``10 без козыря``; None if not a bid.

    >>> [A.bid_name(parse_bid(t)) for t in ("6♠", "7БК", "7nt", "10 без козыря", "8H")]
    ['6♠', '7NT', '7NT', '10NT', '8♥']
    """
    m = _BID.match(text.strip().lower())
    if not m or m.group(2).strip() not in _STRAIN_WORDS:
        return None
    return A.index(int(m.group(1)), _STRAIN_WORDS[m.group(2).strip()])


def format_action(action: Any, phase: int) -> str:
    """One action as a record writes it (``phase`` is the phase it was made in).

    >>> format_action(BID + 5, AUCTION), format_action(PASS, AUCTION), format_action(PASS_WHIST, WHIST_PHASE)
    ('7♠', 'пас', 'пас')
    >>> format_action(DECLARE + 9, DECLARE_PHASE), format_action(("exposed", "dealer"), AUCTION)
    ('заказ 7NT', 'открытая карта: сдающий')
    """
    if isinstance(action, tuple):
        kind = action[0]
        if kind == "exposed":
            return f"открытая карта: {_FAULT_TEXT[action[1]]}"
        if kind == "talon-order":
            return f"прикуп после круга {action[1]}"
        if kind == "redeal-demand":
            return f"пересдача: {action[1]}".rstrip(": ")
        if kind == "absent":
            return "вернулся отлучившийся"
        if kind == "wrong-count":
            return "казус" if len(action) > 1 and action[1] == "under-table" else "неверное число карт"
        if kind == "talon-look":
            return f"смотрел прикуп: {action[1]}"
        if kind == "looked":
            return f"смотрел {'снос' if len(action) > 2 and action[2] == 'discard' else 'взятку'}: {action[1]}"
        if kind == "out-of-turn":
            return f"ход не в очередь: {action[1]}"
        raise ValueError(f"unknown irregularity {action!r}")
    if phase == AUCTION:
        if action == PASS:
            return "пас"
        if action == MISERE:
            return "мизер"
        if action == BLIND_PASS:
            return "пас втёмную"
        if action >= DARK:
            return "мизер втёмную" if action == DARK_MISERE else f"{A.bid_name(action - DARK)} втёмную"
        return A.bid_name(action - BID)
    if phase == DISCARD_PHASE:
        return "мизер" if action == MISERE else f"снос {format_card(action - DISCARD)}"
    if phase == DECLARE_PHASE:
        return f"заказ {A.bid_name(action - DECLARE)}"
    if phase == WHIST_PHASE:
        return _WHIST_TEXT[action]
    if action >= REVOKE:
        return f"ренонс {format_card(action - REVOKE)}"
    return format_card(action)


def _num(x: Any) -> Any:
    """A sheet amount as a record writes it: an int, or an exact fraction as the string 'a/b'."""
    if x.__class__ is int:
        return x
    f = x if x.__class__ is Fraction else Fraction(x)
    return int(f) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


# --- the deal ---------------------------------------------------------------------------------


def hands_by_seat(variant: Variant, dealt: Dealt) -> list[int]:
    """The hands in seat order: with two players the dummy's hand comes third; with four
    the dealer's hand is empty."""
    n = variant.players
    out = [0] * (3 if n == 2 else n)
    for pos, seat in enumerate(dealt.seats):
        out[2 if seat == DUMMY else seat] = dealt.hands[pos]
    return out


def _event(word: str, text: str) -> tuple | None:
    """The irregularity a line names, if it names one, whatever the phase (``None`` if it
    does not); read once for each text (a record replayed again looks it up)."""
    key = text  # the text as written: a redeal's reason keeps its case
    if key in _EVENT_OF:
        return _EVENT_OF[key]
    event = _read_event(word, text)
    if len(_EVENT_OF) < 4096:
        _EVENT_OF[key] = event
    return event


_EVENT_OF: dict[str, tuple | None] = {}


def _read_event(word: str, text: str) -> tuple | None:
    """:func:`_event` read from the words."""
    for pattern, kind in _EVENTS:
        m = pattern.match(word)
        if not m:
            continue
        if kind == "exposed":
            if m.group(1) not in _FAULTS:
                raise ValueError(f"whose fault? write {', '.join(sorted(set(_FAULTS)))}")
            return ("exposed", _FAULTS[m.group(1)])
        if kind == "talon-order":
            return ("talon-order", int(m.group(1)))
        if kind == "redeal-demand":
            return ("redeal-demand", text.strip().split(":", 1)[1].strip() if ":" in text else "")
        if kind == "absent":
            return ("absent",)
        if kind == "wrong-count":
            return ("wrong-count", "in-hand")
        if kind == "talon-look":
            return ("talon-look", int(m.group(1)))
        if kind == "looked-trick":
            return ("looked", int(m.group(1)), "trick")
        if kind == "looked-discard":
            return ("looked", int(m.group(1)), "discard")
        if kind == "out-of-turn":
            return ("out-of-turn", int(m.group(1)))
        return ("wrong-count", "under-table")
    return None


def _read_in(ph: int, word: str, text: str, state: State | None) -> list[Any] | None:
    """The actions a line other than an irregularity stands for in phase ``ph``; None if that
    needs the state (``state`` None: «здесь» holds the state's last bid)."""
    if ph == AUCTION:
        if word in _PASS_WORDS:
            return [PASS]
        if word in _AUCTION_WORDS:
            return [_AUCTION_WORDS[word]]
        dark = None
        for suffix in (" втёмную", " втемную"):
            if word.endswith(suffix):
                dark = word[: -len(suffix)].strip()
        if word.startswith("blind "):
            dark = word[6:].strip()
        if dark is not None:
            if dark in ("мизер", "misere", "misère"):
                return [dark_call(MISERE)]
            i = 0 if dark == "раз" else parse_bid(dark)
            if i is None:
                raise ValueError("a blind call: раз втёмную, 7♠ втёмную, мизер втёмную (blind 7♠, blind misere)")
            return [dark_call(BID + i)]
        if word in _HOLD_WORDS:
            if state is None:
                return None  # (the bid held is the state's: read at replay)
            if not 0 <= state.high < A.LADDER:
                raise ValueError("«здесь» holds the last bid, and there is none to hold")
            return [BID + state.high]
        i = parse_bid(word)
        if i is None:
            raise ValueError("a call of the auction: a bid (6♠ … 10NT, 7БК), мизер, пас, пас втёмную or здесь")
        return [BID + i]
    if ph == DISCARD_PHASE:
        if word in ("мизер", "misere", "misère"):  # after blind bidding, before the discard
            return [MISERE]
        head, _, rest = word.partition(" ")
        cards = rest if head in ("снос", "discard") else text
        try:
            return [DISCARD + c for c in parse_cards(cards)]
        except CardError as err:
            raise ValueError(f"the discard: снос CARD CARD (e.g. снос ♠7 ♥8): {err}") from None
    if ph == DECLARE_PHASE:
        head, _, rest = word.partition(" ")
        i = parse_bid(rest if head in ("заказ", "contract", "игра") else word)
        if i is None:
            raise ValueError("naming the contract: заказ 7♠ (or contract 7NT)")
        return [DECLARE + i]
    if ph == WHIST_PHASE:
        if word in _WHIST_WORDS:
            return [_WHIST_WORDS[word]]
        raise ValueError("a whist call: вист, пас, полвиста, открыто or закрыто (whist, pass, half-whist, open, closed)")
    if ph == PLAY:
        head, _, rest = word.partition(" ")
        if head in _REVOKE_WORDS:
            try:
                return [REVOKE + c for c in parse_cards(text.strip().split(None, 1)[1])]
            except (CardError, IndexError) as err:
                raise ValueError(f"a revoke: ренонс CARD (e.g. ренонс ♥8): {err}") from None
        try:
            return parse_cards(text)
        except CardError as err:
            raise ValueError(f"cards played (♠A, or a whole trick: ♠A ♠7 ♠9): {err}") from None
    raise ValueError("the deal is over: nothing more can be done in it")


_phase_of = attrgetter("phase")


# --- the state of a recorded deal -----------------------------------------------------------


class RecordState(State):
    """A :class:`~.state.State` dealt as a record says: it knows the seed it was dealt from,
    and it accepts a wrong count only when the deal as written shows it (the engine takes a
    player's word for it: its deal may be the one intended, not the one on the table).
    Everything else, the irregularities of the procedure included, is the engine's State."""

    __slots__ = ("seed",)

    def __init__(self, variant: Variant, dealt: Dealt, streak: int = 0, pool_closed: Any = None, dark: int = 0,
                 bombs: Any = None, forced: bool = False, faults: int = 0, seed: int | None = None):
        # (State's arguments named, not passed on as *args and **kw: a state is made every deal)
        self.seed = seed
        State.__init__(self, variant, dealt, streak, pool_closed, dark, bombs, forced, faults)

    def _irregularity(self, event: tuple) -> None:
        if event and event[0] == "wrong-count":
            wanted = "casus" if len(event) > 1 and event[1] == "under-table" else "misdeal"
            if check_deal(self.variant, self.dealt) != wanted:
                raise IllegalAction("preferans.procedure.wrong-count" if wanted == "misdeal" else
                                    "preferans.procedure.casus",
                                    "the deal does not show it: " + (
                                        "no hand is long by one and another short by one" if wanted == "misdeal"
                                        else "no hand is short with a card missing from the table"))
        super()._irregularity(event)


class DiagramState(RecordState):
    """A :class:`RecordState` that also remembers each trick as it closes, with its winner
    and any talon card that led it: what the deal's diagram shows (a deal is played again
    as one only to be told, so that a replay to verify does not keep what nobody reads)."""

    def _reset(self) -> None:
        super()._reset()
        self.closed: list[tuple[list[int], list[int], Any, int | None]] = []

    def clone(self) -> "DiagramState":
        c = super().clone()
        c.closed = list(self.closed)
        return c

    def _close_trick(self) -> None:
        record = [list(self.trick_pos), list(self.trick), None,
                  self.dealt.talon_cards[self.trick_no] if self.talon_trick else None]
        self.closed.append(record)  # type: ignore[arg-type]
        before, before_dealer = list(self.tricks), self.dealer_tricks
        super()._close_trick()
        won = [p for p in range(3) if self.tricks[p] != before[p]]
        record[2] = won[0] if won else ("dealer" if self.dealer_tricks != before_dealer else None)


def _replayed(state: State) -> DiagramState:
    """``state`` played again from its deal as a :class:`DiagramState` (which keeps its tricks)."""
    rs = DiagramState(state.variant, state.dealt, state.streak, state.pool_closed, state.dark, state.bombs,
                     state.forced, faults=getattr(state, "faults", 0), seed=getattr(state, "seed", None))
    for a in state.history:
        rs.apply(a)
    return rs


#: The pulka of a record is the engine's :class:`~.state.Pulka` (which counts the dealer's
#: exposed cards itself); the name is kept for the records' readers.
RecordPulka = Pulka


# --- the protocol ---------------------------------------------------------------------------


class PreferansRecords:
    name = "preferans"
    presets = PRESETS

    def new_partie(self, variant: Variant, dealer: int) -> RecordPulka:
        if not 0 <= dealer < variant.players:
            raise ValueError(f"no seat {dealer} among {variant.players} players")
        return RecordPulka(variant, dealer)

    def start_deal(self, partie: RecordPulka, spec: DealRecord, dealer: int | None) -> RecordState:
        v = partie.variant
        if dealer is not None and dealer != partie.dealer:
            if partie.deals:
                raise IllegalAction("preferans.deal.rotation", f"seat {partie.dealer} deals now, not seat {dealer}")
            if not 0 <= dealer < v.players:
                raise ValueError(f"no seat {dealer} among {v.players} players")
            partie.dealer = dealer
        if spec.turned is not None or spec.cut is not None:
            raise ValueError("preferans turns no card and cuts no second pack: give hands and talon (or a seed)")
        if spec.seed is not None:
            dealt = make_deal(v, spec.seed, partie.dealer)
        else:
            want = 3 if v.players == 2 else v.players
            hands = spec.hands or []
            if len(hands) != want:
                what = {2: "two players and the dummy", 3: "three players", 4: "four players, the dealer's empty"}
                raise IllegalAction("preferans.players.count",
                                    f"{v.name} deals {want} hands ({what[v.players]}), the record gives {len(hands)}")
            if not spec.talon:
                raise ValueError("a deal written out needs its talon (talon: two cards, in the order laid)")
            by_seat = list(map(parse_cardset, hands))
            seats = seats_of(v, partie.dealer)
            if v.players == 4 and by_seat[partie.dealer]:
                raise IllegalAction("preferans.deal.pairs",
                                    f"with four players the dealer (seat {partie.dealer}) deals himself no cards")
            # (the dummy, seat -1, holds the third hand written: the last of by_seat)
            pos_hands = (by_seat[seats[0]], by_seat[seats[1]], by_seat[seats[2]])
            dealt = Dealt(pos_hands, tuple(parse_cards(spec.talon)), partie.dealer, seats)  # type: ignore[arg-type]
        check_deal(v, dealt)
        st = partie.new_deal(dealt=dealt, make=RecordState)  # the pulka's own streak, closed pools, bombs, forced all-pass
        st.seed = spec.seed  # type: ignore[attr-defined]
        return st  # type: ignore[return-value]

    def parse_actions(self, state: State, text: str) -> list[Any]:
        word = words(text)
        event = _event(word, text)
        if event is not None:
            return [event]
        return _read_in(state.phase, word, text, state)  # type: ignore[return-value]

    def read_line(self, text: str) -> Line:
        """A record's line read once: an irregularity whatever the phase, else its call or
        cards in each phase it is met in (at replay the phase picks one)."""
        word = words(text)
        try:
            event = _event(word, text)
        except ValueError:  # (said at replay, when the line is reached)
            return Line(text, self.parse_actions)
        if event is not None:
            return Line(text, self.parse_actions, (event,))
        return read_by_phase(self.parse_actions, text, lambda ph, t: _read_in(ph, word, t, None), _phase_of)

    def format_history(self, state: State) -> list[str]:
        """Calls one a line; the cards of a trick on one line."""
        replay = RecordState(state.variant, state.dealt, state.streak, state.pool_closed, state.dark, state.bombs,
                             state.forced, faults=getattr(state, "faults", 0))
        lines: list[str] = []
        trick: list[str] = []
        discard: list[str] = []
        for action in state.history:
            ph = replay.phase
            before = replay.trick_no
            replay.apply(action)
            if ph == PLAY and not isinstance(action, tuple) and action >= REVOKE:
                if trick:  # a revoke on its own line
                    lines.append(" ".join(trick))
                    trick = []
                lines.append(format_action(action, ph))
            elif ph == PLAY and not isinstance(action, tuple):
                trick.append(format_card(action))
                if replay.trick_no != before or replay.phase == DONE:
                    lines.append(" ".join(trick))
                    trick = []
            elif ph == DISCARD_PHASE and action == MISERE:
                lines.append(format_action(action, ph))
            elif ph == DISCARD_PHASE and not isinstance(action, tuple):
                discard.append(format_card(action - DISCARD))
                if replay.phase != DISCARD_PHASE:
                    lines.append("снос " + " ".join(discard))
                    discard = []
            else:
                lines.append(format_action(action, ph))
        if discard:
            lines.append("снос " + " ".join(discard))
        if trick:
            lines.append(" ".join(trick))
        return lines

    def finish_deal(self, partie: RecordPulka, state: State) -> dict[str, Any]:
        sheet = partie.sheet
        n = partie.variant.players
        written = len(sheet.entries)
        partie.finish(state)  # (the engine's pulka applies a ruling on the deal and counts the dealer's faults)
        ruling = state.ruling
        f = state.facts
        seats = state.seats
        tricks = [0] * n
        dummy = 0
        for pos in range(3):
            if seats[pos] == DUMMY:
                dummy += state.tricks[pos]
            else:
                tricks[seats[pos]] += state.tricks[pos]
        if n == 4:
            tricks[state.dealt.dealer] = state.dealer_tricks
        out: dict[str, Any] = {"kind": state.kind}
        if state.kind == "contract":
            out["contract"] = A.bid_name(state.contract)
        elif state.kind == "misere":
            out["contract"] = "misère"
        else:
            out["contract"] = None
        out["declarer"] = seats[state.declarer] if state.declarer >= 0 else None
        if state.kind == "contract" and f is not None:
            out["whist"] = f.whist
            out["whisters"] = [f.half_whister] if f.whist == "half" else list(f.whisters)
            out["open"] = state.open if f.whist == "one" and len(state.wpending) == 2 else None
        else:
            out["whist"], out["whisters"], out["open"] = None, [], None
        out["tricks"] = tricks
        if n == 2:
            out["dummy_tricks"] = dummy
        out["streak"] = state.streak
        out["ruling"] = ruling.kind if ruling is not None else ("casus" if "casus" in state.note else
                                                               "redeal" if state.kind == "annulled" else None)
        # what the deal changed on the sheet: the entries it wrote there (its ruling's penalty
        # included), summed as the sheet sums them; a figure no entry touched stays 0
        pool, mountain = [0] * n, [0] * n
        whists = [[0] * n for _ in range(n)]
        whole = True  # every amount an int: the sums are written as they are
        for e in sheet.entries[written:]:
            a = e.amount
            if a.__class__ is not int:
                whole = False
            if e.kind == "pool":
                pool[e.seat] += a
            elif e.kind == "mountain":
                mountain[e.seat] += a
            else:
                whists[e.seat][e.on] += a
        if whole:
            out["pool"], out["mountain"], out["whists"] = pool, mountain, whists
        else:
            out["pool"], out["mountain"] = [_num(x) for x in pool], [_num(x) for x in mountain]
            out["whists"] = [[_num(x) for x in row] for row in whists]
        out["next_dealer"] = partie.dealer
        return out

    def partie_outcome(self, partie: RecordPulka) -> dict[str, Any]:
        sheet = partie.sheet
        over = partie.over  # (asked once: the sheet is looked over each time)
        out: dict[str, Any] = {
            "over": over,
            "deals": len(partie.deals),
            "dealer": partie.dealer,
            "pool": [_num(x) for x in sheet.pool],
            "mountain": [_num(x) for x in sheet.mountain],
            "whists": [[_num(x) for x in row] for row in sheet.whists],
            "settlement": None,
            "mountains_settled": None,
        }
        if partie.variant.blind_pass:
            out["bombs"] = [list(b) for b in partie.bombs]
        if over:
            # (the pulka's settlement, its figures only: nobody reads its trace or its nets here)
            mountains, totals = settled_figures(sheet)
            out["settlement"] = [_num(x) for x in totals]
            out["mountains_settled"] = [_num(x) for x in mountains]
        return out

    def sheet(self, partie: RecordPulka, names: list[str] | None = None) -> tuple[str, str, Trace]:
        """The pulka's sheet as SVG, its text alternative, and the settlement's trace."""
        trace = partie.settlement().trace if partie.over else Trace()
        return sheet_svg(partie.sheet, names=names), sheet_text(partie.sheet), trace

    sheet_legend = LEGEND  # what each part of the drawn sheet holds

    def partie_table(self, partie: RecordPulka) -> list[list[Any]]:
        """The pulka's outcome for people: each player's pool, mountain, whists written and,
        once it is over, his result in whists (a header row, then a row per seat)."""
        sheet = partie.sheet
        n = partie.variant.players
        head: list[Any] = ["player", "pool", "mountain", "whists written"]
        rows = [[p, sheet.pool[p], sheet.mountain[p], sum(sheet.whists[p])] for p in range(n)]
        if partie.over:
            head.append("result, whists")
            for row, total in zip(rows, partie.settlement().totals):
                row.append(total)
        return [head] + rows

    def dealer_of(self, state: State) -> int:
        return state.dealt.dealer

    def deal_of(self, state: State) -> DealRecord:
        seed = getattr(state, "seed", None)
        if seed is not None:
            return DealRecord(seed=seed)
        return DealRecord(hands=[format_hand(h) for h in hands_by_seat(state.variant, state.dealt)],
                          talon=format_cards(list(state.dealt.talon_cards)))

    def summary(self, state: State) -> DealSummary:
        v, d = state.variant, state.dealt
        rs = _replayed(state)
        two = v.players == 2
        idx = (lambda seat: 2 if seat == DUMMY else seat)
        s = DealSummary(players=3 if two else v.players, dealer=d.dealer, hands=hands_by_seat(v, d), talon=d.talon)
        irregular = check_deal(v, d)
        if two:
            s.facts.append(("болван / dummy", "the third hand shown is the dummy's"))
        if irregular == "misdeal":
            sizes = {idx(seat): size(h) for seat, h in zip(d.seats, d.hands)}
            s.facts.append(("misdeal / неверная сдача",
                            ", ".join(f"seat {k} holds {c}" for k, c in sorted(sizes.items()) if c != 10)))
        elif irregular == "casus":
            s.facts.append(("card missing / карты не хватает", "one hand holds nine cards"))
        if rs.kind == "contract":
            s.trump = A.trump_of(rs.contract)
            s.facts.append(("contract / игра", A.bid_name(rs.contract)))
        elif rs.kind == "misere":
            s.facts.append(("contract / игра", "misère / мизер"))
        elif rs.kind == "allpass":
            mult = v.allpass_progression[min(rs.streak, len(v.allpass_progression) - 1)]
            s.facts.append(("all-pass / распасы", f"no. {rs.streak + 1} in a row, × {mult}"))
        # the calls, replayed with the seat that made each
        replay = RecordState(state.variant, d, state.streak, state.pool_closed, state.dark, state.bombs, state.forced,
                             faults=getattr(state, "faults", 0))
        discard: list[int] = []
        for action in state.history:
            ph = replay.phase
            if isinstance(action, tuple):  # an irregularity: told at the dealer's seat
                s.calls.append((d.dealer, f"{_event_en(action)} / {format_action(action, ph)}"))
            elif ph == AUCTION:
                s.calls.append((idx(replay.seats[replay.turn]), A.call_name(action) + _ru_call(action)))
            elif ph == DISCARD_PHASE and action == MISERE:
                s.calls.append((idx(replay.seats[replay.declarer]), "misère instead / мизер"))
            elif ph == DISCARD_PHASE:
                discard.append(action - DISCARD)
                if len(discard) == 2:
                    s.calls.append((idx(replay.seats[replay.declarer]), f"discards {format_cards(discard)}"))
            elif ph == DECLARE_PHASE:
                s.calls.append((idx(replay.seats[replay.declarer]), f"names {A.bid_name(action - DECLARE)}"))
            elif ph == WHIST_PHASE:
                s.calls.append((idx(replay.current_player()), f"{_WHIST_EN[action]} / {_WHIST_TEXT[action]}"))
            replay.apply(action)
        revoked = {a - REVOKE for a in state.history if not isinstance(a, tuple) and a >= REVOKE}
        for pos, cards, won, talon in rs.closed:
            if won == "dealer":
                winner = d.dealer
            elif won is None:
                winner = None  # a talon-led trick that nobody could follow
            else:
                winner = idx(rs.seats[won])
            s.tricks.append(TrickPlayed([(idx(rs.seats[p]), c) for p, c in zip(pos, cards)], winner, talon_lead=talon,
                                        revokes=frozenset(c for c in cards if c in revoked)))
        s.result[:0] = _result_lines(rs)
        s.trace = rs.explain()
        s.table = _outcome_table(rs, v.players)
        return s


def _outcome_table(rs: DiagramState, players: int) -> list[list[Any]]:
    """What each player took and wrote on the sheet in this deal: the outcome table."""
    tricks = [0] * players
    for pos in range(3):
        if rs.seats[pos] != DUMMY:
            tricks[rs.seats[pos]] += rs.tricks[pos]
    if players == 4:
        tricks[rs.dealt.dealer] = rs.dealer_tricks
    written = {kind: [Fraction(0)] * players for kind in ("pool", "mountain", "whists")}
    for e in rs.entries:
        if e.seat != DUMMY and e.seat < players:
            written[e.kind][e.seat] += e.amount
    declarer = rs.seats[rs.declarer] if rs.declarer >= 0 else None

    def role(p: int) -> str:
        if players == 4 and p == rs.dealt.dealer:
            return "dealer, sits out"
        if p == declarer:
            return "declarer"
        f = rs.facts
        if f is not None and rs.kind == "contract" and (p in f.whisters or p == f.half_whister):
            return "defender, whists"
        if rs.kind == "misere":
            return "catches the misère"
        return "all-pass" if rs.kind == "allpass" else ("defender, passes" if rs.kind == "contract" else "")

    return [["player", "role", "tricks", "pool", "mountain", "whists"]] + [
        [p, role(p), str(tricks[p]), written["pool"][p], written["mountain"][p], written["whists"][p]]
        for p in range(players)]


def _event_en(event: tuple) -> str:
    """An irregularity in English words, for the diagram."""
    kind = event[0]
    if kind == "exposed":
        return {"dealer": "the dealer exposes a card", "player": "a player exposes a card",
                "pack": "a card lay face up in the pack"}[event[1]]
    if kind == "talon-order":
        return f"the talon was laid after round {event[1]}: a redeal is demanded"
    if kind == "redeal-demand":
        return "a redeal is demanded" + (f" ({event[1]})" if len(event) > 1 and event[1] else "")
    if kind == "absent":
        return "the absent player returns and asks for a redeal"
    if kind == "talon-look":
        return f"seat {event[1]} looked at the talon"
    if kind == "looked":
        return f"seat {event[1]} looked at " + ("his discard" if len(event) > 2 and event[2] == "discard"
                                                else "an old trick")
    if kind == "out-of-turn":
        return f"seat {event[1]} led out of turn"
    if len(event) > 1 and event[1] == "under-table":
        return "a hand is short and the card is under the table (casus)"
    return "one hand is long and another short"


def _ru_call(a: int) -> str:
    if a >= DARK:
        return " / " + format_action(a, AUCTION)
    return {PASS: " / пас", MISERE: " / мизер", BLIND_PASS: " / пас втёмную"}.get(a, "")


def _result_lines(st: RecordState) -> list[str]:
    f = st.facts
    seats = st.seats
    if st.kind == "annulled":
        return [f"No deal: {st.note}."]
    if f is None:
        return []
    named = lambda s: "the dummy" if s == DUMMY else f"seat {s}"  # noqa: E731
    per_seat = ", ".join(f"{named(seats[p])} {st.tricks[p]}" for p in range(3))
    faults = [text[0].upper() + text[1:] + "." for _k, _w, _c, text in st.penalties or ()]
    if faults:
        per_seat = "as played, " + per_seat
    if st.kind == "allpass":
        return [f"All passed: an all-pass. Tricks: {per_seat}" +
                (f"; the dealer's talon cards {st.dealer_tricks}" if st.variant.players == 4 else "") + "."] + faults
    d = seats[st.declarer]
    if st.kind == "misere":
        t = f.tricks.get(d, 0)
        return [f"Misère by seat {d}: " + ("no trick, made." if t == 0 else f"{counted(t, 'trick')}, failed.")] + faults
    level = A.level_of(st.contract)
    name = A.bid_name(st.contract)
    if f.whist == "none":
        return [f"{name} by seat {d}: both defenders passed, counted as made without play."] + faults
    if f.whist == "half":
        return [f"{name} by seat {d}: seat {f.half_whister} went for a half-whist; counted as made without play."] + faults
    taken = f.tricks.get(d, 0) - (f.penalty or {}).get(d, 0)
    how = "made" if taken >= level else f"down {level - taken}"
    who = " and ".join(f"seat {w}" for w in f.whisters)
    mode = "" if f.whist == "two" or len(st.wpending) == 1 else (" (open)" if st.open else " (closed)")
    back = (f"; seat {f.half_withdrawn} had gone for a half-whist, the whist was taken back from him"
            if f.half_withdrawn >= 0 else "")
    return [f"{name} by seat {d}: {counted(taken, 'trick')}{' counted' if faults else ''}, {how}; whisted by {who}{mode}{back}. Tricks: {per_seat}."] + faults


RECORDS = PreferansRecords()

__all__ = ["RECORDS", "RecordPulka", "RecordState", "check_deal", "format_action", "hands_by_seat", "parse_bid"]
