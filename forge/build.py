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
from .engine.registry import kit_problems, refresh

__all__ = ["Job", "Options", "Written", "inked", "listing", "load_games", "old_names", "output_name", "own_page",
           "plan", "render_jobs", "render_print_all", "render_rulebooks", "run", "spec_warnings", "write_all"]


@dataclass(frozen=True)
class Job:
    spec: GameSpec
    comp: Component | None          # None: the calibration sheet
    lang: str
    paper: str | None               # None: a component on a page of its own (see own_page)
    path: Path
    colour: str = "rgb"             # the calibration sheet's (a component's is in its print settings)

    @property
    def label(self) -> str:
        what = self.comp.name if self.comp else "calibration"
        return f"{self.spec.game if self.spec else ''}/{self.lang}/{what} ({self.paper or 'own page'})".lstrip("/")


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
    strict: bool = False                    # --strict: a spec's warning stops the build
    gutterfold: bool = False                # --gutterfold: every deck's backs beside its fronts


def load_games(root: Path, names: Iterable[str] = ()) -> dict[str, GameSpec]:
    """Load the named games (all when none is named), their faces checked against the print
    kit's layouts; every problem of every spec is reported."""
    from .kit import LAYOUT_TABLE
    paths = {p.stem: p for p in find_specs(root)}
    if not paths:
        raise ErrorGroup([InputError(Location(str(Path("cardspecs") / "")), "no card spec here (expected "
                                     "cardspecs/<game>.yaml in the current folder)",
                                     hint="start a game with: forge new GAME; or run forge from a project folder")])
    unknown = [OptionError(Location("GAME"), f"unknown game {excerpt(name)} (expected one of: "
                           f"{', '.join(paths) or 'none'})", hint=f"games are the .yaml files of {root / 'cardspecs'}")
               for name in names if name not in paths]
    if unknown:
        raise ErrorGroup(unknown)
    specs = gather([paths[stem] for stem in (list(names) or list(paths))],
                   lambda path: load_spec(path, root, LAYOUT_TABLE))
    games: dict[str, GameSpec] = {}
    for spec in specs:
        if spec.game in games:              # two specs would write the same build/<game>/ folder
            raise ErrorGroup([SpecError(Location(spec.path, 1), f"game id '{spec.game}' is also the id of "
                                        f"{games[spec.game].path}", hint="give each spec its own 'game:'")])
        games[spec.game] = spec
    problems = [e for spec in games.values() for e in kit_problems(spec)]
    if problems:
        raise ErrorGroup(problems)
    return games


def inked(games: dict[str, GameSpec], ink_saver: bool = False, cmyk: bool = False,
          gutterfold: bool = False) -> dict[str, GameSpec]:
    """The games with every component printed in ink-saver mode, in CMYK and/or gutterfold
    (the build's ``--ink-saver``, ``--cmyk`` and ``--gutterfold``), on top of what their specs
    ask; same file names."""
    if not (ink_saver or cmyk or gutterfold):
        return games

    def mode(ps):
        return replace(ps, ink_saver=ps.ink_saver or ink_saver, colour="cmyk" if cmyk else ps.colour,
                       layout="gutterfold" if gutterfold else ps.layout)
    return {name: replace(spec, components={n: replace(c, print=mode(c.print)) for n, c in spec.components.items()})
            for name, spec in games.items()}


def plan(games: dict[str, GameSpec], out: Path, lang: str = "all", paper: str | None = None,
         calibration: bool = False, colour: str = "rgb") -> list[Job]:
    """The files a build writes: ``out/<game>/<lang>/<component>-<paper>.pdf`` for each paper
    asked (``--paper``, else the component's papers), ``<component>.pdf`` for a component on a
    page of its own (:func:`own_page`): its one file whatever the paper."""
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
            for lg in langs:
                papers = [None] if own_page(spec, comp, lg) else [paper] if paper else list(comp.print.papers)
                jobs += [Job(spec, comp, lg, pp, out / spec.game / lg / output_name(comp.name, pp)) for pp in papers]
    errors += _clashes(jobs)
    if errors:
        raise ErrorGroup(errors)
    if calibration:
        for pp in ([paper] if paper else list(PAPERS)):
            jobs.append(Job(None, None, "en", pp, out / f"calibration-{pp}.pdf", colour))
    return jobs


def output_name(component: str, paper: str | None) -> str:
    """A component's file: ``<component>-<paper>.pdf``, or ``<component>.pdf`` on its own page."""
    return f"{component}.pdf" if paper is None else f"{component}-{paper}.pdf"


def own_page(spec: GameSpec, comp: Component, lang: str) -> bool:
    """Whether ``comp`` prints on a page of its own size whatever the paper: a board, unless its
    front layout cuts it into ``pieces`` imposed on the paper (kit/track_print.py)."""
    if comp.kind != "board" or "pieces" not in comp.front.draws.params:
        return comp.kind == "board"
    from .cardspec.loader import resolve_face
    from .cardspec.templating import TemplateError
    try:
        return float(resolve_face(comp.front, comp.rows_for(lang)[0], lang, spec)["pieces"]) < 1.5
    except (TemplateError, InputError, IndexError, KeyError, TypeError, ValueError):
        return False            # a bad value: the renderer reports it, at its line


def _clashes(jobs: list[Job]) -> list[InputError]:
    """Two components (or a component and the kit's one file to print) named into one file;
    each clash reported once, for its first file."""
    from .kit.print_all import print_all_name
    owners: dict[Path, str] = {job.path.parent / print_all_name(pp): "the kit's one file to print"
                               for job in jobs for pp in PAPERS}
    errors: dict[tuple, InputError] = {}
    for job in jobs:
        mine = f"component '{job.comp.name}'"
        other = owners.setdefault(job.path, mine)
        if other != mine and (mine, other) not in errors:
            errors[mine, other] = SpecError(job.comp.location, f"{mine} would be written to {job.path.name}, "
                                            f"the file of {other}", hint="rename the component")
    return list(errors.values())


def render_jobs(jobs: list[Job], tick: Callable[[Job], None] = lambda job: None) -> list:
    """Render every job in memory (nothing is written); one Output per job."""
    from .kit.calibration import render_calibration
    from .kit.render import render_component
    from .rulebook.pages import Output
    done, errors, seen = [], [], set()
    for job in jobs:
        try:
            result = (render_calibration(job.paper, colour=job.colour) if job.comp is None
                      else render_component(job.spec, job.comp, job.lang, job.paper or job.comp.print.papers[0]))
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
    ``<game>/<lang>/print-all-<paper>.pdf``, from the component PDFs just rendered (one per job;
    a component on a page of its own goes to each paper's, which keeps its pages of that size)."""
    from .kit.print_all import print_all, print_all_name
    from .rulebook.pages import Output
    kits: dict[Path, tuple[Job, dict[str, bytes]]] = {}
    for job in jobs:
        if job.comp is not None and job.paper is not None:
            kits.setdefault(job.path.parent / print_all_name(job.paper), (job, {}))
    for job, out in zip(jobs, rendered):
        if job.comp is not None:
            for path, (kit, pdfs) in kits.items():
                if path.parent == job.path.parent and job.paper in (None, kit.paper):
                    pdfs[job.comp.name] = out.data
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

    from .rulebook.booklet import BOOKLET, print_booklet
    from .rulebook.pages import Rulebooks
    books = Rulebooks(root, specs, warn, site_url)
    games = books.games(tuple(names))
    downloads, calibration = listing(jobs, lambda path: path.is_file())
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
        outputs += books.index(books.games() if names else games, out, downloads, calibration=calibration,
                               booklet=BOOKLET if chromium else None)
    return outputs


def listing(jobs: list[Job], kept: Callable[[Path], bool] = lambda path: False) -> tuple[dict, list]:
    """What the rulebook pages and the index link: per game and language, the one file to print
    (title None: the page names it), then each component's title with its files, (label, file
    name), one per paper (A4, Letter), or one labelled by its size (297 × 155 mm) for a
    component on a page of its own; and the calibration sheets, (label, path from the output
    folder). A paper is listed when this build makes its files or when ``kept(path)`` says the
    output folder keeps them from a previous build (``--paper a4`` after a build on both)."""
    from .cardspec.model import MM
    from .kit.print_all import print_all_name
    from .cardspec.resolve import component_title
    shown = {"a4": "A4", "letter": "Letter"}
    made = {job.path for job in jobs} | {job.path.parent / print_all_name(job.paper) for job in jobs
                                         if job.comp is not None and job.paper is not None}

    def links(folder: Path, name) -> list[tuple[str, str]]:        # the file's name on each paper listed
        return [(shown[pp], here.name) for pp in PAPERS
                for here in [folder / name(pp)] if here in made or kept(here)]
    downloads: dict[tuple[str, str], list[tuple[str | None, list[tuple[str, str]]]]] = {}
    seen = set()
    for job in jobs:
        if job.comp is None or (job.path.parent, job.comp.name) in seen:
            continue
        folder, comp = job.path.parent, job.comp
        seen.add((folder, comp.name))
        files = downloads.setdefault((job.spec.game, job.lang), [(None, links(folder, print_all_name))])
        files.append((component_title(job.spec, comp, job.lang),
                      links(folder, lambda pp: output_name(comp.name, pp)) if job.paper else
                      [("{:.0f} × {:.0f} mm".format(*(v / MM for v in comp.size)), job.path.name)]))
    return downloads, [(shown[job.paper], job.path.name) for job in jobs if job.comp is None]


def old_names(jobs: list[Job]) -> set[Path]:
    """In each folder this build writes a kit into, the names older forge versions gave its
    components' PDFs and that no build of them gives now: ``<component>.pdf`` of a component
    printed on paper (its name when one paper was built), ``<component>-<paper>.pdf`` of one on
    a page of its own. Only names of the specs' components: nothing else of the folder."""
    from .kit.print_all import print_all_name
    kits = {job.path.parent: job for job in jobs if job.comp is not None}
    old, now = set(), set()
    for folder, job in kits.items():
        now |= {folder / print_all_name(pp) for pp in PAPERS}
        for comp in job.spec.components.values():
            papers = [None] if own_page(job.spec, comp, job.lang) else list(PAPERS)
            now |= {folder / output_name(comp.name, pp) for pp in papers}
            old |= {folder / output_name(comp.name, pp) for pp in (None, *PAPERS) if pp not in papers}
    return old - now


def write_all(outputs, folder: OutputFolder, drop: Iterable[Path] = ()) -> tuple[list[Written], Published]:
    """Publish every rendered file (paths inside ``folder.out``) as the new build of the locked
    ``folder``, all or nothing, without the previous build's files of ``drop`` (:func:`old_names`);
    what was written, and how many older files were kept and which removed."""
    published = folder.publish(((o.path.relative_to(folder.out), o.data) for o in outputs),
                               [path.relative_to(folder.out) for path in drop])
    return [Written(o.path, o.pages, o.cards, len(o.data)) for o in outputs], published


def run(root: Path, folder: OutputFolder, names: Iterable[str] = (), options: Options = Options(),
        warn: Callable = lambda warning: None, tick: Callable[[Job | None, int], None] = lambda job, total: None,
        kits: Iterable[str] | None = None, pages: Iterable[str] | None = None
        ) -> tuple[list[Written], Published, dict[str, GameSpec]]:
    """``forge build NAMES`` (every game when none is named, then also the calibration sheets
    and the index pages) published into the locked ``folder``. ``tick(job, total)`` follows the
    rendering: after each file (``total`` of them), and with job None before the rulebooks.

    ``kits`` and ``pages`` (``forge watch``) name the only games whose PDFs and rulebook pages
    are rendered again; the previous build's other files are kept as they are."""
    names = tuple(names)
    opts = options
    refresh(root)                     # engines and their printed kits are read again (forge watch)
    specs = inked(load_games(root, names), opts.ink_saver, opts.cmyk, opts.gutterfold)
    spec_warnings(specs, opts.strict, warn)
    jobs = plan(specs, folder.out, opts.lang, opts.paper, calibration=not names, colour="cmyk" if opts.cmyk else "rgb")
    todo = jobs if kits is None else [job for job in jobs if job.spec and job.spec.game in set(kits)]
    rendered = render_jobs(todo, lambda job: tick(job, len(todo)))
    tick(None, len(todo))
    if pages is None or pages:
        rendered += render_rulebooks(root, specs, jobs, folder.out, names if pages is None else pages, opts.lang,
                                     index=not names and opts.lang == "all", warn=warn, site_url=opts.site_url,
                                     chromium=opts.chromium)
    return (*write_all(rendered, folder, old_names(jobs)), specs)


def spec_warnings(specs: dict[str, GameSpec], strict: bool, warn: Callable) -> None:
    """Hand the specs' located warnings (an image under 300 dpi…) to ``warn``; with ``strict``
    they are errors instead, and nothing is built."""
    found = [w for spec in specs.values() for w in spec.warnings]
    if strict and found:
        raise ErrorGroup([SpecError(w.location, w.message, w.hint) for w in found])
    for w in found:
        warn(w)
