"""Load and validate card specs (``cardspecs/<game>.yaml``).

The language is documented in ``docs/cardspec.md``. Loading works in three passes:

1. parse the YAML keeping lines (:mod:`.yamlload`: bounded, UTF-8 only), follow ``extends:``
   (files inside the project, then components) with cycle detection and merge;
2. check every key and value against the schema below and forge's limits, collecting *all*
   problems;
3. resolve every template of every card in every language once (:mod:`.resolve`), so a
   missing string key or field fails at load time, not half way through a PDF.

Faces are checked against the layouts the caller gives (:class:`~.vocabulary.LayoutTable`: the
print kit's, :data:`forge.kit.LAYOUT_TABLE`, when a spec is loaded to be built). Without them
the load is of the data alone: components, rows, strings and titles, each face as written,
neither checked against a layout nor resolved; what a game's rules engine reads.

Whether the printed kit gives a game's rules engine what it plays with is asked by the
build (:func:`forge.build.load_games`), which stands above both.

Any problem raises :class:`~forge.errors.ErrorGroup` holding one located error each.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..errors import LimitError, Location, describe, excerpt
from ..inputs import inside
from ..limits import limit
from .checks import Problems, check_keys, copies_checker, enum, is_, str_list, typed
from .data import read_rows
from .entries import read_entries
from .extends import component_extends, load_with_extends
from .fonts import check_layout_fonts, read_fonts
from .icons import read_icons
from .tabletop import check_tts, read_tts
from .layouts import read_layouts
from .overlaps import check_overlaps
from .model import CARD_PRESETS, Component, Face, GameSpec, PrintSettings, Row
from .resolve import check_templates, check_titles, resolve_face
from .settings import print_settings, size
from .strings import read_strings
from .translated import catalog_strings
from .vocabulary import Layout, LayoutTable
from .yamlload import LocDict, LocList

__all__ = ["load_spec", "find_specs", "resolve_face", "Problems", "LANGUAGE"]

IDENT = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")
#: a language tag: fr, en, pt-BR, zh-Hant, es-419 (language, optional script, optional region)
LANGUAGE = re.compile(r"^[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?$")

TOP_KEYS = {
    "game": "the game's id, a lower-case word (default: the file name)",
    "title": "the game's name: text or a string key (@game.title)",
    "authors": "list of the game's authors, credited on the sheets",
    "licence": "the game's licence, credited in every PDF's metadata and on each sheet's label (e.g. CC BY-NC 4.0)",
    "play_time": "how long a game lasts, in minutes: a number, or [shortest, longest] (the index shows it)",
    "languages": "list of language codes built (fr, en, pt-BR…)",
    "strings": "per language, a table of text by key; or the path of a YAML file holding it",
    "print": "print settings shared by every component",
    "components": "the game's printable components, by name",
    "extends": "path of another spec whose content this one starts from",
    "layouts": "layouts of positioned parts, by name, that faces of this spec may use",
    "icons": "the project's images shown in running text, by name: {coin: art/coin.png} (written {coin})",
    "fonts": "the project's TrueType fonts, by name: {title: fonts/Title.ttf} or {body: {regular, bold, italic, "
             "bold_italic}}",
}
COMPONENT_KEYS = {
    "kind": "deck, board or sheet",
    "extends": "another component of this spec whose settings this one starts from",
    "title": "the component's name on the sheets: text or a string key",
    "card": "deck card size: poker, bridge, tarot, mini, euro, mini-euro, square or {width, height}",
    "page": "board page size: {width, height}",
    "copies": "copies of each row (a row's own 'copies' field wins)",
    "rows": "the cards' data, inline: a list of mappings",
    "data": "the cards' data in a file: CSV with a header, an XLSX sheet (deck.xlsx#Cards), or a YAML list; "
            "{lang} in the path: one file per language; or {file, entries, text, texts, others}: the entries of a "
            "YAML mapping, texts per language",
    "front": "front layout: {layout: NAME, …its parameters}",
    "back": "back layout: {layout: NAME, …its parameters}",
    "print": "print settings for this component only",
    "tts": "what Tabletop Simulator shows of each card: {name: TEMPLATE, description: TEMPLATE}",
}
KINDS = ("deck", "board", "sheet")


def find_specs(root: Path) -> list[Path]:
    """Every ``<game>.yaml`` directly inside ``root/cardspecs`` (data files live in subfolders)."""
    folder = root / "cardspecs"
    return sorted(p for p in folder.glob("*.yaml") if p.is_file()) if folder.is_dir() else []


def load_spec(path: Path, root: Path | None = None, layouts: LayoutTable | None = None) -> GameSpec:
    """Load, validate and resolve one spec, its faces checked against ``layouts`` (none: its
    data alone, see above); raise ErrorGroup listing every problem."""
    path = Path(path)
    root = Path(root) if root else path.resolve().parent.parent
    pb = Problems()
    raw = None
    with pb.collecting():
        inside(root, path)
        raw = load_with_extends(path, root, pb)
    pb.raise_if_any()          # a broken 'extends' chain makes the rest meaningless
    spec = _game(raw, path, root, pb)
    spec.folder, spec.root = path.parent, root
    with pb.collecting():
        spec.icons = read_icons(raw.get("icons"), raw.at("icons"), spec, pb)
        spec.fonts = read_fonts(raw.get("fonts"), raw.at("fonts"), spec, pb)
    known = None                       # the layouts a face may name: forge's, then the spec's own
    if layouts is not None:
        own = read_layouts(raw.get("layouts"), raw.at("layouts"), pb, layouts)
        check_layout_fonts(own, set(own), spec, pb)
        known = {**layouts.layouts, **own}
    comps = raw.get("components")
    if not isinstance(comps, LocDict) or not comps:
        pb.add(raw.at("components") if "components" in raw else raw.at(),
               f"'components' is missing or empty (expected a mapping of name → component, got {describe(comps)})",
               hint="see the worked spec: forge docs cardspec")
        pb.raise_if_any()
    base_print = print_settings(raw.get("print"), PrintSettings(), raw.at("print"), pb)
    for name in comps:
        if not isinstance(comps[name], LocDict):
            pb.add(comps.at(name), f"component '{name}' has the wrong type (expected mapping, got "
                   f"{describe(comps[name])})")
            continue
        if not IDENT.match(name):
            pb.add(comps.at(name), f"component name {excerpt(name)} is not a plain word (expected at most 40 "
                   "lower-case letters, digits, - or _)", hint="the name is used in file names")
            continue
        with pb.collecting():
            comp = _component(name, component_extends(name, comps, pb), path.parent, root, base_print, pb,
                              spec.languages, known)
            if comp:
                spec.components[name] = comp
    check_titles(spec, pb)             # also after other problems: a run reports them all
    if layouts is not None:
        check_templates(spec, pb)
        check_tts(spec, pb)
        check_overlaps(spec, pb)
    pb.raise_if_any()
    spec.warnings = list(pb.warnings)
    return spec


def _game(raw: LocDict, path: Path, root: Path, pb: Problems) -> GameSpec:
    """The spec's top level: id, title, authors, languages, strings."""
    check_keys(raw, TOP_KEYS, "a card spec", pb)
    game = typed(raw, "game", pb, "a lower-case word", is_(str, IDENT.match), None)
    if game is None:
        game = path.stem
        if "game" not in raw and not IDENT.match(game):
            pb.add(raw.at(), f"the file name {excerpt(path.stem)} is not a game id (expected lower-case letters, "
                   "digits, - or _)", hint="rename the file, or set 'game:'")
    before = len(pb.errors)
    languages = _languages(raw, pb)
    authors = typed(raw, "authors", pb, "a list of names", str_list, []) or []
    strings, string_locs = read_strings(raw, path.parent, root, languages, pb,
                                        undeclared=len(pb.errors) == before)
    with pb.collecting():
        languages = catalog_strings(game, root, languages, strings, string_locs, pb)
    title = typed(raw, "title", pb, "text", is_(str), game)
    licence = typed(raw, "licence", pb, "a short text, such as CC BY-NC 4.0", is_(str, lambda v: 0 < len(v) <= 200
                                                                                      and "\n" not in v), "")
    play_time = typed(raw, "play_time", pb, "minutes: a whole number from 1 to 1440, or [shortest, longest]",
                      minutes, None)
    return GameSpec(game, str(Location.of(path)), title, authors, languages, strings, string_locations=string_locs,
                    play_time=play_time, licence=licence)


def minutes(v) -> tuple[int, int]:
    """A play time: ``30`` or ``[20, 45]`` minutes, as (shortest, longest)."""
    pair = [v, v] if not isinstance(v, list) else v
    if len(pair) != 2 or not all(isinstance(m, int) and not isinstance(m, bool) for m in pair):
        raise TypeError
    if not 1 <= pair[0] <= pair[1] <= 1440:
        raise ValueError(f"the play time must be from 1 to 1440 minutes, the shortest first (got {v})")
    return pair[0], pair[1]


def _languages(raw: LocDict, pb: Problems) -> list[str]:
    """The language codes, each a language tag (they name output folders): fr, en, pt-BR."""
    value = raw.get("languages", ["en"])
    items = value if isinstance(value, list) else [value]
    where = value if isinstance(value, LocList) else None
    out = []
    for i, code in enumerate(items):
        loc = where.at(i) if where is not None else raw.at("languages")
        if not isinstance(code, str) or not LANGUAGE.match(code):
            pb.add(loc, f"not a language code (expected a tag such as fr, en or pt-BR, got {describe(code)})",
                   hint="a language code names an output folder: letters and one hyphen only")
        elif code in out:
            pb.add(loc, f"language '{code}' is listed twice", hint="list each language once")
        else:
            out.append(code)
    if not out and not pb.errors:
        pb.add(raw.at("languages"), "'languages' is empty (expected at least one language code)")
    return out or ["en"]


def _component(name: str, d: LocDict, spec_dir: Path, root: Path, base_print: PrintSettings,
               pb: Problems, languages: list[str], known: dict[str, Layout] | None) -> Component | None:
    check_keys(d, COMPONENT_KEYS, "a component", pb)   # one message for a key inherited by several
    kind = typed(d, "kind", pb, " or ".join(KINDS), enum(KINDS), "deck")
    title = typed(d, "title", pb, "text", is_(str), name)
    copies = typed(d, "copies", pb, f"a whole number from 1 to {int(limit('copies'))}", copies_checker(), 1)
    settings = print_settings(d.get("print"), base_print, d.at("print"), pb)
    if kind == "deck":
        dims = size(d, "card", pb, CARD_PRESETS) if "card" in d else None
        if "card" not in d:
            pb.add(d.at(), f"deck '{name}' needs a 'card' size (expected one of: {', '.join(CARD_PRESETS)} "
                   "or {width, height})", hint="e.g. card: poker")
    elif kind == "board":
        dims = size(d, "page", pb, None) if "page" in d else None
        if "page" not in d:
            pb.add(d.at(), f"board '{name}' needs a 'page' size (expected {{width, height}})",
                   hint="e.g. page: {width: 297mm, height: 155mm}")
    else:
        dims = (0.0, 0.0)   # a sheet takes the paper's size when built
    data = d.get("data")
    before = len(pb.errors)
    if isinstance(data, str) and "{lang}" in data:       # one data file per language
        rows = []
        lang_rows = {lang: _typed_rows(read_rows(d, spec_dir, root, pb, data.replace("{lang}", lang)), copies, pb)
                     for lang in languages}
    elif isinstance(data, LocDict):                      # the entries of a mapping, texts per language
        rows = []
        lang_rows = {lang: _typed_rows(records, copies, pb)
                     for lang, records in read_entries(d, spec_dir, root, languages, pb).items()}
    else:
        rows, lang_rows = _typed_rows(read_rows(d, spec_dir, root, pb), copies, pb), {}
    front = _face(d, "front", kind, pb, known)
    if "front" not in d:
        pb.add(d.at(), f"component '{name}' needs a 'front' layout", hint="e.g. front: {layout: numbered, value: \"{n}\"}")
    back = _face(d, "back", kind, pb, known)
    if front is None or dims is None:
        return None
    comp = Component(name, kind, dims, rows, front, back, settings, d.at(), title, lang_rows, read_tts(d, pb))
    if len(pb.errors) == before:           # rows read without a problem: count the cards
        _check_card_count(comp, d, languages, pb)
    return comp


def _check_card_count(comp: Component, d: LocDict, languages: list[str], pb: Problems) -> None:
    """A component has at least one card and at most the card limit, in every language."""
    where = d.at("data") if "data" in d else d.at("rows") if "rows" in d else d.at()
    for lang in languages:
        n = comp.count(lang)
        if n == 0:
            pb.add(where, f"component '{comp.name}' has no cards" + (f" in {lang}" if comp.lang_rows else ""),
                   hint="give it rows: a data file holds a header line, then one line per card")
        elif n > limit("cards"):
            pb.add(where, f"component '{comp.name}' has {n:,} cards (expected at most {int(limit('cards')):,})",
                   cls=LimitError, hint="lower 'copies', or split the component")


def _typed_rows(records: list[tuple[dict, Location]], copies: int, pb: Problems) -> list[Row]:
    """Rows from raw records, each row's own 'copies' taken out and checked."""
    check = copies_checker(least=0)
    rows = []
    for fields, loc in records:
        row_copies = copies
        if "copies" in fields:
            value = fields.pop("copies")
            try:
                row_copies = check(value)
            except (TypeError, ValueError):
                pb.add(loc, f"row 'copies' must be a whole number from 0 to {int(limit('copies'))} "
                       f"(got {describe(value)})", cls=LimitError, hint="0 keeps the row and prints no card")
                continue
        rows.append(Row(fields, loc, row_copies))
    return rows


def _face(comp: LocDict, key: str, kind: str, pb: Problems, known: dict[str, Layout] | None) -> Face | None:
    """The face ``key`` (front or back) of a component, checked against the ``known`` layouts
    (None: a load of data only, the face as written)."""
    d = comp.get(key)
    if d is None:
        return None
    if not isinstance(d, LocDict):
        pb.add(comp.at(key), f"'{key}' has the wrong type (expected a mapping with 'layout', got {describe(d)})",
               hint=f"e.g. {key}: {{layout: numbered, …}}")
        return None
    name = d.get("layout")
    params = {k: v for k, v in d.items() if k != "layout"}
    where = {k: d.at(k) for k in params}
    if known is None:
        return Face(name, params, d.at(), where)
    fit = [n for n, lay in known.items() if kind in lay.kinds]
    if not isinstance(name, str) or name not in known:
        pb.add(d.at("layout") if "layout" in d else d.at(),
               f"unknown layout {describe(name)} for a {kind} (expected one of: {', '.join(fit)})",
               hint="forge docs cardspec describes every layout")
        return None
    lay = known[name]
    if kind not in lay.kinds:
        pb.add(d.at("layout"), f"layout '{name}' does not fit a {kind} (expected a layout for "
               f"{', '.join(lay.kinds)})", hint=f"layouts for a {kind}: {', '.join(fit)}")
    for pname, value in params.items():
        if pname not in lay.params:
            pb.add(d.at(pname), f"unknown key {excerpt(pname)} in layout '{name}' (expected one of: "
                   f"{', '.join(lay.params)})", hint="remove it: nothing reads it")
        elif not (value is None or isinstance(value, (str, int, float, bool))):
            pb.add(d.at(pname), f"'{pname}' has the wrong type (expected text or a number, got {describe(value)})")
    for pname, p in lay.params.items():
        if p.required and pname not in params:
            pb.add(d.at(), f"layout '{name}' needs '{pname}' ({p.help or p.kind})")
    return Face(name, params, d.at(), where, lay)
