"""``example`` fenced blocks become figure slots.

A worked example is written as a fenced block of data (see :mod:`forge.engine.examples`)::

    ```example {#dalmuti-jester-alone}
    game: dalmuti
    …
    ```

The block's data is not prose: this preprocessor replaces it with an empty slot,
``<div data-forge-example="dalmuti-jester-alone"></div>``, which the page renderer
fills with the drawn, checked figure *after* the translator's HTML was sanitized.
"""
from __future__ import annotations

import re

from markdown import Extension
from markdown.preprocessors import Preprocessor

__all__ = ["ExampleExtension", "SLOT"]

#: ```example {#some-id} — the opening fence (the same grammar forge check reads)
OPEN = re.compile(r"^```example\s*\{#(?P<id>[a-z0-9][a-z0-9-]*)\}\s*$")
#: a filled-in slot in the sanitized HTML
SLOT = re.compile(r'<div data-forge-example="(?P<id>[a-z0-9][a-z0-9-]*)"></div>')


class ExamplePreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        inside = False
        for line in lines:
            m = OPEN.match(line)
            if m and not inside:
                inside = True
                out += ["", f'<div data-forge-example="{m["id"]}"></div>', ""]
            elif inside:
                inside = line.strip() != "```"
            else:
                out.append(line)
        return out


class ExampleExtension(Extension):
    def extendMarkdown(self, md) -> None:
        # before fenced_code_block (25), which would otherwise take the block as code
        md.preprocessors.register(ExamplePreprocessor(md), "forge_examples", 28)
