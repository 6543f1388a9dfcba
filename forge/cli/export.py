"""forge's export command: kits for screens (PNG per card, Tabletop Simulator decks)."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.table import Table

from ..errors import ForgeError
from . import app, out, project_root, report, warning
from .commands import LANG_HELP, checked_url


@app.command("export")
def export(
    games: Annotated[Optional[list[str]], typer.Argument(help="Games to export (default: every game).")] = None,
    png: Annotated[bool, typer.Option("--png", help="A PNG per card face: <game>/<lang>/png/<component>/"
                                      "<row>-front.png, <row>-back.png or one back.png.")] = False,
    tts: Annotated[bool, typer.Option("--tts", help="Tabletop Simulator decks: <game>/<lang>/tts/<component>-"
                                      "sheet-N.png, <component>-back.png and the saved object <component>.json.")] = False,
    dpi: Annotated[int, typer.Option("--dpi", help="Resolution of the PNGs (50 to 1200); TTS sheets are "
                                     "scaled down from it to 4096 px a side at most.")] = 300,
    bleed: Annotated[bool, typer.Option("--bleed/--trim", help="PNGs with the cards' bleed, or cut to their "
                                        "trim (TTS sheets are always trimmed).")] = False,
    lang: Annotated[str, typer.Option("--lang", help=LANG_HELP)] = "all",
    out_dir: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("build"),
    url_base: Annotated[Optional[str], typer.Option("--url-base", help="Where the output folder is published "
                        "(https://…/): the TTS saved objects name their images there, not by file:/// path.")] = None,
) -> None:
    """Export the decks for screens: a PNG per card face (--png) and Tabletop Simulator deck sheets
    with a saved object (--tts), drawn as the print kit is. Published into the output folder as a
    build is: all or nothing, the folder's other files kept."""
    from ..export.run import ExportOptions, export as run
    from ..publish import OutputFolder
    try:
        opts = ExportOptions(png, tts, dpi, bleed, lang, checked_url(url_base, "--url-base"))
        with OutputFolder(out_dir, project_root()) as folder:
            done = run(project_root(), folder, games or (), opts, warning)
    except ForgeError as exc:
        report(exc)
    table = Table("deck", "cards", "faces", *(["PNG (px)"] if png else []), *(["TTS sheets"] if tts else []))
    for game, lg, comp, cards, faces, size, sheets in done.decks:
        table.add_row(f"{game}/{lg}/{comp}", str(cards), str(faces), *([f"{size[0]} × {size[1]}"] if png else []),
                      *([str(sheets)] if tts else []))
    out.print(table)
    if done.skipped:
        out.print(f"skipped (not decks: boards and sheets are exported as PDF only): {', '.join(done.skipped)}")
    per_card = 1000 * done.seconds / done.cards if done.cards else 0
    removed = len(done.published.removed)
    out.print(f"published {folder.shown}: {done.published.written} files written, {done.published.kept} kept"
              + (f", {removed} of a previous export of these decks removed" if removed else "") + "; "
              f"{done.cards} cards drawn in {done.seconds:.1f} s ({per_card:.0f} ms per card)")
