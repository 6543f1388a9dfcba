"""``forge check`` over rulebooks: worked examples, placeholders, translation staleness, and
what the sanitizer would remove from the pages.

The page words and figure texts each edition needs are checked too (a missing figure text
would otherwise only show at build time). Examples are replayed by :mod:`forge.engine.examples` and compared across the language
editions of each game. A translation that lacks a whole section is not also blamed for
that section's examples (:func:`forge.rulebook.staleness.unexcused`): the section is
reported as untranslated (its page shows the source), which fails only under ``--strict``,
like a stale section and like a warning that the sanitizer removed something.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import os
from pathlib import Path

from ..cache import Cache, digest
from ..engine import Game, registry
from ..engine.examples import Report, check_paths, rules_files
from ..errors import InputError, Location, Warning_, gather
from .about import rulings_of
from .cards import CardArt
from .figures import build_figure, load_words
from .pages import check_placeholders
from .catalogs import examples_of, prose_of
from .render import render_section
from .source import EDITION_FILE, Edition
from .staleness import Status, compare, editions_of, shadowed, source_of, unexcused
from .ui import catalog_words, load_ui

__all__ = ["RulesReport", "check_rules"]


@dataclass
class RulesReport:
    examples: Report
    placeholders: list[InputError] = field(default_factory=list)
    prose: list[InputError] = field(default_factory=list)      # a paragraph naming what its example lacks
    statuses: list[Status] = field(default_factory=list)
    warnings: list[Warning_] = field(default_factory=list)     # what the sanitizer removes
    unsound: list[InputError] = field(default_factory=list)    # a game's own checks (added rules…)

    def ok(self, strict: bool = False) -> bool:
        return (self.examples.ok and not self.placeholders and not self.prose and not self.unsound
                and not (strict and (self.statuses or self.warnings)))


def _check_words(folder: Path, ed: Edition, examples: dict) -> None:
    """The words the pages of ``ed`` need: its page words (templates/i18n) and, for every
    example, a figure text for each given, move and expected field (figures.yaml)."""
    templates = folder.parent.parent / "templates"
    if not templates.is_dir():      # a project without its own templates: the words are checked when it builds
        return
    ui, words = load_ui(templates, ed.lang), load_words(folder, ed.lang)
    gather(examples.values(), lambda ex: build_figure(ex, words, ui, CardArt(None, ed.lang)))


def _game_checks(folder: Path) -> list[InputError]:
    """The checks a game's engine asks of its rules folder (:meth:`Game.check_source`), kept
    between runs in the project's cache under everything the engine plays from (a game that
    simulates each added rule: seconds that a run with nothing changed does not spend again)."""
    root = registry.project_of(folder / "x.md")
    games = registry.games(root)
    if folder.name not in games or type(games.get(folder.name)).check_source is Game.check_source:
        return []

    def run() -> list:
        return [[e.location.file, e.location.line, e.location.cell, e.message, e.hint]
                for e in games.get(folder.name).check_source(folder)]
    top = Path(os.path.realpath(root))
    found = Cache(root).get("check-source", digest(games.fingerprint(folder.name), *(      # the places it names
        p.relative_to(top).as_posix() if p.is_relative_to(top) else str(p)   # are shown from the working folder
        for p in (Path(os.path.realpath(folder)), Path(os.path.realpath(os.getcwd()))))), run)
    return [InputError(Location(file, line, cell), message, hint) for file, line, cell, message, hint in found]


def check_rules(paths: list[Path]) -> RulesReport:
    report = RulesReport(check_paths(paths))
    folders = sorted({p.parent for p in rules_files(paths) if EDITION_FILE.match(p.name)})
    editions: list[Edition] = []
    for folder in folders:
        report.unsound += _game_checks(folder)
        report.warnings += shadowed(folder)
        found = editions_of(folder)
        for ed in found.values():
            editions.append(ed)
            examples = {e.id: e for e in examples_of(ed)}
            report.placeholders += check_placeholders(ed, examples)
            report.prose += prose_of(ed)
            _check_words(folder, ed, examples)
            rulings = rulings_of(folder.name, registry.project_of(ed.path))
            for sec in ed.sections:
                report.warnings += render_section(ed, sec, examples, str, lambda ex: "", rulings=rulings)[1]
            source = source_of(ed, found)
            if source is not None:
                report.statuses += compare(source, ed)
    report.examples.missing = unexcused(report.examples.missing, editions, report.statuses)
    report.warnings += _page_words_pending(folders, {ed.lang for ed in editions})
    return report


def _page_words_pending(folders: list[Path], langs: set[str]) -> list[Warning_]:
    """A warning for each page word a language's catalog leaves in English."""
    templates = folders[0].parent.parent / "templates" if folders else None
    if templates is None or not templates.is_dir():
        return []
    return [Warning_(where, f"the page word '{key}' is {'fuzzy' if state == 'fuzzy' else 'not translated'}: "
                     f"the {lang} pages say it in English", "translate it in the catalog")
            for lang in sorted(langs) if not (templates / "i18n" / f"{lang}.yaml").is_file()
            and (templates / "i18n" / f"{lang}.po").is_file()
            for key, state, where in catalog_words(templates, lang)[1]]
