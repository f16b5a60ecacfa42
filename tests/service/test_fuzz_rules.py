"""Fuzz every RPC of every real game's Rules service (issue 9): raw random bytes, mutations
of valid requests and of valid states, boundary values field by field. Whatever arrives,
the answer is never INTERNAL or UNKNOWN and the process never dies. Games are discovered
(services/<game>/__main__.py), so a game added later is fuzzed too."""

from __future__ import annotations

import importlib
import random
import zlib
from collections import Counter
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from tablero.v1 import common_pb2 as pb
from tablero.v1 import rules_pb2 as rp

from deploy.local import shipped_games
from deploy.processes import Proc, start_rules
from services.kernel import engine

from ..fuzzing import Body, bodies, mutate

N = 25  # bodies of each kind per RPC (times TABLERO_FUZZ_SCALE)
FORBIDDEN = {grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN}
GAMES = sorted(g for g in shipped_games() if g != "duel")
RULES = rp.DESCRIPTOR.services_by_name["Rules"]


@pytest.fixture(scope="module", params=GAMES)
def served(request, log_dir) -> Iterator[tuple[str, Proc]]:
    proc = start_rules(f"services.{request.param}", request.param, log_dir=log_dir)
    yield request.param, proc
    proc.stop()


def states(game_id: str, steps: int = 30) -> list[engine.Step]:
    """Set-up and a few states of a seeded game played by the random bot."""
    game = importlib.import_module(f"services.{game_id}").GAME
    step = engine.setup(game, game.min_seats, {}, 7)
    out = [step]
    for _ in range(steps):
        if step.outcome is not None:
            break
        d = step.waiting()[0]
        step = engine.act(game, step.state, d.seat, engine.suggest(game, step.state, d.seat,
                                                                    d.id, bot_seed=1))
        out.append(step)
    return out


def state_pb(game: Any, data: bytes) -> pb.GameState:
    return pb.GameState(game=game.id, format_version=game.format_version,
                        rules_version=game.rules_version, data=data)


def bases(game_id: str) -> dict[str, list[Any]]:
    game = importlib.import_module(f"services.{game_id}").GAME
    out: dict[str, list[Any]] = {"Describe": [rp.RulesDescribeRequest()],
                                 "Setup": [rp.RulesSetupRequest(seats=game.min_seats, seed=3)],
                                 "Act": [], "View": [], "Suggest": [], "PlayBots": []}
    for step in states(game_id)[::6]:
        st = state_pb(game, step.state)
        d = step.waiting()[0]
        choice = (pb.Choice(decision_id=d.id, amount=d.amount.min) if d.amount is not None
                  else pb.Choice(decision_id=d.id, option_id=d.options[-1].id))
        out["Act"].append(rp.RulesActRequest(state=st, seat=d.seat, choice=choice))
        out["View"].append(rp.RulesViewRequest(state=st, seat=d.seat))
        out["Suggest"].append(rp.RulesSuggestRequest(state=st, seat=d.seat, decision_id=d.id,
                                                     policy="random", bot_seed=5))
        others = [s for s in range(game.min_seats) if s != d.seat]
        out["PlayBots"].append(rp.RulesPlayBotsRequest(
            state=st, bot_seats=others, policy="random", bot_seed=5, max_steps=5,
            first_decision_id=d.id))
    return out


def state_mutations(req: Any, rng: random.Random, n: int) -> Iterator[Body]:
    """The request with its state's bytes mutated: decodable-but-wrong states included."""
    for i in range(n):
        m = type(req)()
        m.CopyFrom(req)
        m.state.data = mutate(req.state.data, rng)
        yield Body(m.SerializeToString(), f"state mutation #{i}")


def test_no_request_breaks_a_rules_service(served) -> None:
    game_id, proc = served
    seen: Counter[str] = Counter()
    with grpc.insecure_channel(proc.endpoint) as ch:
        for m in RULES.methods:
            call = ch.unary_unary(f"/tablero.v1.Rules/{m.name}")
            for k, base in enumerate(bases(game_id)[m.name]):
                seed = zlib.crc32(f"{game_id}:{m.name}:{k}".encode())
                fuzz = list(bodies(base, seed, N // 2 if k else N))
                if "state" in base.DESCRIPTOR.fields_by_name:
                    fuzz += state_mutations(base, random.Random(seed), N)
                for body in fuzz:
                    try:
                        call(body.data, timeout=30)
                        seen["OK"] += 1
                    except grpc.RpcError as e:
                        seen[e.code().name] += 1
                        assert e.code() not in FORBIDDEN, (game_id, m.name, body.how,
                                                           e.details())
    assert proc.alive()
    print(f"\nrules fuzz {game_id}: {sum(seen.values())} requests {dict(sorted(seen.items()))}")
    assert seen["INVALID_ARGUMENT"] > 0 and seen["OK"] > 0
