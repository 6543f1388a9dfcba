"""Fenced code blocks of Markdown, found the way Markdown finds them.

Every reader of rulebook Markdown (headings and sections, worked examples, checked-value
placeholders, the page renderer) finds fences with :func:`fences`, so a line inside a fence
is code for all of them, never a heading, an example or a placeholder:

- a fence opens with a line that starts with three or more backticks or tildes, followed by
  an info string (``python``, ``example {#some-id}``; a backtick fence's info string holds
  no backtick: ````` ```x``` ````` is inline code);
- it is closed by the next line made only of the same character, at least as many, and
  spaces; every line between is code, fence lines included, so a ````` ````markdown `````
  fence shows a ```` ```example ```` block as text and nothing runs it;
- a fence that is never closed is a :class:`~forge.errors.RulebookError` at its opening
  line (Markdown would make the rest of the file code), and so is one that holds a line
  opening another fence of the same kind (the same character, at least as many, an info
  string): a forgotten closing line would otherwise pair with the next block's, and turn
  the headings and text between into code. Code that shows a fence is put in a longer
  fence (````` ```` `````).

Fences start at the beginning of a line, as Python-Markdown's ``fenced_code`` reads them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .errors import Location, RulebookError

__all__ = ["Fence", "fences", "code_lines"]

#: an opening fence line: the fence, then the info string
OPEN = re.compile(r"^(?P<fence>`{3,}|~{3,})(?P<info>.*)$")


@dataclass(frozen=True)
class Fence:
    start: int          # index of the opening line
    end: int            # index of the closing line
    fence: str          # the opening fence as written: ``` or ~~~~ …
    info: str           # the info string, stripped

    @property
    def lang(self) -> str:
        """The first word of the info string, as ``fenced_code`` reads a language name."""
        words = self.info.split()
        return re.sub(r"[^\w#+.-]", "", words[0]) if words else ""


def _closes(line: str, fence: str) -> bool:
    bare = line.rstrip(" ")
    return len(bare) >= len(fence) and bare == fence[0] * len(bare)


def _reopens(line: str, fence: str) -> bool:
    """``line`` opens a fence of the same kind as ``fence``, with an info string."""
    m = OPEN.match(line)
    return bool(m and m["fence"][0] == fence[0] and len(m["fence"]) >= len(fence) and m["info"].strip()
                and not (fence[0] == "`" and "`" in m["info"]))


def fences(lines: list[str], path: Path | str, first: int = 1) -> list[Fence]:
    """Every fenced block of ``lines`` (``first`` is the file line of ``lines[0]``, for errors)."""
    out = []
    i = 0
    while i < len(lines):
        m = OPEN.match(lines[i])
        if not m or (m["fence"][0] == "`" and "`" in m["info"]):
            i += 1
            continue
        fence = m["fence"]
        end = next((j for j in range(i + 1, len(lines)) if _closes(lines[j], fence) or _reopens(lines[j], fence)),
                   None)
        if end is None or not _closes(lines[end], fence):
            where = "never closed" if end is None else f"not closed before line {first + end}, which opens another"
            raise RulebookError(Location.of(path, first + i), f"the code fence {fence} opened here is {where} "
                                "(Markdown would make the text after it code)",
                                hint=f"close it with a line holding only {fence}; to show a fence inside code, "
                                     f"put it in a longer fence ({fence}{fence[0]})")
        out.append(Fence(i, end, fence, m["info"].strip()))
        i = end + 1
    return out


def code_lines(found: list[Fence]) -> set[int]:
    """The indexes of the lines inside ``found``, fence lines included."""
    return {i for f in found for i in range(f.start, f.end + 1)}
