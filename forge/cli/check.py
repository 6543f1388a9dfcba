"""forge's command ``check``: the rulebooks' worked examples, placeholders, translations and
sanitizer warnings, reported as text (default) or as GitHub Actions annotations."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import ForgeError
from . import app, err, out, project_root, report

FORMATS = ("text", "github")


@app.command()
def check(
    paths: Annotated[Optional[list[Path]], typer.Argument(help="Rules files or folders (default: rules_src/); a "
                                                          "YAML file of a game's rules folder (figures.yaml, "
                                                          "rules.yaml) stands for that folder.")] = None,
    junit: Annotated[Optional[Path], typer.Option("--junit", help="Also write JUnit XML to this file.")] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Also fail on stale or untranslated sections and on "
                                         "HTML the sanitizer removes.")] = False,
    fmt: Annotated[str, typer.Option("--format", help="How problems are printed: text (file:line: …) or github "
                                     "(GitHub Actions annotations, ::error file=…,line=…::…).")] = "text",
) -> None:
    """Check the rulebooks: every worked example against the rules engine, every checked-value
    placeholder, which translated sections are stale or missing, and what the sanitizer removes.

    Exit 0 when all hold, 1 when an example fails, an edition lacks one or a placeholder does not
    resolve (or, with --strict, a section is stale or untranslated, or HTML is removed), 2 on bad input."""
    from ..errors import Location, OptionError, excerpt
    from ..files import atomic_write
    from ..github import error_annotations
    from ..stamp import remembered
    root = project_root()
    paths = paths or [root / "rules_src"]
    try:
        if junit is not None:
            _check_target(junit, "--junit")
        if fmt not in FORMATS:
            raise OptionError(Location("--format"), f"unknown format {excerpt(fmt)} (expected one of: "
                              f"{', '.join(FORMATS)})")
        inside = all(Path(p).resolve().is_relative_to(root.resolve()) for p in paths)
        every = remembered(root, "check", ["check", [str(p) for p in paths], os.getcwd()],
                           lambda: _checked(paths)) if inside else _checked(paths)
        said = every[f"{fmt}{' strict' if strict else ''}"]
    except ForgeError as exc:
        if fmt == "github":
            for line in error_annotations(exc):
                print(line)
        report(exc)
    for stream, text in said["lines"]:
        (err if stream == "err" else out).print(text, markup=False, highlight=False)
    if junit:
        try:
            atomic_write(junit, said["junit"].encode("utf-8"))
        except OSError as exc:
            report(OptionError(Location("--junit"), f"cannot write {excerpt(str(junit))}: "
                               f"{(exc.strerror or type(exc).__name__).lower()}", hint="name a file in a folder you can write"))
    if said["code"]:
        raise typer.Exit(said["code"])


def _check_target(path: Path, option: str) -> None:
    """A file the command will write: refused before any work when it is a folder or not a
    regular file (a device: written to, /dev/full would be replaced by a regular file)."""
    from ..errors import Location, OptionError, excerpt
    if path.is_symlink() or not path.exists():
        return                          # a new file, or a link replaced by the file (never followed)
    why = "a folder" if path.is_dir() else None if path.is_file() else "not a regular file (a device or a pipe)"
    if why:
        raise OptionError(Location(option), f"{excerpt(str(path))} is {why}", hint="name a file to write, e.g. "
                          f"{option} rules-report.xml")


def _checked(paths: list[Path]) -> dict:
    """What ``forge check`` prints (lines for "out" or "err", in order), its JUnit XML and its
    exit status, for each format with and without --strict ("text", "github strict"…), as
    JSON data (kept in the project's cache while nothing it read changes)."""
    from ..engine.examples import junit_xml
    from ..rulebook.check import check_rules
    result = check_rules(paths)
    junit = junit_xml(result.examples)
    return {f"{fmt}{' strict' if strict else ''}": {"lines": _lines(result, strict, fmt), "junit": junit,
                                                     "code": 0 if result.ok(strict) else 1}
            for fmt in FORMATS for strict in (False, True)}


def _lines(result, strict: bool, fmt: str) -> list[list[str]]:
    from ..github import check_annotations
    examples = result.examples
    lines = []
    if fmt == "github":
        lines += [["out", line] for line in check_annotations(result, strict)]
    else:
        lines += [["err", str(line)] for line in [*examples.failures, *examples.missing, *result.placeholders,
                                                   *result.prose, *result.unsound]]
        lines += [["err", ("" if strict else "warning: ") + str(status)] for status in result.statuses]
        for w in result.warnings:
            lines += [["err", str(w)]] + ([["err", f"  hint: {w.hint}"]] if w.hint else [])
    bad = len({(f.example.path, f.example.id) for f in examples.failures})
    stale = sum(s.state == "stale" for s in result.statuses)
    untranslated = len(result.statuses) - stale
    lines.append(["out", f"{len(examples.examples)} examples checked: {len(examples.examples) - bad} hold, {bad} fail"
                  + (f"; {len(examples.missing)} missing from an edition" if examples.missing else "")
                  + (f"; {len(result.placeholders)} placeholders do not resolve" if result.placeholders else "")
                  + (f"; {len(result.prose)} paragraphs name what their example does not show" if result.prose else "")
                  + (f"; {len(result.unsound)} problems found by simulation" if result.unsound else "")
                  + f"; sections: {stale} stale, {untranslated} untranslated"
                  + (f"; {len(result.warnings)} removed by the sanitizer" if result.warnings else "")])
    return lines
