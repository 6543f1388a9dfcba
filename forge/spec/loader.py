"""Load and validate card specs (``cardspecs/<game>.yaml``).

The language is documented in ``docs/cardspec.md``. Loading works in three passes:

1. parse the YAML keeping lines, follow ``extends:`` (files, then components) with
   cycle detection and merge;
2. check every key and value against the schema below, collecting *all* problems;
3. resolve every template of every card in every language once, so a missing
   string key or field fails at load time, not half way through a PDF.

Any problem raises :class:`~forge.errors.ErrorGroup` holding one located error each.
"""
from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Any, Callable

from ..errors import DataFileError, ErrorGroup, InputError, Location, SpecError, describe
from .model import CARD_PRESETS, PAPERS, Component, Face, GameSpec, PrintSettings, Row, parse_length
from .templating import TemplateError, resolve
from .yamlload import LocDict, LocList, load_yaml

__all__ = ["load_spec", "find_specs", "resolve_face", "Problems"]

IDENT = re.compile(r"^[a-z][a-z0-9_-]*$")
FIELD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")

TOP_KEYS = {
    "game": "the game's id, a lower-case word (default: the file name)",
    "title": "the game's name: text or a string key (@game.title)",
    "authors": "list of the game's authors, credited on the sheets",
    "languages": "list of language codes built (fr, en…)",
    "strings": "per language, a table of text by key; or the path of a YAML file holding it",
    "print": "print settings shared by every component",
    "components": "the game's printable components, by name",
    "extends": "path of another spec whose content this one starts from",
}
PRINT_KEYS = {
    "paper": "a4, letter, or a list of both",
    "orientation": "auto, portrait or landscape",
    "bleed": "art beyond the cut line on each side (default 3mm)",
    "crop_marks": "true or false",
    "duplex": "long-edge, short-edge or off",
    "back_offset": "[dx, dy] shift of the backs to correct a printer",
    "margin": "least distance from the paper edge to the bleed (default 5mm)",
    "spacing": "auto, bleed (cards apart) or butt (shared cut lines)",
}
COMPONENT_KEYS = {
    "kind": "deck, board or sheet",
    "extends": "another component of this spec whose settings this one starts from",
    "title": "the component's name on the sheets: text or a string key",
    "card": "deck card size: poker, bridge, tarot, mini or {width, height}",
    "page": "board page size: {width, height}",
    "copies": "copies of each row (a row's own 'copies' field wins)",
    "rows": "the cards' data, inline: a list of mappings",
    "data": "the cards' data in a file: CSV with a header, or a YAML list; {lang} in the path: one file per language",
    "front": "front layout: {layout: NAME, …its parameters}",
    "back": "back layout: {layout: NAME, …its parameters}",
    "print": "print settings for this component only",
}
KINDS = ("deck", "board", "sheet")
ENUMS = {
    "orientation": ("auto", "portrait", "landscape"),
    "duplex": ("long-edge", "short-edge", "off"),
    "spacing": ("auto", "bleed", "butt"),
}


class Problems:
    """Collects located errors so one run reports all of them."""

    def __init__(self) -> None:
        self.errors: list[InputError] = []
        self._seen: set[str] = set()

    def add(self, loc: Location, message: str, hint: str | None = None, cls=SpecError) -> None:
        """Record a problem; only the first problem of a line is kept (an inherited key or a
        template used by many cards and languages would otherwise repeat)."""
        if str(loc) not in self._seen:
            self._seen.add(str(loc))
            self.errors.append(cls(loc, message, hint))

    def raise_if_any(self) -> None:
        if self.errors:
            raise ErrorGroup(self.errors)


# -- generic checks -------------------------------------------------------------

def _check_keys(d: LocDict, allowed: dict[str, str] | tuple, what: str, pb: Problems) -> None:
    for key in d:
        if key not in allowed:
            names = ", ".join(allowed)
            pb.add(d.at(key), f"unknown key '{key}' in {what} (expected one of: {names})",
                   hint=_close_match(key, allowed))


def _close_match(key: str, allowed) -> str | None:
    import difflib
    near = difflib.get_close_matches(key, list(allowed), n=1)
    return f"did you mean '{near[0]}'?" if near else None


def _typed(d: LocDict, key: str, pb: Problems, expected: str, check: Callable[[Any], Any], default=None):
    """Return ``check(d[key])``, or ``default`` when absent; record a located error on failure."""
    if key not in d:
        return default
    value = d[key]
    try:
        return check(value)
    except (ValueError, TypeError):
        pb.add(d.at(key), f"'{key}' has the wrong type (expected {expected}, got {describe(value)})")
        return default


def _is(types, extra: Callable[[Any], bool] = lambda v: True):
    def check(v):
        if isinstance(v, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
            raise TypeError
        if not isinstance(v, types) or not extra(v):
            raise TypeError
        return v
    return check


def _enum(choices):
    def check(v):
        if v not in choices:
            raise ValueError
        return v
    return check


def _str_list(v):
    if isinstance(v, str):
        return [v]
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return list(v)
    raise TypeError


def _length(v):
    return parse_length(v)


# -- extends --------------------------------------------------------------------

def _merge(base: LocDict, over: LocDict) -> LocDict:
    """``over`` on top of ``base``: mappings merge key by key, anything else is replaced.

    ``key: ~`` removes an inherited key; a face whose ``layout`` differs from the
    inherited one replaces it whole (its parameters would not fit the new layout)."""
    out = LocDict(base)
    out.file, out.line, out.key_locs = over.file, over.line, dict(base.key_locs)
    for key, value in over.items():
        if key == "extends":
            continue
        if value is None:
            out.pop(key, None)
            out.key_locs.pop(key, None)
            continue
        old = out.get(key)
        if isinstance(value, LocDict) and isinstance(old, LocDict) and old.get("layout") == value.get("layout"):
            value = _merge(old, value)
        out[key] = value
        out.key_locs[key] = over.at(key)
    return out


def _load_with_extends(path: Path, chain: tuple[Path, ...], pb: Problems) -> LocDict | None:
    raw = load_yaml(path)
    if raw is None:
        raw = LocDict()
        raw.file, raw.line, raw.key_locs = str(Location.of(path)), 1, {}
    if not isinstance(raw, LocDict):
        pb.add(Location(str(Location.of(path)), 1),
               f"a card spec must be a mapping (expected keys such as game, components; got {describe(raw)})")
        return None
    parent = raw.get("extends")
    if parent is None:
        return raw
    if not isinstance(parent, str):
        pb.add(raw.at("extends"), f"'extends' has the wrong type (expected a file path, got {describe(parent)})")
        return raw
    target = (path.parent / parent).resolve()
    if target in chain or target == path.resolve():
        cycle = " → ".join(p.name for p in (*chain, path.resolve(), target))
        pb.add(raw.at("extends"), f"'extends' makes a cycle ({cycle})",
               hint="a spec may not extend itself, directly or through others")
        return raw
    if not target.is_file():
        pb.add(raw.at("extends"), f"'extends' names a missing file (expected a spec file, got '{parent}')",
               hint=f"looked for {target}", cls=DataFileError)
        return raw
    base = _load_with_extends(target, (*chain, path.resolve()), pb)
    return _merge(base, raw) if base is not None else raw


def _component_extends(name: str, comps: LocDict, pb: Problems, chain: tuple[str, ...] = ()) -> LocDict:
    comp = comps[name]
    parent = comp.get("extends")
    if parent is None:
        return comp
    if parent not in comps or not isinstance(comps[parent], LocDict):
        pb.add(comp.at("extends"), f"'extends' names an unknown component (expected one of: "
               f"{', '.join(k for k in comps if k != name)}; got {describe(parent)})")
        return comp
    if parent in chain or parent == name:
        pb.add(comp.at("extends"), f"'extends' makes a cycle ({' → '.join((*chain, name, parent))})",
               hint="a component may not extend itself, directly or through others")
        return comp
    return _merge(_component_extends(parent, comps, pb, (*chain, name)), comp)


# -- pieces ---------------------------------------------------------------------

def _print_settings(d: Any, base: PrintSettings, where: Location, pb: Problems) -> PrintSettings:
    if d is None:
        return base
    if not isinstance(d, LocDict):
        pb.add(where, f"'print' has the wrong type (expected mapping, got {describe(d)})")
        return base
    _check_keys(d, PRINT_KEYS, "print settings", pb)
    values = dict(base.__dict__)
    papers = _typed(d, "paper", pb, "a4, letter or a list of them", _str_list)
    if papers is not None:
        bad = [p for p in papers if p not in PAPERS]
        if bad or not papers:
            pb.add(d.at("paper"), f"unknown paper '{bad[0] if bad else ''}' (expected one of: {', '.join(PAPERS)})")
        else:
            values["papers"] = tuple(papers)
    if d.get("duplex") is False:       # YAML reads a bare `off` as false
        d["duplex"] = "off"
    for key in ("orientation", "duplex", "spacing"):
        values[key] = _typed(d, key, pb, " or ".join(ENUMS[key]), _enum(ENUMS[key]), values[key])
    values["crop_marks"] = _typed(d, "crop_marks", pb, "boolean", _is(bool), values["crop_marks"])
    for key in ("bleed", "margin"):
        length = _typed(d, key, pb, "a length such as 3mm", _length, None)
        if length is not None:
            if length < 0:
                pb.add(d.at(key), f"'{key}' must not be negative (expected a length ≥ 0, got {d[key]})")
            else:
                values[key] = length
    offset = _typed(d, "back_offset", pb, "a list of two lengths [dx, dy]",
                    lambda v: tuple(_length(x) for x in _is(list, lambda v: len(v) == 2)(v)), None)
    if offset is not None:
        values["back_offset"] = offset
    return PrintSettings(**values)


def _size(d: LocDict, key: str, pb: Problems, presets: dict | None) -> tuple[float, float] | None:
    value = d.get(key)
    if isinstance(value, str) and presets is not None:
        if value in presets:
            w, h = presets[value]
            return parse_length(w), parse_length(h)
        pb.add(d.at(key), f"unknown {key} size '{value}' (expected one of: {', '.join(presets)}, "
               "or {width, height})")
        return None
    if isinstance(value, LocDict):
        _check_keys(value, ("width", "height"), f"{key} size", pb)
        w = _typed(value, "width", pb, "a length such as 63mm", _length)
        h = _typed(value, "height", pb, "a length such as 88mm", _length)
        if w is None or h is None:
            if "width" not in value or "height" not in value:
                pb.add(value.at(), f"{key} size needs both width and height")
            return None
        if w <= 0 or h <= 0:
            pb.add(value.at(), f"{key} size must be positive (got {value['width']} × {value['height']})")
            return None
        return w, h
    expected = "a preset name or {width, height}" if presets else "{width, height}"
    pb.add(d.at(key), f"'{key}' has the wrong type (expected {expected}, got {describe(value)})")
    return None


def _rows(comp: LocDict, spec_dir: Path, root: Path, pb: Problems, name: str | None = None) -> list[tuple[dict, Location]]:
    if "rows" in comp and "data" in comp:
        pb.add(comp.at("data"), "a component takes 'rows' or 'data', not both")
    if "rows" in comp:
        rows = comp["rows"]
        if not isinstance(rows, LocList) or not all(isinstance(r, LocDict) for r in rows):
            pb.add(comp.at("rows"), f"'rows' has the wrong type (expected a list of mappings, got {describe(rows)})")
            return []
        return [(dict(r), rows.at(i)) for i, r in enumerate(rows)]
    if "data" in comp:
        return _data_file(comp, spec_dir, root, pb, name)
    return [({}, comp.at())]


def _data_file(comp: LocDict, spec_dir: Path, root: Path, pb: Problems,
               name: str | None = None) -> list[tuple[dict, Location]]:
    name = comp["data"] if name is None else name
    if not isinstance(name, str):
        pb.add(comp.at("data"), f"'data' has the wrong type (expected a file path, got {describe(name)})")
        return []
    path = (spec_dir / name).resolve()
    if not path.is_relative_to(root.resolve()):
        pb.add(comp.at("data"), f"data file outside the project (expected a path inside {root.name}/, got '{name}')",
               cls=DataFileError)
        return []
    if not path.is_file():
        pb.add(comp.at("data"), f"data file not found (expected a CSV or YAML file, got '{name}')",
               hint=f"looked for {Location.of(path)}; paths are relative to the spec's folder", cls=DataFileError)
        return []
    shown = str(Location.of(path))
    if path.suffix.lower() == ".csv":
        with path.open(newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            rows = []
            for rec in reader:
                if None in rec:
                    pb.add(Location(shown, reader.line_num), "row has more cells than the header "
                           f"(expected {len(reader.fieldnames)}, got {len(reader.fieldnames) + len(rec[None])})",
                           cls=DataFileError)
                    continue
                rows.append(({k: (v if v is not None else "") for k, v in rec.items()},
                             Location(shown, reader.line_num)))
            return rows
    if path.suffix.lower() in (".yaml", ".yml"):
        data = load_yaml(path)
        if not isinstance(data, LocList) or not all(isinstance(r, LocDict) for r in data):
            pb.add(Location(shown, 1), f"data file must hold a list of mappings (got {describe(data)})",
                   cls=DataFileError)
            return []
        return [(dict(r), data.at(i)) for i, r in enumerate(data)]
    pb.add(comp.at("data"), f"unsupported data file type (expected .csv, .yaml or .yml, got '{path.suffix}')",
           cls=DataFileError)
    return []


def _face(comp: LocDict, key: str, kind: str, pb: Problems) -> Face | None:
    from ..kit.registry import LAYOUTS
    d = comp.get(key)
    if d is None:
        return None
    if not isinstance(d, LocDict):
        pb.add(comp.at(key), f"'{key}' has the wrong type (expected a mapping with 'layout', got {describe(d)})")
        return None
    name = d.get("layout")
    if name not in LAYOUTS:
        fit = [n for n, lay in LAYOUTS.items() if kind in lay.kinds]
        pb.add(d.at("layout") if "layout" in d else d.at(),
               f"unknown layout {describe(name)} for a {kind} (expected one of: {', '.join(fit)})")
        return None
    lay = LAYOUTS[name]
    if kind not in lay.kinds:
        pb.add(d.at("layout"), f"layout '{name}' does not fit a {kind} (expected a layout for {', '.join(lay.kinds)})")
    params = {k: v for k, v in d.items() if k != "layout"}
    _check_keys(_sub(d, params), lay.params, f"layout '{name}'", pb)
    for pname, p in lay.params.items():
        if p.required and pname not in params:
            pb.add(d.at(), f"layout '{name}' needs '{pname}' ({p.help or p.kind})")
    return Face(name, params, d.at())


def _sub(d: LocDict, keys) -> LocDict:
    out = LocDict({k: d[k] for k in keys})
    out.file, out.line, out.key_locs = d.file, d.line, d.key_locs
    return out


def _strings(raw: LocDict, spec_dir: Path, languages: list[str], pb: Problems):
    """Return (strings by language, location of every key) flattened to dotted keys."""
    table = raw.get("strings")
    where = raw.at("strings")
    if isinstance(table, str):
        path = (spec_dir / table).resolve()
        if not path.is_file():
            pb.add(where, f"strings file not found (expected a YAML file, got '{table}')", cls=DataFileError)
            return {}, {}
        table = load_yaml(path)
        where = Location(str(Location.of(path)), 1)
    if table is None:
        table = LocDict()
        table.file, table.line, table.key_locs = where.file, where.line, {}
    if not isinstance(table, LocDict):
        pb.add(where, f"'strings' has the wrong type (expected a mapping of language → table, got {describe(table)})")
        return {}, {}
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
                pb.add(d.at(k), f"string '{key}' has the wrong type (expected text, got {describe(v)})")

    for lang, sub in table.items():
        if lang not in languages:
            pb.add(table.at(lang), f"strings for undeclared language '{lang}' (expected one of: {', '.join(languages)})")
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


# -- resolving ------------------------------------------------------------------

def _check_kind(kind: str, value, spec: GameSpec):
    if kind == "colour":
        if not isinstance(value, str) or not COLOUR.match(value):
            raise TemplateError(f"not a colour (expected #rrggbb, got {describe(value)})")
    elif kind == "emblem":
        from ..kit.art.emblems import EMBLEMS
        if value != "" and value not in EMBLEMS:
            raise TemplateError(f"unknown emblem (expected one of: {', '.join(EMBLEMS)}; got {describe(value)})")
    elif kind == "symbol":
        from ..kit.art.symbols import SYMBOLS
        if value not in SYMBOLS:
            raise TemplateError(f"unknown symbol (expected one of: {', '.join(SYMBOLS)}; got {describe(value)})")
    elif kind == "number":
        try:
            return float(value)
        except (TypeError, ValueError):
            raise TemplateError(f"not a number (expected a number, got {describe(value)})") from None
    elif kind == "bool":
        if not isinstance(value, bool):
            raise TemplateError(f"not a boolean (expected true or false, got {describe(value)})")
    elif kind == "component":
        if value not in spec.components:
            raise TemplateError(f"unknown component (expected one of: {', '.join(spec.components)}; got {describe(value)})")
    elif kind == "text":
        return "" if value is None else str(value)
    return value


def _row_fields(row: Row) -> dict:
    return {**row.fields, "copies": row.copies}


def _resolve_params(face: Face, params: dict, fields: dict, strings: dict, spec: GameSpec,
                    where: str = "") -> dict:
    """Resolve ``params`` (name → Param) of ``face`` against one row's fields, checked by kind."""
    out = {}
    for pname, p in params.items():
        raw = face.params.get(pname, None if p.required else p.default)
        try:
            out[pname] = _check_kind(p.kind, resolve(raw, fields, strings), spec)
        except TemplateError as exc:
            raise TemplateError(f"'{pname}'{where}: {exc.args[0]}") from None
    return out


def resolve_face(face: Face, row: Row, lang: str, spec: GameSpec) -> dict:
    """The parameters of ``face`` for one card in one language, checked by kind.

    Parameters scoped to a source component are resolved once per row of that component
    and arrive as ``entries``. Raises :class:`TemplateError` naming the parameter that fails."""
    from ..kit.registry import LAYOUTS
    lay = LAYOUTS[face.layout]
    strings = spec.strings.get(lang, {})
    own = {n: p for n, p in lay.params.items() if p.scope != "source"}
    per_source = {n: p for n, p in lay.params.items() if p.scope == "source"}
    out = _resolve_params(face, own, _row_fields(row), strings, spec)
    if per_source:
        src = spec.components[out["source"]]
        out["entries"] = [_resolve_params(face, per_source, _row_fields(r), strings, spec,
                                          f" (for {src.name} at {r.location})") for r in src.rows_for(lang)]
    return out


# -- the spec -------------------------------------------------------------------

def find_specs(root: Path) -> list[Path]:
    """Every ``<game>.yaml`` directly inside ``root/cardspecs`` (data files live in subfolders)."""
    folder = root / "cardspecs"
    return sorted(p for p in folder.glob("*.yaml") if p.is_file()) if folder.is_dir() else []


def load_spec(path: Path, root: Path | None = None) -> GameSpec:
    """Load, validate and resolve one spec; raise ErrorGroup listing every problem."""
    from .. import kit  # noqa: F401  (registers the layouts)
    path = Path(path)
    root = Path(root) if root else path.resolve().parent.parent
    pb = Problems()
    try:
        raw = _load_with_extends(path, (), pb)
    except InputError as exc:
        pb.errors.append(exc)
        raw = None
    pb.raise_if_any()          # a broken 'extends' chain makes the rest meaningless
    _check_keys(raw, TOP_KEYS, "a card spec", pb)
    game = _typed(raw, "game", pb, "a lower-case word", _is(str, IDENT.match), path.stem)
    languages = _typed(raw, "languages", pb, "a list of language codes", _str_list, ["en"]) or ["en"]
    authors = _typed(raw, "authors", pb, "a list of names", _str_list, []) or []
    try:
        strings, string_locs = _strings(raw, path.parent, languages, pb)
    except InputError as exc:
        pb.errors.append(exc)
        strings, string_locs = {lang: {} for lang in languages}, {}
    title = _typed(raw, "title", pb, "text", _is(str), game)
    base_print = _print_settings(raw.get("print"), PrintSettings(), raw.at("print"), pb)
    spec = GameSpec(game, str(Location.of(path)), title, authors, languages, strings,
                    string_locations=string_locs)

    comps = raw.get("components")
    if not isinstance(comps, LocDict) or not comps:
        pb.add(raw.at("components") if "components" in raw else raw.at(),
               f"'components' is missing or empty (expected a mapping of name → component, got {describe(comps)})")
        pb.raise_if_any()
    for name in comps:
        if not isinstance(comps[name], LocDict):
            pb.add(comps.at(name), f"component '{name}' has the wrong type (expected mapping, got {describe(comps[name])})")
            continue
        if not IDENT.match(name):
            pb.add(comps.at(name), f"component name '{name}' is not a plain word (expected lower-case letters, digits, - or _)")
        try:
            comp = _component(name, _component_extends(name, comps, pb), path.parent, root, base_print, pb,
                              languages)
        except InputError as exc:
            pb.errors.append(exc)
            continue
        if comp:
            spec.components[name] = comp
    pb.raise_if_any()
    _check_templates(spec, pb)
    pb.raise_if_any()
    return spec


def _component(name: str, d: LocDict, spec_dir: Path, root: Path, base_print: PrintSettings,
               pb: Problems, languages: list[str]) -> Component | None:
    _check_keys(d, COMPONENT_KEYS, f"component '{name}'", pb)
    kind = _typed(d, "kind", pb, " or ".join(KINDS), _enum(KINDS), "deck")
    title = _typed(d, "title", pb, "text", _is(str), name)
    copies = _typed(d, "copies", pb, "a whole number ≥ 0", _is(int, lambda v: v >= 0), 1)
    settings = _print_settings(d.get("print"), base_print, d.at("print"), pb)
    if kind == "deck":
        size = _size(d, "card", pb, CARD_PRESETS) if "card" in d else None
        if "card" not in d:
            pb.add(d.at(), f"deck '{name}' needs a 'card' size (expected one of: {', '.join(CARD_PRESETS)} or {{width, height}})")
    elif kind == "board":
        size = _size(d, "page", pb, None) if "page" in d else None
        if "page" not in d:
            pb.add(d.at(), f"board '{name}' needs a 'page' size (expected {{width, height}})")
    else:
        size = (0.0, 0.0)   # a sheet takes the paper's size when built
    data = d.get("data")
    if isinstance(data, str) and "{lang}" in data:       # one data file per language
        rows = []
        lang_rows = {lang: _typed_rows(_rows(d, spec_dir, root, pb, data.replace("{lang}", lang)), copies, pb)
                     for lang in languages}
    else:
        rows, lang_rows = _typed_rows(_rows(d, spec_dir, root, pb), copies, pb), {}
    front = _face(d, "front", kind, pb)
    if "front" not in d:
        pb.add(d.at(), f"component '{name}' needs a 'front' layout")
    back = _face(d, "back", kind, pb)
    if front is None or size is None:
        return None
    return Component(name, kind, size, rows, front, back, settings, d.at(), title, lang_rows)


def _typed_rows(records: list[tuple[dict, Location]], copies: int, pb: Problems) -> list[Row]:
    """Rows from raw records: field names checked, each row's own 'copies' taken out."""
    rows = []
    for fields, loc in records:
        bad = [k for k in fields if not FIELD.match(str(k))]
        if bad:
            pb.add(loc, f"field name '{bad[0]}' is not usable in templates (expected letters, digits and _)")
        row_copies = copies
        if "copies" in fields:
            try:
                row_copies = int(fields.pop("copies"))
                if row_copies < 0:
                    raise ValueError
            except (TypeError, ValueError):
                pb.add(loc, f"row 'copies' has the wrong type (expected a whole number ≥ 0, got {describe(fields.get('copies'))})")
                row_copies = 0
        rows.append(Row(fields, loc, row_copies))
    return rows


def _check_templates(spec: GameSpec, pb: Problems) -> None:
    """Resolve every face of every card in every language once; record what fails."""
    try:
        spec.titles = {lang: resolve(spec.title, {}, spec.strings[lang]) for lang in spec.languages}
    except TemplateError as exc:
        pb.add(Location(spec.path, 1), f"'title': {exc.args[0]}")
    for comp in spec.components.values():
        for face in (comp.front, comp.back):
            if face is None:
                continue
            for lang in spec.languages:
                for row in comp.rows_for(lang):
                    try:
                        resolve_face(face, row, lang, spec)
                    except TemplateError as exc:
                        pb.add(face.location, f"{exc.args[0]} [card at {row.location}, language {lang}]",
                               hint="fields come from the component's rows; @keys from 'strings'")
                        break
