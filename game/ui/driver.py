"""The turn driver: whose turn it is, and what the table should do about it. Imports no pygame.

Why apart from the table: the questions "is it over?", "does a person act, and must the screen be hidden
first?", "has the AI seat paused long enough to be read, and has its worker answered?" are the table's flow,
not its picture. Here they can be tested with a fake clock and a real engine session, and a network table or
a headless client can reuse them.

The table calls :meth:`TurnDriver.step` once a frame while its story is settled (nothing animating) and does
what the returned :class:`Turn` says: show the results, draw the curtain, turn the table to a person, or, when
an AI move was just played, rebuild its buttons. The driver plays AI moves itself, through the source
(:class:`game.ui.source.TableSource`), so the moves' events reach the table by the bus like everyone else's.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.core import Action
    from game.ui.source import TableSource

log = logging.getLogger("cantina.driver")

#: the readable pause before an AI seat acts, in seconds at 1× (divided by the speed setting)
AI_PAUSE = 0.55

# what a step tells the table (Turn.kind)
OVER = "over"          #: the session has just ended: show its end (said once)
ENDED = "ended"        #: it ended earlier: nothing more to do
CURTAIN = "curtain"    #: a different person acts and would see something private: hide the table first
EYES = "eyes"          #: a person acts: turn the table to them (no curtain needed)
PERSON = "person"      #: the person the table faces is to act: wait for them
PAUSING = "pausing"    #: an AI seat acts after the readable pause, which is still running
THINKING = "thinking"  #: an AI seat's decision is being made on the worker
MOVED = "moved"        #: an AI seat's decision was just played (its events are on the bus)
REMOTE = "remote"      #: a seat played on another machine acts: its move comes by the network (a network table)


@dataclass(frozen=True)
class Turn:
    """What one step of the driver found: ``kind`` (one of the constants above) and the seat it concerns."""

    kind: str
    seat: int | None = None


class TurnDriver:
    """Drives one table source's turns: AI pacing on a worker, the hot-seat curtain, the end of the session."""

    def __init__(self, source: TableSource, pool: Executor, speed: Callable[[], float] = lambda: 1.0) -> None:
        self.source = source
        self.pool = pool
        #: the speed setting now (read at each pause: changing it mid-table takes effect at the next AI move)
        self.speed = speed
        #: the AI seat's decision being made on the worker (None: none asked)
        self.future: Future[Action | None] | None = None
        #: seconds left of the readable pause before the AI seat is asked
        self.wait = 0.0
        #: the readable pause is running
        self.pausing = False
        #: the end of the session has been reported
        self.ended = False

    # ------------------------------------------------------------------ private information
    def has_private_info(self, a: int | None, b: int | None) -> bool:
        """Would switching the screen from seat ``a``'s eyes to seat ``b``'s reveal anything private?

        A game class may say so with ``HIDDEN_INFO``; otherwise the two views are compared without their
        ``seat`` key: if they differ, each seat knows something the other does not.
        """
        state = self.source.state
        flag = getattr(type(state), "HIDDEN_INFO", None)
        if flag is not None:
            return bool(flag)
        va = dict(state.view(a))
        vb = dict(state.view(b))
        va.pop("seat", None)
        vb.pop("seat", None)
        return va != vb

    def needs_curtain(self, seat: int, eyes: int | None) -> bool:
        """A different person than the one the table faces (``eyes``) is about to act, and the table would show
        them something private."""
        src = self.source
        if not src.is_human(seat) or seat == eyes:
            return False
        if len(src.humans) < 2:
            return False
        return self.has_private_info(eyes, seat)

    def first_eyes(self) -> int | None:
        """Whom the table faces as it opens: the only person; with several people and private information
        nobody yet (the curtain picks the first one); with none, nobody (every view is public)."""
        humans = self.source.humans
        if not humans:
            return None
        if len(humans) == 1 or not self.has_private_info(None, humans[0]):
            return humans[0]
        return None

    # ------------------------------------------------------------------ the step
    def step(self, dt: float, eyes: int | None, curtain: Callable[[int], bool] | None = None) -> Turn:
        """One frame of the settled table: ``dt`` seconds passed, the table faces ``eyes``. ``curtain`` says
        whether a person's turn needs the curtain (default :meth:`needs_curtain`; a table may add reasons)."""
        state = self.source.state
        if state.is_over:
            if self.ended:
                return Turn(ENDED)
            self.ended = True
            return Turn(OVER)
        seat = state.current_seat
        if seat is None:
            raise ValueError("the game is not over but no seat is to act")
        is_remote = getattr(self.source, "is_remote", None)  # a network table's source says which seats are elsewhere
        if is_remote is not None and is_remote(seat):
            return Turn(REMOTE, seat)
        if self.source.is_human(seat):
            needs = curtain(seat) if curtain is not None else self.needs_curtain(seat, eyes)
            if needs:
                return Turn(CURTAIN, seat)
            return Turn(PERSON, seat) if seat == eyes else Turn(EYES, seat)
        # an AI seat: a short readable pause, then its decision on a worker
        if self.future is None:
            if not self.pausing:
                self.pausing = True
                self.wait = AI_PAUSE / self.speed()
            self.wait -= dt
            if self.wait > 0:
                return Turn(PAUSING, seat)
            self.wait = 0.0
            self.pausing = False
            self.future = self.source.ask_agent(self.pool)
            return Turn(THINKING, seat)
        if not self.future.done():
            return Turn(THINKING, seat)
        fut, self.future = self.future, None
        try:
            choice = fut.result()
        except Exception:  # the source's worker already guards the agent; a cancelled future lands here
            log.exception("the decision for seat %d failed", seat)
            choice = None
        self.source.apply_agent_choice(choice)
        return Turn(MOVED, seat)

    # ------------------------------------------------------------------ state
    def busy(self) -> bool:
        """An AI seat is pausing or thinking (the frame loop must keep ticking)."""
        return self.future is not None or self.pausing

    def close(self) -> None:
        """The table is left: drop any decision still being made."""
        if self.future is not None:
            self.future.cancel()
