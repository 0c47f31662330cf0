"""Records: safe YAML with line numbers, the shape checks, errors with a location."""

import json
from pathlib import Path

import pytest

from cardrules import records
from cardrules.records import RecordError, load_yaml, parse
from conftest import assert_fails_with_a_location, mutate

ROOT = Path(__file__).resolve().parent.parent

GOOD = """\
game: fortuna
variant: four
source: "editorial: a test"
deal:
  seed: 3
actions:
  - pass
  - ♠A ♠K
"""


def test_fields_keep_their_lines() -> None:
    data, lines = load_yaml(GOOD, "t.yaml")
    assert data["actions"] == ["pass", "♠A ♠K"]
    assert lines[("deal", "seed")] == 5
    assert lines[("actions", 1)] == 8


@pytest.mark.parametrize(
    ("text", "line", "field", "words"),
    [
        (GOOD.replace("  seed: 3", "  seed: 3\n  hands: [♠A]"), 4, "deal", "either seed or hands"),
        (GOOD + "bogus: 1\n", 9, "bogus", "no such field"),
        (GOOD.replace("game: fortuna\n", ""), 1, "game", "required field is missing"),
        (GOOD.replace("variant: four", "variant: four\ngame: again"), 3, "game", "appears twice"),
        ("game: !!python/object/apply:os.system [ls]\n", 1, "game", "not plain data"),
        ("game: [fortuna\n", 2, "(yaml)", "not valid YAML"),
        ("", 1, "(record)", "empty"),
        ("- a list\n", 1, "(record)", "a mapping"),
        (GOOD.replace("  - pass", "  - 7"), 7, "actions[0]", "string"),
    ],
)
def test_bad_records_say_where(text: str, line: int, field: str, words: str) -> None:
    with pytest.raises(RecordError) as info:
        parse(text, "t.yaml")
    err = info.value
    assert (err.file, err.line, err.field) == ("t.yaml", line, field), str(err)
    assert words in err.message
    assert str(err).startswith(f"t.yaml:{line}: {field}: ")


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(RecordError) as info:
        records.replay(GOOD.replace("game: fortuna", "game: whist"), "t.yaml")
    assert info.value.line == 1 and "known: fortuna, piquet, preferans, preference, semerik, terts" in info.value.message


def test_schema_file_matches_the_model() -> None:
    """examples/record.schema.json is generated from the loader's model; regenerate it
    with `uv run cardrules schema > examples/record.schema.json` when the model changes."""
    on_disk = json.loads((ROOT / "examples" / "record.schema.json").read_text(encoding="utf-8"))
    assert on_disk == records.json_schema()


def test_record_files_finds_yaml_in_folders(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.yaml").write_text(GOOD)
    (tmp_path / "a" / "notes.txt").write_text("no")
    assert records.record_files([tmp_path]) == [tmp_path / "a" / "x.yaml"]


# --- round trips and robustness, on Fortuna's records --------------------------------------

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from cardrules.games.fortuna import PRESETS as FORTUNA  # noqa: E402
from cardrules.games.fortuna.simulate import random_deal  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(form=st.sampled_from(sorted(FORTUNA)), seed=st.integers(0, 2**32), passers_play=st.booleans())
def test_exported_records_load_back_to_the_same_state(form: str, seed: int, passers_play: bool) -> None:
    variant = FORTUNA[form].with_options(passers_play=passers_play)
    state = random_deal(variant, seed, dealer=seed % variant.players)
    text = records.to_record(state, "editorial: a random deal")
    replayed = records.verify(text, "exported.yaml").states[0]
    assert replayed.variant == state.variant
    assert replayed.deal == state.deal
    assert replayed.history == state.history
    assert replayed.settlement().chips == state.settlement().chips


def _written_out(seed: int) -> str:
    """A deal record with the hands written out (not a seed), as an editor writes one."""
    state = random_deal(FORTUNA["four"], seed)
    text = records.to_record(state, "editorial: a random deal")
    d = state.deal
    from cardrules.cards import format_card, format_hand

    hands = "\n".join(f"    - {format_hand(h)}" for h in d.hands)
    return text.replace(f"  seed: {seed}\n",
                        f"  hands:\n{hands}\n  turned: {format_card(d.trump_card)}\n  cut: {format_card(d.sur_card)}\n")


BASE = _written_out(7)


def test_written_out_record_verifies() -> None:
    assert "hands:" in BASE
    records.verify(BASE, "base.yaml")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(0, len(BASE)))
def test_truncated_records_fail_with_a_location(cut: int) -> None:
    assert_fails_with_a_location(BASE[:cut])


lines_of_base = BASE.splitlines(keepends=True)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    op=st.sampled_from(["delete", "duplicate", "swap", "replace-char", "insert-text"]),
    i=st.integers(0, len(lines_of_base) - 1),
    j=st.integers(0, len(lines_of_base) - 1),
    junk=st.text(alphabet="♠♣♦♥AKQJT1098765432ТКДВ :-[]{}#'\"x\n", max_size=6),
    pos=st.integers(0, 200),
)
def test_mutated_records_fail_with_a_location(op: str, i: int, j: int, junk: str, pos: int) -> None:
    assert_fails_with_a_location(mutate(lines_of_base, op, i, j, junk, pos))


def test_illegal_play_names_the_clause_and_line() -> None:
    lines = BASE.splitlines()
    first_trick = next(i for i, line in enumerate(lines) if line.startswith("- ") and len(line.split()) == 5)
    cards = lines[first_trick][2:].split()
    # the leader plays the second player's card, which he does not hold
    lines[first_trick] = "- " + " ".join([cards[1], cards[0]] + cards[2:])
    with pytest.raises(RecordError) as info:
        records.verify("\n".join(lines), "bad.yaml")
    assert info.value.line == first_trick + 1
    assert info.value.field == f"actions[{first_trick - lines.index('actions:') - 1}]"
    assert info.value.clause == "fortuna.play.trick"
    assert "is not in the hand" in info.value.message


def test_wrong_expectation_names_the_field() -> None:
    text = BASE.replace("  all_passed: false", "  all_passed: true")
    with pytest.raises(RecordError) as info:
        records.verify(text, "bad.yaml")
    assert info.value.field == "expect.all_passed"
    assert "the rules give False" in info.value.message


def test_engine_and_records_do_not_import_each_other() -> None:
    # by the source (any import, at the top or inside a function, outside `if TYPE_CHECKING`) …
    import ast
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent / "cardrules"

    def imported(path: Path) -> set[str]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                       and getattr(node.test, "id", None) == "TYPE_CHECKING" for n in ast.walk(node)}
        out: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                out |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                out |= {node.module or ""} | {f"{node.module}.{a.name}" for a in node.names}
        return out

    assert not {m for m in imported(root / "engine.py") if m.startswith("cardrules.records")}
    assert not {m for m in imported(root / "records.py") if m.startswith("cardrules.engine")}
    # … and in a fresh interpreter with the other one made unimportable
    for first, blocked in (("cardrules.records", "cardrules.engine"), ("cardrules.engine", "cardrules.records")):
        code = f"import sys; sys.modules[{blocked!r}] = None; import {first}"
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]


def test_lines_read_at_load_mean_what_the_game_reads_at_replay() -> None:
    """Every action line of every example, read once when its record is loaded, stands in
    the phase where it is replayed for the actions the game's ``parse_actions`` reads from
    the plain text there (the reading moved to the load, the meaning unchanged)."""
    problems: list[str] = []
    seen_phases = 0
    for path in records.record_files([ROOT / "examples"]):
        record, _lines = parse(path.read_text(encoding="utf-8"), path.name)
        game = records.game_records(record.game)
        partie = game.new_partie(records.make_variant(game, record.variant, record.options), record.dealer)
        for (_path, play), read in zip(record.plays(), record.lines(game)):
            assert [line.text for line in read] == play.actions
            state = game.start_deal(partie, play.deal, play.dealer)
            for line in read:
                want = game.parse_actions(state, str(line.text))  # a plain str: nothing kept from the load
                got = list(line(state))
                if got != want:
                    problems.append(f"{path.name}: {line.text!r}: {got} at load, {want} at replay")
                seen_phases += line.known.__class__ is dict
                for action in want:
                    state.apply(action)
            game.finish_deal(partie, state)
    assert not problems, problems[:5]
    assert seen_phases > 100  # (the lines of preferans and préférence are read phase by phase)


def test_a_line_that_is_no_action_is_told_when_reached() -> None:
    """A line that reads as nothing is refused where the replay reaches it, as before the
    reading moved to the load: an illegal action earlier in the deal is told first."""
    text = (ROOT / "examples" / "fortuna" / "four-all-pass.yaml").read_text(encoding="utf-8")
    bad = text.replace("  - пас      # Глеб\n", "  - ♠Z\n")
    with pytest.raises(RecordError) as err:
        records.replay(bad, "t.yaml")
    assert (err.value.line, err.value.field, err.value.clause) == (13, "actions[2]", None)
    assert "♠Z" in err.value.message
    earlier = bad.replace("  - пас      # Борис", "  - ♠A      # Борис")
    with pytest.raises(RecordError) as err:
        records.replay(earlier, "t.yaml")
    assert (err.value.line, err.value.field) == (11, "actions[0]") and err.value.clause


def test_a_line_said_again_is_found_where_it_fails() -> None:
    """Four passes end a Fortuna deal; a fifth «pass», the same words as the first four, is
    refused at its own line (11, the fifth action), not at the first that reads alike."""
    text = GOOD.replace("  - ♠A ♠K\n", "  - pass\n  - pass\n  - pass\n  - pass\n")
    with pytest.raises(RecordError) as info:
        records.verify(text, "t.yaml")
    assert (info.value.line, info.value.field) == (11, "actions[4]")
    assert info.value.message.startswith("'pass': the deal is over")


def test_a_card_failing_inside_a_run_of_lines_is_found_at_its_line() -> None:
    """A replay plays the lines that mean the same in every phase as one run of actions
    (:class:`~cardrules.recorddata.Plan`); a card refused in the middle of that run is still
    told at its own line. In the Fortuna for two example, Анна answers ♠K with ♠K, a card she
    does not hold: the fifth action line (file line 20, ``actions[4]``), its second card."""
    path = Path(__file__).resolve().parent.parent / "examples" / "fortuna" / "two-five-tricks.yaml"
    text = path.read_text(encoding="utf-8").replace("  - ♠K ♠10\n", "  - ♠K ♠K\n")
    with pytest.raises(RecordError) as info:
        records.verify(text, "t.yaml")
    assert (info.value.line, info.value.field) == (20, "actions[4]")
    assert info.value.message.startswith("'♠K ♠K': ")
