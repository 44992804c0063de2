"""Agent seeds that give nothing away about the table's chance: one keyed one-way function, used everywhere.

Why: an agent is handed its seed. If that seed is a simple function of the table's seed (``table × 131 +
seat``, or a splitmix64 mix that can be run backwards in about 2^16 guesses), an agent that inverts it can
rebuild the table with ``create()`` and know the deck and every future die. So every agent seed above the engine
(``simulate``, ``bench``, the economy report, quick tables, the campaign's regulars and the bench's player) is
made here, by :func:`agent_seed`: BLAKE2b keyed with a **table secret**, over the seat and what else tells the
agents apart. Without the secret, a seed says nothing about the table's seed or about another seat's seed
(BLAKE2b is a pseudo-random function under its key), and the secret cannot be recovered from seeds.

Where the secret comes from:

* **Saved tables** (the campaign): a random :func:`new_secret` (``secrets.token_bytes``) made with the campaign,
  kept in its save, and one secret per sitting derived from it with :func:`derive_secret` (also kept in the
  table's save), so a reloaded game rebuilds the same agents and plays on exactly. A campaign started from a
  given seed (tests, ``bench campaign``) and a save from before the secret existed use
  ``seeded_secret("campaign", seed)`` instead: see below.
* **Quick tables** (the UI; never saved): a fresh random secret per table.
* **Seeded runs** (``simulate --seed``, ``bench``): :func:`seeded_secret` of the run's seed, BLAKE2b keyed with
  the fixed public string :data:`SEEDED_DOMAIN`. That makes a run reproducible from its seed and is still one-way:
  an agent given its seed cannot compute the table's seed from it. What it cannot hide is a seed that can be
  guessed: an agent that knows this code could try small run seeds one by one. That is no weaker than the
  table itself (whose seed is the run's seed plus the session number, so guessing small seeds and dealing them
  with ``create()`` needs no agent seed at all): a seeded run is a measurement, not a secret. Tables people
  play on (the campaign, quick tables) get random secrets and random seeds.
"""

from __future__ import annotations

import hashlib
import secrets

#: bytes in a table secret (BLAKE2b takes keys up to 64 bytes)
SECRET_BYTES = 32
#: the public key under which a seeded run's secret is derived from its seed (see the module notes)
SEEDED_DOMAIN = b"lost-hand-cantina/seeded-table-secret/v1"
#: agent seeds are 48-bit, like the engine's derived seeds (exact in JSON, a float and every Rng)
SEED_BITS = 48

_AGENT = b"cantina-agent"  # BLAKE2b personalisation (at most 16 bytes): agent seeds
_SECRET = b"cantina-secret"  # and secrets derived from secrets: the two never coincide


def _encode(parts: tuple[object, ...]) -> bytes:
    """The parts as one unambiguous byte string (type, length, value for each), so ``(1, 23)`` and
    ``(12, 3)``, or ``1`` and ``"1"``, never hash alike."""
    out = bytearray()
    for p in parts:
        if isinstance(p, bool) or not isinstance(p, (int, str, bytes)):
            raise TypeError(f"a seed part is a whole number, a text or bytes, not {p!r}")
        if isinstance(p, int):
            tag, raw = b"i", str(p).encode("ascii")
        elif isinstance(p, str):
            tag, raw = b"s", p.encode("utf-8")
        else:
            tag, raw = b"b", p
        out += tag + len(raw).to_bytes(4, "big") + raw
    return bytes(out)


def _check(secret: bytes) -> bytes:
    if not isinstance(secret, bytes) or not 16 <= len(secret) <= 64:
        raise ValueError("a table secret is 16 to 64 bytes")
    return secret


def agent_seed(secret: bytes, *parts: int | str | bytes) -> int:
    """The seed of the agent named by ``parts`` (a seat, a session, a role) at the table whose secret is
    ``secret``: BLAKE2b keyed with the secret, 48 bits. The same secret and parts always give the same seed;
    without the secret nothing about the table follows from it."""
    digest = hashlib.blake2b(_encode(parts), key=_check(secret), digest_size=8, person=_AGENT).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def derive_secret(secret: bytes, *parts: int | str | bytes) -> bytes:
    """A secret of its own for a part of what ``secret`` covers (a campaign's sitting ``number``), by the same
    keyed hash: knowing one derived secret tells nothing about ``secret`` or its other children."""
    return hashlib.blake2b(_encode(parts), key=_check(secret), digest_size=SECRET_BYTES, person=_SECRET).digest()


def new_secret() -> bytes:
    """A fresh random table secret (``secrets.token_bytes``): for tables nothing needs to replay."""
    return secrets.token_bytes(SECRET_BYTES)


def seeded_secret(*parts: int | str | bytes) -> bytes:
    """The secret of a seeded run (``seeded_secret("simulate", seed)``): BLAKE2b of the parts keyed with the
    public :data:`SEEDED_DOMAIN`. Reproducible and one-way; only as hidden as the seed is hard to guess (see the
    module notes)."""
    return hashlib.blake2b(_encode(parts), key=SEEDED_DOMAIN, digest_size=SECRET_BYTES, person=_SECRET).digest()


def secret_to_text(secret: bytes) -> str:
    """A secret as saves keep it (hex)."""
    return _check(secret).hex()


def secret_from_text(text: object) -> bytes:
    """A secret back from :func:`secret_to_text`; ValueError if it is not one."""
    if not isinstance(text, str):
        raise ValueError("a table secret is saved as hex text")
    try:
        return _check(bytes.fromhex(text))
    except ValueError:
        raise ValueError("a table secret is 16 to 64 bytes of hex text") from None
