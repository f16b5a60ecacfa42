"""Every vector of TEST_VECTORS-data.md is cited by a test (TV-D-01..TV-D-18). The rules
vectors (TEST_VECTORS-rules.md) come with the rules of play; those this phase covers are cited
where they are tested (TV-R-01..04, 08, 09, 33, 41)."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
DATA_VECTORS = set(range(1, 19))


def cited(prefix: str) -> set[int]:
    text = "".join(p.read_text() for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    found = {int(m) for m in re.findall(prefix + r"-(\d\d)", text)}
    return found | {int(m) for m in re.findall(prefix.lower().replace("-", "_") + r"_(\d\d)", text)}


def test_every_data_vector_is_cited() -> None:
    assert not DATA_VECTORS - cited("TV-D"), sorted(DATA_VECTORS - cited("TV-D"))


def test_rules_vectors_of_this_phase_are_cited() -> None:
    assert {1, 2, 3, 4, 8, 9, 33, 41} <= cited("TV-R")
