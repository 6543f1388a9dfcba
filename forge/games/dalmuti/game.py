"""The Great Dalmuti's declaration: players, fields, rulings, the printed deck it plays and the
figures of its worked examples (the rules themselves are in :mod:`.state`)."""
from __future__ import annotations

import random
from functools import cached_property

from forge.engine import API_VERSION, AboutRun, Field, Game

from .cards import check_deck, deck_from_kit, parse_move
from .figure import figure
from .state import DalmutiState

__all__ = ["Dalmuti"]


class Dalmuti(Game):
    name = "dalmuti"
    title = "The Great Dalmuti"
    api_version = API_VERSION
    min_players = 4
    max_players = 8
    # every player count; the variant reaches the rulings of the climbing bonus and of sessions
    ABOUT = AboutRun(games=300, seed=1995, variants=("climbing_bonus=true games=2",))   # seed: the year it came out
    RULINGS = {
        "dalmuti.lead-after-going-out":
            "When the player who made the last play of a trick has gone out, the next player still "
            "holding cards (to that player's left) leads the next trick.",
        "dalmuti.two-jesters-alone":
            "Two jesters played together without other cards are a pair of 13s, the weakest pair.",
        "dalmuti.draw-tie":
            "In the first draw for ranks, players who draw the same rank draw again among themselves.",
        "dalmuti.bonus-after-revolution":
            "With the climbing bonus, after the Greater Peon's revolution the bonus follows the "
            "reversed roles: the new Greater Dalmuti scores for the new Greater Peon's climb, the new "
            "Lesser Dalmuti for the new Lesser Peon's.",
        "dalmuti.session-tie":
            "Players tied for the most points at the end of the session share the win.",
    }

    GIVEN_FIELDS = {
        "hands": Field("cards_by_name", "each player's hand, e.g. {Alice: \"7 7 J\"}; the rest of the deck is out of play"),
        "order": Field("names", "the players by rank, Greater Dalmuti first (play goes along it)", needs=("hands",)),
        "leader": Field("name", "who leads the first trick"),
        "phase": Field("choice", "play (a trick starts) or exchange (the taxes are due)", choices=("play", "exchange")),
    }
    OPTION_FIELDS = {
        "climbing_bonus": Field("bool", "the climbing bonus variant: a point for each place climbed"),
        "games": Field("int", "games played in a row", range=(1, 100)),
    }
    EXPECT_FIELDS = {
        "hands": Field("cards_by_name", "each named player's hand"),
        "hand_sizes": Field("int_by_name", "cards in each named player's hand"),
        "table": Field("cards", "the cards on the table"),
        "table_rank": Field("int", "the rank they count as"),
        "trick_won_by": Field("name", "who won the last trick"),
        "tricks_won_by": Field("names", "who won each trick, in order"),
        "to_act": Field("names", "who may act now"),
        "order": Field("names", "the players by rank"),
        "finish_order": Field("names", "the order players went out"),
        "scores": Field("int_by_name", "points by player"),
        "revolution": Field("bool", "whether a revolution was called"),
        "rulings": Field("names", "house rulings applied"),
        "game_over": Field("bool", "whether the game is over"),
        "deck": Field("mapping", "the deck's composition: total, numbered, jesters, ranks"),
    }

    @cached_property
    def deck(self) -> list[int]:
        """Counts by rank, read from the printed kit on first use."""
        return deck_from_kit(self.kit)

    def kit_played(self):
        """The rules play the printed deck through its counts by rank."""
        return self.deck

    def check_kit(self, kit) -> list:
        """The printed deck (component ``cards``): see :func:`.cards.check_deck`."""
        return check_deck(kit, self.max_players)

    def new_state(self, players, options=None, rng=None) -> DalmutiState:
        self.check_players(players)
        return DalmutiState(self, players, rng or random.Random(0), options or {})

    def figure(self, given, moves):
        """Hands and played cards drawn as the printed cards: see :func:`.figure.figure`."""
        return figure(self, given, moves)

    def parse_move(self, text: str):
        return parse_move(text)
