"""forge i18n: catalogs made from the sources, read by gettext's own tools, built into pages."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ..conftest import GAMES, run_forge, tree_digest
from .conftest import drop_language

pytestmark = pytest.mark.skipif(not shutil.which("msgfmt"), reason="gettext's msgfmt is not installed")

ENTRY = re.compile(r'^msgctxt "(?P<ctxt>[^"]*)"$')


def entry_at(po: Path, line: int) -> list[str]:
    """The lines of the catalog entry that line ``line`` (1-based) belongs to."""
    lines = po.read_text(encoding="utf-8").split("\n")
    start = line - 1
    while start > 0 and lines[start - 1].strip():
        start -= 1
    end = line - 1
    while end < len(lines) and lines[end].strip():
        end += 1
    return lines[start:end]


def test_the_template_names_each_heading_at_its_line_and_gettext_accepts_it(translated):
    done = run_forge("i18n", "extract", "dalmuti", cwd=translated)
    assert done.returncode == 0, done.stderr
    pot = translated / "rules_src" / "dalmuti" / "po" / "dalmuti.pot"
    check = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(pot)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    source = (translated / "rules_src" / "dalmuti" / "fr.md").read_text(encoding="utf-8").split("\n")
    refs = re.findall(r"#: rules_src/dalmuti/fr\.md:(\d+)\n(?:#.*\n)*msgctxt \"[^\"]*\"\nmsgid \"(.*)\"", pot.read_text())
    headings = [(n, line) for n, line in enumerate(source, 1) if line.startswith("## ")]
    assert headings
    for n, line in headings:
        text = re.sub(r"^## (.*?) \{#[a-z0-9-]+\}$", r"\1", line)
        assert (str(n), text) in refs, line


def test_an_edition_imported_then_built_from_its_catalog_gives_the_same_pages(translated, tmp_path_factory):
    """Every game's English edition, hand-written, then from its catalog: the same bytes."""
    from ..conftest import warm_project
    site = warm_project(tmp_path_factory) / "build"
    done = run_forge("i18n", "import", "en", cwd=translated)
    assert done.returncode == 0, done.stderr
    for game in GAMES:
        drop_language(translated, game, "en")
    done = run_forge("build", cwd=translated)
    assert done.returncode == 0, done.stderr
    for game in GAMES:
        before, after = tree_digest(site / game / "en"), tree_digest(translated / "build" / game / "en")
        assert after == before, game


def test_a_catalog_saved_by_gettext_builds_the_same_page(translated):
    """msgmerge (gettext's own writer) reads and writes the German catalog: the page is unchanged."""
    po = translated / "rules_src" / "dalmuti" / "po" / "de.po"
    assert run_forge("build", "dalmuti", "--lang", "de", cwd=translated).returncode == 0
    page = (translated / "build" / "dalmuti" / "de" / "rules.html").read_bytes()
    assert run_forge("i18n", "extract", "dalmuti", cwd=translated).returncode == 0
    pot = po.parent / "dalmuti.pot"
    merged = subprocess.run(["msgmerge", "--quiet", "--no-fuzzy-matching", "-o", str(po), str(po), str(pot)],
                            capture_output=True, text=True)
    assert merged.returncode == 0, merged.stderr
    assert subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)]).returncode == 0
    done = run_forge("build", "dalmuti", "--lang", "de", cwd=translated)
    assert done.returncode == 0, done.stderr
    assert (translated / "build" / "dalmuti" / "de" / "rules.html").read_bytes() == page


def test_a_changed_paragraph_makes_its_unit_fuzzy_and_its_page_falls_back_for_it(translated):
    fr = translated / "rules_src" / "dalmuti" / "fr.md"
    po = translated / "rules_src" / "dalmuti" / "po" / "de.po"
    old = "Retenez bien la règle d'or"
    text = fr.read_text(encoding="utf-8")
    assert old in text
    fr.write_text(text.replace(old, "Retenez surtout la règle d'or"), encoding="utf-8")
    before = po.read_text(encoding="utf-8").count("#, fuzzy")
    done = run_forge("i18n", "update", "de", "dalmuti", cwd=translated)
    assert done.returncode == 0, done.stderr
    catalog = po.read_text(encoding="utf-8")
    assert catalog.count("#, fuzzy") == before + 1
    previous = "".join(l[3:].strip('"') for l in catalog.split("\n") if l.startswith("#| "))
    assert "Retenez bien la règle d'or" in previous                     # its former text, for the translator
    assert subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)]).returncode == 0
    checked = run_forge("check", "rules_src/dalmuti", cwd=translated)
    said = [l for l in checked.stderr.splitlines() if "is fuzzy" in l]
    assert len(said) == 1, checked.stderr
    line = int(re.search(r"rules_src/dalmuti/po/de\.po:(\d+): ", said[0])[1])
    assert any("Retenez surtout" in l for l in entry_at(po, line))
    assert run_forge("check", "--strict", "rules_src/dalmuti", cwd=translated).returncode == 1
    done = run_forge("build", "dalmuti", "--lang", "de", cwd=translated)
    assert done.returncode == 0, done.stderr
    page = (translated / "build" / "dalmuti" / "de" / "rules.html").read_text(encoding="utf-8").replace("\u00ad", "")
    assert "Retenez surtout la règle d’or" in page          # that unit, in French
    assert "Merkt euch vor allem" not in page
    assert "Je kleiner die Zahl" not in page or page.count("Retenez") == 1
    assert "Spielmaterial" in page and "Die Ränge der Gesellschaft" in page      # the rest, in German


def test_a_broken_placeholder_is_an_error_at_its_entry_and_nothing_is_written(translated):
    po = translated / "rules_src" / "dalmuti" / "po" / "de.po"
    assert run_forge("build", "dalmuti", cwd=translated).returncode == 0
    kept = tree_digest(translated / "build")
    text = po.read_text(encoding="utf-8")
    start = text.index('msgstr ""\n"Das Spiel besteht aus')
    end = text.index("\n\n", start)
    entry = text[start:end]
    assert "{{dalmuti-deck.deck.total}}" in entry
    po.write_text(text[:start] + entry.replace("{{dalmuti-deck.deck.total}}", "80") + text[end:], encoding="utf-8")
    done = run_forge("build", "dalmuti", cwd=translated)
    assert done.returncode == 2
    [said] = [l for l in done.stderr.splitlines() if l.startswith("rules_src/") and "placeholder" in l]
    line = int(re.match(r"rules_src/dalmuti/po/de\.po:(\d+): ", said)[1])
    assert "lost the placeholder {{dalmuti-deck.deck.total}}" in said
    assert any("Das Spiel besteht aus" in l for l in entry_at(po, line))
    assert "Traceback" not in done.stderr
    assert tree_digest(translated / "build") == kept


def test_an_untranslated_unit_shows_the_source_text_and_strict_fails(translated):
    po = translated / "rules_src" / "dalmuti" / "po" / "de.po"
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgid "Matériel"\nmsgstr "Spielmaterial"', 'msgid "Matériel"\nmsgstr ""')
    po.write_text(text, encoding="utf-8")
    checked = run_forge("check", "rules_src/dalmuti", cwd=translated)
    assert checked.returncode == 0
    assert [l for l in checked.stderr.splitlines() if "section 'components' is not translated" in l]
    assert run_forge("check", "--strict", "rules_src/dalmuti", cwd=translated).returncode == 1
    assert run_forge("build", "dalmuti", "--lang", "de", cwd=translated).returncode == 0
    page = (translated / "build" / "dalmuti" / "de" / "rules.html").read_text(encoding="utf-8").replace("\u00ad", "")
    assert re.search(r'<h2 id="components">Matériel ', page)
    assert "Der Ablauf im Überblick" in page


def test_a_catalog_folder_linked_out_of_the_project_is_refused_and_nothing_is_written(translated, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    po = translated / "rules_src" / "dalmuti" / "po"
    shutil.rmtree(po)
    po.symlink_to(outside, target_is_directory=True)
    done = run_forge("i18n", "extract", "dalmuti", cwd=translated)
    assert done.returncode == 2 and "leaves the project" in done.stderr and "Traceback" not in done.stderr
    assert list(outside.iterdir()) == []


def test_the_build_lists_each_unit_it_shows_in_the_source_language(translated):
    po = translated / "rules_src" / "dalmuti" / "po" / "de.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgid "Matériel"\nmsgstr "Spielmaterial"',
                                                        'msgid "Matériel"\nmsgstr ""'), encoding="utf-8")
    done = run_forge("build", "dalmuti", "--lang", "de", cwd=translated)
    assert done.returncode == 0, done.stderr
    [said] = [l for l in done.stderr.splitlines() if "is not translated" in l]
    assert said.startswith("rules_src/dalmuti/po/de.po:") and "section 'components'" in said


def test_a_rule_card_is_printed_from_the_catalog_and_an_untranslated_one_from_the_source(translated):
    """Le Chat vert's rules data (rules.yaml) in a language only its catalog says."""
    assert run_forge("i18n", "update", "de", "chatvert", cwd=translated).returncode == 0
    po = translated / "rules_src" / "chatvert" / "po" / "de.po"
    text = po.read_text(encoding="utf-8")
    entry = 'msgctxt "rules:rules.tortue.title"\nmsgid "La tortue"\nmsgstr ""'
    assert entry in text
    po.write_text(text.replace(entry, entry[:-2] + '"Die Schildkröte"'), encoding="utf-8")
    done = run_forge("build", "chatvert", "--lang", "de", cwd=translated)
    assert done.returncode == 0, done.stderr
    printed = subprocess.run(["pdftotext", str(translated / "build" / "chatvert" / "de" / "rule_cards-a4.pdf"), "-"],
                             capture_output=True, text=True, check=True).stdout
    assert "Die Schildkröte" in printed and "La tortue" not in printed
    assert "La belette" in printed                                   # not translated: the source's words
    assert [l for l in done.stderr.splitlines() if "'La belette'" in l and "not translated" in l]


def test_a_translated_word_with_a_lone_brace_is_refused():
    """The fuzz campaign: the page word 'pair' translated as '{key: {value}' was a traceback when
    a figure was written; a short text may still leave out a slot."""
    from forge.i18n.marks import broken
    assert broken("{key}: {value}", "{key: {value}", "string") == \
        ["has a brace that opens or closes no {slot} (write {{ or }} for one)"]
    assert broken("{n} cards", "cards", "string") == []
