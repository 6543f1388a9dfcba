"""The Grand Jeu de la Vie kit as built, read back from the PDFs: the page counts and sizes, a
board per player and a centre board whose zones are outlined, named at their top, at least a
poker card in size and inside a 5 mm margin on A4 and on Letter; the 54-card deck (every card
found by the invisible tag its face carries, its rank in the corners, one common back), its
suits told apart in greyscale; the two-sided player aid; the attribution and licence.

The kit is built by the real command in a scratch project (tests/kit/conftest.py)."""
from __future__ import annotations

import csv
import hashlib
import io
import re
import subprocess
from itertools import pairwise
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from ..conftest import ROOT
from ..pdftools import _walk, box, card_faces, open_pdf, overlaps, sheets, within, words

MM = 72 / 25.4
LANGS = ("fr", "en")
PAPERS = ("a4", "letter")
SIZES = {"a4": (210 * MM, 297 * MM), "letter": (612.0, 792.0)}   # portrait, points
POKER = (63.5 * MM, 88.9 * MM)
MARGIN = 5 * MM
PER_SHEET = {"a4": 9, "letter": 8}           # poker cards: 3 × 3 on A4, 4 × 2 on Letter (README)
DECK = ROOT / "cardspecs" / "gjdlv" / "deck.csv"
TAG = re.compile(r"gjdlv card (\S+)")
# The game's zones (the issue), by the first word of their name: how many on each board.
PLAYER_ZONES = {"Testicule": 2, "Urètre": 1, "Utérus": 1, "Nurserie": 1, "Formol": 1}
CENTRE_ZONES = {"Ovulation": 1, "Diva": 1, "Mouchoir": 1}
GLOSSES = {"Utérus": "womb", "Formol": "formalin", "Urètre": "urethra", "Ovulation": "ovum", "Mouchoir": "tissue"}
ATTRIBUTION = ("Le Grand Jeu de la Vie (GJDLV)", "contact.gjdlv@gmail.com",
               "https://creativecommons.org/licenses/by-nc/4.0/")
ADAPTED = {"fr": "Édition adaptée", "en": "Adapted edition"}
#: sha256 (first 16 hex digits) of the surnames of the real people the seed's examples name:
#: none may appear in the kit (kept as digests so that this file does not name them either).
REAL_NAMES = {"302f71bf83b13cc2", "db3ec34af56b9311", "b945c0ade4d4e299", "657d3547498b54f3",
              "557e4489db5fb3fb", "2bdd292fcaff6310", "1c9aeebe6972c1fe", "6ff0c2cdfa3e57c9",
              "d4952a11962dca30", "452cf8d3db5004b2", "d5ec874bab35e552", "21ebb35ffe8a0c5a"}


@pytest.fixture(scope="module")
def kit(gjdlv_build) -> Path:
    return gjdlv_build / "gjdlv"


def pdf(kit: Path, lang: str, name: str, paper: str) -> Path:
    return kit / lang / f"{name}-{paper}.pdf"


def text_of(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def deck_cards() -> list[str]:
    with DECK.open(encoding="utf-8") as fh:
        return [row["card"] for row in csv.DictReader(fh)]


# -- reading drawn paths back ---------------------------------------------------------

def closed_paths(page, reader) -> list[tuple[tuple[float, float, float, float], bool]]:
    """Every closed path painted on the page: (its bounding box on the page, stroked?)."""
    out, points, closed = [], [], False
    for operands, op, ctm in _walk(page, reader):
        vals = [float(v) for v in operands] if op in (b"m", b"l", b"c", b"v", b"y", b"re") else []
        if op == b"re":
            x, y, w, h = vals
            vals, closed = [x, y, x + w, y, x, y + h, x + w, y + h], True
        if vals:
            for i in range(0, len(vals), 2):
                px, py = vals[i], vals[i + 1]
                points.append((ctm[0] * px + ctm[2] * py + ctm[4], ctm[1] * px + ctm[3] * py + ctm[5]))
        elif op == b"h":
            closed = True
        elif op in (b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n"):
            if points and (closed or op in (b"s", b"b", b"b*")) and op != b"n":
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                out.append(((min(xs), min(ys), max(xs), max(ys)), op not in (b"f", b"F", b"f*")))
            points, closed = [], False
    return out


def zones(path: Path, expected: dict[str, int]) -> list[list[tuple[str, tuple, list[str]]]]:
    """Per page, each zone found: a word naming it (a first word of ``expected``) that lies in
    the top 10 mm of the smallest stroked closed path holding it; (name, that outline, the
    words inside it in reading order)."""
    reader = open_pdf(path)
    pages = []
    for page, page_words in zip(reader.pages, words(path)):
        outlines = [rect for rect, stroked in closed_paths(page, reader) if stroked]
        found = []
        for word in page_words:
            if word.text not in expected:
                continue
            around = [r for r in outlines if within(word.rect, r)]
            if not around:
                continue
            rect = min(around, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))
            if rect[3] - word.rect[3] <= 10 * MM:
                inside = sorted((w for w in page_words if within(w.rect, rect)),
                                key=lambda w: (-round(w.rect[3]), w.rect[0]))
                found.append((word.text, rect, [w.text for w in inside]))
        pages.append(found)
    return pages


def landscape(paper: str) -> tuple[float, float]:
    w, h = SIZES[paper]
    return h, w


# -- pages and sizes -------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", PAPERS)
def test_pages_and_sizes(kit, lang, paper):
    """Boards: four player pages and one centre page, landscape, of the paper; the deck and the
    aid: each sheet of fronts followed by its backs."""
    for name, count in (("players", 4), ("centre", 1)):
        reader = open_pdf(pdf(kit, lang, name, paper))
        assert len(reader.pages) == count
        for page in reader.pages:
            assert box(page, "/MediaBox") == pytest.approx((0, 0, *landscape(paper)), abs=0.01)
    cards = open_pdf(pdf(kit, lang, "cards", paper))
    assert len(cards.pages) == 2 * -(-54 // PER_SHEET[paper])
    aid = open_pdf(pdf(kit, lang, "reference", paper))
    assert len(aid.pages) == 2                                         # 4 aids: one sheet, two sides
    for reader in (cards, aid):
        for page in reader.pages:
            assert sorted(box(page, "/MediaBox")[2:]) == pytest.approx(sorted(SIZES[paper]), abs=0.01)


def test_every_font_is_embedded(kit):
    for path in sorted(kit.rglob("*.pdf")):
        table = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        rows = table.splitlines()[2:]
        assert rows and all(" yes " in row for row in rows), (path, table)


# -- the boards ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name, expected", [("players", PLAYER_ZONES), ("centre", CENTRE_ZONES)])
def test_zones_are_named_poker_sized_and_inside_the_margin(kit, lang, paper, name, expected):
    path = pdf(kit, lang, name, paper)
    w, h = landscape(paper)
    safe = (MARGIN, MARGIN, w - MARGIN, h - MARGIN)
    for found in zones(path, expected):
        counts = {word: sum(1 for n, _, _ in found if n == word) for word in expected}
        assert counts == expected
        rects = [rect for _, rect, _ in found]
        for rect in rects:
            assert rect[2] - rect[0] >= POKER[0] and rect[3] - rect[1] >= POKER[1], rect
            assert within(rect, safe), rect
        assert not any(overlaps(a, b) for i, a in enumerate(rects) for b in rects[i + 1:])
        names = [" ".join(inside[:2]) for word, _, inside in found if word == "Testicule"]
        if name == "players":
            assert sorted(names) == ["Testicule droit", "Testicule gauche"]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name, expected", [("players", PLAYER_ZONES), ("centre", CENTRE_ZONES)])
def test_zone_labels_in_each_language(kit, paper, name, expected):
    """The French names head their zones in both editions; the English one glosses them in the
    same header, the French one does not."""
    for lang in LANGS:
        for found in zones(pdf(kit, lang, name, paper), expected):
            for word, rect, inside in found:
                header = " ".join(inside[:inside.index(word) + 4])
                if word in GLOSSES:
                    assert (GLOSSES[word] in header) == (lang == "en"), (lang, header)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", PAPERS)
def test_everything_on_a_board_is_inside_the_margin(kit, lang, paper):
    w, h = landscape(paper)
    safe = (MARGIN, MARGIN, w - MARGIN, h - MARGIN)
    for name in ("players", "centre"):
        path = pdf(kit, lang, name, paper)
        reader = open_pdf(path)
        for page, page_words in zip(reader.pages, words(path)):
            assert all(within(rect, safe) for rect, _ in closed_paths(page, reader))
            assert page_words and all(within(word.rect, safe) for word in page_words)


@pytest.mark.parametrize("lang, label", [("fr", "Imprimer à 100 %"), ("en", "Print at 100 %")])
@pytest.mark.parametrize("paper", PAPERS)
def test_each_board_says_game_sheet_and_print_at_100(kit, lang, label, paper):
    titles = {"fr": ("Plateaux des joueurs", "Plateau central"), "en": ("Player boards", "Centre board")}
    for name, title in zip(("players", "centre"), titles[lang]):
        path = pdf(kit, lang, name, paper)
        total = len(open_pdf(path).pages)
        for n in range(total):
            page = " ".join(subprocess.run(["pdftotext", "-f", str(n + 1), "-l", str(n + 1), str(path), "-"],
                                           capture_output=True, text=True, check=True).stdout.split())
            assert f"Le Grand Jeu de la Vie (CC BY-NC 4.0) · {title} · " in page and f"{n + 1}/{total} {label}" in page


def test_each_player_board_has_its_number(kit):
    for lang, word in (("fr", "Joueur"), ("en", "Player")):
        pages = words(pdf(kit, lang, "players", "a4"))
        for n, page in enumerate(pages, 1):
            texts = [w.text for w in page]
            assert any(a == word and b == str(n) for a, b in pairwise(texts)), (lang, n)


# -- the deck --------------------------------------------------------------------------

def fronts(path: Path, side: int = 0) -> list:
    """The cards of every sheet of fronts (``side`` 1: of backs)."""
    return [face for page in card_faces(path)[side::2] for face in page]


#: a French deck's courts are the valet, the dame and the roi
COURT_LETTERS = {"fr": {"J": "V", "Q": "D", "K": "R"}, "en": {}}


def tag_of(face) -> str:
    [tag] = {m[1] for m in TAG.finditer(" ".join(w.text for w in face.words))}
    return tag


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", PAPERS)
def test_the_deck_is_54_cards_with_ranks_in_the_corners_and_one_back(kit, lang, paper):
    path = pdf(kit, lang, "cards", paper)
    faces = fronts(path)
    assert sorted(tag_of(face) for face in faces) == sorted(deck_cards())
    assert len(deck_cards()) == 54 and len({face.form for face in faces}) == 54    # each drawn its own
    for face in faces:
        width = face.trim[2] - face.trim[0]
        assert (width, face.trim[3] - face.trim[1]) == pytest.approx(POKER, abs=0.01)
        card = tag_of(face)
        if card.startswith("joker"):
            assert "JOKER" in [w.text for w in face.words]
            continue
        big = [w.text for w in face.words if w.height >= 0.1 * width]                 # legible when small
        corner = COURT_LETTERS[lang].get(card[:-1], card[:-1])
        assert big.count(corner) == 2, (card, big)                                     # both corners
    backs = fronts(path, side=1)
    assert len(backs) == 54 and len({face.form for face in backs}) == 1


def grey_pip(path: Path, face, dpi: int = 150) -> Image.Image:
    """The middle of an ace (its big pip), greyscale as a mono printer prints it."""
    x0, y0, x1, y1 = face.trim
    height = float(open_pdf(path).pages[face.page].mediabox.height)
    k, cw, ch = dpi / 72, (x1 - x0) * 0.5, (y1 - y0) * 0.4
    left, top = (x0 + x1 - cw) / 2, height - (y0 + y1 + ch) / 2
    args = ["pdftoppm", "-gray", "-r", str(dpi), "-f", str(face.page + 1), "-l", str(face.page + 1),
            "-x", str(round(left * k)), "-y", str(round(top * k)), "-W", str(round(cw * k)),
            "-H", str(round(ch * k)), "-singlefile", str(path)]
    return Image.open(io.BytesIO(subprocess.run(args, capture_output=True, check=True).stdout)).convert("L")


def silhouette(img: Image.Image) -> Image.Image:
    """What stands out of the white ground, filled (a pip's inline left out), cropped, 64 × 64."""
    mask = img.point(lambda v: 255 if v < 200 else 0)
    return mask.crop(mask.getbbox()).resize((64, 64))


def test_the_suits_differ_in_greyscale(kit):
    """The four aces printed in grey: no two pips share a silhouette, and a red pip (lighter,
    with a white inline) is told from a black one by its greys."""
    path = pdf(kit, "en", "cards", "a4")
    aces = {tag_of(face)[-1]: grey_pip(path, face) for face in fronts(path) if tag_of(face).startswith("A")}
    assert set(aces) == {"♠", "♣", "♥", "♦"}
    shapes = {suit: silhouette(img) for suit, img in aces.items()}
    for a in aces:
        for b in aces:
            if a < b:
                union = ImageChops.lighter(shapes[a], shapes[b]).histogram()[255]
                assert ImageChops.multiply(shapes[a], shapes[b]).histogram()[255] / union < 0.85, (a, b)

    def ink(img: Image.Image) -> float:                    # the mean grey of what is not ground
        counts = img.histogram()[:200]
        return sum(v * n for v, n in enumerate(counts)) / sum(counts)
    for red in "♥♦":
        for black in "♠♣":
            assert ink(aces[red]) - ink(aces[black]) >= 30, (red, black)


# -- the player aid, the credits ---------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", PAPERS)
def test_the_aid_is_larger_than_a_poker_card_and_its_text_stays_on_it(kit, lang, paper):
    path = pdf(kit, lang, "reference", paper)
    for sheet in sheets(path):
        assert len(sheet.cards) == 4
        for face in sheet.cards:
            assert face.trim[2] - face.trim[0] > POKER[0] and face.trim[3] - face.trim[1] > POKER[1]
        on_cards = {id(w) for face in sheet.cards for w in face.words}
        for word in sheet.words:
            if id(word) not in on_cards:                               # the sheet's label, off the cards
                assert not any(overlaps(word.rect, face.trim) for face in sheet.cards), word
    front, back = (" ".join(text_of(path).split("\f")[i].split()) for i in (0, 1))
    for phase in "01234":
        assert f"{phase}." in front
    for power in ("Guilde du Cintre", "Manif pour Tous", "Amour Maternel"):
        assert power in front
    for scoring in ("6 − k", "4 + 4", "3 + 3 + 3", *ATTRIBUTION, ADAPTED[lang]):
        assert scoring in back


@pytest.mark.parametrize("lang", LANGS)
def test_the_centre_board_carries_the_attribution(kit, lang):
    text = " ".join(text_of(pdf(kit, lang, "centre", "letter")).split())
    for part in (*ATTRIBUTION, ADAPTED[lang]):
        assert part in text
    assert ("by its authors" if lang == "en" else "par ses auteurs") in text


def test_no_real_person_is_named(kit):
    texts = [text_of(path) for path in sorted(kit.rglob("*.pdf"))]
    texts += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "cardspecs").glob("gjdlv*/**/*")) if p.is_file()]
    texts.append((ROOT / "cardspecs" / "gjdlv.yaml").read_text(encoding="utf-8"))
    words_seen = {w.lower() for text in texts for w in re.findall(r"[^\W\d_]+", text)}
    assert not {hashlib.sha256(w.encode()).hexdigest()[:16] for w in words_seen} & REAL_NAMES


