"""Every record in examples/fortuna/ replays and verifies: the golden deals and parties.

The expected values in these files were computed by hand from the rules (the working
is in the YAML comments), so a failure here means the engine and the edition disagree.
"""

from pathlib import Path

import pytest

from cardrules import records

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "fortuna"
FILES = sorted(EXAMPLES.glob("*.yaml"))


def test_the_golden_records_are_there() -> None:
    names = {f.stem for f in FILES}
    for form in ("four", "three", "two", "two-talon"):
        assert f"{form}-partie" in names
    assert {"four-all-pass", "four-nevolia", "four-punition-juste", "four-grand-souverain",
            "four-petit-souverain", "four-revoke", "four-trump-revoke", "four-failed-surs",
            "four-failed-prefs", "four-onerschik", "two-five-tricks", "two-talon-purchase"} <= names


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_record_verifies(path: Path) -> None:
    result = records.verify_file(path)
    assert result.states and all(s.is_terminal() for s in result.states)
    record = result.record
    assert record.source and record.title and record.seats, "every record cites its source, has a title and seats"
    # chips are conserved: the players' balances and both pools sum to nothing
    partie = result.partie
    assert partie.chips_total() == 0


@pytest.mark.parametrize("path", [f for f in FILES if f.stem.endswith("-partie")],
                         ids=lambda p: p.name)
def test_parties_end_with_the_pool_shared(path: Path) -> None:
    result = records.verify_file(path)
    partie = result.partie
    assert partie.over and partie.pool == 0 and max(partie.scores) >= 13
    assert result.record.expect.get("winner") == partie.winner


def test_misdeal_record_is_a_deal_of_a_partie() -> None:
    result = records.verify_file(EXAMPLES / "four-partie.yaml")
    first, second = result.states[:2]
    assert first.misdealt and first.history == [first.history[0]]
    assert second.deal.dealer == first.deal.dealer      # the same dealer deals again
