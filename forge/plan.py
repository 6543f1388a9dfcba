"""What a build makes: the files of each game's kit (one job per component, language and paper),
where they go, and what the rulebook pages and the index link.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .errors import ErrorGroup, InputError, Location, OptionError, SpecError, excerpt
from .cardspec.model import PAPERS, Component, GameSpec

__all__ = ["Job", "Options", "listing", "old_names", "output_name", "own_page", "plan"]


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
    back_offset: tuple[float, float] | None = None   # --back-offset: every back's shift (pt), over the specs'
    pdfx: bool = False                      # --pdfx: PDF/X-4 files (CMYK for FOGRA39, kit/pdfx.py)

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
