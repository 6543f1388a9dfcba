"""A bounded, seeded slice of the fuzz campaign (benchmarks/fuzz.py runs the long one): the real
project's inputs spoiled by Hypothesis-chosen mutations never make forge raise anything but a
ForgeError and every error names a file and a line (how long the cases take is the campaign's
figure: benchmarks/fuzz.py counts the runs over 10 s)."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from .fuzzing import MUTATIONS, corpus, run_case, scratch_project

FILES = corpus()


@pytest.fixture(scope="module")
def fuzz_project(tmp_path_factory):
    project = scratch_project(tmp_path_factory.mktemp("fuzz"))
    here = Path.cwd()
    os.chdir(project)                     # the engines read the kit of the current project
    yield project
    os.chdir(here)


@settings(max_examples=int(os.environ.get("FORGE_FUZZ_EXAMPLES", 60)), derandomize=True, deadline=None,
          database=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_spoiled_input_gives_located_errors_only(fuzz_project, data):
    rel = data.draw(st.sampled_from(FILES), label="file")
    mutation = data.draw(st.sampled_from(MUTATIONS[Path(rel).suffix]), label="mutation")
    seed = data.draw(st.integers(0, 2 ** 32), label="seed")
    render = rel.startswith("templates") or rel.endswith("figures.yaml") or data.draw(
        st.sampled_from([False] * 9 + [True]), label="render")
    outcome = run_case(fuzz_project, rel, mutation, random.Random(seed), render)
    assert outcome.kind in ("ok", "located"), f"{rel} / {mutation.__name__}: {outcome.detail}"


def test_the_corpus_covers_every_kind_of_input():
    kinds = {Path(f).suffix for f in FILES}
    assert kinds == {".yaml", ".csv", ".md", ".po"}
    assert any(f.startswith("templates/i18n/") for f in FILES) and any(f.endswith("figures.yaml") for f in FILES)

