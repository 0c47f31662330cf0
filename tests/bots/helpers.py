"""Deals for the bot tests: a fresh state of any game and preset, and a deal played by bots."""

import random
from dataclasses import replace

from cardrules.bots import choose
from cardrules.games import GAMES, module


def variants() -> list[tuple[str, str, object]]:
    """(game, preset name, variant) for every preset of every game, and four-handed preferans."""
    out = []
    for game in GAMES:
        for name, v in module(game, "variants").PRESETS.items():
            out.append((game, name, v))
    sochi = module("preferans", "variants").PRESETS["sochi"]
    out.append(("preferans", "sochi-4", replace(sochi, players=4)))
    return out


def fresh(game: str, variant, seed: int):
    """The state at the start of a seeded deal (the dealer turns with the seed)."""
    players = variant.players
    dealer = seed % players
    if game == "preference":
        from cardrules.games.preference.deal import croatian_deal
        from cardrules.games.preference.state import CroatianState
        from cardrules.games.preference.variants import CroatianVariant

        if isinstance(variant, CroatianVariant):
            return CroatianState(variant, croatian_deal(variant, seed, dealer))
    return module(game, "state").State(variant, module(game, "deal").deal(variant, seed, dealer))


def bot_deal(game: str, variant, seed: int, limit: int = 1000):
    """Play a seeded deal to its end by bots; return the state and the choices made."""
    st = fresh(game, variant, seed)
    rnd = random.Random(seed)
    choices = []
    while not st.is_terminal():
        legal = list(st.legal_actions())
        c = choose(game, st, rnd)
        assert c.action in legal, (game, seed, c, legal)
        choices.append(c)
        st.apply(c.action)
        assert len(choices) < limit, f"{game} seed {seed}: no end after {limit} actions"
    return st, choices


def dealt(variant, p0: str, p1: str, p2: str, talon: str, dealer: int = 2):
    """A preferans deal given by positions (first, second, third hand) and the talon; with
    dealer 2 of three players, position i is seat i."""
    from cardrules.cards import parse_card, parse_cardset
    from cardrules.games.preferans.deal import Dealt, seats_of

    t = tuple(parse_card(x) for x in talon.split())
    return Dealt((parse_cardset(p0), parse_cardset(p1), parse_cardset(p2)), t, dealer, seats_of(variant, dealer))
