"""Build the HTML rulebooks: ``<out>/<game>/<lang>/rules.html`` (with the card SVGs in
``cards/``), the shared ``<out>/assets/rulebook.css`` and ``<out>/index.html``.

For each language edition of ``rules_src/<game>/``:

1. every worked example is replayed by the engine (a failing one stops the build:
   the page would show something false); every ``{{id.key}}`` placeholder must resolve;
   the editions carry the same example ids (but for sections a translation lacks);
2. each section is rendered by :func:`forge.rulebook.render.render_section` (Markdown,
   sanitizer, then the figures drawn by forge itself); what the sanitizer removed is
   reported as located warnings (``warn``), and the build goes on: the page is safe;
3. a translation shows its sections in the source's order; a section it lacks is
   shown from the source, marked as such; a stale one carries a notice;
4. the page template (Jinja2, autoescape on) adds the language switcher, hreflang
   alternates, the table of contents and the print links, and, after the first section,
   the "about the game" box of a game whose engine declares one (``Game.ABOUT``) (figures
   of a seeded simulation run once per game);
5. the finished page goes through the typographic pass (:mod:`forge.rulebook.typography`):
   French spaces and quotes, English quotes, by the language of each element.

Everything is rendered in memory; the caller writes the files (all or none).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from markupsafe import Markup

from .. import __version__
from ..engine.examples import Example, check_example, missing_ids, parse_examples
from ..errors import ErrorGroup, InputError, Warning_, gather
from ..fences import code_lines, fences
from ..cardspec.model import GameSpec
from .about import about_box, measure, run_of
from .cards import CardArt
from .extensions.checked_values import PLACEHOLDER, lookup
from .figures import Speaker, build_figure, load_words
from .prose import check_prose
from .render import render_section
from .source import EDITION_FILE, Edition, Section, plain
from .typography import typeset
from .staleness import Status, compare, editions_of, source_of, unexcused
from .ui import language_name, load_ui, templates_dir

__all__ = ["Output", "Rulebooks", "check_placeholders", "load_rules", "index_name", "DEFAULT_LANG"]

#: the language of build/index.html and of the pages' x-default (others: index.<lang>.html)
DEFAULT_LANG = "en"
#: stands for the booklet's title among an edition's files (named in the page's language)
BOOKLET_TITLE = ("booklet",)
#: an id a stylesheet selector may name as it is (headings' and figures' ids are of this form)
CSS_ID = re.compile(r"^[a-z][a-z0-9-]*$")


def index_name(lang: str, langs: list[str]) -> str:
    """The index page of ``lang`` among the index languages ``langs``."""
    return "index.html" if lang == _default(langs) else f"index.{lang}.html"


def _default(langs: list[str]) -> str:
    return DEFAULT_LANG if DEFAULT_LANG in langs or not langs else langs[0]


@dataclass(frozen=True)
class Output:
    path: Path
    data: bytes
    pages: int = 0
    cards: int = 0


@dataclass
class GameRules:
    """One game's editions, their examples, and what each translation lacks."""

    game: str
    folder: Path
    editions: dict[str, Edition]
    examples: dict[str, dict[str, Example]]              # lang → id → example
    statuses: dict[str, dict[str, str]] = field(default_factory=dict)   # lang → section → state


def check_placeholders(edition: Edition, examples: dict[str, Example]) -> list[InputError]:
    """Every ``{{id.key}}`` of the edition's prose must name a checked value of its own examples."""
    expects = {i: e.data["expect"] for i, e in examples.items()}
    errors = []
    for sec in edition.sections:
        code = code_lines(fences(sec.lines, edition.path))
        for n, line in enumerate(sec.lines):
            if n in code:
                continue
            for m in PLACEHOLDER.finditer(line):
                try:
                    lookup(expects, m["id"], m["path"])
                except KeyError as exc:
                    errors.append(InputError(edition.at(sec.numbers[n]), f"placeholder {m.group(0)}: {exc.args[0]}",
                                             hint="a placeholder quotes a field of an example's expect: "
                                                  "{{example-id.field}}"))
    return errors


def load_rules(folder: Path) -> GameRules:
    """Read one game's editions and examples; raise ErrorGroup on bad input, failing examples,
    placeholders that do not resolve, or editions that do not carry the same example ids."""
    editions = editions_of(folder)
    rules = GameRules(folder.name, folder, editions, {})
    errors: list[InputError] = []
    statuses: list[Status] = []
    for lang, ed in editions.items():
        exs = parse_examples(ed.path)
        rules.examples[lang] = {e.id: e for e in exs}
        for ex in exs:
            for f in check_example(ex):
                errors.append(InputError(f.location, f"example {ex.id} does not hold: {f.field} expected "
                                         f"{f.expected}, got {f.got}",
                                         hint="the rulebook would print a false example; see forge check"))
        errors += check_placeholders(ed, rules.examples[lang])
        errors += check_prose(ed.path, exs)
        source = source_of(ed, editions)
        if source is not None:
            statuses += compare(source, ed)
            rules.statuses[lang] = {s.section: s.state for s in statuses if s.edition is ed}
    missing = missing_ids({ed.path: list(rules.examples[lang].values()) for lang, ed in editions.items()})
    errors += [InputError(m.location, m.message, hint="every language edition carries the same example ids; "
                          "forge check lists them") for m in unexcused(missing, editions.values(), statuses)]
    if errors:
        raise ErrorGroup(errors)
    return rules


class Rulebooks:
    """Renders every edition of the games found in ``root/rules_src``; each warning (what the
    sanitizer removed) is passed to ``warn`` once."""

    def __init__(self, root: Path, specs: dict[str, GameSpec], warn: Callable[[Warning_], None] = lambda w: None,
                 site_url: str | None = None):
        from jinja2 import Environment, FileSystemLoader, StrictUndefined
        self.root, self.specs, self.warn, self.site_url = root, specs, warn, site_url
        self.warned: set[Warning_] = set()
        self.simulated: dict[str, list[dict]] = {}       # game → its about box's simulation
        self.templates = templates_dir(root)
        self.env = Environment(loader=FileSystemLoader(self.templates), autoescape=True,
                               undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)

    def games(self, names=()) -> list[GameRules]:
        folders = sorted(p for p in (self.root / "rules_src").iterdir() if p.is_dir()) \
            if (self.root / "rules_src").is_dir() else []
        return gather([f for f in folders if not names or f.name in names], load_rules)

    # -- one page -------------------------------------------------------------------
    def page(self, rules: GameRules, lang: str, out: Path, downloads: list[tuple[str | None, list[tuple[str, str]]]],
             calibration: list[tuple[str, str]] = (), booklet: str | None = None,
             pages: dict[str, int] | None = None) -> list[Output]:
        """One edition's page; ``downloads``: its kit's files, (title, [(paper, file name)]), the
        title None for the one file to print; ``calibration``: (paper, path from ``out``);
        ``booklet``: the file name of the page printed as a booklet, linked first; ``pages``:
        heading id → page of the booklet, printed in its table of contents."""
        ed = rules.editions[lang]
        source = source_of(ed, rules.editions) or ed
        ui = load_ui(self.templates, lang)
        downloads = _worded(([(BOOKLET_TITLE, [("A4", booklet)])] if booklet else []) + downloads, ui)
        if calibration:
            downloads.append((ui["calibration"], [(paper, f"../../{path}") for paper, path in calibration]))
        words = load_words(rules.folder, lang)
        art = CardArt(self.specs.get(rules.game), lang, words.notation)
        statuses = rules.statuses.get(lang, {})
        sections, toc, shown = [], [], []
        for src_sec in source.sections:
            mine = ed.section(src_sec.id)
            shown_ed = ed if mine is not None else source
            sec = mine or src_sec
            shown.append((shown_ed.path, sec))
            state = statuses.get(sec.id)
            html = self._section_html(shown_ed, sec, rules.examples[shown_ed.lang], ui, words, art, lang)
            notice = None
            if state:
                said = ui.get(f"name.{source.lang}") or language_name(self.templates, source.lang)
                notice = ui[state].replace("{source}", said)
            head, sep, body = html.partition("</h2>")
            if not sep:
                head, body = "", html
            sections.append({"id": sec.id, "lang": shown_ed.lang, "head": Markup(head + sep),
                             "body": Markup(body), "state": state, "notice": notice})
            for h in sec.headings:
                entry = {"id": h.id, "text": plain(h.text), "state": state, "children": []}
                if h.level == 2 or not toc:
                    toc.append(entry)
                else:
                    toc[-1]["children"].append(entry)
        here = out / rules.game / lang
        href = (lambda other: f"{self.site_url}{rules.game}/{other}/rules.html") if self.site_url \
            else (lambda other: f"../{other}/rules.html")
        alternates = [{"lang": other, "name": language_name(self.templates, other), "href": href(other),
                       "current": other == lang} for other in sorted(rules.editions)]
        # the switcher keeps the reader's place: one link per id of the page, shown when it is the :target
        anchors = [i for i in [h.id for _, s in shown for h in s.headings]
                   + [f"example-{i}" for i in rules.examples[source.lang]] if CSS_ID.match(i)]
        anchors += ["print-kit"] if downloads and not pages else []        # the heading of the kit's files
        html = typeset(self.env.get_template("rulebook.html.j2").render(
            lang=lang, ui=ui, title=ed.title, game=rules.game, sections=sections, toc=toc,
            alternates=alternates, x_default=href(source.lang), canonical=href(lang) if self.site_url else None,
            anchors=anchors, css="../../assets/rulebook.css", index=f"../../{index_name(lang, self.index_langs())}",
            downloads=downloads, version=__version__, source_lang=source.lang,
            about=self._about(rules.game, shown, ui), pages=pages or {}), lang)
        outputs = [Output(here / "rules.html", html.encode("utf-8"), pages=1)]
        outputs += [Output(here / "cards" / c.name, c.svg.encode("utf-8"), cards=1) for c in art.cards.values()]
        return outputs

    def _about(self, game: str, shown: list, ui: dict) -> dict | None:
        """The "about the game" box of ``game``'s page (None for a game without one): its
        simulation is run once per game, for every language."""
        run = run_of(game, self.root)
        if run is None:
            return None
        if game not in self.simulated:
            self.simulated[game] = measure(game, run, self.root)
        return about_box(game, run, self.simulated[game], shown, ui, self.root)

    def _section_html(self, ed: Edition, sec: Section, examples: dict[str, Example], ui: dict, words, art: CardArt,
                      lang: str) -> str:
        figure = self.env.get_template("figure.html.j2")
        html, warnings = render_section(
            ed, sec, examples, Speaker(ui, words.data["values"], words.data["cards"]).say,
            lambda ex: figure.render(fig=build_figure(ex, words, ui, art), ui=ui, lang=lang), ui["permalink"])
        for w in warnings:
            if w not in self.warned:           # a section shown in two pages is reported once
                self.warned.add(w)
                self.warn(w)
        return html

    # -- the index and the stylesheet ------------------------------------------------------
    def index_langs(self) -> list[str]:
        """The languages of the index pages: every edition's and every spec's, sorted."""
        found = {l for spec in self.specs.values() for l in spec.languages}
        rules = self.root / "rules_src"
        if rules.is_dir():
            found |= {m["lang"] for f in rules.glob("*/*.md") if (m := EDITION_FILE.match(f.name))}
        return sorted(found)

    def index(self, games: list[GameRules], out: Path, downloads: dict[tuple[str, str], list],
              calibration: list[tuple[str, str]] = (), booklet: str | None = None) -> list[Output]:
        """One index page per language (:func:`index_name`): every game with a rulebook or a kit,
        its authors, and per edition (the page's language first, then the others in code
        order) its rulebook, its booklet (``booklet``: the file name, when this build prints
        them) and its print files (see :meth:`page`); the calibration sheets."""
        langs = self.index_langs()
        href = (lambda l: f"{self.site_url}{index_name(l, langs)}") if self.site_url else (lambda l: index_name(l, langs))
        if booklet:                              # each rulebook's booklet, first among its files
            downloads = {**downloads, **{(r.game, l): [(BOOKLET_TITLE, [("A4", booklet)])] + downloads.get((r.game, l), [])
                                         for r in games for l in r.editions}}
        return [Output(out / index_name(lang, langs), self._index_page(games, downloads, lang, langs, calibration, [
            {"lang": l, "name": language_name(self.templates, l), "href": href(l), "current": l == lang} for l in langs],
            href(_default(langs))).encode("utf-8"), pages=1) for lang in langs]

    def _index_page(self, games: list[GameRules], downloads: dict, lang: str, langs: list[str], calibration,
                    alternates: list[dict], x_default: str) -> str:
        ui = load_ui(self.templates, lang)
        rules = {r.game: r for r in games}
        order = [lang] + [l for l in langs if l != lang]
        entries = []
        for game in sorted(set(rules) | set(self.specs)):
            spec, book = self.specs.get(game), rules.get(game)
            have = set(book.editions if book else ()) | set(spec.languages if spec else ())
            editions = []
            for l in (l for l in order if l in have):
                title = book.editions[l].title if book and l in book.editions else spec.titles.get(l, spec.title)
                editions.append({"lang": l, "name": language_name(self.templates, l), "title": title,
                                 "href": f"{game}/{l}/rules.html" if book and l in book.editions else None,
                                 "downloads": [(title, [(paper, f"{game}/{l}/{href}") for paper, href in files])
                                               for title, files in _worded(downloads.get((game, l), []),
                                                                           load_ui(self.templates, l))]})
            entries.append({"game": game, "editions": editions, "authors": ", ".join(spec.authors) if spec else ""})
        sheets = [(l, load_ui(self.templates, l)["calibration"], list(calibration)) for l in order] if calibration else []
        return typeset(self.env.get_template("index.html.j2").render(
            lang=lang, ui=ui, games=entries, version=__version__, css="assets/rulebook.css", calibration=sheets,
            alternates=alternates, x_default=x_default), lang)

    def stylesheet(self, out: Path) -> Output:
        return Output(out / "assets" / "rulebook.css", (self.templates / "rulebook.css").read_bytes())


def _worded(downloads: list, ui: dict) -> list:
    """A kit's files with the one file to print (title None) and the booklet named in the
    page's language."""
    named = {None: ui["print_all"], BOOKLET_TITLE: ui["booklet"]}
    return [(named.get(title, title), files) for title, files in downloads]
