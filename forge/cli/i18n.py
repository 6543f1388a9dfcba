"""``forge i18n``: a game's translations as gettext catalogs, for translators' own tools.

- ``forge i18n extract [GAME…]`` writes ``rules_src/<game>/po/<game>.pot``;
- ``forge i18n update LANG [GAME…]`` merges it into ``po/<lang>.po`` (made when absent);
- ``forge i18n import LANG [GAME…]`` turns the hand-written ``<lang>.md`` and the ``lang``
  strings into ``po/<lang>.po`` (the hand-written files are kept: remove them to build from
  the catalog).

Every file is checked inside the project and written all or nothing: each is written
beside its target first, then all are renamed into place.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import ForgeError, Location, OptionError, PathError, excerpt
from . import app, out, project_root, report

i18n = typer.Typer(help="Translations as gettext catalogs (.pot/.po): extract, update, import.", no_args_is_help=True)
app.add_typer(i18n, name="i18n")

Games = Annotated[Optional[list[str]], typer.Argument(help="Games (folders of rules_src/); default: every game.")]
Lang = Annotated[str, typer.Argument(help="The catalog's language: a code such as de, es or pt-BR.")]


def _games(root: Path, names: list[str] | None) -> list[Path]:
    rules = root / "rules_src"
    found = sorted(p for p in rules.iterdir() if p.is_dir()) if rules.is_dir() else []
    for name in names or []:
        if name not in [p.name for p in found]:
            raise OptionError(Location("GAME"), f"no rulebook {excerpt(name)} (expected one of: "
                              f"{', '.join(p.name for p in found) or 'none'})", hint="rulebooks are the folders of rules_src/")
    return [p for p in found if not names or p.name in names]


def _lang(lang: str) -> str:
    from ..i18n.catalog import LANG
    if not LANG.match(lang):
        raise OptionError(Location("LANG"), f"not a language code: {excerpt(lang)}", hint="e.g. de, es or pt-BR")
    return lang


def _write_all(root: Path, files: list[tuple[Path, bytes]]) -> None:
    """Write every file or none: targets checked inside the project (no symlink out, never a
    folder or a device), each written beside its target, then all renamed."""
    for path, _ in files:
        parent = path.parent
        while not parent.exists():
            parent = parent.parent
        from ..inputs import inside
        inside(root, parent, Location.of(path))
        if os.path.lexists(path) and (path.is_symlink() or not path.is_file()):
            raise PathError(Location.of(path), "the target is not a regular file (a link, a folder or a device)",
                            hint="remove it; forge writes catalogs as plain files")
    made: list[tuple[str, Path]] = []
    try:
        for path, data in files:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.chmod(tmp, 0o644)
            made.append((tmp, path))
        for tmp, path in made:
            os.replace(tmp, path)
    finally:
        for tmp, _ in made:
            if os.path.exists(tmp):
                os.unlink(tmp)


def _run(games: list[str] | None, make, pages=None, which=lambda folder: True) -> None:
    """Write what ``make(root, folder)`` gives for each game (with none named: each game
    ``which`` keeps) and, with no game named and a project with its own page words
    (``templates/i18n``), what ``pages(templates)`` gives."""
    from ..i18n.catalog import po_bytes
    root = project_root()
    try:
        folders = _games(root, games) if games else [f for f in _games(root, None) if which(f)]
        files = [(path, po_bytes(cat)) for folder in folders for path, cat in make(root, folder)]
        templates = root / "templates"
        if pages is not None and not games and (templates / "i18n").is_dir():
            files += [(path, po_bytes(cat)) for path, cat in pages(templates)]
        _write_all(root, files)
    except ForgeError as exc:
        report(exc)
    for path, _ in files:
        out.print(f"wrote {Location.of(path)}")


@i18n.command()
def extract(games: Games = None) -> None:
    """Write each game's template: everything a player reads, in the source language."""
    from ..i18n.catalog import template_path
    from ..translate.catalogs import template
    from ..translate.pages import pages_template, pages_template_path
    _run(games, lambda root, folder: [(template_path(folder), template(folder, root))],
         lambda templates: [(pages_template_path(templates), pages_template(templates))])


@i18n.command()
def update(lang: Lang, games: Games = None) -> None:
    """Merge the current template into po/LANG.po: changed texts become fuzzy, removed ones obsolete.
    With no GAME, the games that have a LANG catalog; name a game to start its catalog."""
    from ..i18n.catalog import catalog_path
    from ..translate.catalogs import updated
    _lang(lang)
    from ..translate.pages import pages_catalog_path, pages_updated
    _run(games, lambda root, folder: [(catalog_path(folder, lang), updated(folder, root, catalog_path(folder, lang), lang))],
         lambda templates: [] if (templates / "i18n" / f"{lang}.yaml").is_file() else
         [(pages_catalog_path(templates, lang), pages_updated(templates, lang))],
         which=lambda folder: catalog_path(folder, lang).is_file())


@i18n.command("import")
def import_(lang: Lang, games: Games = None) -> None:
    """Turn the hand-written LANG.md edition and LANG strings into po/LANG.po."""
    from ..i18n.catalog import catalog_path
    from ..translate.catalogs import imported
    _lang(lang)
    from ..translate.pages import pages_catalog_path, pages_imported
    _run(games, lambda root, folder: [(catalog_path(folder, lang), imported(folder, root, lang))],
         lambda templates: [(pages_catalog_path(templates, lang), pages_imported(templates, lang))]
         if (templates / "i18n" / f"{lang}.yaml").is_file() else [],
         which=lambda folder: (folder / f"{lang}.md").is_file())
