"""The Nepunian Spike table shows each moment as the fold of the events its eyes saw: when a story ends, what
the table drew (``shown``, folded event by event with the engine's reduce_view from the opening view) is exactly
the eyes' view, for the spectator and for seats, through whole sessions with locked seats, Spikes and carried
pots; and no event fails to fold or to animate."""

from __future__ import annotations

from conftest import until

from game.ui.session import TableSession, ai_seat
from game.ui.tables.nepunian_spike import NepunianSpikeTable


def test_the_table_shows_the_fold_of_the_events_it_saw(app, monkeypatch) -> None:
    problems: list[str] = []
    monkeypatch.setattr(app, "report", problems.append)
    for seed, eyes in ((3, None), (4, 0), (5, 2)):
        monkeypatch.setattr(NepunianSpikeTable, "_initial_eyes", lambda self, e=eyes: e)
        seats = [ai_seat(i, "random" if i % 2 else "passive") for i in range(4)]
        session = TableSession.new("nepunian_spike", seats, seed=seed, options={"rounds": 3, "stack": 80})
        table = app.open_table(session, demo=True)
        assert table.eyes == eyes
        stories: list[list[str]] = []
        sync = table.sync

        def checked_sync(table=table, sync=sync, stories=stories) -> None:
            want = table.state.view(table.eyes)
            stories.append(sorted(k for k in set(want) | set(table.shown) if want.get(k) != table.shown.get(k)))
            sync()

        monkeypatch.setattr(table, "sync", checked_sync)
        assert until(app, lambda s=session, t=table: s.state.is_over and t.settled(), limit=20000)
        assert stories and not any(stories), (eyes, [d for d in stories if d][:3])
        assert not problems, problems[:5]
