"""A study's report (forge simulate --report, forge report): every chart read back from the page
as a reader's eye would, against the figures of the study file it was drawn from; a page that
opens offline, passes axe-core in Chromium and does not scroll sideways on a phone; drawn
again from the file alone, byte for byte; a spoiled study file refused at its line."""
from __future__ import annotations

import json
import re
from itertools import combinations

import pytest

from ..conftest import run_forge
from ..rulebook.chromium import at_widths, axe_violations
from ..rulebook.htmltools import NS, find_all, parse, text_of
from ..rulebook.test_browser import browser, chromium  # noqa: F401  (the fixtures)
from ..rulebook.test_navigation import axe_js  # noqa: F401  (the fixture)

SVG = "{http://www.w3.org/2000/svg}"
FAMILY = ["familienbande", "--players", "2..4", "--games", "400", "--seed", "5"]
PAIRS = ["chatvert", "--players", "4", "--games", "40", "--rules", "all-pairs", "--forget", "0.1"]


@pytest.fixture(scope="module")
def studies(tmp_path_factory):
    """The two studies of the issue, small: Familienbande across 2–4 players, and every pair of
    Chat vert's added rules; each as (records, report page)."""
    out = tmp_path_factory.mktemp("report") / "out"
    found = {}
    for args in (FAMILY, PAIRS):
        result = run_forge("simulate", *args, "--report", "--out", str(out))
        assert result.returncode == 0, result.stderr
        [study] = (out / args[0] / "simulations").glob("*.jsonl")
        page = study.with_suffix(".html")
        assert f"report: {out / args[0] / 'simulations' / page.name}" in result.stderr
        found[args[0]] = ([json.loads(line) for line in study.read_text(encoding="utf-8").splitlines()], page)
    return found


def charts(page, prefix: str) -> dict[str, object]:
    """The page's charts whose title id starts with ``prefix``, by id."""
    found = {}
    for svg in parse(page).iter(f"{SVG}svg"):
        uid = svg.get("aria-labelledby").split()[0].removesuffix(".title")
        if uid.startswith(prefix):
            found[uid] = svg
    return found


def ticks(svg, pattern: str, anchor: str, coord: str) -> list[tuple[float, float]]:
    """(value, position) of the axis labels matching ``pattern`` (its group 1 a number, a
    leading sign allowed, − for minus) with ``text-anchor`` ``anchor``; position along ``coord``."""
    found = []
    for text in svg.iter(f"{SVG}text"):
        m = re.fullmatch(pattern, "".join(text.itertext()).replace("\u2212", "-"))
        if m and text.get("text-anchor") == anchor:
            found.append((float(m[1]), float(text.get(coord))))
    return sorted(found)


def scale(marks: list[tuple[float, float]]):
    """The position of a value on an axis read from two of its labelled ticks."""
    (v0, p0), (v1, p1) = marks[0], marks[-1]
    return lambda v: p0 + (v - v0) * (p1 - p0) / (v1 - v0)


def test_each_seat_dot_sits_at_the_seat_s_share_of_wins(studies):
    records, page = studies["familienbande"]
    shown = charts(page, "wins-")
    assert sorted(shown) == [f"wins-{r['players']}" for r in records]
    for r in records:
        svg = shown[f"wins-{r['players']}"]
        y = scale([(v, p - 3) for v, p in ticks(svg, r"(\d+(?:\.\d+)?)%", "end", "y")])
        dots = [float(c.get("cy")) for c in svg.iter(f"{SVG}circle")]
        assert dots == pytest.approx([y(100 * w) for w in r["win_rate_by_seat"]], abs=0.1)


def test_each_histogram_bar_holds_the_games_of_its_lengths(studies):
    records, page = studies["familienbande"]
    for r in records:
        svg = charts(page, f"histogram-{r['players']}")[f"histogram-{r['players']}"]
        counts = dict(map(tuple, r["length"]["histogram"]))
        y = scale([(v, p - 3) for v, p in ticks(svg, r"(\d+(?:\.\d+)?)%", "end", "y")])
        bars = list(svg.iter(f"{SVG}rect"))
        covered = []
        for bar in bars:
            first, last = map(int, bar.get("data-values").split("-"))
            inside = sum(c for v, c in counts.items() if first <= v <= last)
            assert int(bar.get("data-count")) == inside
            top, height = float(bar.get("y")), float(bar.get("height"))
            assert top == pytest.approx(y(100 * inside / r["games"]), abs=0.1)
            assert top + height == pytest.approx(y(0), abs=0.1)
            covered += range(first, last + 1)
        assert min(covered) == r["length"]["min"] and max(covered) >= r["length"]["max"]
        assert sum(int(b.get("data-count")) for b in bars) == r["games"]


def test_the_first_player_advantage_is_their_share_above_an_equal_share(studies):
    records, page = studies["familienbande"]
    svg = charts(page, "advantage")["advantage"]
    x = scale(ticks(svg, r"([+-]?\d+(?:\.\d+)?) pt", "middle", "x"))
    dots = [float(c.get("cx")) for c in svg.iter(f"{SVG}circle")]
    assert dots == pytest.approx([x(100 * (r["win_rate_by_seat"][0] - 1 / r["players"])) for r in records], abs=0.1)
    bands = [(float(b.get("x")), float(b.get("x")) + float(b.get("width"))) for b in svg.iter(f"{SVG}rect")]
    for (lo, hi), r in zip(bands, records):
        low, high = r["statistics"]["seats"][0]["interval"]
        assert (lo, hi) == pytest.approx((x(100 * (low - 1 / r["players"])), x(100 * (high - 1 / r["players"]))), abs=0.15)


def test_each_matrix_cell_is_the_change_its_pair_makes(studies):
    records, page = studies["chatvert"]
    base = next(r for r in records if not r["rules"])
    rules = list(dict.fromkeys(x for r in records for x in r["rules"]))
    by_pair = {frozenset(r["rules"]): r for r in records if r["rules"]}
    assert len(by_pair) == len(list(combinations(rules, 2))) == 45
    svg = charts(page, "pairs-length-4")["pairs-length-4"]
    labels = [text_of(t) for t in svg.iter(f"{SVG}text") if t.get("class") == "chart-label"]
    assert labels == [f"{i}. {rule}" for i, rule in enumerate(rules, 1)]
    cells = [c for c in svg.iter(f"{SVG}rect") if c.get("data-pair")]
    assert len(cells) == 90                                   # both halves, not the diagonal
    texts = [text_of(t) for t in svg.iter(f"{SVG}text") if t.get("class") == "chart-value"]
    for cell, text in zip(cells, texts):
        i, j = (int(k) - 1 for k in cell.get("data-pair").split(","))
        pair = by_pair[frozenset((rules[i], rules[j]))]
        change = pair["length_mean"] / base["length_mean"] - 1
        assert float(cell.get("data-value")) == pytest.approx(change)
        assert text.replace("\u2212", "-") == ("0%" if round(100 * change) == 0 else f"{100 * change:+.0f}%")
        assert ("chart-more" in cell.get("class")) == (change > 0) and ("chart-less" in cell.get("class")) == (change < 0)


def test_every_chart_is_an_image_named_and_described(studies):
    for _, page in studies.values():
        root = parse(page)
        svgs = list(root.iter(f"{SVG}svg"))
        assert svgs
        for svg in svgs:
            assert svg.get("role") == "img"
            title_id, desc_id = svg.get("aria-labelledby").split()
            assert text_of(svg.find(f"{SVG}title")) and svg.find(f"{SVG}title").get("id") == title_id
            assert len(text_of(svg.find(f"{SVG}desc"))) > 20 and svg.find(f"{SVG}desc").get("id") == desc_id


def test_the_page_needs_nothing_from_outside(studies):
    for _, page in studies.values():
        root = parse(page)
        assert not find_all(root, "script") and not find_all(root, "link") and not find_all(root, "img")
        for el in root.iter():
            for attr in ("src", "href"):
                value = el.get(attr) or ""
                assert not value or value.startswith("#"), f"{page.name}: {el.tag} {attr}={value}"
        assert find_all(root, "style")


def test_forge_report_draws_the_same_page_from_the_study_file_alone(studies, tmp_path):
    for records, page in studies.values():
        study = page.with_suffix(".jsonl")
        before = page.read_bytes()
        page.unlink()
        out = page.parents[2]
        result = run_forge("report", str(study), "--out", str(out))
        assert result.returncode == 0, result.stderr
        assert page.read_bytes() == before


def test_a_spoiled_study_file_is_refused_at_its_line_and_the_report_kept(studies, tmp_path):
    records, page = studies["familienbande"]
    out = tmp_path / "out"
    study = out / "familienbande" / "simulations" / "s.jsonl"
    study.parent.mkdir(parents=True)
    lines = page.with_suffix(".jsonl").read_text(encoding="utf-8").splitlines()
    study.write_text("\n".join(lines), encoding="utf-8")
    assert run_forge("report", str(study), "--out", str(out)).returncode == 0
    drawn = study.with_suffix(".html").read_bytes()
    broken = json.loads(lines[1])
    del broken["statistics"]["seats"]
    for spoiled, where in (([lines[0], lines[1][:-5]] + lines[2:], f"{study}:2: not a JSON record"),
                           ([lines[0], json.dumps(broken)] + lines[2:], f"{study}:1: a record does not hold")):
        study.write_text("\n".join(spoiled), encoding="utf-8")
        result = run_forge("report", str(study), "--out", str(out))
        assert result.returncode == 2 and result.stderr.startswith(where), result.stderr
        assert "Traceback" not in result.stderr
        assert study.with_suffix(".html").read_bytes() == drawn


@pytest.mark.parametrize("study", ["familienbande", "chatvert"])
def test_axe_finds_no_violation_and_a_phone_does_not_scroll_sideways(studies, browser, axe_js, study):  # noqa: F811
    _, page = studies[study]
    assert axe_violations(browser, page, axe_js) == []
    for width, m in zip((390, 1280), at_widths(browser, page, [390, 1280])):
        assert m["scrollWidth"] <= width, f"{page.name} at {width} px: {m['wide']}"
