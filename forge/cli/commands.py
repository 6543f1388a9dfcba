"""forge's commands: list, build, calibrate."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Column, Table

from ..errors import ForgeError
from ..cardspec.model import MM, PAPERS
from . import app, err, exc_lines, out, project_root, report, show, warning

LANG_HELP = "Language to build: a code such as fr or en, or all."
PAPER_HELP = "Paper: a4 or letter (default: the papers each spec asks for)."


@app.command("list")
def list_games() -> None:
    """List the games found in cardspecs/, their languages, rules engines and components."""
    from ..build import load_games
    try:
        games = load_games(project_root())
    except ForgeError as exc:
        report(exc)
    from ..engine.registry import games as engines
    found = engines(project_root())
    table = Table("game", "languages", "rules engine", "component", "kind", "cards", "size (mm)", "paper")
    for spec in games.values():
        first = True
        for comp in spec.components.values():
            w, h = comp.size
            size = f"{w / MM:.1f} × {h / MM:.1f}" if comp.kind != "sheet" else "paper"
            counts = {lang: comp.count(lang) for lang in spec.languages}
            cards = (str(comp.card_count) if len(set(counts.values())) <= 1
                     else " · ".join(f"{lang} {n}" for lang, n in counts.items()))
            table.add_row(spec.game if first else "", ", ".join(spec.languages) if first else "",
                          (found.source(spec.game) or "none") if first else "",
                          comp.name, comp.kind, cards, size, ", ".join(comp.print.papers))
            first = False
    out.print(table)


#: the options of a build, shared by build, watch and serve
Games = Annotated[Optional[list[str]], typer.Argument(help="Games to build (default: every game).")]
Lang = Annotated[str, typer.Option("--lang", help=LANG_HELP)]
Paper = Annotated[Optional[str], typer.Option("--paper", help=PAPER_HELP)]
OutDir = Annotated[Path, typer.Option("--out", help="Output folder.")]
InkSaver = Annotated[bool, typer.Option("--ink-saver", help="Light backs, no solid fills: outlines and "
                                        "light tints, same layout (same file names).")]
Cmyk = Annotated[bool, typer.Option("--cmyk", help="Colours converted to CMYK for a print shop (device "
                                    "CMYK, no colour profile; same file names).")]
Pdfx = Annotated[bool, typer.Option("--pdfx", help="PDF/X-4 files for a print shop: CMYK as --cmyk, "
                                    "for the FOGRA39 condition (offset, coated paper), profile embedded.")]
SiteUrl = Annotated[Optional[str], typer.Option("--site-url", help="Where build/ is published "
                    "(https://…/): the pages' language alternates and canonical links become absolute.")]
Booklet = Annotated[bool, typer.Option("--booklet", help="Also print each rulebook as an A4 booklet, "
                                       "rules-a4.pdf beside rules.html, with Chromium (found on PATH or "
                                       "named by FORGE_CHROMIUM).")]
Gutterfold = Annotated[bool, typer.Option("--gutterfold", help="Every deck's backs beside its fronts on one "
                                          "side of the sheet, to fold along the dashed line (single-sided "
                                          "printers; same file names).")]
BackOffset = Annotated[Optional[str], typer.Option("--back-offset", metavar="DX,DY", help="Shift every "
                      "back by DX, DY (the readings of forge calibrate's sheet, e.g. 0.5mm,-1mm; bare numbers "
                      "are mm), for the printer at hand: it replaces the specs' print: back_offset.")]
Strict = Annotated[bool, typer.Option("--strict", help="Stop on warnings too (an image under 300 dpi at print "
                                      "size): exit 2, nothing written.")]


@app.command()
def build(games: Games = None, lang: Lang = "all", paper: Paper = None, out_dir: OutDir = Path("build"),
          ink_saver: InkSaver = False, cmyk: Cmyk = False, site_url: SiteUrl = None, booklet: Booklet = False,
          strict: Strict = False, gutterfold: Gutterfold = False, back_offset: BackOffset = None,
          pdfx: Pdfx = False) -> None:
    """Build the print-and-play PDFs (build/<game>/<lang>/<component>-<paper>.pdf), the HTML rulebooks
    (build/<game>/<lang>/rules.html, with --booklet also rules-a4.pdf) and, for a full build,
    build/index.html.

    The output folder is locked for the run and replaced as a whole at the end (forge.publish):
    an error or an interruption leaves the previous build whole."""
    from ..build import run, up_to_date_line
    from ..publish import OutputFolder
    try:
        options = build_options(lang, paper, ink_saver, cmyk, site_url, booklet, strict, gutterfold, back_offset,
                                pdfx)
        with OutputFolder(out_dir, project_root()) as folder:
            with Progress(TextColumn("{task.description:<40}"), BarColumn(), MofNCompleteColumn(),
                          console=err, transient=True, disable=not err.is_terminal) as progress:
                task = progress.add_task("rendering", total=None)
                written, published, specs = run(project_root(), folder, games or (), options, warning,
                                                lambda what, total: (progress.update(task, total=total, advance=1,
                                                                                     description=what),
                                                                     progress.refresh()))     # each task shown
    except ForgeError as exc:
        report(exc)
    if not published.written and not published.removed:
        out.print(up_to_date_line(folder.shown, published.kept))
        return
    table = Table("file", "pages", "cards", "size")
    svgs = [w for w in written if w.path.suffix == ".svg"]
    for w in written:
        if w.path.suffix != ".svg":
            table.add_row(str(w.path), str(w.pages), str(w.cards) if w.cards else "", f"{w.size / 1024:.0f} KiB")
    if svgs:
        table.add_row(f"{len(svgs)} card drawings (…/cards/*.svg)", "", str(len(svgs)),
                      f"{sum(w.size for w in svgs) / 1024:.0f} KiB")
    out.print(table)
    _images_table(specs)
    modes = (("ink saver", ink_saver), ("CMYK", cmyk and not pdfx), ("PDF/X-4", pdfx), ("gutterfold", gutterfold))
    mode = " and ".join(m for m, on in modes if on)
    out.print(f"published {folder.shown}: {published.written} files written"
              + (f" (in {mode}, under the names of a normal build)" if mode else "")
              + f", {published.kept} kept from the previous build")
    if published.removed:
        out.print(f"removed {len(published.removed)} files this build no longer makes: "
                  + ", ".join(path.as_posix() for path in published.removed), markup=False, highlight=False)


def _images_table(specs: dict) -> None:
    """Each image's size and its lowest effective resolution where it is printed."""
    from ..cardspec.images import DPI_WARN
    rows = [(path, info, dpi) for spec in specs.values() for path, (info, dpi) in sorted(spec.images.items())]
    if not rows:
        return
    table = Table(Column("image", overflow="fold"), "pixels", "mode", Column("dpi", justify="right"),
                  caption=f"dpi: the least resolution where the image is printed ({DPI_WARN} wanted)")
    for path, info, dpi in rows:
        table.add_row(path, f"{info.width} × {info.height}", info.mode, f"{dpi:.0f}" + ("" if dpi >= DPI_WARN else " low"))
    out.print(table)


def build_options(lang: str, paper: str | None, ink_saver: bool, cmyk: bool, site_url: str | None, booklet: bool,
                  strict: bool = False, gutterfold: bool = False, back_offset: str | None = None, pdfx: bool = False):
    """The build's options checked (forge.build.Options); an ErrorGroup names a bad one."""
    from ..build import Options
    from ..errors import ErrorGroup, Location, OptionError, excerpt
    if paper is not None and paper not in PAPERS:
        raise ErrorGroup([OptionError(Location("--paper"), f"unknown paper {excerpt(paper)} "
                                      f"(expected one of: {', '.join(PAPERS)})")])
    chromium = None
    if booklet:
        from ..rulebook.booklet import find_chromium
        chromium = find_chromium()
    return Options(lang, paper, ink_saver, cmyk or pdfx, checked_url(site_url), chromium, strict, gutterfold,
                   checked_offset(back_offset), pdfx)


def checked_offset(value: str | None) -> tuple[float, float] | None:
    """``--back-offset DX,DY`` as two lengths in points (bare numbers are mm), each within the
    limit a spec's ``print: back_offset`` has."""
    from ..cardspec.checks import length
    from ..errors import ErrorGroup, Location, OptionError, excerpt
    from ..limits import limit
    if value is None:
        return None
    most = limit("offset_max")
    try:
        dx, dy = (length(-most, most)(v) for v in value.split(","))
    except (TypeError, ValueError) as exc:
        why = f" ({exc})" if isinstance(exc, ValueError) and str(exc).startswith("expected") else ""
        raise ErrorGroup([OptionError(Location("--back-offset"), f"not a back offset: {excerpt(value)}{why}",
                                      hint="give the calibration sheet's two readings, DX,DY, such as "
                                           "0.5mm,-1mm (bare numbers are mm)")]) from None
    return dx, dy


def checked_url(url: str | None, option: str = "--site-url") -> str | None:
    """``--site-url`` (or ``option``) checked (an absolute http(s) address, no query) and ending with "/"."""
    from urllib.parse import urlsplit

    from ..errors import ErrorGroup, Location, OptionError, excerpt
    if url is None:
        return None
    if len(url) > 1024 or any(c in url for c in '"<> \\`') or any(ord(c) < 0x20 or 0x7f <= ord(c) < 0xa0 for c in url):
        raise ErrorGroup([OptionError(Location(option), f"not a site address: {excerpt(url)} (a control character, "
                                      "a space, a quote or an angle bracket, or over 1,024 characters)",
                                      hint="give the absolute address build/ is published at, "
                                           "such as https://example.org/games/")])
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ErrorGroup([OptionError(Location(option), f"not a site address: {excerpt(url)}",
                                      hint="give the absolute address build/ is published at, "
                                           "such as https://example.org/games/")])
    return url if url.endswith("/") else url + "/"


@app.command()
def new(game: Annotated[str, typer.Argument(help="The new game's id: lower-case letters, digits, - or _.")],
        engine: Annotated[bool, typer.Option("--engine", help="Also a rules engine beside the card spec "
                                             "(cardspecs/GAME/engine.py), a worked example it checks in each "
                                             "edition, and tests/test_GAME.py running forge's test kit.")] = False,
        source: Annotated[str, typer.Option("--source-lang", help="The language the rulebook is written in, "
                                            "fr or en; the other is its translation.")] = "fr",
        ) -> None:
    """Start a game: a card spec with a layout of its own, a data CSV, strings in French and
    English, an example image and a two-language rulebook; `forge build GAME` works at once."""
    from ..scaffold import new_game
    try:
        written = new_game(project_root(), game, engine, source)
    except ForgeError as exc:
        report(exc)
    for path in written:
        out.print(f"wrote {path}")
    out.print(f"next: forge build {game}, then open build/{game}/{source}/cards-a4.pdf and "
              f"build/{game}/{source}/rules.html; "
              f"edit cardspecs/{game}/cards.csv (forge docs cardspec describes the spec)")
    if engine:
        out.print(f"the rules: cardspecs/{game}/engine.py (forge docs engines describes the API); forge check plays "
                  f"the examples of rules_src/{game}/, pytest runs tests/test_{game.replace('-', '_')}.py")


@app.command()
def calibrate(
    paper: Annotated[str, typer.Option("--paper", help="Paper: a4 or letter.")] = "a4",
    flip: Annotated[str, typer.Option("--flip", help="Duplex flip: long-edge or short-edge.")] = "long-edge",
    out_dir: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("build"),
) -> None:
    """Write the back-offset calibration sheet (print it duplex, read the offset)."""
    from ..errors import ErrorGroup, Location, OptionError, excerpt
    from ..kit.calibration import render_calibration
    from ..publish import OutputFolder
    problems = []
    if paper not in PAPERS:
        problems.append(OptionError(Location("--paper"), f"unknown paper {excerpt(paper)} (expected one of: {', '.join(PAPERS)})"))
    if flip not in ("long-edge", "short-edge"):
        problems.append(OptionError(Location("--flip"), f"unknown flip {excerpt(flip)} (expected long-edge or short-edge)"))
    if problems:
        report(ErrorGroup(problems))
    name = f"calibration-{paper}{'' if flip == 'long-edge' else '-short-edge'}.pdf"
    try:
        with OutputFolder(out_dir, project_root()) as folder:   # published like a build: see `build`
            folder.publish([(Path(name), render_calibration(paper, flip).data)])
    except ForgeError as exc:
        report(exc)
    out.print(f"wrote {out_dir / name}")


@app.command("mark-translated")
def mark_translated(
    game: Annotated[str, typer.Argument(help="The game whose rulebook was translated (a folder of rules_src/).")],
    lang: Annotated[str, typer.Argument(help="The translation's language (e.g. en).")],
    sections: Annotated[Optional[list[str]], typer.Argument(help="Section ids brought up to date (default: every translated section).")] = None,
) -> None:
    """Record that sections of a translation follow the current source text (clears 'stale')."""
    from ..errors import Location, OptionError, RulebookError, excerpt
    from ..rulebook.staleness import editions_of, mark_translated as mark, source_of
    try:
        rules = project_root() / "rules_src"
        games = sorted(p.name for p in rules.iterdir() if p.is_dir()) if rules.is_dir() else []
        if game not in games:
            raise OptionError(Location("GAME"), f"no rulebook {excerpt(game)} (expected one of: "
                              f"{', '.join(games) or 'none'})", hint="rulebooks are the folders of rules_src/")
        editions = editions_of(rules / game)
        if lang not in editions:
            raise OptionError(Location("LANG"), f"no edition {excerpt(lang)} of '{game}' (expected one of: "
                              f"{', '.join(editions) or 'none'})", hint="editions are rules_src/<game>/<lang>.md")
        source = source_of(editions[lang], editions)
        if source is None:
            raise RulebookError(Location.of(editions[lang].path, 1), f"{lang}.md is a source edition, not a "
                                "translation", hint="a translation starts with front matter: translation_of: <source>")
        done = mark(editions[lang], source, sections or None)
    except ForgeError as exc:
        report(exc)
    out.print(f"{Location.of(editions[lang].path)}: {len(done)} section{'' if len(done) == 1 else 's'} "
              f"follow{'s' if len(done) == 1 else ''} {source.lang}.md: {', '.join(done)}")


@app.command()
def watch(games: Games = None, lang: Lang = "all", paper: Paper = None, out_dir: OutDir = Path("build"),
          ink_saver: InkSaver = False, cmyk: Cmyk = False, site_url: SiteUrl = None,
          back_offset: BackOffset = None) -> None:
    """Build, then rebuild the games whose files change (their specs, data files, rulebook
    sources; templates/ rebuilds every rulebook page) until Ctrl-C. A bad edit prints its
    errors and the output folder keeps its previous build."""
    try:
        options = build_options(lang, paper, ink_saver, cmyk, site_url, False, back_offset=back_offset)
    except ForgeError as exc:
        report(exc)
    _watch(games or (), out_dir, options)


@app.command()
def serve(games: Games = None, port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port on "
                                                                 "127.0.0.1 (0: any free port).")] = 8000,
          watching: Annotated[bool, typer.Option("--watch/--no-watch", help="Build and rebuild as forge watch "
                                                 "does (--no-watch: serve the output folder as it is).")] = True,
          lang: Lang = "all", paper: Paper = None, out_dir: OutDir = Path("build"),
          ink_saver: InkSaver = False, cmyk: Cmyk = False, site_url: SiteUrl = None,
          back_offset: BackOffset = None) -> None:
    """Serve the output folder at http://127.0.0.1:PORT/ (this computer only) while forge watch
    rebuilds it; open pages reload after each rebuild. Ctrl-C stops."""
    import threading

    from ..gallery import PREFIX
    from ..serve import Problems, start
    problems = Problems()
    try:
        options = build_options(lang, paper, ink_saver, cmyk, site_url, False, back_offset=back_offset)
        server = start(out_dir, port, project_root(), problems)
    except ForgeError as exc:
        report(exc)
    address = f"http://127.0.0.1:{server.server_address[1]}"
    out.print(f"serving {out_dir}/ at {address}/ (open it in a browser; Ctrl-C stops); every card at {address}{PREFIX}")
    try:
        if watching:
            _watch(games or (), out_dir, options, problems)
        else:
            threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()


def _watch(games: list[str], out_dir: Path, options, problems=None) -> None:
    """forge watch: build, then rebuild after each change, one line each, until Ctrl-C (exit 0);
    what stops a rebuild is also told to ``problems`` (forge serve's pages show it)."""
    from ..watch import Watcher

    def failed(change, exc: ForgeError) -> None:
        show(exc)
        err.print(f"not rebuilt: {out_dir}/ keeps its previous build; watching for the next change")
        if problems is not None:
            problems.set(exc_lines(exc))

    def built(change, seconds, _) -> None:
        out.print(change.line(seconds, "rebuilt" if change.paths else "built"))
        if problems is not None:
            problems.set([])
    try:
        watcher = Watcher(project_root(), out_dir, games, options, warn=warning, failed=failed, built=built,
                          ignored=lambda paths: out.print(f"changed {', '.join(paths)}: no watched game reads it"),
                          watching=lambda folders: out.print(f"watching {', '.join(folders)} (Ctrl-C stops)"))
        watcher.run()
    except ForgeError as exc:
        report(exc)
    except KeyboardInterrupt:
        pass
