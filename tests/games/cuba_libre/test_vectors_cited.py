"""Every vector of TEST_VECTORS-data.md is cited by a test (TV-D-01..TV-D-18), and every rules
vector of TEST_VECTORS-rules.md (TV-R-01..TV-R-33 for chapters 1-7, TV-R-34..TV-R-41 for the
Non-players of chapter 8)."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
DATA_VECTORS = set(range(1, 19))
RULES_VECTORS = set(range(1, 42))


def cited(prefix: str) -> set[int]:
    text = "".join(p.read_text() for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    found = {int(m) for m in re.findall(prefix + r"-(\d\d)", text)}
    return found | {int(m) for m in re.findall(prefix.lower().replace("-", "_") + r"_(\d\d)", text)}


def test_every_data_vector_is_cited() -> None:
    assert not DATA_VECTORS - cited("TV-D"), sorted(DATA_VECTORS - cited("TV-D"))


def test_every_rules_vector_is_cited() -> None:
    assert not RULES_VECTORS - cited("TV-R"), sorted(RULES_VECTORS - cited("TV-R"))
