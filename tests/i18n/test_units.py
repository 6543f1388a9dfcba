"""Cutting a rulebook section into translation units and writing it back (forge/i18n/units.py),
and what a translation must keep (forge/i18n/marks.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from forge.i18n.marks import broken
from forge.i18n.units import cut, join, units_of
from forge.rulebook.source import read_edition

from ..conftest import ROOT

EDITIONS = sorted((ROOT / "rules_src").glob("*/*.md"))


@pytest.mark.parametrize("path", EDITIONS, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_every_section_is_written_back_byte_for_byte_from_its_own_units(path: Path):
    edition = read_edition(path)
    for sec in edition.sections:
        pieces = cut(sec.lines, sec.numbers, path)
        assert join(pieces, [u.text for u in units_of(pieces)]) == sec.lines, sec.id


def test_each_block_is_a_unit_and_the_skeleton_is_not():
    text = ["## Mise en place {#setup}", "", "Un paragraphe", "sur deux lignes.", "",
            "1. Premier point,", "   suite du point.", "- second", "", "| Rang | Titre |", "|---|---|",
            "| 12 | Mendiant |", "", "> Une citation.", "", "```example {#x}", "game: g", "```"]
    units = units_of(cut(text, list(range(1, len(text) + 1))))
    assert [(u.kind, u.text, u.line) for u in units] == [
        ("heading", "Mise en place", 1), ("paragraph", "Un paragraphe\nsur deux lignes.", 3),
        ("item", "Premier point,\nsuite du point.", 6), ("item", "second", 8),
        ("cell", "Rang", 10), ("cell", "Titre", 10), ("cell", "Mendiant", 12), ("quote", "Une citation.", 14)]


def test_a_translation_is_written_into_the_source_skeleton():
    text = ["## Mise en place {#setup}", "", "1. Premier point,", "   suite.", "", "| 12 | Mendiant |"]
    pieces = cut(text, list(range(1, 7)))
    assert join(pieces, ["Setup", "First point,\ngoing on\nand on.", "Beggar"]) == [
        "## Setup {#setup}", "", "1. First point,", "   going on", "   and on.", "", "| 12 | Beggar |"]


@pytest.mark.parametrize("source, translation, kind, said", [
    ("{{deck.total}} cartes", "cards", "paragraph", "lost the placeholder {{deck.total}}"),
    ("{{deck.total}} cartes", "{{deck.totl}} cards", "paragraph", "added the placeholder {{deck.totl}}"),
    ("Voir [la mise en place](#setup).", "See [setup](#set-up).", "paragraph", "lost the link target #setup"),
    ("du **gras**", "some **bold", "paragraph", "leaves a bold mark (**) open"),
    ("Mise en place", "Set\nup", "heading", "a heading stays on one line"),
    ("Rang", "Rank | row", "cell", "a table cell holds no '|'"),
    ("Un paragraphe.", "One paragraph.\n\nTwo.", "paragraph", "a blank line would split it in two blocks"),
    ("Un paragraphe.", "One\n## Heading", "paragraph", "would start a block of its own"),
    ("{copies} dans le jeu", "{copy} in the deck", "string", "added the slot {copy}"),
])
def test_a_broken_mark_is_named(source, translation, kind, said):
    assert any(said in p for p in broken(source, translation, kind)), broken(source, translation, kind)


@pytest.mark.parametrize("source, translation, kind", [
    ("Le mot *Utérus*.", "The word *Utérus*{lang=fr}.", "paragraph"),          # a word's language, added
    ('Un <span lang="en">deck</span>.', "A deck.", "paragraph"),                 # … or dropped
    ("{{n}} carte{{s}} : −{{p}}", "{{n}} × Karte: −{{p}}", "string"),            # a plural's slot left out
    ("Avec **gras** et `code`.", "With bold and code.", "paragraph"),            # marks a language does without
])
def test_what_a_translation_may_change_passes(source, translation, kind):
    assert broken(source, translation, kind) == []


def test_a_long_card_word_breaks_at_a_soft_hyphen_and_shows_no_other():
    from forge.i18n.hyphens import soft_hyphens
    from forge.kit.art.svg import SvgPen
    pen = SvgPen(100, 100)
    word = soft_hyphens("Merkmalsplättchen", "de")
    assert word.replace("\u00ad", "") == "Merkmalsplättchen" and "\u00ad" in word
    first = word.split("\u00ad")[0]
    room = pen.text_width(first + "-", 10) + 0.1
    lines = pen.wrap(f"Ein {word}", 10, room)
    assert lines[-2].endswith("-") and "".join(l.rstrip("-") for l in lines[1:]) == "Merkmalsplättchen"
    assert all("\u00ad" not in l and pen.text_width(l, 10) <= room for l in lines)
    assert pen.wrap(word, 10, 1000) == ["Merkmalsplättchen"]                   # with room: whole, unmarked
    assert soft_hyphens("Merkmalsplättchen", "fr") == "Merkmalsplättchen"      # only where a language hyphenates
