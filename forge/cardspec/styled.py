"""A text part's words as the kit draws them: its markup read into runs (:mod:`.markup`), each
run's font face found (:mod:`.fonts`), the icons' images and colours checked — and, once per
card, the characters no face has a glyph for, as located warnings.
"""
from __future__ import annotations

from .checks import Problems
from .fonts import face_file, glyphs
from .markup import MarkupError, Run, parse
from .model import GameSpec, Row
from .templating import TemplateError
from .vocabulary import EMBLEM_NAMES, SYMBOL_NAMES

__all__ = ["icon_names", "styled_runs", "check_glyphs", "MARKUP_HINT"]

MARKUP_HINT = (r"markup: **bold**, *italic*, <br>, <color red>…</color>, {icon}; write \*, \< or \{ "
               "for the mark itself, or set markup: false on the part")


def icon_names(spec: GameSpec | None) -> frozenset[str]:
    """The icons a text may show: forge's emblems and symbols, and the spec's own ``icons:``
    (none without a spec)."""
    return frozenset((*EMBLEM_NAMES, *SYMBOL_NAMES, *(spec.icons if spec else ())))


def styled_runs(text: str, markup: bool, font: str, fields: dict, spec: GameSpec | None,
                colour_value) -> tuple[tuple[Run, ...], dict, dict]:
    """(runs, the project images their icons show, (bold, italic) → the kit's font of each face
    used). A fault is a TemplateError; ``in_value`` when a column of the card's row holds it
    (named in the message)."""
    if not markup:
        runs: list[Run] = []
        for i, line in enumerate(text.split("\n")):
            runs += [Run(br=True)] * (i > 0) + [Run(line)] * bool(line)
    else:
        names = icon_names(spec)
        try:
            runs = list(parse(text, names))
        except MarkupError as exc:
            column = next((f for f, v in fields.items() if isinstance(v, str) and _fails(v, names)), None)
            err = TemplateError((f"column '{column}': " if column else "") + exc.args[0])
            err.in_value, err.hint = column is not None, MARKUP_HINT
            raise err from None
        runs = [Run(r.text, r.bold, r.italic, colour_value(r.colour, spec), r.icon, r.br) for r in runs]
    family = {}
    for run in runs:
        if run.text.strip() and (run.bold, run.italic) not in family:
            found = face_file(font, run.bold, run.italic, spec)
            if found is None:
                face = {(True, False): "bold", (False, True): "italic", (True, True): "bold_italic"}[run.bold, run.italic]
                err = TemplateError(f"the font '{font}' has no {face.replace('_', ' ')} face for {run.text.strip()[:30]!r}")
                err.in_value, err.hint = True, f"add {face}: FILE to fonts: {font}:, or write that text unstyled"
                raise err
            family[run.bold, run.italic] = found[0]
    family.setdefault((False, False), (face_file(font, False, False, spec) or ("sans", ""))[0])
    images = {r.icon: spec.icons[r.icon][:2] for r in runs if spec and r.icon in spec.icons}
    return tuple(runs), images, family


def _fails(value: str, names: frozenset[str]) -> bool:
    try:
        parse(value, names)
    except MarkupError:
        return True
    return False


def check_glyphs(spec: GameSpec, parts: list[dict], row: Row, pb: Problems) -> None:
    """A located warning, at the card's row, for each character of its texts that the face
    setting it has no glyph for (it would print as an empty box)."""
    for part in parts:
        if "runs" not in part or not part["when"].strip():
            continue
        for run in part["runs"]:
            if not run.text.strip():
                continue
            found = face_file(part["font"], run.bold, run.italic, spec)
            have = glyphs(found[1])
            for ch in dict.fromkeys(c for c in run.text if not c.isspace() and ord(c) not in have):
                face = " ".join(w for w, on in (("bold", run.bold), ("italic", run.italic)) if on) or "regular"
                message = (f"part '{part['name']}': the font '{part['font']}' ({face}) has no glyph for {ch!r} "
                           f"(U+{ord(ch):04X}): it would print as an empty box")
                if all(str(w.location) != str(row.location) or w.message != message for w in pb.warnings):
                    pb.warn(row.location, message, hint="use a font that has it (fonts:), or another character")
