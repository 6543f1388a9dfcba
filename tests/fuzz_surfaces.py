"""Fuzz cases over forge's newer surfaces, sorted as tests/fuzzing.py sorts the old ones.

Used by ``tests/test_fuzz_surfaces.py`` (a few seeded cases per surface) and by
``benchmarks/fuzz.py --surfaces`` (the campaign). A :class:`Bench` holds, in a scratch
:class:`~tests.fuzzing.Sandbox`, one small project per surface, made when first asked; each
case spoils one input, runs forge in-process and returns ``(what was spoiled, Outcome)``:

- ``images``: a card's image (a pixel bomb, a truncated file, CMYK, 16-bit, a palette with
  transparency, WebP, odd modes, random bytes behind a PNG header, a wrong extension, an empty
  file, a big flat image, a FIFO or a link), loaded and drawn on its deck;
- ``xlsx``: the deck's workbook (a zip bomb, 10⁶ rows, merged cells, formulas with and without
  saved values, dates, booleans, errors, spoiled shared strings, a missing sheet, not a zip, a
  macro-enabled or XXE workbook), loaded and sometimes drawn;
- ``rules``: Chat vert's ``rules.yaml`` (many effects or rules, unknown effects, deep nesting,
  every YAML tag, the old text mutations), checked, loaded and sometimes its cards drawn;
- ``new``: ``forge new`` with a hostile or a good name: exit 0 with all of the game's files,
  or exit 2 with none; never a file outside the project;
- ``export``: ``forge export`` with random options (dpi, modes, games, languages, output
  folders, URLs): exit 0 or a located exit 2 that keeps the previous export whole.
"""
from __future__ import annotations

import csv
import io
import os
import random
import re
import shutil
import struct
import time
import zipfile
import zlib
from functools import lru_cache
from pathlib import Path

import yaml

from .cardspec.test_spreadsheets import SPEC
from .conftest import tree_digest
from .fuzzing import (MUTATIONS, ROOT, SECRET, Outcome, Sandbox, cli_outcome, listing, outcome_of, scratch_project,
                      shown_warnings, time_limit, write_stamped)

PICS = """\
game: pics
languages: [en]
print: {paper: [a4], bleed: 3mm}
layouts:
  pic:
    params: {art: "", label: ""}
    parts:
      art: {type: image, file: "pics/{art}", frame: bleed, fit: cover}
      label: {type: text, text: "{label}", y: 92%, height: 6%, size: 8pt}
components:
  deck:
    card: {width: 60mm, height: 90mm}
    data: pics/cards.csv
    print: {duplex: off}
    front: {layout: pic, art: "{art}", label: "{label}"}
"""
DEMO = SPEC                       # the spreadsheet tests' deck, its data file named by {data}


class Bench:
    """The scratch projects of one process, in ``top`` (a Sandbox): ``files`` (a copy of the
    project, also for ``rules``), ``games`` (for ``new``), ``pics``, ``sheets`` and ``export``."""

    def __init__(self, top: Path):
        self.sandbox, self.top, self.made = Sandbox(top), top, {}

    def project(self, name: str) -> Path:
        if name not in self.made:
            folder = self.top / name
            folder.mkdir()
            os.chdir(self.top)
            getattr(self, f"_make_{name}", lambda f: None)(folder)
            self.made[name] = folder
        os.chdir(self.made[name])                # forge reads the project of the current folder
        return self.made[name]

    def _make_files(self, folder: Path) -> None:
        scratch_project(folder)

    def _make_games(self, folder: Path) -> None:
        """The project's games (forge new must refuse their names) and traps: folders that lead
        out of the project through links, a file where a folder goes, a dangling link."""
        for part in ("cardspecs", "rules_src"):
            shutil.copytree(ROOT / part, folder / part)
        (folder / "cardspecs" / "trap-link").symlink_to(self.top / "neighbour")          # leads out
        (folder / "rules_src" / "trap-rules").symlink_to(self.top / "neighbour")
        (folder / "cardspecs" / "trap-dir").write_text("a file where forge new wants a folder\n")
        (folder / "cardspecs" / "trap-dangling.yaml").symlink_to(self.top / "neighbour" / "none.yaml")

    def _make_pics(self, folder: Path) -> None:
        (folder / "cardspecs" / "pics").mkdir(parents=True)
        (folder / "cardspecs" / "pics.yaml").write_text(PICS, encoding="utf-8")

    def _make_export(self, folder: Path) -> None:
        from forge.scaffold import new_game
        for game in ("tiny", "tiny-two"):
            new_game(folder, game)
        os.chdir(folder)
        result = cli(["export", "--png", "--tts", "--dpi", "50"])
        assert result.exit_code == 0, result.output

    def guarded(self, project: Path, run, allowed: tuple[str, ...] = ()) -> Outcome:
        """``run()`` (an Outcome), counted ``outside`` when the sandbox changed beside ``project``."""
        before = self.sandbox.snapshot(project)
        outcome = run()
        moved = self.sandbox.outside(project, before, allowed)
        return Outcome("outside", outcome.seconds, f"changed outside: {moved[:5]}") if moved else outcome


def cli(args: list[str]):
    """forge's command line run in-process (click's CliRunner), in the current folder."""
    from typer.testing import CliRunner

    from forge.cli import app
    with time_limit(), shown_warnings() as warned:
        result = CliRunner().invoke(app, args)
    result.warned = warned
    return result


def draw(project: Path, game: str, component: str | None, lang: str = "en") -> list:
    """Load ``game`` and draw ``component`` (None: load only); the fields of every row it read."""
    from forge.build import load_games
    [spec] = load_games(project, [game]).values()
    if component is not None:
        from forge.kit.render import render_component
        render_component(spec, spec.components[component], lang, "a4")
    return [row.fields for comp in spec.components.values() for row in comp.rows]


# -- images ------------------------------------------------------------------------------------

def _img(rng: random.Random, mode: str = "RGB", size: tuple[int, int] | None = None):
    from PIL import Image
    size = size or (rng.randint(1, 240), rng.randint(1, 240))
    grey = Image.linear_gradient("L").resize(size)
    return Image.merge("RGB", (grey, grey.rotate(90).resize(size), Image.new("L", size, rng.randrange(256)))).convert(mode)


def _saved(img, fmt: str, **options) -> bytes:
    out = io.BytesIO()
    img.save(out, fmt, **options)
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png(w: int, h: int, depth: int, colour: int, pixels: bytes, extra: bytes = b"", interlace: int = 0,
         packed: bytes | None = None) -> bytes:
    """A PNG written by hand: any header, any pixel data (``packed``: already compressed)."""
    head = _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, colour, 0, 0, interlace))
    idat = _chunk(b"IDAT", packed if packed is not None else zlib.compress(pixels))
    return b"\x89PNG\r\n\x1a\n" + head + extra + idat + _chunk(b"IEND", b"")


SUFFIX = {"PNG": ".png", "JPEG": ".jpg", "WEBP": ".webp"}
#: an EXIF block whose first directory is cut short (Pillow warns when it reads it)
BROKEN_EXIF = b"Exif\x00\x00MM\x00*\x00\x00\x00\x08\x00\x00"


@lru_cache(maxsize=4)
def _flat(width: int, height: int) -> bytes:
    """A big flat image under the pixel limit (made once per process)."""
    from PIL import Image
    return _saved(Image.new("RGB", (width, height), (40, 90, 160)), "PNG")


@lru_cache(maxsize=1)
def _idat_bomb() -> bytes:
    """24 MiB of pixel data behind a 64 × 64 header."""
    packer = zlib.compressobj()
    return _png(64, 64, 8, 2, b"", packed=b"".join(packer.compress(bytes(1 << 20)) for _ in range(24)) + packer.flush())


def pixel_bomb(rng):
    """A header announcing more pixels than the limit (a JPEG or WebP also carries a broken EXIF)."""
    w, h = rng.choice([(30000, 30000), (65535, 65535), (8000, 7501), (60_000_001, 1), (1, 2 ** 31 - 1)])
    kind = rng.choice(["PNG", "JPEG", "WEBP"])
    if kind == "PNG":
        return ".png", _png(w, h, 8, 2, b"\x00" * 64)
    data = bytearray(_saved(_img(rng, "RGBA" if kind == "WEBP" else "RGB"), kind, exif=BROKEN_EXIF))
    if kind == "JPEG":
        at = data.index(b"\xff\xc0")
        data[at + 5:at + 9] = struct.pack(">HH", min(h, 65535), min(w, 65535))
    else:                                   # the VP8X canvas: 24 bits each, less one
        data[24:30] = (min(w, 1 << 24) - 1).to_bytes(3, "little") + (min(h, 1 << 24) - 1).to_bytes(3, "little")
    return SUFFIX[kind], bytes(data)


def sixteen_bit(rng):
    """16 bits a channel: grey, RGB, grey and alpha, RGBA (Pillow writes only grey)."""
    w, h = rng.randint(1, 64), rng.randint(1, 64)
    colour, channels = rng.choice([(0, 1), (2, 3), (4, 2), (6, 4)])         # grey, RGB, grey+alpha, RGBA
    return ".png", _png(w, h, 16, colour, b"".join(b"\x00" + rng.randbytes(w * channels * 2) for _ in range(h)))


def odd_png(rng):
    """Interlaced (its rows not laid out so), 0 × 0, odd depth or colour type, a random colour
    profile, a text chunk that inflates to 8 MiB, a bad CRC, or 24 MiB of pixels behind 64 × 64."""
    w, h = rng.randint(1, 40), rng.randint(1, 40)
    rows = b"".join(b"\x00" + bytes(w * 3) for _ in range(h))
    good = _png(w, h, 8, 2, rows)
    return ".png", rng.choice([
        _png(w, h, 8, 2, rows, interlace=1), _png(0, 0, 8, 2, b""), _png(w, h, 3, 2, rows), _png(w, h, 8, 9, rows),
        _png(w, h, 8, 2, rows, _chunk(b"iCCP", b"icc\x00\x00" + zlib.compress(rng.randbytes(300)))),
        _png(w, h, 8, 2, rows, _chunk(b"zTXt", b"bomb\x00\x00" + zlib.compress(b"A" * (8 << 20)))),
        good[:30] + b"\xde\xad" + good[32:], _idat_bomb()])


def _exif_orientation(turn: int) -> bytes:
    from PIL import Image
    exif = Image.Exif()
    exif[0x0112] = turn
    return exif.tobytes()


def _image_kind(rng) -> str:
    return rng.choice(["PNG", "JPEG", "WEBP"])


def truncated(rng):
    kind = _image_kind(rng)
    data = _saved(_img(rng, "RGB", (rng.randint(40, 300), rng.randint(40, 300))), kind)
    return SUFFIX[kind], data[:rng.randint(8, len(data) - 1)]


def webp(rng):
    img = _img(rng, rng.choice(["RGB", "RGBA"]))
    how = rng.choice([{"lossless": True}, {"quality": rng.randint(1, 100)},
                      {"save_all": True, "append_images": [img.rotate(90)], "duration": 50}])   # animated
    return ".webp", _saved(img, "WEBP", **how)


#: spoiled images: name → maker(rng) → (suffix, bytes | a maker of the path | a name to use as it is)
IMAGES = {
    "pixel_bomb": pixel_bomb, "sixteen_bit": sixteen_bit, "odd_png": odd_png, "truncated": truncated, "webp": webp,
    "cmyk": lambda rng: (".jpg", _saved(_img(rng, "CMYK"), "JPEG", quality=rng.randint(5, 95),
                                        progressive=rng.random() < 0.5)),
    "palette": lambda rng: (".png", _saved(_img(rng).convert("P", palette=1, colors=rng.choice([2, 16, 256])), "PNG",
                                           transparency=rng.choice([0, 255, rng.randbytes(rng.randint(1, 256))]))),
    "odd_mode": lambda rng: (".png", _saved(_img(rng).convert(rng.choice(["LA", "1", "L", "RGBA", "P", "I;16"])), "PNG")),
    "random_bytes": lambda rng: (".png", b"\x89PNG\r\n\x1a\n" + rng.choice(
        [b"", _chunk(b"IHDR", struct.pack(">IIBBBBB", 50, 50, 8, 2, 0, 0, 0))]) + rng.randbytes(rng.randint(0, 4000))),
    "wrong_suffix": lambda rng: (rng.choice([".png", ".jpg", ".webp", ".PNG", ".txt", ""]),
                                 _saved(_img(rng), _image_kind(rng))),
    "exif": lambda rng: (rng.choice([".jpg", ".webp"]), _saved(_img(rng), rng.choice(["JPEG", "WEBP"]), exif=rng.choice([
        BROKEN_EXIF, b"Exif\x00\x00" + rng.randbytes(40),
        _exif_orientation(rng.randint(1, 8))]))),
    "other_format": lambda rng: (rng.choice([".png", ".gif"]),
                                 _saved(_img(rng), rng.choice(["GIF", "BMP", "TIFF", "ICO", "PDF"]))),
    "empty": lambda rng: (rng.choice([".png", ".jpg", ".webp"]), b""),
    "special_file": lambda rng: (".png", rng.choice([          # a folder, a FIFO, links out, dangling, a loop
        os.mkdir, os.mkfifo, lambda p: p.symlink_to("../../../neighbour/secret.txt"), lambda p: p.symlink_to("/dev/zero"),
        lambda p: p.symlink_to("nowhere.png"), lambda p: p.symlink_to(p.name)])),
    "hostile_name": lambda rng: ("", rng.choice([                # no file: the data names it
        "../../../neighbour/secret.txt", "/etc/passwd", "../pics.yaml", "x" * 300 + ".png", " ", "a\tb.png", "dir/",
        "é.png", "%2e%2e/x.png", "\u202egnp.png", "{art}"])),
    "big_flat": lambda rng: (".png", _flat(*rng.choice([(3000, 4000), (4000, 5000)]))),     # 12 or 20 megapixels
}
#: how often each is drawn: the big flat image is costly to draw
IMAGE_WEIGHTS = {name: 1.0 for name in IMAGES} | {"big_flat": 0.15}


def image_case(bench: Bench, rng: random.Random, n: int) -> tuple[str, Outcome]:
    """A card showing a spoiled image (a file of its own: forge caches images by path and time)."""
    project = bench.project("pics")
    what = rng.choices(list(IMAGE_WEIGHTS), list(IMAGE_WEIGHTS.values()))[0]
    suffix, payload = IMAGES[what](rng)
    folder = project / "cardspecs" / "pics"
    name = payload if isinstance(payload, str) else f"case{n}{suffix}"
    path = folder / name
    if isinstance(payload, bytes):
        path.write_bytes(payload)
    elif callable(payload):
        payload(path)
    _write_rows(folder / "cards.csv", [["art", "label"], [name, f"case {n}"]])
    try:
        return what, bench.guarded(project, lambda: outcome_of(lambda: draw(project, "pics", "deck")))
    finally:
        if not isinstance(payload, str):
            shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink(missing_ok=True)


def _write_rows(path: Path, rows: list[list[str]]) -> None:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


# -- XLSX workbooks ----------------------------------------------------------------------------

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


def xlsx_case(bench: Bench, rng: random.Random, n: int) -> tuple[str, Outcome]:
    """A deck read from a spoiled workbook; a value read from beside the project counts as outside."""
    project = bench.project("sheets")
    what = rng.choices(list(XLSX_WEIGHTS), list(XLSX_WEIGHTS.values()))[0]
    data, sheet = XLSX[what](rng)
    path = project / "cardspecs" / "demo" / f"case{n}.xlsx"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    (project / "cardspecs" / "demo.yaml").write_text(DEMO.format(data=f'"demo/{path.name}{sheet}"'), encoding="utf-8")
    rows, render = [], rng.random() < 0.2 and what != "rows"
    try:
        read = lambda: rows.extend(draw(project, "demo", "deck" if render else None))     # noqa: E731
        outcome = bench.guarded(project, lambda: outcome_of(read))
    finally:
        path.unlink()
    if any(SECRET in str(fields) for fields in rows):
        outcome = Outcome("outside", outcome.seconds, "read a file outside the project through an XML entity")
    return what, outcome


# -- Chat vert's rules.yaml ----------------------------------------------------------------------

RULES = "rules_src/chatvert/rules.yaml"
#: effects and triggers no rule may have, and values of every YAML tag
ODD_EFFECTS = [{"explode": 1}, {"say": "nope"}, {"say": None}, {"draw": {"who": "everybody", "cards": 1}},
               {"draw": {"who": "all", "cards": -1}}, {"draw": {"who": "all", "cards": 10 ** 9}},
               {"roll": {"die": 0, "outcomes": []}}, {"roll": {"die": 6, "outcomes": [{"from": 5, "to": 2}]}},
               {"take-token": "undeclared"}, {"say": "tortue", "draw": {"who": "next", "cards": 1}}, "say", [], {}]
ODD_WHEN = [{}, {"play": {}}, {"play": {"number": 10}}, {"play": {"number": [-1, 1.5, "4", True]}},
            {"play": {"colour": "purple"}}, {"play": {"kind": "joker"}}, {"play": {"beneath": "sideways"}},
            {"last-card": False}, {"targeted": "plus3"}, {"play": {"number": 4}, "last-card": True}, {"tomorrow": True}]
ODD_CHANGE = [{"last-card-phrase": "nope"}, {"stacking": "never"}, {"pass-penalty": {"card": "skip", "say": "x"}},
              {"pass-penalty": {"card": "reverse", "token": "ficelle", "say": "transfert"}}, {"nothing": 1}]
TAGS = ["!!binary aGVsbG8=", "!!timestamp 2024-13-45", "!!timestamp 2001-12-14", "!!set {a, b}", "!!omap [a: 1]",
        "!!pairs [a: 1]", "!!python/object:os.system x", "!!python/name:os.system", "!!str 5", "!!int x", "!!int 0x1f",
        "!!float .nan", "!!float nope", "!!null ''", "!!bool maybe", "!!bool yes", "!custom x", "!<tag:yaml.org,2002:map> {}",
        "!!merge x", "!!value =", "!!yaml x", "&a x", "*nowhere", "!!seq x", "!!map x"]


def rules_text(data: bytes, rng: random.Random) -> bytes:
    """``rules.yaml`` changed as its rules' language allows or forbids: many effects or rules (at
    and past the limits), unknown effects, triggers or changes, odd ids and languages, a spoiled
    structure, a value of any YAML tag, deep nesting."""
    tree = yaml.safe_load(data)
    what = rng.randrange(8)
    rules, one = tree["rules"], tree["rules"][rng.choice(list(tree["rules"]))]
    if what == 0:                               # many effects: at the limit (8), past it, far past it
        effect = rng.choice([{"say": "card-name"}, {"draw": {"who": "next", "cards": 1}}])
        one["do"] = [effect] * rng.choice([8, 9, 200, 20_000])
    elif what == 1:                             # many rules: at the limit (40), past it, far past it
        for i in range(rng.choice([40, 41, 400]) - len(rules)):
            rules[f"copy-{i}"] = dict(one)
    elif what == 2:
        one["do"] = [rng.choice(ODD_EFFECTS) for _ in range(rng.randint(1, 3))]
    elif what == 3:
        one[rng.choice(["when", "change"])] = rng.choice(ODD_WHEN + ODD_CHANGE)
    elif what == 4:                             # odd ids, languages, structure
        key = rng.choice(list(rules))
        rules[rng.choice(["", "1", "a b", "x" * 300, "é", "../x", "chat-vert"])] = rules.pop(key)
        one["text"] = rng.choice([{"fr": "x"}, {"fr": "x", "en": "y", "de": "z"}, ["x"], "x", {"../x": "y"}])
    elif what == 5:
        tree[rng.choice(["rules", "phrases"])] = rng.choice([None, [], "x", {}, [{"a": 1}]])
    else:                                       # every YAML tag, or deep nesting, as text
        text = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False)
        depth = rng.choice([10, 39, 41, 200, 5000])
        nested = rng.choice(["[" * depth + "4" + "]" * depth, "{a: " * depth + "1" + "}" * depth])
        value = rng.choice(TAGS) if what == 6 else nested
        lines = text.split("\n")
        spots = [i for i, line in enumerate(lines) if ": " in line and not line.rstrip().endswith(":")]
        i = rng.choice(spots)
        lines[i] = lines[i].split(": ", 1)[0] + ": " + value
        return "\n".join(lines).encode("utf-8")
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False).encode("utf-8")


def rules_case(bench: Bench, rng: random.Random, n: int) -> tuple[str, Outcome]:
    """Spoil rules.yaml; ``forge check`` it, load Chat vert's kit and sometimes draw its rule cards."""
    from forge.rulebook.check import check_rules
    project = bench.project("files")
    path = project / RULES
    original = path.read_bytes()
    mutation = rules_text if rng.random() < 0.7 else rng.choice(MUTATIONS[".yaml"])
    spoiled = mutation(original, rng)
    render = rng.random() < 0.15

    def run():
        check_rules([path.parent])
        draw(project, "chatvert", "rule_cards" if render else None, rng.choice(["fr", "en"]))
    try:
        write_stamped(path, spoiled)
        return mutation.__name__, bench.guarded(project, lambda: outcome_of(run))
    finally:
        write_stamped(path, original)



# -- forge new and forge export: the command line, in-process ------------------------------------

#: names forge new must refuse (or take), beside fresh good ones; trap-* lead out through links
NEW_NAMES = ["../x", "../../neighbour/x", "", ".", "..", "con", "nul", "aux", "com1", "lpt1", "build", "templates",
             "cardspecs", "rules_src", "tests", "dalmuti", "chatvert", "Dalmuti", "x" * 40, "x" * 41, "x" * 300, "é",
             "jeu-é", "a/b", "a\\b", "a\x00b", "MyGame", "-x", "--engine", "x-", "_x", "1x", "x.y", "x y", "x\n", " x",
             "\u202ex", "ａ", "index", "assets", "print-all", "trap-link", "trap-rules", "trap-dir", "trap-dangling"]


def _game_files(game: str, engine: bool) -> set[str]:
    files = {f"cardspecs/{game}.yaml", f"cardspecs/{game}/cards.csv", f"cardspecs/{game}/strings.yaml",
             f"cardspecs/{game}/art/example.png", f"rules_src/{game}/fr.md", f"rules_src/{game}/en.md"}
    return files | ({f"cardspecs/{game}/engine.py", f"rules_src/{game}/figures.yaml",
                     f"tests/test_{game.replace('-', '_')}.py"} if engine else set())


def _files(project: Path) -> dict[str, tuple]:
    """The project's entries but the cache's (forge keeps results there)."""
    return {k: v for k, v in listing(project).items() if not k.startswith(".forge-cache")}


def new_case(bench: Bench, rng: random.Random, n: int) -> tuple[str, Outcome]:
    """``forge new NAME``: exit 0 and every file of the game, or exit 2 and none; cleaned up after."""
    project = bench.project("games")
    good = rng.random() < 0.45
    name = f"g{n}{rng.choice(['', '-a', '_b', '9'])}" if good else rng.choice(NEW_NAMES + [str(bench.sandbox.absolute)])
    engine = rng.random() < 0.3
    args = ["new", name] + ["--engine"] * engine + (["--source-lang", rng.choice(["fr", "en", "de", "", "FR", "../fr"])]
                                                    if rng.random() < 0.3 else [])
    before = _files(project)
    start = time.perf_counter()
    outcome = bench.guarded(project, lambda: cli_outcome(cli(args), time.perf_counter() - start))
    after = _files(project)
    made = sorted(after.keys() - before.keys(), key=lambda k: -k.count("/"))
    touched = [k for k, v in before.items() if v[0] != "dir" and after.get(k) != v]
    files = {k for k in made if after[k][0] != "dir"}
    if outcome.kind == "ok" and files != _game_files(name, engine) or outcome.kind != "ok" and made or touched:
        outcome = Outcome("partial", outcome.seconds, f"exit {outcome.kind}: made {made[:6]}, changed {touched[:3]}")
    elif outcome.kind == "ok" and not re.fullmatch(r"[a-z][a-z0-9_-]{0,39}", name):     # the documented game id
        outcome = Outcome("accepted", outcome.seconds, f"forge new {name!r} wrote {sorted(files)[:2]}")
    for rel in made:                              # the deepest first
        path = project / rel
        path.rmdir() if after[rel][0] == "dir" else path.unlink()
    return ("good name" if good else "hostile name"), outcome


GOOD_DPI, BAD_DPI = ["50", "60", "72"], ["0", "-1", "49", "1201", "99999999999999999999", "nan", "inf", "abc", "",
                                         "3.5", "1e3", "0x40", " 60", "\u0666\u0660", "60\n"]
OUTS = ["build", "exp", "../outside-exp", "/dev/null", "cardspecs", "cardspecs/tiny", "templates", ".", "..",
                     "", "cardspecs/tiny.yaml", "build/tiny", "a/b/c", "x" * 300, "build/../build", "~", ".forge-cache"]


#: each option's values, the first ones good (a small export); a case changes a few options
EXPORT_OPTIONS = {
    "games": [["tiny"], ["tiny", "tiny-two"], [], ["nope"], ["../x"], [""], ["tiny", "nope"], ["TINY"], ["tiny"] * 3],
    "modes": [["--png"], ["--tts"], ["--png", "--tts"], [], ["--png", "--png"]],
    "--dpi": [["--dpi", v] for v in GOOD_DPI + BAD_DPI] + [[]],
    "--bleed": [[], ["--bleed"], ["--trim"], ["--bleed", "--trim"]],
    "--lang": [[]] + [["--lang", v] for v in ("fr", "en", "all", "de", "", "../fr", "EN", "fr,en", "x" * 100)],
    "--out": [[]] + [["--out", v] for v in OUTS],
    "--url-base": [[]] + [["--url-base", v] for v in ("https://example.org/kits/", "https://example.org/kits", "",
                          "file:///etc/", "javascript:alert(1)", "https://" + "x" * 3000 + "/", "https://e.org/a b/", "//x/")],
}


def export_args(rng: random.Random) -> tuple[list[str], str | None, str]:
    """``forge export`` with a few options changed from a small good export: its arguments,
    its output folder and the names of the options changed."""
    chosen = {name: values[0] for name, values in EXPORT_OPTIONS.items()} | {"--dpi": ["--dpi", rng.choice(GOOD_DPI)]}
    changed = rng.sample(list(EXPORT_OPTIONS), rng.choice([0, 1, 1, 1, 2, 3]))
    for name in changed:
        chosen[name] = rng.choice(EXPORT_OPTIONS[name])
    out = chosen["--out"][1] if chosen["--out"] else None
    what = changed[0] if len(changed) == 1 else "several" if changed else "good"
    return ["export", *(a for value in chosen.values() for a in value)], out, what


def export_case(bench: Bench, rng: random.Random, n: int) -> tuple[str, Outcome]:
    """``forge export`` with random options: exit 0, or a located exit 2 that changed nothing."""
    project = bench.project("export")
    args, out, what = export_args(rng)
    target = Path(os.path.normpath(project / (out if out is not None else "build")))
    digest = lambda: tree_digest(target) if os.path.isdir(target) else None      # noqa: E731
    before, kept = _files(project), digest()
    start = time.perf_counter()
    outcome = bench.guarded(project, lambda: cli_outcome(cli(args), time.perf_counter() - start), ("outside-exp",))
    left = [n for n in os.listdir(target.parent) if n.startswith(f".{target.name}.")] if os.path.isdir(target.parent) else []
    if outcome.kind != "ok" and (digest() != kept or _files(project) != before) or left:
        outcome = Outcome("partial", outcome.seconds, f"{outcome.kind}, yet the output changed or {left} stayed")
    shutil.rmtree(bench.top / "outside-exp", ignore_errors=True)
    return what, outcome


SURFACES = {"images": image_case, "xlsx": xlsx_case, "rules": rules_case, "new": new_case, "export": export_case}
