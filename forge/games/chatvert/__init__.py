"""Le Chat vert (the Marc-moi-trizos team): a shedding game on a four-colour deck in which each
winner adds a rule for every later game."""
from .game import ChatVert

__all__ = ["ChatVert"]
