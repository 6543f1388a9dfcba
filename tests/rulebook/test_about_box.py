"""The appendix of simulated games: its figures on the built page are those that ``forge
simulate --json`` prints with the seed, game count, policy and variants declared in each engine
(Game.ABOUT), for every player count the game allows, written in the page's language (French
decimal comma, % after a narrow no-break space), each house ruling named by the rulebook's own
words and linked to its explanation, and no command line shown to players."""
from __future__ import annotations

import functools
import json
import re
import shutil

import pytest

from forge.engine.registry import game_names, get_game
from forge.rulebook.about import ruling_labels, run_of
from forge.rulebook.source import read_edition

from ..conftest import ROOT, run_forge
from .htmltools import NS, by_class, find_all, parse, text_of

#: a number as each language writes it in the box: decimal mark, then the percent sign
NUMBER = {"fr": re.compile(r"^(\d+)(?:,(\d+))?(\u202f%)?$"), "en": re.compile(r"^(\d+)(?:\.(\d+))?(%)?$")}

#: a Familienbande rulebook of our own (the real one is written elsewhere): its house rulings
#: named as rulebooks do, by their code in backticks, in a list and in a section of their own
RULES = {
    "fr": """# Familienbande

Une règle réduite à ses règles maison, pour le test de l'encadré.

## Fin de partie {#end}

Les joueurs à égalité départagés par leurs cartes en main (règle maison `familienbande.tie`).

## Règles maison {#house-rulings}

- `familienbande.empty-pile-marry` : quand la pioche est vide, un mariage reste permis.
- `familienbande.empty-pile-pass` : passer sans rien piocher, la pioche étant vide.
- `familienbande.stalemate` : **tout le monde passe** ; la partie s'arrête.
- `familienbande.born-turned-down` : un enfant né dans une génération retournée y reste célibataire.
""",
    "en": """# Familienbande

A rulebook cut down to its house rulings, for the test of the box.

## End of the game {#end}

Players tied are told apart by the cards in their hands (house ruling `familienbande.tie`).

## House rulings {#house-rulings}

- `familienbande.empty-pile-marry`: when the draw pile is empty, a marriage is still allowed.
- `familienbande.empty-pile-pass`: passing without drawing, the pile being empty.
- `familienbande.stalemate`: **everybody passes**; the game stops.
- `familienbande.born-turned-down`: a child born into a turned-down generation stays single.
""",
}
LABELS = {
    "fr": {"familienbande.empty-pile-marry": ("Quand la pioche est vide", "familienbande.empty-pile-marry"),
           "familienbande.empty-pile-pass": ("Passer sans rien piocher", "familienbande.empty-pile-pass"),
           "familienbande.stalemate": ("Tout le monde passe", "familienbande.stalemate"),
           "familienbande.born-turned-down": ("Un enfant né dans une génération retournée y reste célibataire",
                                              "familienbande.born-turned-down"),
           "familienbande.tie": ("Fin de partie", "end")},
    "en": {"familienbande.empty-pile-marry": ("When the draw pile is empty", "familienbande.empty-pile-marry"),
           "familienbande.empty-pile-pass": ("Passing without drawing", "familienbande.empty-pile-pass"),
           "familienbande.stalemate": ("Everybody passes", "familienbande.stalemate"),
           "familienbande.born-turned-down": ("A child born into a turned-down generation stays single",
                                              "familienbande.born-turned-down"),
           "familienbande.tie": ("End of the game", "end")},
}


def read(text: str, lang: str) -> float:
    """A figure of the box read back; it must be written as ``lang`` writes numbers."""
    m = NUMBER[lang].match(text)
    assert m, f"{text!r} is not a number written in {lang}"
    return float(f"{m[1]}.{m[2] or 0}")


def cell(el) -> str:
    """A cell's text as written (text_of would turn the narrow no-break space into a space)."""
    return "".join(el.itertext()).strip(" \n")


def box(page, lang: str) -> dict:
    """The figures of the page's box: per player count, length and wins; per ruling, its
    label, link and shares."""
    root = parse(page)
    [aside] = by_class(root, "section", "about")
    length_table, rulings_table = find_all(aside, "table")
    lengths = len(find_all(find_all(length_table, "tr")[0], "th")) == 3      # players, turns, wins
    rows = {}
    for tr in find_all(length_table.find(f"{NS}tbody"), "tr"):
        cells = [cell(td) for td in find_all(tr, "td")]
        rows[int(text_of(tr.find(f"{NS}th")).split()[0])] = {      # "4 players"
            "mean": read(cells[0], lang) if lengths else None, "median": read(cells[1], lang) if lengths else None,
            "wins": [read(c, lang) for c in cells[2 if lengths else 0:] if c]}
    rulings = {}
    for tr in find_all(rulings_table.find(f"{NS}tbody"), "tr"):
        th = tr.find(f"{NS}th")
        link = th.find(f"{NS}a")
        under = [u for u in by_class(th, "span", "under") if "never" not in u.get("class").split()]
        rulings[th.get("data-ruling")] = {
            "label": text_of(link if link is not None else th), "href": link.get("href") if link is not None else None,
            "under": text_of(under[0]) if under else "",
            "shares": [read(cell(td), lang) for td in find_all(tr, "td")]}
    return {"rows": rows, "rulings": rulings, "source": text_of(by_class(aside, "p", "about-source")[0]),
            "command": aside.get("data-command")}


@functools.lru_cache(maxsize=None)
def simulated(game: str, cwd, variant: str = "") -> dict[int, dict]:
    """``forge simulate --json`` run for each player count of the game's declared run (with
    the options of ``variant``)."""
    run = run_of(game, ROOT)
    out = {}
    options = [a for item in variant.split() for a in ("--option", item)]
    for n in run.counts(get_game(game, ROOT)):
        result = run_forge("simulate", game, "--players", str(n), "--games", str(run.games), "--seed", str(run.seed),
                           "--policy", run.policy, *options, "--json", cwd=cwd)
        assert result.returncode == 0, result.stderr
        out[n] = json.loads(result.stdout)
    return out


#: half the last digit shown (one decimal), and a hair for binary fractions: 164.75 is shown 164.8
HALF = 0.05 + 1e-9


def assert_same_figures(shown: dict, sims: dict[int, dict], variants: list[dict[int, dict]] = ()) -> None:
    """Every figure of the appendix equals the simulation's, to the precision it is written
    with; a ruling the base game never reaches, shown under a variant, that of the first
    variant (of ``variants``, the simulations of the declared ones) that reaches it."""
    assert sorted(shown["rows"]) == sorted(sims)
    for n, data in sims.items():
        row = shown["rows"][n]
        if row["mean"] is not None:                       # a game whose moves are turns shows lengths
            assert row["mean"] == pytest.approx(data["length"]["mean"], abs=HALF)
            assert row["median"] == data["length"]["median"]
        assert row["wins"] == pytest.approx([100 * w for w in data["win_rate_by_seat"]], abs=HALF)
    assert len(shown["rulings"]) >= 3
    for i, n in enumerate(sims):
        assert set(sims[n]["rulings"]) <= set(shown["rulings"])
        for name, ruling in shown["rulings"].items():
            settings = [sims] + [v for v in variants if not any(name in sims[k]["rulings"] for k in sims)]
            found = [v for v in settings if any(name in v[k]["rulings"] for k in v)]
            assert bool(ruling["under"]) == (bool(found) and found[0] is not sims), name
            reached = (found[0] if found else sims)[n]["rulings"]
            share = reached.get(name, {}).get("share_of_games", 0)
            assert ruling["shares"][i] == pytest.approx(100 * share, abs=HALF), (name, n)


@pytest.fixture(scope="module")
def familienbande_site(tmp_path_factory):
    """A scratch project whose Familienbande rulebook is ours, built by the real command."""
    project = tmp_path_factory.mktemp("about")
    for name in ("cardspecs", "templates"):
        shutil.copytree(ROOT / name, project / name, dirs_exist_ok=True)
    folder = project / "rules_src" / "familienbande"
    folder.mkdir(parents=True)
    for lang, text in RULES.items():
        (folder / f"{lang}.md").write_text(text, encoding="utf-8")
    result = run_forge("build", "familienbande", "--out", "out", cwd=project)
    assert result.returncode == 0, result.stderr
    return project


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_familienbande_box_shows_the_simulated_figures(familienbande_site, lang):
    shown = box(familienbande_site / "out" / "familienbande" / lang / "rules.html", lang)
    assert_same_figures(shown, simulated("familienbande", familienbande_site))
    run = run_of("familienbande", ROOT)
    assert f"--games {run.games} --seed {run.seed} --policy {run.policy}" in shown["command"]
    assert f"{run.games}" in shown["source"] and "forge" not in shown["source"]      # no tool talk for players
    page = (familienbande_site / "out" / "familienbande" / lang / "rules.html").read_text(encoding="utf-8")
    assert "forge simulate" not in re.sub(r'data-command="[^"]*"', "", page)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_rulings_are_named_by_the_rulebook_in_its_language(familienbande_site, lang):
    shown = box(familienbande_site / "out" / "familienbande" / lang / "rules.html", lang)
    got = {name: (r["label"], r["href"]) for name, r in shown["rulings"].items()}
    assert got == {name: (label, f"#{href}") for name, (label, href) in LABELS[lang].items()}


def test_percentages_follow_each_language(familienbande_site):
    fr = (familienbande_site / "out" / "familienbande" / "fr" / "rules.html").read_text(encoding="utf-8")
    en = (familienbande_site / "out" / "familienbande" / "en" / "rules.html").read_text(encoding="utf-8")
    assert re.search(r"<td[^>]*>\d+,\d\u202f%</td>", fr) and not re.search(r"<td[^>]*>\d+\.\d", fr)
    assert re.search(r"<td[^>]*>\d+\.\d%</td>", en) and not re.search(r"<td[^>]*>\d+,\d", en)


@pytest.mark.parametrize("game", [g for g in game_names(ROOT) if run_of(g, ROOT)])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_project_pages_show_the_simulated_figures(site, game, lang):
    page = site / game / lang / "rules.html"
    if not page.is_file():
        pytest.skip(f"no {lang} rulebook for {game} yet")
    shown = box(page, lang)
    assert_same_figures(shown, simulated(game, ROOT), [simulated(game, ROOT, v) for v in run_of(game, ROOT).variants])
    assert all(r["label"] and r["href"] for r in shown["rulings"].values()), "the rulebooks name every ruling"


def test_lengths_are_shown_only_for_a_game_whose_moves_are_turns(site):
    for game in (g for g in game_names(ROOT) if run_of(g, ROOT)):
        root = parse(site / game / "en" / "rules.html")
        assert bool(root.find(f".//*[@id='simulated-lengths']") is not None) is run_of(game, ROOT).lengths, game
    assert not run_of("majority", ROOT).lengths                # its players vote together


def test_a_game_without_a_declared_run_has_no_appendix(tmp_path):
    assert run_forge("new", "potions", "--engine", cwd=tmp_path).returncode == 0
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    assert run_of("potions", tmp_path) is None
    result = run_forge("build", "potions", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pages = list((tmp_path / "out" / "potions").glob("*/rules.html"))
    assert pages
    for page in pages:
        assert not by_class(parse(page), "section", "about") and "simulated-games" not in page.read_text()


def test_a_ruling_named_only_in_code_or_nowhere_is_shown_by_its_code(tmp_path):
    path = tmp_path / "rules_src" / "game" / "en.md"
    path.parent.mkdir(parents=True)
    path.write_text("# Game\n\n## Play {#play}\n\n```\n- `g.fenced`: not prose\n```\n\n"
                    "### Draws {#draws}\n\nSee `g.draw`.\n\n- `g.item` : *the pile* is empty; rest.\n", encoding="utf-8")
    edition = read_edition(path)
    labels = ruling_labels([(path, s) for s in edition.sections], ["g.fenced", "g.draw", "g.item", "g.none"])
    assert labels == {"g.fenced": (None, None), "g.draw": ("Draws", "draws"), "g.item": ("the pile is empty", "g.item"),
                      "g.none": (None, None)}
