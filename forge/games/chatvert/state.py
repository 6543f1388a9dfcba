"""Le Chat vert (the Marc-moi-trizos team): a shedding game on a four-colour deck in which each
winner adds a rule for every later game.

The deck is the printed one (``cardspecs/chatvert/deck.csv``): per colour two of each number
0–9, two Skip, two Reverse, two +2; four colour changes and four +4 (a house ruling); two blank
cards kept aside. Seven cards each; a turned-up coloured card starts the pile (its effect is
ignored, and nobody may say "j'ai la même" on it). Match the colour or the symbol; majors go
anywhere, one at a time; two identical coloured cards may be played together. A card identical
to the top card may be played out of turn ("j'ai la même"), by anyone holding it, whoever laid
the top card too, never on a major (ruling chatvert.no-same-on-major); play goes on after that
player. In a dealt game, who moves first when a card can be claimed is drawn at random
(chatvert.claims-at-once); in an example, its moves say it.
+2 penalties stack with +2 only and +4 with +4 only; the target answers or ``take``s the
penalty and loses the turn. Reverse flips the direction (a pair once), Skip skips (a pair: two
players). At one card a player says "Chat vert"; a major as last card, a forgotten phrase and a
phrase no rule asked for each cost a card. The first to empty their hand wins.

The added rules are data (``rules_src/chatvert/rules.yaml``, read by :mod:`.added_rules`); the
options ``rules`` (which are in force), ``forget`` and ``blurt`` (how often a simulated player
forgets a phrase that is due or a draw a rule asks for, or says a phrase that is not due) set a
game up.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Mapping, Sequence

from forge.engine import InvariantError, MoveError, State, below, pick, shuffle

from .added_rules import CARD_NAME, Rulebook
from .cards import (COLOURED, COLOURS, PLUS2, PLUS4, REV, SKIP, WILD, Draw, PassToken, Play, Same, Take, Wait,
                    card_name)
from .effects import Effects
from .in_force import in_force
from .setup import observe, set_up

__all__ = ["ChatVertState", "HAND", "MAX_PLAYERS", "DRAW"]

HAND = 7
DRAW, TAKE, WAIT = Draw(), Take(), Wait()
#: every single and pair play, and every major with each colour, built once
SINGLE = [Play((c,)) for c in range(COLOURED)]
PAIR = [Play((c, c)) for c in range(COLOURED)]
MAJOR = {m: [Play((m,), k) for k in range(4)] for m in (WILD, PLUS4)}
SAME = [Same(c) for c in range(COLOURED)]
MAX_PLAYERS = 10
#: a set of seats written as bits (seat s: 1 << s) → the same seats as a frozenset, built once
SEATS = [frozenset(s for s in range(MAX_PLAYERS) if bits >> s & 1) for bits in range(1 << MAX_PLAYERS)]
ALONE = [SEATS[1 << s] for s in range(MAX_PLAYERS)]
NOBODY = frozenset()


def _plays(card: int, colour: int, symbol: int) -> tuple | None:
    """What ``card`` plays when ``colour`` is asked and the top card shows ``symbol`` (-1 for a
    major): (held once, held twice or more), or None when it does not match."""
    if card >= COLOURED:
        return tuple(MAJOR[card]), tuple(MAJOR[card])
    if card // 13 == colour or card % 13 == symbol:
        return (SINGLE[card],), (SINGLE[card], PAIR[card])
    return None


#: PLAYABLE[colour][top][card]: the plays of each card on each top card, built once (tops of
#: one symbol share their row)
_BY_SYMBOL = [[[_plays(c, colour, symbol) for c in range(PLUS4 + 1)] for symbol in range(-1, 13)]
              for colour in range(len(COLOURS))]
PLAYABLE = [[rows[top % 13 + 1 if top < COLOURED else 0] for top in range(PLUS4 + 1)] for rows in _BY_SYMBOL]


def _answer(card: int, plus2: bool, passing: str | None) -> tuple | None:
    """What ``card`` answers a pending penalty with when a +2 may (``plus2``) and a ``passing``
    card ("reverse", "skip" or None) passes it on: (held once, held twice or more), or None."""
    if card >= COLOURED:
        return None
    symbol = card % 13
    if symbol == PLUS2 and plus2:
        return (SINGLE[card],), (SINGLE[card], PAIR[card])
    if (symbol == REV and passing == "reverse") or (symbol == SKIP and passing == "skip"):
        return (SINGLE[card],), (SINGLE[card],)
    return None


#: ANSWERS[plus2, passing][card]: the answers of each card to a pending penalty, built once
ANSWERS = {(plus2, passing): [_answer(c, plus2, passing) for c in range(PLUS4 + 1)]
           for plus2 in (False, True) for passing in (None, "reverse", "skip")}


class ChatVertState(Effects, State):
    def __init__(self, game: "ChatVert", players: Sequence[str], rng: random.Random, options: Mapping,
                 book: Rulebook | None = None):
        super().__init__(game, players, rng)
        n = len(players)
        book = self.book = book or game.rulebook()
        rules = in_force(book, options.get("rules") or ())          # sorted once per set of rules
        self.rules, self.on_play, self.fires = rules.rules, rules.on_play, rules.fires
        self.on_last, self.on_one, self.on_targeted, self.on_take = (rules.on_last, rules.on_one,
                                                                      rules.on_targeted, rules.on_take)
        self.last_phrase, self.mixed = rules.last_phrase, rules.mixed
        self.pass_card, self.pass_token = rules.pass_card, rules.pass_token
        self.phrases = rules.phrases
        self.tokens = dict.fromkeys(rules.tokens)
        self.forget, self.blurt = float(options.get("forget", 0)), float(options.get("blurt", 0))
        self.hands: list[dict] = [{} for _ in range(n)]      # card → copies (never 0)
        self.holders = [0] * (PLUS4 + 1)           # the seats holding each card, as bits (seat s: 1 << s)
        self.pile: list[int] = []
        self.box: list[int] = []                   # out of play: blanks, an example's unused cards
        self.direction, self.turn = 1, 0
        self.stack, self.stack_kind = 0, ""
        self.no_same = (1 << n) - 1                # seats (bits) that may not say "j'ai la même" on the top
                                                   # card: all on the turned-up first card; then whoever let
                                                   # the moment go
        self.laid = 0                              # cards laid so far (a new top card: a new moment)
        self.rank, self.ranked = list(range(n)), -1   # who is quickest at that moment, drawn for card `ranked`
        self.scripted = "hands" in options         # an example's situation: its moves say who claims first
        self.forgetful = 0                         # seats (bits) that forget the draws added rules ask of them
        self.dice: list[int] = []
        self.penalties: Counter = Counter()         # reason → cards
        self.penalised = [[] for _ in range(n)]      # each seat's reasons, in order
        self.drew = [0] * n
        self.triggered: Counter = Counter()          # rule id → times it applied
        self.dry = 0                                 # draws in a row that found nothing
        self.game_winners: list[int] = []
        if "hands" in options:                   # a scripted situation (worked examples)
            set_up(self, options)
        else:
            self._deal(options)

    # -- chance -------------------------------------------------------------------------
    def _deal(self, options: Mapping) -> None:
        self.box = ["blank"] * self.game.deck[1]
        self.draw = list(self.game.deck_order)
        shuffle(self.draw, self.rng)
        hands, pop = self.hands, self.draw.pop
        for _ in range(HAND):                         # one card at a time, round the table
            for hand in hands:
                card = pop()
                hand[card] = hand.get(card, 0) + 1
        holders = self.holders                        # who holds what
        for seat, hand in enumerate(hands):
            for card in hand:
                holders[card] |= 1 << seat
        while self.draw[-1] >= COLOURED:              # a major turned up goes back, shuffled in
            self.rule("chatvert.first-card-major")
            self.draw.insert(below(len(self.draw), self.rng), self.draw.pop())
        self.pile.append(self.draw.pop())
        self.colour = self.pile[-1] // 13
        self.rule("chatvert.players")
        self.rule("chatvert.majors")
        if self.holders[self.pile[-1]]:               # someone holds its twin: no "j'ai la même" on it
            self.rule("chatvert.first-card-same")
        dealer = below(len(self.players), self.rng)
        self.direction = pick((1, -1), self.rng)
        self.turn = (dealer + self.direction) % len(self.players)

    def give(self, seat: int, card: int) -> None:
        """Put ``card`` in ``seat``'s hand."""
        hand = self.hands[seat]
        if card in hand:
            hand[card] += 1
        else:
            hand[card] = 1
            self.holders[card] |= 1 << seat

    @property
    def sizes(self) -> list[int]:
        """Cards in each seat's hand."""
        return [sum(h.values()) for h in self.hands]

    def _draw(self, seat: int, n: int) -> None:
        hand, draw, holders, bit = self.hands[seat], self.draw, self.holders, 1 << seat
        for _ in range(n):
            if not draw:
                pile = self.pile
                if len(pile) > 1:                      # "Pause": the pile but its top, shuffled
                    draw += pile[:-1]
                    del pile[:-1]
                    shuffle(draw, self.rng)
                else:
                    self.rule("chatvert.nothing-to-draw")
                    self.dry += 1
                    continue
            card = draw.pop()                          # as give() does
            if card in hand:
                hand[card] += 1
            else:
                hand[card] = 1
                holders[card] |= bit
            self.drew[seat] += 1
            self.dry = 0

    def _roll(self, die: int) -> int:
        return self.dice.pop(0) if self.dice else self.rng.randint(1, die)

    # -- the protocol -------------------------------------------------------------------
    def is_over(self) -> bool:
        return bool(self.game_winners)

    def to_act(self) -> frozenset[int]:
        """The player in turn, and whoever may say "j'ai la même": another holder of the top
        card (coloured), unless the card was turned up or they let the moment go. In an
        example all of them may act (its moves say who is first); in a dealt game the quickest
        of them acts first, in the order drawn for that card (ruling chatvert.claims-at-once)."""
        if self.game_winners:
            return NOBODY
        top, turn = self.pile[-1], self.turn
        holders = self.holders[top]
        if holders and top < COLOURED:
            others = holders & ~(self.no_same | 1 << turn)
            if others:
                both = others | 1 << turn
                if self.scripted:
                    return SEATS[both]
                for s in self.rank:
                    if both >> s & 1:
                        return ALONE[s]
        return ALONE[turn]

    def _race(self) -> None:
        """When a top card can be claimed ("j'ai la même") for the first time, draw who is
        quickest among the players (the player in turn and the claimants): ruling
        chatvert.claims-at-once."""
        top = self.pile[-1]
        if top < COLOURED and self.holders[top] & ~(self.no_same | 1 << self.turn) and not self.game_winners:
            shuffle(self.rank, self.rng)
            self.ranked = self.laid
            self.rule("chatvert.claims-at-once")

    def legal_moves(self, seat: int) -> list:
        acting = self.to_act()
        if seat not in acting:
            return []
        if seat != self.turn:
            return [SAME[self.pile[-1]], WAIT]
        if self.stack:
            return [TAKE, *self._answers(seat)]
        playable, hand, moves = PLAYABLE[self.colour][self.pile[-1]], self.hands[seat], []
        for c in hand:                              # majors go anywhere; a colour or a symbol matches
            if playable[c]:
                moves += playable[c][hand[c] >= 2]
        moves.append(DRAW)
        return moves

    def _answers(self, seat: int) -> list:
        hand, out = self.hands[seat], []
        plus2 = self.stack_kind == "plus2" or self.mixed
        plus4 = self.stack_kind == "plus4" or self.mixed
        answers = ANSWERS[bool(plus2), self.pass_card[1] if self.pass_card else None]
        for c in hand:                              # +2s, and the card that passes a penalty on
            if answers[c]:
                out += answers[c][hand[c] >= 2]
        if plus4 and PLUS4 in hand:
            out += MAJOR[PLUS4]
        if self.pass_token and self.tokens.get(self.pass_token[1]) == seat:
            out.append(PassToken(self.pass_token[1]))
        return out

    def bare(self, move):
        """The move without its phrases (legality never depends on what is said)."""
        return type(move)(**{**move.__dict__, "says": None})

    def check_move(self, seat: int, move) -> None:
        for card in getattr(move, "cards", ()):
            if self.hands[seat].get(card, 0) < move.cards.count(card):
                raise MoveError(f"{self.players[seat]} does not hold {' '.join(map(card_name, move.cards))}")
        for p in move.says or ():
            if p not in self.book.phrases and not any(p in r.phrases for r in self.book.rules.values()) \
                    and p != CARD_NAME:
                raise MoveError(f"no phrase {p[:30]!r} (expected chat-vert, card-name or a phrase of rules.yaml)")
        if isinstance(move, Play) and (move.cards[0] >= COLOURED) != (move.colour >= 0):
            raise MoveError("a major names a colour (play W blue); a coloured card does not")

    def why_illegal(self, seat: int, move) -> str:
        if self.stack and seat == self.turn:
            return f"a penalty of {self.stack} is pending: answer it with a {self.stack_kind.replace('plus', '+')} or take it"
        if isinstance(move, Play) and len(move.cards) == 2 and (move.cards[0] != move.cards[1] or move.cards[0] >= COLOURED):
            return "only two identical coloured cards are played together"
        if isinstance(move, Same):
            return "'j'ai la même' needs a card identical to the top one, out of turn, not on the first card"
        return f"it matches neither the colour ({COLOURS[self.colour]}) nor the symbol of {card_name(self.pile[-1])}"

    def perform(self, seat: int, move) -> None:
        due: dict[str, str] = {}                  # phrase → the rule that asks for it
        kind = type(move)
        if kind is Play:                          # the most frequent first
            cards = move.cards
            self._play(seat, cards[0], len(cards), move.colour, due)
        elif kind is Draw:
            n = len(self.players)
            self.rule("chatvert.cannot-play")
            self._draw(seat, 1)
            self.turn = (seat + self.direction) % n
            if self.dry >= n:
                self._stalemate()
        elif kind is Wait:
            self.no_same |= 1 << seat
        elif kind is Take:
            self._targeted(seat, due)
            self._draw(seat, self.stack)
            self.stack, self.stack_kind = 0, ""
            for r in self.on_take:
                self._fire(r, seat, due, -1)
            self.turn = (seat + self.direction) % len(self.players)
        elif kind is PassToken:
            rid, token, phrase = self.pass_token
            self._targeted(seat, due)
            due[phrase] = rid
            self.triggered[rid] += 1
            self.rule("chatvert.string-moves-on")
            self.tokens[token] = self.turn = (seat + self.direction) % len(self.players)
        else:                                     # Same: one coloured card, out of turn
            self._play(seat, move.card, 1, -1, due)
        says = move.says
        # nothing to judge when nothing was said nor due, nor when a simulated player who
        # never forgets nor blurts says what is due
        if says is not None or self.blurt or (due and self.forget):
            if kind is not Wait or says:
                self._judge(seat, says, due)
        if not self.hands[seat] and kind is not Wait:
            self.game_winners = [seat]
        if self.ranked != self.laid and not self.scripted:
            self._race()

    def scores(self) -> list[int]:
        return [-k for k in self.sizes]

    def winners(self) -> list[int]:
        return list(self.game_winners)

    def check_invariants(self) -> None:
        counts, blanks = self.game.deck
        held = [0] * len(counts)
        for zone in (self.draw, self.pile, [c for c in self.box if c != "blank"]):
            for c in zone:
                held[c] += 1
        for h in self.hands:
            for c, k in h.items():
                held[c] += k
        if held != counts or self.box.count("blank") != blanks:
            raise InvariantError("cards lost or doubled: " + ", ".join(
                f"{card_name(c)} {held[c]}/{counts[c]}" for c in range(len(counts)) if held[c] != counts[c]))
        if any(min(h.values(), default=1) < 1 for h in self.hands):
            raise InvariantError("a hand holds a card 0 times")
        if any(bits != sum(1 << s for s, h in enumerate(self.hands) if c in h) for c, bits in enumerate(self.holders)):
            raise InvariantError("who holds each card disagrees with the hands")
        if self.stack < 0 or self.direction not in (1, -1) or not 0 <= self.turn < len(self.players):
            raise InvariantError(f"stack {self.stack}, direction {self.direction}, turn {self.turn}")
        if sum(self.penalties.values()) != sum(map(len, self.penalised)):
            raise InvariantError("penalties counted twice or not at all")

    def observe(self, key: str, want=None):
        """The value of an example's ``expect`` field: see :func:`.setup.observe`."""
        return observe(self, key, want)
