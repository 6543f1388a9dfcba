"""Le Grand Jeu de la Vie (GJDLV, by its authors; CC BY-NC 4.0): fertilise, take and abort
embryos with a standard deck."""
from .game import GrandJeu

__all__ = ["GrandJeu"]
