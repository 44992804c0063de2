"""The journal: goals, the regulars met and beaten, numbers per game, and the story so far.

Why computed, not stored: goals follow from the maps (each locked door and the champion's table say what it
takes) and the campaign's state, so a goal can never disagree with the door it describes, and a map edited in
Tiled changes the journal with it. The journal screen draws :class:`Journal` as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.campaign.progress import Campaign, GameStats


@dataclass(frozen=True)
class Goal:
    id: str
    text: str
    done: bool
    needs: tuple[str, ...] = ()  # what is still missing, in words (empty when done or nothing is known)


@dataclass(frozen=True)
class RegularEntry:
    id: str
    name: str
    epithet: str
    bio: str
    cantina: str  # the cantina's title
    table: str  # the table's title
    game: str  # the game's title
    met: bool
    beaten: int  # times beaten
    reputation: int  # what beating them (the first time) is worth
    champion: bool
    found: bool = True  # the player has found the cantina where they play (else it goes unnamed)


@dataclass(frozen=True)
class StatsEntry:
    game: str
    title: str
    stats: GameStats


@dataclass(frozen=True)
class Journal:
    goals: tuple[Goal, ...]
    regulars: tuple[RegularEntry, ...]
    stats: tuple[StatsEntry, ...]
    notes: tuple[str, ...]
    bankroll: int
    reputation: int
    debt: int


def build_journal(c: Campaign) -> Journal:
    """The journal of campaign ``c`` right now."""
    goals: list[Goal] = []
    seen_targets: set[str] = set()
    ordered = sorted(c.levels.values(), key=lambda lv: (lv.order, lv.id))
    for lv in ordered:
        if lv.id not in c.unlocked:
            continue
        for door in lv.doors:
            if door.to in seen_targets or door.to not in c.levels:
                continue
            seen_targets.add(door.to)
            target = c.levels[door.to]
            done = door.to in c.unlocked
            needs = () if done else tuple(c.unmet(door.requires))
            goals.append(Goal(f"open:{door.to}", f"Find a way into {target.title}", done, needs))
    for lv in ordered:
        regs = [s.regular for s in lv.regulars if not c.roster.regulars[s.regular].champion]
        if regs and lv.id in c.unlocked:
            beaten = sum(1 for r in regs if r in c.beaten)
            goals.append(Goal(f"regulars:{lv.id}", f"Beat the regulars of {lv.title} ({beaten}/{len(regs)})",
                              beaten == len(regs)))
    champion = c.roster.champion
    champ_table = next((t for lv in ordered for t in lv.tables if t.champion), None)
    needs = () if c.won or champ_table is None else tuple(c.unmet(champ_table.requires))
    goals.append(Goal("champion", f"Beat {champion.name}, {champion.epithet}", c.won, needs))
    if c.debt:
        goals.append(Goal("debt", f"Pay back {c.roster.lender.name} ({c.debt:,} credits)", False))

    where: dict[str, tuple[str, str, str, bool]] = {}
    for lv in ordered:
        for s in lv.regulars:
            t = lv.table(s.table)
            where[s.regular] = (lv.title, t.title, c.game_title(t.game), lv.id in c.unlocked)
    entries = []
    for rid, reg in c.roster.regulars.items():
        cantina, table, game, found = where.get(rid, ("", "", "", True))
        entries.append(RegularEntry(rid, reg.name, reg.epithet, reg.bio, cantina, table, game, rid in c.met,
                                    c.beaten.get(rid, 0), reg.reputation, reg.champion, found))
    stats = tuple(StatsEntry(g, c.game_title(g), s) for g, s in sorted(c.stats.items()))
    return Journal(tuple(goals), tuple(entries), stats, tuple(c.notes), c.bankroll, c.reputation, c.debt)
