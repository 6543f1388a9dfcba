"""The short texts of a game, as catalog entries: the strings printed on its cards
(``cardspecs/<game>/strings.yaml``: ``cards:<key>``), the words of its figures
(``rules_src/<game>/figures.yaml``: ``figures:<section>.<key>[.<case>]``) and the texts of
its rules data (``rules_src/<game>/rules.yaml``: ``rules:<path>``, every mapping whose keys
are languages, the source's among them).

Each entry is ``(msgid, context, (file, line), comments, flags)``; a string with ``{slots}``
is flagged ``python-brace-format``, so that ``msgfmt --check`` checks them too. With a
target language, the msgid is a pair (source text, that language's text or "").
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from ..cardspec.yamlload import LocDict, load_yaml
from ..i18n.marks import SLOT

__all__ = ["string_entries", "strings_file", "LANG_KEY"]

LANG_KEY = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z]{2,4})?$")
COMMENT = {
    "cards": "Printed on the cards: keep it as short as the source; keep {slots} and line breaks.",
    "figures": "Said by a worked example's figure; keep {slots}.",
    "rules": "A text of the game's rules data; keep {slots}.",
}


def strings_file(folder: Path, root: Path) -> Path | None:
    """The strings file of the game of ``folder`` (``rules_src/<game>``): the one its spec names."""
    spec = root / "cardspecs" / f"{folder.name}.yaml"
    if not spec.is_file():
        return None
    raw = load_yaml(spec)
    named = raw.get("strings") if isinstance(raw, LocDict) else None
    return (spec.parent / named) if isinstance(named, str) else None


def _leaves(tree, prefix: str) -> Iterator[tuple[str, object, LocDict]]:
    if isinstance(tree, LocDict):
        for k, v in tree.items():
            if isinstance(v, LocDict):
                yield from _leaves(v, f"{prefix}{k}.")
            elif isinstance(v, (str, int, float)) and not isinstance(v, bool):
                yield f"{prefix}{k}", v, tree.at(k)


def _per_language(tree, path: str) -> Iterator[tuple[str, LocDict]]:
    """Every mapping of ``tree`` whose keys are all language codes, with its path."""
    if isinstance(tree, LocDict):
        if tree and all(isinstance(k, str) and LANG_KEY.match(k) for k in tree):
            yield path, tree
            return
        for k, v in tree.items():
            yield from _per_language(v, f"{path}.{k}" if path else str(k))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from _per_language(v, f"{path}.{i}")


def _entry(kind: str, key: str, text, where, root: Path, target):
    text = str(text)
    if target is not False:
        target = "" if target is None else str(target)
    flags = ("python-brace-format",) if SLOT.search(text) else ()
    file = Path(where.file)
    shown = (root / file).resolve().relative_to(root.resolve()).as_posix() if not file.is_absolute() \
        and (root / file).exists() else where.file
    msgid = (text, target) if target is not False else text
    return msgid, f"{kind}:{key}", (shown, where.line), [COMMENT[kind]], flags


def string_entries(folder: Path, root: Path, source: str, lang: str | None = None) -> Iterator[tuple]:
    """The entries of the game's short texts (see the module's docstring)."""
    strings = strings_file(folder, root)
    for kind, path in (("cards", strings), ("figures", folder / "figures.yaml")):
        if path is None or not path.is_file():
            continue
        data = load_yaml(path)
        if not isinstance(data, LocDict) or not isinstance(data.get(source), LocDict):
            continue
        theirs = {k: v for k, v, _ in _leaves(data.get(lang), "")} if lang else {}
        for key, text, where in _leaves(data[source], ""):
            if str(text).strip():               # an empty text has nothing to translate
                yield _entry(kind, key, text, where, root, theirs.get(key) if lang else False)
    rules = folder / "rules.yaml"
    if rules.is_file():
        for key, tree in _per_language(load_yaml(rules), ""):
            if source in tree and str(tree[source]).strip():
                yield _entry("rules", key, tree[source], tree.at(source), root, tree.get(lang) if lang else False)
