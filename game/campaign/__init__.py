"""The single-player campaign: cantinas (Tiled maps), their regulars, progression, and save files.

Pure Python (the UI draws it): :mod:`.levels` reads the maps, :mod:`.regulars` the people, :mod:`.progress`
holds a :class:`~game.campaign.progress.Campaign` (bankroll, reputation, doors, tables, journal, ledger),
:mod:`.saves` writes and reads save slots atomically.
"""
