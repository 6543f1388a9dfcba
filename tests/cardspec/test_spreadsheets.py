"""Data files as a designer exports them (issue 17, item 4): Excel's CSV UTF-8 (a byte-order
mark), French Excel's ``;`` CSV, its plain "CSV" (Windows-1252, refused), XLSX workbooks, and
CSS colour names. Each case builds a small game with the real ``forge build`` and reads the
PDF it wrote (pdftotext for the words, the content stream for the colours), or checks the
located refusal: exit 2, ``file:line`` or ``file:Sheet!B7``, a hint, nothing written."""
from __future__ import annotations

import datetime
import re
import subprocess
import zipfile
from pathlib import Path

import openpyxl
import pytest

from ..conftest import run_forge, tree_digest
from ..pdftools import card_faces

SPEC = """\
game: demo
languages: [en]
title: Demo
strings: {{en: {{}}}}
components:
  deck:
    card: poker
    data: {data}
    print: {{duplex: off, paper: a4}}
    front: {{layout: numbered, value: "{{value}}", title: "{{name}}", colour: "{{colour}}"}}
"""
DATA_LINE = 8                                  # the line of 'data:' in SPEC
HEADER = ["value", "colour", "name"]


def project(tmp_path: Path, data: str, body: bytes | None = None) -> Path:
    """A project whose deck reads ``cardspecs/<data>`` (written with ``body`` when given)."""
    (tmp_path / "cardspecs" / "demo").mkdir(parents=True)
    (tmp_path / "cardspecs" / "demo.yaml").write_text(SPEC.format(data=data), encoding="utf-8")
    if body is not None:
        (tmp_path / "cardspecs" / data).write_bytes(body)
    return tmp_path


def build(root: Path) -> subprocess.CompletedProcess:
    return run_forge("build", "demo", "--out", str(root / "build"), cwd=root)


def built_cards(root: Path, lang: str = "en") -> list[list[str]]:
    """The words on each card of the built deck, sorted, one list per card (cards sorted)."""
    faces = [face for page in card_faces(root / "build" / "demo" / lang / "deck-a4.pdf") for face in page]
    return sorted(sorted({w.text for w in face.words}) for face in faces)


def expected_cards(rows: list[tuple[str, str]]) -> list[list[str]]:
    """What a card shows for a (value, name) row: the value (in the corners and the middle)
    and the name's words."""
    return sorted(sorted({value, *name.split()}) for value, name in rows)


def stroke_colours(pdf: Path) -> set[tuple[float, ...]]:
    """Every stroke colour the PDF sets (``r g b RG``), read from its uncompressed content."""
    plain = pdf.with_suffix(".qdf.pdf")
    subprocess.run(["qpdf", "--qdf", "--object-streams=disable", str(pdf), str(plain)], check=True)
    found = re.findall(rb"(?m)^([\d.]+) ([\d.]+) ([\d.]+) RG$", plain.read_bytes())
    return {tuple(round(float(v), 4) for v in rgb) for rgb in found}


def refused(result: subprocess.CompletedProcess, root: Path) -> list[str]:
    """The located lines of a refused build (exit 2, a hint each, no traceback, nothing written)."""
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = [l for l in result.stderr.splitlines() if not l.startswith("  hint:") and "problems found" not in l]
    hints = [l for l in result.stderr.splitlines() if l.startswith("  hint:")]
    assert len(hints) == len(lines), result.stderr
    return lines


def rgb(hex_colour: str) -> tuple[float, ...]:
    return tuple(round(int(hex_colour[i:i + 2], 16) / 255, 4) for i in (1, 3, 5))


# --- CSV ---------------------------------------------------------------------------------------

def test_a_csv_with_a_byte_order_mark_reads_its_first_column(tmp_path):
    root = project(tmp_path, "demo/deck.csv", b"\xef\xbb\xbfvalue,colour,name\n7,navy,Fox\n")
    result = build(root)
    assert result.returncode == 0, result.stderr
    assert built_cards(root) == expected_cards([("7", "Fox")])


def test_a_semicolon_csv_keeps_quoted_semicolons_and_decimal_commas(tmp_path):
    body = 'value;colour;name\n1,5;#abc;"Hen; brown"\n2;navy;Fox\n'.encode()
    root = project(tmp_path, "demo/deck.csv", body)
    result = build(root)
    assert result.returncode == 0, result.stderr
    assert built_cards(root) == expected_cards([("1,5", "Hen; brown"), ("2", "Fox")])


def test_a_windows_1252_csv_is_refused_at_its_first_accented_letter(tmp_path):
    root = project(tmp_path, "demo/deck.csv", "value,colour,name\n1,navy,Fox\n2,navy,Fée\n".encode("cp1252"))
    result = build(root)
    [line] = refused(result, root)
    assert line == "cardspecs/demo/deck.csv:3: not UTF-8 text: byte 0xe9 at column 9 (expected UTF-8)"
    assert "CSV UTF-8" in result.stderr and "'é' in Windows-1252" in result.stderr
    assert not (root / "build").exists()


@pytest.mark.parametrize("row, message", [
    ("2,navy", "row has fewer cells than the header (expected 3, got 2)"),
    ("2;navy;Hen", "row has fewer cells than the header (expected 3, got 1)"),
    ("2,navy,Hen,extra", "row has more cells than the header (expected 3, got 4)"),
])
def test_a_short_or_long_csv_row_keeps_the_previous_build(tmp_path, row, message):
    root = project(tmp_path, "demo/deck.csv", b"value,colour,name\n1,navy,Fox\n")
    assert build(root).returncode == 0
    before = tree_digest(root / "build")
    with (root / "cardspecs" / "demo" / "deck.csv").open("a") as fh:
        fh.write(row + "\n")
    assert refused(build(root), root) == [f"cardspecs/demo/deck.csv:3: {message}"]
    assert tree_digest(root / "build") == before


# --- XLSX --------------------------------------------------------------------------------------

def workbook(path: Path, rows: list[list], sheet: str = "Cards", patch: dict[str, str] | None = None) -> None:
    """An XLSX file made by openpyxl: a first sheet of notes, then ``sheet`` holding ``rows``;
    ``patch`` replaces parts of that sheet's XML (openpyxl cannot write saved formula values)."""
    wb = openpyxl.Workbook()
    wb.active.title = "Notes"
    wb.active["A1"] = "not the cards"
    ws = wb.create_sheet(sheet)
    for row in rows:
        ws.append(row)
    wb.save(path)
    if patch:
        with zipfile.ZipFile(path) as old:
            parts = {info.filename: old.read(info) for info in old.infolist()}
        # an empty value is <v /> from openpyxl's own writer, <v></v> when it writes with lxml
        xml = parts["xl/worksheets/sheet2.xml"].decode().replace("<v></v>", "<v />")
        for before, after in patch.items():
            assert before in xml, (before, xml)
            xml = xml.replace(before, after)
        parts["xl/worksheets/sheet2.xml"] = xml.encode()
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
            for name, data in parts.items():
                new.writestr(name, data)


def test_an_xlsx_sheet_builds_the_cards_its_cells_hold(tmp_path):
    root = project(tmp_path, "demo/deck.xlsx#Cards")
    workbook(root / "cardspecs" / "demo" / "deck.xlsx", [
        HEADER + [None, None],                            # empty columns right of the header
        [1, "navy", "Fox; sly"],
        [2.0, "#abc", datetime.date(2024, 5, 1)],
        [],                                               # an empty row is skipped
        [2.5, "RebeccaPurple", "=A2*6"],                  # a formula, its saved value patched in
        [3, "NAVY", None],                                # an empty last cell is an empty name
    ], patch={"<f>A2*6</f><v />": "<f>A2*6</f><v>6</v>"})
    result = build(root)
    assert result.returncode == 0, result.stderr
    assert built_cards(root) == expected_cards([("1", "Fox; sly"), ("2", "2024-05-01"), ("2.5", "6"), ("3", "")])
    # navy, #abc and RebeccaPurple are drawn as their CSS values (the numbered card's frame)
    colours = stroke_colours(root / "build" / "demo" / "en" / "deck-a4.pdf")
    assert {rgb("#000080"), rgb("#aabbcc"), rgb("#663399")} <= colours, colours


def test_one_sheet_per_language(tmp_path):
    root = project(tmp_path, "demo/deck.xlsx#{lang}")
    spec = root / "cardspecs" / "demo.yaml"
    spec.write_text(spec.read_text().replace("[en]", "[en, fr]").replace("{en: {}}", "{en: {}, fr: {}}"))
    wb = openpyxl.Workbook()
    wb.active.title = "fr"
    wb.create_sheet("en")
    for lang, rows in {"fr": [[1, "navy", "Renard"]], "en": [[1, "navy", "Fox"], [2, "navy", "Hen"]]}.items():
        for row in [HEADER, *rows]:
            wb[lang].append(row)
    wb.save(root / "cardspecs" / "demo" / "deck.xlsx")
    result = build(root)
    assert result.returncode == 0, result.stderr
    assert built_cards(root, "fr") == expected_cards([("1", "Renard")])
    assert built_cards(root, "en") == expected_cards([("1", "Fox"), ("2", "Hen")])


def test_xlsx_faults_are_located_at_their_cells_and_the_previous_build_is_kept(tmp_path):
    root = project(tmp_path, "demo/deck.xlsx#My cards")
    path = root / "cardspecs" / "demo" / "deck.xlsx"
    workbook(path, [HEADER, [1, "navy", "Fox"]], sheet="My cards")
    assert build(root).returncode == 0
    before = tree_digest(root / "build")
    workbook(path, [
        HEADER,
        [1, "navy", "=A2*2"],                             # a formula with no saved value
        [2, "navy", "Hen", None, "stray"],                # a value in a column with no name
        [3, "nvy", "Chick"],                              # a typo of a colour
        [4, "navy", "=1/0"],                              # an Excel error, saved as such
    ], sheet="My cards", patch={"<c r=\"C5\"><f>1/0</f><v />": "<c r=\"C5\" t=\"e\"><f>1/0</f><v>#DIV/0!</v>"})
    result = build(root)
    lines = refused(result, root)
    where = "cardspecs/demo/deck.xlsx:{}: 'My cards'!".format
    assert lines[0] == f"{where(2)}C2: a formula with no saved value (the file was written by a program that " \
                       "does not compute formulas)"
    assert lines[1] == f"{where(3)}E3: a value right of the header (column E has no name in row 1): 'stray'"
    assert lines[2].startswith(f"{where(4)}A4:C4: 'colour': not a colour (expected #rrggbb, #rgb or a CSS colour "
                               "name such as navy, got string 'nvy')")
    assert lines[3] == f"{where(5)}C5: the cell holds the error '#DIV/0!' (expected a value)"
    assert len(lines) == 4
    assert "hint: did you mean 'navy' (#000080)?" in result.stderr
    assert tree_digest(root / "build") == before


def test_an_xlsx_header_is_checked_at_its_cells(tmp_path):
    root = project(tmp_path, "demo/deck.xlsx")                # no #sheet: the first sheet
    wb = openpyxl.Workbook()
    wb.active.append(["value", "card name", "value", "colour"])
    wb.active.append([1, "Fox", 2, "navy"])
    wb.save(root / "cardspecs" / "demo" / "deck.xlsx")
    lines = refused(build(root), root)
    assert lines == ["cardspecs/demo/deck.xlsx:1: Sheet!B1: column name 'card name' is not usable in templates "
                     "(expected letters, digits and _)",
                     "cardspecs/demo/deck.xlsx:1: Sheet!C1: column 'value' appears twice in the header"]


def test_a_missing_sheet_names_the_sheets_there_are(tmp_path):
    root = project(tmp_path, "demo/deck.xlsx#Crads")
    workbook(root / "cardspecs" / "demo" / "deck.xlsx", [HEADER, [1, "navy", "Fox"]])
    result = build(root)
    assert refused(result, root) == [f"cardspecs/demo.yaml:{DATA_LINE}: no sheet 'Crads' in "
                                     "'cardspecs/demo/deck.xlsx' (expected one of: Notes, Cards)"]
    assert "did you mean 'Cards'?" in result.stderr


def _not_a_workbook(path: Path) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("hello.txt", "a zip, but no workbook")


def _truncated(path: Path) -> None:
    workbook(path, [HEADER, [1, "navy", "Fox"]])
    path.write_bytes(path.read_bytes()[:3000])


def _random(path: Path) -> None:
    path.write_bytes(bytes((i * 7919 + 13) % 256 for i in range(20_000)))


def _entity_bomb(path: Path) -> None:
    """A "billion laughs" in the sheet's XML: a cell holding 10⁹ entity expansions."""
    entities = '<!ENTITY a0 "lollollol">' + "".join(
        f'<!ENTITY a{i} "{f"&a{i - 1};" * 10}">' for i in range(1, 10))
    workbook(path, [HEADER, [1, "navy", "Fox"]], patch={
        "<worksheet ": f"<!DOCTYPE worksheet [{entities}]><worksheet ", "<t>Fox</t>": "<t>&a9;</t>"})


@pytest.mark.parametrize("spoil, message", [
    (_random, "is not an XLSX workbook (not a zip archive"),
    (_truncated, "is not an XLSX workbook (not a zip archive"),
    (_not_a_workbook, "is not a readable XLSX workbook"),
    (_entity_bomb, "is not a readable XLSX workbook (ParseError"),
])
def test_a_damaged_xlsx_is_one_located_error(tmp_path, spoil, message):
    root = project(tmp_path, "demo/deck.xlsx#Cards")
    spoil(root / "cardspecs" / "demo" / "deck.xlsx")
    [line] = refused(build(root), root)
    assert line.startswith(f"cardspecs/demo.yaml:{DATA_LINE}: data file 'cardspecs/demo/deck.xlsx' {message}"), line
    assert not (root / "build").exists()


def test_a_zip_bomb_is_refused_before_it_is_unpacked(tmp_path):
    """A 100 MiB sheet that deflates to a fraction of a MiB: refused for its declared size."""
    root = project(tmp_path, "demo/deck.xlsx")
    path = root / "cardspecs" / "demo" / "deck.xlsx"
    workbook(path, [HEADER, [1, "navy", "Fox"]])
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as archive, archive.open("xl/padding.xml", "w") as part:
        for _ in range(100):
            part.write(b" " * 2 ** 20)
    assert path.stat().st_size < 2 ** 20
    [line] = refused(build(root), root)
    assert line == (f"cardspecs/demo.yaml:{DATA_LINE}: data file 'cardspecs/demo/deck.xlsx' unpacks to 100 MiB "
                    "(expected at most 64 MiB)")          # the size the archive declares: nothing unpacked


def big_sheet(tmp_path, rows) -> Path:
    """A project whose deck reads a workbook streamed by openpyxl: the header, then ``rows``."""
    root = project(tmp_path, "demo/deck.xlsx")
    wb = openpyxl.Workbook(write_only=True)
    ws = wb.create_sheet("Cards")
    ws.append(HEADER)
    for row in rows:
        ws.append(row)
    wb.save(root / "cardspecs" / "demo" / "deck.xlsx")
    return root


def test_xlsx_rows_and_cells_are_bounded(tmp_path):
    root = big_sheet(tmp_path, [[1, "navy", "x" * 10_001]] + [[n, "navy", "Fox"] for n in range(5_000)])
    lines = refused(build(root), root)
    assert lines == ["cardspecs/demo/deck.xlsx:2: Cards!C2: a cell longer than 10,000 characters",
                     "cardspecs/demo/deck.xlsx:5002: Cards!A5002:C5002: more than 5,000 rows"]


def test_a_sheet_of_blank_rows_is_not_read_to_its_end(tmp_path):
    """200,000 blank rows then a card: refused after 10,000 rows read, not after all of them."""
    root = big_sheet(tmp_path, [[None]] * 200_000 + [[1, "navy", "Fox"]])
    assert refused(build(root), root) == ["cardspecs/demo/deck.xlsx:10002: Cards!A10002: more than 10,000 rows read, "
                                          "blank ones included (a data sheet holds at most 5,000 cards)"]


def test_a_sheet_reports_twenty_problems_then_stops(tmp_path):
    root = big_sheet(tmp_path, [[n, "navy", "Fox", "stray"] for n in range(3_000)])
    lines = refused(build(root), root)
    assert len(lines) == 21 and all("column D has no name" in line for line in lines[:20])
    assert lines[-1] == ("cardspecs/demo/deck.xlsx:22: Cards!A22: 20 problems in this sheet already: the rows from "
                         "here on were not read")


def test_a_sheet_of_a_million_rows_is_refused_from_its_size(tmp_path):
    """A sheet of 10⁶ rows (6 MiB, 47 MiB unpacked: under the workbook limits) took 11 s, openpyxl
    reading it whole twice to size it; its unpacked size is now checked before it is opened."""
    from ..fuzz_workbooks import million_rows
    root = project(tmp_path, "demo/deck.xlsx")
    (root / "cardspecs" / "demo" / "deck.xlsx").write_bytes(million_rows())
    [line] = refused(build(root), root)
    assert re.fullmatch(r"cardspecs/demo\.yaml:\d+: data file 'cardspecs/demo/deck\.xlsx' has a sheet of \d+ MiB once unpacked "
                        r"\(expected at most 16 MiB\)", line), line


def test_a_shared_string_index_below_zero_is_a_damaged_file(tmp_path):
    # a list would count -1 from its end and show the last shared string ('name') on the card
    from ..fuzz_workbooks import HEADER, row, workbook
    root = project(tmp_path, "demo/deck.xlsx", workbook(HEADER + row(2, name="", value="<v>7</v>").replace(
        '<c r="C2" t="inlineStr"><is><t></t></is></c>', '<c r="C2" t="s"><v>-1</v></c>')))
    [line] = refused(build(root), root)
    assert line.startswith(f"cardspecs/demo.yaml:{DATA_LINE}: data file 'cardspecs/demo/deck.xlsx' is not a readable "
                           "XLSX workbook (IndexError: 'shared string -1 (expected 0 or more)')"), line


def test_a_date_cell_no_date_has_says_so(tmp_path):
    # openpyxl reads a date-formatted 1e10 (a day in the year 27 million) as the error #VALUE!
    from ..fuzz_workbooks import HEADER, row, workbook
    root = project(tmp_path, "demo/deck.xlsx", workbook(HEADER + row(2, value="<v>1e10</v>", vattrs=' s="1"')))
    [line] = refused(build(root), root)
    assert line == ("cardspecs/demo/deck.xlsx:2: Cards!A2: the cell holds the error '#VALUE!' (or a number in a "
                    "date-formatted cell that no date has) (expected a value)")
