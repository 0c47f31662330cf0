"""Deal records: load, validate, replay, verify and export.

A record is a YAML file, one per deal or per partie, that a person can write and
the engine replays. Its shape is the same for every game::

    game: fortuna
    variant: four                # a preset of the game's Variant
    options: {short_suit: clubs} # parameter overrides (optional)
    source: "lesnoy1994, «Фортуна», расчёт"   # where the example comes from
    title: A made contract of three          # optional
    seats: [Анна, Борис, Вера, Глеб]         # optional names, in seat order
    dealer: 0
    deal:                        # the cards: a seed, or the hands written out
      hands: ["♠AKQ ♥…", …]
      turned: ♥7
    actions:                     # in order; a trick may be one line of cards
      - pass
      - играю
      - ♠A ♠7 ♠9 ♠K
    expect:                      # the outcome the engine must recompute
      tricks: [4, 3, 3, 3]
      settlement: [-6, 2, 2, 2]

A partie has ``deals:``, a list of ``{deal, actions, expect}``, and an ``expect``
of its own for the end. Every failure is a :class:`RecordError` that names the
file, the line and the field, and for an illegal action the clause it breaks.

The game-specific part (building a state from a deal, reading an action, the
outcome) is each game's ``record.py``: an object with the :class:`GameRecords`
interface, found by :func:`game_records`.

This module and :mod:`cardrules.engine` do not import each other: the engine knows
nothing of records (a state is written as a record by :func:`to_record`), and an
illegal action reaches the records as what every rule's error carries (a
``ValueError`` with ``clause_id`` and ``message``, as
:class:`~cardrules.engine.IllegalAction` is).
"""

from __future__ import annotations

import math
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Protocol

import yaml
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator

from cardrules import rules
from cardrules.cards import Written
from cardrules.recorddata import _GAMES, Line, Plan, game_of, game_records, preset_and_options, record_data  # noqa: F401

if TYPE_CHECKING:  # (names for the annotations only: the engine and the records do not import each other)
    from cardrules.engine import DealSummary, GameState

Path_ = tuple  # a field's path in a record, e.g. ("actions", 3)


class RecordError(ValueError):
    """A record that does not load, replay or verify: where, which field, and why."""

    def __init__(self, file: str, line: int, field: str, message: str, clause: str | None = None):
        # one line, however long or strange the file's name, a key or an action: each part cut short
        file, field, message = one_line(file, 160), one_line(field, 80), one_line(message)
        self.file, self.line, self.field, self.message, self.clause = file, line, field, message, clause
        tail = f" ({clause})" if clause else ""
        super().__init__(f"{file}:{line}: {field}: {message}{tail}")


# --- YAML with line numbers, safely -----------------------------------------------------------

#: The largest record accepted, in bytes of UTF-8 (and so in characters): the longest
#: example, a partie of eleven deals, is under 10 KB.
MAX_BYTES = 256 * 1024
#: The deepest nesting of lists and mappings accepted: a record needs five levels.
MAX_DEPTH = 24
#: The most digits a whole number may have (seeds, seats, points need far fewer); a
#: longer one is refused before Python converts it.
MAX_DIGITS = 18
#: The longest message a :class:`RecordError` prints (a long action is cut short).
MAX_MESSAGE = 240

#: libyaml's parser when PyYAML was built with it (ten times faster), else Python's.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_T = "tag:yaml.org,2002:"
#: Characters YAML allows in a stream (the rest are refused with their line, before parsing).
_NOT_PRINTABLE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` on one line (control characters escaped) and at most ``limit`` characters.

    >>> one_line("a\\nb" + "x" * 300, 10)
    'a\\\\nbxxxxx…'
    """
    text = _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _short(value: Any, limit: int = 40) -> str:
    """A value quoted for a message, cut short: ``'♠A ♠K'``, ``'xxxxxxxx…'``."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


class _Builder:
    """Plain data (dict, list, str, int, float, bool, None) from YAML parser events, with
    the 1-based line of every field.

    Only what a record needs is accepted: no anchors or aliases (so a few hundred bytes
    cannot expand to gigabytes, nor refer to themselves), no explicit tags, nesting at most
    :data:`MAX_DEPTH` deep, whole numbers of at most :data:`MAX_DIGITS` digits, finite
    numbers. A date or a ``<<`` stays the text it is.
    """

    def __init__(self, loader: Any, file: str) -> None:
        self.loader, self.file = loader, file
        self.lines: dict[Path_, int] = {}

    def fail(self, event: Any, path: Path_, message: str) -> None:
        raise RecordError(self.file, event.start_mark.line + 1, _field(path), message)

    def plain(self, event: Any, path: Path_) -> None:
        if isinstance(event, yaml.AliasEvent) or event.anchor is not None:
            self.fail(event, path, "anchors and aliases (& and *) are not allowed in a record: write the value out")
        if event.tag is not None:
            tag = event.tag.replace(_T, "!!", 1) if event.tag.startswith(_T) else event.tag
            self.fail(event, path, f"not plain data: a record has no explicit tags ({_short(tag)})")

    def node(self, path: Path_, depth: int) -> Any:
        event = self.loader.get_event()
        self.lines.setdefault(path, event.start_mark.line + 1)
        self.plain(event, path)
        if isinstance(event, yaml.ScalarEvent):
            return self.scalar(event, path)
        if depth >= MAX_DEPTH:
            self.fail(event, path, f"nested more than {MAX_DEPTH} levels deep")
        get, check = self.loader.get_event, self.loader.check_event
        if isinstance(event, yaml.SequenceStartEvent):
            out: list[Any] = []
            while not check(yaml.SequenceEndEvent):
                out.append(self.node(path + (len(out),), depth + 1))
            get()
            return out
        mapping: dict[Any, Any] = {}
        while not check(yaml.MappingEndEvent):
            key_event = get()
            line = key_event.start_mark.line + 1
            self.plain(key_event, path)
            if not isinstance(key_event, yaml.ScalarEvent):
                raise RecordError(self.file, line, _field(path), "a key must be a word, not a list or a mapping")
            key = self.scalar(key_event, path)
            if not isinstance(key, (str, int)):
                raise RecordError(self.file, line, _field(path), f"a key must be a word, not {_short(key)}")
            if key in mapping:
                raise RecordError(self.file, line, _field(path + (key,)), "the field appears twice")
            self.lines[path + (key,)] = line
            mapping[key] = self.node(path + (key,), depth + 1)
        get()
        return mapping

    def scalar(self, event: Any, path: Path_) -> Any:
        value = event.value
        tag = self.loader.resolve(yaml.ScalarNode, value, event.implicit)
        if tag == _T + "str" or tag not in (_T + "int", _T + "float", _T + "bool", _T + "null"):
            return value  # a text (a date, a << as well: records have no use for their types)
        node = yaml.ScalarNode(tag, value, event.start_mark, event.end_mark)
        if tag == _T + "int":
            digits = sum(ch.isalnum() for ch in value)
            if digits > MAX_DIGITS + 2:  # (0x, 0o, 0b)
                self.fail(event, path, f"a number of {digits} digits: at most {MAX_DIGITS}")
            number = self.loader.construct_yaml_int(node)
            if abs(number) >= 10 ** MAX_DIGITS:
                self.fail(event, path, f"a number of more than {MAX_DIGITS} digits: {_short(value)}")
            return number
        if tag == _T + "float":
            number = self.loader.construct_yaml_float(node)
            if not math.isfinite(number):
                self.fail(event, path, f"not a finite number: {_short(value)}")
            return number
        return self.loader.construct_yaml_bool(node) if tag == _T + "bool" else None


def load_yaml(text: str, file: str = "<record>") -> tuple[Any, dict[Path_, int]]:
    """Parse a record's YAML safely; return the data and the line of each field's path.

    Every failure is a one-line :class:`RecordError` with the line it concerns.
    """
    if len(text) > MAX_BYTES:
        raise RecordError(file, 1, "(record)", f"longer than {MAX_BYTES // 1024} KB: not a record")
    bad = _NOT_PRINTABLE.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise RecordError(file, line, "(yaml)", f"a character YAML does not allow: U+{ord(bad.group()):04X}")
    loader = _Loader(text)
    loader.name = file
    builder = _Builder(loader, file)
    try:
        loader.get_event()  # the stream's start
        if loader.check_event(yaml.StreamEndEvent):
            raise RecordError(file, 1, "(record)", "the file is empty")
        loader.get_event()  # the document's start
        data = builder.node((), 0)
        loader.get_event()  # the document's end
        if not loader.check_event(yaml.StreamEndEvent):
            event = loader.peek_event()
            raise RecordError(file, event.start_mark.line + 1, "(yaml)", "one record per file: a second document begins here")
        return data, builder.lines
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        # libyaml puts an error at the end of the text on the line after the last one
        line = min(mark.line + 1, text.count("\n") + 1) if mark else 1
        raise RecordError(file, line, "(yaml)", f"not valid YAML: {err.problem or err.context}") from None
    except yaml.YAMLError as err:
        raise RecordError(file, 1, "(yaml)", f"not valid YAML: {err}") from None
    finally:
        loader.dispose()


def read_record(path: str | Path) -> str:
    """The text of a record file: a regular file (not a folder, a pipe or a device) of at
    most :data:`MAX_BYTES`, in UTF-8. Anything else is a one-line :class:`RecordError`."""
    p = Path(path)
    name = str(p)
    try:
        info = p.stat()
    except FileNotFoundError:
        raise RecordError(name, 1, "(file)", "cannot read: no such file") from None
    except (OSError, ValueError) as err:
        raise RecordError(name, 1, "(file)", f"cannot read: {getattr(err, 'strerror', None) or err}") from None
    if stat.S_ISDIR(info.st_mode):
        raise RecordError(name, 1, "(file)", "a folder, not a record file")
    if not stat.S_ISREG(info.st_mode):
        raise RecordError(name, 1, "(file)", "not a regular file (a pipe or a device?): records are files")
    try:
        with open(p, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as err:
        raise RecordError(name, 1, "(file)", f"cannot read: {err.strerror or err}") from None
    if len(data) > MAX_BYTES:
        raise RecordError(name, 1, "(file)", f"longer than {MAX_BYTES // 1024} KB: not a record")
    if not data.strip():
        raise RecordError(name, 1, "(record)", "the file is empty")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise RecordError(name, line, "(file)", f"not UTF-8 text: byte 0x{data[err.start]:02X}") from None


# --- the record's shape -------------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Deal(_Strict):
    """The cards of one deal: a seed for the game's own shuffle, or the hands written out."""

    seed: int | None = Field(None, description="Seed of the game's version-stable shuffle.")
    hands: list[str] | None = Field(None, description="Each seat's hand in card notation, in seat order.")
    talon: str | None = Field(None, description="The talon («прикуп»), if the game has one.")
    turned: str | None = Field(None, description="The turned card (trump indicator), if any.")
    cut: str | None = Field(None, description="A card cut from a second pack, if the game uses one.")

    @model_validator(mode="after")
    def _seed_or_hands(self) -> "Deal":
        if (self.seed is None) == (self.hands is None):
            raise ValueError("give either seed or hands (one of them)")
        return self


class DealPlay(_Strict):
    """One deal of a partie: its cards, the actions made, what it must come to."""

    deal: Deal
    dealer: int | None = Field(None, description="The dealer's seat, when not the one that follows by rotation.")
    actions: list[str] = Field(default_factory=list, description="Calls, exchanges, plays and irregularities, in order.")
    expect: dict[str, Any] = Field(default_factory=dict, description="The outcome the engine must recompute.")


class Record(_Strict):
    """A deal record or, with ``deals``, a partie record."""

    game: str = Field(description="The game family, e.g. fortuna or preferans.")
    variant: str = Field(description="A preset name of the game's variants, e.g. four or sochi.")
    options: dict[str, Any] = Field(default_factory=dict, description="Overrides of the preset's parameters.")
    source: str = Field(description="Where this example comes from: a citation, or 'editorial: …'.")
    title: str | None = None
    seats: list[str] | None = Field(None, description="Names of the players, in seat order.")
    dealer: int = Field(0, description="The (first) dealer's seat.")
    # one deal
    deal: Deal | None = None
    actions: list[str] = Field(default_factory=list)
    # or a partie
    deals: list[DealPlay] | None = None
    expect: dict[str, Any] = Field(default_factory=dict)
    _plays: list[tuple[Path_, DealPlay]] | None = PrivateAttr(None)
    _lines: list[list[Line]] | None = PrivateAttr(None)
    _plans: list[Plan] | None = PrivateAttr(None)
    _variant: Any = PrivateAttr(None)

    @model_validator(mode="after")
    def _one_or_many(self) -> "Record":
        if (self.deal is None) == (self.deals is None):
            raise ValueError("give either deal (one deal) or deals (a partie)")
        if self.deals is not None and self.actions:
            raise ValueError("in a partie, actions belong to each deal")
        return self

    @property
    def is_partie(self) -> bool:
        return self.deals is not None

    def plays(self) -> list[tuple[Path_, DealPlay]]:
        """The deals in order, each with its path in the record (made once: a record is frozen)."""
        private = self.__pydantic_private__  # (pydantic's look-up of a private attribute is slow)
        plays = private["_plays"]
        if plays is None:
            if self.deals is not None:
                plays = [(("deals", i), d) for i, d in enumerate(self.deals)]
            else:  # the fields were validated with the record: build without checking them again
                plays = [((), DealPlay.model_construct(deal=self.deal, dealer=self.dealer, actions=self.actions,
                                                       expect=self.expect))]
            private["_plays"] = plays
        return list(plays)

    def variant_of(self, game: GameRecords) -> Any:
        """The record's variant: its preset with its options applied (made once: a record is
        frozen; a bad name or option raises as :func:`make_variant` says, every time)."""
        private = self.__pydantic_private__
        variant = private["_variant"]
        if variant is None:
            variant = private["_variant"] = make_variant(game, self.variant, self.options)
        return variant

    def lines(self, game: GameRecords) -> list[list[Line]]:
        """Each deal's action lines as ``game`` reads them (its ``read_line``), in the order
        of :meth:`plays`, made when the record is loaded (:func:`parse` asks as soon as the
        game is known): a line's notation is read once, and a replay only picks each line's
        meaning in its phase (see :class:`~cardrules.recorddata.Line`). Each line is its own
        object, even where two say the same: a replay finds the line that failed by it."""
        private = self.__pydantic_private__
        lines = private["_lines"]
        if lines is None:
            read = getattr(game, "read_line", None) or (lambda text: Line(text, game.parse_actions))
            lines = private["_lines"] = [[read(a) for a in play.actions] for _path, play in self.plays()]
        return lines

    def plans(self, game: GameRecords) -> list[Plan]:
        """Each deal's :meth:`lines` as a replay plays them (a :class:`~cardrules.recorddata.Plan`, made once)."""
        private = self.__pydantic_private__
        plans = private["_plans"]
        if plans is None:
            plans = private["_plans"] = [Plan(lines) for lines in self.lines(game)]
        return plans

    def read_notation(self) -> "Record":
        """Make every action and every hand, talon, turned or cut card of the record a
        :class:`~cardrules.cards.Written` text, which keeps its cards and words once they are
        read: a record replayed again reads none of them twice. (Which action a line means
        still depends on the phase it is read in: the game decides that at each replay.)"""
        for _path, play in self.plays():
            play.actions[:] = [a if a.__class__ is Written else Written(a) for a in play.actions]
            deal = play.deal
            if deal.hands is not None:
                deal.hands[:] = [h if h.__class__ is Written else Written(h) for h in deal.hands]
            for name in ("talon", "turned", "cut"):
                text = getattr(deal, name)
                if text is not None and text.__class__ is not Written:
                    object.__setattr__(deal, name, Written(text))  # the same text, frozen model
        return self


def json_schema() -> dict[str, Any]:
    """The JSON Schema of records, generated from the model (for editors)."""
    schema = Record.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "cardrules deal record"
    return schema


# --- the game's side ------------------------------------------------------------------------


class GameRecords(Protocol):
    """What a game provides so that its records can be replayed (its ``record.py``)."""

    name: str
    presets: dict[str, Any]

    def new_partie(self, variant: Any, dealer: int) -> Any:
        """The running state of a partie (pool, scores) before its first deal."""

    def start_deal(self, partie: Any, deal: Deal, dealer: int | None) -> GameState:
        """The state of a deal dealt as ``deal`` says, within ``partie``."""

    def parse_actions(self, state: GameState, text: str) -> list[Any]:
        """The actions one line of a record stands for (a call, a card, a whole trick)."""

    def read_line(self, text: str) -> Line:
        """The line read once, for :meth:`parse_actions` at replay without reading it again
        (optional: a game without it has its lines read at each replay)."""

    def format_history(self, state: GameState) -> list[str]:
        """The actions of ``state`` as record lines (a trick's cards may share a line)."""

    def finish_deal(self, partie: Any, state: GameState) -> dict[str, Any]:
        """Score the finished deal into the partie; return the deal's outcome."""

    def partie_outcome(self, partie: Any) -> dict[str, Any]:
        """The outcome of the partie so far (running score, final settlement)."""

    def deal_of(self, state: GameState) -> Any:
        """The deal as the record writes it (for export): a :class:`cardrules.dealspec.DealSpec`."""

    def dealer_of(self, state: GameState) -> int:
        """The seat that dealt ``state``'s deal."""

    def summary(self, state: GameState) -> DealSummary:
        """The finished deal told for people (diagrams, ``cardrules replay``)."""


def make_variant(game: GameRecords, preset: str, options: dict[str, Any]) -> Any:
    """The preset's parameters with ``options`` applied; a bad name says what is known."""
    if preset not in game.presets:
        raise KeyError(f"no variant {preset!r} of {game.name}; {rules.did_you_mean(preset, game.presets)}")
    base = game.presets[preset]
    if not options:
        return base
    key = (game.name, preset, repr(sorted(options.items(), key=repr)))
    variant = _VARIANTS.get(key)
    if variant is None:
        variant = rules.with_options(base, options)
        if len(_VARIANTS) < 1024:
            _VARIANTS[key] = variant  # variants are frozen: the same options give the same one
    return variant


#: Variants made from options, by game, preset and options: a record replayed again reuses its own.
_VARIANTS: dict[tuple[str, str, str], Any] = {}


# --- load, replay, verify ---------------------------------------------------------------------


@dataclass
class Replay:
    """A record replayed: the final state of each deal, the outcomes, the partie."""

    record: Record
    file: str
    game: GameRecords
    variant: Any
    partie: Any
    states: list[GameState] = field(default_factory=list)
    outcomes: list[dict[str, Any]] = field(default_factory=list)
    _partie_outcome: dict[str, Any] | None = field(default=None, repr=False)

    @property
    def partie_outcome(self) -> dict[str, Any]:
        """The outcome of the partie at the end of the record (told when first asked: a
        record of one deal checks none, and a replay to verify it need not count it)."""
        if self._partie_outcome is None:
            self._partie_outcome = self.game.partie_outcome(self.partie)
        return self._partie_outcome


def _line(lines: dict[Path_, int], path: Path_) -> int:
    while path and path not in lines:
        path = path[:-1]
    return lines.get(path, 1)


def _field(path: Iterable[Any]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(record)"


def parse(text: str, file: str = "<record>") -> tuple[Record, dict[Path_, int]]:
    """Load and check the shape of a record (not yet its legality)."""
    data, lines = load_yaml(text, file)
    if not isinstance(data, dict):
        raise RecordError(file, 1, "(record)", "a record is a mapping of fields (game, variant, deal, …)")
    try:
        record = Record.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        path = tuple(p for p in first["loc"] if not str(p).startswith("function-"))
        message = first["msg"].removeprefix("Value error, ")
        if first["type"] == "extra_forbidden":
            message = "no such field"
        elif first["type"] == "missing":
            message = "required field is missing"
        return _raise(file, _line(lines, path), _field(path), message)
    record.read_notation()
    try:
        record.plans(game_records(record.game))
    except KeyError:
        pass  # (no such game: the replay says so, in its turn)
    return record, lines


def _clause_of(err: Exception) -> str | None:
    """The clause an error names, if it is an illegal action (an ``IllegalAction`` of the
    engine carries ``clause_id`` and ``message``); else None."""
    clause = getattr(err, "clause_id", None)
    return clause if isinstance(clause, str) and isinstance(getattr(err, "message", None), str) else None


def _raise(file: str, line: int, name: str, message: str, clause: str | None = None):
    raise RecordError(file, line, name, message, clause)


def replay(text: str, file: str = "<record>") -> Replay:
    """Load a record and play it through the engine, checking each action as it is made."""
    record, lines = parse(text, file)
    return replay_parsed(record, lines, file)


def replay_parsed(record: Record, lines: dict[Path_, int], file: str = "<record>") -> Replay:
    """Play a loaded record through the engine, checking each action as it is made."""
    try:
        game = game_records(record.game)
    except KeyError as err:
        _raise(file, _line(lines, ("game",)), "game", err.args[0])
    try:
        variant = record.variant_of(game)
    except KeyError as err:
        _raise(file, _line(lines, ("variant",)), "variant", err.args[0])
    except rules.VariantError as err:
        where = ("options", err.name)
        _raise(file, _line(lines, where), f"options.{err.name}", err.message, err.clause_id or None)
    players = getattr(variant, "players", None)
    if record.seats is not None and isinstance(players, int) and len(record.seats) < players:
        _raise(file, _line(lines, ("seats",)), "seats",
               f"name every player: {players} players, {len(record.seats)} name(s)")
    try:
        partie = game.new_partie(variant, record.dealer)
    except ValueError as err:
        _raise(file, _line(lines, ("dealer",)), "dealer", getattr(err, "message", str(err)), getattr(err, "clause_id", None))
    result = Replay(record, file, game, variant, partie)
    for (path, play), lines_, plan in zip(record.plays(), record.lines(game), record.plans(game)):
        try:
            state = game.start_deal(partie, play.deal, play.dealer)
        except ValueError as err:  # (a CardError, an IllegalAction are ValueErrors)
            clause = getattr(err, "clause_id", None)
            _raise(file, _line(lines, path + ("deal",)), _field(path + ("deal",)), getattr(err, "message", str(err)), clause)
        apply = state.apply
        step = actions = None
        try:
            for step in plan.steps:  # (a run of lines known whatever the phase, or one line read now)
                actions = iter(step) if step.__class__ is tuple else iter(step(state))
                for action in actions:
                    apply(action)
        except ValueError as err:  # an illegal action names its clause; a line not read does not
            at = plan.line_at(step, actions)
            where = path + ("actions", at)
            clause = _clause_of(err)
            said = err.message if clause else err  # type: ignore[attr-defined]
            _raise(file, _line(lines, where), _field(where), f"{_short(lines_[at].text)}: {said}", clause)
        if not state.is_terminal():
            _raise(file, _line(lines, path + ("actions",)), _field(path + ("actions",)),
                   "the deal is not finished: the record stops before its last action")
        result.states.append(state)
        result.outcomes.append(game.finish_deal(partie, state))
    return result


def verify(text: str, file: str = "<record>") -> Replay:
    """Replay a record and compare every expected outcome with the recomputed one."""
    record, lines = parse(text, file)
    return verify_parsed(record, lines, file)


def verify_parsed(record: Record, lines: dict[Path_, int], file: str = "<record>") -> Replay:
    """Replay a loaded record and compare every expected outcome with the recomputed one."""
    result = replay_parsed(record, lines, file)
    checks: list[tuple[Path_, dict[str, Any], dict[str, Any]]] = []
    for (path, play), outcome in zip(record.plays(), result.outcomes):
        checks.append((path + ("expect",), play.expect, outcome))
    if record.is_partie:
        checks.append((("expect",), record.expect, result.partie_outcome))
    for path, expected, actual in checks:
        for key, value in expected.items():
            got = actual.get(key, _MISSING)
            if got is _MISSING:
                where = path + (key,)
                _raise(file, _line(lines, where), _field(where),
                       f"no such outcome; this game reports: {', '.join(sorted(actual))}")
            if got != value:
                where = path + (key,)
                _raise(file, _line(lines, where), _field(where),
                       f"the record says {_short(value, 80)}, the rules give {_short(got, 120)}")
    return result


_MISSING = object()  # (an outcome the game does not report; None is a value an outcome can have)


def verify_file(path: str | Path) -> Replay:
    """Read a record file (see :func:`read_record`) and verify it."""
    return verify(read_record(path), str(path))


def record_files(paths: Iterable[str | Path]) -> list[Path]:
    """The record files named, or found under the folders named (``*.yaml``, ``*.yml``)."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out += sorted(f for f in p.rglob("*") if f.suffix in (".yaml", ".yml"))
        else:
            out.append(p)
    return out


# --- export -------------------------------------------------------------------------------------


def to_record(state: GameState, source: str, dealer: int | None = None, expect: bool = True) -> str:
    """Write one deal as record YAML that loads back to the same state (see
    :func:`cardrules.recorddata.record_data`: ``expect`` adds a finished deal's outcome)."""
    data = record_data(state, source, dealer, expect)
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100)


class _Dumper(yaml.SafeDumper):
    """Short lists of plain values on one line ([7, 1, 2, 3]), as a person writes them."""


def _represent_list(dumper: yaml.SafeDumper, data: list) -> yaml.Node:
    flow = all(not isinstance(x, (list, dict)) for x in data) and len(data) <= 8
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _represent_list)
