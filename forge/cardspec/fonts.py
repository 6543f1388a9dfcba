"""The fonts a card's text is set in: forge's own three (``sans``, ``bold``, ``serif``, with
their italic faces) and a spec's own TrueType files (``fonts:``)::

    fonts:
      title: potions/fonts/Cinzel.ttf              # one face: regular
      body:                                        # or a family: its regular, bold and italic faces
        regular: potions/fonts/Body-Regular.ttf
        bold: potions/fonts/Body-Bold.ttf
        italic: potions/fonts/Body-Italic.ttf
        bold_italic: potions/fonts/Body-BoldItalic.ttf

A text part names a font by ``font:``; styled text (``**…**``, ``*…*``) takes the face of the
family it asks for, and a face the family lacks is an error at the card's row or the part's
line. Each file is checked where it is named: inside the project, at most the
``font_bytes`` limit (32 MiB), TrueType outlines (an OpenType file with PostScript outlines, ``OTTO``, or a
collection, ``ttcf``, is refused with how to convert it), readable and embeddable; the PDF
embeds the subset of glyphs used. A character a face has no glyph for is a located warning
naming the character and the card (:func:`missing_glyphs`): it would print as an empty box.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import InputError, Location, describe, excerpt
from ..inputs import resolve_inside
from ..limits import limit
from .checks import Problems
from .model import GameSpec
from .templating import TemplateError
from .yamlload import LocDict

__all__ = ["FONT_DIR", "BUILTIN_FILES", "FACES", "ProjectFont", "read_fonts", "check_layout_fonts", "face_file",
           "glyphs", "styled"]

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
#: forge's own fonts: logical name → file in FONT_DIR (the kit registers them: forge/kit/fonts.py)
BUILTIN_FILES = {
    "sans": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "serif": "DejaVuSerif-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf", "bold-italic": "DejaVuSans-BoldOblique.ttf",
    "serif-italic": "DejaVuSerif-BoldItalic.ttf",
}
#: a spec font's faces: key in ``fonts:`` → (bold, italic)
FACES = {"regular": (False, False), "bold": (True, False), "italic": (False, True), "bold_italic": (True, True)}
NAME = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")
_RESERVED = {*BUILTIN_FILES}


@dataclass(frozen=True)
class ProjectFont:
    """A spec's font: its faces, (bold, italic) → the file's absolute path."""

    name: str
    faces: dict


def read_fonts(raw, at: Location, spec: GameSpec, pb: Problems) -> dict[str, ProjectFont]:
    """The spec's ``fonts:`` (``raw``, written at ``at``), each file checked."""
    if raw is None:
        return {}
    if not isinstance(raw, LocDict):
        pb.add(at, f"'fonts' has the wrong type (expected a mapping of name → TrueType file, got {describe(raw)})",
               hint="e.g. fonts: {title: potions/fonts/Title.ttf}")
        return {}
    out = {}
    for name, value in raw.items():
        where = raw.at(name)
        if not isinstance(name, str) or not NAME.match(name) or name in _RESERVED:
            pb.add(where, f"font name {excerpt(name)} is not free (expected a lower-case word other than "
                   f"{', '.join(sorted(_RESERVED))})", hint="a text part names it: font: NAME")
            continue
        if isinstance(value, str):
            files, places = {"regular": value}, {"regular": where}
        elif isinstance(value, LocDict):
            files, places = value, {face: value.at(face) for face in value}
        else:
            pb.add(where, f"font '{name}' has the wrong type (expected a file, or regular, bold, italic and "
                   f"bold_italic files; got {describe(value)})")
            continue
        faces = {}
        for face, file in files.items():
            at_face = places[face]
            if face not in FACES:
                pb.add(at_face, f"unknown face {excerpt(face)} of font '{name}' (expected one of: {', '.join(FACES)})")
                continue
            try:
                faces[FACES[face]] = _checked(spec, file, at_face, f"font '{name}' ({face})")
            except InputError as exc:
                pb.error(exc)
        if (False, False) not in faces and not pb.errors:
            pb.add(where, f"font '{name}' has no regular face", hint="give its regular: file first")
        if faces:
            out[name] = ProjectFont(name, faces)
    return out


def _checked(spec: GameSpec, file, where: Location, what: str) -> str:
    path = resolve_inside(spec.root, spec.folder, file, where, what)
    try:
        st = path.stat()
        with open(path, "rb") as f:
            head = f.read(4)
    except OSError as exc:
        raise InputError(where, f"{what}: cannot read {excerpt(str(file))} ({exc.strerror or exc})",
                         hint="a path relative to the spec's folder") from None
    if st.st_size > limit("font_bytes"):
        raise InputError(where, f"{what}: {st.st_size:,} bytes, over the {int(limit('font_bytes')) // 2**20} MiB a "
                         "font file may be", hint="the limits are listed in README, 'Limits and safety'")
    if head == b"OTTO":
        raise InputError(where, f"{what}: an OpenType font with PostScript (CFF) outlines, which the PDF writer "
                         "cannot embed", hint="convert it to TrueType outlines, e.g. with fonttools: "
                         "python -m fontTools.otf2ttf FILE (or use the family's .ttf files)")
    if head == b"ttcf":
        raise InputError(where, f"{what}: a font collection (.ttc)", hint="name one font file of the collection (.ttf)")
    if head not in (b"\x00\x01\x00\x00", b"true"):
        raise InputError(where, f"{what}: not a TrueType font (the file starts with {head!r})",
                         hint="a .ttf file, or an .otf with TrueType outlines")
    glyphs_of(str(path), st.st_size, st.st_mtime_ns, where)
    return str(path)


def glyphs(path: str) -> frozenset[int]:
    """The code points a font file has glyphs for (read once per file version)."""
    st = os.stat(path)
    return _glyphs(path, st.st_size, st.st_mtime_ns)


def glyphs_of(path: str, size: int, mtime: int, where: Location) -> frozenset[int]:
    """:func:`glyphs`, a font that cannot be read an InputError at ``where``."""
    try:
        return _glyphs(path, size, mtime)
    except Exception as exc:                      # reportlab's TTFError, or a damaged table anywhere
        raise InputError(where, f"font {excerpt(Path(path).name)} cannot be used: {str(exc)[:120]}",
                         hint="a font whose licence forbids embedding, or a damaged file, cannot be printed") from None


@lru_cache(maxsize=64)
def _glyphs(path: str, size: int, mtime: int) -> frozenset[int]:
    from reportlab.pdfbase.ttfonts import TTFontFile
    return frozenset(TTFontFile(path).charToGlyph)


#: forge's font → its face for (bold, italic); the serif is a bold one already
STYLED = {
    "sans": {(False, False): "sans", (True, False): "bold", (False, True): "italic", (True, True): "bold-italic"},
    "bold": {(False, False): "bold", (True, False): "bold", (False, True): "bold-italic", (True, True): "bold-italic"},
    "serif": {(False, False): "serif", (True, False): "serif", (False, True): "serif-italic",
              (True, True): "serif-italic"},
}


def styled(font: str, bold: bool, italic: bool) -> str:
    """The logical font that sets forge's ``font`` in bold and/or italic."""
    return STYLED[font][bold, italic] if font in STYLED else font


def face_file(font: str, bold: bool, italic: bool, spec: GameSpec | None) -> tuple[str, str] | None:
    """(the kit's logical font name, its file) of ``font`` in bold/italic: a spec font's face
    (``file:PATH``), or forge's own; None when the spec font lacks that face."""
    if spec is not None and font in spec.fonts:
        path = spec.fonts[font].faces.get((bold, italic))
        return (f"file:{path}", path) if path else None
    if font not in STYLED:                       # reported where the layout names it
        raise TemplateError(f"unknown font {excerpt(font)}")
    logical = styled(font, bold, italic)
    return logical, str(FONT_DIR / BUILTIN_FILES[logical])


def check_layout_fonts(layouts: dict, own: set[str], spec: GameSpec, pb: Problems) -> None:
    """Every text part of the spec's own layouts (``own``) names forge's font or one of ``fonts:``."""
    known = ("sans", "bold", "serif", *spec.fonts)
    for name in own:
        for part in layouts[name].parts:
            font = part.fixed.get("font")
            if font is not None and font not in known:
                pb.add(part.prop_locations.get("font", part.location), f"part '{part.name}': unknown font "
                       f"{excerpt(font)} (expected one of: {', '.join(known)})",
                       hint="a font of your own is named under fonts: (a TrueType file of the project)")
