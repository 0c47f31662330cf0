"""The ``cardrules`` command: the site, the deal records, the clauses, the benchmark.

Examples::

    cardrules serve                 # build the site and serve it on http://127.0.0.1:8000
    cardrules serve --port 8080 --open
    cardrules build --out public    # static HTML, e.g. for a file:// copy
    cardrules verify examples/      # check every record against the engine
    cardrules replay examples/fortuna/four-nevolia.yaml
    cardrules score examples/fortuna/four-partie.yaml --json
    cardrules rules fortuna.bidding.quota
    cardrules compare fortuna four three
    cardrules analyze examples/preferans/sochi-whist-two.yaml   # double dummy: what best play gives
    cardrules export --json --out edition.json
    cardrules ids                   # the clause ids against their ledger
    cardrules bench
    cardrules study --workers 2     # the variant study: seeded pulkas by par, four variants

Errors are one line on stderr and exit code 2, whatever the input and the terminal; a
failed verification exits 1. No input prints a traceback: an unforeseen error is one line
too (exit 3; set ``CARDRULES_DEBUG=1`` to see its traceback).
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
import webbrowser
from fractions import Fraction
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Column, Table
from rich.text import Text
from typer import _click as click
from typer.core import TyperGroup
from typer.exceptions import Abort

from cardrules import records, rules, site
from cardrules.games import GAMES
from cardrules.engine import DealSummary, amount, counted, default_names, with_names
from cardrules.cards import RANK_NAMES_EN, RED_SUITS, SUIT_GLYPHS, SUITS, cards_of, format_card, in_suit, rank_of, suit_of

class _OneLineErrors(TyperGroup):
    """The command group: every error one line on stderr, never a traceback.

    Typer draws a usage error as a panel wrapped to the terminal, and lets any other
    exception through as a traceback; here a usage error is one line (exit 2, as before) and
    an unforeseen error one line (exit 3).
    """

    def main(self, args: Any = None, prog_name: Any = None, complete_var: Any = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as err:
            console.print(err.format_message(), markup=False, emoji=False)
            sys.exit(err.exit_code)
        except click.exceptions.ClickException as err:
            hint = ""
            ctx = getattr(err, "ctx", None)
            if ctx is not None:
                hint = f" (see {ctx.command_path} --help)"
            _say_error(err.format_message() + hint)
            sys.exit(err.exit_code)
        except Abort:
            _say_error("interrupted")
            sys.exit(1)
        except Exception as err:  # noqa: BLE001 - the last guard: one line, never a traceback
            if os.environ.get("CARDRULES_DEBUG"):
                raise
            _say_error(f"unexpected {type(err).__name__}: {err} (a bug: please report it with the command)")
            sys.exit(3)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=_OneLineErrors,
    help="cardrules: an annotated edition of Russian card-game rules, and its engine.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
#: Errors and progress, on stderr: never wrapped (an error stays one line at any width),
#: user text printed as it is (no markup, no emoji codes read in it).
console = Console(stderr=True, soft_wrap=True, highlight=False, emoji=False)
out = Console(highlight=False, emoji=False, soft_wrap=True)  # a line of text is never cut into two


def _say_error(message: str) -> None:
    console.print(Text.assemble(("error:", "bold red"), " ", records.one_line(str(message), 2000)))


def _fail(message: str) -> None:
    _say_error(message)
    raise typer.Exit(2)


@app.command()
def build(
    out: Path = typer.Option(..., "--out", "-o", help="Folder to write the static HTML into."),
    docs: Path = typer.Option(site.DOCS, help="The edition's sources (a Sphinx project)."),
    strict: bool = typer.Option(True, help="Fail on any warning (-W), as the tests do."),
) -> None:
    """Build the site as static HTML.

    Example: cardrules build --out public
    """
    try:
        site.build(out, docs, strict=strict)
    except site.SiteError as err:
        _fail(str(err))
    console.print(Text(f"built the site in {out}; open {out.resolve() / 'index.html'}"))


@app.command()
def serve(
    port: int = typer.Option(8000, min=0, max=65535, help="Port on 127.0.0.1 (0: any free port)."),
    no_build: bool = typer.Option(False, "--no-build", help="Serve the last build without rebuilding."),
    open_browser: bool = typer.Option(False, "--open", help="Open the site in the default browser."),
    out: Path = typer.Option(site.DEFAULT_OUT, help="Where the site is built and served from."),
    docs: Path = typer.Option(site.DOCS, help="The edition's sources (a Sphinx project)."),
    strict: bool = typer.Option(False, help="Fail on any warning (-W)."),
) -> None:
    """Build the site and serve it on http://127.0.0.1:PORT until Ctrl-C.

    Example: cardrules serve --port 8080 --open
    """
    try:
        if not no_build:
            console.print(Text(f"building the site from {docs} …"))
            site.build(out, docs, strict=strict, fresh=False)
        server = site.make_server(out, port)
    except site.SiteError as err:
        _fail(str(err))
    except OSError as err:
        _fail(f"cannot serve on 127.0.0.1:{port}: {err.strerror or err}; try another --port")
    url = f"http://127.0.0.1:{server.server_address[1]}/"  # (--port 0: the port the system chose)
    console.print(Text.assemble(f"serving {out} on ", (url, "bold"), " (Ctrl-C stops)"))
    if open_browser:
        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --- records -----------------------------------------------------------------------------


def _verify_or_fail(path: Path) -> records.Replay:
    try:
        return records.verify_file(path)
    except records.RecordError as err:
        _fail(str(err))
    raise AssertionError  # unreachable: _fail exits


# The output is built of rich Text pieces, never of markup strings: a seat's name, a file's
# name or an action that holds "[/]" or ":smile:" is printed as it is.


def _card(c: int) -> Text:
    return Text(format_card(c), style="red" if suit_of(c) in RED_SUITS else "")


def _hand(mask: int, strength=None) -> Text:
    """A hand by suit, ranks spaced (♣ 10 9 8), red suits in red; highest first by the
    game's ``strength`` when it has its own rank order."""
    parts = []
    for s in SUITS:
        held = cards_of(in_suit(mask, s))
        if strength is not None:
            held.sort(key=lambda c: strength[rank_of(c)])
        ranks = " ".join(RANK_NAMES_EN[rank_of(c)] for c in reversed(held)) or "—"
        parts.append(Text(f"{SUIT_GLYPHS[s]} {ranks}", style="red" if s in RED_SUITS else ""))
    return Text("   ").join(parts)


def _people_table(rows: list[list[str]], title: str = "") -> Table:
    """An outcome table (a header row, then rows of text) for the console."""
    head, *body = rows
    table = Table(*[Column(h, justify="right" if i >= 2 else "left") for i, h in enumerate(head)],
                  title=title or None, title_justify="left", box=None, pad_edge=False)
    for row in body:
        table.add_row(*[Text(c) for c in row])
    return table


def _step(step, told) -> Text:
    shown = ""
    if step.amount is not None:
        try:
            shown = f" = {amount(step.amount)}"
        except (TypeError, ValueError):
            shown = f" = {step.amount}"
    return Text(f"  {told(step.text)}{shown}  [{step.clause_id}]")


def _replay_for_telling(file: Path) -> tuple[records.Replay, str | None]:
    """The record verified; or, when only its expectations fail, the record replayed without
    them and the mismatch, so that the play can still be shown up to the disagreement."""
    try:
        return records.verify_file(file), None
    except records.RecordError as err:
        mismatch = str(err)
    try:
        return records.replay(records.read_record(file), str(file)), mismatch
    except records.RecordError:
        _fail(mismatch)
    raise AssertionError  # unreachable: _fail exits


@app.command()
def replay(file: Path = typer.Argument(..., help="A deal or partie record (YAML).")) -> None:
    """Tell a recorded deal trick by trick: hands, auction, tricks, who won and paid what, and
    the clauses behind it; a partie ends with its settlement. A record whose expected outcome
    disagrees with the engine is told all the same, and the disagreement closes it (exit 1).

    Example: cardrules replay examples/fortuna/four-nevolia.yaml
    """
    result, mismatch = _replay_for_telling(file)
    players = result.variant.players
    names = [str(n) for n in (result.record.seats or default_names(players))]
    for n, state in enumerate(result.states):
        s = result.game.summary(state)
        s.names = names
        seat = s.name
        out.rule(Text(file.name + (f", deal {n + 1}" if result.record.is_partie else "")))
        for i, hand in enumerate(s.hands):
            mark = " (dealer)" if i == s.dealer else ""
            out.print(Text.assemble(f"{seat(i)}{mark}: ", _hand(hand, s.strength)))
        if s.turned is not None:
            out.print(Text.assemble("turned: ", _card(s.turned)))
        if s.talon:
            out.print(Text.assemble("talon: ", _hand(s.talon)))
        for key, value in s.facts:
            out.print(Text(f"{key}: {value}"))
        if s.calls:
            out.print(Text(s.calls_heading.split(" /")[0].lower() + ": " + ", ".join(f"{seat(p)} {c}" for p, c in s.calls)))
        for t, trick in enumerate(s.tricks, 1):
            played = Text(" ").join(Text.assemble(_card(c), " (revoke)" if c in trick.revokes else "")
                                    for _, c in trick.plays)
            lead = Text.assemble("talon ", _card(trick.talon_lead), ", then") if trick.talon_lead is not None \
                else Text(f"{seat(trick.leader)} leads")
            taker = "nobody" if trick.winner is None else seat(trick.winner)
            out.print(Text.assemble(f"trick {t:2}: ", lead, " ", played, f"  → {taker}"))
        for line in s.result:
            out.print(Text(s.told(str(line)), style="bold"))
        if s.table:
            out.print(_people_table(s.rows()))
        for step in s.trace.steps:
            out.print(_step(step, s.told))
    if result.record.is_partie:
        out.rule(Text(f"{file.name}: the partie"))
        told = (lambda text: with_names(text, names))
        explain = getattr(result.partie, "explain", None)  # the partie's own trace: stakes, shares, settlement
        if explain is not None:
            for step in explain().steps:
                out.print(_step(step, told))
        table = getattr(result.game, "partie_table", None)
        if table is not None:
            summary = DealSummary(players=players, dealer=0, hands=[], table=table(result.partie), names=names)
            out.print(_people_table(summary.rows(), "the partie"))
        else:
            out.print(_people_table(_outcome_rows(result.partie_outcome, names), "the partie"))
    deals = len(result.states)
    if mismatch:
        console.print(Text.assemble(("MISMATCH", "red"), " ", mismatch))
        raise typer.Exit(1)
    out.print(Text(f"{counted(deals, 'deal')} replayed; the outcome agrees with the record.",
                   style="green"))


#: Fields of an outcome that name seats (a seat or a list of seats), shown by the players' names.
_SEAT_FIELDS = {"declarer", "declarers", "made", "failed", "whisters", "winner", "winners", "dealer", "next_dealer",
                "souverain", "loser", "losers"}


def _outcome_rows(outcome: dict[str, Any], names: list[str]) -> list[list[str]]:
    """A record's outcome (a dict of fields) as rows for people: a list with one value per
    player becomes a row per player, anything else a field and its value."""
    outcome = {k: ([names[i] if isinstance(i, int) and 0 <= i < len(names) else i for i in v] if isinstance(v, list)
                   else names[v] if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(names) else v)
               if k in _SEAT_FIELDS else v for k, v in outcome.items()}
    per_player = {k: v for k, v in outcome.items() if k not in _SEAT_FIELDS and isinstance(v, list) and len(v) == len(names)
                  and all(isinstance(x, (int, float, str)) and not isinstance(x, bool) for x in v)}
    rows: list[list[str]] = []
    if per_player:
        rows.append(["player", "", *per_player])
        for i, name in enumerate(names):
            rows.append([name, "", *(_value(per_player[k][i]) for k in per_player)])
    others = [[k, "", _value(v)] for k, v in outcome.items() if k not in per_player]
    if others:
        if not rows:
            rows.append(["field", "", "value"])
        rows.extend([k, "", v] for k, _, v in others)
    return rows or [["field", "", "value"]]


def _value(v: Any) -> str:
    """A value of an outcome in people's words: numbers (and 'a/b' fractions) with
    :func:`~cardrules.engine.amount`, lists joined, nothing as a dash."""
    if v is None:
        return "—"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int) or (isinstance(v, str) and re.fullmatch(r"-?\d+/\d+", v)):
        return amount(Fraction(v))
    if isinstance(v, list):
        return ", ".join(_value(x) for x in v) or "—"
    return str(v)


@app.command()
def verify(paths: list[Path] = typer.Argument(..., help="Record files or folders of them.")) -> None:
    """Verify records: replay each through the engine and compare its expected outcome.

    Example: cardrules verify examples/
    """
    files = records.record_files(paths)
    if not files:
        _fail(f"no record files (*.yaml) in {' '.join(map(str, paths))}")
    failures: list[str] = []
    with Progress(console=console, transient=True, disable=len(files) < 5) as progress:
        task = progress.add_task("verifying", total=len(files))
        for f in files:
            try:
                records.verify_file(f)
            except records.RecordError as err:
                failures.append(str(err))
            progress.advance(task)
    for line in failures:
        console.print(Text.assemble(("FAIL", "red"), " ", line))
    console.print(Text(f"{len(files) - len(failures)} verified, {len(failures)} failed"))
    if failures:
        raise typer.Exit(1)


@app.command()
def score(
    file: Path = typer.Argument(..., help="A deal or partie record (YAML)."),
    as_json: bool = typer.Option(False, "--json", help="Print the outcome as JSON."),
) -> None:
    """The outcome of a record, recomputed by the engine.

    Examples: cardrules score examples/fortuna/four-nevolia.yaml; add --json for the outcome as JSON
    """
    result = _verify_or_fail(file)
    data = {"deals": result.outcomes}
    if result.record.is_partie:
        data["partie"] = result.partie_outcome
    if as_json:
        out.print_json(json.dumps(data, ensure_ascii=False))
        return
    names = [str(n) for n in (result.record.seats or default_names(result.variant.players))]
    for i, outcome in enumerate(result.outcomes, 1):
        out.print(_people_table(_outcome_rows(outcome, names), f"deal {i}"))
    if result.record.is_partie:
        out.print(_people_table(_outcome_rows(result.partie_outcome, names), "the partie"))


@app.command()
def schema() -> None:
    """Print the JSON Schema of deal records (for editors' validation)."""
    out.print_json(json.dumps(records.json_schema(), ensure_ascii=False))


# --- clauses and variants ---------------------------------------------------------------


def _reflow(text: str) -> str:
    """Join the lines of each paragraph, so the terminal wraps them; code stays as it is."""
    paragraphs = []
    for para in re.split(r"\n\s*\n", text):
        paragraphs.append(para if para.lstrip().startswith(("```", ">>>", "|", "-")) else " ".join(para.split()))
    return "\n\n".join(paragraphs)


@app.command("rules")
def rules_(
    clause_id: Optional[str] = typer.Argument(None, help="A clause id; without it, list them all."),
    docs: Path = typer.Option(site.DOCS, help="The edition's sources."),
) -> None:
    """List the clauses of the edition, or show one: text, status, source, implementation.

    Examples: cardrules rules; cardrules rules fortuna.bidding.quota
    """
    from cardrules.edition import scan

    rules.load_engine()
    clauses = _scan_or_fail(scan, docs)
    if clause_id is None:
        table = Table("clause", "status", "implemented by")
        for c in clauses:
            impls = rules.implementations(c.id)
            where = escape(", ".join(i.fullname for i in impls)) or ("not executable" if "not-executable" in c.options else "[red]none[/]")
            table.add_row(Text(c.id), Text(c.status), where)
        out.print(table)
        return
    found = [c for c in clauses if c.id == clause_id]
    if not found:
        import difflib

        ids = [c.id for c in clauses]
        close = difflib.get_close_matches(clause_id, ids, n=3, cutoff=0.6)
        if not close:  # the clauses of the same section, or of the same game
            for prefix in (clause_id.rsplit(".", 1)[0] + ".", clause_id.split(".", 1)[0] + "."):
                close = [i for i in ids if i.startswith(prefix)][:6]
                if close:
                    break
        _fail(f"no clause {clause_id!r}" + (f"; did you mean {' or '.join(close)}?" if close else
                                            "; `cardrules rules` lists them all"))
    c = found[0]
    titles = " · ".join(t for t in (c.title_ru, c.title_en) if t)
    if titles:
        out.print(Text(titles, style="bold"))
    where = c.path.relative_to(docs.parent) if c.path.is_relative_to(docs.parent) else c.path
    out.print(Text.assemble((c.id, "bold"), f"  {c.status}  ({where}:{c.line})"))
    if c.source:
        out.print(Text(f"source: {c.source}"))
    for text in (c.russian, c.english, c.commentary):
        if text:
            out.print(Text(_reflow(text) + "\n"))
    for impl in rules.implementations(c.id):
        out.print(Text(f"implemented by {impl.fullname} at {impl.location}"))
    if "not-executable" in c.options:
        out.print(Text(f"not executable: {c.options['not-executable']}"))


def _scan_or_fail(scan: Any, docs: Path) -> list:
    """The clauses of the edition in ``docs``; a folder that is not one, or a page that is not
    UTF-8, is a one-line error naming it."""
    if not docs.is_dir():
        _fail(f"no edition at {docs}: --docs names the folder of the edition's pages")
    try:
        return scan(docs)
    except UnicodeDecodeError:
        for page in sorted(docs.rglob("*.md")):
            try:
                page.read_bytes().decode("utf-8")
            except UnicodeDecodeError as err:
                _fail(f"{page}: not UTF-8 text (byte {err.start})")
            except OSError:
                continue
        _fail(f"a page under {docs} is not UTF-8 text")
    except OSError as err:
        _fail(f"cannot read the edition in {docs}: {err.strerror or err}")
    raise AssertionError  # unreachable: _fail exits


@app.command()
def compare(
    game: str = typer.Argument(..., help="A game family: " + ", ".join(GAMES) + "."),
    variants: list[str] = typer.Argument(None, help="Preset names; all when omitted."),
    differ: bool = typer.Option(False, "--differ", help="Only the rows that differ."),
) -> None:
    """The variants of a game side by side, from the engine's parameters.

    Example: cardrules compare preferans sochi leningrad --differ
    """
    try:
        game_ = records.game_records(game)
    except KeyError as err:
        _fail(err.args[0])
    names = variants or list(game_.presets)
    unknown = [n for n in names if n not in game_.presets]
    if unknown:
        _fail(f"no variant {unknown[0]!r} of {game}; {rules.did_you_mean(unknown[0], game_.presets)}")
    table = Table("parameter", "clause")
    for n in names:
        table.add_column(Text(n))
    for row in rules.compare({n: game_.presets[n] for n in names}):
        if differ and not row.differs:
            continue
        style = "bold yellow" if row.differs else None
        table.add_row(*(Text(str(v)) for v in (row.name, row.clause_id, *row.values)), style=style)
    out.print(table)


@app.command()
def export(
    as_json: bool = typer.Option(False, "--json", help="Write JSON (the one format so far)."),
    out_file: Optional[Path] = typer.Option(None, "--out", "-o", help="The file to write; stdout when omitted."),
    docs: Path = typer.Option(site.DOCS, help="The edition's sources."),
) -> None:
    """Every clause of the edition as one JSON document (docs/edition/edition.schema.json);
    --out FILE writes it to a file.

    Example: cardrules export --json
    """
    from cardrules import apparatus
    from cardrules.edition import scan

    if not as_json:
        _fail("say the format: cardrules export --json")
    _scan_or_fail(scan, docs)
    text = json.dumps(apparatus.export(docs), ensure_ascii=False, indent=1)
    if out_file is None:
        sys.stdout.write(text + "\n")
        return
    try:
        out_file.write_text(text + "\n", encoding="utf-8")
    except OSError as err:
        _fail(f"cannot write {out_file}: {err.strerror or err}")
    console.print(Text(f"wrote {len(json.loads(text)['clauses'])} clauses to {out_file}"))


@app.command()
def ids(
    acknowledge: bool = typer.Option(False, "--acknowledge",
                                     help="Write the pages' statuses and titles, and new ids, into the ledger."),
    docs: Path = typer.Option(site.DOCS, help="The edition's sources."),
) -> None:
    """Check the clause ids against their ledger (docs/edition/ids.yaml); with --acknowledge,
    write the pages' statuses, titles and new ids into it (then read git diff docs/edition/ids.yaml).

    Example: cardrules ids
    """
    from cardrules import apparatus
    from cardrules.edition import scan

    _scan_or_fail(scan, docs)
    if not (docs / apparatus.LEDGER).is_file():
        _fail(f"no ledger at {docs / apparatus.LEDGER}")
    if acknowledge:
        changes, text = apparatus.acknowledge(docs)
        (docs / apparatus.LEDGER).write_text(text, encoding="utf-8")
        for line in changes:
            out.print(Text(line))
        left = apparatus.check_ledger(docs)
        for line in left:
            _say_error(line)
        if left:
            raise typer.Exit(1)
        return
    found = apparatus.check_ledger(docs)
    for line in found:
        _say_error(line)
    if found:
        raise typer.Exit(1)
    out.print(Text("every clause id agrees with the ledger"))


#: The longest measurement ``bench`` takes (per line of its table).
MAX_BENCH_SECONDS = 600.0


def _seconds(value: float) -> float:
    if not (math.isfinite(value) and 0 < value <= MAX_BENCH_SECONDS):
        raise typer.BadParameter(f"seconds per measurement, more than 0 and at most {MAX_BENCH_SECONDS:g}; not {value}")
    return value


@app.command()
def bench(
    seconds: float = typer.Option(1.0, callback=_seconds, help="CPU seconds per row in each run (at most 600)."),
    turn: float = typer.Option(0.1, callback=_seconds, help="CPU seconds of one turn: the rows take turns."),
    runs: int = typer.Option(3, min=1, max=100, help="Runs of the whole; the median and spread are shown."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object: row name -> median rate."),
    only: list[str] = typer.Option([], "--only", help="Time only the rows whose name starts so (repeatable)."),
    records_path: list[Path] = typer.Option([site.DOCS.parent / "examples"], "--records", help="Records to replay."),
) -> None:
    """Measure the engines by CPU time: random legal deals per second for every game and
    preset (python/…), the compiled fast path (fast/…) and OpenSpiel's oh_hell
    (openspiel/…) when installed, and deal records replayed and verified (replay/…, µs a
    deal). The rows take turns; the whole is repeated; each row's median and spread
    (min–max) are shown, and ratios are taken within each run.

    Example: cardrules bench --seconds 2 --runs 3; cardrules bench --json
    """
    from cardrules import bench as b

    try:
        rows, absent = b.all_rows(records_path)
    except records.RecordError as err:
        _fail(f"cannot time the records: {err}")
    want_dd = not only or any("dd/".startswith(p) or p.startswith("dd/") for p in only)
    if only:
        rows = {k: v for k, v in rows.items() if any(k.startswith(p) for p in only)}
    if not rows and not want_dd:
        _fail(f"no row is named so: {', '.join(only)}")
    results = b.measure(rows, seconds=seconds, turn=min(turn, seconds), runs=runs) if rows else {}
    solver = b.dd_times(seconds) if want_dd else {}
    if as_json:
        typer.echo(json.dumps({**b.as_json(results), **solver}))
        return
    table = Table("row", "median", f"spread over {runs} run(s)", "time each",
                  caption="deals per second of CPU time (bots/…: decisions; a ratio: within each run, then its median)")
    for r in [*results.values(), *b.ratios(results).values()]:
        ratio = r.name.startswith("ratio/")
        shown = (lambda x: f"{x:.2f}×") if ratio else (lambda x: f"{x:,.0f}/s")
        each = "" if ratio or not r.median else f"{1e6 / r.median:,.1f} µs"
        table.add_row(Text(r.name), shown(r.median), f"{shown(r.low)} – {shown(r.high)}", each)
    out.print(table)
    if solver:  # the double-dummy solver, per ten-card deal and strain
        dd = Table("solver row", "CPU time a deal", caption="the double-dummy solver: median and 95th percentile")
        for name, ms in solver.items():
            dd.add_row(Text(name), f"{ms:,.1f} ms")
        out.print(dd)
    for line in absent:
        out.print(Text(line))


@app.command()
def perft(
    files: list[Path] = typer.Argument(None, help="Perft files to check (default: every examples/*/perft.txt)."),
    game: str = typer.Option("", help="Instead of checking files: count from this game's position…"),
    variant: str = typer.Option("", help="…of this preset…"),
    seed: int = typer.Option(1, min=0, help="…of this seeded deal…"),
    dealer: int = typer.Option(0, min=0, help="…dealt by this seat…"),
    after: int = typer.Option(0, min=0, max=500, help="…after this many actions of its seeded random play…"),
    depth: int = typer.Option(3, min=1, max=40, help="…to this depth, and print the file's line."),
) -> None:
    """Count the sequences of legal actions from fixed positions (perft) and compare them
    with the committed counts; or count a new position and print its line.

    Example: cardrules perft examples/preferans/perft.txt
    Example: cardrules perft --game preferans --variant sochi --seed 1 --depth 3
    """
    from cardrules import perft as p

    if game:
        try:
            state = p.start(game, variant, seed, dealer, after)
            counts = tuple((d, p.perft(state, d)) for d in range(1, depth + 1))
        except (KeyError, ValueError) as err:
            _fail(str(err.args[0] if isinstance(err, KeyError) else err))
        line = p.Line(f"{variant}-s{seed}" + (f"-a{after}" if after else ""), game, variant, seed, dealer, after, counts, "")
        out.print(Text(line.text()))
        return
    paths = files or sorted((site.DOCS.parent / "examples").glob("*/perft.txt"))
    wrong, lines = [], 0
    for path in paths:
        try:
            for line in p.read(path):
                lines += 1
                wrong += p.check(line)
        except (OSError, ValueError) as err:
            _fail(str(err))
    for w in wrong:
        _say_error(w)
    if wrong:
        raise typer.Exit(1)
    out.print(Text(f"{lines} positions in {len(paths)} files: every count agrees"))


@app.command()
def playthrough(
    game: str = typer.Argument(..., help="The game (fortuna, preferans, preference, piquet, semerik, terts)."),
    variant: str = typer.Argument(..., help="One of its presets."),
    seed: int = typer.Option(1, min=0, help="The seeded deal, and the seed of the random choices."),
    dealer: int = typer.Option(0, min=0, help="The dealer's seat."),
) -> None:
    """Write one seeded deal out state by state: at each step the phase, the player to
    move, every legal action as records write it, and the one taken; then the outcome.

    Example: cardrules playthrough preferans sochi --seed 1
    """
    from cardrules.playthrough import playthrough as write

    try:
        text = write(game, variant, seed, dealer)
    except (KeyError, ValueError) as err:
        _fail(str(err.args[0] if isinstance(err, KeyError) else err))
    typer.echo(text, nl=False)


@app.command()
def analyze(file: Path = typer.Argument(..., help="A preferans deal or partie record (YAML).")) -> None:
    """What best play gives under each deal of a preferans record, all hands open (double
    dummy): the contract made or not and whether the whist was right, the misère caught or
    clean, each player's tricks in an all-pass; the first card of the play that changed the
    outcome, and the solver's line of play.

    Example: cardrules analyze examples/preferans/sochi-misere-failed.yaml
    """
    from cardrules.analysis.verdict import analyse

    result = _verify_or_fail(file)
    if result.game.name != "preferans":
        _fail(f"{file}: the solver analyses preferans deals; this record is {result.game.name}")
    for n, state in enumerate(result.states):
        v = analyse(state, [str(x) for x in result.record.seats] if result.record.seats else None)
        out.rule(Text(file.name + (f", deal {n + 1}" if result.record.is_partie else "")))
        out.print(Text(v.en, style="bold"))
        out.print(Text(v.ru, style="bold"))
        if v.slip_en:
            out.print(Text(v.slip_en))
            out.print(Text(v.slip_ru))
        if v.line:
            table = Table("trick", "played", "taken by", title="the solver's line / линия решателя",
                          title_justify="left", box=None, pad_edge=False)
            for i, t in enumerate(v.line, 1):
                played = Text(", ").join(Text.assemble(f"{v.names[p]} ", _card(c)) for p, c in t.plays)
                if t.talon_card is not None:
                    played = Text.assemble("talon ", _card(t.talon_card), "; ", played)
                table.add_row(str(i), played, Text(v.names[t.taker] if t.taker >= 0 else "nobody"))
            out.print(table)


@app.command("study")
def study_(
    pulkas: int = typer.Option(25, min=1, max=100_000, help="Pulkas per variant (the same deals for each)."),
    seed: int = typer.Option(0, min=0, max=10**9, help="The first pulka's number: deal k of pulka n has seed n*1000+k."),
    out_file: Optional[Path] = typer.Option(None, "--out", "-o", help="The results (JSON); default: the page's, "
                                            "and only by the command that made them."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help="An existing Dask cluster's scheduler "
                                            "address (tcp://host:8786); its workers need cardrules installed."),
    workers: int = typer.Option(1, min=1, max=1024, help="Without --scheduler: local worker processes "
                                "(a local Dask cluster with the study extra, else concurrent.futures)."),
) -> None:
    """The variant study: seeded pulkas played by par (double dummy) under Sochi, Leningrad,
    Rostov and Classic; writes each variant's settlement, pulka length, misère and all-pass rates.

    The page's results were made by: cardrules study --pulkas 25 --seed 0 (about a quarter of an
    hour on one core; --workers 2 spreads the solving over two).
    """
    from cardrules.analysis import study as S

    target = out_file or S.RESULTS
    command = " ".join(["cardrules study", f"--pulkas {pulkas}", f"--seed {seed}"]
                       + ([f"--scheduler {scheduler}"] if scheduler else [])
                       + ([f"--workers {workers}"] if workers > 1 else [])
                       + ([f"--out {out_file}"] if out_file else []))
    # The page's figures are replaced only on purpose: by the command that made them, or with
    # --out naming their file. And a file that cannot be written is said before the hours of
    # solving, not after.
    if out_file is None:
        try:
            made_by = json.loads(S.RESULTS.read_text(encoding="utf-8")).get("command")
        except (OSError, ValueError, AttributeError):
            made_by = None
        said = made_by.split() if isinstance(made_by, str) else []
        if said and [said[i + 1] for i, w in enumerate(said[:-1]) if w in ("--pulkas", "--seed")] != [str(pulkas), str(seed)]:
            _fail(f"the page's results ({S.RESULTS}) were made by `{made_by}`; this run would replace them. "
                  "Give --out FILE (or --out with that file to replace them on purpose).")
    if target.is_dir() or not os.access(next(p for p in (target, *target.parents) if p.exists()), os.W_OK):
        _fail(f"cannot write {target}: not a writable file")
    try:
        res = S.study(pulkas, seed, scheduler, workers, command, say=lambda m: console.print(Text(m)))
    except (RuntimeError, OSError) as err:
        _fail(str(err))
    text = json.dumps(res, ensure_ascii=False, indent=1) + "\n"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    except OSError as err:  # (the check above can be outrun): keep the results somewhere
        import tempfile

        with tempfile.NamedTemporaryFile("w", suffix=".json", prefix="study-", delete=False, encoding="utf-8") as f:
            f.write(text)
        _fail(f"cannot write {target}: {err.strerror or err}; the results are in {f.name}")
    table = Table("variant", "pulkas", "deals/pulka", "mean |amount|", "sd", "misère", "all-pass", box=None)
    for name, m in res["variants"].items():
        table.add_row(name, str(m["pulkas"]), f"{m['length_mean']:.1f}", f"{m['mean_abs']:.0f}", f"{m['sd']:.0f}",
                      f"{100 * m['misere_rate']:.1f}%", f"{100 * m['allpass_rate']:.1f}%")
    out.print(table)
    console.print(Text(f"written to {target} ({res['wall_seconds']} s)"))


if __name__ == "__main__":
    app()
