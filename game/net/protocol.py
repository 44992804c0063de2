"""The wire protocol of a network table: versioned JSON objects over a WebSocket, nothing else.

Every message is one JSON object (a text frame) with ``"v": VERSION`` and a ``"type"``. Each type lists its
fields here, with their JSON types; a message with a missing or unknown field, a wrong type, another version,
a binary frame or text that is not JSON is refused (:class:`ProtocolError` with a stable ``code``). Nothing is
ever unpickled or evaluated: ``json.loads`` and these checks are the whole parser.

Client → server::

    join    {password?, token?}         take the next free remote seat, or, with a token, take one's seat back
    act     {id, at, action}            one action for the client's own seat (``Action.to_dict()``); ``id`` is
                                        the client's number for it, echoed in the answer; ``at`` is the
                                        ``turn``'s ``at`` it answers (an action meant for a turn that has
                                        passed, say one a stand-in played, is refused ``stale_turn``)

Server → client::

    welcome {seat, token, game, seats, agents, step, view, turn?}
            the seat, its reconnect token and the seat's current view; ``step`` is the number of the next event
    events  {step, events, ack?, turn?}
            the next events in order, each exactly ``Event.visible_to(seat)``; ``step`` numbers the first one;
            ``ack`` is the id of this client's action that caused them; ``turn`` when it is now this seat's turn
    refused {id, code, params, message, turn?}
            the engine refused action ``id`` (``IllegalAction.code`` and ``.params``): nothing changed
    check   {step, digest}
            sha256 of the seat's view after event ``step - 1`` (:func:`digest`): a client that folds correctly
            holds a view with the same digest
    seat    {seat, status}              a seat's player went ``away``, is played by the ``stand_in`` AI, or is ``back``
    over    {result}                    the session is over: the summary (the same as ``simulate``, without seed)
    error   {code, message}             a protocol fault (bad JSON, unknown field, flood, wrong password, ...)

``turn`` is ``{"at": n, "legal": [Action.to_dict(), ...], "ranges": {kind: [low, high]}}``: the choices the seat
has now, ``at`` being the number of actions the table has taken so far.

Refusal codes are the engine's (``refusal_codes(game)``) plus :data:`TABLE_REFUSALS`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

VERSION = 1
#: the largest message a server accepts from a client (a join or an action is well under 1 KiB)
MAX_CLIENT_MESSAGE = 8 * 1024
#: the largest message a client accepts from the server (a welcome carries a whole view)
MAX_SERVER_MESSAGE = 4 * 1024 * 1024

_OBJ, _LIST, _STR, _INT = dict, list, str, int

#: per message type: (required fields, optional fields), each field with its JSON type
CLIENT_MESSAGES: dict[str, tuple[dict[str, type], dict[str, type]]] = {
    "join": ({}, {"password": _STR, "token": _STR}),
    "act": ({"id": _INT, "at": _INT, "action": _OBJ}, {}),
}
SERVER_MESSAGES: dict[str, tuple[dict[str, type], dict[str, type]]] = {
    "welcome": (
        {"seat": _INT, "token": _STR, "game": _STR, "seats": _INT, "agents": _LIST, "step": _INT, "view": _OBJ},
        {"turn": _OBJ},
    ),
    "events": ({"step": _INT, "events": _LIST}, {"ack": _INT, "turn": _OBJ}),
    "refused": ({"id": _INT, "code": _STR, "params": _OBJ, "message": _STR}, {"turn": _OBJ}),
    "check": ({"step": _INT, "digest": _STR}, {}),
    "seat": ({"seat": _INT, "status": _STR}, {}),
    "over": ({"result": _OBJ}, {}),
    "error": ({"code": _STR, "message": _STR}, {}),
}

#: protocol fault codes (``error`` messages), with what each means
ERROR_CODES: dict[str, str] = {
    "bad_json": "the message is not a JSON object in a text frame",
    "bad_version": "the message's protocol version is not this server's",
    "bad_message": "an unknown message type, a missing or unknown field, or a field of the wrong type",
    "too_large": "the message is larger than the limit",
    "rate_limited": "too many messages too fast: this one was dropped",
    "bad_password": "the table's password was not given or is wrong",
    "bad_token": "no seat has this reconnect token",
    "table_full": "every remote seat is taken",
    "not_joined": "join first",
    "already_joined": "this connection already has a seat",
    "replaced": "the seat was taken back by a newer connection with its token",
    "too_slow": "the connection did not read its messages fast enough",
}


#: refusals the table itself gives (besides the engine's codes)
TABLE_REFUSALS: dict[str, str] = {
    "stale_turn": "the action answers a turn that has passed (the seat's stand-in or an earlier action took it)",
    "not_started": "play starts when every remote seat is taken",
}


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``code`` is one of :data:`ERROR_CODES`."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _type_ok(value: Any, want: type) -> bool:
    if want is int:
        return type(value) is int  # a bool is not a number here
    return isinstance(value, want)


def check_message(data: Any, schema: Mapping[str, tuple[dict[str, type], dict[str, type]]]) -> dict[str, Any]:
    """``data`` as a valid message of ``schema``, or :class:`ProtocolError` saying what is wrong."""
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "a message is a JSON object")
    if data.get("v") != VERSION or type(data.get("v")) is not int:
        raise ProtocolError("bad_version", f"this side speaks protocol version {VERSION}, not {data.get('v')!r}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in schema:
        raise ProtocolError("bad_message", f"unknown message type {kind!r}; the types are: {', '.join(schema)}")
    required, optional = schema[kind]
    for name in required:
        if name not in data:
            raise ProtocolError("bad_message", f"a {kind} message needs {name!r}")
    for name, value in data.items():
        if name in ("v", "type"):
            continue
        want = required.get(name) or optional.get(name)
        if want is None:
            raise ProtocolError("bad_message", f"a {kind} message has no field {name!r}")
        if not _type_ok(value, want):
            raise ProtocolError("bad_message", f"field {name!r} of a {kind} message must be {want.__name__}")
    return data


def decode(raw: str | bytes, schema: Mapping[str, tuple[dict[str, type], dict[str, type]]],
           limit: int) -> dict[str, Any]:
    """Parse one received frame: a text frame of at most ``limit`` bytes holding one valid message."""
    if not isinstance(raw, str):
        raise ProtocolError("bad_json", "messages are text frames of JSON, not binary")
    if len(raw) > limit and len(raw.encode("utf-8")) > limit:
        raise ProtocolError("too_large", f"a message may be at most {limit} bytes")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "the message is not valid JSON") from None
    return check_message(data, schema)


def encode(kind: str, **fields: Any) -> str:
    """One message as compact JSON text."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"))


def encode_events(step: int, events_json: str, ack: int | None = None, turn: dict[str, Any] | None = None) -> str:
    """An ``events`` message whose event list is already JSON text (``events_json``): the same text
    :func:`encode` gives, but a table encodes the list once for every seat that sees it alike (most events are
    public) instead of once per seat."""
    text = f'{{"v":{VERSION},"type":"events","step":{int(step)},"events":{events_json}'
    if ack is not None:
        text += f',"ack":{int(ack)}'
    if turn is not None:
        text += ',"turn":' + json.dumps(turn, separators=(",", ":"))
    return text + "}"


def encode_list(items: list[Any]) -> str:
    """A list as the compact JSON text :func:`encode` would embed."""
    return json.dumps(items, separators=(",", ":"))


def canonical(view: Any) -> str:
    """A view as canonical JSON text (sorted keys, no spaces): what :func:`digest` hashes."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def digest(view: Any) -> str:
    """sha256 of the canonical JSON of a view (a round trip through JSON first, so int keys read as text)."""
    return hashlib.sha256(canonical(json.loads(json.dumps(view))).encode("utf-8")).hexdigest()
