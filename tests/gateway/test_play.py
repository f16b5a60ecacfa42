"""A whole game through the gateway by real clients (DESIGN §2, §3)."""

from __future__ import annotations

import random

from tablero.v1 import gateway_pb2 as gw

from ..support import play_to_end, stored_game_state, struct_view


def test_private_table_played_to_the_end_by_two_clients(new_client, redis):
    ann, bob = new_client("ann"), new_client("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True))
    assert info.status == gw.TABLE_STATUS_OPEN and info.your_seat == 0 and info.invite_code
    joined = bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    assert joined.your_seat == 1 and joined.status == gw.TABLE_STATUS_PLAYING
    tid = info.table_id
    play_to_end([ann, bob], tid, random.Random(1))
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
    va = ann.GetView(gw.GetViewRequest(table_id=info.table_id))
    vb = bob.GetView(gw.GetViewRequest(table_id=info.table_id))
    a, b = struct_view(va), struct_view(vb)
    assert len(a["hand"]) == 3 and len(b["hand"]) == 3
    assert not set(a["hand"]) & set(b["hand"])
    # On the wire: the bytes of one seat's hand never appear in the other's view.
    hand_bytes = {s: v.fields["hand"].SerializeToString() for s, v in ((0, _struct(va)),
                                                                      (1, _struct(vb)))}
    assert hand_bytes[1] not in va.SerializeToString()
    assert hand_bytes[0] not in vb.SerializeToString()
    spectator = new_client("sam").GetView(gw.GetViewRequest(table_id=info.table_id))
    assert "hand" not in struct_view(spectator) and not spectator.decisions


def _struct(sv):
    from google.protobuf import struct_pb2

    s = struct_pb2.Struct()
    sv.view.Unpack(s)
    return s


def test_suggest_offers_one_of_the_callers_options_and_changes_nothing(new_client, redis):
    import grpc
    import pytest

    ann, bob = new_client("ann"), new_client("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True))
    bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    tid = info.table_id
    view = ann.GetView(gw.GetViewRequest(table_id=tid))
    d = view.decisions[0]
    hint = ann.Suggest(gw.SuggestRequest(table_id=tid))
    assert hint.decision_id == d.id and d.amount.min <= hint.amount <= d.amount.max
    assert ann.Suggest(gw.SuggestRequest(table_id=tid, decision_id=d.id)) == hint
    assert int(redis.hget(f"t:{{{tid}}}:meta", "version")) == view.version
    with pytest.raises(grpc.RpcError) as e:  # not bob's decision
        bob.Suggest(gw.SuggestRequest(table_id=tid, decision_id=d.id))
    assert e.value.code() == grpc.StatusCode.PERMISSION_DENIED
    with pytest.raises(grpc.RpcError) as e:
        ann.Suggest(gw.SuggestRequest(table_id=tid, policy="genius"))
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_bots_draw_on_a_secret_bot_seed_of_their_own_never_the_game_seed(platform, new_client,
                                                                         redis):
    """DESIGN §2: Suggest (a player's hint and the bots in empty seats) decides from the
    seat's view and the table's bot seed, so its answers tell nothing about the seed
    that orders the deck."""
    import grpc
    from tablero.v1 import common_pb2 as pb
    from tablero.v1 import rules_pb2 as rp
    from tablero.v1 import rules_pb2_grpc


    ann, bob = new_client("ann"), new_client("bob")
    info = ann.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True))
    bob.JoinTable(gw.JoinTableRequest(invite_code=info.invite_code))
    tid = info.table_id
    meta = redis.hgetall(f"t:{{{tid}}}:meta")
    seed, bot_seed = int(meta[b"seed"]), int(meta[b"bot_seed"])
    assert bot_seed != seed
    state = stored_game_state(redis, tid)
    hint = ann.Suggest(gw.SuggestRequest(table_id=tid, policy="random"))
    with grpc.insecure_channel(platform.rules[0].endpoint) as ch:
        rules = rules_pb2_grpc.RulesStub(ch)

        def asked(s: int) -> pb.Choice:
            return rules.Suggest(rp.RulesSuggestRequest(state=state, seat=0, policy="random",
                                                        bot_seed=s))

        assert asked(bot_seed) == hint
        answers = {asked(s).amount for s in range(40)}
    assert len(answers) > 1  # the bot seed, not anything fixed, picks among the options
