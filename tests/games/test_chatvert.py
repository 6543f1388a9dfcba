"""Le Chat vert's engine: the printed deck, random games with every rule set (invariants after
every move), scripted situations, the added-rules language and its errors, and the study of
what each rule does."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from forge.engine import playout
from forge.engine.registry import get_game
from forge.errors import IllegalMove
from tests.conftest import run_forge

GAME = get_game("chatvert")
RULES = list(GAME.rulebook().rules)
SEED_RULES = ["tortue", "belette", "velocyclette", "nom-rouge", "chien-rouge", "grand-pere", "croisement",
              "transfert", "de", "ficelle"]          # the ten rules the seed lists, in its order


def test_the_engine_plays_the_printed_deck():
    counts, blanks = GAME.deck
    # the seed: per colour two of each number 0–9, two skip, two reverse, two +2 (104); 4 + 4 majors (house ruling)
    assert sum(counts[:52]) == 4 * (2 * 10 + 2 * 3) == 104
    assert counts[52] == counts[53] == 4 and blanks == 2


def test_every_rule_of_the_seed_is_written_as_data():
    assert RULES == SEED_RULES


def _play(rules, games, seed, players=None, forget=0.1, blurt=0.05):
    totals = Counter()
    for i in range(games):
        n = players or 2 + i % 9
        state = GAME.new_state([f"P{k}" for k in range(n)], {"rules": rules, "forget": forget, "blurt": blurt},
                               random.Random(f"{seed}:{i}"))
        playout(state, GAME.POLICIES["random"], check=True, max_steps=GAME.MAX_STEPS)
        assert state.is_over() and state.winners()
        totals["games"] += 1
        totals.update({f"rule {k}": v for k, v in state.triggered.items()})
        totals.update(state.rulings)
        totals.update({f"penalty {k}": v for k, v in state.penalties.items()})
    return totals


@pytest.mark.parametrize("rules", [[]] + [[r] for r in SEED_RULES] + [SEED_RULES],
                         ids=["base"] + SEED_RULES + ["all-ten"])
def test_random_games_keep_every_card_and_end(rules):
    """A seeded slice of the soak (``python benchmarks/soak.py --game chatvert``): 1,200 games in
    all (100 per rule set), 2 to 10 players, invariants after every move."""
    totals = _play(rules, 100, seed=13)
    assert totals["games"] == 100
    for r in rules:
        assert totals[f"rule {r}"] > 0, f"{r} never applied"
    assert totals["chatvert.cannot-play"] > 0 and totals["penalty blurt"] > 0


def _state(hands, top, **given):
    return GAME.new_state(list(hands), {"hands": hands, "top": top, **given}, random.Random(0))


def _move(state, name, text):
    state.apply(state.seat(name), GAME.parse_move(text))


def test_a_turned_up_plus2_does_not_add_to_the_next():
    s = _state({"A": "B+2 R1", "B": "G5 Y5", "C": "G7 G8"}, "Y+2", turned_up=True, draw_pile="R2 R3 R4 R5")
    assert s.stack == 0
    _move(s, "A", "play B+2")
    assert s.stack == 2 and s.turn == 1
    _move(s, "B", "take")
    assert s.sizes[1] == 4 and s.turn == 2 and s.stack == 0


def test_plus2_answers_only_plus2_unless_crossed():
    s = _state({"A": "B+2 R1", "B": "+4 Y5", "C": "G7 G8"}, "B3", draw_pile="R2 R3")
    _move(s, "A", "play B+2, say chat-vert")
    with pytest.raises(IllegalMove):
        _move(s, "B", "play +4 red")
    s = _state({"A": "B+2 R1", "B": "+4 Y5", "C": "G7 G8"}, "B3", draw_pile="R2 R3 R4 R5 R6 R7", rules=["croisement"])
    _move(s, "A", "play B+2, say chat-vert")
    _move(s, "B", "play +4 red, say chat-vert")
    assert s.stack == 6 and s.turn == 2 and s.colour == 1
    assert s.triggered["croisement"] == 1


def test_same_here_on_a_skip_skips_the_player_after_the_second():
    s = _state({"A": "Rskip G1", "B": "Rskip G2", "C": "G3 G4", "D": "G5 G6"}, "R4")
    _move(s, "A", "play Rskip, say chat-vert")        # B would be skipped, C to play
    assert s.turn == 2 and 1 in s.to_act()
    _move(s, "B", "same Rskip, say chat-vert")        # out of turn: C is skipped, D plays
    assert s.turn == 3


def test_phrases_forgotten_and_blurted_cost_one_card_each():
    s = _state({"A": "R7 R1", "B": "G2 Y5", "C": "G7 G8"}, "R3", draw_pile="Y1 Y2 Y3", rules=["tortue"])
    _move(s, "A", "play R7")                           # forgot "Tortue" and "Chat vert"
    assert s.penalised[0] == ["tortue", "chat-vert"] and s.sizes[0] == 3
    s = _state({"A": "R7 R1 R2", "B": "R2 Y5", "C": "G7 G8"}, "R3", draw_pile="Y1 Y2 Y3", rules=["chien-rouge"])
    _move(s, "A", "play R1, say chat-vert")            # two cards left: nothing was due
    assert s.penalised[0] == ["blurt"] and s.sizes[0] == 3
    _move(s, "B", "play R2, say chat-vert")            # one card left: "Chien rouge" was due; said instead: one card
    assert s.penalised[1] == ["chien-rouge"] and s.sizes[1] == 2 and s.rulings["chatvert.said-instead"] == 1


def test_a_major_is_never_a_last_card():
    s = _state({"A": "+4", "B": "G2 Y5", "C": "G7 G8"}, "R3", draw_pile="Y1 Y2 Y3 Y4 Y5")
    _move(s, "A", "play +4 green")
    assert not s.is_over() and s.penalised[0] == ["major-last"] and s.sizes[0] == 1


def test_the_die_rule_draws_for_whoever_the_roll_says():
    s = _state({"A": "R6 R1 R2", "B": "G2 Y5", "C": "G7 G8"}, "R3", draw_pile="Y1 Y2", rules=["de"], dice=[5],
               to_move="B", direction=-1)
    _move(s, "B", "draw")                              # B draws Y1; A to play (direction -1)
    _move(s, "A", "play R6")                           # 5: the previous player (B) draws
    assert s.sizes[1] == 4 and s.sizes[0] == 2


def project_with(tmp_path, extra: str = ""):
    """A project with forge's cardspecs and Chat vert's rules file, plus ``extra`` rules."""
    import shutil
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    shutil.copytree(root / "cardspecs", tmp_path / "cardspecs")
    (tmp_path / "rules_src/chatvert").mkdir(parents=True)
    (tmp_path / "rules_src/chatvert/fr.md").write_text("# Le Chat vert\n\nUne règle de plus.\n", encoding="utf-8")
    (tmp_path / "rules_src/chatvert/rules.yaml").write_text(
        (root / "rules_src/chatvert/rules.yaml").read_text(encoding="utf-8") + extra, encoding="utf-8")
    return tmp_path


BAD_RULE = """
  pioche:
    title: {fr: "La pioche", en: "The pile"}
    text: {fr: "Qui pose un chiffre pioche deux cartes.", en: "Whoever plays a number draws two cards."}
    when: {play: {kind: number}}
    do: [{draw: {who: player, cards: 2}}]
"""
NEVER_RULE = """
  jamais:
    title: {fr: "Jamais", en: "Never"}
    text: {fr: "Qui pose un 0 sur plus petit dit « Rien ».", en: "Whoever plays a 0 on a smaller one says “Nothing”."}
    phrases: {rien: {fr: "Rien", en: "Nothing"}}
    when: {play: {number: 0, beneath: greater}}
    do: [{say: rien}]
"""


def _line_of(path, key):
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if line.strip() == f"{key}:")


@pytest.mark.parametrize("extra,key,words", [(BAD_RULE, "pioche", "stops games from ending"),
                                             (NEVER_RULE, "jamais", "never applied")])
def test_forge_check_catches_a_rule_that_breaks_the_game(tmp_path, extra, key, words):
    project = project_with(tmp_path, extra)
    result = run_forge("check", str(project / "rules_src"), cwd=project)
    assert result.returncode == 1, result.stdout + result.stderr
    rules = project / "rules_src/chatvert/rules.yaml"
    line = _line_of(rules, key)
    assert f"rules_src/chatvert/rules.yaml:{line}: rule '{key}' {words}" in result.stderr, result.stderr


@pytest.mark.parametrize("extra,where,words", [
    ("  x:\n    title: {fr: X, en: X}\n    text: {fr: X, en: X}\n    when: {plays: {number: 1}}\n    do: [{say: chat-vert}]\n",
     "plays", "expected one of: play, last-card, one-card, targeted, takes-penalty"),
    ("  x:\n    title: {fr: X, en: X}\n    text: {fr: X, en: X}\n    when: {play: {number: 1}}\n    do: [{shout: chat-vert}]\n",
     "shout", "expected one of: say, draw, roll, take-token"),
    ("  x:\n    title: {fr: X, en: X}\n    text: {fr: X, en: X}\n    colour: red\n    change: {stacking: mixed}\n",
     "colour", "expected one of: title, text, phrases, tokens, when, do, change"),
])
def test_an_unknown_word_in_a_rule_is_a_located_error(tmp_path, extra, where, words):
    project = project_with(tmp_path, extra)
    result = run_forge("check", str(project / "rules_src"), cwd=project)
    assert result.returncode == 2, result.stdout + result.stderr
    line = next(i for i, text in enumerate((project / "rules_src/chatvert/rules.yaml").read_text(
        encoding="utf-8").splitlines(), 1) if f"{where}:" in text and i > 100)
    assert f"rules.yaml:{line}:" in result.stderr and words in result.stderr and "Traceback" not in result.stderr


def test_simulate_compares_each_rule_with_the_base_game():
    result = run_forge("simulate", "chatvert", "--players", "4", "--games", "60", "--rules", "tortue,de",
                       "--forget", "0.2", "--blurt", "0.1", "--json")
    assert result.returncode == 0, result.stderr
    import json
    data = json.loads(result.stdout)
    runs = {tuple(r["rules"]): r for r in data["compared"]["runs"]}
    assert set(runs) == {(), ("tortue",), ("de",), ("tortue", "de")}
    assert runs[()]["penalties"].get("tortue", 0) == 0 and runs[("tortue",)]["penalties"]["tortue"] > 0
    assert runs[("de",)]["triggered"]["de"] > 0
    assert runs[("de",)]["drawn_per_game"] > runs[()]["drawn_per_game"]     # the die makes someone draw


def test_a_match_adds_a_rule_after_each_game():
    import json
    result = run_forge("simulate", "chatvert", "--players", "3", "--match", "4", "--json")
    assert result.returncode == 0, result.stderr
    games = json.loads(result.stdout)["games"]
    assert [len(g["rules"]) for g in games] == [0, 1, 2, 3]
    assert all(g["added"] in SEED_RULES and g["added"] not in g["rules"] for g in games)


@pytest.mark.parametrize("args,where", [(["chatvert", "--rules", "tortue,lion"], "--rules: no added rule 'lion'"),
                                        (["dalmuti", "--rules", "tortue"], "--rules: dalmuti has no 'rules'"),
                                        (["chatvert", "--forget", "2"], "--forget: "),
                                        (["majority", "--match", "3"], "--match: majority has no added rules")])
def test_bad_rule_options_are_one_line_exit_2(args, where):
    result = run_forge("simulate", *args, "--games", "3")
    assert result.returncode == 2 and where in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_the_figures_quote_the_phrases_of_the_rules_file():
    """figures.yaml words each phrase as rules.yaml writes it, in each language (quoted)."""
    import yaml
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "rules_src/chatvert"
    figures = yaml.safe_load((root / "figures.yaml").read_text(encoding="utf-8"))
    book = GAME.rulebook()
    phrases = {**book.phrases, **{p: w for r in book.rules.values() for p, w in r.phrases.items()}}
    for lang in book.languages:
        for pid, words in phrases.items():
            if pid == "same":
                continue
            assert words[lang] in figures[lang]["values"][pid], (lang, pid)


def test_bounds_on_added_rules_are_checked_before_any_game_is_played(tmp_path):
    """60 effects in one rule (forge check played it for 24 s, and accepted it) and 50 rules in one
    file are each one located error, at once."""
    import time
    effects = ", ".join(["{say: chat-vert}"] * 60)
    many = f"  x:\n    title: {{fr: X, en: X}}\n    text: {{fr: X, en: X}}\n    when: {{play: {{number: 1}}}}\n    do: [{effects}]\n"
    project = project_with(tmp_path, many)
    started = time.perf_counter()
    result = run_forge("check", str(project / "rules_src"), cwd=project)
    assert time.perf_counter() - started < 10
    rules = project / "rules_src/chatvert/rules.yaml"
    assert result.returncode == 2 and f"rules.yaml:{_line_of(rules, 'x') + 4}: 60 effects (expected at most 8 a rule)" \
        in result.stderr, result.stderr
    extra = "".join(f"  r{i}:\n    title: {{fr: X, en: X}}\n    text: {{fr: X, en: X}}\n    change: {{stacking: mixed}}\n"
                    for i in range(40))
    project = project_with(tmp_path / "many", extra)
    result = run_forge("check", str(project / "rules_src"), cwd=project)
    assert result.returncode == 2 and "50 added rules (expected at most 40" in result.stderr, result.stderr


def _huge_rules(project, phrases: int, tail: str) -> int:
    """The shipped rules file with ``phrases`` more base phrases and ``tail`` at its end; its
    number of lines."""
    rules = project / "rules_src/chatvert/rules.yaml"
    head, rest = rules.read_text(encoding="utf-8").split("\nrules:\n", 1)
    extra = "".join(f'  p{i}: {{fr: "Phrase numéro {i} du chat", en: "Phrase number {i} of the cat"}}\n'
                    for i in range(phrases))
    rules.write_text(head + "\n" + extra + "\nrules:\n" + rest + tail, encoding="utf-8")
    return rules.read_text(encoding="utf-8").count("\n")


def test_a_huge_rules_file_is_refused_where_it_passes_the_value_limit(tmp_path):
    """A 7.6 MB rules file (under the 8 MiB file limit) with a syntax error at its end: forge check
    took 4 min 23 s and 7.1 GB, parsing it once for each of the rulebook's worked examples and
    keeping every parse alive. The values are now counted as they are read: one located error
    where the count passes the limit, long before the end."""
    import shutil
    root = Path(__file__).resolve().parents[2]
    shutil.copytree(root / "cardspecs", tmp_path / "cardspecs")
    shutil.copytree(root / "rules_src/chatvert", tmp_path / "rules_src/chatvert")
    lines = _huge_rules(tmp_path, 90_000, "  broken: [unclosed\n")
    assert (tmp_path / "rules_src/chatvert/rules.yaml").stat().st_size > 7_000_000
    result = run_forge("check", "rules_src/chatvert", cwd=tmp_path)
    said = [line for line in result.stderr.splitlines() if "values in one document" in line]
    assert result.returncode == 2 and len(said) == 1, result.stderr[:2000]
    where = int(said[0].split(":")[1])
    assert said[0].startswith("rules_src/chatvert/rules.yaml:") and where < lines / 4, said


def test_a_broken_rules_file_is_parsed_once_however_many_examples_play_it(tmp_path, monkeypatch):
    """Each worked example asks for the rulebook: a broken file used to be parsed again each time."""
    from forge.games.chatvert import added_rules
    from forge.errors import ForgeError
    project = project_with(tmp_path)
    rules = project / "rules_src/chatvert/rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8") + "  broken: [unclosed\n", encoding="utf-8")
    parsed = []
    real = added_rules.load_yaml
    monkeypatch.setattr(added_rules, "load_yaml", lambda *a: parsed.append(a) or real(*a))
    for _ in range(3):
        with pytest.raises(ForgeError, match="YAML syntax error"):
            added_rules.read_rules(rules)
    assert len(parsed) == 1
