"""What the action bar offers at a table, and why a greyed button is greyed, as every table does it by default.

The action bar (``tables/action_bar.py``) shows buttons; the table decides which (its ``action_specs`` hook,
from the engine's legal actions) and, for a greyed one, why not (its ``why_greyed``: the engine's refusal of
the action the button stands for, in the table's words). These are the defaults those hooks call; a game's
table overrides the hook and calls ``super()`` for what it does not word itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.engine.core import Action, State
from game.ui.refusals import refusal_words
from game.ui.tables.action_bar import ActionSpec, pick_key

if TYPE_CHECKING:
    from game.ui.tables.base import BaseTable


def action_specs(state: State, legal: list[Action]) -> list[ActionSpec]:
    """One button per legal action, labelled from its kind and fields; the amount kinds share the slider."""
    specs: list[ActionSpec] = []
    seen: set[str] = set()
    used: set[int] = set()
    for act in legal:
        if act.kind in seen and state.amount_range(act.kind) is not None:
            continue
        ranged = state.amount_range(act.kind) is not None and act.get("amount") is not None
        label = act.kind.replace("_", " ").capitalize()
        if not ranged and act.fields:
            label += " " + " ".join(str(v) for _, v in act.fields)
        key = pick_key(label, used)
        spec = ActionSpec(label, f"{label}", key=key, key_label=pygame.key.name(key).upper() if key else "")
        if ranged:
            spec.amount_kind = act.kind
            seen.add(act.kind)
        else:
            spec.action = act
        specs.append(spec)
    return specs


def rebuild(table: BaseTable) -> None:
    """Put the table's buttons for the current turn on its bar: live only when a person here may act, else the
    buttons the view would offer, greyed, each saying why."""
    mine = table.my_turn()
    legal = table.state.legal_actions() if mine else []
    view = table.shown
    try:
        specs = table.action_specs(view, legal) if mine else table.idle_specs(view)
    except Exception as exc:
        table.app.report(f"cannot build the action buttons: {exc}")
        specs = []
    bar = table.bar
    bar.specs = specs
    bar.pick_slider(specs if mine else [], table.state.amount_range,
                    lambda kind, lo, hi: table.slider_step(kind, lo, hi, view))
    for spec in specs:
        if not (spec.enabled and mine):
            bar.say_why_greyed(spec, lambda spec: table.why_greyed(spec, view), mine)
    table.put_buttons(specs, [table.button_callback(spec) for spec in specs], live=mine)


def why_greyed(table: BaseTable, spec: ActionSpec, view: dict[str, Any]) -> str | None:
    """Why ``spec`` is greyed: why the eyes cannot act at all now, else the engine's refusal of what the button
    would play, in the table's words (None: the button's own tooltip already says what to do)."""
    wait = table.wait_words()
    if wait is not None:
        return wait
    probe = table.greyed_probe(spec, view)
    if probe is None:
        return None
    why = table.state.check(probe)
    return None if why is None else table.greyed_words(spec, why, view)


def wait_words(table: BaseTable) -> str | None:
    """Why the eyes cannot act at all now (whose turn it is, the session over, the table still moving), or
    None on their turn."""
    state = table.state
    seat = state.current_seat
    if state.is_over or seat is None:
        return refusal_words(state.game_id, "session_over", {}, table.names)
    if seat != table.eyes or not table.session.is_human(seat):
        return refusal_words(state.game_id, "not_your_turn", {"current_seat": seat}, table.names)
    if not table.my_turn():
        return "Wait a moment: the table is still playing out the last move."
    return None


def greyed_probe(state: State, spec: ActionSpec, view: dict[str, Any]) -> Action | None:
    """The action a greyed button stands for, to ask the engine why not: its action, or its amount kind at
    the smallest amount the table would offer."""
    if spec.action is not None or spec.probe is not None:
        return spec.action or spec.probe
    if spec.amount_kind:
        rng = state.amount_range(spec.amount_kind)
        low = rng[0] if rng else max(1, int(view.get("min_bet") or view.get("ante") or 1))
        return Action(spec.amount_kind, amount=low)
    return None
