"""The score of a deal, and the end of the game.

>>> from cardrules.games.terts.variants import ROZALIEV
>>> r = deal_score(ROZALIEV, card_pts=[90, 62], last=1, declared=[20, 0], marriage=[0, 20], revoker=None)
>>> r.points
[110, 92]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardrules.engine import Trace
from cardrules.rules import implements

from .variants import Variant


@dataclass
class DealResult:
    """What each player scores in one deal, with the trace of the clauses behind it."""

    cards: list[int]  #: card points taken in tricks
    last: int | None  #: who took the last trick
    declared: list[int]  #: points for groups
    marriage: list[int]  #: points for the trump marriage
    points: list[int]  #: the deal's score of each player
    revoker: int | None = None
    trace: Trace = field(default_factory=Trace)


@implements("terts.scoring.deal", "terts.play.last-trick", "terts.revoke.penalty")
def deal_score(variant: Variant, card_pts: list[int], last: int | None, declared: list[int], marriage: list[int],
               revoker: int | None, explain: bool = True, trace: Trace | None = None) -> DealResult:
    """Each player scores his card points, his declarations and 10 for the last trick.
    A player found in a revoke scores nothing; his opponent takes every card point
    of the deal and the last trick, and keeps his own declarations.

    ``explain`` False: the score without the words of its trace (every line under «if
    explain»), which the result's trace writes, scoring again, when first read. ``trace``: the
    trace to write into, after the lines it holds (or will write when read); a new one if None.

    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> deal_score(ROZALIEV, [100, 52], last=0, declared=[0, 50], marriage=[0, 0], revoker=1).points
    [162, 0]
    """
    tr = Trace() if trace is None else trace
    if not explain:
        tr.later(lambda: deal_score(variant, card_pts, last, declared, marriage, revoker).trace.steps)
    pts = [0, 0]
    bonus = [variant.last_trick if seat == last else 0 for seat in (0, 1)]
    if explain:
        for seat in (0, 1):
            if declared[seat]:
                tr.add("terts.dialogue.good", f"seat {seat}: groups declared", declared[seat])
            if marriage[seat]:
                tr.add("terts.declarations.marriage", f"seat {seat}: the trump marriage", marriage[seat])
    if revoker is not None:
        other = 1 - revoker
        taken = sum(card_pts) + sum(bonus)
        pts[other] = taken + declared[other] + marriage[other]
        if explain:
            tr.add("terts.revoke.penalty", f"seat {revoker} revoked: scores nothing this deal", 0)
            tr.add("terts.revoke.penalty", f"seat {other} takes every card point and the last trick", taken)
            tr.add("terts.scoring.deal", f"seat {other} scores", pts[other])
            tr.add("terts.scoring.deal", f"seat {revoker} scores", 0)
    else:
        for seat in (0, 1):
            pts[seat] = card_pts[seat] + bonus[seat] + declared[seat] + marriage[seat]
            if explain:
                tr.add("terts.play.card-points", f"seat {seat}: card points in tricks", card_pts[seat])
                if bonus[seat]:
                    tr.add("terts.play.last-trick", f"seat {seat}: the last trick", bonus[seat])
                tr.add("terts.scoring.deal", f"seat {seat} scores", pts[seat])
    return DealResult(list(card_pts), last, list(declared), list(marriage), pts, revoker, tr)


@implements("terts.scoring.target", "terts.scoring.end")
def game_winner(variant: Variant, scores: list[int]) -> int | None:
    """After a deal: the player who has reached the target wins; if both have, the
    higher score; equal scores at or above it play on (None).

    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> game_winner(ROZALIEV, [480, 500]), game_winner(ROZALIEV, [520, 501]), game_winner(ROZALIEV, [530, 530])
    (None, 0, None)
    """
    best = max(scores)
    if best < variant.target or scores[0] == scores[1]:
        return None
    return scores.index(best)


__all__ = ["DealResult", "deal_score", "game_winner"]
