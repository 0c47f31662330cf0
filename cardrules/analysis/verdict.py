"""What best play gives under a played preferans deal, in Russian and English.

The deal is taken at the first card (after the talon, the discard and the whist), all
hands open, and asked:

* a **contract**: the declarer's tricks against best defence, beside the contract
  («8♠ makes exactly against any defence»), and, when someone whisted, whether the
  defence's best reaches the whist obligation of the variant («the whist was right»);
* a **misère**: the declarer's tricks when he ducks his best and the two others
  try their best to give him tricks («the misère is caught: … 2 tricks»);
* an **all-pass**: for each player, how few tricks he can hold himself to when the
  other two play, jointly, to give him as many as they can. This is the edition's
  reading of "each player's best" in a game where every player plays for himself: a
  guarantee per player, not one line of play (the three numbers need not add to ten).

The talon rules are the variant's: in Sochi, Leningrad and Classic the two talon cards
lead the first two tricks of an all-pass, in Rostov they do not; with four players the
talon card is the dealer's and may take its trick; the two-handed all-pass's dummy plays
its lowest card by itself. A deal with an irregularity of play (a revoke, a wrong
count, a look at the talon) gets no verdict: the solver judges regular play only.

>>> from pathlib import Path
>>> from cardrules import records
>>> r = records.verify(records.read_record(Path("examples/preferans/sochi-misere-failed.yaml")))
>>> v = analyse(r.states[0], r.record.seats)
>>> print(v.en)
The misère is clean: Анна takes no trick against any defence (in the play: 1).
>>> print(v.slip_en)
First card that changed the outcome: trick 1, Анна's ♥7 (the declarer's tricks with best play: 0 before it, 1 after).

By hand: Анна (♠987 ♣987 ♦87 ♥A7, first hand) leads a black seven; Борис, who holds only
spades and clubs above all of hers, takes every trick and can never lead a red card;
Вера has no black card to win with. After six black tricks Анна is void there and throws
♥A, then her other red cards. Her ♥7 lead let Вера win and lead hearts back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardrules.cards import format_card
from cardrules.engine import default_names
from cardrules.games.preferans import auction as A
from cardrules.games.preferans.deal import DUMMY
from cardrules.games.preferans.state import PLAY, State

from .line import Slip, Trick, best_line, first_slip
from .position import PositionError, Question
from .search import Solver, solve


@dataclass
class Verdict:
    """One deal's verdict: a line in each language, the best line, the first slip of the play."""

    en: str
    ru: str
    line: list[Trick] = field(default_factory=list)
    slip: Slip | None = None
    slip_en: str = ""
    slip_ru: str = ""
    names: list[str] = field(default_factory=list)  #: by position
    values: dict[str, int] = field(default_factory=dict)

    def line_text(self) -> list[str]:
        """The best line, a trick a line: who played what, and who took it."""
        out = []
        for i, t in enumerate(self.line, 1):
            cards = ", ".join(f"{self.names[p]} {format_card(c)}" for p, c in t.plays)
            lead = f"[talon {format_card(t.talon_card)}] " if t.talon_card is not None else ""
            taker = self.names[t.taker] if t.taker >= 0 else "nobody / никто"
            out.append(f"{i}. {lead}{cards} → {taker}")
        return out


def _tricks_ru(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} взятка"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} взятки"
    return f"{n} взяток"


def _tricks_en(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def play_start(state: State) -> State:
    """The deal of ``state`` replayed to the moment its play begins (or ends without play)."""
    st = state.clone()  # the same class (a record's state answers the deal's own irregularities too)
    actions, st.history = st.history, []
    st._reset()  # the GameState contract: back to the deal's start, as undo() does
    for a in actions:
        if st.phase == PLAY or st.is_terminal():
            break
        st.apply(a)
    return st


def _names(state: State, seats: list[str] | None) -> list[str]:
    v = state.variant
    names = list(seats or default_names(v.players))
    return ["dummy / болван" if s == DUMMY else (names[s] if s < len(names) else f"Player {s + 1}")
            for s in state.dealt.seats]


def question(start: State, counted: int, more: bool, kind: str) -> Question:
    """The solver's question for the deal at ``start`` (see :func:`play_start`)."""
    v = start.variant
    allpass = kind == "allpass"
    talon = tuple(start.dealt.talon_cards) if allpass and v.allpass_talon and v.players != 2 else ()
    dummy = start.dealt.seats.index(DUMMY) if allpass and v.players == 2 else -1
    trump = A.trump_of(start.contract) if kind == "contract" else None
    return Question(hands=tuple(start.hands), trump=trump, leader=0, counted=counted, more=more,
                    talon_leads=talon, talon_may_win=allpass and v.players == 4, dummy=dummy, kind=kind)


def _played(state: State) -> list[int] | None:
    """The cards played, in order; None if the play holds anything but cards."""
    st = play_start(state)
    cards = state.history[len(st.history):]
    if any(not isinstance(a, int) or not 0 <= a < 52 for a in cards):
        return None
    return cards


def analyse(state: State, seats: list[str] | None = None, line: bool = True) -> Verdict:
    """The verdict on a finished (replayed) deal; ``seats``: the players' names by seat."""
    names = _names(state, seats)
    kind = state.kind
    played = _played(state)
    if state.penalties or state.peeker >= 0 or played is None:
        text = "No verdict: the play had an irregularity, and the solver judges regular play only."
        return Verdict(text, "Без оценки: в розыгрыше была неправильность, а решатель судит только правильную игру.",
                       names=names)
    start = play_start(state)
    try:
        if kind == "allpass":
            return _allpass(start, names, line)
        if kind not in ("contract", "misere"):
            return Verdict("No verdict: the deal was not played (annulled or redealt).",
                           "Без оценки: сдача не разыгрывалась (аннулирована или пересдана).", names=names)
        q = question(start, start.declarer, kind == "contract", kind)
    except PositionError as err:
        return Verdict(f"No verdict: {err}.", "Без оценки: решатель не берёт эту позицию.", names=names)
    s = Solver(q)
    value = solve(q, s)
    slip = None
    actual = None
    if played and len(played) == 3 * q.tricks_left:
        _, slip = first_slip(q, played, s)
        actual = state.tricks[state.declarer]
    d = names[start.declarer]
    if kind == "misere":
        in_play_en = f" (in the play: {actual})" if actual is not None else ""
        in_play_ru = f" (в розыгрыше: {actual})" if actual is not None else ""
        if value == 0:
            en = f"The misère is clean: {d} takes no trick against any defence{in_play_en}."
            ru = f"Мизер чистый: {d} не берёт ни одной взятки при любой защите{in_play_ru}."
        else:
            en = f"The misère is caught: best defence gives {d} {_tricks_en(value)}{in_play_en}."
            ru = f"Мизер ловится: при лучшей защите у {d} {_tricks_ru(value)}{in_play_ru}."
    else:
        level, name = A.level_of(start.contract), A.bid_name(start.contract)
        if value == level:
            en, ru = f"{name} makes exactly against any defence", f"{name} выполняется ровно при любой защите"
        elif value > level:
            en = f"{name} makes with {value - level} over: {d} takes {_tricks_en(value)} against best defence"
            ru = f"{name} выполняется с лишними: {d} берёт {_tricks_ru(value)} при лучшей защите"
        else:
            en = f"{name} fails: best defence holds {d} to {_tricks_en(value)}"
            ru = f"{name} не выполняется: при лучшей защите у {d} {_tricks_ru(value)}"
        defence, owed = q.tricks_left - value, start.variant.obligation(level)
        whisters = [p for p in range(3) if p != start.declarer and p in state.whisters]
        if whisters:
            if defence >= owed:
                en += f"; the whist was right: best defence takes {defence}, the whist owes {owed}"
                ru += f"; вист был верным: лучшая защита берёт {defence} при обязательстве {owed}"
            else:
                en += f"; the whist was wrong: best defence takes only {defence} of the {owed} a whist owes"
                ru += f"; вист был ошибочным: лучшая защита берёт лишь {defence} из {owed} обязательных"
        if actual is not None:
            en += f" (in the play: {actual})"
            ru += f" (в розыгрыше: {actual})"
        en, ru = en + ".", ru + "."
    v = Verdict(en, ru, names=names, slip=slip, values={names[start.declarer]: value})
    if line:
        v.line = best_line(q, s)
    _tell_slip(v, q.more)
    return v


def _allpass(start: State, names: list[str], line: bool) -> Verdict:
    """Each player's tricks when he keeps them down against the other two (see the module)."""
    # the two-handed all-pass's dummy plays by itself and its tricks count for nobody
    players = [p for p in range(3) if start.hands[p] and start.dealt.seats[p] != DUMMY]
    values = {}
    first_q = None
    for p in players:
        q = question(start, p, False, "allpass")
        first_q = first_q or q
        values[names[p]] = solve(q)
    shown_en = ", ".join(f"{n} {k}" for n, k in values.items())
    talon = " (the talon cards lead the first two tricks)" if first_q and first_q.talon_leads else ""
    talon_ru = " (первые две взятки ведут карты прикупа)" if first_q and first_q.talon_leads else ""
    en = (f"All-pass, best play for each (each holding his own tricks down against the other two){talon}: "
          f"{shown_en}.")
    ru = (f"Распасы при лучшей игре каждого (каждый удерживает свои взятки против двух других){talon_ru}: "
          f"{shown_en}.")
    v = Verdict(en, ru, names=names, values=values)
    if line and first_q is not None:  # the line that holds the first hand to his number
        v.line = best_line(first_q)
    return v


def _tell_slip(v: Verdict, more: bool) -> None:
    s = v.slip
    if s is None:
        return
    who, card = v.names[s.position], format_card(s.card)
    v.slip_en = (f"First card that changed the outcome: trick {s.trick}, {who}'s {card} "
                 f"(the declarer's tricks with best play: {s.before} before it, {s.after} after).")
    v.slip_ru = (f"Первая карта, изменившая исход: взятка {s.trick}, {who} — {card} "
                 f"(взяток у разыгрывающего при лучшей игре: {s.before} до неё, {s.after} после).")


__all__ = ["Verdict", "analyse", "play_start", "question"]
