"""A name plate's status fits beside the chip count: one line, else two, shortened only past that (issue #13)."""

from __future__ import annotations

import pytest

from game.ui.plate_status import status_lines


def width(size: int, text: str) -> int:
    """A monospaced face: every character is half its size wide."""
    return len(text) * size // 2


def test_a_status_that_fits_stays_on_one_line_in_the_largest_face_that_fits() -> None:
    assert status_lines("BET 1,200", 60, 0, [13, 12, 11, 10], width) == (13, ["BET 1,200"])
    assert status_lines("BET 1,200", 50, 0, [13, 12, 11, 10], width) == (11, ["BET 1,200"])


def test_too_long_for_one_line_goes_on_two_never_cut() -> None:
    size, lines = status_lines("STRAIGHT KHYRON", 50, 50, [13, 12, 11, 10], width)
    assert lines == ["STRAIGHT", "KHYRON"] and size == 12  # 8 letters at 13 px need 52 px: too wide above
    assert " ".join(lines) == "STRAIGHT KHYRON"


def test_the_split_with_the_narrowest_widest_line_wins() -> None:
    _, lines = status_lines("RULE OF TWO", 40, 40, [10], width)
    assert lines == ["RULE", "OF TWO"]  # 30 px at its widest; "RULE OF" over "TWO" would be 35
    _, lines = status_lines("A LONGWORD", 60, 60, [10], width)
    assert lines == ["A LONGWORD"]


def test_the_upper_line_keeps_to_the_room_right_of_the_name() -> None:
    assert status_lines("STRAIGHT KHYRON", 50, 30, [13, 12, 11, 10], width) == (10, [])
    assert status_lines("STRAIGHT KHYRON", 50, 40, [13, 12, 11, 10], width) == (10, ["STRAIGHT", "KHYRON"])


def test_one_word_too_long_is_left_to_the_caller_to_shorten() -> None:
    assert status_lines("DREADNOUGHTS", 20, 200, [13, 12], width) == (12, [])


def test_no_face_size_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="face size"):
        status_lines("OUT", 10, 10, [], width)
