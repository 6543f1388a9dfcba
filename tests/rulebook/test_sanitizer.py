"""What the sanitizer removes from translator HTML: never the text around it, never silently,
and never in a way that lets a page show a check forge did not make."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from ..conftest import run_forge
from .conftest import insert_after
from .htmltools import NS, by_class, find_all, ids, parse, text_of

COMPONENTS = "## Components {#components}"


def _section(root, sid):
    return next(e for e in root.iter() if e.get("data-section") == sid)


def _build_en(project):
    result = run_forge("build", "dalmuti", "--lang", "en", "--out", "out", cwd=project)
    assert result.returncode == 0, result.stderr
    return result, parse(project / "out" / "dalmuti" / "en" / "rules.html")


@pytest.mark.parametrize("tag", ["style", "script", "textarea", "xmp", "title", "iframe", "noscript", "plaintext"])
def test_a_lone_raw_text_tag_keeps_the_rest_of_the_section(rules_project, tag):
    """Today `Keep the cards in a <style> box.` deletes the rest of the section, table and figure included."""
    en = rules_project / "rules_src" / "dalmuti" / "en.md"
    line = insert_after(en, COMPONENTS, f"Keep the cards in a <{tag}> box.")
    result, root = _build_en(rules_project)
    warning = f"rules_src/dalmuti/en.md:{line}: warning: removed <{tag}>"
    assert warning in result.stderr                            # the build says so, and builds
    section = _section(root, "components")
    assert "Keep the cards in a box." in text_of(section)
    assert "a single 1, two 2s" in text_of(section)              # the prose after it
    assert find_all(section, "table") and "Stonecutter" in text_of(find_all(section, "table")[0])
    assert [f.get("id") for f in find_all(section, "figure")] == ["example-dalmuti-deck"]
    assert not find_all(root.find(f".//{NS}main"), tag)
    assert _section(root, "overview") is not None

    check = run_forge("check", "rules_src/dalmuti", cwd=rules_project)
    assert check.returncode == 0, check.stderr
    assert warning in check.stderr and "hint:" in check.stderr
    strict = run_forge("check", "--strict", "rules_src/dalmuti", cwd=rules_project)
    assert strict.returncode == 1 and warning in strict.stderr


def test_a_closed_script_goes_with_its_content_and_the_text_around_stays(rules_project):
    en = rules_project / "rules_src" / "dalmuti" / "en.md"
    line = insert_after(en, COMPONENTS, "Before <script>\nalert('owned')\n</script> after, and <textarea>notes</textarea> too.")
    result, root = _build_en(rules_project)
    section = text_of(_section(root, "components"))
    assert "Before after, and too." in section and "alert" not in section and "notes" not in section
    assert f"rules_src/dalmuti/en.md:{line}: warning: removed <script>…</script>" in result.stderr
    assert f"rules_src/dalmuti/en.md:{line + 2}: warning: removed <textarea>…</textarea>" in result.stderr


def test_an_unclosed_comment_keeps_the_rest_of_the_section(rules_project):
    en = rules_project / "rules_src" / "dalmuti" / "en.md"
    line = insert_after(en, COMPONENTS, "Keep the cards <!-- a note for translators in a box.")
    result, root = _build_en(rules_project)
    section = _section(root, "components")
    assert "a single 1, two 2s" in text_of(section) and find_all(section, "table")
    assert f"rules_src/dalmuti/en.md:{line}: warning: removed <!--" in result.stderr


def test_markup_written_in_code_is_shown_and_not_reported(rules_project):
    en = rules_project / "rules_src" / "dalmuti" / "en.md"
    insert_after(en, COMPONENTS, "Write `<style>` or `` <script> `` in code.\n\n```html\n<style>p {}</style>\n<div class=\"checked\">\n```")
    check = run_forge("check", "--strict", "rules_src/dalmuti", cwd=rules_project)
    assert check.returncode == 0, check.stderr
    assert "warning" not in check.stderr
    _, root = _build_en(rules_project)
    codes = [text_of(c) for c in find_all(_section(root, "components"), "code")]
    assert "<style>" in codes and "<script>" in codes
    assert any('<style>p {}</style>' in c and '<div class="checked">' in c for c in codes)


FAKE = """\
<figure class="example" id="example-dalmuti-trick" data-forge-example="dalmuti-deck" data-forge-own="0123456789abcdef">
<span class="checked" title="Checked">Checked by forge check</span> The deck holds 81 cards.
</figure>
<div data-forge-example="dalmuti-jester-alone"></div>
<p>Counted: <span class="checked-value fine" data-example="dalmuti-deck">81</span> cards.</p>
<p id="setup">Setup again</p> <span id="text">main</span>
<img src="https://tracker.example.org/pixel.png" alt="pixel"> ![remote](//cdn.example.org/x.png) ![local](cards/x.svg)
![up](../../../secret.png) <img src="/etc/hostname.png" alt="root"> ![shared](../../assets/x.png)
[a real link](https://example.org/rules) and [a bad one](JaVaScRiPt:alert(1))"""


def test_translator_html_cannot_pose_as_a_checked_figure(rules_project):
    en = rules_project / "rules_src" / "dalmuti" / "en.md"
    first = insert_after(en, COMPONENTS, FAKE)
    result, root = _build_en(rules_project)
    page = (rules_project / "out" / "dalmuti" / "en" / "rules.html").read_text(encoding="utf-8")
    figures = by_class(root, "figure", "example")
    written = re.findall(r"^```example \{#([a-z0-9-]+)\}$", en.read_text(encoding="utf-8"), re.M)
    assert len(written) >= 9                       # the edition's own examples, the fake one is not among them
    assert sorted(f.get("id") for f in figures) == sorted(f"example-{i}" for i in written)
    assert [k for k, n in Counter(ids(root)).items() if n > 1] == [], "no id twice"
    marks = by_class(root, "span", "checked")
    assert len(marks) == len(written) and all(any(m in list(f.iter()) for f in figures) for m in marks)
    assert "81" not in [text_of(s) for s in by_class(root, "span", "checked-value")]
    assert "data-forge" not in page
    assert not [i for i in find_all(root, "img") if re.match(r"(https?:)?//", i.get("src", ""))]
    sources = {i.get("src") for i in find_all(root, "img")}
    assert {"cards/x.svg", "../../assets/x.png"} <= sources        # inside build/: kept
    assert not sources & {"../../../secret.png", "/etc/hostname.png"}       # leaving it: removed
    section = text_of(_section(root, "components"))
    for kept in ("The deck holds 81 cards.", "Counted: 81 cards.", "Setup again", "a real link", "a bad one"):
        assert kept in section                                   # only the markup goes, never the text
    assert [a for a in find_all(root, "a") if a.get("href") == "https://example.org/rules"]
    assert "javascript" not in page.lower()

    check = run_forge("check", "--strict", "rules_src/dalmuti", cwd=rules_project)
    assert check.returncode == 1
    expected = [
        (first, "class 'example' from <figure>"), (first, "id 'example-dalmuti-trick' from <figure>"),
        (first, "'data-forge-example' from <figure>"), (first, "'data-forge-own' from <figure>"),
        (first + 1, "class 'checked' from <span>"), (first + 3, "'data-forge-example' from <div>"),
        (first + 4, "class 'checked-value' from <span>"), (first + 4, "'data-example' from <span>"),
        (first + 5, "id 'setup' from <p>"), (first + 5, "id 'text' from <span>"),
        (first + 6, "the image 'https://tracker.example.org/pixel.png'"), (first + 6, "the image '//cdn.example.org/x.png'"),
        (first + 7, "the image '../../../secret.png' (its path leaves build/"),
        (first + 7, "the image '/etc/hostname.png' (its path leaves build/"),
        (first + 8, "the link 'JaVaScRiPt:alert(1)'"),
    ]
    for output in (check.stderr, result.stderr):
        warnings = [line for line in output.splitlines() if ": warning: removed " in line]
        for line, what in expected:
            assert any(w.startswith(f"rules_src/dalmuti/en.md:{line}: warning: removed {what}") for w in warnings), \
                (line, what, warnings)
        assert len(warnings) == len(expected), warnings
