"""Familienbande (Leo Colovini, 2004): marry portraits, place their children, push the traits
of your secret family up the score track."""
from .game import Familienbande

__all__ = ["Familienbande"]
