"""Building and serving the edition's site (the ``cardrules build`` and ``serve`` commands)."""

from __future__ import annotations

import functools
import http.server
import shutil
import tempfile
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
    args = ["-b", "html", str(docs), str(out)]
    doctrees = None
    if fresh:
        doctrees = Path(tempfile.mkdtemp(prefix="cardrules-doctrees-"))
        args += ["-d", str(doctrees), "-E"]
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


def make_server(root: Path, port: int, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    """An HTTP server for the built site in ``root`` (not started)."""
    if not (root / "index.html").is_file():
        raise SiteError(f"no built site in {root}: run without --no-build, or `cardrules build --out {root}`")
    handler = functools.partial(_QuietHandler, directory=str(root))
    return http.server.ThreadingHTTPServer((host, port), handler)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        pass
