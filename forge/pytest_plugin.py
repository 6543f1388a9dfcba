"""pytest plugin: every worked example of a rulebook is a test.

In a repository that holds rulebooks (``rules_src/<game>/<lang>.md``), ``pytest`` collects each
language edition as a file and each example block as a test named by its id
(``rules_src/potions/fr.md::potions-highest-card``), played by the checker of ``forge check``
(:func:`forge.engine.examples.check_example`). A failing example prints one line per field
that does not hold, ``rules_src/potions/fr.md:123: example potions-trick: hands expected …,
got …``, without a traceback; a malformed block makes its file a collection error, located.

Installing forge registers the plugin (entry point ``pytest11``, name ``forge``). It collects:

- by default, the editions below ``rules_src/`` of pytest's rootdir (the folder of the
  configuration file, else of the paths given): ``pytest`` in a publisher's repository just
  works. forge's own repository has ``testpaths = ["tests"]``, so its plain ``pytest`` leaves
  its rulebooks to ``tests/engine/test_examples.py`` (``pytest rules_src`` collects them);
- with ``--forge-examples`` or the ini option ``forge_examples = true``, every
  ``rules_src/<game>/<lang>.md`` met, wherever its ``rules_src`` folder lies;
- nothing with ``forge_examples = false`` (or ``-p no:forge``).

What else ``forge check`` checks (the same ids in every edition, placeholders, stale
translations, the sanitizer) stays with ``forge check``.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .errors import ErrorGroup, ForgeError

if TYPE_CHECKING:
    from .engine.examples import Example

# forge's engine is imported only where rules are collected: pytest loads this plugin in every
# run of the environment forge is installed in

SETTINGS = ("auto", "true", "false")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("forge").addoption(
        "--forge-examples", action="store_true", default=False,
        help="forge: collect the worked examples of every rules_src/<game>/<lang>.md met "
             "(default: those below <rootdir>/rules_src/).")
    parser.addini("forge_examples", "forge: collect the worked examples of rulebooks: auto (those below "
                  "<rootdir>/rules_src/), true (every rules_src/<game>/<lang>.md met) or false.", default="auto")


def _setting(config: pytest.Config) -> str:
    if config.getoption("forge_examples"):
        return "true"
    value = str(config.getini("forge_examples")).strip().lower()
    if value not in SETTINGS:
        raise pytest.UsageError(f"forge_examples: unknown value '{value}' (expected one of: {', '.join(SETTINGS)})")
    return value


def pytest_configure(config: pytest.Config) -> None:
    _setting(config)                    # a wrong ini value stops the run at once


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if file_path.suffix != ".md" or file_path.parent.parent.name != "rules_src":
        return None
    from .engine.examples import EDITION
    if not EDITION.match(file_path.name):
        return None
    setting = _setting(parent.config)
    if setting == "true" or (setting == "auto" and file_path.is_relative_to(parent.config.rootpath / "rules_src")):
        return RulesFile.from_parent(parent, path=file_path)
    return None


class ExampleFailed(Exception):
    """What an example got wrong (or why it cannot be played), as located lines."""


def _lines(errors) -> str:
    """Located problems, each with its hint when it has one."""
    return "\n".join(str(e) + (f"\n  hint: {e.hint}" if getattr(e, "hint", None) else "") for e in errors)


class RulesFile(pytest.File):
    """A language edition of a rulebook: its example blocks, checked as data when collected."""

    def collect(self):
        from .engine.blocks import check_block
        from .engine.examples import parse_examples
        try:
            examples = parse_examples(self.path)
            problems = [p for ex in examples for p in check_block(ex)]
        except ForgeError as exc:
            problems = exc.errors if isinstance(exc, ErrorGroup) else [exc]
        if problems:
            raise self.CollectError(_lines(problems))
        for ex in examples:
            yield ExampleItem.from_parent(self, name=ex.id, example=ex)


class ExampleItem(pytest.Item):
    """One worked example, played by the rules engine."""

    def __init__(self, *, example: Example, **kwargs) -> None:
        super().__init__(**kwargs)
        self.example = example

    def runtest(self) -> None:
        from .engine.examples import check_example
        try:
            failures = check_example(self.example)
        except ForgeError as exc:       # a move that is not a move here, a situation that cannot be
            raise ExampleFailed(_lines(exc.errors if isinstance(exc, ErrorGroup) else [exc])) from None
        if failures:
            raise ExampleFailed("\n".join(map(str, failures)))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ExampleFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        # the failure's heading; not the node id itself, which pytest would rewrite (its dots)
        return self.path, self.example.line - 1, f"{self.name} in {self.nodeid.split('::')[0]}"
