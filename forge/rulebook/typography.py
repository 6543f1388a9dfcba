"""The typographic pass: one pass over a finished HTML page, run once per page by
:mod:`forge.rulebook.pages`, so prose, figure texts, the about box, the page's own words
and the index are all set the same way.

Each text follows the language of its element (the nearest ``lang`` attribute):

- French: a narrow no-break space (U+202F) before ``: ; ! ?`` and ``»``, after ``«`` and
  between a number and ``%`` (it replaces the space written there, or is put in where
  there is none), so that no line of a narrow screen starts with one of those signs;
  ``'`` becomes ``’``. A sign inside a word or a token (``10:30``, ``http://``, ``?x``) is
  left alone.
- English: ``"`` and ``'`` become “ ” ‘ ’ by what stands before them: an apostrophe or a
  closing quote after a letter, an opening quote after a space or at the start of a line.
- German: ``"`` and ``'`` become „ “ ‚ ‘ by the same reading (an apostrophe after a letter
  is ’); a long word gets soft hyphens where it may break (:mod:`forge.i18n.hyphens`), so
  that a narrow screen or a table column breaks it there, with a hyphen, rather than running
  wider than the page.
- Any other language is left as written.

Untouched: the text of ``code``, ``pre``, ``kbd``, ``samp``, ``script`` and ``style``, tag
names, and every attribute but the ones people read (``alt``, ``title``, ``aria-label``).
A text that the pass does not change keeps its bytes; a changed one is escaped again.
Text nodes joined by inline tags are read as one line: ``<strong>Note</strong> :`` gets
its narrow space, and so does ``mot <em>:</em>`` (the space is moved into the ``em``).
The pass is idempotent: a set page comes out of it unchanged.
"""
from __future__ import annotations

import html
import re

from ..i18n.hyphens import soft_hyphens

__all__ = ["typeset", "typeset_text"]

NNBSP = "\u202f"

#: a tag, a comment, a run of text or a "<" that starts no tag, in the order of the page
TOKEN = re.compile(r"<!--.*?-->|<!\w[^>]*>|</?([a-zA-Z][\w-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>|[^<]+|<", re.S)
#: one attribute of a start tag: name, then the value's quote and text
ATTR = re.compile(r"""([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")
HUMAN = frozenset({"alt", "title", "aria-label"})
CODE = frozenset({"code", "pre", "kbd", "samp", "script", "style"})
RAW_TEXT = frozenset({"script", "style"})          # their text runs to their end tag, "<" and all
#: elements inside a line of text; any other tag ends the line (the context of quotes and spaces)
INLINE = frozenset({"a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "i", "img", "kbd",
                    "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                  "track", "wbr"})

SPACE = "[ \t\r\n\u00a0\u202f]"
#: French: where a narrow space goes (the spaces written there are replaced): before a sign
#: that is not followed by a word character (so not 10:30, http://, ?x) when a space or a
#: word stands before it, before "»" and before "%" after a number
FR_BEFORE = re.compile(rf"""(?<!{SPACE}){SPACE}+(?=[:;!?](?!\w)|»)
                           | (?<=[\w)\]’”…])(?=[:;!?](?!\w))
                           | (?<=[^\s«])(?=»)
                           | (?<=\d){SPACE}*(?=%)""", re.X)
#: French: after "«"
FR_AFTER = re.compile(rf"«(?:{SPACE}+|(?=\S))")
#: the start of a French text node that wants a narrow space before it (the space may end the node before)
FR_SIGN = re.compile(rf"{SPACE}*(?:[:;!?](?!\w)|»)")
#: English: an opening quote, at the start of a line or after a space, a bracket or a dash
EN_OPEN = re.compile(r"""(?:^|(?<=[\s(\[{—–/-]))(["'])""")
#: a web address, left as written: a scheme of at most 32 characters starting a word, or www.
#: (bounded and anchored, each place of a long word is tried once, in linear time)
URL = re.compile(r"(\b[a-z][a-z0-9+.-]{0,31}://\S*|\bwww\.\S+)", re.I)


def typeset_text(text: str, lang: str, before: str = "") -> str:
    """``text`` set by the rules of ``lang``; ``before``: the character that precedes it on
    its line ("" at the start of a line), which only serves as context."""
    kind = lang.lower().split("-")[0]
    if kind not in ("fr", "en", "de"):
        return text
    out = []
    for i, part in enumerate(URL.split(text)):          # odd parts: addresses
        out.append(part if i % 2 else _set(part, kind, before))
        before = out[-1][-1:] or before
    return "".join(out)


def _set(text: str, kind: str, before: str) -> str:
    context = before if before and not before.isspace() else ""
    s = context + text
    if kind == "fr":
        s = FR_AFTER.sub("«" + NNBSP, FR_BEFORE.sub(NNBSP, s.replace("'", "’")))
    elif kind == "de":
        s = _german_quotes(s)
        s = soft_hyphens(s, kind)
    else:
        s = EN_OPEN.sub(lambda m: "“" if m[1] == '"' else "‘", s)
        s = s.replace('"', "”").replace("'", "’")
    return s[len(context):]


def _german_quotes(s: str) -> str:
    """„…“ and ‚…‘: an opening quote as in English; a closing ' is ‘ when a ‚ is open and no
    letter follows, else ’."""
    s = EN_OPEN.sub(lambda m: "„" if m[1] == '"' else "‚", s).replace('"', "“")
    out, single = [], False
    for i, c in enumerate(s):
        if c == "‚":
            single = True
        elif c == "'":
            inside = s[i + 1:i + 2].isalpha()          # geht's, Kinder's: an apostrophe
            c, single = ("‘", False) if single and not inside else ("’", single)
        out.append(c)
    return "".join(out)



def typeset(page: str, lang: str = "") -> str:
    """The HTML ``page`` with its texts set by the language of their element (``lang``: the
    language outside any ``lang`` attribute)."""
    return _Pass(lang).run(page)


class _Pass:
    """One reading of a page, token by token, keeping the open elements (their language,
    whether they are code) and the line being set (its last text and last character)."""

    def __init__(self, lang: str):
        self.stack: list[tuple[str, str, bool]] = []    # open elements: (name, language, inside code)
        self.lang = lang
        self.out: list[str] = []
        self.last = None        # index in out of the line's last text that was set, or None
        self.before = ""        # the line's last character so far

    def run(self, page: str) -> str:
        pos, lower = 0, page.lower()
        while pos < len(page):
            if self.stack and self.stack[-1][0] in RAW_TEXT:      # a script or a style: text to its end tag
                end = lower.find("</" + self.stack[-1][0], pos)
                end = len(page) if end < 0 else end
                if end > pos:
                    self.out.append(page[pos:end])
                    pos = end
                    continue
            m = TOKEN.match(page, pos)
            pos = m.end()
            if m[1]:
                self.tag(m.group(0), m[1], m[2] or "")
            elif m.group(0).startswith("<"):
                self.out.append(m.group(0))
            else:
                self.text(m.group(0))
        return "".join(self.out)

    @property
    def here(self) -> str:
        return self.stack[-1][1] if self.stack else self.lang

    @property
    def coded(self) -> bool:
        return bool(self.stack) and self.stack[-1][2]

    def tag(self, raw: str, written: str, attrs: str):
        name, closing = written.lower(), raw.startswith("</")
        lang = self.here
        if not closing:
            own = re.search(r"""\slang\s*=\s*["']?([\w-]*)""", attrs)
            lang = own[1] if own else lang
        if name not in INLINE or lang != self.here:
            self.last, self.before = None, ""
        if closing:
            names = [n for n, _, _ in self.stack]
            if name in names:
                del self.stack[len(names) - 1 - names[::-1].index(name):]
            self.out.append(raw)
            return
        if not self.coded and any(h in attrs.lower() for h in HUMAN):
            raw = f"<{written}{ATTR.sub(lambda a: _attribute(a, lang), attrs)}>"
        if name not in VOID and not raw.endswith("/>"):
            self.stack.append((name, lang, self.coded or name in CODE))
        self.out.append(raw)

    def text(self, raw: str):
        plain = html.unescape(raw)
        if self.coded:
            self.out.append(raw)
            self.before, self.last = plain[-1:] or self.before, None
            return
        if self.last is not None and self.here.lower().startswith("fr") and FR_SIGN.match(plain):
            prev = html.unescape(self.out[self.last])        # the space before the sign ends the previous text
            kept = prev.rstrip(" \t\r\n\u00a0\u202f")
            if kept != prev:
                self.out[self.last] = html.escape(kept, quote=False)
                plain, self.before = prev[len(kept):] + plain, kept[-1:] or self.before
        done = typeset_text(plain, self.here, self.before)
        self.out.append(raw if done == html.unescape(raw) else html.escape(done, quote=False))
        self.last = len(self.out) - 1
        self.before = done[-1:] or self.before


def _attribute(m: re.Match, lang: str) -> str:
    """One attribute of a start tag, its value set if people read it."""
    if m[1].lower() not in HUMAN or m[2] is None and m[3] is None and m[4] is None:
        return m.group(0)
    value = next(v for v in (m[2], m[3], m[4]) if v is not None)
    done = typeset_text(html.unescape(value), lang)
    if done == html.unescape(value):
        return m.group(0)
    return f'{m[1]}="{html.escape(done, quote=True)}"'
