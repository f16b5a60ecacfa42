"""Full random games through a game's rules service over gRPC (the service in its own
process, as deployed): prints games/s and choices/s; asserts nothing.

    python -m bench.rules_service GAME [games] [seats] [concurrency]

Each choice is two RPCs, as a client without game knowledge plays: Suggest with the
"random" policy (uniform among the options offered to that seat) and Act with it. Games
run `concurrency` at a time so the service, not the client, is the limit.
"""

from __future__ import annotations

import asyncio
import random
import sys
import time

import grpc
from tablero.v1 import common_pb2 as pb
from tablero.v1 import rules_pb2, rules_pb2_grpc

from deploy.local import shipped_games
from deploy.processes import start_rules


async def one_game(stub: rules_pb2_grpc.RulesStub, seats: int, seed: int) -> int:
    t: pb.Transition = await stub.Setup(rules_pb2.RulesSetupRequest(seats=seats, seed=seed))
    r = random.Random(seed)
    choices = 0
    while not t.outcome.finished:
        waiting = [p for p in t.pending if not p.optional]
        p = r.choice(waiting)
        choice = await stub.Suggest(rules_pb2.RulesSuggestRequest(
            state=t.state, seat=p.seat, decision_id=p.id, policy="random"))
        t = await stub.Act(rules_pb2.RulesActRequest(state=t.state, seat=p.seat,
                                                     choice=choice))
        choices += 1
    return choices


async def run(endpoint: str, games: int, seats: int, concurrency: int) -> tuple[float, int]:
    async with grpc.aio.insecure_channel(endpoint, options=[
            ("grpc.max_receive_message_length", 16 << 20)]) as ch:
        stub = rules_pb2_grpc.RulesStub(ch)
        seeds = iter(range(games))
        total = 0

        async def worker() -> None:
            nonlocal total
            for seed in seeds:
                n = await one_game(stub, seats, seed)  # not `total += await`: that would
                total += n                             # add to a value read before the await

        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return time.perf_counter() - start, total


def measure(game: str, games: int = 10, seats: int = 4, concurrency: int = 4) -> str:
    proc = start_rules(shipped_games()[game], game)
    try:
        elapsed, choices = asyncio.run(run(proc.endpoint, games, seats, concurrency))
    finally:
        proc.stop()
    return (f"{game} through its rules service over gRPC ({games} random {seats}-player "
            f"games, {concurrency} at a time): {games / elapsed:.2f} games/s, "
            f"{choices / elapsed:.0f} choices/s ({choices / games:.0f} choices/game)")


if __name__ == "__main__":
    a = sys.argv[1:]
    if not a:
        raise SystemExit(__doc__)
    print(measure(a[0], *(int(x) for x in a[1:])))
