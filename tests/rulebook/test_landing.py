"""The index as a landing page (forge/rulebook/landing.py, templates/index.html.j2): each game
with a drawn card, its player count and languages, and per edition its rulebook and its print
files grouped by paper; 44 px tap targets, axe and the Nu checker clean, readable on a phone,
a desktop and paper.

Everything is measured on the real build (``site``): its files, their PDFs' page sizes, and
the pages loaded in headless Chromium (tests/rulebook/browser.py).
"""
from __future__ import annotations

import json
import re
import subprocess
from collections import Counter

import pytest
import yaml

from ..conftest import ROOT
from .browser import answer_in
from .conftest import editions as of_game
from .htmltools import by_class, find_all, parse, text_of
from .test_browser import browser, chromium, vnu  # noqa: F401  (the fixtures)
from .test_navigation import axe_js  # noqa: F401  (the fixture)

INDEXES = {"en": "index.html", "fr": "index.fr.html", "de": "index.de.html"}
GAMES = sorted(p.stem for p in (ROOT / "cardspecs").glob("*.yaml"))
SIZE = re.compile(r"^(\d+) × (\d+) mm$")
PRINT_ALL = {"en": "Everything to print, in one file", "fr": "Tout à imprimer, en un seul fichier",
             "de": "Alles zum Ausdrucken in einer Datei"}
def language(lang: str) -> str:
    """A language's name in itself, as its page words say: templates/i18n/<lang>.yaml or .po."""
    path = ROOT / "templates" / "i18n" / f"{lang}.yaml"
    if path.is_file():
        return yaml.safe_load(path.read_text(encoding="utf-8"))["language"]
    from babel.messages.pofile import read_po
    return read_po(path.with_suffix(".po").open("rb")).get("English", context="ui:language").string


#: the smallest tap target (WCAG 2.5.5), in CSS px
TAP = 44


def games_of(site, lang: str) -> dict:
    root = parse(site / INDEXES[lang])
    return {li.get("id").removeprefix("game-"): li for li in by_class(root, "li", "game")}


def groups_of(edition) -> dict[str, list]:
    """An edition's print files by paper: the group's label → its links."""
    return {text_of(g.find(".//{*}dt")): find_all(g.find(".//{*}dd"), "a") for g in by_class(edition, "div", "paper")}


@pytest.mark.parametrize("lang", INDEXES)
def test_each_game_shows_its_own_drawn_card_which_loads_offline(site, browser, lang):  # noqa: F811
    """A card back and a card face of the game, drawn by forge as SVG files beside the
    edition's rulebook (the game's name on the card is the game's name), loaded from disk
    without a network: no address, no console message, every image decoded and shown."""
    games = games_of(site, lang)
    assert sorted(games) == GAMES
    for game, li in games.items():
        [cover] = by_class(li, "div", "cover")
        srcs = [img.get("src") for img in find_all(cover, "img")]
        shown = lang if lang in of_game(ROOT / "rules_src" / game) else "en"     # else its English cards
        assert srcs and all(s.startswith(f"{game}/{shown}/cards/") and s.endswith(".svg") for s in srcs), game
        title = text_of(li.find(".//{*}h2"))
        for src in srcs:
            svg = (site / src).read_text(encoding="utf-8")
            assert svg.startswith("<svg") and f"<title>{title}</title>" in svg.replace("&amp;", "&"), src
    root = parse(site / INDEXES[lang])
    refs = [e.get("src") or e.get("href") for e in root.iter() if e.get("src") or e.get("href")]
    assert not [r for r in refs if re.match(r"^[a-z]+:", r)], "the page names no address: it works offline"
    assert all((site / r.partition("#")[0]).is_file() for r in refs if not r.startswith("#"))
    with browser.tab((site / INDEXES[lang]).as_uri(), 1280, 900) as tab:
        shown = tab.evaluate("[...document.querySelectorAll('.cover img')].map(i => ({src: i.getAttribute('src'), "
                             "w: i.naturalWidth, h: i.getBoundingClientRect().height}))")
        console = tab.console
    assert console == []
    assert len(shown) >= 2 * len(GAMES) and all(s["w"] > 0 and s["h"] >= 100 for s in shown), shown


@pytest.mark.parametrize("lang", INDEXES)
def test_player_count_is_the_engines_and_languages_are_the_editions(site, lang):
    from forge.engine.registry import get_game
    word = {"en": "players", "fr": "joueurs", "de": "Spieler"}[lang]
    for game, li in games_of(site, lang).items():
        engine = get_game(game, ROOT)
        [players] = by_class(li, "li", "players")
        said = text_of(players)
        assert [int(n) for n in re.findall(r"\d+", said)] == [engine.min_players, engine.max_players], game
        assert word in said
        [langs] = by_class(li, "li", "langs")
        editions = [e.get("lang") for e in by_class(li, "li", "edition")]
        assert sorted(editions) == of_game(ROOT / "rules_src" / game)
        assert editions[0] == lang or lang not in editions
        names = [language(l) for l in editions]
        assert all(name in text_of(langs) for name in names), (game, text_of(langs))


@pytest.mark.parametrize("lang", INDEXES)
def test_play_time_is_the_specs_and_shown_only_when_given(site, lang):
    specs = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in (ROOT / "cardspecs").glob("*.yaml")}
    timed = 0
    for game, li in games_of(site, lang).items():
        said = [text_of(t) for t in by_class(li, "li", "time")]
        given = specs[game].get("play_time")
        if given is None:
            assert said == [], game
            continue
        timed += 1
        want = given if isinstance(given, list) else [given]
        assert [int(n) for n in re.findall(r"\d+", said[0])] == want and "min" in said[0].lower(), (game, said)
    assert timed >= 2


@pytest.mark.parametrize("lang", INDEXES)
def test_print_files_are_grouped_by_paper_each_once(site, lang):
    """Per edition: the A4 files together, the Letter files together, the one file to print
    first of each; a component on a page of its own under its size, said once, and its PDF's
    trim box is that size; every PDF of the edition's folder linked once."""
    from pypdf import PdfReader
    own_sizes = 0
    for game, li in games_of(site, lang).items():
        for edition in by_class(li, "li", "edition"):
            l = edition.get("lang")
            groups = groups_of(edition)
            assert list(groups)[:2] == ["A4", "Letter"], (game, l, list(groups))
            for paper, links in groups.items():
                hrefs = [a.get("href") for a in links]
                assert all(h.startswith(f"{game}/{l}/") for h in hrefs)
                main = [a.get("href") for a in links if a.get("class") == "main"]
                if paper in ("A4", "Letter"):
                    assert all(h.endswith(f"-{paper.lower()}.pdf") for h in hrefs), (game, l, paper, hrefs)
                    assert main == [f"{game}/{l}/print-all-{paper.lower()}.pdf"] == hrefs[:1]
                    assert text_of(links[0]) == PRINT_ALL[l]
                    continue
                width, height = map(float, SIZE.match(paper).groups())
                assert text_of(edition).count(paper) == 1, f"{paper} said more than once"
                own_sizes += 1
                for h in hrefs:
                    box = PdfReader(site / h).pages[0].trimbox          # the sheet, without bleed and marks
                    got = sorted((float(box.width) * 25.4 / 72, float(box.height) * 25.4 / 72))
                    assert got == pytest.approx(sorted((width, height)), abs=1), (h, got)
            linked = Counter(a.get("href") for links in groups.values() for a in links)
            built = {f"{game}/{l}/{p.name}" for p in (site / game / l).glob("*.pdf")}
            assert set(linked) == built and set(linked.values()) == {1}, (game, l)
    assert own_sizes >= 2                       # Familienbande's whole score track, in each language


@pytest.mark.parametrize("lang", INDEXES)
def test_calibration_sheet_once_in_the_pages_language(site, lang):
    root = parse(site / INDEXES[lang])
    [before] = by_class(root, "section", "before")
    [(title, links)] = groups_of(before).items()
    assert {"en": "calibration sheet", "fr": "Feuille de calibrage", "de": "Kalibrierblatt"}[lang] in title
    assert [a.get("href") for a in links] == ["calibration-a4.pdf", "calibration-letter.pdf"]
    assert all((site / a.get("href")).is_file() for a in links)
    assert sum("calibration-" in (a.get("href") or "") for a in find_all(root, "a")) == 2


#: in a page with every <details> open: the tap targets smaller than TAP px, the page's width
#: against the viewport, and where each game's drawn cards, title and editions are
LAYOUT = """(() => {
  document.querySelectorAll('details').forEach(d => d.open = true);
  const box = e => { const r = e.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom}; };
  const small = [...document.querySelectorAll('a, summary, button, input')]
    .filter(e => e.getClientRects().length)
    .map(e => ({what: (e.textContent || '').trim().slice(0, 30), w: e.getBoundingClientRect().width,
                h: e.getBoundingClientRect().height}))
    .filter(t => t.w < %d - 0.5 || t.h < %d - 0.5);
  const games = [...document.querySelectorAll('li.game')].map(g => ({
    cover: box(g.querySelector('.cover')), title: box(g.querySelector('h2')), editions: box(g.querySelector('.editions')),
    font: Math.min(...[...g.querySelectorAll('a, p, dt, li')].map(e => parseFloat(getComputedStyle(e).fontSize)))}));
  return {small, games, scroll: document.documentElement.scrollWidth, viewport: innerWidth,
          main: document.querySelector('main').getBoundingClientRect().width};
})()""" % (TAP, TAP)


@pytest.mark.parametrize("lang", INDEXES)
@pytest.mark.parametrize("width", [390, 1280], ids=["phone", "desktop"])
def test_readable_on_a_phone_and_a_desktop_with_44px_targets(site, browser, lang, width):  # noqa: F811
    m = browser.evaluate((site / INDEXES[lang]).as_uri(), LAYOUT, width=width, height=900)
    assert m["viewport"] == width and m["scroll"] <= width, "the page scrolls sideways"
    assert m["small"] == [], f"tap targets under {TAP} px"
    assert len(m["games"]) == len(GAMES)
    for g in m["games"]:
        assert g["font"] >= 13, "text too small to read"
        assert g["cover"]["r"] <= g["title"]["l"], "the drawn cards stand beside the title"
        assert g["cover"]["b"] > g["title"]["t"] and g["cover"]["t"] < g["title"]["b"]
        if width < 600:               # a phone: the files use the whole width, under the cards
            assert g["editions"]["t"] >= g["cover"]["b"] and g["editions"]["l"] <= g["cover"]["l"] + 1
        else:                         # a desktop: the files beside the cards, lines kept short
            assert g["editions"]["l"] >= g["cover"]["r"]
            assert m["main"] <= 1100


def test_print_shows_each_game_whole_in_the_pages_language(site, browser, tmp_path):  # noqa: F811
    from pypdf import PdfReader
    pdf = tmp_path / "index.pdf"
    with browser.tab((site / "index.html").as_uri()) as tab:
        pdf.write_bytes(tab.pdf())
    pages = PdfReader(pdf).pages
    assert 1 <= len(pages) <= 6
    assert all(abs(float(p.mediabox.width) - 595.3) < 1.5 for p in pages)          # A4
    texts = [subprocess.run(["pdftotext", "-f", str(n), "-l", str(n), "-layout", str(pdf), "-"],
                            capture_output=True, text=True, check=True).stdout for n in range(1, len(pages) + 1)]
    whole = "\n".join(texts)
    # each game's A4 and Letter lines on one page: a game is not split over two
    assert [t.count(PRINT_ALL["en"]) % 2 for t in texts] == [0] * len(texts)
    assert whole.count(PRINT_ALL["en"]) == 2 * len(GAMES)
    assert PRINT_ALL["fr"] not in whole and "Read the rules" not in whole    # no other language, no bare link
    assert len(re.findall(r"297 × 155\s+mm", whole)) == 1
    for game in GAMES:
        assert f"{game}/en/print-all" not in whole              # names, not addresses


AXE_OPEN = ("<output id=\"forge-probe\"></output><script src=\"{axe}\"></script><script>"
            "document.querySelectorAll('details').forEach(d => d.open = true);"
            "axe.run(document, {{resultTypes: ['violations']}}).then(r => {{"
            "document.getElementById('forge-probe').textContent = JSON.stringify(r.violations.map("
            "v => ({{id: v.id, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}})));}});</script></body>")


@pytest.mark.parametrize("lang", INDEXES)
def test_axe_finds_nothing_with_every_edition_unfolded(site, browser, axe_js, lang):  # noqa: F811
    page = site / INDEXES[lang]
    probe = page.with_name(f".axe-open-{page.stem}.html")
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", AXE_OPEN.format(axe=axe_js.as_uri())),
                     encoding="utf-8")
    try:
        found = json.loads(browser.evaluate(probe.as_uri(), answer_in("forge-probe")))
    finally:
        probe.unlink()
    assert found == []


def test_nu_checker_finds_nothing_in_the_indexes_and_their_cards(site, vnu):  # noqa: F811
    pages = [site / name for name in INDEXES.values()]
    cards = sorted({site / img.get("src") for p in pages for img in find_all(parse(p), "img")})
    assert len(cards) >= 2 * len(GAMES)
    messages = []
    for args in ([str(p) for p in pages], ["--svg", *map(str, cards)]):
        result = subprocess.run([*vnu, "--format", "json", *args], capture_output=True, text=True, timeout=300)
        messages += json.loads(result.stderr or '{"messages": []}')["messages"]
    assert messages == [], "\n".join(f"{m.get('url')}:{m.get('lastLine')}: {m['message']}" for m in messages)
