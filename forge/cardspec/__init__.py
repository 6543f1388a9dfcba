"""The card spec language: load YAML specs with located errors, resolve templates."""
from .loader import find_specs, load_spec, resolve_face
from .model import CARD_PRESETS, MM, PAPERS, Component, GameSpec

__all__ = ["find_specs", "load_spec", "resolve_face", "CARD_PRESETS", "MM", "PAPERS", "Component", "GameSpec"]
