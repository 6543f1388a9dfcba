"""Fenced blocks: ``example`` blocks become figure slots, every other fence is code.

A worked example is written as a fenced block of data (see :mod:`forge.engine.examples`)::

    ```example {#potions-highest-card}
    game: potions
    …
    ```

The block's data is not prose: this preprocessor replaces it with an empty slot,
``<div data-forge-example="potions-highest-card"></div>``, marked as forge's own
(:data:`~forge.rulebook.sanitize.OWN`), which the page renderer fills with the drawn,
checked figure *after* the translator's HTML was sanitized.

Fences are found by :func:`forge.fences.fences`, as everywhere else: an example shown
inside a longer fence (````` ````markdown `````) is code, never a figure. Every other fence
is handed to ``fenced_code`` the way it reads one: the opening line as the fence and a
language name, the closing line as the same fence.
"""
from __future__ import annotations

import re
from pathlib import Path

from markdown import Extension
from markdown.preprocessors import Preprocessor

from ...engine.examples import example_id
from ...errors import Location
from ...fences import fences
from ..sanitize import OWN

__all__ = ["ExampleExtension", "SLOT"]

#: a filled-in slot in the sanitized HTML
SLOT = re.compile(r'<div data-forge-example="(?P<id>[a-z0-9][a-z0-9-]*)"></div>')


class ExamplePreprocessor(Preprocessor):
    def __init__(self, md, path: Path, first: int, key: str):
        super().__init__(md)
        self.path, self.first, self.key = path, first, key

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        done = 0
        for f in fences(lines, self.path, self.first):
            out += lines[done:f.start]
            ex_id = example_id(f, Location.of(self.path, self.first + f.start))
            if ex_id:
                out += ["", f'<div data-forge-example="{ex_id}" {OWN}="{self.key}"></div>', ""]
            else:
                out += [f.fence + f.lang, *lines[f.start + 1:f.end], f.fence]
            done = f.end + 1
        return out + lines[done:]


class ExampleExtension(Extension):
    def __init__(self, path: Path, first: int, key: str):
        super().__init__()
        self.path, self.first, self.key = path, first, key

    def extendMarkdown(self, md) -> None:
        # before fenced_code_block (25), which would otherwise take the block as code
        md.preprocessors.register(ExamplePreprocessor(md, self.path, self.first, self.key), "forge_examples", 28)
