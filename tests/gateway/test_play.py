"""A whole game through the gateway by real clients (DESIGN §2, §3)."""

from __future__ import annotations

import random

from tablero.v1 import gateway_pb2 as gw

from ..support import random_choice, struct_view


def test_private_table_played_to_the_end_by_two_clients(new_client, redis):
    ann, bob = new_client("ann"), new_client("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True))
    assert info.status == gw.TABLE_STATUS_OPEN and info.your_seat == 0 and info.invite_code
    joined = bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    assert joined.your_seat == 1 and joined.status == gw.TABLE_STATUS_PLAYING
    tid = info.table_id
    rng = random.Random(1)
    clients = {0: ann, 1: bob}
    for _ in range(200):
        views = {s: c.GetView(gw.GetViewRequest(table_id=tid)) for s, c in clients.items()}
        if views[0].outcome.finished:
            break
        for seat, sv in views.items():
            for d in sv.decisions:
                assert d.seat == seat
                clients[seat].Act(gw.ActRequest(table_id=tid, choice=random_choice(d, rng)))
    final = ann.GetTable(gw.GetTableRequest(table_id=tid))
    assert final.status == gw.TABLE_STATUS_FINISHED
    assert len(final.outcome.results) == 2
    assert any(r.winner for r in final.outcome.results)
    # The choice log holds every applied choice, one per version after set-up.
    assert redis.llen(f"t:{{{tid}}}:log") == final.version


def test_views_show_only_the_seats_own_hand(new_client):
    ann, bob = new_client("ann"), new_client("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True))
    bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    a = struct_view(ann.GetView(gw.GetViewRequest(table_id=info.table_id)))
    b = struct_view(bob.GetView(gw.GetViewRequest(table_id=info.table_id)))
    assert len(a["hand"]) == 3 and len(b["hand"]) == 3
    assert not set(a["hand"]) & set(b["hand"])
