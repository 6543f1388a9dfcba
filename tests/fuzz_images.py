"""Spoiled and hostile image files for the fuzz campaign's ``images`` surface
(tests/fuzz_surfaces.py): each maker takes a seeded ``random.Random`` and gives ``(suffix,
payload)``: the file's bytes, a function that makes the file at a path (a FIFO, a link), or a
name with no file behind it."""
from __future__ import annotations

import io
import os
import random
import struct
import zlib
from functools import lru_cache

__all__ = ["IMAGES", "IMAGE_WEIGHTS"]

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
