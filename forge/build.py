"""Plan and run a build: which PDFs and rulebook pages to make, then make them all or none.

Every file of a run is rendered in memory first; only when all succeed are they
written, each atomically. A failed run therefore leaves ``build/`` as it was.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from .errors import ErrorGroup, InputError, Location, SpecError
from .files import atomic_write
from .spec.loader import find_specs, load_spec
from .spec.model import PAPERS, Component, GameSpec

__all__ = ["Job", "Written", "load_games", "plan", "render_jobs", "render_rulebooks", "write_all"]


@dataclass(frozen=True)
class Job:
    spec: GameSpec
    comp: Component | None          # None: the calibration sheet
    lang: str
    paper: str
    path: Path

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


def load_games(root: Path, names: Iterable[str] = ()) -> dict[str, GameSpec]:
    """Load the named games (all when none is named); every problem of every spec is reported."""
    paths = {p.stem: p for p in find_specs(root)}
    errors: list[InputError] = []
    for name in names:
        if name not in paths:
            known = ", ".join(paths) or "none"
            errors.append(SpecError(Location("cardspecs", 0), f"unknown game '{name}' (expected one of: {known})",
                                    hint=f"games are the .yaml files in {root / 'cardspecs'}"))
    if errors:
        raise ErrorGroup(errors)
    games = {}
    for stem in (list(names) or list(paths)):
        try:
            spec = load_spec(paths[stem], root)
            games[spec.game] = spec
        except ErrorGroup as group:
            errors.extend(group.errors)
        except InputError as exc:
            errors.append(exc)
    if errors:
        raise ErrorGroup(errors)
    return games


def plan(games: dict[str, GameSpec], out: Path, lang: str = "all", paper: str | None = None,
         calibration: bool = False) -> list[Job]:
    """The files a build writes: ``out/<game>/<lang>/<component>[-<paper>].pdf``."""
    jobs: list[Job] = []
    errors: list[InputError] = []
    for spec in games.values():
        langs = spec.languages if lang == "all" else [lang]
        if lang != "all" and lang not in spec.languages:
            errors.append(SpecError(Location(spec.path, 0), f"game '{spec.game}' has no language '{lang}' "
                                    f"(expected one of: {', '.join(spec.languages)})"))
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
            jobs.append(Job(None, None, "en", pp, out / f"calibration-{pp}.pdf"))
    return jobs


def render_jobs(jobs: list[Job], tick: Callable[[Job], None] = lambda job: None) -> list:
    """Render every job in memory (nothing is written); one Output per job."""
    from .kit.calibration import render_calibration
    from .kit.render import render_component
    from .rulebook.pages import Output
    done = []
    for job in jobs:
        if job.comp is None:
            result = render_calibration(job.paper)
        else:
            result = render_component(job.spec, job.comp, job.lang, job.paper)
        done.append(Output(job.path, result.data, result.pages, result.cards))
        tick(job)
    return done


def render_rulebooks(root: Path, specs: dict[str, GameSpec], jobs: list[Job], out: Path,
                     names: Iterable[str] = (), lang: str = "all", index: bool = False) -> list:
    """The HTML rulebooks of the games in ``rules_src/`` (those named, or all), each page
    linking to the PDFs of ``jobs`` in its language; with ``index``, ``out/index.html``."""
    from .kit.render import _comp_title
    from .rulebook.pages import Rulebooks
    books = Rulebooks(root, specs)
    games = books.games(tuple(names))
    # per game and language: each component's title with its files, one per paper
    downloads: dict[tuple[str, str], list[tuple[str, list[tuple[str, str]]]]] = {}
    for job in jobs:
        if job.comp is not None:
            files = downloads.setdefault((job.spec.game, job.lang), [])
            title = _comp_title(job.spec, job.comp, job.lang)
            if not files or files[-1][0] != title:
                files.append((title, []))
            files[-1][1].append(("A4" if job.paper == "a4" else "Letter", job.path.name))
    outputs = []
    for rules in games:
        for lg in rules.editions:
            if lang in ("all", lg):
                outputs += books.page(rules, lg, out, downloads.get((rules.game, lg), []))
    if outputs:
        outputs.append(books.stylesheet(out))
    if index and books.templates.is_dir():          # a project without templates builds its PDFs only
        outputs.append(books.index(games, out, downloads))
    return outputs


def write_all(outputs) -> list[Written]:
    """Write every rendered file atomically; return what was written."""
    written = []
    for o in outputs:
        atomic_write(o.path, o.data)
        written.append(Written(o.path, o.pages, o.cards, len(o.data)))
    return written
