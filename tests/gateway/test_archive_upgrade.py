"""Tables written by the gateway of main before archive format 2 (5ce2216, decision 0011:
format 1 chunks) carry on under this gateway (decision 0013): the stored entries stay byte
for byte, Watch from version 0 gives the events and ids the old gateway gave, a retried Act
answers the same, and the game plays on, its old chunks read as they are and rewritten in
format 2 when they grow."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis as redis_lib
from tablero.v1 import gateway_pb2 as gw

from bench.games import unpack
from deploy.processes import Proc, start_gateway, target
from gateway import archive, chunks, keys

from ..conftest import FAST_ENV
from ..support import GatewayClient, play_to_end, random_choice
from .stored import stored_entries
from .test_watch_and_faults import _collect

OLD = "5ce2216"  # main, archive format 1
DB = 6  # a Redis database of the test's own


class _Enough(Exception):
    pass


@pytest.fixture(scope="module")
def old_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return unpack(OLD, tmp_path_factory.mktemp("old-gateway"))


@pytest.fixture
def db_url(platform) -> Iterator[str]:
    url = f"{platform.redis_url.rsplit('/', 1)[0]}/{DB}"
    yield url
    redis_lib.Redis.from_url(url).flushdb()


def _read(c: GatewayClient, tid: str, n: int, after: str = "") -> list[gw.TableEvent]:
    """The first `n` events Watch sends a live table's seat (then the call is cut)."""
    call = c.Watch(gw.WatchRequest(table_id=tid, after_event_id=after))
    out = []
    for ev in call:
        out.append(ev)
        if len(out) == n:
            break
    call.cancel()
    return out


def _seen_by_seat_0(db: redis_lib.Redis, tid: str) -> int:
    return sum(f[b"vis"] == b"*" or b"0" in f[b"vis"].split(b",")
               for _, f in stored_entries(db, tid))


def _moved_to(endpoint: str, c: GatewayClient) -> GatewayClient:
    """The same session, through another gateway."""
    out = GatewayClient(endpoint)
    out.token, out.player_id = c.token, c.player_id
    return out


def test_a_table_written_by_the_old_gateway_plays_on_under_this_one(
        old_tree, db_url, duel_replicas, log_dir):
    db = redis_lib.Redis.from_url(db_url)
    old: Proc = start_gateway(db_url, {"duel": target(duel_replicas)}, log_dir=log_dir,
                              env=FAST_ENV, root=old_tree)
    clients = []
    try:
        ann, bob = GatewayClient(old.endpoint), GatewayClient(old.endpoint)
        clients += [ann, bob]
        ann.login("ann")
        bob.login("bob")
        info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True,
                                                     options={"rounds": "5"}))
        tid = info.table_id
        bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
        d = ann.GetView(gw.GetViewRequest(table_id=tid)).decisions[0]
        req = gw.ActRequest(table_id=tid, choice=random_choice(d, random.Random(3)),
                            idempotency_key="first")
        first = ann.Act(req)

        def until_archived(step: int) -> None:
            if db.hget(keys.table_archive(tid), "ids"):
                raise _Enough

        with pytest.raises(_Enough):
            play_to_end([ann, bob], tid, random.Random(4), between=until_archived)
        written = db.hgetall(keys.table_archive(tid))
        assert {written[k][:1] for k in written if k != b"ids"} == {chunks.FORMAT_1}
        n = _seen_by_seat_0(db, tid)
        stored = stored_entries(db, tid)
        before = _read(ann, tid, n)
        resumed_from = before[3].event_id
    finally:
        old.stop()
    new = start_gateway(db_url, {"duel": target(duel_replicas)}, log_dir=log_dir,
                        env=FAST_ENV)
    try:
        ann, bob = _moved_to(new.endpoint, ann), _moved_to(new.endpoint, bob)
        clients += [ann, bob]
        # The same events, ids and stored bytes. (Compared as messages: a gateway process
        # serializes a Struct's keys in an order of its own, the stored bytes are as written.)
        assert stored_entries(db, tid)[:len(stored)] == stored
        assert _read(ann, tid, n) == before
        assert _read(ann, tid, n - 4, resumed_from) == before[4:]
        again = ann.Act(req)
        assert again.duplicate and again.version == first.version
        assert list(again.events) == list(first.events)
        play_to_end([ann, bob], tid, random.Random(5))
        after = _collect(ann, tid)
        assert after[:len(before)] == before
        assert after[-1].outcome.finished
    finally:
        new.stop()
        for c in clients:
            c.close()
    arch = db.hgetall(keys.table_archive(tid))
    formats = [arch[str(k).encode()][:1] for k in range(1, len(arch[b"ids"].split()) + 1)]
    # The old chunk had room: the new gateway rewrote it in format 2 as it grew.
    assert formats == [chunks.FORMAT] * len(formats)
    assert stored_entries(db, tid)[:len(stored)] == stored
    ids = [archive.id_key(e) for e, _ in stored_entries(db, tid)]
    assert ids == sorted(set(ids))
    db.close()
