"""Préférence's side of the deal records (see :mod:`cardrules.records`).

Calls are written as the players say them: «пас», «раз» … «четыре» (or 1–4),
«держу», «игра», «червы»; the declarer's trumps as ``козырь пики`` (or ``trumps
spades``); a defender's «играю» / «пасую»; a lone defender's «приглашаю» or «один»;
cards (``♠A``) for the two cards laid away and for the play, a trick on a line.
A deal is a seed, or the hands written out (an empty hand for a dealer sitting out)
with the talon.
"""

from __future__ import annotations

from typing import Any

from cardrules.cards import CardError, cardset, format_hand, parse_cards, parse_suit
from cardrules.engine import DealSummary, TrickPlayed
from cardrules.records import Deal as DealRecord

from .auction import CALL_NAMES_EN, FOUR, HEARTS, HOLD, ONE, PASS, SPIEL, THREE, TWO
from .deal import Deal, check_deal, deal as make_deal
from .state import ALONE, DECLINE, DEFEND, INVITE, TRUMP, Partie, Phase, State, action_to_string
from .variants import NUMBER_OF_SUIT, PRESETS


class NotationError(ValueError):
    """A record line that is no action of this game."""


_CALLS = {"пас": PASS, "pass": PASS, "раз": ONE, "one": ONE, "1": ONE, "два": TWO, "two": TWO, "2": TWO,
          "три": THREE, "three": THREE, "3": THREE, "четыре": FOUR, "four": FOUR, "4": FOUR,
          "держу": HOLD, "здесь": HOLD, "hold": HOLD, "игра": SPIEL, "spiel": SPIEL, "червы": HEARTS, "hearts": HEARTS}
_DEFENCE = {"играю": DEFEND, "play": DEFEND, "вист": DEFEND, "пасую": DECLINE, "пас": DECLINE, "pass": DECLINE}
_INVITE = {"приглашаю": INVITE, "invite": INVITE, "один": ALONE, "alone": ALONE}


def parse_action(state: State, text: str) -> list[int]:
    """The actions one record line stands for, read in the light of the phase.

    >>> from cardrules.games.preference import AUSTRIAN
    >>> st = State(AUSTRIAN, make_deal(AUSTRIAN, 1))
    >>> parse_action(st, "раз"), parse_action(st, "♠7 ♠8")
    ([65], [5, 6])
    """
    word = text.strip().lower()
    phase = state.phase
    if phase == Phase.AUCTION and word in _CALLS:
        return [_CALLS[word]]
    if phase == Phase.DEFENCE and word in _DEFENCE:
        return [_DEFENCE[word]]
    if phase == Phase.INVITE and word in _INVITE:
        return [_INVITE[word]]
    head, _, rest = word.partition(" ")
    if head in ("козырь", "trumps", "trump"):
        try:
            return [TRUMP + NUMBER_OF_SUIT[parse_suit(rest)]]
        except CardError as err:
            raise NotationError(f"write козырь and a suit: {err}") from None
    try:
        return parse_cards(text)
    except CardError as err:
        raise NotationError(f"not an action of the {phase.name.lower()} phase: {err}") from None


class PreferenceRecords:
    name = "preference"
    presets = PRESETS

    def new_partie(self, variant, dealer: int) -> Partie:
        if not 0 <= dealer < variant.players:
            raise ValueError(f"no seat {dealer} among {variant.players} players")
        return Partie(variant, dealer=dealer)

    def start_deal(self, partie: Partie, spec: DealRecord, dealer: int | None) -> State:
        if dealer is not None and dealer != partie.dealer:
            if partie.deals:
                raise ValueError(f"seat {partie.dealer} deals now, not seat {dealer}")
            partie.dealer = dealer
        if spec.seed is not None:
            return partie.new_deal(make_deal(partie.variant, spec.seed, partie.dealer))
        if not spec.talon:
            raise ValueError("a deal written out needs its talon")
        d = Deal(partie.dealer, tuple(cardset(parse_cards(h)) for h in spec.hands or ()), cardset(parse_cards(spec.talon)))
        check_deal(partie.variant, d)
        return partie.new_deal(d)

    def parse_actions(self, state: State, text: str) -> list[int]:
        return parse_action(state, text)

    def format_history(self, state: State) -> list[str]:
        """Calls one a line; the two cards laid away on one line; a trick on a line."""
        lines: list[str] = []
        replay = State(state.variant, state.deal, state.pot)
        group: list[str] = []
        for action in state.history:
            phase = replay.phase
            replay.apply(action)
            if phase in (Phase.EXCHANGE, Phase.PLAY):
                group.append(action_to_string(action))
                if (phase == Phase.EXCHANGE and replay.phase != Phase.EXCHANGE) or (phase == Phase.PLAY and not replay.trick):
                    lines.append(" ".join(group))
                    group = []
            else:
                lines.append(action_to_string(action))
        if group:
            lines.append(" ".join(group))
        return lines

    def finish_deal(self, partie: Partie, state: State) -> dict[str, Any]:
        pot_before = partie.pot
        r = partie.finish(state)
        return {
            "all_passed": state.all_passed,
            "declarer": state.declarer,
            "contract": _contract(state),
            "defending": list(state.playing),
            "invited_by": state.invited_by,
            "tricks": list(state.tricks),
            "stake": r.stake,
            "pot_before": pot_before,
            "net": r.net,
            "pot": partie.pot,
            "dishes": list(partie.dishes),
        }

    def partie_outcome(self, partie: Partie) -> dict[str, Any]:
        return {"pot": partie.pot, "dishes": list(partie.dishes), "refills": partie.refills,
                "money_total": partie.money_total()}

    def dealer_of(self, state: State) -> int:
        return state.deal.dealer

    def deal_of(self, state: State) -> DealRecord:
        d = state.deal
        if d.seed is not None:
            return DealRecord(seed=d.seed)
        return DealRecord(hands=[format_hand(h) for h in d.hands], talon=format_hand(d.talon))

    def summary(self, state: State) -> DealSummary:
        d = state.deal
        s = DealSummary(players=state.variant.players, dealer=d.dealer, hands=list(d.hands), talon=d.talon,
                        trump=state.trump)
        replay = State(state.variant, d, state.pot)
        plays: list[tuple[int, int]] = []
        for action in state.history:
            seat, phase = replay.current_player(), replay.phase
            replay.apply(action)
            if phase == Phase.PLAY:
                plays.append((seat, action))
                if not replay.trick:
                    s.tricks.append(TrickPlayed(plays, replay.leader))
                    plays = []
            elif phase == Phase.EXCHANGE:
                s.calls.append((seat, f"lays away {action_to_string(action)}"))
            else:
                s.calls.append((seat, action_to_string(action)))
        r = state.settlement()
        if state.all_passed:
            s.result.append("All passed: no play; the next dealer deals.")
        else:
            s.facts.append(("contract", _contract(state)))
            s.result.append(f"Tricks by seat {state.tricks}; at stake {r.stake}; dishes change by {r.net}, the pot by {r.pot_change}.")
        s.trace = r.trace
        return s


def _contract(state: State) -> str:
    if state.declarer is None:
        return ""
    names = {1: "clubs", 2: "spades", 3: "diamonds", 4: "hearts"}
    label = {"talon": CALL_NAMES_EN[ONE + state.level - 1], "spiel": "spiel", "hearts": "hearts"}[state.kind]
    return f"{label}, trumps {names[state.trump_number]}"


RECORDS = PreferenceRecords()

__all__ = ["NotationError", "RECORDS", "parse_action"]
