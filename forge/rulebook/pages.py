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
from ..engine.examples import Example, check_example, missing_ids
from ..errors import ErrorGroup, InputError, Location, Warning_, gather
from ..fences import code_lines, fences
from ..cardspec.model import GameSpec
from .about import about_box, measure, ruling_labels, rulings_of, run_of
from .cards import CardArt
from .extensions.checked_values import PLACEHOLDER, lookup
from .figures import Speaker, build_figure, load_words
from .landing import BOOKLET_TITLE, DEFAULT_LANG, index_name, index_pages, worded
from ..i18n.catalog import catalog_langs
from ..i18n.direction import direction
from .catalogs import examples_of, prose_of
from .render import inline_html, render_section
from .source import EDITION_FILE, Edition, Section
from .typography import typeset
from .staleness import UNIT_STATES, Status, compare, editions_of, source_of, unexcused
from .ui import language_name, load_ui, templates_dir

__all__ = ["Output", "Rulebooks", "check_placeholders", "load_rules", "index_name", "DEFAULT_LANG"]

#: an id a stylesheet selector may name as it is (headings' and figures' ids are of this form)
CSS_ID = re.compile(r"^[a-z][a-z0-9-]*$")


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
        exs = examples_of(ed)
        rules.examples[lang] = {e.id: e for e in exs}
        for ex in exs:
            for f in check_example(ex):
                errors.append(InputError(f.location, f"example {ex.id} does not hold: {f.field} expected "
                                         f"{f.expected}, got {f.got}",
                                         hint="the rulebook would print a false example; see forge check"))
        errors += check_placeholders(ed, rules.examples[lang])
        errors += prose_of(ed)
        source = source_of(ed, editions)
        if source is not None:
            statuses += compare(source, ed)
            rules.statuses[lang] = {s.section: "partial" if s.state in UNIT_STATES else s.state
                                    for s in statuses if s.edition is ed}
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
        self.env.globals["direction"] = direction           # a page's dir: rtl for Hebrew, Arabic…

    def compile_templates(self) -> None:
        """Compile the page templates now, in this process, so that the workers a build forks
        inherit them compiled (each would compile them again). A template with an error is left
        for the page that uses it to report."""
        from jinja2 import TemplateError
        for name in ("rulebook.html.j2", "figure.html.j2"):          # the index is made here
            try:
                self.env.get_template(name)
            except TemplateError:
                pass

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
        downloads = worded(([(BOOKLET_TITLE, [("A4", booklet)])] if booklet else []) + downloads, ui)
        if calibration:
            downloads.append((ui["calibration"], [(paper, f"../../{path}") for paper, path in calibration]))
        words = load_words(rules.folder, lang)
        for p in ed.written.pending if ed.written else ():     # a unit the catalog leaves to the source
            self.warn(Warning_(p.location, f"a unit of section '{p.section}' is "
                               f"{'fuzzy' if p.state == 'fuzzy' else 'not translated'}: the page shows the source text "
                               f"({p.source})", "forge check lists them; --strict fails on them"))
        art = CardArt(self.specs.get(rules.game), lang, words.notation)
        statuses = rules.statuses.get(lang, {})
        sections, toc = [], []
        picked = [(ed if ed.section(s.id) is not None else source, ed.section(s.id) or s) for s in source.sections]
        shown = [(shown_ed.path, sec) for shown_ed, sec in picked]
        rulings = rulings_of(rules.game, self.root)
        named = {name: label for name, (label, _) in ruling_labels(shown, sorted(rulings)).items() if label}
        for shown_ed, sec in picked:
            state = statuses.get(sec.id)
            html = self._section_html(shown_ed, sec, rules.examples[shown_ed.lang], ui, words, art, lang,
                                      rulings, named)
            notice = None
            if state:
                said = ui.get(f"name.{source.lang}") or language_name(self.templates, source.lang)
                notice = (ui.get(state) or ui["untranslated"]).replace("{source}", said)
            head, sep, body = html.partition("</h2>")
            if not sep:
                head, body = "", html
            sections.append({"id": sec.id, "lang": shown_ed.lang, "head": Markup(head + sep),
                             "body": Markup(body), "state": state, "notice": notice})
            for h in sec.headings:
                entry = {"id": h.id, "text": Markup(inline_html(h.text)), "state": state, "children": []}
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
        about = self._about(rules.game, shown, ui, words, art)
        anchors += [i for i in ("simulated-games", "simulated-wins", "simulated-lengths", "simulated-rulings")
                    if about and (about["lengths"] or i != "simulated-lengths")]
        html = typeset(self.env.get_template("rulebook.html.j2").render(
            lang=lang, ui=ui, title=ed.title, game=rules.game, sections=sections, toc=toc,
            alternates=alternates, x_default=href(source.lang), canonical=href(lang) if self.site_url else None,
            anchors=anchors, css="../../assets/rulebook.css", index=f"../../{index_name(lang, self.index_langs())}",
            downloads=downloads, version=__version__, source_lang=source.lang,
            about=about, pages=pages or {}), lang)
        outputs = [Output(here / "rules.html", html.encode("utf-8"), pages=1)]
        outputs += [Output(here / "cards" / c.name, c.svg.encode("utf-8"), cards=1) for c in art.cards.values()]
        return outputs

    def _about(self, game: str, shown: list, ui: dict, words, art: CardArt) -> dict | None:
        """The appendix of simulated games of ``game``'s page (None for a game without one):
        its simulation is run once per game, for every language; a variant's options are said
        as the figures say an example's options."""
        run = run_of(game, self.root)
        if run is None:
            return None
        if game not in self.simulated:
            self.simulated[game] = measure(game, run, self.root)
        speaker = Speaker(ui, words.data["values"], words.data["cards"])
        where = Location.of(words.path)
        return about_box(game, run, self.simulated[game], shown, ui, self.root,
                         lambda options: " ".join(words.text("given", k, v, where, speaker) for k, v in options.items()))

    def _section_html(self, ed: Edition, sec: Section, examples: dict[str, Example], ui: dict, words, art: CardArt,
                      lang: str, rulings: frozenset[str], named: dict[str, str]) -> str:
        """``sec`` as HTML; ``named``: the house rulings' names in the page's words, which the
        figures say in place of their ids."""
        figure = self.env.get_template("figure.html.j2")
        values = {**named, **words.data["values"]}
        html, warnings = render_section(
            ed, sec, examples, Speaker(ui, values, words.data["cards"]).say,
            lambda ex: figure.render(fig=build_figure(ex, words, ui, art, values), ui=ui, lang=lang), ui["permalink"],
            rulings, ui["house_ruling"])
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
            found |= {lang for folder in rules.iterdir() if folder.is_dir() for lang in catalog_langs(folder)}
        return sorted(found)

    def index(self, games: list[GameRules], out: Path, downloads: dict[tuple[str, str], list],
              calibration: list[tuple[str, str]] = (), booklet: str | None = None) -> list[Output]:
        """One landing page per language (:func:`index_name`) and the cards it shows: see
        :func:`forge.rulebook.landing.index_pages`."""
        pages, cards = index_pages(self, games, out, downloads, calibration, booklet)
        return [Output(path, html.encode("utf-8"), pages=1) for path, html in pages.items()] \
            + [Output(path, svg.encode("utf-8"), cards=1) for path, svg in cards.items()]

    def stylesheet(self, out: Path) -> Output:
        return Output(out / "assets" / "rulebook.css", (self.templates / "rulebook.css").read_bytes())

