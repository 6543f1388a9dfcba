"""Load YAML keeping the line of every key and item, so errors can point at them.

``load_yaml(path)`` (a file) and ``parse_yaml(text, shown)`` (a block of a larger file, such
as a worked example or front matter) return plain Python values, except that mappings are
:class:`LocDict` and sequences :class:`LocList`; both know their file, their own line and
the line of each key / item.

Every YAML forge reads goes through here, so the same bounds hold everywhere: nesting at
most ``yaml_depth`` levels, at most ``yaml_nodes`` values once aliases are expanded (a
"billion laughs" document is refused in milliseconds), no alias that refers to itself, keys
that are plain values, and scalars that Python can hold (a 5,000-digit number or a
13th month is a located error, not a crash).
"""
from __future__ import annotations

from pathlib import Path

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from ..errors import LimitError, Location, SpecError, YamlSyntaxError
from ..inputs import read_text
from ..limits import limit

__all__ = ["LocDict", "LocList", "load_yaml", "parse_yaml", "where", "blank"]


class LocDict(dict):
    """A mapping that remembers where it and each of its keys were written."""

    file: str = "?"
    line: int = 0
    key_locs: dict

    def at(self, key: str | None = None) -> Location:
        """The location of ``key`` (or of the mapping itself)."""
        own = Location(self.file, self.line)
        return self.key_locs.get(key, own) if key is not None else own


class LocList(list):
    """A list that remembers where it and each of its items were written."""

    file: str = "?"
    line: int = 0
    item_lines: list

    def at(self, index: int | None = None) -> Location:
        if index is None or index >= len(self.item_lines):
            return Location(self.file, self.line)
        return Location(self.file, self.item_lines[index])


def blank(file: str, line: int = 1) -> LocDict:
    """An empty LocDict placed at ``file:line``."""
    out = LocDict()
    out.file, out.line, out.key_locs = file, line, {}
    return out


def where(container, key=None) -> Location:
    """Location of ``key`` in a LocDict/LocList, falling back to an unknown place."""
    if isinstance(container, (LocDict, LocList)):
        return container.at(key)
    return Location("?", 0)


class _Refused(Exception):
    """The composer refused a document: (mark, message, hint)."""


try:                                       # libyaml's parser, about ten times faster, when PyYAML has it
    from yaml._yaml import CParser as _Parser
    _EVENTS: tuple = (_Parser,)
except ImportError:                        # pragma: no cover - PyYAML built without libyaml
    _Parser, _EVENTS = None, (Reader, Scanner, Parser)


class _BoundedLoader(Composer, *_EVENTS, SafeConstructor, Resolver):
    """A safe loader whose composer refuses deep nesting, more values than ``yaml_nodes`` (as they
    are read: a huge document is refused where it passes the limit, not after it is all parsed)
    and aliases that refer to themselves.
    Events come from libyaml's parser (C, no recursion) when PyYAML has it, else from PyYAML's
    own; nodes are composed here, in Python, so that each one is checked as it is made."""

    def __init__(self, text: str):
        if _Parser is not None:
            _Parser.__init__(self, text)
        else:
            Reader.__init__(self, text)
            Scanner.__init__(self)
            Parser.__init__(self)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self.depth = 0
        self.nodes = 0
        self.open_anchors: list[str] = []

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            if event.anchor in self.open_anchors:
                raise _Refused(event.start_mark, f"alias *{event.anchor} refers to the value that holds it "
                               "(an endless value)", "an alias may only repeat a value written before it, "
                               "outside it")
            return super().compose_node(parent, index)
        self.depth += 1
        self.nodes += 1
        if self.nodes > limit("yaml_nodes"):          # counted as they are read, before the rest is parsed
            raise _Refused(event.start_mark, f"more than {int(limit('yaml_nodes')):,} values in one document",
                           "split the data across files; see README, 'Limits and safety'")
        if self.depth > limit("yaml_depth"):
            raise _Refused(event.start_mark, f"nested more than {int(limit('yaml_depth'))} levels deep",
                           "flatten the data; see README, 'Limits and safety'")
        anchor = getattr(event, "anchor", None)
        self.open_anchors.append(anchor)
        try:
            return super().compose_node(parent, index)
        finally:
            self.open_anchors.pop()
            self.depth -= 1


class _Converter:
    """Node graph → LocDict / LocList / scalars, counting values as aliases expand."""

    def __init__(self, loader: _BoundedLoader, file: str, offset: int):
        self.loader, self.file, self.offset = loader, file, offset
        self.count = 0

    def line(self, node: yaml.Node) -> int:
        return node.start_mark.line + 1 + self.offset

    def convert(self, node: yaml.Node, depth: int = 1):
        self.count += 1
        if self.count > limit("yaml_nodes"):
            raise LimitError(Location(self.file, self.line(node)), f"more than {int(limit('yaml_nodes')):,} "
                             "values once aliases are expanded", hint="an alias bomb? use 'extends:' to reuse content")
        if depth > limit("yaml_depth"):
            raise LimitError(Location(self.file, self.line(node)), f"nested more than "
                             f"{int(limit('yaml_depth'))} levels deep once aliases are expanded")
        if isinstance(node, yaml.MappingNode):
            out = blank(self.file, self.line(node))
            for knode, vnode in node.value:
                key = self.key(knode)
                if key in out:
                    raise SpecError(Location(self.file, self.line(knode)),
                                    f"duplicate key '{key}' (expected each key once, got it again)",
                                    hint=f"'{key}' is first set at line {out.key_locs[key].line}")
                out[key] = self.convert(vnode, depth + 1)
                out.key_locs[key] = Location(self.file, self.line(knode))
            return out
        if isinstance(node, yaml.SequenceNode):
            out = LocList(self.convert(n, depth + 1) for n in node.value)
            out.file, out.line = self.file, self.line(node)
            out.item_lines = [self.line(n) for n in node.value]
            return out
        return self.scalar(node)

    def key(self, node: yaml.Node) -> str:
        if not isinstance(node, yaml.ScalarNode):
            raise YamlSyntaxError(Location(self.file, self.line(node)), "a key must be a plain value "
                                  "(expected a word, got a list or mapping)")
        if node.tag == "tag:yaml.org,2002:merge":
            raise YamlSyntaxError(Location(self.file, self.line(node)), "merge keys (<<) are not supported",
                                  hint="a spec reuses content with 'extends:'")
        key = self.scalar(node)
        return key if isinstance(key, str) else str(key)

    def scalar(self, node: yaml.Node):
        self.loader.constructed_objects.clear()
        try:
            value = self.loader.construct_object(node, deep=True)
        except (ValueError, OverflowError, TypeError, KeyError, AttributeError, IndexError) as exc:
            # what PyYAML's constructors raise for a tag they cannot read (!!bool maybe: KeyError,
            # !!timestamp x: AttributeError), said as a value of that tag
            raise YamlSyntaxError(Location(self.file, self.line(node)),
                                  f"{node.tag.replace('tag:yaml.org,2002:', '!!')} {_short(node.value)}: a value "
                                  f"Python cannot hold ({type(exc).__name__}: {str(exc)[:60]})",
                                  hint="quote it to keep it as text") from None
        if isinstance(value, bytes):
            raise YamlSyntaxError(Location(self.file, self.line(node)), "binary data (!!binary) is not a value forge "
                                  "reads", hint="write the value as text; an image goes in a file of its own")
        if isinstance(value, str) and len(value) > limit("cell"):
            raise LimitError(Location(self.file, self.line(node)), f"a text of {len(value):,} characters "
                             f"(expected at most {int(limit('cell')):,})")
        return value


def _short(value: object) -> str:
    text = " ".join(str(value).split())
    return repr(text if len(text) <= 40 else text[:39] + "…")


def parse_yaml(text: str, shown: str, offset: int = 0):
    """Parse ``text``; lines are reported as ``offset`` + the line in ``text``. Raises a located
    :class:`YamlSyntaxError` (or :class:`LimitError`) on anything it will not take."""
    loader = _BoundedLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        return _Converter(loader, shown, offset).convert(node)
    except (_Refused, yaml.YAMLError) as exc:
        error = _said(exc, text, shown, offset)
    finally:
        loader.dispose()
    raise error          # outside the handler: the error keeps no parser frames (nor their nodes) alive


def _said(exc: Exception, text: str, shown: str, offset: int) -> LimitError | YamlSyntaxError:
    """The located error for what the parser or the composer raised."""
    if isinstance(exc, _Refused):
        mark, message, hint = exc.args
        return LimitError(Location(shown, mark.line + 1 + offset), message, hint=hint)
    if not isinstance(exc, yaml.MarkedYAMLError):
        return YamlSyntaxError(Location(shown, max(offset, 1)), f"YAML error: {str(exc)[:80]}")
    mark = exc.problem_mark or exc.context_mark
    last = text.count("\n") + (not text.endswith("\n"))      # libyaml counts a line after the end
    line = min(mark.line + 1, max(last, 1)) + offset if mark else max(offset, 1)
    problem = (exc.problem or "invalid YAML").strip()
    if "maximum nesting depth" in problem:     # libyaml's own bound, met before forge's
        return LimitError(Location(shown, line), f"nested more than {int(limit('yaml_depth'))} levels deep",
                          hint="flatten the data; see README, 'Limits and safety'")
    context = f" {exc.context.strip()}" if exc.context else ""
    return YamlSyntaxError(Location(shown, line), f"YAML syntax error: {problem}{context}")


def load_yaml(path: Path, shown: str | None = None):
    """Parse the file ``path`` (read by :func:`forge.inputs.read_text`)."""
    shown = shown or str(Location.of(path))
    return parse_yaml(read_text(path, shown), shown)

