"""Build the preset deflate dictionaries of archive chunks (gateway/chunks.py, decision 0013).

`python scripts/build_archive_dicts.py [--games andean_abyss,cuba]`: plays SEEDS seeded games
of each game through the engine (seat 0 a person, the other seats bots, as a load-test
table; every seat decided by the engine's random bot), stores each move's events and
commit marker as the gateway's commit would (tables.vis_of, markers.marker, stream ids one
commit every MS_PER_COMMIT ms), turns them into archive rows (chunks.rows) and keeps rows
that bring something the dictionary does not hold yet (a row that deflates against it to
more than NOVEL bytes), up to SIZE bytes, the commonest last. Same seeds, same bytes.

A dictionary whose bytes changed gets a new id (ids are never reused: chunks name theirs)
and is added to gateway/dicts/manifest.json; the old ones stay, so old chunks still read.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import importlib
import json
import sys
import zlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "gen")]

from tablero.v1 import gateway_pb2 as gw  # noqa: E402

from gateway import chunks  # noqa: E402
from gateway.markers import marker  # noqa: E402
from gateway.tables import next_pending, vis_of  # noqa: E402
from services.kernel import engine  # noqa: E402
from services.runtime.convert import event_pb, outcome_pb  # noqa: E402

SEEDS = range(1, 9)
SIZE = 32 * 1024  # bytes of dictionary: deflate's whole window (the rows nearest the data stay)
NOVEL = 30  # a row deflating against the dictionary to more bytes than this is kept
MAX_MOVES = 3000
T0 = 1_700_000_000_000
MS_PER_COMMIT = 50
TIMEOUT_MS = 300_000


def played(game_id: str, seed: int) -> list[chunks.Entry]:
    """One seeded game's stream entries, as a table's stream would hold them."""
    game = importlib.import_module(f"services.{game_id}").GAME
    seats = game.min_seats
    bots = [s > 0 for s in range(seats)]
    step = engine.setup(game, seats, {}, seed)
    out: list[chunks.Entry] = []
    pending: list[dict[str, Any]] = []
    for v in range(MAX_MOVES):
        ms = T0 + v * MS_PER_COMMIT
        pending = next_pending(pending, _pending_pb(step), bots, "playing", ms, TIMEOUT_MS)
        # deterministic: a Struct's keys sorted (a process has an order of its own otherwise)
        stored = [(vis_of(e), gw.TableEvent(version=v, event=e).SerializeToString(
            deterministic=True)) for e in map(event_pb, step.events)]
        stored.append(("*", marker(v, outcome_pb(step.outcome), pending).SerializeToString()))
        out += [(f"{ms}-{seq}".encode(), {b"vis": vis.encode(), b"v": str(v).encode(),
                                          b"b": data}) for seq, (vis, data) in enumerate(stored)]
        waiting = step.waiting()
        if step.outcome is not None or not waiting:
            break
        d = waiting[0]
        step = engine.act(game, step.state, d.seat,
                          engine.suggest(game, step.state, d.seat, d.id, "random", seed))
    return out


def _pending_pb(step: engine.Step) -> list[Any]:
    ev = gw.TableEvent()
    for d in step.decisions:
        ev.pending.add(id=d.id, seat=d.seat, kind=d.kind, optional=d.optional)
    return list(ev.pending)


def dictionary(games: list[list[chunks.Entry]]) -> bytes:
    """Rows that bring something new, commonest kinds last (nearest the data)."""
    rows = [r for entries in games for r in chunks.rows(entries, [0, 0])]
    common = collections.Counter(_skeleton(r) for r in rows)
    rows.sort(key=lambda r: common[_skeleton(r)])
    kept: list[bytes] = []
    size = 0
    for r in reversed(rows):  # the commonest first, so they are sure to be in
        held = b"".join(reversed(kept))[-chunks.WINDOW:]
        z = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=held) if held else \
            zlib.compressobj(9, zlib.DEFLATED, -15)
        if len(z.compress(r) + z.flush()) > NOVEL:
            kept.append(r)
            size += len(r)
            if size >= SIZE:
                break
    return b"".join(reversed(kept))[-SIZE:]


def _skeleton(row: bytes) -> bytes:
    """What rows of one kind share: the row without its first bytes (times, version)."""
    return row[6:30]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=lambda s: s.split(","), default=["andean_abyss", "cuba"])
    args = p.parse_args()
    path = chunks.DICTS / "manifest.json"
    manifest = json.loads(path.read_text())
    for game in args.games:
        data = dictionary([played(game, seed) for seed in SEEDS])
        digest = hashlib.sha256(data).hexdigest()
        same = [d for d in manifest["dictionaries"] if d["game"] == game
                and d["sha256"] == digest]
        if same:
            print(f"{game}: unchanged (dictionary {same[0]['id']})")
            continue
        did = 1 + max((d["id"] for d in manifest["dictionaries"]), default=0)
        name = f"{game}-{did}.zdict"
        (chunks.DICTS / name).write_bytes(data)
        manifest["dictionaries"].append({
            "id": did, "game": game, "file": name, "sha256": digest,
            "built_from": f"scripts/build_archive_dicts.py: seeds {SEEDS.start}-"
                          f"{SEEDS.stop - 1}, {len(data)} bytes"})
        print(f"{game}: dictionary {did}, {len(data)} bytes -> gateway/dicts/{name}")
    path.write_text(json.dumps(manifest, indent=2) + "\n")


if __name__ == "__main__":
    main()
