"""The Majority engine: random games with invariants, the seed's tie cases, policies."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from forge.engine import playout
from forge.engine.registry import get_game
from forge.errors import IllegalMove

GAME = get_game("majority")
NAMES = ["Alice", "Bruno", "Chloé", "Driss", "Emma", "Farid", "Gaëlle", "Hugo", "Inès", "Jules"]


@pytest.mark.parametrize("policy", sorted(GAME.POLICIES))
def test_random_games_keep_invariants_and_end(policy):
    games = 2_000 if policy == "uniform" else 500     # a seeded slice of benchmarks/soak.py
    for seed in range(games):
        n = 3 + seed % 8
        state = GAME.new_state(NAMES[:n], {"variant": seed % 2 == 0}, random.Random(seed))
        playout(state, GAME.POLICIES[policy], check=True, max_steps=100_000)
        assert state.is_over() and max(state.scores()) >= 20
        assert state.observe("winner") == [NAMES[s] for s, v in enumerate(state.scores()) if v == max(state.scores())]


def _turn(votes, pile, **given):
    state = GAME.new_state(list(votes) if "players" not in given else given.pop("players"),
                           {"reference_pile": pile, **given}, random.Random(0))
    for name, option in votes.items():
        state.apply(state.seat(name), GAME.parse_move(f"vote {option}"))
    return state.history[-1], state


def test_seed_tie_cases():
    # three proposals tied at two votes each: all win, all stay
    res, _ = _turn(dict(zip(NAMES[:6], "AABBCC")), 2)
    assert res.winners == ("A", "B", "C") and res.reference_pile == 5 and len(res.still_in) == 6
    # A, B and score tied: score voters take the pile (4) and leave; A and B join the pile
    res, _ = _turn(dict(zip(NAMES[:6], ["A", "A", "B", "B", "score", "score"])), 4)
    assert res.scored == {"Emma": 4, "Farid": 4} and res.reference_pile == 6
    assert res.still_in == ("Alice", "Bruno", "Chloé", "Driss")
    # 4 players, C and score tied: score voters 4, then C joins and the last two score 5
    res, state = _turn(dict(zip(NAMES[:4], ["C", "C", "score", "score"])), 4)
    assert res.scored == {"Chloé": 4, "Driss": 4, "Alice": 5, "Bruno": 5} and res.round_over
    assert state.scores() == [5, 5, 4, 4]
    # one vote each: no majority, nobody scores
    res, state = _turn(dict(zip(NAMES[:3], "ABC")), 3)
    assert res.winners == () and res.round_over and state.scores() == [0, 0, 0]


def test_four_options_tied_all_win():
    """Eight players, two votes on each option: A, B and C join the pile in that order (the
    named ruling), the score voters take the pile as it was, nobody is knocked out."""
    res, state = _turn(dict(zip(NAMES[:8], ["A", "A", "B", "B", "C", "C", "score", "score"])), 3)
    assert res.winners == ("A", "B", "C", "score") and not res.round_over
    assert res.scored == {"Gaëlle": 3, "Hugo": 3} and res.reference_pile == 6
    assert res.still_in == tuple(NAMES[:6]) and state.to_act() == set(range(6))
    assert state.rulings["majority.several-winners-reference"] == 1
    state.check_invariants()


@pytest.mark.parametrize("players", [8, 9, 10])
def test_four_way_ties_come_up_at_8_to_10_players_and_resolve_by_the_votes(players):
    """A four-way tie needs exactly eight players in (two votes each): at 9 or 10 players it
    comes after a turn that knocked some out. Each one is checked against its votes."""
    ties = 0
    for seed in range(300):
        state = GAME.new_state(NAMES[:players], {}, random.Random(seed))
        playout(state, GAME.POLICIES["uniform"], check=True, max_steps=100_000)
        for res in state.history:
            if len(res.winners) < 4:
                continue
            ties += 1
            assert sorted(Counter(res.votes.values()).values()) == [2, 2, 2, 2]
            pile_before = res.reference_pile - 3
            assert res.scored == {n: pile_before for n, o in res.votes.items() if o == "score"}
            assert set(res.still_in) == {n for n, o in res.votes.items() if o != "score"}
        assert state.rulings["majority.several-winners-reference"] == sum(
            len([w for w in r.winners if w != "score"]) > 1 for r in state.history)
    assert ties > 0


def test_votes_are_simultaneous_and_once():
    state = GAME.new_state(NAMES[:4], {}, random.Random(1))
    assert state.to_act() == {0, 1, 2, 3}
    state.apply(2, GAME.parse_move("vote A"))
    assert state.to_act() == {0, 1, 3}
    with pytest.raises(IllegalMove, match="not their turn"):
        state.apply(2, GAME.parse_move("vote B"))


def test_consensus_policy_is_biased_towards_a():
    state = GAME.new_state(NAMES[:6], {}, random.Random(2))
    votes = Counter(str(GAME.POLICIES["consensus"](state, 0, random.Random(i))) for i in range(2000))
    assert votes["vote A"] > 2 * votes["vote B"] and votes["vote A"] > 2 * votes["vote C"]


def test_exhausted_piles_use_the_named_rulings():
    state = GAME.new_state(NAMES[:5], {"words": 12}, random.Random(4))
    playout(state, GAME.POLICIES["uniform"], check=True, max_steps=100_000)
    assert state.rulings["majority.piles-empty"] > 0


def test_fewer_than_three_players_is_refused():
    with pytest.raises(IllegalMove, match="3 to 10 players"):
        GAME.new_state(NAMES[:2])


def test_the_piles_hold_the_printed_word_cards():
    """The engine deals the kit's word cards (one row each in the word lists), not its words."""
    import csv
    folder = Path(__file__).resolve().parents[2] / "cardspecs" / "majority"
    with (folder / "words-fr.csv").open(encoding="utf-8") as fh:
        printed = len(list(csv.DictReader(fh)))
    assert GAME.word_cards == printed
    state = GAME.new_state(NAMES[:4], {}, random.Random(1))
    assert sum(state.piles) + state.table + state.reference + state.box == printed


def test_word_lists_of_different_lengths_are_refused_at_the_short_list(project):
    """One row fewer in the English list: exit 2, located at the English list's last row."""
    from ..conftest import run_forge
    words = project / "cardspecs" / "majority" / "words-en.csv"
    lines = words.read_text(encoding="utf-8").splitlines(keepends=True)
    words.write_text("".join(lines[:-1]), encoding="utf-8")
    result = run_forge("build", "majority", "--out", str(project / "build"), cwd=project)
    assert result.returncode == 2, result.stderr
    assert f"cardspecs/majority/words-en.csv:{len(lines) - 1}: the en word list ends here" in result.stderr
    assert "Traceback" not in result.stderr and not (project / "build").exists()


def test_the_words_on_the_table_follow_the_winning_proposal():
    """``on_table`` (what the figure shows) is checked from turn to turn: the next reference is
    the word of the proposal that won; a situation that says otherwise cannot be set up."""
    votes = [{"Alice": "A", "Bruno": "A", "Chloé": "B", "Driss": "C"}, {"Alice": "B", "Bruno": "B"}]
    first = {"reference": "train", "A": "ticket", "B": "tunnel", "C": "suitcase"}
    then = {"reference": "ticket", "A": "museum", "B": "bus", "C": "envelope"}
    GAME.new_state(list(votes[0]), {"reference_pile": 1, "votes": votes, "on_table": [first, then]})
    with pytest.raises(IllegalMove, match="'tunnel'.*A won turn 1.*'ticket'"):
        GAME.new_state(list(votes[0]), {"reference_pile": 1, "votes": votes,
                                        "on_table": [first, {**then, "reference": "tunnel"}]})
    _, steps = GAME.figure({"reference_pile": 1, "votes": votes, "on_table": [first, then]}, [])
    assert [(s.key, s.group) for s in steps if s.key == "words"] == [("words", 0), ("words", 1)]
    assert steps[0].value == first and steps[5].value == then       # each turn's words before its votes
