"""How simulated Majority players vote (``forge simulate majority --policy …``)."""
from __future__ import annotations

import random

from forge.engine import below

from .state import OPTIONS, VOTES, MajorityState, Vote

__all__ = ["uniform", "consensus"]


def uniform(state: MajorityState, seat: int, rng: random.Random) -> Vote:
    """Every option equally likely."""
    return VOTES[OPTIONS[below(4, rng)]]


def consensus(state: MajorityState, seat: int, rng: random.Random) -> Vote:
    """A table that mostly agrees: proposal A is the obvious association (60 %), B and C
    share the rest; the player votes score more often as the reference pile grows."""
    if rng.random() < min(0.6, 0.08 * state.reference):
        return VOTES["score"]
    r = rng.random()
    return VOTES["A" if r < 0.6 else "B" if r < 0.8 else "C"]
