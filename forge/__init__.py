"""forge: build print-and-play kits and rulebooks for card games."""

__version__ = "0.2.0"
__all__ = ["__version__"]
