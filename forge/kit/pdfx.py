"""PDF/X-4 (ISO 15930-7) for a print shop: ``print: {colour: pdfx}`` or ``forge build --pdfx``.

A PDF/X file is a CMYK file (every colour converted as ``--cmyk`` does, kit/inks.py) that says
which printing condition its numbers are meant for, and carries what a prepress workflow checks
before it prints:

* an output intent (``/OutputIntents``, subtype ``GTS_PDFX``) naming the FOGRA39 condition
  (offset on coated paper, ISO 12647-2) with its ICC profile embedded: ``forge/icc/FOGRA39L-forge.icc``,
  made with ArgyllCMS from the FOGRA39L characterisation data (Zlib licence, ``forge/icc/LICENSE.txt``);
* XMP metadata (``/Metadata``, not compressed) with ``pdfxid:GTS_PDFXVersion`` ``PDF/X-4``, the
  title, the dates of the document information dictionary, ``pdf:Trapped`` ``False`` and the
  document's identifiers;
* PDF 1.6 in the header (PDF/X-4 is PDF 1.6: the viewer preference ``/Duplex``, a PDF 1.7 key,
  is left out; the label still says how to print);
* what every kit file has already: fonts embedded and subset, a TrimBox and a BleedBox on
  every page, no encryption, no annotations, no transfer functions.

No validator of PDF/X installs from the registries this project uses (veraPDF checks PDF/A
and PDF/UA only; Ghostscript writes PDF/X but does not check it): ``tests/kit/test_pdfx.py``
checks the rules above on the files, and has Ghostscript and qpdf read them.
"""
from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfdoc

__all__ = ["prepare", "PROFILE", "CONDITION", "VERSION"]

PROFILE = Path(__file__).resolve().parent.parent / "icc" / "FOGRA39L-forge.icc"
CONDITION = "FOGRA39"                    # the characterised printing condition, as color.org registers it
CONDITION_INFO = "Coated FOGRA39 (ISO 12647-2:2004/Amd 1, offset, coated paper)"
VERSION = (1, 6)


@cache
def _profile() -> bytes:
    return PROFILE.read_bytes()


class _Xmp(pdfdoc.PDFStream):
    """The document's XMP packet, written when the file is: from its information dictionary
    as it is then (title, author, subject, keywords, dates)."""

    def __init__(self):
        super().__init__(pdfdoc.PDFDictionary({"Type": pdfdoc.PDFName("Metadata"), "Subtype": pdfdoc.PDFName("XML")}))

    def format(self, document):
        content = (_packet(document) + "\n").encode("utf-8")     # as it is: no filter
        head = pdfdoc.PDFDictionary({**self.dictionary.dict, "Length": len(content)})
        return pdfdoc.format(head, document) + b"\nstream\n" + content + b"endstream\n"


def _date(document) -> str:
    yyyy, mm, dd, hh, m, s = document._timeStamp.YMDhms
    dhh, dmm = document._timeStamp.dhh, document._timeStamp.dmm
    return f"{yyyy:04d}-{mm:02d}-{dd:02d}T{hh:02d}:{m:02d}:{s:02d}{dhh:+03d}:{dmm:02d}"


def _packet(document) -> str:
    info = document.info
    date = _date(document)
    uid = hashlib.sha256("\0".join((info.title, info.subject, info.keywords)).encode()).hexdigest()
    uuid = f"uuid:{uid[:8]}-{uid[8:12]}-{uid[12:16]}-{uid[16:20]}-{uid[20:32]}"

    def alt(value: str) -> str:
        return f'<rdf:Alt><rdf:li xml:lang="x-default">{escape(value)}</rdf:li></rdf:Alt>'
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title>{alt(info.title)}</dc:title>
   <dc:creator><rdf:Seq><rdf:li>{escape(info.author)}</rdf:li></rdf:Seq></dc:creator>
   <dc:description>{alt(info.subject)}</dc:description>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmp:CreatorTool>{escape(info.creator)}</xmp:CreatorTool>
   <pdf:Producer>{escape(info.producer)}</pdf:Producer>
   <pdf:Keywords>{escape(info.keywords)}</pdf:Keywords>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>{uuid}</xmpMM:DocumentID>
   <xmpMM:InstanceID>{uuid}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>"""


def prepare(canvas) -> None:
    """Make the file ``canvas`` writes a PDF/X-4 file for FOGRA39 (its colours must be CMYK:
    kit/inks.py converts them)."""
    doc = canvas._doc
    profile = pdfdoc.PDFStream(pdfdoc.PDFDictionary({"N": 4}), _profile())
    intent = pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"), "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString(CONDITION), "OutputCondition": pdfdoc.PDFString(CONDITION_INFO),
        "RegistryName": pdfdoc.PDFString("http://www.color.org"), "Info": pdfdoc.PDFString(CONDITION_INFO),
        "DestOutputProfile": doc.Reference(profile)})
    catalog = doc.Catalog
    catalog.__NoDefault__ = [*pdfdoc.PDFCatalog.__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = pdfdoc.PDFArray([intent])
    catalog.Metadata = _Xmp()
    doc.info.trapped = "False"
    canvas.pdfx = True                   # kit/sheet.py's viewer preferences: PDF 1.6, no /Duplex
