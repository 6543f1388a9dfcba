"""``forge check`` over rulebooks: worked examples, placeholders, translation staleness, and
what the sanitizer would remove from the pages.

Examples are replayed by :mod:`forge.engine.examples` and compared across the language
editions of each game. A translation that lacks a whole section is not also blamed for
that section's examples (:func:`forge.rulebook.staleness.unexcused`): the section is
reported as untranslated (its page shows the source), which fails only under ``--strict``,
like a stale section and like a warning that the sanitizer removed something.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..engine.examples import Report, check_paths, parse_examples, rules_files
from ..errors import InputError, Warning_
from .pages import check_placeholders
from .render import render_section
from .source import EDITION_FILE, Edition
from .staleness import Status, compare, editions_of, source_of, unexcused

__all__ = ["RulesReport", "check_rules"]


@dataclass
class RulesReport:
    examples: Report
    placeholders: list[InputError] = field(default_factory=list)
    statuses: list[Status] = field(default_factory=list)
    warnings: list[Warning_] = field(default_factory=list)     # what the sanitizer removes

    def ok(self, strict: bool = False) -> bool:
        return self.examples.ok and not self.placeholders and not (strict and (self.statuses or self.warnings))


def check_rules(paths: list[Path]) -> RulesReport:
    report = RulesReport(check_paths(paths))
    folders = sorted({p.parent for p in rules_files(paths) if EDITION_FILE.match(p.name)})
    editions: list[Edition] = []
    for folder in folders:
        found = editions_of(folder)
        for ed in found.values():
            editions.append(ed)
            examples = {e.id: e for e in parse_examples(ed.path)}
            report.placeholders += check_placeholders(ed, examples)
            for sec in ed.sections:
                report.warnings += render_section(ed, sec, examples, str, lambda ex: "")[1]
            source = source_of(ed, found)
            if source is not None:
                report.statuses += compare(source, ed)
    report.examples.missing = unexcused(report.examples.missing, editions, report.statuses)
    return report
