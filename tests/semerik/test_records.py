"""Every record in examples/semerik/ replays and verifies. The expected values were
counted by hand (the working is in each file's comments), so a failure means the
engine and the edition disagree."""

from pathlib import Path

import pytest

from cardrules import records
from cardrules.games.semerik import SEMERIK
from cardrules.games.semerik.simulate import random_deal

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "semerik"
FILES = sorted(EXAMPLES.glob("*.yaml"))


def test_the_golden_records_are_there():
    assert {f.stem for f in FILES} >= {"game", "declarations", "declarations-plain", "double", "revoke", "hint"}


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_record_verifies(path: Path) -> None:
    result = records.verify_file(path)
    assert result.states and all(s.is_terminal() for s in result.states)
    record = result.record
    assert record.source and record.title and record.seats
    if record.is_partie:
        assert sum(result.partie.settlement) == 0


def test_the_records_show_every_kind_of_declaration():
    kinds = set()
    for path in FILES:
        for state in records.verify_file(path).states:
            for declared in state.declared:
                for d in declared:
                    kinds.add((d.kind, d.length, d.key == state.variant.trump if d.kind == "baba" else d.key))
    assert ("baba", 3, True) in kinds and ("baba", 6, True) in kinds and ("baba", 6, False) in kinds
    assert ("baba", 3, False) in kinds and ("baba", 5, False) in kinds
    assert {(k[0], k[2]) for k in kinds if k[0] == "trio"} >= {("trio", 5), ("trio", 1), ("trio", 11)}   # 7s, 3s, kings
    assert any(k[0] == "trio" and k[1] == 4 for k in kinds)


def test_threes_alone_and_beside_a_baba_are_priced_apart():
    alone = records.verify_file(EXAMPLES / "declarations-plain.yaml").states[0]
    beside = records.verify_file(EXAMPLES / "declarations.yaml").states[0]
    from cardrules.games.semerik.scoring import value
    assert [d.points for d in value(alone.variant, alone.declared[2])] == [3]          # Вера's three aces
    assert 4 in [d.points for d in value(beside.variant, beside.declared[1]) if d.kind == "trio"]   # Борис's threes


def test_the_game_record_ends_and_the_double_record_doubles():
    game = records.verify_file(EXAMPLES / "game.yaml").partie
    double = records.verify_file(EXAMPLES / "double.yaml").partie
    assert game.over and len(game.deals) == 2 and game.value == 21
    assert double.over and double.value == 42
    assert {"semerik.game.value", "semerik.game.double", "semerik.game.settlement"} <= set(double.explain().clauses)
    assert "semerik.game.double" not in game.explain().clauses


@pytest.mark.parametrize("seed", range(40))
def test_exported_records_load_back(seed):
    st = random_deal(SEMERIK, seed, dealer=seed % 4)
    text = records.to_record(st, "test: random deal")
    replayed = records.verify(text).states[0]
    assert replayed.history == st.history and replayed.result().points == st.result().points


def test_a_wrong_expectation_names_its_line():
    text = (EXAMPLES / "revoke.yaml").read_text(encoding="utf-8").replace("fines: [0, 3]", "fines: [3, 0]")
    with pytest.raises(records.RecordError) as info:
        records.verify(text, "revoke.yaml")
    assert info.value.field == "expect.fines"


def test_an_illegal_record_action_names_its_clause():
    text = (EXAMPLES / "revoke.yaml").read_text(encoding="utf-8").replace("revoke ♠4", "♠4")
    with pytest.raises(records.RecordError) as info:
        records.verify(text, "revoke.yaml")
    assert info.value.clause == "semerik.play.follow-suit"
