"""Layouts declared in YAML: a spec's ``layouts:`` and forge's own (``forge/kit/layouts/*.yaml``).

A declared layout names its parameters (what a face may set, as for forge's Python layouts)
and its parts (:mod:`.part_types`), and may start from another declared layout with
``extends:``: parameters and parts merge by name, property by property, and a part that names
another ``type`` replaces the inherited one whole. Everything that is not a template is checked
here, at its line; templates are resolved per card (:mod:`.resolve`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..errors import Location, describe, excerpt
from .checks import Problems, check_keys, close_match
from .conditions import parse_condition
from .extends import by_name, merge
from .lengths import parse_measure
from .model import parse_length
from .part_types import PART_TYPES
from .templating import TemplateError
from .vocabulary import MIN_SIZE, REQUIRED, Layout, LayoutTable, Param
from .yamlload import LocDict

__all__ = ["DeclaredPart", "read_layouts", "LAYOUT_KEYS", "TEMPLATED"]

LAYOUT_KEYS = {
    "extends": "another declared layout (of this spec, or one of forge's) this one starts from",
    "kinds": "what it draws: a list of deck, board, sheet (default: deck)",
    "help": "one line saying what the layout is for",
    "params": "the parameters a face sets: name → default text, or {kind, default, help, required}",
    "parts": "name → part: {type: rect | circle | text | image | icon | corners, …its properties}",
}
PARAM_KEYS = {"kind": "text, colour or number (default text)", "default": "the value when a face does not set it",
              "help": "what the parameter is", "required": "true: every face must set it"}
PARAM_KINDS = ("text", "colour", "number")
#: property kinds whose value is a template, resolved per card
TEMPLATED = ("colour", "text", "file", "icon", "when")


@dataclass(frozen=True)
class DeclaredPart:
    """A part as declared: fixed values checked, templates still raw."""

    name: str
    type: str
    fixed: dict
    templates: dict
    location: Location
    prop_locations: dict = field(default_factory=dict, compare=False)


def read_layouts(raw: object, where: Location, pb: Problems, table: LayoutTable) -> dict[str, Layout]:
    """``layouts:`` as Layouts (name → Layout), drawn by the table's ``draw_parts``; ``extends``
    may also name the table's declared layouts (forge's own)."""
    if raw is None:
        return {}
    if not isinstance(raw, LocDict):
        pb.add(where, f"'layouts' has the wrong type (expected a mapping of name → layout, got {describe(raw)})")
        return {}
    pool = _Pool({**table.declared, **raw}, raw)
    out = {}
    for name in raw:
        with pb.collecting():
            merged = _extended(name, pool, pb)
            if merged is not None:
                lay = build_layout(name, merged, pb, table.draw_parts)
                if lay is not None:
                    out[name] = lay
    return out


class _Pool(dict):
    """The layouts ``extends`` may name; ``where`` locates the spec's own."""

    def __init__(self, items: dict, spec: LocDict):
        super().__init__(items)
        self.spec = spec

    def where(self, name: str) -> Location:
        return self.spec.at(name) if name in self.spec else self.spec.at()


def _extended(name: str, pool: dict, pb: Problems) -> LocDict | None:
    if not isinstance(pool[name], LocDict):
        pb.add(pool.where(name), f"layout '{name}' has the wrong type (expected a mapping with parts, got "
               f"{describe(pool[name])})")
        return None
    return by_name(name, pool, pb, "layout", "a declared layout extends another declared layout (of the spec, "
                   "or one of forge's), by name", _merge_layout)


def _merge_layout(base: LocDict, over: LocDict) -> LocDict:
    """``over`` on ``base``: params and parts merge by name; a part of another type replaces."""
    out = merge(base, over)
    for key in ("params", "parts"):                     # merge() would replace them whole
        if key in base:
            out[key], out.key_locs[key] = base[key], base.at(key)
    for key in ("params", "parts"):
        old, new = base.get(key), over.get(key)
        if isinstance(old, LocDict) and isinstance(new, LocDict):
            merged = LocDict(old)
            merged.file, merged.line, merged.key_locs = new.file, new.line, dict(old.key_locs)
            for pname, value in new.items():
                prev = merged.get(pname)
                if value is None:
                    merged.pop(pname, None)
                    continue
                if isinstance(prev, LocDict) and isinstance(value, LocDict) and value.get("type", prev.get("type")) == prev.get("type"):
                    value = merge(prev, value)
                merged[pname] = value
                merged.key_locs[pname] = new.at(pname)
            out[key], out.key_locs[key] = merged, over.at(key)
        elif new is not None:
            out[key], out.key_locs[key] = new, over.at(key)
    return out


def build_layout(name: str, d: LocDict, pb: Problems, draw_parts: Callable) -> Layout | None:
    """A Layout from a declared layout (extends already merged), drawn by ``draw_parts``."""
    check_keys(d, LAYOUT_KEYS, f"layout '{name}'", pb)
    kinds = d.get("kinds", ["deck"])
    if not isinstance(kinds, list) or not kinds or not all(k in ("deck", "board", "sheet") for k in kinds):
        pb.add(d.at("kinds"), f"'kinds' must list deck, board or sheet (got {describe(kinds)})")
        kinds = ["deck"]
    params = {}
    raw_params = d.get("params") or LocDict()
    if not isinstance(raw_params, LocDict):
        pb.add(d.at("params"), f"'params' has the wrong type (expected a mapping, got {describe(raw_params)})")
        raw_params = LocDict()
    for pname, value in raw_params.items():
        p = _param(pname, value, raw_params.at(pname), pb)
        if p is not None:
            params[pname] = p
    parts = d.get("parts")
    if not isinstance(parts, LocDict) or not parts:
        pb.add(d.at("parts") if "parts" in d else d.at(), f"layout '{name}' needs 'parts' (expected a mapping of "
               f"name → part, got {describe(parts)})", hint="e.g. parts: {title: {type: text, text: \"{name}\"}}")
        return None
    declared = tuple(p for p in (_part(n, parts[n], parts.at(n), pb) for n in parts) if p is not None)
    return Layout(name, tuple(kinds), params, draw_parts, str(d.get("help", "")), declared)


def _param(name: str, value, where: Location, pb: Problems) -> Param | None:
    if not isinstance(value, LocDict):
        if value is not None and not isinstance(value, (str, int, float)):
            pb.add(where, f"parameter '{name}' has the wrong type (expected a default text, or "
                   f"{{kind, default, help, required}}; got {describe(value)})")
            return None
        return Param("text", "" if value is None else value)
    check_keys(value, PARAM_KEYS, f"parameter '{name}'", pb)
    kind = value.get("kind", "text")
    if kind not in PARAM_KINDS:
        pb.add(value.at("kind"), f"unknown parameter kind {describe(kind)} (expected one of: {', '.join(PARAM_KINDS)})")
        kind = "text"
    default = REQUIRED if value.get("required") is True else value.get("default", "")
    return Param(kind, default, help=str(value.get("help", "")))


def _part(name: str, d, where: Location, pb: Problems) -> DeclaredPart | None:
    if not isinstance(d, LocDict):
        pb.add(where, f"part '{name}' has the wrong type (expected a mapping with 'type', got {describe(d)})")
        return None
    kind = d.get("type")
    if kind not in PART_TYPES:
        guess = close_match(str(kind), PART_TYPES) if isinstance(kind, str) else None
        pb.add(d.at("type") if "type" in d else d.at(), f"part '{name}': unknown type "
               f"{excerpt(kind) if isinstance(kind, str) else describe(kind)} (expected one of: "
               f"{', '.join(PART_TYPES)})", hint=guess or "forge docs cardspec lists the parts and their properties")
        return None
    props = PART_TYPES[kind]
    fixed, templates = {}, {}
    for key, value in d.items():
        if key == "type":
            continue
        if key not in props:
            guess = close_match(key, props)
            pb.add(d.at(key), f"unknown key {excerpt(key)} in a {kind} part (expected one of: "
                   f"type, {', '.join(props)})", hint=guess or "remove it: nothing reads it")
    for key, (pkind, default, _help) in props.items():
        value = d.get(key, default)
        at = d.at(key) if key in d else d.at()
        kind_name = pkind[0] if isinstance(pkind, tuple) else pkind
        if kind_name in TEMPLATED:
            if not isinstance(value, (str, int, float)) or isinstance(value, bool):
                pb.add(at, f"'{key}' has the wrong type (expected text or a template, got {describe(value)})")
                continue
            templates[key] = str(value)
            if key == "when":
                try:
                    parse_condition(templates[key])
                except TemplateError as exc:
                    pb.add(at, f"part '{name}': {exc.args[0]}",
                           hint="when: \"{field}\" (not empty), \"{field} == value\", \"{n} > 2\", \"{f} in [a, b]\"")
            continue
        try:
            fixed[key] = _fixed(kind_name, pkind, value)
            if key == "min_size" and fixed[key] < MIN_SIZE - 1e-9:
                raise ValueError(f"smaller than forge's smallest text, {MIN_SIZE:g} pt")
        except ValueError as exc:
            pb.add(at, f"'{key}' of part '{name}': {exc} (got {describe(value)})",
                   hint="lengths take a unit (mm, cm, in, pt) or a share of the frame (50%), as in 100% - 6mm")
    return DeclaredPart(name, kind, fixed, templates, where, {k: d.at(k) for k in d})


def _fixed(kind: str, pkind, value):
    """A property that is not a template, checked and converted."""
    if kind in ("x", "y"):
        return parse_measure(value, kind)
    if kind == "pt":
        try:
            return parse_length(value)
        except ValueError:
            raise ValueError("not a length (expected e.g. 2mm or 10pt)") from None
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not -1000 <= value <= 1000:
            raise ValueError("not a number (expected a number from -1000 to 1000)")
        return float(value)
    if kind == "bool":
        if not isinstance(value, bool):
            raise ValueError("not true or false")
        return value
    if kind == "font":                        # forge's or the spec's own: checked with the spec's fonts:
        if not isinstance(value, str) or not value.strip():
            raise ValueError("not a font name (expected sans, bold, serif or a font of the spec's fonts:)")
        return value
    if kind == "choice":
        if value not in pkind[1]:
            raise ValueError(f"unknown value (expected one of: {', '.join(pkind[1])})")
        return value
    raise AssertionError(kind)

