"""A declared layout's parts for one card: templates resolved and checked, images found and
checked (:mod:`.images`), and each image's resolution at print size measured — and recorded
on the image, which is decoded at the pixels its largest place needs (an icon of a text is
drawn at most as tall as the text's largest size).

A part's templates see the card's fields and the face's parameters (a parameter wins over a
field of the same name). A fault of a template is reported at the part's line; a value that
comes from a card's row (a colour, an icon, an image file) at that row.
"""
from __future__ import annotations

import re

from ..errors import Location, describe
from ..inputs import resolve_inside
from .checks import Problems
from .colours import mix
from .conditions import holds
from .images import DPI_WARN, check_image, dpi, pdf_image, placement
from .kinds import check_kind
from .styled import icon_names, styled_runs
from .model import MM, PAPERS, Component, GameSpec, Row
from .part_types import PART_TYPES, frame_of, part_box
from .templating import TemplateError, resolve
from .typography import breakable
from .vocabulary import EMBLEM_NAMES, SAFE, SYMBOL_NAMES, CardBox, Param

__all__ = ["resolve_parts", "check_resolution", "colour_value", "face_boxes"]

#: mix(a, b, t%): t per cent of the way from colour a to colour b
MIX = re.compile(r"^mix\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*,\s*(\d+(?:\.\d+)?)\s*%\s*\)$")


def colour_value(value: str, spec: GameSpec) -> str:
    """A colour as #rrggbb: a colour forge knows, or ``mix(a, b, t%)``; "" is no colour."""
    if value == "":
        return ""
    m = MIX.match(value)
    if m:
        a, b, t = colour_value(m[1], spec), colour_value(m[2], spec), float(m[3])
        if not (a and b and t <= 100):
            raise TemplateError(f"not a colour mix (expected mix(colour, colour, 0–100%), got {describe(value)})")
        return mix(a, b, t / 100)
    return check_kind(Param("colour"), value, spec)


def resolve_parts(parts: tuple, fields: dict, strings: dict, spec: GameSpec, row: Row, lang: str = "") -> list[dict]:
    """Each part with its templates resolved against ``fields`` and checked; its text in the
    typography of ``lang``, long words breakable (:func:`~.typography.breakable`)."""
    out = []
    for part in parts:
        values = {"type": part.type, "name": part.name, **part.fixed}
        for key, raw in part.templates.items():
            try:
                if key == "when":
                    values[key] = "yes" if holds(raw, fields, strings) else ""
                else:
                    values[key] = str(resolve(raw, fields, strings, keep=icon_names(spec)))
            except TemplateError as exc:
                raise _located(exc, part, key, raw) from None
        drawn = bool(values["when"].strip())
        for key, raw in part.templates.items():
            try:
                values[key] = _checked(part, key, values[key], drawn, spec, row, raw)
            except TemplateError as exc:
                raise _located(exc, part, key, raw, in_value=True) from None
        if part.type in ("text", "corners"):
            values["text"] = breakable(values.get("text", ""), lang)
            _styled(part, values, fields, spec)
        out.append(values)
    return out


def _styled(part, values: dict, fields: dict, spec: GameSpec) -> None:
    """The runs of a text part (``values["runs"]``), the project images its icons show
    (``values["images"]``) and the font of each face it uses (``values["family"]``), located."""
    try:
        values["runs"], values["images"], values["family"] = styled_runs(
            values.get("text", ""), values.get("markup", True), values["font"], fields, spec, colour_value)
    except TemplateError as exc:
        located = _located(exc, part, "text", part.templates.get("text", ""), in_value=exc.in_value)
        located.hint = getattr(exc, "hint", None)
        raise located from None


def _located(exc: TemplateError, part, key: str, raw: str, in_value: bool = False) -> TemplateError:
    again = TemplateError(f"part '{part.name}', '{key}': {exc.args[0]}")
    again.param, again.raw, again.row = f"{part.name}.{key}", raw, None
    again.in_value = in_value or getattr(exc, "in_value", False)
    again.where = part.prop_locations.get(key, part.location)
    return again


def _checked(part, key: str, value: str, drawn: bool, spec: GameSpec, row: Row, raw: str):
    kind = PART_TYPES[part.type][key][0]
    if kind == "colour":
        return colour_value(value, spec)
    if kind == "icon" and drawn:
        if value not in EMBLEM_NAMES and value not in SYMBOL_NAMES:
            raise TemplateError(f"unknown icon (expected an emblem: {', '.join(EMBLEM_NAMES)}; or a symbol: "
                                f"{', '.join(SYMBOL_NAMES)}; got {describe(value)})")
    if kind == "file" and drawn:
        return _image(part, value, spec, row.location if "{" in raw else part.prop_locations.get(key, part.location))
    return value


def _image(part, name: str, spec: GameSpec, where: Location):
    """(ImageInfo, PdfImage, where) of the image file ``name``: inside the project, checked from its
    header, then the rest of the file (both cached). InputErrors are located at ``where``."""
    if not name.strip():
        raise TemplateError("no image file (expected a path such as art/fox.png)")
    path = resolve_inside(spec.root, spec.folder, name, where, f"image of part '{part.name}'")
    info = check_image(path, where)
    return info, pdf_image(info, where), where


def face_boxes(comp: Component) -> list[CardBox]:
    """The CardBoxes a face of ``comp`` is drawn in (a sheet's: one per paper)."""
    if comp.kind == "deck":
        return [CardBox(comp.size[0], comp.size[1], comp.print.bleed, SAFE)]
    if comp.kind == "board":
        return [CardBox(comp.size[0], comp.size[1], 0.0, comp.print.margin)]
    return [CardBox(PAPERS[p][0] * MM, PAPERS[p][1] * MM, 0.0, comp.print.margin) for p in comp.print.papers]


def check_resolution(spec: GameSpec, comp: Component, parts: list[dict], row: Row, pb: Problems) -> None:
    """Record each image's lowest effective resolution at print size (``spec.images``, and the
    image's own record: :meth:`~.images.PdfImage.printed_at`); one located warning per image and
    place below :data:`~.images.DPI_WARN`."""
    for part in parts:
        if part["type"] in ("text", "corners") and part["when"].strip():
            _icons_printed(comp, part)
        if part["type"] != "image" or not part["when"].strip():
            continue
        info = part["file"][0]
        for box in face_boxes(comp):
            drawn = placement(part["fit"], part_box(part, box), (info.width, info.height))
            res = dpi(drawn, (info.width, info.height))
            part["file"][1].printed_at(res)
            shown = str(info.path.relative_to(spec.root.resolve()))
            old = spec.images.get(shown)
            spec.images[shown] = (info, min(res, old[1]) if old else res)
            if res < DPI_WARN:
                need = (round(info.width * DPI_WARN / res), round(info.height * DPI_WARN / res))
                where = part["file"][2]
                message = (f"image {shown} prints at {res:.0f} dpi ({info.width} × {info.height} px over "
                           f"{drawn[2] / MM:.1f} × {drawn[3] / MM:.1f} mm; expected at least {DPI_WARN} dpi)")
                if all(str(w.location) != str(where) or w.message != message for w in pb.warnings):
                    pb.warn(where, message, hint=f"use an image of at least {need[0]} × {need[1]} px, "
                                                 "or forge build --strict to make this an error")


def _icons_printed(comp: Component, part: dict) -> None:
    """Record the resolution of each of the spec's icons that a text part shows: drawn at most
    as tall as the part's largest size (forge.kit.rich_text: 0.95 of it)."""
    for box in face_boxes(comp):
        tall = part["size"].of(*frame_of(box, part["frame"])[2:])
        for info, image in part.get("images", {}).values():
            if tall > 0:
                image.printed_at(dpi((0, 0, tall * info.width / info.height, tall), (info.width, info.height)))
