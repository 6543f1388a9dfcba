"""Plan and run ``forge export``: render every deck asked in memory, then publish the files
into the output folder as a build does (:mod:`forge.publish`: all or nothing, other files kept).

Only decks are exported (boards and sheets are pages, not cards: they are named as skipped).
A previous export's files of the same deck that this one does not write (rows since removed, a
sheet fewer) are dropped, so that a folder never mixes two exports of a deck.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from ..build import load_games, plan, spec_warnings
from ..errors import ErrorGroup, Location, OptionError
from ..limits import LIMITS, limit
from ..publish import OutputFolder, Published
from .faces import deck_faces, pixels

__all__ = ["ExportOptions", "Exported", "export"]


@dataclass(frozen=True)
class ExportOptions:
    """What ``forge export`` writes (checked by :func:`check`)."""

    png: bool = False
    tts: bool = False
    dpi: int = 300
    bleed: bool = False                 # PNG with the bleed (--bleed), else trimmed (--trim)
    lang: str = "all"
    url_base: str | None = None         # where the output folder is published (the TTS image URLs)


@dataclass
class Exported:
    """What an export did: per deck (game, lang, component, cards, distinct faces, PNG pixels,
    TTS sheets), the components skipped, the files published and the rendering time."""

    decks: list[tuple] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    files: int = 0
    seconds: float = 0.0
    published: Published | None = None

    @property
    def cards(self) -> int:
        return sum(deck[3] for deck in self.decks)


def check(opts: ExportOptions) -> None:
    """Refuse an export that writes nothing, and a dpi out of the documented bounds."""
    errors = []
    if not (opts.png or opts.tts):
        errors.append(OptionError(Location("forge export"), "nothing to export (expected --png, --tts or both)",
                                  hint="forge export GAME --png writes a PNG per card; --tts, Tabletop Simulator decks"))
    low, high = limit("dpi_min"), limit("dpi_max")
    if not low <= opts.dpi <= high:
        errors.append(OptionError(Location("--dpi"), f"{opts.dpi} dpi is out of range (expected {low:g} to {high:g})",
                                  hint="300 dpi is print quality; 150 is plenty for a screen"))
    if errors:
        raise ErrorGroup(errors)


def export(root: Path, folder: OutputFolder, names: Iterable[str], opts: ExportOptions,
           warn: Callable = lambda warning: None) -> Exported:
    """``forge export NAMES`` (every game when none is named) published into the locked ``folder``."""
    from .png import png_files
    from .tts import tts_files
    check(opts)
    specs = load_games(root, tuple(names))
    spec_warnings(specs, False, warn)
    done, found = Exported(), {}
    for job in plan(specs, folder.out, opts.lang):
        key = f"{job.spec.game}/{job.lang}/{job.comp.name}"
        if job.comp.kind == "deck":
            found.setdefault(key, (job.spec, job.comp, job.lang))
        elif key not in done.skipped:
            done.skipped.append(key)
    decks = list(found.values())
    _check_pixels(decks, opts)
    start, files, errors, seen = time.perf_counter(), [], [], set()
    for spec, comp, lang in decks:
        try:
            faces = deck_faces(spec, comp, lang)
        except ErrorGroup as group:          # every deck's problems, each reported once
            errors += [e for e in group.errors if str(e) not in seen]
            seen.update(str(e) for e in group.errors)
            continue
        base = Path(spec.game) / lang
        if opts.png:
            files += [(base / "png" / comp.name / name, data) for name, data in png_files(faces, opts.dpi, opts.bleed)]
        sheets = []
        if opts.tts:
            url = _urls(folder, base / "tts", opts.url_base)
            for name, data in tts_files(spec, faces, lang, opts.dpi, url):
                files.append((base / "tts" / name, data))
                sheets += [name] if "-sheet-" in name and "-back-" not in name else []
        size = pixels(comp, opts.dpi, opts.bleed) if opts.png else None
        done.decks.append((spec.game, lang, comp.name, comp.count(lang), len(set(faces.fronts)), size, len(sheets)))
    if errors:
        raise ErrorGroup(errors)
    done.seconds = time.perf_counter() - start
    done.files = len(files)
    done.published = folder.publish(files, _previous(folder, decks, opts))
    return done


def _check_pixels(decks: list, opts: ExportOptions) -> None:
    """Refuse a card whose image at --dpi would pass the pixel limit (a 500 mm card at 1200 dpi)."""
    most, errors = limit("export_pixels"), {}
    for spec, comp, lang in decks:
        w, h = pixels(comp, opts.dpi, True)
        if w * h > most:
            errors.setdefault((spec.game, comp.name), OptionError(
                Location("--dpi"), f"a card of '{spec.game}/{comp.name}' would be {w} × {h} pixels at {opts.dpi} dpi, "
                f"over {LIMITS['export_pixels'].shown}", hint="export at a lower --dpi"))
    if errors:
        raise ErrorGroup(list(errors.values()))


def _urls(folder: OutputFolder, where: Path, base: str | None) -> Callable[[str], str]:
    """The address of an image in ``where`` (inside the folder): under ``base`` (--url-base),
    else the file's own ``file:///`` address once published."""
    if base:
        return lambda name: base + (where / name).as_posix()
    return lambda name: (folder.real / where / name).as_uri()


def _previous(folder: OutputFolder, decks: list, opts: ExportOptions) -> list[Path]:
    """The files of a previous export of these decks (paths inside the folder), to drop unless
    this export writes them."""
    old = []
    for spec, comp, lang in decks:
        base = folder.real / spec.game / lang
        if opts.png:
            old += (base / "png" / comp.name).glob("*.png")
        if opts.tts:
            old += [p for p in (base / "tts").glob(f"{comp.name}*")
                    if p.name in (f"{comp.name}.json", f"{comp.name}-back.png")
                    or p.name.startswith((f"{comp.name}-sheet-", f"{comp.name}-back-sheet-"))]
    return [p.relative_to(folder.real) for p in old]
