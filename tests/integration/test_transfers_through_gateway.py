"""AA 1.5.1 Resources handed over through the gateway, as a client sees them on the wire:
one standing decision per giver, the receiver and the amount as option args (issue 15)."""

from __future__ import annotations

import json

from google.protobuf import json_format
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from services.andean_abyss.state import AAState
from services.kernel import codec

from ..support import GatewayClient, game_gateway, stored_game_state


def test_aa_1_5_1_give_resources_through_the_gateway(platform, redis, log_dir):
    with game_gateway(platform.redis_url, "andean_abyss", log_dir=log_dir) as gateway:
        govt, farc = GatewayClient(gateway.endpoint), GatewayClient(gateway.endpoint)
        govt.login("govt")
        farc.login("farc")
        table = govt.CreateTable(gw.CreateTableRequest(game="andean_abyss", seats=2, join=True,
                                                       options={"non_players": "none"}))
        farc.JoinTable(gw.JoinTableRequest(invite_code=table.invite_code))
        tid = table.table_id
        # what each faction holds (the table's seed decides: a Propaganda card drawn first is
        # conducted at once, AA-R-12, and pays the Government its Earnings)
        have = codec.decode(stored_game_state(redis, tid).data, AAState).resources
        # seat 0: Government and AUC; seat 1: FARC and Cartels (AA 1.5)
        view = govt.GetView(gw.GetViewRequest(table_id=tid))
        gives = {d.id: d for d in view.decisions if d.kind == "aa.give_resources"}
        serial = next(iter(gives)).split(".")[0][1:]
        assert set(gives) == {f"t{serial}.0", f"t{serial}.2"}
        d = gives[f"t{serial}.0"]
        assert d.optional and not d.HasField("amount") and d.seat == 0
        assert [o.id for o in d.options][:2] == ["give:farc:1", "give:farc:2"]
        assert len(d.options) == 2 * have[0]  # FARC and Cartels, 1..the Government's
        o = next(o for o in d.options if o.id == "give:cartels:7")
        assert o.label == "Give 7 Resources to the Cartels"
        assert dict(o.args) == {"action": "give", "faction": "cartels", "amount": "7"}
        # the other seat sees its own offers, not these
        theirs = farc.GetView(gw.GetViewRequest(table_id=tid)).decisions
        assert {x.id for x in theirs if x.kind == "aa.give_resources"} == \
            {f"t{serial}.1", f"t{serial}.3"}
        done = govt.Act(gw.ActRequest(table_id=tid, choice=pb.Choice(
            decision_id=d.id, option_id="give:cartels:7")))
        (ev,) = [e.event for e in done.events if e.event.kind == "aa.transfer"]
        assert ev.kind == "aa.transfer" and ev.text == "The Government give 7 Resources to " \
            "the Cartels."
        got = min(99, have[3] + 7) - have[3]  # AA 1.7: the track stops at 99
        assert json_format.MessageToDict(ev.data) == {"from": "govt", "to": "cartels",
                                                      "amount": 7, "received": got}
        assert {p.id for p in done.pending if p.kind == "aa.give_resources"} == \
            {f"t{int(serial) + 1}.{g}" for g in range(4)}
        st = codec.decode(stored_game_state(redis, tid).data, AAState)
        assert st.resources[0] == have[0] - 7 and st.resources[3] == have[3] + got
        log = [json.loads(e) for e in redis.lrange(f"t:{{{tid}}}:log", 0, -1)]
        assert log[-1]["decision_id"] == d.id and log[-1]["option_id"] == "give:cartels:7"
        govt.close()
        farc.close()
