"""Images on cards: placed by fit mode (measured from the PDF's image matrices), stored once,
converted from every colour mode, decoded at the pixels they print at (in bounded memory), and
refused, located, when they are hostile or broken."""
from __future__ import annotations

import io
import os
import resource
import struct
import subprocess
import sys
import tracemalloc
import zlib
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from ..conftest import run_forge
from ..pdftools import _walk, placements

MM = 72 / 25.4
W, H, BLEED, SAFE = 60.0, 90.0, 3.0, 3.0          # the test card, mm

SPEC = """\
game: pics
languages: [en]
print: {{paper: [a4], bleed: 3mm}}
layouts:
  pic:
    params: {{art: "", label: ""}}
    parts:
      ground: {{type: rect, frame: bleed, fill: "#ff00ff"}}
      art: {{type: image, file: "pics/{{art}}", {part}}}
      label: {{type: text, text: "{{label}}", y: 92%, height: 6%, size: 8pt}}
components:
  deck:
    card: {{width: 60mm, height: 90mm}}
    data: pics/cards.csv
    print: {{duplex: off}}
    front: {{layout: pic, art: "{{art}}", label: "{{label}}"}}
"""


def project(tmp_path: Path, images: dict[str, Image.Image | bytes], rows: list[tuple[str, str]],
            part: str = "fit: cover") -> Path:
    folder = tmp_path / "cardspecs" / "pics"
    folder.mkdir(parents=True)
    for name, img in images.items():
        if isinstance(img, bytes):
            (folder / name).write_bytes(img)
        else:
            img.save(folder / name)
    (folder / "cards.csv").write_text("art,label\n" + "".join(f"{a},{b}\n" for a, b in rows), encoding="utf-8")
    (tmp_path / "cardspecs" / "pics.yaml").write_text(SPEC.format(part=part), encoding="utf-8")
    return tmp_path


def build(root: Path, *extra: str):
    return run_forge("build", "pics", "--out", str(root / "out"), *extra, cwd=root)


def pdf_of(root: Path) -> Path:
    """The deck's PDF (on A4, the spec's one paper)."""
    [pdf] = (root / "out" / "pics" / "en").glob("deck*.pdf")
    return pdf


def image_draws(pdf: Path) -> list[tuple[tuple[float, ...], tuple[int, int]]]:
    """Each image drawn inside the first card's face form: its rectangle in the card's
    coordinates (origin at the trim's lower left corner, mm) and its pixel size."""
    reader = PdfReader(pdf)
    page = reader.pages[0]
    forms = page["/Resources"]["/XObject"]
    out = []
    for name in forms:
        form = forms[name].get_object()
        if form.get("/Subtype") != "/Form":
            continue
        images = form["/Resources"]["/XObject"] if "/XObject" in form.get("/Resources", {}) else {}
        for operands, op, ctm in _walk(page, reader, form):
            if op == b"Do" and images[operands[0]].get_object()["/Subtype"] == "/Image":
                img = images[operands[0]].get_object()
                x, y, w, h = ctm[4], ctm[5], ctm[0], ctm[3]
                out.append(((x / MM, y / MM, w / MM, h / MM), (int(img["/Width"]), int(img["/Height"]))))
        return out
    return out


FRAMES = {"trim": (0, 0, W, H), "safe": (SAFE, SAFE, W - 2 * SAFE, H - 2 * SAFE),
          "bleed": (-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED)}


@pytest.mark.parametrize("fit", ["cover", "contain", "stretch"])
@pytest.mark.parametrize("frame", ["trim", "safe", "bleed"])
@pytest.mark.parametrize("px", [(400, 200), (200, 600)])
def test_fit_modes_place_the_image_as_asked(tmp_path, fit, frame, px):
    root = project(tmp_path, {"a.png": Image.new("RGB", px, "#3366cc")}, [("a.png", "")],
                   part=f"fit: {fit}, frame: {frame}")
    assert build(root).returncode == 0
    [(rect, pixels)] = image_draws(pdf_of(root))
    assert pixels == px
    bx, by, bw, bh = FRAMES[frame]
    if fit == "stretch":
        expected = (bx, by, bw, bh)
    else:
        # cover: the image's smaller side fills the box; contain: its larger side does
        wide = px[0] / px[1] > bw / bh
        fill_height = wide if fit == "cover" else not wide
        w, h = (bh * px[0] / px[1], bh) if fill_height else (bw, bw * px[1] / px[0])
        expected = (bx + (bw - w) / 2, by + (bh - h) / 2, w, h)      # centred
    assert rect == pytest.approx(expected, abs=0.01)


def test_valign_top_puts_the_spare_room_below(tmp_path):
    root = project(tmp_path, {"a.png": Image.new("RGB", (400, 200), "#3366cc")}, [("a.png", "")],
                   part="fit: contain, valign: top")
    assert build(root).returncode == 0
    [((x, y, w, h), _)] = image_draws(pdf_of(root))
    assert y + h == pytest.approx(H, abs=0.01) and w == pytest.approx(W, abs=0.01)


def test_an_image_on_80_cards_is_stored_once(tmp_path):
    art = Image.effect_mandelbrot((600, 840), (-2, -1.2, 1, 1.2), 60).convert("RGB")
    root = project(tmp_path, {"art.png": art}, [("art.png", f"card {i}") for i in range(80)])
    assert build(root).returncode == 0
    pdf = pdf_of(root)
    reader = PdfReader(pdf)
    assert len(reader.pages) == 9                          # 80 cards, 9 a sheet, one side
    images = set()
    for page in reader.pages:
        for form in page["/Resources"]["/XObject"].values():
            res = form.get_object().get("/Resources", {})
            for ref in (res.get("/XObject", {}) if res else {}).values():
                if ref.get_object()["/Subtype"] == "/Image":
                    images.add(ref.idnum)
    assert len(images) == 1
    assert pdf.stat().st_size < 2 * len(art.tobytes())       # once, not 80 times


def _png_header(width: int, height: int) -> bytes:
    """A PNG whose header announces ``width`` × ``height`` pixels (its data is one row)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00" * 64))
            + chunk(b"IEND", b""))


def test_a_pixel_bomb_is_refused_from_its_header(tmp_path):
    root = project(tmp_path, {"bomb.png": _png_header(30000, 30000)}, [("bomb.png", "boom")])
    result = build(root)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "cardspecs/pics/cards.csv:2: image bomb.png is 30000 × 30000 pixels" in result.stderr
    assert not (root / "out" / "pics").exists()
    # the check reads the header only: little memory
    from forge.errors import LimitError, Location
    from forge.cardspec.images import check_image
    tracemalloc.start()
    with pytest.raises(LimitError):
        check_image(root / "cardspecs" / "pics" / "bomb.png", Location("x", 1))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 5_000_000


def test_a_path_outside_the_project_is_refused(tmp_path):
    (tmp_path / "secret.png").write_bytes(b"")
    root = project(tmp_path / "p", {"a.png": Image.new("RGB", (10, 10))}, [("../../../secret.png", "x")])
    result = build(root)
    assert result.returncode == 2
    assert "cardspecs/pics/cards.csv:2:" in result.stderr and "leaves the project" in result.stderr


def test_a_damaged_image_is_a_located_error(tmp_path):
    good = tmp_path / "g.png"
    Image.effect_noise((300, 300), 60).save(good)
    data = good.read_bytes()
    root = project(tmp_path / "p", {"cut.png": data[: len(data) // 2], "junk.png": b"not an image at all"},
                   [("cut.png", "a"), ("junk.png", "b")])
    result = build(root)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "cardspecs/pics/cards.csv:2: image cut.png is damaged" in result.stderr
    assert "cardspecs/pics/cards.csv:3: junk.png is not a PNG, JPEG or WebP image" in result.stderr


def test_a_low_resolution_image_warns_and_strict_stops(tmp_path):
    # 240 × 360 px over the trim (60 × 90 mm): 101.6 dpi
    root = project(tmp_path, {"small.png": Image.new("RGB", (240, 360), "#884422")}, [("small.png", "x")],
                   part="fit: stretch")
    result = build(root)
    assert result.returncode == 0
    assert "cardspecs/pics/cards.csv:2: warning: image cardspecs/pics/small.png prints at 102 dpi" in result.stderr
    strict = build(root, "--strict")
    assert strict.returncode == 2 and "prints at 102 dpi" in strict.stderr


@pytest.mark.parametrize("name,make,expected", [
    ("palette.png", lambda: _palette((200, 40, 40)), (200, 40, 40)),
    ("palette-transparent.png", lambda: _palette((200, 40, 40), transparent=True), (255, 0, 255)),
    ("grey-alpha.png", lambda: Image.new("LA", (90, 90), (128, 255)), (128, 128, 128)),
    ("cmyk.jpg", lambda: Image.new("CMYK", (90, 90), (255, 0, 0, 0)), (0, 255, 255)),
    ("sixteen.png", lambda: Image.new("I;16", (90, 90), 32768), (128, 128, 128)),
    ("transparent.png", lambda: Image.new("RGBA", (90, 90), (0, 0, 0, 0)), (255, 0, 255)),
])
def test_colour_modes_print_their_colours(tmp_path, name, make, expected):
    root = project(tmp_path, {name: make()}, [(name, "")], part="fit: stretch")
    assert build(root).returncode == 0
    pdf = pdf_of(root)
    reader = PdfReader(pdf)
    [card] = placements(reader.pages[0], reader)             # the card's face, with its bleed
    x0, y0, x1, y1 = card.rect
    sheet = Image.open(io.BytesIO(_rgb_page(pdf))).convert("RGB")
    pixel = sheet.getpixel((round((x0 + x1) / 2), round(sheet.height - (y0 + y1) / 2)))
    assert all(abs(a - b) <= 12 for a, b in zip(pixel, expected)), (pixel, expected)


def _palette(colour: tuple[int, int, int], transparent: bool = False) -> Image.Image:
    """A palette image of one colour (index 0), transparent when asked."""
    img = Image.new("P", (90, 90), 0)
    img.putpalette([*colour] + [0, 0, 0] * 255)
    if transparent:
        img.info["transparency"] = 0
    return img


def _rgb_page(pdf: Path) -> bytes:
    return subprocess.run(["pdftoppm", "-r", "72", "-f", "1", "-l", "1", "-png", str(pdf)],
                          capture_output=True, check=True).stdout


# -- memory: images at the pixel limit -----------------------------------------------------------

BIG = (8944, 6708)            # 59,996,352 pixels: as many as the image_pixels limit allows at 4:3
#: the address space a build of three such images is given: it needs about 400 MiB (a Python
#: with reportlab and Pillow: under 150); before images were decoded at their print size it
#: needed 1.1 GiB and died of MemoryError under it
CAP = 768 * 2 ** 20


def stored_images(pdf: Path) -> dict[int, tuple[int, int, str]]:
    """Every image the PDF stores (in the card forms): object number → (width, height, filter)."""
    reader = PdfReader(pdf)
    found = {}
    for page in reader.pages:
        for form in page["/Resources"]["/XObject"].values():
            res = form.get_object().get("/Resources", {})
            for ref in (res.get("/XObject", {}) if res else {}).values():
                img = ref.get_object()
                if img["/Subtype"] == "/Image":
                    found[ref.idnum] = (int(img["/Width"]), int(img["/Height"]), str(img["/Filter"]))
    return found


@pytest.fixture(scope="module")
def three_big(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    """A deck of three cards, each showing its own flat PNG of 60 million pixels (made once: 2 s),
    built by ``forge build`` in a process whose address space is capped at CAP."""
    root = project(tmp_path_factory.mktemp("big"), {}, [(f"big{i}.png", "") for i in range(3)])
    for i in range(3):
        Image.new("RGB", BIG, (40 + 60 * i, 90, 160)).save(root / "cardspecs" / "pics" / f"big{i}.png",
                                                           compress_level=1)
    done = subprocess.run([sys.executable, "-m", "forge", "build", "pics", "--out", str(root / "out")],
                          cwd=root, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "COLUMNS": "200", "TERM": "dumb"},
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP)))
    return root, done


def test_three_images_at_the_pixel_limit_build_in_768_mib(three_big):
    root, done = three_big
    assert done.returncode == 0, done.stderr[-3000:]
    assert "prints at" not in done.stderr             # 1893 dpi in the file: no resolution warning


def test_an_image_is_stored_at_600_dpi_of_its_place(three_big):
    root, done = three_big
    assert len(stored := stored_images(pdf_of(root))) == 3
    # cover: the image's 6708 rows fill the card's 90 mm (3.54 in): 2126 rows at 600 dpi, 1063 at 300
    for w, h, _ in stored.values():
        assert 1063 <= h <= 2126 and w == pytest.approx(h * BIG[0] / BIG[1], abs=1)
    [(rect, (w, h))] = image_draws(pdf_of(root))
    assert 599 <= h / (rect[3] / 25.4) <= 601


def test_a_jpeg_is_stored_as_a_jpeg_at_600_dpi(tmp_path):
    # 4032 × 3024 (a phone's photo) covering 90 mm: 1138 dpi in the file, stored at 600
    photo = Image.effect_noise((4032, 3024), 40).convert("RGB")
    root = project(tmp_path, {"photo.jpg": photo}, [("photo.jpg", "")])
    assert build(root).returncode == 0
    [(w, h, kind)] = stored_images(pdf_of(root)).values()
    assert (w, h) == (2835, 2126) and "DCTDecode" in kind


def test_a_jpeg_that_prints_at_its_own_size_is_stored_as_its_own_bytes(tmp_path):
    # 600 × 800 covering 60 × 90 mm: 225 dpi, under PRINT_DPI, so nothing is scaled or encoded again
    buf = io.BytesIO()
    Image.effect_noise((600, 800), 40).convert("RGB").save(buf, "JPEG", quality=80)
    root = project(tmp_path, {"photo.jpg": buf.getvalue()}, [("photo.jpg", "")])
    assert build(root).returncode == 0
    reader = PdfReader(pdf_of(root))
    [ref] = stored_images(pdf_of(root))
    stream = reader.get_object(ref)
    assert list(stream["/Filter"]) == ["/DCTDecode"] and stream._data == buf.getvalue()


def test_an_image_scaled_band_by_band_is_the_image_scaled_whole(tmp_path):
    # 3000 × 2400 scaled to 1234 × 987 takes 4 bands of rows; a seam between two would differ there
    from PIL import ImageChops

    from forge.cardspec.decoding import BAND_PIXELS, decode
    # (RGB: with an alpha channel, Pillow rounds premultiplied values, and a difference of 1
    # there is one of 5 where the alpha is 50, in either way of scaling)
    noise = Image.effect_noise((3000, 2400), 60)
    img = Image.merge("RGB", [noise, Image.linear_gradient("L").resize(noise.size), noise.rotate(90)])
    img.save(tmp_path / "big.png")
    assert 3000 * 2400 > 3 * BAND_PIXELS
    pixels = decode(tmp_path / "big.png", (1234, 987))
    whole = img.resize((1234, 987), Image.LANCZOS)
    assert max(high for _, high in ImageChops.difference(pixels.image(), whole).getextrema()) <= 1


def _turned_photo(turn: int) -> bytes:
    """A 300 × 200 JPEG stored red on its left, blue on its right, whose EXIF orientation is
    ``turn`` (6: shown turned a quarter clockwise, as a phone held upright saves it)."""
    img = Image.new("RGB", (300, 200), (220, 0, 0))
    img.paste((0, 0, 220), (150, 0, 300, 200))
    exif = Image.Exif()
    exif[0x0112] = turn
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=95, exif=exif)
    return buf.getvalue()


def test_a_photo_is_printed_the_way_its_exif_orientation_shows_it(tmp_path):
    root = project(tmp_path, {"upright.jpg": _turned_photo(6)}, [("upright.jpg", "")])
    assert build(root).returncode == 0
    [(rect, (w, h))] = image_draws(pdf_of(root))
    assert (w, h) == (200, 300)                                  # portrait, as a viewer shows it
    [stored] = [i.image for i in PdfReader(pdf_of(root)).pages[0].images]
    assert stored.size == (200, 300)
    top, bottom = stored.getpixel((100, 40)), stored.getpixel((100, 260))
    assert top[0] > 180 > top[2] and bottom[2] > 180 > bottom[0]   # its left (red) turned to the top


def test_a_web_page_picture_embeds_the_image_decoded_at_480_pixels(tmp_path):
    # the SVG cards of rulebook figures and the index: a 4032 × 3024 photo becomes a 480 × 360 PNG
    import base64
    import re

    from forge.cardspec.images import check_image, pdf_image
    from forge.errors import Location
    from forge.kit.art.svg import SvgPen
    Image.new("RGB", (4032, 3024), (30, 120, 200)).save(tmp_path / "photo.jpg", quality=90)
    where = Location("cards.csv", 2)
    image = pdf_image(check_image(tmp_path / "photo.jpg", where), where)
    pen = SvgPen(200, 150)
    pen.image(image, 0, 0, 200, 150)
    [data] = re.findall(r'href="data:image/png;base64,([^"]+)"', pen.svg())
    embedded = Image.open(io.BytesIO(base64.b64decode(data)))
    assert embedded.size == (480, 360)
    assert embedded.getpixel((240, 180)) == pytest.approx((30, 120, 200), abs=3)
