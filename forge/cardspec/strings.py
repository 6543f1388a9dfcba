"""A spec's localized strings: inline (``strings: {fr: {…}, en: {…}}``) or in a YAML file
named by ``strings:`` (inside the project), flattened to dotted keys per language.

Every language declared by the spec must define every key some language defines.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import DataFileError, InputError, Location, describe, excerpt
from ..inputs import is_file, resolve_inside
from .checks import Problems
from .yamlload import LocDict, blank, load_yaml

__all__ = ["read_strings"]


def read_strings(raw: LocDict, spec_dir: Path, root: Path, languages: list[str], pb: Problems,
                 undeclared: bool = True):
    """(strings by language, location of every ``lang:key``). With ``undeclared`` false (the
    language list itself is wrong, and reported), strings of other languages are skipped quietly."""
    table = raw.get("strings")
    where = raw.at("strings")
    if isinstance(table, str):
        try:
            path = resolve_inside(root, spec_dir, table, where, "strings file")
        except InputError as exc:
            pb.error(exc)
            return _empty(languages)
        if not is_file(path):
            pb.add(where, f"strings file not found (expected a YAML file, got {excerpt(table)})",
                   hint="paths are relative to the spec's folder", cls=DataFileError)
            return _empty(languages)
        with pb.collecting():
            table = load_yaml(path)
            where = Location(str(Location.of(path)), 1)
        if isinstance(table, str):                  # the file could not be read: reported
            return _empty(languages)
    if table is None:
        table = blank(where.file, where.line)
    if not isinstance(table, LocDict):
        pb.add(where, f"'strings' has the wrong type (expected a mapping of language → table, got {describe(table)})")
        return _empty(languages)
    out: dict[str, dict[str, str]] = {}
    locs: dict[str, Location] = {}

    def flatten(lang, d: LocDict, prefix: str):
        for k, v in d.items():
            key = f"{prefix}{k}"
            if isinstance(v, LocDict):
                flatten(lang, v, key + ".")
            elif isinstance(v, (str, int, float)) and not isinstance(v, bool):
                out[lang][key] = str(v)
                locs[f"{lang}:{key}"] = d.at(k)
            else:
                pb.add(d.at(k), f"string '{key}' has the wrong type (expected text, got {describe(v)})",
                       hint="quote it: yes, no, on and off are booleans in YAML")

    for lang, sub in table.items():
        if lang not in languages:
            if not undeclared:
                continue
            pb.add(table.at(lang), f"strings for undeclared language {excerpt(lang)} (expected one of: "
                   f"{', '.join(languages)})", hint="add the language to 'languages', or remove its strings")
            continue
        if not isinstance(sub, LocDict):
            pb.add(table.at(lang), f"strings of '{lang}' have the wrong type (expected a mapping, got {describe(sub)})")
            continue
        out[lang] = {}
        flatten(lang, sub, "")
    for lang in languages:
        out.setdefault(lang, {})
    every = set().union(*out.values()) if out else set()
    for lang in languages:
        for key in sorted(every - set(out[lang])):
            other = next(l for l in languages if key in out[l])
            pb.add(locs[f"{other}:{key}"], f"string '{key}' has no '{lang}' translation "
                   f"(expected every language to define it)", hint=f"add '{key}' under strings → {lang}")
    return out, locs


def _empty(languages: list[str]):
    return {lang: {} for lang in languages}, {}
