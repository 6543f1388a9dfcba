"""The Great Dalmuti (Richard Garfield): climbing-trick card game of ranks and taxes."""
from .game import Dalmuti

__all__ = ["Dalmuti"]
