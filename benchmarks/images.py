"""Images on cards: what refusing a hostile image costs, and what a deck of full-art cards costs.

1. The header check (forge.cardspec.images.check_image) of a PNG that announces 30000 × 30000
   pixels, side by side with Pillow decoding an A4 page's image at 300 dpi, each in a new process:
   seconds and resident memory gained.
2. One deck of 80 poker cards built by the real command (``forge build``, a new process), side
   by side: no image, one 300-dpi image shared by every card, and 12 different images: seconds,
   PDF size, images stored in the PDF.
3. The worst cases within the limits (image_pixels: 60 million; image_bytes: 64 MiB), each a
   new process: the peak resident memory of ``forge build`` (VmHWM, from wait4: the process and
   any it forked) with no image, one flat 60-megapixel image on a poker card (PNG in RGB, RGBA,
   16-bit grey and a palette; a WebP), three different ones, twelve phone photos (JPEG, 4032 ×
   3024, 4–5 MB of noise each), one 60-megapixel PNG on a 400 × 300 mm board (where it needs
   all its pixels), and of ``forge export --png --bleed --dpi 1200`` of the poker card with the
   60-megapixel PNG; the seconds and the largest image the PDF stores.

    python benchmarks/images.py            # all three
    python benchmarks/images.py memory     # the third only
    python benchmarks/images.py memory --baseline ../old-forge   # beside another checkout's peaks
"""
from __future__ import annotations

import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

from PIL import Image, ImageChops, ImageFilter
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


BIG = (8944, 6708)             # 59,996,352 pixels: the most image_pixels allows at 4:3

MEMORY_SPEC = """\
game: big
languages: [en]
print: {{paper: [a4], duplex: off}}
layouts:
  full:
    kinds: [deck, board]
    params: {{art: "", name: ""}}
    parts:
      art: {{type: image, when: "{{art}}", file: "art/{{art}}", frame: bleed, fit: cover}}
      name: {{type: text, text: "{{name}}", y: 85%, height: 10%, size: 14pt}}
components:
  {component}
"""
DECK = """deck:
    card: poker
    data: art/cards.csv
    front: {layout: full, art: "{art}", name: "{name}"}"""
BOARD = """board:
    kind: board
    page: {width: 400mm, height: 300mm}
    front: {layout: full, art: big-0.png}"""


def flat(mode: str, i: int) -> Image.Image:
    """A flat 60-megapixel image (a few KB to 1 MB as a file), of a colour of its own."""
    colour = {"RGB": (40 + i * 60, 90, 160), "RGBA": (40 + i * 60, 90, 160, 128), "I;16": 30000 + i * 1000,
              "P": i}[mode]
    img = Image.new(mode, BIG, colour)
    if mode == "P":
        img.putpalette([40 + i * 60, 90, 160] * 256)
    return img


def photos(folder: Path, n: int) -> list[str]:
    """``n`` different 4032 × 3024 JPEGs of grainy noise, as a phone takes (about 4.5 MB each)."""
    noise = Image.merge("RGB", [Image.effect_noise((4032, 3024), 50).filter(ImageFilter.GaussianBlur(1))
                                for _ in range(3)])
    names = []
    for i in range(n):
        ImageChops.offset(noise, i * 97, i * 31).save(folder / f"photo-{i}.jpg", quality=92)
        names.append(f"photo-{i}.jpg")
    return names


#: runs forge as ``python -m forge`` does, then writes its peak resident memory (KiB) to
#: $PEAK_FILE: its own (VmHWM: since exec, not the benchmark's memory its fork copied) or a
#: worker's it forked, whichever is larger
PEAK = """\
import atexit, os, resource, runpy, sys
def peak():
    own = int(open("/proc/self/status").read().split("VmHWM:")[1].split()[0])
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    open(os.environ["PEAK_FILE"], "w").write(str(max(own, kids)))
atexit.register(peak)
sys.argv[0] = "forge"
runpy.run_module("forge", run_name="__main__", alter_sys=True)
"""


def peak_run(args: list[str], cwd: Path, forge: Path | None = None) -> tuple[float, float]:
    """Seconds and peak resident memory (MiB) of ``forge ARGS`` run in ``cwd`` (:data:`PEAK`),
    the forge of the checkout ``forge`` (None: this one)."""
    extra = {"PYTHONPATH": str(forge)} if forge else {}
    with tempfile.NamedTemporaryFile() as peak:
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", PEAK, *args], cwd=cwd, capture_output=True, text=True,
                              env={**os.environ, "PEAK_FILE": peak.name, **extra})
        took = time.perf_counter() - start
        if done.returncode != 0:
            if not forge:
                raise SystemExit(f"forge {' '.join(args)}: exit {done.returncode}\n{done.stderr[-2000:]}")
            return took, float("nan")                  # the baseline failed (MemoryError…)
        return took, int(Path(peak.name).read_text()) / 1024


def largest_image(pdf: Path) -> str:
    """The largest image the PDF stores (on its pages or in their forms), as W × H."""
    reader = PdfReader(pdf)
    sizes = set()
    for page in reader.pages:
        for form in page["/Resources"].get("/XObject", {}).values():
            form = form.get_object()
            found = [form] if form["/Subtype"] == "/Image" else \
                [r.get_object() for r in form.get("/Resources", {}).get("/XObject", {}).values()]
            sizes |= {(int(i["/Width"]), int(i["/Height"])) for i in found if i["/Subtype"] == "/Image"}
    w, h = max(sizes, key=lambda s: s[0] * s[1], default=(0, 0))
    return f"{w} × {h}" if w else "none"


def memory_case(folder: Path, images: dict[str, Image.Image] | list[str], board: bool = False,
                export: bool = False, baseline: Path | None = None) -> tuple[float, float, str, float]:
    """Seconds, peak MiB and the largest stored image of ``forge build`` (or export) of a deck with
    a card per image (``images``: name → image to save, or names already in art/), or a board."""
    art = folder / "cardspecs" / "art"
    art.mkdir(parents=True, exist_ok=True)
    if isinstance(images, dict):
        for name, img in images.items():
            img.save(art / name, compress_level=1)
    names = list(images)
    rows = "".join(f"{n},card {i}\n" for i, n in enumerate(names or [""]))
    (art / "cards.csv").write_text("art,name\n" + rows, encoding="utf-8")
    (folder / "cardspecs" / "big.yaml").write_text(MEMORY_SPEC.format(component=BOARD if board else DECK),
                                                   encoding="utf-8")
    args = ["export", "big", "--png", "--bleed", "--dpi", "1200"] if export else ["build", "big"]
    before = peak_run([*args, "--out", "before"], folder, baseline)[1] if baseline else float("nan")
    took, peak = peak_run([*args, "--out", "out"], folder)
    if export:
        pngs = sorted((folder / "out" / "big" / "en" / "png").rglob("*.png"))
        return took, peak, f"{len(pngs)} PNGs of {Image.open(pngs[0]).size[0]} × {Image.open(pngs[0]).size[1]}", before
    [pdf] = [p for p in (folder / "out" / "big" / "en").glob("*.pdf") if not p.name.startswith("print-all")]
    return took, peak, largest_image(pdf), before


def memory(baseline: Path | None = None) -> None:
    """Case 3; with ``baseline`` (another checkout of forge), its peak beside this one's."""
    print(f"3. worst cases within the limits, forge build       peak MiB (baseline)   seconds   largest stored image"
          f"   (load average {open('/proc/loadavg').read().split()[0]})")
    cases = [
        ("no image (baseline)", lambda: {}, {}),
        ("one 60 MP PNG, RGB (flat: 0.2 MB)", lambda: {"big-0.png": flat("RGB", 0)}, {}),
        ("one 60 MP PNG, RGBA", lambda: {"big-0.png": flat("RGBA", 0)}, {}),
        ("one 60 MP PNG, 16-bit grey", lambda: {"big-0.png": flat("I;16", 0)}, {}),
        ("one 60 MP PNG, palette", lambda: {"big-0.png": flat("P", 0)}, {}),
        ("one 60 MP WebP, RGBA", lambda: {"big-0.webp": flat("RGBA", 0)}, {}),
        ("three 60 MP PNGs, RGB", lambda: {f"big-{i}.png": flat("RGB", i) for i in range(3)}, {}),
        ("twelve phone photos (JPEG, 4032 × 3024)", None, {}),
        ("one 60 MP PNG, RGBA, on a 400 × 300 mm board", lambda: {"big-0.png": flat("RGBA", 0)}, {"board": True}),
        ("export --png --bleed --dpi 1200, the RGBA card", lambda: {"big-0.png": flat("RGBA", 0)}, {"export": True}),
        ("export --png --bleed --dpi 1200, 12 cards, no image", lambda: [""] * 12, {"export": True}),
    ]
    for what, make, how in cases:
        with tempfile.TemporaryDirectory() as one:
            folder = Path(one)
            if make is None:
                (folder / "cardspecs" / "art").mkdir(parents=True)
                images = photos(folder / "cardspecs" / "art", 12)
            else:
                images = make()
            took, peak, shown, before = memory_case(folder, images, **how, baseline=baseline)
        was = "" if baseline is None else "(failed)" if before != before else f"({before:.0f})"
        print(f"   {what:<52} {peak:6.0f} {was:>9}   {took:7.2f}   {shown}")


def main() -> None:
    if sys.argv[1:2] == ["memory"]:
        memory(Path(sys.argv[3]).resolve() if sys.argv[2:3] == ["--baseline"] else None)
        return
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
        print()
        memory()


if __name__ == "__main__":
    main()
