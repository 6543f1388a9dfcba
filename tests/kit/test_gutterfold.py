"""Gutterfold printing (``forge build --gutterfold``, ``print: layout: gutterfold``), measured
from the PDFs the real command writes: every back is the mirror of its front about the dashed
fold line, so that folding the sheet puts each back behind its front."""
from __future__ import annotations

import math
import re
from collections import Counter

import pytest

from forge.cache import FOLDER

from ..conftest import GAMES, run_forge, shared, sources, tree_digest, warm_project
from ..pdftools import box, boxes_nested, card_faces, open_pdf, placements, segments, words
from .test_print_all import SHEET, assert_labels_name_their_paper, assert_sheets_counted, page_texts

MM = 72 / 25.4
TOL = 0.01
CLEAR = 2 * MM           # bare paper kept either side of the fold, at the least
#: fronts per sheet, worked out by hand (margin 5 mm, the label's 14.4 mm under the cards,
#: fronts and backs 2 × (bleed + 2.5 mm) apart about the fold):
#: * poker 63.5 × 88.9, bleed 3: A4 landscape, fold upright: each half 297/2 − 8 − 5.5 = 135 mm
#:   holds 2 columns (2 × 63.5 + 6 = 133), 210 − 8 − 17.4 = 184.6 mm holds 2 rows (183.8): 4.
#:   Letter landscape, fold across: 279.4 − 16 = 263.4 mm holds 4 butted columns (254),
#:   (215.9 − 8 − 17.4) / 2 − 5.5 = 89.7 mm one row: 4 (upright: 2 × 1 only).
#: * 50 × 70, bleed 2: A4 landscape, fold across: 297 − 14 = 283 mm holds 5 columns with
#:   gaps (266), (210 − 7 − 16.4) / 2 − 4.5 = 88.8 mm one row: 5. Letter: 265.4 mm holds 5
#:   butted (250), not with gaps (266): 5.
PER_SHEET = {("dalmuti", "a4"): 4, ("dalmuti", "letter"): 4, ("folds", "a4"): 5, ("folds", "letter"): 5}
FOLD = {("dalmuti", "a4"): "upright", ("dalmuti", "letter"): "across", ("folds", "a4"): "across",
        ("folds", "letter"): "across"}
NAMES = ["Ant", "Bee", "Cat", "Dog", "Eel", "Fox", "Gnu", "Hen", "Ibis", "Jay", "Koi", "Lynx"]

SPEC = """\
game: folds
title: "@game"
authors: [Test]
languages: [en, fr]
strings: {en: {game: Folds, deck: Animals}, fr: {game: Plis, deck: Animaux}}
print:
  paper: [a4, letter]
  bleed: 2mm
  layout: gutterfold
components:
  animals:
    kind: deck
    title: "@deck"
    card: {width: 50mm, height: 70mm}
    rows: [%s]
    front: {layout: numbered, value: "1", title: "{n}", colour: "#b0d0f0"}
    back: {layout: back, title: "{n}", colour: "#203040"}
  plain:
    kind: deck
    card: {width: 50mm, height: 70mm}
    rows: [{n: Owl}, {n: Pig}]
    front: {layout: numbered, value: "2", title: "{n}", colour: "#f0d0b0"}
  unfolded:
    kind: deck
    card: {width: 50mm, height: 70mm}
    print: {duplex: off}
    rows: [{n: Rat}]
    front: {layout: numbered, value: "3", title: "{n}", colour: "#d0f0b0"}
    back: {layout: back, title: "{n}"}
  summary:
    kind: sheet
    front: {layout: panel, heading: "@game", text: "@deck"}
    back: {layout: panel, heading: "@deck", text: "@game"}
""" % ", ".join(f"{{n: {n}}}" for n in NAMES)


@pytest.fixture(scope="module")
def dalmuti_folded(tmp_path_factory):
    out = tmp_path_factory.mktemp("dalmuti-gutterfold")
    result = run_forge("build", "dalmuti", "--gutterfold", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "in gutterfold, under the names of a normal build" in result.stdout
    return out / "dalmuti"


@pytest.fixture(scope="module")
def folded_kits(tmp_path_factory):
    """Every game built by ``forge build --gutterfold`` (both languages and papers), once."""
    def make(project):
        sources(project, warm_project(tmp_path_factory) / FOLDER)
        result = run_forge("build", *GAMES, "--gutterfold", "--out", "build", cwd=project)
        assert result.returncode == 0, result.stderr
    return shared(tmp_path_factory, "kits-gutterfold", make) / "build"


def _project(root, spec=SPEC):
    (root / "cardspecs").mkdir(parents=True)
    (root / "cardspecs" / "folds.yaml").write_text(spec, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def folds_build(tmp_path_factory):
    """A project of its own: a 50 × 70 mm deck whose backs name their card, gutterfold by its
    spec; a deck with no back, one with duplex off, and a two-sided sheet beside it."""
    project = _project(tmp_path_factory.mktemp("folds"))
    result = run_forge("build", "folds", "--out", str(project / "build"), cwd=project)
    assert result.returncode == 0, result.stderr
    return project / "build" / "folds"


def _fold(page, reader):
    """The dashed fold line: the line along which more than two short segments lie (a cut line
    has two crop marks); its axis ("x": upright, at that x) and place, and its pieces."""
    lines = Counter()
    for x0, y0, x1, y1 in segments(page, reader):
        if abs(x0 - x1) < 1e-6:
            lines["x", round(x0, 3)] += 1
        elif abs(y0 - y1) < 1e-6:
            lines["y", round(y0, 3)] += 1
    dashed = [key for key, n in lines.items() if n > 2]
    assert len(dashed) == 1, f"expected one fold line, found {dashed}"
    axis, at = dashed[0]
    pieces = sorted((min(s[1], s[3]), max(s[1], s[3])) if axis == "x" else (min(s[0], s[2]), max(s[0], s[2]))
                    for s in segments(page, reader) if round(s[0] if axis == "x" else s[1], 3) == at
                    and abs(s[0] - s[2] if axis == "x" else s[1] - s[3]) < 1e-6)
    return axis, at, pieces


def _mirror(rect, axis, at):
    x0, y0, x1, y1 = rect
    return (2 * at - x1, y0, 2 * at - x0, y1) if axis == "x" else (x0, 2 * at - y1, x1, 2 * at - y0)


def _registration(path, is_back, back_of):
    """For every page: the fold line, each front's back at its mirror about it (the largest
    error, in pt), that back the front's own (``back_of(front, back)``), and the fold on bare
    paper. Returns (fronts in order, the largest mirror error, the folds' axes)."""
    reader = open_pdf(path)
    fronts, worst, axes = [], 0.0, set()
    for page, faces in zip(reader.pages, card_faces(path)):
        axis, at, pieces = _fold(page, reader)
        axes.add(axis)
        assert len(pieces) > 10 and all(b[0] - a[1] > 0.5 for a, b in zip(pieces, pieces[1:])), "not dashed"
        rects = {face: rect for face, rect in zip(faces, (p.rect for p in placements(page, reader)))}
        backs = [f for f in faces if is_back(f)]
        front_faces = [f for f in faces if not is_back(f)]
        assert len(backs) == len(front_faces)
        for front in front_faces:
            want = _mirror(rects[front], axis, at)
            errors = {b: max(abs(a - g) for a, g in zip(want, rects[b])) for b in backs}
            back = min(errors, key=errors.get)
            assert errors[back] <= TOL, f"{path.name} page {front.page + 1}: no back at {want}"
            worst = max(worst, errors[back])
            assert back_of(front, back)
            backs.remove(back)
            # the fold on bare paper: each card's art (its form) keeps CLEAR from it
            lo, hi = (rects[front][0], rects[front][2]) if axis == "x" else (rects[front][1], rects[front][3])
            assert hi <= at - CLEAR or lo >= at + CLEAR
        fronts += front_faces
    return fronts, worst, axes


def _cut_marks(path):
    """Every page: boxes nested, and a crop mark (outside the bleed) at every cut line of both
    halves; nothing but the fold line drawn inside the bleed box."""
    reader = open_pdf(path)
    for page, faces in zip(reader.pages, card_faces(path)):
        assert boxes_nested(page)
        axis, at, _ = _fold(page, reader)
        bx0, by0, bx1, by1 = box(page, "/BleedBox")
        marks = [s for s in segments(page, reader) if round(s[0] if axis == "x" else s[1], 3) != at
                 or abs(s[0] - s[2] if axis == "x" else s[1] - s[3]) > 1e-6]
        for x0, y0, x1, y1 in marks:
            assert max(x0, x1) <= bx0 or min(x0, x1) >= bx1 or max(y0, y1) <= by0 or min(y0, y1) >= by1
        marked_x = [s[0] for s in marks if abs(s[0] - s[2]) < 1e-6]
        marked_y = [s[1] for s in marks if abs(s[1] - s[3]) < 1e-6]
        for f in faces:
            assert all(any(abs(v - m) <= TOL for m in marked_x) for v in (f.trim[0], f.trim[2])), f.trim
            assert all(any(abs(v - m) <= TOL for m in marked_y) for v in (f.trim[1], f.trim[3])), f.trim
        trim = box(page, "/TrimBox")
        assert all(trim[0] - TOL <= f.trim[0] and f.trim[2] <= trim[2] + TOL for f in faces)


def _label(path, lang):
    text = {"en": "gutterfold: fold along the dashed line", "fr": "pliage : pliez le long du pointillé"}[lang]
    return all(text in " ".join(w.text for w in page) for page in words(path))


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_dalmuti_backs_mirror_their_fronts(dalmuti_folded, lang, paper):
    path = dalmuti_folded / lang / f"cards-{paper}.pdf"
    title = {"fr": "Le Grand Dalmuti", "en": "The Great Dalmuti"}[lang]

    def is_back(face):
        return face.text() == title

    fronts, worst, axes = _registration(path, is_back, lambda front, back: True)
    print(f"dalmuti {lang} {paper}: {len(fronts)} fronts, max mirror error {worst:.6f} pt")
    assert axes == {"x" if FOLD["dalmuti", paper] == "upright" else "y"}
    # every card once: rank n on n fronts, 80 in all
    ranks = Counter(max(f.words, key=lambda w: w.height).text for f in fronts)
    assert {str(n): ranks[str(n)] for n in range(1, 13)} == {str(n): n for n in range(1, 13)}
    assert len(fronts) == 80
    per = PER_SHEET["dalmuti", paper]
    assert len(open_pdf(path).pages) == math.ceil(80 / per) == 20
    assert [len(faces) for faces in card_faces(path)] == [2 * per] * 20
    _cut_marks(path)
    assert _label(path, lang)


def test_upright_fold_is_the_middle_of_the_page(dalmuti_folded):
    reader = open_pdf(dalmuti_folded / "en" / "cards-a4.pdf")
    for page in reader.pages:
        axis, at, _ = _fold(page, reader)
        assert axis == "x" and abs(at - box(page, "/MediaBox")[2] / 2) <= TOL


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_back_names_its_own_card(folds_build, lang, paper):
    path = folds_build / lang / f"animals-{paper}.pdf"

    def is_back(face):              # a back's only words are the card's name; a front has its "1"
        return "1" not in [w.text for w in face.words]

    fronts, worst, axes = _registration(path, is_back, lambda front, back: back.text() in [w.text for w in front.words])
    print(f"folds {lang} {paper}: {len(fronts)} fronts, max mirror error {worst:.6f} pt")
    assert axes == {"y"}
    assert sorted(w.text for f in fronts for w in f.words if w.text in NAMES) == sorted(NAMES)
    per = PER_SHEET["folds", paper]
    assert [len(faces) // 2 for faces in card_faces(path)] == [per, per, len(NAMES) - 2 * per]
    _cut_marks(path)
    assert _label(path, lang)


def test_decks_without_backs_and_sheets_are_not_folded(folds_build):
    for name, pages in (("plain-a4.pdf", 1), ("unfolded-a4.pdf", 1), ("summary-a4.pdf", 2)):
        path = folds_build / "en" / name
        reader = open_pdf(path)
        assert len(reader.pages) == pages
        for page in reader.pages:          # crop marks only: at most two on a line
            lines = Counter((round(s[0], 3), "x") if abs(s[0] - s[2]) < 1e-6 else (round(s[1], 3), "y")
                            for s in segments(page, reader))
            assert all(n <= 2 for n in lines.values()), name
        assert not any("dashed" in w.text for page in words(path) for w in page)
    # the sheet's back prints apart, its own single-sided page: a one-sided file too
    for name in ("summary-a4.pdf", "animals-a4.pdf"):
        assert open_pdf(folds_build / "en" / name).trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"


def test_print_all_keeps_the_folded_sheets(folds_build, dalmuti_folded):
    # Dalmuti's decks are both gutterfold: a one-sided file of their own 20 + 1 pages
    kit = open_pdf(dalmuti_folded / "en" / "print-all-a4.pdf")
    assert len(kit.pages) == 21
    assert kit.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    assert _label(dalmuti_folded / "en" / "print-all-a4.pdf", "en")
    # beside a two-sided sheet printed apart: one-sided too, the folded pages one after another,
    # then the decks with no back on a shared sheet, the sheet's front and its back; no blank page
    path = folds_build / "en" / "print-all-a4.pdf"
    kit, pages = open_pdf(path), words(path)
    assert kit.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    assert [i for i, page in enumerate(pages) if "dashed" in " ".join(w.text for w in page)] == [0, 1, 2]
    assert len(kit.pages) == 6
    assert not any(_blank(page, kit, on) for page, on in zip(kit.pages, pages))
    assert_sheets_counted(path)


#: what a label says of how to print a page, by language: one side, or two
ONE_SIDED = {"en": "single-sided", "fr": "recto seul"}
TWO_SIDED = {"en": "duplex", "fr": "recto verso"}


def _label_line(on) -> list[float]:
    """The heights of the label's "i/n" (its sheet): the label's line."""
    return [w.centre[1] for w in on if re.fullmatch(r"\d+/\d+", w.text)]


def _content(on) -> list[tuple]:
    """A page's words but its label's (those within 20 pt of the label's line), placed."""
    at = _label_line(on)
    return sorted((w.text, *(round(v, 1) for v in w.rect)) for w in on if all(abs(w.centre[1] - y) > 20 for y in at))


def _blank(page, reader, on) -> bool:
    """A page holding nothing but its label: no card placed, no word off the label's line."""
    return not placements(page, reader) and not _content(on)


@pytest.mark.parametrize("game", GAMES)
def test_print_all_in_gutterfold_is_single_sided(folded_kits, game):
    """``--gutterfold`` is for a one-sided printer: every kit's file is simplex, every label says
    single-sided and none duplex, no page is a blank back, and each component's sheets count
    the sheets the file holds."""
    for lang in ("en", "fr"):
        for paper in ("a4", "letter"):
            path = folded_kits / game / lang / f"print-all-{paper}.pdf"
            reader = open_pdf(path)
            assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex", path
            for k, (text, on) in enumerate(zip(page_texts(path), words(path))):
                for label in SHEET.finditer(text):
                    how = text[label.end():label.end() + 200]
                    assert ONE_SIDED[lang] in how and TWO_SIDED[lang] not in how, (path.name, k + 1, how)
                    assert label.group(2) != "backs", (path.name, k + 1)
                assert not _blank(reader.pages[k], reader, on), (path.name, k + 1)
            assert_sheets_counted(path)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_boards_back_prints_apart(folded_kits, familienbande_build, lang, paper):
    """Familienbande's two-sided score track in a one-sided kit: each sheet's front, then its
    back, a single-sided page laid out as the duplex kit's back, whose label names its sheet and
    says to print it on that sheet's reverse or to glue it on."""
    duplex = familienbande_build / "familienbande" / lang / f"track-{paper}.pdf"
    own = [SHEET.search(text).groups() for text in page_texts(duplex)]      # (title, side, sheet, i, n)
    title, front, back = own[0][0], own[0][1], own[1][1]
    assert front != back and len(own) == 4
    path = folded_kits / "familienbande" / lang / f"print-all-{paper}.pdf"
    texts, on = page_texts(path), words(path)
    at = [k for k, text in enumerate(texts) if SHEET.search(text).group(1) == title]
    assert [SHEET.search(texts[k]).groups() for k in at] == own          # front 1, back 1, front 2, back 2
    assert at == list(range(at[0], at[0] + 4))
    glue, reverse = {"en": ("glue", "reverse"), "fr": ("coller", "dos")}[lang]
    for k, (_, side, _, i, _) in zip(at, own):
        how = texts[k][SHEET.search(texts[k]).end():]
        assert ONE_SIDED[lang] in how and TWO_SIDED[lang] not in how, how
        if side == back:
            assert glue in how and reverse in how and re.search(rf"\b{i}\b", how), how
    for k, duplex_page in zip(at, words(duplex)):                      # each page as in the duplex kit
        assert _content(on[k]) == _content(duplex_page)
    folded = open_pdf(folded_kits / "familienbande" / lang / f"track-{paper}.pdf")
    assert folded.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"


def test_every_label_of_a_folded_build_names_its_paper(folded_kits):
    pages = assert_labels_name_their_paper(folded_kits)
    print(f"{pages} pages in gutterfold, each label naming its paper")
    assert pages > 1000


def test_gutterfold_with_ink_saver_keeps_the_layout(tmp_path, dalmuti_folded):
    out = tmp_path / "out"
    result = run_forge("build", "dalmuti", "--lang", "en", "--paper", "a4", "--gutterfold", "--ink-saver",
                       "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "in ink saver and gutterfold" in result.stdout
    inked, plain = (open_pdf(p / "en" / "cards-a4.pdf") for p in (out / "dalmuti", dalmuti_folded))
    assert len(inked.pages) == len(plain.pages)
    for a, b in zip(inked.pages, plain.pages):
        assert [p.rect for p in placements(a, inked)] == [p.rect for p in placements(b, plain)]
        assert box(a, "/TrimBox") == box(b, "/TrimBox")


def test_a_card_too_big_to_fold_is_located_and_nothing_written(tmp_path):
    project = _project(tmp_path / "p")
    out = project / "build"
    assert run_forge("build", "folds", "--out", str(out), cwd=project).returncode == 0
    before = tree_digest(out)
    spec = project / "cardspecs" / "folds.yaml"
    # 150 × 200 mm fits an A4 sheet once, but not twice
    spec.write_text(SPEC.replace("card: {width: 50mm, height: 70mm}\n    rows: [{n: Ant}",
                                 "card: {width: 150mm, height: 200mm}\n    rows: [{n: Ant}"), encoding="utf-8")
    result = run_forge("build", "folds", "--out", str(out), cwd=project)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    line = SPEC.splitlines().index("  animals:") + 2          # the component's first key
    assert f"cardspecs/folds.yaml:{line}: component 'animals' does not fit on a4" in result.stderr
    assert "hint:" in result.stderr and "layout: duplex" in result.stderr
    assert tree_digest(out) == before


def test_an_unknown_layout_is_located(tmp_path):
    project = _project(tmp_path, SPEC.replace("  layout: gutterfold", "  layout: folded"))
    result = run_forge("build", "folds", "--out", str(project / "build"), cwd=project)
    assert result.returncode == 2
    line = SPEC.splitlines().index("  layout: gutterfold") + 1
    assert f"cardspecs/folds.yaml:{line}:" in result.stderr and "gutterfold" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (project / "build" / "folds").exists()
