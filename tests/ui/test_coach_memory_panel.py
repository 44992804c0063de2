"""The odds coach at a Nepunian Spike table remembers the table: the panel keeps one coach memory for the table,
tells it what the person played at each decision it was asked about, and a new table starts a new memory."""

from __future__ import annotations

from conftest import until

from game.ai.coach import TableCoach
from game.ui.session import SeatSpec, TableSession, ai_seat


def spike_table(app, seed: int = 3):
    seats = [SeatSpec("Rook"), ai_seat(1, "regular"), ai_seat(2, "regular")]
    session = TableSession.new("nepunian_spike", seats, seed=seed)
    return app.open_table(session), session.state


def test_the_coach_at_a_spike_table_learns_how_the_others_answer_the_persons_bets(app) -> None:
    app.settings.coach = True
    table, state = spike_table(app)
    raised = 0
    for _ in range(60):  # decisions of the person: raise the least whenever possible, else the first option
        if not until(app, lambda: table.coach.status() == "rows", limit=3000, coach=True):
            break
        legal = state.legal_actions()
        raises = sorted((a for a in legal if a.kind == "raise"), key=lambda a: a.amount)
        play = raises[0] if raises else next((a for a in legal if a.kind in ("call", "check", "stand", "stay")),
                                             legal[0])
        raised += play.kind == "raise"
        table.act(play)
        reader = table.coach._memory.memory(0).reader
        if raised >= 3 and sum(n for n, _ in reader.calls.values()) >= 2:
            break
    memory = table.coach._memory
    assert isinstance(memory, TableCoach) and memory.game_id == "nepunian_spike"
    faced = memory.memory(0).reader.calls
    assert raised and faced, f"{raised} raises, yet the coach's memory saw no answer to them: {faced}"
    assert set(faced) <= {1, 2}, "only the other seats' answers are remembered"
    other, _ = spike_table(app, seed=4)
    assert other.coach._memory is None or other.coach._memory is not memory, "a new table, a new memory"
