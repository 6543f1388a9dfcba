"""How simulated players choose (``forge simulate ohhell --policy careful``); ``random`` is
forge's own. A careful player bids the tricks their high cards should take and then plays
to take exactly that many: the lowest card that wins while tricks are still needed, the
highest card that loses once the bid is reached."""
from __future__ import annotations

import random

from .cards import BIDS, Bid

__all__ = ["POLICIES", "careful"]


def _strength(card: int, trump: int, led: int) -> int:
    s = card // 13
    return 100 + card % 13 if s == trump else 50 + card % 13 if s == led or led < 0 else 0


def _estimate(hand: list[int], trump: int) -> float:
    """Tricks a hand should take: high trumps and aces, and a guarded king."""
    tricks = 0.0
    for c in hand:
        s, r = c // 13, c % 13
        if s == trump:
            tricks += 1 if r >= 9 else 0.4
        elif r == 12:
            tricks += 1
        elif r == 11 and sum(1 for d in hand if d // 13 == s) >= 2:
            tricks += 0.5
    return tricks


def careful(state, seat: int, rng: random.Random):
    moves = state.legal_moves(seat)
    if isinstance(moves[0], Bid):
        want = round(_estimate(state.hands[seat], state.trump))
        return min(moves, key=lambda m: (abs(m.tricks - want), m.tricks)) if BIDS[want] not in moves else BIDS[want]
    need = state.bids[seat] - state.tricks[seat]
    trump = state.trump
    if not state.trick:
        order = sorted(moves, key=lambda m: _strength(m.card, trump, -1))
        return order[-1] if need > 0 else order[0]
    led = state.led
    best = max(_strength(c, trump, led) for _, c in state.trick)
    order = sorted(moves, key=lambda m: _strength(m.card, trump, led) * 13 + m.card % 13)
    winning = [m for m in order if _strength(m.card, trump, led) > best]
    losing = [m for m in order if _strength(m.card, trump, led) <= best]
    if need > 0:
        return winning[0] if winning else order[0]
    return losing[-1] if losing else order[0]


POLICIES = {"careful": careful}
