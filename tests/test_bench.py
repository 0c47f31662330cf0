"""The benchmark's harness (cardrules.bench): what it times and how, never how fast."""

import importlib.util

import pytest

from cardrules import bench
from cardrules.games.preferans import SOCHI
from cardrules.games.preferans.simulate import uniform_deal


def test_rows_take_turns_and_every_run_is_kept() -> None:
    calls: list[str] = []

    def row(name: str, deals: int):
        def one() -> int:
            calls.append(name)
            return deals
        return one

    results = bench.measure({"a": row("a", 2), "b": row("b", 1)}, seconds=0.02, turn=0.01, runs=3)
    assert [len(r.rates) for r in results.values()] == [3, 3]
    assert calls[:2] == ["a", "b"]  # the untimed first call of each
    # two turns a run, forwards then backwards: a b | b a, three times over
    groups = [name for k, name in enumerate(calls[2:]) if k == 0 or calls[2 + k - 1] != name]
    assert groups == ["a", "b", "a", "b", "a", "b", "a"]
    a, b = results["a"], results["b"]
    assert a.low <= a.median <= a.high and b.low <= b.median <= b.high


def test_ratios_are_taken_within_each_run() -> None:
    top, bottom = bench.RATIOS[0][1], bench.RATIOS[0][2]
    results = {top: bench.Result(top, (10.0, 30.0, 20.0)), bottom: bench.Result(bottom, (5.0, 10.0, 20.0))}
    (ratio,) = bench.ratios(results).values()
    assert ratio.rates == (2.0, 3.0, 1.0) and ratio.median == 2.0


def test_replay_rows_report_microseconds() -> None:
    out = bench.as_json({"replay/deal": bench.Result("replay/deal", (4000.0, 5000.0, 6000.0)),
                         "python/x.y": bench.Result("python/x.y", (1.0, 3.0, 2.0))})
    assert out == {"replay/deal_us": 200.0, "python/x.y": 2.0}


def test_python_rows_play_with_the_shared_driver() -> None:
    rows = bench.python_rows(("preferans",))
    assert "python/preferans.sochi" in rows and rows["python/preferans.sochi"]() == 1
    st = uniform_deal(SOCHI, 5, dealer=2)
    assert st.is_terminal() and st.dealt.dealer == 2


def test_openspiel_rows_when_installed() -> None:
    pytest.importorskip("pyspiel", reason="the open-spiel extra is not installed (uv sync --extra open-spiel)")
    rows = bench.openspiel_rows()
    assert set(rows) == {"openspiel/oh_hell.python", "openspiel/oh_hell.cpp"}
    assert all(row() == 1 for row in rows.values())


@pytest.mark.skipif(importlib.util.find_spec("pyspiel") is not None, reason="the open-spiel extra is installed")
def test_no_openspiel_rows_without_the_extra() -> None:
    assert bench.openspiel_rows() == {}
