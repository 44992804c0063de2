"""Sabacc, House Rules: stud-style sabacc on the 62-card deck.

Modules: :mod:`.ranks` (the hands and their order, standard library only, for the engine, the AI and the rules
browser), :mod:`.table` (the game itself: deal, betting rounds, spike dice, draws, showdown, views) and
:mod:`.view` (the event catalogue and the view reducer).
"""

from game.engine.sabacc_house.ranks import CARDS, DECK, RANK_NAMES, qualifying_ranks, rank_hand, wins_sabacc_pot
from game.engine.sabacc_house.table import SabaccHouse

__all__ = ["CARDS", "DECK", "RANK_NAMES", "SabaccHouse", "qualifying_ranks", "rank_hand", "wins_sabacc_pot"]
