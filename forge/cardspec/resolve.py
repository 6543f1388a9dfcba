"""Resolving a face's parameters for one card in one language, checked by kind.

Every face of every card in every language is resolved once when the spec is loaded with
its layouts (:func:`check_templates`), so a missing string key, an unknown field or a value of the
wrong kind fails at load time, located: a fault of the template at the parameter's line
in the spec (reported once), a fault of a card's value at that card's row (every row).
"""
from __future__ import annotations

from ..errors import InputError, Location
from .checks import Problems
from .kinds import check_kind
from .model import Component, Face, GameSpec, Row
from .parts import check_resolution, resolve_parts
from .styled import check_glyphs
from .templating import TemplateError, resolve
from .typography import breakable, typeset

__all__ = ["resolve_face", "component_title", "check_titles", "check_templates"]


def _row_fields(row: Row) -> dict:
    return {**row.fields, "copies": row.copies}


def _spec_value(p, spec: GameSpec, lang: str) -> str:
    """The spec's own value for a parameter a face leaves unset (``p.from_spec``): as it is,
    not a template."""
    return spec.game if p.from_spec == "game" else spec.titles.get(lang, spec.title)


def _resolve_params(face: Face, params: dict, fields: dict, lang: str, spec: GameSpec,
                    source: Row | None = None) -> dict:
    """Resolve ``params`` (name → Param) of ``face`` against one row's fields in ``lang``,
    checked by kind; ``source`` is that row when it belongs to another component (a
    reference card's list)."""
    out, strings = {}, spec.strings.get(lang, {})
    for pname, p in params.items():
        try:
            if p.from_spec and pname not in face.params:
                value = _spec_value(p, spec, lang)
            else:
                value = resolve(face.params.get(pname, None if p.required else p.default), fields, strings)
            checked = check_kind(p, value, spec)
            out[pname] = breakable(checked, lang) if p.kind == "text" else checked
        except TemplateError as exc:
            where = f" (for {source.location})" if source is not None and not exc.in_value else ""
            again = TemplateError(f"'{pname}'{where}: {exc.args[0]}")
            again.param, again.in_value, again.row = pname, exc.in_value, source
            again.hint = getattr(exc, "hint", None)
            raise again from None
    return out


def resolve_face(face: Face, row: Row, lang: str, spec: GameSpec) -> dict:
    """The parameters of ``face`` for one card in one language, checked by kind.

    Parameters scoped to a source component are resolved once per row of that component
    and arrive as ``entries``. Raises :class:`TemplateError` naming the parameter that fails."""
    lay = face.draws
    strings = spec.strings.get(lang, {})
    own = {n: p for n, p in lay.params.items() if p.scope != "source"}
    per_source = {n: p for n, p in lay.params.items() if p.scope == "source"}
    out = _resolve_params(face, own, _row_fields(row), lang, spec)
    if lay.parts:                                     # a declared layout: its parts, from fields and params
        out["parts"] = resolve_parts(lay.parts, {**_row_fields(row), **out}, strings, spec, row, lang)
    if per_source:
        src = spec.components[out["source"]]
        out["entries"] = [_resolve_params(face, per_source, _row_fields(r), lang, spec, r) for r in src.rows_for(lang)]
    return out


def component_title(spec: GameSpec, comp: Component, lang: str) -> str:
    """The component's title in ``lang`` (its name when the title does not resolve)."""
    try:
        return typeset(resolve(comp.title, {}, spec.strings.get(lang, {})), lang)
    except TemplateError:
        return comp.name


def check_titles(spec: GameSpec, pb: Problems) -> None:
    """The game's title resolved in every language (``spec.titles``); record what fails."""
    try:
        spec.titles = {lang: typeset(resolve(spec.title, {}, spec.strings[lang]), lang) for lang in spec.languages}
    except TemplateError as exc:
        pb.add(Location(spec.path, 1), f"'title': {exc.args[0]}", hint="@keys come from 'strings'")


def check_templates(spec: GameSpec, pb: Problems) -> None:
    """Resolve every face of every card in every language once; record what fails, where."""
    for comp in spec.components.values():
        for face in (comp.front, comp.back):
            if face is None:
                continue
            for lang in spec.languages:
                for row in comp.rows_for(lang):
                    try:
                        params = resolve_face(face, row, lang, spec)
                    except InputError as exc:              # an image that cannot be used
                        pb.error(exc)
                        continue
                    except TemplateError as exc:
                        raw = getattr(exc, "raw", None) or face.params.get(exc.param)
                        default = getattr(face.draws.params.get(exc.param), "default", None)
                        found = _string_place(raw if raw is not None else default, row, lang, spec) \
                            if exc.in_value else None
                        if found is not None:                      # a string's value: at its line
                            key, where = found
                            pb.add(where, f"string '{key}': {exc.args[0]} (layout '{face.layout}', language {lang})",
                                   hint=getattr(exc, "hint", None) or "the value comes from this string")
                        elif exc.in_value and isinstance(raw, str) and "{" in raw:
                            said = f", language {lang}" if raw.startswith("@") else ""
                            pb.add((exc.row or row).location, f"{exc.args[0]} (layout '{face.layout}'{said})",
                                   hint=getattr(exc, "hint", None) or "the value comes from this card's row")
                        else:
                            pb.add(getattr(exc, "where", None) or face.param_locations.get(exc.param, face.location), f"{exc.args[0]} "
                                   f"(layout '{face.layout}')",
                                   hint=getattr(exc, "hint", None)
                                   or "fields come from the component's rows; @keys from 'strings'")
                        continue
                    if "parts" in params:
                        check_resolution(spec, comp, params["parts"], row, pb)
                        check_glyphs(spec, params["parts"], row, pb)


def _string_place(raw, row: Row, lang: str, spec: GameSpec) -> tuple[str, Location] | None:
    """(key, its line in the strings) when ``raw`` is a string key (``@colour.{suit}``) whose
    value, for this row and language, is written in the spec's strings; None otherwise."""
    if not isinstance(raw, str) or not raw.startswith("@"):
        return None
    try:
        key = resolve(raw[1:], _row_fields(row), {})
    except TemplateError:
        return None
    where = spec.string_locations.get(f"{lang}:{key}")
    return (key, where) if where is not None and key in spec.strings.get(lang, {}) else None
