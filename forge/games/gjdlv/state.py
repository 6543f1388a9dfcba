"""Le Grand Jeu de la Vie (GJDLV, CC BY-NC 4.0): fertilise, take and abort embryos with a
standard deck, black cards the male gametes, red cards the female ones.

Each player plays from two face-down piles, their Testicules, whose top cards are their hand.
A turn: 0 birth (the embryo in the Utérus goes to the Nurserie, a held gamete to the
Mouchoir), 1 ovulation (a red card turned up), 2 action (fertilise it, take an opponent's
embryo with a male gamete that brings its genetic gap closer — a surrogate —, or hold a
gamete back face down in the Urètre), 3 held-back ejaculation (when the ovum was left, the
players holding back may fertilise it; the smallest gap wins, equal gaps are discarded
first), 4 menstruation (an ovum left goes to the Diva Cup).

Answers at any time are explicit response windows (:mod:`.answers`): after every
fertilisation the players holding an answer are asked, ``to_act`` is that set, and each
answers or passes. In Règles Abondantes the face cards join: red ones are Royal Ova (King 10
points, Queen 0 and steals a newborn, Jack 5 and removes an embryo), black ones Imperial
Sperm (gametes for Royal Ova only, or powers: Jack aborts any fertilisation, King cancels an
abortion, Queen cancels a surrogate).

A round's deal gives each player the same number of black cards, split into two piles; with
an odd number, each player chooses which pile is the taller (the ``split`` phase, all at
once). A round ends after the phase 0 of the first player to lay their very last card; Formol
scores 3 per abortion, a newborn 5 + its gap, k fully inbred newborns 6 − k each. Totals
carry over 9 rounds (5 for a short game). Where the rules are silent, the named rulings of
``RULINGS`` apply and are counted.
"""
from __future__ import annotations

import random
from functools import cache
from typing import Mapping, Sequence

from forge.engine import InvariantError, MoveError, State, shuffle

from . import cards
from .answers import NOBODY, Answers, Fert
from .cards import (ANSWERING, DEALT, EJACULATE, FACE, FERTILE, HOLD, PASS, ROYAL, TAKERS, TALLER, VALUE, Fertilise,
                    Hold, Remove, Steal, Surrogate, card_name, gap, is_black, is_face, may_take, powers,
                    round_points, surrogates)
from .setup import observe, set_up

__all__ = ["GrandJeuState"]


@cache
def seating(n: int) -> tuple[tuple, tuple, tuple]:
    """For ``n`` players, by seat: itself alone (a ``to_act``), the others in seat order, the
    others in turn order after it (built once for each player count)."""
    return (tuple(frozenset((s,)) for s in range(n)), tuple(tuple(o for o in range(n) if o != s) for s in range(n)),
            tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n)))


class GrandJeuState(Answers, State):
    def __init__(self, game: "GrandJeu", players: Sequence[str], rng: random.Random, options: Mapping):
        super().__init__(game, players, rng)
        n = len(players)
        self.mode = options.get("mode", "simples")
        self.abondantes = self.mode == "abondantes"
        self.answering = ANSWERING[self.abondantes, False], ANSWERING[self.abondantes, True]   # by a surrogate, male
        self.rounds = int(options.get("rounds", 9))
        self.jokers = 2 if str(options.get("deck", "54")) == "54" else 0
        self.totals = [0] * n
        self.history: list[list[int]] = []      # each finished round's points
        self.round, self.first, self.turn = 1, 0, 0
        self.phase = "action"
        self.stage = 2                           # the turn's phase (2: action and answers, 3: ejaculations)
        self.power = 0                           # a royal newborn's power pending at phase 0 (QUEEN/JACK)
        self.express = 0
        self.solo, self.others, self.after = seating(n)
        self.surrogates = [surrogates(name) for name in self.players]    # by victim, then card
        self.black, self.red, self.aside = DEALT[self.abondantes]        # the aside: faces in Simples Règles
        self._clear_round()
        if options.get("situation"):
            set_up(self, options)
        else:
            self._deal()

    # -- the table ----------------------------------------------------------------------------
    def _clear_round(self) -> None:
        n = len(self.players)
        self.piles: list[list[list[int]]] = [[[], []] for _ in range(n)]   # left, right; top last
        self.uretre = [-1] * n
        self.uterus: list[tuple[int, int] | None] = [None] * n          # (ovum, male)
        self.nursery: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.formol: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        self.mouchoir: list[int] = []
        self.diva: list[int] = []
        self.ovulation: list[int] = []           # top last
        self.box: list[int] = []                 # set aside: jokers, faces in Simples Règles
        self.ovum = -1
        self.stack: list = []                    # pending fertilisation and answers
        self.asked: frozenset[int] = NOBODY      # who is asked in an open window
        self.offers: dict[int, tuple] = {}       # an answer window: each seat's legal moves (answers, pass)
        self.spoken: dict[int, object] = {}
        self.acting: frozenset[int] = NOBODY     # to_act, kept at each change of phase, turn or speaker
        self.announcer = -1                      # who laid their very last card
        self.ledger = [[0, 0] for _ in range(n)] # per seat: abortions made, newborns gained (invariant)

    def _deal(self) -> None:
        """Deal the round, then begin it: at once, or once each player dealt an odd number of
        cards has chosen which Testicule is the taller (the odd card lies on the left until then)."""
        n = len(self.players)
        if self.jokers:
            self.box += [52, 53][:self.jokers]
            self.rule("gjdlv.jokers")
        self.box += self.aside
        black, red = list(self.black), list(self.red)
        shuffle(black, self.rng)                 # as rng.shuffle, without its layers
        shuffle(red, self.rng)
        each = len(black) // n
        for s in range(n):
            mine = black[s * each:(s + 1) * each]
            half = (each + 1) // 2
            self.piles[s] = [mine[:half], mine[half:]]
        self.mouchoir += black[n * each:]
        self.ovulation = red
        if each % 2:
            self.phase, self.acting = "split", frozenset(range(n))
        else:
            self.begin_turn()

    def tops(self, seat: int) -> list[int]:
        """The cards in ``seat``'s hand: the top of each Testicule (left, then right)."""
        left, right = self.piles[seat]
        return [left[-1], right[-1]] if left and right else left[-1:] or right[-1:]

    def _take(self, seat: int, card: int) -> None:
        """Lay ``card`` from ``seat``'s hand: the pile it came from shows its next card."""
        left, right = self.piles[seat]
        (left if left and left[-1] == card else right).pop()
        if not left and not right and self.announcer < 0:
            self.announcer = seat

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % len(self.players)

    # -- the turn -----------------------------------------------------------------------------
    def begin_turn(self) -> None:
        """Phase 0 (birth, the held gamete to the Mouchoir), then the rest if no power waits."""
        t = self.turn
        born, held, power = self.uterus[t], self.uretre[t], 0
        if born is not None:
            self.uterus[t] = None
            self.nursery[t].append(born)
            self.ledger[t][1] += 1
            ovum = born[0]
            if FACE[ovum] and VALUE[ovum] in (cards.QUEEN, cards.JACK) and self._targets(VALUE[ovum]):
                power = VALUE[ovum]
        if held >= 0:
            self.mouchoir.append(held)
            self.uretre[t] = -1
        self.power = power
        if power:
            self.phase, self.acting = "power", self.solo[t]
        else:
            self._after_birth()

    def _targets(self, power: int) -> list[int]:
        others = self.others[self.turn]
        if power == cards.QUEEN:
            return [s for s in others if self.nursery[s]]
        return [s for s in others if self.uterus[s] is not None]

    def _after_birth(self) -> None:
        """Phase 1, unless the round ends: the announcer has had their phase 0, or no ovum is left."""
        turn, ovulation = self.turn, self.ovulation
        if self.announcer == turn:
            return self._end_round()
        if not ovulation:
            self.rule("gjdlv.ovulation-empty")
            return self._end_round()
        self.ovum = ovulation.pop()
        self.stage, self.phase, self.acting = 2, "action", self.solo[turn]

    def _continue(self) -> None:
        """After the action and its answers: phase 3 (held-back ejaculations), 4, the next turn."""
        if self.stage == 2:
            self.stage = 3
            if self.ovum >= 0 and self._open_ejaculations():
                return
        if self.ovum >= 0:
            self.diva.append(self.ovum)
            self.ovum = -1
        self.turn = self.after[self.turn][0]        # the next seat
        self.begin_turn()

    def _end_round(self) -> None:
        points = []
        for s in range(len(self.players)):
            pts, inbred = round_points(self.formol[s], self.nursery[s])
            if inbred >= 6:
                self.rule("gjdlv.inbred-floor")
            points.append(pts)
        self.totals = [a + b for a, b in zip(self.totals, points)]
        self.history.append(points)
        if self.round >= self.rounds:
            self.phase = "over"
            self.stack, self.asked, self.acting = [], NOBODY, NOBODY
            if self.totals.count(max(self.totals)) > 1:
                self.rule("gjdlv.shared-win")
            return
        self.round += 1
        self.first = self.next_seat(self.first)
        self.turn = self.first
        self._clear_round()
        self._deal()

    # -- the protocol ---------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == "over"

    def to_act(self) -> frozenset[int]:
        """The player whose turn it is (power, action), those asked who have not spoken yet (a
        window), nobody once the game is over: ``acting``, kept as they change."""
        return self.acting

    def legal_moves(self, seat: int) -> list:
        """At phase 2, with each card in hand: fertilise the ovum (:meth:`may_fertilise`), take an
        embryo (:meth:`may_take`), hold back; pass with no card. The moves are built once
        (``FERTILE``, ``HOLD``, the ``surrogates``), and the cards that may take an embryo are
        read from ``TAKERS``. At the setup, with an odd number of cards: the taller pile, left or
        right. In a window: the answers held, or ejaculate, and pass; at a royal power: each
        target, and pass."""
        phase = self.phase
        if phase == "action":
            if seat != self.turn:
                return []
            uterus, surrogates, others = self.uterus, self.surrogates, self.others[seat]
            fertile, moves = FERTILE[ROYAL[self.ovum]], []
            for pile in self.piles[seat]:
                if pile:
                    c = pile[-1]
                    moves += fertile[c]
                    for s in others:
                        embryo = uterus[s]
                        if embryo is not None and c in TAKERS[embryo]:
                            moves.append(surrogates[s][c])
                    moves.append(HOLD[c])
            return moves or [PASS]
        if seat not in self.acting:
            return []
        if phase == "split":
            return list(TALLER)
        if phase == "answer":
            return list(self.offers[seat])
        if phase == "ejaculation":
            return [EJACULATE, PASS]
        power = self.power                                              # a Queen steals, a Jack removes
        return [*(powers(self.players[s])[power] for s in self._targets(power)), PASS]

    def may_fertilise(self, male: int, ovum: int) -> bool:
        """Imperial Sperm fertilise Royal Ova only; a numbered gamete fertilises any ovum."""
        return not is_face(male) or is_face(ovum)

    def may_take(self, male: int, embryo: tuple[int, int]) -> bool:
        """A surrogate: a royal embryo is taken by Imperial Sperm only; another embryo by a
        numbered gamete that strictly reduces its genetic gap (:func:`.cards.may_take`)."""
        return may_take(male, embryo)

    def check_move(self, seat: int, move) -> None:
        card = getattr(move, "card", None)
        if card is not None and card not in self.tops(seat):
            raise MoveError(f"{self.players[seat]} does not hold {card_name(card)} (in hand: "
                            f"{' '.join(map(card_name, self.tops(seat))) or 'nothing'})")
        victim = getattr(move, "victim", None)
        if victim is not None:
            self.seat(victim)

    def why_illegal(self, seat: int, move) -> str:
        if self.phase in ("answer", "ejaculation"):
            return self.why_not_answer(seat, move)
        if self.phase == "split":
            return "each player first chooses their taller pile: taller left or taller right"
        if isinstance(move, Fertilise):
            return f"{card_name(move.card)} is an Imperial Sperm: it fertilises only a Royal Ovum"
        if isinstance(move, Surrogate):
            embryo = self.uterus[self.seat(move.victim)]
            if embryo is None:
                return f"{move.victim} has no embryo in gestation"
            if is_face(embryo[0]):
                return "only an Imperial Sperm (a black face card) takes a royal embryo"
            if is_face(move.card):
                return f"{card_name(move.card)} is an Imperial Sperm: it takes only a royal embryo"
            return (f"{card_name(move.card)} does not bring the embryo {card_name(embryo[0])}/{card_name(embryo[1])} "
                    f"closer than its gap of {gap(*embryo)}")
        return f"it is {self.phase} time" if self.phase != "action" else "the rules do not allow it now"

    def perform(self, seat: int, move) -> None:
        phase, kind = self.phase, type(move)
        if phase == "action":
            if kind is Fertilise:
                self._take(seat, move.card)
                self._fertilise(Fert("direct", seat, self.ovum, move.card))
            elif kind is Hold:
                self._take(seat, move.card)
                self.uretre[seat] = move.card
                self._continue()
            elif kind is Surrogate:
                self._take(seat, move.card)
                victim = self.seat(move.victim)
                ovum, old = self.uterus[victim]
                self._fertilise(Fert("surrogate", seat, ovum, move.card, victim, old))
            else:                                        # pass: no card left in hand
                self.rule("gjdlv.no-gamete")
                self._continue()
        elif phase == "split":                           # the taller pile chosen: the odd card moves, or stays
            if move.side == "right":
                left, right = self.piles[seat]
                right.insert(0, left.pop(0))
            self.acting -= self.solo[seat]
            if not self.acting:
                self.begin_turn()
        elif phase == "power":
            if kind is Steal:
                victim = self.seat(move.victim)
                self.nursery[seat].append(self.nursery[victim].pop())
                self.ledger[seat][1] += 1
                self.ledger[victim][1] -= 1
            elif kind is Remove:
                victim = self.seat(move.victim)
                ovum, male = self.uterus[victim]
                self.uterus[victim] = None
                self.mouchoir.append(male)
                self.diva.append(ovum)
            self._after_birth()
        else:                                            # a window: answer or ejaculation
            spoken = self.spoken
            spoken[seat] = move
            if len(spoken) == len(self.asked):           # everyone asked has spoken (only they may)
                self._close_window()
            else:
                self.acting = self.asked - spoken.keys()

    def scores(self) -> list[int]:
        """Totals banked in finished rounds, plus this round's points from the zones."""
        if self.is_over():
            return list(self.totals)
        return [t + round_points(f, n)[0] for t, f, n in zip(self.totals, self.formol, self.nursery)]

    def check_invariants(self) -> None:
        held = [c for s in range(len(self.players)) for p in self.piles[s] for c in p]
        held += [c for c in self.uretre if c >= 0] + [c for e in self.uterus if e for c in e]
        held += [c for n in self.nursery for e in n for c in e] + [c for f in self.formol for e in f for c in e]
        held += self.mouchoir + self.diva + self.ovulation + self.box + ([self.ovum] if self.ovum >= 0 else [])
        held += [c for event in self.stack for c in event.laid()]
        size = 52 + self.jokers
        if len(held) != size or set(held) != set(range(size)):
            raise InvariantError(f"{len(held)} cards in play, {len(set(held))} different (expected the {size} "
                                 f"of the deck, each once)")
        for s, name in enumerate(self.players):
            for pair in self.nursery[s] + ([self.uterus[s]] if self.uterus[s] else []):
                if is_black(pair[0]) or not is_black(pair[1]):
                    raise InvariantError(f"{name} has a couple {card_name(pair[0])}/{card_name(pair[1])}")
            if self.ledger[s] != [len(self.formol[s]), len(self.nursery[s])]:
                raise InvariantError(f"{name}: {self.ledger[s]} abortions/newborns made, the zones hold "
                                     f"{len(self.formol[s])}/{len(self.nursery[s])}")
        if [sum(r[s] for r in self.history) for s in range(len(self.players))] != self.totals:
            raise InvariantError(f"totals {self.totals} differ from the rounds' points {self.history}")

    def observe(self, key: str, want=None):
        """The value of an example's ``expect`` field: see :func:`.setup.observe`."""
        return observe(self, key, want)
