"""Junta through a real gateway and a real rules service (Redis from the test platform):
people and bots at a table, a gift made out of turn and who sees what of it, and whole games
played by the load tester, checked against the choice log Redis kept (it replays to the
stored state)."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from tablero.junta.v1 import view_pb2 as junta_pb
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from deploy.processes import Proc
from services.junta import GAME

from ...support import GatewayClient, Platform, game_gateway, load_tester_game_replays


@pytest.fixture(scope="module")
def junta_gateway(platform: Platform) -> Iterator[Proc]:
    with game_gateway(platform.redis_url, "junta",
                      env={"TABLERO_RATE_PER_S": "5000", "TABLERO_RATE_BURST": "10000"}) as g:
        yield g


def typed(sv: pb.SeatView) -> junta_pb.JuntaView:
    v = junta_pb.JuntaView()
    assert sv.view.Unpack(v)
    return v


def watched(c: GatewayClient, tid: str) -> list[pb.Event]:
    """Every event the caller may see so far (the stream stays open: read until a pause)."""
    out = []
    try:
        for e in c.Watch(gw.WatchRequest(table_id=tid), timeout=3):
            out.append(e.event)
    except grpc.RpcError as e:
        assert e.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    return out


def test_a_gift_out_of_turn_is_seen_in_full_by_its_parties_only(junta_gateway: Proc) -> None:
    ann, bob, sam = (GatewayClient(junta_gateway.endpoint) for _ in range(3))
    for c, n in ((ann, "ann"), (bob, "bob"), (sam, "sam")):
        c.login(n)
    table = ann.CreateTable(gw.CreateTableRequest(game="junta", seats=4, bot_seats=[2, 3],
                                                  join=True))
    bob.JoinTable(gw.JoinTableRequest(invite_code=table.invite_code))
    tid = table.table_id
    sv = ann.GetView(gw.GetViewRequest(table_id=tid))
    deal = next(d for d in sv.decisions if d.kind == "junta.deal")
    assert deal.optional and all(d.seat == 0 for d in sv.decisions)
    gift = next(o for o in deal.options if o.args["action"] == "card" and o.args["player"] == "1")
    ann.Act(gw.ActRequest(table_id=tid, choice=pb.Choice(decision_id=deal.id,
                                                         option_id=gift.id)))
    card = gift.args["card"]
    assert card in typed(bob.GetView(gw.GetViewRequest(table_id=tid))).families[1].hand
    seen = {n: [e.kind for e in watched(c, tid)] for n, c in (("ann", ann), ("bob", bob),
                                                              ("sam", sam))}
    for n in ("ann", "bob", "sam"):
        assert "junta.gift" in seen[n]
    assert "junta.gift_contents" in seen["ann"] and "junta.gift_contents" in seen["bob"]
    assert "junta.gift_contents" not in seen["sam"]
    spectator = typed(sam.GetView(gw.GetViewRequest(table_id=tid)))
    assert not spectator.families[1].hand and spectator.families[1].hand_size == 6
    for c in (ann, bob, sam):
        c.close()


def test_the_load_tester_plays_whole_games_with_bots(junta_gateway: Proc, redis) -> None:
    load_tester_game_replays(junta_gateway.endpoint, redis, "junta", GAME)
