"""Pictures inside the rules pages: each game's pieces and a worked example hand, drawn with the tables' own art.

Why this module:

* A new player reads "Tukar" and "Sylop" and has never seen one. The pages show the very sprites the tables
  draw (``draw.die_face``, ``draw.cube_face``, :class:`~game.ui.cards.CardArt`, the Kinzo dice), so what the
  page shows is what the table shows.
* Content stays data: a page says which picture goes where with a marker line in its body (see
  ``assets/rules/README.md``), ``[[pieces hintaro.faces]]`` or ``[[example hintaro | Ysalla: T TK | …]]``.
  :func:`parse_marker` checks a marker when the page loads and names what is wrong; the browser shows that as a
  note on the page.
* An example hand is scored by the engine's own functions (``hintaro.standing``, the sabacc ``rank_hand`` and
  the engines' showdown reasons, Kinzo's ``judge``/``after_dice``) and worded by ``showdown_words``, so the
  caption is what the table would say; it is never written into the page, where it could drift from the rules.
* A picture lays itself out for the width it is given (pieces wrap to the next row) and reports where its art
  and its words lie (:class:`Figure`), so the browser, and the tests, can check nothing overlaps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.engine import hintaro as hin
from game.engine import kinzo as kz
from game.engine import street_hintaro as street
from game.engine.hand_rank import HandRank
from game.engine.nepunian_spike import ranks as spike_ranks
from game.engine.nepunian_spike.table import showdown_reason as spike_reason
from game.engine.sabacc_house import ranks as sabacc_ranks
from game.engine.sabacc_house.table import showdown_reason as sabacc_reason
from game.engine.showdown import standing_reason
from game.ui import theme
from game.ui.cards import ASPECT, CardArt, Deck, kinzo_deck, sabacc_deck, signed, spike_deck
from game.ui.draw import Text, die_face, strike, symbol_slots
from game.ui.resources import Resources
from game.ui.showdown_words import showdown_words


class MarkerError(ValueError):
    """A picture marker in a rules page that cannot be drawn; the message says which part and why."""


@dataclass(frozen=True)
class Marker:
    """One picture marker: ``kind`` "pieces" (``name`` a piece set) or "example" (``name`` a game id, ``rows``
    the seats' ``(label, tokens)`` in page order)."""

    kind: str
    name: str
    rows: tuple[tuple[str, tuple[str, ...]], ...] = ()
    source: str = ""


@dataclass
class Figure:
    """A rendered picture and where its parts lie on it: ``art`` rects (dice, cubes, cards) and ``words`` rects
    (labels, captions), in the figure's own coordinates."""

    surface: pygame.Surface
    art: list[pygame.Rect] = field(default_factory=list)
    words: list[pygame.Rect] = field(default_factory=list)
    caption: str = ""


@dataclass(frozen=True)
class Painter:
    """What a picture is drawn with: the art, the fonts, the page's scale and the colour-blind setting."""

    res: Resources
    text: Text
    u: float
    colour_blind: bool = False

    def px(self, n: float, least: int = 1) -> int:
        return max(least, int(n * self.u))


# ------------------------------------------------------------------------------------------------ markers
def is_marker(line: str) -> bool:
    """A body line that is a picture marker (``[[ … ]]`` on a line of its own)."""
    s = line.strip()
    return s.startswith("[[") and s.endswith("]]")


def parse_marker(line: str) -> Marker:
    """The marker on ``line``, checked in full (pieces known, every token a real face or card, the example
    scorable by the engine); raises :class:`MarkerError` naming the problem."""
    if not is_marker(line):
        raise MarkerError(f"not a picture marker: {line!r} (write [[pieces NAME]] or [[example GAME | …]])")
    inner = line.strip()[2:-2].strip()
    head, _, rest = inner.partition("|")
    words = head.split()
    if len(words) != 2 or words[0] not in ("pieces", "example"):
        raise MarkerError(f"unknown picture marker {line.strip()!r}: it starts 'pieces NAME' or 'example GAME'")
    kind, name = words
    if kind == "pieces":
        if rest.strip():
            raise MarkerError(f"{line.strip()!r}: a pieces marker takes no '|' parts")
        if name not in PIECES:
            raise MarkerError(f"unknown pieces {name!r} in {line.strip()!r}; known: {', '.join(sorted(PIECES))}")
        return Marker(kind, name, (), line.strip())
    if name not in EXAMPLES:
        raise MarkerError(f"no worked-example pictures for game {name!r} in {line.strip()!r}; "
                          f"known: {', '.join(sorted(EXAMPLES))}")
    rows: list[tuple[str, tuple[str, ...]]] = []
    for part in rest.split("|"):
        if not part.strip():
            continue
        label, colon, tokens = part.partition(":")
        if not colon or not label.strip():
            raise MarkerError(f"{line.strip()!r}: each part is 'Name: pieces', not {part.strip()!r}")
        rows.append((label.strip(), tuple(tokens.split())))
    marker = Marker(kind, name, tuple(rows), line.strip())
    score_example(marker)  # raises MarkerError on a hand the engine cannot score
    return marker


# --------------------------------------------------------------------------------------------- scoring
@dataclass(frozen=True)
class SeatResult:
    """One seat of a worked example as the engine scores it: its pieces, the words under them, a winner?"""

    label: str
    tokens: tuple[str, ...]
    verdict: str
    wins: bool
    struck: str | None = None


@dataclass(frozen=True)
class Scored:
    """A worked example scored by the engine: the shared piece (Hintaro die, shared cube, dealer hand) if the
    game has one, each seat, and the caption (who wins and the engine's reason, in the table's words)."""

    shared: SeatResult | None
    seats: tuple[SeatResult, ...]
    caption: str


def _need_seats(m: Marker, rows: Sequence[tuple[str, tuple[str, ...]]], least: int = 2) -> None:
    if len(rows) < least:
        raise MarkerError(f"{m.source!r}: an example needs at least {least} seats")


def _shared_row(m: Marker, key: str) -> tuple[tuple[str, ...], list[tuple[str, tuple[str, ...]]]]:
    shared = [r for r in m.rows if r[0].lower() == key]
    if len(shared) != 1:
        raise MarkerError(f"{m.source!r}: name the {key} exactly once ('{key}: …')")
    return shared[0][1], [r for r in m.rows if r[0].lower() != key]


def _winners_caption(names: Sequence[str], why: str) -> str:
    if not names:
        return why + "."
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{who} {'wins' if len(names) == 1 else 'split the pot'}: {why}."


def _score_hintaro(m: Marker, game_id: str = "hintaro") -> Scored:
    throw, seats = _shared_row(m, "hintaro")
    if len(throw) != 1 or throw[0] not in hin.HINTARO_FACES:
        raise MarkerError(f"{m.source!r}: the Hintaro die shows one of {sorted(set(hin.HINTARO_FACES))}")
    _need_seats(m, seats)
    face = throw[0]
    ranks: list[int | None] = []
    out = []
    for label, dice in seats:
        if len(dice) != 2 or any(d not in hin.PLAYER_FACES for d in dice):
            raise MarkerError(f"{m.source!r}: {label} throws two of {sorted(set(hin.PLAYER_FACES))}, not {dice}")
        (t, k), struck = hin.cancel(hin.symbols(dice), face)
        name = hin.standing(dice, face)
        ranks.append(None if name is None else hin.RANK_NAMES.index(name))
        out.append((label, dice, f"Tukar {t}, Kulro {k}: {name or 'no standing'}", struck))
    why, params = standing_reason(ranks, list(range(len(seats))), hin.RANK_NAMES)
    best = min((r for r in ranks if r is not None), default=None)
    wins = [best is not None and r == best for r in ranks]
    rows = tuple(SeatResult(lb, d, v, w, st) for (lb, d, v, st), w in zip(out, wins, strict=True))
    names = [r.label for r in rows if r.wins]
    caption = _winners_caption(names, showdown_words(game_id, why, params))
    if why == "nobody_stands":
        caption = showdown_words(game_id, why, params) + ": the pot carries to the next round."
    shared = SeatResult("Hintaro die", (face,), "", False)
    return Scored(shared, rows, caption)


def _score_street(m: Marker) -> Scored:
    rows = list(m.rows)
    low = any(lb.lower() == "cantina" for lb, _ in rows)
    rows = [r for r in rows if r[0].lower() != "cantina"]
    m2 = Marker(m.kind, m.name, tuple(rows), m.source)
    shared, seats = _shared_row(m2, "shared")
    if len(shared) != 1 or shared[0] not in street.CUBE_FACES:
        raise MarkerError(f"{m.source!r}: the shared cube shows red or blue")
    if len(seats) != 2:
        raise MarkerError(f"{m.source!r}: Street Hintaro is played by two seats")
    for label, cubes in seats:
        if len(cubes) != 2 or any(c not in street.CUBE_FACES for c in cubes):
            raise MarkerError(f"{m.source!r}: {label} throws two cubes, red or blue, not {cubes}")
    scores = [street.score(cubes, shared[0]) for _, cubes in seats]
    winners, why, params = street.showdown(scores, low)  # the engine's own verdict
    out = tuple(SeatResult(lb, c, street.rank_name(s), i in winners)
                for i, ((lb, c), s) in enumerate(zip(seats, scores, strict=True)))
    words = showdown_words("street_hintaro", why, params)
    caption = _winners_caption([out[w].label for w in winners], words) if winners else words + "."
    return Scored(SeatResult("Shared cube", shared, "", False), out, caption)


def _card_ids(m: Marker, label: str, tokens: Sequence[str], cards: Sequence[tuple[str, int]],
              suits: Sequence[str]) -> list[int]:
    """Card ids for tokens like ``circle+5``, ``hearts-4`` or ``sylop`` (each card at most once)."""
    ids: list[int] = []
    for tok in tokens:
        t = tok.replace("−", "-").lower()
        if t == "sylop":
            want: tuple[str, int] = ("sylop", 0)
        else:
            suit = next((s for s in suits if t.startswith(s)), None)
            try:
                value = int(t[len(suit):]) if suit else None
            except ValueError:
                value = None
            if suit is None or value is None:
                raise MarkerError(f"{m.source!r}: {label}'s card {tok!r} is not SUIT±VALUE or sylop "
                                  f"(suits: {', '.join(suits)})")
            want = (suit, value)
        found = [i for i, c in enumerate(cards) if c == want and i not in ids]
        if not found:
            raise MarkerError(f"{m.source!r}: {label}'s card {tok!r} is not in the deck (or is there twice)")
        ids.append(found[0])
    return ids


def _score_sabacc(m: Marker, game_id: str) -> Scored:
    _need_seats(m, m.rows)
    ranks: list[HandRank] = []
    ids_all: list[tuple[str, ...]] = []
    for label, tokens in m.rows:
        if game_id == "sabacc_house":
            cards: Sequence[tuple[str, int]] = sabacc_ranks.CARDS
            ids = _card_ids(m, label, tokens, cards, sabacc_ranks.SUITS)
        else:
            cards = spike_ranks.DECK
            ids = _card_ids(m, label, tokens, cards, (*spike_ranks.BLACK_SUITS, *spike_ranks.RED_SUITS))
        try:
            rank = (sabacc_ranks.rank_hand([cards[i] for i in ids]) if game_id == "sabacc_house"
                    else spike_ranks.rank_hand([cards[i] for i in ids]))
        except ValueError as exc:
            raise MarkerError(f"{m.source!r}: {label}'s hand cannot be ranked: {exc}") from exc
        ranks.append(rank)
        ids_all.append(tuple(str(i) for i in ids))
    seats = list(range(len(ranks)))
    best = max(ranks)
    winners = [s for s in seats if ranks[s] == best]
    if game_id == "sabacc_house":
        why, params = sabacc_reason(dict(enumerate(ranks)), seats, winners[:1])
    else:
        why, params = spike_reason(ranks, seats, winners)
    out = tuple(SeatResult(lb, ids, f"{r.name}, total {signed(r.total)}", s in winners)
                for s, ((lb, _), ids, r) in enumerate(zip(m.rows, ids_all, ranks, strict=True)))
    words = showdown_words(game_id, why, params)
    if why == "blind_draw":  # a complete tie at Sabacc House: a blind draw settles it, so nobody is named
        caption = words + "."
    else:
        caption = _winners_caption([out[w].label for w in (winners if why == "split" else winners[:1])], words)
    return Scored(None, out, caption)


def _kinzo_cards(m: Marker, label: str, tokens: Sequence[str]) -> list[int]:
    try:
        values = [int(t) for t in tokens]
    except ValueError:
        raise MarkerError(f"{m.source!r}: {label}'s cards are numbers 1–6, not {' '.join(tokens)}") from None
    if not values or any(v not in kz.CARD_VALUES for v in values):
        raise MarkerError(f"{m.source!r}: {label}'s cards are numbers 1–6, not {' '.join(tokens)}")
    return values


def _score_kinzo(m: Marker) -> Scored:
    dealer_tokens, seats = _shared_row(m, "dealer")
    dealer = _kinzo_cards(m, "the dealer", dealer_tokens)
    if any(kz.dealer_must_draw(dealer[:i]) is False for i in range(1, len(dealer))) or kz.dealer_must_draw(dealer):
        raise MarkerError(f"{m.source!r}: the dealer would not stop at {' '.join(dealer_tokens)} "
                          f"(three cards at least, then draw until a 5 or 6 shows, six at most)")
    _need_seats(m, seats, 1)
    total = sum(dealer)
    out = []
    for label, tokens in seats:
        cards_part, _, dice_part = " ".join(tokens).partition("dice")
        cards = _kinzo_cards(m, label, cards_part.split())
        hand = sum(cards)
        verdict = kz.judge(hand, total)
        pieces = tuple(str(c) for c in cards)
        if verdict == "rolls":
            dice = [int(d) for d in dice_part.split() if d.isdigit()]
            if len(dice) != 2 or len(dice_part.split()) != 2 or any(d not in kz.DIE_FACES for d in dice):
                raise MarkerError(f"{m.source!r}: {label} goes to the dice: name two dice (1–3) after 'dice'")
            final = hand + sum(dice)
            outcome = kz.after_dice(final, total)
            words = f"{hand} + dice {sum(dice)} = {final}: {outcome}"
            pieces += ("dice", *(str(d) for d in dice))
        else:
            if dice_part.strip():
                raise MarkerError(f"{m.source!r}: {label}'s {hand} never rolls ({verdict} against {total})")
            outcome = "survived" if verdict == "equal" else verdict
            words = f"{hand}: {outcome}" + (" (level with the dealer)" if verdict == "equal" else "")
        out.append(SeatResult(label, pieces, words, outcome in ("jackpot", "survived")))
    jack = [r.label for r in out if r.verdict.endswith("jackpot")]
    why, params = kz.round_reason(bool(jack), sum(1 for r in out if r.wins), total)  # the engine's own words
    words = showdown_words("kinzo", why, params)
    caption = _winners_caption(jack[:1], words) if jack else words + "."
    shared = SeatResult("Dealer", tuple(str(c) for c in dealer), f"stops at {total}", False)
    return Scored(shared, tuple(out), caption)


EXAMPLES: dict[str, Callable[[Marker], Scored]] = {
    "hintaro": _score_hintaro,
    "better_hintaro": lambda m: _score_hintaro(m, "better_hintaro"),
    "street_hintaro": _score_street,
    "sabacc_house": lambda m: _score_sabacc(m, "sabacc_house"),
    "nepunian_spike": lambda m: _score_sabacc(m, "nepunian_spike"),
    "kinzo": _score_kinzo,
}


def score_example(m: Marker) -> Scored:
    """The example as the engine scores it (raises :class:`MarkerError` for a hand it cannot score)."""
    return EXAMPLES[m.name](m)


# -------------------------------------------------------------------------------------------- layout
@dataclass
class Tile:
    """One piece (or a seat's pieces) with the words under it; ``lead`` is drawn brighter (a winner's name)."""

    picture: pygame.Surface
    lines: list[str]
    lead: str = ""
    highlight: bool = False
    art: list[pygame.Rect] = field(default_factory=list)  # rects inside ``picture`` (default: all of it)


def flow(p: Painter, tiles: Sequence[Tile], width: int, caption: str = "", min_label: int = 0) -> Figure:
    """Tiles left to right, wrapping to new rows within ``width``; each tile's words wrapped under it, and the
    caption (if any) under everything, wrapped to the full width."""
    size = p.px(15, 9)
    gap = p.px(22, 8)
    pad = p.px(6, 3)  # room for a winner's lit box around its pieces, above and at the left edge
    width -= pad
    placed: list[tuple[Tile, int, int, list[str], int]] = []  # tile, x, y, lines, tile width
    x, y, row_h = 0, pad, 0
    for tile in tiles:
        tw = min(width, max(tile.picture.get_width(), min_label))
        lines = ([*p.text.wrap(tile.lead, size, tw, "bold")] if tile.lead else [])
        lead_n = len(lines)
        for ln in tile.lines:
            lines += p.text.wrap(ln, size, tw)
        th = tile.picture.get_height() + p.px(6, 3) + len(lines) * p.text.res.font("text", size).get_linesize()
        if x and x + tw > width:
            x, y, row_h = 0, y + row_h + gap, 0
        placed.append((tile, x, y, lines, lead_n))
        x += tw + gap
        row_h = max(row_h, th)
    cap_lines = p.text.wrap(caption, p.px(17, 9), width, "bold") if caption else []
    row_h += pad
    line_h = p.text.res.font("text", size).get_linesize()
    cap_h = p.text.res.font("bold", p.px(17, 9)).get_linesize()
    height = y + row_h + (p.px(10, 4) + len(cap_lines) * cap_h if cap_lines else 0) + p.px(4)
    fig = Figure(pygame.Surface((width + pad, max(1, height)), pygame.SRCALPHA), caption=caption)
    s = fig.surface
    for tile, tx, ty, lines, lead_n in placed:
        tw = min(width, max(tile.picture.get_width(), min_label))
        tx += pad
        pic = tile.picture.get_rect(midtop=(tx + tw // 2, ty))
        if tile.highlight:
            pygame.draw.rect(s, (60, 46, 20), pic.inflate(2 * pad, 2 * pad), border_radius=p.px(8, 3))
        s.blit(tile.picture, pic)
        fig.art += [r.move(pic.topleft) for r in tile.art] if tile.art else [pic]
        ly = pic.bottom + p.px(6, 3)
        for i, ln in enumerate(lines):
            lead = i < lead_n
            colour = theme.AMBER if lead and tile.highlight else (theme.CREAM if lead else (222, 206, 170))
            img = p.text.render(ln, size, colour, "bold" if lead else "text")
            r = img.get_rect(midtop=(tx + tw // 2, ly))
            r.x = max(pad, min(width + pad - r.w, r.x))
            s.blit(img, r)
            fig.words.append(r)
            ly += line_h
    cy = y + row_h + p.px(10, 4)
    for ln in cap_lines:
        img = p.text.render(ln, p.px(17, 9), theme.AMBER, "bold")
        r = s.blit(img, (pad, cy))
        fig.words.append(r)
        cy += cap_h
    return fig


def row(p: Painter, pictures: Sequence[pygame.Surface], gap: int | None = None) -> tuple[pygame.Surface,
                                                                                        list[pygame.Rect]]:
    """Several pieces side by side on one transparent surface, and where each lies."""
    g = p.px(6, 2) if gap is None else gap
    w = sum(pic.get_width() for pic in pictures) + g * max(0, len(pictures) - 1)
    h = max((pic.get_height() for pic in pictures), default=1)
    s = pygame.Surface((max(1, w), h), pygame.SRCALPHA)
    rects, x = [], 0
    for pic in pictures:
        rects.append(s.blit(pic, (x, (h - pic.get_height()) // 2)))
        x += pic.get_width() + g
    return s, rects


# ------------------------------------------------------------------------------------------- pieces
def _die(p: Painter) -> int:
    return p.px(62, 22)


def _card_size(p: Painter) -> tuple[int, int]:
    w = p.px(70, 26)
    return w, int(w * ASPECT)


def _counted(faces: Sequence[str]) -> list[tuple[str, int]]:
    seen = Counter(faces)
    return [(f, seen[f]) for f in dict.fromkeys(faces)]


def _times(n: int) -> str:
    return f" (×{n})" if n > 1 else ""


def pieces_hintaro_faces(p: Painter, width: int) -> Figure:
    """The six faces of a player die, named as the engine names them, with their Tukar and Kulro counts."""
    tiles = []
    for face, n in _counted(hin.PLAYER_FACES):
        t, k = hin.SYMBOLS[face]
        count = ", ".join(x for x in (f"Tukar {t}" if t else "", f"Kulro {k}" if k else "") if x) or "no symbol"
        tiles.append(Tile(die_face(face, _die(p), "silver", p.res), [count],
                          lead=f"{face if face != 'blank' else 'Blank'}{_times(n)}"
                               + (f" · {hin.FACE_WORDS[face]}" if face != "blank" else "")))
    return flow(p, tiles, width, min_label=p.px(120, 60))


def pieces_hintaro_die(p: Painter, width: int) -> Figure:
    """The Hintaro die's faces and what each takes (the engine's ``cancel`` says which symbol falls)."""
    tiles = []
    for face, n in _counted(hin.HINTARO_FACES):
        struck = hin.cancel((1, 1), face)[1]
        tiles.append(Tile(die_face(face, _die(p), "gold", p.res),
                          [f"takes one {struck} from every seat" if struck else "takes nothing"],
                          lead=f"{face if face != 'blank' else 'Blank'}{_times(n)}"))
    return flow(p, tiles, width, min_label=p.px(140, 60))


def pieces_street_cubes(p: Painter, width: int) -> Figure:
    """A chance cube's two colours, drawn as the table draws them (colour-blind marks included)."""
    from game.ui.draw import cube_face

    tiles = [Tile(cube_face(c, _die(p), p.colour_blind, p.res), [f"{n} of the 6 faces"], lead=c.capitalize())
             for c, n in _counted(street.CUBE_FACES)]
    return flow(p, tiles, width, min_label=p.px(120, 60))


def _card_tiles(p: Painter, deck: Deck, ids: Sequence[int]) -> list[Tile]:
    art = CardArt(p.res, p.text, deck)
    w, h = _card_size(p)
    # a deck with big corner numbers (Kinzo) says it on the card; the others are named under it
    return [Tile(art.plain(i, w, h) if not deck.index else art.sprite(i, w, h), [] if deck.index else [deck.say(i)])
            for i in ids]


def pieces_sabacc_deck(p: Painter, width: int) -> Figure:
    """One card of each suit, plus and minus, and a Sylop: the 62-card deck by sample."""
    cards = sabacc_ranks.CARDS
    picks = [("circle", 10), ("circle", -10), ("triangle", 3), ("triangle", -7), ("square", 1), ("square", -4),
             ("sylop", 0)]
    ids = [cards.index(c) for c in picks]
    suits = len(sabacc_ranks.SUITS)
    caption = (f"{len(cards)} cards: {suits} suits (circle, triangle, square), each +1 to +10 and −1 to −10, "
               f"and {sabacc_ranks.COPIES[0]} Sylops worth 0")
    return flow(p, _card_tiles(p, sabacc_deck(), ids), width, caption, min_label=p.px(90, 40))


def pieces_spike_deck(p: Painter, width: int) -> Figure:
    """A card of each suit (black plus, red minus) and a Sylop: the 42-card Nepunian deck by sample."""
    deck = spike_ranks.DECK
    picks = [("spades", 1), ("clubs", 7), ("hearts", -4), ("diamonds", -10), ("sylop", 0)]
    ids = [deck.index(c) for c in picks]
    caption = (f"{len(deck)} cards: spades and clubs count plus, hearts and diamonds minus, "
               f"and {spike_ranks.COPIES[0]} Sylops worth 0")
    return flow(p, _card_tiles(p, spike_deck(), ids), width, caption, min_label=p.px(90, 40))


def pieces_kinzo_cards(p: Painter, width: int) -> Figure:
    """The six card values (the deck holds ``COPIES`` of each)."""
    tiles = _card_tiles(p, kinzo_deck(), list(kz.CARD_VALUES))
    caption = f"{len(kz.DECK)} cards: {kz.COPIES} each of {', '.join(str(v) for v in kz.CARD_VALUES)}"
    return flow(p, tiles, width, caption, min_label=p.px(60, 30))


def _kinzo_die(p: Painter, face: int, size: int) -> pygame.Surface:
    return p.res.image(f"kinzo.die_{int(face)}", (size, size))


def pieces_kinzo_dice(p: Painter, width: int) -> Figure:
    """A Kinzo die's faces (two each of 1, 2 and 3), drawn as the table draws them."""
    tiles = [Tile(_kinzo_die(p, f, _die(p)), [f"{n} of the 6 faces"], lead=str(f))
             for f, n in Counter(kz.DIE_FACES).items()]
    return flow(p, tiles, width, min_label=p.px(110, 50))


def pieces_chips(p: Painter, width: int) -> Figure:
    """The chip denominations, smallest first, as the tables stack them (the pots and stacks are piles of these)."""
    from game.ui.draw import chip_stack

    d = p.px(44, 18)
    tiles = [Tile(chip_stack(value, 3, d, p.res), [name], lead=f"{value:,}")
             for value, name, *_ in sorted(theme.DENOMS)]
    return flow(p, tiles, width, min_label=p.px(64, 30))


PIECES: dict[str, Callable[[Painter, int], Figure]] = {
    "chips": pieces_chips,
    "hintaro.faces": pieces_hintaro_faces,
    "hintaro.die": pieces_hintaro_die,
    "street_hintaro.cubes": pieces_street_cubes,
    "sabacc_house.deck": pieces_sabacc_deck,
    "nepunian_spike.deck": pieces_spike_deck,
    "kinzo.cards": pieces_kinzo_cards,
    "kinzo.dice": pieces_kinzo_dice,
}


# ------------------------------------------------------------------------------------------ examples
def _hintaro_seat(p: Painter, seat: SeatResult) -> tuple[pygame.Surface, list[pygame.Rect]]:
    """A seat's two dice, the symbol the Hintaro die took struck through (as the table strikes it)."""
    size = _die(p)
    pics = [die_face(f, size, "silver", p.res).copy() for f in seat.tokens]
    if seat.struck:
        for pic, face in zip(pics, seat.tokens, strict=True):
            hit = [(c, r) for sym, c, r in symbol_slots(face, size, p.res) if sym == seat.struck]
            if hit:
                strike(pic, hit[0][0], hit[0][1], res=p.res)
                break
    return row(p, pics)


def _cards_row(p: Painter, deck: Deck, ids: Sequence[int]) -> tuple[pygame.Surface, list[pygame.Rect]]:
    art = CardArt(p.res, p.text, deck)
    w, h = _card_size(p)
    pics = [art.plain(i, w, h) if not deck.index else art.sprite(i, w, h) for i in ids]
    surf, _ = row(p, pics, -int(w * 0.38))  # overlapping as in a hand, every corner index in view
    return surf, [surf.get_rect()]


def _kinzo_row(p: Painter, tokens: Sequence[str]) -> tuple[pygame.Surface, list[pygame.Rect]]:
    cards = [int(t) for t in tokens[:tokens.index("dice")]] if "dice" in tokens else [int(t) for t in tokens]
    dice = [int(t) for t in tokens[tokens.index("dice") + 1:]] if "dice" in tokens else []
    hand, _ = _cards_row(p, kinzo_deck(), cards)
    if not dice:
        return hand, [hand.get_rect()]
    surf, rects = row(p, [hand, *(_kinzo_die(p, d, p.px(40, 16)) for d in dice)], p.px(8, 3))
    return surf, rects


def example_figure(p: Painter, m: Marker, width: int) -> Figure:
    """A worked example as it lies on the table: the shared piece, each seat's pieces with the engine's verdict
    under them (the winner lit), and the caption saying who wins and why."""
    scored = score_example(m)
    tiles: list[Tile] = []
    if scored.shared is not None:
        sh = scored.shared
        if m.name in ("hintaro", "better_hintaro"):
            pic, rects = row(p, [die_face(sh.tokens[0], _die(p), "gold", p.res)])
            lines = [f"shows {sh.tokens[0].lower() if sh.tokens[0] == 'blank' else sh.tokens[0]}"]
        elif m.name == "street_hintaro":
            from game.ui.draw import cube_face

            pic, rects = row(p, [cube_face(sh.tokens[0], _die(p), p.colour_blind, p.res)])
            lines = [f"shows {sh.tokens[0]}"]
        else:
            pic, rects = _kinzo_row(p, sh.tokens)
            lines = [sh.verdict]
        tiles.append(Tile(pic, lines, lead=sh.label, art=rects))
    for seat in scored.seats:
        if m.name in ("hintaro", "better_hintaro"):
            pic, rects = _hintaro_seat(p, seat)
        elif m.name == "street_hintaro":
            from game.ui.draw import cube_face

            pic, rects = row(p, [cube_face(c, _die(p), p.colour_blind, p.res) for c in seat.tokens])
        elif m.name == "kinzo":
            pic, rects = _kinzo_row(p, seat.tokens)
        else:
            deck = sabacc_deck() if m.name == "sabacc_house" else spike_deck()
            pic, rects = _cards_row(p, deck, [int(t) for t in seat.tokens])
        tiles.append(Tile(pic, [seat.verdict], lead=seat.label, highlight=seat.wins, art=rects))
    return flow(p, tiles, width, scored.caption, min_label=p.px(200, 90))


def figure(p: Painter, m: Marker, width: int) -> Figure:
    """The picture for a parsed marker, laid out for ``width`` pixels."""
    if m.kind == "pieces":
        return PIECES[m.name](p, width)
    return example_figure(p, m, width)
