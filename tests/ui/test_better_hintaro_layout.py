"""Better Hintaro's layout, measured by the layout bench (game.measure.layout) at 2, 4 and 6 seats, 1280×720 and
1024×768: the market board of the business stage is sampled too (MORE_MOMENTS), and there nothing overlaps,
nothing leaves the window and no text is cut (#13 item 1/2, #14 item 1). At 2 and 4 seats the dice table is
clean as well.

Also checked here, on one painted board: each seat's badge lies in its own lane, never over its items; a
banner on the market lies in the board's news band, over no panel; the market's panels are recorded as
regions by name.
"""

from __future__ import annotations

import pygame
import pytest

from game.measure.layout import MORE_MOMENTS, layout_bench, sample_problems
from game.ui.regions import RecordingSurface
from game.ui.session import SeatSpec, TableSession, ai_seat
from game.ui.tables.better_hintaro.story import MarketBanner

SIZES = [(1280, 720), (1024, 768)]


def _case(seats: int, size: tuple[int, int]) -> dict:
    result = layout_bench(games=["better_hintaro"], seats=seats, size=size)
    (case,) = result["cases"]
    return case


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_the_market_board_is_clean_at_every_seat_count(seats: int, size: tuple[int, int]) -> None:
    case = _case(seats, size)
    business = [s for s in case["samples"] if "business" in s["moment"]]
    assert business, f"the bench never reached the business stage: {[s['moment'] for s in case['samples']]}"
    for sample in business:
        names = {r["name"] for r in sample["regions"]}
        assert {"market.shop", "market.bounties", "market.discard", "market.pot"} <= names, names
        assert all(f"seat{s}.plate" in names and f"seat{s}.items" in names for s in range(seats)), names
        problems = sample_problems(sample, size)
        assert problems == {"overlap": [], "outside": [], "clipped": []}, (seats, size, sample["moment"], problems)
    if seats <= 4:  # the dice table too (6 seats: the Hintaro table's own zones, see the branch's report)
        for sample in case["samples"]:
            problems = sample_problems(sample, size)
            assert problems == {"overlap": [], "outside": [], "clipped": []}, (seats, size, sample["moment"],
                                                                             problems)


def test_better_hintaro_is_sampled_past_its_dice() -> None:
    assert MORE_MOMENTS["better_hintaro"] == ("business",)


def _board_table(app, seats: int = 4):
    """A table (a person at seat 0, AI seats) played with the animations skipped until the person's business
    turn on the market board."""
    session = TableSession.new("better_hintaro", [SeatSpec("Tamsin", pronoun="her")]
                               + [ai_seat(i, "regular") for i in range(1, seats)], seed=4, options={"rounds": 3})
    table = app.open_table(session)
    for _ in range(3000):
        if table.ai_future is not None:
            table.ai_future.result()
        if table.mode == "board" and table.settled() and table.synced and table.my_business_turn():
            return table
        if table.synced and table.settled() and table.state.current_seat == 0:
            legal = table.state.legal_actions()
            kinds = [a.kind for a in legal]
            pick = next((legal[kinds.index(k)] for k in ("check", "call", "keep", "end_turn") if k in kinds),
                        legal[0])
            table.act(pick)
        if table.holding:
            table.release_hold()
        table.skip()
        app.step(0.25)
    raise AssertionError("the business stage never came")


def test_a_badge_sits_in_its_lane_and_a_banner_in_the_news_band(app) -> None:
    table = _board_table(app)
    b = table.board_layout()
    for seat in range(table.n):
        table.tag(seat, "OFFERS KESSICK A TRADE")
        box = table.tag_box(seat, "OFFERS KESSICK A TRADE")
        assert b.lanes[seat].contains(box), (seat, box, b.lanes[seat])
        for r in table._row_slots(seat).minis:
            assert not box.colliderect(r), (seat, box, r)
    table.banner("Business stage", "the Shop turns over: buy, take bounties, sell, auction, trade")
    banner = next(a for a in table.anims if isinstance(a, MarketBanner))
    r = banner.bounds()
    assert b.news.contains(r), (r, b.news)
    for panel in (b.shop, b.bounties, b.discard, b.pot, b.column):
        assert not r.colliderect(panel), (r, panel)
    rec = table.paint_recorded(RecordingSurface(app.size))
    names = {x["name"] for x in rec.regions()}
    assert {"banner", f"seat{table.n - 1}.tag"} <= names, names  # one tag at a time: the last seat's


def test_the_header_never_runs_under_the_top_bar_buttons(app, monkeypatch) -> None:
    """A play-test saw Better Hintaro's long header run under the Odds and Market buttons."""
    session = TableSession.new("better_hintaro", [SeatSpec("Tamsin", pronoun="her")]
                               + [ai_seat(i, "regular") for i in range(1, 4)], seed=4)
    table = app.open_table(session)
    assert table.mode == "table" and table.market_button in table.top_buttons()
    long = "Kessick buys the Vacuum-Sealed Rations for 150 (from the newest row), then sells the Reactor Coil"
    monkeypatch.setattr(table, "header", lambda: long)
    seen: list[tuple[str, pygame.Rect]] = []
    blit = table.text.blit

    def spy(surf, words, size, colour=(0, 0, 0), role="text", **anchor):
        r = blit(surf, words, size, colour, role, **anchor)
        seen.append((words, r))
        return r
    monkeypatch.setattr(table.text, "blit", spy)
    table.draw_top(pygame.Surface(app.size))
    (rect,) = [r for w, r in seen if w.startswith("Kessick buys")]
    (info,) = [r for w, r in seen if w.startswith("Round")] or [pygame.Rect(0, 0, 1, 1)]
    assert rect.right <= min(b.rect.x for b in table.top_buttons()), (rect, [b.rect for b in table.top_buttons()])
    assert rect.left >= info.right, (rect, info)


def test_the_trade_builder_reads_in_full_and_shows_both_sides_as_cards(app, monkeypatch) -> None:
    """#14: its first line was cut ("Choose who to trade with (number ke…"); the offer is shown as cards."""
    from game.ui import draw

    seen: list[str] = []
    monkeypatch.setattr(draw, "TEXT_HOOK", seen.append)
    table = _board_table(app)
    table.open_trade()
    rec = table.paint_recorded(RecordingSurface(app.size))
    assert sample_problems({"regions": rec.regions(), "clipped": list(rec.cut)}, app.size) == \
        {"overlap": [], "outside": [], "clipped": []}
    sentence = "Choose who to trade with: click a name above or press its number."
    start = next(i for i, t in enumerate(seen) if sentence.startswith(t) and t.startswith("Choose"))
    got = ""
    for t in seen[start:]:
        got = f"{got} {t}".strip()
        if len(got) >= len(sentence):
            break
    assert got == sentence
    assert "they pays" not in seen and "they pay" in seen, "the credits slider speaks of 'they' in the plural"
    n = len(table.trade_targets())
    assert f"seat (1–{n})" in table.bar_heading() and "1–9" not in table.bar_heading(), table.bar_heading()
    # pick a seat, one item each way and some credits: both sides appear in the offer strip as mini cards
    minis: list[str] = []
    mini = table.art.mini
    monkeypatch.setattr(table.art, "mini", lambda card, size, state="": minis.append(card) or mini(card, size, state))
    draft = table.draft
    draft.to = table.trade_targets()[0]
    draft.give, draft.get, draft.credits = {0}, {0}, 50
    table.paint_recorded(RecordingSurface(app.size))
    mine, theirs = table._holdings(table.eyes)[0], table._holdings(draft.to)[0]
    assert mine in minis and theirs in minis, minis
    assert any(t.startswith("+ 50 credits") for t in seen), seen[-20:]
    assert f"{table.names[draft.to]} pays" in seen


def test_a_bounty_item_line_gives_its_full_name_and_holders_on_hover(app) -> None:
    """#13 item 7: "Dying-Star Heartst…" was cut on the card; its line's tooltip names it in full, and who holds it."""
    table = _board_table(app)
    needs = [h for h in table.hits() if h.kind == "need"]
    assert needs, "no item line on the bounty cards"
    holders = table._holders()
    for hit in needs:
        _, item = hit.key
        table.hover_pos = hit.rect.center
        tip = table.tooltip()
        assert tip is not None and tip[0].startswith(table.art.name(item)), (item, tip)
        who = ", ".join(holders.get(item, ())) or "nobody"
        assert f"held by {who}" in tip[0], (item, tip)
        assert table._selection_of(hit) == ("bounty", table.shown["bounty_offer"][hit.key[0]])
