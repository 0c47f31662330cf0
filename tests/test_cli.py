"""The command line: each command on real records, and errors as one line with exit 2."""

import json
from pathlib import Path

from typer.testing import CliRunner

from cardrules.cli import app

ROOT = Path(__file__).resolve().parent.parent
ALL_PASS = str(ROOT / "examples" / "fortuna" / "four-all-pass.yaml")
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_verify_examples_passes() -> None:
    result = run("verify", str(ROOT / "examples"))
    assert result.exit_code == 0, result.output
    assert "0 failed" in result.output


def test_verify_reports_a_failing_record_and_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(Path(ALL_PASS).read_text(encoding="utf-8").replace("pool: 42", "pool: 43"), encoding="utf-8")
    result = run("verify", str(bad), ALL_PASS)
    assert result.exit_code == 1
    assert f"{bad}:" in result.output and "expect.pool" in result.output
    assert "1 verified, 1 failed" in result.output


def test_replay_tells_the_deal() -> None:
    result = run("replay", ALL_PASS)
    assert result.exit_code == 0, result.output
    assert "Анна (dealer)" in result.output
    assert "[fortuna.bidding.all-pass]" in result.output


def test_score_json() -> None:
    result = run("score", ALL_PASS, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["deals"][0]["chips"] == [0, -6, -6, -6]


def test_rules_lists_and_shows_clauses() -> None:
    listing = run("rules")
    assert listing.exit_code == 0 and "common.play.follow-suit" in listing.output
    one = run("rules", "common.play.follow-suit")
    assert one.exit_code == 0
    assert "attested" in one.output and "cardrules.tricks.legal_plays" in one.output


def test_rules_shows_the_titles_first(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "page.md").write_text(
        "````{rule} testgame.play.lead\n:status: editorial\n:title-ru: Кто ходит первым\n"
        ":title-en: Who leads first\n\nПервым ходит сосед слева.\n\n+++\n\nThe left-hand neighbour leads.\n````\n",
        encoding="utf-8",
    )
    result = run("rules", "testgame.play.lead", "--docs", str(docs))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Кто ходит первым · Who leads first"
    assert lines[1].startswith("testgame.play.lead")


def test_rules_of_the_edition_have_titles() -> None:
    first = run("rules", "common.play.follow-suit").output.splitlines()[0]
    ru, sep, en = first.partition(" · ")
    assert sep and ru.strip() and en.strip() and "common.play.follow-suit" not in first


def test_compare_variants() -> None:
    result = run("compare", "fortuna", "four", "three", "--differ")
    assert result.exit_code == 0, result.output
    assert "base_quota" in result.output and "partie_points" not in result.output


def test_errors_are_one_line_and_exit_2(tmp_path: Path) -> None:
    for args, words in [
        (("replay", str(tmp_path / "missing.yaml")), "cannot read"),
        (("rules", "fortuna.no.such-clause"), "no clause"),
        (("compare", "whist"), "no game 'whist'"),
        (("compare", "fortuna", "five"), "no variant 'five'"),
    ]:
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output
        assert "Traceback" not in result.output


# --- speaking like a person (issue 9) ----------------------------------------------------

FAILED_PREFS = str(ROOT / "examples" / "fortuna" / "four-failed-prefs.yaml")


def test_replay_says_who_won_and_paid_by_name() -> None:
    result = run("replay", FAILED_PREFS)
    assert result.exit_code == 0, result.output
    out = result.output
    # the record's own arithmetic: Борис failed 4 (took 3) and pays 12 + 6 to Вера and
    # 3 remises of 24 = 72 to the pool: −90; Вера +18; the pool +72
    assert "Failed: Борис." in out and "Made: Вера." in out
    rows = {line.split()[0]: line.split() for line in out.splitlines() if "declarer," in line}  # the table
    assert rows["Борис"][-1] == "−90" and rows["Вера"][-1] == "+18"
    assert "+72" in next(line for line in out.splitlines() if line.startswith("the pool"))
    assert "seat [" not in out and "[0, " not in out and "declarers Борис, Вера" in out
    assert out.rstrip().endswith("1 deal replayed; the outcome agrees with the record.")


def test_replay_shows_the_play_up_to_a_mismatch(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(Path(ALL_PASS).read_text(encoding="utf-8").replace("pool: 42", "pool: 43"), encoding="utf-8")
    result = run("replay", str(bad))
    assert result.exit_code == 1
    assert "Анна (dealer)" in result.output  # the deal is told
    assert "MISMATCH" in result.output and "expect.pool" in result.output


def test_partie_settlement_in_decimals_with_the_fraction() -> None:
    result = run("replay", str(ROOT / "examples" / "preferans" / "sochi-pulka.yaml"))
    assert result.exit_code == 0, result.output
    # Борис's result: −316/3 whists (the Sochi pulka's hand settlement in its record)
    assert "−105.33 (−316/3)" in result.output
    assert "-316/3" not in result.output.split("the partie")[-1]


def test_score_without_json_is_a_table() -> None:
    result = run("score", ALL_PASS)
    assert result.exit_code == 0, result.output
    assert "{" not in result.output and "'" not in result.output
    # all pass: each but the dealer Анна stakes 6 chips (fortuna.bidding.all-pass)
    lines = {line.split()[0]: line.split() for line in result.output.splitlines() if line.strip()}
    assert lines["Борис"][-3:].count("−6") >= 1 and "−6" in lines["Глеб"]


def test_did_you_mean() -> None:
    for args, hint in ((("rules", "fortuna.biding.quota"), "did you mean fortuna.bidding.quota"),
                       (("compare", "prefrans"), "did you mean preferans"),
                       (("compare", "preferans", "sochy"), "did you mean sochi")):
        result = run(*args)
        assert result.exit_code == 2 and hint in result.output, (args, result.output)
        assert len(result.output.strip().splitlines()) == 1


def test_every_example_in_help_runs() -> None:
    """Each "Example:" of a command's --help names files that exist and runs as shown."""
    import re
    import shlex

    from typer.main import get_command

    group = get_command(app)
    tried = 0
    for name, command in group.commands.items():
        help_text = command.help or ""
        for example in re.findall(r"Examples?: (.+)", help_text):
            for line in example.split(";"):
                line = line.split("add --json")[0].strip()
                if not line.startswith("cardrules ") or name in ("serve", "build", "bench"):
                    continue
                args = shlex.split(line)[1:]
                for arg in args:
                    if arg.startswith("examples/"):
                        assert (ROOT / arg).exists(), (name, arg)
                args = [str(ROOT / a) if a.startswith("examples/") else a for a in args]
                result = run(*args)
                assert result.exit_code == 0, (line, result.output[-300:])
                tried += 1
    assert tried >= 5


def test_bench_json_has_a_rate_for_every_row() -> None:
    # the shape only (speed is never asserted): every preset of every game, the replay rows,
    # OpenSpiel's two rows when its extra is installed, numbers above zero
    import importlib.util

    from cardrules.games import GAMES
    import importlib

    result = run("bench", "--json", "--seconds", "0.01", "--turn", "0.005", "--runs", "2")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    want = {f"python/{g}.{p}" for g in GAMES
            for p in importlib.import_module(f"cardrules.games.{g}.variants").PRESETS}
    want |= {"replay/deal_us", "replay/deal_parsed_us"}
    if importlib.util.find_spec("pyspiel") is not None:
        want |= {"openspiel/oh_hell.python", "openspiel/oh_hell.cpp",
                 "ratio/python.preferans.sochi:openspiel.python"}
    if importlib.util.find_spec("numba") is not None:  # the `fast` extra (cardrules.fast itself is always there)
        want |= {"fast/preferans.sochi", "fast/fortuna.four"}
    assert want <= set(data), sorted(want - set(data))
    assert {"python/preferans.sochi", "python/fortuna.four"} <= set(data)
    assert all(isinstance(v, float) and v > 0 for v in data.values()), data


def test_bench_table_says_what_is_absent() -> None:
    result = run("bench", "--seconds", "0.01", "--runs", "1", "--only", "python/fortuna.four", "--only", "replay/")
    assert result.exit_code == 0, result.output
    assert "python/fortuna.four" in result.output and "replay/deal_parsed" in result.output
    assert "python/fortuna.three" not in result.output
    assert "spread over 1 run" in result.output
    import importlib.util
    if importlib.util.find_spec("pyspiel") is None:
        assert "openspiel/*: absent" in result.output


def test_bench_only_a_row_that_is_not_there() -> None:
    result = run("bench", "--seconds", "0.01", "--only", "nosuch/")
    assert result.exit_code == 2 and "no row is named so" in result.output


def test_study_will_not_replace_the_pages_results_by_default() -> None:
    # the page's file was made by --pulkas 25 --seed 0: a smaller run is refused before it
    # solves anything, and the file is left as it was
    page = ROOT / "docs" / "games" / "preferans" / "study" / "results.json"
    before = page.read_bytes()
    result = run("study", "--pulkas", "2")
    assert result.exit_code == 2
    assert "--pulkas 25 --seed 0" in result.output and "--out" in result.output
    assert page.read_bytes() == before


def test_study_says_at_once_that_it_cannot_write_its_file(tmp_path: Path) -> None:
    result = run("study", "--pulkas", "1", "--out", str(tmp_path))  # a folder, not a file
    assert result.exit_code == 2
    assert "cannot write" in result.output and "solving" not in result.output
