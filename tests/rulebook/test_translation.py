"""What a translator writes: sanitized, tracked for staleness, checked for its examples."""
from __future__ import annotations

import re
import shutil

from ..conftest import ROOT, run_forge, tree_digest
from .htmltools import find_all, parse, text_of

HOSTILE = """

<script>alert("owned")</script>
<p onclick="steal()" style="position:fixed">Click <a href="javascript:alert(1)">here</a>
or <a href="JaVaScRiPt:alert(2)">there</a> <img src="x.png" onerror="alert(3)" alt="x"></p>

[a link](javascript:alert(4)) and <a href="https://example.org/rules" data-note="ok" class="ext">a real one</a>.
"""


def test_hostile_translation_is_sanitized(rules_project):
    en = rules_project / "rules_src" / "dalmuti" / "en.md"
    text = en.read_text(encoding="utf-8")
    head, sep, rest = text.partition("## Components {#components}")
    en.write_text(head.rstrip("\n") + HOSTILE + "\n" + sep + rest, encoding="utf-8")
    result = run_forge("build", "dalmuti", "--lang", "en", "--out", "out", cwd=rules_project)
    assert result.returncode == 0, result.stderr
    html = (rules_project / "out" / "dalmuti" / "en" / "rules.html").read_text(encoding="utf-8")
    for own in ("contents.js", "reader.js"):                 # the page's own scripts, from its templates
        html = html.replace((ROOT / "templates" / own).read_text(encoding="utf-8").rstrip("\n"), "")
    lowered = html.lower()
    assert "<script></script>" in lowered                 # both found, as written
    assert lowered.count("<script") == 2 and "alert" not in lowered
    assert "onclick" not in lowered and "onerror" not in lowered
    assert "javascript:" not in lowered
    assert 'style="position' not in lowered
    root = parse(rules_project / "out" / "dalmuti" / "en" / "rules.html")
    kept = [a for a in find_all(root, "a") if a.get("href") == "https://example.org/rules"]
    assert kept and kept[0].get("data-note") == "ok" and kept[0].get("class") == "ext"
    assert "Click" in text_of(root)          # the words stay, only the dangerous parts go


def _section(root, sid):
    return next(e for e in root.iter() if e.get("data-section") == sid)


def _notices(root):
    return [e for e in root.iter() if "notice" in (e.get("class") or "").split()]


def test_editing_a_source_section_makes_its_translation_stale(rules_project):
    shutil.rmtree(rules_project / "rules_src" / "dalmuti" / "po")   # hand-written editions only (catalogs: tests/i18n)
    fr = rules_project / "rules_src" / "dalmuti" / "fr.md"
    text = fr.read_text(encoding="utf-8")
    marker = "## L'impôt {#taxes}"
    assert marker in text
    fr.write_text(text.replace(marker, marker + "\n\nL'impôt se paie avant le premier pli.\n", 1), encoding="utf-8")

    result = run_forge("check", "--strict", cwd=rules_project)
    assert result.returncode == 1
    stale = [line for line in result.stderr.splitlines() if "stale" in line or "not translated" in line]
    assert len(stale) == 1, result.stderr
    assert stale[0].startswith("rules_src/dalmuti/en.md:") and "section 'taxes' is stale" in stale[0]
    assert "forge mark-translated dalmuti en taxes" in stale[0]
    assert run_forge("check", cwd=rules_project).returncode == 0      # a warning only without --strict

    assert run_forge("build", "dalmuti", "--out", "out", cwd=rules_project).returncode == 0
    en = parse(rules_project / "out" / "dalmuti" / "en" / "rules.html")
    notices = _notices(en)
    assert len(notices) == 1 and notices[0].get("lang") == "en"
    assert notices[0] in list(_section(en, "taxes").iter())
    assert "out of date" in text_of(notices[0])
    assert not _notices(parse(rules_project / "out" / "dalmuti" / "fr" / "rules.html"))
    # the contents mark the stale section, with words for those who do not see the mark
    [entry] = [li for li in find_all(en, "li") if "stale" in (li.get("class") or "").split()]
    [mark] = [s for s in find_all(entry, "span") if s.get("class") == "state-mark"]
    hidden = [s for s in find_all(mark, "span") if s.get("class") == "visually-hidden"]
    assert [s.get("aria-hidden") for s in find_all(mark, "span") if s is not mark and s not in hidden] == ["true"]
    assert hidden and "out of date" in text_of(hidden[0]) and "out of date" in mark.get("title")

    marked = run_forge("mark-translated", "dalmuti", "en", "taxes", cwd=rules_project)
    assert marked.returncode == 0, marked.stderr
    assert run_forge("check", "--strict", cwd=rules_project).returncode == 0
    assert run_forge("build", "dalmuti", "--out", "out", cwd=rules_project).returncode == 0
    assert not _notices(parse(rules_project / "out" / "dalmuti" / "en" / "rules.html"))


def test_a_missing_section_falls_back_to_the_source(rules_project):
    en = rules_project / "rules_src" / "majority" / "en.md"
    text = en.read_text(encoding="utf-8")
    start = text.index("## Tips {#tips}")
    end = text.index("\n## ", start + 5)
    en.write_text(text[:start] + text[end + 1:], encoding="utf-8")

    result = run_forge("check", "--strict", cwd=rules_project)
    assert result.returncode == 1 and "section 'tips' is not translated" in result.stderr
    assert run_forge("build", "majority", "--out", "out", cwd=rules_project).returncode == 0
    root = parse(rules_project / "out" / "majority" / "en" / "rules.html")
    tips = _section(root, "tips")
    assert tips.get("lang") == "fr"                   # the French text, marked as French
    notice = _notices(root)[0]
    assert notice.get("lang") == "en" and "not translated" in text_of(notice)
    fr_tips = _section(parse(rules_project / "out" / "majority" / "fr" / "rules.html"), "tips")
    assert text_of(tips).endswith(text_of(fr_tips)[-40:])


def test_removing_an_example_from_the_english_edition_fails_check(rules_project):
    en = rules_project / "rules_src" / "majority" / "en.md"
    text = en.read_text(encoding="utf-8")
    block = re.search(r"```example \{#majority-no-majority\}.*?\n```\n", text, re.S)
    en.write_text(text.replace(block.group(0), ""), encoding="utf-8")
    result = run_forge("check", cwd=rules_project)
    assert result.returncode == 1
    assert "rules_src/majority/en.md:1: example majority-no-majority is missing from this edition" in result.stderr


def test_a_placeholder_that_does_not_resolve_is_located(rules_project):
    fr = rules_project / "rules_src" / "majority" / "fr.md"
    lines = fr.read_text(encoding="utf-8").splitlines()
    n = next(i for i, line in enumerate(lines) if line.startswith("## ")) + 2
    lines.insert(n, "La pile compte {{majority-tie-three.refrence_pile}} cartes.")
    fr.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_forge("check", cwd=rules_project)
    assert result.returncode == 1
    assert f"rules_src/majority/fr.md:{n + 1}: placeholder {{{{majority-tie-three.refrence_pile}}}}" in result.stderr
    assert "reference_pile" in result.stderr                       # the keys it could have meant
    before = tree_digest(rules_project / "cardspecs")
    (rules_project / "out").mkdir()
    (rules_project / "out" / "keep.txt").write_text("previous build")
    built = run_forge("build", "majority", "--out", "out", cwd=rules_project)
    assert built.returncode == 2 and "Traceback" not in built.stderr
    assert f"rules_src/majority/fr.md:{n + 1}:" in built.stderr
    assert [p.name for p in (rules_project / "out").rglob("*")] == ["keep.txt"]
    assert tree_digest(rules_project / "cardspecs") == before


def test_a_heading_without_id_is_bad_input(rules_project):
    en = rules_project / "rules_src" / "dalmuti" / "en.md"
    text = en.read_text(encoding="utf-8")
    en.write_text(text.replace("## Credits {#credits}", "## Credits"), encoding="utf-8")
    line = en.read_text(encoding="utf-8").splitlines().index("## Credits") + 1
    result = run_forge("build", "dalmuti", "--out", "out", cwd=rules_project)
    assert result.returncode == 2
    assert f"rules_src/dalmuti/en.md:{line}: heading 'Credits' has no id" in result.stderr
    assert "hint:" in result.stderr


def test_a_huge_heading_is_named_by_an_excerpt(rules_project):
    """A heading of 96,000 characters without an id (issue 30: a 2 MB one was echoed whole; a line
    that long is now refused by the line limit): one short located line, not the heading echoed."""
    en = rules_project / "rules_src" / "dalmuti" / "en.md"
    text = en.read_text(encoding="utf-8")
    en.write_text(text.replace("## Credits {#credits}", "## " + "Credits " * 12_000), encoding="utf-8")
    result = run_forge("check", "rules_src/dalmuti", cwd=rules_project)
    assert result.returncode == 2
    [said] = [l for l in result.stderr.splitlines() if "has no id" in l]
    assert said.startswith("rules_src/dalmuti/en.md:") and len(said) < 200, said[:300]
    assert len(result.stderr) < 2000


def test_build_fails_when_the_editions_do_not_carry_the_same_examples(rules_project):
    en = rules_project / "rules_src" / "majority" / "en.md"
    text = en.read_text(encoding="utf-8")
    block = re.search(r"```example \{#majority-no-majority\}.*?\n```\n", text, re.S)
    en.write_text(text.replace(block.group(0), ""), encoding="utf-8")
    fr_line = (rules_project / "rules_src" / "majority" / "fr.md").read_text(encoding="utf-8").split("\n") \
        .index("```example {#majority-no-majority}") + 1
    (rules_project / "out").mkdir()
    (rules_project / "out" / "keep.txt").write_text("previous build")
    before = tree_digest(rules_project / "out")
    built = run_forge("build", "majority", "--out", "out", cwd=rules_project)
    assert built.returncode == 2 and "Traceback" not in built.stderr
    assert (f"rules_src/majority/en.md:1: example majority-no-majority is missing from this edition "
            f"(found at rules_src/majority/fr.md:{fr_line})") in built.stderr
    assert "hint:" in built.stderr
    assert tree_digest(rules_project / "out") == before


def test_a_section_left_untranslated_takes_its_examples_along(rules_project):
    """The examples of a section a translation lacks are shown from the source: no 'missing' error."""
    en = rules_project / "rules_src" / "majority" / "en.md"
    text = en.read_text(encoding="utf-8")
    start = text.index("## End of the game {#end-of-game}")
    end = text.index("\n## ", start + 5)
    assert "```example {#majority-shared-win}" in text[start:end]
    en.write_text(text[:start] + text[end + 1:], encoding="utf-8")
    check = run_forge("check", cwd=rules_project)
    assert check.returncode == 0, check.stderr
    assert "section 'end-of-game' is not translated" in check.stderr and "missing" not in check.stderr
    built = run_forge("build", "majority", "--out", "out", cwd=rules_project)
    assert built.returncode == 0, built.stderr
    section = _section(parse(rules_project / "out" / "majority" / "en" / "rules.html"), "end-of-game")
    assert section.get("lang") == "fr"
    assert [f.get("id") for f in find_all(section, "figure")] == ["example-majority-shared-win"]
