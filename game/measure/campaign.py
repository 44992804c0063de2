"""Balance by simulation: whole campaigns played with the real engines and the regulars' real agents, the
player's seat taken by an AI level.

Why: the campaign's numbers (the starting credits, each table's buy-in, what beating each regular is worth in
reputation, what each door asks, the lender's terms) only make sense together, and only playing them through
shows whether a good player reaches the champion in a sensible number of sittings, a middling one gets there
more slowly, and a weak one struggles but is never stuck for good. ``python -m game bench campaign`` prints
the numbers; ``tests/test_campaign_playthrough.py`` plays one seeded campaign end to end, saving and
reloading on the way.

The player is :class:`Autopilot`: at a table an agent of the chosen level (``game.ai.make_agent``) reading
only the player's view; away from the tables the plain plan a player follows from the journal:

* walk through a door as soon as it opens (the campaign's doors, in the order of the cantinas behind them);
* otherwise sit at the table, in any opened cantina, that best advances the next goal and that it can afford:
  first a table with a regular the door names, then (while reputation is short) the one whose regulars are
  worth the most reputation, then (while credits are short) the one it expects to pay best (what it has paid
  so far behind a hopeful first guess, less a charge for staking much of the bankroll at once), then one
  with regulars not beaten yet, then the cheaper;
* when every door is open, the champion (buy-in in hand, debts paid); after that, with ``until="goals"``,
  whatever the journal still lists (regulars not beaten yet, a debt);
* broke: borrow the buy-in of the table it wants (the most the lender allows), or ask the favour when even
  that is not enough; repay whatever it holds beyond the next buy-in and the credits the next door asks.

Every sitting is played to its end (getting up early never beats anyone). The books are audited after every
move; a run stops at the first disagreement and says where.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from game.campaign.levels import Level, Requirements, Table
from game.campaign.progress import Campaign, SessionResult
from game.campaign.table import reproducible
from game.engine.core import Action, Event, IllegalAction

#: the player levels the bench plays (the AI's own levels)
POLICIES: tuple[str, ...] = ("shark", "regular", "novice")
#: when a run stops: once the champion is beaten, or once every goal in the journal is done
UNTIL: tuple[str, ...] = ("champion", "goals")
MAX_SITTINGS = 200

#: errands (doors, travel, the lender) between two sittings before the plan is called stuck
_MAX_ERRANDS = 40
#: what an untried table is expected to pay, as a share of its buy-in, and how many sittings that guess is
#: worth against what the player has seen (enough optimism to try each table, and to retry after one bad night)
_PRIOR_SHARE = 0.1
_PRIOR_WEIGHT = 6.0
#: the charge for risk: a sitting's result swings by about half its buy-in (variance ≈ buy-in² / 4), and a
#: player maximising the log of their bankroll pays variance / (2 × bankroll) for it
_RISK = 0.0625


@dataclass(frozen=True)
class Goal:
    """What the player is working towards now: ``kind`` is "door", "champion", "regulars", "debt" or "done";
    ``requires`` what it takes (a door's requirements, or the champion table's plus its buy-in)."""

    kind: str
    text: str
    requires: Requirements = field(default_factory=Requirements)
    beat: frozenset[str] = frozenset()  # regulars worth seeking out (the door names them, or not beaten yet)


@dataclass(frozen=True)
class Step:
    """One thing the autopilot did: ``kind`` is "act" (the player's move), "ai" (a regular's), "leave",
    "sit", "door", "travel", "borrow", "repay", "favour", "done" or "stuck"."""

    kind: str
    detail: str = ""
    action: Action | None = None
    seat: int | None = None
    events: tuple[Event, ...] = ()
    result: SessionResult | None = None


@dataclass
class SittingLine:
    """One finished sitting in a run's timeline, with the campaign's numbers after it."""

    sitting: int
    cantina: str
    table: str
    buy_in: int
    cash_out: int
    hands: int
    beaten: list[str]
    bankroll: int
    debt: int
    reputation: int


@dataclass
class CampaignRun:
    """What one simulated campaign did (plain data: ``asdict`` gives the JSON the bench prints)."""

    policy: str
    seed: int
    won: bool = False
    champion_at: int | None = None  # the sitting that beat the champion
    goals_done_at: int | None = None  # the sitting after which every journal goal was done
    sittings: int = 0
    hands: int = 0
    moves: int = 0  # the player's own actions at the tables
    reached: dict[str, int] = field(default_factory=dict)  # cantina -> sittings played when it opened
    timeline: list[SittingLine] = field(default_factory=list)
    loans: list[tuple[int, int, int]] = field(default_factory=list)  # (after sitting, borrowed, owed for it)
    repaid: int = 0
    favours: int = 0
    broke: int = 0  # times the player found themselves too poor for any table
    max_debt: int = 0
    illegal: int = 0  # player agent choices the engine refused (the first legal action was played instead)
    books_balanced: bool = True
    problem: str | None = None  # the first audit problem, with where it happened
    stopped: str = ""
    seconds: float = 0.0

    @property
    def ever_broke(self) -> bool:
        return self.broke > 0


class Autopilot:
    """Plays campaign ``c`` one :meth:`step` at a time (see the module notes for the plan it follows).

    The pilot is the player, not the save: its agent and what it remembers of each table's results stay with
    it when the campaign under it is saved and reloaded (assign the loaded campaign to :attr:`c`)."""

    def __init__(self, c: Campaign, level: str = "shark", seed: int = 0, until: str = "champion",
                 max_sittings: int = MAX_SITTINGS) -> None:
        if until not in UNTIL:
            raise ValueError(f"until must be one of {', '.join(UNTIL)}, not {until!r}")
        self.c = c
        self.level = level
        self.seed = seed
        self.until = until
        self.max_sittings = max_sittings
        self.agent: Any = None
        self.agent_sitting: int | None = None
        self.nets: dict[tuple[str, str], list[int]] = {}  # (cantina, table) -> what each sitting there paid
        # what the run record reads: agent choices refused, times broke, loans taken, credits repaid
        self.illegal = 0
        self.broke = 0
        self.loans: list[tuple[int, int, int]] = []
        self.repaid = 0
        self._was_broke = False
        self._errands_at = (-1, 0)  # (sittings played, errands run since)

    # ------------------------------------------------------------------------------------ questions
    @property
    def finished(self) -> bool:
        if self.until == "champion":
            return self.c.won
        return all(g.done for g in self.c.journal().goals)

    def goal(self) -> Goal:
        """The next thing to work towards, as the journal would list it."""
        c = self.c
        doors = [(c.levels[d.to].order, d.to, lv.id, d) for lv in self._opened() for d in lv.doors
                 if d.to in c.levels and d.to not in c.unlocked]
        if doors:
            _, to, _, door = min(doors, key=lambda x: x[:3])
            return Goal("door", f"open {c.levels[to].title}", door.requires,
                        frozenset(r for r in door.requires.beaten if r not in c.beaten))
        champ = self._champion_table()
        if not c.won and champ is not None:
            lv, t = champ
            req = t.requires
            return Goal("champion", f"beat {c.roster.champion.name}",
                        Requirements(max(req.credits, t.buy_in), req.reputation, req.beaten, True),
                        frozenset(s.regular for s in lv.seated_at(t.name)))
        unbeaten = frozenset(s.regular for lv in self._opened() for s in lv.regulars
                             if s.regular not in c.beaten and not c.roster.regulars[s.regular].champion)
        if unbeaten:
            return Goal("regulars", "beat the regulars not beaten yet", Requirements(), unbeaten)
        if c.debt:
            return Goal("debt", "pay the lender back", Requirements(no_debt=True))
        return Goal("done", "nothing left to do")

    def credit_gap(self, goal: Goal) -> int:
        """Credits still to win for ``goal`` (its debts counted when it asks for none)."""
        c = self.c
        return max(0, goal.requires.credits + (c.debt if goal.requires.no_debt else 0) - c.bankroll)

    def choose_table(self, goal: Goal, budget: int, borrowing: bool = False) -> tuple[Level, Table] | None:
        """The best table for ``goal`` whose buy-in is at most ``budget`` (None: there is none); ``borrowing``:
        the buy-in would be borrowed, so a table that seats no debtor is out."""
        c = self.c
        options = []
        for lv in self._opened():
            for t in lv.tables:
                if t.game not in c.games or t.buy_in > budget:
                    continue
                if t.champion and goal.kind != "champion":
                    continue
                if borrowing and t.requires.no_debt:
                    continue
                if c.unmet(Requirements(0, t.requires.reputation, t.requires.beaten, t.requires.no_debt)):
                    continue  # (its credits are the money plan's business: what it holds is checked above)
                options.append((self._rank(goal, lv, t), lv.order, lv, t))
        if not options:
            return None
        best = max(options, key=lambda o: (o[0], o[1]))
        return best[2], best[3]

    def _rank(self, goal: Goal, lv: Level, t: Table) -> tuple[Any, ...]:
        c = self.c
        regs = [c.roster.regulars[s.regular] for s in lv.seated_at(t.name)]
        if goal.kind == "champion":  # her table as soon as it may be played; until then, the best paying one
            return (t.champion, 0, self.expected_net(lv.id, t), 0, 0, -t.buy_in)
        wanted = sum(r.id in goal.beat for r in regs)
        key = wanted if goal.kind == "door" else 0
        rep = 0
        if c.reputation < goal.requires.reputation:
            rep = sum(r.reputation if r.id not in c.beaten else 1 for r in regs)
        money = self.expected_net(lv.id, t) if self.credit_gap(goal) > 0 else 0.0
        return (key, rep, money, wanted, sum(r.id not in c.beaten for r in regs), -t.buy_in)

    def expected_net(self, level_id: str, t: Table) -> float:
        """What a sitting at ``t`` is worth to the player's purse: the share of the buy-in it has paid on average
        so far (behind a small optimistic prior, so each table gets tried), times the buy-in, less a charge
        for staking much of the bankroll on one sitting (the Kelly-style ``stake² / bankroll`` term)."""
        nets = self.nets.get((level_id, t.name), [])
        share = (sum(n / t.buy_in for n in nets) + _PRIOR_WEIGHT * _PRIOR_SHARE) / (len(nets) + _PRIOR_WEIGHT)
        return share * t.buy_in - _RISK * t.buy_in * t.buy_in / max(1, self.c.bankroll)

    def _opened(self) -> list[Level]:
        return sorted((self.c.levels[i] for i in self.c.unlocked), key=lambda lv: (lv.order, lv.id))

    def _champion_table(self) -> tuple[Level, Table] | None:
        for lv in self._opened():
            for t in lv.tables:
                if t.champion and t.game in self.c.games:
                    return lv, t
        return None

    # ------------------------------------------------------------------------------------------ moves
    def step(self) -> Step:
        """Do one thing: a move at the table (the player's or a regular's), getting up when the sitting is
        over, or one errand away from the tables."""
        c = self.c
        s = c.session
        if s is not None:
            if s.is_over:
                result = c.leave()
                key = (result.record.level, result.record.table)
                self.nets.setdefault(key, []).append(result.net)
                return Step("leave", f"{result.record.table}: {result.buy_in} -> {result.cash_out}", result=result)
            if s.human_turn:
                if self.agent is None or self.agent_sitting != s.number:
                    # keyed with the sitting's secret, like the regulars' (game.ai.seeds): one-way
                    self.agent = reproducible(self._make_agent(s.game_id, s.agent_seed(0, "player")))
                    self.agent_sitting = s.number
                legal = s.legal_actions()
                action = self.agent.choose(s.view(), legal)
                try:
                    events = c.act(action)
                except IllegalAction:
                    self.illegal += 1
                    action = legal[0]
                    events = c.act(action)
                return Step("act", action=action, seat=0, events=tuple(events))
            ai = c.step_ai()
            return Step("ai", action=ai.action, seat=ai.seat, events=tuple(ai.events))
        return self._errand()

    def _make_agent(self, game_id: str, seed: int) -> Any:
        from game.ai import make_agent

        return make_agent(self.level, game_id, seed)

    def _errand(self) -> Step:
        c = self.c
        if self.finished:
            return Step("done", "finished")
        if c.sittings >= self.max_sittings:
            return Step("stuck", f"{c.sittings} sittings played")
        if self._errands_at[0] != c.sittings:
            self._errands_at = (c.sittings, 0)
        self._errands_at = (c.sittings, self._errands_at[1] + 1)
        if self._errands_at[1] > _MAX_ERRANDS:  # a plan that goes round in circles must not hang the bench
            return Step("stuck", f"{_MAX_ERRANDS} errands without sitting down")
        for lv in self._opened():  # a door that has opened: go through at once
            for d in lv.doors:
                if d.to in c.unlocked or d.to not in c.levels or c.unmet(d.requires):
                    continue
                if lv.id != c.current:
                    c.travel(lv.id)
                    return Step("travel", lv.id)
                c.use_door(d.name)
                return Step("door", d.to)
        goal = self.goal()
        broke = c.is_broke
        if broke and not self._was_broke:
            self.broke += 1
        self._was_broke = broke
        want = self.choose_table(goal, c.bankroll)
        if want is None:
            terms = c.loan_terms()
            want = self.choose_table(goal, c.bankroll + terms.max_borrow, borrowing=True)
            if want is not None and want[1].buy_in > c.bankroll:
                amount = want[1].buy_in - c.bankroll
                owed = c.borrow(amount)
                self.loans.append((c.sittings, amount, owed))
                return Step("borrow", f"{amount} (owing {owed} for it)")
            if terms.favour_available:
                c.ask_favour()
                return Step("favour", f"{c.roster.lender.favour_credits} credits")
            return Step("stuck", "no table to sit at, no loan and no favour")
        lv, t = want
        if c.debt:  # repay what it holds beyond the next buy-in and what the goal asks it to hold
            if goal.kind == "debt" and c.bankroll >= c.debt:
                amount = c.debt  # the last thing left to do: clear it
            else:
                amount = min(c.debt, c.bankroll - max(t.buy_in, goal.requires.credits))
            if amount > 0:
                c.repay(amount)
                self.repaid += amount
                return Step("repay", str(amount))
        if lv.id != c.current:
            c.travel(lv.id)
            return Step("travel", lv.id)
        c.sit(t.name)
        return Step("sit", f"{lv.id}/{t.name}")


def simulate_campaign(policy: str = "shark", seed: int = 0, max_sittings: int = MAX_SITTINGS, *,
                      until: str = "champion", campaign: Campaign | None = None,
                      on_step: Callable[[Autopilot, Step], None] | None = None) -> CampaignRun:
    """Play a whole campaign (a new one from ``seed``, or ``campaign``) with the player's seat played by the AI
    level ``policy``, until the champion is beaten (``until="goals"``: every journal goal done) or
    ``max_sittings`` sittings have been played. Audits the books after every step. ``on_step`` sees each step
    (the test saves and reloads from it)."""
    if policy not in POLICIES:
        raise ValueError(f"unknown player policy {policy!r}; the policies are: {', '.join(POLICIES)}")
    t0 = time.perf_counter()
    c = campaign if campaign is not None else Campaign.new(name=f"{policy} {seed}", seed=seed)
    pilot = Autopilot(c, policy, seed, until, max_sittings)
    run = CampaignRun(policy, seed)
    run.reached = {lid: 0 for lid in c.unlocked}
    problems = c.audit()
    while not problems:
        step = pilot.step()
        c = pilot.c
        if on_step is not None:
            on_step(pilot, step)
            c = pilot.c  # (the callback may have swapped in a reloaded campaign)
        problems = c.audit()
        if problems:
            run.books_balanced = False
            run.problem = f"after {step.kind} {step.detail} (sitting {c.sittings}): {problems[0]}"
            run.stopped = "books"
            break
        if step.kind == "act":
            run.moves += 1
        elif step.kind == "door":
            run.reached.setdefault(step.detail, c.sittings)
        elif step.kind == "leave" and step.result is not None:
            r = step.result
            run.hands += r.record.hands
            run.timeline.append(SittingLine(r.record.id, r.record.level, r.record.table, r.buy_in, r.cash_out,
                                            r.record.hands, [b for b, _ in r.beaten], c.bankroll, c.debt,
                                            c.reputation))
            if r.champion_beaten and run.champion_at is None:
                run.champion_at = r.record.id
        if step.kind in ("leave", "repay") and run.goals_done_at is None and all(
                g.done for g in c.journal().goals):
            run.goals_done_at = c.sittings
        run.max_debt = max(run.max_debt, c.debt)
        if step.kind in ("done", "stuck"):
            run.stopped = step.detail
            break
    run.won = c.won
    run.sittings = c.sittings
    run.loans = list(pilot.loans)
    run.repaid = pilot.repaid
    run.favours = c.favours
    run.broke = pilot.broke
    run.illegal = pilot.illegal
    run.seconds = round(time.perf_counter() - t0, 2)
    return run


# ------------------------------------------------------------------------------------------------ bench
def summarize(runs: Sequence[CampaignRun], cantinas: Sequence[str]) -> dict[str, Any]:
    """Per policy: the share of runs reaching each cantina and beating the champion, median sittings to each,
    how often the player went broke, borrowed, asked a favour, and whether the books always balanced."""
    n = len(runs)

    def median(values: list[int]) -> float | None:
        return statistics.median(values) if values else None

    reach = {lid: sum(lid in r.reached for r in runs) / n for lid in cantinas}
    return {
        "runs": n,
        "reach": reach,
        "champion": sum(r.won for r in runs) / n,
        "median_sittings_to": {lid: median([r.reached[lid] for r in runs if lid in r.reached]) for lid in cantinas},
        "median_sittings_to_champion": median([r.champion_at for r in runs if r.champion_at is not None]),
        "sittings_range": [min(r.sittings for r in runs), max(r.sittings for r in runs)],
        "broke_rate": sum(r.ever_broke for r in runs) / n,
        "loan_rate": sum(bool(r.loans) for r in runs) / n,
        "favour_rate": sum(bool(r.favours) for r in runs) / n,
        "median_hands": median([r.hands for r in runs]),
        "books_balanced": all(r.books_balanced for r in runs),
        "stopped": sorted({r.stopped for r in runs}),
        "seconds_per_run": round(sum(r.seconds for r in runs) / n, 2),
    }


def campaign_bench(policies: Sequence[str] = POLICIES, runs: int = 5, seed: int = 1,
                   max_sittings: int = MAX_SITTINGS) -> dict[str, Any]:
    """``runs`` campaigns per policy (seeds ``seed``, ``seed + 1``...), summarised; the runs themselves too."""
    from game.campaign.levels import load_all_levels

    if runs < 1:
        raise ValueError(f"the campaign bench needs at least one run per policy, not {runs}")
    cantinas = [lv.id for lv in sorted(load_all_levels().values(), key=lambda lv: (lv.order, lv.id))]
    out: dict[str, Any] = {"cantinas": cantinas, "policies": {}, "runs": {}}
    for policy in policies:
        done = [simulate_campaign(policy, seed + i, max_sittings) for i in range(runs)]
        out["policies"][policy] = summarize(done, cantinas)
        out["runs"][policy] = [asdict(r) for r in done]
    return out


def format_campaign_bench(result: dict[str, Any]) -> str:
    cantinas = result["cantinas"]
    lines = ["campaign balance (the player's seat played by an AI level; real engines and regulars)"]
    head = f"{'policy':<9}{'runs':>5}" + "".join(f"{c[:12]:>14}" for c in cantinas[1:]) + f"{'champion':>14}"
    lines += [head + f"{'broke':>7}{'loan':>6}{'favour':>7}  books"]
    for policy, s in result["policies"].items():
        cells = []
        for lid in cantinas[1:]:
            med = s["median_sittings_to"][lid]
            cells.append(f"{s['reach'][lid]:>6.0%} @{'-' if med is None else f'{med:g}':>5}")
        med = s["median_sittings_to_champion"]
        cells.append(f"{s['champion']:>6.0%} @{'-' if med is None else f'{med:g}':>5}")
        lines.append(f"{policy:<9}{s['runs']:>5}" + "".join(f"{c:>14}" for c in cells)
                     + f"{s['broke_rate']:>7.0%}{s['loan_rate']:>6.0%}{s['favour_rate']:>7.0%}  "
                     + ("balanced" if s["books_balanced"] else "NOT BALANCED"))
    lines.append("cells: share of runs that got there @ median sittings played by then; broke/loan/favour: share "
                 "of runs that went broke, borrowed, asked a favour")
    return "\n".join(lines)
