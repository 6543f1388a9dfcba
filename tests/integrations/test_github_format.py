"""forge check --format github: one GitHub Actions annotation per problem, at its file and line
(named from the repository's root), escaped as the runner reads workflow commands."""
from __future__ import annotations

import shlex

import yaml

from .conftest import WRONG_LINE, line_of, readme_blocks, run

MESSAGE = "example majority-wrong-winner: winners expected [B], got [A]"


def annotations(result) -> list[str]:
    return [line for line in result.stdout.splitlines() if line.startswith("::")]


def test_each_failing_example_is_an_error_at_its_field(publisher):
    result = run(publisher, "-m", "forge", "check", "--format", "github")
    assert result.returncode == 1, result.stderr
    expected = [f"::error file=rules_src/majority/{lang}.md,line={line_of(publisher / 'rules_src/majority' / f'{lang}.md', WRONG_LINE)},"
                f"title=majority-wrong-winner::{MESSAGE}" for lang in ("en", "fr")]
    assert annotations(result) == expected
    assert "2 fail" in result.stdout and result.stderr == ""


def test_the_readme_workflow_runs_forge_check_as_written(publisher):
    shown, workflow = readme_blocks("GitHub Actions")
    workflow = yaml.safe_load(workflow)
    steps = workflow["jobs"]["check"]["steps"]
    [command] = [step["run"] for step in steps if step.get("run", "").startswith("forge ")]
    result = run(publisher, "-m", "forge", *shlex.split(command)[1:])
    assert result.returncode == 1 and len(annotations(result)) == 2
    assert shown.strip() in annotations(result)         # the README's annotation is the real one
    assert 'name="majority-wrong-winner"' in (publisher / "rules-report.xml").read_text()


def test_files_are_named_from_the_repository_root(publisher):
    """Run from a subfolder (or given a path from there), the file is still rules_src/…"""
    result = run(publisher / "rules_src" / "majority", "-m", "forge", "check", "--format", "github", "en.md")
    line = line_of(publisher / "rules_src/majority/en.md", WRONG_LINE)
    assert annotations(result) == [f"::error file=rules_src/majority/en.md,line={line},"
                                   f"title=majority-wrong-winner::{MESSAGE}"]


def test_text_stays_the_default_and_junit_still_written(publisher, tmp_path):
    result = run(publisher, "-m", "forge", "check", "--junit", str(tmp_path / "report.xml"))
    line = line_of(publisher / "rules_src/majority/fr.md", WRONG_LINE)
    assert f"rules_src/majority/fr.md:{line}: {MESSAGE}" in result.stderr.splitlines()
    assert annotations(result) == [] and 'name="majority-wrong-winner"' in (tmp_path / "report.xml").read_text()


def test_percent_newline_comma_and_colon_are_escaped(publisher):
    """GitHub's rules: %, CR, LF → %25, %0D, %0A in the message; also , and : in the properties."""
    notes = publisher / "notes" / "draft, v2: votes.md"
    notes.parent.mkdir()
    wrong = (publisher / "rules_src/majority/en.md").read_text().split("```example {#majority-wrong-winner}")[1]
    notes.write_text("```example {#odd-winner}" + wrong.replace("winners: [B]", 'winners: ["50%\\nB"]'))
    result = run(publisher, "-m", "forge", "check", "--format", "github", str(notes))
    line = line_of(notes, '  winners: ["50%\\nB"]')
    assert annotations(result) == [f"::error file=notes/draft%2C v2%3A votes.md,line={line},title=odd-winner::"
                                   "example odd-winner: winners expected [50%25%0AB], got [A]"]


def test_stale_sections_are_warnings_and_errors_under_strict(publisher):
    en = publisher / "rules_src/majority/en.md"
    en.write_text("---\ntranslation_of: fr\n---\n" + en.read_text().replace("winners: [B]", "winners: [A]"))
    heading = line_of(en, "## Voting {#voting}")
    for strict, level, code in ((False, "warning", 1), (True, "error", 1)):
        result = run(publisher, "-m", "forge", "check", "--format", "github", *(["--strict"] if strict else []))
        assert result.returncode == code
        stale = [a for a in annotations(result) if "title=section voting" in a]
        assert len(stale) == 1 and stale[0].startswith(f"::{level} file=rules_src/majority/en.md,line={heading},"
                                                       "title=section voting::section 'voting' is stale: ")


def test_bad_input_is_an_error_annotation_with_its_hint_and_exit_2(publisher):
    fr = publisher / "rules_src/majority/fr.md"
    fr.write_text(fr.read_text().replace("  votes: {Alice", "  votez: {Alice", 1))
    result = run(publisher, "-m", "forge", "check", "--format", "github")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    line = line_of(fr, "  votez: {Alice: A, Bruno: A, Chloé: A, Driss: A, Emma: B, Farid: B}")
    [error] = annotations(result)
    assert error.startswith(f"::error file=rules_src/majority/fr.md,line={line}::example majority-first-vote: "
                            "unknown given key 'votez' for majority ")
    assert error.endswith("%0Ahint: did you mean 'votes'?") and "\n" not in error


def test_an_unknown_format_is_one_located_line(publisher):
    result = run(publisher, "-m", "forge", "check", "--format", "gitlab")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines()[0] == "--format: unknown format 'gitlab' (expected one of: text, github)"
