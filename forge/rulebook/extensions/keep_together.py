"""Print: a heading stays on the page of the text it introduces.

Chromium honours ``break-after: avoid`` on a heading only when it can break elsewhere near
it; with a table or a figure that must stay whole next, it leaves the heading and a line at
the foot of a page. So each ``h2``–``h4`` and the paragraph right under it are wrapped in
``<div class="keep">`` (forge's own, :data:`~forge.rulebook.sanitize.OWN`), which the print
stylesheet keeps whole (``break-inside: avoid``) and with its next block; so is a heading and
the quoted rule under it. A heading followed by anything else (a list, a table, a figure slot)
is left as it is: those keep their own rules.
"""
from __future__ import annotations

import xml.etree.ElementTree as etree

from markdown import Extension
from markdown.treeprocessors import Treeprocessor

from ..sanitize import OWN

__all__ = ["KeepTogetherExtension"]

HEADINGS = {"h2", "h3", "h4"}
#: what a heading is kept with: a paragraph, or a quoted rule (Chat vert's added rules)
FIRST = {"p", "blockquote"}


class KeepTogetherProcessor(Treeprocessor):
    def __init__(self, md, key: str):
        super().__init__(md)
        self.key = key

    def run(self, root: etree.Element) -> None:
        children = list(root)
        n = 0
        while n < len(children) - 1:
            heading, first = children[n], children[n + 1]
            if heading.tag in HEADINGS and first.tag in FIRST:
                keep = etree.Element("div", {"class": "keep", OWN: self.key})
                at = list(root).index(heading)
                root.remove(heading)
                root.remove(first)
                keep.extend([heading, first])
                root.insert(at, keep)
                n += 2
            else:
                n += 1


class KeepTogetherExtension(Extension):
    def __init__(self, key: str):
        super().__init__()
        self.key = key

    def extendMarkdown(self, md) -> None:
        md.treeprocessors.register(KeepTogetherProcessor(md, self.key), "forge_keep_together", 14)
