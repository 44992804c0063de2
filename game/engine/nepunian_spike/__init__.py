"""Sabacc: Nepunian Spike, on ordinary playing cards with two Sylops.

Modules: :mod:`.ranks` (the hands and their order, standard library only, for the engine, the AI and the rules
browser), :mod:`.table` (the game itself: play, bet and roll rounds, the Captain's dice, the spike pot) and
:mod:`.events` (what the table says happened, one TypedDict per event kind, and the view reducer).
"""

from game.engine.nepunian_spike.ranks import DECK, RANK_NAMES, VALUES, qualifying_ranks, rank_hand
from game.engine.nepunian_spike.table import NepunianSpike

__all__ = ["DECK", "RANK_NAMES", "VALUES", "NepunianSpike", "qualifying_ranks", "rank_hand"]
