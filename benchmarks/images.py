"""Images on cards: what refusing a hostile image costs, and what a deck of full-art cards costs.

1. The header check (forge.cardspec.images.check_image) of a PNG that announces 30000 × 30000
   pixels, side by side with Pillow decoding an A4 page's image at 300 dpi, each in a new process:
   seconds and resident memory gained.
2. One deck of 80 poker cards built by the real command (``forge build``, a new process), side
   by side: no image, one 300-dpi image shared by every card, and 12 different images: seconds,
   PDF size, images stored in the PDF.

    python benchmarks/images.py
"""
from __future__ import annotations

import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

from PIL import Image
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent
CARD_PX = (822, 1122)          # a poker card with its bleed at 300 dpi

SPEC = """\
game: art
languages: [en]
print: {{paper: [a4], duplex: off}}
layouts:
  full:
    params: {{art: "", name: ""}}
    parts:
      ground: {{type: rect, frame: bleed, fill: "#334455"}}
      art: {{type: image, when: "{{art}}", file: "art/{{art}}", frame: bleed, fit: cover}}
      name: {{type: text, text: "{{name}}", y: 85%, height: 10%, size: 14pt, colour: "#ffffff"}}
components:
  deck:
    card: poker
    data: art/cards.csv
    front: {{layout: full, art: "{{art}}", name: "{{name}}"}}
"""


def bomb(path: Path) -> None:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 30000, 30000, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))


def measured(code: str) -> tuple[float, float]:
    """Seconds and resident memory gained (MiB, from /proc/self/statm) running ``code`` in a new
    Python process where forge and Pillow are already imported; ``code`` keeps what it made."""
    prelude = ("import os, time; from PIL import Image; import forge.cardspec.images\n"
               "rss = lambda: int(open('/proc/self/statm').read().split()[1]) * os.sysconf('SC_PAGE_SIZE')\n"
               "before = rss(); t = time.perf_counter()\n")
    tail = "\nprint(time.perf_counter() - t, (rss() - before) / 2 ** 20)"
    out = subprocess.run([sys.executable, "-c", prelude + code + tail], capture_output=True, text=True, check=True)
    took, gained = out.stdout.split()
    return float(took), float(gained)


def art(i: int) -> Image.Image:
    return Image.effect_mandelbrot(CARD_PX, (-2 + i * 0.05, -1.2, 1, 1.2), 40 + i).convert("RGB")


def deck(folder: Path, images: list[str | None]) -> tuple[float, int, int]:
    (folder / "cardspecs" / "art").mkdir(parents=True)
    for i, name in enumerate(sorted({n for n in images if n})):
        art(i).save(folder / "cardspecs" / "art" / name)
    rows = "".join(f"{name or ''},card {i}\n" for i, name in enumerate(images))
    (folder / "cardspecs" / "art" / "cards.csv").write_text("art,name\n" + rows, encoding="utf-8")
    (folder / "cardspecs" / "art.yaml").write_text(SPEC.format(), encoding="utf-8")
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "forge", "build", "art", "--out", "out"], cwd=folder,
                          capture_output=True, text=True)
    took = time.perf_counter() - start
    assert done.returncode == 0, done.stderr
    [pdf] = (folder / "out" / "art" / "en").glob("deck*.pdf")
    reader = PdfReader(pdf)
    stored = {ref.idnum for page in reader.pages for form in page["/Resources"]["/XObject"].values()
              for ref in form.get_object().get("/Resources", {}).get("/XObject", {}).values()
              if ref.get_object()["/Subtype"] == "/Image"}
    return took, pdf.stat().st_size, len(stored)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        bomb(tmp / "bomb.png")
        Image.effect_mandelbrot((2480, 3508), (-2, -1.2, 1, 1.2), 40).convert("RGB").save(tmp / "card.png")

        refuse = (f"from forge.cardspec.images import check_image\nfrom forge.errors import Location\n"
                  f"try: check_image(__import__('pathlib').Path({str(tmp / 'bomb.png')!r}), Location('b', 1))\n"
                  f"except Exception as e: assert 'pixels' in str(e)\nelse: raise SystemExit('accepted')")
        decode = f"img = Image.open({str(tmp / 'card.png')!r}); img.load()"
        print("1. one image, in a new process           seconds   MiB gained")
        for what, code in (("30000 × 30000 PNG header, refused", refuse),
                           ("2480 × 3508 PNG (A4, 300 dpi) decoded", decode)):
            took, peak = measured(code)
            print(f"   {what:<38} {took:8.4f}   {peak:8.1f}")
        print("\n2. 80 poker cards, forge build         seconds   PDF KiB   images stored")
        for what, images in (("no image", [None] * 80), ("one image on every card", ["a.png"] * 80),
                             ("12 images, in turn", [f"{i % 12:02d}.png" for i in range(80)])):
            with tempfile.TemporaryDirectory() as one:
                took, size, stored = deck(Path(one), images)
            print(f"   {what:<34} {took:8.2f}   {size / 1024:7.0f}   {stored:5d}")


if __name__ == "__main__":
    main()
