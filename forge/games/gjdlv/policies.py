"""A policy for simulating Le Grand Jeu de la Vie beyond random play (``--policy greedy``)."""
from __future__ import annotations

import random

from .cards import PASS, Fertilise, Hold, gap, is_face, value

__all__ = ["greedy"]


def greedy(state, seat: int, rng: random.Random):
    """Answers whenever it can (an abortion scores 3), ejaculates whenever it may, uses a royal
    power on a random target; at its turn, fertilises or takes the embryo for the largest gap
    (a royal ovum counting 10), holding back its lowest card when neither is possible."""
    moves = state.legal_moves(seat)
    if state.phase != "action" or moves == [PASS]:
        useful = [m for m in moves if m is not PASS]
        return useful[rng.randrange(len(useful))] if useful else PASS

    def worth(move) -> float:
        if isinstance(move, Hold):
            return -value(move.card)
        ovum = state.ovum if isinstance(move, Fertilise) else state.uterus[state.seat(move.victim)][0]
        return 10.5 if is_face(ovum) else 5 + gap(ovum, move.card) if gap(ovum, move.card) else 4.5
    worths = [worth(m) for m in moves]
    best = max(worths)
    top = [m for m, w in zip(moves, worths) if w == best]
    return top[rng.randrange(len(top))]
