"""How a simulated Familienbande player chooses beyond random play (``--policy greedy``)."""
from __future__ import annotations

import random

from .cards import PASS, Child, Marry
from .state import FamilienbandeState

__all__ = ["greedy"]


def greedy(state: FamilienbandeState, seat: int, rng: random.Random):
    """Plays the child that scores most for its own (secret) trait, ties broken at random;
    otherwise marries (at random), otherwise passes. It sees only its own trait."""
    moves = state.legal_moves(seat)
    mine, gen_of, deck = state.trait[seat], state.gen_of, state.deck
    best, top = [], 0
    for m in moves:
        if type(m) is Child:
            gain = (gen_of[m.a] + 1) * deck[m.card][1][mine]
            if gain > top:
                best, top = [m], gain
            elif gain == top and gain > 0:
                best.append(m)
    if best:
        return best[rng.randrange(len(best))]
    marriages = [m for m in moves if type(m) is Marry]
    return marriages[rng.randrange(len(marriages))] if marriages else PASS
