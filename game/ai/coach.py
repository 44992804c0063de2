"""The odds coach: for the seat about to act, every option with its exact chances and expected chips.

It reads the same things an agent does (the seat's view and the legal actions) and nothing else, so it can
never leak what the seat may not know. The numbers come from the same exact evaluators the shark uses
(:mod:`game.ai.hintaro`, :mod:`game.ai.street`).

``advise(game_id, view, legal_actions) -> list[dict]``: one dict per option, in the order of
``legal_actions``, each with these keys (a value the game cannot give is ``None``):

``action``
    the :class:`~game.engine.core.Action` (one of ``legal_actions``)
``label``
    a short text in the table's own button words: ``"Reroll right (double-Kulro)"``, ``"Call 20"``,
    ``"Raise to 40"`` (every table says a raise as the total the seat's bet becomes this round)
``win``
    the chance (0..1) that this seat takes the pot outright with this option
``split``
    the chance it shares the pot (Hintaro ties)
``tie``
    the chance the round ties and the wagers carry (Street Hintaro); in Hintaro, ``carry`` is the chance
    nobody stands and the pot carries
``carry``
    see ``tie``
``equity``
    the expected fraction of the pot this seat takes (splits count as their share; a carried pot as the
    seat's fair share of it next round)
``ev``
    expected chips: what the seat can expect back from the pot minus the chips this option puts in now
    (conceding is 0: chips already in the pot are gone either way; a Hintaro drop is the seat's share of the
    pot if it carries because nobody left stands, :func:`drop_carry_value`). For a bet or a raise it is the
    expected chips given the modelled answers of the other seats (fold, call or raise, with the chances the
    sharks read from a table: :func:`game.ai.hintaro.bet_options`' ``ev_model``, the sabaccs'
    :func:`game.ai.sabacc.answer_share`), never "everyone calls".
``ev_if_called`` / ``ev_if_rational``
    for bets and raises: expected chips if every other seat calls / if each calls only when its own odds
    justify it (otherwise equal to ``ev``)
``exact``
    True when computed by enumerating every outcome; False for an estimate (Kinzo's stake advice, both
    sabaccs: Monte Carlo from sampled deals of the unseen cards, see :mod:`game.ai.sabacc`)
``samples``
    for an estimate, how many samples it rests on (None when exact)
``ev_se`` (None unless given)
    the standard error of ``ev`` over its samples (the sabaccs count every sample against folding on the same
    deal, so Fold is exactly 0: :func:`game.ai.sabacc.relative_to`)
``best``
    True on the option with the highest ``ev`` (the first of equals); on Better Hintaro's business stage, where
    ``ev`` is an estimate of position, the shark's play (:func:`game.ai.better_hintaro.advise`)
``note``
    one sentence on what the numbers assume
``ev_head`` (None unless given)
    when ``ev`` is not chips (Better Hintaro's business: the change in position, in credits), the panel's heading
``pick`` (None unless given)
    on a ``best`` row chosen otherwise than by the largest ``ev`` (Better Hintaro's business: "shark's pick"), the
    words the panel marks it with
``win_head`` / ``win_words`` (None unless given)
    when ``win`` is not the chance to win the pot (Kinzo's dice: the jackpot's), the panel's heading for it and
    the tooltip's words

Games without a coach yet return each option with ``None`` numbers and a note saying so.

A table keeps a :class:`TableCoach`: the same advice, with a memory of the table where the game's coach reads one
(Nepunian Spike: how each seat has answered this seat's bets, by the shark's reader), fed only with the advised
seat's views and its own actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.ai import better_hintaro as bhai
from game.ai import hintaro as hai
from game.ai import kinzo as kai
from game.ai import sabacc_house as shai
from game.ai import spike as spai
from game.ai import street as sai
from game.engine.core import Action
from game.engine.hintaro import FACE_WORDS

Advice = list[dict[str, Any]]


def _entry(action: Action, label: str, **values: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "action": action, "label": label, "win": None, "split": None, "tie": None, "carry": None,
        "equity": None, "ev": None, "ev_if_called": None, "ev_if_rational": None, "exact": True,
        "samples": None, "best": False, "note": "",
        # optional: None unless the game has something to say (see the module docstring)
        "ev_se": None, "ev_head": None, "pick": None, "win_head": None, "win_words": None,
    }
    entry.update(values)
    return entry


def _mark_best(entries: Advice) -> Advice:
    scored = [e for e in entries if e["ev"] is not None]
    if scored:
        best = max(scored, key=lambda e: e["ev"])
        best["best"] = True
    return entries


# ------------------------------------------------------------------------------------------- Hintaro
def _hintaro(view: dict[str, Any], legal: Sequence[Action]) -> Advice:
    me = view["seat"]
    if view["phase"] == "reroll":
        game, order = hai.reroll_game(view, "best")
        values = game.action_values(0, game.start)
        total = sum(game.amounts)
        dice = view["dice"][me]
        out: Advice = []
        for action in legal:
            i = hai.REROLL_ACTIONS.index(action) if action in hai.REROLL_ACTIONS else 0
            win, split, carry = game.seat_odds(0, i)
            # the table's button words: "Keep", "Reroll left (Tukar)"
            label = "Keep" if i == 0 else f"Reroll {('left', 'right')[i - 1]} ({FACE_WORDS.get(dice[i - 1], '?')})"
            out.append(_entry(
                action, label, win=win, split=split, carry=carry, equity=values[i] / total if total else 0.0,
                ev=values[i],
                note="the seats after you reroll as well as they can, seeing your result",
            ))
        return _mark_best(out)
    # wager or call phase
    game, order = hai.reroll_game(view, "best", pots="single")
    win, split, carry = game.seat_odds(order.index(me))
    e = hai.equity(view)
    # the others answer as the shark reads a table it has not watched yet: its prior chances of calling a raise
    # they should drop / should call (never "everyone calls"); ``{}`` asks bet_options for exactly those
    options = {o.action: o for o in hai.bet_options(view, legal, {})}
    to_call = view.get("to_call", view["current_bet"] - view["wager"][me])
    out = []
    for action in legal:
        o = options.get(action)
        if action.kind == "drop":
            back = drop_carry_value(view)
            out.append(_entry(action, "Drop", win=0.0, split=0.0, carry=0.0, equity=0.0, ev=back,
                              ev_if_called=back, ev_if_rational=back,
                              note="you leave what you have put in; if nobody left stands, your share of it "
                                   "comes back with the carried pot"))
            continue
        assert o is not None
        if action.kind == "call":
            label = "Check" if to_call == 0 else f"Call {to_call:,}"
        elif action.kind == "allin":
            label = f"All-in ({view['stacks'][me]:,})"
        else:  # the engine's amount is on top of the call: the button says the total, "Raise to N"
            label = f"Raise to {view['current_bet'] + action.amount:,}"
            if action.amount == view["stacks"][me] - to_call:  # every chip: the table's All-in button plays it
                label = "All-in"
        out.append(_entry(
            action, label, win=win, split=split, carry=carry, equity=e, ev=o.ev_model,
            ev_if_called=o.ev_callers, ev_if_rational=o.ev_rational,
            note="each seat answers a raise as the sharks expect of a table not yet read (a call it should "
                 "make almost always, one it should not a quarter of the time); all reroll as well as they can",
        ))
    return _mark_best(out)


def drop_carry_value(view: dict[str, Any]) -> float:
    """What dropping still brings back: with two or more seats left in, nobody may stand, and then the pot's
    credits carry to the next round, where they count as this seat's fair share (``carry_share_of``, as every
    other row counts a carry). Exact for the pot on the table now (later wagers are left out), 0 when one seat
    is left (it takes the pot). Why: a dropped seat's share of a carried pot is chips it really gets back, and
    calling it 0 made Better Hintaro's drops look worse than they are (issue 14's coach bench)."""
    me = view["seat"]
    others = [s for s in range(view["seats"]) if s != me and view["in_hand"][s]]
    pot = float(view["pot"])
    if len(others) < 2 or pot <= 0:
        return 0.0
    rest = dict(view, in_hand=[s in others for s in range(view["seats"])], seat=others[0])
    game, order = hai.reroll_game(rest, "best", pots="single")
    _win, _split, carry = game.seat_odds(order.index(others[0]))
    return carry * pot * hai.carry_share_of(view)


# ------------------------------------------------------------------------------------- Street Hintaro
def _street(view: dict[str, Any], legal: Sequence[Action]) -> Advice:
    me = view["seat"]
    win, tie, _lose = sai.outcome_odds(view)
    pot = view["pot"]
    half = sai.CARRY_SHARE
    owed = view["contrib"][1 - me] - view["contrib"][me]
    out: Advice = []
    for action in legal:
        common = {"win": win, "tie": tie, "carry": tie}
        if action.kind == "concede":
            out.append(_entry(action, "Concede", win=0.0, tie=0.0, carry=0.0, equity=0.0, ev=0.0,
                              note="the other seat takes the pot now"))
        elif action.kind == "call":
            ev = sai.call_value(view, owed)
            out.append(_entry(action, f"Call {owed:,}" if owed else "Call", equity=win + half * tie, ev=ev,
                              note="a tie carries the pot; it counts as half yours", **common))
        elif action.kind in ("throw", "check"):
            ev = win * pot + tie * half * pot
            throw = "Throw the shared cube" if view.get("phase") == "shared" else "Throw your cubes"
            out.append(_entry(action, throw if action.kind == "throw" else "Check", equity=win + half * tie,
                              ev=ev, note="a tie carries the pot; it counts as half yours", **common))
        else:  # bet or raise x: called, the pot grows by 2x; conceded, the pot is won now
            x = action.amount
            called = win * (pot + 2 * x) + tie * half * (pot + 2 * x) - x
            label = f"Bet {x:,}" if action.kind == "bet" else f"Raise to {view['contrib'][me] + x:,}"
            out.append(_entry(
                action, label, equity=win + half * tie, ev=called,
                ev_if_called=called, ev_if_rational=called,
                note=f"if conceded instead, you take the {pot + x} chips on the table at once", **common,
            ))
    return _mark_best(out)


# ------------------------------------------------------------------------------------------------ Kinzo
def _kinzo(view: dict[str, Any], legal: Sequence[Action]) -> Advice:
    out: Advice = []
    if view["phase"] == "stake":
        seats = max(1, sum(1 for st in view["stacks"] if st >= view["min_stake"]))
        per_chip = kai.round_value_per_chip(seats)
        for a in legal:
            out.append(_entry(a, f"Stake {a.amount:,}", ev=per_chip * a.amount, exact=False,
                              note="estimated: a fresh deal, later cards as if from a fresh deck"))
        return _mark_best(out)
    hand = view["hands"][view["turn"]]
    if view["phase"] == "dice":
        earlier = [h["total"] for h in view["hands"][: view["turn"]] if h["result"] == "rolls"]
        on_table = sum(h["stake"] for h in view["hands"]) + view["prize_pot"]
        solver = kai.KinzoSolver(view["dealer_showing"], float(hand["stake"]), on_table - hand["stake"], earlier)
        d = view["dealer_total"]
        t = hand["total"]
        jackpot = kai.DICE_SUM.get(d - t, 0.0)
        for a in legal:
            # the chance here is the jackpot's alone (the stake is kept or lost besides): headed so, never "WIN"
            out.append(_entry(a, "Roll the dice", win=jackpot * solver.clear(d), win_head="JACKPOT",
                              win_words="takes the jackpot",
                              ev=kai.hand_value(t, d, float(hand["stake"]), on_table - hand["stake"], solver.clear(d)),
                              note="the chance is the jackpot's; the expected chips count the stake kept or lost "
                                   "as well"))
        return _mark_best(out)
    values = kai.option_values(view, legal)
    labels = {"stay": "Stay", "hit": "Hit"}
    note = "stakes won or lost, playing on as well as the cards you can see allow"
    for a in legal:
        label = labels.get(a.kind, f"Split the {a.get('value')}s")
        out.append(_entry(a, label, ev=values.get(a), exact=True, note=note))
    return _mark_best(out)


def _unknown(view: dict[str, Any], legal: Sequence[Action]) -> Advice:
    return [
        _entry(a, a.kind if a.get("amount") is None else f"{a.kind} {a.amount}", exact=False,
               note="no odds for this game yet")
        for a in legal
    ]


#: game id -> its coach (other games add theirs here)
COACHES: dict[str, Callable[[dict[str, Any], Sequence[Action]], Advice]] = {
    "hintaro": _hintaro,
    "street_hintaro": _street,
    "kinzo": _kinzo,
    "sabacc_house": shai.coach,  # estimates from rollouts: exact False, samples = rollouts per option
    "nepunian_spike": spai.coach,
    "better_hintaro": bhai.advise,  # the dice exact (Hintaro's), the business by the shark's valuation
}
#: coaches whose rows name other seats: they take the names on screen as well (see :func:`advise`)
NAMED_COACHES: dict[str, Callable[[dict[str, Any], Sequence[Action], Sequence[str] | None], Advice]] = {
    "better_hintaro": bhai.advise,
}


def advise(game_id: str, view: dict[str, Any], legal_actions: Sequence[Action],
           names: Sequence[str] | None = None) -> Advice:
    """Every option of the seat in ``view`` with its odds (see the module docstring for the format).

    ``names`` are the seats' names as the table shows them: a row that involves another seat (a Better Hintaro
    trade or shootout) names it so ("Offer Grell: …"); without them it says where that seat sits from the
    player's chair, never a seat number (seats are not numbered on screen)."""
    if not legal_actions or view.get("seat") is None or view.get("current_seat") != view["seat"]:
        return []  # the coach speaks only to the seat about to act
    _check_names(view, names)
    if game_id in NAMED_COACHES:
        return NAMED_COACHES[game_id](view, legal_actions, names)
    return COACHES.get(game_id, _unknown)(view, legal_actions)


class TableCoach:
    """The coach at one table: :func:`advise`, with a memory of the table where the game's coach reads it
    (:data:`MEMORY_COACHES`: the Nepunian Spike coach prices each seat's calls by how it has answered this seat's
    bets, as the shark does). Make one per table; each seat it advises gets its own memory (at a hot-seat table
    one person's views never feed another's), fed only with that seat's views and its own actions: :meth:`advise`
    at each of its decisions, then :meth:`acted` with what it played."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._memories: dict[int, Any] = {}  #: seat -> its memory (the game's, from MEMORY_COACHES)

    def memory(self, seat: int) -> Any:
        """The memory of ``seat`` (None for a game whose coach keeps none)."""
        make = MEMORY_COACHES.get(self.game_id)
        if make is None:
            return None
        if seat not in self._memories:
            self._memories[seat] = make()
        return self._memories[seat]

    def advise(self, view: dict[str, Any], legal_actions: Sequence[Action],
               names: Sequence[str] | None = None) -> Advice:
        """As :func:`advise`, reading the table's memory (and feeding it this view)."""
        seat = view.get("seat")
        mem = None if seat is None or view.get("current_seat") != seat or not legal_actions else self.memory(seat)
        if mem is None:
            return advise(self.game_id, view, legal_actions, names)
        _check_names(view, names)
        return mem.advise(view, legal_actions)  # type: ignore[no-any-return]

    def acted(self, view: dict[str, Any], action: Action) -> None:
        """The seat of ``view`` played ``action`` there (the view last given to :meth:`advise` for that seat)."""
        seat = view.get("seat")
        mem = None if seat is None else self.memory(seat)
        if mem is not None:
            mem.acted(view, action)


#: game id -> a new memory for one seat at one table (``advise(view, legal)``, ``acted(view, action)``)
MEMORY_COACHES: dict[str, Callable[[], Any]] = {
    "nepunian_spike": spai.SpikeCoach,
}


def _check_names(view: dict[str, Any], names: Sequence[str] | None) -> None:
    if names is not None and len(names) < len(view.get("stacks") or ()):
        raise ValueError(f"the coach needs a name for every seat: {len(names)} names for "
                         f"{len(view['stacks'])} seats")


def seat_words(view: dict[str, Any], seat: int, names: Sequence[str] | None) -> str:
    """How a row names another ``seat``: its name on screen, else where it sits from the player's chair."""
    if names is not None:
        return names[seat]
    n = len(view["stacks"])
    step = (seat - view["seat"]) % n
    if step == 1:
        return "the player on your left"
    if step == n - 1:
        return "the player on your right"
    return f"the player {step} places to your left"
