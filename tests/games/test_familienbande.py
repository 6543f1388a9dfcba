"""The Familienbande engine: played at random with invariants checked, and scripted tables."""
from __future__ import annotations

import csv
import random
from collections import Counter
from pathlib import Path

import pytest

from forge.engine import playout, random_policy
from forge.engine.registry import get_game
from forge.games.familienbande.cards import TRAITS, Child, Marry, capacity, penalty
from forge.errors import IllegalMove, MoveError

GAME = get_game("familienbande")
NAMES = ["Alice", "Bruno", "Chloé", "Driss"]
ROOT = Path(__file__).resolve().parents[2]


def _printed() -> dict[int, tuple[str, list[str]]]:
    with (ROOT / "cardspecs" / "familienbande" / "portraits.csv").open(encoding="utf-8") as fh:
        return {int(r["card"]): (r["gender"], [r["trait1"], r["trait2"], r["trait3"]]) for r in csv.DictReader(fh)}


def _state(table, hands=None, traits=None, **more):
    options = {"table": table, "hands": hands or {}, "traits": traits or {}, **more}
    return GAME.new_state(NAMES[:max(2, len(hands or {}))], options, random.Random(0))


def _do(state, *moves):
    for text in moves:
        name, move = text.split(": ")
        state.apply(state.seat(name), GAME.parse_move(move))


def test_the_deck_is_the_printed_trait_table():
    printed = _printed()
    assert set(GAME.deck) == set(printed) and len(printed) == 70
    for card, (gender, traits) in printed.items():
        assert GAME.deck[card] == (gender, tuple(traits.count(t) for t in TRAITS))


def test_deal_three_founders_five_cards_each_secret_traits_all_different():
    state = GAME.new_state(NAMES[:3], {}, random.Random(5))
    assert len(state.rows[1]) == 3 and [len(h) for h in state.hands] == [5, 5, 5]
    assert len(state.pile) == 70 - 3 - 15 and len(set(state.trait)) == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_invariants_and_end(players):
    """A seeded slice of the soak (``python benchmarks/soak.py --game familienbande``): 1,000 games
    per player count, half random, half greedy."""
    rulings, ended = Counter(), Counter()
    policies = [random_policy, GAME.POLICIES["greedy"]]
    for seed in range(1_000):
        state = GAME.new_state(NAMES[:players], {}, random.Random(seed))
        playout(state, policies[seed % 2], check=True, max_steps=2_000)
        assert state.is_over()
        full = len(state.rows[5]) == capacity(5)
        ended["full" if full else "stalemate"] += 1
        assert full or state.rulings["familienbande.stalemate"] == 1
        assert state.winners() and all(state.scores()[w] == max(state.scores()) for w in state.winners())
        rulings += state.rulings
    assert ended["full"] > 900                  # the rules' own end is the usual one
    assert rulings["familienbande.tie"] > 0


def test_child_symbols_must_be_found_among_the_parents_six_counting_repeats():
    # 22 (f: ears nose lock) married to 23 (m: ears nose lock): two noses between them
    state = _state({1: ["5+28", "1", "30"], 2: ["22+23 of 5+28"]}, {"Alice": "19 51"}, {"Alice": "nose"})
    legal = state.legal_moves(0)
    assert Child(19, 22, 23) in legal                   # ears nose nose: two noses, one ear
    assert Child(51, 22, 23) not in legal               # nose nose nose: three noses needed
    with pytest.raises(IllegalMove, match="51 needs three noses; 22 and 23 have two noses"):
        _do(state, "Alice: child 51 of 22+23")


def test_a_generation_3_child_nose_nose_ear_moves_green_6_and_blue_3():
    state = _state({1: ["5+28", "1", "30"], 2: ["22+23 of 5+28"]}, {"Alice": "19", "Bruno": "2"})
    before = dict(zip(TRAITS, state.markers))
    _do(state, "Alice: child 19 of 22+23")
    after = dict(zip(TRAITS, state.markers))
    assert after["nose"] - before["nose"] == 6 and after["ears"] - before["ears"] == 3
    assert state.hands[0] == [] and state.gen_of[19] == 3


def test_marriage_needs_the_other_gender_and_a_single_and_draws_one():
    state = _state({1: ["1", "30", "5"]}, {"Alice": "2 3", "Bruno": "4"})      # 1 m, 30 f, 5 m; 2 f, 3 m
    with pytest.raises(IllegalMove, match="both men"):
        _do(state, "Alice: marry 3 on 1")
    _do(state, "Alice: marry 2 on 1")
    assert state.spouse[1] == 2 and len(state.hands[0]) == 2           # one placed, one drawn
    with pytest.raises(IllegalMove, match="already married"):
        _do(state, "Bruno: marry 4 on 1")


def test_a_full_generation_turns_down_the_one_above_singles_included():
    # generation 2 holds 4 children: generation 1 is turned down, its single 1 can no longer marry
    table = {1: ["5+28", "1", "13+2"], 2: ["22+23 of 5+28", "12 of 2+13", "10 of 2+13"]}
    state = _state(table, {"Alice": "3 4", "Bruno": "6"})   # 3 m: ears ears glasses (2+13 hold three ears, two glasses)
    assert Marry(4, 1) in state.legal_moves(0)                # 4 is a woman, 1 a single man: allowed for now
    _do(state, "Alice: child 3 of 2+13")
    assert len(state.rows[2]) == capacity(2) and state.turned_down(1)
    state.turn = 0
    assert not [m for m in state.legal_moves(0) if isinstance(m, Marry) and m.onto == 1]
    with pytest.raises(IllegalMove, match="generation 1 is turned down"):
        _do(state, "Alice: marry 4 on 1")


def test_generation_sizes_are_3_4_5_6_7():
    assert [capacity(g) for g in range(1, 6)] == [3, 4, 5, 6, 7]


def test_hand_penalties_are_triangular():
    assert [penalty(n) for n in range(6)] == [0, 1, 3, 6, 10, 15]


def test_the_seventh_child_of_generation_5_ends_the_game_and_hands_decide():
    state = GAME.new_state(NAMES[:3], {}, random.Random(2))
    playout(state, GAME.POLICIES["greedy"])
    assert state.is_over() and len(state.rows[5]) == 7
    totals = [state.markers[t] - penalty(len(h)) for t, h in zip(state.trait, state.hands)]
    assert state.scores() == totals


def test_empty_pile_rulings_and_the_stalemate_end():
    state = _state({1: ["1", "5", "3"]}, {"Alice": "7", "Bruno": "9"}, draw_pile=0)   # all men: nobody can act
    _do(state, "Alice: pass")
    assert not state.is_over() and state.rulings["familienbande.empty-pile-pass"] == 1
    _do(state, "Bruno: pass")
    assert state.is_over() and state.rulings["familienbande.stalemate"] == 1


def test_notation_reads_back_and_mistakes_are_move_errors():
    for text in ("marry 17 on 4", "child 33 of 4+17", "pass"):
        assert str(GAME.parse_move(text)) == text
    assert GAME.parse_move("child 33 of 17+4") == GAME.parse_move("child 33 of 4+17")
    for bad in ("marry 17", "child 33 of 4", "marry x on 4", "wed 17 on 4"):
        with pytest.raises(MoveError):
            GAME.parse_move(bad)
    state = _state({1: ["1", "30", "5"]}, {"Alice": "2"})
    with pytest.raises(MoveError, match="does not hold card 4"):
        _do(state, "Alice: marry 4 on 1")
    with pytest.raises(MoveError, match="not on the table"):
        _do(state, "Alice: marry 2 on 9")


def test_impossible_tables_are_refused():
    with pytest.raises(MoveError, match="appears twice"):
        _state({1: ["1", "1", "5"]})
    with pytest.raises(MoveError, match="same gender"):
        _state({1: ["1+3"]})
    with pytest.raises(MoveError, match="cannot be a child"):
        _state({1: ["5+28"], 2: ["51 of 5+28"]})
    with pytest.raises(MoveError, match="not a couple of generation 1"):
        _state({1: ["5", "28"], 2: ["22 of 5+28"]})
