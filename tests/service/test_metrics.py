"""Prometheus metrics of a rules service process and of the gateway (DESIGN §4)."""

from __future__ import annotations

import time
import urllib.request

import grpc
import pytest
from tablero.v1 import gateway_pb2 as gw

from deploy.processes import free_port, start_gateway, start_rules, target
from tests.support import GatewayClient


def scrape(port: int) -> str:
    deadline = time.time() + 10
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2) as r:
                return r.read().decode()
        except OSError:
            if time.time() > deadline:
                raise
            time.sleep(0.1)


def test_rules_and_gateway_count_their_rpcs(platform, log_dir):
    rules_metrics, gw_metrics = free_port(), free_port()
    rules = start_rules("tests.duel", "duel", log_dir=log_dir,
                        args=["--metrics-port", str(rules_metrics)])
    gateway = start_gateway(platform.redis_url, {"duel": target([rules])}, log_dir=log_dir,
                            env={"GATEWAY_METRICS_PORT": str(gw_metrics)})
    try:
        c = GatewayClient(gateway.endpoint)
        c.login("meter")
        c.CreateTable(gw.CreateTableRequest(game="duel", seats=2, bot_seats=[1], join=True))
        with pytest.raises(grpc.RpcError):  # a body that does not parse is counted too
            c.channel.unary_unary("/tablero.v1.Gateway/GetView")(b"\xff\xff", timeout=10)
        c.close()
        r = scrape(rules_metrics)
        assert 'tablero_rules_rpc_total{code="OK",game="duel",method="Setup"} 1.0' in r
        assert 'tablero_rules_rpc_seconds_count{game="duel",method="Describe"}' in r
        g = scrape(gw_metrics)
        assert 'tablero_gateway_rpc_total{code="OK",method="CreateTable"} 1.0' in g
        assert 'tablero_gateway_rpc_total{code="OK",method="Login"} 1.0' in g
        assert 'tablero_gateway_rpc_total{code="INVALID_ARGUMENT",method="GetView"} 1.0' in g
    finally:
        gateway.stop()
        rules.stop()
