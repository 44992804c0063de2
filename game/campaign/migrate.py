"""Version 1 campaign saves, read back as the choices that made them.

Why a migration and not the old loader: a version 1 save stored the numbers (bankroll, purses, the ledger, the
stacks settled at the last hand's end, ``won``, the cantinas opened) and checked that they agreed with each
other, so a save edited consistently (``table.settled[0]`` set to 10^9 between hands) loaded and paid out.
Here only the facts are taken from it: the name, the seed, the starting credits (at most the usual), each
sitting's table and actions, the order of sittings, loans, repayments and favours (from the ledger's entries),
and which cantinas were opened. Everything else is recomputed by playing those choices through the campaign
itself (:meth:`~game.campaign.progress.Campaign.replay_command`): numbers that were edited are simply not read,
and choices the player could not have made are refused.

Doors are not in a version 1 ledger; each cantina the save lists as opened is opened as soon as its door's
requirements are met (the state between two ledger entries does not change, so "as soon as possible" finds
every door that was really passed), and a cantina whose door never opens is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.ai.seeds import secret_from_text
from game.campaign.levels import Level
from game.campaign.progress import STARTING_CREDITS, Campaign, CampaignDataError, CampaignError
from game.campaign.regulars import Roster
from game.engine import GAMES
from game.engine.core import legacy_options
from game.files import FileRefused, decode_json
from game.schema import Bool, Field, Int, List, MapOf, Obj, Optional, Plain, SchemaError, Str

_ID = Str(max_len=200)
_SITTING = Obj({"level": _ID, "table": _ID, "engine": Str(max_len=64 * 1024 * 1024),
                "dealt_in": Field(Bool(), required=False)}, extra="drop")
_ENTRY = Obj({"kind": Str(max_len=40), "postings": MapOf(Int(), key=Str(max_len=300))}, extra="drop")
V1_SCHEMA = Obj({
    "name": Str(max_len=100),
    "seed": Int(0, 2**64 - 1),
    "current": _ID,
    "unlocked": List(_ID, max_len=1000),
    "ledger": List(_ENTRY, min_len=1, max_len=1_000_000),
    "history": List(_SITTING, max_len=100_000),
    "table": Field(Optional(_SITTING), required=False, default=None),
}, extra="drop")
_ENGINE = Obj({"actions": List(MapOf(Plain(), key=Str(max_len=100), max_len=64), max_len=1_000_000)},
              extra="drop")


def from_version_1(data: Any, levels: Mapping[str, Level], roster: Roster, games: Mapping[str, Any]) -> Campaign:
    try:
        d = V1_SCHEMA.check(data, "campaign")
    except SchemaError as exc:
        raise CampaignDataError(str(exc)) from None
    opening = d["ledger"][0]
    starting = opening["postings"].get("player", 0)
    if opening["kind"] != "open" or not 0 <= starting <= STARTING_CREDITS:
        raise CampaignDataError(f"campaign.ledger[0]: the campaign must open with 0 to {STARTING_CREDITS} credits")
    for lid in d["unlocked"]:
        if lid not in levels:
            raise CampaignDataError(f"campaign.unlocked: unknown cantina {lid!r}")
    try:
        c = Campaign(levels, roster, name=d["name"], seed=d["seed"], starting_credits=starting, games=games)
    except CampaignError as exc:
        raise CampaignDataError(f"campaign: {exc}") from None
    if isinstance(data, Mapping) and data.get("secret") is not None:  # written by the seeds-keyed version 1
        try:
            c.secret = secret_from_text(data["secret"])
        except ValueError as exc:
            raise CampaignDataError(f"campaign.secret: {exc}") from None

    sittings = [*d["history"], *([d["table"]] if d["table"] is not None else [])]
    actions = []
    legacy: list[dict[str, Any]] = []  # options added since each sitting was played, at their old rule
    for i, s in enumerate(sittings):
        where = f"campaign.history[{i}].engine" if i < len(d["history"]) else "campaign.table.engine"
        try:
            engine = decode_json(s["engine"], what="table save")
            actions.append(_ENGINE.check(engine, where)["actions"])
        except (FileRefused, SchemaError) as exc:
            raise CampaignDataError(f"{where}: {exc}") from None
        cls = GAMES.get(engine.get("game")) if isinstance(engine.get("game"), str) else None
        saved = engine.get("options")
        legacy.append(legacy_options(cls.OPTIONS, saved) if cls is not None and isinstance(saved, dict) else {})

    def open_doors() -> None:
        """Open every cantina the save lists as opened whose door's requirements are met now."""
        progress = True
        while progress and c.session is None:
            progress = False
            for lid in d["unlocked"]:
                if lid in c.unlocked:
                    continue
                for src in list(c.unlocked):
                    door = next((x for x in levels[src].doors if x.to == lid and not c.unmet(x.requires)), None)
                    if door is not None:
                        if c.current != src:
                            c.replay_command({"travel": src}, "campaign.unlocked")
                        c.replay_command({"door": door.name}, "campaign.unlocked")
                        progress = True
                        break

    k = 0
    open_doors()
    for i, e in enumerate(d["ledger"]):
        where = f"campaign.ledger[{i}]"
        kind, postings = e["kind"], e["postings"]
        if kind == "buy_in":
            if k >= len(sittings):
                raise CampaignDataError(f"{where}: a buy-in with no sitting to go with it")
            s = sittings[k]
            if c.current != s["level"]:
                c.replay_command({"travel": s["level"]}, where)
            live = d["table"] is not None and k == len(sittings) - 1
            entry: dict[str, Any] = {"sit": s["table"], "actions": actions[k]}
            if legacy[k]:
                entry["legacy_options"] = legacy[k]
            if live and "dealt_in" in s:
                entry["dealt_in"] = s["dealt_in"]
            c.replay_command(entry, where, last=live)
            k += 1
        elif kind == "cash_out":
            t = c.session
            if t is None:
                raise CampaignDataError(f"{where}: a cash-out away from the tables")
            how = "over" if t.is_over else "between" if t.hand_ends and t.actions_played == t.hand_ends[-1] \
                else "forfeit"
            c.replay_command({"leave": how}, where)
        elif kind == "loan":
            c.replay_command({"borrow": postings.get("player", 0)}, where)
        elif kind == "repay":
            c.replay_command({"repay": -postings.get("player", 0)}, where)
        elif kind == "favour":
            c.replay_command({"favour": True}, where)
        open_doors()
    if k != len(sittings):
        raise CampaignDataError(f"campaign.history: {len(sittings)} sittings, but the ledger buys in {k} times")
    if d["table"] is not None and c.session is None:
        raise CampaignDataError("campaign.table: the ledger cashed this table out")
    never = [lid for lid in d["unlocked"] if lid not in c.unlocked]
    if never:
        raise CampaignDataError(f"campaign.unlocked: {never[0]!r} was never opened (its door's requirements were "
                                "never met)")
    if c.session is None and c.current != d["current"]:
        if d["current"] not in c.unlocked:
            raise CampaignDataError(f"campaign.current: {d['current']!r} is not an opened cantina")
        c.replay_command({"travel": d["current"]}, "campaign.current")
    problems = c.audit()
    if problems:
        raise CampaignDataError("the books do not balance: " + "; ".join(problems[:3]))
    return c
