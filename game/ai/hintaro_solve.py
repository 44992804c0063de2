"""Hintaro heads-up betting, solved: every die is public, so two seats betting against each other play a game
of perfect information whose only chance comes after the betting (the rerolls and the Hintaro throw, valued
exactly by :func:`game.ai.hintaro.equity`). Backward induction over the betting tree therefore gives each seat
its **minimax** value, and a seat that only ever takes an action keeping that value cannot be beaten in
expectation by any betting strategy (issue 17): there is nothing hidden to bluff with or to read.

Why the equity is fixed through the tree: nothing in the betting changes the dice, and with two seats the
pot at the showdown is one pot (an all-in short of the bet has the excess returned), so seat ``s`` expects
``e_s × pot`` of it, ``e_s`` the exact share the rerolls and the throw give it (a pot nobody stands for carries,
valued as :func:`game.ai.hintaro.carry_share_of` says). Chips outside the pot never change hands, so the game
is constant-sum: what one seat gains the other loses, and maximising one's own chips is minimising the
other's.

The tree follows the engine's betting rules (:meth:`game.engine.hintaro.Hintaro._legal` and ``_do``; a test
replays the engine to keep the two in step): one wager round in turn order, the raise sizes the engine offers
(the minimum, twice it, the pot, all in), then a call round with no more raises; a drop ends the round.
It has a few dozen nodes, so a decision solves it whole in well under a millisecond.

:func:`exploitability` measures what a best response wins from any agent's betting beyond the game's value,
by searching the same tree against the agent's real choices at its nodes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.core import Action, right_of

DROP, CALL, ALLIN = Action("drop"), Action("call"), Action("allin")
#: values within this many chips of the best count as equally good (float noise in the equity)
TOLERANCE = 1e-6


@dataclass
class Node:
    """The betting as the engine holds it, for the seats of one round (every list indexed by seat)."""

    stacks: list[int]
    contrib: list[int]
    wager: list[int]
    in_hand: list[bool]
    cur_bet: int
    carry: int
    queue: list[int]
    phase: str
    dealer: int
    min_bet: int

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Node:
        return cls(list(view["stacks"]), list(view["contrib"]), list(view["wager"]), list(view["in_hand"]),
                   view["current_bet"], view["carry"], list(view["to_act"]), view["phase"], view["dealer"],
                   view["min_bet"])

    def copy(self) -> Node:
        return Node(self.stacks[:], self.contrib[:], self.wager[:], self.in_hand[:], self.cur_bet, self.carry,
                    self.queue[:], self.phase, self.dealer, self.min_bet)

    @property
    def seat(self) -> int | None:
        return self.queue[0] if self.queue else None

    def pot(self) -> int:
        return sum(self.contrib) + self.carry

    def choices(self, share: Callable[[int], float]) -> list[Action]:
        """The actions searched at this node: the engine's listed ones plus the raise sizes where the answer
        can change (see :func:`raise_sizes`); ``share(seat)`` is each seat's showdown share."""
        acts = self.legal()
        if self.phase != "wager" or not any(a.kind == "raise" for a in acts):
            return acts
        listed = {a.amount for a in acts if a.kind == "raise"}
        return acts + [Action("raise", amount=x) for x in raise_sizes(self, share) if x not in listed]

    def legal(self) -> list[Action]:
        """The engine's listed betting actions for the seat to act (any whole raise from the minimum to all
        in is legal too: :meth:`choices` adds the ones that matter)."""
        s = self.queue[0]
        room = self.stacks[s] - (self.cur_bet - self.wager[s])
        if room < 0:
            return [DROP, ALLIN]
        if self.phase != "wager":
            return [DROP, CALL]
        mb = self.min_bet
        if room < mb:
            return [DROP, CALL, ALLIN] if room else [DROP, CALL]
        pot = self.pot()
        return [DROP, CALL] + [Action("raise", amount=a) for a in sorted({mb, 2 * mb, pot if pot > mb else mb, room})
                               if a <= room]

    def apply(self, action: Action) -> Node:
        """The node after ``action`` (a new node; this one is unchanged). At the end of the betting its queue
        is empty: the round went to the showdown (both still in) or to the last seat in."""
        new = self.copy()
        s = new.queue.pop(0)
        kind = action.kind
        put = 0
        if kind == "drop":
            new.in_hand[s] = False
        elif kind == "call":
            put = new.cur_bet - new.wager[s]
        elif kind == "raise":
            put = new.cur_bet - new.wager[s] + action.amount
        else:
            put = new.stacks[s]
        if put:
            new.stacks[s] -= put
            new.contrib[s] += put
            new.wager[s] += put
            new.cur_bet = max(new.cur_bet, new.wager[s])
        if new.in_hand.count(True) == 1:
            new.queue = []
            return new
        n = len(new.stacks)
        if not new.queue and new.phase == "wager":
            new.phase = "call"
            new.queue = [i for i in right_of(new.dealer, n)
                         if new.in_hand[i] and new.stacks[i] > 0 and new.wager[i] < new.cur_bet]
        if not new.queue:
            new._return_uncalled()
        return new

    def _return_uncalled(self) -> None:
        c = self.contrib
        top = max(c)
        leaders = [i for i in range(len(c)) if c[i] == top]
        if len(leaders) != 1:
            return
        t = leaders[0]
        back = top - max(c[i] for i in range(len(c)) if i != t)
        if back > 0:
            c[t] -= back
            self.wager[t] -= back
            self.stacks[t] += back
            self.cur_bet = max(self.wager)

    def worth(self, seat: int, share: float) -> float:
        """At the end of the betting: ``seat``'s stack plus what it expects of the pot (all of it as the last
        seat in, ``share`` of it at a showdown, nothing once it dropped)."""
        if not self.in_hand[seat]:
            return float(self.stacks[seat])
        if self.in_hand.count(True) == 1:
            return float(self.stacks[seat] + self.pot())
        return self.stacks[seat] + share * self.pot()


def raise_sizes(node: Node, share: Callable[[int], float]) -> list[int]:
    """Raise sizes worth searching at ``node`` besides the listed ones: a doubling grid from the minimum, and
    for the other seat the last raise it would still call and the first it would drop to, were calling its only
    answer (``e (P + c + X + o) >= o + X`` solved for ``X``). The worth of a raise is linear in its size between
    the points where an answer changes, so its best sizes lie on such points or on the ends of the range."""
    s = node.queue[0]
    mb = node.min_bet
    room = node.stacks[s] - (node.cur_bet - node.wager[s])
    out = set()
    step = mb
    while step < room:
        out.add(step)
        step *= 2
    to_call = node.cur_bet - node.wager[s]
    pot = node.pot()
    for o in range(len(node.stacks)):
        if o == s or not node.in_hand[o]:
            continue
        e, owed = share(o), node.cur_bet - node.wager[o]
        if e < 0.5:
            limit = (e * (pot + to_call + owed) - owed) / (1 - 2 * e)
            for x in (int(limit), int(limit) + 1):
                out.add(x)
        # the raise that puts the other seat all in
        out.add(node.stacks[o] - owed)
    return sorted(x for x in out if mb <= x <= room)


def heads_up(view: dict[str, Any]) -> bool:
    """The betting is two seats against each other and nobody else will play on (what :func:`solve` covers):
    with a third seat still holding chips, a pot nobody stands for carries partly to it
    (:func:`game.ai.hintaro.carry_share_of`), the two shares no longer add up to the pot, and the game is not
    constant-sum."""
    if view["phase"] not in ("wager", "call") or sum(1 for x in view["in_hand"] if x) != 2:
        return False
    return all(view["in_hand"][s] or view["stacks"][s] == 0 for s in range(view["seats"]))


def _shares(hero: int, share: float) -> Callable[[int], float]:
    return lambda seat: share if seat == hero else 1.0 - share


def solve(node: Node, hero: int, share: float) -> float:
    """``hero``'s minimax worth (stack plus expected pot) from ``node`` on, ``share`` its showdown share."""
    s = node.seat
    if s is None:
        return node.worth(hero, share)
    values = [solve(node.apply(a), hero, share) for a in node.choices(_shares(hero, share))]
    return max(values) if s == hero else min(values)


def action_values(view: dict[str, Any], share: float, actions: Sequence[Action] = ()) -> dict[Action, float]:
    """The minimax worth of each betting action searched at the seat's turn, and of ``actions`` (its
    ``share`` at a showdown)."""
    node = Node.from_view(view)
    hero = view["seat"]
    wanted = list(dict.fromkeys([*node.choices(_shares(hero, share)), *actions]))
    return {a: solve(node.apply(a), hero, share) for a in wanted}


def safe_actions(view: dict[str, Any], share: float, actions: Sequence[Action] = ()) -> list[Action]:
    """The actions (of those searched and ``actions``) that keep the seat's minimax worth, best first: taking
    only these, no betting strategy beats it in expectation."""
    values = action_values(view, share, actions)
    best = max(values.values())
    return sorted((a for a, v in values.items() if v >= best - TOLERANCE), key=lambda a: -values[a])


# ------------------------------------------------------------------------------------------ measuring
Chooser = Callable[[dict[str, Any], Sequence[Action]], Action]


def node_view(view: dict[str, Any], node: Node, seat: int) -> dict[str, Any]:
    """``view`` (a view of the round at its root) moved to ``node``, seen by ``seat``: what the engine's own
    view would hold there (the dice, carry and showdown history do not change in the betting)."""
    from game.engine.hintaro import pots_of

    out = dict(view)
    out.update(seat=seat, stacks=node.stacks[:], contrib=node.contrib[:], wager=node.wager[:],
               in_hand=node.in_hand[:], current_bet=node.cur_bet, pot=node.pot(),
               pots=pots_of(node.contrib, node.in_hand, node.carry), to_act=node.queue[:], phase=node.phase,
               current_seat=node.seat)
    out["to_call"] = node.cur_bet - node.wager[node.seat] if node.seat is not None else 0
    return out


def best_response(view: dict[str, Any], node: Node, agent_seat: int, choose: Chooser, share: float) -> float:
    """The most the seat facing ``agent_seat`` can expect (its worth, its showdown share ``share``) against
    the agent's real choices (``choose`` sees the view the engine would give it at each of its nodes)."""
    s = node.seat
    other = 1 - agent_seat if len(node.stacks) == 2 else next(
        i for i in range(len(node.stacks)) if i != agent_seat and node.in_hand[i])
    if s is None:
        return node.worth(other, share)
    if s == agent_seat:
        legal = node.legal()
        return best_response(view, node.apply(choose(node_view(view, node, s), legal)), agent_seat, choose, share)
    return max(best_response(view, node.apply(a), agent_seat, choose, share) for a in br_choices(node, other, share))


def br_choices(node: Node, seat: int, share: float) -> list[Action]:
    """A best response's actions: everything the solver searches, and every multiple of the minimum raise."""
    acts = node.choices(_shares(seat, share))
    raises = {a.amount for a in acts if a.kind == "raise"}
    if raises:
        s = node.queue[0]
        room = node.stacks[s] - (node.cur_bet - node.wager[s])
        acts += [Action("raise", amount=x) for x in range(node.min_bet, room + 1, node.min_bet) if x not in raises]
    return acts


def exploitability(view: dict[str, Any], agent_seat: int, choose: Chooser) -> tuple[float, float]:
    """(best response's worth, the game's minimax worth) for the seat facing ``agent_seat`` from the root
    ``view`` (any seat's view of the wager round, two seats in hand); their difference is what a best
    response wins beyond the game's value against the agent's betting in this deal, in chips."""
    from game.ai.hintaro import equity

    node = Node.from_view(view)
    other = next(i for i in range(len(node.stacks)) if i != agent_seat and node.in_hand[i])
    share = equity(view, seat=other)
    return best_response(view, node, agent_seat, choose, share), solve(node, other, share)
