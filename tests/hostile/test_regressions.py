"""Regression tests for issue 8, one section per numbered finding of the outside probe."""

from __future__ import annotations

import http.client
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
from pathlib import Path
from textwrap import dedent

import pytest
from typer.testing import CliRunner

from cardrules import records, site
from cardrules.cli import app
from cardrules.engine import IllegalAction
from cardrules.records import RecordError

from .mutants import ROOT, guard
from .snapshot import snapshot

runner = CliRunner()
ALL_PASS = ROOT / "examples" / "fortuna" / "four-all-pass.yaml"
PARTIE = ROOT / "examples" / "fortuna" / "four-partie.yaml"
MB = 1 << 20


def refused(text: str, file: str = "t.yaml") -> RecordError:
    """The RecordError ``text`` fails with, reached well within the guard's bounds."""
    with guard(seconds=20, memory=256 * MB):
        with pytest.raises(RecordError) as info:
            records.verify(text, file)
    message = str(info.value)
    assert "\n" not in message and len(message) < 600, message
    return info.value


def laughs(levels: int = 9, width: int = 9) -> str:
    out = [f"l0: &l0 [{', '.join(['x'] * width)}]"]
    out += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * width)}]" for i in range(1, levels)]
    return "\n".join(out) + "\n"


# --- 1. memory and time from tiny files ---------------------------------------------------------


def test_1_nested_aliases_are_refused_before_any_expansion() -> None:
    text = laughs()
    assert len(text) < 700  # the probe's 599-byte record: 9**9 strings once expanded
    err = refused(text)
    assert (err.line, err.field) == (1, "l0") and "aliases" in err.message


def test_1_a_huge_record_is_refused_unread() -> None:
    err = refused("game: fortuna\nsource: " + "x" * (records.MAX_BYTES + 1) + "\n")
    assert "longer than" in err.message


def test_1_a_table_of_100000_players_is_never_drawn() -> None:
    text = "game: preferans\nvariant: sochi\noptions: {players: 100000}\nsource: x\ndeal: {seed: 1}\n"
    err = refused(text)
    assert (err.line, err.field, err.clause) == (3, "options.players", "preferans.players.count")


# --- 2. tracebacks from record content ------------------------------------------------------------

GOOD = ALL_PASS.read_text(encoding="utf-8")


@pytest.mark.parametrize(("text", "line", "field", "words"), [
    ("zz: &r [*r]\n", 1, "zz", "aliases"),
    ("a: " + "[" * 990 + "]" * 990 + "\n", 1, "a" + "[0]" * 23, "nested more than"),
    ("".join("  " * i + "- \n" for i in range(100)), 25, "[0]" * 24, "nested more than"),
    ("a: !!int x\n", 1, "a", "explicit tags"),
    ("a: !!bool maybe\n", 1, "a", "explicit tags"),
    ("a: !!timestamp x\n", 1, "a", "explicit tags"),
    ("a: !!float x\n", 1, "a", "explicit tags"),
    (GOOD.replace("dealer: 0", "dealer: " + "9" * 4301), 7, "dealer", "4301 digits"),
    (GOOD.replace("dealer: 0", "dealer: .nan"), 7, "dealer", "finite"),
    (GOOD.replace("variant: four", "variant: four\noptions: {short_suit: [1]}"), 4, "options.short_suit",
     "must be a whole number"),
    (GOOD.replace("variant: four", "variant: four\noptions: {players: x}"), 4, "options.players", "whole number"),
    (GOOD.replace("variant: four", "variant: four\noptions: {players: " + "1" + "0" * 100 + "}"), 4,
     "options.players", "digits"),
])
def test_2_record_content_is_a_record_error(text: str, line: int, field: str, words: str) -> None:
    err = refused(text)
    assert (err.line, err.field) == (line, field), str(err)
    assert words in err.message


def test_2_a_date_is_text() -> None:
    replay = records.verify(re.sub(r"(?m)^title: .*$", "title: 2024-01-01", GOOD), "t.yaml")
    assert replay.record.title == "2024-01-01"


# --- 3. console markup injection --------------------------------------------------------------------

MARKUP = "[/]"


def _markup_record(tmp_path: Path) -> Path:
    folder = tmp_path / "[bold]x"
    folder.mkdir()
    path = folder / "y[red].yaml"
    path.write_text(GOOD.replace("seats: [Анна, Борис, Вера, Глеб]", 'seats: ["[/]", "[bold]Б", "В\\\\", ":smile:"]'),
                    encoding="utf-8")
    return path


def test_3_user_text_is_printed_as_text(tmp_path: Path) -> None:
    path = _markup_record(tmp_path)
    for command in ("replay", "score", "verify"):
        result = runner.invoke(app, [command, str(path)])
        assert result.exit_code == 0, (command, result.output)
    result = runner.invoke(app, ["replay", str(path)])
    assert "[/] (dealer):" in result.output and "[bold]Б" in result.output and ":smile:" in result.output
    assert "В\\:" in result.output and "y[red].yaml" in result.output


def test_3_markup_in_an_action_a_clause_id_a_variant(tmp_path: Path) -> None:
    bad = tmp_path / "a.yaml"
    bad.write_text(re.sub(r"(?m)^  - пас.*$", "  - '[/]'", GOOD, count=1), encoding="utf-8")
    for args, words in [(["verify", str(bad)], "'[/]'"), (["replay", str(bad)], "'[/]'"),
                        (["score", str(bad)], "'[/]'"), (["rules", MARKUP], "no clause '[/]'"),
                        (["compare", MARKUP], "no game '[/]'"), (["compare", "fortuna", MARKUP], "no variant '[/]'")]:
        result = runner.invoke(app, args)
        assert result.exit_code in (1, 2), (args, result.output)
        assert words in result.output and "Traceback" not in result.output, (args, result.output)


# --- 4. the command line ---------------------------------------------------------------------------


@pytest.mark.parametrize("seconds", ["nan", "inf", "1e308", "0", "-5", "-inf"])
def test_4_bench_seconds_must_be_finite_positive_and_bounded(seconds: str) -> None:
    result = runner.invoke(app, ["bench", "--seconds", seconds])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "error:" in result.output and "--seconds" in result.output


def test_4_bench_records_that_cannot_be_read(tmp_path: Path) -> None:
    (tmp_path / "latin1.yaml").write_bytes("game: fortuna\nsource: \xe9\n".encode("latin-1"))
    (tmp_path / "empty.yaml").write_text("")
    (tmp_path / "alias.yaml").write_text("zz: &r [*r]\n")
    for name, words in [("missing.yaml", "no such file"), ("latin1.yaml", "not UTF-8"), ("empty.yaml", "empty"),
                        ("alias.yaml", "aliases")]:
        result = runner.invoke(app, ["bench", "--seconds", "0.01", "--records", str(tmp_path / name)])
        assert result.exit_code == 2, (name, result.output)
        assert result.output.count("\n") == 1 and words in result.output, (name, result.output)


def test_4_rules_on_a_folder_with_a_page_that_is_not_utf8(tmp_path: Path) -> None:
    (tmp_path / "bad.md").write_bytes(b"# \xff\n")
    result = runner.invoke(app, ["rules", "--docs", str(tmp_path)])
    assert result.exit_code == 2 and "bad.md: not UTF-8" in result.output and result.output.count("\n") == 1
    result = runner.invoke(app, ["rules", "--docs", str(tmp_path / "none")])
    assert result.exit_code == 2 and "no edition at" in result.output


@pytest.mark.parametrize("port", ["-1", "65536", "99999999999999999999", "x"])
def test_4_serve_refuses_a_port_out_of_range(port: str) -> None:
    result = runner.invoke(app, ["serve", "--no-build", "--port", port])
    assert result.exit_code == 2 and "--port" in result.output and result.output.count("\n") == 1


def test_4_serve_on_port_0_says_the_port_it_got(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "index.html").write_text("<p>hi</p>")
    monkeypatch.setattr(site.SiteServer, "serve_forever", lambda self: None)
    result = runner.invoke(app, ["serve", "--no-build", "--port", "0", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "http://127.0.0.1:" in result.output and ":0/" not in result.output


def test_4_verify_refuses_a_pipe_and_a_folder(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    with guard(seconds=30):  # reading the pipe would block for ever
        result = runner.invoke(app, ["verify", str(pipe)])
    assert result.exit_code == 1 and "not a regular file" in result.output
    result = runner.invoke(app, ["replay", str(tmp_path)])
    assert result.exit_code == 2 and "a folder" in result.output


# --- 5. the engines' edges ----------------------------------------------------------------------------


def _fortuna_in_play():
    from cardrules.games.fortuna import FOUR, State
    from cardrules.games.fortuna.deal import deal

    state = State(FOUR, deal(FOUR, seed=1, dealer=0))
    while state.phase != 3:  # PLAY
        state.apply(state.legal_actions()[-1])
    return state


@pytest.mark.parametrize("value", [-1, True, False, 65.0, None, "♠A"])
def test_5_fortuna_takes_no_value_that_is_not_a_card_in_play(value) -> None:
    state = _fortuna_in_play()
    history, hands = list(state.history), list(state.hands)
    with pytest.raises(IllegalAction) as info:
        state.apply(value)
    assert info.value.clause_id == "fortuna.play.trick"
    assert state.history == history and state.hands == hands


def test_5_fortuna_takes_no_float_as_a_call() -> None:
    from cardrules.games.fortuna import FOUR, State
    from cardrules.games.fortuna.deal import deal

    state = State(FOUR, deal(FOUR, seed=1, dealer=0))
    with pytest.raises(IllegalAction) as info:
        state.apply(float(state.legal_actions()[0]))
    assert info.value.clause_id == "fortuna.bidding.order" and state.history == []


def test_5_preferans_takes_no_empty_irregularity() -> None:
    from cardrules.games.preferans import SOCHI, State
    from cardrules.games.preferans.deal import deal

    state = State(SOCHI, deal(SOCHI, seed=1, dealer=0))
    for value in [(), (1,), True, 65.0]:
        with pytest.raises(IllegalAction):
            state.apply(value)
    assert state.history == [] and state.calls == []


def test_5_fortuna_undo_leaves_no_field_of_the_undone_card() -> None:
    state = _fortuna_in_play()
    keys, before = set(state.__dict__), snapshot(state)
    state.apply(state.legal_actions()[0])
    assert "best" in state.__dict__  # the first card of a trick sets fields of its own
    state.undo()
    assert set(state.__dict__) == keys and snapshot(state) == before


# --- 6. errors on one line -------------------------------------------------------------------------------


def test_6_yaml_errors_say_the_real_line() -> None:
    lines = GOOD.splitlines(keepends=True)
    err = refused("".join(lines[:4]) + "notes: a\x07b\n" + "".join(lines[4:]))
    assert err.line == 5 and "U+0007" in err.message
    err = refused("".join(lines[:6]) + "notes: [a\n" + "".join(lines[6:]))
    assert err.line in (7, 8) and err.field == "(yaml)" and "\n" not in err.message


def test_6_a_long_action_is_cut_short_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "long.yaml"
    path.write_text(re.sub(r"(?m)^  - пас.*$", "  - " + "♠A " * 60_000, GOOD, count=1), encoding="utf-8")
    env = {**os.environ, "COLUMNS": "20", "TERM": "dumb"}
    for command in ("replay", "verify"):
        done = subprocess.run([sys.executable, "-m", "cardrules.cli", command, str(path)], capture_output=True,
                              text=True, env=env, timeout=120, cwd=ROOT)
        lines = done.stderr.splitlines()
        assert done.returncode in (1, 2) and "Traceback" not in done.stderr
        assert len(lines) == (1 if command == "replay" else 2), done.stderr[:2000]
        assert len(lines[0]) < 600 + len(str(path)) and "long.yaml:" in lines[0]


def test_6_a_usage_error_is_one_line_at_any_width() -> None:
    env = {**os.environ, "COLUMNS": "20", "TERM": "dumb"}
    done = subprocess.run([sys.executable, "-m", "cardrules.cli", "bench", "--seconds", "nan"], capture_output=True,
                          text=True, env=env, timeout=120, cwd=ROOT)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr


# --- 7. serve ------------------------------------------------------------------------------------------------


@pytest.fixture
def served(tmp_path: Path):
    root = tmp_path / "html"
    (root / ".doctrees").mkdir(parents=True)
    (root / "sub").mkdir()
    (root / "index.html").write_text("<p>hi</p>")
    (root / ".buildinfo").write_text("config: x")
    (root / ".doctrees" / "environment.pickle").write_bytes(b"\x80")
    server = site.make_server(root, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def _status(port: int, path: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path)
    status = conn.getresponse().status
    conn.close()
    return status


def test_7_serve_offers_pages_only(served: int, capfd) -> None:
    assert _status(served, "/") == 200 and _status(served, "/index.html") == 200
    for path in ("/.doctrees/environment.pickle", "/.buildinfo", "/%2ebuildinfo", "/sub/", "/nothing.html"):
        assert _status(served, path) == 404, path
    for path in ("/%00", "/a%00b.html", "/%ff", "/%ed%a0%80", "/%0a"):
        assert _status(served, path) == 400, path
    for _ in range(5):  # clients that go away at once
        s = socket.create_connection(("127.0.0.1", served))
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.close()
    assert _status(served, "/") == 200
    assert "Traceback" not in capfd.readouterr().err


def test_7_an_incremental_build_keeps_its_doctrees_outside_the_site(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text('extensions = ["myst_parser"]\n')
    (docs / "index.md").write_text("# Hello\n")
    out = tmp_path / "_build" / "html"
    site.build(out, docs, strict=True, fresh=False)
    assert (out / "index.html").is_file() and not (out / ".doctrees").exists()
    assert (site.doctrees_of(out) / "environment.pickle").is_file()


# --- 8. the Sphinx directives ----------------------------------------------------------------------------


def test_8_directives_read_only_examples_and_docs_and_warn_with_a_location(tmp_path: Path, capsys) -> None:
    examples = tmp_path / "examples"
    examples.mkdir()
    shutil.copy(PARTIE, examples / "partie.yaml")
    (examples / "latin1.yaml").write_bytes("game: fortuna\nsource: \xe9\n".encode("latin-1"))
    (examples / "options.yaml").write_text(GOOD.replace("variant: four", "variant: four\noptions: {players: 5}"),
                                           encoding="utf-8")
    (tmp_path / "secret.yaml").write_text(GOOD, encoding="utf-8")
    inline = "\n".join("  " + line for line in laughs().splitlines())
    page = dedent("""\
        # Records

        ```{deal} ../secret.yaml
        ```

        ```{deal} secret.yaml
        ```

        ```{deal} /etc/passwd
        ```

        ```{deal} examples/latin1.yaml
        ```

        ```{deal} examples/partie.yaml
        :deal: 99
        ```

        ```{deal} examples/partie.yaml
        :deal: 0
        ```

        ```{deal} examples/options.yaml
        ```

        ```{score-sheet} examples/partie.yaml
        ```

        ```{deal}
        LAUGHS
        ```
        """).replace("LAUGHS", inline.strip())
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text('extensions = ["myst_parser", "cardrules.sphinxext"]\n')
    (docs / "index.md").write_text(page, encoding="utf-8")
    with guard(seconds=120, memory=512 * MB):
        with pytest.raises(site.SiteError):
            site.build(tmp_path / "html", docs)
    err = capsys.readouterr().err
    assert "Exception occurred" not in err and "Traceback" not in err, err[-3000:]
    expected = [(3, "'../secret.yaml': a record is read from examples/"),
                (6, "'secret.yaml': a record is read from examples/"),
                (9, "'/etc/passwd': give the record's path from the repository's root"),
                (12, "cannot read the record examples/latin1.yaml: not UTF-8"),
                (15, ":deal: '99': give the number of a deal of the record, from 1 to"),
                (19, ":deal: '0': give the number of a deal of the record, from 1 to"),
                (23, "options.players: must be one of"),
                (26, "fortuna keeps no score sheet"),
                (29, "anchors and aliases")]
    for line, words in expected:
        assert f"index.md:{line}: WARNING:" in err and words in err, (line, words, err[-3000:])


# --- options that each pass their declaration but do not agree (found by fuzzing variants) ---------


@pytest.mark.parametrize(("options", "field", "words", "clause"), [
    ("{players: 3}", "options.players", "do not go out evenly to 3 players", "fortuna.deal.deal"),
    ("{talon: 1}", "options.players", "talon of 1", "fortuna.deal.deal"),
    ("{shares: [[11, 0]]}", "options.shares", "could be more than the pool", "fortuna.partie.shares"),
    ("{shares: [[11]]}", "options.shares", "each share is a pair", "fortuna.partie.shares"),
])
def test_options_that_do_not_agree(options: str, field: str, words: str, clause: str) -> None:
    err = refused(GOOD.replace("variant: four", f"variant: four\noptions: {options}"))
    assert (err.line, err.field, err.clause) == (4, field, clause) and words in err.message, str(err)


def test_an_unforeseen_error_is_one_line_too(monkeypatch) -> None:
    """The command line's last guard: a bug is one line and exit 3, never a traceback."""
    def broken(path):
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(records, "verify_file", broken)
    result = runner.invoke(app, ["verify", str(ALL_PASS)])
    assert result.exit_code == 3 and result.output.count("\n") == 1
    assert "unexpected RuntimeError: boom\\nsecond line" in result.output and "Traceback" not in result.output


def test_seats_name_every_player() -> None:
    """A sheet or a diagram draws a name for each player: a record naming fewer is refused."""
    err = refused(GOOD.replace("seats: [Анна, Борис, Вера, Глеб]", "seats: [Анна]"))
    assert (err.line, err.field) == (6, "seats") and "4 players, 1 name" in err.message
