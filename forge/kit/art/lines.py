"""Text in lines: a greedy word wrap that keeps French marks with their word and breaks a
word too long for its line at a soft hyphen (U+00AD), with a hyphen."""
from __future__ import annotations

from typing import Callable

__all__ = ["SHY", "unshy", "wrap"]

#: a soft hyphen: where a long word may break, with a hyphen; never drawn otherwise
SHY = "\u00ad"


def unshy(s: str) -> str:
    """``s`` as drawn: without its soft hyphens."""
    return s.replace(SHY, "") if SHY in s else s


def _glued(words: list[str]) -> list[str]:
    """``["manche", ":", "la"]`` → ``["manche :", "la"]``: marks that may not start a line are
    joined to the word before them, ``«`` to the word after it."""
    out: list[str] = []
    for word in words:
        if out and (word[0] in ":;!?»" or out[-1] == "«"):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def wrap(s: str, width: Callable[[str], float], max_width: float) -> list[str]:
    """Greedy word wrap of ``s`` into lines at most ``max_width`` wide, as ``width`` measures
    them (a long word without soft hyphens stays whole, wider than that: the caller checks).

    As in Unicode line breaking (UAX #14, rule LB13) a line never starts with ``: ; ! ?``,
    even after a space, nor with ``»`` (nor ends with ``«``): French puts a space before
    those marks, and the mark stays on the line of the word it follows. A word wider than its
    line breaks at the last of its soft hyphens where its first part, with a hyphen, fits."""
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in _glued(para.split()):
            trial = f"{line} {word}" if line else word
            if line and width(trial) > max_width:
                lines.append(line)
                line = word
            else:
                line = trial
            while SHY in line and width(line) > max_width:          # a long word breaks
                cut = _hyphen(line, width, max_width)
                if cut is None:
                    break
                lines.append(unshy(line[:cut]) + "-")
                line = line[cut + 1:]
        lines.append(unshy(line))
    return lines


def _hyphen(line: str, width: Callable[[str], float], max_width: float) -> int | None:
    """The last soft hyphen of ``line`` before which the line, with a hyphen, fits."""
    for at in sorted((i for i, c in enumerate(line) if c == SHY), reverse=True):
        if width(unshy(line[:at]) + "-") <= max_width:
            return at
    return None
