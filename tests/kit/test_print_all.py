"""The one file to print of every kit, ``<game>/<lang>/print-all-<paper>.pdf``, read back with
pypdf and checked against the component PDFs of the same build.

What the file must hold is worked out here from the component PDFs and the specs' card
counts, never from forge's print-all code: each deck's capacity is the number of cards on
its first sheet (a deck of more than one sheet fills it), its full sheets print alone and
its last, partly filled sheet's cards share sheets with the other decks of its card size
(one-sided decks too, in a two-sided file, their backs blank); boards and sheets print as
they are, but for pages of another size than the paper; in a two-sided file every
one-sided page gets a blank back.
"""
from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from forge.cardspec.loader import load_spec
from forge.cardspec.model import MM

from ..conftest import GAMES, ROOT, kit, run_forge, warm_project
from ..pdftools import box, open_pdf, placements, within, words

LANGS = ("fr", "en")
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
FLIPS = {"long-edge": "/DuplexFlipLongEdge", "short-edge": "/DuplexFlipShortEdge"}
KITS = [(g, l, p) for g in GAMES for l in LANGS for p in PAPERS]
#: a printed sheet label's first part, "<game> · <what> · <side> · sheet <i>/<n>" (French:
#: feuille); on print-all's shared sheets "shared sheet <i>/<n>" (feuille commune)
SHEET = re.compile(r"· ([^·]+?) · ([^·]+?) · (shared sheet|feuille commune|gemeinsames Blatt|sheet|feuille|Blatt) (\d+)/(\d+)")
SHARED = ("shared sheet", "feuille commune")


@pytest.fixture(scope="module")
def builds(request) -> dict[str, Path]:
    return {game: kit(request, game) for game in GAMES}


def spec_of(game: str):
    return load_spec(ROOT / "cardspecs" / f"{game}.yaml", ROOT)


def prefs(reader) -> dict:
    return dict(reader.trailer["/Root"].get("/ViewerPreferences", {}))


def on_paper(page, paper: str) -> bool:
    size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
    return all(abs(a - b * MM) < 1 for a, b in zip(size, sorted(PAPERS[paper])))


def components(builds, game: str, lang: str, paper: str) -> list[dict]:
    """Each component built on ``paper``, in the spec's order, as its own PDF shows it."""
    spec, out = spec_of(game), []
    for comp in spec.components.values():
        if paper not in comp.print.papers:
            continue
        name = "track-cut.pdf" if comp.name == "track-cut" else f"{comp.name}-{paper}.pdf"   # its own page
        reader = open_pdf(builds[game] / game / lang / name)
        sides = 1 if prefs(reader)["/Duplex"] == "/Simplex" else 2
        card = (comp.size[0] + 2 * comp.print.bleed, comp.size[1] + 2 * comp.print.bleed)
        on_first = [p for p in placements(reader.pages[0], reader)
                    if abs(p.rect[2] - p.rect[0] - card[0]) < 0.1 and abs(p.rect[3] - p.rect[1] - card[1]) < 0.1]
        out.append({"name": comp.name, "file": name, "deck": comp.kind == "deck", "size": comp.size, "sides": sides,
                    "count": comp.count(lang), "on_first": len(on_first), "reader": reader,
                    "sheets": len(reader.pages) // sides, "title": reader.metadata["/Title"].split(" — ")[-1],
                    "pages": [i for i, p in enumerate(reader.pages) if on_paper(p, paper)],
                    "print": (comp.print.bleed, comp.print.margin, comp.print.spacing, comp.print.orientation)})
    return out


def expected(comps: list[dict]) -> tuple[int, dict[str, int], int]:
    """(pages of the file, component → its first page, sheets the components take alone)."""
    duplex = any(c["sides"] == 2 and c["pages"] for c in comps)
    per_sheet = 2 if duplex else 1
    groups: dict[tuple, list[dict]] = {}
    for c in comps:
        if c["deck"]:
            key = (c["size"], c["sides"] if not duplex else 2)
            groups.setdefault(key, []).append(c)
    capacity = {}
    for key, members in groups.items():
        assert len({m["print"] for m in members}) == 1, "decks of one size are imposed alike"
        capacity[key] = max(m["on_first"] for m in members)
        if not any(m["sheets"] > 1 for m in members):      # no full sheet seen: the capacity is a bound
            assert sum(m["count"] for m in members) <= capacity[key]
    page, first, alone, pooled = 0, {}, 0, {key: [] for key in groups}
    for c in comps:
        alone += len(c["pages"]) // c["sides"]
        if not c["deck"]:
            if c["pages"]:
                first[c["name"]] = page
            page += len(c["pages"]) // c["sides"] * per_sheet
            continue
        key = (c["size"], c["sides"] if not duplex else 2)
        cap = capacity[key]
        if c["count"] >= cap:
            first[c["name"]] = page
        page += c["count"] // cap * per_sheet
        pooled[key] += [c["name"]] * (c["count"] % cap)
        if c is groups[key][-1]:                            # the shared sheets follow the group's last deck
            for k, name in enumerate(pooled[key]):
                first.setdefault(name, page + k // cap * per_sheet)
            page += -(-len(pooled[key]) // cap) * per_sheet
    return page, first, alone


@pytest.mark.parametrize("game, lang, paper", KITS)
def test_print_all_holds_every_component_in_print_order(builds, game, lang, paper):
    comps = components(builds, game, lang, paper)
    reader = open_pdf(builds[game] / game / lang / f"print-all-{paper}.pdf")
    pages, first, _ = expected(comps)
    assert len(reader.pages) == pages
    marks = [(item.title, reader.get_destination_page_number(item)) for item in reader.outline]
    titles = {c["name"]: c["title"] for c in comps}
    assert marks == sorted(((titles[name], at) for name, at in first.items()), key=lambda m: m[1])
    labels = reader.page_labels
    assert "/PageLabels" in reader.trailer["/Root"] and len(labels) == pages
    assert all(label and not label.isdigit() for label in labels)
    assert labels[0].startswith(comps[0]["name"])


@pytest.mark.parametrize("game, lang, paper", KITS)
def test_print_all_asks_for_actual_size_and_the_flip_and_keeps_the_boxes(builds, game, lang, paper):
    spec = spec_of(game)
    for c in components(builds, game, lang, paper):
        comp = spec.components[c["name"]]
        flip = FLIPS[comp.print.duplex] if comp.back is not None and comp.print.duplex != "off" else "/Simplex"
        assert prefs(c["reader"]) == {"/PrintScaling": "/None", "/Duplex": flip}, c["name"]
    reader = open_pdf(builds[game] / game / lang / f"print-all-{paper}.pdf")
    assert prefs(reader) == {"/PrintScaling": "/None", "/Duplex": "/DuplexFlipLongEdge"}   # every kit: long edge
    for page in reader.pages:
        m, b, t = box(page, "/MediaBox"), box(page, "/BleedBox"), box(page, "/TrimBox")
        assert within(t, b) and within(b, m)


def test_sheets_saved(builds):
    """Sheets of paper per kit (English): the components printed alone against print-all."""
    saved = {}
    for game in GAMES:
        for paper in PAPERS:
            comps = components(builds, game, "en", paper)
            reader = open_pdf(builds[game] / game / "en" / f"print-all-{paper}.pdf")
            sheets = len(reader.pages) // (1 if prefs(reader)["/Duplex"] == "/Simplex" else 2)
            saved[game, paper] = expected(comps)[2] - sheets
    print("sheets saved:", saved)
    assert all(v >= 0 for v in saved.values())
    assert saved["majority", "a4"] >= 3          # the issue: Majority's small decks on shared sheets


def test_a_back_meant_for_the_other_flip_is_turned(project):
    """Reference cards flipped on the short edge in a kit flipped on the long edge: the file
    asks for the long edge, and the reference's backs are its own backs turned 180°."""
    spec = project / "cardspecs" / "dalmuti.yaml"
    text = spec.read_text(encoding="utf-8")
    text = text.replace("    copies: 1\n", "    copies: 12\n    print: {duplex: short-edge}\n")
    spec.write_text(text, encoding="utf-8")
    out = project / "build"
    result = run_forge("build", "dalmuti", "--lang", "en", "--paper", "a4", "--out", str(out), cwd=project)
    assert result.returncode == 0, result.stderr
    kit = out / "dalmuti" / "en"
    reference, whole = open_pdf(kit / "reference-a4.pdf"), open_pdf(kit / "print-all-a4.pdf")
    assert prefs(reference)["/Duplex"] == "/DuplexFlipShortEdge" and len(reference.pages) == 4
    assert prefs(whole)["/Duplex"] == "/DuplexFlipLongEdge"
    start = 2 * -(-80 // 9)                                # the cards' sheets come first (9 a sheet on A4)
    labels = whole.page_labels
    assert labels[start].startswith("reference") and labels[start + 1].startswith("reference")
    W, H = (float(v) for v in reference.pages[1].mediabox[2:])

    def turn(r):
        return (W - r[2], H - r[3], W - r[0], H - r[1])

    own, there = words(kit / "reference-a4.pdf"), words(kit / "print-all-a4.pdf")
    for page, turned in ((0, False), (1, True)):                # fronts as they are, backs turned
        want = turn(box(reference.pages[page], "/TrimBox")) if turned else box(reference.pages[page], "/TrimBox")
        assert box(whole.pages[start + page], "/TrimBox") == pytest.approx(want, abs=0.01)
        seen = sorted((w.text, *(round(v) for v in (turn(w.rect) if turned else w.rect))) for w in own[page])
        assert seen == sorted((w.text, *(round(v) for v in w.rect)) for w in there[start + page])
        assert len(seen) > 20                                # the label and every card's words, moved


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf not installed")
def test_qpdf_check_passes(builds):
    for game in GAMES:
        path = builds[game] / game / "fr" / "print-all-a4.pdf"
        result = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


def font_subsets(reader) -> dict[str, set[str]]:
    """Each embedded font's name (its subset tag and font) → the SHA-256 of each font file
    embedded under that name, found through the pages' and their forms' resources."""
    found: dict[str, set[str]] = {}
    seen: set[int] = set()

    def walk(resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                data = descriptor.get_object()["/FontFile2"].get_object().get_data()
                found.setdefault(str(font["/BaseFont"]), set()).add(hashlib.sha256(data).hexdigest())
        for xobject in (resources.get("/XObject") or {}).values():
            if xobject.idnum not in seen:
                seen.add(xobject.idnum)
                walk(xobject.get_object().get("/Resources"))
    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_each_font_subset_has_a_tag_of_its_own(builds, game):
    """A print shop's preflight flags two different subsets under one name (reportlab tags
    every document's subsets AAAAAA+, and print-all joins several documents)."""
    for pdf in sorted((builds[game] / game).glob("*/print-all-*.pdf")):
        subsets = font_subsets(open_pdf(pdf))
        assert subsets, pdf
        assert all(len(files) == 1 for files in subsets.values()), (pdf, subsets)


def page_texts(path: Path) -> list[str]:
    """Each page's text as poppler reads it, its white space collapsed."""
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return [" ".join(page.split()) for page in out.split("\f")[:-1]]


def sheet_numbers(path: Path) -> dict[str, list[tuple[int, int]]]:
    """What each page's printed label names (a component's title; "shared" for the shared
    sheets, whatever they hold) → the (sheet, of sheets) of each of its pages, in order; every
    page has one label."""
    seen: dict[str, list[tuple[int, int]]] = {}
    for k, text in enumerate(page_texts(path)):
        labels = SHEET.findall(text)
        assert len(labels) == 1, f"{path.name} page {k + 1}: {len(labels)} sheet labels in {text[-300:]!r}"
        what, _, kind, i, n = labels[0]
        seen.setdefault("shared" if kind in SHARED else what.strip(), []).append((int(i), int(n)))
    return seen


def assert_sheets_counted(path: Path) -> None:
    """Each component's sheets say "sheet i/n" with n the sheets of it the file holds: i runs
    1..n, each sheet as many pages as the others (its sides)."""
    for what, seen in sheet_numbers(path).items():
        totals, pages = {n for _, n in seen}, Counter(i for i, _ in seen)
        assert len(totals) == 1, (path.name, what, seen)
        assert sorted(pages) == list(range(1, totals.pop() + 1)), (path.name, what, seen)
        assert len(set(pages.values())) == 1, (path.name, what, seen)


@pytest.mark.parametrize("game, lang, paper", KITS)
def test_print_all_counts_the_sheets_it_holds(builds, game, lang, paper):
    """A deck whose last sheet went to a shared sheet says "sheet 7/7" in print-all; its own
    PDF keeps counting its own sheets (its last sheet included)."""
    path = builds[game] / game / lang / f"print-all-{paper}.pdf"
    assert_sheets_counted(path)
    for c in components(builds, game, lang, paper):
        own = sheet_numbers(builds[game] / game / lang / c["file"])
        assert all(n == c["sheets"] for seen in own.values() for _, n in seen), c["name"]


MM_PAPER = {"A4": PAPERS["a4"], "Letter": PAPERS["letter"]}


def assert_labels_name_their_paper(folder: Path) -> int:
    """Every page of every PDF under ``folder`` has a sheet label, and the words after each
    name the page's paper: A4 or Letter, by the page's size, else that size in mm. Returns the
    pages seen."""
    seen = 0
    for path in sorted(folder.rglob("*.pdf")):
        reader = open_pdf(path)
        for k, text in enumerate(page_texts(path)):
            page = reader.pages[k]
            size = sorted((float(page.mediabox.width) / MM, float(page.mediabox.height) / MM))
            named = [n for n, paper in MM_PAPER.items() if all(abs(a - b) < 0.5 for a, b in zip(size, sorted(paper)))]
            labels = list(SHEET.finditer(text))
            assert labels, f"{path.relative_to(folder)} page {k + 1}: no sheet label"
            for label in labels:
                how = text[label.end():label.end() + 160]
                if named:
                    assert re.search(rf"\b{named[0]}\b", how), f"{path.relative_to(folder)} page {k + 1}: {how!r}"
                else:
                    dims = re.search(r"(\d+) × (\d+) mm", how)
                    assert dims and sorted(int(v) for v in dims.groups()) == [round(v) for v in size], how
            seen += 1
    return seen


def test_every_label_names_its_paper(tmp_path_factory):
    """Every page of a whole build (every game, both languages and papers, the calibration
    sheets): an A4 sheet printed on Letter loses its foot, and its label says what it was for."""
    pages = assert_labels_name_their_paper(warm_project(tmp_path_factory) / "build")
    print(f"{pages} pages, each label naming its paper")
    assert pages > 1000
