"""forge: build print-and-play kits and rulebooks for card games."""

__version__ = "0.1.0"
__all__ = ["__version__"]
