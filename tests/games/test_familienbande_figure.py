"""Familienbande's house ruling for a child born into a turned-down generation, and what its
worked-example figures show: tree order, turned-down rows, portraits said in words."""
from __future__ import annotations

import random

from forge.engine.registry import get_game
from forge.games.familienbande.cards import Child, Marry
from forge.games.familienbande.figure import figure, label, tree_order, turned_down

GAME = get_game("familienbande")

# generation 3 is full, so generation 2 is turned down with three children of 17+52 only
TABLE = {1: ["17+52", "31", "64"],
         2: ["22+45 of 17+52", "13 of 17+52", "59 of 17+52"],
         3: ["40 of 22+45", "15 of 22+45", "27 of 22+45", "54 of 22+45", "42 of 22+45"]}


def _state(table, hands):
    options = {"table": table, "hands": hands, "traits": {}}
    return GAME.new_state(list(hands), options, random.Random(0))


def test_a_child_born_into_a_turned_down_generation_is_counted_and_never_marries():
    state = _state(TABLE, {"Alice": "44 5", "Bruno": "1 2"})
    assert state.turned_down(2) and not state.turned_down(1)
    state.apply(0, Child(44, 17, 52))
    assert state.rulings["familienbande.born-turned-down"] == 1
    assert state.gen_of[44] == 2 and state.turned_down(1)
    assert Marry(1, 44) not in state.legal_moves(1) and Marry(1, 40) in state.legal_moves(1)


def test_a_child_born_into_an_open_generation_is_no_ruling():
    state = _state({1: ["17+52", "31", "64"]}, {"Alice": "44 5", "Bruno": "1 2"})
    state.apply(0, Child(44, 17, 52))
    assert not state.rulings and Marry(1, 44) in state.legal_moves(1)


def test_a_portrait_is_said_with_its_gender_and_symbols():
    assert label(GAME, 17) == "17, man: ears, glasses, lock"
    assert label(GAME, 70) == "70, woman: ears, nose, nose"


def test_children_are_ordered_under_their_parents_and_full_rows_turn_down_the_row_above():
    rows = {1: ["5", "19+4", "53+20"], 2: ["7 of 20+53", "8 of 4+19", "10 of 20+53", "9 of 4+19"]}
    assert tree_order(rows)[2] == ["8 of 4+19", "9 of 4+19", "7 of 20+53", "10 of 20+53"]
    assert turned_down({int(g): r for g, r in TABLE.items()}) == {2}
    assert turned_down({1: ["5"], 2: ["1 of 2+3"] * 4}) == {1}


def test_the_figure_draws_turned_down_rows_as_such_and_labels_every_portrait():
    situation, moves = figure(GAME, {"table": TABLE, "hands": {"Alice": "44"}}, ["Alice: child 44 of 17+52"])
    rows = {s.who: s.key for s in situation if s.key.startswith("row")}
    assert rows == {"1": "row", "2": "row_down", "3": "row"}
    hand = next(s for s in situation if s.key == "hand")
    assert [c.label for c in hand.cards] == ["44, woman: glasses, lips, lock"]
    assert [c.label.split(",")[0] for c in moves[0].cards] == ["44", "17", "52"]
