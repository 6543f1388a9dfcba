"""Spoiled and hostile XLSX workbooks for the fuzz campaign's ``xlsx`` surface
(tests/fuzz_surfaces.py): each maker takes a seeded ``random.Random`` and gives ``(the
workbook's bytes, the sheet part of the spec's data path)``."""
from __future__ import annotations

import io
import struct
import zipfile
from functools import lru_cache
from pathlib import Path

__all__ = ["XLSX", "XLSX_WEIGHTS", "million_rows"]

NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
MAIN = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
#: cell styles: 0 plain, 1 a date, 2 a date and time, 3 a time
STYLES = (f'<styleSheet {NS}><numFmts count="1"><numFmt numFmtId="164" formatCode="hh:mm"/></numFmts><fonts count="1">'
          '<font><sz val="11"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills>'
          '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="4">'
          '<xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="22" applyNumberFormat="1"/>'
          '<xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>')


def workbook(sheet: str, *, strings=("value", "colour", "name"), names=("Cards",), main: str = MAIN,
             doctype: str = "", extra: dict[str, bytes] | None = None) -> bytes:
    """An XLSX archive written by hand: ``sheet`` is the first sheet's ``<sheetData>`` content
    (or a whole part, when it starts with '<?xml'), shared ``strings``, sheets ``names`` (the
    others empty), the workbook's content type ``main`` and a ``doctype`` put in each part."""
    head = f'<?xml version="1.0" encoding="UTF-8"?>{doctype}'
    ids = range(1, len(names) + 1)
    parts = {
        "[Content_Types].xml": f'{head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        f'<Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="{main}"/>'
        + "".join(f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/vnd.openxmlformats-'
                  'officedocument.spreadsheetml.worksheet+xml"/>' for i in ids) + "".join(
            f'<Override PartName="/xl/{n}.xml" ContentType="application/vnd.openxmlformats-officedocument.'
            f'spreadsheetml.{n}+xml"/>' for n in ("styles", "sharedStrings")) + "</Types>",
        "_rels/.rels": f'{head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'{head}<workbook {NS} xmlns:r="{REL}"><sheets>' + "".join(
            f'<sheet name="{n}" sheetId="{i}" r:id="rId{i}"/>' for i, n in zip(ids, names)) + "</sheets></workbook>",
        "xl/_rels/workbook.xml.rels": f'{head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
        'relationships">' + "".join(f'<Relationship Id="rId{i}" Type="{REL}/worksheet" Target="worksheets/sheet{i}.xml"/>'
                                    for i in ids)
        + f'<Relationship Id="rS" Type="{REL}/styles" Target="styles.xml"/>'
        + f'<Relationship Id="rT" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
        "xl/styles.xml": head + STYLES,
        "xl/sharedStrings.xml": f'{head}<sst {NS} count="{len(strings)}">'
        + "".join(f"<si><t>{s}</t></si>" for s in strings) + "</sst>",
        "xl/worksheets/sheet1.xml": sheet if sheet.startswith("<?xml") else
        f"{head}<worksheet {NS}><sheetData>{sheet}</sheetData></worksheet>",
    }
    parts.update({f"xl/worksheets/sheet{i}.xml": f"{head}<worksheet {NS}><sheetData/></worksheet>" for i in ids if i > 1})
    return _zip({name: data for name, data in {**parts, **(extra or {})}.items() if data is not None})


HEADER = '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>'


def row(r: int, value: str = '<v>7</v>', colour: str = "navy", name: str = "Fox", vattrs: str = "") -> str:
    """Row ``r`` of the deck: ``value`` is the inside of its A cell (with ``vattrs``)."""
    return (f'<row r="{r}"><c r="A{r}"{vattrs}>{value}</c><c r="B{r}" t="inlineStr"><is><t>{colour}</t></is></c>'
            f'<c r="C{r}" t="inlineStr"><is><t>{name}</t></is></c></row>')


#: what the A cell of a row holds: (attributes, inside)
CELLS = [("", "<v>3</v>"), ("", "<v>1e308</v>"), ("", "<v>1e400</v>"), ("", "<v>NaN</v>"), ("", "<v>abc</v>"),
         ("", "<v></v>"), ("", "<f>1+1</f><v>2</v>"), ("", "<f>1+1</f>"),
         (' t="str"', '<f>HYPERLINK("http://x","go")</f><v>go</v>'),
         (' t="str"', "<f>HYPERLINK(A1)</f>"), (' t="e"', "<f>1/0</f><v>#DIV/0!</v>"), (' t="e"', "<v>#N/A</v>"),
         (' t="e"', "<v>#NOPE</v>"), (' t="b"', "<v>1</v>"), (' t="b"', "<v>2</v>"), (' t="b"', "<v>yes</v>"),
         (' s="1"', "<v>45413</v>"), (' s="2"', "<v>45413.75</v>"), (' s="3"', "<v>0.5</v>"), (' s="1"', "<v>1e10</v>"),
         (' s="1"', "<v>-5</v>"), (' s="1"', "<v>60</v>"), (' s="3"', "<v>-0.25</v>"), (' t="d"', "<v>2024-05-01</v>"),
         (' t="d"', "<v>2024-13-45</v>"), (' t="s"', "<v>99</v>"), (' t="s"', "<v>-1</v>"), (' t="s"', "<v>x</v>"),
         (' t="inlineStr"', "<is><t>" + "x" * 10_001 + "</t></is>"), (' t="inlineStr"', "<is><t>a&#1;b</t></is>"),
         (' t="inlineStr"', "<is><r><t>rich</t></r><r><t> text</t></r></is>"), (' t="n"', "<v>\u0663</v>"),
         (' s="99"', "<v>1</v>"), (' t="zz"', "<v>1</v>"), ("", '<f t="shared" ref="A2:A4" si="0">1+1</f><v>2</v>')]


@lru_cache(maxsize=1)
def million_rows() -> bytes:
    """A workbook of 10⁶ rows under its header, its sheet written as a stream (once per process)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in _parts(workbook("")).items():
            if name != "xl/worksheets/sheet1.xml":
                archive.writestr(name, data)
        with archive.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as sheet:
            sheet.write(f'<?xml version="1.0" encoding="UTF-8"?><worksheet {NS}><sheetData>{HEADER}'.encode())
            for start in range(2, 1_000_002, 10_000):
                sheet.write("".join(f'<row r="{r}"><c r="A{r}"><v>{r % 97}</v></c></row>'
                                    for r in range(start, start + 10_000)).encode())
            sheet.write(b"</sheetData></worksheet>")
    return out.getvalue()


@lru_cache(maxsize=1)
def _bomb() -> bytes:
    """A workbook whose sheet inflates to 256 MiB of blanks (once per process)."""
    parts = _parts(workbook(""))
    head = f'<?xml version="1.0"?><worksheet {NS}><sheetData>{HEADER}'.encode()
    parts["xl/worksheets/sheet1.xml"] = [(head, 1), (b" " * (1 << 20), 256), (b"</sheetData></worksheet>", 1)]
    return _zip(parts)


def _parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def _lying(data: bytes, name: bytes, size: int) -> bytes:
    """The archive with the unpacked size of part ``name`` declared as ``size``, in its local
    header and in the central directory (Python's zip reader unpacks no more than declared)."""
    out = bytearray(data)
    for sig, at_size, at_name in ((b"PK\x03\x04", 22, 30), (b"PK\x01\x02", 24, 46)):
        i = out.find(sig)
        while i >= 0:
            if out[i + at_name:i + at_name + len(name)] == name:
                out[i + at_size:i + at_size + 4] = struct.pack("<I", size)
            i = out.find(sig, i + 4)
    return bytes(out)


def _sheet(rows: str, after: str = "", before: str = "") -> str:
    """A whole sheet part: ``rows``, with elements ``before`` and ``after`` its data."""
    return f'<?xml version="1.0"?><worksheet {NS}>{before}<sheetData>{rows}</sheetData>{after}</worksheet>'


def _rows(rng, count: int | None = None) -> str:
    """The header and a few rows, each A cell odd (one of :data:`CELLS`) 40 % of the time."""
    cells = [rng.choice(CELLS) if rng.random() < 0.4 else CELLS[0] for _ in range(count or rng.randint(1, 4))]
    return HEADER + "".join(row(r, inside, vattrs=attrs) for r, (attrs, inside) in enumerate(cells, 2))


#: spoiled workbooks: name → maker(rng) → (the file's bytes, what follows its name in 'data:')
XLSX = {
    "cells": lambda rng: (workbook(_rows(rng)), ""),
    "merged": lambda rng: (workbook(_sheet(_rows(rng, 3), '<mergeCells count="1"><mergeCell ref="%s"/></mergeCells>'
                                           % rng.choice(["A1:C1", "A2:C2", "A1:A4", "B2:B3", "A1:XFD1048576", "C3:A1",
                                                         "garbage"]))), ""),
    "layout": lambda rng: (workbook(rng.choice([
        _sheet(_rows(rng), before='<dimension ref="A1:XFD1048576"/>'), HEADER + row(5) + row(3) + row(5),
        HEADER + '<row r="2"><c r="XFD2"><v>1</v></c></row>', HEADER + '<row r="2"><c r="ZZZZ2"><v>1</v></c></row>',
        HEADER.replace(' r="1"', "") + "<row><c><v>1</v></c></row>", HEADER + row(1_048_576), HEADER + row(2_000_000),
        HEADER + row(10 ** 12), '<row r="1"/>' + row(2), HEADER + row(2, vattrs=' r="A1"')])), ""),
    "shared_strings": lambda rng: (workbook(
        _rows(rng), strings=rng.choice([(), ("value",), ("value", "colour", "name" * 3000)]),
        extra=rng.choice([{}, {"xl/sharedStrings.xml": "<sst><si><t>value"}, {"xl/sharedStrings.xml": None},
                          {"xl/sharedStrings.xml": f"<sst {NS}><si><r><t>va</t></r><r><t>lue</t></r></si><si/>"
                                                   "<si><t/></si></sst>"}])), ""),
    "sheets": lambda rng: (workbook(_rows(rng), names=rng.choice([(), ("Cards", "Other"), ("é ü", "Cards"), ("a" * 40,)]),
        extra=rng.choice([{}, {"xl/worksheets/sheet1.xml": None}, {"xl/workbook.xml": "<workbook/>"}])),
        rng.choice(["", "#Nope", "#", "#Other", "#'Cards'", "#cards", "#Cards#Cards", "#é ü"])),
    "not_zip": lambda rng: (rng.choice([rng.randbytes(rng.randint(0, 3000)), b"value,colour,name\n1,navy,Fox\n", b"",
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(500), b"PK\x03\x04" + rng.randbytes(200), _zip({"notes.txt": b"hi"}),
        _zip({"inner.xlsx": workbook(HEADER + row(2))})]), ""),
    "macro": lambda rng: (workbook(_rows(rng), main="application/vnd.ms-excel.sheet.macroEnabled.main+xml",
                                   extra={"xl/vbaProject.bin": rng.randbytes(2000)}), ""),
    "xxe": lambda rng: (workbook(HEADER + row(2, name="&e;"), strings=("value", "colour", "&e;"), doctype=rng.choice([
        '<!DOCTYPE x [<!ENTITY e SYSTEM "file://%s">]>' % (Path.cwd().parent / "neighbour" / "secret.txt"),
        '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;'
        '&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]>',
        '<!DOCTYPE x SYSTEM "file:///dev/zero">'])), ""),
    "zip_bomb": lambda rng: (rng.choice([_bomb(), _lying(_bomb(), b"xl/worksheets/sheet1.xml", 1000),
        _lying(_bomb(), b"xl/worksheets/sheet1.xml", 60 << 20),
        _zip({f"xl/p{i}.xml": [(b" " * (1 << 20), 20)] for i in range(4)})]), ""),        # 4 × 20 MiB
    "rows": lambda rng: (million_rows() if rng.random() < 0.5 else workbook(_rows(rng, rng.choice([4999, 5000, 5001]))), ""),
}
XLSX_WEIGHTS = {name: 1.0 for name in XLSX} | {"cells": 4.0, "zip_bomb": 0.3, "rows": 0.2}   # 10⁶ rows: slow


def _zip(parts: dict[str, bytes | list[tuple[bytes, int]]]) -> bytes:
    """A zip archive of ``parts``: name → bytes, or → [(piece, times), …] written as a stream
    (a bomb is never held whole in memory)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            if isinstance(data, bytes | str):
                archive.writestr(name, data)
                continue
            with archive.open(name, "w", force_zip64=True) as part:
                for piece, times in data:
                    for _ in range(times):
                        part.write(piece)
    return out.getvalue()
