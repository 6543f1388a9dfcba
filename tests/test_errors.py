"""The error family: every class of input error carries a hint, messages quote short escaped
excerpts, and README lists every limit forge enforces."""
from __future__ import annotations

from pathlib import Path

import forge.errors as errors
from forge.errors import InputError, Location, describe, excerpt
from forge.limits import LIMITS

ROOT = Path(__file__).resolve().parent.parent


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_every_input_error_class_has_its_own_hint():
    classes = [InputError, *_subclasses(InputError)]
    assert len(classes) >= 9
    hints = [c.default_hint for c in classes]
    assert all(hints) and len(set(hints)) == len(hints), "each class says something of its own"
    for cls in classes:
        assert cls(Location("f", 1), "m").hint == cls.default_hint
        assert cls(Location("f", 1), "m", "specific").hint == "specific"
    assert set(errors.__all__) >= {c.__name__ for c in classes}


def test_excerpt_is_short_and_escaped():
    shown = excerpt("/etc/passwd\x1b[31m" + "x" * 500)
    assert len(shown) < 60 and "\x1b" not in shown and "\\x1b" in shown and shown.endswith("…'")
    assert excerpt("a'b") == "'a\\'b'"


def test_describe_never_prints_a_whole_huge_value():
    assert describe(10 ** 5000) == "integer of about 5001 digits"
    assert len(describe("y" * 100_000)) < 60
    assert describe(float("nan")) == "number nan"


def test_readme_lists_every_limit_with_its_value():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Limits and safety", 1)[1].split("\n## ", 1)[0]
    for limit in LIMITS.values():
        assert f"| {limit.what} | {limit.shown} |" in section, limit


def test_a_list_or_a_mapping_is_named_as_such_not_by_forge_s_type():
    """A rule's text written as a list was reported as "got 'LocList'" (the fuzz campaign)."""
    from forge.cardspec.yamlload import parse_yaml
    data = parse_yaml("a: [x, y]\nb: {c: 1}\n", "f.yaml")
    assert (excerpt(data["a"]), excerpt(data["b"])) == ("a list", "a mapping")
