"""Majority (Grégorie Grard): simultaneous votes on word associations.

A round is a series of turns. Each turn the players still in the round vote at once
for proposal A, B or C (the word they would associate with the reference word) or
for *score*. The options with the most votes win, if that is at least two; ties
all win, up to all four options (eight players in, two votes each). Score voters among the winners score one point per card in the reference
pile and leave the round; the voters of a winning proposal stay in and that
proposal joins the reference pile; everybody else is out for the round. A round
ends when no option reaches a majority (nobody scores), when score is the only
winner, or when a turn starts with two players left (both score the pile). After a
round in which someone reached 20 points, the highest total wins; ties share.

The words themselves do not change the rules, so the engine tracks how many word
cards lie in each place: the three proposal piles, the table, the reference pile
and the box (cards out of play). A word card shows one of its two words once on the
table, so the piles hold the printed kit's cards (206), read from its word lists
(``cardspecs/majority/words-<lang>.csv``, one row per card).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Mapping, Sequence

from forge.engine import IllegalMove, InvariantError, State, below

__all__ = ["MajorityState", "Vote", "Resolution", "OPTIONS", "PROPOSALS", "VOTES", "per_turn"]

OPTIONS = ("A", "B", "C", "score")
PROPOSALS = ("A", "B", "C")


@dataclass(frozen=True)
class Vote:
    option: str

    def __str__(self) -> str:
        return f"vote {self.option}"


VOTES = {o: Vote(o) for o in OPTIONS}
BALLOT = tuple(VOTES.values())


class _Seats(dict):
    """bit mask → the frozenset of its seats, each made once."""

    def __missing__(self, mask: int) -> frozenset[int]:
        seats = self[mask] = frozenset(s for s in range(mask.bit_length()) if mask >> s & 1)
        return seats


SEATS = _Seats()


@cache
def outcome(counts: tuple[int, ...]) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    """A turn's votes counted by option (in the order of OPTIONS) → the most votes an option
    has, the options that have them, and the proposals among them."""
    most = max(counts)
    winners = tuple(o for o, k in zip(OPTIONS, counts) if k == most)
    return most, winners, tuple(o for o in winners if o != "score")


@dataclass
class Resolution:
    """What one turn's votes did (kept for worked examples and tests)."""

    votes: dict[str, str]
    winners: tuple[str, ...]
    scored: dict[str, int]
    still_in: tuple[str, ...]
    round_over: bool
    reference_pile: int


class MajorityState(State):
    def __init__(self, game: "Majority", players: Sequence[str], rng: random.Random, options: Mapping):
        super().__init__(game, players, rng)
        n = len(players)
        words = int(options.get("words") or game.word_cards)
        self.target = int(options.get("target", 20))
        self.variant = bool(options.get("variant", False))
        self.total_words = words
        self.piles = [words // 3 + (1 if i < words % 3 else 0) for i in range(3)]
        self.table = 0             # proposals face up
        self.reference = 0         # cards in the reference pile
        self.box = 0               # cards out of play
        self.score = [0] * n
        self.earned = [0] * n      # sum of every scoring event, to check `score`
        self.active: set[int] = set()
        self.votes: dict[int, str] = {}
        self.waiting = 0           # the seats still to vote this turn, a bit mask
        self.rounds = 0
        self.turns = 0
        self.red = False           # variant card's red face up: least logical association
        self.over = False
        self.game_winners: list[int] = []
        self.outcomes: list[tuple] = []  # each turn's votes and what they did, by seat: see history
        if "reference_pile" in options:        # a scripted situation (worked examples)
            self._setup_situation(options)
        else:
            self._start_round()

    # -- situations for worked examples ------------------------------------------
    def _setup_situation(self, options: Mapping) -> None:
        self.rounds = 1
        self.reference = int(options["reference_pile"])
        self._take(self.reference)
        still = options.get("still_in")
        self.active = {self.seat(p) for p in still} if still else set(range(len(self.players)))
        for name, pts in (options.get("scores") or {}).items():
            self.score[self.seat(name)] = self.earned[self.seat(name)] = int(pts)
        self._start_turn()
        words = per_turn(options.get("on_table"))
        for t, votes in enumerate(per_turn(options.get("votes"))):
            for name, option in votes.items():
                self.apply(self.seat(name), self.game.parse_move(f"vote {option}"))
            won = [w for w in self.outcomes[-1][1] if w in PROPOSALS] if self.outcomes else []
            if won and t + 1 < len(words) and words[t + 1]["reference"] != words[t][won[-1]]:
                raise IllegalMove(f"turn {t + 2}'s reference is {words[t + 1]['reference']!r}, but {won[-1]} won "
                                  f"turn {t + 1}: its word {words[t][won[-1]]!r} is the new reference")

    # -- chance ----------------------------------------------------------------
    def _take(self, count: int) -> None:
        """Move ``count`` cards from the proposal piles (counts only)."""
        for _ in range(count):
            self._draw_from(self._pile_to_draw(None))

    def _pile_to_draw(self, wanted: int | None) -> int:
        if wanted is not None and self.piles[wanted]:
            return wanted
        if not any(self.piles):
            self.rule("majority.piles-empty")
            self.piles = [self.box // 3 + (1 if i < self.box % 3 else 0) for i in range(3)]
            self.box = 0
        if wanted is not None:
            self.rule("majority.pile-empty")
        return max(range(3), key=lambda i: (self.piles[i], -i))

    def _draw_from(self, pile: int) -> None:
        self.piles[pile] -= 1

    # -- rounds and turns ----------------------------------------------------------
    def _start_round(self) -> None:
        self.rounds += 1
        self.box += self.reference
        self.reference = 0
        self.active = set(range(len(self.players)))
        if self.variant:
            self.red = self.rng.random() < 0.5
        pile = below(3, self.rng)                     # the reference word's pile
        if self.piles[pile]:
            self.piles[pile] -= 1                        # the usual case: that pile holds cards
        else:
            self._draw_from(self._pile_to_draw(pile))
        self.reference = 1
        self._start_turn()

    def _start_turn(self) -> None:
        if len(self.active) == 2:
            for s in self.active:
                self._score(s, self.reference)
            self._end_round()
            return
        self.turns += 1
        piles = self.piles
        if piles[0] and piles[1] and piles[2]:          # the usual case: a card from each pile
            piles[0] -= 1
            piles[1] -= 1
            piles[2] -= 1
        else:
            for i in range(3):
                self._draw_from(self._pile_to_draw(i))
        self.table = 3
        self.votes = {}
        waiting = 0
        for s in self.active:
            waiting |= 1 << s
        self.waiting = waiting

    def _score(self, seat: int, points: int) -> None:
        self.score[seat] += points
        self.earned[seat] += points

    def _end_round(self) -> None:
        self.active = set()
        self.votes = {}
        self.waiting = 0
        top = max(self.score)
        if top >= self.target:
            self.over = True
            self.game_winners = [s for s, v in enumerate(self.score) if v == top]
        else:
            self._start_round()

    def _resolve(self) -> None:
        votes = self.votes
        cast = list(votes.values())
        most, winners, won = outcome(tuple(map(cast.count, OPTIONS)))
        pile_before = self.reference
        scored: dict[int, int] = {}
        if most < 2:
            self.box += self.table
            self.table = 0
            self.outcomes.append((votes, (), scored, (), True, self.reference))
            self._end_round()
            return
        if len(won) > 1:
            self.rule("majority.several-winners-reference")
        if "score" in winners:
            for s, o in votes.items():
                if o == "score":
                    self._score(s, pile_before)
                    scored[s] = pile_before
        self.reference += len(won)
        self.box += self.table - len(won)
        self.table = 0
        self.active = {s for s, o in votes.items() if o in won}
        if not won:
            self.outcomes.append((votes, winners, scored, (), True, self.reference))
            self._end_round()
            return
        if len(self.active) != 2:                        # the round goes on: the next turn starts
            self._start_turn()
            self.outcomes.append((votes, winners, scored, tuple(sorted(self.active)), False, self.reference))
            return
        before = list(self.score)
        self._start_turn()                               # two left: both score the pile, the round ends
        for s, (now, then) in enumerate(zip(self.score, before)):
            if now != then:
                scored[s] = scored.get(s, 0) + now - then
        self.outcomes.append((votes, winners, scored, (), True, pile_before + len(won)))

    @property
    def history(self) -> list[Resolution]:
        """What each turn's votes did, with the players' names (built when asked)."""
        return [self._resolution(t) for t in self.outcomes]

    def _resolution(self, turn: tuple) -> Resolution:
        votes, winners, scored, still, round_over, pile = turn
        names = self.players
        return Resolution({names[s]: o for s, o in votes.items()}, winners,
                          {names[s]: p for s, p in scored.items()}, tuple(names[s] for s in still), round_over, pile)

    # -- protocol ------------------------------------------------------------------
    def to_act(self) -> frozenset[int]:
        return SEATS[self.waiting]

    def legal_moves(self, seat: int) -> list[Vote]:
        return list(BALLOT) if self.waiting >> seat & 1 else []

    def perform(self, seat: int, move: Vote) -> None:
        self.votes[seat] = move.option
        self.waiting &= ~(1 << seat)
        if not self.waiting:
            self._resolve()

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        return list(self.score)

    def observe(self, key: str, want=None):
        """The value of an example's ``expect`` field after its last turn (NotImplemented if unknown)."""
        last = self._resolution(self.outcomes[-1]) if self.outcomes else None
        values = {
            "scored": lambda: dict(last.scored) if last else {},
            "winners": lambda: list(last.winners) if last else [],
            "still_in": lambda: list(last.still_in) if last else [],
            "round_over": lambda: last.round_over if last else False,
            "reference_pile": lambda: last.reference_pile if last else self.reference,
            "scores": lambda: dict(zip(self.players, self.score)),
            "rulings": lambda: sorted(self.rulings),
            "game_over": lambda: self.over,
            "winner": lambda: [self.players[s] for s in self.game_winners],
        }
        return values[key]() if key in values else NotImplemented

    def check_invariants(self) -> None:
        where = self.piles + [self.table, self.reference, self.box]
        if min(where) < 0 or sum(where) != self.total_words:
            raise InvariantError(f"word cards: piles {self.piles}, table {self.table}, reference "
                                 f"{self.reference}, box {self.box} do not add up to {self.total_words}")
        if self.score != self.earned:
            raise InvariantError(f"scores {self.score} differ from points earned {self.earned}")
        if not self.over and len(self.active) < 3 and self.active:
            raise InvariantError(f"a turn is open with {len(self.active)} players")
        if not self.active <= set(range(len(self.players))) or not set(self.votes) <= self.active:
            raise InvariantError("a vote from a player who is out of the round")


def per_turn(value) -> list:
    """A given value for one turn (a mapping) or for several (a list of them): a list."""
    return [value] if isinstance(value, Mapping) else list(value or [])
