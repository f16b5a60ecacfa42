"""Spectating: ListTables finds matchmade tables; a caller with no seat gets the spectator's
TableInfo, view and events (gateway.proto ListTables)."""

from __future__ import annotations

import random

import grpc
import pytest
from tablero.v1 import gateway_pb2 as gw

from ..support import play_to_end


def test_matchmade_tables_are_listed_live_then_finished_and_private_ones_never(new_client):
    ann, bob, sam = new_client("ann"), new_client("bob"), new_client("sam")
    private = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, bot_seats=[1],
                                                    join=True))
    tickets = [c.Enqueue(gw.EnqueueRequest(game="duel", seats=2, options={"rounds": "1"}))
               for c in (ann, bob)]
    got = [c.GetTicket(gw.GetTicketRequest(ticket_id=t.ticket_id, wait_ms=5000))
           for c, t in zip((ann, bob), tickets)]
    tid = got[0].table_id
    live = sam.ListTables(gw.ListTablesRequest(game="duel", page_size=100))
    listed = {t.table_id: t for t in live.tables}
    assert tid in listed and private.table_id not in listed
    seen = listed[tid]
    assert seen.your_seat == -1 and not seen.invite_code
    assert [s.display_name for s in seen.seats] == ["ann", "bob"] or \
        [s.display_name for s in seen.seats] == ["bob", "ann"]
    # The spectator's view has no decisions; the players play to the end.
    assert not sam.GetView(gw.GetViewRequest(table_id=tid)).decisions
    by_seat = {g.seat: c for g, c in zip(got, (ann, bob))}
    play_to_end([by_seat[0], by_seat[1]], tid, random.Random(2))
    live = sam.ListTables(gw.ListTablesRequest(game="duel", page_size=100))
    done = sam.ListTables(gw.ListTablesRequest(game="duel", finished=True, page_size=100))
    assert tid not in {t.table_id for t in live.tables}
    assert tid in {t.table_id for t in done.tables}
    events = list(sam.Watch(gw.WatchRequest(table_id=tid)))
    assert events and all(e.event.visibility.public for e in events)


def test_list_tables_pages_and_validates(new_client):
    sam = new_client("sam")
    first = sam.ListTables(gw.ListTablesRequest(game="duel", finished=True, page_size=1))
    assert len(first.tables) <= 1
    if first.next_page_token:
        second = sam.ListTables(gw.ListTablesRequest(game="duel", finished=True, page_size=1,
                                                     page_token=first.next_page_token))
        assert second.tables[0].table_id != first.tables[0].table_id
    for bad in (gw.ListTablesRequest(game="duel", page_size=500),
                gw.ListTablesRequest(game="duel", page_token="x")):
        with pytest.raises(grpc.RpcError) as e:
            sam.ListTables(bad)
        assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    with pytest.raises(grpc.RpcError) as e:
        sam.ListTables(gw.ListTablesRequest(game="chess"))
    assert e.value.code() == grpc.StatusCode.NOT_FOUND
