"""A deal played at a table of one reader and bots: what the "Play online" pages run.

The pages load this module, with the rest of the engine, into the reader's browser
(Pyodide): the rules that decide what may be played are the package's own, and the
page's JavaScript only draws the views this module returns (plain data, JSON-ready)
and sends back the reader's clicks. It imports no site or record library (YAML,
pydantic, Sphinx), which the browser does not have.

>>> table = Table("fortuna", "four", seed=7, seat=0)
>>> view = table.view()
>>> view["to_move"] == 0 and all(c["label"] for c in view["choices"])
True
>>> while not table.state.is_terminal():
...     table.choose(0)
>>> table.view()["result"]["lines"][0].startswith(("Declarer", "All passed", "Misdeal"))
True
"""

from __future__ import annotations

import inspect
import json
import random
import sys
from typing import Any

from cardrules import bots, rules
from cardrules.cards import RANK_NAMES_EN, RED_SUITS, SUIT_GLYPHS, CardError, cards_of, format_card, rank_of, suit_of
from cardrules.engine import IllegalAction, amount, default_names, with_names
from cardrules.recorddata import DealSpec, game_records, plain_yaml, record_data

#: The largest seed a page accepts (the shuffle takes any whole number; a page needs no more).
MAX_SEED = 10**9
#: Names of the phases where a game's state keeps them as plain numbers.
_PHASE_WORDS = ("AUCTION", "TALON", "DISCARD", "EXCHANGE", "DECLARE", "WHIST", "PLAY", "DONE")


def card_view(c: int) -> dict[str, Any]:
    """A card as the page draws it: suit glyph and colour, rank, and the record's notation.

    >>> card_view(51)
    {'card': 51, 'text': '♥A', 'suit': '♥', 'rank': 'A', 'red': True}
    """
    s = suit_of(c)
    return {"card": c, "text": format_card(c), "suit": SUIT_GLYPHS[s], "rank": RANK_NAMES_EN[rank_of(c)],
            "red": s in RED_SUITS}


def label_of(game: Any, state: Any, action: Any) -> str:
    """An action as the game's records write it (``пас``, ``buy 1``, ``♠A``): the text that
    the game's own ``format_history`` adds when the action is made on a copy of ``state``."""
    before = game.format_history(state)
    after_state = state.clone()
    after_state.apply(action)
    after = game.format_history(after_state)
    if before and after[:len(before) - 1] == before[:-1] and len(after) >= len(before):
        last = before[-1]
        grown = after[len(before) - 1]
        if grown != last and grown.startswith(last + " "):
            return " ".join([grown[len(last):].strip()] + after[len(before):])
        if grown == last:
            return " ".join(after[len(before):])
    return " ".join(after[len(before):]) if after[:len(before)] == before else after[-1]


_CODES: dict[Any, tuple[str, ...]] = {}
_CODES_FROM = -1  # how many implementations the registry held when _CODES was made


def _clause_codes() -> dict[Any, tuple[str, ...]]:
    """The code object of every engine function that carries a clause, with its clause ids."""
    global _CODES, _CODES_FROM
    registered = sum(map(len, rules.registry().values()))  # a game imported since adds its own
    if registered != _CODES_FROM:
        codes: dict[Any, list[str]] = {}
        for clause_id, impls in rules.registry().items():
            for impl in impls:
                obj: Any = sys.modules.get(impl.module)
                for part in impl.qualname.split("."):
                    obj = getattr(obj, part, None) if obj is not None else None
                # a class carries its clauses in every method of its own
                members = list(vars(obj).values()) if inspect.isclass(obj) else [obj]
                for member in members:
                    if isinstance(member, (staticmethod, classmethod)):
                        member = member.__func__
                    if isinstance(member, property):
                        member = member.fget
                    code = getattr(inspect.unwrap(member), "__code__", None) if callable(member) else None
                    if code is not None and clause_id not in codes.setdefault(code, []):
                        codes[code].append(clause_id)
        _CODES, _CODES_FROM = {code: tuple(ids) for code, ids in codes.items()}, registered
    return _CODES


def clauses_consulted(state: Any, action: Any) -> list[str]:
    """The clauses whose code runs when the choices are listed and ``action`` is made, on a
    copy of ``state``: the rules the engine went through to allow it (and to carry it
    out), in order.

    >>> from cardrules.recorddata import game_records, DealSpec
    >>> game = game_records("fortuna")
    >>> state = game.start_deal(game.new_partie(game.presets["four"], 0), DealSpec(seed=3), None)
    >>> "fortuna.bidding.order" in clauses_consulted(state, state.legal_actions()[0])  # a pass
    True
    """
    codes = _clause_codes()
    seen: dict[str, None] = {}

    def hook(frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            for clause_id in codes.get(frame.f_code, ()):
                seen.setdefault(clause_id, None)

    copy = state.clone()
    old = sys.getprofile()
    sys.setprofile(hook)
    try:
        copy.legal_actions()  # what lists the choices allowed now
        copy.apply(action)  # what checks and makes this one
    finally:
        sys.setprofile(old)
    return list(seen)


def phase_of(state: Any) -> str:
    """The phase of ``state`` in a word (``auction``, ``play``…), whichever way its game
    keeps it: a ``phase_name``, an enum, or a module constant."""
    phase_name = getattr(state, "phase_name", None)  # a property in preferans
    if callable(phase_name):
        phase_name = phase_name()
    if isinstance(phase_name, str):
        return phase_name
    phase = state.phase
    if hasattr(phase, "name"):
        return phase.name.lower()
    module = sys.modules[type(state).__module__]
    for word in _PHASE_WORDS:
        if getattr(module, word, None) == phase:
            return word.lower()
    return str(phase)


class Table:
    """One deal of ``game`` (a name in ``cardrules.games.GAMES``) at a table where the reader
    sits at ``seat`` and bots (:func:`cardrules.bots.choose`) hold the other hands.

    The deal is the game's own seeded shuffle of ``seed``; the bots draw their chances
    from a generator seeded by the same number, so a seed and the reader's choices make
    the same deal every time. Every bad argument is a ``ValueError`` in one line.
    """

    def __init__(self, game: str, variant: str = "", seed: int = 1, seat: int = 0, dealer: int = 0,
                 names: list[str] | None = None) -> None:
        try:
            self.game = game_records(game)
        except KeyError as err:
            raise ValueError(err.args[0]) from None
        self.name = game
        variant = variant or next(iter(self.game.presets))
        if variant not in self.game.presets:
            raise ValueError(f"no variant {variant!r} of {game}; {rules.did_you_mean(variant, self.game.presets)}")
        self.variant_name = variant
        self.variant = self.game.presets[variant]
        if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"the seed is a whole number from 0 to {MAX_SEED}")
        players = self.variant.players
        if not 0 <= seat < players or not 0 <= dealer < players:
            raise ValueError(f"seats are numbered 0 to {players - 1}")
        self.seed, self.seat, self.dealer = seed, seat, dealer
        self.names = list(names or default_names(players))[:players]
        self.names += default_names(players)[len(self.names):]
        self.partie = self.game.new_partie(self.variant, dealer)
        self.state = self.game.start_deal(self.partie, DealSpec(seed=seed), None)
        self.rnd = random.Random(seed)
        self.log: list[dict[str, Any]] = []  #: every action made: who, what, and a bot's reason
        self._outcome: dict[str, Any] | None = None
        self.advance()

    # --- moving -----------------------------------------------------------------------------

    def reader_to_move(self) -> bool:
        return not self.state.is_terminal() and self.state.current_player() == self.seat

    def _make(self, action: Any, who: int, why_en: str = "", why_ru: str = "") -> None:
        label = label_of(self.game, self.state, action)
        self.state.apply(action)
        self.log.append({"seat": who, "name": self._name(who), "label": label, "why_en": why_en, "why_ru": why_ru})

    def advance(self) -> None:
        """Let the bots move until it is the reader's turn or the deal is over."""
        while not self.state.is_terminal() and not self.reader_to_move():
            who = self.state.current_player()
            choice = bots.choose(self.name, self.state, self.rnd)
            self._make(choice.action, who, choice.why_en, choice.why_ru)

    def choose(self, index: int) -> None:
        """Make the reader's ``index``-th legal choice (as :meth:`view` lists them), then
        let the bots answer."""
        if not self.reader_to_move():
            raise ValueError("it is not your turn")
        legal = list(self.state.legal_actions())
        if not isinstance(index, int) or not 0 <= index < len(legal):
            raise ValueError(f"no choice {index!r}: there are {len(legal)}")
        self._make(legal[index], self.seat)
        self.advance()

    # --- telling ------------------------------------------------------------------------------

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"player {seat + 1}"

    def told(self, text: str) -> str:
        return with_names(text, self.names)

    def phase(self) -> str:
        return phase_of(self.state)

    def why(self, index: int) -> dict[str, Any]:
        """The clauses the engine went through to allow the reader's ``index``-th choice."""
        legal = list(self.state.legal_actions())
        if not 0 <= index < len(legal):
            raise ValueError(f"no choice {index!r}: there are {len(legal)}")
        return {"label": label_of(self.game, self.state, legal[index]),
                "clauses": clauses_consulted(self.state, legal[index])}

    def forbidden(self) -> list[dict[str, Any]]:
        """The reader's cards that the rules forbid to play now, each with the clause that
        forbids it and why (the engine's :class:`IllegalAction`)."""
        if not self.reader_to_move():
            return []
        offered = {label_of(self.game, self.state, a) for a in self.state.legal_actions()}
        out = []
        for c in cards_of(self.state.hands[self.seat]):
            text = format_card(c)
            if text in offered:
                continue
            try:
                actions = self.game.parse_actions(self.state, text)
            except (CardError, ValueError):
                continue
            copy = self.state.clone()
            try:
                for action in actions:
                    copy.apply(action)
            except IllegalAction as err:
                out.append({**card_view(c), "clause": err.clause_id, "why": self.told(err.message)})
            except (CardError, ValueError):
                continue
        return out

    def outcome(self) -> dict[str, Any]:
        """The finished deal's outcome (the record's ``expect``), scored once into the partie."""
        if self._outcome is None:
            self._outcome = self.game.finish_deal(self.partie, self.state)
        return self._outcome

    def result(self) -> dict[str, Any] | None:
        """The settlement in people's words: the summary's lines and table, and the scoring
        trace with each step's clause."""
        if not self.state.is_terminal():
            return None
        summary = self.game.summary(self.state)
        summary.names = list(self.names)
        steps = []
        for step in summary.trace.steps:
            shown = None
            if step.amount is not None:
                try:
                    shown = amount(step.amount)
                except (TypeError, ValueError):
                    shown = str(step.amount)
            steps.append({"text": summary.told(step.text), "amount": shown, "clause": step.clause_id})
        return {"lines": [summary.told(line) for line in summary.result], "table": summary.rows(), "trace": steps,
                "facts": [list(f) for f in summary.facts]}

    def record(self) -> str:
        """The deal as a record that ``cardrules verify`` accepts (with its outcome when finished)."""
        source = f"editorial: played online, seed {self.seed}, the reader at seat {self.seat}"
        return plain_yaml(record_data(self.state, source, seats=self.names))

    def view(self) -> dict[str, Any]:
        """What the page draws now: plain data (see :meth:`view_json`)."""
        state = self.state
        legal = list(state.legal_actions()) if self.reader_to_move() else []
        choices = []
        for i, action in enumerate(legal):
            label = label_of(self.game, state, action)
            choice: dict[str, Any] = {"index": i, "label": label}
            try:
                choice["card"] = card_view(int(action)) if label == format_card(int(action)) else None
            except (TypeError, ValueError, IndexError, KeyError):
                choice["card"] = None
            choices.append(choice)
        hands = []
        for seat in range(self.variant.players):
            mask = state.hands[seat]
            hands.append({"seat": seat, "name": self._name(seat), "count": bin(mask).count("1"),
                          "cards": [card_view(c) for c in reversed(cards_of(mask))] if seat == self.seat else None})
        to_move = state.current_player() if not state.is_terminal() else None
        return {
            "game": self.name, "variant": self.variant_name, "seed": self.seed, "seat": self.seat,
            "phase": self.phase(), "to_move": to_move, "to_move_name": None if to_move is None else self._name(to_move),
            "hands": hands, "history": [self.told(line) for line in self.game.format_history(state)],
            "log": self.log, "choices": choices, "forbidden": self.forbidden(),
            "result": self.result(), "record": self.record() if state.is_terminal() else None,
        }

    def view_json(self) -> str:
        return json.dumps(self.view(), ensure_ascii=False)


__all__ = ["Table", "card_view", "clauses_consulted", "label_of"]
