"""Export time: what a card costs as a PNG and as a Tabletop Simulator deck, in this process.

For the Dalmuti deck (80 cards, 13 fronts and one back) and the Majority word deck (206 cards,
412 different faces), in English at ``--dpi``: the faces drawn once (the print kit's drawing),
then rasterised and encoded as PNGs, trimmed and with their bleed; then the TTS sheets and saved
object. Best of ``--repeat`` runs; milliseconds per card and per face image, and the pixels.

    python benchmarks/export_speed.py [--dpi 300] [--repeat 3]
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from forge.kit import LAYOUT_TABLE
from forge.cardspec.loader import load_spec
from forge.export.faces import deck_faces, pixels
from forge.export.png import png_files
from forge.export.tts import tts_files

ROOT = Path(__file__).resolve().parent.parent
DECKS = (("dalmuti", "cards"), ("majority", "words"))


def best(run, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - t0)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for game, name in DECKS:
        spec = load_spec(ROOT / "cardspecs" / f"{game}.yaml", ROOT, layouts=LAYOUT_TABLE)
        comp = spec.components[name]
        cards = comp.count("en")
        draw, faces = best(lambda: deck_faces(spec, comp, "en"), args.repeat)
        images = len(set(faces.fronts)) + len(set(faces.backs or []))
        print(f"{game}/{name}: {cards} cards, {images} distinct faces; drawing them {draw * 1000:.0f} ms")
        for bleed in (False, True):
            seconds, files = best(lambda: list(png_files(faces, args.dpi, bleed)), args.repeat)
            w, h = pixels(comp, args.dpi, bleed)
            print(f"  PNG {'with bleed' if bleed else 'trimmed'} {w} × {h} px: {len(files)} files, "
                  f"{sum(len(d) for _, d in files) / len(files) / 1024:.0f} KiB each, {seconds:.2f} s: "
                  f"{(draw + seconds) * 1000 / cards:.1f} ms per card, {seconds * 1000 / images:.1f} ms per face image")
        seconds, files = best(lambda: list(tts_files(spec, faces, "en", args.dpi, lambda n: n)), args.repeat)
        print(f"  TTS: {len(files)} files, {seconds:.2f} s: {(draw + seconds) * 1000 / cards:.1f} ms per card")


if __name__ == "__main__":
    main()
