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
no longer end (a whole round of passes with nothing to draw), ties, and a child born into a
generation already turned down (it is turned down at once: it scores, but never marries).
"""
from __future__ import annotations

import random
from bisect import insort
from typing import Mapping, Sequence

from forge.engine import InvariantError, MoveError, State, shuffle

from .cards import CAPACITY, FOUNDERS, HAND, LAST, PASS, TRAITS, Child, Marry, capacity, penalty
from .setup import observe, set_up

__all__ = ["FamilienbandeState"]


class FamilienbandeState(State):
    def __init__(self, game: "Familienbande", players: Sequence[str], rng: random.Random, options: Mapping):
        super().__init__(game, players, rng)
        n = len(players)
        self.deck = game.deck                    # card → (gender, symbol counts per trait)
        self.moves = game.moves                  # the deck's moves, built once
        self.solo = [frozenset((s,)) for s in range(n)]
        self.after = (*range(1, n), 0)           # seat → the seat that plays next
        self.markers = [0] * 5
        self.head_start = [0] * 5                # markers less what the children moved them (invariant)
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
            set_up(self, options)
        else:
            self._deal()
        self._survey()

    # -- chance --------------------------------------------------------------------------
    def _deal(self) -> None:
        traits = list(range(5))
        shuffle(traits, self.rng)            # the engine's draws: rng.shuffle's, faster
        self.trait = traits[:len(self.players)]
        self.pile = list(self.deck)
        shuffle(self.pile, self.rng)
        pop = self.pile.pop
        for _ in range(FOUNDERS):
            self.place(pop(), 1)
        for hand in self.hands:
            hand += [pop() for _ in range(HAND)]

    # -- the table -----------------------------------------------------------------------
    def place(self, card: int, gen: int) -> None:
        """Put ``card`` on the table in generation ``gen``."""
        self.gen_of[card] = gen
        self.rows[gen].append(card)

    def turned_down(self, gen: int) -> bool:
        """Generation ``gen`` is turned down once the next one is full."""
        return gen < LAST and len(self.rows[gen + 1]) >= capacity(gen + 1)

    def _survey(self) -> None:
        """What the legal moves are made of, found from the table and the hands, then kept up to
        date move by move: ``single[gender]``, the single table cards of the generations that
        may marry (in table order; a card may marry into ``single[moves.mate[card]]``);
        ``couples``, those that may have a child, as (generation, place of the table card in its
        row, bit mask of their possible children, card → move); ``held``, each hand as a bit mask
        over card numbers."""
        self.single: dict[str, list[int]] = {"m": [], "f": []}
        self.couples: list[tuple] = []
        for gen in range(1, LAST):
            if not self.turned_down(gen):
                for place, card in enumerate(self.rows[gen]):
                    if card in self.spouse:
                        self.couples.append((gen, place, *self.moves.children(*sorted((card, self.spouse[card])))))
                    else:
                        self.single[self.deck[card][0]].append(card)
        self.held = [sum(1 << card for card in hand) for hand in self.hands]

    def _turn_down(self, gen: int) -> None:
        """Generation ``gen`` neither marries nor has children any more."""
        gen_of = self.gen_of
        for cards in self.single.values():
            cards[:] = [c for c in cards if gen_of[c] != gen]
        self.couples = [c for c in self.couples if c[0] != gen]

    def legit(self, card: int, a: int, b: int) -> bool:
        """``card``'s symbols are found among the couple's six, counting repeats."""
        mine, pa, pb = self.deck[card][1], self.deck[a][1], self.deck[b][1]
        return all(mine[t] <= pa[t] + pb[t] for t in range(5))

    # -- the protocol --------------------------------------------------------------------
    def to_act(self) -> frozenset[int]:
        return frozenset() if self.over else self.solo[self.turn]

    def legal_moves(self, seat: int) -> list:
        """Pass; each hand card married onto each single of the other gender; each couple's
        children among the hand's cards."""
        if self.over or seat != self.turn:
            return []
        if self.single["m"] or self.single["f"]:
            return [PASS, *self.marriages(seat), *self.children(seat)]
        return [PASS, *self.children(seat)]

    def marriages(self, seat: int) -> list:
        """The marriages ``seat`` (to move) may make, as legal_moves lists them: in hand order,
        each card onto the singles of the other gender in table order."""
        single, mate, marry = self.single, self.moves.mate, self.moves.marry
        moves: list = []
        for card in self.hands[seat]:          # loops, not comprehensions: this is the hot path
            singles = single[mate[card]]
            if singles:
                onto = marry[card]
                for other in singles:
                    moves.append(onto[other])
        return moves

    def marriage_count(self, seat: int) -> int:
        """``len(self.marriages(seat))``: its men times the single women, its women times the
        single men."""
        men = (self.held[seat] & self.moves.men).bit_count()
        return men * len(self.single["f"]) + (len(self.hands[seat]) - men) * len(self.single["m"])

    def marriage(self, seat: int, k: int):
        """``self.marriages(seat)[k]``, found without listing them."""
        single, mate = self.single, self.moves.mate
        for card in self.hands[seat]:
            singles = single[mate[card]]
            if k < len(singles):
                return self.moves.marry[card][singles[k]]
            k -= len(singles)
        raise IndexError("marriage index out of range")

    def children(self, seat: int) -> list:
        """The children ``seat`` (to move) may place, as legal_moves lists them: couple by couple
        in table order, each couple's children in hand order."""
        hand, held = self.hands[seat], self.held[seat]
        moves: list = []
        for _, _, fits, kids in self.couples:
            mine = fits & held                   # the hand's cards this couple may have
            if mine:
                if mine & (mine - 1):            # several: in hand order
                    for card in hand:
                        if card in kids:
                            moves.append(kids[card])
                else:                            # one (the usual case): its bit is its number
                    moves.append(kids[mine.bit_length() - 1])
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
            return self.why_not_child(move.card, a, b)
        return "the rules do not allow it now"

    def why_not_child(self, card: int, a: int, b: int) -> str:
        """Which of ``card``'s symbols the couple ``a``+``b`` lacks, in words."""
        mine, pa, pb = self.deck[card][1], self.deck[a][1], self.deck[b][1]
        for t in range(5):
            if mine[t] > pa[t] + pb[t]:
                need, have = mine[t], pa[t] + pb[t]
                return (f"{card} needs {_count(need, TRAITS[t])}; {a} and {b} have "
                        f"{_count(have, TRAITS[t]) if have else 'none'}")
        return "the rules do not allow it now"

    def perform(self, seat: int, move) -> None:
        hand = self.hands[seat]
        kind = type(move)
        if kind is Child:
            card, a = move.card, move.a
            hand.remove(card)
            self.held[seat] ^= 1 << card
            gen_of = self.gen_of
            gen = gen_of[card] = gen_of[a] + 1
            row = self.rows[gen]
            row.append(card)
            self.parents[card] = (a, move.b)
            markers = self.markers
            for t, k in self.moves.symbols[card]:
                markers[t] += gen * k
            self.passes = 0
            if len(row) == CAPACITY[gen]:
                if gen == LAST:
                    self._end()
                    return
                self._turn_down(gen - 1)
            if gen < LAST:
                if len(self.rows[gen + 1]) < CAPACITY[gen + 1]:   # a new single, after those of its generation
                    singles = self.single[self.moves.gender[card]]
                    at = len(singles)
                    while at and gen_of[singles[at - 1]] > gen:
                        at -= 1
                    singles.insert(at, card)
                else:                            # born into a generation already turned down
                    self.rule("familienbande.born-turned-down")
        else:
            if kind is Marry:
                card, onto = move.card, move.onto
                hand.remove(card)
                self.held[seat] ^= 1 << card
                self.spouse[card], self.spouse[onto] = onto, card
                gen = self.gen_of[card] = self.gen_of[onto]
                self.single[self.moves.mate[card]].remove(onto)
                fits, kids = self.moves.kin[(card, onto) if card < onto else (onto, card)]
                insort(self.couples, (gen, self.rows[gen].index(onto), fits, kids))
            pile = self.pile
            if pile:                             # a marriage or a pass draws a card
                card = pile.pop()
                hand.append(card)
                self.held[seat] |= 1 << card
                self.passes = 0
            elif kind is Marry:
                self.rule("familienbande.empty-pile-marry")
                self.passes = 0
            else:
                self.rule("familienbande.empty-pile-pass")
                self.passes += 1
                if self.passes >= len(self.players):
                    self.rule("familienbande.stalemate")
                    self._end()
                    return
        self.turn = self.after[seat]

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
        moved = [at - start for at, start in zip(self.markers, self.head_start)]
        if expected != moved:
            raise InvariantError(f"markers moved {moved}, the children on the table give {expected}")

    def observe(self, key: str, want=None):
        """The value of an example's ``expect`` field: see :func:`.setup.observe`."""
        return observe(self, key, want)


def _count(n: int, trait: str) -> str:
    names = {"ears": ("ear", "ears"), "glasses": ("pair of glasses", "pairs of glasses"), "nose": ("nose", "noses"),
             "lips": ("pair of lips", "pairs of lips"), "lock": ("lock of hair", "locks of hair")}[trait]
    return f"{'one' if n == 1 else 'two' if n == 2 else 'three' if n == 3 else n} {names[n != 1]}"
