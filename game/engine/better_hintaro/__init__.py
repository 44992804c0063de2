"""Better Hintaro: core Hintaro with items in the pot and a business stage (shop, bounties, auctions, trades).

``BetterHintaro`` is the game (``game_id = "better_hintaro"``); ``load_content`` reads and validates its
decks from ``assets/data/better_hintaro/``. Modules: :mod:`.game` (round flow, showdown, views),
:mod:`.betting` (bets in credits and items), :mod:`.business` (shop, bounties, auctions, trades, loans),
:mod:`.endgame` (shootouts and victory), :mod:`.pots` (pots of credits and items), :mod:`.shootout`
(rock-paper-scissors), :mod:`.content` (the data files), :mod:`.rulings` (our decisions, for the rules
browser). The economy report and its bounty-hunting seat live with the other measuring code in
:mod:`game.measure`.
"""

from game.engine.better_hintaro.content import Bounty, Container, Content, ContentError, Item, load_content
from game.engine.better_hintaro.game import BetterHintaro

__all__ = ["BetterHintaro", "Bounty", "Container", "Content", "ContentError", "Item", "load_content"]
