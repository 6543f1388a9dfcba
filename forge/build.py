"""Plan and run a build: which PDFs and rulebook pages to make, then make them all or none.

Every file of a run is rendered in memory first; only when all succeed are they
published, as one transaction (:mod:`forge.publish`): a failed or killed run leaves
``build/`` as it was, and a reader never sees a mix of two builds.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable

from .errors import ErrorGroup, InputError, Location, OptionError, SpecError, excerpt, gather
from .publish import OutputFolder, Published
from .cardspec.loader import find_specs, load_spec
from .cardspec.model import PAPERS, Component, GameSpec

__all__ = ["Job", "Options", "Written", "inked", "load_games", "plan", "render_jobs", "render_print_all",
           "render_rulebooks", "run", "write_all"]


@dataclass(frozen=True)
class Job:
    spec: GameSpec
    comp: Component | None          # None: the calibration sheet
    lang: str
    paper: str
    path: Path
    colour: str = "rgb"             # the calibration sheet's (a component's is in its print settings)

    @property
    def label(self) -> str:
        what = self.comp.name if self.comp else "calibration"
        return f"{self.spec.game if self.spec else ''}/{self.lang}/{what} ({self.paper})".lstrip("/")


@dataclass(frozen=True)
class Written:
    path: Path
    pages: int
    cards: int
    size: int


@dataclass(frozen=True)
class Options:
    """The options of a build (``forge build --lang … --paper …``), checked by the CLI."""

    lang: str = "all"
    paper: str | None = None
    ink_saver: bool = False
    cmyk: bool = False
    site_url: str | None = None
    chromium: str | None = None             # --booklet: the Chromium that prints the booklets


def load_games(root: Path, names: Iterable[str] = ()) -> dict[str, GameSpec]:
    """Load the named games (all when none is named); every problem of every spec is reported."""
    paths = {p.stem: p for p in find_specs(root)}
    unknown = [OptionError(Location("GAME"), f"unknown game {excerpt(name)} (expected one of: "
                           f"{', '.join(paths) or 'none'})", hint=f"games are the .yaml files of {root / 'cardspecs'}")
               for name in names if name not in paths]
    if unknown:
        raise ErrorGroup(unknown)
    specs = gather([paths[stem] for stem in (list(names) or list(paths))], lambda path: load_spec(path, root))
    games: dict[str, GameSpec] = {}
    for spec in specs:
        if spec.game in games:              # two specs would write the same build/<game>/ folder
            raise ErrorGroup([SpecError(Location(spec.path, 1), f"game id '{spec.game}' is also the id of "
                                        f"{games[spec.game].path}", hint="give each spec its own 'game:'")])
        games[spec.game] = spec
    return games


def inked(games: dict[str, GameSpec], ink_saver: bool = False, cmyk: bool = False) -> dict[str, GameSpec]:
    """The games with every component printed in ink-saver mode and/or in CMYK (the build's
    ``--ink-saver`` and ``--cmyk``), on top of what their specs ask; same file names."""
    if not (ink_saver or cmyk):
        return games

    def mode(ps):
        return replace(ps, ink_saver=ps.ink_saver or ink_saver, colour="cmyk" if cmyk else ps.colour)
    return {name: replace(spec, components={n: replace(c, print=mode(c.print)) for n, c in spec.components.items()})
            for name, spec in games.items()}


def plan(games: dict[str, GameSpec], out: Path, lang: str = "all", paper: str | None = None,
         calibration: bool = False, colour: str = "rgb") -> list[Job]:
    """The files a build writes: ``out/<game>/<lang>/<component>[-<paper>].pdf``."""
    jobs: list[Job] = []
    errors: list[InputError] = []
    for spec in games.values():
        langs = spec.languages if lang == "all" else [lang]
        if lang != "all" and lang not in spec.languages:
            errors.append(OptionError(Location("--lang"), f"game '{spec.game}' has no language {excerpt(lang)} "
                                      f"(expected one of: {', '.join(spec.languages)}, or all)",
                                      hint=f"the languages of a game are the 'languages' of {spec.path}"))
            continue
        for comp in spec.components.values():
            papers = [paper] if paper else list(comp.print.papers)
            for lg in langs:
                for pp in papers:
                    name = f"{comp.name}-{pp}.pdf" if len(papers) > 1 else f"{comp.name}.pdf"
                    jobs.append(Job(spec, comp, lg, pp, out / spec.game / lg / name))
    if errors:
        raise ErrorGroup(errors)
    if calibration:
        for pp in ([paper] if paper else list(PAPERS)):
            jobs.append(Job(None, None, "en", pp, out / f"calibration-{pp}.pdf", colour))
    return jobs


def render_jobs(jobs: list[Job], tick: Callable[[Job], None] = lambda job: None) -> list:
    """Render every job in memory (nothing is written); one Output per job."""
    from .kit.calibration import render_calibration
    from .kit.render import render_component
    from .rulebook.pages import Output
    done, errors, seen = [], [], set()
    for job in jobs:
        try:
            result = (render_calibration(job.paper, colour=job.colour) if job.comp is None
                      else render_component(job.spec, job.comp, job.lang, job.paper))
        except ErrorGroup as group:          # every component's problems, each reported once
            fresh = [e for e in group.errors if str(e) not in seen]
            seen.update(str(e) for e in fresh)
            errors += fresh
            continue
        done.append(Output(job.path, result.data, result.pages, result.cards))
        tick(job)
    if errors:
        raise ErrorGroup(errors)
    return done + render_print_all(jobs, done)


def render_print_all(jobs: list[Job], rendered: list) -> list:
    """Per game, language and paper, the one file to print (:mod:`forge.kit.print_all`),
    ``<game>/<lang>/print-all-<paper>.pdf``, from the component PDFs just rendered (one per job)."""
    from .kit.print_all import print_all, print_all_name
    from .rulebook.pages import Output
    kits: dict[Path, tuple[Job, dict[str, bytes]]] = {}
    for job, out in zip(jobs, rendered):
        if job.comp is not None:
            path = job.path.parent / print_all_name(job.paper)
            if path == job.path:
                raise ErrorGroup([SpecError(job.comp.location, f"component '{job.comp.name}' would be written "
                                            f"over by the kit's one file to print, {path.name}",
                                            hint="rename the component")])
            kits.setdefault(path, (job, {}))[1][job.comp.name] = out.data
    outputs = []
    for path, (job, pdfs) in kits.items():
        result = print_all(job.spec, job.lang, job.paper, pdfs)
        outputs.append(Output(path, result.data, result.pages, result.cards))
    return outputs


def render_rulebooks(root: Path, specs: dict[str, GameSpec], jobs: list[Job], out: Path,
                     names: Iterable[str] = (), lang: str = "all", index: bool = False,
                     warn: Callable = lambda warning: None, site_url: str | None = None,
                     chromium: str | None = None) -> list:
    """The HTML rulebooks of the games in ``rules_src/`` (those named, or all), each page
    linking to the PDFs of ``jobs`` in its language; with ``index``, ``out/index.html``.
    ``warn`` receives each located warning (what the sanitizer removed from a page); with
    ``site_url``, the pages link their other editions by absolute address. With
    ``chromium`` (:func:`forge.rulebook.booklet.find_chromium`), each page is also printed as
    an A4 booklet beside it, which the page links."""
    from functools import partial

    from .kit.print_all import print_all_name
    from .kit.render import _comp_title
    from .rulebook.booklet import BOOKLET, print_booklet
    from .rulebook.pages import Rulebooks
    books = Rulebooks(root, specs, warn, site_url)
    games = books.games(tuple(names))
    shown = {"a4": "A4", "letter": "Letter"}
    # per game and language: the one file to print (title None: the page names it), then each
    # component's title, with their files, one per paper; and the calibration sheets
    downloads: dict[tuple[str, str], list[tuple[str | None, list[tuple[str, str]]]]] = {}
    calibration = [(shown[job.paper], job.path.name) for job in jobs if job.comp is None]
    for job in jobs:
        if job.comp is not None:
            files = downloads.setdefault((job.spec.game, job.lang), [(None, [])])
            if (shown[job.paper], print_all_name(job.paper)) not in files[0][1]:
                files[0][1].append((shown[job.paper], print_all_name(job.paper)))
            title = _comp_title(job.spec, job.comp, job.lang)
            if files[-1][0] != title:
                files.append((title, []))
            files[-1][1].append((shown[job.paper], job.path.name))
    outputs, css = [], None
    for rules in games:
        for lg in rules.editions:
            if lang in ("all", lg):
                css = css or books.stylesheet(out)          # the booklets print with it
                page = partial(books.page, rules, lg, out, downloads.get((rules.game, lg), []), calibration,
                               BOOKLET if chromium else None)
                outputs += page()
                if chromium:
                    outputs.append(print_booklet(chromium, lambda pages: page(pages=pages), css, out))
    if css:
        outputs.append(css)
    if index and books.templates.is_dir():          # a project without templates builds its PDFs only
        outputs += books.index(books.games() if names else games, out, downloads, calibration=calibration)
    return outputs


def write_all(outputs, folder: OutputFolder) -> tuple[list[Written], Published]:
    """Publish every rendered file (paths inside ``folder.out``) as the new build of the locked
    ``folder``, all or nothing; what was written, and how many older files were kept."""
    published = folder.publish((o.path.relative_to(folder.out), o.data) for o in outputs)
    return [Written(o.path, o.pages, o.cards, len(o.data)) for o in outputs], published


def run(root: Path, folder: OutputFolder, names: Iterable[str] = (), options: Options = Options(),
        warn: Callable = lambda warning: None, tick: Callable[[Job | None, int], None] = lambda job, total: None,
        kits: Iterable[str] | None = None, pages: Iterable[str] | None = None) -> tuple[list[Written], Published]:
    """``forge build NAMES`` (every game when none is named, then also the calibration sheets
    and the index pages) published into the locked ``folder``. ``tick(job, total)`` follows the
    rendering: after each file (``total`` of them), and with job None before the rulebooks.

    ``kits`` and ``pages`` (``forge watch``) name the only games whose PDFs and rulebook pages
    are rendered again; the previous build's other files are kept as they are."""
    names = tuple(names)
    opts = options
    specs = inked(load_games(root, names), opts.ink_saver, opts.cmyk)
    jobs = plan(specs, folder.out, opts.lang, opts.paper, calibration=not names, colour="cmyk" if opts.cmyk else "rgb")
    todo = jobs if kits is None else [job for job in jobs if job.spec and job.spec.game in set(kits)]
    rendered = render_jobs(todo, lambda job: tick(job, len(todo)))
    tick(None, len(todo))
    if pages is None or pages:
        rendered += render_rulebooks(root, specs, jobs, folder.out, names if pages is None else pages, opts.lang,
                                     index=not names and opts.lang == "all", warn=warn, site_url=opts.site_url,
                                     chromium=opts.chromium)
    return write_all(rendered, folder)
