"""Plan and run a build: which PDFs to make, then make them all or none.

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

__all__ = ["Job", "Written", "load_games", "plan", "render_jobs", "write_all"]


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


def render_jobs(jobs: list[Job], tick: Callable[[Job], None] = lambda job: None) -> list[tuple[Job, object]]:
    """Render every job in memory (nothing is written)."""
    from .kit.calibration import render_calibration
    from .kit.render import render_component
    done = []
    for job in jobs:
        if job.comp is None:
            result = render_calibration(job.paper)
        else:
            result = render_component(job.spec, job.comp, job.lang, job.paper)
        done.append((job, result))
        tick(job)
    return done


def write_all(rendered) -> list[Written]:
    """Write every rendered file atomically; return what was written."""
    written = []
    for job, result in rendered:
        atomic_write(job.path, result.data)
        written.append(Written(job.path, result.pages, result.cards, len(result.data)))
    return written
