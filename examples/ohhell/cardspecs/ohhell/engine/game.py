"""Oh Hell's declaration: players, options, fields, rulings, the printed deck it plays and the
figures of its worked examples (the rules themselves are in :mod:`.state`)."""
from __future__ import annotations

import random
from functools import cached_property

from forge.engine import API_VERSION, AboutRun, Field, Game

from .cards import check_deck, deck_from_kit, parse_move
from .figure import figure
from .policies import POLICIES
from .state import OhHellState

__all__ = ["OhHell"]


class OhHell(Game):
    name = "ohhell"
    title = "Oh Hell"
    api_version = API_VERSION
    min_players = 3
    max_players = 7
    ABOUT = AboutRun(players=(3, 4, 5), games=200, seed=52, policy="careful")
    POLICIES = POLICIES
    RULINGS = {
        "ohhell.first-dealer":
            "The players cut the deck before the first deal: whoever cuts the lowest card deals "
            "(aces high, suits do not count); players tied for the lowest cut again.",
        "ohhell.no-trump":
            "When the whole deck is dealt and no card is left to turn up, the deal is played without trumps.",
        "ohhell.lead-trump":
            "Trumps may be led at any time, even before a trump has been played in the deal.",
        "ohhell.tie":
            "Players tied for the highest total at the end of the game share the win.",
    }
    GIVEN_FIELDS = {
        "hands": Field("cards_by_name", "each player's hand, in seat order (play goes left, down the list)"),
        "dealer": Field("name", "who deals (default: the last player named when hands are given, else a cut)"),
        "turned": Field("cards", "the card turned up for trumps"),
        "bids": Field("int_by_name", "the bids made so far, from the dealer's left"),
        "trick": Field("cards_by_name", "the cards on the table, in the order played"),
        "tricks": Field("int_by_name", "the tricks each player has taken in this deal"),
        "leader": Field("name", "who leads the trick (default: the player left of the dealer)"),
        "scores": Field("int_by_name", "the totals before this deal", range=(0, 10_000)),
        "deal": Field("int", "which deal of the game it is (1: the first)", range=(1, 40)),
    }
    OPTION_FIELDS = {
        "hook": Field("bool", "the dealer may not make the bids add up to the tricks (default true)"),
        "trick_points": Field("bool", "a missed bid scores 1 point per trick taken (default: nothing)"),
        "schedule": Field("choice", "up-down: 1 card up to the most, then back down to 1 (default); "
                          "down: the most down to 1", choices=("up-down", "down")),
        "most": Field("int", "the most cards dealt to each player (default, and at most: as many as the "
                      "deck allows)", range=(1, 17)),
    }
    EXPECT_FIELDS = {
        "hands": Field("cards_by_name", "each named player's hand (in any order)"),
        "hand_sizes": Field("int_by_name", "cards in each named player's hand"),
        "turned": Field("cards", "the card turned up (\"\": none)"),
        "trump": Field("text", "the trump suit, ♠ ♥ ♦ ♣, or none"),
        "stock": Field("int", "the cards left under the turned card"),
        "dealer": Field("name", "who deals the current deal"),
        "deal": Field("int", "the current deal's number (1: the first)"),
        "deal_size": Field("int", "the cards dealt to each player in the current deal"),
        "schedule": Field("ints", "the cards dealt to each player in every deal of the game"),
        "bids": Field("int_by_name", "the bids made in the current deal"),
        "to_act": Field("names", "who is to bid or play"),
        "legal": Field("texts", "every move the player to act may make (in any order)"),
        "trick": Field("cards_by_name", "the cards on the table"),
        "trick_won_by": Field("name", "who won the last trick"),
        "tricks": Field("int_by_name", "tricks taken in the current deal"),
        "points": Field("int_by_name", "points scored in the last deal played out"),
        "made": Field("names", "who made their bid exactly in the last deal played out"),
        "scores": Field("int_by_name", "the totals"),
        "game_over": Field("bool", "whether the game is over"),
        "winner": Field("names", "who won the game"),
        "rulings": Field("names", "house rulings applied"),
    }

    @cached_property
    def deck(self) -> tuple[int, ...]:
        """The 52 printed cards, read from the kit on first use."""
        return deck_from_kit(self.kit)

    def check_kit(self, kit) -> list:
        """The printed deck (component ``cards``): see :func:`.cards.check_deck`."""
        return check_deck(kit, self.title)

    def new_state(self, players, options=None, rng=None) -> OhHellState:
        self.check_players(players)
        return OhHellState(self, players, rng or random.Random(0), options or {})

    def parse_move(self, text: str):
        return parse_move(text)

    def figure(self, given, moves):
        """Hands, the turned card and the trick drawn as the printed cards: see :mod:`.figure`."""
        return figure(given, moves)
