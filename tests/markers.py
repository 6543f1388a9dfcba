"""How far Familienbande's score markers go: the highest marker position at the end of
simulated games, and the track length the printed kit declares.

Used by tests/kit/test_track_length.py (a small seeded run) and benchmarks/track_length.py
(the big run whose figures are written in ``cardspecs/familienbande.yaml``). Game ``i`` of
a run uses ``random.Random(f"{seed}:{i}")``, as ``forge simulate`` does, so a run gives the
same figures however it is split between processes.
"""
from __future__ import annotations

import math
import random
from fractions import Fraction

from pathlib import Path

from forge.build import load_games
from forge.engine import playout
from forge.engine.registry import get_game
from forge.engine.simulate import NAMES, seat_policies

__all__ = ["highest_markers", "percentile", "track_length"]

GAME = "familienbande"


def highest_markers(players: int, policy: str, seed: int, start: int, stop: int) -> list[int]:
    """The highest of the five markers (every trait, held or not) at the end of games
    ``start`` … ``stop − 1``, every seat playing ``policy``."""
    game = get_game(GAME)
    choose = seat_policies(game, policy, players)
    out = []
    for i in range(start, stop):
        state = game.new_state(NAMES[:players], {}, random.Random(f"{seed}:{i}"))
        playout(state, choose)
        out.append(max(state.markers))
    return out


def percentile(values: list[int], q: float) -> int:
    """The nearest-rank ``q``-th percentile (0 < q ≤ 100): the smallest value that at least
    ``q`` % of ``values`` do not exceed."""
    ordered = sorted(values)
    rank = math.ceil(Fraction(str(q)) * len(ordered) / 100)      # exact: 99.9 % of 1000 is 999
    return ordered[max(0, rank - 1)]


def track_length() -> int:
    """The number of spaces on the printed track (0 … length − 1), read from the loaded spec."""
    spec = load_games(Path.cwd(), [GAME])[GAME]
    return int(spec.components["track"].front.params["length"])
