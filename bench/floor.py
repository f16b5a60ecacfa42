"""The bare floor of one Act: a gRPC echo hop that pays the same I/O as the gateway's Act.

`python -m bench.floor --redis URL --rules TARGET` serves `/bench.Floor/Act`
(raw bytes, no protobuf work). Each call does, against the same Redis, the
round trips of gateway/tables.py `act` with an idempotency key:

  1. a pipeline: EVALSHA of a small session script   (auth.lua)
                 + HGETALL meta + GET state + HGET     (the table and idempotency record)
  2. a gRPC call to `python -m bench.floor --echo`     (the rules-service hop)
  3. EVALSHA of a small commit script                 (commit.lua, which also ZADDs
                                                       the deadline index)

on the gateway's own Redis client (gateway/resp.py), and none of the gateway's
logic. `--echo` serves `/bench.Floor/Echo`, which returns its request: the
rules service's process hop without the rules.
"""

from __future__ import annotations

import argparse
from typing import Any

import grpc

from gateway import resp
from services.runtime import loop
from services.runtime.signals import stop_requested

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
    """The Act's Redis trips on the gateway's own Redis client (gateway/resp.py)."""

    def __init__(self, redis: resp.Client, rules: Any) -> None:
        self.redis = redis
        self.echo = rules.unary_unary(ECHO)
        self.auth_sha = self.commit_sha = ""

    async def load_scripts(self) -> None:
        self.auth_sha = await self.redis.call("SCRIPT", "LOAD", AUTH)
        self.commit_sha = await self.redis.call("SCRIPT", "LOAD", COMMIT)

    async def act(self, req: bytes, ctx: Any) -> bytes:
        """Request: 32-char table id, 32-char session token, then the payload."""
        tid, token = req[:32].decode(), req[32:64].decode()
        _, _, state, _ = await self.redis.execute([
            ["EVALSHA", self.auth_sha, 1, session_key(token)],
            ["HGETALL", meta_key(tid)],
            ["GET", state_key(tid)],
            ["HGET", f"f:{{{tid}}}:idem", "0:k"]])
        new_state = await self.echo(state or b"")
        await self.redis.execute([["EVALSHA", self.commit_sha, 3, meta_key(tid), state_key(tid),
                                   "f:deadlines", new_state]])
        return new_state  # type: ignore[no-any-return]


async def echo(req: bytes, ctx: Any) -> bytes:
    return req


async def serve(args: argparse.Namespace) -> None:
    stop = stop_requested()
    server = grpc.aio.server(options=[("grpc.so_reuseport", 0)])
    handlers: dict[str, Any]
    closers: list[Any] = []
    if args.echo:
        handlers = {"Echo": grpc.unary_unary_rpc_method_handler(echo)}
    else:
        redis = resp.Client(args.redis)
        channel = grpc.aio.insecure_channel(args.rules,
                                            options=[("grpc.lb_policy_name", "round_robin")])
        front = Floor(redis, channel)
        await front.load_scripts()
        handlers = {"Act": grpc.unary_unary_rpc_method_handler(front.act)}
        closers = [channel.close, redis.close]
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler("bench.Floor",
                                                                         handlers)])
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    print(f"floor 127.0.0.1:{port}", flush=True)
    await stop.wait()
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
