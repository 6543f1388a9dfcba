"""Ink-saver and CMYK builds (issue 15, items 6 and 8; issue 27, items 1 and 2), read from the
PDFs the command writes: backs at most 15 % ink in ink-saver mode, the same page boxes and text
positions as a normal build, the normal build as dark as before; a CMYK build draws with k/K
only, keeps its boxes and passes ``qpdf --check``.

Every game stays playable in ink-saver mode, as measured on pages rendered by PDFium: a Chat
vert card's corner index shows ink, and differs in greyscale from colour to colour; every card
has an edge on its trim line; a Familienbande portrait shows its sex in greyscale; the paws of
Chat vert's backs stay off their titles."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import pypdfium2
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader
from pypdf.generic import ContentStream

from forge.cardspec.loader import load_spec

from ..conftest import GAMES, ROOT, run_forge
from ..pdftools import box, card_faces, page_image, sheets, words

MM = 72 / 25.4
DPI = 150
DECKS = {"dalmuti": ["cards"], "familienbande": ["portraits", "tiles"], "majority": ["votes", "points", "words"]}
DARK = {"cards", "portraits", "votes"}          # decks whose backs are dark (58-66 % ink) in a normal build
BOXES = ("/MediaBox", "/TrimBox", "/BleedBox")


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, Path]:
    """Every game built in English on A4: normal, --ink-saver, --cmyk."""
    out = {}
    for mode, flags in (("normal", ()), ("ink", ("--ink-saver",)), ("cmyk", ("--cmyk",))):
        out[mode] = tmp_path_factory.mktemp(mode)
        result = run_forge("build", *GAMES, "--lang", "en", "--paper", "a4", "--out", str(out[mode]), *flags)
        assert result.returncode == 0, result.stderr
    return out


def pdfs(folder: Path) -> list[Path]:
    return sorted(p.relative_to(folder) for p in folder.rglob("*.pdf"))


def coverage(path: Path, page: int) -> float:
    """Mean darkness of a page at 100 dpi, in % (0 white … 100 black)."""
    return 100 * (1 - ImageStat.Stat(page_image(path, page, 100)).mean[0] / 255)


def operators(path: Path) -> set[bytes]:
    """Every operator of the pages' content streams and of the forms they draw."""
    reader, ops = PdfReader(path), set()
    for page in reader.pages:
        streams = [page.get_contents()]
        streams += [x.get_object() for x in page["/Resources"].get("/XObject", {}).values()]
        for stream in streams:
            ops.update(op for _, op in ContentStream(stream, reader).operations)
    return ops


@pytest.mark.parametrize("game", sorted(DECKS))
def test_backs_take_at_most_15_percent_ink(builds, game):
    for deck in DECKS[game]:
        normal, ink = (builds[m] / game / "en" / f"{deck}-a4.pdf" for m in ("normal", "ink"))
        for back in range(1, len(PdfReader(ink).pages), 2):
            assert coverage(ink, back) <= 15, (deck, back)
        if deck in DARK:                                  # the normal build is unchanged: still dark
            assert coverage(normal, 1) >= 50, deck


def test_same_files_boxes_and_text_positions(builds):
    normal, ink, cmyk = builds["normal"], builds["ink"], builds["cmyk"]
    assert pdfs(normal) == pdfs(ink) == pdfs(cmyk)         # a build mode: the same file names
    for name in pdfs(normal):
        pages = [PdfReader(folder / name).pages for folder in (normal, ink, cmyk)]
        assert len(pages[0]) == len(pages[1]) == len(pages[2]), name
        for a, b, c in zip(*pages):
            for key in BOXES:
                assert box(a, key) == box(b, key) == box(c, key), (name, key)
        here = [[(w.text, tuple(round(v, 2) for v in w.rect)) for w in page] for page in words(normal / name)]
        assert here == [[(w.text, tuple(round(v, 2) for v in w.rect)) for w in page] for page in words(ink / name)]


def test_normal_build_draws_in_rgb(builds):
    ops = operators(builds["normal"] / "dalmuti" / "en" / "cards-a4.pdf")
    assert b"rg" in ops and b"k" not in ops


def test_cmyk_build_draws_in_cmyk_and_passes_qpdf(builds):
    for name in pdfs(builds["cmyk"]):
        path = builds["cmyk"] / name
        ops = operators(path)
        assert b"k" in ops and not ops & {b"rg", b"RG", b"g", b"G", b"sc", b"scn", b"SC", b"SCN"}, name
        check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr


def test_ink_saver_in_cmyk_draws_in_cmyk_too(tmp_path):
    """The ink-saver's own marks (the cards' cut outlines) are converted with the rest."""
    result = run_forge("build", "dalmuti", "--lang", "en", "--paper", "a4", "--ink-saver", "--cmyk",
                       "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    ops = operators(tmp_path / "dalmuti" / "en" / "cards-a4.pdf")
    assert b"K" in ops and not ops & {b"rg", b"RG", b"g", b"G", b"sc", b"scn", b"SC", b"SCN"}, ops


def render(path: Path, page: int, dpi: int = DPI) -> Image.Image:
    """Page ``page`` (0-based) rendered in grey by PDFium."""
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        return pdf[page].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    finally:
        pdf.close()


def crop(img: Image.Image, rect, dpi: int = DPI) -> Image.Image:
    """The part of a page's render under ``rect`` (PDF points, origin bottom-left)."""
    k, height = dpi / 72, img.height
    x0, y0, x1, y1 = rect
    return img.crop((round(x0 * k), round(height - y1 * k), round(x1 * k), round(height - y0 * k)))


def difference(a: Image.Image, b: Image.Image, by: int = 64) -> float:
    """The share of pixels of two grey crops of one size that differ by ``by`` levels or more."""
    diff = ImageChops.difference(a, b.resize(a.size))
    return sum(diff.histogram()[by:]) / (diff.width * diff.height)


def dark(img: Image.Image, level: int = 128) -> float:
    """The share of a grey crop's pixels at most ``level`` (ink, not paper)."""
    return sum(img.histogram()[:level + 1]) / (img.width * img.height)


def tagged(path: Path, tag: str):
    """The first card (page, trim) of a deck whose invisible tag ends with the word ``tag``."""
    for faces in card_faces(path):
        for face in faces:
            if any(w.text == tag for w in face.words):
                return face.page, face.trim
    raise AssertionError(f"no card tagged {tag} in {path}")


def test_chatvert_corner_index_shows_colour_and_suit_in_greyscale(builds):
    """The top-left corner index of a 5 of each colour (what a fanned hand shows: the sign,
    3 … 12 mm from the top, over the colour's mark, 12 … 20 mm; 3 … 14 mm from the left): ink
    in both, not white on white, and each colour's corner unlike every other's in grey."""
    path = builds["ink"] / "chatvert" / "en" / "cards-a4.pdf"
    corners = {}
    for colour in "YRGB":
        page, (x0, y0, x1, y1) = tagged(path, f"{colour}5")
        img = render(path, page)
        sign, mark = (crop(img, (x0 + 3 * MM, y1 - low * MM, x0 + 14 * MM, y1 - high * MM))
                      for low, high in ((12, 3), (20, 12)))
        assert dark(sign) >= 0.1 and dark(mark) >= 0.1, (colour, dark(sign), dark(mark))
        corners[colour] = crop(img, (x0 + 3 * MM, y1 - 20 * MM, x0 + 14 * MM, y1 - 3 * MM))
    for a in "YRGB":
        for b in "YRGB":
            if a < b:
                assert difference(corners[a], corners[b]) >= 0.055, (a, b, difference(corners[a], corners[b]))


def edge_seen(img: Image.Image, trim, dpi: int = DPI) -> float:
    """The share of the points along a card's four trim lines, 1 mm apart and clear of the
    corners, where the render shows a line: a pixel at most 200 of 255 within 2 px across."""
    k, height = dpi / 72, img.height
    x0, y0, x1, y1 = (v * k for v in trim)
    y0, y1 = height - y1, height - y0                        # pixel rows, top down
    px = img.load()
    seen = total = 0
    for fixed, a, b, across in ((x0, y0, y1, "x"), (x1, y0, y1, "x"), (y0, x0, x1, "y"), (y1, x0, x1, "y")):
        t = a + 3 * MM * k
        while t <= b - 3 * MM * k:
            near = [px[round(fixed) + d, round(t)] if across == "x" else px[round(t), round(fixed) + d]
                    for d in range(-2, 3)]
            seen += min(near) <= 200
            total += 1
            t += MM * k
    return seen / total


def test_every_ink_saver_card_has_an_edge(builds):
    """Every card of every deck of every game (the deck files: print-all draws the same
    faces), each found by its form on the page: its trim lines show as a line in the render,
    on at least 98 % of their length."""
    checked = 0
    for game in GAMES:
        spec = load_spec(ROOT / "cardspecs" / f"{game}.yaml", ROOT)
        for comp in spec.components.values():
            if comp.kind != "deck":
                continue
            path = builds["ink"] / game / "en" / f"{comp.name}-a4.pdf"
            for n, sheet in enumerate(sheets(path)):
                img = render(path, n)
                for card in sheet.cards:
                    seen = edge_seen(img, card.trim)
                    assert seen >= 0.98, (game, comp.name, n + 1, card.trim, seen)
                    checked += 1
    assert checked > 500


def test_familienbande_portraits_show_their_sex_in_greyscale(builds):
    """The strip under a portrait's traits (its left 15 mm, 40.5 … 56 mm from the top) of the
    first sheet's men and women: alike within a sex, unlike between the sexes."""
    path = builds["ink"] / "familienbande" / "en" / "portraits-a4.pdf"
    img, strips = render(path, 0), {"m": [], "f": []}
    for face in card_faces(path)[0]:
        sex = next(w.text for w in face.words if w.text in ("m", "f"))
        x0, y0, x1, y1 = face.trim
        strips[sex].append(crop(img, (x0 + 1 * MM, y1 - 56 * MM, x0 + 15 * MM, y1 - 40.5 * MM)))
    assert strips["m"] and strips["f"]
    for m in strips["m"]:
        for f in strips["f"]:
            assert difference(m, f) >= 0.06, difference(m, f)
    for same in strips.values():
        assert all(difference(same[0], other) <= 0.04 for other in same[1:])   # (a pixel's shift)


def test_chatvert_back_titles_are_clear_of_the_paws(builds):
    """Round the words on the backs of Chat vert's cards and added rules (their boxes from
    pdftotext -bbox, grown 0.3 mm for the glyphs' overhang), a band 1 mm wide is bare paper:
    no paw outline runs through a title."""
    k = DPI / 72
    for deck in ("cards", "rule_cards"):
        path = builds["ink"] / "chatvert" / "en" / f"{deck}-a4.pdf"
        page_words = words(path)
        for n in range(1, len(page_words), 2):                   # the backs
            img = render(path, n)
            titles = [w.rect for w in page_words[n] if w.height >= 5]     # not the sheet's label
            assert titles, (deck, n + 1)
            ring = Image.new("L", img.size, 0)                    # 255 round the words, 0 elsewhere
            for grow, value in ((1.3 * MM, 255), (0.3 * MM, 0)):
                for x0, y0, x1, y1 in titles:
                    top, bottom = img.height / k - y1, img.height / k - y0
                    ring.paste(value, tuple(round(v * k) for v in (x0 - grow, top - grow, x1 + grow, bottom + grow)))
            inked = ImageChops.multiply(img.point(lambda v: 255 if v <= 200 else 0), ring).histogram()[255]
            assert inked == 0, (deck, n + 1, inked)
