"""The Majority word lists (cardspecs/majority/words-<lang>.csv) keep the rules a word list
can be checked against: 206 cards, 412 words, no word twice (nor a plural of another),
lower-case words of the language's letters only, a length that fits a card, every word
with a known theme, themes balanced, and the two faces of a card from different themes.
The lists are written independently, not translated: they share few words."""
from __future__ import annotations

import csv
import re
import unicodedata
from collections import Counter

import pytest

from ..conftest import ROOT

FOLDER = ROOT / "cardspecs" / "majority"
THEMES = {"animal", "food", "home", "object", "clothing", "nature", "place", "job",
          "transport", "leisure", "body", "fantasy"}
LETTERS = {"fr": "a-zàâäçéèêëîïôöùûüÿœæ", "en": "a-z"}
MAX_LENGTH = 15
PLURALS = {"fr": ("s", "x"), "en": ("s", "es")}


def cards(lang: str) -> list[dict]:
    with (FOLDER / f"words-{lang}.csv").open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def words(lang: str) -> list[tuple[str, str]]:
    """(word, theme) of every face, fronts then backs."""
    rows = cards(lang)
    return [(r["front"], r["front_theme"]) for r in rows] + [(r["back"], r["back_theme"]) for r in rows]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_206_cards_412_words(lang):
    rows = cards(lang)
    assert [int(r["card"]) for r in rows] == list(range(1, 207))
    assert len(words(lang)) == 412
    assert all(w for w, _ in words(lang))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_word_twice_nor_a_plural_of_another(lang):
    listed = [w.casefold() for w, _ in words(lang)]
    twice = [w for w, n in Counter(listed).items() if n > 1]
    assert twice == []
    known = set(listed)
    plurals = [w for w in listed for end in PLURALS[lang] if w.endswith(end) and w[:-len(end)] in known]
    assert plurals == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_characters_and_length(lang):
    letters = LETTERS[lang]
    # lower-case words of the language's letters, joined by single spaces, hyphens or
    # apostrophes: no capital (no proper name), no digit, no stray space
    pattern = re.compile(rf"^[{letters}]+(?:[ '-][{letters}]+)*$")
    bad = [w for w, _ in words(lang) if not pattern.match(w)]
    assert bad == []
    assert all(unicodedata.is_normalized("NFC", w) for w, _ in words(lang))
    too_long = [w for w, _ in words(lang) if len(w) > MAX_LENGTH]
    assert too_long == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_themes_known_and_balanced(lang):
    themes = Counter(t for _, t in words(lang))
    assert set(themes) == THEMES
    mean = 412 / len(THEMES)
    assert all(0.9 * mean <= n <= 1.1 * mean for n in themes.values()), themes


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_cards_two_faces_come_from_different_themes(lang):
    same = [r["card"] for r in cards(lang) if r["front_theme"] == r["back_theme"]]
    assert same == []


def test_the_lists_are_not_translations_of_each_other():
    fr = {w for w, _ in words("fr")}
    en = {w for w, _ in words("en")}
    shared = fr & en                      # words spelt alike in both: robot, piano…
    assert len(shared) < 0.1 * 412, sorted(shared)
