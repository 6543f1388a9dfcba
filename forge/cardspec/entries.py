"""Cards from the entries of a YAML mapping whose texts are given per language.

Some data is shared with another part of forge: the added rules of a game
(``rules_src/foxhens/rules.yaml``) are played by its rules engine and printed one per card.
A component reads such a file with a mapping as its ``data``::

    data:
      file: ../rules_src/foxhens/rules.yaml    # relative to the spec, inside the project
      entries: rules                           # the key whose mapping (id → entry) makes the cards
      text: [title, text]                      # each {fr: …, en: …}: one text per language, required
      texts: [phrases]                         # each {name: {fr: …, en: …}, …}: optional, one per line
      others: [when, do, change, tokens]       # read by someone else (the engine): allowed, not printed

Each entry is one card, in the file's order, in every language: its fields are ``id`` (the
entry's key) and the keys named in ``text`` and ``texts``, in that language. Nothing is
dropped quietly: an entry key named nowhere, a language missing from a text or one the spec
does not build, an empty text, a value that is not text: each is an error at its line.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import DataFileError, InputError, LimitError, Location, describe, excerpt
from ..inputs import is_file, resolve_inside
from ..limits import limit
from .checks import Problems, check_keys, close_match, str_list, typed
from .data import FIELD, Record
from .yamlload import LocDict, load_yaml

__all__ = ["read_entries", "ENTRIES_KEYS"]

ENTRIES_KEYS = {
    "file": "the YAML file holding the entries, relative to the spec's folder",
    "entries": "the file's key whose mapping (id → entry) makes the cards, one per entry",
    "text": "entry keys holding one text per language ({fr: …, en: …}), each required",
    "texts": "entry keys holding named texts per language ({name: {fr: …, en: …}}), optional, one per line",
    "others": "entry keys read elsewhere (e.g. by the rules engine): allowed, not printed",
}
RESERVED = ("id", "copies")          # the entry's key, and what a row's copies are read from


def read_entries(comp: LocDict, spec_dir: Path, root: Path, languages: list[str],
                 pb: Problems) -> dict[str, list[Record]]:
    """The records of ``comp``'s ``data`` mapping, per language (see the module's docstring).
    An entry with a problem makes no card: the problem is reported, at its line."""
    out: dict[str, list[Record]] = {lang: [] for lang in languages}
    keys = _declared(comp, pb)
    mapping = _entries(comp["data"], spec_dir, root, pb) if keys else None
    for ident, entry in (mapping or {}).items():
        before = len(pb.errors)
        fields = _fields(str(ident), entry, mapping.at(ident), keys, languages, pb)
        if len(pb.errors) == before:
            for lang in languages:
                out[lang].append((fields[lang], mapping.at(ident)))
    return out


def _declared(comp: LocDict, pb: Problems) -> dict[str, list[str]] | None:
    """The entry keys the ``data`` mapping names under text, texts and others; None (and the
    problems recorded) when the mapping itself is wrong."""
    d = comp["data"]
    before = len(pb.errors)
    if "rows" in comp:
        pb.add(comp.at("data"), "a component takes 'rows' or 'data', not both", hint="remove one of them")
    check_keys(d, ENTRIES_KEYS, "a 'data' mapping", pb)
    keys = {key: typed(d, key, pb, "a list of key names", _names, []) for key in ("text", "texts", "others")}
    named = [k for names in keys.values() for k in names]
    for key in sorted({k for k in named if named.count(k) > 1}):
        pb.add(d.at(), f"entry key '{key}' is named twice among text, texts and others", hint="name it once")
    for key in keys["text"] + keys["texts"]:
        if not FIELD.match(key) or key in RESERVED:
            pb.add(d.at(), f"entry key {excerpt(key)} cannot be a field (expected letters, digits and _, "
                   f"not {' or '.join(RESERVED)})", cls=DataFileError)
    for key in ("file", "entries"):
        if key not in d:
            pb.add(d.at(), f"the 'data' mapping needs '{key}' ({ENTRIES_KEYS[key]})")
    if len(pb.errors) == before and not keys["text"] + keys["texts"]:
        pb.add(d.at(), "the 'data' mapping prints nothing (expected at least one key under text or texts)")
    return keys if len(pb.errors) == before else None


def _fields(ident: str, entry, where: Location, keys: dict[str, list[str]], languages: list[str],
            pb: Problems) -> dict[str, dict[str, str]]:
    """One entry's fields, per language: its id, each ``text`` key's text, each ``texts`` key's
    texts one per line (empty when the entry has none)."""
    fields = {lang: {"id": ident} for lang in languages}
    if not isinstance(entry, LocDict):
        pb.add(where, f"entry '{ident}' has the wrong type (expected a mapping, got {describe(entry)})",
               cls=DataFileError)
        return fields
    allowed = [k for names in keys.values() for k in names]
    for key in entry:
        if key not in allowed:
            pb.add(entry.at(key), f"unknown key {excerpt(key)} in entry '{ident}' (expected one of: "
                   f"{', '.join(allowed)})", hint=close_match(key, allowed) or "remove it: nothing reads it",
                   cls=DataFileError)
    for key in keys["text"]:
        if key not in entry:
            pb.add(where, f"entry '{ident}' has no '{key}' (expected a text per language: "
                   f"{', '.join(languages)})", cls=DataFileError)
            continue
        for lang, text in _per_language(entry, key, f"'{key}' of '{ident}'", languages, pb).items():
            fields[lang][key] = text
    for key in keys["texts"]:
        group = entry.get(key)
        joined: dict[str, list[str]] = {lang: [] for lang in languages}
        if key in entry and not isinstance(group, LocDict):
            pb.add(entry.at(key), f"'{key}' of '{ident}' has the wrong type (expected a mapping of "
                   f"name → texts per language, got {describe(group)})", cls=DataFileError)
        for name in group if isinstance(group, LocDict) else ():
            for lang, text in _per_language(group, name, f"'{key}.{name}' of '{ident}'", languages, pb).items():
                joined[lang].append(text)
        for lang in languages:
            fields[lang][key] = "\n".join(joined[lang])
    return fields


def _names(value) -> list[str]:
    """A list of key names (one name alone is a list of one)."""
    names = str_list(value)
    if len(set(names)) != len(names):
        raise TypeError
    return names


def _entries(d: LocDict, spec_dir: Path, root: Path, pb: Problems) -> LocDict | None:
    """The mapping of entries: the file found inside the project, read, and its key taken."""
    name, key = d["file"], d["entries"]
    if not isinstance(key, str):
        pb.add(d.at("entries"), f"'entries' has the wrong type (expected a key of the file, got {describe(key)})")
        return None
    try:
        path = resolve_inside(root, spec_dir, name, d.at("file"), "data file")
    except InputError as exc:
        pb.error(exc)
        return None
    if not is_file(path) or path.suffix.lower() not in (".yaml", ".yml"):
        pb.add(d.at("file"), f"data file not found (expected a YAML file, got {excerpt(name)})",
               hint="paths are relative to the spec's folder", cls=DataFileError)
        return None
    shown = str(Location.of(path))
    try:
        data = load_yaml(path, shown)
    except InputError as exc:
        pb.error(exc)
        return None
    if not isinstance(data, LocDict) or key not in data:
        got = f"its keys: {', '.join(data)}" if isinstance(data, LocDict) else f"got {describe(data)}"
        pb.add(Location(shown, 1), f"the file has no '{key}' (expected a mapping holding '{key}: {{id: entry…}}'; "
               f"{got})", hint=f"or name another key at {d.at('entries')}", cls=DataFileError)
        return None
    mapping = data[key]
    if not isinstance(mapping, LocDict):
        pb.add(data.at(key), f"'{key}' has the wrong type (expected a mapping of id → entry, got "
               f"{describe(mapping)})", cls=DataFileError)
        return None
    if len(mapping) > limit("rows"):
        pb.add(data.at(key), f"more than {int(limit('rows')):,} entries", cls=LimitError)
        return None
    return mapping


def _per_language(holder: LocDict, key: str, what: str, languages: list[str], pb: Problems) -> dict[str, str]:
    """``holder[key]``, a mapping of language → text, checked: every language the spec builds,
    no other, each a text that is not empty. Returns the texts found."""
    value = holder[key]
    if not isinstance(value, LocDict):
        pb.add(holder.at(key), f"{what} has the wrong type (expected a text per language, "
               f"{{{', '.join(f'{lang}: …' for lang in languages)}}}, got {describe(value)})", cls=DataFileError)
        return {}
    texts = {}
    for lang, text in value.items():
        if lang not in languages:
            pb.add(value.at(lang), f"{what} has a text in {excerpt(lang)}, a language the kit does not build "
                   f"(expected one of: {', '.join(languages)})", hint="add the language to the spec's "
                   "'languages', or remove the text", cls=DataFileError)
        elif isinstance(text, bool) or not isinstance(text, (str, int, float)) or not str(text).strip():
            pb.add(value.at(lang), f"{what} in '{lang}' is not a text (expected words, got {describe(text)})",
                   cls=DataFileError)
        else:
            texts[lang] = str(text)
    translate = getattr(languages, "translate", None)        # a language only a catalog says
    for lang in languages:
        said = translate(lang, texts[languages[0]], holder.at(key)) \
            if translate and lang not in value and languages[0] in texts else None
        if said is not None:
            texts[lang] = said
        elif lang not in value:
            pb.add(holder.at(key), f"{what} has no '{lang}' text (expected one for each language: "
                   f"{', '.join(languages)})", hint=f"add '{lang}: …' under '{key}'", cls=DataFileError)
    return texts
