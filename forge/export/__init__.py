"""Kits for screens: ``forge export`` writes each card face as a PNG (:mod:`.png`) and each deck
as Tabletop Simulator deck sheets with a saved object (:mod:`.tts`), from the drawing of the
print kit (:mod:`.faces`); :mod:`.run` plans an export and publishes it like a build."""
