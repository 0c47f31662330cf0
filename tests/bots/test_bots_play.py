"""Bots play whole deals of every game: always a legal action, always to the end, the same
actions for the same seed, and a reason in both languages for every one."""

import random
import re
from pathlib import Path

import pytest

from cardrules.bots import Choice, choose
from cardrules.games import GAMES

from .helpers import bot_deal, fresh, variants

SEEDS = range(12)
DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("game,name,variant", variants(), ids=[f"{g}-{n}" for g, n, _ in variants()])
def test_bots_play_deals_to_the_end(game, name, variant):
    for seed in SEEDS:
        st, choices = bot_deal(game, variant, seed)  # every action checked legal inside
        assert st.is_terminal()
        assert choices, "a deal with no decision at all"
        for c in choices:
            assert isinstance(c, Choice) and c.why_en.strip() and c.why_ru.strip()
            assert "random" not in c.why_en, c  # no game falls back to the random choice
            assert re.search("[а-яё]", c.why_ru), c


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_choices(game):
    g, name, variant = next(t for t in variants() if t[0] == game)
    for seed in (3, 7):
        _, a = bot_deal(game, variant, seed)
        _, b = bot_deal(game, variant, seed)
        assert [c.action for c in a] == [c.action for c in b]
        assert [c.why_en for c in a] == [c.why_en for c in b]


def _clause_ids() -> set[str]:
    ids = set()
    for md in DOCS.rglob("*.md"):
        ids.update(re.findall(r"^`{3,}\{rule\} ([a-z0-9.-]+)", md.read_text(encoding="utf-8"), re.M))
    return ids


def test_every_cited_clause_exists():
    known = _clause_ids()
    assert len(known) > 100  # the docs were read
    cited = set()
    for game, name, variant in variants():
        for seed in range(4):
            for c in bot_deal(game, variant, seed)[1]:
                for text in (c.why_en, c.why_ru):
                    cited.update(re.findall(r"\(([a-z0-9-]+(?:\.[a-z0-9-]+)+)\)", text))
    assert cited, "no reason cited a clause"
    assert cited <= known, sorted(cited - known)


def test_choice_is_a_legal_action_at_every_step_of_random_play():
    """States the bots would not reach themselves (random play leads there): the bot still
    answers with a legal action."""
    for game, name, variant in variants():
        for seed in range(12):
            st = fresh(game, variant, seed)
            rnd = random.Random(seed)
            while not st.is_terminal():
                legal = list(st.legal_actions())
                assert choose(game, st, random.Random(0)).action in legal
                st.apply(legal[int(rnd.random() * len(legal))])


def test_a_defender_follows_a_betl_when_the_rules_leave_no_pass():
    """Random Croatian play reaches Betls (the bots never bid one); there every defender must
    follow (preference.croatian.betl-all) and the bot does, citing the rule."""
    variant = next(v for g, n, v in variants() if n == "croatian")
    forced = 0
    for seed in range(60):
        st = fresh("preference", variant, seed)
        rnd = random.Random(seed)
        while not st.is_terminal():
            legal = list(st.legal_actions())
            if int(st.phase) == 3 and len(legal) == 1:
                c = choose("preference", st, random.Random(0))
                assert c.action == legal[0] and "(preference.croatian.betl-all)" in c.why_en
                forced += 1
            st.apply(legal[int(rnd.random() * len(legal))])
    assert forced


@pytest.mark.parametrize("game", GAMES)
def test_no_random_choice_the_same_position_gets_the_same_answer(game):
    g, name, variant = next(t for t in variants() if t[0] == game)
    steps = 0
    for seed in range(6):
        st = fresh(game, variant, seed)
        while not st.is_terminal():
            a, b = choose(game, st, random.Random(1)), choose(game, st, random.Random(2))
            assert a == b
            st.apply(a.action)
            steps += 1
    assert steps > 30
