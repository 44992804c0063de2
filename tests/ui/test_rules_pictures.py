"""The rules pages' pictures (game.ui.rule_pictures): every marker known, every game's page drawn with its pieces
and a worked example, captions that agree with the engine, and nothing overlapping at the big and the smallest
window.

Why these checks: a marker is content in a data file, so a typo must fail here, not show a hole on a page; the
example's caption claims who wins, so it is checked against the engine's own ranking (and against the page's
words beside it); and a picture that covers a line of rules is worse than no picture.
"""

from __future__ import annotations

import re
from itertools import combinations

import pygame
import pytest

from game.engine import hintaro as hin
from game.engine.nepunian_spike import ranks as spike_ranks
from game.engine.sabacc_house import ranks as sabacc_ranks
from game.ui import rule_pictures as rp
from game.ui.app import App
from game.ui.scenes.rules import RulesScene, load_page, parse_body
from game.ui.settings import Settings

GAME_IDS = ("hintaro", "street_hintaro", "better_hintaro", "sabacc_house", "nepunian_spike", "kinzo")


def markers(game_id: str) -> list[str]:
    return [text for kind, text in load_page(game_id) if kind == "picture"]


def examples_with_text(game_id: str) -> list[tuple[str, str]]:
    """(example marker, the worked-example paragraph just before it) for each example marker on the page."""
    blocks = load_page(game_id)
    out = []
    for i, (kind, text) in enumerate(blocks):
        if kind == "picture" and text.startswith("[[example"):
            before = [t for k, t in blocks[:i] if k == "example"]
            assert before, f"{game_id}: an example picture with no worked example above it"
            out.append((text, before[-1]))
    return out


# ------------------------------------------------------------------------------------------ markers
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_marker_is_known_and_each_page_has_pieces_and_an_example(game_id: str) -> None:
    found = markers(game_id)
    assert not [t for k, t in load_page(game_id) if k == "note"], "a marker on the page was refused"
    parsed = [rp.parse_marker(m) for m in found]
    assert any(m.kind == "pieces" for m in parsed), f"{game_id} shows none of its pieces"
    assert any(m.kind == "example" and m.name == game_id for m in parsed), f"{game_id} has no example hand"


def test_every_pieces_set_is_used_somewhere() -> None:
    used = {rp.parse_marker(m).name for g in GAME_IDS for m in markers(g) if m.startswith("[[pieces")}
    assert used == set(rp.PIECES)


@pytest.mark.parametrize("line, words", [
    ("[[pieces hintaro.dice]]", "unknown pieces 'hintaro.dice'"),
    ("[[picture hintaro.faces]]", "unknown picture marker"),
    ("[[example chess | A: e4 | B: e5]]", "no worked-example pictures for game 'chess'"),
    ("[[example hintaro | Ysalla: T TK | Pek: KK blank]]", "name the hintaro exactly once"),
    ("[[example hintaro | Ysalla: T QQ | Pek: KK blank | Hintaro: Hin]]", "Ysalla throws two of"),
    ("[[example sabacc_house | Cy: circle+11 | Bo: circle+1 circle-1]]", "not in the deck"),
    ("[[example sabacc_house | Cy: sylop sylop sylop | Bo: circle+1 circle-1]]", "not in the deck"),
    ("[[example kinzo | Dealer: 3 4 | Ana: 2 3]]", "the dealer would not stop"),
    ("[[example kinzo | Dealer: 3 4 2 5 | Ana: 4 6]]", "Ana goes to the dice"),
])
def test_a_bad_marker_is_refused_with_a_clear_message(line: str, words: str) -> None:
    with pytest.raises(rp.MarkerError, match=re.escape(words)):
        rp.parse_marker(line)


def test_the_browser_shows_a_bad_marker_as_a_note(monkeypatch) -> None:
    from game.ui.scenes import rules

    real = rules.parse_body
    monkeypatch.setattr(rules, "parse_body", lambda body: [*real(body), ("picture", "[[pieces nothing.here]]")])
    notes = [t for k, t in rules.load_page("hintaro") if k == "note"]
    assert notes and all("unknown pieces 'nothing.here'" in n for n in notes)
    assert parse_body("[[pieces hintaro.die]]") == [("picture", "[[pieces hintaro.die]]")]


# ------------------------------------------------------------------------------------------ engine agreement
def engine_winners(marker: rp.Marker) -> list[str]:
    """Who wins the example, by the engine's ranking functions used directly (not through rule_pictures)."""
    rows = dict(marker.rows)
    if marker.name in ("hintaro", "better_hintaro"):
        throw = rows.pop("Hintaro")[0]
        ranks = {lb: hin.RANK_NAMES.index(s) for lb, d in rows.items() if (s := hin.standing(d, throw))}
        return [lb for lb, r in ranks.items() if r == min(ranks.values())] if ranks else []
    if marker.name in ("sabacc_house", "nepunian_spike"):
        mod = sabacc_ranks if marker.name == "sabacc_house" else spike_ranks

        def card(tok: str) -> tuple[str, int]:
            m = re.fullmatch(r"([a-z]+)([+-]\d+)?", tok)
            assert m
            return (m.group(1), int(m.group(2) or 0))

        hands = {lb: mod.rank_hand([card(t) for t in toks]) for lb, toks in rows.items()}
        best = max(hands.values())
        return [lb for lb, h in hands.items() if h == best]
    if marker.name == "street_hintaro":
        from game.engine.street_hintaro import score

        shared = rows.pop("Shared")[0]
        scores = {lb: score(c, shared) for lb, c in rows.items()}
        top = max(scores.values())
        return [lb for lb, s in scores.items() if s == top and list(scores.values()).count(top) == 1]
    from game.engine.kinzo import after_dice, judge

    dealer = sum(int(c) for c in rows.pop("Dealer"))
    alive = []
    for lb, toks in rows.items():
        cards, _, dice = " ".join(toks).partition("dice")
        hand = sum(int(c) for c in cards.split())
        verdict = judge(hand, dealer)
        if verdict == "equal" or (verdict == "rolls" and after_dice(hand + sum(int(d) for d in dice.split()), dealer)
                                  in ("jackpot", "survived")):
            alive.append(lb)
    return alive


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_example_caption_agrees_with_the_engine_and_the_page(game_id: str) -> None:
    for line, paragraph in examples_with_text(game_id):
        marker = rp.parse_marker(line)
        scored = rp.score_example(marker)
        winners = engine_winners(marker)
        assert winners, f"{line}: the example should have a winner to show"
        assert [s.label for s in scored.seats if s.wins] == winners
        assert scored.caption.startswith(winners[0]) or f"{len(winners)} hand" in scored.caption, scored.caption
        # the page's own words name the same winner the engine found
        assert all(w in paragraph for w in winners), f"{game_id}: the text above {line} does not name {winners}"
        for seat in scored.seats:
            standing = seat.verdict.split(": ")[-1].split(",")[0]
            if seat.wins and game_id != "kinzo" and not standing.startswith("Score"):
                assert standing in scored.caption and standing in paragraph, (seat, scored.caption)


def test_the_caption_follows_the_dice_not_the_page() -> None:
    """Change the Hintaro die in the marker and the engine's answer, so the caption, changes with it."""
    base = "[[example hintaro | Ysalla: T TK | Pek: KK blank | Mags: TK TK | Hintaro: {}]]"
    taro = rp.score_example(rp.parse_marker(base.format("Taro")))
    blank = rp.score_example(rp.parse_marker(base.format("blank")))
    hin_ = rp.score_example(rp.parse_marker(base.format("Hin")))
    assert taro.caption.startswith("Ysalla wins") and "Tukar-Tukar" in taro.caption
    assert blank.caption.startswith("Mags wins") and "Tukar-Kulro" in blank.caption
    assert hin_.caption.startswith("Pek wins") and "Kulro-Kulro" in hin_.caption  # Pek keeps KK, Mags loses a T


# ------------------------------------------------------------------------------------------ drawing
@pytest.fixture(params=[(1280, 720), (560, 360), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def sized_app(request):
    a = App(size=request.param, settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True,
            strict=True)
    yield a
    a.shutdown()
    pygame.quit()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_page_renders_its_pictures_without_overlap(sized_app: App, game_id: str) -> None:
    scene = sized_app.push(RulesScene(sized_app, game_id))
    sized_app.step(1 / 60)
    sized_app.render()
    doc = scene.document()
    bounds = doc.get_rect()
    art = [r for k, r in scene.doc_parts if k == "art"]
    words = [r for k, r in scene.doc_parts if k == "text"]
    wanted = len(markers(game_id))
    assert len(art) >= 2 * wanted, f"{game_id}: {len(art)} pieces drawn for {wanted} pictures"
    assert all(bounds.contains(r) for r in art + words), f"{game_id}: a part lies outside the page"
    assert not [(a, b) for a in art for b in words if a.colliderect(b)], f"{game_id}: words over a picture"
    assert not [(a, b) for a, b in combinations(words, 2) if a.colliderect(b)], f"{game_id}: words overlap"
    # the pieces are drawn (not blank): some opaque pixels inside every piece's rect
    for r in art:
        sub = doc.subsurface(r)
        assert pygame.transform.average_color(sub)[3] > 20, f"{game_id}: an empty picture at {r}"
    # the pictures scroll with the text: the last one is reachable by scrolling
    scene.scroll = scene.max_scroll()
    assert max(r.bottom for r in art) <= scene.scroll + scene.doc_rect.h


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_line_of_the_page_is_drawn_under_the_scroll_hint(sized_app: App, game_id: str) -> None:
    """The page scrolls inside a view that ends above the scroll hint: its bottom line was cut through by the
    hint ("wheel / ↑↓ ... to scroll" drawn over half a line of text)."""
    scene = sized_app.push(RulesScene(sized_app, game_id))
    for scroll in (0, scene.max_scroll() // 2, scene.max_scroll()):
        scene.scroll = scroll
        sized_app.step(1 / 60)
        sized_app.render()
        assert scene.max_scroll() > 0 and scene.hint_rect.h > 0, f"{game_id}: the page fits, no hint to test"
        view = scene.view_rect()
        assert view.bottom <= scene.hint_rect.top, (game_id, view, scene.hint_rect)
        assert scene.doc_rect.contains(scene.hint_rect)
    # the last line still comes into view: the scroll reaches the document's end within the smaller view
    assert scene.scroll + scene.view_rect().h >= scene.document().get_height()


def test_pictures_scale_with_the_window() -> None:
    sizes = {}
    for size in ((560, 360), (1280, 720), (1920, 1080)):
        a = App(size=size, settings=Settings(speed=4.0, muted=True, ambience=False), fixed_step=True, strict=True)
        scene = a.push(RulesScene(a, "hintaro"))
        scene.document()
        sizes[size] = max(r.h for k, r in scene.doc_parts if k == "art")
        a.shutdown()
        pygame.quit()
    assert sizes[(560, 360)] < sizes[(1280, 720)] < sizes[(1920, 1080)]
