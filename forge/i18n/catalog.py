"""Gettext catalogs, read and written by Babel: a game's template (``.pot``) and its
translations (``<lang>.po``), in ``rules_src/<game>/po/``.

An entry's ``msgctxt`` says where its text is used, so that one French phrase said in two
places can be translated twice:

- ``<section id>``: a unit of the rulebook (``setup``; the title: ``title``);
- ``cards:<key>``: a string printed on the cards (``cards:rank.1``);
- ``figures:<section>.<key>``: a word of the worked examples' figures (with ``.<case>``);
- ``rules:<path>``: a text of a game's rules data (Le Chat vert's ``rules.yaml``).

A translation is *used* when it is not empty and not fuzzy; otherwise the source's text is
shown and the entry is listed (``forge check``; ``--strict`` fails on it).
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, normalize, read_po, write_po

from ..errors import InputError, Location
from ..inputs import read_text

__all__ = ["Catalog", "Found", "new_catalog", "read_catalog", "po_bytes", "lookup", "catalog_folder",
           "template_path", "catalog_path", "catalog_langs", "LANG"]

WIDTH = 76
#: a language code as a catalog's name says it: de, pt-BR
LANG = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z]{2,4})?$")


@dataclass(frozen=True)
class Found:
    text: str | None      # the translation to use, None to fall back on the source
    state: str            # ok | fuzzy | missing
    line: int             # the entry's line in the .po (0: no entry)


def catalog_folder(rules: Path) -> Path:
    """``rules_src/<game>/po``."""
    return rules / "po"


def template_path(rules: Path) -> Path:
    return catalog_folder(rules) / f"{rules.name}.pot"


def catalog_path(rules: Path, lang: str) -> Path:
    return catalog_folder(rules) / f"{lang}.po"


def catalog_langs(rules: Path) -> list[str]:
    """The languages of a game's catalogs, sorted."""
    folder = catalog_folder(rules)
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.po") if LANG.match(p.stem))


def new_catalog(game: str, lang: str | None) -> Catalog:
    cat = Catalog(locale=lang, project=f"forge: {game}", version=None, fuzzy=False,
                  copyright_holder="the game's authors", msgid_bugs_address="",
                  header_comment=f"# {'Translation template' if lang is None else lang + ' translation'} of {game}'s "
                                 "rulebook, cards and figures.\n# Made by forge i18n; see README, 'Translating'.")
    if lang is not None:
        cat.last_translator = "forge i18n"
        cat.language_team = lang
        cat.revision_date = cat.creation_date
    return cat


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    """A .po or .pot file; a syntax error is an InputError at its line."""
    text = read_text(path)
    try:
        return read_po(io.BytesIO(text.encode("utf-8")), locale=lang, abort_invalid=True, charset="utf-8")
    except PoFileError as exc:
        words = str(exc)
        line = int(words.rsplit(" ", 1)[-1]) if words.rsplit(" ", 1)[-1].isdigit() else 1
        raise InputError(Location.of(path, line), f"not a gettext catalog here: {words.split(' on ')[0]}",
                         hint="open it in a PO editor (Poedit, Lokalize) or check it with msgfmt --check") from None
    except (ValueError, UnicodeError) as exc:
        raise InputError(Location.of(path, 1), f"not a gettext catalog: {exc}",
                         hint="open it in a PO editor (Poedit, Lokalize) or check it with msgfmt --check") from None


def po_bytes(catalog: Catalog) -> bytes:
    """The catalog as a .po file. A fuzzy entry's former source text is written as gettext
    writes it (``#| msgid ""`` then one ``#| "…"`` line per line): Babel's own writer folds it
    into a comment that gettext's tools refuse."""
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, include_previous=False, sort_output=False)
    text = out.getvalue().decode("utf-8")
    messages = [m for m in catalog if m.id]
    blocks = text.split("\n\n")
    if len(blocks) < len(messages) + 1 or not any(m.previous_id for m in messages):
        return text.encode("utf-8")
    for i, msg in enumerate(messages, start=1):
        if msg.previous_id:
            previous = msg.previous_id[0] if isinstance(msg.previous_id, (list, tuple)) else msg.previous_id
            lines = normalize(previous, prefix="", width=WIDTH).split("\n")
            said = ["#| msgid " + lines[0]] + ["#| " + line for line in lines[1:]]
            entry = blocks[i].split("\n")
            at = next(k for k, line in enumerate(entry) if not line.startswith("#"))
            blocks[i] = "\n".join(entry[:at] + said + entry[at:])
    return "\n\n".join(blocks).encode("utf-8")


def lookup(catalog: Catalog | None, msgid: str, context: str) -> Found:
    """The translation of ``msgid`` in ``context``."""
    if catalog is None:
        return Found(None, "missing", 0)
    msg = catalog.get(msgid, context=context)
    if msg is None:
        return Found(None, "missing", 0)
    line = msg.lineno or 0
    if msg.fuzzy:
        return Found(None, "fuzzy", line)
    text = msg.string if isinstance(msg.string, str) else (msg.string[0] if msg.string else "")
    return Found(text, "ok", line) if text else Found(None, "missing", line)
