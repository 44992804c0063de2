"""The coach names each option in the words of the button that plays it: a player reading "Reroll left
(Tukar): 41 %" in the panel must find a button that says exactly "Reroll left (Tukar)", and "Raise to 60" the
amount button as it reads with its slider at that raise."""

from __future__ import annotations

import pytest

from game.ai import make_agent
from game.ai.coach import advise
from game.ui.session import SeatSpec, TableSession

#: games whose every button maps to one action regardless of what the player has picked on the table
#: (sabacc's card buttons name the card picked first, so only their betting buttons are compared)
GAMES = ("hintaro", "street_hintaro", "kinzo", "sabacc_house", "nepunian_spike")
BETTING = {"fold", "check", "call", "bet", "raise", "complete", "allin", "keep", "reroll", "drop", "hit", "stay",
           "stand", "gain", "concede", "throw", "roll"}


@pytest.mark.parametrize("game_id", GAMES)
def test_coach_labels_are_the_button_labels(app, game_id):
    session = TableSession.new(game_id, [SeatSpec("Rook"), SeatSpec("Mara")], seed=3)
    table = app.open_table(session)
    state = session.state
    bots = [make_agent("regular", game_id, seed=s) for s in range(2)]
    compared = 0
    for _ in range(400):
        seat = state.current_seat
        if seat is None:
            break
        view, legal = state.view(seat), state.legal_actions()
        table.eyes = seat
        specs = table.action_specs(view, legal)
        by_action = {spec.action: spec.label for spec in specs if spec.action is not None}
        by_amount = {spec.amount_kind: spec for spec in specs if spec.amount_kind}
        for entry in advise(game_id, view, legal):
            a = entry["action"]
            if a.kind in BETTING and a in by_action:
                assert entry["label"] == by_action[a], (game_id, a)
                compared += 1
            elif a.kind in by_amount and a.get("amount") is not None:  # the slider's button, set to this amount
                spec = by_amount[a.kind]
                assert entry["label"] == table.amount_words(spec.label, a.kind, a.amount, view), (game_id, a)
                compared += 1
        state.apply(bots[seat].choose(view, legal))
    assert compared >= 10
