"""The shared machinery of every game: seeded chance, actions, events, options, pots and the State base.

Why it looks like this:

* **One seeded generator per table.** Every die and shuffle is drawn from ``State.rng`` inside
  ``create``/``apply``, so a seed plus the list of actions replays a whole session exactly. That list *is*
  the save file (``to_json``/``restore``). The generator is splitmix64 held in one integer, so ``clone()``
  copies it for free (``random.Random`` costs ~14 µs to copy, most of our clone budget).
* **Actions and events are values.** Actions are frozen, hashable and JSON-able; events are frozen
  dataclasses. An event may carry a ``secret`` part that only its ``seat`` may see (a card drawn face down):
  ``Event.visible_to(viewer)`` is the only way the UI, the log and the AI read an event.
* **Check, then change.** ``State.apply`` validates the action completely before touching anything, so an
  illegal action raises :class:`IllegalAction` with the reason and leaves the state as it was.
* **Pots are recomputed from contributions** (PokerKit's way), never patched by hand: see
  :func:`build_pots`. Chips only appear or vanish through ``State.house`` (the house/bank), and every such
  move is an event.

The engine never imports pygame (a test proves it).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypedDict

MASK64 = (1 << 64) - 1
SAVE_FORMAT = "lost-hand-cantina/table"
SAVE_VERSION = 1


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The message says why; the state is unchanged.

    ``code`` is a short stable identifier (``not_your_turn``, ``amount_out_of_range``, ...) and ``params`` the
    values a screen needs to word the refusal in its own language; the English message is for the command line
    and logs. Every code a game can give is listed in :data:`REFUSAL_CODES` or the game's ``REFUSALS``.
    """

    def __init__(self, message: str, code: str = "malformed_action", params: Mapping[str, Any] | None = None):
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})


class Refusal(str):
    """Why an action is refused: the English sentence (it *is* a str, so ``check()`` keeps returning text),
    with the stable ``code`` and the ``params`` a screen words it from. Build one with :func:`refuse`."""

    __slots__ = ("code", "params")
    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, message: str, params: Mapping[str, Any] | None = None) -> Refusal:
        r = super().__new__(cls, message)
        r.code = code
        r.params = dict(params or {})
        return r


def refuse(code: str, message: str, **params: Any) -> Refusal:
    """A refusal with a stable code: ``return refuse("amount_out_of_range", f"... {lo} ...", low=lo, high=hi)``."""
    return Refusal(code, message, params)


#: refusal codes the core itself gives (games add theirs in ``State.REFUSALS``)
REFUSAL_CODES: dict[str, str] = {
    "session_over": "the session is over: nobody acts any more",
    "malformed_action": "not an action: no kind, or a field that is not a whole number, text, true/false or list",
    "not_your_turn": "another seat is to act",
    "unknown_action": "this kind of action is not one the seat may take now",
    "not_allowed_now": "the seat may take this kind of action now, but not with these fields",
    "amount_not_integer": "an amount must be a whole number of chips",
    "amount_out_of_range": "the amount is outside the range allowed now",
}


class SaveError(ValueError):
    """A save text that cannot be restored (corrupt, from a newer version, or not a table save)."""


# ----------------------------------------------------------------------------------------------- chance
class Rng:
    """splitmix64: a tiny, well-tested generator whose whole state is one 64-bit integer.

    ``below(n)`` is unbiased (rejection sampling), so the exact dice probabilities we derive in tests hold.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejecting the few draws of the last incomplete block)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        while True:
            self.state = s = (self.state + 0x9E3779B97F4A7C15) & MASK64
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            x = z ^ (z >> 31)
            r = x % n
            if x - r <= MASK64 + 1 - n:
                return r

    def choice(self, seq: Sequence[Any]) -> Any:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"


# ---------------------------------------------------------------------------------------------- actions
_SCALARS = (int, str, bool, type(None))


def _plain(value: Any) -> bool:
    """Only the JSON-able scalars an action may hold (no float, however it got in), or tuples of them."""
    if type(value) is tuple:
        return all(_plain(v) for v in value)
    return type(value) in _SCALARS


def _freeze(value: Any, where: str) -> Any:
    """Make an action field hashable and JSON-able (lists become tuples), or say why it cannot be."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v, where) for v in value)
    raise IllegalAction(
        f"action field {where!r} must be an integer, text, true/false or a list of them, not {value!r}",
        "malformed_action", {"field": where},
    )


def _typed(value: Any) -> Any:
    """A field value with its type attached, so that equality and hashing tell ``True`` from ``1`` (and a
    forged ``0.0`` from ``0``): Python's ``True == 1`` would otherwise let a bool pass as a die index."""
    if type(value) is tuple:
        return tuple(_typed(v) for v in value)
    return (type(value).__name__, value)


class Action:
    """What a seat does: a ``kind`` ("call", "raise", "reroll", ...) and the fields it needs.

    ``Action("raise", amount=20)``. Frozen, hashable, ordered by (kind, fields) and JSON-able through
    :meth:`to_dict` / :meth:`from_dict`. Fields read as attributes (``action.amount``).
    """

    __slots__ = ("_hash", "fields", "kind")

    kind: str
    fields: tuple[tuple[str, Any], ...]

    def __init__(self, kind: str, **fields: Any) -> None:
        if not isinstance(kind, str) or not kind:
            raise IllegalAction("an action needs a kind, such as 'call' or 'raise'", "malformed_action")
        items = tuple(sorted((k, _freeze(v, k)) for k, v in fields.items()))
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "fields", items)
        object.__setattr__(self, "_hash", hash((kind, _typed(tuple(v for _, v in items)))))

    def __getattr__(self, name: str) -> Any:
        for k, v in object.__getattribute__(self, "fields"):
            if k == name:
                return v
        raise AttributeError(f"{self!r} has no field {name!r}")

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.fields:
            if k == name:
                return v
        return default

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are frozen")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action) or self.kind != other.kind or self.fields != other.fields:
            return False
        return _typed(tuple(v for _, v in self.fields)) == _typed(tuple(v for _, v in other.fields))

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Action) -> bool:
        return (self.kind, self.fields) < (other.kind, other.fields)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.fields)
        return f"Action({self.kind!r}{args})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_action_from_items, (self.kind, self.fields))

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
        for k, v in self.fields:
            d[k] = list(v) if isinstance(v, tuple) else v
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        """Build an action from JSON data; malformed data raises :class:`IllegalAction` saying what is wrong."""
        if not isinstance(data, Mapping):
            raise IllegalAction(
                f"an action must be an object with a 'kind', not {type(data).__name__}", "malformed_action"
            )
        kind = data.get("kind")
        if not isinstance(kind, str):
            raise IllegalAction("an action must have a text 'kind'", "malformed_action")
        return cls(kind, **{k: v for k, v in data.items() if k != "kind"})


def _action_from_items(kind: str, items: tuple[tuple[str, Any], ...]) -> Action:
    return Action(kind, **dict(items))


_ACTIONS: dict[str, dict[int | None, Action]] = {}


def act(kind: str, amount: int | None = None) -> Action:
    """A shared Action with no field or only ``amount``: games list the same few actions thousands of
    times a second, and building each one anew was most of an engine step's cost."""
    by_amount = _ACTIONS.get(kind)
    if by_amount is None:
        by_amount = _ACTIONS[kind] = {}
    a = by_amount.get(amount)
    if a is None:
        a = Action(kind) if amount is None else Action(kind, amount=amount)
        if len(by_amount) < 20_000:
            by_amount[amount] = a
    return a


# ----------------------------------------------------------------------------------------------- events
@dataclass(frozen=True, slots=True, init=False)
class Event:
    """Something that happened at the table, for the bus, the screen and the log.

    ``data`` is public. ``secret`` (optional) is known only to ``seat``: a card drawn face down, say. Read
    an event through :meth:`visible_to`, which drops the secret for everyone else. Consumers never mutate
    ``data``: engines may share its records between events.
    """

    kind: str
    seat: int | None
    data: Mapping[str, Any]
    secret: Mapping[str, Any] | None

    def __init__(
        self,
        kind: str,
        seat: int | None = None,
        data: Mapping[str, Any] | None = None,
        secret: Mapping[str, Any] | None = None,
    ) -> None:
        # slot setters, not four frozen-attribute calls: engines make several events per step
        _SET_KIND(self, kind)
        _SET_SEAT(self, seat)
        _SET_DATA(self, {} if data is None else data)
        _SET_SECRET(self, secret)

    def visible_to(self, viewer: int | None) -> dict[str, Any]:
        """The event as ``viewer`` (a seat, or None for a spectator) may see it, as a JSON-able dict."""
        d: dict[str, Any] = {"kind": self.kind, "seat": self.seat, **self.data}
        if self.secret is not None and viewer is not None and viewer == self.seat:
            d.update(self.secret)
        return d

    def to_dict(self) -> dict[str, Any]:
        """Everything, secret included: for the engine's own tests and replays, never for a seat."""
        d: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "data": dict(self.data)}
        if self.secret is not None:
            d["secret"] = dict(self.secret)
        return d


_SLOTS: Any = Event.__dict__  # the slot descriptors, read untyped (mypy types them as the fields' values)
_SET_KIND = _SLOTS["kind"].__set__
_SET_SEAT = _SLOTS["seat"].__set__
_SET_DATA = _SLOTS["data"].__set__
_SET_SECRET = _SLOTS["secret"].__set__


class SessionOver(TypedDict):
    """``session_over``, which every game emits last: the rounds played and the final stacks (a game may add
    fields by subclassing)."""

    rounds: int
    stacks: list[int]


class CarryReturned(TypedDict):
    """``carry_returned``: chips still on the table when the session ends, handed back, per seat (a game may add
    fields by subclassing)."""

    amounts: list[int]


def catalogue(**kinds: type) -> dict[str, tuple[str, ...]]:
    """An event catalogue (``State.EVENT_KINDS``) from one TypedDict per kind: ``catalogue(reroll=Reroll)``.

    Engines build each event's data with its TypedDict (``Event("reroll", s, Reroll(die=0, ...))``), so the
    type checker catches a misspelt or missing field where the event is made, and the contract test checks
    at run time that every emitted event carries exactly its catalogue's fields.
    """
    return {kind: tuple(td.__annotations__) for kind, td in kinds.items()}


# ---------------------------------------------------------------------------------------------- options
@dataclass(frozen=True)
class OptionSpec:
    """One table setting: its type, default, allowed range or choices, and what it does (shown in the UI)."""

    name: str
    default: Any
    doc: str
    type: type = int
    min: int | None = None
    max: int | None = None
    choices: tuple[Any, ...] | None = None
    #: for an option added after saves were made: the value a save that does not name it plays with (the rule
    #: as it was before the option), so old saves replay exactly; None when the default already is that
    legacy: Any = None

    def validate(self, value: Any) -> Any:
        if self.type is bool:
            if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
                return True
            if isinstance(value, str) and value.lower() in ("0", "false", "no", "off"):
                return False
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name!r} must be true or false, not {value!r}")
            return value
        if self.type is int:
            if isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    raise ValueError(f"option {self.name!r} must be a whole number, not {value!r}") from None
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {self.name!r} must be a whole number, not {value!r}")
            if self.min is not None and value < self.min:
                raise ValueError(f"option {self.name!r} must be at least {self.min}, not {value}")
            if self.max is not None and value > self.max:
                raise ValueError(f"option {self.name!r} must be at most {self.max}, not {value}")
        elif not isinstance(value, self.type):
            raise ValueError(f"option {self.name!r} must be {self.type.__name__}, not {value!r}")
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"option {self.name!r} must be one of {list(self.choices)}, not {value!r}")
        return value


def legacy_options(specs: Iterable[OptionSpec], saved: Mapping[str, Any]) -> dict[str, Any]:
    """The options a save made before some were added plays with: each option it does not name that has a
    ``legacy`` value takes it (the rule as it was), so a seed and its actions replay exactly."""
    return {s.name: s.legacy for s in specs if s.legacy is not None and s.name not in saved}


def parse_options(pairs: Iterable[str]) -> dict[str, Any]:
    """``key=value`` strings (command-line ``--option``) into an options dict; each game's OptionSpec converts
    the text when the table is created."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"an option is key=value, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


def validate_options(specs: Iterable[OptionSpec], options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with ``options``; an unknown name or a bad value raises ValueError naming it."""
    by_name = {s.name: s for s in specs}
    result = {name: spec.default for name, spec in by_name.items()}
    for name, value in (options or {}).items():
        if name not in by_name:
            raise ValueError(f"unknown option {name!r}; this game has: {', '.join(sorted(by_name))}")
        result[name] = by_name[name].validate(value)
    return result


ROUNDS = OptionSpec("rounds", 10, "rounds to play (0 = until one seat holds every chip)", min=0, max=100000)
STACK = OptionSpec("stack", 1000, "starting chips per seat", min=1, max=10**9)


# ------------------------------------------------------------------------------------------------- pots
@dataclass(frozen=True, slots=True)
class Pot:
    """A pot level: its chips and the seats that may win it (they paid in fully and did not fold)."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(contrib: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """Main and side pots from what each seat put in, lowest level first (RULINGS: side pots).

    A seat is eligible for each level it fully paid and has not folded from. Adjacent levels with the same
    eligible seats merge. Chips in a level no live seat reached (a folded seat's over-contribution) join the
    level below, where live seats compete for them.
    """
    levels = sorted({c for c in contrib if c > 0})
    pots: list[Pot] = []
    prev = 0
    for level in levels:
        amount = 0
        for c in contrib:
            if c > prev:
                amount += (c if c < level else level) - prev
        eligible = tuple(i for i, c in enumerate(contrib) if live[i] and c >= level)
        prev = level
        if pots and (not eligible or pots[-1].eligible == eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        else:
            pots.append(Pot(amount, eligible))
    return pots


def split(amount: int, winners: Sequence[int]) -> tuple[int, int]:
    """Equal shares; the odd chips stay in the pot (RULINGS: splits). Returns (share, remainder)."""
    share, rest = divmod(amount, len(winners))
    return share, rest


def seats_from(start: int, n: int, step: int = 1) -> list[int]:
    """Every seat once, starting at ``start`` and moving ``step`` (+1 = to the left, -1 = to the right)."""
    return [(start + step * i) % n for i in range(n)]


_LEFT: dict[int, tuple[tuple[int, ...], ...]] = {}
_RIGHT: dict[int, tuple[tuple[int, ...], ...]] = {}


def left_of(seat: int, n: int) -> tuple[int, ...]:
    """Every seat once, starting at ``seat``'s left neighbour and going left, ending with ``seat`` itself.

    Seats are numbered clockwise seen from above, so the left neighbour of ``s`` is ``s + 1``. Cached: the
    engines ask for these orders several times a round.
    """
    orders = _LEFT.get(n)
    if orders is None:
        orders = _LEFT[n] = tuple(tuple((s + 1 + i) % n for i in range(n)) for s in range(n))
    return orders[seat % n]


def right_of(seat: int, n: int) -> tuple[int, ...]:
    """Every seat once, starting at ``seat``'s right neighbour and going right, ending with ``seat`` itself."""
    orders = _RIGHT.get(n)
    if orders is None:
        orders = _RIGHT[n] = tuple(tuple((s - 1 - i) % n for i in range(n)) for s in range(n))
    return orders[seat % n]


# ------------------------------------------------------------------------------------------------ state
_CONTAINERS = (list, dict, set, Rng)


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, tuples as lists, scalars): what a reducer starts from,
    so that it never mutates the view it was given. Several times faster than ``copy.deepcopy``."""
    t = type(value)
    if t is dict:
        return {k: copy_json(v) for k, v in value.items()}
    if t is list or t is tuple:
        return [copy_json(v) for v in value]
    return value


def _copy(value: Any) -> Any:
    """Copy the mutable containers a State holds (lists, dicts, sets), sharing everything immutable."""
    t = type(value)
    if t is list:
        for v in value:
            if type(v) in _CONTAINERS:
                return [_copy(v) for v in value]
        return value[:]
    if t is dict:
        return {k: _copy(v) for k, v in value.items()}
    if t is set:
        return set(value)
    if t is Rng:
        return value.copy()
    return value


class State:
    """A whole table session of one game, round after round, until it is over.

    Subclasses set the class attributes and implement ``_setup``, ``_legal``, ``_check`` (optional),
    ``_do`` and ``_view``. Everything a subclass keeps on ``self`` must be plain data (ints, strings,
    tuples, lists, dicts, sets) so :meth:`clone` and equality work without help.
    """

    game_id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = (ROUNDS, STACK)
    #: decisions this game made where the rule texts and RULINGS.md are silent (shown in the rules browser)
    RULINGS_NOTES: ClassVar[tuple[str, ...]] = ()
    #: names of final standings, best first, as RULINGS.md writes them
    RANK_NAMES: ClassVar[tuple[str, ...]] = ()
    #: every event kind the game can emit, with its public data fields (the catalogue ``event_kinds`` reads)
    EVENT_KINDS: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: refusal codes this game gives beyond the core's :data:`REFUSAL_CODES`, with what each means
    REFUSALS: ClassVar[Mapping[str, str]] = {}

    # every state has these
    n: int
    seed: int
    options: dict[str, Any]
    rng: Rng
    stacks: list[int]
    house: int
    current_seat: int | None
    round_no: int
    dealer: int

    def __init__(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> None:
        if isinstance(seats, bool) or not isinstance(seats, int):
            raise ValueError(f"seats must be a whole number, not {seats!r}")
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"{self.title} seats {self.min_seats}–{self.max_seats} players, not {seats}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        self.n = seats
        self.seed = seed
        self.options = validate_options(self.OPTIONS, options)
        self.rng = Rng(seed)
        self.stacks = [self.options.get("stack", 0)] * seats
        self.house = 0  # net chips the house/bank has taken (negative: paid out)
        self.current_seat = None
        self.round_no = 0
        self.dealer = 0
        self._history: tuple[Any, ...] | None = None  # linked list (previous, action): O(1) append and clone
        self.opening_events: list[Event] = self._setup()

    # ----------------------------------------------------------------- the contract
    @property
    def is_over(self) -> bool:
        return self.current_seat is None

    def legal_actions(self) -> list[Action]:
        """The current seat's choices (empty once the session is over).

        Where an amount may be any whole number in a range (a raise, a bid), the list offers a few useful
        amounts and :meth:`amount_range` gives the whole range; every amount in it is accepted by ``apply``.
        """
        if self.current_seat is None:
            return []
        return self._legal()

    def amount_range(self, kind: str) -> tuple[int, int] | None:
        """The (lowest, highest) amount the current seat may give an action of ``kind``, if it takes one."""
        if self.current_seat is None:
            return None
        return self._ranges().get(kind)

    def check(self, action: Action, seat: int | None = None) -> str | None:
        """Why ``action`` is not legal now (a :class:`Refusal`: a sentence with a code), or None when it is.
        Changes nothing."""
        if self.current_seat is None:
            return refuse("session_over", "the session is over: no more actions")
        if not isinstance(action, Action):
            return refuse("malformed_action", f"an action must be an Action, not {type(action).__name__}")
        if seat is not None and seat != self.current_seat:
            return refuse(
                "not_your_turn", f"it is seat {self.current_seat}'s turn, not seat {seat}'s",
                seat=seat, current_seat=self.current_seat,
            )
        for name, value in action.fields:
            if not _plain(value):
                return refuse(
                    "malformed_action",
                    f"action field {name!r} must be an integer, text, true/false or a list of them, not {value!r}",
                    field=name,
                )
        return self._check(action)

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Do ``action`` for the current seat (or for ``seat``, which must be the current one).

        Returns the events it caused, in order. An illegal action raises :class:`IllegalAction` saying why
        and leaves the state unchanged.
        """
        reason = self.check(action, seat)
        if reason is not None:
            if isinstance(reason, Refusal):
                raise IllegalAction(str(reason), reason.code, reason.params)
            raise IllegalAction(reason)
        events = self._do(action)
        self._history = (self._history, action)
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (None: a spectator), as a JSON-able dict. The UI and AI read only this."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n):
            raise ValueError(f"no seat {seat!r} at a table of {self.n}")
        v = {
            "game": self.game_id,
            "seats": self.n,
            "seat": seat,
            "round": self.round_no,
            "dealer": self.dealer,
            "current_seat": self.current_seat,
            "is_over": self.is_over,
            "stacks": list(self.stacks),
            "options": dict(self.options),
        }
        v.update(self._view(seat))
        return v

    @property
    def actions(self) -> list[Action]:
        """Every action applied since ``create``, in order: with the seed, the whole save file."""
        out: list[Action] = []
        node = self._history
        while node is not None:
            node, action = node
            out.append(action)
        out.reverse()
        return out

    def clone(self) -> State:
        """An independent copy that plays on identically."""
        new = object.__new__(type(self))
        d = new.__dict__
        for k, v in self.__dict__.items():
            d[k] = _copy(v)
        return new

    def determinize(self, seat: int | None, rng: Rng) -> State:
        """A copy in which everything ``seat`` cannot see is re-dealt at random, consistently with its view.

        Used by tests (a seat's view must not change) and by searching AIs. Games without hidden
        information return a plain clone; card games override this.
        """
        return self.clone()

    @classmethod
    def _bare_from_view(cls, view: dict[str, Any]) -> State:
        """A new, unfinished state holding the fields every seat's view carries (seats, options, stacks,
        turn, round, dealer), for a game's ``from_view`` to fill in the rest. The copy is for playing forward
        (searching AIs), not for saving: seed 0, no history."""
        seat = view.get("seat")
        if type(seat) is not int or view.get("game") != cls.game_id:
            raise ValueError("from_view needs a seat's own view of this game (a spectator sees too little)")
        new = object.__new__(cls)
        new.n = view["seats"]
        new.seed = 0
        new.options = dict(view["options"])
        new.stacks = list(view["stacks"])
        new.house = 0
        new.current_seat = view["current_seat"]
        new.round_no = view["round"]
        new.dealer = view["dealer"]
        new._history = None
        new.opening_events = []
        return new

    def chips_in_play(self) -> int:
        """Chips on the table that are in no stack: pots, bets, carried pots. Subclasses say where."""
        return 0

    def chip_total(self) -> int:
        """Stacks + table + house: constant for the whole session (the books always balance)."""
        return sum(self.stacks) + self.chips_in_play() + self.house

    def to_json(self) -> str:
        """The save: game, seats, seed, options and the actions. ``restore`` replays it exactly."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "game": self.game_id,
                "seats": self.n,
                "seed": self.seed,
                "options": self.options,
                "actions": [a.to_dict() for a in self.actions],
            },
            separators=(",", ":"),
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        a, b = dict(self.__dict__), dict(other.__dict__)
        a.pop("_history"), b.pop("_history")
        return a == b and self.actions == other.actions

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seats={self.n} round={self.round_no} turn={self.current_seat}>"

    @staticmethod
    def reduce_view(view: Mapping[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
        """The view after ``event`` (as ``Event.visible_to(view["seat"])`` gives it), from the view before.

        Pure: returns a new dict and never mutates either argument. Each game sets its own reducer, which lives
        beside its engine; folding it over the events a step returned gives exactly the seat's view after it.
        """
        raise NotImplementedError

    # ----------------------------------------------------------------- for subclasses
    def _setup(self) -> list[Event]:
        raise NotImplementedError

    def _legal(self) -> list[Action]:
        raise NotImplementedError

    def _ranges(self) -> dict[str, tuple[int, int]]:
        return {}

    def _check(self, action: Action) -> str | None:
        """Default check: the action is one of the listed ones, or an in-range amount of a ranged kind."""
        rng = self._ranges().get(action.kind)
        if rng is not None and len(action.fields) == 1 and action.fields[0][0] == "amount":
            amount = action.fields[0][1]
            if type(amount) is not int:
                return refuse(
                    "amount_not_integer", f"the amount of a {action.kind} must be a whole number of chips",
                    kind=action.kind,
                )
            lo, hi = rng
            if not lo <= amount <= hi:
                return refuse(
                    "amount_out_of_range", f"a {action.kind} must be between {lo} and {hi} chips now, not {amount}",
                    kind=action.kind, low=lo, high=hi, amount=amount,
                )
            return None
        legal = self._legal()
        if action in legal:
            return None
        kinds = sorted({a.kind for a in legal})
        if action.kind in kinds:
            return refuse(
                "not_allowed_now",
                f"{action!r} is not allowed now; the {action.kind} choices are "
                + ", ".join(repr(a) for a in legal if a.kind == action.kind),
                kind=action.kind,
            )
        return refuse(
            "unknown_action", f"seat {self.current_seat} cannot {action.kind!r} now; it may: {', '.join(kinds)}",
            kind=action.kind, allowed=kinds,
        )

    def _do(self, action: Action) -> list[Event]:
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {}
