"""forge's own words on printed sheets (not the game's: those live in each spec)."""
from __future__ import annotations

__all__ = ["ui"]

_UI = {
    "en": {
        "fronts": "fronts", "backs": "backs", "front": "front", "back": "back", "sheet": "sheet {n}/{total}",
        "shared_sheet": "shared sheet {n}/{total}",
        "print_hint": "Print at 100 % (actual size) on {paper} · duplex, {edge}-edge flip",
        "print_hint_simplex": "Print at 100 % (actual size) on {paper} · single-sided",
        "fronts_backs": "fronts and backs", "fold": "fold",
        "glue": "glue",
        "print_hint_gutterfold": "Print at 100 % (actual size) on {paper} · single-sided · gutterfold: fold along the dashed line",
        "print_hint_apart_front": "Print at 100 % (actual size) on {paper} · single-sided · its back is the next page",
        "print_hint_apart_back": "Print at 100 % (actual size) on {paper} · single-sided · back of sheet {n}: print on "
                                 "its reverse ({edge}-edge flip) or glue on",
        "long": "long", "short": "short",
        "calibration_title": "Back-offset calibration",
        "calibration_front": "Print this page duplex at 100 %, flip on the {edge} edge. Hold the sheet to the light.",
        "calibration_back": "Read where the lines of the front fall on these scales, in mm: dx on the horizontal "
                            "scale, dy on the vertical one.",
        "calibration_uneven": "The five readings agree within 0.5 mm: that is your printer’s offset. They differ more: "
                              "the printer scales or turns the sheet; print again at 100 % with no “fit to page” and "
                              "the paper guides snug. If they still differ, use the centre’s readings.",
        "calibration_use": "With the game’s sources, build with forge build --back-offset dx,dy (e.g. 0.5mm,-1mm), or "
                           "write print: back_offset: [dx, dy] in the spec. A kit downloaded as PDFs: set the "
                           "printer’s back-side image shift, if its settings have one, to dx and dy; an offset under "
                           "a millimetre hardly shows: print as it is.",
        "horizontal": "dx", "vertical": "dy",
    },
    "fr": {
        "fronts": "recto", "backs": "verso", "front": "recto", "back": "verso", "sheet": "feuille {n}/{total}",
        "shared_sheet": "feuille commune {n}/{total}",
        "print_hint": "Imprimer à 100 % (taille réelle) sur {paper} · recto verso, bord {edge}",
        "print_hint_simplex": "Imprimer à 100 % (taille réelle) sur {paper} · recto seul",
        "fronts_backs": "recto et verso", "fold": "pli",
        "glue": "colle",
        "print_hint_gutterfold": "Imprimer à 100 % (taille réelle) sur {paper} · recto seul · pliage : pliez le long du pointillé",
        "print_hint_apart_front": "Imprimer à 100 % (taille réelle) sur {paper} · recto seul · son verso est la page "
                                  "suivante",
        "print_hint_apart_back": "Imprimer à 100 % (taille réelle) sur {paper} · recto seul · verso de la feuille {n}\u00a0: "
                                 "à imprimer au dos (bord {edge}) ou à coller",
        "long": "long", "short": "court",
        "calibration_title": "Calibrage du décalage recto verso",
        "calibration_front": "Imprimez cette page en recto verso à 100 %, bord {edge}. Regardez la feuille à contre-jour.",
        "calibration_back": "Lisez où tombent les traits du recto sur ces règles, en mm\u00a0: dx sur la règle "
                            "horizontale, dy sur la verticale.",
        "calibration_uneven": "Les cinq lectures concordent à 0,5\u00a0mm près\u00a0: c’est le décalage de votre "
                              "imprimante. Elles diffèrent davantage\u00a0: l’imprimante agrandit ou tourne la "
                              "feuille\u202f; réimprimez à 100\u00a0% sans «\u00a0ajuster à la page\u00a0», les guides "
                              "du bac contre le papier. Si elles diffèrent encore, prenez les lectures du centre.",
        "calibration_use": "Avec les sources du jeu, construisez avec forge build --back-offset dx,dy (par ex. "
                           "0.5mm,-1mm), ou écrivez print: back_offset: [dx, dy] dans la spec. Un kit téléchargé en "
                           "PDF\u00a0: réglez le décalage d’image du verso de l’imprimante, si ses réglages en ont un, "
                           "sur dx et dy\u202f; un décalage de moins d’un millimètre se voit à peine\u00a0: imprimez "
                           "tel quel.",
        "horizontal": "dx", "vertical": "dy",
    },
    "de": {
        "fronts": "Vorderseiten", "backs": "Rückseiten", "front": "Vorderseite", "back": "Rückseite",
        "sheet": "Blatt {n}/{total}",
        "shared_sheet": "gemeinsames Blatt {n}/{total}",
        "print_hint": "Mit 100\u00a0% (tatsächliche Größe) auf {paper} drucken · beidseitig, an der {edge} Kante wenden",
        "print_hint_simplex": "Mit 100\u00a0% (tatsächliche Größe) auf {paper} drucken · einseitig",
        "fronts_backs": "Vorder- und Rückseiten", "fold": "falten",
        "glue": "kleben",
        "print_hint_gutterfold": "Mit 100\u00a0% (tatsächliche Größe) auf {paper} drucken · einseitig · Faltbogen: "
                                 "entlang der gestrichelten Linie falten",
        "print_hint_apart_front": "Mit 100\u00a0% (tatsächliche Größe) auf {paper} drucken · einseitig · die Rückseite "
                                  "ist die nächste Seite",
        "print_hint_apart_back": "Mit 100\u00a0% (tatsächliche Größe) auf {paper} drucken · einseitig · Rückseite zu "
                                 "Blatt {n}: auf dessen Rückseite drucken (an der {edge} Kante wenden) oder aufkleben",
        "long": "langen", "short": "kurzen",
        "calibration_title": "Kalibrierung des Rückseitenversatzes",
        "calibration_front": "Drucke diese Seite beidseitig mit 100\u00a0% und wende dabei an der {edge} Kante. "
                             "Halte das Blatt gegen das Licht.",
        "calibration_back": "Lies auf diesen Skalen ab, wo die Linien der Vorderseite liegen, in mm: dx auf der "
                            "waagerechten Skala, dy auf der senkrechten.",
        "calibration_uneven": "Stimmen die fünf Messwerte auf 0,5\u00a0mm genau überein, ist das der Versatz deines "
                              "Druckers. Weichen sie stärker voneinander ab, skaliert oder dreht der Drucker das "
                              "Blatt: Drucke erneut mit 100\u00a0%, ohne „An Seite anpassen“ und mit eng anliegenden "
                              "Papierführungen. Weichen sie dann immer noch ab, nimm die Werte der Mitte.",
        "calibration_use": "Mit den Quelldateien des Spiels erstellst du das Kit mit forge build --back-offset dx,dy "
                           "(z.\u00a0B. 0.5mm,-1mm) oder schreibst print: back_offset: [dx, dy] in die Spec. Hast "
                           "du das Kit als PDF heruntergeladen, stelle die Bildverschiebung für die Rückseite in "
                           "den Druckereinstellungen auf dx und dy ein, falls es sie dort gibt; ein Versatz unter "
                           "einem Millimeter fällt kaum auf: Drucke dann einfach so.",
        "horizontal": "dx", "vertical": "dy",
    },
}


def ui(lang: str, key: str, **values) -> str:
    """A sheet label in ``lang`` (English when the language is not known)."""
    table = _UI.get(lang, _UI["en"])
    return table[key].format(**values)
