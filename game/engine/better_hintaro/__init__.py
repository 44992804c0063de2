"""Better Hintaro: core Hintaro with items in the pot and a business stage (shop, bounties, auctions, trades).

``BetterHintaro`` is the game (``game_id = "better_hintaro"``); ``load_content`` reads and validates its
decks from ``assets/data/better_hintaro/``. Modules: :mod:`.game` (round flow, showdown, views),
:mod:`.betting` (bets in credits and items), :mod:`.business` (shop, bounties, auctions, trades, loans),
:mod:`.endgame` (shootouts, buy-backs and victory), :mod:`.pots` (pot layers of credits and items),
:mod:`.shootout` (rock-paper-scissors), :mod:`.content` (the data files), :mod:`.events` (the event
catalogue), :mod:`.reducer` (the view as a fold of the events), :mod:`.rulings` (our decisions and refusal
codes, for the rules browser and the screens).
"""

from game.engine.better_hintaro.content import Bounty, Container, Content, ContentError, Item, load_content
from game.engine.better_hintaro.game import BetterHintaro

__all__ = ["BetterHintaro", "Bounty", "Container", "Content", "ContentError", "Item", "load_content"]
