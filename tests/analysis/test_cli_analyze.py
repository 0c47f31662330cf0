"""``cardrules analyze RECORD``: the verdict, the first slip and the solver's line, by names."""

from pathlib import Path

from typer.testing import CliRunner

from cardrules.cli import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def test_analyze_tells_the_misere_by_names() -> None:
    result = runner.invoke(app, ["analyze", str(ROOT / "examples" / "preferans" / "sochi-misere-failed.yaml")])
    assert result.exit_code == 0, result.output
    assert "The misère is clean: Анна takes no trick" in result.output
    assert "Мизер чистый" in result.output
    assert "trick 1, Анна's ♥7" in result.output
    assert "seat 0" not in result.output
    # the line has ten tricks, numbered
    assert "\n10 " in result.output


def test_analyze_refuses_another_game_in_one_line() -> None:
    result = runner.invoke(app, ["analyze", str(ROOT / "examples" / "fortuna" / "four-all-pass.yaml")])
    assert result.exit_code == 2
    assert "the solver analyses preferans deals" in result.output
    assert "Traceback" not in result.output
