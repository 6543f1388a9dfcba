"""Familienbande (Leo Colovini, 2004): marry portraits, place their children, push the traits
of your secret family up the score track.

70 portrait cards, each a man or a woman with three trait symbols (ears, glasses, nose, lips,
lock of hair; repeats allowed), read from the printed kit (``cardspecs/familienbande/
portraits.csv``, through the spec loader). Each player holds a secret trait; three cards face
up are generation 1; five cards per hand. A turn is one of

- ``marry C on T``: hand card C onto a single face-up table card T of the other gender, in a
  generation that may still marry (not turned down, not generation 5); draw one;
- ``child C of A+B``: hand card C into generation g + 1, child of the couple A+B of generation
  g; C's three symbols must be found among the couple's six, counting repeats; no draw; each
  of C's symbols moves its trait's marker g + 1 spaces;
- ``pass``: draw one.

Generation g ≥ 2 holds at most g + 2 children (4, 5, 6, 7). When a generation is full, the one
above it is turned down (singles too): it can neither marry nor have children. The game ends
when the 7th child of generation 5 is placed; each player then loses 1 + 2 + … + n for the n
cards in hand from their trait's marker; the highest total wins.

House rulings (the rulebook's wording in ``RULINGS``) cover an empty draw pile, a game that can
no longer end (a whole round of passes with nothing to draw) and ties.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from typing import Mapping, Sequence
from forge.engine import API_VERSION, AboutRun, Field, Game, InvariantError, MoveError, SpecError, State


__all__ = ["Familienbande", "FamilienbandeState", "Marry", "Child", "Pass", "TRAITS", "POLICIES", "capacity"]

TRAITS = ("ears", "glasses", "nose", "lips", "lock")
LAST = 5                       # generation 5 never marries; its 7th child ends the game
HAND = 5
FOUNDERS = 3


def capacity(gen: int) -> int:
    """Cards generation ``gen`` holds at most: 3 founders, then g + 2 children."""
    return FOUNDERS if gen == 1 else gen + 2


@dataclass(frozen=True)
class Marry:
    card: int
    onto: int

    def __str__(self) -> str:
        return f"marry {self.card} on {self.onto}"


@dataclass(frozen=True)
class Child:
    card: int
    a: int                     # the couple, lower card number first
    b: int

    def __str__(self) -> str:
        return f"child {self.card} of {self.a}+{self.b}"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


PASS = Pass()


def _card(token: str) -> int:
    if not (token.isascii() and token.isdigit() and len(token) <= 4):
        raise MoveError(f"not a portrait number: {token[:12]!r} (expected the card's number, e.g. 17)")
    return int(token)


def parse_couple(text: str) -> tuple[int, int]:
    """``"4+17"`` → ``(4, 17)``, lower number first."""
    a, plus, b = text.partition("+")
    if not plus:
        raise MoveError(f"not a couple: {text[:20]!r} (expected two card numbers joined by +, e.g. 4+17)")
    return tuple(sorted((_card(a.strip()), _card(b.strip()))))


class FamilienbandeState(State):
    def __init__(self, game: "Familienbande", players: Sequence[str], rng: random.Random, options: Mapping):
        super().__init__(game, players, rng)
        n = len(players)
        self.deck = game.deck                    # card → (gender, symbol counts per trait)
        self.markers = [0] * 5
        self.scored = [0] * 5                    # what children moved the markers (invariant)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.gen_of: dict[int, int] = {}         # every card on the table → its generation
        self.spouse: dict[int, int] = {}
        self.parents: dict[int, tuple[int, int]] = {}
        self.rows: list[list[int]] = [[] for _ in range(LAST + 1)]   # founders / children by generation
        self.box: list[int] = []                 # out of play (a worked example's smaller draw pile)
        self.turn = 0
        self.passes = 0                          # passes in a row with nothing to draw
        self.over = False
        self.final: list[int] = []
        self.game_winners: list[int] = []
        if "table" in options:                   # a scripted situation (worked examples)
            from .setup import set_up
            set_up(self, options)
        else:
            self._deal()

    # -- chance --------------------------------------------------------------------------
    def _deal(self) -> None:
        traits = list(range(5))
        self.rng.shuffle(traits)
        self.trait = traits[:len(self.players)]
        self.pile = list(self.deck)
        self.rng.shuffle(self.pile)
        for _ in range(FOUNDERS):
            self._place(self.pile.pop(), 1)
        for hand in self.hands:
            hand += [self.pile.pop() for _ in range(HAND)]

    def _draw(self, seat: int, ruling: str) -> None:
        if self.pile:
            self.hands[seat].append(self.pile.pop())
        else:
            self.rule(ruling)

    # -- the table -----------------------------------------------------------------------
    def _place(self, card: int, gen: int) -> None:
        self.gen_of[card] = gen
        self.rows[gen].append(card)

    def turned_down(self, gen: int) -> bool:
        """Generation ``gen`` is turned down once the next one is full."""
        return gen < LAST and len(self.rows[gen + 1]) >= capacity(gen + 1)

    def may_marry(self, card: int) -> bool:
        gen = self.gen_of.get(card)
        return gen is not None and gen < LAST and card not in self.spouse and not self.turned_down(gen)

    def couples(self):
        """Every couple that may still have a child: (generation, lower card, higher card)."""
        for gen in range(1, LAST):
            if self.turned_down(gen):
                continue
            for head in self.rows[gen]:
                mate = self.spouse.get(head)
                if mate is not None:
                    yield (gen, *sorted((head, mate)))

    def legit(self, card: int, a: int, b: int) -> bool:
        """``card``'s symbols are found among the couple's six, counting repeats."""
        mine, pa, pb = self.deck[card][1], self.deck[a][1], self.deck[b][1]
        return all(mine[t] <= pa[t] + pb[t] for t in range(5))

    # -- the protocol --------------------------------------------------------------------
    def to_act(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    def legal_moves(self, seat: int) -> list:
        if self.over or seat != self.turn:
            return []
        hand, deck = self.hands[seat], self.deck
        moves: list = [PASS]
        singles = [c for g in range(1, LAST) if not self.turned_down(g) for c in self.rows[g] if c not in self.spouse]
        for card in hand:
            gender = deck[card][0]
            moves += [Marry(card, t) for t in singles if deck[t][0] != gender]
        for gen, a, b in self.couples():
            if len(self.rows[gen + 1]) < capacity(gen + 1):
                p0, p1, p2, p3, p4 = (x + y for x, y in zip(deck[a][1], deck[b][1]))
                for card in hand:
                    c = deck[card][1]
                    if c[0] <= p0 and c[1] <= p1 and c[2] <= p2 and c[3] <= p3 and c[4] <= p4:
                        moves.append(Child(card, a, b))
        return moves

    def check_move(self, seat: int, move) -> None:
        """Playing a card the player does not hold, or naming cards not on the table, is not a move."""
        if isinstance(move, (Marry, Child)) and move.card not in self.hands[seat]:
            raise MoveError(f"{self.players[seat]} does not hold card {move.card} "
                            f"(hand: {' '.join(map(str, sorted(self.hands[seat]))) or 'empty'})")
        named = [move.onto] if isinstance(move, Marry) else [move.a, move.b] if isinstance(move, Child) else []
        for card in named:
            if card not in self.gen_of:
                raise MoveError(f"card {card} is not on the table")

    def why_illegal(self, seat: int, move) -> str:
        deck = self.deck
        if isinstance(move, Marry):
            t = move.onto
            if deck[move.card][0] == deck[t][0]:
                return f"{move.card} and {t} are both {'men' if deck[t][0] == 'm' else 'women'}"
            if t in self.spouse:
                return f"{t} is already married"
            if self.gen_of[t] == LAST:
                return "generation 5 never marries"
            return f"generation {self.gen_of[t]} is turned down"
        if isinstance(move, Child):
            a, b = move.a, move.b
            if self.spouse.get(a) != b:
                return f"{a} and {b} are not a couple"
            gen = self.gen_of[a]
            if self.turned_down(gen):
                return f"generation {gen} is turned down"
            if len(self.rows[gen + 1]) >= capacity(gen + 1):
                return f"generation {gen + 1} is full ({capacity(gen + 1)} cards)"
            return self._not_legit(move.card, a, b)
        return "the rules do not allow it now"

    def _not_legit(self, card: int, a: int, b: int) -> str:
        mine, pa, pb = self.deck[card][1], self.deck[a][1], self.deck[b][1]
        for t in range(5):
            if mine[t] > pa[t] + pb[t]:
                need, have = mine[t], pa[t] + pb[t]
                return (f"{card} needs {_count(need, TRAITS[t])}; {a} and {b} have "
                        f"{_count(have, TRAITS[t]) if have else 'none'}")
        return "the rules do not allow it now"

    def perform(self, seat: int, move) -> None:
        hand = self.hands[seat]
        if isinstance(move, Pass):
            if self.pile:
                hand.append(self.pile.pop())
                self.passes = 0
            else:
                self.rule("familienbande.empty-pile-pass")
                self.passes += 1
                if self.passes >= len(self.players):
                    self.rule("familienbande.stalemate")
                    self._end()
                    return
        elif isinstance(move, Marry):
            hand.remove(move.card)
            self.spouse[move.card], self.spouse[move.onto] = move.onto, move.card
            self.gen_of[move.card] = self.gen_of[move.onto]
            self.passes = 0
            self._draw(seat, "familienbande.empty-pile-marry")
        else:
            hand.remove(move.card)
            gen = self.gen_of[move.a] + 1
            self._place(move.card, gen)
            self.parents[move.card] = (move.a, move.b)
            counts = self.deck[move.card][1]
            for t in range(5):
                self.markers[t] += gen * counts[t]
                self.scored[t] += gen * counts[t]
            self.passes = 0
            if gen == LAST and len(self.rows[LAST]) == capacity(LAST):
                self._end()
                return
        self.turn = (seat + 1) % len(self.players)

    def _end(self) -> None:
        self.over = True
        self.final = [self.markers[t] - penalty(len(h)) for t, h in zip(self.trait, self.hands)]
        top = max(self.final)
        tied = [s for s, v in enumerate(self.final) if v == top]
        if len(tied) > 1:
            self.rule("familienbande.tie")
            fewest = min(len(self.hands[s]) for s in tied)
            tied = [s for s in tied if len(self.hands[s]) == fewest]
        self.game_winners = tied

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        """Each player's total: once the game is over, their trait's marker less their hand's
        penalty; before, their trait's marker."""
        return list(self.final) if self.over else [self.markers[t] for t in self.trait]

    def winners(self) -> list[int]:
        return list(self.game_winners) if self.over else []

    def check_invariants(self) -> None:
        on_table = len(self.gen_of)
        held = sum(len(h) for h in self.hands)
        cards = self.pile + self.box + [c for h in self.hands for c in h] + list(self.gen_of)
        if len(cards) != len(self.deck) or len(set(cards)) != len(cards):
            raise InvariantError(f"cards: {len(self.pile)} in the pile, {len(self.box)} out of play, {held} in hands, "
                                 f"{on_table} on the table, {len(set(cards))} different, of {len(self.deck)}")
        for gen in range(1, LAST + 1):
            if len(self.rows[gen]) > capacity(gen):
                raise InvariantError(f"generation {gen} holds {len(self.rows[gen])} cards (at most {capacity(gen)})")
        expected = [0] * 5
        for child in self.parents:
            for t in range(5):
                expected[t] += self.gen_of[child] * self.deck[child][1][t]
        if expected != self.scored:
            raise InvariantError(f"markers moved {self.scored}, the children on the table give {expected}")

    # -- worked examples ---------------------------------------------------------------
    def observe(self, key: str, want=None):
        from .setup import observe
        return observe(self, key, want)


def penalty(cards: int) -> int:
    """1 + 2 + … + n for n cards left in hand."""
    return cards * (cards + 1) // 2


def _count(n: int, trait: str) -> str:
    names = {"ears": ("ear", "ears"), "glasses": ("pair of glasses", "pairs of glasses"), "nose": ("nose", "noses"),
             "lips": ("pair of lips", "pairs of lips"), "lock": ("lock of hair", "locks of hair")}[trait]
    return f"{'one' if n == 1 else 'two' if n == 2 else 'three' if n == 3 else n} {names[n != 1]}"


# -- policies for simulation ---------------------------------------------------------------

def greedy(state: FamilienbandeState, seat: int, rng: random.Random):
    """Plays the child that scores most for its own (secret) trait, ties broken at random;
    otherwise marries (at random), otherwise passes. It sees only its own trait."""
    moves = state.legal_moves(seat)
    mine = state.trait[seat]
    best, top = [], 0
    for m in moves:
        if isinstance(m, Child):
            gain = (state.gen_of[m.a] + 1) * state.deck[m.card][1][mine]
            if gain > top:
                best, top = [m], gain
            elif gain == top and gain > 0:
                best.append(m)
    if best:
        return best[rng.randrange(len(best))]
    marriages = [m for m in moves if isinstance(m, Marry)]
    return marriages[rng.randrange(len(marriages))] if marriages else PASS


class Familienbande(Game):
    name = "familienbande"
    title = "Familienbande"
    api_version = API_VERSION
    min_players = 2
    max_players = 4
    ABOUT = AboutRun(players=(2, 3, 4), games=300, seed=2004, policy="greedy")
    RULINGS = {
        "familienbande.empty-pile-marry":
            "When the draw pile is empty, a marriage is still allowed; the player draws nothing.",
        "familienbande.empty-pile-pass":
            "When the draw pile is empty, a player may still pass; they draw nothing.",
        "familienbande.stalemate":
            "When the draw pile is empty and every player passes in turn, one after the other, the "
            "game ends at once, as if generation 5 were complete: hands are counted as usual.",
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
    POLICIES = {"greedy": greedy}
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

    def check_kit(self, kit) -> list:
        """The portraits (component ``portraits``): card numbers unique, both genders, enough
        cards for a game (3 on the table and 5 in each of 4 hands)."""
        comp, problems = kit.require("portraits", "Familienbande")
        if comp is None:
            return problems
        problems, seen = [], {}
        for row in comp.rows:
            card = str(row.fields.get("card", ""))
            if not (card.isascii() and card.isdigit() and 1 <= int(card[:4]) <= 9999):
                problems.append(SpecError(row.location, f"a portrait's 'card' is its number, 1 to 9999 "
                                          f"(got {card[:12]!r})", hint="number the portraits 1, 2, 3…"))
            elif int(card) in seen:
                problems.append(SpecError(row.location, f"portrait {card} is numbered twice (first at line "
                                          f"{seen[int(card)].line})", hint="each portrait has its own number"))
            elif row.copies != 1:
                problems.append(SpecError(row.location, "a portrait is printed once (copies: 1)",
                                          hint="a second copy would be a second portrait: give it its own row"))
            else:
                seen[int(card)] = row.location
        genders = {row.fields.get("gender") for row in comp.rows}
        if not problems and (len(seen) < FOUNDERS + HAND * self.max_players or genders != {"m", "f"}):
            problems.append(SpecError(comp.location, f"{len(seen)} portraits of {len(genders)} gender(s) (expected "
                                      f"at least {FOUNDERS + HAND * self.max_players}, men and women)",
                                      hint="the kit has 70 portraits, 35 men and 35 women"))
        return problems

    def new_state(self, players, options=None, rng=None) -> FamilienbandeState:
        self.check_players(players)
        return FamilienbandeState(self, players, rng or random.Random(0), options or {})

    def parse_move(self, text: str):
        words = text.split()
        if words == ["pass"]:
            return PASS
        if len(words) == 4 and words[0] == "marry" and words[2] == "on":
            return Marry(_card(words[1]), _card(words[3]))
        if len(words) == 4 and words[0] == "child" and words[2] == "of":
            return Child(_card(words[1]), *parse_couple(words[3]))
        raise MoveError(f"not a Familienbande move: {text[:40]!r} (expected 'marry 17 on 4', "
                        "'child 33 of 4+17' or 'pass')")

    def figure(self, given, moves):
        from .setup import figure
        return figure(self, given, moves)


def deck_from_kit(kit) -> dict[int, tuple[str, tuple[int, ...]]]:
    """card number → (gender, how many symbols of each trait) from the printed kit."""
    deck = {}
    for row in kit.component("portraits").rows:
        traits = [row.fields[f"trait{i}"] for i in (1, 2, 3)]
        deck[int(row.fields["card"])] = (row.fields["gender"], tuple(traits.count(t) for t in TRAITS))
    return deck
