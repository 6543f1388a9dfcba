"""Familienbande's declaration: players, fields, rulings, the printed portraits it plays and
the figures of its worked examples (the rules themselves are in :mod:`.state`)."""
from __future__ import annotations

import random
from functools import cached_property

from forge.engine import API_VERSION, AboutRun, Field, Game

from . import policies
from .cards import TRAITS, Moves, check_deck, deck_from_kit, parse_move
from .figure import figure
from .state import FamilienbandeState

__all__ = ["Familienbande"]


class Familienbande(Game):
    name = "familienbande"
    title = "Familienbande"
    api_version = API_VERSION
    min_players = 2
    max_players = 4
    ABOUT = AboutRun(games=300, seed=2004, policy="greedy")
    RULINGS = {
        "familienbande.empty-pile-marry":
            "When the draw pile is empty, a marriage is still allowed; the player draws nothing.",
        "familienbande.empty-pile-pass":
            "When the draw pile is empty, a player may still pass; they draw nothing.",
        "familienbande.stalemate":
            "When the draw pile is empty and every player passes in turn, one after the other, the "
            "game ends at once, as if generation 5 were complete: hands are counted as usual.",
        "familienbande.born-turned-down":
            "A child born into a generation that is already turned down is turned down at once, like "
            "the rest of its generation: it scores as usual, but it can never marry.",
        "familienbande.tie":
            "Players tied for the highest total: the one with fewer cards left in hand wins; still "
            "tied, they share the win.",
    }
    GIVEN_FIELDS = {
        "table": Field("rows", "the table by generation: {1: [\"4+17\", \"9\"], 2: [\"33 of 4+17\"]}"),
        "hands": Field("cards_by_name", "each player's hand, card numbers: {Alice: \"12 30 41\"}"),
        "traits": Field("word_by_name", "each player's secret trait: {Alice: nose}", choices=TRAITS),
        "markers": Field("int_by_key", "marker positions before the moves: {nose: 12}", range=(0, 10_000),
                         choices=TRAITS),
        "draw_pile": Field("int", "cards in the draw pile (default: every card not placed)", range=(0, 70)),
        "to_move": Field("name", "who moves first (default: the first player)"),
    }
    OPTION_FIELDS: dict = {}
    POLICIES = {"random": policies.uniform, "greedy": policies.greedy}   # random: the engine's draw, faster
    EXPECT_FIELDS = {
        "markers": Field("int_by_key", "marker positions by trait", choices=TRAITS),
        "scores": Field("int_by_name", "each player's total (final totals once the game is over)"),
        "penalties": Field("int_by_name", "what each player's hand costs"),
        "hands": Field("cards_by_name", "each named player's hand"),
        "hand_sizes": Field("int_by_name", "cards in each named player's hand"),
        "legal": Field("texts", "these moves are legal now"),
        "generations": Field("mapping", "each generation's state: open, full or turned down"),
        "generation_sizes": Field("mapping", "cards per generation"),
        "table": Field("rows", "the table, as given writes it"),
        "draw_pile": Field("int", "cards left in the draw pile"),
        "to_act": Field("name", "who moves now"),
        "game_over": Field("bool", "whether the game is over"),
        "winner": Field("names", "the winners"),
        "rulings": Field("names", "house rulings applied"),
    }

    @cached_property
    def deck(self) -> dict[int, tuple[str, tuple[int, ...]]]:
        """card → (gender, symbol count per trait), read from the printed kit on first use."""
        return deck_from_kit(self.kit)

    def kit_played(self):
        """The rules play the printed deck through each portrait's gender and traits."""
        return self.deck

    @cached_property
    def moves(self) -> Moves:
        """Every move of the deck, built once and shared by its games."""
        return Moves(self.deck)

    def check_kit(self, kit) -> list:
        """The printed portraits: see :func:`.cards.check_deck`."""
        return check_deck(kit, self.max_players)

    def new_state(self, players, options=None, rng=None) -> FamilienbandeState:
        self.check_players(players)
        return FamilienbandeState(self, players, rng or random.Random(0), options or {})

    def parse_move(self, text: str):
        return parse_move(text)

    def figure(self, given, moves):
        """The table drawn row by row, hands and moves with their cards: see :func:`.figure.figure`."""
        return figure(self, given, moves)
