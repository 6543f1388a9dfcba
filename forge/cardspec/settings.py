"""Print settings and sizes of a spec: paper, bleed, margins, duplex, card and page sizes,
each checked against its type and its documented range (forge.limits)."""
from __future__ import annotations

from typing import Any

from ..errors import Location, describe, excerpt
from ..limits import limit
from .checks import Problems, check_keys, enum, is_, length, str_list, typed
from .model import PAPERS, PrintSettings, parse_length
from .yamlload import LocDict

__all__ = ["PRINT_KEYS", "ENUMS", "print_settings", "size"]

PRINT_KEYS = {
    "paper": "a4, letter, or a list of both",
    "orientation": "auto, portrait or landscape",
    "bleed": "art beyond the cut line on each side (default 3mm)",
    "crop_marks": "true or false",
    "corner_radius": "rounded corners: each card's cut line drawn on the fronts with this radius (default 0: none)",
    "duplex": "long-edge, short-edge or off",
    "layout": "duplex (backs on the next page) or gutterfold (beside the fronts, fold the sheet)",
    "back_offset": "[dx, dy] shift of the backs to correct a printer",
    "margin": "least distance from the paper edge to the bleed (default 5mm)",
    "spacing": "auto, bleed (cards apart) or butt (shared cut lines)",
    "ink_saver": "true or false: light fills and outlines (forge build --ink-saver)",
    "colour": "rgb, cmyk (forge build --cmyk) or pdfx (CMYK, PDF/X-4 for FOGRA39: forge build --pdfx)",
}
ENUMS = {
    "orientation": ("auto", "portrait", "landscape"),
    "duplex": ("long-edge", "short-edge", "off"),
    "layout": ("duplex", "gutterfold"),
    "spacing": ("auto", "bleed", "butt"),
    "colour": ("rgb", "cmyk", "pdfx"),
}


def print_settings(d: Any, base: PrintSettings, where: Location, pb: Problems) -> PrintSettings:
    """``base`` with the settings of the mapping ``d`` applied."""
    if d is None:
        return base
    if not isinstance(d, LocDict):
        pb.add(where, f"'print' has the wrong type (expected mapping, got {describe(d)})")
        return base
    check_keys(d, PRINT_KEYS, "print settings", pb)
    values = dict(base.__dict__)
    papers = typed(d, "paper", pb, "a4, letter or a list of them", str_list)
    if papers is not None:
        bad = [p for p in papers if p not in PAPERS]
        if bad:
            pb.add(d.at("paper"), f"unknown paper {excerpt(bad[0])} (expected one of: {', '.join(PAPERS)})",
                   hint="custom page sizes are for boards: kind: board, page: {width, height}")
        else:
            values["papers"] = tuple(dict.fromkeys(papers))
    if d.get("duplex") is False:       # YAML reads a bare `off` as false
        d["duplex"] = "off"
    for key in ("orientation", "duplex", "layout", "spacing", "colour"):
        values[key] = typed(d, key, pb, " or ".join(ENUMS[key]), enum(ENUMS[key]), values[key])
    for key in ("crop_marks", "ink_saver"):
        values[key] = typed(d, key, pb, "true or false", is_(bool), values[key])
    for key, top in (("bleed", "bleed_max"), ("margin", "margin_max"), ("corner_radius", "corner_max")):
        values[key] = typed(d, key, pb, "a length such as 3mm", length(0, limit(top)), values[key])
    most = limit("offset_max")
    offset = typed(d, "back_offset", pb, "a list of two lengths [dx, dy]",
                   lambda v: tuple(length(-most, most)(x) for x in is_(list, lambda v: len(v) == 2)(v)), None)
    if offset is not None:
        values["back_offset"] = offset
    return PrintSettings(**values)


def size(d: LocDict, key: str, pb: Problems, presets: dict | None) -> tuple[float, float] | None:
    """A card size (``key`` card: a preset or {width, height}) or a board's page size, in points."""
    value = d.get(key)
    lo, hi = (limit("card_min"), limit("card_max")) if presets is not None else (limit("page_min"), limit("page_max"))
    if isinstance(value, str) and presets is not None:
        if value in presets:
            w, h = presets[value]
            return parse_length(w), parse_length(h)
        pb.add(d.at(key), f"unknown {key} size {excerpt(value)} (expected one of: {', '.join(presets)}, "
               "or {width, height})", hint="e.g. card: {width: 70mm, height: 120mm}")
        return None
    if isinstance(value, LocDict):
        check_keys(value, ("width", "height"), f"{key} size", pb)
        w = typed(value, "width", pb, "a length such as 63mm", length(lo, hi))
        h = typed(value, "height", pb, "a length such as 88mm", length(lo, hi))
        if w is None or h is None:
            missing = [k for k in ("width", "height") if k not in value]
            if missing:
                pb.add(value.at(), f"{key} size needs both width and height (missing: {', '.join(missing)})",
                       hint=f"each side is {lo:g} mm to {hi:g} mm")
            return None
        return w, h
    expected = "a preset name or {width, height}" if presets else "{width, height}"
    pb.add(d.at(key), f"'{key}' has the wrong type (expected {expected}, got {describe(value)})")
    return None
