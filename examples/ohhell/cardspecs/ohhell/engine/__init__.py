"""Oh Hell (Rikiki), a traditional trick-taking game: the rules engine of this project.

forge finds it here, beside the card spec (cardspecs/ohhell/engine/), and plays the deck that
is printed (cardspecs/ohhell/deck.csv). The declaration is in :mod:`.game`, the rules in
:mod:`.state`, scripted situations of worked examples in :mod:`.situation`.
"""
from .game import OhHell

__all__ = ["OhHell"]
