"""``{{example-id.field.key}}`` in prose: a value checked by a worked example.

Prose may quote what an example checks, so the text and the check cannot drift apart::

    The winner is {{potions-highest-card.winner}}.      →  The winner is Alice.

The path starts with an example id of the same edition, then keys of its ``expect``
mapping. The value is shown in ``<span class="checked-value" data-example="id">``, marked as
forge's own (:data:`~forge.rulebook.sanitize.OWN`): the sanitizer removes that class from
anything a translator writes. Placeholders are validated (with file:line) before rendering, by
:func:`forge.rulebook.pages.check_placeholders`; here they are only replaced.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from typing import Callable

from markdown import Extension
from markdown.inlinepatterns import InlineProcessor

from ..sanitize import OWN

__all__ = ["CheckedValueExtension", "PLACEHOLDER", "lookup"]

#: {{ id.key.key }} — an example id, then one or more keys (spaces inside the braces allowed)
PLACEHOLDER = re.compile(r"\{\{\s*(?P<id>[a-z0-9][a-z0-9-]*)(?P<path>(?:\.[^\s.{}]+)+)\s*\}\}")


def lookup(expects: dict, ex_id: str, path: str):
    """The value at ``path`` ('.a.b') in example ``ex_id``'s expect data; KeyError names the failing part."""
    if ex_id not in expects:
        raise KeyError(f"no example '{ex_id}' in this edition")
    value = expects[ex_id]
    walked = ex_id
    for key in path.strip(".").split("."):
        if isinstance(value, dict) and key in value:
            value = value[key]
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            raise KeyError(f"'{walked}' has no key '{key}'"
                           + (f" (expected one of: {', '.join(map(str, value))})" if isinstance(value, dict) else ""))
        walked += "." + key
    return value


class CheckedValueProcessor(InlineProcessor):
    def __init__(self, expects: dict, show: Callable[[object], str], key: str):
        super().__init__(PLACEHOLDER.pattern)
        self.expects, self.show, self.key = expects, show, key

    def handleMatch(self, m, data):
        el = etree.Element("span")
        el.set("class", "checked-value")
        el.set("data-example", m["id"])
        el.set(OWN, self.key)
        try:
            el.text = self.show(lookup(self.expects, m["id"], m["path"]))
        except KeyError:
            el.text = m.group(0)          # reported by the placeholder check; never silently blank
        return el, m.start(0), m.end(0)


class CheckedValueExtension(Extension):
    def __init__(self, expects: dict, show: Callable[[object], str], key: str):
        super().__init__()
        self.expects, self.show, self.key = expects, show, key

    def extendMarkdown(self, md) -> None:
        md.inlinePatterns.register(CheckedValueProcessor(self.expects, self.show, self.key), "forge_checked_value", 185)
