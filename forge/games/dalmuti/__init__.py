"""The Great Dalmuti (Richard Garfield): climbing-trick card game of ranks and taxes."""
from .rules import Dalmuti

__all__ = ["Dalmuti"]
