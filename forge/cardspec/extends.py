"""``extends:``: a spec starting from another spec file, a component from another component.

Files are followed inside the project only (the one path resolver), with cycle detection;
the later spec's keys win, mappings merge key by key and ``key: ~`` removes an inherited key.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import DataFileError, InputError, Location, describe, excerpt
from ..inputs import is_file, resolve_inside
from .checks import Problems
from .yamlload import LocDict, blank, load_yaml

__all__ = ["load_with_extends", "component_extends", "by_name", "merge"]


def merge(base: LocDict, over: LocDict) -> LocDict:
    """``over`` on top of ``base``: mappings merge key by key, anything else is replaced.

    ``key: ~`` removes an inherited key; a face whose ``layout`` differs from the
    inherited one replaces it whole (its parameters would not fit the new layout)."""
    out = LocDict(base)
    out.file, out.line, out.key_locs = over.file, over.line, dict(base.key_locs)
    for key, value in over.items():
        if key == "extends":
            continue
        if value is None:
            out.pop(key, None)
            out.key_locs.pop(key, None)
            continue
        old = out.get(key)
        if isinstance(value, LocDict) and isinstance(old, LocDict) and old.get("layout") == value.get("layout"):
            value = merge(old, value)
        out[key] = value
        out.key_locs[key] = over.at(key)
    return out


def load_with_extends(path: Path, root: Path, pb: Problems, chain: tuple[Path, ...] = ()) -> LocDict | None:
    """The spec at ``path`` merged over the specs it extends (None when it is not a mapping)."""
    raw = load_yaml(path)
    if raw is None:
        raw = blank(str(Location.of(path)))
    if not isinstance(raw, LocDict):
        pb.add(Location(str(Location.of(path)), 1),
               f"a card spec must be a mapping (expected keys such as game, components; got {describe(raw)})")
        return None
    parent = raw.get("extends")
    if parent is None:
        return raw
    if not isinstance(parent, str):
        pb.add(raw.at("extends"), f"'extends' has the wrong type (expected a file path, got {describe(parent)})")
        return raw
    try:
        target = resolve_inside(root, path.parent, parent, raw.at("extends"), "'extends'")
    except InputError as exc:
        pb.error(exc)
        return raw
    here = path.resolve()
    if target in chain or target == here:
        cycle = " → ".join(p.name for p in (*chain, here, target))
        pb.add(raw.at("extends"), f"'extends' makes a cycle ({cycle})",
               hint="a spec may not extend itself, directly or through others")
        return raw
    if not is_file(target):
        pb.add(raw.at("extends"), f"'extends' names a missing file (expected a spec file, got {excerpt(parent)})",
               hint="paths are relative to the spec's folder", cls=DataFileError)
        return raw
    base = load_with_extends(target, root, pb, (*chain, here))
    return merge(base, raw) if base is not None else raw


def by_name(name: str, pool: dict, pb: Problems, what: str, hint: str, merge_fn=merge,
            chain: tuple[str, ...] = ()) -> LocDict | None:
    """``pool[name]`` merged (``merge_fn``) over the entries of ``pool`` it ``extends``, by name: a
    component over a component, a declared layout over a layout. None, and the problem recorded,
    when it names an unknown entry or makes a cycle."""
    d = pool[name]
    parent = d.get("extends")
    if parent is None:
        return d
    if not isinstance(parent, str) or parent not in pool or not isinstance(pool[parent], LocDict):
        pb.add(d.at("extends"), f"'extends' names an unknown {what} (expected one of: "
               f"{', '.join(k for k in pool if k != name)}; got {describe(parent)})", hint=hint)
        return None
    if parent in chain or parent == name:
        pb.add(d.at("extends"), f"'extends' makes a cycle ({' → '.join((*chain, name, parent))})",
               hint=f"a {what} may not extend itself, directly or through others")
        return None
    base = by_name(parent, pool, pb, what, hint, merge_fn, (*chain, name))
    return None if base is None else merge_fn(base, d)


def component_extends(name: str, comps: LocDict, pb: Problems) -> LocDict:
    """Component ``name`` merged over the components it extends (as written when that fails)."""
    merged = by_name(name, comps, pb, "component", "a component extends another component of the same spec, by name")
    return comps[name] if merged is None else merged
