"""The Chat vert kit as built, read back from the PDFs: the deck of the seed (every card found
by the invisible tag its face carries), the four colours told apart in greyscale by their
marks, one rule card per added rule of rules_src/chatvert/rules.yaml with its title, text and
phrases in both languages, the penalty, aid and blank cards, the page counts and boxes, and
the located errors a bad rules file or a rules path out of the project give.

The kit is built by the real command in a scratch project holding cardspecs/ and the rules
file (and no rulebook, which has its own tests)."""
from __future__ import annotations

import csv
import io
import math
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
import yaml
from PIL import Image, ImageChops, ImageFilter

from forge.cardspec.typography import typeset

from ..conftest import ROOT, run_forge, tree_digest
from ..pdftools import boxes_nested, card_faces, open_pdf

LANGS = ("fr", "en")
PAPERS = ("a4", "letter")
PER_SHEET = {"a4": 9, "letter": 8}           # poker cards: 3 × 3 on A4, 4 × 2 on Letter (README)
RULES = ROOT / "rules_src" / "chatvert" / "rules.yaml"
COLOURS = {"Y": "yellow", "R": "red", "B": "blue", "G": "green"}
TAG = re.compile(r"chatvert (card|rule) (\S+)")
SAY = {"fr": "À dire :", "en": "Say:"}
# Designed for the table, as cardspecs/chatvert.yaml says: rule cards to write on, penalty cards, aids.
BLANK_RULE_CARDS, PENALTY_CARDS, AIDS = 9, 2, 4


def seed_deck() -> Counter:
    """The deck of the seed: per colour two of each number 0–9 and two each of skip, reverse and
    +2; the majors (4 colour changes and 4 +4, our count: the seed gives none); 2 blank cards."""
    deck = Counter({c + s: 2 for c in COLOURS for s in [*map(str, range(10)), "skip", "rev", "+2"]})
    deck.update({"W": 4, "+4": 4, "blank": 2})
    return deck


def rules() -> dict:
    return yaml.safe_load(RULES.read_text(encoding="utf-8"))


def scratch(folder: Path) -> Path:
    """A project holding the kit's inputs only: cardspecs/ and the rules file."""
    shutil.copytree(ROOT / "cardspecs", folder / "cardspecs")
    (folder / "rules_src" / "chatvert").mkdir(parents=True)
    shutil.copy(RULES, folder / "rules_src" / "chatvert" / "rules.yaml")
    return folder


def build(project: Path, *args: str):
    return run_forge("build", "chatvert", *args, "--out", str(project / "build"), cwd=project)


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    project = scratch(tmp_path_factory.mktemp("chatvert"))
    result = build(project)
    assert result.returncode == 0, result.stderr
    return project / "build" / "chatvert"


def text_of(pdf: Path, first: int | None = None) -> str:
    args = ["pdftotext", *(["-f", str(first), "-l", str(first)] if first else []), str(pdf), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def fronts(pdf: Path, duplex: bool = True) -> list:
    """The card faces of the front pages, in order."""
    pages = card_faces(pdf)
    return [f for p in (pages[::2] if duplex else pages) for f in p]


def tag_of(face) -> str:
    found = TAG.findall(" ".join(w.text for w in face.words))
    assert len(found) == 1, face.words
    return found[0][1]


def visible(face) -> list:
    """The face's words but the invisible tag (set at 2 pt)."""
    return [w for w in face.words if w.height > 4]


def squeezed(text: str) -> str:
    """``text`` without its spaces, its apostrophes as a French card prints them (l’aide)."""
    return "".join(typeset(text, "fr").split())


# -- the deck -------------------------------------------------------------------------------

def test_the_deck_file_holds_the_seed_deck():
    """cardspecs/chatvert/deck.csv, which the engine reads too: one row per card, its copies."""
    with (ROOT / "cardspecs" / "chatvert" / "deck.csv").open(encoding="utf-8", newline="") as fh:
        table = list(csv.DictReader(fh))
    assert Counter({r["card"]: int(r["copies"]) for r in table}) == seed_deck()
    assert len({r["card"] for r in table}) == len(table)
    kinds = {"skip": "skip", "rev": "reverse", "+2": "plus2"}
    for r in table:
        card = r["card"]
        if card[0] in COLOURS:
            assert r["colour"] == COLOURS[card[0]], r
            assert r["kind"] == kinds.get(card[1:], "number"), r
        else:
            assert r["colour"] == "" and r["kind"] == {"W": "wild", "+4": "plus4", "blank": "blank"}[card], r
    deck = seed_deck()
    assert sum(n for c, n in deck.items() if c[0] in COLOURS) == 104
    assert sum(n for c, n in deck.items() if c[0] in COLOURS and c[1:].isdigit()) == 80


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_card_of_the_deck_is_printed_once_with_a_common_back(kit, lang, paper):
    pdf = kit / lang / f"cards-{paper}.pdf"
    total = sum(seed_deck().values())                                    # 114
    assert len(open_pdf(pdf).pages) == 2 * math.ceil(total / PER_SHEET[paper])
    faces = fronts(pdf)
    assert Counter(tag_of(f) for f in faces) == seed_deck()
    backs = [f for p in card_faces(pdf)[1::2] for f in p]
    assert len(backs) == total and len({b.form for b in backs}) == 1
    assert "Le Chat vert" in backs[0].text()


@pytest.mark.parametrize("lang", LANGS)
def test_each_action_and_major_carries_its_name(kit, lang):
    names = {"fr": {"skip": "Passer son tour", "rev": "Changement de sens", "W": "Changement de couleur",
                    "blank": "Carte blanche"},
             "en": {"skip": "Skip", "rev": "Reverse", "W": "Colour change", "blank": "Blank card"}}[lang]
    for face in fronts(kit / lang / "cards-a4.pdf"):
        card = tag_of(face)
        sign = card if card in ("W", "+4", "blank") else card[1:]
        if sign in names:
            assert names[sign] in face.text(min_height=4), card
        if sign.isdigit() or sign in ("+2", "+4"):                       # in the middle and two corners
            assert [w.text for w in visible(face)].count(sign) >= 3, card


def grey_card(pdf: Path, face, dpi: int = 150) -> Image.Image:
    """The card, cut at its trim, as the greyscale print shows it (``pdftoppm -gray``)."""
    x0, y0, x1, y1 = face.trim
    height = float(open_pdf(pdf).pages[face.page].mediabox.height)
    k = dpi / 72
    args = ["pdftoppm", "-gray", "-r", str(dpi), "-f", str(face.page + 1), "-l", str(face.page + 1),
            "-x", str(round(x0 * k)), "-y", str(round((height - y1) * k)), "-W", str(round((x1 - x0) * k)),
            "-H", str(round((y1 - y0) * k)), "-singlefile", str(pdf)]
    return Image.open(io.BytesIO(subprocess.run(args, capture_output=True, check=True).stdout)).convert("L")


def ground(img: Image.Image) -> int:
    """The card's commonest grey: its ground."""
    return max(range(256), key=img.histogram().__getitem__)


def corner_mark(img: Image.Image) -> Image.Image:
    """The shape in the card's top-right corner (the top fifth, right half: where the layout puts
    the colour's mark alone) in black and white, whatever its grey: what stands out of the
    ground, thin lines (the frame) opened away, cropped to its box and scaled to 64 × 64. The
    paper band of butted cards (forge/kit/cut_band.py, 1.5 mm at 150 dpi) is left out: it is
    the same on every card."""
    g = ground(img)
    w, h = img.size
    band = 10
    region = img.crop((w // 2, band, w - band, h // 5)).point(lambda v: 255 if abs(v - g) > 40 else 0)
    region = region.filter(ImageFilter.MinFilter(5)).filter(ImageFilter.MaxFilter(5))
    box = region.getbbox()
    assert box, "no mark in the corner"
    return region.crop(box).resize((64, 64))


def overlap(a: Image.Image, b: Image.Image) -> float:
    """Intersection over union of two black-and-white masks."""
    return ImageChops.multiply(a, b).histogram()[255] / ImageChops.lighter(a, b).histogram()[255]


def test_the_four_colours_differ_in_greyscale_by_their_marks(kit):
    """Four 5s, one per colour, printed in grey: each carries a mark in its corner, and no two
    marks have the same silhouette (the two copies of one card do: the measure is not noise);
    the grounds' greys differ too."""
    pdf = kit / "fr" / "cards-a4.pdf"
    faces: dict[str, list] = {}
    for face in fronts(pdf):
        faces.setdefault(tag_of(face), []).append(face)
    greys = {c: grey_card(pdf, faces[c + "5"][0]) for c in COLOURS}
    marks = {c: corner_mark(img) for c, img in greys.items()}
    assert overlap(marks["Y"], corner_mark(grey_card(pdf, faces["Y5"][1]))) > 0.97
    for a in COLOURS:
        for b in COLOURS:
            if a < b:
                assert overlap(marks[a], marks[b]) < 0.85, (a, b)
                assert abs(ground(greys[a]) - ground(greys[b])) >= 20, (a, b)


def test_the_marks_are_distinct_silhouettes():
    """Each colour's mark drawn alone, black on white: no two overlap by 80 % or more."""
    from reportlab.pdfgen.canvas import Canvas

    from forge.kit.art.pen import ReportlabPen
    from forge.kit.art.suits import SUITS, draw_mark
    from forge.kit.fonts import register_fonts
    masks = {}
    for suit in SUITS:
        buf = io.BytesIO()
        c = Canvas(buf, pagesize=(100, 100))
        pen = ReportlabPen(c, register_fonts())
        pen.style("#000000")
        draw_mark(pen, suit, 50, 50, 45)
        c.showPage()
        c.save()
        png = subprocess.run(["pdftoppm", "-gray", "-r", "72", "-singlefile", "-", ], input=buf.getvalue(),
                             capture_output=True, check=True).stdout
        masks[suit] = Image.open(io.BytesIO(png)).convert("L").point(lambda v: 255 if v < 128 else 0)
    for a in SUITS:
        for b in SUITS:
            if a < b:
                assert overlap(masks[a], masks[b]) < 0.8, (a, b)


# -- rule cards -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_added_rule_is_a_card_with_its_title_text_and_phrases(kit, lang):
    pdf = kit / lang / "rule_cards-a4.pdf"
    added = rules()["rules"]
    assert len(open_pdf(pdf).pages) == 2 * math.ceil(len(added) / PER_SHEET["a4"])
    faces = {tag_of(f): f for f in fronts(pdf)}
    assert sorted(faces) == sorted(added) and len(fronts(pdf)) == len(added)
    for rule_id, rule in added.items():
        face = faces[rule_id]
        printed = squeezed(" ".join(w.text for w in sorted(visible(face), key=lambda w: (-round(w.centre[1]),
                                                                                          w.rect[0]))))
        assert squeezed(rule["title"][lang]) in printed, rule_id
        assert squeezed(rule["text"][lang]) in printed, rule_id
        phrases = [typeset(p[lang], lang) for p in (rule.get("phrases") or {}).values()]   # as printed
        for phrase in phrases:
            assert squeezed(phrase) in printed, (rule_id, phrase)
            others = set(phrase.split()) | set(typeset(rule["title"][lang], lang).split())
            body = max(w.height for w in visible(face) if w.text in typeset(rule["text"][lang], lang).split()
                       and w.text not in others)
            for word in phrase.split():                                 # each word larger than the text's
                assert max(w.height for w in visible(face) if w.text == word) > body, (rule_id, word)


@pytest.mark.parametrize("lang", LANGS)
def test_blank_rule_cards_to_write_on(kit, lang):
    for paper in PAPERS:
        pdf = kit / lang / f"blank_rule_cards-{paper}.pdf"
        assert len(open_pdf(pdf).pages) == 2 * math.ceil(BLANK_RULE_CARDS / PER_SHEET[paper])
    faces = fronts(kit / lang / "blank_rule_cards-a4.pdf")
    assert len(faces) == BLANK_RULE_CARDS
    assert {f.text(min_height=4) for f in faces} == {SAY[lang]}          # nothing printed but the label


def test_a_rule_added_to_the_rules_file_is_a_card_with_no_other_edit(tmp_path):
    project = scratch(tmp_path)
    path = project / "rules_src" / "chatvert" / "rules.yaml"
    path.write_text(path.read_text(encoding="utf-8") + """
  hibou:
    title: {fr: "Le hibou", en: "The owl"}
    text:
      fr: "Qui pose un 2 dit « Hou hou »."
      en: "Whoever plays a 2 says “Hoo hoo”."
    phrases: {hibou: {fr: "Hou hou", en: "Hoo hoo"}}
    when: {play: {number: 2}}
    do: [{say: hibou}]
""", encoding="utf-8")
    assert build(project, "--paper", "a4").returncode == 0
    for lang, title in (("fr", "Le hibou"), ("en", "The owl")):
        faces = {tag_of(f): f for f in fronts(project / "build" / "chatvert" / lang / "rule_cards-a4.pdf")}
        assert len(faces) == len(rules()["rules"]) + 1
        assert title in faces["hibou"].text(min_height=4)


# -- the other cards ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_penalty_and_aid_cards(kit, lang):
    penalties = kit / lang / "penalties-a4.pdf"
    assert len(fronts(penalties, duplex=False)) == PENALTY_CARDS
    said = text_of(penalties)
    ending = {"fr": "voici ta carte.", "en": "here is your card."}[lang]
    assert said.count(ending) >= 5 * PENALTY_CARDS                      # at least five formulas a card
    aid = kit / lang / "aid-a4.pdf"
    assert len(fronts(aid)) == AIDS and len(open_pdf(aid).pages) == 2
    both = squeezed(text_of(aid, 1) + text_of(aid, 2))
    for phrase in rules()["phrases"].values():                         # the base phrases of the rules file
        assert squeezed(phrase[lang]) in both, phrase


def test_no_third_party_name_and_nested_boxes_everywhere(kit):
    pdfs = sorted(kit.rglob("*.pdf"))
    assert len(pdfs) == (5 + 1) * len(LANGS) * len(PAPERS)             # 5 components and print-all
    for pdf in pdfs:
        assert not re.search(r"\buno\b", text_of(pdf), re.I), pdf.name
        assert all(boxes_nested(page) for page in open_pdf(pdf).pages), pdf.name


# -- bad input ------------------------------------------------------------------------------

def _line(path: Path, fragment: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if fragment in line)


@pytest.mark.parametrize("case", ["rules file outside the project", "title without English",
                                  "unknown key in a rule", "text too long for its card"])
def test_bad_rules_stop_the_build_at_their_line_and_write_nothing(tmp_path, case):
    project = scratch(tmp_path)
    assert build(project, "--lang", "fr", "--paper", "a4").returncode == 0
    before = tree_digest(project / "build")
    spec = project / "cardspecs" / "chatvert.yaml"
    path = project / "rules_src" / "chatvert" / "rules.yaml"
    text = path.read_text(encoding="utf-8")
    if case == "rules file outside the project":
        spec.write_text(spec.read_text(encoding="utf-8").replace("file: ../rules_src/chatvert/rules.yaml",
                                                                 "file: ../../outside/rules.yaml"), encoding="utf-8")
        where = f"cardspecs/chatvert.yaml:{_line(spec, 'file: ../../outside')}"
        fragment = "the path leaves the project"
    elif case == "title without English":
        path.write_text(text.replace('title: {fr: "La belette", en: "The weasel"}', 'title: {fr: "La belette"}'),
                        encoding="utf-8")
        where = f"rules_src/chatvert/rules.yaml:{_line(path, 'title: {fr: ' + chr(34) + 'La belette')}"
        fragment = "'title' of 'belette' has no 'en' text"
    elif case == "unknown key in a rule":
        path.write_text(text.replace("    when: {play: {number: 8}}", "    whne: {play: {number: 8}}"),
                        encoding="utf-8")
        where = f"rules_src/chatvert/rules.yaml:{_line(path, 'whne:')}"
        fragment = "unknown key 'whne' in entry 'velocyclette'"
    else:
        long = " ".join(["Qui pose un 8 dit « Vélocyclette »."] * 40)
        path.write_text(text.replace('fr: "Qui pose un 8 dit « Vélocyclette »."', f'fr: "{long}"'),
                        encoding="utf-8")
        where = f"rules_src/chatvert/rules.yaml:{_line(path, '  velocyclette:')}"
        fragment = "(layout 'rule_card', language fr)"
    result = build(project, "--lang", "fr", "--paper", "a4")
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert any(line.startswith(where + ": ") and fragment in line for line in result.stderr.splitlines()), \
        result.stderr
    assert tree_digest(project / "build") == before
