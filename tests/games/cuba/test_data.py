"""DATA.md checks (D8) and the loader's validation."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from services.cuba.constants import CROSSES, FIELD_INDEX
from services.cuba.data import DATA, DATA_DIR, DataError, load, parse_farm, read

from .helpers import Table, blank, yard


def test_d8_counts() -> None:
    assert len(DATA.buildings) == 23 and len({b.id for b in DATA.buildings}) == 23
    groups = [b.group for b in DATA.buildings]
    assert [groups.count(g) for g in ("victory_points", "income", "factories_black_market",
                                      "power")] == [10, 5, 5, 3]
    assert [len(d) for d in DATA.deck_laws] == [6, 6, 6, 6] and len(DATA.laws) == 26
    assert len(DATA.ships) == 15 and all(sum(s.slots) == 5 for s in DATA.ships)
    # CU-R-11: 5 cards of 5 crop slots, 5 with 1 goods slot, 5 with 2
    assert [sum(s.slots[i] for s in DATA.ships) for i in range(5)] == [20, 20, 20, 7, 8]
    assert sorted(sum(s.slots[3:]) for s in DATA.ships) == [0] * 5 + [1] * 5 + [2] * 5
    assert DATA.components == (18, 18, 18, 15, 15, 15, 15, 15)
    assert DATA.total_pesos == 195 and DATA.rounds == 6 and DATA.berth_vp == (1, 2, 3)


def test_d4_worked_crosses_match_the_rule() -> None:
    """farm.json worked_crosses = CU 5.B.1 item 2 row + column."""
    raw = read("farm.json")
    for fid, cells in raw["worked_crosses"].items():
        assert [FIELD_INDEX[c] for c in sorted(cells)] == list(CROSSES[FIELD_INDEX[fid]])


def broken(tmp_path: Path, name: str, edit: Any) -> Path:
    root = tmp_path / "data"
    shutil.copytree(DATA_DIR, root)
    raw = json.loads((root / name).read_text())
    edit(raw)
    (root / name).write_text(json.dumps(raw))
    return root


@pytest.mark.parametrize(("name", "edit"), [
    ("buildings.json", lambda r: r["buildings"].append(copy.deepcopy(r["buildings"][0]))),
    ("buildings.json", lambda r: r["buildings"][0]["cost"].update({"rum": 1})),
    ("ships.json", lambda r: r["ships"][0]["slots"].pop()),
    ("ships.json", lambda r: r["ships"][1].update(slots=r["ships"][0]["slots"])),
    ("farm.json", lambda r: r["sides"]["standard"]["fields"][1].update(type="lake")),
    ("laws.json", lambda r: r["laws"].pop()),
    ("laws.json", lambda r: r["laws"][0]["effect"].update(kind="free_money")),
    ("market.json", lambda r: r["rows"][0].update(prices=[2, 3, 4, 5, 6])),
    ("setup.json", lambda r: r["characters"][0].update(votes=2)),
    ("harbor.json", lambda r: r.update(advance_order=["sea", "berth_1", "berth_2", "berth_3"])),
])
def test_loader_rejects_broken_data(tmp_path: Path, name: str, edit: Any) -> None:
    with pytest.raises((DataError, ValueError, KeyError)):
        load(broken(tmp_path, name, edit))


def test_loader_accepts_the_shipped_data(tmp_path: Path) -> None:
    assert load(broken(tmp_path, "farm.json", lambda r: None)) == DATA


def test_individual_sides_are_read_when_the_data_gives_them() -> None:
    """CU 3.12 [CU-G-04]: a per-colour layout (here a mirrored standard side) is accepted."""
    raw = read("farm.json")
    std = raw["sides"]["standard"]
    mirrored = copy.deepcopy(std)
    types = {f["id"]: f["type"] for f in std["fields"]}
    for f in mirrored["fields"]:
        if f["row"] > 0:
            f["type"] = types[f"r{f['row']}c{3 - f['col']}"]
    colours = ("blue", "red")
    raw["sides"]["individual"] = {"available": True, "per_colour": {"blue": std, "red": mirrored}}
    _, standard, individual, _ = parse_farm(raw, colours)
    assert individual[0] == standard and individual[1] != standard
    raw["sides"]["individual"]["per_colour"].pop("red")
    with pytest.raises(DataError):
        parse_farm(raw, colours)


def test_rules_read_each_players_own_layout() -> None:
    """A per-player farm in the state drives the Worker (the individual-side mechanism)."""
    raw = read("farm.json")
    index = {t: i for i, t in enumerate(raw["field_types"])}
    st = blank()
    st.players[1].farm[FIELD_INDEX["r1c0"]] = index["lake"]
    Table(st).start("worker", seat=1).play("field:r1c0")
    assert yard(st, 1) == {"water": 1, "stone": 1, "wood": 1}
    Table(st).start("worker", seat=0).play("field:r1c0")
    assert yard(st, 0) == {"stone": 1, "wood": 2}
