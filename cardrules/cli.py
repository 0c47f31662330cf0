"""The ``cardrules`` command: serve and build the edition's site.

Examples::

    cardrules serve                 # build the site and serve it on http://127.0.0.1:8000
    cardrules serve --port 8080 --open
    cardrules serve --no-build      # serve what was built last
    cardrules build --out public    # static HTML, e.g. for a file:// copy
"""

from __future__ import annotations

import webbrowser
from pathlib import Path

import typer
from rich.console import Console

from cardrules import site

app = typer.Typer(
    help="cardrules: an annotated edition of Russian card-game rules, and its engine.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(stderr=True)


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


if __name__ == "__main__":
    app()
