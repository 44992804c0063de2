"""One campaign being played in this window: the campaign, its save slot, and the moves between its scenes.

Why a small controller: sitting down, getting up, passing a door and dealing with the lender each change the
campaign *and* the scene stack *and* must be saved; doing all three in one place keeps the rule "save after
every change the player would hate to lose" in one place too. Saving never interrupts play: a failed save is
reported in a toast and the game goes on (the previous save and its backup stay on disk).
"""

from __future__ import annotations

import contextlib
import json
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from game.campaign import saves
from game.campaign.progress import Campaign, CampaignError, SessionResult
from game.files import FileRefused, atomic_write, load_json
from game.schema import Int, List, Obj, SchemaError, Str

if TYPE_CHECKING:
    from game.campaign.levels import Level
    from game.ui.app import App
    from game.ui.campaign.cantina import CantinaScene
    from game.ui.campaign.mapview import MapView
    from game.ui.tables.base import BaseTable

log = logging.getLogger("cantina.campaign")

#: the place side file: which campaign (its seed), which cantina, which cell
PLACE = Obj({"seed": Int(), "level": Str(max_len=200), "cell": List(Int(-10_000, 10_000), min_len=2, max_len=2)},
            extra="drop")


class CampaignPlay:
    """The campaign in slot ``slot``, on screen in ``app``."""

    def __init__(self, app: App, campaign: Campaign, slot: int) -> None:
        self.app = app
        self.campaign = campaign
        self.slot = slot
        self.cantina: CantinaScene | None = None
        self.saves = 0  # how many saves this window wrote (the tests read it)
        self.save_error: str | None = None
        self._views: dict[str, MapView] = {}
        #: regulars who won a hand at the table since the floor last looked (they gesture when it shows again)
        self.hand_winners: list[str] = []

    def map_view(self, level: Level) -> MapView:
        """The cantina's lit map, made once per cantina for this window (walking back through a door is instant)."""
        view = self._views.get(level.id)
        if view is None:
            from game.ui.campaign.mapview import MapView

            view = self._views[level.id] = MapView(level)
        return view

    # ------------------------------------------------------------------ saving
    def autosave(self, why: str) -> bool:
        """Write the campaign to its slot now. A failure is shown, never raised."""
        try:
            saves.save_slot(self.slot, self.campaign)
        except saves.SaveCorrupt as exc:
            self.save_error = f"Not saved: {exc}"
        except (OSError, ValueError) as exc:
            self.save_error = f"The campaign could not be saved ({why}): {exc}"
        else:
            self.saves += 1
            self.save_error = None
            return True
        log.warning("%s", self.save_error)
        self.app.report(self.save_error)
        return False

    # ------------------------------------------------------------------ where the player stands
    def place_path(self) -> Path:
        return place_path(self.slot)

    def remember_place(self, level_id: str, cell: tuple[int, int]) -> None:
        """Where the player stands in the room, beside the save (the campaign data has no place for it): a
        quit in the cantina comes back to the same spot. Losing it costs nothing but the spot."""
        data = {"seed": self.campaign.seed, "level": level_id, "cell": list(cell)}
        try:
            atomic_write(self.place_path(), json.dumps(data))
        except OSError as exc:
            log.info("cannot remember the player's place: %s", exc)

    def recall_place(self, level_id: str) -> tuple[int, int] | None:
        """The spot remembered for this campaign in this cantina, if any. Whatever the side file holds (any
        JSON, any size, a FIFO), the worst it can do is forget the spot."""
        try:
            data = PLACE.check(load_json(self.place_path(), 4096, what="place file"), "place")
        except FileNotFoundError:
            return None
        except (FileRefused, SchemaError) as exc:
            log.info("the remembered place is ignored: %s", exc)
            return None
        if data["seed"] == self.campaign.seed and data["level"] == level_id:
            c, r = data["cell"]
            return (c, r)
        return None

    # ------------------------------------------------------------------ scenes
    def start(self, arrived_from: str | None = None) -> CantinaScene:
        """Show the campaign where it stands: its cantina, and its table on top when it is mid-sitting."""
        from game.ui.campaign.cantina import CantinaScene

        self.cantina = CantinaScene(self.app, self, arrived_from=arrived_from)
        self.app.stack.clear_to(self.cantina)
        self.app.dirty = True
        if self.campaign.session is not None:
            self.open_table(resumed=True)
        return self.cantina

    def open_table(self, resumed: bool) -> BaseTable:
        """Put the table of the campaign's current sitting on screen (the game's own table class)."""
        from game.ui.campaign.sitting import CampaignSitting
        from game.ui.campaign.table import campaign_table

        table = campaign_table(self.app, CampaignSitting(self, resumed=resumed))
        self.app.push(table)
        return table

    def sit(self, table_name: str) -> BaseTable | None:
        """Buy in at a table of the current cantina and play it."""
        try:
            self.campaign.sit(table_name)
        except CampaignError as exc:
            self.app.toast(str(exc), 6.0)
            return None
        self.autosave("sit")
        return self.open_table(resumed=False)

    def leave(self, table: BaseTable, forfeit: bool = False) -> SessionResult | None:
        """Get up from the table (cash out), save, and show how the sitting went."""
        from game.ui.campaign.results import SittingResult

        try:
            result = self.campaign.leave(forfeit=forfeit)
        except CampaignError as exc:
            self.app.toast(str(exc), 6.0)
            return None
        self.autosave("leave")
        self.app.push(SittingResult(self.app, self, table, result))
        return result

    def back_to_cantina(self, table_name: str | None = None) -> None:
        """Close everything above the cantina (the table, its result) and stand the player up by the table."""
        from game.ui.tables.base import BaseTable

        if self.cantina is None or self.cantina not in self.app.stack.scenes:
            self.start()
            return
        while self.app.stack.top is not self.cantina and self.app.stack.top is not None:
            scene = self.app.pop()
            if isinstance(scene, BaseTable):
                scene.close()
        if table_name is not None:
            self.cantina.stand_by_table(table_name)

    def go_through(self, door_name: str) -> bool:
        """Walk through a door of the current cantina into the next one (saved)."""
        from game.ui.campaign.cantina import CantinaScene

        before = self.campaign.current
        try:
            self.campaign.use_door(door_name)
        except CampaignError as exc:
            self.app.toast(str(exc), 6.0)
            return False
        self.autosave("door")
        self.cantina = CantinaScene(self.app, self, arrived_from=before)
        self.app.stack.clear_to(self.cantina)
        self.app.dirty = True
        return True

    def quit_to_title(self) -> None:
        """Save and go back to the title screen (a table on screen is saved mid-hand as it closes)."""
        self.autosave("quit")
        self.app.go_title()


def place_path(slot: int) -> Path:
    """The small file beside slot ``slot``'s save that remembers where the player stands (named by saves, so
    that deleting the slot removes it too)."""
    return saves.place_path(slot)


def forget_place(slot: int) -> None:
    with contextlib.suppress(OSError):
        place_path(slot).unlink()
