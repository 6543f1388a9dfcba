"""Raw-text elements (``<style>``, ``<script>``, ``<textarea>``…) are taken out of the Markdown.

A browser (and the sanitizer) reads everything after ``<style>`` as the element's content up
to ``</style>``: ``Keep the cards in a <style> box.`` would hide the rest of the section,
tables and figures included. So, before the Markdown is rendered and outside code (fenced
blocks are already set aside by ``fenced_code``; inline code spans are skipped), this
preprocessor removes

- a closed element with its content: ``<script>…</script>``;
- an opening tag that is never closed, alone: the text after it stays;
- a closing tag without its opening one;
- an HTML comment that is never closed (``<!--`` without ``-->``), which would hide the
  rest of the section: the marker alone goes.

Each removal is added to the list the extension was given, as a
:class:`~forge.rulebook.sanitize.Removal` that the page renderer locates and reports.
"""
from __future__ import annotations

import re

from markdown import Extension
from markdown.preprocessors import Preprocessor

from ..sanitize import Removal

__all__ = ["RawTextExtension", "RAW_TEXT"]

RAW_TEXT = ("style", "script", "textarea", "xmp", "title", "iframe", "noscript", "plaintext", "noembed", "noframes")
#: an opening or closing tag of a raw-text element
TAG = re.compile(rf"<(?P<close>/?)(?P<name>{'|'.join(RAW_TEXT)})(?![\w-])[^>]*>", re.I)
#: an inline code span (it may run over lines, not over a blank line)
CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(?:(?!\n[ \t]*\n).)+?(?<!`)\1(?!`)", re.S)


class RawTextPreprocessor(Preprocessor):
    def __init__(self, md, removed: list[Removal]):
        super().__init__(md)
        self.removed = removed

    def run(self, lines: list[str]) -> list[str]:
        text = "\n".join(lines)
        # where to look: the text with its code spans blanked out (same length, same lines)
        masked = CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
        kept, pos = [], 0
        while m := TAG.search(masked, pos):
            name = m["name"].lower()
            close = None if m["close"] else re.compile(rf"</{name}\s*>", re.I).search(masked, m.end())
            if m["close"]:
                what = f"</{name}> (a closing tag without its <{name}>)"
            elif close:
                what = f"<{name}>…</{name}> and what it held (not allowed in a rulebook)"
            else:
                what = f"<{name}> (not allowed in a rulebook; the text after it is kept)"
            self.removed.append(Removal(f"removed {what}", rf"<{m['close']}{name}(?![\w-])"))
            kept.append(text[pos:m.start()])
            pos = close.end() if close else m.end()
        kept.append(text[pos:])
        return self._unclosed_comment("".join(kept)).split("\n")

    def _unclosed_comment(self, text: str) -> str:
        masked = CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
        at = 0
        while (start := masked.find("<!--", at)) >= 0:
            end = masked.find("-->", start + 4)
            if end < 0:
                self.removed.append(Removal("removed <!-- (a comment that is never closed; the text after it "
                                            "is kept)", r"<!--"))
                return text[:start] + text[start + 4:]
            at = end + 3
        return text


class RawTextExtension(Extension):
    def __init__(self, removed: list[Removal]):
        super().__init__()
        self.removed = removed

    def extendMarkdown(self, md) -> None:
        # after fenced_code_block (25) has set code blocks aside, before html_block (20)
        md.preprocessors.register(RawTextPreprocessor(md, self.removed), "forge_raw_text", 22)
