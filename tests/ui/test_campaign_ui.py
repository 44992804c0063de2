"""The campaign on screen, driven by posted clicks and keys (headless): a new campaign from the title, a walk
to a table, a hand played to its end and saved, getting up with the result shown, quitting mid-hand and coming
back to the same table, a damaged save refused with its backup offered, the journal and a replay, the lender
and a locked door."""

from __future__ import annotations

import json
import os
import stat

import pygame
import pytest
from conftest import click, frames, press, until

from game.campaign import saves
from game.campaign.levels import load_all_levels
from game.campaign.progress import Campaign
from game.ui.app import App
from game.ui.campaign.cantina import CantinaScene, Target
from game.ui.campaign.dialog import Dialog
from game.ui.campaign.journal import JournalScene
from game.ui.campaign.lender import LenderScene
from game.ui.campaign.play import CampaignPlay
from game.ui.campaign.results import SittingResult
from game.ui.campaign.slots import SlotMenu
from game.ui.campaign.table import CampaignTableMixin
from game.ui.settings import Settings
from game.ui.tables.base import BaseTable

pytestmark = pytest.mark.usefixtures("data_dir")  # a campaign folder of its own (tests/ui/conftest.py)


def new_app() -> App:
    return App(size=(1280, 720), settings=Settings(speed=4.0, muted=True, ambience=True), fixed_step=True,
               strict=True)


def close_app(app: App) -> None:
    app.shutdown()
    pygame.quit()


def button(buttons, label: str):
    for b in buttons:
        if b.label.startswith(label):
            return b
    raise AssertionError(f"no button {label!r} among {[b.label for b in buttons]}")


def start_from_title(app: App) -> CantinaScene:
    """Title → Campaign → slot 1's New campaign → a name → the first cantina."""
    app.go_title()
    frames(app, 2)
    press(app, pygame.K_c)
    menu = app.stack.top
    assert isinstance(menu, SlotMenu)
    click(app, button(menu.cards[0][1], "New campaign").rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and dialog.field is not None
    press(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="z"))
    press(app, pygame.K_RETURN)
    cantina = app.stack.top
    assert isinstance(cantina, CantinaScene)
    assert cantina.campaign.name == "Rooz"
    return cantina


def walk_and_sit(app: App, cantina: CantinaScene, table_name: str) -> BaseTable:
    """Click a table (the player walks there), then click it again to sit down."""
    t = cantina.level.table(table_name)
    click(app, cantina.view.to_screen(*t.centre))
    assert cantina.path, "a click on a far table walks the player there"
    assert until(app, lambda: not cantina.path, 900)
    assert cantina.near(Target("table", table_name))
    assert cantina.panel_rows and table_name in str(cantina._panel_target)
    click(app, cantina.view.to_screen(*t.centre))
    table = app.stack.top
    assert isinstance(table, CampaignTableMixin) and isinstance(table, BaseTable)
    return table


def sit_fresh(app: App, table_name: str, seed: int = 3) -> tuple[Campaign, CampaignPlay, BaseTable]:
    """A new campaign saved in slot 1, on screen in its cantina, sat at ``table_name``."""
    c = Campaign.new("Rook", seed=seed)
    saves.save_slot(1, c)
    play = CampaignPlay(app, c, 1)
    play.start()
    table = play.sit(table_name)
    assert table is not None
    return c, play, table


def play_until(app: App, table, cond, limit: int = 4000) -> None:
    """Play the player's turns by clicking the first enabled action button until ``cond()``."""
    for _ in range(limit):
        if cond():
            return
        if table.my_turn():
            b = next(b for b in table.buttons if b.enabled)
            click(app, b.rect.center)
        else:
            frames(app, 1, 1 / 30)
    raise AssertionError("the table never got there")


def test_new_campaign_walk_sit_play_a_hand_and_leave(data_dir) -> None:
    app = new_app()
    try:
        cantina = start_from_title(app)
        c = cantina.campaign
        assert saves.slot_path(1).exists()
        table = walk_and_sit(app, cantina, "long_table")
        assert c.session is not None and c.bankroll == 1000 - 200
        play_until(app, table, lambda: table.hand_pause)
        # the hand was saved as it ended
        saved = saves.load_slot(1)
        assert saved.session is not None and saved.session.hand_ends == c.session.hand_ends != []
        assert table.campaign_play.saves >= 2  # sitting down, the hand
        assert any(line.startswith("Old Kesh: “") for line in table.log_lines()), "the greeting is said"
        settled = c.session.settled[0]
        click(app, button(table.buttons, "Leave table").rect.center)
        result = app.stack.top
        assert isinstance(result, SittingResult)
        assert result.result.cash_out == settled and not result.result.completed
        assert c.session is None and c.bankroll == 800 + settled
        assert saves.load_slot(1).bankroll == c.bankroll
        press(app, pygame.K_RETURN)
        assert app.stack.top is cantina
        assert cantina.near(Target("table", "long_table"))
        assert len(c.history) == 1
    finally:
        close_app(app)


def test_quit_mid_hand_and_come_back_to_the_same_view(data_dir) -> None:
    app = new_app()
    try:
        c, _play, table = sit_fresh(app, "long_table")
        state = table.state
        play_until(app, table, lambda: table.my_turn() and len(state.actions) >= 1)
        assert not c.session.between_hands
        view = state.view(0)
        n_actions = len(state.actions)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app, 1)
        assert not app.running
    finally:
        close_app(app)  # what the app does as it quits: the table saves itself mid-hand

    app = new_app()
    try:
        app.go_title()
        frames(app, 1)
        press(app, pygame.K_c)
        menu = app.stack.top
        assert isinstance(menu, SlotMenu)
        assert menu.slots[0].summary["at_table"] == "Hintaro at the long table"
        press(app, pygame.K_RETURN)  # Continue
        table = app.stack.top
        assert isinstance(table, CampaignTableMixin)
        assert until(app, table.settled, 200)
        frames(app, 2)
        assert len(table.state.actions) == n_actions
        assert table.shown == view
        assert table.my_turn()
        assert any("Back at" in line for line in table.log_lines())
    finally:
        close_app(app)


@pytest.mark.parametrize("damage", ["truncated", "edited", "nested", "fifo"])
def test_a_damaged_save_is_refused_and_its_backup_offered(data_dir, damage: str) -> None:
    c = Campaign.new("Rook", seed=5)
    saves.save_slot(1, c)
    c.borrow(100)
    saves.save_slot(1, c)  # the first save is now the backup
    path = saves.slot_path(1)
    raw = path.read_bytes()
    if damage == "truncated":
        path.write_bytes(raw[: len(raw) // 2])
    elif damage == "nested":  # once a traceback that locked out every slot
        path.write_text("[" * 100_000 + "]" * 100_000)
    elif damage == "fifo":  # once a menu that never opened
        if not hasattr(os, "mkfifo"):
            pytest.skip("needs FIFOs")
        path.unlink()
        os.mkfifo(path)
    else:
        doc = json.loads(raw)
        doc["campaign"]["log"].append({"repay": 10**6})  # a choice the player could not have made
        path.write_text(json.dumps(doc))

    def contents(p):  # (a FIFO is never read: that would block)
        return "a fifo" if damage == "fifo" and stat.S_ISFIFO(os.lstat(p).st_mode) else p.read_bytes()

    before = contents(path)
    app = new_app()
    try:
        app.go_title()
        frames(app, 1)
        press(app, pygame.K_c)
        menu = app.stack.top
        assert isinstance(menu, SlotMenu)
        click(app, menu.cards[0][1][0].rect.center)  # Continue (or Recover)
        dialog = app.stack.top
        assert isinstance(dialog, Dialog) and dialog.tone == "warning"
        text = " ".join(dialog.lines)
        assert "Nothing has been changed on disk" in text and "backup" in text
        labels = [b.label for b in dialog.buttons]
        assert labels[0] == "Restore backup"
        assert contents(path) == before, "nothing is overwritten until the player chooses"
        click(app, dialog.buttons[0].rect.center)
        cantina = app.stack.top
        assert isinstance(cantina, CantinaScene)
        assert cantina.campaign.bankroll == 1000 and cantina.campaign.debt == 0  # the backup: before the loan
        assert saves.load_slot(1).bankroll == 1000
        assert contents(saves.refused_path(1)) == before
    finally:
        close_app(app)


def test_journal_opens_and_replays_a_finished_hand(data_dir) -> None:
    c = Campaign.new("Rook", seed=8)
    c.sit("street_corner")
    while not c.session.hand_ends:
        s = c.session
        c.act(s.legal_actions()[0]) if s.human_turn else c.step_ai()
    c.leave()
    saves.save_slot(1, c)
    app = new_app()
    try:
        play = CampaignPlay(app, c, 1)
        cantina = play.start()
        frames(app, 2)
        press(app, pygame.K_j)
        journal = app.stack.top
        assert isinstance(journal, JournalScene)
        assert journal.journal.goals and journal.tab == "goals"
        for key in (pygame.K_2, pygame.K_3, pygame.K_5, pygame.K_4):
            press(app, key)
        assert journal.tab == "sittings" and len(journal.row_buttons) == 1
        press(app, pygame.K_RETURN)
        replay = app.stack.top
        assert isinstance(replay, BaseTable) and replay.replay_session.record is c.history[0]
        record = c.history[0]
        want = json.loads(record.engine)["actions"][: record.hand_ends[0]]
        assert until(app, lambda: replay.replay_session.done and replay.settled(), 3000)
        assert [a.to_dict() for a in replay.state.actions] == want
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is journal
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is cantina
    finally:
        close_app(app)


def test_the_lender_lends_and_a_locked_door_stays_shut(data_dir) -> None:
    c = Campaign.new("Rook", seed=9)
    saves.save_slot(1, c)
    app = new_app()
    try:
        play = CampaignPlay(app, c, 1)
        cantina = play.start()
        lender = Target("lender", "lender")
        assert cantina.walk_to(lender, use=True)
        assert until(app, lambda: isinstance(app.stack.top, LenderScene), 900)
        scene = app.stack.top
        click(app, scene.borrow_b.rect.center)
        assert c.debt > 0 and saves.load_slot(1).debt == c.debt
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is cantina
        door = cantina.level.doors[0]
        click(app, cantina.view.to_screen(*door.centre))
        assert until(app, lambda: not cantina.path, 900)
        press(app, pygame.K_RETURN)
        assert app.stack.top is cantina and c.current == "lost_hand"
        assert "stays shut" in cantina.notice_text()
    finally:
        close_app(app)


def test_walking_away_mid_hand_asks_first_and_forfeits_the_pot(data_dir) -> None:
    c = Campaign.new("Rook", seed=12)
    saves.save_slot(1, c)
    app = new_app()
    try:
        play = CampaignPlay(app, c, 1)
        cantina = play.start()
        table = play.sit("long_table")
        play_until(app, table, lambda: not c.session.between_hands and table.settled())
        forfeit = c.session.forfeit
        assert forfeit > 0  # at least the ante is in the pot
        press(app, pygame.K_ESCAPE)
        menu = app.stack.top
        assert not button(menu.col.buttons, "Leave table").enabled  # free only between hands
        press(app, pygame.K_w)
        dialog = app.stack.top
        assert isinstance(dialog, Dialog) and app.stack.scenes[-2] is table
        press(app, pygame.K_ESCAPE)  # Stay
        assert app.stack.top is table and c.session is not None
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_w)
        press(app, pygame.K_w)  # Walk away
        result = app.stack.top
        assert isinstance(result, SittingResult)
        assert result.result.forfeited == forfeit and c.session is None
        assert saves.load_slot(1).session is None
        click(app, result.button.rect.center)
        assert app.stack.top is cantina
    finally:
        close_app(app)


def test_the_cantina_remembers_where_the_player_stood(data_dir) -> None:
    c = Campaign.new("Rook", seed=13)
    saves.save_slot(1, c)
    app = new_app()
    try:
        cantina = CampaignPlay(app, c, 1).start()
        start = cantina.cell
        goal = next(cell for cell in sorted(cantina.level.reachable()) if abs(cell[0] - start[0]) > 4)
        click(app, cantina.view.to_screen(*cantina._cell_centre(goal)))
        assert until(app, lambda: not cantina.path, 900)
        assert cantina.cell == goal
    finally:
        close_app(app)
    app = new_app()
    try:
        cantina = CampaignPlay(app, saves.load_slot(1), 1).start()
        assert cantina.cell == goal
    finally:
        close_app(app)


TABLES = [(lv.id, t.name) for lv in load_all_levels().values() for t in lv.tables]


@pytest.mark.parametrize(("level_id", "table_name"), TABLES, ids=[f"{a}.{b}" for a, b in TABLES])
def test_every_campaign_table_plays_a_hand_on_its_own_game_table(data_dir, level_id: str, table_name: str) -> None:
    """Each map's table opens the game's own table class, driven by the campaign, through a whole hand."""
    from game.ui.tables import table_for

    c = Campaign.new("Rook", seed=2, starting_credits=5000, shortcuts=True)
    c.open_cantina(level_id)  # (what its door would do), so each table can be reached
    c.travel(level_id)
    app = App(size=(1280, 720), settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True,
              strict=True)
    try:
        play = CampaignPlay(app, c, 1)
        play.start()
        table = play.sit(table_name)
        assert table is not None and isinstance(table, table_for(c.session.game_id))
        play_until(app, table, lambda: table.hand_pause, limit=6000)
        assert c.session.hand_ends and saves.load_slot(1, shortcuts=True).session.hand_ends == c.session.hand_ends
        assert not c.audit()
    finally:
        close_app(app)


def test_an_open_door_leads_to_the_next_cantina_and_is_saved(data_dir) -> None:
    c = Campaign.new("Rook", seed=14, shortcuts=True)
    c.open_cantina("golden_orbit")  # the Golden Orbit was opened earlier
    c.travel("golden_orbit")
    saves.save_slot(1, c)
    app = new_app()
    try:
        cantina = CampaignPlay(app, c, 1).start()
        door = cantina.level.door("to_lost_hand")
        mid = (cantina.level.width // 2, cantina.level.height // 2)  # first walk to the middle of the room
        away = min(cantina.level.reachable(), key=lambda cell: abs(cell[0] - mid[0]) + abs(cell[1] - mid[1]))
        click(app, cantina.view.to_screen(*cantina._cell_centre(away)))
        assert until(app, lambda: not cantina.path, 900)
        click(app, cantina.view.to_screen(*door.centre))
        assert cantina.path and app.stack.top is cantina  # a far door: walk there first
        assert until(app, lambda: not cantina.path, 900)
        assert cantina.panel_rows[0].text == door.label.upper()
        assert button(cantina.panel_buttons, "Go through").enabled
        press(app, pygame.K_RETURN)
        arrived = app.stack.top
        assert isinstance(arrived, CantinaScene) and arrived is not cantina
        assert arrived.level.id == "lost_hand" and c.current == "lost_hand"
        assert saves.load_slot(1, shortcuts=True).current == "lost_hand"
        back = arrived.level.door("to_golden_orbit")
        assert arrived.near(Target("door", back.name)), "the player comes in through the door to where they were"
    finally:
        close_app(app)


def test_a_monkey_in_the_campaign_breaks_nothing_and_the_books_balance(data_dir) -> None:
    """Random clicks and keys from the cantina (walking, sitting, the lender, the journal, menus, tables):
    no error, and whatever happened, the campaign's books balance and its save loads."""
    import random

    rng = random.Random(8)
    c = Campaign.new("Rook", seed=15)
    saves.save_slot(1, c)
    app = new_app()
    keys = [pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_UP, pygame.K_LEFT, pygame.K_RETURN,
            pygame.K_RETURN, pygame.K_TAB, pygame.K_TAB, pygame.K_SPACE, pygame.K_n, pygame.K_c, pygame.K_l,
            pygame.K_ESCAPE]
    try:
        play = CampaignPlay(app, c, 1)
        play.start()
        for _ in range(1500):
            top = app.stack.top
            if not (type(top).__module__.startswith("game.ui.campaign") or isinstance(top, BaseTable)):
                play.start()  # it wandered off to the title, the settings or the rules: back to the campaign
            if rng.random() < 0.6:
                pos = (rng.randrange(1280), rng.randrange(720))
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            else:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), unicode="", mod=0,
                                                     scancode=0))
            frames(app, 2, 1 / 20)
        assert not c.audit()
        saves.load_slot(1)
    finally:
        close_app(app)


def test_the_pause_between_hands_holds_the_next_deal_back_even_after_a_reload(data_dir) -> None:
    """The engine deals (here: throws every seat's dice) as a hand ends. The pause must show the hand that
    ended, not the next one, or getting up for free would mean looking at the next hand first; playing on
    commits the player to the hand (getting up then costs the ante), and a reload during the pause shows the
    hand's end again."""
    app = new_app()
    try:
        c, play, table = sit_fresh(app, "long_table")
        assert not c.session.between_hands  # dealt in at once: the ante is in
        play_until(app, table, lambda: table.hand_pause)
        assert until(app, table.settled, 200)
        assert table.state.round_no == 2 and table.shown["round"] == 1
        assert table.shown["dice"] != table.state.view(0)["dice"]
        assert c.session.between_hands
        ended = dict(table.shown)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app, 1)
    finally:
        close_app(app)

    app = new_app()
    try:
        c = saves.load_slot(1)
        play = CampaignPlay(app, c, 1)
        play.start()
        table = app.stack.top
        assert isinstance(table, CampaignTableMixin)
        assert until(app, lambda: table.hand_pause and table.settled(), 400)
        assert table.shown["round"] == 1 and table.shown["dice"] == ended["dice"]
        click(app, button(table.buttons, "Play on").rect.center)
        assert until(app, lambda: table.synced and not table.hand_pause, 400)
        assert table.shown == table.state.view(0) and table.shown["round"] == 2
        # the next hand's story is told in order: its round begins, then the antes and the throw
        lines = table.log_lines()
        start = max(i for i, line in enumerate(lines) if line.startswith("Round 2"))
        assert any("antes" in line for line in lines[start:]), lines[-6:]
        assert not c.session.between_hands and c.session.forfeit > 0  # in the hand now: the ante stays
    finally:
        close_app(app)


def test_a_regulars_speech_bubble_never_hides_their_last_move(data_dir) -> None:
    """Old Kesh greets the table and raises: the bubble must not cover "RAISES TO 30" on his plate."""
    from game.ui import theme
    from game.ui.campaign.table import Bubble

    app = new_app()
    try:
        _c, _play, table = sit_fresh(app, "long_table")
        for seat in range(1, table.n):
            table.tags = {seat: ("RAISES TO 30", theme.AMBER)}
            table.banter_bubbles = [Bubble(seat, "Old Kesh", "Another one. Sit down before you fall down.")]
            rect = table.banter_layout(table.banter_bubbles[0])[0]
            assert not rect.colliderect(table.tag_box(seat, "RAISES TO 30")), seat
    finally:
        close_app(app)


def test_a_speech_bubble_covers_no_seats_pieces_where_a_clear_side_exists(data_dir) -> None:
    """A play-test found bubbles over the cubes: the bubble takes the side of its plate that covers least of the
    table's must-see pieces, so wherever one side is clear, it covers none."""
    from game.ui.campaign.table import Bubble

    app = new_app()
    try:
        _c, _play, table = sit_fresh(app, "long_table")
        until(app, lambda: table.settled(), 400)
        for seat in range(1, table.n):
            table.tags = {}
            table.banter_bubbles = [Bubble(seat, "Old Kesh", "Another one. Sit down before you fall down.")]
            rect = table.banter_layout(table.banter_bubbles[0])[0]
            plate = table.seat_geo[seat]["plate"]
            others = [r for r, _ in table.keep_clear() if not r.colliderect(plate) and r.w and r.h]
            assert others, "nothing on the table to keep clear"
            for side in ("midbottom", "midtop"):  # when the bubble could sit clear above or below, it does
                probe = rect.copy()
                setattr(probe, side, getattr(plate, "midtop" if side == "midbottom" else "midbottom"))
                probe.clamp_ip(table.area)
                if probe.collidelist(others) < 0:
                    assert rect.collidelist(others) < 0, (seat, rect, [r for r in others if r.colliderect(rect)])
    finally:
        close_app(app)


@pytest.mark.parametrize("level_id", sorted(load_all_levels()))
def test_the_info_panel_never_hides_another_table_or_door(data_dir, level_id: str) -> None:
    """Standing at any table, the panel about it leaves every other table, door and the lender clickable (it
    once covered the Back Room's second table, which then could not be clicked)."""
    app = new_app()
    try:
        c = Campaign.new("Rook", seed=3)
        if level_id not in c.unlocked:
            c.unlocked.append(level_id)
        c.travel(level_id)
        play = CampaignPlay(app, c, 1)
        cantina = play.start()
        for t in cantina.level.tables:
            cantina.stand_by_table(t.name)
            frames(app, 2, 1 / 30)
            assert cantina.panel_rect.w > 0
            for other in cantina.targets:
                if other != Target("table", t.name):
                    centre = cantina.view.to_screen(*cantina.footprint(other).center)
                    assert not cantina.panel_rect.collidepoint(centre), (t.name, other)
    finally:
        close_app(app)


# ---------------------------------------------------------------------------------------------- the floor (issue 14)
def test_tab_cycles_every_table_door_and_person_even_with_the_pointer_on_a_locked_door(data_dir) -> None:
    """Clicked to a locked door, Enter (it stays shut), then Tab: every table, every regular, the lender and the
    door come up in turn (the pointer resting on the door once kept the focus on it)."""
    c = Campaign.new("Rook", seed=9)
    saves.save_slot(1, c)
    app = new_app()
    try:
        cantina = CampaignPlay(app, c, 1).start()
        door = cantina.level.doors[0]
        assert not c.door_status(door.name).open
        click(app, cantina.view.to_screen(*door.centre))
        assert until(app, lambda: not cantina.path, 900)
        press(app, pygame.K_RETURN)
        assert app.stack.top is cantina
        seen, people = [], []
        for _ in range(len(cantina.targets) + len(cantina.level.regulars)):
            press(app, pygame.K_TAB)
            seen.append(cantina.focus())
            people.append(cantina.picked_person())
        assert set(seen) == set(cantina.targets), seen
        assert {"table", "door", "lender"} <= {t.kind for t in seen}
        assert {p for p in people if p} == {spot.regular for spot in cantina.level.regulars}, people
        press(app, pygame.K_TAB)  # and round again
        assert cantina.focus() == seen[0]
        # a person picked stands for their table: Enter walks over and sits there
        while cantina.picked_person() != "old_kesh":
            press(app, pygame.K_TAB)
        press(app, pygame.K_RETURN)
        assert until(app, lambda: app.stack.top is not cantina, 900)
        assert c.session is not None and c.session.table.name == "long_table"
    finally:
        close_app(app)


class _Held:
    """``pygame.key.get_pressed()`` as the keyboard is while the keys in ``down`` are held."""

    def __init__(self, down: set[int]) -> None:
        self.down = down

    def __getitem__(self, key: int) -> bool:
        return key in self.down


def test_enter_on_the_result_never_also_buys_back_in(data_dir, monkeypatch) -> None:
    """Enter closes "You cash out"; the key's repeats while it is still held do not sit the player down again at
    the table they stand by. A fresh press after letting go does."""
    app = new_app()
    try:
        c, _play, table = sit_fresh(app, "long_table")
        play_until(app, table, lambda: table.hand_pause)
        click(app, button(table.buttons, "Leave table").rect.center)
        assert isinstance(app.stack.top, SittingResult) and app.stack.top.title == "You cash out"
        held: set[int] = {pygame.K_RETURN}
        monkeypatch.setattr(pygame.key, "get_pressed", lambda: _Held(held))
        press(app, pygame.K_RETURN)
        cantina = app.stack.top
        assert isinstance(cantina, CantinaScene) and c.session is None
        for _ in range(3):  # the key repeats (SDL's auto-repeat) while held
            press(app, pygame.K_RETURN)
            frames(app, 2)
        assert app.stack.top is cantina and c.session is None, "a held Enter bought back in"
        held.clear()  # let go
        frames(app, 2)
        press(app, pygame.K_RETURN)  # a new press: sit down again, on purpose
        assert c.session is not None and isinstance(app.stack.top, BaseTable)
    finally:
        close_app(app)


def test_a_locked_door_says_so_in_its_own_band_and_the_player_leaves_the_lock_in_view(data_dir) -> None:
    """At a locked door, Enter: the message sits in the room's own message band (not a toast over the key hints
    or the room), and the player's sprite does not stand on the door's padlock."""
    for size in ((1280, 720), (1920, 1080)):
        c = Campaign.new("Rook", seed=9)
        saves.save_slot(1, c)
        app = App(size=size, settings=Settings(speed=4.0, muted=True, ambience=True), fixed_step=True, strict=True)
        try:
            cantina = CampaignPlay(app, c, 1).start()
            door = Target("door", cantina.level.doors[0].name)
            assert cantina.walk_to(door, use=True)
            assert until(app, lambda cantina=cantina: not cantina.path, 900)
            frames(app, 2)
            assert not app.toasts, app.toasts
            assert "stays shut" in cantina.notice_text()
            band = cantina.notice_band()
            assert band.w > 0 and not band.colliderect(cantina.area) and not band.colliderect(cantina.hint_rect())
            assert not band.colliderect(cantina.panel_rect)
            assert band.bottom <= size[1]
            lock = cantina.door_icon_rect(door)
            assert not cantina.player_rect().colliderect(lock), (cantina.player_rect(), lock)
        finally:
            close_app(app)


def journal_regulars_text(c: Campaign, monkeypatch) -> list[str]:
    """Every string the journal's regulars page draws, scrolled from top to bottom (nothing is saved: ``c`` may
    be made up for the page)."""
    from game.ui import draw

    app = new_app()
    try:
        CampaignPlay(app, c, 1).start()
        frames(app, 2)
        press(app, pygame.K_j)
        press(app, pygame.K_2)
        journal = app.stack.top
        assert isinstance(journal, JournalScene) and journal.tab == "regulars"
        seen: list[str] = []
        monkeypatch.setattr(draw, "TEXT_HOOK", seen.append)
        for _ in range(40):
            frames(app, 1)
            press(app, pygame.K_DOWN)
        monkeypatch.setattr(draw, "TEXT_HOOK", None)
        return seen
    finally:
        close_app(app)


def test_the_journal_regulars_page_shows_whole_bios_and_says_each_table_once(data_dir, monkeypatch) -> None:
    """Every cantina found, every regular met: each bio in full (it was cut at two lines), and no "Hintaro at
    Hintaro at the long table"."""
    c = Campaign.new("Rook", seed=9)
    for lv in c.levels:
        if lv not in c.unlocked:
            c.unlocked.append(lv)
    for rid in c.roster.regulars:
        c.met.setdefault(rid, 1)
    seen = journal_regulars_text(c, monkeypatch)
    words = " ".join(" ".join(seen).split())
    for reg in c.roster.regulars.values():
        assert " ".join(reg.bio.split()) in words, reg.name
    for lv in c.levels.values():
        for t in lv.tables:
            game = c.game_title(t.game)
            assert f"{game} at {game}" not in words
            assert f"{game} at {t.title}" not in words or game.split()[0].lower() not in t.title.lower()


def test_the_journal_never_names_a_cantina_not_found_yet(data_dir, monkeypatch) -> None:
    c = Campaign.new("Rook", seed=9)
    for lv in c.levels.values():
        for spot in lv.regulars:
            if lv.id in c.unlocked:
                c.met.setdefault(spot.regular, 1)
    hidden = [lv.title for lv in c.levels.values() if lv.id not in c.unlocked]
    assert hidden
    text = " ".join(journal_regulars_text(c, monkeypatch))
    for title in hidden:
        assert title not in text, title
    assert "The Lost Hand" in text  # the one found is named


def test_the_pause_mid_hand_never_speaks_of_leaving_0_chips(data_dir) -> None:
    """Street Hintaro deals with nothing of the player's in the pot yet: the pause menu and the walk-away
    question must not say "leaves the 0 chips"."""
    app = new_app()
    try:
        c, _play, table = sit_fresh(app, "street_corner")
        play_until(app, table, lambda: table.my_turn() and table.settled())
        assert not c.session.between_hands and c.session.forfeit == 0
        press(app, pygame.K_ESCAPE)
        menu = app.stack.top
        words = [menu.note] + [b.tooltip or "" for b in menu.col.buttons]
        assert not any(" 0 chips" in w for w in words), words
        u = menu.u
        lines = app.text.wrap(menu.note, int(15 * u), menu.box.w - int(40 * u))
        assert menu.box.y + int(62 * u) + len(lines) * int(20 * u) <= menu.col.buttons[0].rect.top, "note under Resume"
        press(app, pygame.K_w)
        dialog = app.stack.top
        assert isinstance(dialog, Dialog)
        assert not any(" 0 chips" in line for line in dialog.lines), dialog.lines
        press(app, pygame.K_w)
        result = app.stack.top
        assert isinstance(result, SittingResult) and result.result.forfeited == 0
        assert not any(" 0 chips" in line for line, _, _ in result.lines)
    finally:
        close_app(app)


# ---------------------------------------------------------------------------------------------- the title card
def arrive(level_id: str, size: tuple[int, int], ambience: bool = True) -> tuple[App, CantinaScene]:
    """A new campaign arriving in ``level_id`` at ``size``, its fade over, its title card still showing."""
    c = Campaign.new("Rook", seed=14, shortcuts=True)
    if level_id != c.level.id:
        c.open_cantina(level_id)
        c.travel(level_id)
    saves.save_slot(1, c)
    app = App(size=size, settings=Settings(muted=True, ambience=ambience), fixed_step=True, strict=True)
    cantina = CampaignPlay(app, c, 1).start()
    frames(app, 30, 1 / 30)  # one second in: the fade is over, the card is showing
    assert cantina.fade == 0 and cantina.caption > 0
    return app, cantina


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("level_id", sorted(load_all_levels()))
def test_the_title_card_covers_no_name_label(data_dir, level_id: str, size: tuple[int, int]) -> None:
    """On arrival the cantina's title card fades in where it hides no name label (it once covered a regular's
    in The Lost Hand), inside the room's area; every label the room draws is one of those it avoided."""
    app, cantina = arrive(level_id, size)
    try:
        card = cantina.caption_rect()
        labels = cantina.label_rects()
        assert len(labels) >= len(cantina.level.regulars)
        assert cantina.area.contains(card), (card, cantina.area)
        assert card.collidelist(labels) < 0, (card, [r for r in labels if r.colliderect(card)])
        drawn: list[pygame.Rect] = []
        pill = cantina._pill

        def spy(surf, text, midbottom, size, colour) -> None:
            drawn.append(cantina._pill_rect(text, midbottom, size))
            pill(surf, text, midbottom, size, colour)

        cantina._pill = spy  # type: ignore[method-assign]
        for t in cantina.targets:  # every table's regulars, the lender, every door: each label drawn was avoided
            cantina.selected = t
            cantina.draw(app.screen)
        assert drawn and all(r in labels for r in drawn), [r for r in drawn if r not in labels]
        assert not any(r.colliderect(card) for r in drawn)
    finally:
        close_app(app)


def test_the_title_card_is_drawn_where_it_says_it_is(data_dir) -> None:
    """The pixels the card changes all lie in :meth:`CantinaScene.caption_rect` (still room: no idle life)."""
    app, cantina = arrive("golden_orbit", (1280, 720), ambience=False)
    try:
        with_card = pygame.surfarray.array3d(app.screen.copy()).astype(int)
        cantina.caption = 0.0
        app.render()
        without = pygame.surfarray.array3d(app.screen).astype(int)
        xs, ys = (abs(with_card - without).sum(axis=2) > 0).nonzero()
        assert len(xs) > 1000  # the card is there
        card = cantina.caption_rect()
        assert card.collidepoint(xs.min(), ys.min()) and card.collidepoint(xs.max(), ys.max()), (card, xs.min(),
                                                                                                ys.min(), xs.max(),
                                                                                                ys.max())
    finally:
        close_app(app)
