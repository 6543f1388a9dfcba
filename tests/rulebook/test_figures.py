"""The worked examples' figures, read in the built pages and compared with the examples' data
(the blocks of rules_src/<game>/<lang>.md): they show the whole situation, in the page's words."""
from __future__ import annotations

import json
import re

import pytest

from forge.engine.examples import parse_examples_in
from forge.rulebook.figures import notation

from ..conftest import ROOT
from .browser import answer_in
from .conftest import PAGES, edition_text
from .htmltools import by_class, find_all, parse, text_of
from .test_browser import browser, chromium  # noqa: F401  (fixtures)


def figures(site, game: str, lang: str) -> dict:
    """The page's figures by example id."""
    root = parse(site / game / lang / "rules.html")
    return {f.get("data-example"): f for f in by_class(root, "figure", "example")}


def examples(game: str, lang: str) -> dict:
    """The examples' data, as the rulebook source holds it."""
    path = ROOT / "rules_src" / game / f"{lang}.md"
    return {ex.id: ex.data for ex in parse_examples_in(path, edition_text(game, lang))}


def lines(fig, cls: str) -> list:
    """The <li> of a figure's list of class ``cls`` (moves) or of its outcome."""
    holder = by_class(fig, "ol" if cls == "moves" else "div", cls)
    return [li for h in holder for li in find_all(h, "li")]


def shown(el) -> str:
    """What a reader gets of an element: its text and its cards' alt texts."""
    return " ".join([text_of(el)] + [img.get("alt") for img in find_all(el, "img")])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_dalmuti_exchange_shows_the_peons_paying_before_the_dalmutis_give_back(site, lang):
    data = examples("dalmuti", lang)["dalmuti-exchange"]
    order, hands = data["given"]["order"], data["given"]["hands"]
    moves = lines(figures(site, "dalmuti", lang)["dalmuti-exchange"], "moves")
    first = {who: next((i for i, li in enumerate(moves) if text_of(li).startswith(who)), None)
             for who in order[:2] + order[-2:]}
    assert None not in first.values(), f"a Dalmuti or a Peon has no line: {[text_of(li) for li in moves]}"
    assert max(first[p] for p in order[-2:]) < min(first[d] for d in order[:2]), [text_of(li) for li in moves]
    for peon, dalmuti, count in ((order[-1], order[0], 2), (order[-2], order[1], 1)):
        best = sorted(int(c) for c in hands[peon].split() if c.isdigit())[:count]   # never a jester
        paid = moves[first[peon]]
        assert dalmuti in text_of(paid)
        assert [int(img.get("alt").split()[0]) for img in find_all(paid, "img")] == best


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_majority_figure_shows_the_reference_word_and_the_three_proposals(site, lang):
    figs, data = figures(site, "majority", lang), examples("majority", lang)
    assert data and set(figs) == set(data)
    for ex_id, d in data.items():
        on_table, votes = d["given"].get("on_table"), d["given"]["votes"]
        assert on_table, f"{ex_id}: the example names no words on the table"
        on_table = on_table if isinstance(on_table, list) else [on_table]
        turns = by_class(figs[ex_id], "div", "turn")
        assert len(turns) == len(votes if isinstance(votes, list) else [votes]) == len(on_table), ex_id
        for turn, words in zip(turns, on_table):
            said = " ".join(text_of(p) for p in by_class(turn, "p", "turn-table"))
            assert all(words[k] in said for k in ("reference", "A", "B", "C")), (ex_id, said)
            for k in "ABC":            # each proposal beside its letter
                assert re.search(rf"\b{k}\W+{re.escape(words[k])}\b", said), (ex_id, k, said)
            assert said.index(words["reference"]) < said.index(words["A"])


def test_no_french_figure_writes_j_for_a_jester(site):
    fr = figures(site, "dalmuti", "fr")
    for ex_id, fig in fr.items():
        assert not re.search(r"(?<![\w'])J(?!\w)", shown(fig)), (ex_id, shown(fig))
    # the examples whose expected hands hold a jester show it in French notation
    jesters = [i for i, d in examples("dalmuti", "fr").items()
               if any("J" in str(h).split() for h in (d["expect"].get("hands") or {}).values())]
    assert jesters
    for ex_id in jesters:
        outcome = " ".join(text_of(li) for li in lines(fr[ex_id], "outcome"))
        assert re.search(r"\bB\b", outcome), outcome
    en = " ".join(shown(f) for f in figures(site, "dalmuti", "en").values())
    assert re.search(r"\bJ\b", en)              # English keeps J for jester


@pytest.mark.parametrize("lang,faces", [("fr", "VDR"), ("en", "JQK")])
def test_gjdlv_court_cards_follow_the_page_language(site, lang, faces):
    other = "JQK" if lang == "fr" else "VDR"
    said = " ".join(shown(f) for f in figures(site, "gjdlv", lang).values())
    assert not re.search(rf"(?<!\w)[{other}][♠♥♦♣]", said)
    assert {m for m in re.findall(rf"(?<!\w)([{faces}])[♠♥♦♣]", said)} == set(faces)


#: Le Chat vert's notation per page: the examples' sources write Y(ellow) and G(reen), skip, rev, W
CHATVERT = {"fr": {"Y": "J", "G": "V", "skip": "passe", "rev": "sens", "W": "C"}, "en": {}}


def test_card_notation_rewrites_cards_never_names():
    fr = {"Y": "J", "G": "V", "skip": "passe", "J": "B", "Q": "D"}
    assert notation(fr, "Gaston G7 Yskip G+2 B+2 Gskipper Y J Q♦ J12 10") == \
        "Gaston V7 Jpasse V+2 B+2 Gskipper J B D♦ B12 10"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_chatvert_cards_follow_the_page_language(site, lang):
    def page(card: str) -> str:
        words = CHATVERT[lang]
        if card in words:
            return words[card]
        return words.get(card[0], card[0]) + words.get(card[1:], card[1:]) if card != "+4" else card
    said = " ".join(shown(f) for f in figures(site, "chatvert", lang).values())
    if lang == "fr":                          # none of the sources' English letters or words is left
        assert not re.search(r"(?<![\w+])([YG](\d|\+2|skip|rev)|[RB](skip|rev)|W)(?![\w+])", said), said
    written = [card for d in examples("chatvert", lang).values() for hands in [d["given"].get("hands", {})]
               for hand in hands.values() for card in hand.split()]
    assert {c[0] for c in written} >= set("YRBG") and any("skip" in c for c in written)
    alts = {img.get("alt") for f in figures(site, "chatvert", lang).values() for img in find_all(f, "img")}
    assert {page(c) for c in written} <= alts          # every card of a hand, drawn with its page's name
    for ex_id, d in examples("chatvert", lang).items():      # and the hands the outcome says, in words
        for who, hand in (d["expect"].get("hands") or {}).items():
            outcome = " ".join(text_of(li) for li in lines(figures(site, "chatvert", lang)[ex_id], "outcome"))
            assert " ".join(page(c) for c in hand.split()) in outcome, (ex_id, outcome)


#: how each language says that one winner / several winners carry it
VERBS = {"fr": (r"\b(gagne|l[’']emporte)\b", r"\b(gagnent|l[’']emportent)\b"),       # the page's apostrophe is ’
         "en": (r"\bwins\b", r"\b(win|share)\b"),
         "de": (r"\bgewinnt\b", r"\b(gewinnen|teilen)\b")}


@pytest.mark.parametrize("game,lang", PAGES)
def test_winners_agree_in_number(site, game, lang):
    """The outcome line of ``winner``/``winners`` (the n-th line for the n-th expected field)
    uses the singular verb for one winner, the plural for several."""
    figs, checked = figures(site, game, lang), 0
    for ex_id, d in examples(game, lang).items():
        expect = list(d["expect"])
        for key in ("winner", "winners"):
            if key not in expect or not d["expect"][key]:
                continue
            who = d["expect"][key]
            who = [who] if isinstance(who, str) else list(who)
            line = text_of(lines(figs[ex_id], "outcome")[expect.index(key)])
            one, many = VERBS[lang]
            assert re.search(one if len(who) == 1 else many, line), (ex_id, line)
            assert not re.search(many if len(who) == 1 else one, line), (ex_id, line)
            assert all(w in line for w in who if w != "score"), (ex_id, line)
            checked += 1
    if game in ("majority", "familienbande", "gjdlv"):
        assert checked >= 2


@pytest.mark.parametrize("game", sorted({g for g, _ in PAGES}))
def test_french_figures_elide_de_before_a_vowel(site, game):
    for ex_id, fig in figures(site, game, "fr").items():
        assert not re.search(r"\bde [AEIOUÉ]\w", text_of(fig)), (ex_id, text_of(fig))


MEASURE = """<!doctype html><html lang="en"><title>measure</title><body>
<iframe id="page" src="rules.html" style="width:%dpx;height:1500px;border:0"></iframe>
<script>
document.getElementById('page').addEventListener('load', () => {
  const doc = document.getElementById('page').contentDocument;
  const heights = (f, sel) => [...f.querySelectorAll(sel)].map(i => i.getBoundingClientRect().height);
  const out = [...doc.querySelectorAll('figure.example')].map(f => ({
    id: f.dataset.example, width: doc.defaultView.innerWidth,
    hands: heights(f, '.hands img.card'), moves: heights(f, '.moves img.card')}));
  const pre = document.createElement('pre'); pre.id = 'measured'; pre.textContent = JSON.stringify(out);
  document.body.append(pre);
});
</script></body></html>"""


@pytest.mark.parametrize("game,lang", PAGES)
@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_a_moves_cards_are_as_tall_as_the_situations(site, browser, game, lang, width):  # noqa: F811 (a fixture)
    """Measured in Chromium (the page in a frame of ``width`` px, since a headless window is at
    least 500 px wide): in every figure, each card of a move is at least 90 % of the height
    of the situation's cards."""
    harness = site / game / lang / f"measure-{width}.html"
    harness.write_text(MEASURE % width, encoding="utf-8")
    try:
        figs = json.loads(browser.evaluate(harness.as_uri(), answer_in("measured"), width=1300, height=1600))
    finally:
        harness.unlink()
    assert figs and all(f["width"] == width for f in figs)
    both = [f for f in figs if f["hands"] and f["moves"]]
    assert both or game == "majority"
    for f in both:
        assert min(f["moves"]) >= 0.9 * max(f["hands"]), f
