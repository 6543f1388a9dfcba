"""The typographic pass (forge/rulebook/typography.py): on tricky snippets, then on every
built page, read by html5lib: in French text no breakable space before ``: ; ! ?`` or ``»``
nor after ``«``, and no straight apostrophe; in English text no straight quote."""
from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from forge.rulebook.typography import typeset, typeset_text

from .conftest import PAGES
from .htmltools import NS, parse
from .test_browser import chromium, run_chromium  # noqa: F401  (fixture)

N = "\u202f"    # narrow no-break space


# -- the pass on snippets ------------------------------------------------------------------
@pytest.mark.parametrize("text,expected", [
    ("Note : a ; b ! c ? d", f"Note{N}: a{N}; b{N}! c{N}? d"),
    ("Note: a; b! c? d", f"Note{N}: a{N}; b{N}! c{N}? d"),                 # put in where missing
    ("Note\u00a0: a\n; b", f"Note{N}: a{N}; b"),                            # no-break or line break replaced
    ("« J'ai la même » et «Tortue»", f"«{N}J’ai la même{N}» et «{N}Tortue{N}»"),
    ("Vraiment ?! Quoi… ?", f"Vraiment{N}?! Quoi…{N}?"),
    ("à 10:30, voir https://exemple.org/a?b=c'd ou ?x", "à 10:30, voir https://exemple.org/a?b=c'd ou ?x"),
    ("50 % et 7%", f"50{N}% et 7{N}%"),
])
def test_french_spaces_and_apostrophes(text, expected):
    assert typeset_text(text, "fr") == expected
    assert typeset_text(expected, "fr") == expected


@pytest.mark.parametrize("text,expected", [
    ('He said "it\'s the players\' turn".', "He said “it’s the players’ turn”."),
    ("a 'quoted' word ('so')", "a ‘quoted’ word (‘so’)"),
    ('"Same here" - "Pause"', "“Same here” - “Pause”"),
    ("Note: 10:30 ?", "Note: 10:30 ?"),                                  # English spaces stay
])
def test_english_quotes(text, expected):
    assert typeset_text(text, "en-GB") == expected
    assert typeset_text(expected, "en") == expected


@pytest.mark.parametrize("text, expected", [
    ('Er sagt "Narr".', "Er sagt „Narr“."),
    ("Ein 'kleiner' Narr, geht's?", "Ein ‚kleiner‘ Narr, geht’s?"),
    ('("Hausregel")', "(„Hausregel“)"),
])
def test_german_quotes(text, expected):
    assert typeset_text(text, "de-AT") == expected
    assert typeset_text(expected, "de") == expected


def test_a_long_german_word_gets_its_break_points_and_a_short_one_none():
    long, short = "Siegelbewahrer", "Spielende"
    done = typeset_text(f"{long} {short}", "de")
    parts = done.split(" ")[0].split("\u00ad")
    assert "".join(parts) == long and len(parts) > 2 and len(parts[0]) >= 3 and len(parts[-1]) >= 3
    assert done.split(" ")[1] == short
    assert typeset_text(done, "de") == done                                  # set once, unchanged after
    assert typeset_text(long, "fr") == long and typeset_text(long, "en") == long


def test_other_languages_are_left_as_written():
    assert typeset_text("l'a : \"b\"", "it") == "l'a : \"b\""
    assert typeset('<p lang="it">l\'a : "b"</p>', "fr") == '<p lang="it">l\'a : "b"</p>'


@pytest.mark.parametrize("page,expected", [
    # code-like elements, tag names, URLs and machine attributes kept; human attributes set
    ('<p>l\'a <code>a : \'b\'</code> <kbd>x ;</kbd> <samp>y !</samp></p><pre>l\'a : "b"</pre>'
     '<script>x = "a : b";</script><style>a[title="x : y"]{}</style>',
     '<p>l’a <code>a : \'b\'</code> <kbd>x ;</kbd> <samp>y !</samp></p><pre>l\'a : "b"</pre>'
     '<script>x = "a : b";</script><style>a[title="x : y"]{}</style>'),
    ('<img src="l\'a:b.svg" alt="l\'œil : ici" data-x="l\'a : b"><a href="?a=b\'c" title="Titre : sous-titre" '
     'aria-label=\'Carte d&#39;aide, A4\'>A4</a>',
     f'<img src="l\'a:b.svg" alt="l’œil{N}: ici" data-x="l\'a : b"><a href="?a=b\'c" title="Titre{N}: sous-titre" '
     f'aria-label="Carte d’aide, A4">A4</a>'),
    # escaping kept
    ('<p>a &amp; b &lt;i&gt; : c</p><a title="&quot;x&quot; &amp; y">z</a>',
     f'<p>a &amp; b &lt;i&gt;{N}: c</p><a title="&quot;x&quot; &amp; y">z</a>'),
    # a sign after an inline element; the space before it in the text before
    ('<p><strong>Note</strong> : a <strong>Note</strong>: b mot <em>: c</em> «<em>d</em>»</p>',
     f'<p><strong>Note</strong>{N}: a <strong>Note</strong>{N}: b mot<em>{N}: c</em> «<em>{N}d</em>{N}»</p>'),
    ('<p>la règle <code>a.b</code>: c</p>', f'<p>la règle <code>a.b</code>{N}: c</p>'),
    # a block boundary or a line break ends the line: nothing to join
    ('<p>mot </p>\n<p>: x</p>', '<p>mot </p>\n<p>: x</p>'),
    ('<p>a<br/>: b <img alt="l\'a" /></p>', '<p>a<br/>: b <img alt="l’a" /></p>'),
])
def test_html_in_french(page, expected):
    assert typeset(page, "fr") == expected
    assert typeset(expected, "fr") == expected


def test_each_element_in_its_language():
    page = ('<html lang="en"><p>"Hi", it\'s <span lang="fr">l\'été : «oui»</span>.</p>'
            '<section lang="fr"><p>C\'est : <a href="x" lang="en" title="it\'s">it\'s "so"</a> ; fin</p></section>'
            '<p title="a \'b\'" lang="fr-CA">l\'an : 1</p></html>')
    assert typeset(page) == (
        f'<html lang="en"><p>“Hi”, it’s <span lang="fr">l’été{N}: «{N}oui{N}»</span>.</p>'
        f'<section lang="fr"><p>C’est{N}: <a href="x" lang="en" title="it’s">it’s “so”</a>{N}; fin</p></section>'
        f'<p title="a ’b’" lang="fr-CA">l’an{N}: 1</p></html>')


def test_a_script_or_style_keeps_every_character_to_its_end_tag():
    """A "<" in a script is code, not the start of a tag to drop or to read on from."""
    page = ('<html lang="fr"><script>if (n < 2 && a<b) say("</p>: non!");</script>'
            '<style>a<b { color: red }</style><p>Oui: fin!</p></html>')
    assert typeset(page, "fr") == page.replace("Oui: fin!", "Oui\u202f: fin\u202f!")


def test_the_real_pages_are_a_fixed_point(site):
    pages = [site / "index.html"] + [site / g / l / "rules.html" for g, l in PAGES]
    for path in pages:
        html = path.read_text(encoding="utf-8")
        assert typeset(html, "fr") == html, path          # a built page is already set


# -- the built pages ---------------------------------------------------------------------
INLINE = {"a", "abbr", "b", "cite", "em", "i", "img", "small", "span", "strong", "sub", "sup", "time", "u"}
CODE = {"code", "pre", "kbd", "samp", "script", "style"}
HUMAN = ("alt", "title", "aria-label")


def lines(root: ET.Element) -> list[tuple[str, str]]:
    """(language, text) of every line of a page: texts joined across inline elements, a
    code element read as a word ('x'), a block element a line of its own; then each human
    attribute, in its element's language."""
    out: list[list[str]] = []
    attrs: list[tuple[str, str]] = []

    def add(lang: str, text: str):
        if out and out[-1][0] == lang:
            out[-1][1] += text
        else:
            out.append([lang, text])

    def walk(el: ET.Element, lang: str):
        tag = el.tag.replace(NS, "")
        lang = el.get("lang") or lang
        attrs.extend((lang, el.get(a)) for a in HUMAN if el.get(a))
        if tag in CODE:
            add(lang, "x")
            return
        if tag not in INLINE:
            add(lang, "\n\n")
        add(lang, el.text or "")
        for child in el:
            walk(child, lang)
            add(lang, child.tail or "")
        if tag not in INLINE:
            add(lang, "\n\n")

    walk(root, "")
    return [(lang, line) for lang, text in out for line in text.split("\n\n") if line.strip()] + attrs


# a space that is not U+202F before a sign, or a sign right after a word (and before a space)
FR_BEFORE = re.compile(r"(?:[^\S\u202f]|(?<=\w))(?:[:;!?»](?=\s|$)|»)")
FR_AFTER = re.compile(r"«(?!\u202f)")


def built_pages(site):
    return [site / "index.html"] + [site / g / l / "rules.html" for g, l in PAGES]


def test_french_text_has_narrow_spaces_and_typographic_apostrophes(site):
    for path in built_pages(site):
        found, signs = [], 0
        for lang, line in lines(parse(path)):
            if not lang.startswith("fr"):
                continue
            signs += len(re.findall(r"[:;!?«»]", line))
            found += [f"{m.group(0)!r} in …{line[max(0, m.start() - 40):m.end() + 20]!r}"
                      for rx in (FR_BEFORE, FR_AFTER, re.compile("'")) for m in rx.finditer(line)]
        assert found == [], f"{path}:\n" + "\n".join(found)
        if path.parent.name == "fr":
            assert signs > 50, f"{path}: {signs} signs in its French text (the check would be empty)"


def test_english_text_has_no_straight_quote(site):
    for path in built_pages(site):
        found = [f"…{line[max(0, m.start() - 40):m.end() + 20]!r}" for lang, line in lines(parse(path))
                 if lang.startswith("en") for m in re.finditer("[\"']", line)]
        assert found == [], f"{path}:\n" + "\n".join(found)


def test_code_and_attributes_are_kept_as_written(site):
    """Attributes of the French page (the rulings' ids, the appendix's command) and code: no
    narrow space, no curly quote in them."""
    root = parse(site / "dalmuti" / "fr" / "rules.html")
    codes = ["".join(c.itertext()) for c in root.iter(NS + "code")]
    rulings = [e.get("data-ruling") for e in root.iter() if e.get("data-ruling")]
    assert "dalmuti.draw-tie" in rulings
    [command] = [e.get("data-command") for e in root.iter() if e.get("data-command")]
    assert command.startswith("forge simulate dalmuti --players N --games")
    assert all(N not in c and "’" not in c for c in [*codes, *rulings, command])


@pytest.mark.parametrize("game", sorted({g for g, l in PAGES if l == "fr"}))
def test_no_printed_line_starts_with_a_french_sign(site, chromium, tmp_path, game):  # noqa: F811
    """The French page printed on paper as wide as a 320 px phone (84.7 mm at 96 px an inch):
    pdftotext finds no line that starts with : ; ! ? or », and none that ends with «. (Before
    the pass, 1 to 37 such lines per page.)"""
    page = tmp_path / game / "fr" / "rules.html"
    page.parent.mkdir(parents=True)
    shutil.copy(site / game / "fr" / "rules.html", page)
    (tmp_path / "assets").mkdir()
    css = (site / "assets" / "rulebook.css").read_text(encoding="utf-8")
    (tmp_path / "assets" / "rulebook.css").write_text(css + "\n@page { size: 84.7mm 400mm; margin: 4mm; }\n",
                                                     encoding="utf-8")
    pdf = tmp_path / "narrow.pdf"
    result = run_chromium(chromium, page.as_uri(), f"--print-to-pdf={pdf}", "--no-pdf-header-footer")
    assert pdf.is_file(), result.stderr[-2000:]
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True).stdout
    printed = [line.strip() for line in text.splitlines() if line.strip()]
    assert len(printed) > 500                                   # narrow paper: many short lines
    bad = [line for line in printed if line[0] in ":;!?»" or line.endswith("«")]
    assert bad == []


@pytest.mark.parametrize("shape", ["a", " ", "a.", "a-", "w"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_long_run_is_set_in_linear_time(shape, lang):
    """A word (or a run of spaces, dots…) of 10⁶ characters takes ten times as long as one of
    10⁵, not a hundred (a regex that tries every place of the run again was quadratic: 195 s at
    200,000 letters)."""
    import time

    def took(n: int) -> float:
        text = "x" + shape * (n // len(shape)) + " : fin"
        best = float("inf")
        for _ in range(3 if n < 10**6 else 1):
            started = time.perf_counter()
            typeset(f"<p>{text}</p>", lang)
            best = min(best, time.perf_counter() - started)
        return best
    before = took(10**4)
    for n in (10**5, 10**6):          # a quadratic run fails at 10⁵ (a minute), before 10⁶ (hours)
        now = took(n)
        assert now < 30 * max(before, 1e-3), f"{n // 10:,}: {before:.4f} s, {n:,}: {now:.4f} s"
        before = now
