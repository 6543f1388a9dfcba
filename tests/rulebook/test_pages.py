"""The four rulebooks as built by ``forge build``: valid HTML, languages, contents, figures."""
from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET

import pytest
import yaml

from ..conftest import ROOT
from .conftest import PAGES, editions, edition_text
from .htmltools import NS, by_class, find_all, ids, parse, text_of

BLOCK = re.compile(r"^```example \{#([a-z0-9-]+)\}\n(.*?)^```$", re.M | re.S)
PLACEHOLDER = re.compile(r"\{\{\s*([a-z0-9-]+)((?:\.[^\s.{}]+)+)\s*\}\}")


def blocks(game: str, lang: str) -> dict[str, dict]:
    """The example blocks of a source file, read with plain YAML (not forge's reader)."""
    text = edition_text(game, lang)
    return {m[1]: yaml.safe_load(m[2]) for m in BLOCK.finditer(text)}


@pytest.mark.parametrize("game,lang", PAGES)
def test_page_is_strict_html_in_its_language(site, game, lang):
    page = site / game / lang / "rules.html"
    root = parse(page)                                   # html5lib strict: no parse error
    assert root.get("lang") == lang
    own = [(ROOT / "templates" / name).read_text(encoding="utf-8").rstrip("\n") for name in ("contents.js", "reader.js")]
    assert [s.text for s in find_all(root, "script")] == own, "only forge's two scripts, inline"
    [contents] = find_all(root, "details")
    assert contents.get("open") is not None              # without JavaScript, the contents are open
    [search] = find_all(root, "form")
    assert search.get("hidden") is not None              # and the search, which needs it, is not shown
    for el in root.iter():
        assert not any(a.startswith("on") for a in el.attrib), f"event handler on {el.tag}"
    alternates = {l.get("hreflang"): l.get("href") for l in find_all(root, "link") if l.get("rel") == "alternate"}
    source = "fr"                          # every game's rulebook is written in French first
    assert yaml.safe_load((ROOT / "rules_src" / game / "en.md").read_text(encoding="utf-8").split("---")[1]
                          )["translation_of"] == source
    assert alternates == {**{l: f"../{l}/rules.html" for l in editions(ROOT / "rules_src" / game)},
                          "x-default": f"../{source}/rules.html"}
    for href in alternates.values():
        assert (page.parent / href).resolve().is_file()
    switcher = root.find(f".//{NS}nav[@class='languages']")
    links = {a.get("hreflang"): a.get("href") for a in find_all(switcher, "a") if a.get("class") == "to-page"}
    assert links == {other: f"../{other}/rules.html" for other in editions(ROOT / "rules_src" / game) if other != lang}
    current = [s for s in find_all(switcher, "span") if s.get("aria-current") == "page"]
    assert len(current) == 1


@functools.lru_cache(maxsize=None)
def _ids_of(page) -> frozenset[str]:
    return frozenset(ids(parse(page)))


@pytest.mark.parametrize("game,lang", PAGES)
def test_every_local_resource_exists(site, game, lang):
    page = site / game / lang / "rules.html"
    root = parse(page)
    refs = [e.get("src") for e in find_all(root, "img")] + [e.get("href") for e in find_all(root, "link")] \
        + [a.get("href") for a in find_all(root, "a")]
    targets = ids(root)
    local = [r for r in refs if r and not r.startswith(("http:", "https:", "mailto:"))]
    assert local
    for ref in local:
        path, _, anchor = ref.partition("#")
        if not path:
            assert anchor in targets, f"{ref} points to no id"
        else:
            assert (page.parent / path).resolve().is_file(), f"{ref} is missing next to {page}"
            if anchor:                    # the language switcher's links to the same place
                assert anchor in _ids_of((page.parent / path).resolve()), f"{ref} points to no id"


@pytest.mark.parametrize("game", ["dalmuti", "majority"])
def test_contents_and_anchors_are_shared_across_languages(site, game):
    tocs = {}
    for lang in ("fr", "en"):
        root = parse(site / game / lang / "rules.html")
        toc = root.find(f".//{NS}nav[@class='toc']")
        tocs[lang] = [a.get("href") for a in find_all(toc, "a") if a.get("href", "").startswith("#")]
        headings = [h.get("id") for tag in ("h2", "h3") for h in find_all(root.find(f".//{NS}main"), tag)]
        assert set(tocs[lang]) == {"#" + h for h in headings}
    assert tocs["fr"] == tocs["en"] and len(tocs["fr"]) >= 10


@pytest.mark.parametrize("game,lang", PAGES)
def test_every_example_is_drawn_with_its_cards_and_marked_checked(site, game, lang):
    page = site / game / lang / "rules.html"
    root = parse(page)
    figures = {f.get("id"): f for f in by_class(root, "figure", "example")}
    examples = blocks(game, lang)
    assert len(examples) >= 9 and len(figures) == len(examples)
    for ex_id, data in examples.items():
        fig = figures.get(f"example-{ex_id}")
        assert fig is not None, f"no figure for {ex_id}"
        assert fig.get("lang") == lang
        assert by_class(fig, "span", "checked"), f"{ex_id} has no checked mark"
        outcome = by_class(fig, "div", "outcome")[0]
        assert len(find_all(outcome, "li")) == len(data["expect"]), "one sentence per checked field"
        given = data.get("given") or {}
        imgs = find_all(fig, "img")
        if game == "dalmuti":
            hands = given.get("hands", {})
            moves = [m for m in data.get("moves", []) + data.get("refused", [])
                     if m.split(":")[1].split()[0] in ("play", "give")]
            want = sum(len(str(h).split()) for h in hands.values()) \
                + sum(len(m.split(":")[1].split()) - 1 for m in moves)
            if given.get("phase") == "exchange" and not any(m.endswith(": revolution") for m in data.get("moves", [])):
                order = given.get("order") or list(hands)      # the taxes: the Peons' best cards, never jesters
                want += sum(min(n, len([c for c in str(hands[p]).split() if c != "J"]))
                            for p, n in ((order[-1], 2), (order[-2], 1)))
            if not given and not data.get("moves") and "deck" in data["expect"]:
                want = 13                                 # the deck drawn: one card of each rank and a jester
            else:
                hand_rows = by_class(fig, "ul", "hands")
                names = [text_of(li.find(f"{NS}span")) for li in find_all(hand_rows[0], "li")] if hand_rows else []
                assert names == list(hands)
        elif game == "familienbande":
            # a table entry draws its card and spouse (not its parents: they are drawn in their
            # own row); a hand its cards; a marriage its two cards, a child itself and its parents
            entries = [str(e).split(" of ")[0] for row in (given.get("table") or {}).values() for e in row]
            moves = [m.split(":")[1] for m in data.get("moves", []) + data.get("refused", [])]
            want = sum(len(re.findall(r"\d+", e)) for e in entries) \
                + sum(len(str(h).split()) for h in (given.get("hands") or {}).values()) \
                + sum(len(re.findall(r"\d+", m)) for m in moves)
        elif game == "chatvert":
            # hands, the top card and the draw pile given; the cards each play and "same" lays
            # (not the colour a major names, nor the phrases said after the comma)
            colours = {"yellow", "red", "blue", "green"}
            laid = [m.split(":")[1].split(",")[0].split() for m in data.get("moves", []) + data.get("refused", [])]
            want = sum(len(str(given.get(k) or "").split()) for k in ("top", "draw_pile")) \
                + sum(len(str(h).split()) for h in (given.get("hands") or {}).values()) \
                + sum(len([w for w in words[1:] if w not in colours]) for words in laid
                      if words and words[0] in ("play", "same"))
        elif game == "gjdlv":
            # the two hand cards of each player's piles (not the cards below), every card of the
            # zones and centre piles given, and the card each move lays (ejaculate, pass, steal,
            # remove lay none shown)
            cards = re.compile(r"(?:10|[2-9AJQK])[♠♣♥♦SCHD]")
            tops = sum(1 for piles in (given.get("testicules") or {}).values()
                       for side in str(piles).split("|") if side.split())
            zones = sum(len(cards.findall(str(v))) for k in ("uterus", "uretre", "nursery", "formol")
                        for v in (given.get(k) or {}).values())
            centre = sum(len(cards.findall(str(given.get(k) or ""))) for k in ("ovulation", "mouchoir", "diva_cup"))
            laid = sum(1 for m in data.get("moves", []) + data.get("refused", [])
                       if m.split(":")[1].split()[0] in ("fertilise", "surrogate", "hold", "abort", "cancel"))
            want = tops + zones + centre + laid
        else:                                             # the vote cards (the word cards are test_majority_figures')
            votes = given.get("votes") or []
            want = sum(len(v) for v in (votes if isinstance(votes, list) else [votes]))
            imgs = [i for i in imgs if "/votes-" in i.get("src")]
        assert len(imgs) == want, f"{ex_id}: {len(imgs)} cards drawn, the example holds {want}"
        for img in imgs:
            svg = ET.parse(page.parent / img.get("src")).getroot()
            assert svg.tag == "{http://www.w3.org/2000/svg}svg" and img.get("alt")


def test_cards_in_figures_are_the_printed_faces(site):
    """The jester drawn in the French figure carries the kit's French title; the English one its English title."""
    for lang, title in (("fr", "Bouffon"), ("en", "Jester")):
        page = site / "dalmuti" / lang / "rules.html"
        fig = next(f for f in find_all(parse(page), "figure") if f.get("id") == "example-dalmuti-jester-alone")
        alts = [i.get("alt") for i in find_all(fig, "img")]
        assert any(title in a for a in alts), alts
        jester = next(i for i in find_all(fig, "img") if title in i.get("alt"))
        texts = [t.text for t in ET.parse(page.parent / jester.get("src")).getroot().iter("{http://www.w3.org/2000/svg}text")]
        assert title in texts


def test_majority_vote_cards_follow_the_seats(site):
    """Player n votes with set n: the six voters of the first vote hold six different sets."""
    page = site / "majority" / "en" / "rules.html"
    fig = next(f for f in find_all(parse(page), "figure") if f.get("id") == "example-majority-first-vote")
    srcs = [i.get("src") for i in find_all(fig, "img")]
    sets = {m[1] for s in srcs if (m := re.match(r"cards/votes-(\d+)-", s))}
    assert sets == {str(i) for i in range(1, 7)}


@pytest.mark.parametrize("game,lang", PAGES)
def test_placeholders_show_the_checked_values(site, game, lang):
    src = edition_text(game, lang)
    prose = BLOCK.sub("", src)
    wanted = []
    data = blocks(game, lang)
    for m in PLACEHOLDER.finditer(prose):
        value = data[m[1]]["expect"]
        for key in m[2].strip(".").split("."):
            value = value[key]
        wanted.append((m[1], str(value)))
    assert len(wanted) >= 3, "the rulebook quotes checked values"
    root = parse(site / game / lang / "rules.html")
    shown = [(s.get("data-example"), text_of(s)) for s in by_class(root, "span", "checked-value")]
    assert shown == wanted
    assert "{{" not in (site / game / lang / "rules.html").read_text(encoding="utf-8")


def test_outcome_is_said_in_the_page_language(site):
    said = {}
    for lang in ("fr", "en"):
        fig = next(f for f in find_all(parse(site / "majority" / lang / "rules.html"), "figure")
                   if f.get("id") == "example-majority-score-wins")
        said[lang] = text_of(by_class(fig, "div", "outcome")[0])
    assert "Marquer" in said["fr"] and "Score" not in said["fr"]
    assert "Score" in said["en"] and "Marquer" not in said["en"]
    assert said["fr"] != said["en"]


def test_index_lists_every_game_and_language(site):
    root = parse(site / "index.html")
    hrefs = [a.get("href") for a in find_all(root, "a")]
    for game, lang in PAGES:
        assert f"{game}/{lang}/rules.html" in hrefs
    pdfs = [h for h in hrefs if h.endswith(".pdf")]
    assert pdfs and all((site / h).is_file() for h in pdfs)
    games = {p.stem for p in (ROOT / "cardspecs").glob("*.yaml")}
    assert {p.split("/")[0] for p in pdfs if "/" in p} == games          # every game's kit, rulebook or not


PRINT_ALL = {"en": "Everything to print, in one file", "fr": "Tout à imprimer, en un seul fichier",
             "de": "Alles zum Ausdrucken in einer Datei"}
CALIBRATION = {"en": "calibration sheet", "fr": "Feuille de calibrage", "de": "Kalibrierblatt"}


@pytest.mark.parametrize("game,lang", PAGES)
def test_rulebook_kit_list_links_print_all_and_calibration(site, game, lang):
    root = parse(site / game / lang / "rules.html")
    kit = by_class(root, "section", "kit")[0]
    items = {text_of(li).split(" A4")[0]: [a.get("href") for a in find_all(li, "a")] for li in find_all(kit, "li")}
    assert items[PRINT_ALL[lang]] == ["print-all-a4.pdf", "print-all-letter.pdf"]
    calibration = next(v for k, v in items.items() if CALIBRATION[lang] in k)
    assert calibration == ["../../calibration-a4.pdf", "../../calibration-letter.pdf"]
    assert all((site / game / lang / h).resolve().is_file() for hrefs in items.values() for h in hrefs)


def test_rulebooks_credit_the_authors(site):
    for game, author in (("dalmuti", "Richard Garfield"), ("majority", "Grégorie Grard")):
        for lang in ("fr", "en"):
            root = parse(site / game / lang / "rules.html")
            credits = next(s for s in find_all(root, "section") if s.get("data-section") == "credits")
            assert author in text_of(credits)
