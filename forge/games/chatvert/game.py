"""Le Chat vert's declaration: players, fields, rulings, its printed deck and added rules,
its figures and its study (the rules themselves are in :mod:`.state`)."""
from __future__ import annotations

import random
import stat
from functools import cached_property
from pathlib import Path
from typing import Mapping

from forge.engine import API_VERSION, AboutRun, Field, Game, MoveError

from . import cards, policies, study
from .added_rules import Rulebook, read_rules
from .cards import COLOURS
from .figure import figure
from .state import MAX_PLAYERS, ChatVertState

__all__ = ["ChatVert"]


class ChatVert(Game):
    name = "chatvert"
    title = "Le Chat vert"
    api_version = API_VERSION
    POLICIES = {"random": policies.sensible}
    min_players = 2
    max_players = MAX_PLAYERS
    ABOUT = AboutRun(games=300, seed=1987)      # every player count, the sensible players, no added rule
    RULINGS = {
        "chatvert.cannot-play": "A player who cannot or will not play draws one card; the turn passes.",
        "chatvert.nothing-to-draw": "When the draw pile and the pile under its top card are both empty, a "
                                    "draw is skipped.",
        "chatvert.stalemate": "When every player in turn has drawn nothing, the game ends: fewest cards wins.",
        "chatvert.pair-of-skips": "Two Skips played together skip two players.",
        "chatvert.said-instead": "A phrase said instead of the one due costs one card, not two.",
        "chatvert.first-card-major": "A major turned up as the first card goes back into the draw pile.",
        "chatvert.first-card-same": "Nobody may say \"j'ai la même\" on the dealer's turned-up first card.",
        "chatvert.players": "Two to ten players (counted once per game).",
        "chatvert.majors": "The deck holds four colour changes and four +4 (counted once per game).",
        "chatvert.string-moves-on": "The player who receives a penalty with the string may answer it as usual "
                                    "(with a +2, a +4, or the string again once they hold it).",
        "chatvert.no-same-on-major": "Nobody says \"j'ai la même\" on a major (counted each time a major is laid "
                                     "while a player other than the next one holds one like it).",
        "chatvert.claims-at-once": "When a card laid can be claimed (\"j'ai la même\"), who is quickest among the "
                                   "claimants and the player in turn is drawn at random (counted once per card).",
    }
    GIVEN_FIELDS = {
        "hands": Field("cards_by_name", "each player's hand, in seat order: {Alice: \"R7 R7 B3\"}"),
        "top": Field("cards", "the card on top of the pile, e.g. \"B+2\""),
        "turned_up": Field("bool", "the top card is the dealer's turned-up first card"),
        "colour": Field("choice", "the colour to play (after a major)", choices=COLOURS),
        "to_move": Field("name", "who plays first (default: the first player)"),
        "direction": Field("int", "1: play goes in the order the hands are listed; -1: the reverse",
                           range=(-1, 1)),
        "draw_pile": Field("cards", "the next cards drawn, first drawn first (default: the rest, shuffled)"),
        "dice": Field("ints", "the die rolls, in order"),
        "tokens": Field("name_by_key", "who holds each token: {ficelle: Bruno}"),
        "forgets_draw": Field("names", "players who forget the draws added rules ask of them (a penalty card "
                                       "each time)"),
    }
    OPTION_FIELDS = {
        "rules": Field("names", "the added rules in force (ids of rules_src/chatvert/rules.yaml)"),
        "forget": Field("fraction", "how often a simulated player forgets a phrase that is due, or a draw an "
                                    "added rule asks of them"),
        "blurt": Field("fraction", "how often a simulated player says a phrase no rule asks for"),
    }
    EXPECT_FIELDS = {
        "hands": Field("cards_by_name", "each named player's hand"),
        "hand_sizes": Field("int_by_name", "cards in each named player's hand"),
        "top": Field("cards", "the card on top of the pile"),
        "colour": Field("choice", "the colour to play", choices=COLOURS),
        "to_act": Field("name", "who plays next"),
        "direction": Field("int", "1 or -1", range=(-1, 1)),
        "penalty": Field("int", "cards the pending +2/+4 penalty makes its target draw"),
        "penalties": Field("texts_by_name", "each named player's penalty cards, by reason ([none]: no penalty "
                                            "card)"),
        "drew": Field("int_by_name", "cards each named player drew"),
        "winner": Field("names", "the winners"),
        "game_over": Field("bool", "whether the game is over"),
        "tokens": Field("name_by_key", "who holds each token"),
        "rulings": Field("int_by_key", "house rulings applied, with how often"),
        "legal": Field("texts", "these moves are legal now"),
        "triggered": Field("int_by_key", "added rules applied, with how often"),
    }

    @cached_property
    def deck(self) -> tuple[list[int], int]:
        """(copies of each card code, blank cards), read from the printed kit on first use."""
        return cards.deck_from_kit(self.kit)

    def kit_played(self):
        """The rules play the printed deck through its counts by card and its blank cards."""
        return self.deck

    @cached_property
    def deck_order(self) -> tuple[int, ...]:
        """Every card of the printed deck by code, in code order: what a deal shuffles."""
        return tuple(c for c, k in enumerate(self.deck[0]) for _ in range(k))

    MAX_STEPS = 20_000

    def check_kit(self, kit) -> list:
        return cards.check_deck(kit)

    @cached_property
    def rules_file(self) -> Path:
        """``rules.yaml`` in the game's rules folder: the added rules."""
        return self.rules_folder / "rules.yaml"

    def rulebook(self) -> Rulebook:
        """The project's added rules (:attr:`rules_file`), read once per change of the file."""
        path = self.rules_file
        try:
            found = path.stat()                      # once a game: a single system call
            stamp = found.st_mtime_ns if stat.S_ISREG(found.st_mode) else None
        except OSError:
            stamp = None
        if getattr(self, "_book", (None, None))[0] != stamp or stamp is None:
            self._book = (stamp, read_rules(path))
        return self._book[1]

    def check_options(self, options: Mapping, book: Rulebook | None = None) -> list[str]:
        known = (book or self.rulebook()).rules
        return [f"no added rule {r[:30]!r} (expected one of: {', '.join(known)})"
                for r in options.get("rules") or () if r not in known]

    def check_source(self, folder: Path) -> list:
        """The rules file beside the editions is read (a bad word is an error at its line) and
        each rule is simulated alone and with the others (:func:`.study.soundness`)."""
        if not (folder / "rules.yaml").is_file():
            return []
        read_rules(folder / "rules.yaml")
        return study.soundness(self)

    def study(self, players, games, seed, options, match=None, all_pairs=False) -> dict:
        return study.study(self, players, games, seed, options, match, all_pairs)

    def new_state(self, players, options=None, rng=None) -> ChatVertState:
        self.check_players(players)
        options, book = dict(options or {}), self.rulebook()
        unknown = self.check_options(options, book)
        if unknown:
            raise MoveError(unknown[0])
        return ChatVertState(self, players, rng or random.Random(0), options, book)

    def parse_move(self, text: str):
        return cards.parse_move(text)

    def figure(self, given, moves):
        """The hands and the top card drawn: see :func:`.figure.figure`."""
        return figure(given, moves)
