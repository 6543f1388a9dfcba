"""A rulebook page printed as an A4 booklet by Chromium: ``<out>/<game>/<lang>/rules-a4.pdf``
(``forge build --booklet``).

The print stylesheet (``templates/rulebook.css``, ``@media print``) lays the booklet out:
A4 pages numbered "n / N" in the bottom margin, figures never split and kept on the page of
the paragraph that introduces them, headings never alone at the foot of a page. Chromium
cannot print the page number of a link's target (no CSS ``target-counter()``), so the table
of contents gets its page numbers from forge, in passes:

1. the page is printed as it is; the page of each heading is read from the PDF's named
   destinations (Chromium writes one per link target, named by the target's id: the table
   of contents links every heading);
2. a copy of the page whose table of contents carries those numbers (print-only spans,
   right-aligned after dot leaders) is printed, and the pages are read again;
3. when they changed (the numbers moved a heading to another page), once more; if they
   still change, an OutputError says so.

Chromium is an optional system tool, found on PATH or named by ``FORGE_CHROMIUM``; it is
looked for before anything is rendered (:func:`find_chromium`). It runs without a shell,
with a timeout, in a temporary folder holding the page, its card drawings and the
stylesheet, with a throwaway profile. The booklet also carries the headings as PDF
bookmarks. Nothing is written to the output folder here: the booklet is returned in memory
and published with the rest of the build (all or nothing).
"""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Callable

from ..errors import Location, OptionError, OutputError, excerpt
from .pages import Output

__all__ = ["BOOKLET", "find_chromium", "print_booklet"]

#: the booklet's file name, beside rules.html
BOOKLET = "rules-a4.pdf"
#: the programs looked for on PATH when FORGE_CHROMIUM is not set
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
PASSES = 3
TIMEOUT = 120          # seconds for one print
INSTALL = ("install Chromium (Debian/Ubuntu: apt-get install chromium), or name its program with "
           "FORGE_CHROMIUM=/path/to/chromium; or build without --booklet")


def find_chromium() -> str:
    """The Chromium program that prints booklets: ``FORGE_CHROMIUM`` (a path or a name on PATH)
    when set, else the first of :data:`NAMES` on PATH; an OptionError when there is none."""
    named = os.environ.get("FORGE_CHROMIUM")
    if named:
        found = shutil.which(named)
        if found is None:
            raise OptionError(Location("FORGE_CHROMIUM"), f"no program {excerpt(named)} to print the booklets "
                              "with (not found, or not executable)", hint=INSTALL)
        return found
    found = next((shutil.which(name) for name in NAMES if shutil.which(name)), None)
    if found is None:
        raise OptionError(Location("--booklet"), f"Chromium is needed to print the booklets and was not found "
                          f"(looked for {', '.join(NAMES)} on PATH)", hint=INSTALL)
    return found


def print_booklet(chromium: str, page: Callable[[dict[str, int]], list[Output]], css: Output, out: Path) -> Output:
    """The booklet of one rulebook page. ``page(pages)`` renders the page's files (the page
    first, then its card drawings; paths inside ``out``) with ``pages``, heading id → page,
    in its table of contents (none when empty); ``css`` is the stylesheet it links."""
    with tempfile.TemporaryDirectory(prefix="forge-booklet-") as tmp:
        site = Path(tmp) / "site"
        _write(site, out, [css])
        pages: dict[str, int] = {}
        for n in range(1, PASSES + 1):
            files = page(pages)
            _write(site, out, files)
            data = _print(chromium, site / files[0].path.relative_to(out), Path(tmp) / f"pass-{n}.pdf")
            found, count = _heading_pages(data)
            if found == pages:
                return Output(files[0].path.parent / BOOKLET, data, pages=count)
            pages = found
    shown = Location.of(files[0].path.parent / BOOKLET)
    raise OutputError(f"{shown}: the page numbers of the table of contents still change after {PASSES} prints "
                      "(each print moves a heading to another page)",
                      hint="change the print stylesheet (templates/rulebook.css) so that the contents "
                           "do not change length with their numbers, or build without --booklet")


def _write(site: Path, out: Path, files: list[Output]) -> None:
    for f in files:
        target = site / f.path.relative_to(out)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(f.data)


def _print(chromium: str, html: Path, pdf: Path) -> bytes:
    """``html`` printed to ``pdf`` by headless Chromium; its bytes."""
    args = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync",
            "--disable-background-networking", "--disable-component-update", "--disable-extensions",
            f"--user-data-dir={pdf.parent / 'profile'}", "--no-pdf-header-footer", "--generate-pdf-document-outline",
            f"--print-to-pdf={pdf}", html.as_uri()]
    # the page is forge's own sanitized HTML, without scripts, read from a temporary folder
    why = None
    try:
        result = subprocess.run(args, capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
        if result.returncode != 0 or not pdf.is_file():
            last = [line for line in result.stderr.splitlines() if line.strip()][-1:]
            why = f"exit status {result.returncode}{': ' + excerpt(last[0], 120) if last else ''}"
    except subprocess.TimeoutExpired:
        why = f"no PDF after {TIMEOUT} s"
    except OSError as exc:
        why = exc.strerror or str(exc)
    if why is not None:
        raise OutputError(f"{chromium}: printing {html.parent.parent.name}/{html.parent.name}/{html.name} "
                          f"failed ({why}); nothing was written", hint=INSTALL.replace("install", "check or reinstall", 1))
    return pdf.read_bytes()


def _heading_pages(data: bytes) -> tuple[dict[str, int], int]:
    """The 1-based page of each link target (id → page) in a PDF printed by Chromium, and its
    number of pages."""
    from pypdf import PdfReader
    reader = PdfReader(io.BytesIO(data))
    return ({str(name).lstrip("/"): reader.get_destination_page_number(dest) + 1
             for name, dest in reader.named_destinations.items()}, len(reader.pages))
