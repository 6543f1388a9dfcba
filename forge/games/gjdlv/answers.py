"""Le Grand Jeu de la Vie's answers at any time, as explicit response windows.

Every fertilisation (direct, surrogate, a winning held-back ejaculation) is put on a stack
before it takes effect. The players who hold an answer are asked: ``to_act`` is that set,
and each writes an answer or ``pass``, in any order. When all have spoken, no answer lets
the top of the stack take effect; otherwise the answer of the player first in turn order
after the one who made the action is played (ruling ``gjdlv.answer-order`` when several
answered at once) and the new top is opened to answers in turn:

- a fertilisation is answered by an abortion (the twin black card, or a black Jack in Règles
  Abondantes, the Guilde du Cintre) and, when it is a surrogate, by a black Queen (Amour
  Maternel) that cancels it;
- an abortion is answered by a black King (Manif pour Tous) that cancels it; the
  fertilisation is then open to answers again (ruling ``gjdlv.reopen``).

Held-back ejaculations (phase 3) are a window of the same kind: each player whose Urètre
holds a gamete that can fertilise the ovum writes ``ejaculate`` or ``pass``.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import (ABORT, CANCEL, FACE, JACKS, KINGS, PASS, QUEENS, TWIN, Abort, Cancel, Ejaculate,
                    Pass, card_name, gap, is_face, twin)

__all__ = ["Answers", "Fert", "Abortion", "NOBODY"]

#: nobody: an empty ``to_act``, or nobody asked
NOBODY: frozenset[int] = frozenset()


@dataclass(slots=True)
class Fert:
    """A fertilisation waiting for answers: ``kind`` direct, surrogate or held (ejaculation)."""

    kind: str
    actor: int
    ovum: int
    male: int
    victim: int = -1               # a surrogate: whose embryo is taken, and its male gamete
    old: int = -1

    def laid(self) -> tuple[int, ...]:
        """The cards this event holds while it waits (the ovum stays where it lies)."""
        return (self.male,)


@dataclass(slots=True)
class Abortion:
    actor: int
    card: int
    target: Fert

    def laid(self) -> tuple[int, ...]:
        return (self.card,)


class Answers:
    """The response windows of :class:`~.state.GrandJeuState` (a mixin)."""

    # -- who may answer what ------------------------------------------------------------------
    def answers(self, seat: int) -> list:
        """The answers ``seat`` holds to the top of the stack (its hand: the two pile tops)."""
        top, out = self.stack[-1], []
        if seat == top.actor:
            return out
        hand = self.tops(seat)
        if type(top) is Abortion:                    # a black King cancels it
            for c in hand:
                if c in KINGS:
                    out.append(CANCEL[c])
            return out
        twin, jacks = TWIN[top.male], JACKS if self.abondantes else ()
        for c in hand:                               # the twin aborts it, a black Jack too
            if c == twin or c in jacks:
                out.append(ABORT[c])
        if top.kind == "surrogate":                  # a black Queen cancels a surrogate
            for c in hand:
                if c in QUEENS:
                    out.append(CANCEL[c])
        return out

    def why_not_answer(self, seat: int, move) -> str:
        if seat not in self.asked:
            return f"{self.players[seat]} has no answer to give now"
        if seat in self.spoken:
            return f"{self.players[seat]} has already answered ({self.spoken[seat]})"
        if self.phase == "ejaculation":
            return "only held-back gametes ejaculate now (ejaculate or pass)"
        top = self.stack[-1]
        if isinstance(top, Abortion):
            return "an abortion is answered only by a black King (Manif pour Tous)"
        if isinstance(move, Cancel):
            return "a black Queen (Amour Maternel) cancels only a surrogate"
        return f"{card_name(move.card)} does not abort {card_name(top.male)}: only {card_name(twin(top.male))}" + \
            (" or a black Jack" if self.abondantes else "")

    # -- the stack ------------------------------------------------------------------------------
    def _fertilise(self, fert: Fert) -> None:
        """Put a fertilisation on the stack and settle it (asking those who may answer)."""
        held = TWIN[fert.male]
        if held in self.uretre and any(u == held for s, u in enumerate(self.uretre) if s != fert.actor):
            self.rule("gjdlv.held-no-answer")
        self.stack.append(fert)
        self._settle()

    def _settle(self, reopened: bool = False) -> None:
        """Open the top of the stack to answers, or let it take effect when nobody can answer.
        Those asked show a card that answers it in hand (a black King for an abortion, else the
        table ``ANSWERING`` of the game's rules); while the window is open, ``offers`` keeps each
        one's legal moves, its answers then ``pass`` (the hands do not change until it closes)."""
        stack, piles = self.stack, self.piles
        while stack:
            top, offers = stack[-1], {}              # who holds a card that answers the top, in hand
            wanted = KINGS if type(top) is Abortion else self.answering[top.kind == "surrogate"][top.male]
            for s in self.others[top.actor]:
                left, right = piles[s]
                if left and left[-1] in wanted or right and right[-1] in wanted:
                    offers[s] = (*self.answers(s), PASS)
            if offers:
                if reopened:
                    self.rule("gjdlv.reopen")
                self.offers, self.phase = offers, "answer"
                self.asked = self.acting = frozenset(offers)
                return
            self._take_effect(stack.pop())
            reopened = False
        self._continue()

    def _close_window(self) -> None:
        """Everyone asked has spoken: play the first answer in turn order, or none."""
        spoken, self.spoken, self.asked = self.spoken, {}, NOBODY
        answered = []              # ejaculations in the order spoken; answers in turn order after the actor
        if self.phase == "ejaculation":
            for s, move in spoken.items():
                if type(move) is Ejaculate:
                    answered.append(s)
            return self._ejaculations(answered)
        top = self.stack[-1]
        for s in self.after[top.actor]:
            if s in spoken and type(spoken[s]) is not Pass:
                answered.append(s)
        if not answered:
            self._take_effect(self.stack.pop())
            return self._settle()
        if len(answered) > 1:
            self.rule("gjdlv.answer-order")
        seat, move = answered[0], spoken[answered[0]]
        self._take(seat, move.card)
        if type(move) is Abort:
            self.stack.append(Abortion(seat, move.card, top))
            return self._settle()
        self.stack.pop()
        if type(top) is Abortion:              # Manif pour Tous: the abortion is cancelled
            self.mouchoir += [top.card, move.card]
            return self._settle(reopened=True)
        self.mouchoir += [top.male, move.card]     # Amour Maternel: the surrogate is cancelled
        self._settle()

    def _take_effect(self, event) -> None:
        if type(event) is Abortion:
            fert = event.target
            self.stack.pop()                       # the fertilisation it ends
            self._consume(fert)
            self.formol[event.actor].append((fert.ovum, fert.male, event.card))
            self.ledger[event.actor][0] += 1
            return
        kind = event.kind
        if kind == "surrogate":                    # as _consume does
            self.uterus[event.victim] = None
            self.mouchoir.append(event.old)
        else:
            self.ovum = -1
        self.uterus[event.actor] = (event.ovum, event.male)
        if kind == "held" and event.actor == self.next_seat(self.turn):
            self.express += 1

    def _consume(self, fert: Fert) -> None:
        """The ovum of ``fert`` leaves where it lay (the table, or the victim's Utérus)."""
        if fert.kind == "surrogate":
            self.uterus[fert.victim] = None
            self.mouchoir.append(fert.old)
        else:
            self.ovum = -1

    # -- phase 3 ----------------------------------------------------------------------------------
    def _open_ejaculations(self) -> bool:
        uretre = self.uretre
        if max(uretre) < 0:                          # nobody holds a gamete back
            return False
        royal, asked = FACE[self.ovum], []
        for s in self.others[self.turn]:
            held = uretre[s]
            if held >= 0 and (royal or not FACE[held]):     # may_fertilise
                asked.append(s)
        if asked:
            self.asked = self.acting = frozenset(asked)
            self.phase = "ejaculation"
        return bool(asked)

    def _ejaculations(self, seats: list[int]) -> None:
        """Equal gaps are discarded first, then the smallest gap takes the ovum."""
        if len(seats) > 1:
            if is_face(self.ovum):
                self.rule("gjdlv.royal-gap")
            gaps = {s: gap(self.ovum, self.uretre[s]) for s in seats}
            alone = [s for s in seats if list(gaps.values()).count(gaps[s]) == 1]
            winner = min(alone, key=gaps.get) if alone else -1
        else:                                        # one ejaculation takes the ovum, none leaves it
            winner = seats[0] if seats else -1
        male = self.uretre[winner] if winner >= 0 else -1
        for s in seats:
            if s != winner:
                self.mouchoir.append(self.uretre[s])
            self.uretre[s] = -1
        self.phase = "action"
        if winner < 0:
            return self._continue()
        self._fertilise(Fert("held", winner, self.ovum, male))
