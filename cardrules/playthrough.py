"""A playthrough: one seeded deal written out state by state, as OpenSpiel keeps them
for its games. At each step: the phase, the player to move, every legal action as the
records write it, and the action taken (the seeded random choice of
:func:`cardrules.simulate.play_out`); at the end, the outcome as a deal diagram tells it.

The files are ``examples/<game>/playthroughs/<preset>.txt``, made by ``cardrules
playthrough GAME PRESET --seed N`` and compared with a fresh one by
``tests/test_playthrough.py``. Where a record or a digest says only that something
changed, the difference between two playthroughs shows which legal action appeared or
vanished, and where.

The first step of a Sochi deal: the first hand after the dealer has the 27 calls of a
first call (pass, the 25 contracts from 6♠ to 10NT, the misère):

>>> step = playthrough("preferans", "sochi", seed=1).splitlines()[2]
>>> step.split(":")[0], "6♠" in step, "10NT" in step, "мизер" in step, "пас" in step
('step 1   auction   seat 1   27 legal', True, True, True, True)
"""

from __future__ import annotations

import random

from cardrules import perft
from cardrules.engine import with_names
from cardrules.play import label_of, phase_of
from cardrules.recorddata import game_of


def playthrough(game: str, variant: str, seed: int, dealer: int = 0) -> str:
    """The seeded deal of ``game``'s preset ``variant`` (dealt by ``dealer``) played by the
    seeded random choice, written out step by step."""
    state = perft.start(game, variant, seed, dealer)
    adapter = game_of(state)
    rnd = random.Random(seed).random
    lines = [f"# cardrules playthrough {game} {variant} --seed {seed} --dealer {dealer}",
             f"game {game}   variant {variant}   seed {seed}   dealer {dealer}"]
    step = 0
    while not state.is_terminal():
        step += 1
        legal = list(state.legal_actions())
        labels = [label_of(adapter, state, a) for a in legal]
        lines.append(f"step {step}   {phase_of(state)}   seat {state.current_player()}   "
                     f"{len(legal)} legal: {' '.join(labels)}")
        i = int(rnd() * len(legal))  # the choice of simulate.play_out
        lines.append(f"   takes {labels[i]}")
        state.apply(legal[i])
    summary = adapter.summary(state)
    names = [f"seat {s}" for s in range(summary.players)]
    lines.append("outcome")
    lines += [f"   {row}" for row in summary.result]
    lines += [f"   {with_names(str(s), names)}" for s in summary.trace.steps]
    return "\n".join(lines) + "\n"


__all__ = ["playthrough"]
