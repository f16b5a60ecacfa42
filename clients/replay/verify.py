"""Re-run a table's seed and choice log through the game's rules service and check
every step against what the gateway recorded (DESIGN §2 "Determinism").

What the gateway keeps per table (gateway/keys.py, gateway/tables.py):
- `t:{id}:meta`  hash: game, seats, options (JSON), seed, status, version, outcome, …
- `t:{id}:log`   list: one JSON entry per applied choice:
                 {"v", "seat", "decision_id", "option_id" | "amount", "hash", "by"}
- `t:{id}:state` the GameState message bytes after the last choice
- `tables:finished` sorted set of finished table ids

The verifier calls Setup(seats, options, seed), then Act for each entry in
order, comparing the state hash after each choice with the recorded one; at the
end the replayed state must equal the stored one byte for byte (format and data;
the rules version may differ, that is what a replay gate checks), and so must
the outcome. The first difference is reported with the choice that caused it.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import grpc
from redis.asyncio import Redis
from tablero.v1 import common_pb2, rules_pb2, rules_pb2_grpc

from . import layout as keys


@dataclasses.dataclass
class TableRecord:
    """A table as the gateway stored it."""

    table_id: str
    game: str
    seats: int
    options: dict[str, str]
    seed: int
    status: str
    version: int
    log: list[dict[str, Any]]
    state: common_pb2.GameState
    outcome: common_pb2.Outcome


@dataclasses.dataclass
class Divergence:
    """Where the replay first differs. `index` is the 0-based position in the choice
    log (-1: set-up or the final comparison)."""

    index: int
    reason: str
    entry: dict[str, Any] | None = None
    expected: str = ""
    actual: str = ""


@dataclasses.dataclass
class ReplayResult:
    table_id: str
    game: str
    status: str
    choices: int
    final_hash: str = ""
    rules_version_stored: str = ""
    rules_version_replayed: str = ""
    divergence: Divergence | None = None

    @property
    def ok(self) -> bool:
        return self.divergence is None

    def as_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["ok"] = self.ok
        return d


class MissingTable(Exception):
    """The table's keys are gone (unknown id, or expired after the finished TTL)."""


async def load_record(redis: Redis, tid: str) -> TableRecord:
    pipe = redis.pipeline(transaction=False)
    pipe.hgetall(keys.table_meta(tid))
    pipe.lrange(keys.table_log(tid), 0, -1)
    pipe.get(keys.table_state(tid))
    meta, log, state = await pipe.execute()
    if not meta or state is None:
        raise MissingTable(f"table {tid}: no meta or state in Redis")
    return TableRecord(
        table_id=tid, game=meta[b"game"].decode(), seats=int(meta[b"seats"]),
        options=json.loads(meta[b"options"]), seed=int(meta[b"seed"]),
        status=meta[b"status"].decode(), version=int(meta[b"version"]),
        log=[json.loads(e) for e in log],
        state=common_pb2.GameState.FromString(keys.state_bytes(state)),
        outcome=common_pb2.Outcome.FromString(meta.get(b"outcome", b"")))


async def finished_tables(redis: Redis, limit: int = 0) -> list[str]:
    """Finished table ids, oldest first (at most `limit` newest when given)."""
    start = -limit if limit > 0 else 0
    return [t.decode() for t in await redis.zrange(keys.TABLES_FINISHED, start, -1)]


def choice_of(entry: dict[str, Any]) -> common_pb2.Choice:
    if "amount" in entry:
        return common_pb2.Choice(decision_id=entry["decision_id"], amount=int(entry["amount"]))
    return common_pb2.Choice(decision_id=entry["decision_id"], option_id=entry["option_id"])


async def replay(rules: rules_pb2_grpc.RulesStub, rec: TableRecord) -> ReplayResult:
    """Replay one table; the result names the first divergence, if any."""
    res = ReplayResult(rec.table_id, rec.game, rec.status, len(rec.log),
                       rules_version_stored=rec.state.rules_version)
    try:
        t = await rules.Setup(rules_pb2.RulesSetupRequest(
            seats=rec.seats, options=rec.options, seed=rec.seed))
    except grpc.aio.AioRpcError as e:
        res.divergence = Divergence(-1, f"Setup rejected: {e.code().name}: {e.details()}")
        return res
    for i, entry in enumerate(rec.log):
        div = check_entry(i, entry)
        if div is None:
            t, div = await _act(rules, t, i, entry)
        if div is not None:
            res.divergence = div
            return res
    res.final_hash = t.state_hash
    res.rules_version_replayed = t.state.rules_version
    res.divergence = compare_final(rec, t)
    return res


def check_entry(i: int, entry: dict[str, Any]) -> Divergence | None:
    """The log itself must be gapless: entry i is version i + 1."""
    if entry.get("v") != i + 1:
        return Divergence(i, f"log entry {i} is for version {entry.get('v')}, not {i + 1}",
                          entry)
    return None


async def _act(rules: rules_pb2_grpc.RulesStub, t: common_pb2.Transition, i: int,
               entry: dict[str, Any]) -> tuple[common_pb2.Transition, Divergence | None]:
    req = rules_pb2.RulesActRequest(state=t.state, seat=int(entry["seat"]),
                                    choice=choice_of(entry))
    try:
        nxt = await rules.Act(req)
    except grpc.aio.AioRpcError as e:
        return t, Divergence(i, f"the rules reject this choice now: {e.code().name}: "
                                f"{e.details()}", entry)
    if nxt.state_hash != entry["hash"]:
        return nxt, Divergence(i, "state hash after this choice differs", entry,
                               expected=entry["hash"], actual=nxt.state_hash)
    return nxt, None


def compare_final(rec: TableRecord, t: common_pb2.Transition) -> Divergence | None:
    """The stored final state and outcome against the replayed ones, byte for byte."""
    last = len(rec.log) - 1
    if t.state.format_version != rec.state.format_version:
        return Divergence(last, "state format version differs",
                          expected=str(rec.state.format_version),
                          actual=str(t.state.format_version))
    if t.state.data != rec.state.data:
        return Divergence(last, "final state bytes differ",
                          expected=f"{len(rec.state.data)} bytes",
                          actual=f"{len(t.state.data)} bytes (first difference at byte "
                                 f"{first_difference(rec.state.data, t.state.data)})")
    if t.outcome.SerializeToString(deterministic=True) != rec.outcome.SerializeToString(
            deterministic=True):
        return Divergence(last, "outcome differs", expected=str(rec.outcome).strip(),
                          actual=str(t.outcome).strip())
    return None


def first_difference(a: bytes, b: bytes) -> int:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return min(len(a), len(b))
