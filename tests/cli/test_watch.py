"""``forge watch``: one build, then each saved change rebuilds the games it belongs to, and only
those; a bad edit prints its located error and keeps the previous build; Ctrl-C exits 0."""
from __future__ import annotations

import re
import subprocess
import threading
import time

import pytest

from forge.build import Options
from forge.watch import Watcher

from ..conftest import ROOT, run_forge
from .live import Forge, small_project, stamp


def pdf_text(path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def changed(before: dict, after: dict, prefix: str = "") -> set[str]:
    """The files under ``prefix`` written again (or added) between two stamps."""
    return {p for p, s in after.items() if p.startswith(prefix) and before.get(p) != s}


def test_each_change_rebuilds_its_game_only(tmp_path, warm_cache):
    project = small_project(tmp_path, ["majority", "dalmuti"], warm_cache)
    out = project / "build"
    words = project / "cardspecs" / "majority" / "words-fr.csv"
    good = words.read_text(encoding="utf-8")
    assert "1,abeille," in good and "zeppelin" not in good
    forge = Forge(project, "watch")
    try:
        forge.expect(r"^built every game in \d+\.\d s$")
        forge.expect(r"^watching cardspecs/, rules_src/, templates/ \(Ctrl-C stops\)$")
        first = stamp(out)
        pdf = out / "majority" / "fr" / "words-a4.pdf"
        assert "abeille" in pdf_text(pdf) and "zeppelin" not in pdf_text(pdf)

        # a bad edit: a row with one cell of five, the located error, the previous build kept
        words.write_text(good + "207,manchot\n", encoding="utf-8")
        line = len(good.splitlines()) + 1
        error = forge.expect(r"^cardspecs/majority/words-fr\.csv:(\d+): ", "err")
        assert int(error[1]) == line
        forge.expect(r"^  hint: ", "err")
        forge.expect(r"^not rebuilt: build/ keeps its previous build", "err")
        assert stamp(out) == first

        # a CSV cell: majority rebuilt (its PDFs and pages), dalmuti and the calibration sheets untouched
        started = time.monotonic()
        words.write_text(good.replace("1,abeille,", "1,zeppelin,"), encoding="utf-8")
        done = forge.expect(r"^rebuilt majority in (\d+\.\d) s \(cardspecs/majority/words-fr\.csv\)$")
        took = time.monotonic() - started
        print(f"CSV cell → majority rebuilt: {done[1]} s by forge's count, {took:.1f} s from the save")
        after = stamp(out)
        assert not changed(first, after, "dalmuti/") and not changed(first, after, "calibration")
        assert {"majority/fr/words-a4.pdf", "majority/fr/words-letter.pdf", "majority/fr/print-all-a4.pdf"} \
            <= changed(first, after)
        assert not changed(first, after, "majority/en/")       # the English kit prints no French word
        assert "zeppelin" in pdf_text(pdf) and "abeille" not in pdf_text(pdf)

        # a rulebook source: that rulebook's pages only
        (project / "rules_src" / "dalmuti" / "en.md").write_text(
            (ROOT / "rules_src" / "dalmuti" / "en.md").read_text(encoding="utf-8") + "\nOne more line.\n",
            encoding="utf-8")
        forge.expect(r"^rebuilt the rulebook of dalmuti in \d+\.\d s \(rules_src/dalmuti/en\.md\)$")
        again = stamp(out)
        assert "dalmuti/en/rules.html" in changed(after, again)
        assert not [p for p in changed(after, again) if p.endswith(".pdf") or p.startswith("majority/")]
        assert "One more line." in (out / "dalmuti" / "en" / "rules.html").read_text(encoding="utf-8")

        # a template: every rulebook is looked at again; the stylesheet, which only it changes, rewritten
        with open(project / "templates" / "rulebook.css", "a", encoding="utf-8") as css:
            css.write("\n/* watched */\n")
        forge.expect(r"^rebuilt every rulebook in \d+\.\d s \(templates/rulebook\.css\)$")
        last = stamp(out)
        assert changed(again, last) == {"assets/rulebook.css"}
        assert "/* watched */" in (out / "assets" / "rulebook.css").read_text(encoding="utf-8")

        # a file no game reads: said, nothing rebuilt
        (project / "cardspecs" / "notes.txt").write_text("to do\n", encoding="utf-8")
        forge.expect(r"^changed cardspecs/notes\.txt: no watched game reads it$")
        assert stamp(out) == last
        assert forge.interrupt() == 0
    finally:
        forge.kill()
    assert not [line for line in forge.lines["err"] if "Traceback" in line or "interrupted" in line]
    assert len([line for line in forge.lines["out"] if line.startswith("rebuilt ")]) == 3


def test_unknown_game_stops_at_once(tmp_path):
    project = small_project(tmp_path, ["dalmuti"])
    result = run_forge("watch", "nosuchgame", cwd=project)
    assert result.returncode == 2
    assert result.stderr.splitlines()[0].startswith("GAME: unknown game 'nosuchgame'")
    assert "hint: " in result.stderr and "Traceback" not in result.stderr
    assert not (project / "build").exists()


def test_files_a_spec_names_elsewhere_belong_to_its_game(tmp_path):
    """A data file out of cardspecs/<game>/ (here words/) is watched and rebuilds its game: the
    watcher asks the loaded spec which files it read."""
    project = small_project(tmp_path, ["majority", "dalmuti"])
    (project / "words").mkdir()
    for lang in ("fr", "en"):
        (project / "cardspecs" / "majority" / f"words-{lang}.csv").rename(project / "words" / f"words-{lang}.csv")
    spec = project / "cardspecs" / "majority.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("data: majority/words-{lang}.csv",
                                                             "data: ../words/words-{lang}.csv"), encoding="utf-8")
    watcher = Watcher(project, project / "build", (), Options(), built=None, failed=None, ignored=lambda p: None)
    watcher.record(None)
    assert project.resolve() / "words" in watcher.folders()
    words = (project / "words" / "words-fr.csv").resolve()
    assert watcher.change_of([words]).kits == {"majority"}
    assert watcher.change_of([project.resolve() / "cardspecs" / "dalmuti" / "deck.csv"]).kits == {"dalmuti"}
    assert watcher.change_of([project.resolve() / "words" / "other.csv"]) is None


@pytest.mark.parametrize("moved", ["words", "cardspecs/majority"])
def test_a_data_folder_moved_away_and_back_is_watched_again(tmp_path, warm_cache, moved):
    """A folder a game reads (its own under cardspecs/, or one its spec names elsewhere) moved
    away: the build fails and keeps the previous one; moved back: rebuilt; an edit in it after its
    return: rebuilt again (the folder is watched again, not lost with its first inode)."""
    project = small_project(tmp_path, ["majority"], warm_cache)
    words = project / "cardspecs" / "majority"
    if moved == "words":
        words = project / "words"
        words.mkdir()
        for lang in ("fr", "en"):
            (project / "cardspecs/majority" / f"words-{lang}.csv").rename(words / f"words-{lang}.csv")
        spec = project / "cardspecs/majority.yaml"
        spec.write_text(spec.read_text(encoding="utf-8").replace("data: majority/words-{lang}.csv",
                                                                 "data: ../words/words-{lang}.csv"), encoding="utf-8")
    forge = Forge(project, "watch", "--lang", "fr")
    try:
        forge.expect(r"^built every game in \d+\.\d s$")
        forge.expect(r"^watching ")
        words.rename(tmp_path / "away")
        forge.expect(r"^not rebuilt: build/ keeps its previous build", "err", timeout=60)
        time.sleep(0.5)
        (tmp_path / "away").rename(words)
        forge.expect(rf"^rebuilt majority in \d+\.\d s \({re.escape(moved)}", timeout=60)
        csv = words / "words-fr.csv"
        csv.write_text(csv.read_text(encoding="utf-8").replace("1,abeille,", "1,zeppelin,"), encoding="utf-8")
        forge.expect(r"^rebuilt majority in \d+\.\d s \(.*words-fr\.csv\)$", timeout=60)
        assert "zeppelin" in pdf_text(project / "build/majority/fr/words-a4.pdf")
        assert forge.interrupt() == 0
    finally:
        forge.kill()
    assert not [line for line in forge.lines["err"] if "Traceback" in line]


def test_the_loop_stops_after_its_rebuilds(tmp_path, monkeypatch, warm_cache):
    """In-process, as a program embedding forge would run it: ``run(rebuilds=1)`` returns after
    one rebuild; the callbacks hear the first build, the folders watched and the rebuild."""
    project = small_project(tmp_path, ["dalmuti"], warm_cache)
    monkeypatch.chdir(project)
    heard, ready = [], threading.Event()
    watcher = Watcher(project, project / "build", ["dalmuti"], Options(lang="en", paper="a4"),
                      built=lambda change, seconds, published: heard.append(change.line(seconds)),
                      failed=lambda change, exc: heard.append(str(exc)), ignored=heard.append,
                      watching=lambda folders: (heard.append(folders), ready.set()))
    loop = threading.Thread(target=watcher.run, kwargs={"rebuilds": 1})
    loop.start()
    assert ready.wait(120)
    deck = project / "cardspecs" / "dalmuti" / "deck.csv"
    deck.write_text(deck.read_text(encoding="utf-8").replace(",crown,", ",coronet,"), encoding="utf-8")
    loop.join(120)
    assert not loop.is_alive()
    assert re.fullmatch(r"rebuilt dalmuti in \d+\.\d s", heard[0])
    assert heard[1] == ["cardspecs/", "rules_src/", "templates/"]
    assert re.fullmatch(r"rebuilt dalmuti in \d+\.\d s \(cardspecs/dalmuti/deck\.csv\)", heard[2]) and len(heard) == 3


def test_an_edited_engine_is_loaded_again_and_its_examples_rechecked(tmp_path):
    """A project's own engine (forge new --engine) changed under forge watch: the next rebuild
    plays the rulebook's example with the new rules (here a broken one: the located failure is
    printed and the previous build kept), and the fix builds again."""
    from forge.scaffold import new_game
    new_game(tmp_path, "duel", engine=True)
    engine = tmp_path / "cardspecs" / "duel" / "engine.py"
    good = engine.read_text(encoding="utf-8")
    forge = Forge(tmp_path, "watch", "duel", "--lang", "en")
    try:
        forge.expect(r"^built duel in \d+\.\d s$")
        forge.expect(r"^watching ")
        first = stamp(tmp_path / "build")
        engine.write_text(good.replace("return [v or 0 for v in self.table]", "return [-(v or 0) for v in self.table]"),
                          encoding="utf-8")
        forge.expect(r"^rules_src/duel/en\.md:\d+: example duel-highest-card does not hold: winner expected "
                     r"\['Alice'\], got \['Bruno'\]", "err")
        forge.expect(r"^not rebuilt: build/ keeps its previous build", "err")
        assert stamp(tmp_path / "build") == first
        engine.write_text(good, encoding="utf-8")
        forge.expect(r"^rebuilt duel in \d+\.\d s \(cardspecs/duel/engine\.py\)$")
    finally:
        forge.kill()
