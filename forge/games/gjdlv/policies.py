"""A policy for simulating Le Grand Jeu de la Vie beyond random play (``--policy greedy``)."""
from __future__ import annotations

import random

from forge.engine import below

from .cards import PASS, VALUE, Fertilise, Hold, gap, is_face

__all__ = ["greedy"]

INFINITY = float("inf")


def _worth(ovum: int, male: int) -> float:
    """What the greedy policy sees in a couple: a royal ovum 10.5, else 5 + the gap, 4.5 for none."""
    return 10.5 if is_face(ovum) else 5 + gap(ovum, male) if gap(ovum, male) else 4.5


#: :func:`_worth` by ovum, then male gamete (the last row: -1, no ovum)
WORTH = tuple(tuple(_worth(ovum, male) for male in range(54)) for ovum in (*range(54), -1))


def greedy(state, seat: int, rng: random.Random):
    """Chooses its taller pile at random; answers whenever it can (an abortion scores 3),
    ejaculates whenever it may, uses a royal power on a random target; at its turn, fertilises
    or takes the embryo for the largest gap (a royal ovum counting 10), holding back its lowest
    card when neither is possible."""
    moves = state.legal_moves(seat)
    if state.phase == "split":               # the taller pile: either, blind
        return moves[below(len(moves), rng)]
    if state.phase != "action" or moves == [PASS]:
        useful = moves[:-1]                  # all but pass, which comes last
        return useful[below(len(useful), rng)] if useful else PASS
    here, uterus, seat_of = WORTH[state.ovum], state.uterus, state.players.index
    best, top = -INFINITY, []                # the best worth, the moves worth it (in their order)
    for move in moves:
        kind = type(move)
        if kind is Fertilise:
            worth = here[move.card]
        elif kind is Hold:                   # the lowest card held back
            worth = -VALUE[move.card]
        else:                                # a surrogate: the couple it would make
            worth = WORTH[uterus[seat_of(move.victim)][0]][move.card]
        if worth > best:
            best, top = worth, [move]
        elif worth == best:
            top.append(move)
    return top[below(len(top), rng)]
