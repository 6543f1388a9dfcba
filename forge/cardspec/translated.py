"""A table of short texts in a language that only a catalog translates.

The game's strings (``strings.yaml``) and figure words (``figures.yaml``) are written per
language; a language written in neither but translated by the game's catalog
(``rules_src/<game>/po/<lang>.po``, :mod:`forge.i18n.catalog`) gets the source language's
table with each text replaced by its translation, placed at its catalog entry. A text whose
entry is missing, empty or fuzzy keeps the source's text and is pending (``keep`` decides
which keys are rather left out, e.g. a figure's optional cases); a translation that loses a
``{slot}`` is an error at its entry.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..errors import InputError, Location, excerpt
from ..i18n.catalog import Catalog, lookup
from ..i18n.marks import broken, said
from .yamlload import LocDict, blank

__all__ = ["Overlay", "overlay", "catalog_strings", "Languages"]


@dataclass
class Overlay:
    table: LocDict
    pending: list[tuple[str, str, Location]] = field(default_factory=list)   # (key, fuzzy|missing, where)
    errors: list[InputError] = field(default_factory=list)


def overlay(tree: LocDict, catalog: Catalog, po: Path, kind: str,
            left_out: Callable[[str], bool] = lambda key: False) -> Overlay:
    """``tree`` (the source language's table) translated by ``catalog``: entries of context
    ``<kind>:<dotted key>``."""
    out = Overlay(blank(str(Location.of(po)), 1))

    def walk(src: LocDict, dst: LocDict, prefix: str) -> None:
        for k, v in src.items():
            key = f"{prefix}{k}"
            if isinstance(v, LocDict):
                dst[k] = blank(dst.file, src.at(k).line)
                dst.key_locs[k] = dst.at()
                walk(v, dst[k], key + ".")
                continue
            if not str(v).strip():
                dst[k], dst.key_locs[k] = v, src.at(k)
                continue
            found = lookup(catalog, str(v), f"{kind}:{key}")
            where = Location.of(po, found.line) if found.line else Location.of(po)
            if found.text is None:
                if left_out(key):
                    continue
                out.pending.append((key, found.state, where))
                dst[k], dst.key_locs[k] = v, src.at(k)
                continue
            problems = broken(str(v), found.text, "string")
            if problems:
                out.errors.append(InputError(where, said(str(v), problems),
                                             hint="a translation keeps its source's {slots}"))
            dst[k], dst.key_locs[k] = found.text, where

    walk(tree, out.table, "")
    return out


def catalog_strings(game: str, root: Path, languages: list[str], strings: dict[str, dict[str, str]],
                    locs: dict[str, Location], pb) -> "Languages":
    """The spec's languages and those of the game's catalogs that the spec does not write,
    with their strings translated from the spec's first language's (pending ones are warnings,
    broken ones errors, located at their entries), and its data's texts (:class:`Languages`)."""
    from ..i18n.catalog import catalog_langs, catalog_path, read_catalog
    rules = root / "rules_src" / game
    added = [lang for lang in catalog_langs(rules) if lang not in languages]
    source = languages[0]
    catalogs = {}
    for lang in added:
        po = catalog_path(rules, lang)
        catalog = read_catalog(po, lang)
        catalogs[lang] = (po, catalog)
        strings[lang] = {}
        for key, text in strings.get(source, {}).items():
            if not text.strip():
                strings[lang][key] = text
                continue
            found = lookup(catalog, text, f"cards:{key}")
            where = Location.of(po, found.line) if found.line else Location.of(po)
            locs[f"{lang}:{key}"] = where
            if found.text is None:
                strings[lang][key] = text
                pb.warn(where, f"the card string '{key}' is {'fuzzy' if found.state == 'fuzzy' else 'not translated'}: "
                        f"the {lang} cards print the {source} text", hint=f"translate it in {Location.of(po)}")
                continue
            problems = broken(text, found.text, "string")
            if problems:
                pb.add(where, said(text, problems),
                       hint="a translation keeps its source's {slots}")
            strings[lang][key] = found.text
    return Languages(languages + added, source, catalogs, pb)


class Languages(list):
    """A spec's languages, and how a text its data writes per language (``{fr: …, en: …}``,
    Le Chat vert's rules) is said in a language only a catalog translates: ``translate(lang,
    source text, where)``, the entry of context ``rules:…`` whose msgid is that text (the source
    text itself, with a warning, when the catalog leaves it untranslated)."""

    def __init__(self, langs, source: str = "", catalogs: dict | None = None, pb=None):
        super().__init__(langs)
        self.source, self.pb = source, pb
        self.index = {lang: (po, {m.id: m for m in cat if m.id and str(m.context or "").startswith("rules:")})
                      for lang, (po, cat) in (catalogs or {}).items()}

    def translate(self, lang: str, text: str, where: Location) -> str | None:
        if lang not in self.index:
            return None
        po, index = self.index[lang]
        msg = index.get(text)
        at = Location.of(po, msg.lineno) if msg is not None and msg.lineno else Location.of(po)
        if msg is None or msg.fuzzy or not msg.string:
            self.pb.warn(at, f"{excerpt(text, 40)} ({where}) is {'fuzzy' if msg is not None and msg.fuzzy else 'not translated'}: "
                         f"the {lang} cards print the {self.source} text", hint=f"translate it in {Location.of(po)}")
            return text
        problems = broken(text, msg.string, "string")
        if problems:
            self.pb.add(at, said(text, problems),
                        hint="a translation keeps its source's {slots}")
        return msg.string
