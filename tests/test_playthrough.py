"""Playthroughs: every committed examples/<game>/playthroughs/<preset>.txt is what
``cardrules playthrough`` writes today, so that a change in the legal actions of any
phase shows as a difference of lines, with the step where it happens."""

import difflib
from importlib import import_module
from pathlib import Path

import pytest

from cardrules.games import GAMES
from cardrules.playthrough import playthrough

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
CASES = [(g, p) for g in GAMES for p in import_module(f"cardrules.games.{g}.variants").PRESETS]


@pytest.mark.parametrize("game,preset", CASES, ids=[f"{g}/{p}" for g, p in CASES])
def test_playthrough_unchanged(game, preset):
    path = EXAMPLES / game / "playthroughs" / f"{preset}.txt"
    committed = path.read_text(encoding="utf-8")
    seed = int(committed.splitlines()[1].split("seed ")[1].split()[0])
    fresh = playthrough(game, preset, seed)
    diff = "".join(difflib.unified_diff(committed.splitlines(True), fresh.splitlines(True), str(path), "today", n=1))
    assert fresh == committed, f"the playthrough changed (regenerate with `cardrules playthrough {game} {preset} --seed {seed}` if meant):\n{diff[:3000]}"


def test_every_line_offers_the_action_it_takes():
    # in every file, the action taken at each step is among the legal ones listed before it
    for game, preset in CASES:
        lines = (EXAMPLES / game / "playthroughs" / f"{preset}.txt").read_text(encoding="utf-8").splitlines()
        for before, taken in zip(lines, lines[1:]):
            if taken.startswith("   takes "):
                legal = before.split(" legal: ", 1)[1]
                assert f" {taken[len('   takes '):]} " in f" {legal} ", (game, preset, before, taken)
