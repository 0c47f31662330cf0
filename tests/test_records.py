"""Records: safe YAML with line numbers, the shape checks, errors with a location."""

import json
from pathlib import Path

import pytest

from cardrules import records
from cardrules.records import RecordError, load_yaml, parse

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
    assert info.value.line == 1 and "known: fortuna, preferans" in info.value.message


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
