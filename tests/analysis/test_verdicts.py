"""Verdicts under the example deals."""

from pathlib import Path

from cardrules import records
from cardrules.analysis.verdict import analyse

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "preferans"


def replayed(name: str):
    return records.verify(records.read_record(EXAMPLES / name))


def test_eight_spades_makes_exactly_and_the_whist_was_right():
    # By hand: Анна (first hand, on lead) holds ♠AKQJ10 ♣AK ♦A ♥87 after her discard. Her five
    # trumps are the five highest; she draws Борис's ♠987 in three rounds, then ♣A ♣K and ♦A
    # stand (Вера has no trump to ruff with; Борис follows). 8 tricks whatever the defence.
    # A ninth needs a heart trick, but Вера holds ♥AKQJ109 over ♥87: 8 exactly. The two
    # whisters owe 1 trick against an eight (Sochi, preferans.whist.obligation) and get 2.
    r = replayed("sochi-whist-two.yaml")
    v = analyse(r.states[0], r.record.seats)
    assert v.en == ("8♠ makes exactly against any defence; the whist was right: best defence takes 2, "
                    "the whist owes 1 (in the play: 8).")
    assert v.ru.startswith("8♠ выполняется ровно при любой защите; вист был верным")
    assert v.slip is None  # the record's play was best all along: 8 before and after every card
    assert sum(t.taker == 0 for t in v.line) == 8


def test_the_caught_misere_was_a_clean_one():
    # By hand (see cardrules/analysis/verdict.py): a black lead keeps Анна clean; her ♥7 lead
    # at trick 1 let Вера win and return a heart to ♥A.
    r = replayed("sochi-misere-failed.yaml")
    v = analyse(r.states[0], r.record.seats)
    assert v.en.startswith("The misère is clean")
    assert v.slip is not None and (v.slip.trick, v.slip.position, v.slip.before, v.slip.after) == (1, 0, 0, 1)


def test_an_irregular_play_gets_no_verdict():
    r = replayed("sochi-revoke.yaml")
    v = analyse(r.states[0], r.record.seats)
    assert v.en.startswith("No verdict") and v.ru.startswith("Без оценки") and not v.line


def test_every_example_deal_has_a_line_in_both_languages():
    told = 0
    for f in sorted(EXAMPLES.glob("*.yaml")):
        r = records.verify(records.read_record(f))
        for st in r.states:
            v = analyse(st, r.record.seats, line=False)
            assert v.en.endswith(".") and v.ru.endswith(".")
            assert "seat " not in v.en  # names, never seat numbers
            told += 1
    assert told >= 40


def test_the_two_handed_allpass_names_no_dummy():
    # the gusarik's dummy plays its lowest card by itself and its tricks are nobody's
    # (preferans.gusarik.dummy): the verdict gives a number to the two players only
    from cardrules.games.preferans.auction import PASS
    from cardrules.games.preferans.deal import deal
    from cardrules.games.preferans.state import State
    from cardrules.games.preferans.variants import GUSARIK

    st = State(GUSARIK, deal(GUSARIK, seed=1, dealer=0))
    while not st.is_terminal():
        st.apply(PASS if st.kind != "allpass" else st.legal_actions()[0])
    v = analyse(st, ["Анна", "Борис"], line=False)
    assert st.kind == "allpass" and sorted(v.values) == ["Анна", "Борис"]
    assert "болван" not in v.en
