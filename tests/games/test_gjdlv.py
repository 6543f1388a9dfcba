"""Le Grand Jeu de la Vie's engine: the printed deck, the set-up, random games in both modes
(invariants after every move), and scripted situations for each rule of the seed and each
house ruling. Expected values are worked out from the rules (the seed's numbers), not read
from the engine."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from forge.engine import playout, random_policy
from forge.engine.registry import get_game
from forge.errors import IllegalMove, MoveError

GAME = get_game("gjdlv")
ABC = ("Alice", "Bruno", "Chloé")


def _state(given: dict, players=ABC, mode="simples", **options):
    return GAME.new_state(list(players), {"mode": mode, **options, **given}, random.Random(0))


def _move(state, name: str, text: str) -> None:
    state.apply(state.seat(name), GAME.parse_move(text))


def _see(state, key: str, want=None):
    return state.observe(key, want)


# -- the deck and the set-up ------------------------------------------------------------------

def test_the_engine_plays_the_printed_deck_of_54():
    assert GAME.jokers == 2
    state = GAME.new_state(list(ABC), {}, random.Random(1))
    assert state.jokers == 2 and len(state.box) == 2 + 12          # jokers, and the faces in Simples Règles
    state.check_invariants()


@pytest.mark.parametrize("players, mode, each, mouchoir, ova", [
    (3, "simples", 6, 2, 20), (4, "simples", 5, 0, 20),            # 20 black cards A–10 ♠♣
    (3, "abondantes", 8, 2, 26), (4, "abondantes", 6, 2, 26),      # 26 with the black faces
])
def test_the_deal_gives_black_cards_equally_and_the_rest_to_the_mouchoir(players, mode, each, mouchoir, ova):
    state = GAME.new_state([f"P{i}" for i in range(players)], {"mode": mode}, random.Random(7))
    if each % 2:                                 # an odd deal: everyone first chooses their taller pile
        assert state.phase == "split" and state.to_act() == set(range(players))
        for s in range(players):
            state.apply(s, GAME.parse_move("taller left"))
    for s in range(players):
        left, right = state.piles[s]
        assert len(left) + len(right) == each and len(left) - len(right) in (0, 1)
        assert all(c < 26 for c in left + right)                    # black: male gametes
    assert len(state.mouchoir) == mouchoir
    assert len(state.ovulation) + 1 == ova and 26 <= state.ovum < 52   # one ovum turned up for the first player
    assert state.phase == "action" and state.to_act() == {0}


# -- random games -------------------------------------------------------------------------------

def _play(mode: str, games: int, rounds: int, seed: int, policy=random_policy) -> Counter:
    totals = Counter()
    for i in range(games):
        players = [f"P{k}" for k in range(3 + i % 2)]
        state = GAME.new_state(players, {"mode": mode, "rounds": rounds}, random.Random(f"{seed}:{i}"))
        playout(state, policy, check=True, max_steps=GAME.MAX_STEPS)
        assert state.is_over() and state.winners() and state.round == rounds
        assert state.scores() == state.totals and len(state.history) == rounds
        totals.update(state.rulings)
        totals["express"] += state.express
        totals["moves"] += state.steps
    return totals


@pytest.mark.parametrize("mode", ["simples", "abondantes"])
def test_a_thousand_random_games_per_mode_keep_every_card(mode):
    """A seeded slice of the soak (``python benchmarks/soak.py --game gjdlv``): 1,000 one-round games per mode, 3 and 4 players, invariants after every move (every card
    of the 54 in one place, couples one red and one black, the Formol and Nurserie matching the
    abortions and births made, totals equal to the rounds' points)."""
    totals = _play(mode, 1_000, rounds=1, seed=14)
    assert totals["express"] > 0 and totals["gjdlv.held-no-answer"] > 0 and totals["gjdlv.jokers"] == 1_000
    if mode == "abondantes":
        assert totals["gjdlv.answer-order"] > 0 and totals["gjdlv.reopen"] > 0 and totals["gjdlv.royal-gap"] > 0
    else:                      # one twin per card and no Jacks: two answers at once cannot happen
        assert totals["gjdlv.answer-order"] == 0


@pytest.mark.parametrize("mode", ["simples", "abondantes"])
def test_full_games_of_nine_rounds_end(mode):
    _play(mode, 40, rounds=9, seed=9)
    _play(mode, 40, rounds=9, seed=9, policy=GAME.POLICIES["greedy"])


def test_the_ovulation_pile_outlasts_every_full_round():
    """Each turn lays a card, so the first player to run out does before the ova do: the
    ruling for an empty Ovulation pile is never reached in a dealt game."""
    assert _play("abondantes", 400, rounds=1, seed=3)["gjdlv.ovulation-empty"] == 0


# -- genetic gaps, surrogates, abortions ------------------------------------------------------------

def test_the_three_genetic_gaps_of_the_seed():
    state = _state({"uterus": {"Alice": "4♥ 9♣", "Bruno": "10♦ A♣", "Chloé": "3♦ 3♠"}, "to_move": "Driss",
                    "ovulation": "7♥"}, players=ABC + ("Driss",))
    assert _see(state, "gaps") == {"Alice": 5, "Bruno": 9, "Chloé": 0, "Driss": "none"}


@pytest.mark.parametrize("card, legal", [("A♣", True), ("2♠", True), ("3♣", True), ("4♣", True),
                                         ("5♣", False), ("6♣", False), ("10♣", False)])
def test_a_surrogate_must_bring_the_embryo_strictly_closer(card, legal):
    state = _state({"uterus": {"Alice": "2♥ 5♠"}, "testicules": {"Bruno": f"{card} | 9♣"}, "to_move": "Bruno",
                    "ovulation": "9♦ 10♦ 8♦"})
    move = f"surrogate {card} from Alice"
    if legal:
        _move(state, "Bruno", move)
        assert _see(state, "uterus") == {"Alice": "", "Bruno": f"2♥ {card}", "Chloé": ""}
        assert "5♠" in _see(state, "mouchoir")
    else:
        with pytest.raises(IllegalMove, match="closer"):
            _move(state, "Bruno", move)


def test_an_abortion_answers_a_fertilisation_with_the_twin_card():
    state = _state({"testicules": {"Alice": "4♣ | 8♣", "Bruno": "4♠ | 9♠"}, "ovulation": "6♥ 2♦"})
    _move(state, "Alice", "fertilise 4♣")
    assert state.to_act() == {1} and _see(state, "phase") == "answer"
    _move(state, "Bruno", "abort 4♠")
    assert _see(state, "formol") == {"Alice": "", "Bruno": "6♥ 4♣ 4♠", "Chloé": ""}
    assert _see(state, "uterus")["Alice"] == "" and _see(state, "points")["Bruno"] == 3
    assert state.turn == 1 and _see(state, "diva_cup") == ""        # the ovum was fertilised: no phase 3 or 4


def test_only_the_twin_aborts_in_simples_regles():
    state = _state({"testicules": {"Alice": "4♣ | 8♣", "Bruno": "5♠ |", "Chloé": "4♠ |"},
                    "ovulation": "6♥ 2♦ 3♦"})
    _move(state, "Alice", "fertilise 4♣")
    assert state.to_act() == {2}                         # Bruno holds no answer and is not asked
    with pytest.raises(IllegalMove):
        _move(state, "Bruno", "abort 5♠")
    _move(state, "Chloé", "pass")
    assert _see(state, "uterus")["Alice"] == "6♥ 4♣"


# -- held-back ejaculations -------------------------------------------------------------------------

def test_equal_gaps_are_discarded_before_the_smallest_gap_wins():
    # ovum 6♥: Bruno 8♠ (gap 2), Chloé 4♣ (gap 2), Driss 10♣ (gap 4): the pair cancels, Driss wins
    state = _state({"testicules": {"Alice": "7♠ |"}, "uretre": {"Bruno": "8♠", "Chloé": "4♣", "Driss": "10♣"},
                    "ovulation": "6♥ 2♦"}, players=ABC + ("Driss",))
    _move(state, "Alice", "hold 7♠")
    assert _see(state, "phase") == "ejaculation" and state.to_act() == {1, 2, 3}
    for name in ("Bruno", "Chloé", "Driss"):
        _move(state, name, "ejaculate")
    assert _see(state, "uterus")["Driss"] == "6♥ 10♣"
    assert sorted(_see(state, "mouchoir").split()) == sorted(["8♠", "4♣"])


def test_a_lone_ejaculation_by_the_next_player_is_an_express_fertilisation():
    state = _state({"testicules": {"Alice": "7♠ |", "Bruno": "9♣ |"}, "uretre": {"Bruno": "3♠"},
                    "ovulation": "8♥ 2♦"})
    _move(state, "Alice", "hold 7♠")
    _move(state, "Bruno", "ejaculate")
    assert _see(state, "nursery")["Bruno"] == "8♥ 3♠" and state.express == 1   # born at once: Bruno's phase 0
    assert state.turn == 1 and _see(state, "points")["Bruno"] == 5 + 5


# -- scoring -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("newborns, points", [
    ("3♥ 3♠", 5), ("3♥ 3♠, 4♦ 4♣", 4 + 4), ("3♥ 3♠, 4♦ 4♣, 7♥ 7♠", 3 + 3 + 3),
    ("3♥ 3♠, 9♥ 2♠", 5 + (5 + 7)),
])
def test_the_inbreeding_malus(newborns, points):
    state = _state({"nursery": {"Alice": newborns}, "to_move": "Bruno", "ovulation": "10♥"})
    assert _see(state, "points")["Alice"] == points


def test_six_or_more_inbred_newborns_are_worth_nothing_and_the_ruling_is_counted():
    seven = "A♥ A♠, A♦ A♣, 2♥ 2♠, 2♦ 2♣, 3♥ 3♠, 3♦ 3♣, 4♥ 4♠"
    state = _state({"nursery": {"Alice": seven}, "to_move": "Bruno", "ovulation": "10♥", "last_round": "Bruno"},
                   rounds=1)
    assert state.is_over() and state.totals[0] == 0 and state.rulings["gjdlv.inbred-floor"] == 1


def test_the_last_round_ends_after_the_announcers_next_birth():
    # Alice lays her very last card; Bruno and Chloé play; Alice's phase 0 ends the round:
    # her embryo is born (counts), Bruno's embryo still in gestation scores nothing.
    state = _state({"testicules": {"Alice": "9♣ |", "Bruno": "2♣ | 3♣", "Chloé": "5♣ | 6♣"},
                    "ovulation": "3♥ 7♥ 8♦ 10♦"}, rounds=2)
    _move(state, "Alice", "fertilise 9♣")                 # 3♥ 9♣, gap 6; nobody holds 9♠
    assert _see(state, "last_round") == "Alice"
    _move(state, "Bruno", "fertilise 2♣")                 # 7♥ 2♣
    _move(state, "Chloé", "hold 5♣")
    assert state.round == 2 and state.history[-1] == [5 + 6, 0, 0]


# -- Règles Abondantes ---------------------------------------------------------------------------------

def test_imperial_sperm_fertilise_only_royal_ova():
    state = _state({"testicules": {"Alice": "K♠ | 5♣"}, "ovulation": "6♥"}, mode="abondantes")
    assert "fertilise K♠" not in map(str, state.legal_moves(0)) and "hold K♠" in map(str, state.legal_moves(0))
    state = _state({"testicules": {"Alice": "K♠ | 5♣"}, "ovulation": "Q♥"}, mode="abondantes")
    assert {"fertilise K♠", "fertilise 5♣"} <= set(map(str, state.legal_moves(0)))


def test_a_royal_embryo_is_taken_only_by_imperial_sperm_then_taken_again():
    state = _state({"uterus": {"Alice": "Q♦ 2♠"}, "testicules": {"Bruno": "5♠ | K♠", "Chloé": "Q♠ |"},
                    "to_move": "Bruno", "ovulation": "4♥ 6♦ 8♦ 9♦"}, mode="abondantes")
    with pytest.raises(IllegalMove):
        _move(state, "Bruno", "surrogate 5♠ from Alice")
    _move(state, "Bruno", "surrogate K♠ from Alice")
    _move(state, "Chloé", "pass")                        # Chloé's Queen could cancel it (Amour Maternel)
    assert _see(state, "uterus")["Bruno"] == "Q♦ K♠"
    _move(state, "Chloé", "surrogate Q♠ from Bruno")
    assert _see(state, "uterus") == {"Alice": "", "Bruno": "", "Chloé": "Q♦ Q♠"}


def test_a_jack_aborts_a_king_cancels_the_abortion_and_the_embryo_stays():
    state = _state({"testicules": {"Alice": "6♣ | 7♣", "Bruno": "J♣ | 2♣", "Chloé": "K♠ | 3♣"}, "ovulation": "9♥ 2♦ 3♦"},
                   mode="abondantes")
    _move(state, "Alice", "fertilise 6♣")
    _move(state, "Bruno", "abort J♣")                    # Guilde du Cintre
    assert state.to_act() == {2}
    _move(state, "Chloé", "cancel K♠")                   # Manif pour Tous
    assert _see(state, "uterus")["Alice"] == "9♥ 6♣" and _see(state, "formol")["Bruno"] == ""
    assert sorted(_see(state, "mouchoir").split()) == ["J♣", "K♠"]


def test_simultaneous_answers_go_to_the_first_in_turn_order_after_the_actor():
    state = _state({"testicules": {"Alice": "6♣ | 7♣", "Bruno": "J♣ | 2♣", "Chloé": "J♠ | 3♣"}, "ovulation": "9♥ 2♦ 3♦"},
                   mode="abondantes")
    _move(state, "Alice", "fertilise 6♣")
    _move(state, "Chloé", "abort J♠")
    _move(state, "Bruno", "abort J♣")
    assert _see(state, "formol")["Bruno"] == "9♥ 6♣ J♣" and _see(state, "hands")["Chloé"] == "J♠ 3♣"
    assert state.rulings["gjdlv.answer-order"] == 1


def test_a_queen_cancels_a_surrogate():
    state = _state({"uterus": {"Alice": "8♥ 2♠"}, "testicules": {"Bruno": "7♣ | 8♣", "Alice": "Q♣ |"},
                    "to_move": "Bruno", "ovulation": "4♥ 2♦ 3♦"}, mode="abondantes")
    _move(state, "Bruno", "surrogate 7♣ from Alice")
    _move(state, "Alice", "cancel Q♣")
    assert _see(state, "uterus")["Alice"] == "8♥ 2♠" and sorted(_see(state, "mouchoir").split()) == ["7♣", "Q♣"]


@pytest.mark.parametrize("royal, points", [("K♥", 10), ("Q♦", 0), ("J♥", 5)])
def test_royal_newborns_score_their_fixed_value(royal, points):
    state = _state({"nursery": {"Alice": f"{royal} 2♠"}, "to_move": "Bruno", "ovulation": "3♥"}, mode="abondantes")
    assert _see(state, "points")["Alice"] == points


def test_a_royal_queen_born_steals_and_a_royal_jack_born_removes():
    state = _state({"uterus": {"Alice": "Q♥ 3♠", "Chloé": "5♦ 9♣"}, "nursery": {"Bruno": "2♥ 7♣, 4♦ 10♠"},
                    "ovulation": "6♥"}, mode="abondantes")
    assert _see(state, "phase") == "power"
    _move(state, "Alice", "steal Bruno")
    assert _see(state, "nursery") == {"Alice": "Q♥ 3♠, 4♦ 10♠", "Bruno": "2♥ 7♣", "Chloé": ""}
    state = _state({"uterus": {"Alice": "J♦ 3♠", "Chloé": "5♦ 9♣"}, "ovulation": "6♥"}, mode="abondantes")
    _move(state, "Alice", "remove Chloé")
    assert _see(state, "uterus")["Chloé"] == "" and _see(state, "diva_cup") == "5♦"
    assert _see(state, "points")["Alice"] == 5 and _see(state, "formol")["Alice"] == ""


# -- what an example may not write ---------------------------------------------------------------------

@pytest.mark.parametrize("given, words", [
    ({"testicules": {"Alice": "2♠ |", "Bruno": "2♠ |"}}, "written twice"),
    ({"testicules": {"Alice": "Q♠ |"}}, "Simples Règles"),
    ({"uterus": {"Alice": "4♠ 9♣"}}, "one red card"),
    ({"testicules": {"Alice": "6♥ |"}}, "male gametes are black"),
])
def test_an_impossible_situation_is_refused(given, words):
    with pytest.raises(MoveError, match=words):
        _state({**given, "ovulation": "8♦"})


# -- the seed's slip, and the seed's names ----------------------------------------------------------

ROYAL_ABORTION = """# Test

```example {{#gjdlv-royal-abortion}}
game: gjdlv
options: {{mode: abondantes}}
given:
  testicules: {{Alice: "2♠ | 7♣", Bruno: "{answer} | 8♣"}}
  ovulation: "Q♥ 3♦ 4♦"
moves: ["Alice: fertilise 2♠", "Bruno: abort {answer}"]
expect:
  formol: {{Bruno: "Q♥ 2♠ {answer}"}}
```
"""


@pytest.mark.parametrize("answer, code", [("2♠", 2), ("2♣", 0)])
def test_forge_check_rejects_the_seeds_royal_abortion_with_2s_twice(project, answer, code):
    """The seed answers a 2♠ with a 2♠: a deck has one. Written as in the seed, the example is
    refused at its line; with the twin 2♣ it holds."""
    from tests.conftest import run_forge
    path = project / "rules_src" / "gjdlv" / "fr.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(ROYAL_ABORTION.format(answer=answer), encoding="utf-8")
    result = run_forge("check", "rules_src/gjdlv/fr.md", cwd=project)
    assert result.returncode == code, result.stdout + result.stderr
    if code:
        line = ROYAL_ABORTION.splitlines().index("given:") + 1
        assert f"rules_src/gjdlv/fr.md:{line}:" in result.stderr and "2♠ is written twice" in result.stderr
        assert "Traceback" not in result.stderr


#: the seed's examples name real public figures; their surnames, hashed (sha256 of the casefolded
#: word) so that this test does not carry them either
SEED_NAMES = {
    "302f71bf83b13cc2146a6ccd5f6f9b7ee8afb780f576c36112c0bcd967bbcee6",
    "db3ec34af56b93117713441eddbc6b8f8d89a623536a5c14006fbe25e5c8ecde",
    "b945c0ade4d4e299140c5c85eec550c9c34b6f8659e269395fd172f95adfea02",
    "557e4489db5fb3fbe2ad822a6799f9cb688cdf730f1123ed77d3cb1be264bfa9",
    "2bdd292fcaff63109b74700caf048a8f6befa94de00440be77e3ec55601fb690",
    "6ff0c2cdfa3e57c9c97f85ab3d6c9cded0a003ab7899df1993a58136ecd08395",
    "452cf8d3db5004b27e97f0cfb3c2ca74f1e0b93d004b0f4229533151949c6070",
    "d4952a11962dca30590ee3bf96d01b2e1b534a3f9fea97b547f467b68fdfe571",
    "d5ec874bab35e552238f40506b5357dc2679fa9ea221498952c8f666431c8111",
    "21ebb35ffe8a0c5a6f87a48bc84b5473306ba53f412dfd3196c7b3508c2a22f7",
}


def test_no_name_of_a_person_from_the_seed_appears_in_the_project():
    import hashlib
    import re
    import subprocess
    from tests.conftest import ROOT
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout.split()
    found = []
    for rel in files:
        try:
            text = (ROOT / rel).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        words = set(re.findall(r"[^\W\d_]+", text.casefold()))
        found += [rel for w in words if hashlib.sha256(w.encode()).hexdigest() in SEED_NAMES]
    assert len(SEED_NAMES) == 10 and not found
