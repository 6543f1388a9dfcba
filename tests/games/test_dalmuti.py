"""The Dalmuti engine: played at random with invariants checked, and scripted from fixed deals."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from forge.engine import playout, random_policy
from forge.engine.registry import get_game
from forge.games.dalmuti.cards import JESTER
from forge.errors import IllegalMove, MoveError

GAME = get_game("dalmuti")
NAMES = ["Alice", "Bruno", "Chloé", "Driss", "Emma", "Farid", "Gaëlle", "Hugo"]


def test_deck_is_the_printed_one():
    # one 1, two 2s … twelve 12s, and two jesters: counted by hand, 78 + 2
    assert GAME.deck[1:13] == list(range(1, 13)) and GAME.deck[JESTER] == 2 and sum(GAME.deck) == 80


def test_random_games_keep_invariants_and_end():
    """A seeded slice of the soak (``python benchmarks/soak.py --game dalmuti`` plays 100,000),
    each move checked: the rulings asserted are reached within them (the last at seed 51;
    ``dalmuti.two-jesters-alone`` first comes at seed 957, and in the soak)."""
    rulings = Counter()
    for seed in range(300):
        n = 4 + seed % 5
        state = GAME.new_state(NAMES[:n], {"climbing_bonus": seed % 3 == 0}, random.Random(seed))
        playout(state, random_policy, check=True, max_steps=5_000)
        assert state.is_over()
        assert sorted(state.scores()) == list(range(n)) or state.bonus
        rulings += state.rulings
    assert rulings["dalmuti.lead-after-going-out"] > 0
    assert rulings["dalmuti.bonus-after-revolution"] > 0 and rulings["dalmuti.session-tie"] > 0


def test_a_match_of_several_games_reseats_by_finishing_order():
    state = GAME.new_state(NAMES[:5], {"games": 3}, random.Random(7))
    orders = []
    while not state.is_over():
        games = state.games_done
        seat = min(state.to_act())
        state.apply(seat, random_policy(state, seat, state.rng))
        if state.games_done != games:
            orders.append(list(state.last_order))
            if not state.is_over():
                assert state.order == orders[-1]
    assert len(orders) == 3
    assert sum(state.scores()) == 3 * 10


def test_deal_starts_with_the_greater_dalmuti():
    state = GAME.new_state(NAMES[:6], {}, random.Random(3))
    dealt = [sum(state.hands[s]) for s in state.order]
    if state.phase == "give-back":             # taxes moved 3 cards each way: undo them for the count
        gd, ld, lp, gp = state.order[0], state.order[1], state.order[-2], state.order[-1]
        dealt = [sum(state.hands[s]) - {gd: 2, ld: 1, lp: -1, gp: -2}.get(s, 0) for s in state.order]
    assert dealt == [14, 14, 13, 13, 13, 13]   # 80 = 6 × 13 + 2: the first two in order get one more


def test_taxes_take_the_peons_best_cards_never_jesters():
    rng = random.Random(11)
    deck = [r for r in range(1, 14) for _ in range(GAME.deck[r])]
    checked = 0
    while checked < 300:
        rng.shuffle(deck)
        order = NAMES[:5]
        hands = {n: sorted(deck[i * 16:(i + 1) * 16]) for i, n in enumerate(order)}
        if any(h.count(JESTER) == 2 for h in hands.values()):
            continue                                            # a revolution could be called
        state = _scripted({n: " ".join("J" if c == JESTER else str(c) for c in h) for n, h in hands.items()},
                          order, phase="exchange")
        gp_best = [c for c in hands["Emma"] if c != JESTER][:2]
        lp_best = [c for c in hands["Driss"] if c != JESTER][:1]
        got = {n: [r for r in range(1, 14) for _ in range(state.hands[state.seat(n)][r])] for n in order}
        assert got["Alice"] == sorted(hands["Alice"] + gp_best)
        assert got["Bruno"] == sorted(hands["Bruno"] + lp_best)
        assert got["Emma"].count(JESTER) == hands["Emma"].count(JESTER)
        assert state.to_act() == {state.seat("Alice"), state.seat("Bruno")}    # now they give back
        checked += 1


def _scripted(hands, order=None, phase="play", **options):
    return GAME.new_state(order or list(hands), {"hands": hands, "order": order or list(hands),
                                                  "phase": phase, **options}, random.Random(0))


def _do(state, *moves):
    for text in moves:
        name, _, move = text.partition(": ")
        state.apply(state.seat(name), GAME.parse_move(move))


def test_full_trick_sequence_with_jesters_and_a_revolution():
    order = ["Alice", "Bruno", "Chloé", "Driss"]
    hands = {"Alice": "3 8 8 11", "Bruno": "J J 6 10", "Chloé": "2 9 9 12", "Driss": "4 5 7 12"}
    state = _scripted(hands, order, phase="exchange")
    assert state.to_act() == {state.seat("Bruno")}            # Bruno holds both jesters
    _do(state, "Bruno: revolution")
    assert state.observe("order") == order                     # not the Greater Peon: no reversal
    assert state.observe("hands")["Driss"] == "4 5 7 12"        # and no taxes
    _do(state, "Alice: play 8 8", "Bruno: play 6 J")            # a jester joins the 6: a pair of 6s
    assert state.observe("table_rank") == 6
    with pytest.raises(IllegalMove, match="stronger rank than 6"):
        _do(state, "Chloé: play 9 9")
    _do(state, "Chloé: pass", "Driss: pass", "Alice: pass")
    assert state.observe("trick_won_by") == "Bruno"
    _do(state, "Bruno: play J")                                 # a jester alone is a 13
    assert state.observe("table_rank") == 13
    _do(state, "Chloé: play 12", "Driss: play 7", "Alice: play 3", "Bruno: pass", "Chloé: play 2")
    _do(state, "Driss: pass", "Alice: pass", "Bruno: pass")
    assert state.observe("tricks_won_by") == ["Bruno", "Chloé"]
    assert state.observe("hands") == {"Alice": "11", "Bruno": "10", "Chloé": "9 9", "Driss": "4 5 12"}
    state.check_invariants()


def test_greater_revolution_reverses_roles():
    order = ["Alice", "Bruno", "Chloé", "Driss", "Emma", "Farid"]
    hands = {n: c for n, c in zip(order, ["1 2", "3 4", "5 6", "7 8", "9 10", "J J 11"])}
    state = _scripted(hands, order, phase="exchange")
    _do(state, "Farid: revolution")
    assert state.observe("order") == ["Farid", "Emma", "Chloé", "Driss", "Bruno", "Alice"]
    assert state.observe("to_act") == ["Farid"]


def test_declining_the_revolution_pays_taxes():
    order = ["Alice", "Bruno", "Chloé", "Driss"]
    state = _scripted({"Alice": "9 10", "Bruno": "8 11", "Chloé": "J J 12", "Driss": "1 2 3"}, order,
                      phase="exchange")
    _do(state, "Chloé: no revolution")
    assert state.observe("hands")["Alice"] == "1 2 9 10"      # Driss's two best
    assert state.observe("hands")["Bruno"] == "8 11 12"       # Chloé's best non-jester


def test_the_figure_shows_taxes_where_they_are_paid():
    """Declining the revolution makes the Peons pay: the figure shows it after that move and
    before the Dalmutis give back; a revolution called shows no payment."""
    given = {"order": ["Alice", "Bruno", "Chloé", "Driss"], "phase": "exchange",
             "hands": {"Alice": "9 10", "Bruno": "8 11", "Chloé": "J J 12", "Driss": "1 2 3"}}
    _, steps = GAME.figure(given, ["Chloé: no revolution", "Alice: give 9 10", "Bruno: give 8"])
    said = [(s.key, s.who, [c.label for c in s.cards], s.value) for s in steps]
    assert said == [("move", "Chloé", [], "no revolution"),
                    ("pay", "Driss", ["1", "2"], "Alice"), ("pay", "Chloé", ["12"], "Bruno"),
                    ("give", "Alice", ["9", "10"], "give 9 10"), ("give", "Bruno", ["8"], "give 8")]
    _, steps = GAME.figure(given, ["Chloé: revolution"])
    assert [s.key for s in steps] == ["revolution"]


def test_illegal_moves_are_refused_with_a_reason():
    state = _scripted({"Alice": "5 5 9", "Bruno": "4 4 12", "Chloé": "3", "Driss": "11 11"})
    with pytest.raises(IllegalMove, match="not their turn"):
        _do(state, "Bruno: play 12")
    with pytest.raises(IllegalMove, match="leader of a trick must play"):
        _do(state, "Alice: pass")


def test_what_is_not_a_move_is_a_move_error_not_a_refusal():
    """Cards not held, a card that does not exist, a player who does not exist: the example is
    wrong, the rules did not refuse anything."""
    state = _scripted({"Alice": "5 5 9", "Bruno": "4 4 12", "Chloé": "3", "Driss": "11 11"})
    with pytest.raises(MoveError, match="does not hold 7"):
        _do(state, "Alice: play 7")
    with pytest.raises(MoveError, match="not a Dalmuti card"):
        GAME.parse_move("play 14")
    with pytest.raises(MoveError, match="no player named 'Zoé'"):
        state.seat("Zoé")


def test_the_climbing_bonus_after_a_greater_revolution_follows_the_reversed_roles():
    """Five players; Emma (Greater Peon) calls a revolution. Alice, the new Greater Peon, goes
    out first: her four places climbed go to Emma, not to Alice's old Dalmuti role."""
    order = ["Alice", "Bruno", "Chloé", "Driss", "Emma"]
    state = _scripted({"Alice": "1", "Bruno": "12", "Chloé": "11", "Driss": "10", "Emma": "J J 9"}, order,
                      phase="exchange", climbing_bonus=True)
    _do(state, "Emma: revolution", "Emma: play 9", "Driss: pass", "Chloé: pass", "Bruno: pass", "Alice: play 1",
        "Emma: pass", "Driss: pass", "Chloé: pass", "Bruno: pass")
    _do(state, "Emma: play J", "Driss: play 10", "Chloé: pass", "Bruno: pass", "Emma: pass",
        "Chloé: play 11", "Bruno: pass", "Emma: pass", "Bruno: play 12")
    assert state.observe("finish_order") == ["Alice", "Driss", "Chloé", "Bruno", "Emma"]
    # places: 4, 3, 2, 1, 0; Emma, Greater Dalmuti since the revolution, +4 for Alice's climb
    # from fifth to first; Driss, the new Lesser Dalmuti, nothing: Bruno stayed fourth
    assert state.scores() == [4, 1, 2, 3, 0 + 4]
    assert state.rulings["dalmuti.bonus-after-revolution"] == 1


def test_no_bonus_ruling_without_a_greater_revolution_or_without_the_bonus():
    order = ["Alice", "Bruno", "Chloé", "Driss"]
    hands = {"Alice": "3", "Bruno": "9 10", "Chloé": "2 6", "Driss": "J J 7 11"}
    for bonus, call in ((False, "Driss: revolution"), (True, "Driss: no revolution")):
        state = _scripted(hands, order, phase="exchange", climbing_bonus=bonus)
        _do(state, call)
        while not state.is_over():
            seat = min(state.to_act())
            state.apply(seat, random_policy(state, seat, state.rng))
        assert "dalmuti.bonus-after-revolution" not in state.rulings


def test_a_session_tie_is_one_named_ruling_counted_when_the_lead_is_shared():
    tied = 0
    for seed in range(400):
        n = 4 + seed % 5
        state = GAME.new_state(NAMES[:n], {"games": 1 + seed % 3, "climbing_bonus": seed % 2 == 0},
                               random.Random(seed))
        playout(state, random_policy, max_steps=20_000)
        scores = state.scores()
        shared = scores.count(max(scores)) > 1
        assert state.rulings["dalmuti.session-tie"] == (1 if shared else 0), seed
        assert len(state.winners()) == scores.count(max(scores))
        tied += shared
    assert tied > 0


def test_a_scripted_peon_too_short_to_pay_the_taxes_is_refused():
    """No dealt hand lacks the numbered cards its peon owes (80 cards, 8 players at most: 10
    cards a hand, 2 jesters at most): a scripted one that does cannot be set up."""
    with pytest.raises(IllegalMove, match="Emma, the Greater Peon, holds 1 numbered card.* owes 2"):
        _scripted({"Alice": "5 9", "Bruno": "3 10", "Chloé": "6", "Driss": "2 8", "Emma": "J 4"},
                  ["Alice", "Bruno", "Chloé", "Driss", "Emma"], phase="exchange")


@pytest.mark.parametrize("copies, error", [(1, "the deck holds 29 cards (expected at least 32"), (4, None)])
def test_the_kit_check_keeps_every_hand_able_to_pay_the_taxes(project, copies, error):
    """Ranks 7 to 12 printed once each: 21 + 6 + 2 jesters = 29 cards, so with 8 players a hand of
    3 could be two jesters and one numbered card: refused, located at the deck. Rank 7 printed 4
    times makes 32 cards, hands of 4: every 8-player game pays its taxes."""
    from ..conftest import run_forge
    deck = project / "cardspecs" / "dalmuti" / "deck.csv"
    rows = deck.read_text(encoding="utf-8").splitlines()
    fixed = [rows[0]]
    for row in rows[1:]:
        cells = row.split(",")
        if cells[0].isdigit() and int(cells[0]) >= 7:
            cells[4] = str(copies if cells[0] == "7" else 1)
        fixed.append(",".join(cells))
    deck.write_text("\n".join(fixed) + "\n", encoding="utf-8")
    result = run_forge("simulate", "dalmuti", "--players", "8", "--games", "300", cwd=project)
    if error:
        assert result.returncode == 2, result.stderr
        assert "cardspecs/dalmuti.yaml:" in result.stderr and error in result.stderr
        assert "Traceback" not in result.stderr
    else:
        assert result.returncode == 0, result.stderr


def test_two_jesters_alone_are_a_named_ruling():
    state = _scripted({"Alice": "J J 5", "Bruno": "12 12 4", "Chloé": "11", "Driss": "10 10"})
    _do(state, "Alice: play J J", "Bruno: play 12 12")
    assert state.rulings["dalmuti.two-jesters-alone"] == 1
