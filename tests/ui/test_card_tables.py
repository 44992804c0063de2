"""The card tables (Sabacc House, Nepunian Spike, Kinzo) driven through whole rounds by posted clicks and keys,
and checked for what they draw: the viewer's own face-down cards show their faces, everyone else's show backs,
the Kinzo hole card stays a back until the house turns it, and a split is drawn as two hands side by side."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, frames, press, until

from game.engine.core import Action
from game.ui.cards import Spot
from game.ui.session import SeatSpec, TableSession, ai_seat
from game.ui.tables import TABLES
from game.ui.tables.kinzo import KinzoTable
from game.ui.tables.nepunian_spike import NepunianSpikeTable
from game.ui.tables.sabacc_house import SabaccHouseTable


def button(table, label_start: str):
    for b in table.buttons:
        if b.label.startswith(label_start):
            return b
    raise AssertionError(f"no button {label_start!r} among {[b.label for b in table.buttons]}")


def enabled(table, label_start: str) -> bool:
    return any(b.label.startswith(label_start) and b.enabled for b in table.buttons)


def click_spot(app, sp: Spot) -> None:
    """Click a card where it shows: its left edge stays in view under the next card of a row."""
    r = sp.rect
    if "picked" in sp.marks:
        r = r.move(0, -int(sp.h * 0.16))
    click(app, (r.left + max(3, sp.w // 8), r.centery))


def watch(session, kind: str) -> list:
    seen: list = []
    session.bus.subscribe(kind, seen.append)
    return seen


def own_cards(table) -> list[Spot]:
    return [sp for sp in table.spots_of(table.eyes) if sp.tag is not None and sp.tag[0] == "hand"]


def sample(app, sp: Spot, expected: pygame.Surface, box: tuple[float, float, float, float]) -> bool:
    """Do the screen's pixels in ``box`` (fractions of the card) equal ``expected``'s there?"""
    r = sp.rect
    x0, y0 = int(r.w * box[0]), int(r.h * box[1])
    w, h = max(1, int(r.w * (box[2] - box[0]))), max(1, int(r.h * (box[3] - box[1])))
    got = app.screen.subsurface(pygame.Rect(r.x + x0, r.y + y0, w, h))
    want = expected.subsurface(pygame.Rect(x0, y0, w, h))
    return pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want.convert(), "RGB")


def settle_screen(app, table) -> None:
    """A full repaint of the settled table with the pointer away from everything."""
    table.hover_pos = (-1, -1)
    table.hover_key = None
    app._shown_sig = None
    frames(app, 1)


# ----------------------------------------------------------------------------------------- the registry
def test_card_games_have_their_own_tables() -> None:
    assert TABLES["sabacc_house"] is SabaccHouseTable
    assert TABLES["nepunian_spike"] is NepunianSpikeTable
    assert TABLES["kinzo"] is KinzoTable


# ----------------------------------------------------------------------------------------- Sabacc House
def test_sabacc_house_round_by_clicks_and_keys(app) -> None:
    seats = [SeatSpec("Rook"), ai_seat(1, "passive"), ai_seat(2, "passive")]
    session = TableSession.new("sabacc_house", seats, seed=7, options={"rounds": 2})
    table = app.open_table(session)
    assert isinstance(table, SabaccHouseTable) and table.eyes == 0
    state = session.state
    over = watch(session, "round_over")
    assert until(app, table.my_turn)

    # what is drawn: my face-down cards show their faces (marked HIDDEN), the others' face-down cards are backs
    settle_screen(app, table)
    v = state.view(0)
    mine = {sp.card for sp in table.spots_of(0) if "hidden" in sp.marks}
    assert mine == set(v["down"]) and len(mine) == 3
    for other in (1, 2):
        spots = table.spots_of(other)
        backs = [sp for sp in spots if sp.card is None]
        faces = [sp.card for sp in spots if sp.card is not None]
        assert len(backs) == v["down_count"][other] == 3
        assert faces == v["up"][other], "face-up cards are shown to everyone"
        assert not set(faces) & set(state.down[other])
        # pixels: the last back of the row shows the deck's back art (its left part is not covered)
        back = table.art.plain(None, backs[-1].w, backs[-1].h)
        assert sample(app, backs[-1], back, (0.12, 0.3, 0.45, 0.7))
    petals = [sp for sp in table.board_spots() if sp.key[0].startswith("petal")]
    assert [sp.card for sp in petals] == v["petals"]

    did: set[str] = set()
    draws = 0
    while not over and not state.is_over:
        assert until(app, lambda: table.my_turn() or bool(over) or state.is_over)
        if over or state.is_over:
            break
        before = len(state.actions)
        phase = table.shown["phase"]
        if phase == "bet":
            key = pygame.K_c if enabled(table, "C") else (pygame.K_a if enabled(table, "All-in") else pygame.K_f)
            press(app, key)
        elif phase == "draw":
            draws += 1
            if draws == 1:
                petal = next(sp for sp in table.board_spots() if sp.tag is not None)
                click_spot(app, petal)  # pick a petal by clicking it...
                assert table.pick.slot == petal.tag[1]
                if enabled(table, "Buy"):
                    press(app, pygame.K_b)
                else:
                    press(app, pygame.K_LEFT)  # ...and a card of mine with the keyboard
                    press(app, pygame.K_w)
            elif draws == 2:
                click(app, button(table, "Draw").rect.center)
            else:
                press(app, pygame.K_s)
        elif phase == "drawn":
            assert any("drawn" in sp.marks and sp.card == state.view(0)["drawn"] for sp in table.spots_of(0))
            click_spot(app, own_cards(table)[0])
            if enabled(table, "Keep up"):
                press(app, pygame.K_u)
            else:
                press(app, pygame.K_x)
        assert len(state.actions) == before + 1, f"the input in phase {phase} reached the engine"
        did.add(state.actions[before].kind)
    assert over, "a round_over arrived"
    assert did & {"buy", "swap"} and "draw" in did and did & {"keep", "discard"}
    assert until(app, table.settled)
    log = "\n".join(table.log_lines())
    assert "Rook draws from the stub" in log and "spike dice show" in log


def test_sabacc_two_people_never_see_each_others_hidden_cards(app) -> None:
    session = TableSession.new("sabacc_house", [SeatSpec("Ann"), SeatSpec("Ben")], seed=3)
    table = app.open_table(session)
    assert table.eyes is None  # the curtain decides whose eyes come first
    from game.ui.scenes.curtain import CurtainScene

    assert until(app, lambda: isinstance(app.stack.top, CurtainScene))
    secret = set(session.state.down[0]) | set(session.state.down[1])
    dealt = table.all_spots()
    assert len(dealt) >= 8 + 7, "both hands and the flower are on the table behind the curtain"
    assert not any(sp.card in secret for sp in dealt), "nobody's face-down card is drawn before the curtain"
    press(app, pygame.K_RETURN)
    frames(app, 2)
    eyes = table.eyes
    assert eyes is not None
    other = 1 - eyes
    hidden_other = set(session.state.down[other])
    assert not any(sp.card in hidden_other for sp in table.spots_of(other)), "the other person's cards are backs"
    assert {sp.card for sp in table.spots_of(eyes) if "hidden" in sp.marks} == set(session.state.down[eyes])


# -------------------------------------------------------------------------------------------- Nepunian Spike
def test_nepunian_spike_round_by_clicks_and_keys(app) -> None:
    seats = [SeatSpec("Rook"), ai_seat(1, "passive"), ai_seat(2, "passive")]
    session = TableSession.new("nepunian_spike", seats, seed=5, options={"rounds": 2})
    table = app.open_table(session)
    assert isinstance(table, NepunianSpikeTable)
    state = session.state
    over = watch(session, "round_over")
    assert until(app, table.my_turn)

    settle_screen(app, table)
    v = state.view(0)
    hand = own_cards(table) or [sp for sp in table.spots_of(0) if sp.card is not None]
    assert sorted(sp.card for sp in hand) == sorted(v["hand"])
    top = hand[-1]  # the rightmost card of my hand is drawn over the others: all of it shows
    sprite = table.art.sprite(top.card, top.w, top.h, top.angle, top.marks)
    sr = sprite.get_rect(center=(top.x, top.y))
    patch = pygame.Rect(0, 0, 8, 8)
    patch.center = sr.center
    got = app.screen.subsurface(patch)
    want = sprite.subsurface(patch.move(-sr.x, -sr.y))
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want.convert(), "RGB")
    for other in (1, 2):
        spots = table.spots_of(other)
        assert len(spots) == v["hand_counts"][other]
        assert all(sp.card is None or sp.card in v["known_cards"][other] for sp in spots)
        assert not any(sp.card in state.hands[other] and sp.card not in v["known_cards"][other] for sp in spots)
    assert table._token(v["captain"]) == ("CAPTAIN", "wheel")
    assert all(table._token(t) is None for t in range(3) if t != v["captain"])

    did: set[str] = set()
    swapped = False
    while not over and not state.is_over:
        assert until(app, lambda: table.my_turn() or bool(over) or state.is_over)
        if over or state.is_over:
            break
        before = len(state.actions)
        phase = table.shown["phase"]
        if phase == "play":
            if not swapped:
                swapped = True
                click_spot(app, own_cards(table)[-1])
                assert table.pick.card is not None
                press(app, pygame.K_d)
            else:
                press(app, pygame.K_g if enabled(table, "Gain") else pygame.K_s)
        elif phase == "bet":
            press(app, pygame.K_c)
        elif phase == "roll":
            click(app, button(table, "Roll").rect.center)
        elif phase == "abandon":
            press(app, pygame.K_s)
        assert len(state.actions) == before + 1, f"the input in phase {phase} reached the engine"
        did.add(state.actions[before].kind)
    assert over and "swap" in did
    assert until(app, table.settled)
    assert any("throws away" in line and line.startswith("Rook") for line in table.log_lines())


# ------------------------------------------------------------------------------------------------- Kinzo
def test_kinzo_round_by_clicks_and_keys(app) -> None:
    session = TableSession.new("kinzo", [SeatSpec("Rook"), ai_seat(1, "passive")], seed=4, options={"rounds": 2})
    table = app.open_table(session)
    assert isinstance(table, KinzoTable)
    state = session.state
    over = watch(session, "round_over")
    assert until(app, table.my_turn)
    assert table.shown["phase"] == "stake" and table.slider is not None
    lo = table.slider.value
    press(app, pygame.K_PAGEUP)
    want = table.slider.value
    assert want > lo
    press(app, pygame.K_s)
    assert state.actions[-1] == Action("stake", amount=want)

    # the house's hole card is a back until the house plays
    assert until(app, lambda: table.my_turn() or bool(over))
    dealer = {sp.key: sp.card for sp in table.board_spots()}
    assert dealer[("dcard1",)] is None and dealer[("dcard0",)] == state.dealer_cards[0]
    turned: dict[tuple, int | None] = {}

    def waiting() -> bool:
        """My turn or the round's end; on the way, what the house's cards look like once it stands."""
        b = table.beat
        if b is not None and b.event is not None and b.event.kind == "dealer_stood" and not turned:
            turned.update({sp.key: sp.card for sp in table.board_spots()})
        return table.my_turn() or bool(over)

    hits = 0
    while not over:
        assert until(app, waiting)
        if over:
            break
        before = len(state.actions)
        if table.shown["phase"] == "play":
            press(app, pygame.K_h if hits == 0 and enabled(table, "Hit") else pygame.K_s)
            hits += 1
        else:
            click(app, button(table, "Roll").rect.center)
        assert len(state.actions) == before + 1
    summary = over[0].data
    assert turned, "the house played its hand on screen"
    assert [turned[(f"dcard{i}",)] for i in range(len(summary["dealer_cards"]))] == summary["dealer_cards"], \
        "the hole card was turned over and every card the house drew is shown"
    assert until(app, table.settled)
    log = "\n".join(table.log_lines())
    assert f"The house turns its hole card: a {summary['dealer_cards'][1]}" in log
    assert "Rook hits" in log


def test_kinzo_split_is_two_hands_side_by_side(app) -> None:
    session = TableSession.new("kinzo", [SeatSpec("Rook")], seed=2)
    state = session.state
    state.stack_deck([3, 4, 3, 5])  # the deal: Rook, the house (up), Rook, the house (hole)
    table = app.open_table(session)
    assert until(app, table.my_turn)
    press(app, pygame.K_s)  # the minimum stake
    assert until(app, table.my_turn)
    assert state.view(0)["hands"][0]["cards"] == [3, 3]
    assert enabled(table, "Split the 3s")
    press(app, pygame.K_p)
    assert state.actions[-1].kind == "split"
    assert until(app, table.settled)
    first = [sp for sp in table.spots_of(0) if sp.key[2] == 0]
    second = [sp for sp in table.spots_of(0) if sp.key[2] == 1]
    assert len(first) == 1 and len(second) == 1
    assert second[0].x > first[0].x and abs(second[0].y - first[0].y) < 2


def test_kinzo_table_shows_the_fold_of_its_events(app, monkeypatch) -> None:
    """The Kinzo table never patches what it shows: each event is folded in with the engine's reducer as its
    first beat starts, so when the story ends the picture is already exactly the view (no jump), and nothing
    failed to fold or animate on the way."""
    reports: list[str] = []
    monkeypatch.setattr(app, "report", reports.append)
    session = TableSession.new("kinzo", [ai_seat(i, "random" if i % 2 else "passive") for i in range(4)], seed=3,
                               options={"rounds": 3})
    table = app.open_table(session)
    state = session.state
    jumps: list[str] = []
    sync = table.sync

    def checked_sync() -> None:
        want = state.view(table.eyes)
        if table.shown != want:
            jumps.append(", ".join(k for k in want if table.shown.get(k) != want[k]))
        sync()
    monkeypatch.setattr(table, "sync", checked_sync)
    assert until(app, lambda: state.is_over and table.settled(), limit=20000)
    assert not reports, reports
    assert not jumps, jumps


# ------------------------------------------------------------------------------------------ drawing honestly
@pytest.mark.parametrize("game_id", ["sabacc_house", "nepunian_spike", "kinzo"])
def test_incremental_frames_match_a_full_redraw(app, game_id: str) -> None:
    table = app.start_demo(game_id, seed=9)
    for checkpoint in range(6):
        frames(app, 29)
        if checkpoint % 2 and table.buttons:
            target = table.buttons[checkpoint % len(table.buttons)].rect.center
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0)))
            frames(app, 1)
        shown = app.screen.copy()
        full = pygame.Surface(app.screen.get_size())
        table.draw(full)
        table.painter.forget()
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(full, "RGB"), (game_id, checkpoint)


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
def test_cards_are_rendered_at_the_size_they_are_drawn(app, size) -> None:
    session = TableSession.new("sabacc_house", [SeatSpec("Rook")] + [ai_seat(i) for i in range(1, 6)], seed=2)
    table = app.open_table(session)
    app.resize(size)
    assert until(app, table.my_turn)
    spots = table.all_spots()
    assert spots
    for sp in spots[:12]:
        img = table.art.plain(sp.card, sp.w, sp.h)
        assert img.get_size() == (sp.w, sp.h), "rendered from the SVG at this size, never scaled up"
    mine = table.spots_of(0)
    others = table.spots_of(1)
    assert mine[0].w > others[0].w, "the viewer's own hand is drawn bigger"


def test_kinzo_roll_heading_never_promises_a_jackpot_the_dice_cannot_reach() -> None:
    """Two dice of 1 to 3 add 2 to 6: a 9 against the house's 16 cannot hit the jackpot, and the heading says
    so (it said "your 9 needs exactly 16 for the jackpot"); within reach it names the throw needed."""
    from game.ui.tables.kinzo import dice_words

    assert dice_words(10, 16) == "your 10 needs 6 on the dice to make exactly 16, the jackpot"
    assert dice_words(14, 16) == "your 14 needs 2 on the dice to make exactly 16, the jackpot"
    out = dice_words(9, 16)
    assert "cannot reach 16" in out and "2–6" in out and "needs" not in out
    assert "cannot reach" in dice_words(15, 16)  # one short: no throw of two dice is 1
    assert dice_words(9, None) == "your 9 goes to the dice"


def test_a_hidden_badge_fits_the_strip_the_next_card_leaves_showing(app) -> None:
    """Sabacc House with five cards: each face-down card's "HIDDEN" sits whole in the part of it the next card
    leaves showing (centred, the next card cut it off), and a card nothing covers keeps it centred."""
    from game.ui.cards import peek_share, peeking

    table = app.open_table(TableSession.new("sabacc_house", [SeatSpec("Rook"), ai_seat(1, "regular")], seed=3))
    w, h = table.mw, table.mh
    step = int(w * 0.5)
    row = peeking([Spot(("card", 0, i), 3, i * step, 0, w, h, 0, frozenset({"hidden"})) for i in range(5)])
    shares = [peek_share(sp.marks) for sp in row]
    assert shares[-1] == 1.0 and all(s <= step / w for s in shares[:-1]), shares
    for share in (shares[0], 1.0):
        surf = pygame.Surface((w, h + 20), pygame.SRCALPHA)
        r = pygame.Rect(0, 0, w, h)
        table.art._badge(surf, r, "HIDDEN", False, share)
        badge = surf.get_bounding_rect()
        assert badge.w > w * 0.25, "no badge drawn"
        if share < 1.0:
            assert badge.right <= r.left + w * share, (badge, share)
        else:
            assert abs(badge.centerx - r.centerx) <= 1
