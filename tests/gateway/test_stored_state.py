"""A table's state at rest (gateway/stored_state.py, decision 0014): a large GameState is
stored deflated behind a 0x00 byte, a small one as it is, and a state stored before (its
GameState bytes as they are, large too) reads back unchanged, so tables written by an
older gateway play on."""

from __future__ import annotations

import random
import zlib

from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from gateway import keys, stored_state

from ..support import play_to_end, stored_game_state


def game_state(size: int, seed: int = 1) -> bytes:
    rng = random.Random(seed)
    data = bytes(rng.choice(b"\x00\x01\x02\x90\xa3abc") for _ in range(size))
    return pb.GameState(game="andean_abyss", format_version=3, rules_version="r",
                        data=data).SerializeToString()


def test_large_states_are_deflated_small_ones_and_old_ones_kept_as_they_are():
    small, large = game_state(100), game_state(1400)
    assert stored_state.pack(small) == small
    packed = stored_state.pack(large)
    assert packed[:1] == stored_state.MARK and len(packed) < len(large)
    for state in (small, large):
        assert stored_state.unpack(stored_state.pack(state)) == state
        assert stored_state.unpack(state) == state  # as stored before decision 0014
    assert stored_state.unpack(b"") == b""


def test_a_table_whose_state_was_stored_whole_plays_on_and_is_stored_deflated(
        new_client, redis):
    """A Duel table's state (small: stored whole), then the same state deflated as a large
    one is stored: the gateway reads it as the rules service wrote it (View, Act), and its
    commits store the rules service's states (a Duel's: whole)."""
    ann, bob = new_client("ann"), new_client("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True))
    bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    tid = info.table_id
    before = redis.get(keys.table_state(tid))
    assert before[:1] != stored_state.MARK and stored_game_state(redis, tid).game == "duel"
    redis.set(keys.table_state(tid), stored_state.MARK + zlib.compress(before, 1, -15))
    view = ann.GetView(gw.GetViewRequest(table_id=tid))
    assert view.seat == 0
    play_to_end([ann, bob], tid, random.Random(3))
    assert ann.GetTable(gw.GetTableRequest(table_id=tid)).outcome.finished
    assert redis.get(keys.table_state(tid))[:1] != stored_state.MARK  # Duel's: small
