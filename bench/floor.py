"""The bare floor of one Act: a gRPC echo hop that pays the same I/O as the gateway's Act.

`python -m bench.floor --redis URL --rules TARGET` serves `/bench.Floor/Act`
(raw bytes, no protobuf work). Each call does, against the same Redis, the
round trips of gateway/tables.py `act` with an idempotency key:

  1. a pipeline: EVALSHA of a small session script   (auth.lua)
                 + HGETALL meta + GET state + HGET     (the table and idempotency record)
  2. a gRPC call to `python -m bench.floor --echo`     (the rules-service hop)
  3. EVALSHA of a small commit script                 (commit.lua, which also ZADDs
                                                       the deadline index)

and none of the gateway's logic. `--echo` serves `/bench.Floor/Echo`, which
returns its request: the rules service's process hop without the rules.
"""

from __future__ import annotations

import argparse
from typing import Any

import grpc
from redis.asyncio import Redis

from services.runtime import loop
from services.runtime.signals import until_stopped

AUTH = "return redis.call('HMGET', KEYS[1], 'pid', 'name')"
COMMIT = ("redis.call('SET', KEYS[2], ARGV[1]) "
          "redis.call('ZADD', KEYS[3], 0, KEYS[1]) "
          "return redis.call('HINCRBY', KEYS[1], 'version', 1)")
ACT = "/bench.Floor/Act"
ECHO = "/bench.Floor/Echo"


def meta_key(tid: str) -> str:
    return f"f:{{{tid}}}:meta"


def state_key(tid: str) -> str:
    return f"f:{{{tid}}}:state"


def session_key(token: str) -> str:
    return f"f:{{{token}}}:s"


class Floor:
    def __init__(self, redis: Redis, rules: Any) -> None:
        self.redis = redis
        self.auth = redis.register_script(AUTH)
        self.commit = redis.register_script(COMMIT)
        self.echo = rules.unary_unary(ECHO)

    async def load_scripts(self) -> None:
        self.auth.sha = await self.redis.script_load(AUTH)

    async def act(self, req: bytes, ctx: Any) -> bytes:
        """Request: 32-char table id, 32-char session token, then the payload."""
        tid, token = req[:32].decode(), req[32:64].decode()
        pipe = self.redis.pipeline(transaction=False)
        pipe.evalsha(self.auth.sha, 1, session_key(token))
        pipe.hgetall(meta_key(tid))
        pipe.get(state_key(tid))
        pipe.hget(f"f:{{{tid}}}:idem", "0:k")
        _, _, state, _ = await pipe.execute()
        new_state = await self.echo(state or b"")
        await self.commit(keys=[meta_key(tid), state_key(tid), "f:deadlines"], args=[new_state])
        return new_state  # type: ignore[no-any-return]


async def echo(req: bytes, ctx: Any) -> bytes:
    return req


async def serve(args: argparse.Namespace) -> None:
    server = grpc.aio.server(options=[("grpc.so_reuseport", 0)])
    handlers: dict[str, Any]
    closers: list[Any] = []
    if args.echo:
        handlers = {"Echo": grpc.unary_unary_rpc_method_handler(echo)}
    else:
        redis = Redis.from_url(args.redis, max_connections=10_000)
        channel = grpc.aio.insecure_channel(args.rules,
                                            options=[("grpc.lb_policy_name", "round_robin")])
        front = Floor(redis, channel)
        await front.load_scripts()
        handlers = {"Act": grpc.unary_unary_rpc_method_handler(front.act)}
        closers = [channel.close, redis.aclose]
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler("bench.Floor",
                                                                         handlers)])
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    print(f"floor 127.0.0.1:{port}", flush=True)
    await until_stopped()
    await server.stop(1)
    for close in closers:
        await close()


def main() -> None:
    p = argparse.ArgumentParser(description="The bench's I/O floor for one Act")
    p.add_argument("--echo", action="store_true", help="serve the echo (rules stand-in)")
    p.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    p.add_argument("--rules", default="", help="target of the --echo servers (round_robin)")
    loop.run(serve(p.parse_args()))


if __name__ == "__main__":
    main()
