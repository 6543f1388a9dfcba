"""forge export --tts: deck sheets, back images and the saved object, measured.

The saved object's fields are checked against Tabletop Simulator's published save format
(kb.tabletopsimulator.com, "Save File Format" and "Asset Creation": RGB images, 4096 px),
a 10 × 7 grid at most, CardID = CustomDeck id × 100 + slot (see README, "Tabletop Simulator")."""
from __future__ import annotations

import csv
import json
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from PIL import Image, ImageChops

from ..conftest import ROOT, run_forge
from .conftest import dalmuti_rows

DECK_FIELDS = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"}
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}


@pytest.fixture(scope="module")
def tts(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    result = run_forge("export", "dalmuti", "majority", "--tts", "--lang", "en", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out


def saved(tts: Path, game: str, comp: str) -> dict:
    return json.loads((tts / game / "en" / "tts" / f"{comp}.json").read_text(encoding="utf-8"))


def local(url: str) -> Path:
    assert url.startswith("file:///")
    return Path(unquote(urlsplit(url).path))


def slot(sheet: Image.Image, deck: dict, index: int) -> Image.Image:
    w, h = sheet.width // deck["NumWidth"], sheet.height // deck["NumHeight"]
    x, y = index % deck["NumWidth"] * w, index // deck["NumWidth"] * h
    return sheet.crop((x, y, x + w, y + h))


def test_saved_object_fields(tts):
    save = saved(tts, "dalmuti", "cards")
    assert save["SaveName"] == "" and save["ObjectStates"] and isinstance(save["TabStates"], dict)
    deck = save["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom" and set(deck["Transform"]) == TRANSFORM and deck["Nickname"]
    for entry in deck["CustomDeck"].values():
        assert set(entry) == DECK_FIELDS
        assert entry["BackIsHidden"] is False and entry["UniqueBack"] is False and entry["Type"] == 0
    cards = deck["ContainedObjects"]
    assert all(c["Name"] == "Card" and set(c["Transform"]) == TRANSFORM for c in cards)
    assert [c["CardID"] for c in cards] == deck["DeckIDs"]
    assert len({c["GUID"] for c in cards}) == len(cards)


def test_card_count_and_slots(tts):
    deck = saved(tts, "dalmuti", "cards")["ObjectStates"][0]
    rows = dalmuti_rows()
    assert len(deck["DeckIDs"]) == sum(int(r["copies"]) for r in rows)
    assert len(set(deck["DeckIDs"])) == len(rows)          # one slot per rank, its copies share it
    for card in deck["ContainedObjects"]:
        entry = deck["CustomDeck"][str(card["CardID"] // 100)]
        assert card["CustomDeck"] == {str(card["CardID"] // 100): entry}
        assert card["CardID"] % 100 < entry["NumWidth"] * entry["NumHeight"] - 1   # never the hidden slot
    # the copies of one rank are the same card: its name, its slot
    by_name = {}
    for card in deck["ContainedObjects"]:
        assert by_name.setdefault(card["Nickname"], card["CardID"]) == card["CardID"]


@pytest.mark.parametrize("game, comp", [("dalmuti", "cards"), ("majority", "words"), ("majority", "votes")])
def test_sheets_within_tts_limits_and_slots_drawn(tts, game, comp):
    deck = saved(tts, game, comp)["ObjectStates"][0]
    used = {}
    for card_id in deck["DeckIDs"]:
        used.setdefault(str(card_id // 100), set()).add(card_id % 100)
    for key, entry in deck["CustomDeck"].items():
        assert 2 <= entry["NumWidth"] <= 10 and 2 <= entry["NumHeight"] <= 7
        with Image.open(local(entry["FaceURL"])) as sheet:
            assert sheet.mode == "RGB" and max(sheet.size) <= 4096
            assert sheet.width % entry["NumWidth"] == 0 and sheet.height % entry["NumHeight"] == 0
            for index in used[key]:                  # every slot a card refers to holds a drawing
                assert slot(sheet, entry, index).convert("L").getextrema()[0] < 200, index


def test_last_slot_is_the_hidden_card_the_back(tts):
    entry = next(iter(saved(tts, "dalmuti", "cards")["ObjectStates"][0]["CustomDeck"].values()))
    with Image.open(local(entry["FaceURL"])) as sheet, Image.open(local(entry["BackURL"])) as back:
        assert back.mode == "RGB"
        hidden = slot(sheet, entry, entry["NumWidth"] * entry["NumHeight"] - 1)
        assert hidden.size == back.size
        assert ImageChops.difference(hidden, back.convert("RGB")).getbbox() is None
        assert ImageChops.difference(slot(sheet, entry, 0), back.convert("RGB")).getbbox() is not None


def test_a_deck_of_words_has_several_sheets_and_a_back_per_card(tts):
    with open(ROOT / "cardspecs" / "majority" / "words-en.csv", encoding="utf-8") as fh:
        words = list(csv.DictReader(fh))
    deck = saved(tts, "majority", "words")["ObjectStates"][0]
    assert len(deck["DeckIDs"]) == len(words) == len(set(deck["DeckIDs"]))
    assert len(deck["CustomDeck"]) == -(-len(words) // 69)           # 69 cards and the hidden one a sheet
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert names == [w["front"] for w in words]
    for entry in deck["CustomDeck"].values():
        assert entry["UniqueBack"] is True
        with Image.open(local(entry["FaceURL"])) as face, Image.open(local(entry["BackURL"])) as back:
            assert face.size == back.size and back.mode == "RGB"
            assert ImageChops.difference(face, back).getbbox() is not None


def test_url_base_names_published_images(tmp_path):
    result = run_forge("export", "dalmuti", "--tts", "--lang", "fr", "--dpi", "50", "--url-base",
                       "https://example.org/kits", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    deck = json.loads((tmp_path / "dalmuti" / "fr" / "tts" / "cards.json").read_text())["ObjectStates"][0]
    entry = deck["CustomDeck"]["1"]
    assert entry["FaceURL"] == "https://example.org/kits/dalmuti/fr/tts/cards-sheet-1.png"
    assert entry["BackURL"] == "https://example.org/kits/dalmuti/fr/tts/cards-back.png"
    assert (tmp_path / "dalmuti" / "fr" / "tts" / "cards-sheet-1.png").is_file()


def test_a_new_games_cards_are_named_and_described_by_its_tts_fields(tmp_path):
    assert run_forge("new", "mygame", cwd=tmp_path).returncode == 0
    csv = tmp_path / "cardspecs" / "mygame" / "cards.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("Draw two cards.", '"**Draw** two cards, gain {star}."'),
                   encoding="utf-8")
    assert run_forge("export", "mygame", "--tts", "--lang", "en", cwd=tmp_path).returncode == 0
    deck = json.loads((tmp_path / "build" / "mygame" / "en" / "tts" / "cards.json").read_text())["ObjectStates"][0]
    shown = [(card["Nickname"], card["Description"]) for card in deck["ContainedObjects"]]
    assert shown == [("Lighthouse", "Look at the top card of the deck.")] * 2 + \
        [("Harbour", "Draw two cards, gain {star}.")] * 2 + [("Storm", "Every player discards a card.")]


def test_a_tts_field_that_names_no_column_is_an_error_at_its_line(tmp_path):
    assert run_forge("new", "mygame", cwd=tmp_path).returncode == 0
    spec = tmp_path / "cardspecs" / "mygame.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace('tts: {name: "{name}"', 'tts: {name: "{title}"'),
                    encoding="utf-8")
    result = run_forge("export", "mygame", "--tts", cwd=tmp_path)
    line = next(i for i, text in enumerate(spec.read_text().splitlines(), 1) if "tts:" in text)
    assert result.returncode == 2 and result.stderr.startswith(f"cardspecs/mygame.yaml:{line}: 'tts.name': unknown field")
