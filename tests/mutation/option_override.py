"""A pytest plugin for tests/mutation/options: changes one option of every preset of a game.

    CARDRULES_OPTION='preferans:whist_factor=2' python -m pytest -p option_override TEST

(with tests/mutation on PYTHONPATH). Every preset of the game gets the new value in place,
so every variant a test builds from a preset (``replace``, ``with_options``) inherits it,
unless the test sets that option itself. Not a test of its own: it lets the script check
that a named test fails when the option changes.
"""

import ast
import importlib
import os


def pytest_configure(config):
    spec = os.environ.get("CARDRULES_OPTION")
    if not spec:
        return
    game, assignment = spec.split(":", 1)
    name, value = assignment.split("=", 1)
    value = ast.literal_eval(value)
    variants = importlib.import_module(f"cardrules.games.{game}.variants")
    for preset in variants.PRESETS.values():
        object.__setattr__(preset, name, value)
    # the games' own modules may hold presets under other names (FOUR, SOCHI…): the same objects
