"""Styled text: what a cell's markup reads as (forge/cardspec/markup.py)."""
from __future__ import annotations

import pytest

from forge.cardspec.markup import MarkupError, Run, parse, plain_text

ICONS = frozenset({"coin", "star"})


def test_bold_italic_colour_break_and_icon_become_runs():
    runs = parse("**Brew:** gain 2 {coin}<br><i>once, <color #b03a2e>only</color></i>", ICONS)
    assert runs == (Run("Brew:", bold=True), Run(" gain 2 "), Run(icon="coin"), Run(br=True),
                    Run("once, ", italic=True), Run("only", italic=True, colour="#b03a2e"))


def test_html_and_asterisk_forms_nest():
    assert parse("<b>*both*</b>", ICONS) == (Run("both", bold=True, italic=True),)


@pytest.mark.parametrize("text", ["5 * 3 = 15", "5* hotel", "x < 3 and y <= 4", "a {b", "set {1} aside"])
def test_signs_that_open_nothing_stay_as_written(text):
    runs = parse(text, ICONS)
    assert plain_text(runs) == text
    assert not any(r.bold or r.italic or r.icon for r in runs)


def test_escapes_print_the_marks():
    assert parse(r"\*\*not bold\*\* \<b> \{coin}", ICONS) == (Run("**not bold** <b> {coin}"),)


def test_a_line_break_in_the_cell_is_a_new_line():
    assert parse("one\ntwo", ICONS) == (Run("one"), Run(br=True), Run("two"))


@pytest.mark.parametrize("text,said", [
    ("**never closed", "never closed"),
    ("<b>bold</i>", "closes <b>"),
    ("<u>underlined</u>", "unknown tag '<u>'"),
    ("</b>", "closes nothing"),
    ("<color>red</color>", "names no colour"),
    ("gain {gem}", "unknown icon {gem}"),
    ("<br/>x<b/>", "not a tag forge reads"),
])
def test_markup_that_cannot_be_read_says_what_and_where(text, said):
    with pytest.raises(MarkupError) as caught:
        parse(text, ICONS)
    assert said in caught.value.args[0]
