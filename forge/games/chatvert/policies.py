"""How simulated Chat vert players choose (``forge simulate chatvert --policy …``)."""
from __future__ import annotations

import random

__all__ = ["sensible"]


def sensible(state, seat: int, rng: random.Random):
    """A random player who plays when they can: a random playable card, drawing only when
    nothing matches; out of turn, says "j'ai la même" half the time; targeted, answers or
    takes at random. Phrases are left to the state (says=None), forgotten and blurted at
    the game's ``forget`` and ``blurt`` rates."""
    moves = state.legal_moves(seat)
    if seat == state.turn and not state.stack and len(moves) > 1:
        return moves[int(rng.random() * (len(moves) - 1))]     # the last one is DRAW
    return moves[int(rng.random() * len(moves))]
