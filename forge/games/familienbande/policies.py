"""How a simulated Familienbande player chooses (``--policy random`` or ``greedy``).

Neither lists every legal move: ``random`` draws the very move the engine's random policy
draws (``pick(legal_moves, rng)``), counting the marriages instead of listing them. Draws go
through the engine's ``below`` and ``pick`` (what ``randrange`` and ``choice`` draw)."""
from __future__ import annotations

import random

from forge.engine import below, pick

from .cards import PASS
from .state import FamilienbandeState

__all__ = ["uniform", "greedy"]


def uniform(state: FamilienbandeState, seat: int, rng: random.Random):
    """A legal move drawn uniformly: the very move ``pick(state.legal_moves(seat), rng)`` draws
    (pass, then the marriages, then the children), with the marriages counted, not listed."""
    children = state.children(seat)
    marriages = state.marriage_count(seat)
    k = below(1 + marriages + len(children), rng)
    if not k:
        return PASS
    return state.marriage(seat, k - 1) if k <= marriages else children[k - 1 - marriages]


def greedy(state: FamilienbandeState, seat: int, rng: random.Random):
    """Plays the child that scores most for its own (secret) trait, ties broken at random (in
    the order of the legal moves); otherwise marries (at random), otherwise passes. It sees
    only its own trait."""
    mine = state.trait[seat]
    scoring = state.held[seat] & state.moves.showing[mine]      # hand cards showing its trait
    best, top = [], 0
    if scoring:
        hand, deck = state.hands[seat], state.deck
        for gen, _, fits, kids in state.couples:                # state.children(seat), in order
            if fits & scoring:
                for card in hand:
                    if card in kids:
                        gain = (gen + 1) * deck[card][1][mine]
                        if gain > top:
                            best, top = [kids[card]], gain
                        elif gain == top and gain:
                            best.append(kids[card])
    if best:
        return pick(best, rng)
    marriages = state.marriage_count(seat)
    return state.marriage(seat, below(marriages, rng)) if marriages else PASS
