"""Every record in examples/piquet/ replays and verifies. The expected values were
worked out by hand (see each file's comments), so a failure means the engine and the
edition disagree."""

from pathlib import Path

import pytest

from cardrules import records

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "piquet"
FILES = sorted(EXAMPLES.glob("*.yaml"))


def test_the_golden_records_are_there():
    names = {f.stem for f in FILES}
    assert {"russian-partie", "rubicon-partie", "carte-blanche", "pique", "repique", "capot", "equal-point",
            "molchanka", "false-call"} <= names
    assert any("three" in n for n in names)


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_record_verifies(path):
    result = records.verify_file(path)
    assert result.states and all(s.is_terminal() for s in result.states)
    assert result.record.source and result.record.title and result.record.seats
    assert sum(result.partie.settlement) == 0


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_record_round_trips(path):
    result = records.verify_file(path)
    for state in result.states[:1]:
        text = records.to_record(state, "editorial: round trip")
        again = records.verify(text)
        assert again.states[0].history == state.history


def test_parties_reach_their_settlements():
    for name in ("russian-partie", "rubicon-partie", "three-partie"):
        result = records.verify_file(EXAMPLES / f"{name}.yaml")
        assert result.partie.over and result.record.expect["settlement"] == result.partie.settlement


def test_a_changed_expectation_fails():
    text = (EXAMPLES / "pique.yaml").read_text(encoding="utf-8").replace("scores: [3, 79]", "scores: [3, 78]")
    with pytest.raises(records.RecordError) as info:
        records.verify(text, "pique.yaml")
    assert "the rules give [3, 79]" in str(info.value)


def test_a_wrong_dealer_is_refused_with_its_clause():
    import yaml
    from cardrules.games.piquet import RUSSIAN
    from cardrules.games.piquet.simulate import random_deal
    first = yaml.safe_load(records.to_record(random_deal(RUSSIAN, 1, dealer=0), "t"))
    bad = {"game": "piquet", "variant": "russian", "source": "t", "dealer": 0,
           "deals": [{"deal": first["deal"], "actions": first["actions"]}, {"dealer": 0, "deal": {"seed": 2}}]}
    with pytest.raises(records.RecordError) as info:
        records.verify(yaml.safe_dump(bad, allow_unicode=True))
    assert info.value.clause == "piquet.deal.rotation"


def test_a_refet_carried_across_the_partie_boundary():
    """refet-carried-1.yaml ends with a refet carried; refet-carried-2.yaml is the next partie,
    opening with it: its first royalik's games are doubled, and without the option they are not."""
    first = records.verify_file(EXAMPLES / "refet-carried-1.yaml")
    second = records.verify_file(EXAMPLES / "refet-carried-2.yaml")
    assert first.partie.carry_refet and second.record.options == {"carried_refet": True}
    assert second.partie.game_col == [[60, 44], [76, 12]]
    text = (EXAMPLES / "refet-carried-2.yaml").read_text(encoding="utf-8")
    with pytest.raises(records.RecordError):  # the expected doubled entries no longer come out
        records.verify(text.replace("options: {carried_refet: true}\n", ""))
