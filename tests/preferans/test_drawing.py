"""The drawing of the sheet, and the drawing shown on the Sochi page kept in step with the engine."""

from dataclasses import replace
from pathlib import Path

from cardrules.games.preferans import SOCHI
from cardrules.games.preferans.drawing import running, sheet_svg, sheet_text
from cardrules.games.preferans.scoring import DealFacts as F, Sheet, score_allpass, score_contract, score_misere

PICTURE = Path(__file__).resolve().parents[2] / "docs/games/preferans/variants/sochi-sheet.svg"


def sochi_example() -> Sheet:
    """The five deals of the worked pulka on the Sochi page."""
    v = replace(SOCHI, pool_target=4)
    sh = Sheet(v)
    sh.write(score_contract(v, F("contract", 3, 2, declarer=0, level=7, contract="7♠", whist="two",
                                 whisters=(1, 2), tricks={0: 7, 1: 2, 2: 1})))
    sh.write(score_allpass(v, F("allpass", 3, 0, tricks={0: 5, 1: 3, 2: 2})))
    sh.write(score_contract(v, F("contract", 3, 1, declarer=1, level=6, contract="6♥", whist="one",
                                 whisters=(2,), passers=(0,), tricks={1: 5, 2: 3, 0: 2})))
    sh.write(score_contract(v, F("contract", 3, 2, declarer=2, level=8, contract="8NT")))
    sh.write(score_misere(v, F("misere", 3, 0, declarer=1, tricks={1: 0})))
    return sh


def test_running_totals_as_written_on_the_sheet():
    pool, mountain, whists = running(sochi_example())
    # seat 1: 1 for the all-pass, 3 after the six down one, −5 after 8 off for the misère
    assert mountain[1] == ["1", "3", "-5"]
    # seat 2 on seat 1: 10 + 2 consolation = 12, then 20 of help: 32
    assert whists[2][1] == ["10", "12", "32"]
    assert pool[1] == ["2", "4"]


def test_the_picture_on_the_sochi_page_is_up_to_date():
    assert PICTURE.read_text(encoding="utf-8") == sheet_svg(sochi_example()), \
        "regenerate docs/games/preferans/variants/sochi-sheet.svg from tests/preferans/test_drawing.py"


def test_text_alternative_in_the_picture():
    sh = sochi_example()
    assert "seat 2: pool 4; mountain —; whists on 0: 4; on 1: 10.12.32" in sheet_text(sh)
    assert 'role="img"' in sheet_svg(sh)


def test_two_and_four_players_draw():
    for n in (2, 4):
        sh = Sheet(replace(SOCHI, players=n))
        assert sheet_svg(sh).count("<line") == n
