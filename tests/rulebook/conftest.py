"""Fixtures of the rulebook tests: the real rulebooks built once, and scratch projects."""
from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import ROOT, sources, tree_digest, warm_project


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """A full build (every game, both languages) by the real command: the build of
    :func:`~tests.conftest.warm_project`. Read only."""
    return warm_project(tmp_path_factory) / "build"


@pytest.fixture
def rules_project(tmp_path, warm_cache) -> Path:
    """A scratch copy of the project's rulebooks, card specs and templates, with the results
    every copy computes alike already kept (see ``warm_cache``)."""
    return sources(tmp_path, warm_cache)


def editions(game: Path) -> list[str]:
    """The languages of a game's editions: its Markdown files and its catalogs (po/<lang>.po)."""
    return sorted({p.stem for p in game.glob("*.md")} | {p.stem for p in (game / "po").glob("*.po")})


def edition_text(game: str, lang: str, root: Path = ROOT) -> str:
    """The Markdown of an edition: its file, or the text its catalog writes (read by forge)."""
    path = root / "rules_src" / game / f"{lang}.md"
    if path.is_file():
        return path.read_text(encoding="utf-8")
    from forge.rulebook.staleness import editions_of
    return "\n".join(editions_of(root / "rules_src" / game)[lang].written.lines) + "\n"


#: every rulebook of the project and its editions (rules_src/<game>/<lang>.md, or po/<lang>.po)
PAGES = [(g.name, l) for g in sorted((ROOT / "rules_src").iterdir()) if g.is_dir() for l in editions(g)]


def insert_after(path: Path, anchor: str, text: str) -> int:
    """Insert ``text`` as a paragraph of its own after the line ``anchor`` of ``path``;
    returns the file line of its first line."""
    lines = path.read_text(encoding="utf-8").split("\n")
    at = lines.index(anchor) + 1
    lines[at:at] = ["", *text.split("\n"), ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return at + 2


def previous_build(project: Path) -> tuple[Path, dict[str, str]]:
    """An output folder holding a 'previous build', and its digest (to prove it is left alone)."""
    out = project / "out"
    (out / "dalmuti").mkdir(parents=True)
    (out / "dalmuti" / "keep.txt").write_text("previous build", encoding="utf-8")
    return out, tree_digest(out)
