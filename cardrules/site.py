"""Building and serving the edition's site (the ``cardrules build`` and ``serve`` commands)."""

from __future__ import annotations

import functools
import http.server
import shutil
import sys
import tempfile
import urllib.parse
from http import HTTPStatus
from pathlib import Path

#: The edition's sources, beside the package in a checkout of the repository.
DOCS = Path(__file__).resolve().parent.parent / "docs"
#: Where ``cardrules serve`` builds the site by default.
DEFAULT_OUT = DOCS / "_build" / "html"


class SiteError(RuntimeError):
    """The site could not be built: the message says why."""


def build(out: Path, docs: Path = DOCS, strict: bool = True, fresh: bool = True, quiet: bool = True) -> Path:
    """Build the HTML site from ``docs`` into ``out``; return ``out``.

    ``strict`` turns every warning into a failure (``-W``); ``fresh`` starts from an
    empty environment, because a rebuild after a failed strict build does not
    repeat the old warnings and would pass.
    """
    from sphinx.cmd.build import build_main

    if not (docs / "conf.py").is_file():
        raise SiteError(f"no Sphinx project at {docs} (expected {docs / 'conf.py'})")
    play_runtime()
    args = ["-b", "html", str(docs), str(out)]
    doctrees = None
    if fresh:
        doctrees = Path(tempfile.mkdtemp(prefix="cardrules-doctrees-"))
        args += ["-d", str(doctrees), "-E"]
    else:  # kept for the next build, beside the served folder, never inside it
        args += ["-d", str(doctrees_of(out))]
    if strict:
        args += ["-W", "--keep-going"]
    if quiet:
        args += ["-q"]
    try:
        status = build_main(args)
    finally:
        if doctrees is not None:
            shutil.rmtree(doctrees, ignore_errors=True)
    if status != 0:
        raise SiteError(f"the site build failed (sphinx-build exit {status}); the warnings above say where")
    return out


def play_runtime() -> bool:
    """Make sure the play pages' runtime (npm package ``pyodide``, pinned by
    ``package-lock.json``) is in ``node_modules``: run ``npm ci`` when it is missing and
    npm is there (not when ``CARDRULES_NO_NPM`` is set). Without it the site is built all
    the same, and this says in one line that the play pages are off."""
    import os
    import subprocess

    from cardrules.sphinxext.play import RUNTIME, runtime_note, runtime_ready

    root = RUNTIME.parent.parent
    npm = shutil.which("npm")
    if not runtime_ready() and npm and (root / "package-lock.json").is_file() and not os.environ.get("CARDRULES_NO_NPM"):
        print("cardrules build: installing the play pages' runtime (npm ci) …", file=sys.stderr)
        try:
            subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, check=False, timeout=600,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError):
            pass
    note = runtime_note()
    if note:
        print(f"cardrules build: {note}", file=sys.stderr)
    return note is None


def doctrees_of(out: Path) -> Path:
    """Where an incremental build of ``out`` keeps Sphinx's doctrees: a sibling folder
    (``_build/html`` → ``_build/html.doctrees``), so the server never offers them."""
    return out.parent / (out.name + ".doctrees")


def make_server(root: Path, port: int, host: str = "127.0.0.1") -> "SiteServer":
    """An HTTP server for the built site in ``root`` (not started)."""
    if not (root / "index.html").is_file():
        raise SiteError(f"no built site in {root}: run without --no-build, or `cardrules build --out {root}`")
    handler = functools.partial(_QuietHandler, directory=str(root))
    return SiteServer((host, port), handler)


class SiteServer(http.server.ThreadingHTTPServer):
    """The site's server: a client that goes away mid-answer is no error worth a traceback."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        err = sys.exc_info()[1]
        if isinstance(err, (ConnectionError, TimeoutError)):
            return  # the reader closed the tab or the connection: nothing to report
        print(f"cardrules serve: a request from {client_address[0]} failed: {type(err).__name__}: {err}",
              file=sys.stderr)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Files of the built site only: no folder listings, nothing whose name begins with a dot
    (``.buildinfo``, an old ``.doctrees``), and a bad URL answered 400."""

    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        pass

    def send_head(self):
        raw = self.path.split("?", 1)[0].split("#", 1)[0]
        try:
            path = urllib.parse.unquote(raw, errors="strict")
        except UnicodeDecodeError:
            self.send_error(HTTPStatus.BAD_REQUEST, "bad URL: not UTF-8")
            return None
        if any(ord(ch) < 32 or ord(ch) == 127 for ch in path) or "\\" in path:
            self.send_error(HTTPStatus.BAD_REQUEST, "bad URL: a control character")
            return None
        if any(part.startswith(".") for part in path.split("/") if part):
            self.send_error(HTTPStatus.NOT_FOUND, "no such page")
            return None
        try:
            return super().send_head()
        except ValueError:  # what the file system cannot name
            self.send_error(HTTPStatus.BAD_REQUEST, "bad URL")
            return None

    def list_directory(self, path):
        self.send_error(HTTPStatus.NOT_FOUND, "no such page")
        return None
