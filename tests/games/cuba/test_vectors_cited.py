"""Every worked example of TEST_VECTORS.md (TV-01..TV-26) is cited by a test."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent


def test_every_test_vector_is_cited() -> None:
    text = "".join(p.read_text() for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    cited = {int(text[i + 3:i + 5]) for i in range(len(text)) if text.startswith("TV-", i)}
    cited |= {int(text[i + 2:i + 4]) for i in range(len(text)) if text.startswith("tv", i)
              and text[i + 2:i + 4].isdigit()}
    assert set(range(1, 27)) <= cited, sorted(set(range(1, 27)) - cited)
