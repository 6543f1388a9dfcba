"""One sheet of an XLSX workbook as a data file's table: its header (row 1) and its rows.

``data: deck.xlsx`` reads the first sheet, ``data: deck.xlsx#Cards`` the sheet named Cards.
Every cell becomes the text a CSV export would hold: numbers as written (``3.0`` is ``3``, at
most 15 significant digits), dates in ISO form (``2024-05-01``), TRUE/FALSE, a formula its
saved value. Empty rows are skipped and empty columns right of the header ignored; an empty
cell under a header is an empty value. Problems are located as Excel names cells:
``deck.xlsx:Cards!B7`` (a row: ``deck.xlsx:Cards!A7:D7``).

The workbook is untrusted: its size is checked, then the sizes its zip archive declares for
its parts once unpacked (Python's zipfile never unpacks more than a part declares), before
openpyxl reads it, streaming (read-only mode). Whatever fault openpyxl meets in a damaged
file becomes one located error.
"""
from __future__ import annotations

import re
import warnings
import zipfile
from contextlib import ExitStack, closing
from datetime import date, datetime, time, timedelta
from itertools import count
from pathlib import Path


from ..errors import DataFileError, LimitError, Location, excerpt
from ..inputs import first_control
from ..limits import LIMITS, limit
from .checks import Problems, close_match

__all__ = ["read_sheet", "split_sheet", "Cell"]

#: a cell's text and where it is
Cell = tuple[str, Location]
EXCEL_ROWS = 1_048_576
_PLAIN_SHEET = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*$")
_NOT_XLSX = "save it from the spreadsheet program as an Excel workbook (.xlsx), or as CSV UTF-8"


def split_sheet(name: str) -> tuple[str, str | None]:
    """``deck.xlsx#Cards`` → (``deck.xlsx``, ``Cards``); any other name → (name, None)."""
    head, sep, sheet = name.rpartition("#")
    if sep and head.lower().endswith(".xlsx"):
        return head, sheet
    return name, None


def read_sheet(path: Path, shown: str, sheet: str | None, where: Location,
               pb: Problems) -> tuple[list[Cell], list[tuple[list[str], Location]]]:
    """The header cells and the rows (their texts, one per header cell) of a sheet of the
    workbook ``path``; a fault of a cell is recorded in ``pb``, a fault of the whole file
    (not a workbook, too large, no such sheet) raised, located at ``where`` (the spec's
    ``data`` line)."""
    _check_archive(path, shown, where)
    with warnings.catch_warnings(), ExitStack() as opened:
        warnings.simplefilter("ignore")            # openpyxl warns of features it leaves out
        values = opened.enter_context(closing(_open(path, shown, where, data_only=True)))
        formulas = opened.enter_context(closing(_open(path, shown, where, data_only=False)))
        ws = _worksheet(values, sheet, shown, where)
        plain = formulas[ws.title]
        for w in (ws, plain):                      # the size a file declares may be false
            w.reset_dimensions()
            w._shared_strings = _SharedStrings(w._shared_strings)     # openpyxl's own list, read per cell
        rows = _rows(ws.iter_rows(), plain.iter_rows(values_only=True), shown, where)
        return _table(rows, shown, ws.title, pb)


def _check_archive(path: Path, shown: str, where: Location) -> None:
    size = path.stat().st_size
    if size > limit("file_bytes"):
        raise LimitError(where, f"data file {excerpt(shown)} is too large (expected at most "
                         f"{LIMITS['file_bytes'].shown}, got {size / 2 ** 20:.1f} MiB)")
    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(part.file_size for part in archive.infolist())
            sheets = [part for part in archive.infolist() if part.filename.startswith("xl/worksheets/")]
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        raise DataFileError(where, f"data file {excerpt(shown)} is not an XLSX workbook (not a zip archive: "
                            f"{excerpt(str(exc), 60)})", hint=_NOT_XLSX) from None
    if unpacked > limit("xlsx_bytes"):
        raise LimitError(where, f"data file {excerpt(shown)} unpacks to {unpacked / 2 ** 20:,.0f} MiB "
                         f"(expected at most {LIMITS['xlsx_bytes'].shown})",
                         hint="a list of cards is far smaller; a workbook that unpacks that much may be a zip bomb")
    biggest = max(sheets, key=lambda part: part.file_size, default=None)
    if biggest is not None and biggest.file_size > limit("sheet_bytes"):   # openpyxl reads a sheet whole to size it
        raise LimitError(where, f"data file {excerpt(shown)} has a sheet of {biggest.file_size / 2 ** 20:,.0f} MiB "
                         f"once unpacked (expected at most {LIMITS['sheet_bytes'].shown})",
                         hint=f"{int(limit('rows')):,} rows of cards are far smaller: delete the rows below the cards")


def _open(path: Path, shown: str, where: Location, data_only: bool):
    from openpyxl import load_workbook          # here: loading openpyxl costs a quarter second
    try:
        return load_workbook(path, read_only=True, data_only=data_only, keep_links=False, rich_text=False)
    except Exception as exc:       # openpyxl raises many kinds of errors for a damaged file
        raise _damaged(shown, where, exc) from None


def _damaged(shown: str, where: Location, exc: Exception) -> DataFileError:
    return DataFileError(where, f"data file {excerpt(shown)} is not a readable XLSX workbook "
                         f"({type(exc).__name__}: {excerpt(str(exc), 60)})", hint=_NOT_XLSX)


def _worksheet(workbook, sheet: str | None, shown: str, where: Location):
    names = [ws.title for ws in workbook.worksheets]
    if not names:
        raise DataFileError(where, f"data file {excerpt(shown)} holds no worksheet", hint=_NOT_XLSX)
    if sheet is None:
        return workbook.worksheets[0]
    if sheet not in names:
        listed = ", ".join(_sheet_ref(n) for n in names[:10]) + (", …" if len(names) > 10 else "")
        raise DataFileError(where, f"no sheet {excerpt(sheet)} in {excerpt(shown)} (expected one of: {listed})", hint=close_match(sheet, names) or "after # comes a sheet's name")
    return workbook[sheet]


class _SharedStrings(list):
    """A workbook's shared strings, which a cell names by its index: an index below 0 (which a
    list would count from the end) is a damaged file, as one past the end is."""

    def __getitem__(self, index):
        if isinstance(index, int) and index < 0:
            raise IndexError(f"shared string {index} (expected 0 or more)")
        return super().__getitem__(index)


#: the problems a sheet may report before the rest of it is left unread
MAX_PROBLEMS = 20


def _rows(cells, plain, shown: str, where: Location):
    """(row number, cells with saved values, the same cells' formulas or values) of a sheet."""
    try:
        yield from zip(count(1), cells, plain)
    except Exception as exc:       # a damaged sheet, met while streaming
        raise _damaged(shown, where, exc) from None


def _table(rows, shown: str, title: str, pb: Problems) -> tuple[list[Cell], list[tuple[list[str], Location]]]:
    sheet = _sheet_ref(title)

    def at(number: int, column: int, last: int = 0) -> Location:
        ref = f"{column_letter(column)}{number}" + (f":{column_letter(last)}{number}" if last else "")
        return Location(shown, number, f"{sheet}!{ref}")

    header: list[Cell] = []
    out: list[tuple[list[str], Location]] = []
    before = len(pb.errors)
    for number, cells, plain in rows:
        if number > 2 * limit("rows") + 1:         # blank rows count too: a sheet is never read to its end
            pb.add(at(number, 1), f"more than {2 * int(limit('rows')):,} rows read, blank ones included "
                   f"(a data sheet holds at most {int(limit('rows')):,} cards)", cls=LimitError,
                   hint="delete the rows below the cards, or see README, 'Limits and safety'")
            break
        if len(pb.errors) - before >= MAX_PROBLEMS:
            pb.add(at(number, 1), f"{MAX_PROBLEMS} problems in this sheet already: the rows from here on "
                   "were not read", cls=DataFileError, hint="mend those first, then build again")
            break
        if number > EXCEL_ROWS:
            raise DataFileError(at(number, 1), f"row {number:,} is past a sheet's last row ({EXCEL_ROWS:,})",
                                hint=_NOT_XLSX)
        texts = [_text(cell, formula, at(number, col), pb)
                 for col, (cell, formula) in enumerate(zip(cells, plain), 1)]
        width = len(header)
        if number == 1:
            width = max((col for col, text in enumerate(texts, 1) if text), default=0)
            if not width:
                pb.add(at(1, 1), "the sheet has no header in row 1 (expected the field names, e.g. value, name, copies)",
                       cls=DataFileError, hint="row 1 names the columns; each row below is a card")
                return [], []
            header = [(texts[col - 1], at(1, col)) for col in range(1, width + 1)]
            continue
        if not any(texts):
            continue
        for col in range(width + 1, len(texts) + 1):
            if texts[col - 1]:
                pb.add(at(number, col), f"a value right of the header (column {column_letter(col)} has no name "
                       f"in row 1): {excerpt(texts[col - 1])}", cls=DataFileError,
                       hint="name the column in row 1, or clear the cell")
        if len(out) >= limit("rows"):
            pb.add(at(number, 1, width), f"more than {int(limit('rows')):,} rows", cls=LimitError,
                   hint="split the component, or see README, 'Limits and safety'")
            break
        out.append(((texts + [""] * width)[:width], at(number, 1, width)))
    return header, out


def _sheet_ref(title: str) -> str:
    """A sheet's name as Excel writes it in a reference: quoted unless plain (``'My cards'``),
    non-printing characters escaped, at most 31 characters (Excel's longest)."""
    if _PLAIN_SHEET.match(title):
        return title
    shown = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in title[:31])
    return "'" + shown.replace("'", "''") + "'"


def _text(cell, formula, where: Location, pb: Problems) -> str:
    """The cell's text as a CSV export would hold it; "" (and a problem recorded) for a cell
    that holds no usable value."""
    value = cell.value
    if value is None:
        if formula is not None and cell.data_type != "str":
            pb.add(where, "a formula with no saved value (the file was written by a program that does "
                   "not compute formulas)", cls=DataFileError,
                   hint="open the file in a spreadsheet program and save it again, or type the value")
        return ""
    if cell.data_type == "e":
        date = " (or a number in a date-formatted cell that no date has)" if value == "#VALUE!" else ""
        pb.add(where, f"the cell holds the error {excerpt(value)}{date} (expected a value)", cls=DataFileError,
               hint="fix the formula or the cell's format in the spreadsheet, then save it again")
        return ""
    text = _as_text(value)
    if len(text) > limit("cell"):
        pb.add(where, f"a cell longer than {int(limit('cell')):,} characters", cls=LimitError,
               hint="no card holds that much text")
        return ""
    bad = first_control(text)
    if bad is not None:
        pb.add(where, f"control character U+{ord(text[bad]):04X} at character {bad + 1} (expected text)",
               cls=DataFileError, hint="remove it; only tab and new line are allowed")
        return ""
    return text


def _as_text(value) -> str:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else f"{value:.15g}"
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time() else value.isoformat(" ", "seconds")
    if isinstance(value, (date, time)):
        return value.isoformat()
    if isinstance(value, timedelta):
        return str(value)
    return str(value).replace("\r\n", "\n").replace("\r", "\n")


def column_letter(column: int) -> str:
    """A spreadsheet's name of column ``column`` (1 → A, 27 → AA), as Excel writes it."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return letters
