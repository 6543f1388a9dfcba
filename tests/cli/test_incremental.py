"""A build renders again only what its changed inputs make (forge/incremental.py, forge/stamp.py),
and the result is always the clean build of the same sources, byte for byte.

The project: two games made by ``forge new`` (one with an engine) and the repository's
templates, built once per run and copied by each test. Each test changes one kind of input,
builds again with the cache, and compares the folder with a clean build (no cache, fresh
folder); the files that should not change are not even rewritten (same inode).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from ..conftest import ROOT, run_forge, shared, tree_digest


def inodes(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def built(tmp_path, tmp_path_factory) -> Path:
    def make(folder: Path) -> None:
        for game in ("potions", "herbs"):
            args = ("new", game, "--engine") if game == "potions" else ("new", game)
            assert run_forge(*args, cwd=folder).returncode == 0
        shutil.copytree(ROOT / "templates", folder / "templates")
        result = run_forge("build", cwd=folder)
        assert result.returncode == 0, result.stderr
    project = tmp_path / "project"
    shutil.copytree(shared(tmp_path_factory, "incremental-project", make), project, symlinks=True)
    run_forge("build", cwd=project)         # the copies' sizes and times recorded (forge.incremental)
    return project


def rebuilt(project: Path, *args: str) -> tuple[set[str], set[str]]:
    """Build again; (the files whose bytes changed, the files written) — after checking the
    folder is exactly a clean build of the same sources."""
    out = project / "build"
    before, stats = tree_digest(out), inodes(out)
    result = run_forge("build", *args, cwd=project)
    assert result.returncode == 0, result.stderr
    after, now = tree_digest(out), inodes(out)
    clean = project / "clean"
    shutil.rmtree(clean, ignore_errors=True)
    done = run_forge("build", "--out", "clean", *args, cwd=project, env={"FORGE_NO_CACHE": "1"})
    assert done.returncode == 0, done.stderr
    assert after == tree_digest(clean)
    shutil.rmtree(clean)
    changed = {p for p in after if before.get(p) != after[p]}
    return changed, {p for p in now if stats.get(p) != now[p]}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_nothing_changed_touches_nothing(built):
    stats = inodes(built / "build")
    result = run_forge("build", cwd=built)
    assert result.returncode == 0
    assert "build/ is up to date: nothing written" in result.stdout
    assert inodes(built / "build") == stats


def test_nothing_changed_says_what_the_full_command_says(built):
    """``forge build`` with nothing changed is answered before the command line library loads
    (forge/launch.py): its words, the last build's warnings included, are the full command's."""
    art = built / "cardspecs/potions/art/example.png"
    with Image.open(art) as img:
        img.convert("RGB").resize((24, 24)).save(art)          # printed under 300 dpi: a warning
    assert run_forge("build", cwd=built).returncode == 0
    stats = inodes(built / "build")
    quick = run_forge("build", cwd=built)
    full = run_forge("build", "--lang", "all", cwd=built)        # an option: through forge.cli
    assert "warning: image cardspecs/potions/art/example.png prints at" in quick.stderr, quick.stderr
    assert (quick.returncode, quick.stdout, quick.stderr) == (full.returncode, full.stdout, full.stderr)
    assert "build/ is up to date: nothing written" in quick.stdout
    assert inodes(built / "build") == stats


def test_a_csv_cell_remakes_its_games_cards_only(built):
    edit(built / "cardspecs/potions/cards.csv", "Draw two cards.", "Draw three cards.")
    changed, written = rebuilt(built)
    assert {f"potions/{lang}/{name}-{paper}.pdf" for lang in ("fr", "en") for name in ("cards", "print-all")
            for paper in ("a4", "letter")} <= changed
    assert written == changed
    assert not {p for p in written if p.startswith(("herbs/", "calibration", "assets/"))}


def test_a_string_remakes_what_shows_it(built):
    edit(built / "cardspecs/herbs/strings.yaml", "cards: {title: Cards}", "cards: {title: Deck}")
    changed, written = rebuilt(built)
    assert "herbs/en/rules.html" in changed and "index.html" in changed
    assert written == changed
    assert not {p for p in written if p.startswith(("potions/", "herbs/fr/", "calibration"))}


def test_an_image_remakes_the_cards_that_print_it(built):
    art = built / "cardspecs/potions/art/example.png"
    with Image.open(art) as img:
        img.convert("RGB").transpose(Image.Transpose.FLIP_LEFT_RIGHT).save(art)
    changed, written = rebuilt(built)
    assert "potions/en/cards-a4.pdf" in changed and "potions/fr/print-all-letter.pdf" in changed
    assert written == changed
    assert not {p for p in written if p.startswith(("herbs/", "calibration"))}


def test_a_layout_in_the_spec_remakes_its_cards(built):
    edit(built / "cardspecs/herbs.yaml", "height: 10mm}", "height: 12mm}")
    changed, written = rebuilt(built)
    assert "herbs/fr/cards-letter.pdf" in changed
    assert not {p for p in written if p.startswith(("potions/", "calibration"))}


def test_a_rulebook_edit_remakes_its_page_only(built):
    edit(built / "rules_src/potions/en.md", "Say here in two sentences", "Say here in a sentence or two")
    changed, written = rebuilt(built)
    assert changed == written == {"potions/en/rules.html"}


def test_a_template_edit_remakes_every_page(built):
    edit(built / "templates/rulebook.html.j2", "</body>", "<!-- changed -->\n</body>")
    changed, written = rebuilt(built)
    assert changed == written == {f"{game}/{lang}/rules.html" for game in ("potions", "herbs") for lang in ("fr", "en")}


def test_a_stylesheet_edit_remakes_the_stylesheet_only(built):
    with (built / "templates/rulebook.css").open("a", encoding="utf-8") as fh:
        fh.write("\n/* a designer's note */\n")
    changed, written = rebuilt(built)
    assert changed == written == {"assets/rulebook.css"}


def test_an_engine_edit_checks_the_examples_again(built):
    edit(built / "cardspecs/potions/engine.py", "top = max(self.scores())", "top = min(self.scores())")
    result = run_forge("build", cwd=built)
    assert result.returncode != 0
    assert "example potions-highest-card does not hold" in result.stderr


def test_a_mode_and_back_equal_clean_builds(built):
    changed, _ = rebuilt(built, "--ink-saver")
    assert {p for p in changed if p.endswith(".pdf")} >= {"potions/en/cards-a4.pdf", "herbs/fr/print-all-a4.pdf"}
    changed, _ = rebuilt(built)
    assert "potions/en/cards-a4.pdf" in changed


def test_a_file_spoiled_by_hand_is_made_again(built):
    page = built / "build/potions/fr/rules.html"
    page.write_text("spoiled", encoding="utf-8")
    changed, written = rebuilt(built)
    assert changed == written == {"potions/fr/rules.html"}


def test_a_copied_project_keeps_its_cache(built, tmp_path):
    moved = tmp_path / "moved"
    shutil.copytree(built, moved, symlinks=True)
    stats = inodes(moved / "build")
    result = run_forge("build", cwd=moved)
    assert "build/ is up to date: nothing written" in result.stdout
    assert inodes(moved / "build") == stats


def test_a_card_shown_on_another_components_face_remakes_that_face(project):
    """Dalmuti's reference card lists the deck's ranks (a parameter of kind "component"): a
    deck emblem changed remakes it too (found by benchmarks/incremental.py: it was kept)."""
    args = ("build", "dalmuti", "--lang", "en", "--paper", "a4")
    assert run_forge(*args, cwd=project).returncode == 0
    reference = project / "build/dalmuti/en/reference-a4.pdf"
    before = reference.read_bytes()
    edit(project / "cardspecs/dalmuti/deck.csv", "6,rank.6,sword,", "6,rank.6,crown,")
    assert run_forge(*args, cwd=project).returncode == 0
    clean = run_forge(*args, "--out", "clean", cwd=project, env={"FORGE_NO_CACHE": "1"})
    assert clean.returncode == 0, clean.stderr
    assert reference.read_bytes() != before
    assert tree_digest(project / "build") == tree_digest(project / "clean")


def test_a_word_of_one_language_renders_that_languages_files_only(tmp_path, warm_cache, monkeypatch):
    """Majority's words come from one data file per language: an English word draws the English
    words decks again, not the French ones (their inputs did not change). Both pages are made
    again: the engine that checks their examples plays from the words of every language."""
    from forge.build import run
    from forge.kit import render
    from forge.publish import OutputFolder
    from forge.rulebook.pages import Rulebooks

    from ..conftest import sources
    project = sources(tmp_path, warm_cache)
    monkeypatch.setenv("FORGE_WORKERS", "1")                 # everything drawn in this process, seen here
    drawn: list[tuple] = []
    component, page = render.render_component, Rulebooks.page
    monkeypatch.setattr(render, "render_component", lambda spec, comp, lang, paper:
                        drawn.append((comp.name, lang, paper)) or component(spec, comp, lang, paper))
    monkeypatch.setattr(Rulebooks, "page", lambda self, rules, lang, *a, **k:
                        drawn.append((rules.game, lang)) or page(self, rules, lang, *a, **k))

    def build() -> list[tuple]:
        drawn.clear()
        with OutputFolder(project / "build", project) as folder:
            run(project, folder, ["majority"])
        return sorted(drawn)
    build()
    edit(project / "cardspecs/majority/words-en.csv", "\n2,bear,", "\n2,badger,")
    drawn_again = build()
    assert [d for d in drawn_again if len(d) == 2] == [("majority", "en"), ("majority", "fr")]
    decks = {d for d in drawn_again if len(d) == 3}
    assert {("words", "en", "a4"), ("words", "en", "letter")} <= decks
    # English only: the English print-all files draw again the decks whose last sheet they share
    # out (their sheets counted as the file holds them), the French ones nothing
    assert {lang for _, lang, _ in decks} == {"en"}
