"""Output names do not depend on the flags given (issue 17): the same builds, with no flag,
``--paper a4`` and ``--paper letter``, into one folder, run as a user runs them; the names of
older forge versions are removed, nothing else of the folder."""
from __future__ import annotations

import re

import pytest

from ..conftest import run_forge, tree_digest
from ..pdftools import box, open_pdf

MM = 72 / 25.4
PAPER_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
ON_PAPER = ["markers", "portraits", "print-all", "summary", "tiles", "track"]   # familienbande's
#: every file of a build of Familienbande in English, whatever --paper says
NAMES = sorted([f"{name}-{paper}.pdf" for name in ON_PAPER for paper in ("a4", "letter")]
               + ["rules.html", "track-cut.pdf"])


def build(project, *args):
    result = run_forge("build", "familienbande", "--lang", "en", *args, "--out", "out", cwd=project)
    assert result.returncode == 0, result.stderr
    return result


def names(project) -> list[str]:
    return sorted(p.name for p in (project / "out" / "familienbande" / "en").iterdir() if p.is_file())


def links(project) -> list[str]:
    html = (project / "out" / "familienbande" / "en" / "rules.html").read_text(encoding="utf-8")
    return sorted(re.findall(r'<a href="([^"/]+\.pdf)"', html))


def inodes(project) -> dict[str, int]:
    """File name → inode: a file the build writes is new, one it keeps is the previous build's."""
    return {p.name: p.stat().st_ino for p in (project / "out" / "familienbande" / "en").iterdir()}


def test_no_flag_paper_a4_paper_letter_give_the_same_names(book_project):
    kit = book_project / "out" / "familienbande" / "en"
    build(book_project)
    assert names(book_project) == NAMES
    assert links(book_project) == [n for n in NAMES if n.endswith(".pdf")]
    first, cut = inodes(book_project), (kit / "track-cut.pdf").read_bytes()

    result = build(book_project, "--paper", "a4")
    assert names(book_project) == NAMES                         # no cards.pdf beside cards-a4.pdf
    after = inodes(book_project)
    assert after == first                       # the same files as the build on both papers: none rewritten
    assert "removed" not in result.stdout
    assert links(book_project) == [n for n in NAMES if n.endswith(".pdf")]     # the kept Letter files too

    build(book_project, "--paper", "letter")
    assert names(book_project) == NAMES
    assert (kit / "track-cut.pdf").read_bytes() == cut          # its own page: one file, whatever the paper
    for name in NAMES:                                          # each file on the paper its name says
        if name.endswith(".pdf"):
            page, paper = open_pdf(kit / name).pages[0], name.removesuffix(".pdf").rsplit("-", 1)[1]
            if paper == "cut":                                  # the 297 × 155 mm sheet, cut from its page
                x0, y0, x1, y1 = box(page, "/TrimBox")
                assert (x1 - x0, y1 - y0) == pytest.approx((297 * MM, 155 * MM), abs=0.01)
            else:
                assert sorted(box(page, "/MediaBox")[2:]) == pytest.approx(sorted(PAPER_PT[paper]), abs=0.01), name


def test_names_of_older_versions_are_removed_and_nothing_else(book_project):
    build(book_project)
    kit, fr = book_project / "out" / "familienbande" / "en", book_project / "out" / "familienbande" / "fr"
    old = ["portraits.pdf", "track.pdf", "track-cut-a4.pdf"]           # names forge gave them before
    mine = ["notes.pdf", "portraits.txt", "portraits-a5.pdf", "other-a4.pdf", "print-all.pdf", "sub/portraits.pdf"]
    fr.mkdir()
    for name in old + mine:
        (kit / name).parent.mkdir(exist_ok=True)
        (kit / name).write_bytes(b"%PDF-1.4 older build")
    (fr / "portraits.pdf").write_bytes(b"%PDF-1.4 older build")       # a folder this build does not write
    broken = book_project / "cardspecs" / "familienbande.yaml"
    text = broken.read_text(encoding="utf-8")
    broken.write_text(text.replace("    kind: board", "    kind: bored", 1), encoding="utf-8")
    before = tree_digest(book_project / "out")
    failed = run_forge("build", "familienbande", "--lang", "en", "--paper", "a4", "--out", "out", cwd=book_project)
    assert failed.returncode == 2 and "Traceback" not in failed.stderr
    assert tree_digest(book_project / "out") == before                # a failed build removes nothing

    broken.write_text(text, encoding="utf-8")
    result = build(book_project, "--paper", "a4")
    assert names(book_project) == sorted(NAMES + ["notes.pdf", "other-a4.pdf", "portraits-a5.pdf", "portraits.txt",
                                                  "print-all.pdf"])
    assert (kit / "sub" / "portraits.pdf").is_file() and (fr / "portraits.pdf").is_file()
    removed = ["familienbande/en/" + n for n in sorted(old)]
    assert f"removed 3 files this build no longer makes: {', '.join(removed)}" in \
        " ".join(result.stdout.split())


def test_a_component_named_like_the_file_to_print_is_refused(project):
    spec = project / "cardspecs" / "dalmuti.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("\n  reference:", "\n  print-all:"), encoding="utf-8")
    line = spec.read_text(encoding="utf-8").split("\n").index("  print-all:") + 2   # its first key, as spec errors
    result = run_forge("build", "dalmuti", "--out", "out", cwd=project)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if not line.startswith("  hint:")]
    assert errors == [f"cardspecs/dalmuti.yaml:{line}: component 'print-all' would be written to print-all-a4.pdf, "
                      "the file of the kit's one file to print"]
    assert "hint: rename the component" in result.stderr and not (project / "out").exists()


def test_ink_saver_and_cmyk_keep_the_names_and_the_build_says_its_mode(project):
    def run(*flags):
        result = run_forge("build", "dalmuti", "--lang", "en", *flags, "--out", "out", cwd=project)
        assert result.returncode == 0, result.stderr
        return " ".join(result.stdout.split()), sorted(p.name for p in (project / "out" / "dalmuti" / "en").iterdir())
    normal, names = run()
    assert "(in " not in normal
    said, same = run("--ink-saver", "--cmyk")
    assert same == names == [f"{n}-{p}.pdf" for n in ("cards", "print-all", "reference") for p in ("a4", "letter")]
    assert "files written (in ink saver and CMYK, under the names of a normal build)," in said
