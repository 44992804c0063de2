"""One table module per game, all on the shared base; any game without one gets the generic table.

To give a new game its own look, add a module with a BaseTable subclass and list it in TABLES.
"""

from __future__ import annotations

from game.ui.tables.base import BaseTable
from game.ui.tables.better_hintaro import BetterHintaroTable
from game.ui.tables.generic import GenericTable
from game.ui.tables.hintaro import HintaroTable
from game.ui.tables.kinzo import KinzoTable
from game.ui.tables.nepunian_spike import NepunianSpikeTable
from game.ui.tables.sabacc_house import SabaccHouseTable
from game.ui.tables.street_hintaro import StreetHintaroTable

TABLES: dict[str, type[BaseTable]] = {
    "better_hintaro": BetterHintaroTable,
    "hintaro": HintaroTable,
    "street_hintaro": StreetHintaroTable,
    "sabacc_house": SabaccHouseTable,
    "nepunian_spike": NepunianSpikeTable,
    "kinzo": KinzoTable,
}


def table_for(game_id: str) -> type[BaseTable]:
    """The table class for ``game_id``: its own, or the generic one that draws any view as text."""
    return TABLES.get(game_id, GenericTable)
