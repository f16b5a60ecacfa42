"""Every worked example of TEST_VECTORS.md (TV-01..TV-32) is cited by a test."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent


def test_every_test_vector_is_cited() -> None:
    text = "".join(p.read_text() for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    cited = {int(n) for n in re.findall(r"(?:TV-|tv)(\d\d)", text)}
    assert set(range(1, 33)) <= cited, sorted(set(range(1, 33)) - cited)
