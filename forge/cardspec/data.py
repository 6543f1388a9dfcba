"""A component's rows: inline (``rows:``) or from a data file (``data:`` CSV with a header, a
sheet of an XLSX workbook (forge.cardspec.sheets), or a YAML list of mappings), each with the
line (or cell) it was written on.

A CSV is separated by commas, or by semicolons (French Excel) or tabs when its header line holds
these and no comma: the header's names cannot hold either, so the header line decides. A
header is checked once (names usable in templates, each once); every CSV row must have as many
cells as the header; a file holds at most ``rows`` rows and a cell at most ``cell`` characters
(forge.limits). A row's fields are plain values, never lists or mappings.
"""
from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from ..errors import DataFileError, InputError, LimitError, Location, describe, excerpt
from ..inputs import is_file, read_text, resolve_inside
from ..limits import limit
from .checks import Problems, plain_value
from .sheets import Cell, read_sheet, split_sheet
from .yamlload import LocDict, LocList, load_yaml

__all__ = ["read_rows", "FIELD"]

#: a field name usable in templates: {rank}
FIELD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
Record = tuple[dict, Location]
_QUOTED = re.compile(r'"[^"]*"')
_TYPES = "expected .csv, .xlsx, .yaml or .yml"


def read_rows(comp: LocDict, spec_dir: Path, root: Path, pb: Problems, name: str | None = None) -> list[Record]:
    """The component's raw records: ``rows:``, the ``data:`` file (``name`` when given: one
    language's file), or one empty record for a component with neither."""
    if "rows" in comp and "data" in comp:
        pb.add(comp.at("data"), "a component takes 'rows' or 'data', not both",
               hint="remove one of them (a component that extends another may drop it with 'data: ~')")
    if "rows" in comp:
        rows = comp["rows"]
        if not isinstance(rows, LocList) or not all(isinstance(r, LocDict) for r in rows):
            pb.add(comp.at("rows"), f"'rows' has the wrong type (expected a list of mappings, got {describe(rows)})")
            return []
        return _checked_mappings(rows, pb)
    if "data" in comp:
        return _data_file(comp, spec_dir, root, pb, name)
    return [({}, comp.at())]


def _checked_mappings(rows: LocList, pb: Problems) -> list[Record]:
    """Rows written as YAML mappings: field names and values checked, the count bounded."""
    if len(rows) > limit("rows"):
        pb.add(rows.at(int(limit("rows"))), f"more than {int(limit('rows')):,} rows", cls=LimitError)
        return []
    out = []
    for i, r in enumerate(rows):
        for key, value in r.items():
            if not FIELD.match(key):
                pb.add(r.at(key), f"field name {excerpt(key)} is not usable in templates "
                       "(expected letters, digits and _)", hint="rename it, e.g. 'card_name'", cls=DataFileError)
            elif not plain_value(value):
                pb.add(r.at(key), f"field '{key}' holds a {describe(value)} (expected text or a number)",
                       hint="a card's field is one value; make several fields", cls=DataFileError)
        out.append((dict(r), rows.at(i)))
    return out


def _data_file(comp: LocDict, spec_dir: Path, root: Path, pb: Problems, name: str | None) -> list[Record]:
    name = comp["data"] if name is None else name
    if not isinstance(name, str):
        pb.add(comp.at("data"), f"'data' has the wrong type (expected a file path, got {describe(name)})")
        return []
    name, sheet = split_sheet(name)
    try:
        path = resolve_inside(root, spec_dir, name, comp.at("data"), "data file")
    except InputError as exc:
        pb.error(exc)
        return []
    if not is_file(path):
        pb.add(comp.at("data"), f"data file not found (expected a CSV, XLSX or YAML file, got {excerpt(name)})",
               hint="paths are relative to the spec's folder", cls=DataFileError)
        return []
    shown = str(Location.of(path))
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".xlsx", ".yaml", ".yml"):
        pb.add(comp.at("data"), f"unsupported data file type ({_TYPES}, got {excerpt(path.suffix)})",
               cls=DataFileError, hint="from a spreadsheet program, save as Excel workbook (.xlsx) or CSV UTF-8")
        return []
    with pb.collecting():
        if suffix == ".csv":
            return _csv_rows(read_text(path, shown), shown, pb)
        if suffix == ".xlsx":
            header, rows = read_sheet(path, shown, sheet, comp.at("data"), pb)
            if not header or not _header_ok(header, pb):
                return []
            return [(dict(zip((h for h, _ in header), texts)), where) for texts, where in rows]
        data = load_yaml(path, shown)
        if not isinstance(data, LocList) or not all(isinstance(r, LocDict) for r in data):
            pb.add(Location(shown, 1), f"data file must hold a list of mappings (got {describe(data)})",
                   cls=DataFileError)
            return []
        return _checked_mappings(data, pb)
    return []


def _separator(text: str) -> str:
    """The CSV's separator: ``;`` or tab when the header line (quoted parts aside) holds it and
    no comma, else ``,``."""
    header = _QUOTED.sub("", text.split("\n", 1)[0])
    if "," not in header:
        for sep in ";\t":
            if sep in header:
                return sep
    return ","


def _csv_rows(text: str, shown: str, pb: Problems) -> list[Record]:
    csv.field_size_limit(int(limit("cell")))
    sep = _separator(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sep)
    rows: list[Record] = []
    try:
        header = next(reader, None)
        if not header or not any(h.strip() for h in header):
            pb.add(Location(shown, 1), "the CSV file has no header line (expected the field names, "
                   "e.g. value,name,copies)", cls=DataFileError)
            return []
        if not _header_ok([(name, Location(shown, 1)) for name in header], pb):
            return []
        for rec in reader:
            line = reader.line_num
            if not rec:                                   # a blank line
                continue
            if len(rows) >= limit("rows"):
                pb.add(Location(shown, line), f"more than {int(limit('rows')):,} rows", cls=LimitError,
                       hint="split the component, or see README, 'Limits and safety'")
                return []
            if len(rec) != len(header):
                more = len(rec) > len(header)
                pb.add(Location(shown, line), f"row has {'more' if more else 'fewer'} cells than the header "
                       f"(expected {len(header)}, got {len(rec)})", cls=DataFileError,
                       hint=f"a cell holding a {_SEP_NAMES[sep]} must be quoted: \"a{sep} b\"" if more
                       else f"write an empty cell as nothing between two {_SEP_NAMES[sep]}s")
                continue
            rows.append((dict(zip(header, rec)), Location(shown, line)))
    except csv.Error as exc:
        big = "field larger" in str(exc)
        pb.add(Location(shown, reader.line_num),
               f"a cell longer than {int(limit('cell')):,} characters" if big else f"CSV error: {str(exc)[:80]}",
               cls=LimitError if big else DataFileError,
               hint="no card holds that much text; an unclosed quote also makes the rest of the file one cell"
               if big else None)
        return []
    return rows


_SEP_NAMES = {",": "comma", ";": "semicolon", "\t": "tab"}


def _header_ok(header: list[Cell], pb: Problems) -> bool:
    """The column names are usable in templates, each once; each fault at its cell."""
    ok = True
    seen = set()
    for name, where in header:
        if not FIELD.match(name):
            pb.add(where, f"column name {excerpt(name)} is not usable in templates (expected letters, digits "
                   "and _)", hint="rename the column, e.g. 'card_name'", cls=DataFileError)
            ok = False
        elif name in seen:
            pb.add(where, f"column '{name}' appears twice in the header", hint="give each column its own name",
                   cls=DataFileError)
            ok = False
        seen.add(name)
    return ok
