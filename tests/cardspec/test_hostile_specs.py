"""Hostile and clumsy card specs, each run through the real ``forge build``: every one is refused
with exit 2, located lines (file:line) and a hint, no traceback, and nothing written anywhere.

Each case is one of the reproducers of issue 11 (paths that leave the project, bytes that are
not UTF-8 text, YAML bombs, values past forge's limits, render-time values)."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from ..conftest import run_forge

LOCATED = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+): \S")


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line_of(path: Path, fragment: str) -> int:
    return next(i for i, l in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if fragment in l)


def _append(path: Path, data: bytes) -> None:
    with path.open("ab") as fh:
        fh.write(data)


SPEC = "cardspecs/dalmuti.yaml"
DECK = "cardspecs/dalmuti/deck.csv"
STRINGS = "cardspecs/dalmuti/strings.yaml"


def _bomb(levels: int) -> str:
    lines = ["bomb:", "  a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"  a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


# name → (how to spoil the project, the game to build, the file and a fragment of the message)
CASES = {
    "play time reversed": (lambda p: _edit(p / SPEC, "play_time: 15", "play_time: [45, 20]"),
                           "dalmuti", SPEC, "the shortest first"),
    "play time a word": (lambda p: _edit(p / SPEC, "play_time: 15", "play_time: long"),
                         "dalmuti", SPEC, "'play_time' has the wrong type"),
    "language path": (lambda p: _edit(p / SPEC, "languages: [fr, en]", 'languages: ["../../../pwned"]'),
                      "dalmuti", SPEC, "not a language code"),
    "absolute language": (lambda p: _edit(p / SPEC, "languages: [fr, en]", 'languages: [/tmp/pwned]'),
                          "dalmuti", SPEC, "not a language code"),
    "strings /etc/passwd": (lambda p: _edit(p / SPEC, "strings: dalmuti/strings.yaml", "strings: /etc/passwd"),
                            "dalmuti", SPEC, "absolute paths are not allowed"),
    "strings outside": (lambda p: _edit(p / SPEC, "strings: dalmuti/strings.yaml",
                                        "strings: ../../outside/secret.yaml"),
                        "dalmuti", SPEC, "the path leaves the project"),
    "extends absolute": (lambda p: _append(p / SPEC, b"extends: /etc/hostname\n"),
                         "dalmuti", SPEC, "absolute paths are not allowed"),
    "data outside": (lambda p: _edit(p / SPEC, "data: dalmuti/deck.csv", "data: ../../etc/passwd"),
                     "dalmuti", SPEC, "the path leaves the project"),
    "data name too long": (lambda p: _edit(p / SPEC, "data: dalmuti/deck.csv", "data: " + "a" * 300 + ".csv"),
                           "dalmuti", SPEC, "not a usable path"),
    "latin-1 spec": (lambda p: _append(p / SPEC, b'title: "caf\xe9"\n'), "dalmuti", SPEC, "not UTF-8"),
    "latin-1 csv": (lambda p: _append(p / DECK, b"5,rank.5,abbess,#00796b,1,caf\xe9\n"), "dalmuti", DECK, "not UTF-8"),
    "latin-1 strings": (lambda p: _append(p / STRINGS, b'\nx: "caf\xe9"\n'), "dalmuti", STRINGS, "not UTF-8"),
    "utf-16 spec": (lambda p: (p / SPEC).write_bytes((p / SPEC).read_text(encoding="utf-8").encode("utf-16")),
                    "dalmuti", SPEC, "UTF-16"),
    "escape character": (lambda p: _append(p / SPEC, b'title: "a\x1b[31mb"\n'), "dalmuti", SPEC, "U+001B"),
    "nul byte": (lambda p: _append(p / DECK, b"5,rank.5,abbess,#00796b,1,a\x00b\n"), "dalmuti", DECK, "U+0000"),
    "delete character": (lambda p: _append(p / STRINGS, b'\nx: "a\x7fb"\n'), "dalmuti", STRINGS, "U+007F"),
    "self alias": (lambda p: _append(p / SPEC, b"x: &a [*a]\n"), "dalmuti", SPEC, "refers to the value that holds it"),
    "deep nesting": (lambda p: _append(p / SPEC, ("x: " + "[" * 1000 + "]" * 1000 + "\n").encode()),
                     "dalmuti", SPEC, "nested more than"),
    "billion laughs": (lambda p: _append(p / SPEC, _bomb(10).encode()), "dalmuti", SPEC, "aliases are expanded"),
    "alias bomb in strings": (lambda p: _append(p / STRINGS, ("\n" + _bomb(10)).encode()),
                              "dalmuti", STRINGS, "aliases are expanded"),
    "portrait gender x": (lambda p: _edit(p / "cardspecs/familienbande/portraits.csv", "1,m,", "1,x,"),
                          "familienbande", "cardspecs/familienbande/portraits.csv", "'gender'"),
    "bleed nan": (lambda p: _edit(p / SPEC, "  bleed: 3mm", "  bleed: .nan"), "dalmuti", SPEC, "'bleed' is out of range"),
    "bleed inf": (lambda p: _edit(p / SPEC, "  bleed: 3mm", "  bleed: .inf"), "dalmuti", SPEC, "'bleed' is out of range"),
    "half-millimetre card": (lambda p: _edit(p / SPEC, "    card: poker", "    card: {width: 0.5mm, height: 88mm}"),
                             "dalmuti", SPEC, "'width' is out of range"),
    "speck of a card": (lambda p: _edit(p / SPEC, "    card: poker", "    card: {width: 0.0001mm, height: 0.0001mm}"),
                        "dalmuti", SPEC, "is out of range"),
    "a billion copies": (lambda p: _edit(p / SPEC, "    copies: 1\n", "    copies: 1000000000\n"),
                         "dalmuti", SPEC, "'copies' is out of range"),
    "10**100 copies": (lambda p: _edit(p / SPEC, "    copies: 1\n", "    copies: 1" + "0" * 100 + "\n"),
                       "dalmuti", SPEC, "'copies' is out of range"),
    "no copies": (lambda p: _edit(p / SPEC, "    copies: 1\n", "    copies: 0\n"), "dalmuti", SPEC, "'copies'"),
    "100,000 rows": (lambda p: _append(p / DECK, b"5,rank.5,abbess,#00796b,1,copies\n" * 100_000),
                     "dalmuti", DECK, "more than 5,000 rows"),
    "huge cell": (lambda p: _append(p / DECK, b"5,rank.5,abbess,#00796b,1," + b"x" * 20_000 + b"\n"),
                  "dalmuti", DECK, "a cell longer than"),
    "huge line": (lambda p: _append(p / DECK, b"5,rank.5,abbess,#00796b,1," + b"x" * 131_073 + b"\n"),
                  "dalmuti", DECK, "a line of 131,099 characters (expected at most 100,000)"),
    "deck cut to its header": (lambda p: (p / DECK).write_text("value,name,emblem,colour,copies,caption\n"),
                               "dalmuti", SPEC, "has no cards"),
    "dalmuti rank 13": (lambda p: _edit(p / DECK, "12,rank.12,", "13,rank.12,"), "dalmuti", DECK,
                        "a Dalmuti rank is 1 to 12"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_spec_is_refused_located_with_nothing_written(project, tmp_path, case):
    spoil, game, shown, fragment = CASES[case]
    (project / "outside").mkdir()
    (project / "outside" / "secret.yaml").write_text("en: {game.title: SECRET}\n")
    spoil(project)
    out = project / "build"
    result = run_forge("build", game, "--lang", "en", "--paper", "a4", "--out", str(out), cwd=project)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "SECRET" not in result.stderr + result.stdout
    lines = [l for l in result.stderr.splitlines() if not l.startswith("  hint:") and "problems found" not in l]
    assert lines and all(LOCATED.match(l) for l in lines), result.stderr
    assert any(l.startswith(shown + ":") and fragment in l for l in lines), result.stderr
    hints = [l for l in result.stderr.splitlines() if l.startswith("  hint:")]
    assert len(hints) == len(lines), "every error carries a hint"
    assert all(len(l) < 400 for l in lines), "messages quote short excerpts only"
    assert not out.exists() and not list(tmp_path.rglob("pwned*")) and not Path("/tmp/pwned").exists()


def test_symlink_out_of_the_project_is_refused(project, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "evil.yaml"
    elsewhere.write_text("game: evil\ncomponents: {}\n")
    os.symlink(elsewhere, project / "cardspecs" / "evil.yaml")
    result = run_forge("build", "evil", "--out", str(project / "build"), cwd=project)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("cardspecs/evil.yaml:1: a symlink that leaves the project"), result.stderr


def test_a_data_symlink_out_of_the_project_is_refused(project, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "deck.csv"
    elsewhere.write_text((project / DECK).read_text())
    (project / DECK).unlink()
    os.symlink(elsewhere, project / DECK)
    result = run_forge("build", "dalmuti", "--out", str(project / "build"), cwd=project)
    assert result.returncode == 2 and "data file: the path leaves the project" in result.stderr


def test_several_problems_on_one_line_are_all_reported(project):
    _edit(project / SPEC, "    card: poker\n", "    card: poker\n    copies: -1\n    sleeves: yes\n")
    _edit(project / SPEC, '      colour: "#3b1f4a"', '      colour: reddish\n      zoom: 2')
    result = run_forge("build", "dalmuti", "--out", str(project / "build"), cwd=project)
    assert result.returncode == 2
    for fragment in ("'copies' is out of range", "unknown key 'sleeves'", "not a colour", "unknown key 'zoom'"):
        assert fragment in result.stderr, (fragment, result.stderr)


def test_one_line_flow_mapping_reports_each_problem(project):
    _edit(project / SPEC, "    card: poker\n", "    card: poker\n    print: {bleed: .nan, margin: lots, duplex: maybe}\n")
    result = run_forge("build", "dalmuti", "--out", str(project / "build"), cwd=project)
    line = _line_of(project / SPEC, "print: {bleed")
    assert result.returncode == 2
    located = [l for l in result.stderr.splitlines() if l.startswith(f"{SPEC}:{line}:")]
    assert len(located) == 3, result.stderr


def test_bad_ink_saver_and_colour_values_are_located_with_what_is_expected(project):
    _edit(project / SPEC, "    card: poker\n", "    card: poker\n    print:\n      ink_saver: maybe\n      colour: cmky\n")
    result = run_forge("build", "dalmuti", "--out", str(project / "build"), cwd=project)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert not (project / "build").exists()
    lines = result.stderr.splitlines()
    for key, expected in (("ink_saver: maybe", "'ink_saver' has the wrong type (expected true or false"),
                          ("colour: cmky", "unknown colour 'cmky' (expected rgb or cmyk or pdfx)")):
        at = f"{SPEC}:{_line_of(project / SPEC, key)}: "
        assert any(l.startswith(at) and expected in l for l in lines), (key, result.stderr)
    assert lines[lines.index(next(l for l in lines if "'cmky'" in l)) + 1] == "  hint: did you mean 'cmyk'?"


def test_a_bad_csv_header_is_reported_once_at_line_1(project):
    text = (project / DECK).read_text()
    (project / DECK).write_text(text.replace("value,name,", "value,card name,", 1))
    result = run_forge("build", "dalmuti", "--out", str(project / "build"), cwd=project)
    assert result.returncode == 2
    located = [l for l in result.stderr.splitlines() if LOCATED.match(l)]
    assert located == [f"{DECK}:1: column name 'card name' is not usable in templates (expected letters, digits and _)"]


def test_an_error_in_a_face_points_at_the_key_not_the_layout_line(project):
    _edit(project / SPEC, '      caption: "@{caption}"', '      caption: "@{captoin}"')
    result = run_forge("build", "dalmuti", "--out", str(project / "build"), cwd=project)
    line = _line_of(project / SPEC, "captoin")
    assert result.returncode == 2 and result.stderr.startswith(f"{SPEC}:{line}: 'caption'"), result.stderr


def test_a_row_value_error_points_at_the_row(project):
    _edit(project / DECK, "7,rank.7,needle,#e65100,7", "7,rank.7,needle,orange-ish,7")
    result = run_forge("build", "dalmuti", "--out", str(project / "build"), cwd=project)
    line = _line_of(project / DECK, "orange-ish")
    assert result.returncode == 2, result.stderr
    located = [l for l in result.stderr.splitlines() if LOCATED.match(l)]
    assert located and all(l.startswith(f"{DECK}:{line}: ") and "not a colour" in l for l in located), located


def test_console_markup_and_emoji_codes_print_as_written(project):
    lines = (project / SPEC).read_text().splitlines()
    lines += [""] * (99 - len(lines)) + ['"[red]bogus:x:[/red]": 1']
    (project / SPEC).write_text("\n".join(lines) + "\n")
    result = run_forge("build", "dalmuti", "--out", str(project / "build"), cwd=project)
    assert result.returncode == 2
    assert result.stderr.startswith(f"{SPEC}:100: unknown key '[red]bogus:x:[/red]'"), result.stderr
    assert "💯" not in result.stderr and "❌" not in result.stderr
