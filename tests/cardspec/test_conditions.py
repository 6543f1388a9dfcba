"""A part's ``when:`` (forge/cardspec/conditions.py): comparisons read, never evaluated as code."""
from __future__ import annotations

import pytest

from forge.cardspec.conditions import holds, parse_condition
from forge.cardspec.templating import TemplateError

CARD = {"type": "ingredient", "cost": "3", "art": "", "name": "magic wand", "rare": "yes"}


@pytest.mark.parametrize("condition,expected", [
    ("{type}", True), ("{art}", False), ("always", True),
    ("{type} == ingredient", True), ("{type} == potion", False), ("{type} != potion", True),
    ("{cost} == 3.0", True), ("{cost} > 2", True), ("{cost} >= 3", True), ("{cost} < 3", False), ("{cost} <= 2.5", False),
    ("{type} in [potion, ingredient]", True), ("{name} in [potion, 'magic wand']", True),
    ("{type} not in [potion, ingredient]", False), ("not {art}", True), ("not {cost} > 2", False),
    ("{art} or {cost} > 2", True), ("{type} == potion or {cost} > 2 and {rare}", True),
    ("{type} == potion or {cost} > 5 and {rare}", False), ('{name} == "magic wand"', True),
])
def test_a_condition_holds_as_it_reads(condition, expected):
    assert holds(condition, CARD, {}) is expected


@pytest.mark.parametrize("condition,said", [
    ("{type} == salt and pepper", "'pepper' names no field"),
    ("{type} = potion", "'=' is not part of a condition"),
    ("{cost} >", "ends where a value is expected"),
    ("{type} in potion", "takes a list"),
    ("{a} {b}", "expected a comparison"),
    ("__import__('os').system('x') == 1", "expected a comparison"),
])
def test_what_cannot_be_read_is_refused(condition, said):
    with pytest.raises(TemplateError) as caught:
        parse_condition(condition)
    assert said in caught.value.args[0]


def test_a_number_compared_to_words_is_an_error_of_the_card():
    with pytest.raises(TemplateError) as caught:
        holds("{type} > 2", CARD, {})
    assert "not a number" in caught.value.args[0] and caught.value.in_value
