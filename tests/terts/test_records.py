"""Every record in examples/terts/ replays and verifies: a whole game, every kind of
group, the «От чего?» dialogue in each outcome, a revoke. The expected values were
worked by hand (the working is in the YAML comments)."""

from pathlib import Path

import pytest

from cardrules import records
from cardrules.games.terts.declarations import ANSWER, ASK, BEAT, EQUAL, GOOD, KINDS, MARRIAGE, PASS
from cardrules.games.terts.play import REVOKE

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "terts"
FILES = sorted(EXAMPLES.glob("*.yaml"))


def test_the_golden_records_are_there():
    assert {f.stem for f in FILES} >= {"full-game", "klaberjass-game", "declarations", "dialogue", "revoke", "trump-seven"}


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_record_verifies(path):
    result = records.verify_file(path)
    assert result.states and all(s.is_terminal() for s in result.states)
    assert result.record.source and result.record.title and result.record.seats
    assert all(d.expect for _, d in result.record.plays()), "every deal states what it must come to"


@pytest.mark.parametrize("name", ["full-game", "klaberjass-game"])
def test_the_full_games_end_with_their_result(name):
    result = records.verify_file(EXAMPLES / f"{name}.yaml")
    assert result.partie.over and result.record.expect["winner"] == result.partie.winner


def test_every_kind_and_every_answer_is_recorded():
    calls = set()
    for f in FILES:
        for st in records.verify_file(f).states:
            calls |= {a for _, a in st.dialogue.calls}
            calls |= {a for a in st.history if a >= REVOKE}
    announced = {a - 64 for a in calls if 64 <= a < 74} | {(a - BEAT) // 64 for a in calls if BEAT <= a < REVOKE}
    assert announced == set(KINDS)
    assert {PASS, ASK, GOOD, EQUAL, MARRIAGE} <= calls
    assert any(ANSWER <= a < ANSWER + 52 for a in calls) and any(BEAT <= a < REVOKE for a in calls)
    assert any(a >= REVOKE for a in calls)


def test_export_loads_back():
    result = records.verify_file(EXAMPLES / "revoke.yaml")
    text = records.to_record(result.states[0], "test")
    again = records.verify(text)
    assert again.states[0].history == result.states[0].history


REVOKE_TEXT = (EXAMPLES / "revoke.yaml").read_text(encoding="utf-8")


def test_an_impossible_answer_in_a_record_names_its_line_and_clause():
    text = REVOKE_TEXT.replace("  - терц\n  - годится\n", "  - терц\n  - от чего?\n")
    with pytest.raises(records.RecordError) as err:
        records.verify(text, "bad.yaml")
    assert err.value.clause == "terts.dialogue.ask" and err.value.field == "actions[1]"
    assert "\n" not in str(err.value)


def test_an_unreadable_line_is_a_one_line_error():
    text = REVOKE_TEXT.replace("  - годится\n", "  - может быть\n")
    with pytest.raises(records.RecordError) as err:
        records.verify(text, "bad.yaml")
    assert err.value.field == "actions[1]" and "neither a word of the boasting nor cards" in err.value.message


def test_a_wrong_expectation_is_caught():
    text = REVOKE_TEXT.replace("points: [182, 0]", "points: [162, 0]")
    with pytest.raises(records.RecordError) as err:
        records.verify(text, "bad.yaml")
    assert err.value.field == "expect.points"


def test_the_trump_seven_record_needs_its_option():
    """Without trump_seven the exchange of the record is refused, naming its clause."""
    text = (EXAMPLES / "trump-seven.yaml").read_text(encoding="utf-8")
    assert records.verify(text).states[0].exchanged == (0, 1)
    with pytest.raises(records.RecordError) as err:
        records.verify(text.replace("options: {trump_seven: after-trick}\n", ""))
    assert "terts.play.trump-seven" in str(err.value)
