"""Load YAML keeping the line of every key and item, so errors can point at them.

``load_yaml(path)`` returns plain Python values, except that mappings are
:class:`LocDict` and sequences :class:`LocList`; both know their file, their own
line and the line of each key / item.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from ..errors import Location, SpecError, YamlSyntaxError

__all__ = ["LocDict", "LocList", "load_yaml", "where"]


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


def where(container, key=None) -> Location:
    """Location of ``key`` in a LocDict/LocList, falling back to an unknown place."""
    if isinstance(container, (LocDict, LocList)):
        return container.at(key)
    return Location("?", 0)


def _convert(node: yaml.Node, loader: yaml.SafeLoader, file: str):
    if isinstance(node, yaml.MappingNode):
        out = LocDict()
        out.file, out.line, out.key_locs = file, node.start_mark.line + 1, {}
        for knode, vnode in node.value:
            key = loader.construct_object(knode, deep=True)
            if not isinstance(key, str):
                key = str(key)
            if key in out:
                raise SpecError(Location(file, knode.start_mark.line + 1),
                                f"duplicate key '{key}' (expected each key once, got it again)",
                                hint=f"'{key}' is first set at line {out.key_locs[key].line}")
            out[key] = _convert(vnode, loader, file)
            out.key_locs[key] = Location(file, knode.start_mark.line + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        out = LocList(_convert(n, loader, file) for n in node.value)
        out.file, out.line = file, node.start_mark.line + 1
        out.item_lines = [n.start_mark.line + 1 for n in node.value]
        return out
    return loader.construct_object(node, deep=True)


def load_yaml(path: Path, shown: str | None = None):
    """Parse ``path``; raise a located :class:`YamlSyntaxError` if it is not valid YAML."""
    shown = shown or str(Location.of(path))
    text = path.read_text(encoding="utf-8")
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        return _convert(node, loader, shown)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        problem = (exc.problem or "invalid YAML").strip()
        context = f" {exc.context.strip()}" if exc.context else ""
        raise YamlSyntaxError(Location(shown, line), f"YAML syntax error: {problem}{context}",
                              hint="check indentation, colons and quotes on this line and the one above") from None
    finally:
        loader.dispose()
