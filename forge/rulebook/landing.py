"""The index pages (``build/index.html``, ``build/index.<lang>.html``): a landing page.

Each game is shown with a drawn card (:func:`cover`), its authors, its player count (from its
rules engine, when it has one: :func:`players`), its play time (the card spec's ``play_time``),
its languages and, per edition, its rulebook and its print files grouped by paper
(:func:`by_paper`): the A4 files together, the Letter files together, and a component printed on
a page of its own size (a 297 × 155 mm score track) under that size, said once. The page's
language's edition comes first, the others after it, folded. The cards drawn are written as
SVG files beside the edition's rulebook cards (``<game>/<lang>/cards/``): the page needs no
network.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from .. import __version__
from ..cardspec.model import Component, Face, GameSpec, Row
from ..cardspec.resolve import resolve_face
from ..cardspec.templating import TemplateError
from ..engine.registry import UnknownGame, get_game
from ..errors import ForgeError
from ..kit.art.svg import SvgPen
from ..kit.registry import CardBox, DoesNotFit
from ..kit.render import SAFE
from .cards import Card
from .typography import typeset
from .ui import language_name, load_ui

__all__ = ["DEFAULT_LANG", "BOOKLET_TITLE", "index_name", "default_lang", "worded", "by_paper", "cover", "players",
           "play_time", "index_pages"]

#: the language of build/index.html and of the pages' x-default (others: index.<lang>.html)
DEFAULT_LANG = "en"
#: stands for the booklet's title among an edition's files (named in the page's language)
BOOKLET_TITLE = ("booklet",)


def index_name(lang: str, langs: list[str]) -> str:
    """The index page of ``lang`` among the index languages ``langs``."""
    return "index.html" if lang == default_lang(langs) else f"index.{lang}.html"


def default_lang(langs: list[str]) -> str:
    """The language of ``index.html`` among ``langs``."""
    return DEFAULT_LANG if DEFAULT_LANG in langs or not langs else langs[0]


def worded(downloads: list, ui: dict) -> list:
    """A kit's files with the one file to print (title None) and the booklet named in the
    page's language."""
    named = {None: ui["print_all"], BOOKLET_TITLE: ui["booklet"]}
    return [(named.get(title, title), files) for title, files in downloads]


def by_paper(downloads: list, ui: dict, folder: str = "") -> list[dict]:
    """An edition's files, (title, [(paper, file name)]), grouped by paper in the order met:
    ``{"paper": "A4", "files": [{"title", "href", "main"}]}``; ``main``: the one file to
    print, first of its group. A title that says its paper ("Score track, whole sheet 297 × 155 mm") is shown
    without it, since its group says it."""
    groups: dict[str, list[dict]] = {}
    for (title, files), (shown, _) in zip(downloads, worded(downloads, ui)):
        for paper, name in files:
            said = shown.replace(paper, "").strip(" ,:;–—") if paper in shown else shown
            groups.setdefault(paper, []).append({"title": said or shown, "href": folder + name, "main": title is None})
    return [{"paper": paper, "files": sorted(files, key=lambda f: not f["main"])} for paper, files in groups.items()]


def cover(spec: GameSpec, lang: str) -> list[Card]:
    """The cards that show ``spec``'s game on the landing page, back then face: the first card
    of its first deck whose back has a layout of its own (a card back, which usually carries
    the game's name), else the face of its first deck's first card. A face that cannot be
    drawn is left out: the kit's build reports it, at its line."""
    decks = [c for c in spec.components.values() if c.kind == "deck" and c.rows_for(lang)]
    if not decks:
        return []
    deck = next((c for c in decks if c.back is not None and c.back.layout != c.front.layout), decks[0])
    row = deck.rows_for(lang)[0]
    sides = [("back", deck.back)] if deck.back is not None and deck.back.layout != deck.front.layout else []
    drawn = [draw(spec, deck, face, row, lang, side) for side, face in sides + [("front", deck.front)]]
    return [card for card in drawn if card is not None]


def draw(spec: GameSpec, comp: Component, face: Face, row: Row, lang: str, side: str) -> Card | None:
    """One side of one card as an SVG file (None when it cannot be drawn)."""
    if face.draws is None:
        return None
    w, h = comp.size
    pen = SvgPen(w, h, title=spec.titles.get(lang, spec.title))
    try:
        face.draws.draw(pen, CardBox(w, h, 0.0, SAFE), resolve_face(face, row, lang, spec), lang)
    except (DoesNotFit, TemplateError, ForgeError):
        return None
    svg = pen.svg()
    digest = hashlib.sha256(svg.encode()).hexdigest()[:8]
    return Card(f"{comp.name}-{side}-{digest}.svg", svg, "", w, h)


def players(game: str, root: Path, ui: dict) -> str | None:
    """How many play ``game``, in the page's words ("4–8 players"), as its rules engine says
    (None for a game without one, or whose engine does not load: its pages say why)."""
    try:
        engine = get_game(game, root)
    except (UnknownGame, ForgeError):
        return None
    low, high = engine.min_players, engine.max_players
    if low == high:
        return ui["about_players_n"].replace("{n}", str(low))
    return ui["landing_players"].replace("{min}", str(low)).replace("{max}", str(high))


def play_time(spec: GameSpec | None, ui: dict) -> str | None:
    """How long a game lasts, in the page's words ("20–45 min"), as the card spec says
    (``play_time``; None when it does not)."""
    if spec is None or spec.play_time is None:
        return None
    low, high = spec.play_time
    return (ui["landing_time_one"].replace("{n}", str(low)) if low == high
            else ui["landing_time"].replace("{min}", str(low)).replace("{max}", str(high)))


def index_pages(books, games: list, out: Path, downloads: dict[tuple[str, str], list],
                calibration: list[tuple[str, str]] = (), booklet: str | None = None
                ) -> tuple[dict[Path, str], dict[Path, str]]:
    """One landing page per language (:func:`index_name`) of every game with a rulebook or a
    kit, and the cards they show: (path → HTML, path → SVG). ``books``: the
    :class:`~forge.rulebook.pages.Rulebooks` building them (its specs, templates and words);
    ``games``: its games' rules; ``downloads``: per (game,
    language), its kit's files (see :meth:`Rulebooks.page`); ``calibration``: (paper, path from
    ``out``); ``booklet``: the file name of each rulebook's booklet, when this build prints them."""
    langs = books.index_langs()
    href = (lambda l: f"{books.site_url}{index_name(l, langs)}") if books.site_url else (lambda l: index_name(l, langs))
    if booklet:                                  # each rulebook's booklet, first among its files
        downloads = {**downloads, **{(r.game, l): [(BOOKLET_TITLE, [("A4", booklet)])] + downloads.get((r.game, l), [])
                                     for r in games for l in r.editions}}
    cards: dict[Path, str] = {}
    covers = {}
    for game, spec in sorted(books.specs.items()):
        for lang in (l for l in langs if l in spec.languages):
            drawn = cover(spec, lang)
            cards.update({out / game / lang / "cards" / c.name: c.svg for c in drawn})
            covers[game, lang] = [{"src": f"{game}/{lang}/cards/{c.name}", "width": round(c.width),
                                   "height": round(c.height)} for c in drawn]
    pages = {}
    for lang in langs:
        alternates = [{"lang": l, "name": language_name(books.templates, l), "href": href(l), "current": l == lang}
                      for l in langs]
        context = landing(books, games, downloads, lang, langs, covers)
        sheets = {"title": context["ui"]["calibration"], "files": list(calibration)} if calibration else None
        html = books.env.get_template("index.html.j2").render(
            **context, version=__version__, css="assets/rulebook.css", calibration=sheets, alternates=alternates,
            x_default=href(default_lang(langs)))
        pages[out / index_name(lang, langs)] = typeset(html, lang)
    return pages, cards


def landing(books, games: list, downloads: dict, lang: str, langs: list[str],
            covers: dict[tuple[str, str], list[dict]]) -> dict:
    """What the landing page in ``lang`` shows: ``ui`` (its words) and ``games``, each with its
    title, cover, credits, facts and editions (the page's language first, then the others in
    code order), each edition in its own words (its ``ui``)."""
    ui = load_ui(books.templates, lang)
    rules = {r.game: r for r in games}
    order = [lang] + [l for l in langs if l != lang]
    entries = []
    for game in sorted(set(rules) | set(books.specs)):
        spec, book = books.specs.get(game), rules.get(game)
        have = set(book.editions if book else ()) | set(spec.languages if spec else ())
        editions = []
        for l in (l for l in order if l in have):
            title = book.editions[l].title if book and l in book.editions else spec.titles.get(l, spec.title)
            own = load_ui(books.templates, l)
            editions.append({"lang": l, "name": language_name(books.templates, l), "title": title, "ui": own,
                             "href": f"{game}/{l}/rules.html" if book and l in book.editions else None,
                             "papers": by_paper(downloads.get((game, l), []), own, f"{game}/{l}/")})
        entries.append({"game": game, "title": editions[0]["title"], "editions": editions,
                        "cover": covers.get((game, editions[0]["lang"]), []),
                        "authors": ", ".join(spec.authors) if spec else "",
                        "players": players(game, books.root, ui),
                        "time": play_time(spec, ui),
                        "languages": [e["name"] for e in editions]})
    return {"lang": lang, "ui": ui, "games": entries}
