"""``forge check`` over rulebooks: worked examples, placeholders, and translation staleness.

Examples are replayed by :mod:`forge.engine.examples` and compared across the language
editions of each game. A translation that lacks a whole section is not also blamed for
that section's examples: the section is reported as untranslated (its page shows the
source), which fails only under ``--strict``, like a stale section.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..engine.examples import Report, check_paths, parse_examples, rules_files
from ..errors import InputError
from .pages import check_placeholders
from .source import EDITION_FILE, Edition
from .staleness import Status, compare, editions_of, source_of

__all__ = ["RulesReport", "check_rules"]


@dataclass
class RulesReport:
    examples: Report
    placeholders: list[InputError] = field(default_factory=list)
    statuses: list[Status] = field(default_factory=list)

    def ok(self, strict: bool = False) -> bool:
        return self.examples.ok and not self.placeholders and not (strict and self.statuses)


def _section_at(edition: Edition, line: int) -> str | None:
    current = None
    for sec in edition.sections:
        if sec.line <= line:
            current = sec.id
    return current


def check_rules(paths: list[Path]) -> RulesReport:
    report = RulesReport(check_paths(paths))
    folders = sorted({p.parent for p in rules_files(paths) if EDITION_FILE.match(p.name)})
    untranslated: set[tuple[Path, str]] = set()
    editions_by_path: dict[Path, Edition] = {}
    for folder in folders:
        editions = editions_of(folder)
        for ed in editions.values():
            editions_by_path[ed.path.resolve()] = ed
            report.placeholders += check_placeholders(ed, {e.id: e for e in parse_examples(ed.path)})
            source = source_of(ed, editions)
            if source is None:
                continue
            statuses = compare(source, ed)
            report.statuses += statuses
            untranslated |= {(ed.path.resolve(), s.section) for s in statuses if s.state == "untranslated"}

    def excused(m) -> bool:
        other = editions_by_path.get(m.found.path.resolve())
        return other is not None and (m.path.resolve(), _section_at(other, m.found.line)) in untranslated

    report.examples.missing = [m for m in report.examples.missing if not excused(m)]
    return report
