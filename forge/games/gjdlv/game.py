"""Le Grand Jeu de la Vie's declaration: players, fields, rulings, options, the printed deck it
plays and the figures of its worked examples (the rules themselves are in :mod:`.state`)."""
from __future__ import annotations

import random
from functools import cached_property

from forge.engine import API_VERSION, AboutRun, Field, Game

from . import cards, policies
from .figure import figure
from .state import GrandJeuState

__all__ = ["GrandJeu"]

MODES = ("simples", "abondantes")


class GrandJeu(Game):
    name = "gjdlv"
    title = "Le Grand Jeu de la Vie"
    api_version = API_VERSION
    min_players = 3
    max_players = 4
    ABOUT = AboutRun(games=300, seed=2020, policy="greedy")
    POLICIES = {"greedy": policies.greedy}
    MAX_STEPS = 20_000
    RULINGS = {
        "gjdlv.answer-order":
            "When several players answer the same action at once, the answer of the player sitting "
            "first in turn order after the one who made the action is played; the others keep their "
            "cards and may answer what follows.",
        "gjdlv.reopen":
            "An abortion cancelled by Manif pour Tous reopens the fertilisation to answers: another "
            "abortion may follow.",
        "gjdlv.held-no-answer":
            "A gamete held in the Urètre can only ejaculate: it never answers a fertilisation, even "
            "when it is the twin of the card played.",
        "gjdlv.ovulation-empty":
            "When the Ovulation pile is empty at phase 1, the round ends at once: embryos still in "
            "gestation score nothing.",
        "gjdlv.no-gamete":
            "A player with no card left at phase 2 does nothing; phases 3 and 4 follow as usual.",
        "gjdlv.inbred-floor":
            "Six or more fully inbred newborns are worth 0 points each, never less.",
        "gjdlv.jokers":
            "The jokers of a 54-card deck are set aside: they play no part.",
        "gjdlv.royal-gap":
            "A Royal Ovum has no genetic gap; to compare ejaculations on one, cards count J 11, Q 12, K 13.",
        "gjdlv.shared-win":
            "Players tied for the highest total at the end of the game share the win.",
    }
    GIVEN_FIELDS = {
        "testicules": Field("cards_by_name", "each player's two piles from the top, left | right: {Alice: \"4♣ 7♠ | 9♣\"}"),
        "uterus": Field("cards_by_name", "embryos in gestation: {Bruno: \"2♥ 5♠\"}"),
        "uretre": Field("cards_by_name", "gametes held back: {Chloé: \"3♠\"}"),
        "nursery": Field("cards_by_name", "newborns, oldest first: {Alice: \"4♥ 9♣, 3♦ 3♠\"}"),
        "formol": Field("cards_by_name", "abortions, three cards each: {Alice: \"4♣ 6♥ 4♠\"}"),
        "ovulation": Field("cards", "the Ovulation pile from the top: \"6♥ 3♦\""),
        "mouchoir": Field("cards", "cards on the Mouchoir"),
        "diva_cup": Field("cards", "cards in the Diva Cup"),
        "to_move": Field("name", "whose turn begins (at phase 0)"),
        "first": Field("name", "the round's first player (default: to_move)"),
        "round": Field("int", "the round being played", range=(1, 20)),
        "totals": Field("int_by_name", "points banked in earlier rounds", range=(0, 10_000)),
        "last_round": Field("name", "who has laid their very last card"),
    }
    OPTION_FIELDS = {
        "mode": Field("choice", "Simples Règles or Règles Abondantes (face cards in play)", choices=MODES),
        "rounds": Field("int", "rounds in a game (9; 5 for a short game)", range=(1, 20)),
        "deck": Field("choice", "a 54-card deck (jokers set aside) or a 52-card one", choices=("54", "52")),
    }
    EXPECT_FIELDS = {
        "to_act": Field("names", "who may act now, in seat order"),
        "phase": Field("choice", "split (the taller piles chosen), power, action, answer, ejaculation or over",
                       choices=("split", "power", "action", "answer", "ejaculation", "over")),
        "hands": Field("cards_by_name", "the two cards in each named player's hand"),
        "testicules": Field("cards_by_name", "each named player's piles"),
        "taller": Field("word_by_name", "which Testicule of each named player holds more cards",
                        choices=("left", "right", "neither")),
        "uterus": Field("cards_by_name", "embryos in gestation"),
        "uretre": Field("cards_by_name", "gametes held back"),
        "nursery": Field("cards_by_name", "newborns"),
        "formol": Field("cards_by_name", "abortions"),
        "mouchoir": Field("cards", "cards on the Mouchoir (any order)"),
        "diva_cup": Field("cards", "cards in the Diva Cup"),
        "ovulation": Field("cards", "the Ovulation pile from the top"),
        "gaps": Field("cards_by_name", "the genetic gap of each named player's embryo"),
        "points": Field("int_by_name", "this round's points from the zones"),
        "scores": Field("int_by_name", "banked totals plus this round's points"),
        "abortions": Field("int_by_name", "abortions in each Formol"),
        "newborns": Field("int_by_name", "newborns in each Nurserie"),
        "round": Field("int", "the round"),
        "first": Field("name", "the round's first player"),
        "last_round": Field("text", "who laid their last card (or none)"),
        "express": Field("int", "express fertilisations so far"),
        "legal": Field("texts", "these moves are legal now"),
        "game_over": Field("bool", "whether the game is over"),
        "winner": Field("names", "the winners"),
        "rulings": Field("names", "house rulings applied"),
    }

    @cached_property
    def jokers(self) -> int:
        """Jokers in the printed deck, read from the kit on first use."""
        return cards.deck_from_kit(self.kit)

    def kit_played(self):
        """The rules play the printed deck through how many jokers it has (its 52 cards are
        checked to be the standard deck)."""
        return self.jokers

    def check_kit(self, kit) -> list:
        return cards.check_deck(kit)

    def new_state(self, players, options=None, rng=None) -> GrandJeuState:
        self.check_players(players)
        options = dict(options or {})
        options.setdefault("deck", "54" if self.jokers >= 2 else "52")
        options["situation"] = any(k in options for k in self.GIVEN_FIELDS)
        return GrandJeuState(self, players, rng or random.Random(0), options)

    def parse_move(self, text: str):
        return cards.parse_move(text)

    def figure(self, given, moves):
        """Each player's zones and the centre's piles drawn: see :func:`.figure.figure`."""
        return figure(given, moves)
