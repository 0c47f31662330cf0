"""The "Play online" pages: the ``{play-online}`` directive, and the runtime and the
engine copied into the site for them.

````md
```{play-online} fortuna
:variant: four
```
````

draws an empty table that ``_static/play.js`` fills in the reader's browser: it loads
the Pyodide runtime (the npm package ``pyodide``, pinned by ``package-lock.json``,
copied from ``node_modules/pyodide`` into ``_static/pyodide/``), unpacks the engine's
own Python files (``_static/cardrules-engine.zip``, written at the end of the build)
and plays with :class:`cardrules.play.Table`. Only the pages with the directive load
the script, and the script loads the runtime only when the reader opens such a page.

A build without ``node_modules/pyodide`` (no npm on the machine) still succeeds: the
directive then says on the page that the play pages are off, and the build says it
once (:func:`runtime_note`).
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

import cardrules
from cardrules.games import GAMES

PACKAGE = Path(cardrules.__file__).resolve().parent
#: The runtime, installed by ``npm ci`` beside the package in a checkout.
RUNTIME = PACKAGE.parent / "node_modules" / "pyodide"
#: The runtime's files a page needs (the rest of the npm package is for Node and editors).
RUNTIME_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: What the page's Python leaves out of the package: the site and the historian's
#: apparatus, the records (YAML, pydantic) and what reads them (perft, playthroughs), the
#: command line, the benchmarks, the compiled fast path (numba) and the solver.
NOT_PACKED = ("sphinxext", "site.py", "records.py", "cli.py", "edition.py", "bench.py", "apparatus.py", "perft.py",
              "playthrough.py", "fast", "analysis")
ENGINE_ZIP = "cardrules-engine.zip"
CLAUSES_JSON = "cardrules-clauses.json"
OFF = ("The play pages are off in this build: the Pyodide runtime (npm package pyodide) is not "
       "installed; run `npm ci` in the repository, then build again.")


def runtime_ready(runtime: Path | None = None) -> bool:
    """Whether the runtime's files are there to copy into the site (from :data:`RUNTIME`)."""
    runtime = RUNTIME if runtime is None else runtime
    return all((runtime / name).is_file() for name in RUNTIME_FILES)


def runtime_note() -> str | None:
    """The one line a build prints when the play pages are off, else None."""
    return None if runtime_ready() else OFF


def engine_files(package: Path = PACKAGE) -> list[Path]:
    """The package's Python files that the play pages unpack (in a stable order)."""
    out = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package)
        if rel.parts[0] in NOT_PACKED or "__pycache__" in rel.parts:
            continue
        out.append(path)
    return out


def write_engine_zip(target: Path, package: Path = PACKAGE) -> Path:
    """The engine's Python files as ``cardrules/…`` in a zip (fixed dates: the same
    sources give the same bytes)."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in engine_files(package):
            info = zipfile.ZipInfo("cardrules/" + path.relative_to(package).as_posix(), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    return target


class play_online(nodes.General, nodes.Element):
    """The table a play page fills in the browser (or the note that the pages are off)."""


def visit_play_online_html(self, node: play_online) -> None:
    attrs = " ".join(f'data-{k}="{node[k]}"' for k in ("game", "variant", "seat", "seed"))
    if not node["ready"]:
        self.body.append(f'<div class="play-online play-off"><p class="play-status">{OFF}</p></div>')
        raise nodes.SkipNode
    self.body.append(
        f'<div class="play-online" {attrs}>'
        '<noscript><p>The table needs JavaScript: the engine runs in your browser.</p></noscript>'
        '<p class="play-status" role="status" aria-live="polite">Loading the engine (about 12 MB, the first time)…</p>'
        '</div>')
    raise nodes.SkipNode


def _skip(self, node: nodes.Node) -> None:
    raise nodes.SkipNode


class PlayOnlineDirective(SphinxDirective):
    """``{play-online} GAME`` with ``:variant:`` (a preset), ``:seat:`` (the reader's, from 0)
    and ``:seed:`` (the first deal's)."""

    required_arguments = 1
    option_spec = {"variant": directives.unchanged, "seat": directives.nonnegative_int,
                   "seed": directives.nonnegative_int}

    def run(self) -> list[nodes.Node]:
        from cardrules.recorddata import game_records

        game = self.arguments[0]
        if game not in GAMES:
            raise self.error(f"no game {game!r}: one of {', '.join(GAMES)}")
        presets = game_records(game).presets
        variant = self.options.get("variant", next(iter(presets)))
        if variant not in presets:
            raise self.error(f"no variant {variant!r} of {game}: one of {', '.join(presets)}")
        seat = self.options.get("seat", 0)
        if seat >= presets[variant].players:
            raise self.error(f":seat: {seat}: {variant} has seats 0 to {presets[variant].players - 1}")
        node = play_online(game=game, variant=variant, seat=seat, seed=self.options.get("seed", 1),
                           ready=runtime_ready())
        self.env.metadata[self.env.docname]["play-online"] = "1"
        return [node]


def play_page_scripts(app, pagename, templatename, context, doctree) -> None:
    """The play script is loaded by the play pages only (and only when the runtime is there)."""
    if doctree is not None and runtime_ready() and any(doctree.findall(play_online)):
        app.add_js_file("play.js", defer="defer")


def write_play_files(app, exception) -> None:
    """Copy the runtime and pack the engine into ``_static`` when a page plays."""
    if exception is not None or app.builder.format != "html":
        return
    env = app.env
    if not runtime_ready() or not any(env.metadata.get(d, {}).get("play-online") for d in env.all_docs):
        return
    static = Path(app.outdir) / "_static"
    (static / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(RUNTIME / name, static / "pyodide" / name)  # (RUNTIME read now: tests replace it)
    write_engine_zip(static / ENGINE_ZIP)
    clauses = {c.id: [app.builder.get_target_uri(c.docname) + "#" + c.id, c.title_en, c.title_ru]
               for c in env.get_domain("clause").clauses.values()}
    (static / CLAUSES_JSON).write_text(json.dumps(clauses, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
