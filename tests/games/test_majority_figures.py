"""Majority's worked examples as figures: each turn shows the words voted on, drawn as the
printed word cards, beside the votes; and the editions speak to players, not about the tool."""
from __future__ import annotations


import pytest

from forge.engine import CardRef
from forge.engine.examples import parse_examples
from forge.engine.registry import get_game
from forge.games.majority.state import per_turn
from forge.rulebook.figures import load_words

from ..conftest import ROOT

GAME = get_game("majority")
RULES = ROOT / "rules_src" / "majority"
PLACES = ("reference", "A", "B", "C")


def word_cards(steps, turn: int) -> list[tuple[str, str]]:
    """(place, word) of the word cards drawn for ``turn``, in the order they are drawn."""
    return [(s.who, s.cards[0].match[0][1]) for s in steps
            if s.group == turn and s.key in ("reference", "proposal") and s.cards]


def test_a_turn_draws_the_reference_and_the_proposals_before_the_votes():
    table = {"reference": "moon", "A": "star", "B": "cheese", "C": "owl"}
    votes = {"Alice": "A", "Bruno": "A", "Chloé": "B"}
    _, steps = GAME.figure({"reference_pile": 2, "on_table": table, "votes": votes}, [])
    assert [s.key for s in steps] == ["words", "reference", "proposal", "proposal", "proposal",
                                      "vote", "vote", "vote"]
    assert word_cards(steps, 0) == [(p, table[p]) for p in PLACES]
    assert steps[1].cards == (CardRef("words", (("front", "moon"),), "moon"),)   # its alt text: the word
    assert all(s.cards[0].component == "votes" for s in steps[5:])


def test_words_the_kit_does_not_print_are_said_but_never_drawn_as_another_card():
    """A word of the example's own (not on a card's front face) keeps the turn in words only:
    no other word's card is drawn in its place."""
    table = {"reference": "ocean", "A": "wave", "B": "blue", "C": "fork"}
    _, steps = GAME.figure({"reference_pile": 1, "on_table": table, "votes": {"Alice": "A", "Bruno": "A"}}, [])
    assert [s.key for s in steps] == ["words", "vote", "vote"] and steps[0].value == table


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_example_draws_the_word_cards_of_each_of_its_turns(lang):
    """The editions name words printed on the kit's cards, so that every figure shows the
    whole table: the reference and the three proposals of each turn, then its votes."""
    examples = parse_examples(RULES / f"{lang}.md")
    assert len(examples) >= 10
    for ex in examples:
        given = dict(ex.data["given"])
        _, steps = GAME.figure(given, [])
        for t, table in enumerate(per_turn(given["on_table"])):
            assert word_cards(steps, t) == [(p, table[p]) for p in PLACES], (ex.id, t)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_ruling_is_said_in_players_words_in_the_figures(lang):
    values = load_words(RULES, lang).data["values"]
    for name in GAME.RULINGS:            # the outcome line "House ruling used: …" says it in words
        assert name in values and "majority." not in values[name], name
