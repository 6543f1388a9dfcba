"""Every YAML tag PyYAML knows, and unknown ones, with values its constructors cannot read
(``!!bool maybe``, ``!!timestamp x``…): each is a value or a located error at its line, never an
internal error, never a Python object; and a spoiled added rule is blamed on rules.yaml, not on
the rulebook that quotes it."""
from __future__ import annotations

import datetime
import shutil

import pytest
import yaml

from forge.cardspec.yamlload import parse_yaml
from forge.errors import InputError

from ..conftest import ROOT, run_forge

KNOWN = sorted({t for t in {**yaml.constructor.FullConstructor.yaml_constructors,
                            **yaml.constructor.UnsafeConstructor.yaml_constructors} if t}
               | {p for p in yaml.constructor.UnsafeConstructor.yaml_multi_constructors})
TAGS = [("!!" + t[len("tag:yaml.org,2002:"):]) if t.startswith("tag:yaml.org,2002:") else f"!<{t}>" for t in KNOWN]
TAGS += ["!foo", "!!foo", "!<tag:example.com,2026:x>", "!"]
VALUES = ["maybe", "1", "x", "''", "2001-02-30", "[1, 2]", "{a: 1}", "aGk=", "os.system", "-.inf", "0x1F"]
PLAIN = (str, int, float, bool, type(None), datetime.date, dict, list)


def test_pyyaml_knows_the_tags_this_test_feeds():
    assert {"!!bool", "!!timestamp", "!!binary", "!!set", "!!omap", "!!python/object/apply:"} <= set(TAGS)


@pytest.mark.parametrize("tag", TAGS)
def test_every_tag_gives_a_plain_value_or_a_located_error(tag):
    for value in VALUES:
        text = f"key: ok\nother: {tag} {value}\n"
        try:
            found = parse_yaml(text, "f.yaml")
        except InputError as exc:
            assert str(exc).startswith("f.yaml:2: "), (tag, value, str(exc))
            continue
        assert isinstance(found["other"], PLAIN), (tag, value, found)


@pytest.mark.parametrize("value", ["!!bool maybe", "!!bool 1", "!!timestamp x"])
def test_a_spoiled_rule_is_an_error_of_rules_yaml(tmp_path, value):
    for name in ("cardspecs", "rules_src"):
        shutil.copytree(ROOT / name, tmp_path / name)
    rules = tmp_path / "rules_src" / "chatvert" / "rules.yaml"
    lines = rules.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if "when: {play: {kind: number, beneath: greater}}" in line)
    lines.insert(at + 1, f"    spoiled: {value}")
    rules.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_forge("check", "rules_src/chatvert", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith(f"rules_src/chatvert/rules.yaml:{at + 2}: "), result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
