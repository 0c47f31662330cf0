"""The ``cardrules`` command: the site, the deal records, the clauses, the benchmark.

Examples::

    cardrules serve                 # build the site and serve it on http://127.0.0.1:8000
    cardrules serve --port 8080 --open
    cardrules build --out public    # static HTML, e.g. for a file:// copy
    cardrules verify examples/      # check every record against the engine
    cardrules replay examples/fortuna/neVolya.yaml
    cardrules score FILE --json
    cardrules rules fortuna.bidding.quota
    cardrules compare fortuna four three
    cardrules bench

Errors are one line on stderr and exit code 2; a failed verification exits 1.
"""

from __future__ import annotations

import json
import re
import webbrowser
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from cardrules import records, rules, site
from cardrules.games import GAMES
from cardrules.cards import RANK_NAMES_EN, RED_SUITS, SUIT_GLYPHS, SUITS, cards_of, format_card, in_suit, rank_of, suit_of

app = typer.Typer(
    help="cardrules: an annotated edition of Russian card-game rules, and its engine.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(stderr=True)
out = Console()


def _fail(message: str) -> None:
    console.print(f"[bold red]error:[/] {message}", highlight=False)
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
    console.print(f"built the site in {out}; open {out.resolve() / 'index.html'}")


@app.command()
def serve(
    port: int = typer.Option(8000, help="Port on 127.0.0.1."),
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
            console.print(f"building the site from {docs} …")
            site.build(out, docs, strict=strict, fresh=False)
        server = site.make_server(out, port)
    except site.SiteError as err:
        _fail(str(err))
    except OSError as err:
        _fail(f"cannot serve on 127.0.0.1:{port}: {err.strerror}; try --port")
    url = f"http://127.0.0.1:{port}/"
    console.print(f"serving {out} on [bold]{url}[/] (Ctrl-C stops)")
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


def _card(c: int) -> str:
    text = format_card(c)
    return f"[red]{text}[/]" if suit_of(c) in RED_SUITS else text


def _hand(mask: int, strength=None) -> str:
    """A hand by suit, ranks spaced (♣ 10 9 8), red suits in red; highest first by the
    game's ``strength`` when it has its own rank order."""
    parts = []
    for s in SUITS:
        held = cards_of(in_suit(mask, s))
        if strength is not None:
            held.sort(key=lambda c: strength[rank_of(c)])
        ranks = " ".join(RANK_NAMES_EN[rank_of(c)] for c in reversed(held)) or "—"
        text = f"{SUIT_GLYPHS[s]} {ranks}"
        parts.append(f"[red]{text}[/]" if s in RED_SUITS else text)
    return "   ".join(parts)


@app.command()
def replay(file: Path = typer.Argument(..., help="A deal or partie record (YAML).")) -> None:
    """Tell a recorded deal trick by trick: hands, auction, tricks, result and its clauses.

    Example: cardrules replay examples/fortuna/four-made.yaml
    """
    result = _verify_or_fail(file)
    names = result.record.seats
    for n, state in enumerate(result.states):
        s = result.game.summary(state)
        seat = (lambda i: names[i] if names and i < len(names) else f"seat {i}")
        out.rule(f"{file.name}" + (f", deal {n + 1}" if result.record.is_partie else ""))
        for i, hand in enumerate(s.hands):
            mark = " (dealer)" if i == s.dealer else ""
            out.print(f"{seat(i)}{mark}: {_hand(hand, s.strength)}", highlight=False)
        if s.turned is not None:
            out.print(f"turned: {_card(s.turned)}", highlight=False)
        if s.talon:
            out.print(f"talon: {_hand(s.talon)}", highlight=False)
        for key, value in s.facts:
            out.print(f"{key}: {value}", highlight=False)
        if s.calls:
            out.print(s.calls_heading.split(" /")[0].lower() + ": " + ", ".join(f"{seat(p)} {c}" for p, c in s.calls), highlight=False)
        for t, trick in enumerate(s.tricks, 1):
            played = " ".join(_card(c) + (" (revoke)" if c in trick.revokes else "") for _, c in trick.plays)
            lead = f"talon {_card(trick.talon_lead)}, then" if trick.talon_lead is not None else f"{seat(trick.leader)} leads"
            taker = "nobody" if trick.winner is None else seat(trick.winner)
            out.print(f"trick {t:2}: {lead} {played}  → {taker}", highlight=False)
        for line in s.result:
            out.print(f"[bold]{line}[/]", highlight=False)
        for step in s.trace.steps:
            out.print(f"  {step}", highlight=False, markup=False)
    if result.record.is_partie:
        out.rule(f"{file.name}: the partie")
        explain = getattr(result.partie, "explain", None)  # the partie's own trace: stakes, shares, settlement
        if explain is not None:
            for step in explain().steps:
                out.print(f"  {step}", highlight=False, markup=False)
        out.print(json.dumps(result.partie_outcome, ensure_ascii=False), highlight=False, markup=False)


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
        console.print(f"[red]FAIL[/] {line}", highlight=False)
    console.print(f"{len(files) - len(failures)} verified, {len(failures)} failed", highlight=False)
    if failures:
        raise typer.Exit(1)


@app.command()
def score(
    file: Path = typer.Argument(..., help="A deal or partie record (YAML)."),
    as_json: bool = typer.Option(False, "--json", help="Print the outcome as JSON."),
) -> None:
    """The outcome of a record, recomputed by the engine.

    Example: cardrules score examples/fortuna/four-made.yaml --json
    """
    result = _verify_or_fail(file)
    data = {"deals": result.outcomes}
    if result.record.is_partie:
        data["partie"] = result.partie_outcome
    if as_json:
        out.print_json(json.dumps(data, ensure_ascii=False))
    else:
        for i, outcome in enumerate(result.outcomes, 1):
            out.print(f"deal {i}: {outcome}", highlight=False)
        if result.record.is_partie:
            out.print(f"partie: {result.partie_outcome}", highlight=False)


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
    clauses = scan(docs)
    if clause_id is None:
        table = Table("clause", "status", "implemented by")
        for c in clauses:
            impls = rules.implementations(c.id)
            where = ", ".join(i.fullname for i in impls) or ("not executable" if "not-executable" in c.options else "[red]none[/]")
            table.add_row(c.id, c.status, where)
        out.print(table)
        return
    found = [c for c in clauses if c.id == clause_id]
    if not found:
        close = [c.id for c in clauses if c.id.startswith(clause_id.rsplit(".", 1)[0])][:8]
        _fail(f"no clause {clause_id!r}" + (f"; near it: {', '.join(close)}" if close else ""))
    c = found[0]
    titles = " · ".join(t for t in (c.title_ru, c.title_en) if t)
    if titles:
        out.print(f"[bold]{escape(titles)}[/]", highlight=False)
    out.print(f"[bold]{c.id}[/]  {c.status}  ({c.path.relative_to(docs.parent) if c.path.is_relative_to(docs.parent) else c.path}:{c.line})", highlight=False)
    if c.source:
        out.print(f"source: {c.source}", highlight=False)
    for text in (c.russian, c.english, c.commentary):
        if text:
            out.print(_reflow(text) + "\n", highlight=False, markup=False)
    for impl in rules.implementations(c.id):
        out.print(f"implemented by {impl.fullname} at {impl.location}", highlight=False)
    if "not-executable" in c.options:
        out.print(f"not executable: {c.options['not-executable']}", highlight=False)


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
        _fail(f"no variant {', '.join(unknown)} of {game}; known: {', '.join(game_.presets)}")
    table = Table("parameter", "clause", *names)
    for row in rules.compare({n: game_.presets[n] for n in names}):
        if differ and not row.differs:
            continue
        style = "bold yellow" if row.differs else None
        table.add_row(row.name, row.clause_id, *row.values, style=style)
    out.print(table)


@app.command()
def bench(
    seconds: float = typer.Option(1.0, help="Time spent on each measurement."),
    records_path: list[Path] = typer.Option([site.DOCS.parent / "examples"], "--records", help="Records to replay."),
) -> None:
    """Measure the engine: random legal deals per second for every game and variant,
    and deal records replayed and verified per second (one core).

    Example: cardrules bench --seconds 3
    """
    from cardrules.bench import game_rates, record_rates

    table = Table("what", "rate", "time each")
    for rate in [*game_rates(seconds), *record_rates(records_path, seconds)]:
        each = "" if rate.micros is None else f"{rate.micros:,.1f} µs"
        table.add_row(rate.what, rate.shown, each)
    out.print(table)


if __name__ == "__main__":
    app()
