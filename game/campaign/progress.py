"""The campaign: a bankroll, a reputation, the cantinas opened so far, the table the player sits at, and books
that always balance.

What the UI calls (everything else is bookkeeping):

* where:   :meth:`Campaign.cantinas`, :attr:`Campaign.level`, :meth:`Campaign.door_status`,
           :meth:`Campaign.use_door`, :meth:`Campaign.travel`
* tables:  :meth:`Campaign.table_info`, :meth:`Campaign.sit` (buys in, starts the engine session),
           :meth:`Campaign.act` (the player's action), :meth:`Campaign.step_ai` (one regular's action),
           :attr:`Campaign.session` (the live :class:`~game.campaign.table.TableSession`), :meth:`Campaign.leave`
* money:   :attr:`Campaign.is_broke`, :meth:`Campaign.loan_terms`, :meth:`Campaign.owed_for`,
           :meth:`Campaign.borrow`, :meth:`Campaign.repay`, :meth:`Campaign.ask_favour`
* journal: :meth:`Campaign.journal` (goals, regulars met and beaten, stats per game, notes),
           :attr:`Campaign.history` (finished sittings, each replayable)
* saving:  :meth:`Campaign.to_dict` / :meth:`Campaign.from_dict` (``game.campaign.saves`` writes the files)

Decisions (players of these games would expect them; see also the report in the issue):

* **Buy-in.** Each table has a fixed buy-in; every seat (the player and each regular) brings exactly that
  many chips, which becomes the engine's ``stack``. Credits and chips are one to one.
* **Getting up.** Between hands (a hand has ended, no one has acted since, and the player has not chosen to
  play the next one, so has not seen it dealt) the player takes the chips they held when that hand ended: the
  next hand's ante, posted automatically, comes back. Sitting down deals the player into the first hand, and
  "play on" into the next: from then on the ante is in (the engine deals as a hand ends; a free look at the
  next hand before deciding to stay would be an edge no table gives). Mid-hand they may only
  leave by forfeiting what they have in the pot (``leave(forfeit=True)``). When a table breaks up, whatever
  no seat holds (a carried pot, the house's take at Kinzo) goes to the ``house`` account, in the ledger.
* **Beating a regular** means playing a sitting to its end (every round the table plays) and finishing with
  more chips than they have *and* more than you bought in with. The first win over a regular earns their
  reputation value; each later win earns 1 (so a player who lost reputation can always earn it back).
* **Doors** check their requirements when first passed; once opened a cantina stays open, and the player may
  travel back to any opened cantina. A credits requirement asks to *hold* that much, not to pay it.
* **Going broke** (not enough for the cheapest open table): the loan shark lends up to his ``max_debt``,
  adding ``interest_percent`` to what is owed when the loan is taken. Repay any time away from a table. If the
  player cannot borrow enough to sit anywhere, he stakes them a ``favour`` for reputation: there is always a
  way back. The champion will not sit with anyone in debt.
* **Resuming** a save, whenever it was taken (mid-hand included), plays on exactly as the game would have
  without the save: the engine replays its actions, and the regulars' agents are rebuilt and shown their
  earlier decisions again (``game.campaign.table``), so what they remember and their dice are as they were.
* **Agent seeds** are keyed with a secret (``game.ai.seeds``): a random one made with the campaign (a given
  ``seed`` makes it ``seeded_secret("campaign", seed)``, for tests and the bench) and one per sitting derived
  from it, both kept in the save, so that no regular's agent can work out the engine's seed from its own. A save
  from before the secret existed gets ``seeded_secret("campaign", seed)`` from its 48-bit seed: agents are never
  given that seed, and trying all 2^48 is far out of reach. (Its regulars' seeds change on that first load; a
  table in progress rebuilds them and plays on with the new seeds from there.)
* **Regulars' purses** are tracked too; a regular who cannot cover the buy-in fetches more credits (a
  ``restock`` entry), so no table ever closes because the player cleaned it out.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.ai.seeds import derive_secret, new_secret, secret_from_text, secret_to_text, seeded_secret
from game.campaign.ledger import Ledger
from game.campaign.levels import Door, Level, Requirements, Table, load_all_levels
from game.campaign.regulars import Regular, Roster, load_roster
from game.campaign.table import HUMAN_SEAT, AiStep, Banter, SessionRecord, TableSession, derive_seed
from game.engine.core import Action, Event, IllegalAction
from game.schema import Anything, Bool, Field, Int, List, MapOf, Obj, Plain, SchemaError, Str

if TYPE_CHECKING:
    from game.campaign.journal import Journal

STARTING_CREDITS = 1000
#: how the player got up from a table: the sitting was over, between hands (the next ante back), or mid-hand
LEAVE_KINDS: tuple[str, ...] = ("over", "between", "forfeit")


class CampaignError(ValueError):
    """Something the player cannot do now (sit without the buy-in, a locked door...). The message says why."""


class CampaignDataError(ValueError):
    """Campaign data (from a save) that is malformed or does not add up. The message says what and where."""


@dataclass
class GameStats:
    """The journal's numbers for one game."""

    sessions: int = 0
    hands: int = 0
    wins: int = 0
    biggest_pot: int = 0
    net: int = 0  # credits won (negative: lost) over every finished sitting


@dataclass(frozen=True)
class CantinaInfo:
    id: str
    title: str
    description: str
    unlocked: bool
    current: bool


@dataclass(frozen=True)
class DoorInfo:
    door: Door
    target_title: str
    open: bool  # the player may go through now
    visited: bool  # the cantina behind it is already opened
    unmet: tuple[str, ...]  # what is still missing (empty when open)


@dataclass(frozen=True)
class TableInfo:
    """What the UI shows when the player walks up to a table."""

    table: Table
    game_title: str
    regulars: tuple[Regular, ...]  # by seat, seat 1 first
    can_sit: bool
    reasons: tuple[str, ...]  # why not (empty when can_sit)
    available: bool  # the game exists in this build


@dataclass(frozen=True)
class SessionResult:
    """How a sitting ended: what the player took home, who they beat, what was said."""

    record: SessionRecord
    buy_in: int
    cash_out: int
    completed: bool
    forfeited: int
    beaten: tuple[tuple[str, int], ...]  # (regular id, reputation earned)
    champion_beaten: bool
    lines: tuple[Banter, ...]

    @property
    def net(self) -> int:
        return self.cash_out - self.buy_in


@dataclass(frozen=True)
class LoanTerms:
    debt: int
    max_debt: int
    interest_percent: int
    max_borrow: int  # the largest loan on offer now (its debt stays within max_debt)
    favour_available: bool
    favour_credits: int
    favour_reputation: int


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Campaign:
    """One player's campaign. Build with :meth:`new` (or :meth:`from_dict` for a save)."""

    def __init__(self, levels: Mapping[str, Level], roster: Roster, *, name: str = "Stranger", seed: int = 0,
                 starting_credits: int = STARTING_CREDITS, games: Mapping[str, Any] | None = None,
                 secret: bytes | None = None, _fresh: bool = True) -> None:
        if not levels:
            raise CampaignError("a campaign needs at least one cantina")
        self.levels: dict[str, Level] = dict(levels)
        self.roster = roster
        self.games = games if games is not None else _registry()
        self.name = name
        self.seed = seed
        #: the key of every agent seed at this campaign's tables (see the module notes); kept in the save
        self.secret = seeded_secret("campaign", seed) if secret is None else secret
        self.start_level = min(self.levels.values(), key=lambda lv: (lv.order, lv.id)).id
        self.current = self.start_level
        self.unlocked: list[str] = [self.start_level]
        self.bankroll = 0
        self.debt = 0
        self.reputation = 0
        self.regular_bankrolls: dict[str, int] = {}
        self.met: dict[str, int] = {}  # regular -> the sitting where the player first met them
        self.beaten: dict[str, int] = {}  # regular -> how many times beaten
        self.stats: dict[str, GameStats] = {}
        self.notes: list[str] = []
        self.history: list[SessionRecord] = []
        self.sittings = 0
        self.favours = 0
        self.won = False
        self.ledger = Ledger()
        self.session: TableSession | None = None
        self.starting_credits = starting_credits
        #: the player's choices in order (what a save stores; see :meth:`to_dict`)
        self.log: list[dict[str, Any]] = []
        self._live = -1  # the log entry of the sitting in progress
        #: a test campaign: may start with more than the usual credits and open cantinas without their doors
        #: (:meth:`open_cantina`). Never set by play, and a save holding such choices loads only when the caller
        #: (a test) allows them: no file can grant them.
        self.shortcuts = False
        #: keys of a save this version does not know, kept so that a save written by a newer one loses nothing
        self.extra: dict[str, Any] = {}
        if _fresh:
            if not _whole(starting_credits) or starting_credits < 0:
                raise CampaignError("starting credits must be a whole number, at least 0")
            purses = {rid: r.bankroll for rid, r in roster.regulars.items()}
            postings = {"player": starting_credits, **{f"regular:{rid}": v for rid, v in purses.items()}}
            postings["world"] = -sum(postings.values())
            self.ledger.post("open", postings, note=f"{name} arrives with {starting_credits} credits")
            self.bankroll = starting_credits
            self.regular_bankrolls = purses
            self.notes.append(f"Arrived at {self.level.title} with {starting_credits:,} credits.")

    @classmethod
    def new(cls, name: str = "Stranger", seed: int | None = None, *, starting_credits: int = STARTING_CREDITS,
            levels: Mapping[str, Level] | None = None, roster: Roster | None = None,
            games: Mapping[str, Any] | None = None, shortcuts: bool = False) -> Campaign:
        """A fresh campaign with the shipped maps and regulars (or the given ones). Without ``seed``, the seed
        and the agents' secret are both random; with one, the campaign plays the same every time.
        ``shortcuts``: a test campaign (see :attr:`shortcuts`)."""
        c = cls(levels if levels is not None else load_all_levels(),
                roster if roster is not None else load_roster(),
                name=name, seed=secrets.randbits(48) if seed is None else seed,
                secret=new_secret() if seed is None else None,
                starting_credits=starting_credits, games=games)
        c.shortcuts = shortcuts
        return c

    def sitting_secret(self, number: int) -> bytes:
        """The secret of sitting ``number`` (its agents' seeds are keyed with it), from the campaign's."""
        return derive_secret(self.secret, "sitting", number)

    # ------------------------------------------------------------------------------------------- where
    @property
    def level(self) -> Level:
        return self.levels[self.current]

    def cantinas(self) -> list[CantinaInfo]:
        """Every cantina in campaign order, with whether it is open and whether the player is there."""
        return [CantinaInfo(lv.id, lv.title, lv.description, lv.id in self.unlocked, lv.id == self.current)
                for lv in sorted(self.levels.values(), key=lambda lv: (lv.order, lv.id))]

    def unmet(self, req: Requirements) -> list[str]:
        """What the player still lacks for ``req`` (a door's or a table's requirements), in words."""
        return req.unmet(bankroll=self.bankroll, reputation=self.reputation, beaten=self.beaten, debt=self.debt,
                         names=self.roster.names())

    def door_status(self, door_name: str) -> DoorInfo:
        door = self._door(door_name)
        target = self.levels.get(door.to)
        visited = door.to in self.unlocked
        unmet = () if visited else tuple(self.unmet(door.requires))
        return DoorInfo(door, target.title if target else door.to, target is not None and not unmet, visited, unmet)

    def use_door(self, door_name: str) -> Level:
        """Walk through a door of the current cantina. The first time, its requirements must be met."""
        self._require_standing("go through a door")
        info = self.door_status(door_name)
        if not info.open:
            raise CampaignError(f"{info.door.label} stays shut: it takes " + "; ".join(info.unmet))
        if info.door.to not in self.unlocked:
            self.unlocked.append(info.door.to)
            self.notes.append(f"Opened the way to {info.target_title}.")
        self.current = info.door.to
        self.log.append({"door": door_name})
        return self.level

    def travel(self, level_id: str) -> Level:
        """Go straight to a cantina already opened (the way back is never barred)."""
        self._require_standing("travel")
        if level_id not in self.levels:
            raise CampaignError(f"there is no cantina {level_id!r}")
        if level_id not in self.unlocked:
            raise CampaignError(f"{self.levels[level_id].title} is not open to you yet")
        self.current = level_id
        self.log.append({"travel": level_id})
        return self.level

    def open_cantina(self, level_id: str) -> None:
        """A test shortcut: open a cantina as if its door had been passed (only in a campaign made with
        ``shortcuts``; a save holding it loads only where the caller allows shortcuts)."""
        if not self.shortcuts:
            raise CampaignError("cantinas open through their doors (shortcuts are for test campaigns)")
        if level_id not in self.levels:
            raise CampaignError(f"there is no cantina {level_id!r}")
        if level_id not in self.unlocked:
            self.unlocked.append(level_id)
        self.log.append({"open": level_id})

    def _door(self, name: str) -> Door:
        try:
            return self.level.door(name)
        except KeyError as exc:
            raise CampaignError(str(exc.args[0])) from None

    # ------------------------------------------------------------------------------------------ tables
    def game_title(self, game_id: str) -> str:
        cls = self.games.get(game_id)
        return cls.title if cls is not None else game_id.replace("_", " ").title()

    def table_info(self, table_name: str) -> TableInfo:
        try:
            table = self.level.table(table_name)
        except KeyError as exc:
            raise CampaignError(str(exc.args[0])) from None
        regs = tuple(self.roster.regulars[s.regular] for s in self.level.seated_at(table.name))
        reasons: list[str] = []
        available = table.game in self.games
        if not available:
            reasons.append(f"{self.game_title(table.game)} is not dealt in this build yet")
        if self.session is not None:
            reasons.append("you are already sitting at a table")
        reasons += [f"it takes {u}" for u in self.unmet(table.requires)]
        if self.bankroll < table.buy_in:
            reasons.append(f"the buy-in is {table.buy_in:,} credits and you have {self.bankroll:,}")
        return TableInfo(table, self.game_title(table.game), regs, not reasons, tuple(reasons), available)

    def sit(self, table_name: str, legacy: Mapping[str, Any] | None = None) -> TableSession:
        """Sit down at a table of the current cantina: everyone buys in, the engine session starts.

        ``legacy``: for a sitting replayed from a save made before some table options existed, those options
        at their ``legacy`` value (the rule as it was then), so its actions replay exactly; nothing else."""
        info = self.table_info(table_name)
        if not info.can_sit:
            raise CampaignError(f"you cannot sit at {info.table.title}: " + "; ".join(info.reasons))
        table = info.table
        number = self.sittings + 1
        seats = 1 + len(info.regulars)
        seed = derive_seed(self.seed, number)
        from game.engine import create

        options = table.engine_options()
        if legacy:
            from game.engine import GAMES

            allowed = {s.name: s.legacy for s in GAMES[table.game].OPTIONS if s.legacy is not None}
            for name, value in legacy.items():
                if name not in allowed or allowed[name] != value or type(value) is not type(allowed[name]):
                    raise CampaignError(f"{name!r} is no option an older save of {table.title} may play with")
            options = {**options, **legacy}
        try:  # everything that can fail comes before the first credit moves
            state = create(table.game, seats=seats, seed=seed, options=options)
            session = TableSession(level_id=self.current, table=table, regulars=info.regulars,
                                   buy_in=table.buy_in, number=number, seed=seed,
                                   secret=self.sitting_secret(number), state=state)
        except ValueError as exc:
            raise CampaignError(f"{table.title} cannot be dealt: {exc}") from None
        self.sittings = number
        for reg in info.regulars:
            short = table.buy_in - self.regular_bankrolls.get(reg.id, 0)
            if short > 0:
                top_up = max(reg.bankroll, table.buy_in) - self.regular_bankrolls.get(reg.id, 0)
                self.ledger.post("restock", {"world": -top_up, f"regular:{reg.id}": top_up},
                                 note=f"{reg.name} fetches {top_up} credits")
                self.regular_bankrolls[reg.id] = self.regular_bankrolls.get(reg.id, 0) + top_up
        postings = {"player": -table.buy_in, **{f"regular:{r.id}": -table.buy_in for r in info.regulars},
                    "table": table.buy_in * seats}
        self.ledger.post("buy_in", postings, note=f"sitting {number}: {table.title} ({self.level.title})")
        self.bankroll -= table.buy_in
        for reg in info.regulars:
            self.regular_bankrolls[reg.id] -= table.buy_in
            self.met.setdefault(reg.id, number)
        self._stats(table.game).sessions += 1
        self.session = session
        self._live = len(self.log)
        self.log.append({"sit": table_name, **({"legacy_options": dict(legacy)} if legacy else {})})
        return session

    def act(self, action: Action) -> list[Event]:
        """The player's action at the table (it must be their turn). Returns the events it caused."""
        s = self._require_session()
        events = s.apply_human(action)
        self._observe(s, events)
        return events

    def step_ai(self) -> AiStep:
        """One regular's action (it must be an AI seat's turn): the UI calls this at its own pace."""
        s = self._require_session()
        step = s.apply_ai()
        self._observe(s, step.events)
        return step

    def play_ai(self, action: Action | None) -> AiStep:
        """Play the acting regular's decision, already made by its own agent (the table asks it on a worker
        thread): as :meth:`step_ai`, without consulting the agent a second time. None falls back to the first
        legal action (logged)."""
        s = self._require_session()
        step = s.apply_ai_choice(action)
        self._observe(s, step.events)
        return step

    def run_ai(self, limit: int = 10_000) -> list[AiStep]:
        """Play AI seats until it is the player's turn or the session is over (for tests and fast-forward)."""
        s = self._require_session()
        steps = []
        while not s.is_over and not s.human_turn and len(steps) < limit:
            steps.append(self.step_ai())
        return steps

    def _observe(self, s: TableSession, events: Sequence[Event]) -> None:
        """Journal bookkeeping per event: a hand that ends updates the player's numbers for the game."""
        stats = self._stats(s.game_id)
        for e in events:
            if e.kind == "pot_won" and e.seat == HUMAN_SEAT:
                amount = e.data.get("amount", 0)
                if _whole(amount):
                    s.hand_pot += amount
                    s.hand_pot_seen = True
            elif e.kind == "round_over":
                stacks = list(e.data.get("stacks", s.state.stacks))
                before = s.settled[HUMAN_SEAT]
                # played it: had chips when it began, or plays on for a carried pot with none (Street Hintaro's
                # all-in tie: the next round is thrown for the carried wagers)
                if before > 0 or HUMAN_SEAT in e.data.get("contenders", ()):
                    stats.hands += 1
                    if HUMAN_SEAT in e.data.get("winners", ()):
                        stats.wins += 1
                pot = s.hand_pot if s.hand_pot_seen else max(0, stacks[HUMAN_SEAT] - before)
                stats.biggest_pot = max(stats.biggest_pot, pot)
                s.settled = stacks
                s.hand_ends.append(s.actions_played)
                s.dealt_in = False  # the next hand waits for the player to choose to play it
                s.hand_pot, s.hand_pot_seen = 0, False

    def leave(self, forfeit: bool = False) -> SessionResult:
        """Get up from the table and cash out (see the module notes for what a sitting's end means)."""
        s = self._require_session()
        state = s.state
        total = s.total_chips
        if state.is_over:
            stacks, completed = list(state.stacks), True
        elif s.between_hands:
            stacks, completed = list(s.settled), False
        elif forfeit:
            stacks, completed = list(state.stacks), False
        else:
            raise CampaignError(f"a hand is in progress: finish it first, or walk away and leave "
                                f"{s.forfeit} chips in the pot")
        forfeited = s.forfeit
        how = "over" if completed else "between" if s.between_hands else "forfeit"
        postings: dict[str, int] = {"table": -total, "player": stacks[HUMAN_SEAT]}
        for seat, reg in enumerate(s.regulars, start=1):
            postings[f"regular:{reg.id}"] = stacks[seat]
        postings["house"] = total - sum(stacks)
        self.ledger.post("cash_out", postings, note=f"sitting {s.number}: {s.table.title}, the player takes "
                                                    f"{stacks[HUMAN_SEAT]} of {s.buy_in}")
        self.bankroll += stacks[HUMAN_SEAT]
        for seat, reg in enumerate(s.regulars, start=1):
            self.regular_bankrolls[reg.id] += stacks[seat]
        cash = stacks[HUMAN_SEAT]
        self._stats(s.game_id).net += cash - s.buy_in

        beaten: list[tuple[str, int]] = []
        lines: list[Banter] = []
        champion = False
        if completed and cash > s.buy_in:
            for seat, reg in enumerate(s.regulars, start=1):
                if cash > stacks[seat]:
                    rep = reg.reputation if reg.id not in self.beaten else 1
                    self.beaten[reg.id] = self.beaten.get(reg.id, 0) + 1
                    beaten.append((reg.id, rep))
                    self.ledger.post("reputation", {}, rep=rep, note=f"beat {reg.name} at {s.table.title}")
                    self.reputation += rep
                    self.notes.append(f"Beat {reg.name} at {self.game_title(s.game_id)} (+{rep} reputation).")
                    line = reg.line("beaten", s.number)
                    if line:
                        lines.append(Banter(seat, reg.id, reg.name, "beaten", line))
                    if reg.champion:
                        champion = True
        if champion and not self.won:
            self.won = True
            self.notes.append(f"Beat {self.roster.champion.name}, the champion. The cantina is yours.")
        net = cash - s.buy_in
        outcome = f"won {net:,} credits" if net > 0 else f"lost {-net:,} credits" if net < 0 else "broke even"
        self.notes.append(f"Sitting {s.number} at {s.table.title}: {outcome}{'' if completed else ' (left early)'}.")
        record = SessionRecord(
            id=s.number, level=s.level_id, table=s.table.name, game=s.game_id,
            seats=(None, *(r.id for r in s.regulars)), buy_in=s.buy_in, engine=state.to_json(),
            hand_ends=tuple(s.hand_ends), cash_out=cash, completed=completed, beaten=tuple(b for b, _ in beaten),
        )
        self.history.append(record)
        if 0 <= self._live < len(self.log):
            entry = self.log[self._live]
            entry.update({k: v for k, v in s.to_dict().items() if k not in DERIVED_TABLE_KEYS})
            entry["actions"] = [a.to_dict() for a in state.actions]
        self.log.append({"leave": how})
        self._live = -1
        self.session = None
        return SessionResult(record, s.buy_in, cash, completed, forfeited, tuple(beaten), champion, tuple(lines))

    # ------------------------------------------------------------------------------------------- money
    def cheapest_buy_in(self) -> int | None:
        """The smallest buy-in of any table the player could play in an opened cantina (None: no table)."""
        buys = [t.buy_in for lid in self.unlocked for t in self.levels[lid].tables if t.game in self.games]
        return min(buys) if buys else None

    @property
    def is_broke(self) -> bool:
        """Away from the tables with too little for the cheapest buy-in: time to see the loan shark."""
        cheapest = self.cheapest_buy_in()
        return self.session is None and cheapest is not None and self.bankroll < cheapest

    def owed_for(self, amount: int) -> int:
        """What a loan of ``amount`` credits adds to the debt: the loan plus the lender's interest, rounded up
        (the lender never rounds in the borrower's favour). The lender's screen shows it before the deal."""
        pct = self.roster.lender.interest_percent
        return amount + (amount * pct + 99) // 100

    def loan_terms(self) -> LoanTerms:
        lender = self.roster.lender
        room = max(0, lender.max_debt - self.debt)
        best = room * 100 // (100 + lender.interest_percent)
        while best > 0 and self.owed_for(best) > room:
            best -= 1
        cheapest = self.cheapest_buy_in() or 0
        favour = self.is_broke and self.bankroll + best < cheapest
        return LoanTerms(self.debt, lender.max_debt, lender.interest_percent, best, favour,
                         lender.favour_credits, lender.favour_reputation)

    def borrow(self, amount: int) -> int:
        """Take a loan of ``amount`` credits; returns what it adds to the debt (the loan plus interest)."""
        self._require_standing("borrow")
        terms = self.loan_terms()
        if not _whole(amount) or amount <= 0:
            raise CampaignError("a loan is a whole number of credits, at least 1")
        if amount > terms.max_borrow:
            raise CampaignError(f"{self.roster.lender.name} will lend at most {terms.max_borrow} credits now "
                                f"(you owe {self.debt}, his limit is {terms.max_debt})")
        owed = self.owed_for(amount)
        self.ledger.post("loan", {"lender": -amount, "player": amount}, debt=owed,
                         note=f"borrowed {amount} from {self.roster.lender.name}, owing {owed}")
        self.bankroll += amount
        self.debt += owed
        self.log.append({"borrow": amount})
        self.notes.append(f"Borrowed {amount:,} credits from {self.roster.lender.name} (owing {owed:,} for it).")
        return owed

    def repay(self, amount: int) -> None:
        self._require_standing("repay the lender")
        if not _whole(amount) or amount <= 0:
            raise CampaignError("a repayment is a whole number of credits, at least 1")
        if amount > self.debt:
            raise CampaignError(f"you owe {self.debt} credits, not {amount}")
        if amount > self.bankroll:
            raise CampaignError(f"you have {self.bankroll} credits, not {amount}")
        self.ledger.post("repay", {"player": -amount, "lender": amount}, debt=-amount,
                         note=f"repaid {amount} to {self.roster.lender.name}")
        self.bankroll -= amount
        self.debt -= amount
        self.log.append({"repay": amount})
        if not self.debt:
            self.notes.append(f"Paid {self.roster.lender.name} back in full.")

    def ask_favour(self) -> int:
        """When broke and unable to borrow enough: a stake from the lender, paid for in reputation."""
        self._require_standing("ask a favour")
        terms = self.loan_terms()
        if not terms.favour_available:
            raise CampaignError(f"{self.roster.lender.name} does favours only for the truly broke: borrow instead")
        lender = self.roster.lender
        cost = min(self.reputation, lender.favour_reputation)
        self.ledger.post("favour", {"lender": -lender.favour_credits, "player": lender.favour_credits}, rep=-cost,
                         note=f"a favour from {lender.name}")
        self.bankroll += lender.favour_credits
        self.reputation -= cost
        self.favours += 1
        self.log.append({"favour": True})
        self.notes.append(f"{lender.name} staked you {lender.favour_credits:,} credits as a favour "
                          f"(-{cost} reputation).")
        return lender.favour_credits

    # ------------------------------------------------------------------------------------------ replay
    def replay_command(self, raw: Any, where: str, *, last: bool = False) -> None:
        """Play one saved log entry through the methods play uses (see :meth:`from_dict`). ``last``: no
        entry follows (a sitting may be left open: the table the save was made at)."""
        kind = next((k for k in COMMANDS if isinstance(raw, dict) and k in raw), None)
        if kind is None:
            raise CampaignDataError(f"{where}: not a choice this game knows ({', '.join(COMMANDS)})")
        try:
            entry = COMMANDS[kind].check(raw, where)
        except SchemaError as exc:
            raise CampaignDataError(str(exc)) from None
        if kind != "leave" and self.session is not None:
            raise CampaignDataError(f"{where}: {kind!r} while still sitting at {self.session.table.title}")
        try:
            if kind == "sit":
                self._replay_sitting(entry, where, last)
            elif kind == "leave":
                self._replay_leave(entry["leave"], where)
            elif kind == "door":
                self.use_door(entry["door"])
            elif kind == "travel":
                self.travel(entry["travel"])
            elif kind == "open":
                self.open_cantina(entry["open"])
            elif kind == "borrow":
                self.borrow(entry["borrow"])
            elif kind == "repay":
                self.repay(entry["repay"])
            elif entry["favour"]:
                self.ask_favour()
        except CampaignError as exc:
            raise CampaignDataError(f"{where}: {exc}") from None

    def _replay_sitting(self, entry: Mapping[str, Any], where: str, last: bool) -> None:
        legacy = entry.get("legacy_options")
        if legacy is not None and not isinstance(legacy, Mapping):
            raise CampaignDataError(f"{where}.legacy_options: must be an object")
        try:
            s = self.sit(entry["sit"], legacy=legacy)
        except CampaignError as exc:
            raise CampaignDataError(f"{where}: {exc}") from None
        extras = {k: v for k, v in entry.items()
                  if k not in ("sit", "actions", "legacy_options") and k not in DERIVED_TABLE_KEYS}
        self.log[self._live].update(extras)  # kept as they were, whatever this version makes of them
        hook = getattr(s, "restore_saved", None)
        if callable(hook):  # the session reads its own saved facts (a per-table secret...)
            hook(dict(extras))
            s._agents = None  # rebuilt from those facts when first needed
        else:
            applied = False
            for k, v in extras.items():  # otherwise each fact sets the attribute it names, if the session has it
                if k in vars(s) and not k.startswith("_") and k not in _PROTECTED:
                    setattr(s, k, v)
                    applied = True
            if applied:
                s._agents = None
        for k, raw in enumerate(entry["actions"]):
            seat = s.state.current_seat
            try:
                if seat is None:
                    raise IllegalAction("the sitting is already over", "session_over")
                events = s.state.apply(Action.from_dict(raw), seat)
            except IllegalAction as exc:
                raise CampaignDataError(f"{where}.actions[{k}]: cannot be replayed: {exc}") from None
            s.actions_played += 1
            self._observe(s, events)
        if entry["actions"]:
            s._agents = None  # made at sitting down: they must see the replayed game (rebuilt when first needed)
        if last:
            dealt_in = entry.get("dealt_in", not s.hand_ends)
            s.dealt_in = dealt_in if s.hand_ends else True

    def _replay_leave(self, how: str, where: str) -> None:
        s = self.session
        if s is None:
            raise CampaignDataError(f"{where}: 'leave' without sitting at a table")
        if how == "over" and not s.is_over:
            raise CampaignDataError(f"{where}: the sitting is not over")
        if how == "between":
            s.dealt_in = False
            if not s.hand_ends or not s.between_hands or s.is_over:
                raise CampaignDataError(f"{where}: the player got up between hands, but a hand is in progress")
        if how == "forfeit":
            if s.is_over:
                raise CampaignDataError(f"{where}: the sitting is over, nothing is forfeit")
            s.dealt_in = True
        self.leave(forfeit=how == "forfeit")

    # ------------------------------------------------------------------------------------------- books
    def audit(self) -> list[str]:
        """Every way the numbers could disagree with the ledger (empty: the books balance)."""
        out = self.ledger.problems()
        bal = self.ledger.balances()
        if bal.get("player", 0) != self.bankroll:
            out.append(f"the bankroll is {self.bankroll} but the ledger gives {bal.get('player', 0)}")
        for rid, purse in self.regular_bankrolls.items():
            if bal.get(f"regular:{rid}", 0) != purse:
                out.append(f"{rid}'s purse is {purse} but the ledger gives {bal.get(f'regular:{rid}', 0)}")
        for account in bal:
            if account.startswith("regular:") and account[8:] not in self.regular_bankrolls:
                out.append(f"the ledger has an account for {account[8:]!r}, who has no purse")
        on_table = self.session.total_chips if self.session else 0
        if bal.get("table", 0) != on_table:
            out.append(f"the ledger has {bal.get('table', 0)} credits on the table, not {on_table}")
        if self.session is not None and self.session.state.chip_total() != on_table:
            out.append(f"the table's chips total {self.session.state.chip_total()}, not the {on_table} bought in")
        if self.ledger.debt() != self.debt:
            out.append(f"the debt is {self.debt} but the ledger gives {self.ledger.debt()}")
        if self.ledger.reputation() != self.reputation:
            out.append(f"the reputation is {self.reputation} but the ledger gives {self.ledger.reputation()}")
        for label, value in (("bankroll", self.bankroll), ("debt", self.debt), ("reputation", self.reputation)):
            if value < 0:
                out.append(f"the {label} is negative ({value})")
        for rid, purse in self.regular_bankrolls.items():
            if purse < 0:
                out.append(f"{rid}'s purse is negative ({purse})")
        if sum(bal.values()) != 0:
            out.append(f"the accounts sum to {sum(bal.values())}, not 0")
        return out

    # ------------------------------------------------------------------------------------------ helpers
    def _stats(self, game_id: str) -> GameStats:
        return self.stats.setdefault(game_id, GameStats())

    def _require_session(self) -> TableSession:
        if self.session is None:
            raise CampaignError("you are not sitting at a table")
        return self.session

    def _require_standing(self, what: str) -> None:
        if self.session is not None:
            raise CampaignError(f"get up from {self.session.table.title} before you {what}")

    def journal(self) -> Journal:
        """Goals, regulars met and beaten, numbers per game, the story so far (for the journal screen)."""
        from game.campaign.journal import build_journal

        return build_journal(self)

    # ---------------------------------------------------------------------------------------- persistence
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: the facts a campaign cannot derive (its name, seed, agents' secret and starting
        credits, and the log of the player's choices with every action played at each table), nothing it can. Chips, the
        ledger, reputation, wins, unlocked cantinas, stats and notes are recomputed from these on load
        (:meth:`from_dict`), so an edited number in a save has nothing to change."""
        log: list[dict[str, Any]] = []
        for i, entry in enumerate(self.log):
            out = dict(entry)
            if "sit" in entry and self.session is not None and i == self._live:
                s = self.session
                out.update({k: v for k, v in s.to_dict().items() if k not in DERIVED_TABLE_KEYS})
                out["actions"] = [a.to_dict() for a in s.state.actions]
                out["dealt_in"] = s.dealt_in
            log.append(out)
        return {**self.extra, "name": self.name, "seed": self.seed, "secret": secret_to_text(self.secret),
                "starting_credits": self.starting_credits, "log": log}

    def summary(self) -> dict[str, Any]:
        """A few words for a save slot's label."""
        return {"name": self.name, "bankroll": self.bankroll, "reputation": self.reputation, "debt": self.debt,
                "cantina": self.level.title, "at_table": self.session.table.title if self.session else None,
                "won": self.won}

    @classmethod
    def from_dict(cls, data: Any, *, levels: Mapping[str, Level] | None = None, roster: Roster | None = None,
                  games: Mapping[str, Any] | None = None, version: int | None = None,
                  shortcuts: bool = False) -> Campaign:
        """Rebuild a campaign from :meth:`to_dict` data by replaying its log through the same methods play
        uses: every choice must be one the player could make at that moment, every action must be legal, and
        every number is the replay's own. (Data from version 1 saves, which stored the numbers, is migrated:
        the choices are read back from its ledger and histories, and the numbers recomputed.) ``shortcuts``
        (tests only) accepts a test campaign's extra credits and opened cantinas.

        Anything that cannot be replayed raises :class:`CampaignDataError` saying what and where."""
        levels = levels if levels is not None else load_all_levels()
        roster = roster if roster is not None else load_roster()
        games = games if games is not None else _registry()
        if version == 1 or (version is None and isinstance(data, Mapping) and "log" not in data
                            and "ledger" in data):
            from game.campaign.migrate import from_version_1

            return from_version_1(data, levels, roster, games)
        return _replay(data, levels, roster, games, shortcuts)


#: what a table's saved data holds that the replay derives (everything else it holds is kept as it is); the
#: sitting's ``secret`` is derived from the campaign's (:meth:`Campaign.sitting_secret`)
DERIVED_TABLE_KEYS = frozenset({"level", "table", "number", "seed", "secret", "buy_in", "seats", "engine",
                                "hand_ends", "settled", "hand_pot", "hand_pot_seen", "dealt_in"})
#: session attributes a save's extra table keys may never set
_PROTECTED = DERIVED_TABLE_KEYS | {"state", "regulars", "level_id", "actions_played"}
#: fields of version 1 campaign data, all derived now: read by the migration, never kept
V1_FIELDS = frozenset({"current", "unlocked", "bankroll", "debt", "reputation", "regular_bankrolls", "met",
                       "beaten", "stats", "notes", "sittings", "favours", "won", "ledger", "history", "table"})

MAX_LOG = 100_000
MAX_ACTIONS = 1_000_000
_NAME = Str(max_len=100)
_ACTION = MapOf(Plain(), key=Str(max_len=100), max_len=64)
CAMPAIGN_SCHEMA = Obj({
    "name": _NAME,
    "seed": Int(0, 2**64 - 1),
    "starting_credits": Field(Int(0, 10**12), required=False, default=STARTING_CREDITS),
    "log": List(Anything(), max_len=MAX_LOG),
}, extra="keep")
COMMANDS: Mapping[str, Obj] = {
    "sit": Obj({"sit": Str(max_len=200), "actions": Field(List(_ACTION, max_len=MAX_ACTIONS), required=False,
                                                         default=[]),
                "dealt_in": Field(Bool(), required=False)}, extra="keep"),
    "leave": Obj({"leave": Str(choices=LEAVE_KINDS)}),
    "door": Obj({"door": Str(max_len=200)}),
    "travel": Obj({"travel": Str(max_len=200)}),
    "open": Obj({"open": Str(max_len=200)}),
    "borrow": Obj({"borrow": Int(1, 10**12)}),
    "repay": Obj({"repay": Int(1, 10**12)}),
    "favour": Obj({"favour": Bool()}),
}


def _registry() -> Mapping[str, Any]:
    from game.engine import GAMES

    return GAMES


def begin_replay(data: Any, levels: Mapping[str, Level], roster: Roster, games: Mapping[str, Any],
                 shortcuts: bool = False) -> tuple[Campaign, list[Any]]:
    """A new campaign from version 2 data's facts, and the log entries still to replay onto it (with
    :meth:`Campaign.replay_command`)."""
    try:
        head = CAMPAIGN_SCHEMA.check(data, "campaign")
    except SchemaError as exc:
        raise CampaignDataError(str(exc)) from None
    if head["starting_credits"] > STARTING_CREDITS and not shortcuts:
        raise CampaignDataError(f"campaign.starting_credits: must be at most {STARTING_CREDITS}, not "
                                f"{head['starting_credits']}")
    try:
        c = Campaign(levels, roster, name=head["name"], seed=head["seed"], starting_credits=head["starting_credits"],
                     games=games)
    except CampaignError as exc:
        raise CampaignDataError(f"campaign: {exc}") from None
    c.shortcuts = shortcuts
    # saves from before the field: the secret a campaign seeded with this seed gets (see the module notes)
    raw_secret = head.get("secret")
    if raw_secret is not None:
        try:
            c.secret = secret_from_text(raw_secret)
        except ValueError as exc:
            raise CampaignDataError(f"campaign.secret: {exc}") from None
    c.extra = {k: v for k, v in head.items()
               if k not in CAMPAIGN_SCHEMA.fields and k not in V1_FIELDS and k != "secret"}
    return c, head["log"]


def _replay(data: Any, levels: Mapping[str, Level], roster: Roster, games: Mapping[str, Any],
            shortcuts: bool = False) -> Campaign:
    """A campaign rebuilt from version 2 data (see :meth:`Campaign.from_dict`)."""
    c, entries = begin_replay(data, levels, roster, games, shortcuts)
    for i, raw in enumerate(entries):
        c.replay_command(raw, f"campaign.log[{i}]", last=i == len(entries) - 1)
    problems = c.audit()
    if problems:  # cannot happen: the replay keeps the books; a bug here must not pass silently
        raise CampaignDataError("the books do not balance: " + "; ".join(problems[:3]))
    return c
