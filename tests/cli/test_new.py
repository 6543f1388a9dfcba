"""`forge new GAME` in an empty folder: the game builds at once, with its image stored once;
a folder without card specs says what to do."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from ..conftest import run_forge
from ..pdftools import overlaps, sheets, words


def test_a_new_game_builds_at_once(tmp_path):
    made = run_forge("new", "mygame", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    csv = (tmp_path / "cardspecs" / "mygame" / "cards.csv").read_text(encoding="utf-8").splitlines()
    names = [line.split(",")[0] for line in csv[1:]]
    assert (tmp_path / "cardspecs" / "mygame" / "art" / "example.png").is_file()
    assert {"fr.md", "en.md"} <= {p.name for p in (tmp_path / "rules_src" / "mygame").iterdir()}
    built = run_forge("build", "mygame", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert "warning" not in built.stderr                       # the example image is 300 dpi
    for lang in ("fr", "en"):
        [pdf] = (tmp_path / "build" / "mygame" / lang).glob("cards*a4*.pdf")
        text = " ".join(w.text for page in words(pdf) for w in page)
        assert all(name in text for name in names)
        reader = PdfReader(pdf)
        images = {ref.idnum for page in reader.pages for form in page["/Resources"]["/XObject"].values()
                  for ref in form.get_object().get("/Resources", {}).get("/XObject", {}).values()
                  if ref.get_object()["/Subtype"] == "/Image"}
        assert len(images) == 1                               # 4 cards show it, stored once
        assert (tmp_path / "build" / "mygame" / lang / "rules.html").is_file()
    assert run_forge("check", "--strict", cwd=tmp_path).returncode == 0     # the translation follows


def test_new_never_overwrites(tmp_path):
    assert run_forge("new", "mygame", cwd=tmp_path).returncode == 0
    before = (tmp_path / "cardspecs" / "mygame.yaml").read_bytes()
    again = run_forge("new", "mygame", cwd=tmp_path)
    assert again.returncode == 2 and "exists already" in again.stderr
    assert (tmp_path / "cardspecs" / "mygame.yaml").read_bytes() == before
    bad = run_forge("new", "../evil", cwd=tmp_path)
    assert bad.returncode == 2 and "not a game id" in bad.stderr
    assert not (tmp_path.parent / "evil").exists()


def test_a_folder_without_card_specs_says_what_to_do(tmp_path: Path):
    for command in (["list"], ["build"]):
        result = run_forge(*command, cwd=tmp_path)
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert "no card spec here" in result.stderr and "forge new GAME" in result.stderr
    assert list(tmp_path.iterdir()) == []                     # nothing built, not even calibration sheets


def test_the_source_language_is_the_one_asked_for(tmp_path):
    assert run_forge("new", "mygame", "--source-lang", "en", cwd=tmp_path).returncode == 0
    rules = tmp_path / "rules_src" / "mygame"
    assert "translation_of" not in (rules / "en.md").read_text(encoding="utf-8")
    assert (rules / "fr.md").read_text(encoding="utf-8").startswith("---\ntranslation_of: en\n")
    assert "languages: [en, fr]" in (tmp_path / "cardspecs" / "mygame.yaml").read_text(encoding="utf-8")
    assert run_forge("check", "--strict", cwd=tmp_path).returncode == 0
    bad = run_forge("new", "other", "--source-lang", "de", cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr.startswith("--source-lang: forge new writes fr and en, not 'de'")
    assert not (tmp_path / "cardspecs" / "other.yaml").exists()


def test_a_long_text_never_runs_under_the_corner_value(tmp_path):
    """The scaffold's text box ends above the bottom corner's index: a text of any length is
    shrunk inside it (or refused), never drawn across the value."""
    assert run_forge("new", "mygame", cwd=tmp_path).returncode == 0
    csv = tmp_path / "cardspecs" / "mygame" / "cards.csv"
    long = " ".join(["Every player discards a card, then draws two and passes one to the left."] * 6)
    csv.write_text(csv.read_text(encoding="utf-8").replace("Every player discards a card.", f'"{long}"'), encoding="utf-8")
    assert run_forge("build", "mygame", "--lang", "en", cwd=tmp_path).returncode == 0
    [storm] = [card for sheet in sheets(tmp_path / "build" / "mygame" / "en" / "cards-a4.pdf") for card in sheet.cards
               if any(w.text == "Storm" for w in card.words)]
    value = min((w for w in storm.words if w.text == "3"), key=lambda w: w.rect[1])   # the bottom corner's
    body = [w for w in storm.words if w.text not in ("3", "Storm")]
    assert len(body) == len(long.split()) and not [w.text for w in body if overlaps(w.rect, value.rect)]


@pytest.mark.parametrize("name", ["con", "nul", "aux", "prn", "com1", "lpt9"])
def test_a_name_windows_keeps_for_a_device_is_refused(tmp_path, name):
    result = run_forge("new", name, cwd=tmp_path)
    assert result.returncode == 2 and f"GAME: {name} names a device on Windows" in result.stderr
    assert not (tmp_path / "cardspecs").exists()
