"""The Familienbande kit as built: 70 portraits matching the trait table, the distribution,
distinct faces, the pieces, and the 297 × 155 mm two-sided score track (whole and in pieces)."""
from __future__ import annotations

import csv
import hashlib
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from ..conftest import ROOT
from ..markers import track_length

TABLE = ROOT / "cardspecs" / "familienbande" / "portraits.csv"
TRAITS = ("ears", "glasses", "nose", "lips", "lock")
TAG = re.compile(r"familienbande card (\d+) ([mf]) (\w+) (\w+) (\w+)")


@pytest.fixture(scope="module")
def kit(familienbande_build) -> Path:
    return familienbande_build


def table() -> dict[int, tuple[str, tuple[str, ...]]]:
    with TABLE.open(encoding="utf-8") as fh:
        return {int(r["card"]): (r["gender"], (r["trait1"], r["trait2"], r["trait3"])) for r in csv.DictReader(fh)}


def cards_in(pdf: Path) -> dict[int, tuple[str, tuple[str, ...]]]:
    """The portraits found in the PDF, from the invisible tag each front carries."""
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    found = [(int(m[1]), m[2], (m[3], m[4], m[5])) for m in TAG.finditer(text)]
    assert len(found) == len({n for n, _, _ in found}), "a portrait printed twice"
    return {n: (g, t) for n, g, t in found}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_seventy_portraits_match_the_trait_table(kit, lang, paper):
    assert cards_in(kit / "familienbande" / lang / f"portraits-{paper}.pdf") == table()


def test_the_tags_are_invisible_text(kit):
    reader = PdfReader(kit / "familienbande" / "en" / "portraits-a4.pdf")
    page = reader.pages[0]
    forms = page["/Resources"]["/XObject"]
    content = b"".join(forms[name].get_object().get_data() for name in forms)
    assert b"3 Tr" in content                         # text render mode 3: not painted


def test_trait_distribution(kit):
    cards = cards_in(kit / "familienbande" / "en" / "portraits-a4.pdf")
    genders = Counter(g for g, _ in cards.values())
    assert genders == {"m": 35, "f": 35}
    overall = Counter(t for _, ts in cards.values() for t in ts)
    assert overall == {t: 42 for t in TRAITS}
    for gender in "mf":
        per = Counter(t for g, ts in cards.values() if g == gender for t in ts)
        assert per == {t: 21 for t in TRAITS}, gender
    triples = [ts[0] for _, ts in cards.values() if len(set(ts)) == 1]
    assert sorted(triples) == sorted(TRAITS)          # exactly five, one per trait
    repeated = [ts for _, ts in cards.values() if len(set(ts)) == 2]
    assert len(repeated) >= 20
    same = Counter((g, tuple(sorted(ts))) for g, ts in cards.values())
    twice = {k for k, n in same.items() if n > 1}
    assert len(twice) == 5 and max(same.values()) == 2
    spec = (ROOT / "cardspecs" / "familienbande.yaml").read_text(encoding="utf-8")
    for gender, traits in twice:                      # each duplicate is explained in the spec
        assert "-".join(traits) in spec or "-".join(sorted(traits, key=TRAITS.index)) in spec, traits


def test_every_face_is_distinct():
    from forge.kit.art.faces import features
    from forge.kit.art.svg import SvgPen
    from forge.kit.portrait import draw_portrait
    from forge.kit.registry import CardBox
    looks, drawings = set(), set()
    for n, (g, ts) in table().items():
        f = features("familienbande", n, g, list(ts))
        looks.add((f.head, f.skin, f.hair_style, f.hair_colour, f.eyes, f.clothes))
        pen = SvgPen(180, 252)
        draw_portrait(pen, CardBox(180, 252, 0, 8.5), {"game": "familienbande", "card": n, "gender": g,
                                                       "trait1": ts[0], "trait2": ts[1], "trait3": ts[2]}, "en")
        drawings.add(hashlib.sha256(pen.svg().encode()).hexdigest())
    assert len(looks) == 70 and len(drawings) == 70


def test_traits_show_in_the_face():
    """More of a trait draws more of it: ears grow, glasses thicken, lips and lock appear."""
    from forge.kit.art.faces import draw_face, features
    from forge.kit.art.svg import SvgPen

    def svg(traits):
        pen = SvgPen(100, 140)
        draw_face(pen, features("familienbande", 7, "m", traits), 0, 0, 100, 140)
        return pen.svg()

    plain = svg(["nose", "nose", "nose"])
    assert "#d62839" not in plain and "#f08c00" not in plain          # no red lips, no orange lock
    assert "#d62839" in svg(["lips", "nose", "nose"])
    assert "#f08c00" in svg(["lock", "nose", "nose"])
    ear_rx = [float(re.findall(r'<ellipse cx="[^"]+" cy="[^"]+" rx="([^"]+)"', svg(["ears"] * n + ["nose"] * (3 - n)))[0])
              for n in range(4)]
    assert ear_rx == sorted(ear_rx) and ear_rx[3] > 1.8 * ear_rx[0]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_pieces(kit, lang):
    folder = kit / "familienbande" / lang
    for name, count in (("tiles", 5), ("markers", 5), ("summary", 4)):
        reader = PdfReader(folder / f"{name}-a4.pdf")
        assert len(reader.pages) >= 1
    tiles = subprocess.run(["pdftotext", str(folder / "tiles-a4.pdf"), "-"], capture_output=True, text=True).stdout
    names = {"fr": ["Oreilles", "Lunettes", "Nez", "Lèvres", "Mèche"], "en": ["Ears", "Glasses", "Nose", "Lips", "Lock of hair"]}
    for word in names[lang]:
        assert word in tiles


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_track_is_one_two_sided_sheet_numbering_every_space(kit, lang):
    """The whole sheet (track-cut.pdf): a front with every space numbered, a back with the hand
    penalty. Its size and bleed, and the pieces that make it up on A4 and Letter (a picture of
    this same sheet, checked pixel by pixel): test_track_pieces.py."""
    pdf = kit / "familienbande" / lang / "track-cut.pdf"
    assert len(PdfReader(pdf).pages) == 2                         # front and back of one sheet
    front = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True, text=True).stdout
    numbers = {int(t) for t in front.split() if t.isdigit()}
    assert set(range(0, track_length())) <= numbers              # every space numbered, 0 the start
    back = subprocess.run(["pdftotext", "-f", "2", "-l", "2", str(pdf), "-"], capture_output=True, text=True).stdout
    for n in range(1, 8):                                         # the hand penalty, 1 … 7 cards
        assert f"−{n * (n + 1) // 2}" in back

