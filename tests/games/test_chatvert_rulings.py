"""Le Chat vert against its original rules (issue 25): "j'ai la même" on one's own card, never on
a major, claims settled in a drawn order; a turned-up first card is never a major; a draw an
added rule asks for can be forgotten; and forge check refuses added rules that stall every game
or that change a base rule another added rule already changes."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from forge.engine import playout
from forge.engine.registry import get_game
from forge.errors import IllegalMove
from forge.games.chatvert.study import play_many
from tests.conftest import run_forge
from tests.games.test_chatvert import project_with

GAME = get_game("chatvert")
ROOT = Path(__file__).resolve().parents[2]


def situation(hands, top, **given):
    return GAME.new_state(list(hands), {"hands": hands, "top": top, **given}, random.Random(0))


def move(state, name, text):
    state.apply(state.seat(name), GAME.parse_move(text))


def test_the_player_who_laid_a_card_may_say_same_with_its_twin():
    """The original lets any holder of an identical card say "j'ai la même", its player too."""
    s = situation({"A": "R7 R7 G1", "B": "G2 Y5", "C": "G7 G8", "D": "Y1 Y2"}, "R3")
    move(s, "A", "play R7")
    assert s.to_act() == {0, 1}                        # Alice again, beside Bruno in turn
    move(s, "A", "same R7, say chat-vert")             # one card left
    assert s.turn == 1 and s.sizes[0] == 1 and s.pile[-2:] == [20, 20]


def test_nobody_says_same_on_a_major_a_counted_ruling():
    s = situation({"A": "+4 G1", "B": "G2 Y5", "C": "+4 Y1"}, "R3")
    move(s, "A", "play +4 red")
    assert s.to_act() == {1} and s.rulings["chatvert.no-same-on-major"] == 1
    with pytest.raises(IllegalMove):
        move(s, "C", "same +4")
    s = situation({"A": "W G1", "B": "G2 Y5", "C": "R1 Y1"}, "R3")
    move(s, "A", "play W red")                          # nobody holds another colour change
    assert not s.rulings["chatvert.no-same-on-major"]


def _first_to_move(games: int, players: int) -> tuple[int, int]:
    """In dealt games, at each moment several players may move (a claim and the player in
    turn): (such moments, moments at which the lowest seat among them moves first)."""
    moments = lowest = 0
    for i in range(games):
        state = GAME.new_state([f"P{k}" for k in range(players)], {}, random.Random(f"race:{i}"))
        while not state.is_over():
            top, turn = state.pile[-1], state.turn
            claimants = [s for s in range(players) if top in state.hands[s] and s != turn
                         and not state.no_same >> s & 1] if top < 52 else []
            acting = state.to_act()
            assert len(acting) == 1                    # a dealt game asks one player at a time
            if claimants:
                moments += 1
                lowest += min(acting) == min(claimants + [turn])
            seat = next(iter(acting))
            state.perform(seat, GAME.POLICIES["random"](state, seat, state.rng))
    return moments, lowest


def test_who_moves_first_at_a_claim_is_drawn_not_the_lowest_seat():
    moments, lowest = _first_to_move(60, 6)
    assert moments > 200
    assert 0.3 < lowest / moments < 0.8                # by seat order it would be 1.0


def test_seats_win_alike_at_ten_players():
    """Settled by seat order, seat 1 won 12.5 % of 20,000 games at 10 players and seat 10
    7.3 %; drawn, every seat wins 9.5–10.4 % (forge simulate chatvert --players 10 --games
    20000 --seed 1). Here a seeded slice: 3,000 games."""
    wins = [0] * 10
    for i in range(3000):
        state = GAME.new_state([f"P{k}" for k in range(10)], {}, random.Random(f"1:{i}"))
        playout(state, GAME.POLICIES["random"], max_steps=GAME.MAX_STEPS)
        for s in state.winners():
            wins[s] += 1 / len(state.winners())
    rates = [w / 3000 for w in wins]
    assert max(rates) - min(rates) < 0.035 and rates[0] - rates[9] < 0.02, rates


def test_a_turned_up_first_card_is_never_a_major(tmp_path):
    """An example whose given turns up a major is an error at its given line."""
    project = project_with(tmp_path)
    (project / "rules_src/chatvert/fr.md").write_text(
        "# Le Chat vert\n\nUn atout retourné.\n\n```example {#chatvert-turned-up-major}\ngame: chatvert\n"
        "given:\n  hands: {Alice: \"R1 G2\", Bruno: \"Y3 B4\"}\n  top: \"+4\"\n  colour: red\n  turned_up: true\n"
        "moves: [\"Alice: play R1\"]\nexpect:\n  to_act: Bruno\n```\n", encoding="utf-8")
    result = run_forge("check", "rules_src/chatvert/fr.md", cwd=project)
    assert result.returncode != 0, result.stdout + result.stderr
    assert "rules_src/chatvert/fr.md:7: example chatvert-turned-up-major: the situation cannot be set up: " \
           "the dealer's turned-up first card is a coloured card, never a major" in result.stderr, result.stderr


def test_a_draw_an_added_rule_asks_for_can_be_forgotten():
    s = situation({"A": "R1 B2", "B": "G6 Y3 Y4", "C": "R7 B6 Y0"}, "G9", to_move="B", dice=[5],
                  forgets_draw=["A"], draw_pile="Y1 Y2", rules=["de"])
    move(s, "B", "play G6")                            # 5: the previous player (A) draws, and forgets
    assert s.penalised[0] == ["de"] and s.drew[0] == 2
    assert penalties_of(("de",), forget=0.3)["de"] > 0          # simulated players forget draws too
    assert not penalties_of(("de",), forget=0.0)["de"]


def penalties_of(rules, forget):
    """Penalty cards by reason over seeded dealt games with ``rules`` in force."""
    return play_many(GAME, rules, 4, 100, 3, forget=forget).penalties


STALLING = """
  trois:
    title: {fr: "Trois", en: "Three"}
    text: {fr: "Qui pose un chiffre fait piocher trois cartes aux autres.", en: "Whoever plays a number makes the others draw three cards."}
    when: {play: {kind: number}}
    do: [{draw: {who: others, cards: 3}}]
"""
SECOND_PHRASE = """
  lion:
    title: {fr: "Le lion", en: "The lion"}
    text: {fr: "À une carte, on dit « Lion bleu ».", en: "With one card left, say “Blue lion”."}
    phrases: {lion: {fr: "Lion bleu", en: "Blue lion"}}
    change: {last-card-phrase: lion}
"""


def _line(path: Path, text: str, after: int = 0) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if text in line and i > after)


def test_a_rule_that_stalls_every_game_breaks_it(tmp_path):
    """Games that end only in a stalemate (nothing to draw, nobody able to play) do not end."""
    project = project_with(tmp_path, STALLING)
    result = run_forge("check", "rules_src", cwd=project)
    assert result.returncode == 1, result.stdout + result.stderr
    line = _line(project / "rules_src/chatvert/rules.yaml", "trois:")
    assert f"rules_src/chatvert/rules.yaml:{line}: rule 'trois' stops games from ending: of 5 simulated games, " \
           "5 ended in a stalemate" in result.stderr, result.stderr


def test_two_rules_changing_the_same_base_rule_is_a_located_error(tmp_path):
    project = project_with(tmp_path, SECOND_PHRASE)
    result = run_forge("check", "rules_src", cwd=project)
    assert result.returncode == 2, result.stdout + result.stderr
    rules = project / "rules_src/chatvert/rules.yaml"
    first, second = _line(rules, "last-card-phrase: chien-rouge"), _line(rules, "last-card-phrase: lion")
    assert f"rules_src/chatvert/rules.yaml:{second}: rule 'lion' changes the phrase said at one card, which rule " \
           f"'chien-rouge' already changes (line {first})" in result.stderr, result.stderr
    assert "hint: merge the two rules into one" in result.stderr and "Traceback" not in result.stderr
