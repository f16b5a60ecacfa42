"""Stored choice logs still replay (DESIGN §2 "Versions"): 300 seeded random Andean Abyss
games recorded with the code as it stood before the COIN layer took over its machinery
(golden/replays_300.json.gz, written by `python -m tests.games.andean_abyss.replays record`).
Every game's decision ids, option ids, labels, events and states must come out the same.
The 14 games that ended in a rules error ("offers nothing to choose" after a standing
transfer in the middle of a Special Activity begun before its Operation's first space) were
recorded again once that was fixed (AA-I-17) and now play to the end; the other 286 were
unchanged by the fix, byte for byte (test_transfers_mid_activity.py keeps the 14 failing
logs).

Their standing Resources transfers are choices of one amount decision per (giver, receiver),
`t<serial>.<giver>.<receiver>`, the shape offered before issue 15 made it one decision per
giver: they replay through `Game.legacy_choice` to the same states, byte for byte, and the
`shown` digests (events and every decision offered) were re-taken for the new offers
(`replays reshow`, which refuses when a state differs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.andean_abyss.replays import load, replay_one

RECORDED = Path(__file__).parent / "golden" / "replays_300.json.gz"
GAMES = load(RECORDED)
CHUNK = 50


@pytest.mark.parametrize("start", range(0, len(GAMES), CHUNK))
def test_recorded_games_replay_identically(start: int) -> None:
    differs = []
    for g in GAMES[start:start + CHUNK]:
        got = replay_one(g)
        keys = [k for k in ("final", "state", "shown", "crash") if got[k] != g[k]]
        if keys:
            differs.append((g["seats"], g["options"], g["seed"], keys, got["crash"] or g["crash"]))
    assert differs == []


def test_recording_covers_seats_and_options() -> None:
    assert len(GAMES) == 300
    assert {g["seats"] for g in GAMES} == {2, 3, 4}
    assert len({tuple(sorted(g["options"].items())) for g in GAMES}) == 9
    # 2-3 seats without and with Non-players (AA 1.5), whose choices are made inside the
    # rules and are not in the log: 205,729 logged choices when recorded
    assert {(g["seats"], "non_players" in g["options"]) for g in GAMES} == {
        (2, True), (2, False), (3, True), (3, False), (4, False)}
    assert sum(len(g["log"]) for g in GAMES) > 200_000
    assert [g["seed"] for g in GAMES if g["crash"]] == []  # every game plays to its end
