"""What every table says alike, before a game words it its own way: an event in the log, a bet, whose turn it is.

The table's wording hooks (``describe``, ``bet_words``, ``bet_tag``, ``status_line``, ``round_info``,
``bar_heading``) call these for their defaults; a game's table overrides the hook, says what is its own, and
leaves the rest to ``super()``. No pygame: the words only read the table's view (``shown``), names and
session.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ui.showdown_words import count

if TYPE_CHECKING:
    from game.ui.tables.base import BaseTable


def describe(table: BaseTable, ev: dict[str, Any]) -> str | None:
    """The event (as the eyes may see it) in the words every table uses; None leaves it out of the log."""
    kind = ev["kind"]
    who = table.names[ev["seat"]] if ev.get("seat") is not None else ""
    if kind == "round_started":
        return f"Round {ev.get('round', '?')} begins."
    if kind == "round_over":
        winners = ev.get("winners") or []
        if not winners:
            return "Nobody wins the round."
        return f"Round {ev.get('round', '?')} goes to {table.join_names(winners)}."
    if kind == "session_over":
        rounds = ev.get("rounds")
        return f"The session is over after {count(rounds, table.ROUND_NOUN)}." if rounds else "The session is over."
    if kind == "pot_won":
        return f"{who} wins {count(int(ev.get('amount') or 0), 'chip')}."
    verb = str(ev.get("action") or kind).replace("_", " ")
    rest = {k: v for k, v in ev.items() if k not in ("kind", "seat", "action") and _short(v)}
    if "amount" in rest:
        words = f"{verb} {rest['amount']:,}" if isinstance(rest["amount"], int) else f"{verb} {rest['amount']}"
    elif 0 < len(rest) <= 2:
        words = verb + " (" + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in rest.items()) + ")"
    else:
        words = verb
    return f"{who}: {words}." if who else words[:1].upper() + words[1:] + "."


def bet_words(who: str, ev: dict[str, Any]) -> str | None:
    """The betting actions every betting table words alike (None for one a game words itself). A call says the
    chips it put in, as the Call button does ("Call 16"); a seat that had already bet this round says its total
    too, so "Grell calls 32." and "Oona calls 16 (32 in all)." read as meeting the same bet."""
    a = ev.get("action")
    amount = int(ev.get("amount") or 0)
    if a == "check":
        return f"{who} checks."
    if a == "call":
        total = int(ev.get("wager") or 0)
        return f"{who} calls {amount:,}" + (f" ({total:,} in all)." if total > amount else ".")
    if a == "fold":
        return f"{who} folds."
    if a == "allin":
        return f"{who} goes all-in with {amount:,}."
    if a == "raise":
        return f"{who} raises to {int(ev.get('wager') or 0):,}."
    return None


def bet_tag(d: dict[str, Any], extra: dict[str, str] | None = None) -> str:
    """A bet event's tag over the seat, in the words every betting table uses (``extra``: a game's own
    actions, or its own words for one of these)."""
    act = str(d.get("action"))
    amount = int(d.get("amount") or 0)
    words = {"check": "CHECKS", "call": f"CALLS {amount:,}", "allin": f"ALL-IN {amount:,}", "fold": "FOLDS",
             "raise": f"RAISES TO {int(d.get('wager') or 0):,}"}
    words.update(extra or {})
    return words.get(act, act.upper())


def status_line(table: BaseTable) -> str:
    """Whose turn it is and in what phase; while events play out, what is happening (the log's last line)."""
    if not table.synced and table.log:
        text = table.log_text(table.log[-1])
        if text:
            return text
    v = table.shown
    if v.get("is_over") or table.state.is_over:
        return "The session is over"
    seat = v.get("current_seat")
    if seat is None:
        return ""
    phase = table.PHASES.get(str(v.get("phase")), "")
    human = table.session.is_human(seat)
    who = "Your turn" if seat == table.eyes and human else f"{table.names[seat]} to act"
    if not human:
        who = f"{table.names[seat]} is thinking…" if table.synced else f"{table.names[seat]} to act"
    return f"{who}" + (f"  ·  {phase}" if phase else "")


def round_info(view: dict[str, Any], noun: str = "Round") -> str:
    """"Round 2 of 5" from the view (the limit when the session has one; nothing before the first round);
    ``noun`` is what the game calls one (Nepunian Spike plays hands, each of three betting rounds)."""
    rnd = view.get("round")
    info = f"{noun} {rnd}" if rnd else ""
    limit = (view.get("options") or {}).get("rounds")
    if limit and info:
        info += f" of {limit}"
    return info


def _short(v: Any) -> bool:
    return isinstance(v, (int, str)) and len(str(v)) <= 24
