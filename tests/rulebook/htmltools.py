"""Reading built HTML pages in tests: parsed with html5lib (strict), queried with ElementTree."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import html5lib

NS = "{http://www.w3.org/1999/xhtml}"


def parse(path: Path) -> ET.Element:
    """The page's tree; a parse error of strict html5lib fails the test with its position."""
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=True)
    try:
        return parser.parse(path.read_bytes())
    except html5lib.html5parser.ParseError as exc:
        raise AssertionError(f"{path}: html5lib strict: {exc}") from None


def find_all(root: ET.Element, tag: str) -> list[ET.Element]:
    return list(root.iter(NS + tag))


def text_of(el: ET.Element) -> str:
    """The element's text as a reader sees it: spaces folded, soft hyphens (U+00AD) unseen."""
    return re.sub(r"\s+", " ", "".join(el.itertext()).replace("\u00ad", "")).strip()


def by_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in find_all(root, tag) if cls in (e.get("class") or "").split()]


def ids(root: ET.Element) -> list[str]:
    return [e.get("id") for e in root.iter() if e.get("id")]
