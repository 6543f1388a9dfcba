"""What Tabletop Simulator shows of each card of a deck (``forge export --tts``): its name and
description, declared per component::

    tts: {name: "{name}", description: "{text}"}

Both are templates (:mod:`.templating`) resolved per card and language; styled text
(:mod:`.markup`) is shown plain. Without ``tts:`` a card is named by its front's ``title``,
``name``, ``word`` or ``value`` parameter (the first that is set), and described by its
front's ``text``. Every template is resolved once when the spec loads, so a fault is an error
at the key's line (or at the card's row for a value) before anything is exported.
"""
from __future__ import annotations

from ..errors import Location, describe, excerpt
from .checks import Problems
from .markup import MarkupError, parse, plain_text
from .model import Component, GameSpec, Row
from .styled import icon_names
from .resolve import resolve_face
from .templating import TemplateError, resolve
from .yamlload import LocDict

__all__ = ["read_tts", "check_tts", "tts_text", "TTS_KEYS"]

TTS_KEYS = {"name": "the card's name on the table: a template", "description": "its description: a template"}
#: the front parameters that name a card, in order, when ``tts: {name}`` is not declared
NAMING = ("title", "name", "word", "value")


def read_tts(d: LocDict, pb: Problems) -> dict[str, tuple[str, Location]]:
    """A component's ``tts:`` as key → (template, where), checked."""
    raw = d.get("tts")
    if raw is None:
        return {}
    if not isinstance(raw, LocDict):
        pb.add(d.at("tts"), f"'tts' has the wrong type (expected a mapping with name and description, got "
               f"{describe(raw)})", hint='e.g. tts: {name: "{name}", description: "{text}"}')
        return {}
    out = {}
    for key, value in raw.items():
        if key not in TTS_KEYS:
            pb.add(raw.at(key), f"unknown key {excerpt(key)} in 'tts' (expected one of: {', '.join(TTS_KEYS)})",
                   hint="remove it: nothing reads it")
        elif not isinstance(value, (str, int, float)) or isinstance(value, bool):
            pb.add(raw.at(key), f"'tts.{key}' has the wrong type (expected text or a template, got {describe(value)})")
        else:
            out[key] = (str(value), raw.at(key))
    return out


def tts_text(spec: GameSpec, comp: Component, row: Row, lang: str, key: str) -> str:
    """The card's ``key`` (name or description) in ``lang``, plain; "" when nothing gives one."""
    if key in comp.tts:
        text = str(resolve(comp.tts[key][0], {**row.fields, "copies": row.copies}, spec.strings.get(lang, {})))
    else:
        params = resolve_face(comp.front, row, lang, spec)
        found = [params[k] for k in (NAMING if key == "name" else ("text",)) if isinstance(params.get(k), str)]
        text = next((v for v in found if v.strip()), "")
    text = text.replace("\u00ad", "")                  # a card's break points are not a name's
    try:
        return " ".join(plain_text(parse(text, icon_names(spec))).split())
    except MarkupError:
        return " ".join(text.split())


def check_tts(spec: GameSpec, pb: Problems) -> None:
    """Resolve every declared ``tts:`` template for every card and language; record what fails."""
    for comp in spec.components.values():
        for key, (_, where) in comp.tts.items():
            for lang in spec.languages:
                for row in comp.rows_for(lang):
                    try:
                        tts_text(spec, comp, row, lang, key)
                    except TemplateError as exc:
                        pb.add(row.location if exc.in_value else where, f"'tts.{key}': {exc.args[0]}",
                               hint="fields come from the component's rows; @keys from 'strings'")
                        break
