"""House rulings: their ids stay out of the player's text.

A rulebook names each house ruling of its engine (``Game.RULINGS``) by its id in backticks,
in the list that explains them::

    - `dalmuti.draw-tie`: in the draw for ranks, players who draw the same rank draw again.

The player reads the explanation, not the id: the list item becomes
``<li id="dalmuti.draw-tie" data-ruling="dalmuti.draw-tie">In the draw for ranks, …</li>``
(the id and its colon removed, the first letter made a capital), so that prose can link to it
(``[house ruling](#dalmuti.draw-tie)``) and tools still find it. An id in backticks anywhere
else becomes a link to that item named by the page's word for a house ruling (``word``).
Both are marked as forge's own (:data:`~forge.rulebook.sanitize.OWN`), so the sanitizer keeps
their ids; code that is not a ruling's id stays code.
"""
from __future__ import annotations

import xml.etree.ElementTree as etree

from markdown import Extension
from markdown.treeprocessors import Treeprocessor

from ..sanitize import OWN

__all__ = ["RulingExtension"]


class RulingProcessor(Treeprocessor):
    def __init__(self, md, rulings: frozenset[str], word: str, key: str):
        super().__init__(md)
        self.rulings, self.word, self.key = rulings, word, key

    def run(self, root: etree.Element) -> None:
        for item in root.iter("li"):
            self._explained(item)
        for parent in list(root.iter()):
            for n, el in enumerate(parent):
                if el.tag == "code" and el.text in self.rulings:
                    parent[n] = self._link(el)

    def _explained(self, item: etree.Element) -> None:
        """``item`` made the explanation of the ruling it starts with, if it does."""
        holder = item[0] if len(item) and item[0].tag == "p" and not (item.text or "").strip() else item
        if (holder.text or "").strip() or not len(holder):
            return
        code = holder[0]
        rest = (code.tail or "").lstrip()
        if code.tag != "code" or code.text not in self.rulings or not rest.startswith(":"):
            return
        rest = rest[1:].lstrip()
        holder.remove(code)
        holder.text = rest[:1].upper() + rest[1:]
        for name, value in (("id", code.text), ("data-ruling", code.text), (OWN, self.key)):
            item.set(name, value)

    def _link(self, code: etree.Element) -> etree.Element:
        link = etree.Element("a", {"href": f"#{code.text}", "data-ruling": code.text, OWN: self.key})
        link.text, link.tail = self.word, code.tail
        return link


class RulingExtension(Extension):
    def __init__(self, rulings: frozenset[str], word: str, key: str):
        super().__init__()
        self.rulings, self.word, self.key = rulings, word, key

    def extendMarkdown(self, md) -> None:
        # after the inline patterns (20), which make the code elements
        md.treeprocessors.register(RulingProcessor(md, self.rulings, self.word, self.key), "forge_rulings", 15)
