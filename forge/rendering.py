"""Render a build's files in memory, each unit again only when its inputs changed.

The units are a component's PDF (one per job of :mod:`forge.plan`), a kit's one file to print,
a rulebook page with its card drawings (and its booklet), the stylesheet and the index pages.
Each is looked up by its key in the record of the previous build (:class:`forge.incremental.Outputs`):
a unit whose key was made and whose files are intact is kept (:class:`~forge.incremental.Kept`),
the others are rendered. Nothing here writes a file.
"""
from __future__ import annotations

import dataclasses
from functools import partial
from pathlib import Path
from typing import Callable, Iterable

from .cardspec.images import FORMATS
from .cardspec.model import GameSpec
from .engine.registry import UnknownGame, games as engines
from .errors import ErrorGroup, Warning_
from .incremental import Kept, Outputs, stable, tree_digest
from .plan import Job, listing

__all__ = ["Renderer"]

#: image files under cardspecs/ (any of them may be printed: part of every kit's key)
IMAGE_SUFFIXES = {f".{s.lower()}" for s in FORMATS} | {".jpg", ".jpeg", ".tif", ".tiff", ".svg"}


class Renderer:
    """Renders the units of one build of the project ``root`` into ``outputs.out``; ``warn``
    receives each located warning once (a kept page gives its warnings again)."""

    def __init__(self, root: Path, outputs: Outputs, warn: Callable[[Warning_], None] = lambda w: None):
        self.root, self.outputs, self.out = Path(root), outputs, outputs.out
        self.warn, self.warned = warn, set()
        self._specs: dict[int, tuple[GameSpec, str]] = {}
        self._comps: dict[int, tuple[object, str]] = {}
        self._art: str | None = None

    # -- keys -----------------------------------------------------------------------------
    def spec_key(self, spec: GameSpec) -> str:
        """Everything of ``spec`` but its components: title, strings, settings, and the content of
        every image it prints (and of every image beside the specs)."""
        found = self._specs.get(id(spec))
        if found is None or found[0] is not spec:
            if self._art is None:
                folder = self.root / "cardspecs"
                self._art = tree_digest(self.root, *[p for p in folder.rglob("*") if p.suffix.lower() in IMAGE_SUFFIXES])
            data = {f.name: getattr(spec, f.name) for f in dataclasses.fields(spec) if f.name not in ("components", "warnings")}
            images = tree_digest(self.root, *[info.path for info, _ in spec.images.values()])
            found = self._specs[id(spec)] = (spec, self.outputs.key(stable(data, self.root), images, self._art))
        return found[1]

    def job_key(self, job: Job) -> str:
        where = job.path.relative_to(self.out).as_posix()
        if job.comp is None:
            return self.outputs.key("calibration", where, job.paper, job.colour)
        found = self._comps.get(id(job.comp))
        if found is None or found[0] is not job.comp:
            found = self._comps[id(job.comp)] = (job.comp, self.outputs.key(stable(job.comp, self.root)))
        return self.outputs.key("component", where, job.lang, job.paper, self.spec_key(job.spec), found[1])

    def _reuse(self, key: str, slot: str, make: Callable[[], list], collect: bool = False) -> list:
        """The unit of ``key`` (in ``slot``, :meth:`Outputs.get`): kept from the previous build,
        else made now (and recorded)."""
        found = self.outputs.get(key, slot)
        if found is not None:
            kept, warnings = found
            for w in warnings:
                self._warn(w)
            return kept
        said: list[Warning_] = []
        outputs = make(said.append) if collect else make()
        for w in said:
            self._warn(w)
        self.outputs.put(key, slot, outputs, said)
        return outputs

    def _warn(self, w: Warning_) -> None:
        if w not in self.warned:             # a section shown in two pages is reported once
            self.warned.add(w)
            self.warn(w)

    # -- the kits -------------------------------------------------------------------------
    def kits(self, jobs: list[Job], tick: Callable[[Job], None] = lambda job: None) -> list:
        """Every job's file, then the kits' files to print; a job's problems are all reported."""
        from .kit.calibration import render_calibration
        from .kit.render import render_component
        from .rulebook.pages import Output

        def render(job: Job) -> list:
            result = (render_calibration(job.paper, colour=job.colour) if job.comp is None
                      else render_component(job.spec, job.comp, job.lang, job.paper or job.comp.print.papers[0]))
            return [Output(job.path, result.data, result.pages, result.cards)]
        done, keys, errors, seen = [], [], [], set()
        for job in jobs:
            key = self.job_key(job)
            try:
                done += self._reuse(key, job.path.relative_to(self.out).as_posix(), partial(render, job))
            except ErrorGroup as group:          # every component's problems, each reported once
                fresh = [e for e in group.errors if str(e) not in seen]
                seen.update(str(e) for e in fresh)
                errors += fresh
                continue
            keys.append(key)
            tick(job)
        if errors:
            raise ErrorGroup(errors)
        return done + self._print_all(jobs, done, keys)

    def _print_all(self, jobs: list[Job], rendered: list, keys: list[str]) -> list:
        """Per game, language and paper, the one file to print (:mod:`forge.kit.print_all`),
        ``<game>/<lang>/print-all-<paper>.pdf``, from the component PDFs (one per job; a
        component on a page of its own goes to each paper's, which keeps its pages of that size)."""
        from .kit.print_all import print_all, print_all_name
        from .rulebook.pages import Output
        kits: dict[Path, tuple[Job, dict[str, object], list[str]]] = {}
        for job in jobs:
            if job.comp is not None and job.paper is not None:
                kits.setdefault(job.path.parent / print_all_name(job.paper), (job, {}, []))
        for job, out, key in zip(jobs, rendered, keys):
            if job.comp is not None:
                for path, (kit, pdfs, made_from) in kits.items():
                    if path.parent == job.path.parent and job.paper in (None, kit.paper):
                        pdfs[job.comp.name] = out
                        made_from.append(key)
        outputs = []
        for path, (job, pdfs, made_from) in kits.items():
            def make(job=job, pdfs=pdfs, path=path):
                result = print_all(job.spec, job.lang, job.paper, {name: o.data for name, o in pdfs.items()})
                return [Output(path, result.data, result.pages, result.cards)]
            where = path.relative_to(self.out).as_posix()
            outputs += self._reuse(self.outputs.key("print-all", where, job.lang, job.paper, self.spec_key(job.spec),
                                                    made_from), where, make)
        return outputs

    # -- the rulebooks --------------------------------------------------------------------
    def rulebooks(self, specs: dict[str, GameSpec], jobs: list[Job], names: Iterable[str] = (), lang: str = "all",
                  index: bool = False, site_url: str | None = None, chromium: str | None = None) -> list:
        """The HTML rulebooks of the games in ``rules_src/`` (those named, or all), each page
        linking to the PDFs of ``jobs`` in its language; with ``index``, ``out/index.html``.
        With ``site_url``, the pages link their other editions by absolute address. With
        ``chromium`` (:func:`forge.rulebook.booklet.find_chromium`), each page is also printed
        as an A4 booklet beside it, which the page links."""
        from .rulebook.booklet import BOOKLET, print_booklet
        from .rulebook.pages import Rulebooks, load_rules
        from .rulebook.source import EDITION_FILE
        from .rulebook.staleness import editions_of
        out, root = self.out, self.root
        said: list[Warning_] = []
        books = Rulebooks(root, specs, lambda w: said.append(w), site_url)
        folders = sorted(p for p in (root / "rules_src").iterdir() if p.is_dir()) \
            if (root / "rules_src").is_dir() else []
        downloads, calibration = listing(jobs, lambda path: path.is_file())
        shared = self.outputs.key(tree_digest(root, books.templates), books.index_langs(), calibration, site_url,
                                  bool(chromium), chromium)
        outputs, loaded = [], {}
        for folder in (f for f in folders if not names or f.name in set(names)):
            game_key = self.outputs.key(shared, folder.name, tree_digest(root, folder), self._engine(folder.name),
                                        self.spec_key(specs[folder.name]) if folder.name in specs else None,
                                        stable(specs[folder.name].components, root) if folder.name in specs else None)
            langs = sorted(m["lang"] for p in folder.glob("*.md") if (m := EDITION_FILE.match(p.name)))
            for lg in (l for l in langs if lang in ("all", l)):
                def make(collect, folder=folder, lg=lg):
                    said.clear()
                    if folder.name not in loaded:
                        loaded[folder.name] = load_rules(folder)
                    rules = loaded[folder.name]
                    if lg not in rules.editions:
                        return []
                    page = partial(books.page, rules, lg, out, downloads.get((rules.game, lg), []), calibration,
                                   BOOKLET if chromium else None)
                    made = page()
                    if chromium:
                        made.append(print_booklet(chromium, lambda pages: page(pages=pages), books.stylesheet(out), out))
                    for w in said:
                        collect(w)
                    return made
                outputs += self._reuse(self.outputs.key(game_key, lg, downloads.get((folder.name, lg), [])),
                                       f"page:{folder.name}/{lg}", make, collect=True)
        if outputs:                                     # the pages' stylesheet
            outputs += self._reuse(self.outputs.key("stylesheet", tree_digest(root, books.templates)), "stylesheet",
                                   lambda: [books.stylesheet(out)])
        if index and books.templates.is_dir():          # a project without templates builds its PDFs only
            def make_index():
                from .rulebook.pages import GameRules
                games = [GameRules(f.name, f, editions_of(f), {}) for f in folders]
                return books.index(games, out, downloads, calibration=calibration, booklet=BOOKLET if chromium else None)
            outputs += self._reuse(self.outputs.key(shared, "index", tree_digest(root, *folders), stable(downloads, root),
                                                    [self.spec_key(s) for s in specs.values()]), "index", make_index)
        return outputs

    def _engine(self, game: str) -> str | None:
        """The fingerprint of the engine ``game``'s pages are checked and drawn with, if any."""
        try:
            return engines(self.root).fingerprint(game)
        except UnknownGame:
            return None
