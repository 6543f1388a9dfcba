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
from .errors import ForgeError, Warning_
from .incremental import Kept, Outputs, stable, tree_digest
from .plan import Job, listing
from .workers import Later

__all__ = ["Renderer"]

#: image files under cardspecs/ (any of them may be printed: part of every kit's key)
IMAGE_SUFFIXES = {f".{s.lower()}" for s in FORMATS} | {".jpg", ".jpeg", ".tif", ".tiff", ".svg"}


def sources(spec: GameSpec, comp) -> list:
    """The other components of ``spec`` whose rows a face of ``comp`` shows (a reference card
    lists a deck's ranks: a parameter of kind "component"); every other one when a name is not
    plainly one of them."""
    names = set()
    for face in (comp.front, comp.back):
        layout = face.draws if face is not None else None
        for name, param in (layout.params.items() if layout is not None else ()):
            if param.kind == "component":
                names.add(str(face.params.get(name, param.default)))
    if names - set(spec.components):
        names = set(spec.components)
    return [spec.components[n] for n in sorted(names - {comp.name})]


class Renderer:
    """Renders the units of one build of the project ``root`` into ``outputs.out``; ``warn``
    receives each located warning once (a kept page gives its warnings again)."""

    def __init__(self, root: Path, outputs: Outputs, warn: Callable[[Warning_], None] = lambda w: None):
        self.root, self.outputs, self.out = Path(root), outputs, outputs.out
        self.warn, self.warned = warn, set()
        self._keys: dict[tuple[int, str], tuple[object, str]] = {}      # (id, what) → (object, its key)
        self._art: str | None = None

    # -- keys -----------------------------------------------------------------------------
    def _once(self, obj: object, extra: str, make: Callable[[], str]) -> str:
        """``make()``, the key of ``obj`` (and ``extra``), computed once per build: the same
        object (not one that took the place of a freed one) gives the key kept."""
        found = self._keys.get((id(obj), extra))
        if found is None or found[0] is not obj:
            found = self._keys[id(obj), extra] = (obj, make())
        return found[1]

    def spec_key(self, spec: GameSpec) -> str:
        """Everything of ``spec`` but its components: title, strings, settings, and the content of
        every image it prints (and of every image beside the specs)."""
        def make() -> str:
            if self._art is None:
                folder = self.root / "cardspecs"
                self._art = tree_digest(self.root, *[p for p in folder.rglob("*") if p.suffix.lower() in IMAGE_SUFFIXES])
            data = {f.name: getattr(spec, f.name) for f in dataclasses.fields(spec) if f.name not in ("components", "warnings")}
            images = tree_digest(self.root, *[info.path for info, _ in spec.images.values()])
            return self.outputs.key(stable(data, self.root), images, self._art)
        return self._once(spec, "spec", make)

    def job_key(self, job: Job) -> str:
        where = job.path.relative_to(self.out).as_posix()
        if job.comp is None:
            return self.outputs.key("calibration", where, job.paper, job.colour)
        drawn = self._once(job.comp, f"drawn:{job.lang}", lambda: self.outputs.key(
            self.comp_key(job.comp, job.lang), [self.comp_key(c, job.lang) for c in sources(job.spec, job.comp)]))
        return self.outputs.key("component", where, job.lang, job.paper, self.spec_key(job.spec), drawn)

    def comp_key(self, comp, lang: str) -> str:
        """All of ``comp`` that is printed in ``lang``: its settings and faces, and its rows in
        ``lang`` (a component with a data file per language: not the other languages' rows)."""
        return self._once(comp, f"printed:{lang}", lambda: self.outputs.key(stable(dataclasses.replace(
            comp, lang_rows={k: v for k, v in comp.lang_rows.items() if k == lang}), self.root)))

    def _reuse(self, key: str, slot: str, make: Callable[[], list]) -> list:
        """The unit of ``key`` (in ``slot``, :meth:`Outputs.get`): kept from the previous build,
        else made now (and recorded)."""
        kept = self._kept(key, slot)
        if kept is not None:
            return kept
        outputs = make()
        self.outputs.put(key, slot, outputs)
        return outputs

    def _kept(self, key: str, slot: str) -> list[Kept] | None:
        """The unit's files kept from the previous build (its warnings given again), or None."""
        found = self.outputs.get(key, slot)
        if found is None:
            return None
        kept, warnings = found
        for w in warnings:
            self._warn(w)
        return kept

    def _warn(self, w: Warning_) -> None:
        if w not in self.warned:             # a section shown in two pages is reported once
            self.warned.add(w)
            self.warn(w)

    # -- the kits -------------------------------------------------------------------------
    def kits(self, jobs: list[Job], tick: Callable[[Job], None] = lambda job: None) -> Later:
        """Every job's file, rendered on every core (when run by :func:`together`); every job's
        problems are reported. It gives the files, and the work that joins them into the
        kits' files to print (:meth:`_print_all`)."""
        from .kit.calibration import render_calibration
        from .kit.fonts import register_fonts
        from .kit.render import render_component
        from .rulebook.pages import Output

        def render(job: Job) -> list:
            result = (render_calibration(job.paper, colour=job.colour) if job.comp is None
                      else render_component(job.spec, job.comp, job.lang, job.paper or job.comp.print.papers[0]))
            return [Output(job.path, result.data, result.pages, result.cards)]
        keys = [self.job_key(job) for job in jobs]

        def then(done: list[list]) -> tuple[list, Later]:
            return [o for outputs in done for o in outputs], self._print_all(jobs, [outputs[0] for outputs in done], keys)
        work = self._units([(key, job.path.relative_to(self.out).as_posix(), partial(render, job))
                            for key, job in zip(keys, jobs)], lambda i: tick(jobs[i]))
        if work.tasks:
            register_fonts()               # parsed here, once, not again in each worker forked
        return work.then(then)

    def _units(self, units: list[tuple[str, str, Callable[[], list]]], tick: Callable[[int], None] = lambda i: None
               ) -> Later:
        """Each unit's outputs (key, slot, make): kept, or made on every core and recorded."""
        found: list = [None] * len(units)
        todo = []
        for i, (key, slot, _) in enumerate(units):
            found[i] = self._kept(key, slot)
            if found[i] is None:
                todo.append(i)
            else:
                tick(i)

        def then(made: list) -> list[list]:
            for i, outputs in zip(todo, made):
                key, slot, _ = units[i]
                self.outputs.put(key, slot, outputs)
                found[i] = outputs
            return found
        return Later([units[i][2] for i in todo], then, lambda n: tick(todo[n]))

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

        def make(job: Job, pdfs: dict, path: Path) -> list:
            result = print_all(job.spec, job.lang, job.paper, {name: o.data for name, o in pdfs.items()})
            return [Output(path, result.data, result.pages, result.cards)]
        units = []
        for path, (job, pdfs, made_from) in kits.items():
            where = path.relative_to(self.out).as_posix()
            units.append((self.outputs.key("print-all", where, job.lang, job.paper, self.spec_key(job.spec), made_from),
                          where, partial(make, job, pdfs, path)))
        return self._units(units).then(lambda found: [o for outputs in found for o in outputs])

    def rule_folders(self, names: Iterable[str] = ()) -> list[Path]:
        """The game folders of ``rules_src/`` (those of ``names``, or all), sorted."""
        folder, names = self.root / "rules_src", set(names)
        return sorted(p for p in folder.iterdir() if p.is_dir() and (not names or p.name in names)) \
            if folder.is_dir() else []

    def simulations(self, names: Iterable[str]) -> Later:
        """The simulations the "about the game" boxes of the games ``names`` (every game of
        ``rules_src/`` when none is named) still need
        (:func:`forge.rulebook.about.pending`), one task per game and player count; when run
        (:func:`together`), their figures are known to the pages rendered after."""
        from .rulebook.about import keep, pending, run_of
        tasks, parts, labels = [], [], []
        for game in (f.name for f in self.rule_folders(names)):
            try:
                run = run_of(game, self.root)
                found = pending(game, run, self.root) if run is not None else []
            except ForgeError:             # an engine that cannot be used: its page says where
                continue
            if found:
                parts.append((game, run, len(tasks), len(tasks) + len(found)))
                tasks += found
                labels += [game] * len(found)

        def finish(figures: list) -> None:
            for game, run, start, end in parts:
                keep(game, run, self.root, figures[start:end])
        return Later(tasks, finish, labels=tuple(labels))

    # -- the rulebooks --------------------------------------------------------------------
    def rulebooks(self, specs: dict[str, GameSpec], jobs: list[Job], names: Iterable[str] = (), lang: str = "all",
                  index: bool = False, site_url: str | None = None, chromium: str | None = None) -> Later:
        """The HTML rulebooks of the games in ``rules_src/`` (those named, or all), each page
        linking to the PDFs of ``jobs`` in its language; with ``index``, ``out/index.html``.
        With ``site_url``, the pages link their other editions by absolute address. With
        ``chromium`` (:func:`forge.rulebook.booklet.find_chromium`), each page is also printed
        as an A4 booklet beside it, which the page links (when run by :func:`together`)."""
        from .rulebook.booklet import BOOKLET
        from .rulebook.pages import Rulebooks
        from .i18n.catalog import catalog_langs
        from .rulebook.source import EDITION_FILE
        from .rulebook.staleness import editions_of
        out, root = self.out, self.root
        said: list[Warning_] = []
        books = Rulebooks(root, specs, lambda w: said.append(w), site_url)
        folders = self.rule_folders()
        downloads, calibration = listing(jobs, lambda path: path.is_file())
        shared = self.outputs.key(tree_digest(root, books.templates), books.index_langs(), calibration, site_url,
                                  bool(chromium), chromium)
        outputs, tasks, todo, games = [], [], [], []
        for folder in self.rule_folders(names):
            spec = specs.get(folder.name)
            game_key = self.outputs.key(shared, folder.name, tree_digest(root, folder), self._engine(folder.name),
                                        self.spec_key(spec) if spec else None)
            langs = sorted({m["lang"] for p in folder.glob("*.md") if (m := EDITION_FILE.match(p.name))}
                           | set(catalog_langs(folder)))
            missed = []
            for lg in (l for l in langs if lang in ("all", l)):
                cards = [self.comp_key(c, lg) for c in spec.components.values()] if spec else None
                unit = (self.outputs.key(game_key, lg, cards, downloads.get((folder.name, lg), [])),
                        f"page:{folder.name}/{lg}")
                kept = self._kept(*unit)
                if kept is None:
                    missed.append((lg, unit))
                else:
                    outputs += kept
            for lg, unit in missed:                 # each edition on a core of its own
                tasks.append(partial(self._pages, books, said, folder, [lg], downloads, calibration, chromium))
                todo.append([unit])
                games.append(folder.name)

        if len(tasks) > 1:                          # once here, not again in each worker forked
            from .kit.fonts import register_fonts
            register_fonts()                        # the card drawings measure their words
            if books.templates.is_dir():
                books.compile_templates()

        def then(done: list) -> list:
            for units, made in zip(todo, done):
                for unit, (pages, warnings) in zip(units, made):
                    for w in warnings:
                        self._warn(w)
                    self.outputs.put(*unit, pages, warnings)
                    outputs.extend(pages)
            if outputs:                                     # the pages' stylesheet
                outputs.extend(self._reuse(self.outputs.key("stylesheet", tree_digest(root, books.templates)),
                                           "stylesheet", lambda: [books.stylesheet(out)]))
            if index and books.templates.is_dir():          # a project without templates builds its PDFs only
                def make_index():
                    from .rulebook.pages import GameRules
                    games = [GameRules(f.name, f, editions_of(f), {}) for f in folders]
                    return books.index(games, out, downloads, calibration=calibration,
                                       booklet=BOOKLET if chromium else None)
                # the landing page draws a card of each game (its layouts) and says its player
                # count (its engine)
                outputs.extend(self._reuse(self.outputs.key(shared, "index", tree_digest(root, *folders),
                                                            stable(downloads, root),
                                                            [self.spec_key(s) for s in specs.values()],
                                                            [[self.comp_key(c, lg) for c in s.components.values()
                                                              for lg in s.languages] for s in specs.values()],
                                                            [self._engine(name) for name in sorted(specs)]),
                                           "index", make_index))
            return outputs
        return Later(tasks, then, labels=tuple(games))

    def _pages(self, books, said: list, folder: Path, langs: list[str], downloads: dict, calibration: list,
               chromium: str | None) -> list[tuple[list, list[Warning_]]]:
        """The pages of ``folder``'s editions ``langs`` (with their booklets), each with the
        warnings its rendering gave (``books`` reports them into ``said``)."""
        from .rulebook.booklet import BOOKLET, print_booklet
        from .rulebook.pages import load_rules
        rules = load_rules(folder)
        made = []
        for lg in langs:
            said.clear()
            if lg not in rules.editions:
                made.append(([], []))
                continue
            page = partial(books.page, rules, lg, self.out, downloads.get((rules.game, lg), []), calibration,
                           BOOKLET if chromium else None)
            files = page()
            if chromium:
                files.append(print_booklet(chromium, lambda pages: page(pages=pages), books.stylesheet(self.out),
                                           self.out))
            made.append((files, list(said)))
        return made

    def _engine(self, game: str) -> str | None:
        """The fingerprint of the engine ``game``'s pages are checked and drawn with, if any."""
        try:
            return engines(self.root).fingerprint(game)
        except UnknownGame:
            return None
