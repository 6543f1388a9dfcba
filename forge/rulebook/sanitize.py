"""The allowlist translator HTML passes through (nh3, the Rust ammonia sanitizer).

Markdown lets a translator write raw HTML; whatever they write, the page keeps only
these tags, and on them only ``id``, ``class``, ``lang``, ``title`` and ``data-*``
(plus ``href`` on links, ``src``/``alt`` on images, table spans). Event handlers
(``on…``), ``style`` and every URL scheme but http, https and mailto are dropped;
``<script>`` and ``<style>`` go with their content.
"""
from __future__ import annotations

import nh3

__all__ = ["clean", "TAGS", "ATTRIBUTES", "URL_SCHEMES"]

TAGS = {
    "a", "abbr", "b", "blockquote", "br", "caption", "cite", "code", "dd", "del", "dfn", "div", "dl", "dt",
    "em", "figcaption", "figure", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark",
    "ol", "p", "pre", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "table", "tbody", "td",
    "tfoot", "th", "thead", "tr", "u", "ul", "var",
}
ATTRIBUTES = {
    "*": {"id", "class", "lang", "title"},
    "a": {"href"},
    "img": {"src", "alt", "width", "height"},
    "td": {"colspan", "rowspan"},
    "th": {"colspan", "rowspan", "scope"},
    "ol": {"start"},
}
URL_SCHEMES = {"http", "https", "mailto"}


def clean(html: str) -> str:
    """``html`` with everything outside the allowlist removed."""
    return nh3.clean(html, tags=TAGS, attributes=ATTRIBUTES, url_schemes=URL_SCHEMES,
                     generic_attribute_prefixes={"data-"}, clean_content_tags={"script", "style"},
                     link_rel=None, strip_comments=True)
