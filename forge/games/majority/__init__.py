"""Majority (Grégorie Grard): simultaneous votes on word associations."""
from .game import Majority

__all__ = ["Majority"]
