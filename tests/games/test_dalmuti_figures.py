"""The Great Dalmuti's worked examples as figures: the deck drawn card by card, passes in a row
said in one line (a long trick stays short on a phone), house rulings said in players' words;
and the editions speak to players, not about the tool."""
from __future__ import annotations


import pytest

from forge.engine.registry import get_game
from forge.rulebook.figures import load_words

from ..conftest import ROOT

GAME = get_game("dalmuti")
RULES = ROOT / "rules_src" / "dalmuti"


def test_the_deck_example_draws_one_printed_card_of_each_rank_strongest_first():
    """An example with neither a situation nor moves (the deck's composition) draws the deck."""
    situation, steps = GAME.figure({}, [])
    drawn = [s for s in situation if s.cards]
    assert steps == [] and len(drawn) == 1
    assert [c.label for c in drawn[0].cards] == [str(r) for r in range(1, 13)] + ["J"]
    assert {c.component for c in drawn[0].cards} == {"cards"}


def test_passes_in_a_row_make_one_line_and_a_play_breaks_the_row():
    given = {"hands": {"Alice": "9 9 4", "Bruno": "7 7", "Chloé": "8 8", "Driss": "12 12"}, "leader": "Alice"}
    moves = ["Alice: play 9 9", "Bruno: pass", "Chloé: play 8 8", "Driss: pass", "Alice: pass",
             "Bruno: play 7 7", "Chloé: pass", "Driss: pass", "Alice: pass"]
    _, steps = GAME.figure(given, moves)
    said = [(s.key, s.who, s.value) for s in steps if not s.cards]
    assert said == [("pass", "Bruno", "pass"), ("passes", None, ["Driss", "Alice"]),
                    ("passes", None, ["Chloé", "Driss", "Alice"])]
    assert [s.who for s in steps if s.key == "play"] == ["Alice", "Chloé", "Bruno"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_ruling_an_example_expects_is_said_in_players_words(lang):
    values = load_words(RULES, lang).data["values"]
    for name in GAME.RULINGS:            # the outcome line "House ruling used: …" says it in words
        assert name in values and "dalmuti." not in values[name], name
