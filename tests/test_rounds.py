"""game.engine.rounds: the round bookkeeping the table games share."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.rounds import next_dealer, session_ends, share_out


def test_session_ends_at_the_round_limit_or_when_too_few_seats_can_play() -> None:
    assert not session_ends(2, 3, able=2)
    assert session_ends(3, 3, able=2), "the limit is reached"
    assert not session_ends(500, 0, able=2), "0 = no round limit"
    assert session_ends(1, 0, able=1), "a game between seats needs two"
    assert not session_ends(1, 0, able=1, needed=1), "a game against the house needs one"


def test_next_dealer_passes_to_the_next_seat_that_can_play() -> None:
    assert next_dealer(0, [True, True, True]) == 1
    assert next_dealer(2, [True, True, True]) == 0, "round the table"
    assert next_dealer(0, [True, False, True]) == 2, "a seat that cannot play is skipped"
    assert next_dealer(0, [True, True, True], step=-1) == 2, "passing right"
    assert next_dealer(1, [False, True, False]) == 1, "nobody else can play: the button stays"


def test_share_out_gives_the_odd_chips_to_the_first_taker() -> None:
    assert share_out(53, [1, 2, 0], 3) == [17, 19, 17]
    assert share_out(40, [0, 1], 2) == [20, 20]
    with pytest.raises(ValueError):
        share_out(5, [], 2)


@given(st.integers(0, 10**6), st.lists(st.integers(0, 7), min_size=1, max_size=8, unique=True))
def test_share_out_never_makes_or_loses_a_chip(amount: int, takers: list[int]) -> None:
    amounts = share_out(amount, takers, 8)
    assert sum(amounts) == amount
    assert all(amounts[s] == 0 for s in range(8) if s not in takers)
    assert max(amounts) - min(amounts[s] for s in takers) < len(takers)
