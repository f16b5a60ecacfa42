"""The gateway as deploy/k8s runs it: TLS on its public port (certificates from files, a
Kubernetes Secret there) and a Redis that requires a password (REDIS_PASSWORD), used by
both of its Redis clients. `make run` stays plaintext on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw
from tablero.v1 import gateway_pb2_grpc

from deploy.processes import Proc, start_gateway, start_redis, target

from ..conftest import FAST_ENV

TLS = Path(__file__).resolve().parent.parent / "deploy" / "tls"
PASSWORD = "s3cret-redis-password"


@pytest.fixture(scope="module")
def locked_redis() -> Iterator[Proc]:
    proc = start_redis(password=PASSWORD)
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def tls_gateway(locked_redis, duel_replicas, log_dir) -> Iterator[Proc]:
    proc = start_gateway(f"redis://{locked_redis.endpoint}/0", {"duel": target(duel_replicas)},
                         log_dir=log_dir,
                         env={**FAST_ENV, "REDIS_PASSWORD": PASSWORD,
                              "GATEWAY_TLS_CERT": str(TLS / "test-cert.pem"),
                              "GATEWAY_TLS_KEY": str(TLS / "test-key.pem")})
    yield proc
    proc.stop()


def secure_stub(endpoint: str) -> tuple[grpc.Channel, gateway_pb2_grpc.GatewayStub]:
    creds = grpc.ssl_channel_credentials((TLS / "test-cert.pem").read_bytes())
    ch = grpc.secure_channel(endpoint.replace("127.0.0.1", "localhost"), creds)
    return ch, gateway_pb2_grpc.GatewayStub(ch)


def test_a_game_is_played_over_tls_on_a_password_protected_redis(tls_gateway):
    ch, stub = secure_stub(tls_gateway.endpoint)
    with ch:
        login = stub.Login(gw.LoginRequest(guest_name="tls"), timeout=10)
        md = [("authorization", f"Bearer {login.token}")]
        info = stub.CreateTable(gw.CreateTableRequest(game="duel", seats=2, join=True,
                                                      bot_seats=[1]), metadata=md, timeout=10)
        d = stub.GetView(gw.GetViewRequest(table_id=info.table_id), metadata=md).decisions[0]
        resp = stub.Act(gw.ActRequest(table_id=info.table_id,  # the lean client's path
                                      choice=pb.Choice(decision_id=d.id, amount=1)),
                        metadata=md, timeout=10)
    assert resp.version == 1


def test_plaintext_is_refused_on_a_tls_port(tls_gateway):
    with grpc.insecure_channel(tls_gateway.endpoint) as ch:
        stub = gateway_pb2_grpc.GatewayStub(ch)
        with pytest.raises(grpc.RpcError) as e:
            stub.Login(gw.LoginRequest(guest_name="plain"), timeout=5)
    assert e.value.code() == grpc.StatusCode.UNAVAILABLE


def test_without_the_password_the_gateway_does_not_start(locked_redis, duel_replicas, log_dir):
    with pytest.raises(RuntimeError, match="before starting"):
        start_gateway(f"redis://{locked_redis.endpoint}/0", {"duel": target(duel_replicas)},
                      log_dir=log_dir, env=FAST_ENV)
