"""The campaign's books: every credit that moves is an entry, and every entry balances.

Why double entry: a credit is never created or lost by accident. Each entry moves credits between named
accounts and its postings sum to zero; the player's bankroll, each regular's purse and the chips on the table
are just account balances. Credits enter the world only through ``world`` (the opening balances, a regular
fetching more money) and the loan shark's ``lender`` account, both explicit and logged. A save holds no
ledger: the campaign rebuilds it by replaying the player's choices (``game.campaign.saves``), so the books of a
loaded campaign are the ones play would have kept.

Accounts: ``player``, ``table`` (every seat's chips while the player sits at a table), ``house`` (the
cantinas' bank: Kinzo's dealer, pots left on a table), ``lender``, ``world``, and ``regular:<id>``.

An entry may also carry ``debt`` (change in what the player owes the lender) and ``rep`` (change in the
player's reputation), so those two numbers are audited the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

ENTRY_KINDS: tuple[str, ...] = (
    "open",  # opening balances: the player's starting credits, the regulars' purses
    "restock",  # a regular short of the buy-in fetches more credits from the world
    "buy_in",  # the player and the regulars put their buy-ins on the table
    "cash_out",  # everyone takes their chips off the table; what no seat holds goes to the house
    "loan",  # the lender gives credits; the debt grows by the loan plus interest
    "repay",  # the player pays the lender back
    "favour",  # the lender stakes a broke player, for reputation
    "reputation",  # reputation earned (beating a regular); no credits move
)
FIXED_ACCOUNTS: tuple[str, ...] = ("player", "table", "house", "lender", "world")


class LedgerError(ValueError):
    """An entry that does not balance, or ledger data that is malformed."""


def valid_account(name: str) -> bool:
    return name in FIXED_ACCOUNTS or (name.startswith("regular:") and len(name) > len("regular:"))


@dataclass(frozen=True)
class Entry:
    n: int
    kind: str
    postings: Mapping[str, int]
    debt: int = 0
    rep: int = 0
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"n": self.n, "kind": self.kind, "postings": dict(self.postings)}
        if self.debt:
            d["debt"] = self.debt
        if self.rep:
            d["rep"] = self.rep
        if self.note:
            d["note"] = self.note
        return d


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class Ledger:
    entries: list[Entry] = field(default_factory=list)

    def post(self, kind: str, postings: Mapping[str, int], *, debt: int = 0, rep: int = 0, note: str = "") -> Entry:
        """Append an entry. It must balance (postings sum to zero); zero postings are dropped."""
        if kind not in ENTRY_KINDS:
            raise LedgerError(f"unknown entry kind {kind!r}")
        clean = {a: v for a, v in postings.items() if v}
        for account, amount in clean.items():
            if not valid_account(account):
                raise LedgerError(f"unknown account {account!r}")
            if not _whole(amount):
                raise LedgerError(f"posting to {account!r} must be a whole number of credits, not {amount!r}")
        if sum(clean.values()) != 0:
            raise LedgerError(f"a {kind} entry must balance; its postings sum to {sum(clean.values())}: {clean}")
        entry = Entry(len(self.entries) + 1, kind, clean, debt, rep, note)
        self.entries.append(entry)
        return entry

    def balances(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in self.entries:
            for account, amount in e.postings.items():
                out[account] = out.get(account, 0) + amount
        return out

    def balance(self, account: str) -> int:
        return sum(e.postings.get(account, 0) for e in self.entries)

    def debt(self) -> int:
        return sum(e.debt for e in self.entries)

    def reputation(self) -> int:
        return sum(e.rep for e in self.entries)

    def problems(self) -> list[str]:
        """Entries that do not balance or are out of sequence (empty: the books are sound)."""
        out = []
        for i, e in enumerate(self.entries, start=1):
            if e.n != i:
                out.append(f"ledger entry {i} is numbered {e.n}")
            total = sum(e.postings.values())
            if total:
                out.append(f"ledger entry {e.n} ({e.kind}) does not balance: its postings sum to {total}")
        return out

    def to_list(self) -> list[dict[str, Any]]:
        return [e.to_dict() for e in self.entries]
