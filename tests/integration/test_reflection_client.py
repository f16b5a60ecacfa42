"""A third-party client from the wire alone (issue 11, decision 0007): the reflection-only
example plays every game the gateway serves to the end, unpacking each game's typed view
and reference with types fetched through the gateway's server reflection, and importing
nothing of the project (no generated code either)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from google.protobuf import descriptor_pool
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)
from tablero.v1 import gateway_pb2 as gw

from deploy.local import shipped_games
from deploy.processes import Proc, start_gateway, start_rules
from tests.support import GatewayClient

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "reflection_client.py"
PROJECT = ("tablero", "clients", "services", "gateway", "deploy", "tests", "examples")
GAMES = {**shipped_games(), "duel": "tests.duel"}

# Runs the example with the project and its generated code off the import path, then
# names any project module that was imported anyway.
ISOLATED = f"""
import runpy, sys
sys.path[:] = [p for p in sys.path if p not in ({str(ROOT)!r}, {str(ROOT / 'gen')!r}, '')]
sys.argv = [{str(EXAMPLE)!r}] + sys.argv[1:]
runpy.run_path({str(EXAMPLE)!r}, run_name="__main__")
leaked = sorted({{m.split(".")[0] for m in sys.modules}} & set({PROJECT!r}))
print("project modules imported:", leaked or "none")
"""


@pytest.fixture(scope="module")
def every_game(platform, log_dir) -> Iterator[tuple[Proc, dict[str, Proc]]]:
    """A gateway routing every shipped game and Duel, one rules service each."""
    rules = {g: start_rules(m, g, log_dir=log_dir) for g, m in GAMES.items()}
    # A Redis database of its own: the tables finished here are no other test's business.
    gateway = start_gateway(platform.redis_url.rsplit("/", 1)[0] + "/2",
                            {g: f"ipv4:{r.endpoint}" for g, r in rules.items()}, log_dir=log_dir)
    yield gateway, rules
    gateway.stop()
    for r in rules.values():
        r.stop()


def game_infos(endpoint: str) -> dict[str, object]:
    """Every listed game's GameInfo as DescribeGame gives it (ListGames leaves out the
    reference, decision 0007)."""
    c = GatewayClient(endpoint)
    c.login("describer")
    try:
        listed = c.ListGames(gw.ListGamesRequest()).games
        assert not any(g.HasField("reference") for g in listed)
        return {g.id: c.DescribeGame(gw.DescribeGameRequest(game=g.id)) for g in listed}
    finally:
        c.close()


def reflected_type(endpoint: str, name: str) -> str:
    """The full name of message `name` as the server's reflection describes it."""
    with grpc.insecure_channel(endpoint) as ch:
        pool = descriptor_pool.DescriptorPool(ProtoReflectionDescriptorDatabase(ch))
        return str(pool.FindMessageTypeByName(name).full_name)


def type_of(any_field) -> str:
    return any_field.type_url.rsplit("/", 1)[-1]


def test_every_rules_service_and_the_gateway_reflect_each_games_types(every_game):
    gateway, rules = every_game
    infos = game_infos(gateway.endpoint)
    assert set(infos) == set(GAMES)
    for game, info in infos.items():
        names = [info.view_type] + ([type_of(info.reference)] if info.HasField("reference")
                                    else [])
        for name in names:
            assert reflected_type(rules[game].endpoint, name) == name
            assert reflected_type(gateway.endpoint, name) == name
    # The shipped games publish a typed reference; ListGames leaves it to DescribeGame.
    for game in shipped_games():
        assert type_of(infos[game].reference) == infos[game].view_type.replace("View",
                                                                               "Reference")


def test_a_reflection_only_client_plays_every_game_to_the_end(every_game, tmp_path):
    gateway, _ = every_game
    out = subprocess.run([sys.executable, "-I", "-c", ISOLATED, "--gateway", gateway.endpoint,
                          "--seed", "3"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    text = out.stdout
    assert text.rstrip().endswith("project modules imported: none")
    listed = re.search(r"^games: (.*)$", text, re.M)
    assert listed and set(listed.group(1).split(", ")) == set(GAMES)
    infos = game_infos(gateway.endpoint)
    views = re.findall(r"^view: (\S+) \((.+)\)$", text, re.M)
    finished = re.findall(r"^game over after (\d+) choices of mine: (.*)$", text, re.M)
    assert [v for v, _ in views] == [infos[g].view_type for g in sorted(GAMES)]
    assert len(finished) == len(GAMES) and all(int(n) > 0 for n, _ in finished)
    for (view, fields), game in zip(views, sorted(GAMES)):
        assert fields.split(", ")  # the unpacked view has fields set
        if game in shipped_games():
            assert re.search(rf"^reference: {view.replace('View', 'Reference')} \(", text, re.M)
    # The results name the players: the client at seat 0, bots elsewhere.
    assert len(re.findall(r"^  rank \d+: reflector \(seat 0\), score", text, re.M)) == len(GAMES)
    # Commit markers carry no text, so no empty log line was printed.
    assert not re.search(r"^  v\d+ $", text, re.M)
