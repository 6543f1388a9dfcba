"""How simulated Chat vert players choose (``forge simulate chatvert --policy …``)."""
from __future__ import annotations

import random

from .state import DRAW

__all__ = ["sensible"]


def sensible(state, seat: int, rng: random.Random):
    """A random player who plays when they can: a random playable card, drawing only when
    nothing matches; out of turn, says "j'ai la même" half the time; targeted, answers or
    takes at random. Phrases are left to the state (says=None), forgotten and blurted at
    the game's ``forget`` and ``blurt`` rates."""
    moves = state.legal_moves(seat)
    if len(moves) > 1 and moves[-1] is DRAW:    # in turn, no penalty pending, something to play
        return moves[int(rng.random() * (len(moves) - 1))]
    return moves[int(rng.random() * len(moves))]
