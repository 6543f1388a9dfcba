"""Majority's declaration: players, fields, rulings, the printed kit it plays and the
figures of its worked examples (the rules themselves are in :mod:`.state`)."""
from __future__ import annotations

import random
from functools import cached_property

from forge.engine import API_VERSION, AboutRun, Field, Game, Kit, Location, MoveError

from . import policies
from .figure import figure, printed_fronts
from .state import PROPOSALS, VOTES, MajorityState, Vote

__all__ = ["Majority"]


class Majority(Game):
    name = "majority"
    title = "Majority"
    api_version = API_VERSION
    min_players = 3
    max_players = 10
    # the appendix: every player count; players vote together, so a move is not a turn
    ABOUT = AboutRun(games=300, seed=1991, lengths=False)
    RULINGS = {
        "majority.several-winners-reference":
            "When several proposals win together, all of them join the reference pile in the order "
            "A, B, C; the last one placed (the latest letter) is the new reference word.",
        "majority.pile-empty":
            "When a proposal pile is empty, its proposal is drawn from the largest remaining pile.",
        "majority.piles-empty":
            "When all three proposal piles are empty, the cards out of play are shuffled and dealt "
            "into three new piles.",
    }

    GIVEN_FIELDS = {
        "reference_pile": Field("int", "cards in the reference pile when the turn starts", range=(0, 1000)),
        "votes": Field("votes", "each player's vote for one turn, or a list of turns played in order"),
        "on_table": Field("text_by_key", "the words face up on each turn (shown in the figure; the rules do not "
                       "read them): the reference and the three proposals", choices=("reference",) + PROPOSALS),
        "still_in": Field("names", "the players still in the round (default: everybody)"),
        "scores": Field("int_by_name", "points before the turn", range=(0, 10_000)),
    }
    OPTION_FIELDS = {
        "target": Field("int", "the score that ends the game after its round", range=(1, 1000)),
        "variant": Field("bool", "the green/red variant card is used"),
    }
    EXPECT_FIELDS = {
        "winners": Field("texts", "the winning options of the last turn"),
        "scored": Field("int_by_name", "points scored in the last turn"),
        "still_in": Field("names", "players still in after the last turn"),
        "round_over": Field("bool", "whether the round ended"),
        "reference_pile": Field("int", "cards in the reference pile"),
        "scores": Field("int_by_name", "points by player"),
        "game_over": Field("bool", "whether the game is over"),
        "winner": Field("names", "the winners of the game"),
        "rulings": Field("names", "house rulings applied"),
    }
    POLICIES = {"uniform": policies.uniform, "consensus": policies.consensus}

    @cached_property
    def word_cards(self) -> int:
        """Word cards in the piles at the start, read from the printed kit on first use."""
        return self.kit.component("words").count(self.kit.languages[0])

    def kit_played(self):
        """The rules play the printed deck through how many word cards it has (the words
        themselves do not change the rules)."""
        return self.word_cards

    def check_kit(self, kit: Kit) -> list:
        """The word cards (component ``words``): as many cards in every language's list, and at
        least the four a turn lays out (a reference word and three proposals)."""
        comp = kit.component("words")
        if comp is None:
            return [kit.error(Location(str(kit.path), 1), "the Majority engine needs a 'words' component",
                              hint="see cardspecs/majority.yaml")]
        counts = {lang: comp.count(lang) for lang in kit.languages}
        most = max(counts.values())
        problems = []
        for lang, n in counts.items():
            rows = comp.rows_for(lang)
            if n < most:
                where = rows[-1].location if rows else comp.location
                other = next(l for l, m in counts.items() if m == most)
                problems.append(kit.error(where, f"the {lang} word list ends here with {n} cards; the {other} "
                                          f"list holds {most} (expected as many cards in every language)",
                                          hint="each row is one printed card: every language needs the same rows"))
        if not problems and most < 4:
            problems.append(kit.error(comp.location, f"{most} word cards (expected at least 4: a reference "
                                      "word and three proposals)", hint="a word list holds one row per card"))
        return problems

    def new_state(self, players, options=None, rng=None) -> MajorityState:
        self.check_players(players)
        return MajorityState(self, players, rng or random.Random(0), options or {})

    @cached_property
    def printed_words(self) -> frozenset[str]:
        """The words on the front faces of the printed word cards (the figures draw them)."""
        return printed_fronts(self.kit)

    def figure(self, given, moves):
        """Each turn's table in words and as the printed word cards, then the votes drawn as the
        players' vote cards: see :func:`.figure.figure`."""
        return figure(given, moves, self.printed_words)

    def parse_move(self, text: str) -> Vote:
        words = text.split()
        if len(words) == 2 and words[0] == "vote" and words[1] in VOTES:
            return VOTES[words[1]]
        raise MoveError(f"not a Majority move: {text[:40]!r} (expected 'vote A', 'vote B', 'vote C' or 'vote score')")
