"""A deal record's data in plain Python: the cards of a deal (:class:`DealSpec`), a
game's record support found by name, and a finished state told as a record's fields.

:mod:`cardrules.records` reads and writes records as YAML and validates them with its
model; this module needs neither, so the engine and the play pages (which run the engine
in the reader's browser, where there is no YAML or pydantic) share it with the command
line: one export, whatever writes the text.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from dataclasses import dataclass, fields
from typing import Any

from cardrules import rules
from cardrules.games import GAMES


@dataclass(frozen=True)
class DealSpec:
    """A seed for the game's own shuffle, or the hands written out (with the talon,
    the turned card and the card cut from a second pack, where the game has them).

    >>> DealSpec(seed=7).as_dict()
    {'seed': 7}
    """

    seed: int | None = None
    hands: list[str] | None = None
    talon: str | None = None
    turned: str | None = None
    cut: str | None = None

    def __post_init__(self) -> None:
        if (self.seed is None) == (self.hands is None):
            raise ValueError("give either seed or hands (one of them)")

    def as_dict(self) -> dict:
        """The fields a record writes (those given), in the record's order."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}


_GAMES = {name: f"cardrules.games.{name}.record" for name in GAMES}


class Line:
    """One action line of a record, read once: what the line says is worked out when the
    record is loaded (its words, its cards: the call or the cards it names, where that is the
    same in every phase), or, for a game whose words mean different things in different
    phases, once in each phase it is replayed in; at replay only the phase picks its meaning.

    ``known`` is the line's actions whatever the phase (a tuple), or a mapping from
    ``key(state)`` (the phase, say) to its actions there, filled by ``read_in(key, text)``
    the first time the line is met in that phase. Where the reading needs the state itself
    (``read_in`` gives None: «здесь», the bid held) or the line is no action there, the
    game's ``parse_actions(state, text)`` reads it at replay, and so says what is wrong
    with it in the words it always has. Whatever the way, the actions are those
    ``parse_actions`` gives: this only reads the notation once.

    >>> line = Line("pass", lambda state, text: [0], (0,))
    >>> line(None), str(line)
    ((0,), 'pass')
    """

    __slots__ = ("text", "parse", "known", "key", "read_in")

    def __init__(self, text: str, parse: Any, known: Any = None, key: Any = None, read_in: Any = None) -> None:
        self.text, self.parse, self.known, self.key, self.read_in = text, parse, known, key, read_in

    def __call__(self, state: Any) -> Any:
        known = self.known
        if known.__class__ is tuple:
            return known
        if known is None:
            return self.parse(state, self.text)
        key = self.key(state)
        actions = known.get(key, _UNREAD)
        if actions is _UNREAD:
            actions = known[key] = self._read(key)
        return self.parse(state, self.text) if actions is None else actions

    def _read(self, key: Any) -> tuple | None:
        """The actions in ``key``, or None where the state must be seen or the line is no action."""
        try:
            actions = self.read_in(key, self.text)
        except ValueError:
            return None
        return None if actions is None else tuple(actions)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Line({self.text!r})"


_UNREAD = object()


def read_fixed(parse: Any, text: str) -> Line:
    """A :class:`Line` of a game whose lines mean the same in every phase: read now with
    ``parse(None, text)``; a line that is not an action is read again at replay, to say so."""
    try:
        return Line(text, parse, tuple(parse(None, text)))
    except ValueError:
        return Line(text, parse)


def read_by_phase(parse: Any, text: str, read_in: Any, key: Any) -> Line:
    """A :class:`Line` read by ``read_in(key(state), text)`` once in each phase it is met in
    (``read_in`` returns the actions, or None where the state itself must be seen)."""
    return Line(text, parse, {}, key, read_in)


class Plan:
    """A deal's lines as a replay plays them, made when the record is loaded: each run of
    lines whose actions are known whatever the phase joined into one tuple, so that the
    replay calls ``apply`` on action after action with no step for each line; every other
    line as it is (its :class:`Line` gives its actions in the phase it is met in).
    ``lines[k]`` says which line each action of ``steps[k]`` came from, for the message
    when one fails (:meth:`line_at`).

    >>> plan = Plan([Line("pass", None, (0,)), Line("A K", None, (5, 6)), Line("here", None)])
    >>> [step if step.__class__ is tuple else str(step) for step in plan.steps]
    [(0, 5, 6), 'here']
    >>> left = iter(plan.steps[0]); next(left), next(left)  # the replay stopped at the card 5
    (0, 5)
    >>> plan.line_at(plan.steps[0], left), plan.line_at(plan.steps[1], None)
    (1, 2)
    """

    __slots__ = ("steps", "lines")

    def __init__(self, lines: list[Line]) -> None:
        steps: list[Any] = []
        owners: list[tuple[int, ...]] = []
        run: list[Any] = []
        owner: list[int] = []
        for i, line in enumerate(lines):
            if line.known.__class__ is tuple:
                run += line.known
                owner += [i] * len(line.known)
                continue
            if run:
                steps.append(tuple(run))
                owners.append(tuple(owner))
                run, owner = [], []
            steps.append(line)
            owners.append((i,))
        if run:
            steps.append(tuple(run))
            owners.append(tuple(owner))
        self.steps: tuple[Any, ...] = tuple(steps)
        self.lines: tuple[tuple[int, ...], ...] = tuple(owners)

    def line_at(self, step: Any, left: Any) -> int:
        """The index of the line being played when a replay stopped in ``step`` (one of
        :attr:`steps`, found by identity: each is its own object) with the iterator ``left``
        over its actions (a run's last action taken is its line's; a line read now is itself)."""
        k = next(k for k, s in enumerate(self.steps) if s is step)
        return self.lines[k][len(step) - left.__length_hint__() - 1 if step.__class__ is tuple else 0]


def game_records(name: str) -> Any:
    """The record support of a game (its ``record.py``'s ``RECORDS``), by its name in records."""
    found = _RECORDS.get(name)
    if found is not None:
        return found
    if name not in _GAMES:
        raise KeyError(f"no game {name!r}; {rules.did_you_mean(name, sorted(_GAMES))}")
    try:
        module = importlib.import_module(_GAMES[name])
    except ModuleNotFoundError as err:
        raise KeyError(f"game {name!r} has no record support yet ({err.name})") from None
    found = _RECORDS[name] = module.RECORDS
    return found


#: The record support of each game found so far, by name (a replay looks its game up once).
_RECORDS: dict[str, Any] = {}


def game_of(state: Any) -> Any:
    """The record support of the game a state belongs to (``cardrules.games.<game>.…``)."""
    parts = type(state).__module__.split(".")
    if parts[:2] != ["cardrules", "games"] or len(parts) < 3:
        raise KeyError(f"{type(state).__qualname__} is not a state of a cardrules game")
    return game_records(parts[2])


def preset_and_options(game: Any, variant: Any) -> tuple[str, dict[str, Any]]:
    """The preset closest to ``variant`` and the options that turn it into ``variant``."""

    def changes(preset: Any) -> dict[str, Any]:
        return {f.name: getattr(variant, f.name) for f in dataclasses.fields(variant)
                if getattr(variant, f.name) != getattr(preset, f.name)}

    # a game may offer presets of more than one parameter class (préférence: Austrian, Croatian)
    same = [n for n in game.presets if type(game.presets[n]) is type(variant)] or list(game.presets)
    name = min(same, key=lambda n: len(changes(game.presets[n])))
    options = {k: list(v) if isinstance(v, tuple) else v for k, v in changes(game.presets[name]).items()}
    return name, options


def record_data(state: Any, source: str, dealer: int | None = None, expect: bool = True,
                seats: list[str] | None = None) -> dict[str, Any]:
    """One deal as a record's fields, in the record's order, that load back to the same state.

    ``expect`` adds the outcome of a finished deal (replayed in a partie of its own), so
    that the record verifies it.
    """
    game = game_of(state)
    preset, options = preset_and_options(game, state.variant)
    deal = game.deal_of(state)
    data: dict[str, Any] = {"game": game.name, "variant": preset}
    if options:
        data["options"] = options
    data["source"] = source
    if seats:
        data["seats"] = list(seats)
    data["dealer"] = game.dealer_of(state) if dealer is None else dealer
    data["deal"] = deal.as_dict() if hasattr(deal, "as_dict") else deal.model_dump(exclude_none=True)
    data["actions"] = game.format_history(state)
    if expect and state.is_terminal():
        partie = game.new_partie(state.variant, data["dealer"])
        replayed = game.start_deal(partie, deal, None)
        for action in state.history:
            replayed.apply(action)
        data["expect"] = game.finish_deal(partie, replayed)
    return data


def plain_yaml(data: dict[str, Any]) -> str:
    """Record fields as YAML without a YAML library: mappings in blocks, every value
    written as JSON (a quoted text, a number, a list on one line), which YAML reads as is.

    >>> print(plain_yaml({"game": "fortuna", "deal": {"seed": 7}, "actions": ["пас", "♠A ♠7"],
    ...                   "expect": {"tricks": [4, 3], "pool": None}}))
    game: "fortuna"
    deal:
      seed: 7
    actions:
      - "пас"
      - "♠A ♠7"
    expect:
      tricks: [4, 3]
      pool: null
    <BLANKLINE>
    """
    lines: list[str] = []

    def scalar(value: Any) -> str:
        if isinstance(value, tuple):
            value = list(value)
        if not isinstance(value, (str, int, float, bool, list, type(None))) or isinstance(value, float) and value != value:
            value = str(value)  # a fraction, say: its text reads back through the game's own parser
        return json.dumps(value, ensure_ascii=False)

    def block(mapping: dict[str, Any], indent: str) -> None:
        for key, value in mapping.items():
            if isinstance(value, dict) and value:
                lines.append(f"{indent}{key}:")
                block(value, indent + "  ")
            elif isinstance(value, list) and value and all(isinstance(v, str) for v in value) and key == "actions":
                lines.append(f"{indent}{key}:")
                lines.extend(f"{indent}  - {scalar(v)}" for v in value)
            else:
                lines.append(f"{indent}{key}: {scalar(value)}")

    block(data, "")
    return "\n".join(lines) + "\n"
