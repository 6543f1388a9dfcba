"""Results kept between runs (forge/cache.py): the same inputs read the kept value, any change
to what a result depends on computes it again, and a damaged or redirected cache is never
trusted nor written through."""
from __future__ import annotations

import shutil

import pytest

from forge.cache import FOLDER, Cache, digest
from forge.engine.registry import games, refresh

from .conftest import ROOT


def test_a_value_is_computed_once_then_read(tmp_path):
    calls = []
    first = Cache(tmp_path).get("kind", "k1", lambda: calls.append(1) or {"a": [1, 2.5]})
    again = Cache(tmp_path).get("kind", "k1", lambda: calls.append(1) or {"a": [0]})
    assert first == again == {"a": [1, 2.5]} and len(calls) == 1
    assert (tmp_path / FOLDER / ".gitignore").read_text().splitlines()[-1] == "*"


def test_a_damaged_entry_is_computed_again(tmp_path):
    Cache(tmp_path).get("kind", "k1", lambda: 1)
    (tmp_path / FOLDER / "kind" / "k1.json").write_text('{"value": ', encoding="utf-8")
    assert Cache(tmp_path).get("kind", "k1", lambda: 2) == 2
    assert Cache(tmp_path).get("kind", "k1", lambda: 3) == 2


def test_a_cache_folder_linked_out_of_the_project_is_not_written(tmp_path, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    (tmp_path / FOLDER).symlink_to(outside)
    assert Cache(tmp_path).get("kind", "k1", lambda: 1) == 1
    assert not list(outside.iterdir())


def test_no_cache_computes_always(tmp_path, monkeypatch):
    monkeypatch.setenv("FORGE_NO_CACHE", "1")
    assert Cache(tmp_path).get("kind", "k1", lambda: 1) == 1
    assert Cache(tmp_path).get("kind", "k1", lambda: 2) == 2
    assert not (tmp_path / FOLDER).exists()


@pytest.fixture
def project(tmp_path):
    for name in ("cardspecs", "rules_src"):
        shutil.copytree(ROOT / name, tmp_path / name)
    yield tmp_path
    refresh(tmp_path)


@pytest.mark.parametrize("change, changes", [
    (lambda p: (p / "cardspecs/dalmuti/deck.csv").write_text(
        (p / "cardspecs/dalmuti/deck.csv").read_text().replace("#6a1b9a", "#6a1b9b", 1)), True),   # a printed card
    (lambda p: (p / "cardspecs/dalmuti/strings.yaml").write_text(
        (p / "cardspecs/dalmuti/strings.yaml").read_text() + "\n"), True),       # a file the kit reads
    (lambda p: (p / "rules_src/dalmuti/figures.yaml").write_text(
        (p / "rules_src/dalmuti/figures.yaml").read_text() + "\n"), True),        # data of the rules folder
    (lambda p: (p / "rules_src/dalmuti/en.md").write_text(
        (p / "rules_src/dalmuti/en.md").read_text() + "\nMore text.\n"), False),   # the rulebook's text
    (lambda p: (p / "cardspecs/majority/words-fr.csv").write_text(
        (p / "cardspecs/majority/words-fr.csv").read_text() + "\n"), False),       # another game's kit
])
def test_the_fingerprint_changes_with_what_the_engine_plays_from(project, change, changes):
    before = games(project).fingerprint("dalmuti")
    change(project)
    refresh(project)
    assert (games(project).fingerprint("dalmuti") != before) is changes


def edit(path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


COLOUR = ("cardspecs/dalmuti/deck.csv", "1,rank.1,crown,#6a1b9a,1,", "1,rank.1,crown,#6a1b9b,1,")


@pytest.mark.parametrize("played, changes", [(False, True), (True, False)])
def test_a_simulation_counts_the_kit_by_what_the_rules_play(project, played, changes):
    """A card's colour is in the kit's files, not in the deck the rules play (counts by rank)."""
    before = games(project).fingerprint("dalmuti", played=played)
    edit(project / COLOUR[0], COLOUR[1], COLOUR[2])
    refresh(project)
    assert (games(project).fingerprint("dalmuti", played=played) != before) is changes


def test_the_about_box_figures_are_kept_and_measured_again_after_a_change(project, monkeypatch):
    from dataclasses import replace

    from forge.rulebook import about
    calls = []
    real = about.simulate
    monkeypatch.setattr(about, "simulate", lambda *a, **k: calls.append(a) or real(*a, **k))
    run = replace(about.run_of("dalmuti", project), games=20)                   # the same run, shorter
    runs = len(run.counts(games(project).get("dalmuti"))) * (1 + len(run.variants))   # each count, each setting
    first = about.measure("dalmuti", run, project)
    refresh(project)
    about._MEASURED.clear()
    assert about.measure("dalmuti", run, project) == first and len(calls) == runs
    edit(project / COLOUR[0], COLOUR[1], COLOUR[2])                              # not what the rules play
    refresh(project)
    assert about.measure("dalmuti", run, project) == first and len(calls) == runs
    edit(project / "cardspecs/dalmuti/deck.csv", "12,rank.12,bowl,#8d6e63,12,", "12,rank.12,bowl,#8d6e63,13,")
    refresh(project)
    assert about.measure("dalmuti", run, project) != first and len(calls) == 2 * runs
    assert digest(1) != digest("1")
