"""Le Grand Jeu de la Vie, issue 25: the choices the original rules leave to the players (the
taller Testicule of an odd deal), the end-of-game tie as a counted house ruling, the seed's
"King against King", and the rulebooks speaking to players (French words marked in the English
edition, no tool talk)."""
from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from forge.engine import playout, random_policy
from forge.engine.registry import get_game

GAME = get_game("gjdlv")
FOUR = ["Alice", "Bruno", "Chloé", "Driss"]
RULES = Path(__file__).resolve().parents[2] / "rules_src" / "gjdlv"


def _move(state, name: str, text: str) -> None:
    state.apply(state.seat(name), GAME.parse_move(text))


# -- the taller Testicule: the player's choice (the original rules) ---------------------------------

def test_an_odd_deal_lets_every_player_choose_the_taller_pile_at_once():
    """Four players in Simples Règles get 5 black cards each: before the first turn, each one
    chooses which pile takes the odd card (3 cards against 2), all at the same time."""
    state = GAME.new_state(FOUR, {"mode": "simples"}, random.Random(3))
    assert state.phase == "split" and state.to_act() == {0, 1, 2, 3}
    dealt = [sorted(state.piles[s][0] + state.piles[s][1]) for s in range(4)]
    for s in range(4):
        assert [str(m) for m in state.legal_moves(s)] == ["taller left", "taller right"]
    for name, side in zip(FOUR, ("right", "left", "right", "left")):
        _move(state, name, f"taller {side}")
    assert [tuple(map(len, state.piles[s])) for s in range(4)] == [(2, 3), (3, 2), (2, 3), (3, 2)]
    assert [sorted(state.piles[s][0] + state.piles[s][1]) for s in range(4)] == dealt   # the same cards
    assert state.observe("taller") == {"Alice": "right", "Bruno": "left", "Chloé": "right", "Driss": "left"}
    assert state.phase == "action" and state.to_act() == {0}
    state.check_invariants()


@pytest.mark.parametrize("players, mode", [(3, "simples"), (3, "abondantes"), (4, "abondantes")])
def test_an_even_deal_asks_nobody(players, mode):
    state = GAME.new_state(FOUR[:players], {"mode": mode}, random.Random(3))
    assert state.phase == "action" and state.to_act() == {0}


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_both_policies_choose_either_pile_from_the_games_stream(policy):
    choose = random_policy if policy == "random" else GAME.POLICIES["greedy"]
    sides = Counter()
    for i in range(60):
        state = GAME.new_state(FOUR, {"mode": "simples", "rounds": 1}, random.Random(f"split:{i}"))
        for s in sorted(state.to_act()):
            move = choose(state, s, state.rng)
            sides[str(move)] += 1
            state.apply(s, move)
        playout(state, choose, check=True, max_steps=GAME.MAX_STEPS)
    assert sides["taller left"] > 60 and sides["taller right"] > 60


def test_a_new_round_of_an_odd_deal_asks_again():
    state = GAME.new_state(FOUR, {"to_move": "Driss", "first": "Alice", "last_round": "Driss"}, random.Random(0))
    assert state.round == 2 and state.phase == "split" and state.to_act() == {0, 1, 2, 3}


# -- a tie at the end: a named, counted house ruling ---------------------------------------------

def _last_turn(totals: dict) -> object:
    return GAME.new_state(FOUR[:3], {"to_move": "Bruno", "round": 9, "last_round": "Bruno", "totals": totals,
                                     "uterus": {"Bruno": "8♦ 2♣"}, "nursery": {"Alice": "3♥ 7♠"}},
                          random.Random(0))


def test_tied_totals_share_the_win_and_the_ruling_is_counted_once():
    state = _last_turn({"Alice": 41, "Bruno": 39, "Chloé": 44})         # 50, 50, 44
    assert state.is_over() and state.scores() == [50, 50, 44]
    assert state.winners() == [0, 1] and state.rulings["gjdlv.shared-win"] == 1


def test_a_single_highest_total_is_no_tie():
    state = _last_turn({"Alice": 41, "Bruno": 38, "Chloé": 44})         # 50, 49, 44
    assert state.is_over() and state.winners() == [0] and "gjdlv.shared-win" not in state.rulings


def test_a_tie_below_the_top_is_no_shared_win():
    state = _last_turn({"Alice": 45, "Bruno": 39, "Chloé": 50})         # 54, 50, 50
    assert state.winners() == [0] and "gjdlv.shared-win" not in state.rulings


# -- King against King (the seed's example) ---------------------------------------------------------

def test_king_against_king_the_twin_king_aborts_and_no_king_is_left_to_cancel():
    state = GAME.new_state(FOUR[:3], {"mode": "abondantes", "to_move": "Alice", "ovulation": "K♦ 4♥",
                                      "testicules": {"Alice": "K♠ 6♣ | 9♠", "Bruno": "K♣ 3♣ | 7♣",
                                                     "Chloé": "5♠ | 10♣"}}, random.Random(0))
    _move(state, "Alice", "fertilise K♠")
    assert state.to_act() == {1} and "abort K♣" in map(str, state.legal_moves(1))
    _move(state, "Bruno", "abort K♣")
    assert state.observe("formol")["Bruno"] == "K♦ K♠ K♣" and state.observe("uterus")["Alice"] == ""
    assert state.phase == "action" and state.to_act() == {1}


# -- the rulebooks speak to players ------------------------------------------------------------------

FRENCH = ("Testicules", "Utérus", "Urètre", "Nurserie", "Formol", "Mouchoir", "Ovulation", "Simples Règles",
          "Règles Abondantes", "Ovules Royaux", "Spermatozoïdes Impériaux", "Guilde du Cintre",
          "Manif pour Tous", "Amour Maternel", "Consanguin", "mère porteuse", "écart génétique")


def _prose(text: str) -> str:
    """The running text of an edition: without its front matter, code fences and headings (whose
    text the table of contents shows as written)."""
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.DOTALL)
    text = re.sub(r"^```.*?^```", "", text, flags=re.DOTALL | re.MULTILINE)
    return "\n".join(line for line in text.split("\n") if not line.startswith("#"))


def test_the_english_edition_marks_every_french_game_word():
    prose = _prose((RULES / "en.md").read_text(encoding="utf-8"))
    prose = re.sub(r'<span lang="fr">.*?</span>', "", prose, flags=re.DOTALL)
    prose = re.sub(r"\*+[^*]+?\*+\{lang=fr\}", "", prose)
    words = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in FRENCH)
    left = [m.group() for m in re.finditer(rf"(?<!\w)({words})", prose)]
    assert not left, left


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_running_prose_refers_to_rulings_by_link_not_by_id(lang):
    prose = _prose((RULES / f"{lang}.md").read_text(encoding="utf-8"))
    ids = [line for line in prose.split("\n") if "`gjdlv." in line and not line.startswith("- `gjdlv.")]
    assert not ids, ids
    assert not re.search(r"(see|voir) \*(House rulings|Règles maison)\*", prose)
    links = re.findall(r"\]\(#(gjdlv\.[a-z-]+)\)", prose)
    assert len(links) >= 5 and set(links) <= set(GAME.RULINGS)
