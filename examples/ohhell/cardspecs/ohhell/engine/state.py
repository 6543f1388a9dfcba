"""Oh Hell (Rikiki): the rules of a game in progress.

A game is a series of deals whose sizes follow the schedule (by default 1 card each, then 2,
and so on up to the most each player can be dealt, then back down to 1). For each deal the
dealer shuffles the printed deck and deals the cards one at a time from the player on their
left; the next card of the stock is turned up and its suit is trumps (no card left: no
trumps, ruling ``ohhell.no-trump``). Each player in turn from the dealer's left bids the
exact number of tricks they will take; the dealer bids last and, with the hook (on by
default), may not bid the number that makes the bids add up to the cards dealt. The player
left of the dealer leads the first trick; players follow suit if they can; the highest trump
wins, else the highest card of the suit led; the winner leads the next trick. A bid made
exactly scores 10 + the bid; a bid missed scores nothing (or one point per trick taken, with
``trick_points``). After the last deal the highest total wins; ties share (ruling
``ohhell.tie``). The dealer of the first deal is drawn by cutting (ruling
``ohhell.first-dealer``); the deal then passes to the left.

The hot path keeps plain ints and lists: hands are lists of card codes (see :mod:`.cards`).
"""
from __future__ import annotations

import random
from typing import Mapping, Sequence

from forge.engine import InvariantError, MoveError, State

from .cards import BIDS, PLAYS, SUITS, Bid, Play, card_name, show
from .observe import observe
from .situation import set_up

__all__ = ["OhHellState", "schedule_of"]

BID, PLAY, OVER = 0, 1, 2


def schedule_of(players: int, options: Mapping) -> tuple[int, ...]:
    """The cards dealt to each player in every deal of the game: ``up-down`` (default) 1, 2 …
    most … 2, 1; ``down`` most … 1. ``most`` is at most (and by default) as many as the deck
    allows, so ``most: 10`` shortens a game of 3 or 4 players and leaves the others as they are."""
    most = min(int(options.get("most") or 52), 52 // players)
    if options.get("schedule", "up-down") == "down":
        return tuple(range(most, 0, -1))
    return tuple(range(1, most + 1)) + tuple(range(most - 1, 0, -1))


class OhHellState(State):
    BID, PLAY, OVER = BID, PLAY, OVER             # the phases, for the situation set-up

    def __init__(self, game, players: Sequence[str], rng: random.Random, options: Mapping):
        super().__init__(game, players, rng)
        n = self.n = len(players)
        self.deck = game.deck
        self.hook = bool(options.get("hook", True))
        self.trick_points = bool(options.get("trick_points", False))
        self.schedule = schedule_of(n, options)
        self.score = [0] * n
        self.base = [0] * n                 # totals before the first deal played here
        self.history: list[tuple] = []      # per deal: (size, trump, bids, tricks, points)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = []          # undealt cards, under the turned card
        self.turned = -1                    # the turned-up card (-1: none)
        self.trump = -1                     # the trump suit (-1: no trumps)
        self.bids = [-1] * n
        self.tricks = [0] * n               # tricks taken in this deal
        self.won: list[int] = []            # the cards of this deal's finished tricks
        self.trick: list[tuple[int, int]] = []   # (seat, card) in the order played
        self.led = -1                       # the suit led in the trick (-1: none yet)
        self.trumps_seen = False            # a trump has been played in this deal
        self.last_winner = -1
        self.phase = BID
        self.turn = 0
        self.dealer = 0
        self.deal_no = 0                    # index into the schedule
        self._solo = [frozenset((s,)) for s in range(n)]
        self._cards = sorted(self.deck)
        set_up(self, options)
        self._checked = (0, list(self.base))

    # -- dealing ------------------------------------------------------------------------------
    def cut_for_dealer(self) -> int:
        """Each player cuts a card; the lowest rank deals (ace high); a tie cuts again."""
        self.rule("ohhell.first-dealer")
        seats = list(range(self.n))
        while len(seats) > 1:
            cards = self.rng.sample(self.deck, len(seats))
            low = min(c % 13 for c in cards)
            seats = [s for s, c in zip(seats, cards) if c % 13 == low]
        return seats[0]

    def deal(self) -> None:
        """Shuffle the whole deck, deal this deal's cards and turn up the next one."""
        n, k = self.n, self.schedule[self.deal_no]
        cards = list(self.deck)
        self.rng.shuffle(cards)
        for i in range(n):                  # one at a time from the dealer's left
            self.hands[(self.dealer + 1 + i) % n] = cards[i:n * k:n]
        self.stock = cards[n * k:]
        self.start_deal()

    def start_deal(self) -> None:
        """Turn up the top card of the stock (trumps), then bidding from the dealer's left."""
        if self.stock:
            self.turned = self.stock.pop(0)
            self.trump = self.turned // 13
        else:
            self.rule("ohhell.no-trump")
            self.turned = self.trump = -1
        n = self.n
        self.bids = [-1] * n
        self.tricks = [0] * n
        self.won, self.trick, self.led = [], [], -1
        self.trumps_seen = False
        self.phase = BID
        self.turn = (self.dealer + 1) % n

    # -- bidding ------------------------------------------------------------------------------
    def forbidden_bid(self) -> int:
        """The bid the hook forbids the dealer (-1 when none: no hook, or out of reach)."""
        if not self.hook:
            return -1
        k = self.schedule[self.deal_no]
        left = k - sum(b for s, b in enumerate(self.bids) if s != self.dealer and b >= 0)
        return left if 0 <= left <= k else -1

    def _bid_moves(self, seat: int) -> list:
        k = self.schedule[self.deal_no]
        moves = list(BIDS[:k + 1])
        if seat == self.dealer:
            no = self.forbidden_bid()
            if no >= 0:
                del moves[no]
        return moves

    # -- play ---------------------------------------------------------------------------------
    def _play_moves(self, seat: int) -> list:
        hand = self.hands[seat]
        if self.led >= 0:
            led = self.led
            follow = [PLAYS[c] for c in hand if c // 13 == led]
            if follow:
                return follow
        return [PLAYS[c] for c in hand]

    def _play(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        s = card // 13
        if not self.trick:
            self.led = s
            if s == self.trump and not self.trumps_seen and any(c // 13 != s for c in self.hands[seat]):
                self.rule("ohhell.lead-trump")
        if s == self.trump:
            self.trumps_seen = True
        self.trick.append((seat, card))
        if len(self.trick) < self.n:
            self.turn = (seat + 1) % self.n
            return
        winner = self.trick_winner()
        self.tricks[winner] += 1
        self.won.extend(c for _, c in self.trick)
        self.trick, self.led = [], -1
        self.last_winner = self.turn = winner
        if not self.hands[winner]:
            self._end_deal()

    def trick_winner(self) -> int:
        """The highest trump of the trick, else the highest card of the suit led."""
        trump, led = self.trump, self.led
        best_seat, best = -1, -1
        for seat, card in self.trick:
            s = card // 13
            strength = 100 + card % 13 if s == trump else 50 + card % 13 if s == led else 0
            if strength > best:
                best_seat, best = seat, strength
        return best_seat

    def points(self, bid: int, took: int) -> int:
        if bid == took:
            return 10 + bid
        return took if self.trick_points else 0

    def _end_deal(self) -> None:
        pts = [self.points(b, t) for b, t in zip(self.bids, self.tricks)]
        self.history.append((self.schedule[self.deal_no], self.trump, tuple(self.bids), tuple(self.tricks), tuple(pts)))
        for s, p in enumerate(pts):
            self.score[s] += p
        self.deal_no += 1
        if self.deal_no == len(self.schedule):
            self.phase = OVER
            if len(self.winners()) > 1:
                self.rule("ohhell.tie")
            return
        self.dealer = (self.dealer + 1) % self.n
        self.deal()

    # -- protocol -----------------------------------------------------------------------------
    def to_act(self) -> frozenset[int]:
        return frozenset() if self.phase == OVER else self._solo[self.turn]

    def legal_moves(self, seat: int) -> list:
        if seat != self.turn or self.phase == OVER:
            return []
        return self._bid_moves(seat) if self.phase == BID else self._play_moves(seat)

    def perform(self, seat: int, move) -> None:
        if self.phase == BID:
            self.bids[seat] = move.tricks
            if seat == self.dealer:
                self.phase = PLAY
            self.turn = (seat + 1) % self.n
        else:
            self._play(seat, move.card)

    def check_move(self, seat: int, move) -> None:
        """Playing a card one does not hold is not a move at all (a mistake of the example)."""
        if isinstance(move, Play) and self.phase == PLAY and move.card not in self.hands[seat]:
            raise MoveError(f"{self.players[seat]} does not hold {card_name(move.card)} "
                            f"(their hand: {show(self.hands[seat]) or 'empty'})")

    def why_illegal(self, seat: int, move) -> str:
        if isinstance(move, Bid):
            if self.phase != BID:
                return "the bidding is over"
            if move.tricks > self.schedule[self.deal_no]:
                return f"a bid is at most the {self.schedule[self.deal_no]} card(s) dealt"
            if seat == self.dealer and move.tricks == self.forbidden_bid():
                return (f"the dealer may not bid {move.tricks}: the bids would add up to the "
                        f"{self.schedule[self.deal_no]} trick(s) of the deal (the hook)")
        if isinstance(move, Play):
            if self.phase != PLAY:
                return "the bidding is not over"
            if self.led >= 0 and move.card // 13 != self.led:
                return f"{SUITS[self.led]} was led and they hold {SUITS[self.led]}: they must follow suit"
        return "the rules do not allow it now"

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        return list(self.score)

    def zones(self):
        return {"hands": [c for h in self.hands for c in h], "trick": [c for _, c in self.trick],
                "won": self.won, "turned": [self.turned] if self.turned >= 0 else [], "stock": self.stock}

    def check_invariants(self) -> None:
        where = [c for h in self.hands for c in h] + [c for _, c in self.trick] + self.won + self.stock
        where += [self.turned] if self.turned >= 0 else []
        if sorted(where) != self._cards:
            seen = set()
            twice = sorted({c for c in where if c in seen or seen.add(c)})
            lost = sorted(set(self.deck) - set(where))
            raise InvariantError(f"{len(where)} cards in play (expected the 52 of the deck); twice: "
                                 f"{show(twice) or 'none'}; missing: {show(lost) or 'none'}")
        n, done = self.n, sum(self.tricks)
        if len(self.won) != done * n:
            raise InvariantError(f"{len(self.won)} cards in {done} finished trick(s) of {n} players")
        if self.phase != OVER:
            k = self.schedule[self.deal_no]
            played = {s for s, _ in self.trick}
            for s in range(n):
                if len(self.hands[s]) + (s in played) != k - done:
                    raise InvariantError(f"{self.players[s]} holds {len(self.hands[s])} card(s) after "
                                         f"{done} trick(s) of a {k}-card deal")
            if self.phase == PLAY and min(self.bids) < 0:
                raise InvariantError("a trick is played before everyone has bid")
        checked, total = self._checked                 # deals already checked, and their totals
        for size, _, bids, tricks, pts in self.history[checked:]:
            if sum(tricks) != size or any(p != self.points(b, t) for b, t, p in zip(bids, tricks, pts)):
                raise InvariantError(f"a {size}-card deal scored {pts} for bids {bids} and tricks {tricks}")
            total = [a + p for a, p in zip(total, pts)]
        self._checked = (len(self.history), total)
        if total != self.score:
            raise InvariantError(f"scores {self.score} are not the points of the deals {total}")

    def observe(self, key: str, want=None):
        """The value of an example's ``expect`` field (see :mod:`.observe`)."""
        return observe(self, key, want)
