"""The bare floor of one Act: a gRPC echo hop that pays the same I/O as the gateway's Act.

`python -m bench.floor --redis URL --rules TARGET` serves `/bench.Floor/Act`
(raw bytes, no protobuf work). Each call does, against the same Redis, the
round trips of gateway/tables.py `act` with an idempotency key:

  1. EVALSHA of a small session script            (auth.lua in the interceptor)
  2. a pipeline HGETALL meta + GET state          (Tables.load)
  3. HGET on the idempotency hash                 (the idempotency check)
  4. a gRPC call to `python -m bench.floor --echo` (the rules-service hop)
  5. EVALSHA of a small commit script             (commit.lua)
  6. ZADD of the clock index                      (_after_commit)

and none of the gateway's logic. `--echo` serves `/bench.Floor/Echo`, which
returns its request: the rules service's process hop without the rules.
"""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

import grpc
from redis.asyncio import Redis

from services.runtime.signals import until_stopped

AUTH = "return redis.call('HMGET', KEYS[1], 'pid', 'name')"
COMMIT = ("redis.call('SET', KEYS[2], ARGV[1]) "
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

    async def act(self, req: bytes, ctx: Any) -> bytes:
        """Request: 32-char table id, 32-char session token, then the payload."""
        tid, token = req[:32].decode(), req[32:64].decode()
        await self.auth(keys=[session_key(token)])
        pipe = self.redis.pipeline(transaction=False)
        pipe.hgetall(meta_key(tid))
        pipe.get(state_key(tid))
        _, state = await pipe.execute()
        await self.redis.hget(f"f:{{{tid}}}:idem", "0:k")
        new_state = await self.echo(state or b"")
        await self.commit(keys=[meta_key(tid), state_key(tid)], args=[new_state])
        await self.redis.zadd("f:deadlines", {tid: 0})
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
        channel = grpc.aio.insecure_channel(args.rules)
        handlers = {"Act": grpc.unary_unary_rpc_method_handler(Floor(redis, channel).act)}
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
    p.add_argument("--rules", default="", help="target of the --echo server")
    asyncio.run(serve(p.parse_args()))


if __name__ == "__main__":
    main()
