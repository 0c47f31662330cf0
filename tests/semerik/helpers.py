"""Shared helpers of the «Семерик» tests."""

from cardrules.games.semerik import State


def snapshot(st: State) -> tuple:
    """Everything a deal's state holds, to compare before and after an action."""
    return (list(st.history), list(st.hands), st.phase, st.cur, [list(d) for d in st.declared], list(st.used),
            st.written, list(st.fines), list(st.trick), list(st.trick_seats), list(st.tricks), st.played)


def play_all(st: State, actions) -> State:
    for a in actions:
        st.apply(a)
    return st
