"""The page words (``templates/i18n/``) as a catalog: ``pages.pot`` from the English words,
each entry's context ``ui:<key>`` and its comment the key's meaning (:data:`UI_KEYS`);
``<lang>.po`` imported from ``<lang>.yaml`` or merged with the template."""
from __future__ import annotations

from pathlib import Path

from ..errors import InputError, Location
from ..i18n.catalog import Catalog, new_catalog, read_catalog
from ..rulebook.ui import OPTIONAL, SOURCE, UI_KEYS, load_ui

__all__ = ["pages_template", "pages_imported", "pages_updated", "pages_template_path", "pages_catalog_path"]


def pages_template_path(templates: Path) -> Path:
    return templates / "i18n" / "pages.pot"


def pages_catalog_path(templates: Path, lang: str) -> Path:
    return templates / "i18n" / f"{lang}.po"


def _fill(cat: Catalog, templates: Path, theirs: dict[str, str] | None) -> Catalog:
    file = f"{templates.name}/i18n/{SOURCE}.yaml"
    for n, (key, text) in enumerate(load_ui(templates, SOURCE).items(), start=1):
        meaning = UI_KEYS.get(key) or OPTIONAL.get(key) or "another language's name, in this one"
        flags = ("python-brace-format",) if "{" in text else ()
        cat.add(text, (theirs or {}).get(key, ""), locations=[(file, None)], auto_comments=[f"Page word '{key}': {meaning}."],
                context=f"ui:{key}", flags=flags)
    return cat


def pages_template(templates: Path) -> Catalog:
    return _fill(new_catalog("pages", None), templates, None)


def pages_imported(templates: Path, lang: str) -> Catalog:
    path = templates / "i18n" / f"{lang}.yaml"
    if not path.is_file():
        raise InputError(Location.of(path), f"no page words to import for '{lang}'",
                         hint=f"write {path.name}, or start a catalog with forge i18n update {lang}")
    return _fill(new_catalog("pages", lang), templates, load_ui(templates, lang))


def pages_updated(templates: Path, lang: str) -> Catalog:
    po = pages_catalog_path(templates, lang)
    cat = read_catalog(po, lang) if po.is_file() else new_catalog("pages", lang)
    cat.update(pages_template(templates), update_creation_date=False)
    return cat
