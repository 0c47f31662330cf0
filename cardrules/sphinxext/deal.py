"""The ``{deal}`` directive: a deal record replayed at build time and drawn.

````md
```{deal} examples/fortuna/four-made.yaml
```
````

or with the record inline as the directive's body. The record is verified
(:func:`cardrules.records.verify`); one that cannot be read (a path outside ``examples/``
and ``docs/``, a file that is not UTF-8, a bad option) or does not verify is a warning at
the directive's page and line, which fails the ``-W`` build. The drawing is HTML and CSS (hands around the table, suit
glyphs in their colours, the auction, the tricks with the winner marked, the
result and its scoring trace linked to the clauses), and reads as plain text.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from cardrules import records
from cardrules.cards import RANK_NAMES_EN, RED_SUITS, SUIT_GLYPHS, SUIT_NAMES_EN, SUITS, cards_of, in_suit, rank_of, suit_of
from cardrules.engine import DealSummary, default_names, with_names

from .verdict import verdict_node

logger = logging.getLogger(__name__)

#: Where seats sit around the table, by number of players (grid areas in the CSS).
POSITIONS = {2: ("south", "north"), 3: ("south", "west", "east"), 4: ("south", "west", "north", "east")}


def _suit(s: int) -> nodes.inline:
    return nodes.inline(text=SUIT_GLYPHS[s], classes=["suit", "suit-red" if s in RED_SUITS else "suit-black"])


def _card(c: int) -> nodes.inline:
    box = nodes.inline(classes=["card"])
    box += _suit(suit_of(c))
    box += nodes.Text(RANK_NAMES_EN[rank_of(c)])
    return box


def _hand(mask: int, strength=None) -> nodes.bullet_list:
    suits = nodes.bullet_list(classes=["hand-suits"])
    for s in SUITS:
        held = cards_of(in_suit(mask, s))
        if strength is not None:  # the game's own order, lowest first like cards_of
            held.sort(key=lambda c: strength[rank_of(c)])
        item = nodes.list_item()
        para = nodes.paragraph()
        para += _suit(s)
        ranks = nodes.inline(text=" " if held else " —", classes=["ranks"])
        for k, c in enumerate(reversed(held)):  # each card its own box, so a replay can mark it played
            ranks += nodes.inline(text=RANK_NAMES_EN[rank_of(c)], classes=["held", f"card-{c}"])
            if k < len(held) - 1:
                ranks += nodes.Text(" ")
        para += ranks
        item += para
        suits += item
    return suits


def _clause_ref(clause_id: str) -> addnodes.pending_xref:
    ref = addnodes.pending_xref("", refdomain="clause", reftype="rule", reftarget=clause_id,
                                refexplicit=False, refwarn=True)
    ref += nodes.literal(text=clause_id)
    return ref


def draw(summary: DealSummary, seats: list[str] | None, title: str) -> nodes.container:
    """The deal as docutils nodes (HTML and text builders alike)."""
    summary.names = list(seats or [])
    name = summary.name
    figure = nodes.container(classes=["deal", f"deal-{summary.players}"])
    if title:
        figure += nodes.rubric(text=title)
    table = nodes.container(classes=["deal-table"])
    for i, hand in enumerate(summary.hands):
        box = nodes.container(classes=["deal-hand", f"deal-{POSITIONS[summary.players][i]}"])
        head = nodes.paragraph(classes=["deal-seat"])
        head += nodes.strong(text=name(i))
        if i == summary.dealer:
            head += nodes.inline(text=" (dealer / сдатчик)", classes=["deal-dealer"])
        box += head
        box += _hand(hand, summary.strength)
        table += box
    centre = nodes.container(classes=["deal-centre"])
    if summary.turned is not None:
        para = nodes.paragraph(text="Turned / открыта: ")
        para += _card(summary.turned)
        centre += para
    if summary.trump is not None:
        para = nodes.paragraph(text="Trumps / козыри: ")
        para += _suit(summary.trump)
        para += nodes.Text(f" {SUIT_NAMES_EN[summary.trump]}")
        centre += para
    if summary.talon:
        para = nodes.paragraph(text="Talon / прикуп: ")
        for c in cards_of(summary.talon):
            para += _card(c)
            para += nodes.Text(" ")
        centre += para
    for key, value in summary.facts:
        centre += nodes.paragraph(text=f"{key}: {value}")
    table += centre
    figure += table

    if summary.calls:
        figure += nodes.paragraph(text=f"{summary.calls_heading}:", classes=["deal-heading"])
        calls = nodes.enumerated_list(classes=["deal-auction"])
        for seat, call in summary.calls:
            item = nodes.list_item()
            item += nodes.paragraph(text=f"{name(seat)}: {call}")
            calls += item
        figure += calls
    if summary.tricks:
        figure += nodes.paragraph(text="Tricks / взятки:", classes=["deal-heading"])
        tricks = nodes.enumerated_list(classes=["deal-tricks"])
        for trick in summary.tricks:
            item = nodes.list_item()
            para = nodes.paragraph()
            if trick.talon_lead is not None:
                para += nodes.inline(text="talon / прикуп: ", classes=["deal-leader"])
                para += _card(trick.talon_lead)
                para += nodes.Text(", then ")
            else:
                para += nodes.inline(text=f"{name(trick.leader)} leads: ", classes=["deal-leader"])
            marked = False
            for seat, c in trick.plays:
                cell = _card(c)
                if c in trick.revokes:
                    cell["classes"].append("deal-revoke")
                    cell += nodes.inline(text=" (revoke / ренонс)", classes=["deal-note"])
                if seat == trick.winner and not marked:
                    marked = True
                    cell["classes"].append("deal-winner")
                    para += nodes.strong("", "", cell)
                else:
                    para += cell
                para += nodes.Text(" ")
            taker = "nobody / никто" if trick.winner is None else name(trick.winner)
            para += nodes.inline(text=f"→ {taker}", classes=["deal-taker"])
            item += para
            tricks += item
        figure += tricks
    if summary.result:
        result = nodes.container(classes=["deal-result"])
        for line in summary.result:
            result += nodes.paragraph(text=summary.told(line))
        figure += result
    if summary.table:
        figure += outcome_table(summary.rows(), "deal-outcome")
    if summary.trace.steps:
        figure += nodes.paragraph(text="Why / почему (the clauses applied):", classes=["deal-heading"])
        figure += _trace_list(summary.trace, summary.told)
    if summary.tricks:
        figure += nodes.raw("", replay_data(summary), format="html")
    return figure


def replay_data(summary: DealSummary) -> str:
    """The deal's replay, worked out at build time from the record: after each trick, the
    cards played so far and who took it (``cardrules.js`` steps through it, trick by
    trick, with no Python in the page).

    >>> from cardrules.engine import TrickPlayed
    >>> s = DealSummary(players=2, dealer=0, hands=[3, 12], tricks=[TrickPlayed([(0, 0), (1, 2)], 1)])
    >>> replay_data(s)
    '<script type="application/json" class="deal-steps">[{"played":[0,2],"taker":"Player 2"}]</script>'
    """
    steps, played = [], []
    for trick in summary.tricks:
        played = played + ([trick.talon_lead] if trick.talon_lead is not None else []) + [c for _, c in trick.plays]
        steps.append({"played": played, "taker": "nobody" if trick.winner is None else summary.name(trick.winner)})
    data = json.dumps(steps, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" class="deal-steps">{data}</script>'


def outcome_table(rows: list[list[str]], kind: str) -> nodes.table:
    """A small table of who took and won or paid what; the first row is the header."""
    head, *body = rows
    table = nodes.table(classes=["outcome", kind])
    group = nodes.tgroup(cols=len(head))
    table += group
    for i in range(len(head)):
        group += nodes.colspec(colwidth=3 if i < 2 else 2)
    for part, cells in ((nodes.thead(), [head]), (nodes.tbody(), body)):
        group += part
        for cells_row in cells:
            row = nodes.row()
            for j, cell in enumerate(cells_row):
                entry = nodes.entry(classes=["num"] if j >= 2 else [])
                entry += nodes.paragraph(text=cell)
                row += entry
            part += row
    return table


def _trace_list(trace, told=lambda text: text) -> nodes.bullet_list:
    from cardrules.engine import amount

    steps = nodes.bullet_list(classes=["deal-trace"])
    for step in trace.steps:
        item = nodes.list_item()
        para = nodes.paragraph()
        shown = None
        if step.amount is not None:
            try:
                shown = amount(step.amount)
            except (TypeError, ValueError):
                shown = str(step.amount)
        para += nodes.Text(told(step.text) + (f" = {shown}" if shown is not None else "") + " ")
        para += _clause_ref(step.clause_id)
        item += para
        steps += item
    return steps


class BadRecord(Exception):
    """A directive's record that cannot be drawn: the message says why, in one line."""


#: Where a directive may read records from, relative to the repository's root (the folder
#: above the edition's sources): the examples, and the edition itself.
RECORD_FOLDERS = ("examples",)


def _record_path(directive: SphinxDirective, name: str) -> Path:
    """The file a directive names, confined to ``examples/`` and the edition's own folder."""
    srcdir = Path(directive.env.srcdir).resolve()
    root = srcdir.parent
    if Path(name).is_absolute() or "\x00" in name:
        raise BadRecord(f"{name!r}: give the record's path from the repository's root, e.g. examples/fortuna/four-all-pass.yaml")
    path = (root / name).resolve()
    allowed = [root / folder for folder in RECORD_FOLDERS] + [srcdir]
    if not any(path.is_relative_to(folder) for folder in allowed):
        raise BadRecord(f"{name!r}: a record is read from examples/ or the edition's folder only")
    return path


def _verified(directive: SphinxDirective) -> tuple[records.Replay, str]:
    """The record named by the directive's argument (or inline), verified; anything wrong is a
    :class:`BadRecord` (the directive turns it into a warning with the page and line)."""
    if directive.arguments:
        file = directive.arguments[0]
        path = _record_path(directive, file)
        directive.env.note_dependency(str(path))
        try:
            text = records.read_record(path)
        except records.RecordError as err:
            raise BadRecord(f"cannot read the record {file}: {err.message}") from None
    elif directive.content:
        text = "\n".join(directive.content)
        file = f"{directive.env.doc2path(directive.env.docname)}, record at line {directive.content_offset + 1}"
    else:
        raise BadRecord("give a record file (examples/…) or the record inline")
    try:
        return records.verify(text, file), file
    except records.RecordError as err:
        raise BadRecord(f"the record does not verify: {err}") from None


class _RecordDirective(SphinxDirective):
    """A directive that draws a record: every bad value is a warning at the directive's line."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True

    def run(self) -> list[nodes.Node]:
        try:
            return self.draw()
        except BadRecord as bad:
            message = records.one_line(str(bad), 1000)
        except Exception as err:  # noqa: BLE001 - a drawing that fails is the page's warning, not a crashed build
            message = records.one_line(f"cannot draw the record: {type(err).__name__}: {err}", 1000)
        logger.warning(message, location=self.get_location(), type="cardrules", subtype="record")
        return []

    def draw(self) -> list[nodes.Node]:
        raise NotImplementedError


class ScoreSheetDirective(_RecordDirective):
    """``{score-sheet} examples/preferans/sochi-pulka.yaml``: the partie's score sheet as
    the game draws it (SVG, with its text alternative), and the settlement's arithmetic
    with each step linked to its clause. Only games that keep a sheet offer one."""

    def draw(self) -> list[nodes.Node]:
        result, file = _verified(self)
        draw_sheet = getattr(result.game, "sheet", None)
        if draw_sheet is None:
            raise BadRecord(f"{result.game.name} keeps no score sheet to draw")
        svg, text, trace = draw_sheet(result.partie, result.record.seats)
        figure = nodes.container(classes=["score-sheet"])
        picture = nodes.container(classes=["score-sheet-picture"])
        # the drawing's label is short; its full reading is the paragraph "in words" below
        words_id = f"score-sheet-words-{self.env.new_serialno('score-sheet')}"
        picture += nodes.raw("", svg.replace("<svg ", f'<svg aria-describedby="{words_id}" ', 1), format="html")
        legend = getattr(result.game, "sheet_legend", ())
        if legend:
            items = nodes.definition_list(classes=["score-sheet-legend"])
            for where_en, where_ru, what_en, what_ru in legend:
                item = nodes.definition_list_item()
                item += nodes.term(text=f"{where_en} / {where_ru}")
                item += nodes.definition("", nodes.paragraph(text=f"{what_en} / {what_ru}"))
                items += item
            note = nodes.paragraph(text="Each part shows its running totals, written one after another with dots "
                                        "as players write them (the last few; all of them in words below). / "
                                        "Итоги пишут подряд через точку.", classes=["score-sheet-note"])
            picture += nodes.container("", nodes.rubric(text="Legend / условные обозначения"), items, note,
                                       classes=["score-sheet-key"])
        figure += picture
        alt = nodes.paragraph(classes=["score-sheet-text"], ids=[words_id])
        alt += nodes.strong(text="The sheet in words / запись словами: ")
        alt += nodes.Text(text.replace("\n", "; "))
        figure += alt
        names = result.record.seats or default_names(result.variant.players)
        table = getattr(result.game, "partie_table", None)
        if table is not None:
            summary = DealSummary(players=result.variant.players, dealer=0, hands=[], table=table(result.partie),
                                  names=list(names))
            figure += outcome_table(summary.rows(), "partie-outcome")
        if trace.steps:
            figure += nodes.paragraph(text="The settlement / расчёт (the clauses applied):", classes=["deal-heading"])
            figure += _trace_list(trace, lambda text: with_names(text, names))
        figure += nodes.paragraph(text=f"Record: {file}; source: {result.record.source}", classes=["deal-source"])
        return [figure]


class DealDirective(_RecordDirective):
    """Draw a deal record: a file of ``examples/`` (path from the repository root) or inline YAML.
    ``:deal: N`` draws only the N-th deal of a partie (from 1)."""

    option_spec = {"title": directives.unchanged, "deal": directives.unchanged_required}

    def draw(self) -> list[nodes.Node]:
        result, _ = _verified(self)
        which = self.options.get("deal")
        states = result.states
        if which is not None:
            count = len(states)
            if not (re.fullmatch(r"[0-9]{1,6}", which.strip()) and 1 <= int(which) <= count):
                raise BadRecord(f":deal: {which[:40]!r}: give the number of a deal of the record, from 1 to {count}")
            states = [states[int(which) - 1]]
        title = self.options.get("title", result.record.title or "")
        out: list[nodes.Node] = []
        for state in states:
            figure = draw(result.game.summary(state), result.record.seats, title)
            source = nodes.paragraph(classes=["deal-source"])
            source += nodes.Text(f"Record: {self.arguments[0] if self.arguments else 'inline'}; source: {result.record.source}")
            figure += source
            verdict = verdict_node(state, result.record.seats)  # preferans: what best play gives
            if verdict is not None:
                figure += verdict
            out.append(figure)
        return out
