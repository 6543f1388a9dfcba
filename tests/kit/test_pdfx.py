"""``forge build --pdfx`` writes PDF/X-4 files: read back against the rules of ISO 15930-7 a
prepress preflight checks first (no validator of PDF/X installs from the registries: veraPDF
checks PDF/A and PDF/UA only), and opened by Ghostscript and qpdf."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from xml.dom.minidom import parseString

import pytest

from forge.cache import FOLDER

from ..conftest import run_forge, shared, sources, warm_project
from ..pdftools import box, open_pdf

XMP = {"pdfxid": "http://www.npes.org/pdfx/ns/id/", "dc": "http://purl.org/dc/elements/1.1/",
       "pdf": "http://ns.adobe.com/pdf/1.3/", "xmp": "http://ns.adobe.com/xap/1.0/",
       "xmpMM": "http://ns.adobe.com/xap/1.0/mm/"}
RGB = re.compile(rb"(?<![A-Za-z/])(rg|RG)\b|/DeviceRGB|/CalRGB")
TOL = 0.01


@pytest.fixture(scope="module")
def pdfx_files(tmp_path_factory):
    """Familienbande's kit (cards, tiles, markers, aid, the two-sided track whole and in pieces)
    built once with --pdfx, in English on A4; its print-all file is a home printer's, not PDF/X."""
    def make(project: Path) -> None:
        sources(project, warm_project(tmp_path_factory) / FOLDER)
        result = run_forge("build", "familienbande", "--lang", "en", "--paper", "a4", "--pdfx", "--out", "build",
                           cwd=project)
        assert result.returncode == 0, result.stderr
        assert "in PDF/X-4" in result.stdout
    out = shared(tmp_path_factory, "kit-pdfx", make) / "build" / "familienbande" / "en"
    files = sorted(p for p in out.glob("*.pdf") if not p.name.startswith("print-all"))
    assert len(files) >= 5
    return files


def _xmp(reader) -> dict:
    stream = reader.trailer["/Root"]["/Metadata"].get_object()
    assert "/Filter" not in stream                    # readable as it is
    dom = parseString(stream.get_data())
    found = {}
    for prefix, ns in XMP.items():
        for node in dom.getElementsByTagNameNS(ns, "*"):
            found[f"{prefix}:{node.localName}"] = " ".join(t.data.strip() for t in _texts(node) if t.data.strip())
    return found


def _texts(node):
    for child in node.childNodes:
        if child.nodeType == child.TEXT_NODE:
            yield child
        else:
            yield from _texts(child)


def _iso(pdf_date: str) -> str:
    """``D:20000101000000+00'00'`` → ``2000-01-01T00:00:00+00:00``."""
    m = re.fullmatch(r"D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)([+-]\d\d)'(\d\d)'", pdf_date)
    assert m, pdf_date
    y, mo, d, h, mi, s, tzh, tzm = m.groups()
    return f"{y}-{mo}-{d}T{h}:{mi}:{s}{tzh}:{tzm}"


def test_each_file_says_pdfx4_in_its_header_and_metadata(pdfx_files):
    for path in pdfx_files:
        assert path.read_bytes()[:9] == b"%PDF-1.6\n", path.name       # PDF/X-4 is PDF 1.6
        reader = open_pdf(path)
        root, info = reader.trailer["/Root"], reader.metadata
        assert "/Version" not in root and "/Encrypt" not in reader.trailer and "/ID" in reader.trailer
        xmp = _xmp(reader)
        assert xmp["pdfxid:GTS_PDFXVersion"] == "PDF/X-4", path.name
        assert xmp["dc:title"] == info["/Title"] and info["/Title"]
        assert xmp["pdf:Trapped"] == "False" and info["/Trapped"] == "/False"
        assert xmp["xmp:CreateDate"] == _iso(info["/CreationDate"])
        assert xmp["xmp:ModifyDate"] == _iso(info["/ModDate"])
        assert xmp["dc:format"] == "application/pdf" and xmp["xmpMM:RenditionClass"] == "default"
        assert xmp["xmpMM:DocumentID"].startswith("uuid:") and xmp["xmpMM:VersionID"]
        assert "/Duplex" not in root.get("/ViewerPreferences", {})     # a PDF 1.7 key
        assert root["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_each_file_has_a_cmyk_output_intent_with_its_profile(pdfx_files):
    for path in pdfx_files:
        [intent] = [i.get_object() for i in open_pdf(path).trailer["/Root"]["/OutputIntents"]]
        assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"]
        profile = intent["/DestOutputProfile"].get_object()
        data = profile.get_data()
        assert profile["/N"] == 4 and len(data) > 1000
        # the ICC header: size, 'prtr' (output) device class, 'CMYK' data, Lab or XYZ connection, 'acsp'
        assert int.from_bytes(data[:4], "big") == len(data)
        assert data[12:16] == b"prtr" and data[16:20] == b"CMYK" and data[20:24] in (b"Lab ", b"XYZ ")
        assert data[36:40] == b"acsp"


def test_every_page_is_cmyk_with_trim_and_bleed_and_no_annotation(pdfx_files):
    for path in pdfx_files:
        reader = open_pdf(path)
        for n, page in enumerate(reader.pages, 1):
            media, bleed, trim = (box(page, name) for name in ("/MediaBox", "/BleedBox", "/TrimBox"))
            assert all(media[i] - TOL <= bleed[i] <= trim[i] + TOL for i in (0, 1)), (path.name, n)
            assert all(media[i] + TOL >= bleed[i] >= trim[i] - TOL for i in (2, 3)), (path.name, n)
            assert "/Annots" not in page
            streams = [page.get_contents().get_data()]
            streams += [x.get_object().get_data() for x in (page["/Resources"].get("/XObject") or {}).values()]
            assert not [s for s in streams if RGB.search(s)], (path.name, n)
            gstates = page["/Resources"].get("/ExtGState") or {}
            assert not [g for g in gstates.values() if "/TR" in g.get_object() or "/TR2" in g.get_object()]


def test_every_font_is_embedded(pdfx_files):
    for path in pdfx_files:
        fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        rows = fonts.splitlines()[2:]
        assert rows and all(row.split()[-5] == "yes" for row in rows), fonts        # the "emb" column


def test_ghostscript_and_qpdf_read_every_page(pdfx_files):
    if not shutil.which("gs"):
        missing = "Ghostscript is not installed (apt-get install ghostscript)"
        pytest.fail(missing) if os.environ.get("FORGE_REQUIRE_TOOLS") == "1" else pytest.skip(missing)
    for path in pdfx_files:
        gs = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(path)],
                            capture_output=True, text=True, timeout=120, check=False)
        assert gs.returncode == 0 and not gs.stderr.strip(), (path.name, gs.stderr)
        qpdf = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True, check=False)
        assert qpdf.returncode == 0, (path.name, qpdf.stdout)
