"""The command line, run as a separate process: version, list, build, errors."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from forge import __version__

from ..conftest import run_forge, tree_digest

LOCATED = re.compile(r"^cardspecs/[\w/.-]+:\d+: .+")


def test_version():
    result = run_forge("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"forge {__version__}"


def test_list_shows_games_components_languages():
    result = run_forge("list")
    assert result.returncode == 0
    assert "dalmuti" in result.stdout and "reference" in result.stdout and "fr, en" in result.stdout


def test_list_says_where_each_rules_engine_comes_from(tmp_path):
    """forge's own games: the forge package; a project's own: its file; a game without: none."""
    from forge import __version__
    from forge.scaffold import new_game
    new_game(tmp_path, "duel", engine=True)
    new_game(tmp_path, "bare")
    result = run_forge("list", cwd=tmp_path)
    rows = {line.split("│")[1].strip(): line.split("│")[3].strip() for line in result.stdout.splitlines()
            if line.startswith("│") and line.split("│")[1].strip()}
    assert rows == {"bare": "none", "duel": "cardspecs/duel/engine.py"}
    assert f"forge-cards {__version__}" in " ".join(run_forge("list").stdout.split())   # the package that installed them


def test_build_one_language_one_paper(project, tmp_path):
    out = tmp_path / "out"
    result = run_forge("build", "--lang", "en", "--paper", "letter", "--out", str(out), cwd=project)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (out / "dalmuti" / "en").iterdir()) == ["cards-letter.pdf", "print-all-letter.pdf",
                                                                         "reference-letter.pdf"]
    assert not (out / "dalmuti" / "fr").exists()
    assert "files written" in result.stdout


BAD = {
    "unknown key": ("    card: poker", "    card: poker\n    sleeves: yes"),
    "wrong type": ("  bleed: 3mm", "  bleed: [3]"),
    "yaml syntax": ("    kind: deck\n    title", "    kind: deck\n   title"),
    "missing data file": ("data: dalmuti/deck.csv", "data: dalmuti/decks.csv"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_spec_one_located_line_exit_2_build_untouched(built_project, case):
    old, new = BAD[case]
    spec = built_project / "cardspecs" / "dalmuti.yaml"
    text = spec.read_text()
    assert old in text
    build = built_project / "build"
    before = tree_digest(build)
    assert len(before) > 100                      # every game's kit, built
    spec.write_text(text.replace(old, new, 1))
    result = run_forge("build", "--out", str(build), cwd=built_project)
    assert result.returncode == 2
    located = [line for line in result.stderr.splitlines() if LOCATED.match(line)]
    assert len(located) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert tree_digest(build) == before


def test_debug_shows_traceback(project):
    spec = project / "cardspecs" / "dalmuti.yaml"
    spec.write_text(spec.read_text().replace("  bleed: 3mm", "  bleed: lots"))
    result = run_forge("--debug", "build", cwd=project)
    assert result.returncode != 0 and "Traceback" in result.stderr


def test_unknown_game_and_paper_exit_2(project):
    assert run_forge("build", "chess", cwd=project).returncode == 2
    result = run_forge("build", "--paper", "a3", cwd=project)
    assert result.returncode == 2 and "unknown paper 'a3'" in result.stderr


def test_calibration_sheet(tmp_path):
    from ..pdftools import box, open_pdf
    result = run_forge("calibrate", "--paper", "letter", "--out", str(tmp_path))
    assert result.returncode == 0
    reader = open_pdf(tmp_path / "calibration-letter.pdf")
    assert len(reader.pages) == 2
    assert box(reader.pages[0], "/MediaBox") == pytest.approx((0, 0, 612, 792), abs=0.01)


@pytest.mark.parametrize("command", ["build", "export", "check", "simulate"])
def test_help_shows_flags_as_flags_and_values_with_their_type(command):
    result = run_forge(command, "--help")
    assert result.returncode == 0
    rows = {line.split()[1]: line for line in result.stdout.splitlines() if line.startswith("│ --")}
    assert "<bool>" not in result.stdout
    assert [row for name, row in rows.items() if name == "--help"] and "<" not in rows["--help"]
    assert any("<str>" in row or "<path>" in row or "<int>" in row for row in rows.values())


def test_help_joins_a_paragraph_written_on_several_lines():
    # the docstring breaks its line after "the HTML rulebooks"; at 200 columns the paragraph runs on
    lines = run_forge("build", "--help").stdout.splitlines()
    assert any("the HTML rulebooks (build/<game>/<lang>/rules.html" in line for line in lines)


def test_docs_prints_a_reference_and_refuses_an_unknown_one():
    listed = run_forge("docs")
    assert listed.returncode == 0 and {line.split()[0] for line in listed.stdout.splitlines()} == {"cardspec", "engines"}
    shown = run_forge("docs", "engines")
    assert shown.returncode == 0 and shown.stdout.startswith("# Writing a rules engine")
    wrong = run_forge("docs", "cardspecs")
    assert wrong.returncode == 2 and wrong.stdout == ""
    assert wrong.stderr.splitlines() == ["forge docs: no document 'cardspecs' (expected one of: cardspec, engines)",
                                         "  hint: did you mean cardspec?"]


def test_the_progress_bar_follows_the_rulebooks_and_the_files_to_print(tmp_path):
    """On a terminal, the bar names each task as it ends (kits' files, rulebook pages, files to
    print) and ends full: it no longer waits at the last card file while the pages are made."""
    import os
    import pty
    import subprocess
    import sys
    assert run_forge("new", "mygame", cwd=tmp_path).returncode == 0
    main, side = pty.openpty()
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm", "PYTHONPATH": str(Path(__file__).parents[2])}
    done = subprocess.Popen([sys.executable, "-m", "forge", "build", "mygame"], cwd=tmp_path, env=env, stdin=side,
                            stdout=side, stderr=side)
    os.close(side)
    shown = b""
    while True:                                  # read as it comes: a full terminal would hold forge up
        try:
            chunk = os.read(main, 65536)
        except OSError:                          # the other end closed: forge has ended
            break
        if not chunk:
            break
        shown += chunk
    os.close(main)
    assert done.wait(300) == 0
    states = re.findall(r"(mygame/\w+/cards \(\w+\)|rulebook mygame|print-all files)\s.*?(\d+)/(\d+)",
                        re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", shown.decode("utf-8", "replace")))
    said = [what for what, _, _ in states]
    assert "rulebook mygame" in said and "print-all files" in said
    assert said.index("rulebook mygame") > said.index(next(s for s in said if s.startswith("mygame/")))
    last = states[-1]
    assert last[1] == last[2]                                   # ends full


@pytest.mark.parametrize("args", [
    ["build", "chess"], ["build", "--lang", "xx"], ["build", "--paper", "a3"], ["export", "chess", "--png"],
    ["check", "rules_src/nosuch/fr.md"], ["new", "../escape"], ["new", "dalmuti"], ["simulate", "chess"],
    ["report", "build/nosuch.jsonl"], ["i18n", "update", "xx", "chess"], ["serve", "--port", "99999"],
], ids=lambda a: " ".join(a))
def test_a_message_names_project_paths_relative_to_it(project, args):
    """Messages and hints name a file as the user wrote it or relative to the project, never by the
    absolute path of the machine they ran on (a CI log or a bug report would carry it)."""
    result = run_forge(*args, cwd=project)
    assert result.returncode == 2 and result.stderr.strip(), result.stderr
    assert str(project) not in result.stderr and str(project.resolve()) not in result.stderr, result.stderr


def test_a_run_from_a_deleted_folder_is_one_line_exit_2(tmp_path):
    """The fuzz campaign: forge started in a folder deleted under it was an internal error."""
    import subprocess
    import sys
    gone = tmp_path / "gone"
    gone.mkdir()
    result = subprocess.run(["sh", "-c", f'cd "{gone}" && rmdir "{gone}" && exec "{sys.executable}" -m forge new demo'],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.startswith("forge: the current folder no longer exists"), result.stderr
