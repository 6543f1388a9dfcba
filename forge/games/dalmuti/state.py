"""The Great Dalmuti (Richard Garfield, 1995): a climbing game for 4 to 8 players.

Ranks 1 (strongest) to 12; rank n has n cards; two jesters (jokers). A jester alone
counts 13, the weakest; played with cards of a rank it takes that rank. The deck
is read from the printed kit (``cardspecs/dalmuti/deck.csv``) so the engine plays
the cards that are printed.

Seats keep their index; ``order`` lists the seats by rank, Greater Dalmuti first,
and play goes along it (to the Greater Dalmuti's left). A game is: deal (one card at
a time from the Greater Dalmuti on), an optional revolution by a player holding both
jesters, taxes (the Greater Peon's two best cards, never jesters, to the Greater
Dalmuti who returns two cards of their choice; one card between the Lesser Peon and
the Lesser Dalmuti), then tricks. The order players go out is the next game's order;
each scores one point per player ranked below. With ``games: K`` several games are
played in a row.

Hands are lists of 14 counts, index 1–12 for ranks and 13 for jesters.
"""
from __future__ import annotations

import itertools
import random
from itertools import compress
from typing import Mapping, Sequence

from forge.engine import IllegalMove, InvariantError, MoveError, State, shuffle

from .cards import (FOLLOW, GIVE_ONE, GIVE_TWO, JESTER, JESTERS_ALONE, LEAD, PASS, REVOLUTIONS, Give, Pass, Play,
                    ordered_deck, parse_cards, show_cards)

__all__ = ["DalmutiState"]


class DalmutiState(State):
    def __init__(self, game: "Dalmuti", players: Sequence[str], rng: random.Random, options: Mapping):
        super().__init__(game, players, rng)
        n = len(players)
        self.deck = list(options.get("deck") or game.deck)
        self.total = sum(self.deck)
        self.ordered = ordered_deck(tuple(self.deck))                               # the deck, before a shuffle
        self.games = int(options.get("games", 1))
        self.bonus = bool(options.get("climbing_bonus", False))
        self.score = [0] * n
        self.bonus_points = 0
        self.games_done = 0
        self.hands = [[0] * 14 for _ in range(n)]
        self.discard = [0] * 14        # cards played (the current trick's too) or out of play
        self._solo = [frozenset((s,)) for s in range(n)]
        self.revolution = False        # a revolution was called this game
        self.reversed = False          # by the Greater Peon: this game's roles are reversed
        self.over = False
        self.phase = "deal"
        self.finished: list[int] = []
        self.trick_winners: list[int] = []
        self.taxes: list[tuple[int, int, list[int]]] = []   # (peon, dalmuti, cards paid) of the last taxes
        if "hands" in options:                         # a scripted situation (worked examples)
            self._setup_situation(options)
        else:
            self.order = self._first_draw()
            self._deal()

    # -- situations for worked examples --------------------------------------------
    def _setup_situation(self, options: Mapping) -> None:
        """A worked example's situation: the players' ranks, their hands (the rest of the deck out
        of play), and the phase it starts in (a trick, or the taxes due)."""
        names = list(options.get("order") or self.players)
        self.order = [self.seat(p) for p in names] + [s for s in range(len(self.players))
                                                      if self.players[s] not in names]
        held = [0] * 14
        for name, cards in options["hands"].items():
            for c in parse_cards(cards):
                self.hands[self.seat(name)][c] += 1
                held[c] += 1
        self.discard = [d - h for d, h in zip(self.deck, held)]  # cards out of play
        if min(self.discard) < 0:
            raise IllegalMove("the hands hold more cards of a rank than the deck has")
        phase = options.get("phase", "play")
        if phase == "exchange":
            self._after_deal()
        else:
            self._start_play(self.seat(options["leader"]) if "leader" in options else self.order[0])

    # -- chance: the first draw and the deal ------------------------------------------
    def _shuffled(self) -> list[int]:
        cards = list(self.ordered)
        shuffle(cards, self.rng)
        return cards

    def _first_draw(self) -> list[int]:
        """Each player draws a card; the strongest becomes Greater Dalmuti and so on.
        Ties draw again among themselves (house ruling)."""
        return self._rank_group(list(range(len(self.players))))

    def _rank_group(self, seats: list[int]) -> list[int]:
        """``seats`` ranked by the cards they draw from a shuffled deck, one each, strongest first."""
        drawn = sorted(zip(self._shuffled(), seats))       # the first card to the first seat, and so on
        if len({card for card, _ in drawn}) == len(drawn):   # no tie (the usual case)
            return [seat for _, seat in drawn]
        out = []
        for _, group in itertools.groupby(drawn, key=lambda cs: cs[0]):
            tied = [s for _, s in group]
            if len(tied) > 1:
                self.rule("dalmuti.draw-tie")
                tied = self._rank_group(tied)
            out += tied
        return out

    def _deal(self) -> None:
        for hand in self.hands:
            hand[:] = [0] * 14
        self.discard = [0] * 14
        cards, n = self._shuffled(), len(self.order)
        for i, seat in enumerate(self.order):        # card i to the i-th player in order, and round again
            hand = self.hands[seat]
            for card in cards[i::n]:
                hand[card] += 1
        self._after_deal()

    def _after_deal(self) -> None:
        self.revolution = self.reversed = False
        holders = [s for s in self.order if self.hands[s][JESTER] == 2]
        self.revolution_seat = holders[0] if holders else None
        self.phase = "revolution" if holders else "tax"
        if self.phase == "tax":
            self._collect_tax()

    # -- taxes -------------------------------------------------------------------------
    def _collect_tax(self) -> None:
        """The peons' best cards (never jesters) go to the Dalmutis; then the Dalmutis choose
        what to give back. A dealt hand always holds the numbered cards its peon owes: at least
        10 cards, at most 2 of them jesters (the kit check sees to it); a scripted hand that
        does not cannot be dealt."""
        gd, ld, lp, gp = self.order[0], self.order[1], self.order[-2], self.order[-1]
        self.owed = {gd: 2, ld: 1}
        self.taxes = []
        for peon, role, dalmuti, count in ((gp, "Greater", gd, 2), (lp, "Lesser", ld, 1)):
            hand, receiver, paid = self.hands[peon], self.hands[dalmuti], []
            numbered = sum(hand[1:JESTER])
            if numbered < count:
                raise IllegalMove(f"{self.players[peon]}, the {role} Peon, holds {numbered} numbered card(s) "
                                  f"and owes {count} in taxes: no dealt hand is that short")
            self.taxes.append((peon, dalmuti, paid))
            for _ in range(count):
                best = next(compress(range(1, JESTER), hand[1:JESTER]))    # the strongest rank held
                hand[best] -= 1
                receiver[best] += 1
                paid.append(best)
        self.phase = "give-back"

    # -- play --------------------------------------------------------------------------
    def _start_play(self, leader: int) -> None:
        self.phase = "play"
        hands = self.hands
        self.finished = [s for s in self.order if not any(hands[s])]
        self.out = set(self.finished)
        self.n_active = len(self.order) - len(self.out)
        self.held = [list(compress(range(1, JESTER), hand[1:JESTER])) for hand in hands]  # ranks held, jesters aside
        self.left = [sum(hand) for hand in hands]                                   # cards held
        self._link()
        self.turn = leader
        self.table: Play | None = None
        self.table_size = self.table_rank = 0
        self.follow = FOLLOW[0]                      # the plays on the table's, by jesters held (a trick's size)
        self.last = None
        self.passes = self.ending = 0

    def _active(self) -> list[int]:
        return [s for s in self.order if s not in self.out]

    def _link(self) -> None:
        """``after[seat]``: the next player in order still holding cards (the seat itself when
        nobody else does), kept from one player going out to the next by :meth:`_unlink`."""
        self.after = [0] * len(self.order)
        ahead = None                                   # the nearest seat still in, further along
        for seat in reversed(self.order + self.order):     # twice round: the last look on to the first
            self.after[seat] = seat if ahead is None else ahead
            if seat not in self.out:
                ahead = seat

    def _unlink(self, seat: int) -> None:
        """``seat`` has gone out: whoever ``after`` led to it now leads to the player after it."""
        after, then = self.after, self.after[seat]
        for s, nxt in enumerate(after):
            if nxt == seat:
                after[s] = then

    def _end_trick(self) -> None:
        self.trick_winners.append(self.last)
        leader = self.last
        if leader in self.out:
            self.rule("dalmuti.lead-after-going-out")
            leader = self.after[leader]
        self.table, self.passes = None, 0
        self.turn = leader

    def _end_game(self) -> None:
        n = len(self.players)
        old = self.order
        new = self.finished
        for place, s in enumerate(new):
            self.score[s] += n - 1 - place
        if self.bonus:                                 # variant: reward the Dalmutis for their peons' climb
            if self.reversed:
                self.rule("dalmuti.bonus-after-revolution")
            for dalmuti, peon in ((old[0], old[-1]), (old[1], old[-2])):
                climbed = old.index(peon) - new.index(peon)
                if climbed > 0:
                    self.score[dalmuti] += climbed
                    self.bonus_points += climbed
        self.games_done += 1
        self.last_order = list(new)
        if self.games_done >= self.games:
            self.over = True
            self.phase = "over"
            if len(self.winners()) > 1:
                self.rule("dalmuti.session-tie")
            return
        self.order = list(new)
        self.finished = []
        self._deal()

    # -- protocol ------------------------------------------------------------------------
    def to_act(self) -> frozenset[int]:
        if self.phase == "play":
            return self._solo[self.turn]
        if self.over:
            return frozenset()
        if self.phase == "revolution":
            return frozenset((self.revolution_seat,))
        return frozenset(self.owed)

    def legal_moves(self, seat: int) -> list:
        if self.phase != "play":
            return self._exchange_moves(seat)
        if seat != self.turn:
            return []
        hand = self.hands[seat]
        moves: list = []
        if self.table is None:                       # a lead: any cards of one rank, with jesters or not
            lead = LEAD[hand[JESTER]]
            for r in self.held[seat]:
                moves += lead[r][hand[r]]
            moves += JESTERS_ALONE[hand[JESTER]]
            return moves
        follow, top = self.follow[hand[JESTER]], self.table_rank     # as many, stronger; or pass
        for r in self.held[seat]:
            if r >= top:
                break
            moves += follow[r][hand[r]]
        moves.append(PASS)
        return moves

    def _exchange_moves(self, seat: int) -> list:
        """Before the tricks: the revolution, or the Dalmutis' gifts back."""
        if seat not in self.to_act():
            return []
        return list(REVOLUTIONS) if self.phase == "revolution" else self._gifts(seat)

    def _gifts(self, seat: int) -> list[Give]:
        """The different gifts of the cards a Dalmuti owes back (one or two), in card order."""
        hand = self.hands[seat]
        ranks = list(compress(range(1, 14), hand[1:]))          # the ranks held, jesters too
        if self.owed[seat] == 1:
            return [GIVE_ONE[r] for r in ranks]
        gifts = []
        for i, a in enumerate(ranks):                  # two cards a ≤ b, a pair if the hand has two
            with_a = GIVE_TWO[a]
            if hand[a] > 1:
                gifts.append(with_a[a])
            gifts += [with_a[b] for b in ranks[i + 1:]]
        return gifts

    def check_move(self, seat: int, move) -> None:
        """Playing or giving cards the player does not hold is not a move at all."""
        if isinstance(move, (Play, Give)):
            cards = move.cards() if isinstance(move, Play) else list(move.cards)
            if any(self.hands[seat][c] < cards.count(c) for c in set(cards)):
                raise MoveError(f"{self.players[seat]}'s hand ({show_cards(self._hand_list(seat)) or 'empty'}) "
                                f"does not hold {show_cards(cards)}")

    def why_illegal(self, seat: int, move) -> str:
        if isinstance(move, Play):
            if any(self.hands[seat][c] < move.cards().count(c) for c in set(move.cards())):
                return f"their hand ({show_cards(self._hand_list(seat))}) does not hold {show_cards(move.cards())}"
            if self.table is not None:
                return (f"the table shows {show_cards(self.table.cards())}: a play must have "
                        f"{self.table.size} card(s) of a stronger rank than {self.table.rank}")
        if isinstance(move, Pass) and self.table is None:
            return "the leader of a trick must play"
        return f"it is not allowed in the {self.phase} phase"

    def _hand_list(self, seat: int) -> list[int]:
        return [r for r in range(1, 14) for _ in range(self.hands[seat][r])]

    def perform(self, seat: int, move) -> None:
        """A pass or a play in a trick (the hot path of a simulation: counts kept up to date, no
        card list built), or a move before the tricks."""
        if self.phase != "play":
            return self._exchange(seat, move)
        if type(move) is Pass:
            self.passes += 1
            if self.passes >= self.ending and self.table is not None:
                self._end_trick()
            else:
                self.turn = self.after[seat]
            return
        hand, played = self.hands[seat], self.discard
        rank, natural, jesters, size = move.rank, move.natural, move.jesters, move.size
        if rank != JESTER:
            hand[rank] -= natural
            played[rank] += natural
            if not hand[rank]:
                self.held[seat].remove(rank)
        if jesters:
            hand[JESTER] -= jesters
            played[JESTER] += jesters
            if rank == JESTER and jesters == 2:
                self.rule("dalmuti.two-jesters-alone")
        if self.table is None:                       # a lead: every play of the trick is this size
            self.table_size, self.follow = size, FOLLOW[size]
        self.table, self.last, self.passes, self.table_rank = move, seat, 0, rank
        left = self.left[seat] = self.left[seat] - size
        if left:
            self.ending = self.n_active - 1          # the passes that end the trick
        else:
            self.finished.append(seat)
            self.out.add(seat)
            self.n_active -= 1
            if self.n_active == 1:
                self.finished += self._active()
                self._end_game()
                return
            self._unlink(seat)
            self.ending = self.n_active              # the passes that end the trick
        self.turn = self.after[seat]

    def _exchange(self, seat: int, move) -> None:
        """Before the tricks: a revolution declared or not, a Dalmuti's gift back."""
        if self.phase == "revolution":
            self.revolution = move.declare
            if move.declare:
                if seat == self.order[-1]:           # greater revolution: roles reverse
                    self.reversed = True
                    o = self.order
                    o[0], o[-1] = o[-1], o[0]
                    o[1], o[-2] = o[-2], o[1]
                self._start_play(self.order[0])
            else:
                self._collect_tax()
        elif self.phase == "give-back":
            receiver = self.order[-1] if seat == self.order[0] else self.order[-2]
            for c in move.cards:
                self.hands[seat][c] -= 1
                self.hands[receiver][c] += 1
            del self.owed[seat]
            if not self.owed:
                self._start_play(self.order[0])

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        return list(self.score)

    def observe(self, key: str, want=None):
        """The value of an example's ``expect`` field (NotImplemented for an unknown field)."""
        names = self.players
        n = len(names)
        values = {
            "hands": lambda: {names[s]: show_cards(self._hand_list(s)) for s in range(n)},
            "hand_sizes": lambda: {names[s]: sum(self.hands[s]) for s in range(n)},
            "trick_won_by": lambda: names[self.trick_winners[-1]] if self.trick_winners else None,
            "tricks_won_by": lambda: [names[s] for s in self.trick_winners],
            "table": lambda: show_cards(self.table.cards()) if self.phase == "play" and self.table else "",
            "table_rank": lambda: self.table.rank if self.phase == "play" and self.table else None,
            "finish_order": lambda: [names[s] for s in (self.last_order if self.over else self.finished)],
            "scores": lambda: {names[s]: self.score[s] for s in range(n)},
            "order": lambda: [names[s] for s in self.order],
            "to_act": lambda: sorted(names[s] for s in self.to_act()),
            "rulings": lambda: sorted(self.rulings),
            "game_over": lambda: self.over,
            "revolution": lambda: self.revolution,
            "deck": lambda: {"numbered": sum(self.deck[1:13]), "jesters": self.deck[JESTER],
                             "total": sum(self.deck), "ranks": {r: self.deck[r] for r in range(1, 13)}},
        }
        return values[key]() if key in values else NotImplemented

    def check_invariants(self) -> None:
        for r in range(1, 14):
            where = sum(h[r] for h in self.hands) + self.discard[r]
            if where != self.deck[r] or min(h[r] for h in self.hands) < 0:
                raise InvariantError(f"rank {r}: {where} cards in hands and discard, deck has {self.deck[r]}")
        n = len(self.players)
        if sum(self.score) != self.games_done * n * (n - 1) // 2 + self.bonus_points:
            raise InvariantError(f"scores {self.score} do not add up after {self.games_done} game(s)")
        if len(set(self.finished)) != len(self.finished):
            raise InvariantError("a player finished twice")
