"""Which games have a rules engine, and the engine of each (placeholder: being rewritten)."""
from __future__ import annotations

from .core import get_game

__all__ = ["kit_problems"]


def kit_problems(spec) -> list:
    """What the game's engine (if any) finds wrong with the printed kit ``spec``."""
    try:
        game = get_game(spec.game)
    except KeyError:
        return []
    return game.check_kit(spec)
