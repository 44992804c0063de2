"""The rules browser's data files (assets/rules/): complete, well formed, in step with the engine, our own words.

Why these checks:

* The rules browser renders these files as they are, so a missing key, a wrong type or a stray markup form is
  a broken screen, not a typo. The markup is deliberately tiny (see assets/rules/README.md) and checked here.
* A player learns each game from its page alone, so every game needs worked examples and the house rulings.
* Where a game is already registered in the engine, its page must agree with the class: same title, same seat
  range, and every standing the engine can report must be explained on the page.
* Plagiarism guard: several rule texts we learned the games from are licensed against derivative copies, so
  every page must paraphrase. No run of ``RUN`` consecutive words of a rule text may appear in any single text
  field of our files. Words are compared lower-cased with punctuation dropped (so "+10" and "−10" both read
  "10", "Idiot's" reads "idiot s"). No exemption list is needed today: not even runs of rank names or common
  words reach eight. The rule texts are not in the repo (their licences forbid it): this check needs them
  beside the checkout (``../shared/rules``) or named by ``CANTINA_RULES_DIR``, and skips with that reason
  where they are missing (the README and ``.ci/run`` say so).
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from game.engine import GAMES

REPO = Path(__file__).resolve().parents[1]
RULES_DIR = REPO / "assets" / "rules"
#: the rule texts we learned the games from: files outside the repo (see the module's docstring)
RULES_ENV = "CANTINA_RULES_DIR"
SOURCE_DIR = Path(os.environ.get(RULES_ENV) or REPO.parent / "shared" / "rules")

GAME_IDS: tuple[str, ...] = (
    "hintaro", "street_hintaro", "better_hintaro", "sabacc_house", "nepunian_spike", "kinzo",
)
#: the rule text each page was written from (the guard compares every page with every text, to be safe)
SOURCES: dict[str, str] = {
    "hintaro": "hintaro-and-street-hintaro.txt",
    "street_hintaro": "hintaro-and-street-hintaro.txt",
    "better_hintaro": "better-hintaro.txt",
    "sabacc_house": "sabacc-house-rules.txt",
    "nepunian_spike": "sabacc-nepunian-spike.txt",
    "kinzo": "kinzo.txt",
}
RUN = 8
#: bounds on a page's length, counting words that contain letters (card values and step numbers left out)
MIN_WORDS, MAX_WORDS = 400, 1300
#: glossary entries the browser links to from several pages
REQUIRED_TERMS: tuple[str, ...] = (
    "seat", "hintaron", "pot", "side pot", "carry", "ante", "bring-in", "sylop", "captain", "locked", "stub",
)
#: non-ASCII characters the pages may use; all of them are in Inter, the body font
ALLOWED_NON_ASCII = set("−–—×’‘“”…")


def load(name: str) -> dict[str, Any]:
    with (RULES_DIR / name).open("rb") as fh:
        return tomllib.load(fh)


def game_page(game_id: str) -> dict[str, Any]:
    return load(f"{game_id}.toml")


def blocks(body: str) -> list[str]:
    """The body's blocks (paragraphs or lists), as the browser splits them: on blank lines."""
    return [b.strip("\n") for b in re.split(r"\n\s*\n", body.strip()) if b.strip()]


def strings(node: Any) -> list[str]:
    """Every text field in a parsed file, each separately (a copied run must lie inside one field)."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for value in node.values() for s in strings(value)]
    if isinstance(node, list):
        return [s for value in node for s in strings(value)]
    return []


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def letter_words(text: str) -> int:
    """Words that hold letters ("Hintaron's" is one word; "+10" and "3." are none)."""
    return len(re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)*", text))


# ------------------------------------------------------------------------------------------ game pages
def test_a_page_for_every_game() -> None:
    present = {p.stem for p in RULES_DIR.glob("*.toml")} - {"glossary"}
    assert present == set(GAME_IDS)
    assert set(GAMES) <= set(GAME_IDS), f"registered games without a rules page: {set(GAMES) - set(GAME_IDS)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_page_keys_and_types(game_id: str) -> None:
    page = game_page(game_id)
    assert set(page) == {"id", "title", "tagline", "players", "credits", "sections"}
    assert page["id"] == game_id
    for key in ("title", "tagline", "players"):
        assert isinstance(page[key], str) and page[key].strip() == page[key] and page[key]
    assert "\n" not in page["tagline"], "the tagline is one line"
    assert re.fullmatch(r"\d+(–\d+)?", page["players"]), "players is 'N' or 'N–M' with an en dash"
    credits = page["credits"]
    assert isinstance(credits, list) and credits, "every game credits its makers"
    for credit in credits:
        assert set(credit) == {"role", "name"}
        assert all(isinstance(credit[k], str) and credit[k].strip() for k in credit)
    sections = page["sections"]
    assert isinstance(sections, list) and len(sections) >= 5
    for section in sections:
        assert set(section) == {"heading", "body"}
        assert isinstance(section["heading"], str) and section["heading"].strip()
        assert isinstance(section["body"], str) and section["body"].strip()
    headings = [s["heading"] for s in sections]
    assert len(set(headings)) == len(headings), "headings are unique"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_page_has_examples_and_house_rulings(game_id: str) -> None:
    sections = game_page(game_id)["sections"]
    assert sections[0]["heading"] == "The goal"
    assert sections[-1]["heading"] == "House rulings", "the house rulings close every page"
    rulings = blocks(sections[-1]["body"])
    assert rulings and all(line.startswith("- ") for b in rulings for line in b.splitlines()), \
        "house rulings are a bullet list"
    examples = [b for s in sections for b in blocks(s["body"]) if b.startswith("Example:")]
    assert len(examples) >= 2, "at least two worked examples"
    assert all(re.search(r"\d", e) for e in examples), "worked examples show actual numbers"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_body_markup(game_id: str) -> None:
    for section in game_page(game_id)["sections"]:
        for block in blocks(section["body"]):
            lines = block.splitlines()
            where = f"{game_id} / {section['heading']}: {block[:50]!r}"
            assert all(line == line.strip() and line for line in lines), f"stray whitespace in {where}"
            assert all(line.startswith("- ") for line in lines[1:]), \
                f"a block is a one-line paragraph, a '- ' list, or a one-line lead-in and its list: {where}"
            assert not any(line.startswith("- Example:") for line in lines), f"examples are paragraphs: {where}"


@pytest.mark.parametrize("name", [f"{g}.toml" for g in GAME_IDS] + ["glossary.toml"])
def test_characters_render(name: str) -> None:
    odd = {ch for text in strings(load(name)) for ch in text if ord(ch) > 127} - ALLOWED_NON_ASCII
    assert not odd, f"{name} uses characters outside the checked set: {sorted(odd)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_page_length(game_id: str) -> None:
    sections = game_page(game_id)["sections"]
    # picture markers ([[pieces …]], [[example …]]: tests/ui/test_rules_pictures.py) are not prose
    count = sum(letter_words(s["heading"]) + letter_words(re.sub(r"(?m)^\[\[.*\]\]$", "", s["body"]))
                for s in sections)
    assert MIN_WORDS <= count <= MAX_WORDS, f"{game_id} page has {count} words"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_page_agrees_with_engine(game_id: str) -> None:
    cls = GAMES[game_id]
    page = game_page(game_id)
    assert page["title"] == cls.title
    seats = str(cls.min_seats) if cls.min_seats == cls.max_seats else f"{cls.min_seats}–{cls.max_seats}"
    assert page["players"] == seats
    text = " ".join(s["body"] for s in page["sections"]).lower()
    missing = [name for name in cls.RANK_NAMES if name.lower() not in text]
    assert not missing, f"standings the engine reports but the page never explains: {missing}"


# ------------------------------------------------------------------------------------------ glossary
def test_glossary() -> None:
    glossary = load("glossary.toml")
    assert set(glossary) == {"title", "terms"}
    terms = glossary["terms"]
    assert isinstance(terms, list) and terms
    seen: set[str] = set()
    for entry in terms:
        assert set(entry) == {"term", "definition", "games"}
        assert isinstance(entry["term"], str) and entry["term"].strip()
        assert isinstance(entry["definition"], str) and len(words(entry["definition"])) >= 5
        assert "\n" not in entry["definition"]
        assert isinstance(entry["games"], list) and set(entry["games"]) <= set(GAME_IDS)
        key = entry["term"].lower()
        assert key not in seen, f"glossary term twice: {entry['term']}"
        seen.add(key)
    for wanted in REQUIRED_TERMS:
        assert any(re.search(rf"\b{re.escape(wanted)}\b", t) for t in seen), f"glossary lacks {wanted!r}"


# ------------------------------------------------------------------------------------------ our own words
@pytest.fixture(scope="module")
def source_runs() -> dict[tuple[str, ...], str]:
    """Every run of RUN words in the rule texts -> the text it comes from."""
    if not SOURCE_DIR.is_dir():
        pytest.skip(f"needs the rule texts, which live outside the repo: none at {SOURCE_DIR} "
                    f"(put them at ../shared/rules or set {RULES_ENV})")
    missing = sorted({name for name in SOURCES.values() if not (SOURCE_DIR / name).is_file()})
    assert not missing, f"rule texts named in SOURCES are gone: {missing}"
    runs: dict[tuple[str, ...], str] = {}
    for path in sorted(SOURCE_DIR.glob("*.txt")):
        w = words(path.read_text(encoding="utf-8", errors="replace"))
        for i in range(len(w) - RUN + 1):
            runs.setdefault(tuple(w[i:i + RUN]), path.name)
    return runs


@pytest.mark.parametrize("name", [f"{g}.toml" for g in GAME_IDS] + ["glossary.toml"])
def test_no_copied_wording(name: str, source_runs: dict[tuple[str, ...], str]) -> None:
    copied = set()
    for text in strings(load(name)):
        w = words(text)
        for i in range(len(w) - RUN + 1):
            run = tuple(w[i:i + RUN])
            if run in source_runs:
                copied.add(f"{' '.join(run)!r} (from {source_runs[run]})")
    assert not copied, f"{name} repeats rule-text wording; say it in our own words: {sorted(copied)}"
