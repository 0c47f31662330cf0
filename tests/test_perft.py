"""Perft: every committed count of examples/*/perft.txt reproduced by the engine, and the
file format's errors named with their file and line."""

from pathlib import Path

import pytest

from cardrules import perft
from cardrules.games import GAMES

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LINES = [line for game in GAMES for line in perft.read(EXAMPLES / game / "perft.txt")]


def test_every_game_has_a_perft_file_covering_its_presets():
    from importlib import import_module

    for game in GAMES:
        presets = set(import_module(f"cardrules.games.{game}.variants").PRESETS)
        assert {line.variant for line in LINES if line.game == game} == presets


@pytest.mark.parametrize("line", LINES, ids=[f"{line.game}/{line.id}" for line in LINES])
def test_counts(line):
    assert perft.check(line) == []


def test_the_opening_count_by_hand():
    # Sochi, the first call: pass, the 25 contracts from 6♠ to 10 no trumps, and the misère
    assert perft.perft(perft.start("preferans", "sochi", seed=1), 1) == 1 + 5 * 5 + 1


def test_a_count_that_differs_is_told(tmp_path):
    f = tmp_path / "perft.txt"
    f.write_text("id x  game preferans  variant sochi  seed 1  dealer 0  after 0  perft 1 26\n")
    (line,) = perft.read(f)
    assert perft.check(line) == [f"{f}:1: x perft 1: the engine counts 27, the file 26"]


def test_a_bad_line_is_named_with_its_file_and_line(tmp_path):
    f = tmp_path / "perft.txt"
    f.write_text("# a comment\nid x  game preferans  variant sochi  perft 1 27\n")
    with pytest.raises(perft.PerftError, match=r"perft.txt:2: write 'id"):
        perft.read(f)


def test_the_node_cap_stops_a_count():
    with pytest.raises(perft.PerftError, match="node cap"):
        perft.perft(perft.start("preferans", "sochi", seed=1), 3, cap=100)


def test_a_device_or_a_folder_is_refused_in_one_line(tmp_path):
    # the records' reader bounds what a perft file may be: never /dev/zero read forever
    for path in ("/dev/zero", tmp_path):
        with pytest.raises(ValueError, match="not a regular file|a folder"):
            perft.read(path)
