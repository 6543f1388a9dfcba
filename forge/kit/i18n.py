"""forge's own words on printed sheets (not the game's: those live in each spec)."""
from __future__ import annotations

__all__ = ["ui"]

_UI = {
    "en": {
        "fronts": "fronts", "backs": "backs", "front": "front", "back": "back", "sheet": "sheet {n}/{total}",
        "print_hint": "Print at 100 % (actual size) on {paper} · duplex, {edge}-edge flip",
        "print_hint_simplex": "Print at 100 % (actual size) on {paper} · single-sided",
        "fronts_backs": "fronts and backs", "fold": "fold",
        "print_hint_gutterfold": "Print at 100 % (actual size) on {paper} · single-sided · gutterfold: fold along the dashed line",
        "long": "long", "short": "short",
        "calibration_title": "Back-offset calibration",
        "calibration_front": "Print this page duplex at 100 %, flip on the {edge} edge. Hold the sheet to the light.",
        "calibration_back": "Read where the lines of the front fall on these scales (in mm).",
        "calibration_use": "Write the readings as print: back_offset: [dx, dy] in the spec (e.g. [0.5mm, -1mm]).",
        "horizontal": "dx", "vertical": "dy",
    },
    "fr": {
        "fronts": "recto", "backs": "verso", "front": "recto", "back": "verso", "sheet": "feuille {n}/{total}",
        "print_hint": "Imprimer à 100 % (taille réelle) sur {paper} · recto verso, bord {edge}",
        "print_hint_simplex": "Imprimer à 100 % (taille réelle) sur {paper} · recto seul",
        "fronts_backs": "recto et verso", "fold": "pli",
        "print_hint_gutterfold": "Imprimer à 100 % (taille réelle) sur {paper} · recto seul · pliage : pliez le long du pointillé",
        "long": "long", "short": "court",
        "calibration_title": "Calibrage du décalage recto verso",
        "calibration_front": "Imprimez cette page en recto verso à 100 %, bord {edge}. Regardez la feuille à contre-jour.",
        "calibration_back": "Lisez où tombent les traits du recto sur ces règles (en mm).",
        "calibration_use": "Reportez les lectures dans la spec : print: back_offset: [dx, dy] (par ex. [0.5mm, -1mm]).",
        "horizontal": "dx", "vertical": "dy",
    },
}


def ui(lang: str, key: str, **values) -> str:
    """A sheet label in ``lang`` (English when the language is not known)."""
    table = _UI.get(lang, _UI["en"])
    return table[key].format(**values)
