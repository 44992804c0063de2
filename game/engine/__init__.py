"""The rules engine: pure Python, never imports pygame.

``create(game_id, seats=N, seed=S, options=None)`` starts a table session; ``restore(text)`` brings a saved one
back; ``GAMES`` maps every game id to its State class (title, seats, options, rulings notes).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from game.engine.better_hintaro import BetterHintaro
from game.engine.core import (
    REFUSAL_CODES,
    SAVE_FORMAT,
    SAVE_VERSION,
    Action,
    Event,
    IllegalAction,
    OptionSpec,
    Pot,
    SaveError,
    State,
    legacy_options,
)
from game.engine.hintaro import Hintaro
from game.engine.kinzo import Kinzo
from game.engine.nepunian_spike.table import NepunianSpike
from game.engine.sabacc_house.table import SabaccHouse
from game.engine.street_hintaro import StreetHintaro

#: every game, in the order menus list them
GAMES: dict[str, type[State]] = {
    cls.game_id: cls
    for cls in (Hintaro, StreetHintaro, Kinzo, SabaccHouse, NepunianSpike, BetterHintaro)
}


__all__ = [
    "GAMES",
    "REFUSAL_CODES",
    "Action",
    "Event",
    "IllegalAction",
    "OptionSpec",
    "Pot",
    "SaveError",
    "State",
    "create",
    "event_kinds",
    "reduce_view",
    "refusal_codes",
    "restore",
]


def _game(game_id: str) -> type[State]:
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; the games are: {', '.join(sorted(GAMES))}") from None


def reduce_view(view: Mapping[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
    """The seat's view after ``event`` (``Event.visible_to(seat)``), folded from its view before it.

    Pure: a new dict, neither argument mutated. For every game, seat and the spectator, folding this over the
    events ``apply`` returned gives exactly ``state.view(seat)`` after the step (the contract test checks it at
    every step of random playouts). Screens, replays and remote clients show a moment this way, never by
    re-deriving a rule.
    """
    return _game(view["game"]).reduce_view(view, event)


def event_kinds(game_id: str) -> dict[str, tuple[str, ...]]:
    """Every event kind ``game_id`` can emit, with the public data fields each carries (besides kind, seat)."""
    return {kind: tuple(fields) for kind, fields in _game(game_id).EVENT_KINDS.items()}


def refusal_codes(game_id: str) -> dict[str, str]:
    """Every refusal code ``game_id`` can give (``IllegalAction.code``), with what it means."""
    return {**REFUSAL_CODES, **_game(game_id).REFUSALS}


def create(game_id: str, seats: int = 2, seed: int = 0, options: Mapping[str, Any] | None = None) -> State:
    """A new table session of ``game_id``. Unknown games, seat counts or options raise ValueError naming them."""
    try:
        cls = GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; the games are: {', '.join(sorted(GAMES))}") from None
    return cls(seats, seed, options)


def restore(text: str | bytes) -> State:
    """Replay a save made by ``State.to_json``. Anything wrong raises SaveError saying what and where."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveError(f"the save is not valid JSON (it may be truncated or corrupt): {exc}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("this is not a Lost Hand Cantina table save")
    version = data.get("version")
    if not isinstance(version, int) or version > SAVE_VERSION:
        raise SaveError(f"the save is version {version!r}; this game reads version {SAVE_VERSION} and older")
    for key in ("game", "seats", "seed", "options", "actions"):
        if key not in data:
            raise SaveError(f"the save has no {key!r}")
    if not isinstance(data["actions"], list) or not isinstance(data["options"], dict):
        raise SaveError("the save's 'actions' must be a list and its 'options' an object")
    cls = GAMES.get(data["game"]) if isinstance(data["game"], str) else None
    options = dict(data["options"])
    if cls is not None:  # options added since the save was made play as the rule was then
        options.update(legacy_options(cls.OPTIONS, options))
    try:
        state = create(data["game"], data["seats"], data["seed"], options)
    except ValueError as exc:
        raise SaveError(f"the save's table cannot be set up: {exc}") from None
    for i, raw in enumerate(data["actions"]):
        try:
            state.apply(Action.from_dict(raw))
        except IllegalAction as exc:
            raise SaveError(f"action {i + 1} of the save cannot be replayed: {exc}") from None
    return state

