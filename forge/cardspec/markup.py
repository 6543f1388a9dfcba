"""Styled text on cards: the markup a text part's value may hold, read into runs.

What a designer writes in a cell, a string or a layout's ``text:``::

    **Brew:** gain 2 {coin}, then <color #b03a2e>discard</color> a card.<br>*Once per turn.*

* ``**bold**`` or ``<b>bold</b>``; ``*italic*`` or ``<i>italic</i>`` (a ``*`` opens only before
  a letter or a mark, not before a space: ``5 * 3`` and ``5* hotel`` stay as written);
* ``<br>`` or a line break in the cell: a new line;
* ``<color red>…</color>``: a colour forge knows, ``#rrggbb`` or ``mix(a, b, t%)``;
* ``{coin}``: an icon in the running text, sized to the line: one of forge's emblems or
  symbols, or an image the spec names under ``icons:`` (a ``{name}`` that is a field of the
  card is that field's value, resolved before);
* ``\\*``, ``\\<``, ``\\{`` and ``\\\\``: the mark itself.

A mark opened and not closed, a tag forge does not know, an unknown icon or a ``</b>`` closing
an ``<i>`` is a :class:`MarkupError`, which the card spec reports at the card's row (and
column) or at the layout's line. A part with ``markup: false`` prints its text as written.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Collection

from ..errors import excerpt

__all__ = ["Run", "MarkupError", "parse", "plain_text", "TAGS"]

#: the tags, with what each does (the hint of an unknown tag lists them)
TAGS = {"b": "bold", "i": "italic", "br": "a line break", "color": "a colour: <color red>…</color>"}
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)(?:\s+([^<>]*?))?\s*(/?)>")
_ICON = re.compile(r"\{([A-Za-z_][A-Za-z0-9_-]*)\}")
_ESCAPED = "\\*<{}"


@dataclass(frozen=True)
class Run:
    """A piece of styled text: ``text`` in bold/italic/``colour`` ("" = the part's), or an
    icon (``icon`` set), or a line break (``br``)."""

    text: str = ""
    bold: bool = False
    italic: bool = False
    colour: str = ""
    icon: str = ""
    br: bool = False


class MarkupError(ValueError):
    """Markup that cannot be read; ``args[0]`` says what and where in the text."""


def plain_text(runs: tuple[Run, ...]) -> str:
    """What the runs read as text (an icon as its name in braces, a break as a newline)."""
    return "".join("\n" if r.br else f"{{{r.icon}}}" if r.icon else r.text for r in runs)


@lru_cache(maxsize=4096)
def parse(text: str, icons: frozenset[str] = frozenset()) -> tuple[Run, ...]:
    """The runs of ``text``; ``icons`` are the icon names known. Raises :class:`MarkupError`."""
    return _Reader(text, icons).runs()


class _Reader:
    def __init__(self, text: str, icons: Collection[str]):
        self.text, self.icons = text, icons
        self.open: list[tuple[str, int, str]] = []      # (mark, where, colour) from outermost
        self.out: list[Run] = []
        self.buffer: list[str] = []

    def runs(self) -> tuple[Run, ...]:
        text, i = self.text, 0
        while i < len(text):
            c = text[i]
            if c == "\\" and i + 1 < len(text) and text[i + 1] in _ESCAPED:
                self.buffer.append(text[i + 1])
                i += 2
            elif c == "*":
                i = self._star(i)
            elif c == "<" and (m := _TAG.match(text, i)):
                self._tag(m)
                i = m.end()
            elif c == "{" and (m := _ICON.match(text, i)):
                self._icon(m[1], i)
                i = m.end()
            elif c == "\n":
                self._flush()
                self.out.append(Run(br=True))
                i += 1
            else:
                self.buffer.append(c)
                i += 1
        if self.open:
            mark, where, _ = self.open[-1]
            raise MarkupError(f"{_said(mark)} opened at {self._at(where)} is never closed "
                              f"(close it, or write \\{mark[0]} for the mark itself)")
        self._flush()
        return tuple(self.out)

    def _at(self, where: int) -> str:
        return excerpt(self.text[where:where + 30])

    def _flush(self) -> None:
        if self.buffer:
            bold = any(m in ("**", "b") for m, _, _ in self.open)
            italic = any(m in ("*", "i") for m, _, _ in self.open)
            colour = next((c for m, _, c in reversed(self.open) if m == "color"), "")
            self.out.append(Run("".join(self.buffer), bold, italic, colour))
            self.buffer = []

    def _star(self, i: int) -> int:
        mark = "**" if self.text.startswith("**", i) else "*"
        after = self.text[i + len(mark):i + len(mark) + 1]
        if self.open and self.open[-1][0] == mark and i > 0 and not self.text[i - 1].isspace():
            self._close(mark, i)
        elif after and not after.isspace() and after != "*":
            self._open(mark, i)
        else:                                            # 5 * 3, 5* hotel: the sign itself
            self.buffer.append(mark)
        return i + len(mark)

    def _tag(self, m: re.Match) -> None:
        closing, name, value, empty = m[1], m[2].lower(), (m[3] or "").strip(), m[4]
        if name not in TAGS:
            raise MarkupError(f"unknown tag {excerpt(m[0])} (expected one of: "
                              f"{'; '.join(f'<{t}> {d}' for t, d in TAGS.items())}; write \\< for a <)")
        if name == "br":
            if closing or value:
                raise MarkupError(f"{excerpt(m[0])}: a line break is written <br>")
            self._flush()
            self.out.append(Run(br=True))
            return
        if empty or (value and (closing or name != "color")):
            raise MarkupError(f"{excerpt(m[0])} is not a tag forge reads (expected <{name}>…</{name}>"
                              + (", with a colour: <color red>" if name == "color" else "") + ")")
        if closing:
            self._close(name, m.start())
        elif name == "color" and not value:
            raise MarkupError(f"{excerpt(m[0])} names no colour (expected e.g. <color red> or <color #b03a2e>)")
        else:
            self._open(name, m.start(), value)

    def _open(self, mark: str, where: int, colour: str = "") -> None:
        if any(m == mark for m, _, _ in self.open) and mark != "color":
            raise MarkupError(f"{_said(mark)} opened at {self._at(where)} inside another {_said(mark)}")
        self._flush()
        self.open.append((mark, where, colour))

    def _close(self, mark: str, where: int) -> None:
        if not self.open:
            raise MarkupError(f"{_said(mark, closing=True)} at {self._at(where)} closes nothing")
        if self.open[-1][0] != mark:
            inner, at, _ = self.open[-1]
            raise MarkupError(f"{_said(mark, closing=True)} at {self._at(where)} closes {_said(inner)} "
                              f"opened at {self._at(at)} (close the inner one first)")
        self._flush()
        self.open.pop()

    def _icon(self, name: str, where: int) -> None:
        if name not in self.icons:
            known = ", ".join(sorted(self.icons)) or "none"
            raise MarkupError(f"unknown icon {{{name}}} at {self._at(where)} (expected one of: {known}; "
                              "a project's own images are named under 'icons:'; write \\{ for a brace)")
        self._flush()
        self.out.append(Run(icon=name, colour=next((c for m, _, c in reversed(self.open) if m == "color"), "")))


def _said(mark: str, closing: bool = False) -> str:
    if mark in ("**", "*"):
        return f"{mark} ({'bold' if mark == '**' else 'italic'})"
    return f"<{'/' if closing else ''}{mark}>"
