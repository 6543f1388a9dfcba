"""A game's catalogs made from its sources: ``forge i18n extract``, ``import`` and ``update``.

- :func:`template` — everything a player of the game reads, in the source language: the
  rulebook's units (:mod:`forge.i18n.units`), the strings printed on its cards, the words of
  its figures, the texts of its rules data; each entry located (``#: rules_src/x/fr.md:42``)
  and commented for the translator.
- :func:`imported` — a hand-written edition turned into a catalog, unit by unit where its
  blocks follow the source's, and section by section where they do not (an entry flagged
  ``forge-section``, its text the whole section): the edition it writes is the hand-written
  one, line for line. A stale section's units are imported fuzzy.
- :func:`updated` — Babel's merge of a new template into a catalog: a changed source text
  makes its entry fuzzy (its old text kept as ``#| msgid``), a removed one obsolete
  (``#~``); no translation is lost.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import InputError, Location
from ..i18n.catalog import Catalog, new_catalog, read_catalog
from ..i18n.units import cut, join, units_of
from ..rulebook.catalogs import TITLE
from ..rulebook.source import Edition
from ..rulebook.staleness import editions_of
from .strings import string_entries

__all__ = ["template", "imported", "updated", "SECTION_FLAG", "source_edition"]

SECTION_FLAG = "forge-section"
COMMENTS = {
    "title": "The rulebook's title.",
    "heading": "A heading of the rulebook: one line.",
    "paragraph": "A paragraph (Markdown): keep **bold**, *emphasis*, `code` and link targets; break lines "
                 "anywhere, but leave no blank line.",
    "item": "A list item (Markdown): keep its marks; break lines anywhere, but leave no blank line.",
    "quote": "A quoted block (Markdown).",
    "cell": "A table cell: one line, no '|'.",
    "section": "A whole section of the hand-written edition, whose blocks do not follow the source's one by one: "
               "translate it as Markdown, keeping its headings' {#ids} and its worked-example blocks.",
}
CHECKED = "{{example-id.field}} is a value the rules engine checks in a worked example: keep it as it is."


def source_edition(folder: Path, editions: dict[str, Edition] | None = None) -> Edition:
    editions = editions_of(folder) if editions is None else editions
    sources = [e for e in editions.values() if not e.translation_of and not e.written]
    if len(sources) != 1:
        raise InputError(Location.of(folder), f"{folder.name} has {len(sources) or 'no'} source editions "
                         "(editions without 'translation_of')", hint="a game's catalogs translate its one source edition")
    return sources[0]


def _where(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _add(cat: Catalog, msgid: str, context: str, where: tuple[str, int], comments: list[str],
         string: str = "", flags: tuple = ()) -> None:
    old = cat.get(msgid, context=context)
    if old is not None:
        old.locations.append(where)
        return
    cat.add(msgid, string, locations=[where], auto_comments=comments, context=context, flags=flags)


def _rulebook(cat: Catalog, source: Edition, root: Path) -> None:
    file = _where(source.path, root)
    title_line = source.sections[0].line if source.sections else 1
    _add(cat, source.title, TITLE, (file, title_line), [COMMENTS["title"]])
    for sec in source.sections:
        for unit in units_of(cut(sec.lines, sec.numbers, source.path)):
            comments = [COMMENTS[unit.kind]] + ([CHECKED] if "{{" in unit.text else [])
            _add(cat, unit.text, sec.id, (file, unit.line), comments)


def template(folder: Path, root: Path, keep_sections: Catalog | None = None) -> Catalog:
    """The game's template; ``keep_sections``: a catalog whose whole-section entries the
    template keeps (at the section's current text), so that an update does not drop them."""
    source = source_edition(folder)
    cat = new_catalog(folder.name, None)
    _rulebook(cat, source, root)
    if keep_sections is not None:
        kept = {m.context for m in [*keep_sections, *keep_sections.obsolete.values()] if SECTION_FLAG in m.flags}
        for sec in source.sections:
            if sec.id in kept:
                _add(cat, sec.text, sec.id, (_where(source.path, root), sec.line), [COMMENTS["section"]],
                     flags=(SECTION_FLAG,))
    for msgid, context, where, comments, flags in string_entries(folder, root, source.lang):
        _add(cat, msgid, context, where, comments, flags=flags)
    return cat


def imported(folder: Path, root: Path, lang: str) -> Catalog:
    """The catalog of the hand-written edition ``lang`` (and the game's ``lang`` strings)."""
    editions = editions_of(folder)
    source = source_edition(folder, editions)
    tr = editions.get(lang)
    if tr is None or tr.written:
        raise InputError(Location.of(folder / f"{lang}.md"), f"no hand-written {lang} edition to import",
                         hint=f"write rules_src/{folder.name}/{lang}.md, or start a catalog with forge i18n update {lang}")
    if tr.translation_of != source.lang:
        raise InputError(tr.at(1), f"{lang}.md is not a translation of {source.lang}.md",
                         hint=f"its front matter says translation_of: {source.lang}")
    cat = new_catalog(folder.name, lang)
    file = _where(source.path, root)
    _add(cat, source.title, TITLE, (file, source.sections[0].line if source.sections else 1),
         [COMMENTS["title"]], tr.title)
    for sec in source.sections:
        mine = tr.section(sec.id)
        if mine is None:
            continue
        stale = tr.follows.get(sec.id) != sec.digest
        flags = ("fuzzy",) if stale else ()
        pieces = cut(sec.lines, sec.numbers, source.path)
        units, texts = units_of(pieces), _paired(sec, mine, source.path, tr.path)
        if texts is not None and len(set(zip(((u.text for u in units)), texts))) == len({u.text for u in units}) \
                and join(pieces, texts) == mine.lines:
            for unit, text in zip(units, texts):
                comments = [COMMENTS[unit.kind]] + ([CHECKED] if "{{" in unit.text else [])
                _add(cat, unit.text, sec.id, (file, unit.line), comments, text, flags)
        else:
            _add(cat, sec.text, sec.id, (file, sec.line), [COMMENTS["section"]], mine.text, flags + (SECTION_FLAG,))
    for msgid, context, where, comments, flags in string_entries(folder, root, source.lang, lang):
        msgid, text = msgid
        _add(cat, msgid, context, where, comments, text, flags)
    return cat


def _paired(sec, mine, source: Path, path: Path) -> list[str] | None:
    """The translation's text of each unit of ``sec``, paired block by block with ``mine``
    (None when their blocks differ). Bare cells count on both sides ("2e" ↔ "2."), and one
    the source leaves bare must be written the same in the translation."""
    every = units_of(cut(sec.lines, sec.numbers, source, every=True))
    theirs = units_of(cut(mine.lines, mine.numbers, path, every=True))
    if len(every) != len(theirs) or any(a.kind != b.kind for a, b in zip(every, theirs)):
        return None
    real = {(u.line, u.text) for u in units_of(cut(sec.lines, sec.numbers, source))}
    texts = []
    for a, b in zip(every, theirs):
        if (a.line, a.text) in real:
            texts.append(b.text)
        elif a.text != b.text:
            return None
    return texts


def updated(folder: Path, root: Path, po: Path, lang: str) -> Catalog:
    """``po`` merged with the game's current template (a new catalog when ``po`` is absent)."""
    cat = read_catalog(po, lang) if po.is_file() else new_catalog(folder.name, lang)
    cat.update(template(folder, root, keep_sections=cat), update_creation_date=False)
    return cat
