"""Tests of the Oh Hell rules engine (cardspecs/ohhell/engine/).

forge's test kit (forge.testing.GameTests) checks the declaration, plays random games checking
every move, reaches every house ruling, plays every worked example of rules_src/ohhell/ and
changes each value they expect to make sure it is really checked. The tests below it script
deals to check the rules themselves.
"""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from forge.engine import ErrorGroup, IllegalMove, InvariantError, MoveError
from forge.engine.registry import get_game
from forge.testing import GameTests, play_random_games

PROJECT = Path(__file__).resolve().parents[1]
FOUR = ["Alice", "Bruno", "Chloé", "Driss"]


class TestOhHell(GameTests):
    game = "ohhell"
    project = PROJECT
    random_games = 200


@pytest.fixture(scope="module")
def game():
    return get_game("ohhell", PROJECT)


def situation(game, players=FOUR, options=None, **given):
    return game.new_state(list(players), {**given, **(options or {})}, random.Random(0))


def play(game, state, *moves):
    for text in moves:
        name, _, move = text.partition(":")
        state.apply(state.seat(name.strip()), game.parse_move(move.strip()))


HANDS = {"Alice": "K♥ 9♣ 5♦", "Bruno": "Q♥ 4♥ 3♠", "Chloé": "A♣ 8♦ 7♠", "Driss": "J♥ 10♦ 2♣"}
BIDS = {"Alice": 1, "Bruno": 1, "Chloé": 0, "Driss": 0}


# -- the deal ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players, most, deals", [(3, 17, 33), (4, 13, 25), (5, 10, 19), (6, 8, 15), (7, 7, 13)])
def test_schedule_goes_up_to_the_most_the_deck_allows_and_back(game, players, most, deals):
    state = game.new_state([f"P{i}" for i in range(players)], {}, random.Random(1))
    assert max(state.schedule) == most and len(state.schedule) == deals
    assert state.schedule[0] == state.schedule[-1] == 1
    assert len(state.stock) == 52 - players - 1 and state.turned >= 0


def test_schedule_options(game):
    assert situation(game, options={"schedule": "down", "most": 5}).schedule == (5, 4, 3, 2, 1)
    assert situation(game, options={"most": 3}).schedule == (1, 2, 3, 2, 1)
    assert max(situation(game, options={"most": 17}).schedule) == 13      # no more than the deck allows


def test_first_dealer_is_cut_and_the_deal_passes_left(game):
    dealers = {game.new_state(FOUR, {}, random.Random(seed)).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    state = game.new_state(FOUR, {}, random.Random(3))
    assert state.rulings["ohhell.first-dealer"] == 1
    first = state.dealer
    while state.deal_no == 0:
        seat = next(iter(state.to_act()))
        state.apply(seat, state.legal_moves(seat)[0])
    assert state.dealer == (first + 1) % 4 and state.turn == (first + 2) % 4


def test_whole_deck_dealt_means_no_trumps(game):
    state = situation(game, deal=13, dealer="Alice")
    assert state.stock == [] and state.turned == state.trump == -1
    assert state.rulings["ohhell.no-trump"] == 1
    assert sorted(c for h in state.hands for c in h) == sorted(game.deck)


# -- bidding ------------------------------------------------------------------------------------

def test_the_hook_refuses_the_bid_that_makes_the_total(game):
    state = situation(game, hands=HANDS, turned="6♠", dealer="Driss")
    play(game, state, "Alice: bid 1", "Bruno: bid 0", "Chloé: bid 1")
    assert [str(m) for m in state.legal_moves(3)] == ["bid 0", "bid 2", "bid 3"]
    with pytest.raises(IllegalMove, match="hook"):
        play(game, state, "Driss: bid 1")


def test_without_the_hook_the_dealer_bids_freely(game):
    state = situation(game, options={"hook": False}, hands=HANDS, turned="6♠", dealer="Driss")
    play(game, state, "Alice: bid 1", "Bruno: bid 0", "Chloé: bid 1", "Driss: bid 1")
    assert state.bids == [1, 0, 1, 1] and state.to_act() == {0}


def test_players_bid_in_turn_from_the_dealers_left(game):
    state = situation(game, hands=HANDS, turned="6♠", dealer="Bruno")
    with pytest.raises(IllegalMove, match="not their turn"):
        play(game, state, "Alice: bid 1")
    play(game, state, "Chloé: bid 0")
    with pytest.raises(IllegalMove):
        play(game, state, "Driss: bid 4")           # more than the cards dealt


# -- playing ------------------------------------------------------------------------------------

def test_players_must_follow_suit(game):
    state = situation(game, hands=HANDS, turned="6♠", bids=BIDS)
    play(game, state, "Alice: play K♥")
    with pytest.raises(IllegalMove, match="follow suit"):
        play(game, state, "Bruno: play 3♠")
    play(game, state, "Bruno: play 4♥")
    assert sorted(str(m) for m in state.legal_moves(2)) == ["play 7♠", "play 8♦", "play A♣"]


def test_a_trump_beats_the_suit_led_and_the_winner_leads(game):
    state = situation(game, hands=HANDS, turned="6♠", bids=BIDS)
    play(game, state, "Alice: play K♥", "Bruno: play 4♥", "Chloé: play 7♠", "Driss: play J♥")
    assert state.last_winner == 2 and state.tricks == [0, 0, 1, 0] and state.to_act() == {2}


def test_a_discard_never_wins_and_the_highest_of_the_suit_led_does(game):
    state = situation(game, hands=HANDS, turned="6♠", bids=BIDS)
    play(game, state, "Alice: play 5♦", "Bruno: play 3♠", "Chloé: play 8♦", "Driss: play 10♦")
    assert state.last_winner == 1                    # Bruno trumped the diamonds
    play(game, state, "Bruno: play Q♥", "Chloé: play A♣", "Driss: play J♥", "Alice: play K♥")
    assert state.last_winner == 0                    # the Ace of clubs is a discard


def test_with_no_trump_in_the_trick_the_highest_card_of_the_suit_led_wins(game):
    hands = {"Alice": "2♥", "Bruno": "A♠", "Chloé": "3♥", "Driss": "A♦"}
    state = situation(game, hands=hands, turned="K♣", bids={"Alice": 0, "Bruno": 0, "Chloé": 0, "Driss": 0})
    play(game, state, "Alice: play 2♥", "Bruno: play A♠", "Chloé: play 3♥", "Driss: play A♦")
    assert state.history[-1][3] == (0, 0, 1, 0)


# -- scoring and the end ------------------------------------------------------------------------

LAST = dict(hands={"Alice": "5♦", "Bruno": "3♠", "Chloé": "8♦", "Driss": "10♦"}, turned="6♠", bids=BIDS,
            tricks={"Alice": 1, "Chloé": 1}, leader="Chloé")


@pytest.mark.parametrize("trick_points, points", [(False, (11, 11, 0, 10)), (True, (11, 11, 1, 10))])
def test_a_bid_made_scores_ten_plus_the_bid(game, trick_points, points):
    state = situation(game, options={"trick_points": trick_points}, **LAST, scores={"Alice": 5})
    play(game, state, "Chloé: play 8♦", "Driss: play 10♦", "Alice: play 5♦", "Bruno: play 3♠")
    assert state.history[-1][4] == points
    assert state.score == [5 + points[0]] + list(points[1:])
    assert state.deal_no == 3 and state.dealer == 0 and len(state.hands[0]) == 4


def test_the_game_ends_after_the_last_deal_and_ties_share(game):
    given = dict(hands={"Alice": "K♣", "Bruno": "A♣", "Chloé": "2♦"}, turned="Q♦", dealer="Chloé", deal=3,
                 scores={"Alice": 25, "Bruno": 33, "Chloé": 24})
    state = situation(game, ["Alice", "Bruno", "Chloé"], {"most": 2}, **given)
    play(game, state, "Alice: bid 0", "Bruno: bid 1", "Chloé: bid 1", "Alice: play K♣", "Bruno: play A♣",
         "Chloé: play 2♦")
    assert state.is_over() and state.to_act() == frozenset() and state.legal_moves(0) == []
    assert state.winners() == [0, 2] and state.rulings["ohhell.tie"] == 1
    state.check_invariants()


# -- notation, situations, the kit and the invariants --------------------------------------------

@pytest.mark.parametrize("text", ["bid 0", "bid 13", "play Q♠", "play 10♦", "play A♣", "play 2♥"])
def test_moves_read_back_their_notation(game, text):
    assert str(game.parse_move(text)) == text


def test_letters_are_read_as_suits(game):
    assert str(game.parse_move("play QS")) == "play Q♠" and str(game.parse_move("play TD")) == "play 10♦"


@pytest.mark.parametrize("text", ["bid", "bid -1", "bid x", "play", "play 1♠", "play Q", "pass", "play Q♠ K♠"])
def test_other_words_are_no_move(game, text):
    with pytest.raises(MoveError):
        game.parse_move(text)


@pytest.mark.parametrize("given, message", [
    (dict(hands={"Alice": "A♠", "Bruno": "A♠", "Chloé": "2♥", "Driss": "3♥"}, turned="4♥"), "given twice"),
    (dict(hands={"Alice": "A♠", "Bruno": "K♠", "Chloé": "2♥", "Driss": "3♥"}), "turned up"),
    (dict(hands={"Alice": "A♠ 2♠", "Bruno": "K♠", "Chloé": "2♥", "Driss": "3♥"}, turned="4♥"), "as many cards"),
    (dict(hands={"Alice": "A♠", "Bruno": "K♠", "Chloé": "2♥", "Driss": "3♥"}, turned="4♥", bids={"Bruno": 0}),
     "in turn"),
    (dict(hands={"Alice": "A♠", "Bruno": "K♠", "Chloé": "2♥", "Driss": "3♥"}, turned="4♥",
          bids={"Alice": 0, "Bruno": 0, "Chloé": 0, "Driss": 1}), "hook"),
    (dict(hands={"Alice": "5♣", "Bruno": "2♠", "Chloé": "2♥ 3♥", "Driss": "3♦ 4♦"}, turned="4♥",
          trick={"Alice": "A♠", "Bruno": "K♥"}, bids={"Alice": 0, "Bruno": 0, "Chloé": 0, "Driss": 0}),
     "while holding"),
    (dict(deal=2, hands={"Alice": "A♠", "Bruno": "K♠", "Chloé": "2♥", "Driss": "3♥"}, turned="4♥"), "deal 2"),
    (dict(bids={"Alice": 1}), "hands too"),
])
def test_impossible_situations_are_refused(game, given, message):
    with pytest.raises(MoveError, match=message):
        situation(game, **given)


def test_the_kit_must_print_the_52_cards(tmp_path):
    shutil.copytree(PROJECT / "cardspecs", tmp_path / "cardspecs")
    deck = tmp_path / "cardspecs/ohhell/deck.csv"
    rows = deck.read_text(encoding="utf-8").splitlines()
    rows[5] = rows[4]                                # 4♠ printed twice, 5♠ missing
    deck.write_text("\n".join(rows) + "\n", encoding="utf-8")
    with pytest.raises(ErrorGroup, match="listed twice"):
        get_game("ohhell", tmp_path).deck


def test_the_invariants_see_a_lost_or_doubled_card(game):
    state = game.new_state(FOUR, {}, random.Random(5))
    state.check_invariants()
    state.stock.pop()
    with pytest.raises(InvariantError, match="missing"):
        state.check_invariants()
    state.stock.append(state.hands[0][0])
    with pytest.raises(InvariantError, match="twice"):
        state.check_invariants()


def test_careful_players_keep_the_rules_and_make_more_bids(game):
    report = play_random_games(game, games=30, seed=2, policy="careful")
    assert not report.violations
    made = {}
    for policy in ("random", "careful"):
        hits = deals = 0
        for i in range(20):
            state = game.new_state(FOUR, {}, random.Random(i))
            choose = game.POLICIES.get(policy)
            rng = random.Random(i)
            while not state.is_over():
                seat = next(iter(state.to_act()))
                moves = state.legal_moves(seat)
                state.perform(seat, choose(state, seat, rng) if choose else moves[rng.randrange(len(moves))])
            hits += sum(b == t for _, _, bids, tricks, _ in state.history for b, t in zip(bids, tricks))
            deals += 4 * len(state.history)
        made[policy] = hits / deals
    assert made["careful"] > made["random"] + 0.1
