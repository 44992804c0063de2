"""One betting language at every table, and a greyed button that says why.

Every table says a raise as "Raise to N" (N the total the seat's bet becomes this round) on its buttons, its
tags and its log, never "raise by"; a greyed button's tooltip says why it cannot be pressed, worded from the
engine's refusal code and params, never the engine's English sentence.
"""

from __future__ import annotations

import re

import pytest
from conftest import frames, until

from game.ai import make_agent
from game.engine import GAMES, refusal_codes
from game.ui.session import SeatSpec, TableSession, ai_seat

#: the words no table may use for a raise
RAISE_BY = re.compile(r"\braises? by\b", re.IGNORECASE)
#: games with a raise (Kinzo has none: it must still never say "raise by")
RAISING = ("hintaro", "street_hintaro", "sabacc_house", "nepunian_spike", "better_hintaro")
#: a seed and options that bring each game to raises and greyed buttons within a few dozen of the person's turns
SETUPS: dict[str, tuple[int, dict[str, object]]] = {
    "hintaro": (1, {}),  # (a call phase: no more raises, and All-in is live whenever a raise of every chip is)
    "street_hintaro": (3, {}),
    "kinzo": (3, {}),
    "sabacc_house": (3, {}),
    "nepunian_spike": (3, {"stack": 300, "ante": 20}),  # short stacks: a seat facing a raise cannot re-raise
    "better_hintaro": (3, {}),
}


def engine_english(game_id: str, refusal: object) -> set[str]:
    """What the engine says of a refusal in its own English: the message and the meaning it lists for the code."""
    out = {str(refusal).lower()}
    meaning = refusal_codes(game_id).get(getattr(refusal, "code", ""), "")
    if meaning:
        out.add(meaning.lower())
    return out


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_raise_to_everywhere_and_greyed_buttons_say_why(app, game_id: str) -> None:
    seed, options = SETUPS[game_id]
    n = 2 if GAMES[game_id].max_seats == 2 else 3
    seats = [SeatSpec("Rook")] + [ai_seat(i, "regular") for i in range(1, n)]
    session = TableSession.new(game_id, seats, seed=seed, options=dict(options, rounds=4))
    table = app.open_table(session)
    state = session.state
    me = make_agent("regular", game_id, seed=seed)
    labels: set[str] = set()
    words: list[str] = []  # every label, tooltip and tag the table showed
    greyed_mine: list[tuple[str, str]] = []  # (label, tooltip) of buttons greyed on the person's own turn
    greyed_idle: list[tuple[str, str]] = []
    turns = 0
    while turns < 40:
        assert until(app, lambda: table.my_turn() or (table.synced and not greyed_idle) or state.is_over,
                     limit=6000)
        frames(app, 1)  # drawn: the amount button reads as its slider is set
        words += [text for text, _ in table.tags.values()]
        for b, spec in zip(table.buttons, table.specs, strict=True):
            labels.add(b.label)
            words += [b.label, b.tooltip]
            if not b.enabled:
                assert b.tooltip, (game_id, b.label, "a greyed button says why")
                if table.my_turn():
                    probe = table.greyed_probe(spec, table.shown)
                    why = state.check(probe) if probe is not None else None
                    if why is not None:
                        tip = b.tooltip.lower()
                        assert not any(e in tip for e in engine_english(game_id, why)), (game_id, b.tooltip)
                        assert b.tooltip == table.greyed_words(spec, why, table.shown)
                        greyed_mine.append((b.label, b.tooltip))
                else:
                    greyed_idle.append((b.label, b.tooltip))
        if state.is_over:
            break
        if table.my_turn():
            turns += 1
            table.act(me.choose(state.view(0), state.legal_actions()))
    log = table.log_lines()
    everything = words + log
    said_by = [w for w in everything if RAISE_BY.search(w)]
    assert not said_by, said_by
    if game_id in RAISING:
        assert any(label.startswith("Raise to ") for label in labels), sorted(labels)
        assert any(" raises to " in line for line in log), [line for line in log if "rais" in line]
        for line in log:  # a raise's line names the total: "Vexa raises to 60."
            if " raises" in line:
                assert re.search(r" raises to [\d,]+", line), line
    # waiting for another seat: every greyed button says whose turn it is, not the engine's "it is seat 1's turn"
    assert greyed_idle, game_id
    for label, tip in greyed_idle:
        assert re.match(r"(It is \w+'s turn\.|Wait a moment|The session is over\.)", tip), (label, tip)
        assert "seat" not in tip.split("·")[0], tip
    if game_id != "street_hintaro":  # (every Street Hintaro button the person sees on their turn is playable)
        assert greyed_mine, f"no greyed button on the person's turn at {game_id}"


def test_refusal_words_for_the_raises_a_player_meets() -> None:
    """The codes behind a greyed raise or all-in read as reasons: the cap, the chips to afford it."""
    from game.ui.refusals import refusal_words

    assert refusal_words("better_hintaro", "amount_out_of_range", {"low": 10, "high": 0, "cap": 100}) == \
        "The cap is reached: a seat puts at most 100 into one round."
    assert refusal_words("nepunian_spike", "cannot_raise", {"room": 5, "min_raise": 10, "to_call": 20}) == \
        "You cannot afford a raise: after calling you would hold 5, less than the smallest raise (10)."
    assert refusal_words("hintaro", "unknown_action", {"kind": "allin"}) == "You cannot go all-in now."
    assert "all-in" in refusal_words("hintaro", "allin_not_needed", {"stack": 990, "to_call": 10})


def test_a_call_says_the_chips_it_put_in_and_a_seat_already_in_says_its_total() -> None:
    """"calls N" is always the chips put in (the Call button's amount); a seat that had bet already this round
    adds its total, so two calls of the same bet never read as calls of different bets."""
    from game.ui.tables.table_words import bet_words

    assert bet_words("Grell", {"action": "call", "amount": 32, "wager": 32}) == "Grell calls 32."
    assert bet_words("Oona", {"action": "call", "amount": 16, "wager": 32}) == "Oona calls 16 (32 in all)."
    assert bet_words("Oona", {"action": "call", "amount": 1500, "wager": 3000}) == "Oona calls 1,500 (3,000 in all)."


def test_a_call_in_the_log_meets_the_last_bet(app) -> None:
    """At a Sabacc House table every call's total is the bet it meets (the last bet or raise of its round)."""
    session = TableSession.new("sabacc_house", [ai_seat(i, "regular") for i in range(4)], seed=3)
    table = app.open_table(session)
    assert until(app, lambda: sum(" in all)." in line for line in table.log_lines()) >= 3 or session.state.is_over,
                 limit=20000)
    last = None
    checked = 0
    for line in table.log_lines():
        if line.startswith(("Betting round", "Round")):
            last = None
        if m := re.search(r" (?:raises to|bets|completes to) ([\d,]+)", line):
            last = int(m.group(1).replace(",", ""))
        if m := re.search(r" calls ([\d,]+) \(([\d,]+) in all\)\.", line):
            put, total = (int(g.replace(",", "")) for g in m.groups())
            assert put < total == last, line
            checked += 1
    assert checked >= 3, "no seat called after betting already: nothing to check"
