"""Run a build: load the games, plan their files (:mod:`forge.plan`), render what changed
(:mod:`forge.rendering`), then publish them all or none.

Every file of a run is rendered in memory first; only when all succeed are they
published, as one transaction (:mod:`forge.publish`): a failed or killed run leaves
``build/`` as it was, and a reader never sees a mix of two builds.
"""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable

from .errors import ErrorGroup, InputError, Location, OptionError, SpecError, excerpt, gather
from .publish import OutputFolder, Published
from .cardspec.model import GameSpec
from .plan import Job, Options, listing, old_names, output_name, own_page, plan

__all__ = ["Job", "Options", "Written", "inked", "last_build", "listing", "load_games", "old_names", "output_name", "own_page",
           "plan", "run", "spec_warnings", "up_to_date_line", "write_all"]


@dataclass(frozen=True)
class Written:
    path: Path
    pages: int
    cards: int
    size: int

def load_games(root: Path, names: Iterable[str] = (), keep: dict[str, GameSpec] | None = None) -> dict[str, GameSpec]:
    """Load the named games (all when none is named), their faces checked against the print
    kit's layouts; every problem of every spec is reported. The games of ``keep`` (specs
    loaded before, whose files have not changed since: ``forge watch``) are not read again."""
    keep = keep or {}
    from .cardspec.loader import find_specs, load_spec
    from .engine.registry import kit_problems
    from .kit import LAYOUT_TABLE
    paths = {p.stem: p for p in find_specs(root)}
    if not paths:
        raise ErrorGroup([InputError(Location(str(Path("cardspecs") / "")), "no card spec here (expected "
                                     "cardspecs/<game>.yaml in the current folder)",
                                     hint="start a game with: forge new GAME; or run forge from a project folder")])
    unknown = [OptionError(Location("GAME"), f"unknown game {excerpt(name)} (expected one of: "
                           f"{', '.join(paths) or 'none'})", hint="games are the .yaml files of cardspecs/")
               for name in names if name not in paths]
    if unknown:
        raise ErrorGroup(unknown)
    stems = list(names) or list(paths)
    specs = gather(stems, lambda stem: keep[stem] if stem in keep else load_spec(paths[stem], root, LAYOUT_TABLE))
    games: dict[str, GameSpec] = {}
    for spec in specs:
        if spec.game in games:              # two specs would write the same build/<game>/ folder
            raise ErrorGroup([SpecError(Location(spec.path, 1), f"game id '{spec.game}' is also the id of "
                                        f"{games[spec.game].path}", hint="give each spec its own 'game:'")])
        games[spec.game] = spec
    problems = [e for stem, spec in zip(stems, specs) if stem not in keep for e in kit_problems(spec)]
    if problems:
        raise ErrorGroup(problems)
    return games

def inked(games: dict[str, GameSpec], ink_saver: bool = False, cmyk: bool = False,
          gutterfold: bool = False, back_offset: tuple[float, float] | None = None,
          pdfx: bool = False) -> dict[str, GameSpec]:
    """The games with every component printed in ink-saver mode, in CMYK (as PDF/X-4 files)
    and/or gutterfold (the build's ``--ink-saver``, ``--cmyk`` (``--pdfx``) and ``--gutterfold``),
    on top of what their specs ask, and with every back shifted by ``back_offset``
    (``--back-offset``: the printer at hand's readings, over the specs'); same file names."""
    if not (ink_saver or cmyk or gutterfold or back_offset or pdfx):
        return games

    def mode(ps):
        colour = "pdfx" if pdfx else "cmyk" if cmyk else ps.colour
        return replace(ps, ink_saver=ps.ink_saver or ink_saver, colour=colour,
                       layout="gutterfold" if gutterfold else ps.layout, back_offset=back_offset or ps.back_offset)
    return {name: replace(spec, components={n: replace(c, print=mode(c.print)) for n, c in spec.components.items()})
            for name, spec in games.items()}

def write_all(outputs, folder: OutputFolder, drop: Iterable[Path] = ()) -> tuple[list[Written], Published]:
    """Publish the rendered files (paths inside ``folder.out``) as the new build of the locked
    ``folder``, all or nothing, without the previous build's files of ``drop`` (:func:`old_names`);
    what was written, and how many older files were kept and which removed. A file kept from
    the previous build (:class:`~forge.incremental.Kept`), or rendered again to the same bytes,
    is not written again; when nothing is to be written or removed, the folder is not touched."""
    from .incremental import Kept
    fresh = [o for o in outputs if not isinstance(o, Kept) and not _holds(folder.out / o.path.relative_to(folder.out), o.data)]
    gone = [path for path in drop if os.path.lexists(path)]
    if fresh or gone:
        published = folder.publish(((o.path.relative_to(folder.out), o.data) for o in fresh),
                                   [path.relative_to(folder.out) for path in drop])
    else:
        published = Published(0, len(outputs))
    return [Written(o.path, o.pages, o.cards, o.size if isinstance(o, Kept) else len(o.data)) for o in outputs], published


def _holds(path: Path, data: bytes) -> bool:
    """Whether the file at ``path`` holds exactly ``data``."""
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def run(root: Path, folder: OutputFolder, names: Iterable[str] = (), options: Options = Options(),
        warn: Callable = lambda warning: None, tick: Callable[[str | None, int], None] = lambda what, total: None,
        kits: Iterable[str] | None = None, pages: Iterable[str] | None = None, keep: dict[str, GameSpec] | None = None
        ) -> tuple[list[Written], Published, dict[str, GameSpec]]:
    """``forge build NAMES`` (every game when none is named, then also the calibration sheets
    and the index pages) published into the locked ``folder``. ``tick(what, total)`` follows the
    work: after each of its ``total`` tasks (a kit's file, a simulation, a rulebook page, a file
    to print), ``what`` saying which ended.

    ``kits`` and ``pages`` (``forge watch``) name the only games whose PDFs and rulebook pages
    are rendered again; the previous build's other files are kept as they are, and the specs of
    ``keep`` (by file name: their files have not changed) are not loaded again. What it returns
    last is the specs loaded, by game."""
    from .cache import files_read
    from .stamp import read_inside
    names = tuple(names)
    whole = kits is None and pages is None          # not forge watch's rebuild of some games
    made, inputs, last = last_build(root, folder, names, options, whole)
    if last is not None:                            # nothing changed since the last build
        files, said = last
        for w in said:
            warn(w)
        return [Written(k.path, k.pages, k.cards, k.size) for k in files], Published(0, len(files)), {}
    said: list = []

    def warned(w) -> None:
        said.append(w)
        warn(w)
    (written, specs), read = files_read(lambda: _render(root, folder, made, names, options, warned, tick, kits, pages,
                                                        keep))
    if whole:
        made.seal(inputs, read_inside(root, read, folder.out), said)
    made.save()
    return (*written, specs)


def last_build(root: Path, folder: OutputFolder, names: tuple = (), options: Options = Options(), whole: bool = True):
    """``(record, inputs, last)``: the output folder's record (:class:`forge.incremental.Outputs`),
    the hash of this build's inputs (:func:`forge.stamp.inputs_digest`, empty when not ``whole``)
    and, when nothing changed since the last whole build, its files and warnings (else None)."""
    from .incremental import Outputs
    from .stamp import inputs_digest
    made = Outputs(root, folder.out)
    if not whole:
        return made, "", None
    inputs = inputs_digest(root, [names, dataclasses.asdict(options)])
    return made, inputs, made.up_to_date(inputs)


def up_to_date_line(shown: str, kept: int) -> str:
    """What ``forge build`` says when nothing changed."""
    return f"{shown} is up to date: nothing written, {kept} files kept from the previous build"


def _render(root: Path, folder: OutputFolder, made, names: tuple, opts: Options, warn: Callable, tick: Callable,
            kits: Iterable[str] | None, pages: Iterable[str] | None, keep: dict[str, GameSpec] | None) -> tuple:
    from .engine.registry import refresh
    from .rendering import Renderer
    from .workers import Later, together
    refresh(root)                     # engines and their printed kits are read again (forge watch)
    loaded = load_games(root, names, keep)
    specs = inked(loaded, opts.ink_saver, opts.cmyk, opts.gutterfold, opts.back_offset, opts.pdfx)
    spec_warnings(specs, opts.strict, warn)
    jobs = plan(specs, folder.out, opts.lang, opts.paper, calibration=not names, colour="pdfx" if opts.pdfx else "cmyk" if opts.cmyk else "rgb")
    todo = jobs if kits is None else [job for job in jobs if job.spec and job.spec.game in set(kits)]
    renderer = Renderer(root, made, warn)
    books = names if pages is None else pages
    bar = _Bar(tick)
    kit_work = renderer.kits(todo, lambda job: bar.step(job.label))
    about = renderer.simulations(books) if pages is None or pages else Later([], lambda done: None)
    book_work = renderer.rulebooks(specs, jobs, books, opts.lang, index=not names and opts.lang == "all",
                                   site_url=opts.site_url, chromium=opts.chromium) \
        if pages is None or pages else Later([], lambda done: [])
    bar.total = len(todo) + len(about.tasks) + len(book_work.tasks)
    about = about.counted(bar.step, lambda i: f"simulating {about.labels[i]}")
    # on every core: the about boxes' simulations (the longest tasks first), the kits' files and
    # the pages that show no new simulation; then the other pages and the kits' files to print
    ready, waiting = book_work.split(lambda i: book_work.labels[i] not in about.labels)
    ready = ready.counted(bar.step, lambda i: f"rulebook {ready.labels[i]}")
    waiting = waiting.counted(bar.step, lambda i: f"rulebook {waiting.labels[i]}")
    _, (files, print_work), _ = together(about, kit_work, ready)
    bar.total += len(print_work.tasks)
    made_books, printed = together(waiting, print_work.counted(bar.step, lambda i: "print-all files"))
    rendered = files + printed + made_books
    return write_all(rendered, folder, sorted(old_names(jobs)) + made.stale()), loaded


class _Bar:
    """A build's progress, told to ``tick(what just ended, how many tasks in all)``: the kits'
    files, the simulations, the rulebook pages, the files to print."""

    def __init__(self, tick: Callable[[str | None, int], None]):
        self.tick, self.total = tick, 0

    def step(self, what: str) -> None:
        self.tick(what, self.total)


def spec_warnings(specs: dict[str, GameSpec], strict: bool, warn: Callable) -> None:
    """Hand the specs' located warnings (an image under 300 dpi…) to ``warn``; with ``strict``
    they are errors instead, and nothing is built."""
    found = [w for spec in specs.values() for w in spec.warnings]
    if strict and found:
        raise ErrorGroup([SpecError(w.location, w.message, w.hint) for w in found])
    for w in found:
        warn(w)
