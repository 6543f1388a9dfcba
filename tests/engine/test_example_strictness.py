"""The example checker refuses what it does not understand: each malformed block is an error of
the example (exit 2, at the line of the offending key), never a pass for the wrong reason."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from forge.engine.registry import game_names, get_game

from ..conftest import ROOT, run_forge

SITUATION = 'game: dalmuti\ngiven: {hands: {Alice: "7", Bruno: "5", Chloé: "6", Driss: "12"}, leader: Alice}\n'
EXPECT = 'expect: {table: ""}\n'

# name → (the block's body, the key whose line the error names, a fragment of the message)
BAD = {
    "seed abc": (SITUATION + "seed: abc\n" + EXPECT, "seed", "'seed' must be a whole number"),
    "seed nan": (SITUATION + "seed: .nan\n" + EXPECT, "seed", "'seed' must be a whole number"),
    "given 3": ("game: dalmuti\ngiven: 3\n" + EXPECT, "given", "'given' must be a mapping"),
    "moves 5": (SITUATION + "moves: 5\n" + EXPECT, "moves", "'moves' must be a list"),
    "moves as a string": (SITUATION + 'moves: "Alice: play 7"\n' + EXPECT, "moves", "'moves' must be a list"),
    "options list": (SITUATION + "options: [1, 2]\n" + EXPECT, "options", "'options' must be a mapping"),
    "game list": ("game: [dalmuti]\n" + EXPECT, "game", "unknown game"),
    "expect 5": (SITUATION + "expect: 5\n", "expect", "'expect' must be a mapping"),
    "order without hands": ("game: dalmuti\ngiven: {order: [Alice, Bruno, Chloé, Driss]}\n" + EXPECT, "given",
                            "given 'order' is only read with 'hands'"),
    "leeder": (SITUATION.replace("leader: Alice", "leeder: Bruno") + EXPECT, "given", "unknown given key 'leeder'"),
    "climbing_bonsu": (SITUATION + "options: {climbing_bonsu: true}\n" + EXPECT, "options",
                       "unknown options key 'climbing_bonsu'"),
    "bonus maybe": (SITUATION + "options: {climbing_bonus: maybe}\n" + EXPECT, "options",
                    "options 'climbing_bonus' expected true or false"),
    "expect refused": (SITUATION + 'expect: {refused: ["Bruno: play 5"]}\n', "expect", "unknown expect field 'refused'"),
    "unknown expect": (SITUATION + "expect: {tabel: 5}\n", "expect", "unknown expect field 'tabel'"),
    "no such player": (SITUATION + 'refused: ["Zoé: play 5"]\n' + EXPECT, "refused", "no player named 'Zoé'"),
    "not a card": (SITUATION + 'refused: ["Alice: play 99"]\n' + EXPECT, "refused", "not a Dalmuti card"),
    "cards not held": (SITUATION + 'refused: ["Alice: play 9"]\n' + EXPECT, "refused", "does not hold 9"),
    "move not held": (SITUATION + 'moves: ["Alice: play 9"]\n' + EXPECT, "moves", "does not hold 9"),
    "move without a name": (SITUATION + 'moves: ["play 7"]\n' + EXPECT, "moves", "is not 'Name: move'"),
    "too many players": ("game: majority\nplayers: [A, B, C, D, E, F, G, H, I, J, K]\n"
                         "expect: {game_over: false}\n", "players", "played by 3 to 10 players"),
}


def _rules(project: Path, body: str) -> Path:
    path = project / "rules_src" / "demo" / "en.md"
    path.parent.mkdir(parents=True)
    path.write_text("# Demo\n\nSome words.\n\n```example {#demo-block}\n" + body + "```\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("case", sorted(BAD))
def test_malformed_example_is_an_error_at_its_key(project, case):
    body, key, fragment = BAD[case]
    path = _rules(project, body)
    result = run_forge("check", str(path.relative_to(project)), cwd=project)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    key_line = 6 + next(i for i, l in enumerate(body.splitlines()) if l.startswith(key + ":"))
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"rules_src/demo/en.md:{key_line}: example demo-block: "), result.stderr
    assert fragment in result.stderr, result.stderr
    assert "  hint: " in result.stderr


def test_a_rule_refusal_holds_and_an_accepted_refusal_fails_at_its_line(project):
    body = SITUATION + 'refused: ["Bruno: play 5", "Alice: play 7"]\n' + EXPECT
    path = _rules(project, body)
    result = run_forge("check", str(path.relative_to(project)), cwd=project)
    assert result.returncode == 1, result.stderr          # Bruno's play is refused (not his turn); Alice's is legal
    assert re.search(r"en\.md:\d+: example demo-block: refused 'Alice: play 7' expected refused, got accepted",
                     result.stderr), result.stderr


def test_an_illegal_move_fails_the_example_at_the_move(project):
    body = SITUATION + 'moves: ["Bruno: play 5"]\n' + EXPECT
    path = _rules(project, body)
    result = run_forge("check", str(path.relative_to(project)), cwd=project)
    assert result.returncode == 1
    assert "rules_src/demo/en.md:8: example demo-block: moves expected Bruno: play 5 to be legal" in result.stderr


def test_every_malformed_example_of_a_file_is_reported(project):
    path = project / "rules_src" / "demo" / "en.md"
    path.parent.mkdir(parents=True)
    blocks = [BAD["seed abc"][0], BAD["leeder"][0], BAD["expect 5"][0]]
    path.write_text("# Demo\n\n" + "".join(f"```example {{#b{i}}}\n{b}```\n\n" for i, b in enumerate(blocks)))
    result = run_forge("check", str(path.relative_to(project)), cwd=project)
    assert result.returncode == 2
    assert {m for m in re.findall(r"example (b\d):", result.stderr)} == {"b0", "b1", "b2"}, result.stderr


def _readme_table() -> dict[str, dict[str, set[str]]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\w+) \| (.*?) \| (.*?) \| (.*?) \|$", text, re.M)
    out = {}
    for game, given, options, expect in rows:
        if game in game_names():
            out[game] = {col: set(re.findall(r"`(\w+)`", cell))
                         for col, cell in (("given", given), ("options", options), ("expect", expect))}
    return out


def test_readme_table_lists_exactly_each_games_declared_fields():
    table = _readme_table()
    assert set(table) == set(game_names())
    for name in game_names():
        game = get_game(name)
        assert table[name]["given"] == set(game.GIVEN_FIELDS), name
        assert table[name]["options"] == set(game.OPTION_FIELDS), name
        assert table[name]["expect"] == set(game.EXPECT_FIELDS), name


def test_every_expect_field_a_game_declares_is_observable():
    """A declared field the state cannot observe would fail every example that uses it."""
    import random
    for name in game_names():
        game = get_game(name)
        state = game.new_state(["A", "B", "C", "D", "E"][:max(game.min_players, 4)], {}, random.Random(0))
        for field in game.EXPECT_FIELDS:
            assert state.observe(field) is not NotImplemented, (name, field)
