"""What a Chat vert move sets off, for the state of :mod:`.state`: a card played (its symbol's
effect on the turn, the direction and the penalty; a transfer; the last and the one-before-last
card), the added rules that trigger (their phrases become due, their draws, rolls and tokens
happen, and a draw forgotten costs a penalty card as well), the judging of what the player said
against what was due, penalty cards, and the end by stalemate.

A mixin of :class:`~.state.ChatVertState`: it uses the state's hands,
draw pile, tokens, counters and ``rule()``.
"""
from __future__ import annotations

from forge.engine import pick

from .cards import COLOURED, PLUS2, PLUS4, REV, SKIP, WILD

__all__ = ["Effects"]

#: each card's symbol: 0–9, SKIP, REV or PLUS2 for a coloured card, WILD or PLUS4 for a major
SYMBOL = [c % 13 for c in range(COLOURED)] + [WILD, PLUS4]


class Effects:
    def _play(self, seat: int, first: int, k: int, colour: int, due: dict) -> None:
        """``seat`` plays ``k`` copies of card ``first`` (one, or two identical ones); a major
        names ``colour``."""
        hand, pile = self.hands[seat], self.pile
        beneath = pile[-1]
        held = hand[first] - k
        if held:
            hand[first] = held
        else:
            del hand[first]
            self.holders[first] &= ~(1 << seat)
        pile.append(first)
        if k == 2:
            pile.append(first)
        self.dry = 0
        targeted = self.stack and seat == self.turn
        if targeted:
            self._targeted(seat, due)
        if self.on_play:
            for r in self.fires[first][beneath]:       # the rules set off by that card on that one
                self._fire(r, seat, due, first)
        self.no_same = 0                               # a new top card: anyone holding its twin may say
        self.laid += 1                                 # "same", its player too
        n, d = len(self.players), self.direction
        sym = SYMBOL[first]
        if targeted and (sym == REV or sym == SKIP) and self.pass_card:      # a transfer: the colour stays
            rid, _, phrase = self.pass_card
            due[phrase] = rid
            self.triggered[rid] += 1
            self.turn = (seat + d) % n
        else:
            self.colour = colour if first >= COLOURED else first // 13
            if sym < SKIP or sym == WILD:              # a number or a colour change: the next player
                self.turn = (seat + d) % n
            elif sym == PLUS2 or sym == PLUS4:
                if targeted and self.mixed and self.stack_kind != ("plus2" if sym == PLUS2 else "plus4"):
                    self.triggered[self.mixed] += 1
                self.stack += 2 * k if sym == PLUS2 else 4
                self.stack_kind = "plus2" if sym == PLUS2 else "plus4"
                self.turn = (seat + d) % n
            elif sym == SKIP:
                if k == 2:
                    self.rule("chatvert.pair-of-skips")
                self.turn = (seat + d * (1 + k)) % n
            else:                                      # REV
                self.direction = -d
                self.turn = (seat - d) % n
        if first >= COLOURED and self.holders[first] & ~(1 << self.turn):
            self.rule("chatvert.no-same-on-major")     # an identical major is held: no "same" on it
        if not hand:                                   # the last card
            if first >= COLOURED:
                self._penalise(seat, "major-last")
            for r in self.on_last:
                self._fire(r, seat, due, first)
        elif len(hand) == 1 and sum(hand.values()) == 1:   # one card left
            phrase, rid = self.last_phrase
            due[phrase] = rid
            if rid != "chat-vert":
                self.triggered[rid] += 1
            for r in self.on_one:
                self._fire(r, seat, due, first)

    def _targeted(self, seat: int, due: dict) -> None:
        for r in self.on_targeted:
            if r.penalty_kind in ("any", self.stack_kind):
                self._fire(r, seat, due, -1)

    def _fire(self, rule, seat: int, due: dict, card: int) -> None:
        """Apply a triggered rule's effects for ``seat`` (the phrases become due)."""
        self.triggered[rule.id] += 1
        for e in rule.effects:
            if e.kind == "roll":
                v = self._roll(e.die)
                e = next(then for lo, hi, then in e.outcomes if lo <= v <= hi)
                if e is None:
                    continue
            if e.kind == "say":
                due[e.phrase] = rule.id
            elif e.kind == "take-token":
                self.tokens[e.token] = seat
            elif e.kind == "draw":
                for who in self._who(e.who, seat):
                    self._draw(who, e.cards)
                    if self.forgetful >> who & 1 or (self.forget and self.rng.random() < self.forget):
                        self._penalise(who, rule.id)       # forgot to draw: the cards, and a penalty card

    def _who(self, who: str, seat: int) -> list[int]:
        n = len(self.players)
        if who == "player":
            return [seat]
        if who == "previous":
            return [(seat - self.direction) % n]
        if who == "next":
            return [(seat + self.direction) % n]
        if who == "all":
            return list(range(n))
        if who == "others":
            return [s for s in range(n) if s != seat]
        raise KeyError(who)

    def _judge(self, seat: int, says, due: dict) -> None:
        """Penalty cards for phrases forgotten and phrases nobody asked for (one card for a
        phrase said instead of the one due: ruling chatvert.said-instead)."""
        if says is None:                                   # a simulated player
            if not due and not self.blurt:
                return
            said = {p for p in due if not (self.forget and self.rng.random() < self.forget)}
            if self.blurt and self.rng.random() < self.blurt:
                said.add(pick(self.phrases, self.rng))
        else:
            said = set(says)
        if said == due.keys():
            return
        missing = [due[p] for p in due if p not in said]
        extra = [p for p in said if p not in due]
        for i, reason in enumerate(missing):
            if i < len(extra):
                self.rule("chatvert.said-instead")
            self._penalise(seat, reason)
        for _ in extra[len(missing):]:
            self._penalise(seat, "blurt")

    def _penalise(self, seat: int, reason: str) -> None:
        self.penalties[reason] += 1
        self.penalised[seat].append(reason)
        self._draw(seat, 1)

    def _stalemate(self) -> None:
        self.rule("chatvert.stalemate")
        fewest = min(self.sizes)
        self.game_winners = [s for s, k in enumerate(self.sizes) if k == fewest]
