"""Every test vector of TEST_VECTORS-rules.md and TEST_VECTORS-data.md that the landed rules
cover is cited by a test. Not covered: the Non-player vectors (chapter 8: TV-R-37 and
TV-R-40..47, 53, 54; TV-D-06, TV-D-11), which belong to the bots."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
NON_PLAYER_R = {37, 40, 41, 42, 43, 44, 45, 46, 47, 53, 54}
NON_PLAYER_D = {6, 11}


def cited(prefix: str) -> set[int]:
    text = "".join(p.read_text() for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    found = {int(m) for m in re.findall(prefix + r"-(\d\d)", text)}
    return found | {int(m) for m in re.findall(prefix.lower().replace("-", "_") + r"_(\d\d)", text)}


def test_every_rules_vector_is_cited() -> None:
    missing = set(range(1, 55)) - NON_PLAYER_R - cited("TV-R")
    assert not missing, sorted(missing)


def test_every_data_vector_is_cited() -> None:
    missing = set(range(1, 30)) - NON_PLAYER_D - cited("TV-D")
    assert not missing, sorted(missing)
