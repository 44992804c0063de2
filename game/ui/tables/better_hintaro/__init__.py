"""The Better Hintaro table, as a package: the Hintaro dice round, then a business stage of shop, bounties,
auctions and trades.

Modules, each read in one sitting:

* :mod:`.table` — the table itself: its two faces (dice table, market board), layout, input, painting, seats;
* :mod:`.market` — the market board's layout and panels (Shop rows, bounties, discard pile, pot, seat rows,
  the auction);
* :mod:`.trade_builder` — a trade offer being built, the builder and answer panels, and the table's side of it;
* :mod:`.card_art` — how item, bounty and mini cards look (tiers, glyphs, cached pictures);
* :mod:`.action_bar` — the verbs as buttons, their refusals, the bar's heading and the status line;
* :mod:`.pointer` — what is under the pointer (every card, with its tooltip) and the selection;
* :mod:`.story` — events become beats (cards flying, the Shop turning over);
* :mod:`.words` — what the log says about each event;
* :mod:`.victory` — the shootout panel and the victory screen;
* :mod:`.common` — the few names they all share.

The table class is the Hintaro table plus the mixins of :mod:`.action_bar`, :mod:`.trade_builder`,
:mod:`.pointer`, :mod:`.story` and :mod:`.words` (the way the engine's ``BetterHintaro`` is built from its mixins).
"""

from __future__ import annotations

from game.ui.tables.better_hintaro.table import BetterHintaroTable

__all__ = ["BetterHintaroTable"]
