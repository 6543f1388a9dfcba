"""Which sections of a translation no longer follow their source, and marking them done.

A translation's front matter records, for each section, the digest of the source
section it was translated from (``follows``). A section is

- *stale* when the source section's digest has changed since (or none was recorded);
- *untranslated* when the translation lacks it (the page shows the source's text);
- *orphan* when the source has no section of that id (an error: ids are shared).

A translation that lacks a whole section is not also blamed for that section's worked
examples (:func:`unexcused`): the section is reported as untranslated and its page shows
the source's text, examples included.

``mark_translated`` records the current source digests: the documented step a translator
takes once a section is brought up to date (``forge mark-translated GAME LANG [SECTION…]``).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..engine.examples import Missing
from ..errors import InputError, Location, Warning_
from ..files import atomic_write
from ..inputs import read_text
from ..i18n.catalog import catalog_langs, catalog_path
from .catalogs import written_edition
from .source import EDITION_FILE, FRONT, Edition, read_edition

#: the states of a unit written from a catalog, shown in the source language
UNIT_STATES = ("fuzzy", "missing")

__all__ = ["UNIT_STATES", "shadowed", "Status", "compare", "source_of", "mark_translated", "editions_of", "unexcused"]


@dataclass(frozen=True)
class Status:
    edition: Edition
    section: str
    state: str                 # stale | untranslated
    location: Location         # where the translator should look
    source_location: Location

    def __str__(self) -> str:
        if self.state in UNIT_STATES:
            what = ("is fuzzy: its source text changed since it was translated (clear the fuzzy flag once the "
                    "translation is updated)" if self.state == "fuzzy" else "is not translated")
            return (f"{self.location}: a unit of section '{self.section}' {what}; source: {self.source_location}; "
                    f"the page shows the source text")
        lang = self.edition.lang
        game = self.edition.path.parent.name
        if self.state == "untranslated":
            return (f"{self.location}: section '{self.section}' is not translated (source: {self.source_location}); "
                    f"the page shows the source text")
        why = ("records no source version" if self.section not in self.edition.follows
               else f"its source ({self.source_location}) changed since it was translated")
        return (f"{self.location}: section '{self.section}' is stale: {why}; "
                f"once updated: forge mark-translated {game} {lang} {self.section}")


def editions_of(folder: Path) -> dict[str, Edition]:
    """Every language edition of one game's rules folder, by language: its Markdown files,
    then each catalog (``po/<lang>.po``) of a language that has none, written from the source
    edition (a hand-written edition is kept as it is: see :func:`shadowed`)."""
    found = {e.lang: e for e in (read_edition(p) for p in sorted(folder.glob("*.md")) if EDITION_FILE.match(p.name))}
    langs = [lang for lang in catalog_langs(folder) if lang not in found] if found else []   # no rulebook here
    sources = [e for e in found.values() if not e.translation_of]
    if langs and len(sources) != 1:
        where = Location.of(sources[0].path, 1) if sources else Location.of(catalog_path(folder, langs[0]), 1)
        names = f" ({', '.join(e.path.name for e in sources)})" if sources else ""
        raise InputError(where, f"a catalog ({catalog_path(folder, langs[0]).name}) translates the source edition, "
                         f"and {folder.name} has {len(sources) or 'no'} editions that are not translations{names}",
                         hint="keep one edition without 'translation_of' (e.g. fr.md)")
    for lang in langs:
        found[lang] = written_edition(sources[0], catalog_path(folder, lang), lang)
    return dict(sorted(found.items()))


def shadowed(folder: Path) -> list[Warning_]:
    """A catalog not used because its language's edition is hand-written."""
    langs = {m["lang"] for p in folder.glob("*.md") if (m := EDITION_FILE.match(p.name))}
    return [Warning_(Location.of(catalog_path(folder, lang)), f"this catalog is not used: {lang}.md is the {lang} "
                     f"edition", "remove the Markdown edition to build from the catalog (forge i18n import made it)")
            for lang in catalog_langs(folder) if lang in langs]


def source_of(edition: Edition, editions: dict[str, Edition]) -> Edition | None:
    """The edition ``edition`` translates (None for a source edition)."""
    if not edition.translation_of:
        return None
    src = editions.get(edition.translation_of)
    if src is None or src.translation_of:
        raise InputError(edition.at(2), f"translation_of: '{edition.translation_of}' is not a source edition "
                         f"in {Location.of(edition.path.parent)} (expected one of: "
                         f"{', '.join(l for l, e in editions.items() if not e.translation_of) or 'none'})")
    return src


def compare(source: Edition, tr: Edition) -> list[Status]:
    """The stale and untranslated sections of ``tr``; orphan sections raise InputError."""
    if tr.written:
        return [Status(tr, p.section, p.state, p.location, p.source) for p in tr.written.pending]
    src_ids = set(source.ids)
    for sec in tr.sections:
        if sec.id not in src_ids:
            raise InputError(tr.at(sec.line), f"section '{sec.id}' is not in the source edition "
                             f"{Location.of(source.path)}", hint="section ids are shared by every language edition")
    out = []
    for sec in source.sections:
        mine = tr.section(sec.id)
        if mine is None:
            out.append(Status(tr, sec.id, "untranslated", tr.at(1), source.at(sec.line)))
        elif tr.follows.get(sec.id) != sec.digest:
            out.append(Status(tr, sec.id, "stale", tr.at(mine.line), source.at(sec.line)))
    return out


def unexcused(missing: list[Missing], editions: Iterable[Edition], statuses: Iterable[Status]) -> list[Missing]:
    """The example ids of ``missing`` that no untranslated section explains: an edition that
    lacks the section holding the example (in the edition that has it) is excused."""
    by_path = {e.path.resolve(): e for e in editions}
    untranslated = {(s.edition.path.resolve(), s.section) for s in statuses if s.state == "untranslated"}

    def excused(m: Missing) -> bool:
        other = by_path.get(m.found.path.resolve())
        return other is not None and (m.path.resolve(), other.section_at(m.found.line)) in untranslated

    return [m for m in missing if not excused(m)]


def mark_translated(tr: Edition, source: Edition, ids: list[str] | None = None) -> list[str]:
    """Record the source's current digest for ``ids`` (all translated sections when None).
    Returns the ids marked. The front matter is rewritten; the text below it is kept."""
    known = set(tr.ids)
    for sid in ids or []:
        if sid not in known:
            raise InputError(Location.of(tr.path), f"no section '{sid}' in this edition "
                             f"(expected one of: {', '.join(tr.ids)})")
    chosen = [s.id for s in source.sections if s.id in known and (ids is None or s.id in ids)]
    follows = dict(tr.follows)
    for sid in chosen:
        follows[sid] = source.section(sid).digest
    order = [s.id for s in source.sections if s.id in follows]
    front = [f"translation_of: {tr.translation_of}", "follows:"]
    front += [f"  {sid}: {follows[sid]}" for sid in order]
    text = read_text(tr.path)
    body = FRONT.sub("", text, count=1)
    atomic_write(tr.path, ("---\n" + "\n".join(front) + "\n---\n" + body).encode("utf-8"))
    return chosen
