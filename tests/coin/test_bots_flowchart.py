"""coin.bots.flowchart (AA 8.1.1, CL 8.1.1): a chart's first box, its "IF NONE" arrows (each
box tried once: a cycle ends in Pass), boxes reached only when offered and possible, the
candidates without the spaces already chosen; coin.bots.options reading option args."""

from __future__ import annotations

from typing import Any

from services.coin.bots.flowchart import Box, Chart
from services.coin.bots.options import OptionReader, Vocabulary, count_of, verb
from services.kernel.decisions import Decision, option


def tiers(spaces: list[int]) -> Any:
    return lambda st, v: [spaces]


CHART: Chart[None] = Chart(0, lambda st: "construct", {
    "construct": Box(tiers([]), 2, "profit"),
    "terror": Box(tiers([3, 4]), 2, "bribe"),
    "rally": Box(tiers([1]), 9, "profit", possible=lambda st: False),
}, fallback={"construct": "terror", "terror": "construct", "rally": None})


def test_if_none_arrows_each_box_once() -> None:
    """CL 8.5.3/8.5.4: Construct IF NONE -> Terror; Terror IF NONE -> Construct -> Pass."""
    assert CHART.operation(None, {"construct", "terror"}) == "terror"
    assert CHART.operation(None, {"construct"}) is None  # Terror not offered: back, Pass
    assert not CHART.possible(None, "rally") and not CHART.possible(None, "missing")


def test_candidates_drop_chosen_spaces() -> None:
    assert CHART.candidates(None, "terror", {"spaces": [3]}) == [[4]]


def test_option_reader_by_args() -> None:
    """docs/decisions/0004: spaces, pieces and factions read from the options' args."""
    reader = OptionReader(Vocabulary(
        index={"a": 0, "b": 1}, kind_ids=("troops", "x_base"), klass=lambda k: k.split("_")[-1],
        owner=lambda k: 0 if k == "troops" else 1, faction_ids=("govt", "x"),
        enemies=lambda st, f: [1 - f], pop=lambda s: s, pick=lambda st, c: max(c)))
    opts = (option("space:a", "A", space="a"), option("space:b", "B", space="b"),
            option("done", "Done"))
    d = Decision("d1", 0, "k", "Where?", opts)
    assert reader.by_space(d) == {0: "space:a", 1: "space:b"}
    assert reader.pick_in_tiers(None, reader.by_space(d), [[5], [0, 1]]) == "space:b"
    assert reader.generic(None, d, 0) == "space:b"  # the maximum guideline, then the pick
    piece = option("piece:x_base", "Remove the X Base", piece="x_base")
    assert reader.kind_of(piece) == "x_base" and reader.piece_key(None, 0, True, piece) == (0, 0)
    assert verb("n:3") == "n" and count_of(option("n:3", "3", count="3")) == 3
